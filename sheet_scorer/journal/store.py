"""The journal of reports from the tables: `EVENT.reports.sqlite` beside the workbook (docs/rules.md §11).

SQLite from the standard library, in WAL mode with `synchronous=FULL`: a report is on disk when `add_report`
returns, so nothing the server answered 200 for is lost, a `kill -9` included. The organiser key and the table
tokens are random (128 bits and more, `secrets`) and kept here, so links and slips survive a restart. Tokens are
compared in constant time (`hmac.compare_digest`). Nothing here knows the workbook; one connection, one lock.
"""

from __future__ import annotations

import hmac
import json
import secrets
import sqlite3
import threading
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

#: Bytes of randomness in the organiser key and in each table's token (192 bits; at least 128 are asked).
TOKEN_BYTES = 24
SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS tokens (
    token TEXT PRIMARY KEY, sheet TEXT NOT NULL, tbl INTEGER NOT NULL, created TEXT NOT NULL, UNIQUE (sheet, tbl));
CREATE TABLE IF NOT EXISTS reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT, sheet TEXT NOT NULL, tbl INTEGER NOT NULL, received TEXT NOT NULL,
    rows TEXT NOT NULL, rejected TEXT);
CREATE INDEX IF NOT EXISTS reports_table ON reports (sheet, tbl, id);
"""


def journal_path(workbook: Path) -> Path:
    """`klub.xlsx` (and its scored copy `klub.scored.xlsx`) -> `klub.reports.sqlite` beside it: one journal an event."""
    return workbook.with_name(f"{workbook.stem.removesuffix('.scored')}.reports.sqlite")


@dataclass(frozen=True)
class Report:
    """One report as kept: its number, its table (round sheet, table number), when, its rows, and whether rejected."""

    id: int
    sheet: str
    table: int
    received: str
    rows: list[dict[str, Any]]
    rejected: str | None = None


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds")


def same(given: str, kept: str) -> bool:
    """Whether `given` is `kept`, in time that does not depend on where they differ."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"), kept.encode("utf-8"))


class Journal:
    """The journal file opened: reports added and read by any thread (one connection, one lock)."""

    def __init__(self, path: Path, readonly: bool = False) -> None:
        self.path = Path(path)
        if readonly:
            self._db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
        else:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def organiser_key(self) -> str:
        """The desk's key: made once, on the first start, and the same on every start after."""
        with self._lock:
            found = self._db.execute("SELECT value FROM meta WHERE name = 'organiser_key'").fetchone()
            if found:
                return str(found[0])
            key = secrets.token_urlsafe(TOKEN_BYTES)
            self._db.execute("INSERT INTO meta (name, value) VALUES ('organiser_key', ?)", (key,))
            return key

    def tokens(self, sheet: str, tables: list[int]) -> dict[int, str]:
        """Each table's token in round `sheet` (made for the tables that have none yet), table -> token."""
        with self._lock:
            kept = dict(self._db.execute("SELECT tbl, token FROM tokens WHERE sheet = ?", (sheet,)).fetchall())
            new = [(secrets.token_urlsafe(TOKEN_BYTES), sheet, t, _now()) for t in tables if t not in kept]
            if new:
                self._db.executemany("INSERT INTO tokens (token, sheet, tbl, created) VALUES (?, ?, ?, ?)", new)
                kept.update({t: token for token, _, t, _ in new})
        return {t: kept[t] for t in tables}

    def add_report(self, sheet: str, table: int, rows: list[dict[str, Any]]) -> int:
        """Keep one report (durably: committed, WAL with synchronous=FULL) and give its number."""
        body = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO reports (sheet, tbl, received, rows) VALUES (?, ?, ?, ?)", (sheet, table, _now(), body)
            )
            return int(cursor.lastrowid or 0)

    def reject(self, report: int) -> bool:
        """Mark report `report` rejected (its table's earlier report counts again); False when there is no such one."""
        with self._lock:
            cursor = self._db.execute(
                "UPDATE reports SET rejected = ? WHERE id = ? AND rejected IS NULL", (_now(), report)
            )
            return cursor.rowcount > 0

    def reports(self) -> list[Report]:
        """Every report, oldest first."""
        with self._lock:
            found = self._db.execute(
                "SELECT id, sheet, tbl, received, rows, rejected FROM reports ORDER BY id"
            ).fetchall()
        return [Report(int(i), s, int(t), r, json.loads(rows), rej) for i, s, t, r, rows, rej in found]


def latest(reports: list[Report]) -> dict[tuple[str, int], Report]:
    """(sheet, table) -> the report that counts for it: its latest one not rejected (a second report replaces the first)."""
    counted: dict[tuple[str, int], Report] = {}
    for report in reports:
        if report.rejected is None:
            counted[(report.sheet, report.table)] = report
    return counted


def table_of(given: str, tokens: dict[int, str]) -> int | None:
    """The table whose token `given` is, every token compared in constant time (no early exit), else None."""
    found = None
    for table, token in tokens.items():
        if same(given, token):
            found = table
    return found
