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
