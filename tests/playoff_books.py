"""Small events for the playoff tests (docs/rules.md §6): a VP-only qualifying event and a judge's typing of results."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl

VP_HEADERS = ["Table", "Player", "VP", "Declared"]


def fill(path: Path, name: str, results: dict[str, tuple[Any, str]]) -> None:
    """Type each player's VP and Declared mark into the sheet `playoffs` added, as a judge would."""
    book = openpyxl.load_workbook(path)
    sheet = book[name]
    header = [c.value for c in sheet[1]]
    for row in sheet.iter_rows(min_row=2):
        vp, declared = results[row[header.index("Player")].value]
        row[header.index("VP")].value = vp
        row[header.index("Declared")].value = declared
    book.save(path)


# A small event for Playoff Size 4 and ranking by wins: 8 players, 2 rounds, 2 tables each.
#   Round 1: table 1 Ala 12, Ewa 9, Franek 5, Czesia 2; table 2 Basia 10, Gosia 8, Henio 4, Dorota 3
#   Round 2: table 1 Czesia 10, Ewa 9, Ala 6, Franek 3; table 2 Dorota 11, Basia 9, Gosia 5, Henio 2
# Round points: Basia 5+3=8, Ala 5+2=7, then at 6: Ewa (3+3, VP 18), Dorota (1+5, 14), Czesia (1+5, 12).
# Wins: Ala, Basia, Czesia, Dorota one each, by VP: Basia 19, Ala 18, Dorota 14, Czesia 12; Ewa none.
def small_event(settings: list[list[Any]]) -> dict[str, list[list[Any]]]:
    return {
        "Settings": settings,
        "Round 1": [
            VP_HEADERS,
            [1, "Ala", 12, ""],
            [1, "Ewa", 9, ""],
            [1, "Franek", 5, ""],
            [1, "Czesia", 2, ""],
            [2, "Basia", 10, ""],
            [2, "Gosia", 8, ""],
            [2, "Henio", 4, ""],
            [2, "Dorota", 3, ""],
        ],
        "Round 2": [
            VP_HEADERS,
            [1, "Czesia", 10, ""],
            [1, "Ewa", 9, ""],
            [1, "Ala", 6, ""],
            [1, "Franek", 3, ""],
            [2, "Dorota", 11, ""],
            [2, "Basia", 9, ""],
            [2, "Gosia", 5, ""],
            [2, "Henio", 2, ""],
        ],
    }
