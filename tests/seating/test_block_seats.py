"""The solver that seats the rest of rounds 1-4 in a re-plan (docs/rules.md §6, aim 4), against an exhaustive search
over every seat order of a small block, counted here."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pytest

from sheet_scorer.seating.block_seats import fewest_seats_twice

Tables = Sequence[Sequence[str]]
SEVEN = (("A", "B", "C", "D"), ("E", "F", "G"))
CASES = [
    # 7 players, two rounds planned after round 1, A-D and E-G mixed: every seat can be new
    (SEVEN, (("A", "E", "F", "B"), ("C", "D", "G"), ("C", "G", "E", "A"), ("B", "D", "F"))),
    (SEVEN, (("A", "B", "E", "F"), ("C", "D", "G"), ("A", "C", "E", "F"), ("B", "D", "G"))),
    # 4 players at one table in rounds 1-4: a Latin square, so none twice
    ((("A", "B", "C", "D"),), (("D", "C", "B", "A"), ("B", "A", "D", "C"), ("C", "D", "A", "B"))),
    # 3 players at a table of 3 in rounds 1-4: four games on three seats, a seat twice for each
    ((("A", "B", "C"),), (("A", "B", "C"), ("A", "B", "C"), ("A", "B", "C"))),
]


def taken(played: Tables) -> dict[str, set[int]]:
    return {p: {s} for table in played for s, p in enumerate(table)}


def seats_twice(played: Tables, tables: Tables) -> int:
    """Players whose seats over the round played and `tables` are not all different."""
    seats: dict[str, list[int]] = {}
    for table in (*played, *tables):
        for s, p in enumerate(table):
            seats.setdefault(p, []).append(s)
    return sum(len(set(x)) < len(x) for x in seats.values())


def fewest_by_hand(played: Tables, tables: Tables) -> int:
    """The fewest players with a seat twice over every seat order of every table (at most 20,736 seatings)."""
    return min(seats_twice(played, orders) for orders in itertools.product(*map(itertools.permutations, tables)))


@pytest.mark.parametrize(("played", "tables"), CASES)
def test_the_solver_finds_the_fewest_players_with_a_seat_twice(played: Tables, tables: Tables) -> None:
    least, worst = fewest_by_hand(played, tables), seats_twice(played, tables)
    found = fewest_seats_twice(tables, taken(played), 0, worst + 1)  # anything no worse than the tables as listed
    assert found is not None
    assert [sorted(t) for t in found] == [sorted(t) for t in tables]  # every player kept at their table
    assert seats_twice(played, found) == least


def test_the_solver_says_none_when_nothing_beats_the_bound_given() -> None:
    played, tables = CASES[-1]
    assert fewest_by_hand(played, tables) == 3  # counted: each of the three has a seat twice
    assert fewest_seats_twice(tables, taken(played), 0, 3) is None  # fewer than 3 asked: none
    assert fewest_seats_twice(tables, taken(played), 0, 4) is not None
