"""Seating reads a round sheet's cells as the rules read them (docs/rules.md §1, §6): one reading of a blank, a
bye, a table number, a whole number, a flag and a name, whatever form the cell holds."""

from __future__ import annotations

import itertools
from typing import Any

import pandas as pd
import pytest

from sheet_scorer.model import RoundSheet
from sheet_scorer.rules.cells import blank_cells, bye_cells, parse_flag, parse_int, table_numbers
from sheet_scorer.seating.event import seated_round
from sheet_scorer.seating.planner import SeatingProblem, plan
from sheet_scorer.workbook.cells import folded, name_key
from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell

# Every form a cell arrives in from a workbook, and what each reading makes of it (by hand, from docs/rules.md).
# columns: value, blank, bye, whole number, table number, flag
FORMS: list[tuple[Any, bool, bool, int | None, int | None, bool | None]] = [
    (1, False, False, 1, 1, True),
    (1.0, False, False, 1, 1, True),
    ("1", False, False, 1, 1, True),
    (" 1 ", False, False, 1, 1, True),
    (3, False, False, 3, 3, None),
    ("3.0", False, False, 3, 3, None),
    (2.5, False, False, None, None, None),
    (0, False, False, 0, None, False),
    (-2, False, False, -2, None, None),
    (None, True, False, None, None, None),
    ("", True, False, None, None, False),  # an empty flag cell is unmarked (a round sheet's raw empty cell is '')
    ("   ", True, False, None, None, False),
    ("BYE", False, True, None, None, None),
    (" pauza ", False, True, None, None, None),
    ("Exempt", False, True, None, None, None),
    ("x", False, False, None, None, True),
    ("no", False, False, None, None, False),
    (True, False, False, None, None, True),
    ("Table 1", False, False, None, None, None),
    (ErrorCell("#N/A"), False, False, None, None, None),
    (FormulaCell("=A1"), False, False, None, None, None),
]


def _column(values: list[Any]) -> pd.Series:
    return pd.Series(values, dtype=object)


@pytest.mark.parametrize(("value", "blank", "bye", "whole", "table", "flag"), FORMS)
def test_each_reading_of_each_cell_form(
    value: Any, blank: bool, bye: bool, whole: int | None, table: int | None, flag: bool | None
) -> None:
    column = _column([value])
    assert bool(blank_cells(column)[0]) is blank
    assert bool(bye_cells(column)[0]) is bye
    read = parse_int(column).iloc[0]
    assert (None if pd.isna(read) else int(read)) == whole
    number = table_numbers(column).iloc[0]
    assert (None if pd.isna(number) else int(number)) == table
    marked = parse_flag(column).iloc[0]
    assert (None if pd.isna(marked) else bool(marked)) is flag


@pytest.mark.parametrize("spelling", ["Zoë  Nowak", " Zoë Nowak ", "Zoe\u0308 Nowak", "Zoë\u200b Nowak"])
def test_a_name_is_one_player_however_spaced_or_composed(spelling: str) -> None:
    assert name_key(spelling) == "Zoë Nowak"
    assert folded(name_key(spelling)) == "zoe nowak"


def _sheet(rows: list[tuple[Any, Any, str]]) -> RoundSheet:
    """A round sheet as read: Table, Seat, Player cells exactly as given, Excel rows from 2."""
    raw = pd.DataFrame(rows, columns=["table", "seat", "player"], index=range(2, len(rows) + 2), dtype=object)
    return RoundSheet("Round 1", 1, 1, {"table": 1, "seat": 2, "player": 3}, {}, raw, 3)


def test_a_table_number_typed_as_text_is_the_same_table() -> None:
    forms = [1.0, "1", " 1 ", 1]
    read = seated_round(
        _sheet([(forms[i], i + 1, f"P{i}") for i in range(4)] + [(2, 1, "Q0"), ("2", 2, "Q1"), (2.0, 3, "Q2")])
    )
    assert read.tables == (("P0", "P1", "P2", "P3"), ("Q0", "Q1", "Q2"))


def test_a_seat_typed_as_text_orders_the_table_and_byes_in_any_language_are_byes() -> None:
    read = seated_round(_sheet([(1, "2", "B"), (1, 1.0, "A"), (1, " 3 ", "C"), ("Pauza", None, "D"), (None, None, "")]))
    assert read.tables == (("A", "B", "C"),)
    assert read.byes == ("D",)


def test_sixteen_players_with_tables_typed_both_ways_meet_nobody_again_next_round() -> None:
    players = [f"Player {i:02d}" for i in range(16)]
    rows = [
        (float(t + 1) if s % 2 else str(t + 1), s + 1, players[4 * t + s]) for t in range(4) for s in range(4)
    ]  # each table half numbers, half text: four tables of 4 to the rules
    history = seated_round(_sheet(rows))
    assert sorted(map(len, history.tables)) == [4, 4, 4, 4]
    met = {frozenset(p) for t in history.tables for p in itertools.combinations(t, 2)}
    nxt = plan(SeatingProblem(tuple(players), 1, history=(history,)))[0]
    again = [pair for t in nxt.tables for pair in itertools.combinations(t, 2) if frozenset(pair) in met]
    assert again == []  # 0 is possible (the affine plane's second parallel class); 3 when the history missed them
