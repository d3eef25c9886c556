"""The sheets the tool adds to a scored workbook (Standings, Problems), found by name and by their header. The rule
that an organiser's sheet of that name is never overwritten is the api's (`api.policy.added_sheet_clash`)."""

from __future__ import annotations

from sheet_scorer.i18n.vocab import (
    PROBLEMS_HEADERS,
    PROBLEMS_SHEET_NAMES,
    STANDINGS_HEADERS,
    STANDINGS_SHEET_NAMES,
    fold,
)

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
