"""The rule catalogue of docs/rules.md §1–§3: for every rule at least one valid and one invalid case.

Every expected value here is worked out by hand from docs/rules.md. Workbooks are written with
tests/helpers.py and checked through the public API (`sheet_scorer.check_workbook`).

Round sheet layout used throughout (helpers.HEADERS, header on row 1, players from row 2):
    A Table | B Player | C Settlements | D Cities | E VP Cards | F Knights | G Roads |
    H Road Length | I Army First | J Road First | K Declared | (L VP when added)

The base table (rows 2..5):  VP = settlements + 2 x cities
    Anna   2 settlements, 4 cities -> 10 VP  (the only player at the target of 10)
    Bartek 3 settlements, 1 city   ->  5 VP
    Celina 4 settlements           ->  4 VP
    Darek  2 settlements           ->  2 VP
so places 1..4 and round points 5/3/2/1, no bonus (knights 0, road length 1), no problem at all.
"""

from __future__ import annotations

from datetime import date, datetime

import pandas as pd
import pytest
from helpers import HEADERS, check, check_among, check_sheets, player, round_sheet, write_workbook

R1 = "Round 1"


# ---------------------------------------------------------------- helpers


def where(p):
    """(code, sheet, cell) for a cell problem, (code, sheet, table) for a whole-table problem."""
    return (p.code, p.sheet, p.cell or p.table)


def errors(result):
    return {where(p) for p in result.problems if p.severity == "error"}


def warnings(result):
    return {where(p) for p in result.problems if p.severity == "warning"}


def _value(v):
    """A plain int/float, or None for a missing value (NA/NaN)."""
    if v is None or pd.isna(v):
        return None
    return round(float(v), 9) if isinstance(v, float) else int(v)


def outcome(result, sheet=R1):
    """player -> (vp, place, round points); None where the player got nothing."""
    frame = result.results[result.results["sheet"] == sheet]
    return {r.player: (_value(r.vp), _value(r.place), _value(r.round_points)) for r in frame.itertuples()}


def bonuses(result, sheet=R1):
    """player -> (army bonus, road bonus)."""
    frame = result.results[result.results["sheet"] == sheet]
    return {r.player: (_value(r.army_bonus), _value(r.road_bonus)) for r in frame.itertuples()}


def base(table=1, anna=None, bartek=None, celina=None, darek=None):
    """The base table with per-player overrides (dicts of player() keyword arguments)."""
    return [
        player(table, "Anna", **{"settlements": 2, "cities": 4, **(anna or {})}),
        player(table, "Bartek", **{"settlements": 3, "cities": 1, **(bartek or {})}),
        player(table, "Celina", **{"settlements": 4, **(celina or {})}),
        player(table, "Darek", **(darek or {})),
    ]


BASE_OUTCOME = {"Anna": (10, 1, 5.0), "Bartek": (5, 2, 3.0), "Celina": (4, 3, 2.0), "Darek": (2, 4, 1.0)}
UNSCORED = (None, None, None)
UNSCORED_BASE = {name: UNSCORED for name in BASE_OUTCOME}


def test_base_table_is_valid(tmp_path):
    result = check(tmp_path, *base())
    assert result.problems == []
    assert outcome(result) == BASE_OUTCOME
    assert list(result.results["row"]) == [2, 3, 4, 5]
    assert set(result.results["game"]) == {True}


# ================================================================ §1 cell values

# ---- numbers


NUMBERS_ACCEPTED = [3, 3.0, " 3 ", "3"]
NUMBERS_REJECTED = [
    (2.5, "not-whole-number"),
    ("2.5", "not-whole-number"),
    ("three", "not-a-number"),
    (date(2024, 3, 3), "date-value"),
    (datetime(2024, 3, 3, 12, 0), "date-value"),
    (None, "empty-cell"),
    ("", "empty-cell"),
    ("   ", "empty-cell"),
    ("#REF!", "error-value"),
    ("=1+2", "formula-no-value"),
]
# Each case's round sheet, all checked as one workbook (helpers.check_among), keyed by the value's repr.
NUMBER_BOOK = {
    repr(v): round_sheet(*base(bartek={"settlements": v}))
    for v in [*NUMBERS_ACCEPTED, *(v for v, _ in NUMBERS_REJECTED)]
}


@pytest.mark.parametrize("value", NUMBERS_ACCEPTED, ids=["int", "float-3.0", "text-spaces", "text"])
def test_number_cell_accepted(tmp_path_factory, value):
    result = check_among(tmp_path_factory, NUMBER_BOOK, repr(value))
    assert errors(result) == set()
    assert outcome(result)["Bartek"] == (5, 2, 3.0)


@pytest.mark.parametrize(
    ("value", "code"),
    NUMBERS_REJECTED,
    ids=["float-2.5", "text-2.5", "word", "date", "datetime", "none", "empty-text", "spaces", "ref-error", "formula"],
)
def test_number_cell_rejected(tmp_path_factory, value, code):
    result = check_among(tmp_path_factory, NUMBER_BOOK, repr(value))
    assert errors(result) == {(code, R1, "C3")}
    assert outcome(result) == UNSCORED_BASE  # the table has an error: nothing for anyone at it


@pytest.mark.parametrize(("value", "code"), [(0, "bad-table"), (1.5, "bad-table"), ("one", "bad-table")])
def test_table_number_must_be_whole_and_positive(tmp_path, value, code):
    rows = base()
    rows[0][0] = value
    result = check(tmp_path, *rows)
    assert (code, R1, "A2") in errors(result)


def test_completely_empty_row_is_skipped(tmp_path):
    rows = base()
    rows.insert(2, [None] * len(HEADERS))  # Excel row 4 is empty
    result = check(tmp_path, *rows)
    assert result.problems == []
    assert outcome(result) == BASE_OUTCOME
    assert list(result.results["row"]) == [2, 3, 5, 6]


# ---- flags
#
# Table for the flag tests: Anna 10 VP and Bartek 11 VP (3 settlements, 4 cities) both reach
# the target, so exactly one Declared flag is needed; Celina 4, Darek 2.


def declared_table(anna_flag, bartek_flag=""):
    return [
        player(1, "Anna", settlements=2, cities=4, declared=anna_flag),
        player(1, "Bartek", settlements=3, cities=4, declared=bartek_flag),
        player(1, "Celina", settlements=4),
        player(1, "Darek"),
    ]


MARKED = [
    "x",
    "X",
    "✓",
    "✔",
    "yes",
    "YES",
    "y",
    "Y",
    "true",
    "True",
    "1",
    1,
    True,
    "tak",
    "TAK",
    "sim",
    "Sim",
    "oui",
    "OUI",
]
UNMARKED = [None, "", "0", 0, "no", "NO", "n", "N", "false", "FALSE", False]
REJECTED_FLAGS = ["maybe", "2", 2, "xx", "-", "?"]
FLAG_COLUMNS = [("army_first", "I"), ("road_first", "J"), ("declared", "K")]
# Each case's round sheet, all checked as one workbook (helpers.check_among).
FLAG_BOOK = {
    **{("marked", repr(v)): round_sheet(*declared_table(v)) for v in MARKED},
    **{("unmarked", repr(v)): round_sheet(*declared_table(v, "x")) for v in UNMARKED},
    **{(f, repr(v)): round_sheet(*base(celina={f: v})) for v in REJECTED_FLAGS for f, _ in FLAG_COLUMNS},
}


@pytest.mark.parametrize("value", MARKED, ids=[repr(v) for v in MARKED])
def test_flag_marked(tmp_path_factory, value):
    """A marked Declared on Anna: she is placed first although Bartek has more VP."""
    result = check_among(tmp_path_factory, FLAG_BOOK, ("marked", repr(value)))
    assert errors(result) == set()
    assert outcome(result) == {
        "Anna": (10, 1, 5.0),
        "Bartek": (11, 2, 3.0),
        "Celina": (4, 3, 2.0),
        "Darek": (2, 4, 1.0),
    }


@pytest.mark.parametrize("value", UNMARKED, ids=[repr(v) for v in UNMARKED])
def test_flag_unmarked(tmp_path_factory, value):
    """Anna's flag is read as unmarked, Bartek's x as marked: one declarer, Bartek first."""
    result = check_among(tmp_path_factory, FLAG_BOOK, ("unmarked", repr(value)))
    assert errors(result) == set()
    assert outcome(result) == {
        "Anna": (10, 2, 3.0),
        "Bartek": (11, 1, 5.0),
        "Celina": (4, 3, 2.0),
        "Darek": (2, 4, 1.0),
    }


@pytest.mark.parametrize("value", REJECTED_FLAGS, ids=repr)
@pytest.mark.parametrize(("field", "column"), FLAG_COLUMNS)
def test_flag_rejected(tmp_path_factory, value, field, column):
    """Anything but a flag word is an error for that cell (here on Celina, row 4)."""
    result = check_among(tmp_path_factory, FLAG_BOOK, (field, repr(value)))
    assert errors(result) == {("bad-flag", R1, f"{column}4")}
    assert outcome(result) == UNSCORED_BASE


# ---- names


def test_names_are_trimmed_and_spaces_collapsed(tmp_path):
    rows = base()
    rows[0][1] = "  Anna   Maria "
    result = check(tmp_path, *rows, extra={"Players": [["Player"], ["Anna Maria"], ["Bartek"], ["Celina"], ["Darek"]]})
    assert result.problems == []
    assert outcome(result)["Anna Maria"] == (10, 1, 5.0)


# ---- VP-only sheets

VP_ONLY = ["Table", "Player", "VP"]
VP_ONLY_DECLARED = ["Table", "Player", "VP", "Declared"]


def test_vp_only_sheet_scored_from_entered_vp(tmp_path):
    result = check(tmp_path, [1, "Anna", 22], [1, "Bartek", 2], [1, "Celina", 9], [1, "Darek", 5], headers=VP_ONLY)
    assert errors(result) == set()
    assert outcome(result) == {"Anna": (22, 1, 5.0), "Bartek": (2, 4, 1.0), "Celina": (9, 2, 3.0), "Darek": (5, 3, 2.0)}


@pytest.mark.parametrize("vp", [2, 3, 9, 10, 21, 22])  # docs/rules.md §1: a player always keeps 2 VP
def test_vp_only_values_in_range(tmp_path, vp):
    # Anna's VP varies; the others stay below the target, so no Declared flag is ever needed.
    rows = [[1, "Anna", vp], [1, "Bartek", 3], [1, "Celina", 2], [1, "Darek", 2]]
    result = check(tmp_path, *rows, headers=VP_ONLY)
    assert errors(result) == set()
    assert outcome(result)["Anna"][0] == vp


VP_ONLY_REJECTED = [
    (23, "vp-range"),
    (1, "vp-range"),
    (0, "vp-range"),
    (-1, "vp-range"),
    (100, "vp-range"),
    (2.5, "not-whole-number"),
    ("ten", "not-a-number"),
    (None, "empty-cell"),
]
# Each case's round sheet, all checked as one workbook (helpers.check_among), keyed by Bartek's VP's repr. Anna
# declared, so that 23 or 100 VP (at the target too) needs no other flag.
VP_ONLY_BOOK = {
    repr(vp): round_sheet(
        [1, "Anna", 10, "x"], [1, "Bartek", vp, ""], [1, "Celina", 4, ""], [1, "Darek", 2, ""], headers=VP_ONLY_DECLARED
    )
    for vp, _ in VP_ONLY_REJECTED
}


@pytest.mark.parametrize(
    ("vp", "code"),
    VP_ONLY_REJECTED,
    ids=["23", "1", "0", "-1", "100", "2.5", "word", "empty"],
)
def test_vp_only_values_rejected(tmp_path_factory, vp, code):
    result = check_among(tmp_path_factory, VP_ONLY_BOOK, repr(vp))
    assert errors(result) == {(code, R1, "C3")}
    assert outcome(result) == UNSCORED_BASE


def test_vp_only_declared_rule_applies(tmp_path):
    rows = [[1, "Anna", 10, "x"], [1, "Bartek", 11, ""], [1, "Celina", 4, ""], [1, "Darek", 2, ""]]
    result = check(tmp_path, *rows, headers=VP_ONLY_DECLARED)
    assert errors(result) == set()
    assert outcome(result) == {
        "Anna": (10, 1, 5.0),
        "Bartek": (11, 2, 3.0),
        "Celina": (4, 3, 2.0),
        "Darek": (2, 4, 1.0),
    }


def test_vp_only_two_at_target_without_flag_is_an_error(tmp_path):
    """No Declared column to mark: the error names the missing column at the header row (A1)."""
    rows = [[1, "Anna", 10], [1, "Bartek", 11], [1, "Celina", 4], [1, "Darek", 2]]
    result = check(tmp_path, *rows, headers=VP_ONLY)
    assert errors(result) == {("flag-column-missing", R1, "A1")}
    assert outcome(result) == UNSCORED_BASE


def test_vp_only_no_component_checks(tmp_path):
    """Two players with 22 VP cannot both have Largest Army, but a VP-only sheet is not checked for that."""
    rows = [[1, "Anna", 22, "x"], [1, "Bartek", 22, ""], [1, "Celina", 4, ""], [1, "Darek", 2, ""]]
    result = check(tmp_path, *rows, headers=VP_ONLY_DECLARED)
    assert errors(result) == set()
    assert outcome(result)["Anna"] == (22, 1, 5.0)
    assert outcome(result)["Bartek"] == (22, 2, 3.0)


# ---- VP cross-check (components and a VP column)

WITH_VP = [*HEADERS, "VP"]  # VP in column L
VP_MATCHING = [(10, 5, 4, 2), (None, None, None, None), (10, None, 4, None), ("10", " 5 ", 4.0, 2)]
VP_MISMATCHES = [(1, 6, "L3"), (0, 9, "L2"), (3, 0, "L5"), (2, 22, "L4")]


def _with_vp(vps):
    return round_sheet(*([*row, vp] for row, vp in zip(base(), vps)), headers=WITH_VP)


# Each case's round sheet, all checked as one workbook (helpers.check_among), keyed by the VP column's repr.
WITH_VP_BOOK = {
    **{repr(entered): _with_vp(entered) for entered in VP_MATCHING},
    **{
        repr((i, vp)): _with_vp([vp if n == i else v for n, v in enumerate([10, 5, 4, 2])])
        for i, vp, _ in VP_MISMATCHES
    },
}


@pytest.mark.parametrize(
    "entered",
    VP_MATCHING,
    ids=["all-match", "all-empty-filled", "some-empty", "text-and-float"],
)
def test_vp_column_matching_or_empty_is_fine(tmp_path_factory, entered):
    result = check_among(tmp_path_factory, WITH_VP_BOOK, repr(entered))
    assert errors(result) == set()
    assert outcome(result) == BASE_OUTCOME


@pytest.mark.parametrize(("row_index", "entered", "cell"), VP_MISMATCHES)
def test_vp_column_mismatch_is_an_error_at_that_cell(tmp_path_factory, row_index, entered, cell):
    result = check_among(tmp_path_factory, WITH_VP_BOOK, repr((row_index, entered)))
    assert errors(result) == {("vp-mismatch", R1, cell)}
    assert outcome(result) == UNSCORED_BASE


# ================================================================ §2 game VP and its counts

# Each case: overrides of the base table, expected errors ((code, cell-or-table) pairs), and the
# expected (VP, army bonus, road bonus) of players whose score changes (valid cases only).
COUNT_VALID = {
    # settlements 0..5; at least 2 without a city
    "settlements-5": ({"bartek": {"settlements": 5, "cities": 0}}, {"Bartek": (5, 0, 0)}),
    "settlements-0-with-city": ({"bartek": {"settlements": 0, "cities": 3}}, {"Bartek": (6, 0, 0)}),
    "settlements-1-with-city": ({"bartek": {"settlements": 1, "cities": 1}}, {"Bartek": (3, 0, 0)}),
    "settlements-2-no-city": ({"celina": {"settlements": 2}}, {"Celina": (2, 0, 0)}),
    # cities 0..4
    "cities-4": ({"bartek": {"settlements": 0, "cities": 4}}, {"Bartek": (8, 0, 0)}),
    "cities-0": ({"bartek": {"settlements": 3, "cities": 0}}, {"Bartek": (3, 0, 0)}),
    # VP cards 0..5 per player, at most 5 at the table
    "vp-cards-5-one-player": ({"darek": {"vp_cards": 5}}, {"Darek": (7, 0, 0)}),
    "vp-cards-5-at-table": (
        {"bartek": {"vp_cards": 3}, "darek": {"vp_cards": 2}},
        {"Bartek": (8, 0, 0), "Darek": (4, 0, 0)},
    ),
    # knights: at most 14 at the table; Largest Army to the sole player with the most (>= 3)
    "knights-14-at-table": (
        {"anna": {"knights": 8}, "bartek": {"knights": 6}},
        {"Anna": (12, 2, 0), "Bartek": (5, 0, 0)},
    ),
    # roads 2..15; road length 0..roads
    "roads-2": ({"bartek": {"roads": 2, "road_length": 2}}, {"Bartek": (5, 0, 0)}),
    "roads-15": ({"bartek": {"roads": 15, "road_length": 15}}, {"Bartek": (7, 0, 2)}),
    "road-length-0": ({"bartek": {"roads": 4, "road_length": 0}}, {"Bartek": (5, 0, 0)}),
    "road-length-equals-roads": ({"bartek": {"roads": 5, "road_length": 5}}, {"Bartek": (7, 0, 2)}),
}
COUNT_INVALID = {
    "settlements-6": ({"bartek": {"settlements": 6, "cities": 0}}, {("settlements-range", "C3")}),
    "settlements-negative": ({"bartek": {"settlements": -1, "cities": 1}}, {("settlements-range", "C3")}),
    "settlements-1-no-city": ({"bartek": {"settlements": 1, "cities": 0}}, {("settlements-min", "C3")}),
    "settlements-0-no-city": ({"bartek": {"settlements": 0, "cities": 0}}, {("settlements-min", "C3")}),
    # 5 cities make Bartek 13 VP, at the target with Anna: Anna's Declared keeps that rule quiet
    "cities-5": ({"anna": {"declared": "x"}, "bartek": {"cities": 5}}, {("cities-range", "D3")}),
    "cities-negative": ({"bartek": {"cities": -1}}, {("cities-range", "D3")}),
    # a table total over the deck is told at each card count that adds to it (a 0 adds nothing)
    "vp-cards-table-6": (
        {"bartek": {"vp_cards": 3}, "darek": {"vp_cards": 3}},
        {("table-vp-cards", "E3"), ("table-vp-cards", "E5")},
    ),
    "vp-cards-table-split-6": (
        {"anna": {"vp_cards": 1}, "bartek": {"vp_cards": 2}, "celina": {"vp_cards": 2}, "darek": {"vp_cards": 1}},
        {("table-vp-cards", c) for c in ("E2", "E3", "E4", "E5")},
    ),
    "knights-table-15": (
        {"anna": {"knights": 8}, "bartek": {"knights": 7}},
        {("table-knights", "F2"), ("table-knights", "F3")},
    ),
    "roads-1": ({"bartek": {"roads": 1, "road_length": 1}}, {("roads-range", "G3")}),
    "roads-16": ({"bartek": {"roads": 16, "road_length": 3}}, {("roads-range", "G3")}),
    "road-length-over-roads": ({"bartek": {"roads": 4, "road_length": 5}}, {("road-length-range", "H3")}),
    "road-length-negative": ({"bartek": {"roads": 4, "road_length": -1}}, {("road-length-range", "H3")}),
}


# Each case's round sheet, all checked as one workbook (helpers.check_among), keyed by the case's name.
COUNT_BOOK = {name: round_sheet(*base(**case[0])) for name, case in {**COUNT_VALID, **COUNT_INVALID}.items()}


@pytest.mark.parametrize("name", COUNT_VALID)
def test_counts_valid(tmp_path_factory, name):
    changed = COUNT_VALID[name][1]
    result = check_among(tmp_path_factory, COUNT_BOOK, name)
    assert errors(result) == set()
    scores = {name: (vp, *bonuses(result)[name]) for name, (vp, _, _) in outcome(result).items()}
    for name, expected in changed.items():
        assert scores[name] == expected


@pytest.mark.parametrize("name", COUNT_INVALID)
def test_counts_invalid(tmp_path_factory, name):
    expected = COUNT_INVALID[name][1]
    result = check_among(tmp_path_factory, COUNT_BOOK, name)
    assert errors(result) == {(code, R1, at) for code, at in expected}
    assert outcome(result) == UNSCORED_BASE


def test_vp_cards_over_5_for_one_player(tmp_path):
    """6 VP cards for one player breaks the per-player range (and so the table total too)."""
    result = check(tmp_path, *base(darek={"vp_cards": 6}))
    assert ("vp-cards-range", R1, "E5") in errors(result)
    assert outcome(result) == UNSCORED_BASE


# ---- Largest Army / Longest Road
#
# (overrides, expected errors, expected (army, road) bonus per player). Anna 10 VP + bonuses,
# Bartek 5, Celina 4, Darek 2.
NOBODY = {"Anna": (0, 0), "Bartek": (0, 0), "Celina": (0, 0), "Darek": (0, 0)}
TITLE_VALID = {
    # Largest Army needs >= 3 knights
    "army-3-knights": ({"bartek": {"knights": 3}}, {**NOBODY, "Bartek": (2, 0)}),
    "army-2-knights-nobody": ({"bartek": {"knights": 2}, "celina": {"knights": 1}}, NOBODY),
    "army-most-knights": (
        {"anna": {"knights": 5}, "bartek": {"knights": 4}, "celina": {"knights": 3}},
        {**NOBODY, "Anna": (2, 0)},
    ),
    "army-most-eligible-over-ineligible": (
        {"anna": {"knights": 2}, "darek": {"knights": 3}},
        {**NOBODY, "Darek": (2, 0)},
    ),
    "army-tie-one-flag": (
        {"anna": {"knights": 4}, "bartek": {"knights": 4, "army_first": "x"}},
        {**NOBODY, "Bartek": (2, 0)},
    ),
    "army-three-tie-one-flag": (
        {"anna": {"knights": 3}, "bartek": {"knights": 3}, "celina": {"knights": 3, "army_first": "x"}},
        {**NOBODY, "Celina": (2, 0)},
    ),
    "army-flag-on-sole-leader": ({"anna": {"knights": 5, "army_first": "x"}}, {**NOBODY, "Anna": (2, 0)}),
    "army-ineligible-tie-no-flag": ({"anna": {"knights": 2}, "bartek": {"knights": 2}}, NOBODY),
    # Longest Road needs length >= 5
    "road-length-5": ({"bartek": {"roads": 5, "road_length": 5}}, {**NOBODY, "Bartek": (0, 2)}),
    "road-length-4-nobody": ({"bartek": {"roads": 9, "road_length": 4}}, NOBODY),
    "road-longest": (
        {"anna": {"roads": 8, "road_length": 7}, "bartek": {"roads": 9, "road_length": 8}},
        {**NOBODY, "Bartek": (0, 2)},
    ),
    "road-tie-one-flag": (
        {"anna": {"roads": 6, "road_length": 6, "road_first": "x"}, "bartek": {"roads": 7, "road_length": 6}},
        {**NOBODY, "Anna": (0, 2)},
    ),
    "road-flag-on-sole-leader": (
        {"celina": {"roads": 5, "road_length": 5, "road_first": "x"}},
        {**NOBODY, "Celina": (0, 2)},
    ),
    "road-ineligible-tie-no-flag": (
        {"anna": {"roads": 4, "road_length": 4}, "bartek": {"roads": 4, "road_length": 4}},
        NOBODY,
    ),
    "both-titles": (
        {"anna": {"knights": 3}, "darek": {"roads": 5, "road_length": 5}},
        {**NOBODY, "Anna": (2, 0), "Darek": (0, 2)},
    ),
    "both-titles-one-player": ({"darek": {"knights": 3, "roads": 5, "road_length": 5}}, {**NOBODY, "Darek": (2, 2)}),
}
TITLE_INVALID = {
    # a tie is told at the Army First / Road First cell of each player tied (where the mark goes, or is twice)
    "army-tie-unmarked": (
        {"anna": {"knights": 4}, "bartek": {"knights": 4}},
        {("army-tie-unmarked", "I2"), ("army-tie-unmarked", "I3")},
    ),
    "army-tie-both-marked": (
        {"anna": {"knights": 4, "army_first": "x"}, "bartek": {"knights": 4, "army_first": "x"}},
        {("army-tie-multiple", "I2"), ("army-tie-multiple", "I3")},
    ),
    "army-flag-not-leader": (
        {"anna": {"knights": 5}, "bartek": {"knights": 3, "army_first": "x"}},
        {("army-first-not-leader", "I3")},
    ),
    "army-flag-not-eligible": ({"anna": {"knights": 2, "army_first": "x"}}, {("army-first-not-leader", "I2")}),
    "army-flag-outside-tie": (
        {
            "anna": {"knights": 4},
            "bartek": {"knights": 4, "army_first": "x"},
            "celina": {"knights": 3, "army_first": "x"},
        },
        {("army-first-not-leader", "I4")},
    ),
    "road-tie-unmarked": (
        {"anna": {"roads": 6, "road_length": 6}, "bartek": {"roads": 6, "road_length": 6}},
        {("road-tie-unmarked", "J2"), ("road-tie-unmarked", "J3")},
    ),
    "road-tie-both-marked": (
        {
            "anna": {"roads": 6, "road_length": 6, "road_first": "x"},
            "bartek": {"roads": 6, "road_length": 6, "road_first": "x"},
        },
        {("road-tie-multiple", "J2"), ("road-tie-multiple", "J3")},
    ),
    "road-flag-not-leader": (
        {"anna": {"roads": 7, "road_length": 7}, "bartek": {"roads": 6, "road_length": 6, "road_first": "x"}},
        {("road-first-not-leader", "J3")},
    ),
    "road-flag-not-eligible": (
        {"darek": {"roads": 4, "road_length": 4, "road_first": "x"}},
        {("road-first-not-leader", "J5")},
    ),
}


# Each case's round sheet, all checked as one workbook (helpers.check_among), keyed by the case's name.
TITLE_BOOK = {name: round_sheet(*base(**case[0])) for name, case in {**TITLE_VALID, **TITLE_INVALID}.items()}


@pytest.mark.parametrize("name", TITLE_VALID)
def test_titles_valid(tmp_path_factory, name):
    expected = TITLE_VALID[name][1]
    result = check_among(tmp_path_factory, TITLE_BOOK, name)
    assert errors(result) == set()
    assert bonuses(result) == expected
    base_vp = {"Anna": 10, "Bartek": 5, "Celina": 4, "Darek": 2}
    vps = {name: vp for name, (vp, _, _) in outcome(result).items()}
    assert vps == {name: base_vp[name] + army + road for name, (army, road) in expected.items()}


@pytest.mark.parametrize("name", TITLE_INVALID)
def test_titles_invalid(tmp_path_factory, name):
    expected = TITLE_INVALID[name][1]
    result = check_among(tmp_path_factory, TITLE_BOOK, name)
    assert errors(result) == {(code, R1, at) for code, at in expected}
    assert outcome(result) == UNSCORED_BASE


def test_bonuses_can_decide_the_placing(tmp_path):
    """Darek 2 VP + Largest Army + Longest Road = 6 VP passes Bartek (5) and Celina (4)."""
    result = check(tmp_path, *base(darek={"knights": 3, "roads": 5, "road_length": 5}))
    assert errors(result) == set()
    assert outcome(result) == {"Anna": (10, 1, 5.0), "Darek": (6, 2, 3.0), "Bartek": (5, 3, 2.0), "Celina": (4, 4, 1.0)}


def test_maximum_game_is_22_vp(tmp_path):
    rows = base(anna={"settlements": 5, "cities": 4, "vp_cards": 5, "knights": 3, "roads": 5, "road_length": 5})
    result = check(tmp_path, *rows)
    assert errors(result) == set()
    assert outcome(result)["Anna"] == (22, 1, 5.0)
    assert bonuses(result)["Anna"] == (2, 2)


# ================================================================ §3 tables, placement, round points


def test_table_of_three(tmp_path):
    result = check(tmp_path, *base()[:3])
    assert errors(result) == set()
    assert outcome(result) == {"Anna": (10, 1, 5.0), "Bartek": (5, 2, 3.0), "Celina": (4, 3, 2.0)}


@pytest.mark.parametrize("size", [1, 2, 5, 6])
def test_table_size_wrong(tmp_path, size):
    names = ["Anna", "Bartek", "Celina", "Darek", "Ewa", "Filip"][:size]
    rows = [player(1, name, settlements=2, cities=4 if name == "Anna" else 0) for name in names]
    result = check(tmp_path, *rows)
    assert errors(result) == {("table-size", R1, f"A{row}") for row in range(2, size + 2)}  # each row's Table cell
    assert all(v == UNSCORED for v in outcome(result).values())


# ---- declared victory

DECLARED_VALID = {
    # Anna 10 declared, Bartek 11: Anna first although she has fewer VP
    "declarer-fewer-vp-first": (
        [(2, 4, "x"), (3, 4, ""), (4, 0, ""), (2, 0, "")],
        {"Anna": (10, 1, 5.0), "Bartek": (11, 2, 3.0), "Celina": (4, 3, 2.0), "Darek": (2, 4, 1.0)},
    ),
    # three at the target, the one with the fewest declared; the rest by VP
    "three-at-target": (
        [(2, 4, ""), (3, 4, ""), (4, 3, "x"), (2, 0, "")],
        {"Anna": (10, 3, 2.0), "Bartek": (11, 2, 3.0), "Celina": (10, 1, 5.0), "Darek": (2, 4, 1.0)},
    ),
    # the declarer is also the top VP: ordinary order
    "declarer-most-vp": (
        [(2, 4, ""), (3, 4, "x"), (4, 0, ""), (2, 0, "")],
        {"Anna": (10, 2, 3.0), "Bartek": (11, 1, 5.0), "Celina": (4, 3, 2.0), "Darek": (2, 4, 1.0)},
    ),
    # one at the target with a flag: harmless
    "one-at-target-flagged": ([(2, 4, "x"), (3, 1, ""), (4, 0, ""), (2, 0, "")], BASE_OUTCOME),
    # one at the target, no flag: fine
    "one-at-target-unflagged": ([(2, 4, ""), (3, 1, ""), (4, 0, ""), (2, 0, "")], BASE_OUTCOME),
    # declarer with 10 beats two others tied on 11, who share 2nd and 3rd: (3 + 2) / 2
    "declarer-then-tie": (
        [(2, 4, "x"), (3, 4, ""), (3, 4, ""), (2, 0, "")],
        {"Anna": (10, 1, 5.0), "Bartek": (11, 2, 2.5), "Celina": (11, 2, 2.5), "Darek": (2, 4, 1.0)},
    ),
    # declarer tied on VP with another at the target: the declarer is first
    "declarer-equal-vp": (
        [(2, 4, ""), (2, 4, "x"), (4, 0, ""), (2, 0, "")],
        {"Anna": (10, 2, 3.0), "Bartek": (10, 1, 5.0), "Celina": (4, 3, 2.0), "Darek": (2, 4, 1.0)},
    ),
}
DECLARED_INVALID = {
    "flag-below-target": ([(2, 4, ""), (3, 1, ""), (4, 0, "x"), (2, 0, "")], {("declared-below-target", "K4")}),
    "flag-below-target-9": ([(2, 4, ""), (1, 4, "x"), (4, 0, ""), (2, 0, "")], {("declared-below-target", "K3")}),
    # told at each Declared cell marked twice, or at the Declared cell of each player at the target
    "two-flags": (
        [(2, 4, "x"), (3, 4, "x"), (4, 0, ""), (2, 0, "")],
        {("declared-multiple", "K2"), ("declared-multiple", "K3")},
    ),
    "two-at-target-no-flag": (
        [(2, 4, ""), (3, 4, ""), (4, 0, ""), (2, 0, "")],
        {("declared-missing", "K2"), ("declared-missing", "K3")},
    ),
    "two-at-target-equal-no-flag": (
        [(2, 4, ""), (2, 4, ""), (4, 0, ""), (2, 0, "")],
        {("declared-missing", "K2"), ("declared-missing", "K3")},
    ),
}


def declared_rows(spec):
    names = ["Anna", "Bartek", "Celina", "Darek"]
    return [player(1, n, settlements=s, cities=c, declared=d) for n, (s, c, d) in zip(names, spec)]


# Each case's round sheet, all checked as one workbook (helpers.check_among), keyed by the case's name.
DECLARED_BOOK = {
    name: round_sheet(*declared_rows(case[0])) for name, case in {**DECLARED_VALID, **DECLARED_INVALID}.items()
}


@pytest.mark.parametrize("name", DECLARED_VALID)
def test_declared_valid(tmp_path_factory, name):
    expected = DECLARED_VALID[name][1]
    result = check_among(tmp_path_factory, DECLARED_BOOK, name)
    assert errors(result) == set()
    assert outcome(result) == expected


@pytest.mark.parametrize("name", DECLARED_INVALID)
def test_declared_invalid(tmp_path_factory, name):
    expected = DECLARED_INVALID[name][1]
    result = check_among(tmp_path_factory, DECLARED_BOOK, name)
    assert errors(result) == {(code, R1, at) for code, at in expected}
    assert outcome(result) == UNSCORED_BASE


def test_victory_target_setting_raises_the_bar(tmp_path):
    """Target 12: Anna's 10 is below it, so her Declared flag is an error."""
    rows = declared_rows([(2, 4, "x"), (3, 4, ""), (4, 0, ""), (2, 0, "")])
    result = check(tmp_path, *rows, extra={"Settings": [["Victory Target", 12]]})
    assert errors(result) == {("declared-below-target", R1, "K2")}


def test_victory_target_setting_lowers_the_bar(tmp_path):
    """Target 8: Anna 10 and Bartek 8 (2 settlements, 3 cities) both reach it, and nobody declared."""
    rows = declared_rows([(2, 4, ""), (2, 3, ""), (4, 0, ""), (2, 0, "")])
    result = check(tmp_path, *rows, extra={"Settings": [["Victory Target", 8]]})
    assert errors(result) == {("declared-missing", R1, "K2"), ("declared-missing", R1, "K3")}


def test_nobody_at_target_is_scored_with_a_warning(tmp_path):
    rows = declared_rows([(2, 3, ""), (3, 1, ""), (4, 0, ""), (2, 0, "")])  # 8, 5, 4, 2
    result = check(tmp_path, *rows)
    assert errors(result) == set()
    assert warnings(result) == {("no-target", R1, 1)}
    assert outcome(result) == {"Anna": (8, 1, 5.0), "Bartek": (5, 2, 3.0), "Celina": (4, 3, 2.0), "Darek": (2, 4, 1.0)}


# ---- ties

TIES = {
    # 4 players, two tied for 2nd: (3 + 2) / 2 = 2.5 each, both Place 2
    "4p-tie-2nd": ([(2, 4), (5, 0), (5, 0), (2, 0)], [(10, 1, 5.0), (5, 2, 2.5), (5, 2, 2.5), (2, 4, 1.0)]),
    # 4 players, two tied for 3rd: (2 + 1) / 2 = 1.5
    "4p-tie-3rd": ([(2, 4), (5, 0), (2, 0), (2, 0)], [(10, 1, 5.0), (5, 2, 3.0), (2, 3, 1.5), (2, 3, 1.5)]),
    # 4 players, two tied for 1st (below target): (5 + 3) / 2 = 4
    "4p-tie-1st": ([(3, 2), (3, 2), (4, 0), (2, 0)], [(7, 1, 4.0), (7, 1, 4.0), (4, 3, 2.0), (2, 4, 1.0)]),
    # 4 players, three tied for 2nd: (3 + 2 + 1) / 3 = 2
    "4p-three-tie-2nd": ([(2, 4), (4, 0), (4, 0), (4, 0)], [(10, 1, 5.0), (4, 2, 2.0), (4, 2, 2.0), (4, 2, 2.0)]),
    # 4 players, three tied for 1st: (5 + 3 + 2) / 3 = 10/3
    "4p-three-tie-1st": (
        [(4, 0), (4, 0), (4, 0), (2, 0)],
        [(4, 1, 10 / 3), (4, 1, 10 / 3), (4, 1, 10 / 3), (2, 4, 1.0)],
    ),
    # all four tied: 11 / 4 = 2.75
    "4p-all-tied": ([(4, 0), (4, 0), (4, 0), (4, 0)], [(4, 1, 2.75)] * 4),
    # two pairs: (5 + 3) / 2 = 4 and (2 + 1) / 2 = 1.5
    "4p-two-pairs": ([(3, 2), (3, 2), (2, 0), (2, 0)], [(7, 1, 4.0), (7, 1, 4.0), (2, 3, 1.5), (2, 3, 1.5)]),
    # 3 players, no tie: 5 / 3 / 2
    "3p-no-tie": ([(2, 4), (5, 0), (2, 0)], [(10, 1, 5.0), (5, 2, 3.0), (2, 3, 2.0)]),
    # 3 players, tie for 2nd: (3 + 2) / 2 = 2.5
    "3p-tie-2nd": ([(2, 4), (3, 0), (3, 0)], [(10, 1, 5.0), (3, 2, 2.5), (3, 2, 2.5)]),
    # 3 players, tie for 1st: (5 + 3) / 2 = 4
    "3p-tie-1st": ([(5, 0), (5, 0), (3, 0)], [(5, 1, 4.0), (5, 1, 4.0), (3, 3, 2.0)]),
    # 3 players, all tied: 10 / 3
    "3p-all-tied": ([(3, 0), (3, 0), (3, 0)], [(3, 1, 10 / 3)] * 3),
}


TIE_NAMES = ["Anna", "Bartek", "Celina", "Darek"]
# Each case's round sheet, all checked as one workbook (helpers.check_among), keyed by the case's name.
TIE_BOOK = {
    case: round_sheet(*(player(1, n, settlements=s, cities=c) for n, (s, c) in zip(TIE_NAMES, counts)))
    for case, (counts, _) in TIES.items()
}


@pytest.mark.parametrize("case", TIES)
def test_ties_share_places_and_split_points(tmp_path_factory, case):
    counts, expected = TIES[case]
    names = TIE_NAMES
    result = check_among(tmp_path_factory, TIE_BOOK, case)
    assert errors(result) == set()
    got = outcome(result)
    assert [got[n] for n in names[: len(counts)]] == [(vp, place, round(pts, 9)) for vp, place, pts in expected]
    total = 11.0 if len(counts) == 4 else 10.0
    assert sum(got[n][2] for n in names[: len(counts)]) == pytest.approx(total)


# ---- a table with an error; other tables scored


def second_table(table=2):
    return [
        player(table, "Ewa", settlements=3, cities=4),  # 11
        player(table, "Filip", settlements=2, cities=2),  # 6
        player(table, "Gosia", settlements=3),  # 3
    ]


def test_error_table_unscored_other_tables_scored(tmp_path):
    rows = [*base(bartek={"settlements": 6, "cities": 0}), *second_table()]
    result = check(tmp_path, *rows)
    assert errors(result) == {("settlements-range", R1, "C3")}
    assert result.has_errors  # the standings are provisional
    assert outcome(result) == {**UNSCORED_BASE, "Ewa": (11, 1, 5.0), "Filip": (6, 2, 3.0), "Gosia": (3, 3, 2.0)}


def test_two_valid_tables_scored_independently(tmp_path):
    result = check(tmp_path, *base(), *second_table())
    assert result.problems == []
    assert outcome(result) == {**BASE_OUTCOME, "Ewa": (11, 1, 5.0), "Filip": (6, 2, 3.0), "Gosia": (3, 3, 2.0)}


def test_table_level_error_leaves_other_table_scored(tmp_path):
    rows = [*second_table(1), *declared_rows([(2, 4, ""), (3, 4, ""), (4, 0, ""), (2, 0, "")])]
    for row in rows[3:]:
        row[0] = 2
    result = check(tmp_path, *rows)
    assert errors(result) == {("declared-missing", R1, "K5"), ("declared-missing", R1, "K6")}
    assert {p.table for p in result.problems} == {2}
    assert outcome(result) == {**UNSCORED_BASE, "Ewa": (11, 1, 5.0), "Filip": (6, 2, 3.0), "Gosia": (3, 3, 2.0)}


# ---- players


def test_player_once_per_round_valid_across_rounds(tmp_path):
    sheets = {R1: round_sheet(*base()), "Round 2": round_sheet(*base())}
    result = check_sheets(tmp_path, sheets)
    assert result.problems == []
    assert outcome(result, "Round 2") == BASE_OUTCOME


@pytest.mark.parametrize("spelling", ["Anna", " Anna ", "Anna  "], ids=["same", "padded", "trailing"])
def test_player_twice_in_a_round_is_an_error(tmp_path, spelling):
    rows = [*base(), *second_table()]
    rows[5][1] = spelling  # Filip's row (Excel row 7) becomes a second Anna
    result = check(tmp_path, *rows)
    assert errors(result) == {("duplicate-player", R1, "B2"), ("duplicate-player", R1, "B7")}
    assert all(v == UNSCORED for v in outcome(result).values())


PLAYERS = [["Player"], ["Anna"], ["Bartek"], ["Celina"], ["Darek"]]


def test_registered_players_are_fine(tmp_path):
    result = check(tmp_path, *base(), extra={"Players": PLAYERS})
    assert result.problems == []
    assert outcome(result) == BASE_OUTCOME


def test_unregistered_player_is_an_error(tmp_path):
    rows = [*base(), *second_table()]
    result = check(tmp_path, *rows, extra={"Players": [*PLAYERS, ["Ewa"], ["Gosia"]]})
    assert errors(result) == {("unregistered-player", R1, "B7")}  # Filip
    assert outcome(result) == {**BASE_OUTCOME, "Ewa": UNSCORED, "Filip": UNSCORED, "Gosia": UNSCORED}


def test_without_players_sheet_any_name_is_fine(tmp_path):
    result = check(tmp_path, *base(), *second_table())
    assert errors(result) == set()


@pytest.mark.parametrize(
    ("first", "second"), [("Łukasz", "Lukasz"), ("Anna", "anna"), ("José", "JOSE"), ("Zoë", "Zoe")]
)
def test_names_differing_by_case_or_accents_warn(tmp_path, first, second):
    round_1 = base()
    round_2 = base()
    round_1[0][1] = first
    round_2[0][1] = second
    sheets = {R1: round_sheet(*round_1), "Round 2": round_sheet(*round_2)}
    result = check_sheets(tmp_path, sheets)
    assert errors(result) == set()
    spelling = [p for p in result.problems if p.code == "name-spelling"]
    assert len(spelling) == 1
    assert spelling[0].severity == "warning"
    assert (spelling[0].sheet, spelling[0].cell) in {(R1, "B2"), ("Round 2", "B2")}
    # a warning does not stop the tables being scored
    assert outcome(result, R1)[first] == (10, 1, 5.0)
    assert outcome(result, "Round 2")[second] == (10, 1, 5.0)


def test_same_spelling_everywhere_no_warning(tmp_path):
    round_1 = base()
    round_1[0][1] = "Łukasz"
    sheets = {R1: round_sheet(*round_1), "Round 2": round_sheet(*round_1)}
    result = check_sheets(tmp_path, sheets)
    assert result.problems == []


# ================================================================ §1 sheets and headers


LOCAL_HEADERS = {
    "pl": [
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
    ],
    "pt": [
        "Mesa",
        "Jogador",
        "Aldeias",
        "Cidades",
        "Cartas VP",
        "Cavaleiros",
        "Estradas",
        "Comprimento da estrada",
        "Exército primeiro",
        "Estrada primeiro",
        "Vitória declarada",
    ],
    "fr": [
        "Table",
        "Joueur",
        "Colonies",
        "Villes",
        "Cartes VP",
        "Chevaliers",
        "Routes",
        "Longueur de route",
        "Armée en premier",
        "Route en premier",
        "Victoire déclarée",
    ],
    "en-aliases": [
        "Table",
        "Name",
        "Settlements",
        "Cities",
        "Dev VP",
        "Knights Played",
        "Roads Built",
        "Longest Road",
        "Army First",
        "Road First",
        "Declared Victory",
    ],
    "en-alias-vp-dev": [
        "Table",
        "Player",
        "Settlements",
        "Cities",
        "VP Dev Cards",
        "Knights",
        "Roads",
        "Road Length",
        "Army First",
        "Road First",
        "Declared",
    ],
    "folded": [
        "TABLE",
        " player ",
        "settlements",
        "CITIES",
        "vp-cards",
        "Knights.",
        "roads",
        "Road_Length",
        "army first",
        "ROAD FIRST",
        "declared!",
    ],
    "no-accents": [
        "Stol",
        "Gracz",
        "Osady",
        "Miasta",
        "Karty VP",
        "Rycerze",
        "Drogi",
        "Dlugosc drogi",
        "Armia pierwsza",
        "Droga pierwsza",
        "Zgloszone zwyciestwo",
    ],
}


@pytest.mark.parametrize("headers", LOCAL_HEADERS.values(), ids=LOCAL_HEADERS.keys())
def test_headers_localised_aliases_and_folded(tmp_path, headers):
    result = check(tmp_path, *declared_table("x"), headers=headers)
    assert result.problems == []
    assert outcome(result) == {
        "Anna": (10, 1, 5.0),
        "Bartek": (11, 2, 3.0),
        "Celina": (4, 3, 2.0),
        "Darek": (2, 4, 1.0),
    }


def test_header_row_below_a_title_and_columns_in_any_order(tmp_path):
    order = [10, 7, 1, 3, 0, 5, 2, 9, 4, 8, 6]  # a permutation of the HEADERS positions
    headers = [HEADERS[i] for i in order] + ["Notes"]
    body = [[row[i] for i in order] + ["organiser's note"] for row in base()]
    sheets = {R1: [["Spring Open 2024"], [], headers, *body], "Notes": [["anything", 2.5, "#REF!"]]}
    result = check_sheets(tmp_path, sheets)
    assert result.problems == []
    assert outcome(result) == BASE_OUTCOME
    assert list(result.results["row"]) == [4, 5, 6, 7]


def test_missing_component_column_is_reported(tmp_path):
    headers = [h for h in HEADERS if h != "Knights"]
    rows = [[v for h, v in zip(HEADERS, row) if h != "Knights"] for row in base()]
    result = check(tmp_path, *rows, headers=headers)
    assert result.has_errors


@pytest.mark.parametrize(
    "name", ["Round 1", "round 1", "ROUND  1", "R 1", "R1", "Runda 1", "Rodada 1", "Ronde 1", "Tour 1"]
)
def test_round_sheet_names(tmp_path, name):
    result = check(tmp_path, *base(), sheet=name)
    assert result.problems == []
    assert outcome(result, name) == BASE_OUTCOME


def test_rounds_ordered_by_number_not_tab_order(tmp_path):
    sheets = {"Round 2": round_sheet(*base()), "Round 10": round_sheet(*base()), "Round 1": round_sheet(*base())}
    result = check_sheets(tmp_path, sheets)
    assert result.problems == []
    assert [c for c in result.standings.columns if c.startswith("Round")] == ["Round 1", "Round 2", "Round 10"]


@pytest.mark.parametrize("sheet", ["Players", "Gracze", "Jogadores", "Joueurs"])
def test_players_sheet_localised(tmp_path, sheet):
    result = check(tmp_path, *base(), extra={sheet: [["Player"], ["Anna"], ["Bartek"], ["Celina"]]})
    assert errors(result) == {("unregistered-player", R1, "B5")}  # Darek


def test_vp_only_sheet_with_localised_vp_header(tmp_path):
    result = check(
        tmp_path, [1, "Anna", 10], [1, "Bartek", 5], [1, "Celina", 4], [1, "Darek", 2], headers=["Stół", "Gracz", "PZ"]
    )
    assert result.problems == []
    assert outcome(result) == BASE_OUTCOME


# ---- Seat (optional, 1..table size)

SEATS = [*HEADERS, "Seat"]  # Seat in column L


@pytest.mark.parametrize(
    "seats", [(1, 2, 3, 4), (4, 3, 2, 1), (None, None, None, None)], ids=["in-order", "reversed", "empty"]
)
def test_seats_valid(tmp_path, seats):
    rows = [[*row, seat] for row, seat in zip(base(), seats)]
    result = check(tmp_path, *rows, headers=SEATS)
    assert result.problems == []
    assert outcome(result) == BASE_OUTCOME


@pytest.mark.parametrize(("seats", "cell"), [((1, 2, 3, 5), "L5"), ((0, 2, 3, 4), "L2")], ids=["5-at-4", "0"])
def test_seats_out_of_range(tmp_path, seats, cell):
    rows = [[*row, seat] for row, seat in zip(base(), seats)]
    result = check(tmp_path, *rows, headers=SEATS)
    assert ("seat-range", R1, cell) in errors(result)
    assert outcome(result) == UNSCORED_BASE


# ---- error values and uncalculated formulas outside the count columns
#
# docs/rules.md §1: a flag cell that is neither marked nor unmarked is an error for that cell; an error
# value (#REF!) is an error for that cell; "a formula with no saved value ... is an error that
# says so". None of these may be read as an empty (unmarked / to-be-filled) cell.

ERROR_VALUES = [("#N/A", "error-value"), ("#REF!", "error-value"), ("=A1", "formula-no-value")]
ERROR_FIELDS = [("army_first", "I"), ("road_first", "J"), ("declared", "K")]


def _player_cell(value):
    rows = base()
    rows[1][1] = value
    return round_sheet(*rows)


# Each case's round sheet, all checked as one workbook (helpers.check_among), keyed by (field, the value's repr).
ERROR_BOOK = {
    **{(f, repr(v)): round_sheet(*base(celina={f: v})) for v, _ in ERROR_VALUES for f, _ in ERROR_FIELDS},
    **{("player", repr(v)): _player_cell(v) for v, _ in ERROR_VALUES},
}


def single_error(result, cell, codes):
    found = sorted(errors(result))
    assert len(found) == 1, found
    code, sheet, at = found[0]
    assert (sheet, at) == (R1, cell)
    assert code in codes


@pytest.mark.parametrize(("value", "code"), ERROR_VALUES, ids=["na", "ref", "formula"])
@pytest.mark.parametrize(("field", "column"), ERROR_FIELDS)
def test_flag_cell_error_value_or_formula_is_an_error(tmp_path_factory, value, code, field, column):
    result = check_among(tmp_path_factory, ERROR_BOOK, (field, repr(value)))
    single_error(result, f"{column}4", {code, "bad-flag"})
    assert outcome(result) == UNSCORED_BASE


@pytest.mark.parametrize(("value", "code"), ERROR_VALUES, ids=["na", "ref", "formula"])
def test_vp_cell_error_value_or_formula_is_an_error_not_empty(tmp_path, value, code):
    rows = [[*row, vp] for row, vp in zip(base(), [10, value, 4, 2])]
    result = check(tmp_path, *rows, headers=WITH_VP)
    single_error(result, "L3", {code})
    assert outcome(result) == UNSCORED_BASE


@pytest.mark.parametrize(("value", "code"), ERROR_VALUES, ids=["na", "ref", "formula"])
def test_seat_cell_error_value_or_formula_is_an_error_not_empty(tmp_path, value, code):
    rows = [[*row, seat] for row, seat in zip(base(), [1, value, 3, 4])]
    result = check(tmp_path, *rows, headers=SEATS)
    single_error(result, "L3", {code})
    assert outcome(result) == UNSCORED_BASE


@pytest.mark.parametrize(("value", "code"), ERROR_VALUES, ids=["na", "ref", "formula"])
def test_player_cell_error_value_or_formula_is_not_a_name(tmp_path_factory, value, code):
    result = check_among(tmp_path_factory, ERROR_BOOK, ("player", repr(value)))
    single_error(result, "B3", {code, "empty-name"})
    assert all(v == UNSCORED for v in outcome(result).values())


def test_player_cell_empty_is_an_error(tmp_path):
    rows = base()
    rows[1][1] = None
    result = check(tmp_path, *rows)
    assert errors(result) == {("empty-name", R1, "B3")}
    assert all(v == UNSCORED for v in outcome(result).values())


def test_seat_duplicate_is_an_error(tmp_path):
    rows = [[*row, seat] for row, seat in zip(base(), [1, 1, 3, 4])]
    result = check(tmp_path, *rows, headers=SEATS)
    assert errors(result) == {("seat-duplicate", R1, "L2"), ("seat-duplicate", R1, "L3")}


def test_unreadable_table_number_leaves_the_neighbouring_tables_unscored(tmp_path):
    """A row whose Table cell is unreadable is not scored, nor are the tables next to it (it belongs to one of them);
    a table further away is scored."""
    from helpers import player, round_sheet

    from sheet_scorer import check_workbook

    rows = round_sheet(
        player(1, "Ala", settlements=4, cities=3),
        player(1, "Bob"),
        player(1, "Cyd"),
        player("#REF", "Dan"),
        player(2, "Eve", settlements=4, cities=3),
        player(2, "Fay"),
        player(2, "Gus"),
        player(2, "Hal"),
        player(3, "Ian", settlements=4, cities=3),
        player(3, "Jo"),
        player(3, "Kim"),
    )
    result = check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows}))
    assert [(p.code, p.cell) for p in result.problems if p.severity == "error"] == [("bad-table", "A5")]
    scored = result.results.groupby("table", dropna=False)["game"].all()
    assert (bool(scored[1]), bool(scored[2]), bool(scored[3])) == (False, False, True)


# ---- review fixes: empty round sheets, byes, settings


def _four(table=1):
    from helpers import player

    # A: 5 settlements + 1 city = 7 VP; B: 3 + 2 = 5; C and D: 2 each
    return [player(table, "A", 5, 1), player(table, "B", 3, 1), player(table, "C"), player(table, "D")]


def test_a_round_sheet_with_only_a_header_is_skipped(tmp_path):
    from helpers import round_sheet

    from sheet_scorer import check_workbook

    result = check_workbook(
        write_workbook(tmp_path / "e.xlsx", {"Round 1": round_sheet(*_four()), "Round 2": round_sheet()})
    )
    assert [p.code for p in result.problems if p.severity == "error"] == []
    assert list(result.standings["player"]) == ["A", "B", "C", "D"]


def test_a_bye_for_a_player_who_also_plays_is_an_error(tmp_path):
    from helpers import round_sheet

    from sheet_scorer import check_workbook

    rows = round_sheet(*_four(), ["BYE", "A"] + [None] * 9)
    result = check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows}))
    assert [(p.code, p.cell) for p in result.problems if p.severity == "error"] == [("duplicate-player", "B6")]
    assert result.standings.set_index("player").loc["A", "round_points"] == 5  # the game counts, the bye does not


def test_a_bye_for_an_unregistered_name_is_an_error(tmp_path):
    from helpers import round_sheet

    from sheet_scorer import check_workbook

    rows = round_sheet(*_four(), ["BYE", "Zed"] + [None] * 9)
    result = check_workbook(
        write_workbook(tmp_path / "e.xlsx", {"Players": [["Player"], ["A"], ["B"], ["C"], ["D"]], "Round 1": rows})
    )
    assert [(p.code, p.cell) for p in result.problems if p.severity == "error"] == [("unregistered-player", "B6")]
    assert "Zed" not in set(result.standings.loc[result.standings["round_points"] > 0, "player"])


def test_a_bye_with_counts_gets_no_bye_points(tmp_path):
    from helpers import round_sheet

    from sheet_scorer import check_workbook

    rows = round_sheet(*_four(), ["Bye", "E", 3] + [None] * 8)
    result = check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows}))
    assert [p.code for p in result.problems if p.severity == "error"] == ["bye-with-scores"]
    assert result.standings.set_index("player").loc["E", "round_points"] == 0


def test_points_3_setting_is_applied(tmp_path):
    """German ranking events: 5, 3, 1 at a table of 3 (the spellings are in tests/rules/test_settings.py)."""
    from helpers import player, round_sheet

    from sheet_scorer import check_workbook

    rows = round_sheet(player(1, "A", 5, 1), player(1, "B", 3, 1), player(1, "C"))  # 7, 5, 2 VP
    result = check_workbook(write_workbook(tmp_path / "e.xlsx", {"Settings": [["Points 3", "5-3-1"]], "Round 1": rows}))
    assert [p.code for p in result.problems if p.severity == "error"] == []
    assert result.results.sort_values("place")["round_points"].tolist() == [5, 3, 1]


def test_ranking_and_tiebreakers_settings_are_applied(tmp_path):
    from helpers import round_sheet

    from sheet_scorer import check_workbook

    settings = [["Ranking", "Wins"], ["Tiebreakers", "VP %, Name"]]
    result = check_workbook(
        write_workbook(tmp_path / "e.xlsx", {"Settings": settings, "Round 1": round_sheet(*_four())})
    )
    assert (result.data.settings.ranking, result.data.settings.tiebreakers) == ("wins", ("vp_pct", "name"))
    assert (
        not [p for p in result.problems if p.severity == "error"]
        and len(result.standings) == 4
        and "wins" in result.standings
    )


def test_declared_below_target_message_shows_the_vp(tmp_path):
    from helpers import player, round_sheet

    from sheet_scorer import check_workbook

    rows = round_sheet(player(1, "A", 5, 1, declared="x"), player(1, "B"), player(1, "C"))  # A has 7 VP
    problem = next(
        p
        for p in check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows})).problems
        if p.code == "declared-below-target"
    )
    assert problem.params["value"] == 7


def test_bye_without_a_name_and_invisible_characters_in_names(tmp_path):
    from helpers import round_sheet

    from sheet_scorer import check_workbook

    rows = round_sheet(*_four()[:3], ["BYE", None] + [None] * 9)
    rows[2][1] = "B\u200b"  # a zero-width space pasted from a web form: still B
    result = check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows, "Round 2": round_sheet(*_four())}))
    assert [(p.code, p.cell) for p in result.problems if p.severity == "error"] == [("bye-no-name", "B5")]
    assert [p.message for p in result.problems if p.code == "bye-no-name"] == ["row 5 is a bye but has no player name"]
    assert sorted(result.standings["player"]) == ["A", "B", "C", "D"]


def test_one_reading_of_a_bye_and_of_the_game_cells():
    """Every stage reads a bye (docs/rules.md §8) and the game cells (§3) through one definition."""
    from sheet_scorer.i18n.vocab import GAME_FIELDS, is_bye

    assert [is_bye(v) for v in ("BYE", " pauza ", "Folga", "exempt", "Bye.")] == [True] * 5
    assert [is_bye(v) for v in (3, "3", None, "by", "", True)] == [False] * 6
    assert GAME_FIELDS == (
        "settlements",
        "cities",
        "vp_cards",
        "knights",
        "roads",
        "road_length",
        "vp",
        "army_first",
        "road_first",
        "declared",
    )


def test_one_reading_of_table_numbers_and_of_played(tmp_path):
    """One table-number parser (rules.cells.table_numbers) and one 'played' (a game cell filled, bye aside)."""
    import pandas as pd

    from sheet_scorer.rules.cells import table_numbers

    values = pd.Series([3, 3.0, " 3 ", 0, -1, 2.5, "bye", None, True, "1e3"], dtype=object)
    assert [None if pd.isna(v) else int(v) for v in table_numbers(values)] == [
        3,
        3,
        3,
        None,
        None,
        None,
        None,
        None,
        None,
        1000,
    ]
    seated = [[1, name, "", "", "", "", "", "", "", "", ""] for name in ("Ala", "Bob", "Cyd", "Dan")]
    result = check(tmp_path, *seated, extra={"Round 2": round_sheet(*base())})
    assert [(p.sheet, p.played) for p in result.progress] == [("Round 1", False), ("Round 2", True)]
    assert [s.name for s in result.played_rounds] == ["Round 2"]


def test_blank_and_bye_cells_are_read_one_way_by_validation_and_progress():
    """`rules.cells.blank_cells` and `bye_cells` are the column-wise `is_blank` and `is_bye`, the one reading both
    validation and the reporting state use: spaces are blank, a formula or an error value never is, 'bye' in any
    language (any case, accents or not) is a bye, a number or another word is not."""
    import pandas as pd

    from sheet_scorer.i18n.vocab import is_bye
    from sheet_scorer.rules.cells import blank_cells, bye_cells
    from sheet_scorer.workbook.cells import is_blank
    from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell

    cells = [None, "", "   ", "\t", 0, "0", "x", FormulaCell(""), ErrorCell("#N/A"), 3.0]
    assert blank_cells(pd.Series(cells, dtype=object)).tolist() == [
        True,
        True,
        True,
        True,
        False,
        False,
        False,
        False,
        False,
        False,
    ]
    assert blank_cells(pd.Series(cells, dtype=object)).tolist() == [is_blank(v) for v in cells]
    tables = ["BYE", "pauza", "Folga", "Exempt", "exempté", 1, "1", "table", None]
    assert bye_cells(pd.Series(tables, dtype=object)).tolist() == [
        True,
        True,
        True,
        True,
        False,
        False,
        False,
        False,
        False,
    ]
    assert bye_cells(pd.Series(tables, dtype=object)).tolist() == [is_bye(v) for v in tables]
