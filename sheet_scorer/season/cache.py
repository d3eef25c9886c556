"""What each event gave the season, kept between runs (docs/rules.md §10): a second `season` over the same files reads
none of them again.

One small JSON file per event in the user's cache folder (`$XDG_CACHE_HOME/sheet-scorer/season` on Linux,
`~/Library/Caches/sheet-scorer/season` on macOS, `%LOCALAPPDATA%\\sheet-scorer\\Cache\\season` on Windows), named by
the hash of the file's bytes and of this tool's version: a changed file, or another version of the tool, is read
again. `SHEET_SCORER_CACHE` names another folder, or `off` keeps nothing. Only events read without a failure are kept.
An entry that cannot be read or makes no sense is ignored (the event is read again), and a cache that cannot be
written is simply not written: the cache never stops a season.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import tempfile
from datetime import date, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from sheet_scorer.season.model import EventSummary

ENVIRONMENT = "SHEET_SCORER_CACHE"
#: The entries' layout: a change here makes every older entry a miss.
LAYOUT = 1


def cache_folder() -> Path | None:
    """Where the season's entries are kept; None when `SHEET_SCORER_CACHE=off`."""
    chosen = os.environ.get(ENVIRONMENT)
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "sheet-scorer" / "Cache"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches" / "sheet-scorer"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sheet-scorer"
    return base / "season"


@functools.cache
def tool_version() -> str:
    """The installed sheet-scorer's version ('source' for a checkout run without installing it); looked up once."""
    try:
        return metadata.version("sheet_scorer")
    except metadata.PackageNotFoundError:
        return "source"


def entry_key(content: bytes) -> str:
    """The name of an event's entry: its bytes and the tool's version, hashed."""
    digest = hashlib.sha256(f"sheet-scorer {tool_version()} season {LAYOUT}\0".encode())
    digest.update(content)
    return digest.hexdigest()


def load(folder: Path, key: str, path: Path) -> EventSummary | None:
    """The summary kept under `key`, for the event now at `path`; None when there is none or it cannot be used."""
    try:
        kept = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
        return EventSummary(
            path,
            kept["name"] if kept["named"] else path.stem,
            _date(kept["date"]),
            _text_or_none(kept["lang"]),
            tuple(_text(p) for p in kept["ranking"]),
            _flag(kept["final"]),
            _count(kept["errors"]),
            _count(kept["warnings"]),
        )
    except (OSError, ValueError, TypeError, KeyError, AttributeError):  # missing, damaged, or not one of ours
        return None


def store(folder: Path, key: str, summary: EventSummary, named: bool) -> None:
    """Keep a readable event's summary under `key` (`named`: its name is its Tournament, not its file name); written
    whole or not at all (a temporary file renamed), so a season stopped half-way leaves no half entry."""
    if not summary.readable:
        return
    entry = {
        "name": summary.name,
        "named": named,
        "date": _date_entry(summary.date),
        "lang": summary.lang,
        "ranking": list(summary.ranking),
        "final": summary.final,
        "errors": summary.errors,
        "warnings": summary.warnings,
    }
    part: Path | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, suffix=".part", delete=False) as file:
            part = Path(file.name)
            json.dump(entry, file, ensure_ascii=False)
        os.replace(part, folder / f"{key}.json")
    except OSError:  # a read-only or full disk: the season goes on without keeping this one
        if part is not None:
            part.unlink(missing_ok=True)


def cached(path: Path, folder: Path | None) -> tuple[str | None, EventSummary | None]:
    """The key of the event at `path` and what is kept under it (None, None: no cache, or the file unreadable: it is
    read as usual and reports why)."""
    if folder is None:
        return None, None
    try:
        key = entry_key(path.read_bytes())
    except OSError:
        return None, None
    return key, load(folder, key, path)


def _date_entry(value: date | str | None) -> list[Any]:
    """A Settings date as [kind, text]: a date, a date and time, text as written, or none."""
    if isinstance(value, datetime):
        return ["datetime", value.isoformat()]
    if isinstance(value, date):
        return ["date", value.isoformat()]
    return ["text", value] if isinstance(value, str) else ["none", None]


def _date(entry: list[Any]) -> date | str | None:
    kind, value = entry
    if kind == "datetime":
        return datetime.fromisoformat(value)
    if kind == "date":
        return date.fromisoformat(value)
    if kind == "text":
        return _text(value)
    if kind == "none":
        return None
    raise ValueError(kind)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _text_or_none(value: Any) -> str | None:
    return None if value is None else _text(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(value)
    return value


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise TypeError(value)
    return value
