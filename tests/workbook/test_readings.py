"""One reading of each cell (docs/rules.md §1-§3, §5, §8): every form a cell arrives in from a workbook, fed to each
reading, cell by cell and a whole column at a time, against what the rules make of it worked out by hand."""

from __future__ import annotations

import datetime as dt
from typing import Any, NamedTuple

import pandas as pd
import pytest

from sheet_scorer.workbook import cells
from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell


class Read(NamedTuple):
    """What each reading makes of one cell."""

    blank: bool
    name: str  # as written, cleaned
    key: str  # the player's identity
    folded: str  # case, accents and spacing ignored
    bye: bool
    whole: int | None
    table: int | None
    flag: bool | None
    shown: str


DOUBLE_SPACED = "  Łukasz   Żółć\u200b "  # double spaces, accents, a zero-width space
NFD = "Zoe\u0308  Nowak"  # ë written as e + combining diaeresis

FORMS: list[tuple[Any, Read]] = [
    (None, Read(True, "", "", "", False, None, None, None, "")),
    ("", Read(True, "", "", "", False, None, None, False, "")),
    ("  ", Read(True, "", "", "", False, None, None, False, "  ")),
    (1, Read(False, "1", "1", "1", False, 1, 1, True, "1")),
    (1.0, Read(False, "1.0", "1.0", "1.0", False, 1, 1, True, "1")),
    ("1", Read(False, "1", "1", "1", False, 1, 1, True, "1")),
    (" 1 ", Read(False, "1", "1", "1", False, 1, 1, True, " 1 ")),
    ("1.0", Read(False, "1.0", "1.0", "1.0", False, 1, 1, None, "1.0")),
    (2.5, Read(False, "2.5", "2.5", "2.5", False, None, None, None, "2.5")),
    (0, Read(False, "0", "0", "0", False, 0, None, False, "0")),
    (-2, Read(False, "-2", "-2", "-2", False, -2, None, None, "-2")),
    (True, Read(False, "True", "True", "true", False, None, None, True, "TRUE")),
    (False, Read(False, "False", "False", "false", False, None, None, False, "FALSE")),
    ("x", Read(False, "x", "x", "x", False, None, None, True, "x")),
    ("X", Read(False, "X", "X", "x", False, None, None, True, "X")),
    ("tak", Read(False, "tak", "tak", "tak", False, None, None, True, "tak")),
    ("sim", Read(False, "sim", "sim", "sim", False, None, None, True, "sim")),
    ("oui", Read(False, "oui", "oui", "oui", False, None, None, True, "oui")),
    (" yes ", Read(False, "yes", "yes", "yes", False, None, None, True, " yes ")),
    ("nie", Read(False, "nie", "nie", "nie", False, None, None, False, "nie")),
    ("BYE", Read(False, "BYE", "BYE", "bye", True, None, None, None, "BYE")),
    (" Pauza ", Read(False, "Pauza", "Pauza", "pauza", True, None, None, None, " Pauza ")),
    (dt.datetime(2026, 4, 18), Read(False, "2026-04-18 00:00:00", "2026-04-18 00:00:00", "2026-04-18 00:00:00", False, None, None, None, "2026-04-18")),
    (dt.datetime(2026, 4, 18, 9, 30), Read(False, "2026-04-18 09:30:00", "2026-04-18 09:30:00", "2026-04-18 09:30:00", False, None, None, None, "2026-04-18 09:30")),
    (dt.date(2026, 4, 18), Read(False, "2026-04-18", "2026-04-18", "2026-04-18", False, None, None, None, "2026-04-18")),
    (ErrorCell("#N/A"), Read(False, "#N/A", "#N/A", "#n/a", False, None, None, None, "#N/A")),
    (FormulaCell("=A1+1"), Read(False, "=A1+1", "=A1+1", "=a1+1", False, None, None, None, "=A1+1")),
    (DOUBLE_SPACED, Read(False, "Łukasz Żółć", "Łukasz Żółć", "lukasz zolc", False, None, None, None, DOUBLE_SPACED)),
    (NFD, Read(False, "Zoe\u0308 Nowak", "Zoë Nowak", "zoe nowak", False, None, None, None, NFD)),
]  # fmt: skip

CELL_BY_CELL = {
    "blank": cells.is_blank,
    "name": cells.cell_name,
    "key": cells.name_key,
    "folded": cells.folded_name,
    "bye": cells.is_bye,
    "whole": cells.whole_number,
    "table": cells.table_number,
    "flag": cells.flag,
    "shown": cells.shown,
}


def _plain(value: Any) -> Any:
    """A column reading's value as a plain Python one: NA is None, numpy's bool and int are bool and int."""
    if pd.isna(value):
        return None
    return value.item() if hasattr(value, "item") else value


COLUMN_WISE = {
    "blank": cells.blank_cells,
    "bye": cells.bye_cells,
    "whole": cells.parse_int,
    "table": cells.table_numbers,
    "flag": cells.parse_flag,
}


@pytest.mark.parametrize(("value", "read"), FORMS, ids=[repr(v) for v, _ in FORMS])
@pytest.mark.parametrize("reading", list(CELL_BY_CELL))
def test_each_reading_of_each_cell_form_cell_by_cell(value: Any, read: Read, reading: str) -> None:
    found = CELL_BY_CELL[reading](value)
    expected = getattr(read, reading)
    assert found == expected and type(found) is type(expected)


@pytest.mark.parametrize("reading", list(COLUMN_WISE))
def test_each_column_wise_reading_agrees_with_the_hand_worked_reading_of_every_form(reading: str) -> None:
    column = pd.Series([v for v, _ in FORMS], dtype=object, index=range(7, 7 + len(FORMS)))
    found = [_plain(v) for v in COLUMN_WISE[reading](column)]
    assert found == [getattr(read, reading) for _, read in FORMS]


# Text that only looks like a number to one parser or the other: the cell and column forms must still agree.
EDGES = [
    "1_0",
    "١",
    "１",
    "nan",
    "inf",
    "-inf",
    "1e3",
    "+3",
    ".5",
    "5.",
    "0x1A",
    "-0",
    "001",
    "1e20",
    "3.0000000000000001",
]
EDGES += ["1 000", "∞", "Infinity", 10**20, 1e15, 1e15 - 1, -(1e15 - 1), float("nan"), 10**9, 10**9 - 1]


def test_whole_and_table_numbers_agree_cell_by_cell_and_column_wise_on_odd_text() -> None:
    column = pd.Series(EDGES, dtype=object)
    assert [_plain(v) for v in cells.parse_int(column)] == [cells.whole_number(v) for v in EDGES]
    assert [_plain(v) for v in cells.table_numbers(column)] == [cells.table_number(v) for v in EDGES]
    by_hand = dict(zip(EDGES, [cells.whole_number(v) for v in EDGES]))
    assert (by_hand["1e3"], by_hand["+3"], by_hand["001"], by_hand["-0"], by_hand["1_0"], by_hand["１"]) == (
        1000,
        3,
        1,
        0,
        None,
        None,
    )
    assert cells.table_number(10**9 - 1) == 10**9 - 1 and cells.table_number(10**9) is None


def test_a_missing_value_in_a_frame_reads_as_a_blank_cell_in_both_forms() -> None:
    """A frame's NaN/NA is no cell at all: blank, no name, no number, no mark."""
    missing = [float("nan"), pd.NA, None]
    assert cells.blank_cells(pd.Series(missing, dtype=object)).tolist() == [True, True, True]
    assert [cells.is_blank(v) for v in missing] == [True, True, True]
    assert [cells.name_key(v) for v in missing] == ["", "", ""]
    assert [(cells.whole_number(v), cells.flag(v)) for v in missing] == [(None, None)] * 3


def test_flag_words_of_every_language_mark_and_unmark() -> None:
    marked = ["x", "X", "✓", "✔", "yes", "Y", "true", "1", "tak", "sim", " oui ", 1, 1.0, True]
    unmarked = ["", "0", "no", "N", "false", "nie", "nao", "non", 0, 0.0, False]
    assert [cells.flag(v) for v in marked] == [True] * len(marked)
    assert [cells.flag(v) for v in unmarked] == [False] * len(unmarked)
    assert [cells.flag(v) for v in ["maybe", 2, ErrorCell("#REF!")]] == [None] * 3
    assert [cells.is_marked(v) for v in ["oui", None, "maybe", False]] == [True, False, False, False]


def test_the_seating_plan_sheet_reads_its_cells_as_the_rules_do() -> None:
    """The hidden plan sheet (docs/rules.md §6) edited by hand: a text round or table number is that number, a name
    is cleaned, a row whose round or table is not a number is left out (never a crash)."""
    from sheet_scorer.workbook.seating_plan import plan_of

    rows = [
        ["Round", "Table", "Seat", "Player"],
        [1, 1, 2, "Bea"],
        [" 1 ", "1", "1", "  Ala   Nowak "],
        [1.0, "BYE", None, "Cyd"],
        [1, "Table one", 3, "Dan"],  # no table number: left out
        [True, 1, 3, "Eve"],  # a TRUE round cell is no round number
        [2, 2.0, 1, "Fay"],
        [2, 2, 2, ""],  # no player
    ]
    assert plan_of(rows) == {1: ([["Ala Nowak", "Bea"]], ["Cyd"]), 2: ([["Fay"]], [])}
