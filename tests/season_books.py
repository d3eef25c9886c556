"""Event workbooks for the season tests (docs/rules.md §10): Settings and one VP-only round of given tables."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from helpers import write_workbook

VP_HEADERS = ["Table", "Player", "VP", "Declared"]


def season_event(
    path: Path,
    name: str,
    when: date | None,
    tables: list[list[tuple[str, int]]],
    extra: dict[str, Any] | None = None,
    sheets: dict[str, list[list[Any]]] | None = None,
) -> Path:
    """An event workbook: Settings (Tournament, Date, …) and one VP-only round; `sheets` adds more (a Final)."""
    settings: list[list[Any]] = [["Tournament", name]] + ([["Date", when]] if when else [])
    settings += [[k, v] for k, v in (extra or {}).items()]
    rows: list[list[Any]] = [VP_HEADERS] + [
        [t, p, vp, ""] for t, table in enumerate(tables, start=1) for p, vp in table
    ]
    return write_workbook(path, {"Settings": settings, "Round 1": rows, **(sheets or {})})
