"""One mistake, one error (docs/rules.md §2–§3): a table rule never fires on a value that failed its own check.

Table used here (header row 1, players rows 2..5; helpers.HEADERS, K = Declared):
    Anna   2 settlements, 4 cities -> 10 VP (at the target)
    Bartek 3 settlements, 1 city   ->  5 VP
    Celina 4 settlements           ->  4 VP
    Darek  2 settlements           ->  2 VP
"""

from __future__ import annotations

import pytest
from helpers import HEADERS, check, player

R1 = "Round 1"


def base(**changes):
    rows = {
        "anna": dict(settlements=2, cities=4),
        "bartek": dict(settlements=3, cities=1),
        "celina": dict(settlements=4),
        "darek": dict(settlements=2),
    }
    for name, values in changes.items():
        rows[name].update(values)
    return [player(1, name.capitalize(), **values) for name, values in rows.items()]


def problems(result):
    return {(p.code, p.cell or p.table) for p in result.problems}


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        # 44 settlements would give Bartek 46 VP: with Anna's 10, two at the target and no Declared flag
        ({"bartek": {"settlements": 44}}, {("settlements-range", "C3")}),
        # 5 cities: 13 VP
        ({"bartek": {"cities": 5}}, {("cities-range", "D3")}),
        # 7 VP cards: out of range, and the table sum (7 > 5) is the same mistake
        ({"bartek": {"vp_cards": 7}}, {("vp-cards-range", "E3")}),
        # 15 knights: out of range, the table total (15 > 14) and an army leader are the same mistake
        ({"bartek": {"knights": 15}}, {("knights-range", "F3")}),
    ],
)
def test_a_count_out_of_range_is_one_error(tmp_path, changes, expected):
    assert problems(check(tmp_path, *base(**changes))) == expected


def test_a_valid_table_at_target_twice_still_needs_a_declared_flag(tmp_path):
    """The invalid case's twin: Bartek really has 3 settlements + 4 cities = 11 VP, so the rule fires."""
    result = check(tmp_path, *base(bartek={"settlements": 3, "cities": 4}))
    assert problems(result) == {("declared-missing", "K2"), ("declared-missing", "K3")}  # each player at the target


def test_a_declared_cell_that_is_not_a_flag_is_one_error(tmp_path):
    """Anna 10, Bartek 11: a Declared cell reading 'maybe' is only 'not a flag', not also 'mark the one who declared'."""
    result = check(tmp_path, *base(anna={"declared": "maybe"}, bartek={"settlements": 3, "cities": 4}))
    assert problems(result) == {("bad-flag", "K2")}


def test_an_army_first_cell_that_is_not_a_flag_is_one_error(tmp_path):
    """Anna and Bartek tie on 3 knights; Anna's Army First reads '?': only that cell."""
    result = check(tmp_path, *base(anna={"knights": 3, "army_first": "?"}, bartek={"knights": 3}))
    assert problems(result) == {("bad-flag", "I2")}


def test_vp_only_sheet_without_declared_column_names_the_column_at_the_header(tmp_path):
    """VP-only: 10 and 12 reach the target; no Declared column to mark, so the header row is marked."""
    rows = [[1, "Anna", 10], [1, "Bartek", 12], [1, "Celina", 4], [1, "Darek", 2]]
    result = check(tmp_path, *rows, headers=["Table", "Player", "VP"])
    assert [(p.code, p.cell, p.table, p.params["column"]) for p in result.problems] == [
        ("flag-column-missing", "A1", 1, "Declared")
    ]
    assert result.results["round_points"].isna().all()


def test_vp_only_sheet_without_declared_column_scores_when_no_flag_is_needed(tmp_path):
    rows = [[1, "Anna", 10], [1, "Bartek", 8], [1, "Celina", 4], [1, "Darek", 2]]
    result = check(tmp_path, *rows, headers=["Table", "Player", "VP"])
    assert result.problems == []
    assert list(result.results.sort_values("row")["round_points"]) == [5, 3, 2, 1]


def test_knights_over_the_deck_are_one_error_even_when_they_decide_largest_army(tmp_path):
    """Bartek 3 settlements + 3 cities = 9 VP, + Largest Army (8 knights) = 11: with Anna's 10 that would
    need a Declared flag. Celina's 7 knights make 15 at the table: that total is the one rule broken, told at the two
    knight counts that make it."""
    rows = base(bartek={"settlements": 3, "cities": 3, "knights": 8}, celina={"knights": 7})
    assert problems(check(tmp_path, *rows)) == {("table-knights", "F3"), ("table-knights", "F4")}


def test_knights_within_the_deck_give_largest_army_and_the_flag_is_needed(tmp_path):
    """The same with Celina's 6 knights (14 in all): Bartek has 11 VP, so the missing Declared flag is the error."""
    rows = base(bartek={"settlements": 3, "cities": 3, "knights": 8}, celina={"knights": 6})
    assert problems(check(tmp_path, *rows)) == {("declared-missing", "K2"), ("declared-missing", "K3")}


def test_a_tie_for_largest_army_without_the_army_first_column_names_the_column(tmp_path):
    """No 'Army First' column (I dropped): Anna and Bartek tie on 3 knights; the header row (A1) is marked."""
    headers = [h for h in HEADERS if h != "Army First"]
    rows = [r[:8] + r[9:] for r in base(anna={"knights": 3}, bartek={"knights": 3})]
    result = check(tmp_path, *rows, headers=headers)
    assert [(p.code, p.cell, p.table, p.params["column"]) for p in result.problems] == [
        ("flag-column-missing", "A1", 1, "Army First")
    ]
