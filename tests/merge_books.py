"""The event and the judges' copies the merge tests share (docs/rules.md §5): one round of two tables, by hand."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers import HEADERS, write_workbook

POLISH = [
    "Stół",
    "Gracz",
    "Osady",
    "Miasta",
    "Karty VP",
    "Rycerze",
    "Drogi",
    "Długość drogi",
    "Armia pierwsza",
    "Droga pierwsza",
    "Zgłoszone zwycięstwo",
]


# The full round, written by hand in HEADERS order: two tables, each a valid game (docs/rules.md §2).
# Table 1: Anna 2 settlements + 3 cities + Largest Army (3 knights) = 10 and declared; Ben 3+2 cities + Longest Road = 9.
# Table 2: Eva 2 settlements + 4 cities = 10 and declared; Gosia 3 + 2 cities + Longest Road (5) = 9.
ROUND = [
    [1, "Anna", 2, 3, 0, 3, 6, 4, None, None, "x"],
    [1, "Ben", 3, 2, 0, 1, 9, 6, None, None, None],
    [1, "Cara", 4, 1, 0, 2, 7, 3, None, None, None],
    [1, "Dan", 3, 0, 1, 0, 4, 2, None, None, None],
    [2, "Eva", 2, 4, 0, 0, 5, 3, None, None, "yes"],
    [2, "Filip", 4, 1, 2, 2, 6, 4, None, None, None],
    [2, "Gosia", 3, 2, 0, 1, 8, 5, None, None, None],
    [2, "Hugo", 2, 0, 0, 0, 2, 1, None, None, None],
]


NOTES = [["Venue", "Club house"], ["Judge", "Zofia"]]


def seated(rows: list[list[Any]]) -> list[list[Any]]:
    """The rows as the organiser sends them out: Table and Player filled, the game cells empty."""
    return [[r[0], r[1]] + [None] * (len(HEADERS) - 2) for r in rows]


def make_event(tmp_path: Path, rows: list[list[Any]] | None = None) -> Path:
    return write_workbook(tmp_path / "event.xlsx", {"Round 1": [HEADERS, *(rows or seated(ROUND))], "Notes": NOTES})


def judge_a(tmp_path: Path, name: str = "judge_a.xlsx") -> Path:
    """Table 1 filled, the sheet sorted by player descending, table 2's rows left empty."""
    rows = [*ROUND[:4][::-1], *seated(ROUND[4:])]
    return write_workbook(tmp_path / name, {"Round 1": [HEADERS, *rows], "Notes": NOTES})


def judge_b(tmp_path: Path) -> Path:
    """Table 2 filled, in Polish (sheet and headers), with a row inserted inside the table, an extra
    column of notes, and an extra sheet; table 1's rows left empty."""

    def polish(row: list[Any], note: str = "") -> list[Any]:
        return [*row, note]

    rows = [polish(r) for r in seated(ROUND[:4])]
    rows += [
        polish(ROUND[4]),
        polish(ROUND[5]),
        [None] * len(HEADERS) + ["Gosia came late"],
        polish(ROUND[6]),
        polish(ROUND[7], "checked"),
    ]
    return write_workbook(tmp_path / "judge_b.xlsx", {"Runda 1": [[*POLISH, "Uwagi"], *rows], "Scratch": [["a", 1]]})
