"""The sheets the tool adds to a scored workbook (Standings, Problems), found by name and by their header,
and the rule that an organiser's sheet of that name is never overwritten. Light: `check` asks here too."""

from __future__ import annotations

from pathlib import Path

from sheet_scorer.i18n.vocab import (
    PROBLEMS_HEADERS,
    PROBLEMS_SHEET_NAMES,
    STANDINGS_HEADERS,
    STANDINGS_SHEET_NAMES,
    fold,
)
from sheet_scorer.model import WorkbookError

ADDED_SHEETS = {
    "standings": (STANDINGS_SHEET_NAMES, frozenset(fold(h) for h in STANDINGS_HEADERS["rank"].values())),
    "problems": (PROBLEMS_SHEET_NAMES, frozenset(fold(h) for h in PROBLEMS_HEADERS["severity"].values())),
}


def own_sheets(first_cells: dict[str, str]) -> list[str]:
    """The sheets a previous run added (`first_cells`: A1 of each sheet named like one the tool adds, as read): named
    in any language, their A1 one of the tool's headers. An organiser's sheet of such a name is not one of them."""
    return [
        name
        for name, a1 in first_cells.items()
        if any(fold(name) in names and fold(a1) in headers for names, headers in ADDED_SHEETS.values())
    ]


def added_sheet_clash(path: Path, sheet_names: list[str], own: str | None, title: str) -> WorkbookError | None:
    """Why the tool cannot write its sheet `title` (None when it can): the organiser has a sheet of that name
    that is not the tool's own (`own`, from a previous run). Refused rather than written under another name:
    re-scoring finds its sheets by name, the Problems sheet's links and the report name them, and an
    organiser's sheet is never overwritten. `check` and `score` both ask here."""
    taken = [n for n in sheet_names if n.casefold() == title.casefold()]
    if own is None and taken:
        return WorkbookError(key="own_sheet_clash", path=path, sheet=taken[0], title=title)
    if own is not None and own.casefold() != title.casefold() and taken:
        return WorkbookError(key="two_sheets_clash", path=path, title=title)
    return None
