"""Fair seating in the order of docs/rules.md §6, counted here from the tables alone (never the planner's own
assessment): tables of 3 shared out (max − min ≤ 1 per player over the qualifying rounds), clubs kept apart at no
extra repeat, seat 4 for everyone who can have it, and the figures `new` and `seat` print.

A representative slice of the grid runs by default; the whole grid (6–64 players × 4–8 rounds, fresh and after
3 drops and a late entry after round 1) with `-m grid`."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace

import pytest
from seating_counts import names, repeats

from sheet_scorer.seating.designs import best_plan
from sheet_scorer.seating.planner import SeatedRound, SeatingProblem, SeatingReport, bounds, plan, quality


def threes_per_player(rounds: list[SeatedRound], players: tuple[str, ...]) -> dict[str, int]:
    """How many rounds each player sat at a table of 3."""
    count = dict.fromkeys(players, 0)
    for r in rounds:
        for table in r.tables:
            if len(table) == 3:
                for p in table:
                    if p in count:
                        count[p] += 1
    return count


def club_pairs(rounds: list[SeatedRound], clubs: dict[str, str]) -> int:
    return sum(
        1
        for r in rounds
        for t in r.tables
        for a, b in itertools.combinations(t, 2)
        if clubs.get(a) and clubs.get(a) == clubs.get(b)
    )


def never_on_seat_four(rounds: list[SeatedRound], players: tuple[str, ...]) -> set[str]:
    """Players with a game at a table of 4 who never start on seat 4."""
    at_four = {p for r in rounds for t in r.tables if len(t) == 4 for p in t}
    last = {t[3] for r in rounds for t in r.tables if len(t) == 4}
    return (at_four - last) & set(players)


def check_share(n: int, rounds: int) -> None:
    """Fresh and after 3 drops and a late entry after round 1: max − min ≤ 1 over the event's rounds."""
    players = names(n)
    fresh = plan(SeatingProblem(players, rounds, seed=n))
    count = threes_per_player(fresh, players)
    assert max(count.values()) - min(count.values()) <= 1, (n, rounds, sorted(count.values()))
    if n >= 9:
        now = (*players[3:], "Late")
        later = plan(SeatingProblem(now, rounds - 1, history=(fresh[0],), seed=n))
        count = threes_per_player([fresh[0], *later], now)
        assert max(count.values()) - min(count.values()) <= 1, (n, rounds, "after drops", sorted(count.values()))


# By default one count of each residue mod 4 that has tables of 3, small and large; the others of the slice, each
# a search of a second or more, with the whole grid (-m grid).
GRID = pytest.mark.grid
SLICE = [
    (6, 5),
    (9, 4),
    (13, 5),
    pytest.param(14, 6, marks=GRID),
    pytest.param(17, 6, marks=GRID),
    pytest.param(21, 7, marks=GRID),
    pytest.param(22, 6, marks=GRID),
    (29, 5),
    (41, 7),
    (45, 5),
    (61, 6),
    (63, 8),
]


@pytest.mark.parametrize(("n", "rounds"), SLICE)
def test_tables_of_3_are_shared_out_fresh_and_after_drops(n: int, rounds: int) -> None:
    check_share(n, rounds)


@pytest.mark.grid
def test_tables_of_3_are_shared_out_over_the_whole_grid(request: pytest.FixtureRequest) -> None:
    if "grid" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("the whole grid: run with -m grid")
    for n in range(6, 65):
        for rounds in range(4, 9):
            check_share(n, rounds)


def test_the_share_check_itself_refuses_an_unfair_plan() -> None:
    players = names(7)  # one table of 3 a round: the same three at it twice, the fourth player never
    unfair = [SeatedRound((players[:4], players[4:])), SeatedRound((players[:4], players[4:]))]
    count = threes_per_player(unfair, players)
    assert max(count.values()) - min(count.values()) == 2


def test_21_players_over_7_rounds_sit_at_a_table_of_3_three_times_each() -> None:
    players = names(21)  # three tables of 3 a round: 9 × 7 = 63 seats, 3 for each of 21 players
    count = threes_per_player(plan(SeatingProblem(players, 7)), players)
    assert set(count.values()) == {3}


def test_tables_of_3_in_two_rounds_running_only_as_the_sizes_force_where_that_costs_no_repeat() -> None:
    players = names(41)  # 9 seats at tables of 3 a round among 41 players: nobody needs two running
    rounds = plan(SeatingProblem(players, 5))
    small = [{p for t in r.tables if len(t) == 3 for p in t} for r in rounds]
    assert sum(len(a & b) for a, b in itertools.pairwise(small)) == 0
    assert repeats(rounds) == 0


@pytest.mark.parametrize(("n", "rounds"), [pytest.param(21, 6, marks=GRID), (24, 6), (20, 7)])
def test_clubs_cost_no_repeat(n: int, rounds: int) -> None:
    players = names(n)
    clubs = {p: "AB"[i // 4] for i, p in enumerate(players[:8])}  # two clubs of four
    with_clubs = plan(SeatingProblem(players, rounds, clubs))
    without = plan(SeatingProblem(players, rounds))
    assert repeats(with_clubs) <= repeats(without)
    assert club_pairs(with_clubs, clubs) <= club_pairs(without, clubs)


def test_24_players_with_two_clubs_of_four_keep_them_apart_in_every_round_without_a_repeat() -> None:
    players = names(24)
    clubs = {p: "AB"[i // 4] for i, p in enumerate(players[:8])}
    planned = plan(SeatingProblem(players, 6, clubs))
    assert repeats(planned) == 0 and club_pairs(planned, clubs) == 0


@pytest.mark.parametrize("seed", [0, 2])
def test_seat_4_reaches_every_player_at_45_over_5_rounds(seed: int) -> None:
    players = names(45)  # nine tables of 4 a round: 45 seat-4 places for 45 players, each at tables of 4 four times
    assert never_on_seat_four(plan(SeatingProblem(players, 5, seed=seed)), players) == set()


def test_the_bounds_are_what_counting_gives() -> None:
    # 17 players: three tables of 3 a round, 9 × 6 = 54 seats over 17 players: 3 or 4 each; two rounds running
    # hold 18 seats at tables of 3 among 17 players, so one player at least in each of the 5 pairs of rounds.
    got = bounds(SeatingProblem(names(17), 6))
    assert got.threes == (3, 4) and got.threes_running == 5
    # 2 tables of 4 a round: 12 seat-4 places for 17 players.
    assert got.no_seat_four == 5
    # 16 players over 6 rounds: 18 opponents each among 15: 16 · 3 / 2 repeats at least.
    assert bounds(SeatingProblem(names(16), 6)).repeated_meetings == 24
    # a club of 7 at 6 tables: one pair must sit together each round.
    big = {p: "big" for p in names(24)[:7]}
    assert bounds(SeatingProblem(names(24), 4, big)).club_conflicts == 4


def seat_repeaters(rounds: list[SeatedRound]) -> int:
    """Players who start on some seat twice in these rounds."""
    seats: dict[str, Counter[int]] = {}
    for r in rounds:
        for table in r.tables:
            for s, p in enumerate(table):
                seats.setdefault(p, Counter())[s] += 1
    return sum(max(c.values()) > 1 for c in seats.values())


@pytest.mark.parametrize(("n", "least"), [(501, 9), (502, 6), (503, 3)])
def test_seats_over_rounds_1_to_4_repeat_only_for_those_seat_4_cannot_reach(n: int, least: int) -> None:
    # 501 players: three tables of 3 and 123 of 4 a round, so 4 × 123 = 492 seat-4 places for 501 players: 9 take
    # four games on seats 1-3 (one seat twice); everyone else can take each seat once.
    assert seat_repeaters(plan(SeatingProblem(names(n), 4))) == least


@pytest.mark.parametrize(
    ("n", "rounds", "first_four"), [(45, 5, 9), (49, 5, 9), (22, 6, 6), pytest.param(21, 7, 9, marks=GRID)]
)
def test_seat_4_for_all_and_rounds_1_to_4_as_even_as_the_places_allow(n: int, rounds: int, first_four: int) -> None:
    # 45 × 5: nine tables of 4 a round, 36 seat-4 places in rounds 1-4 for 45 players (9 take a seat twice there),
    # 45 over the event (everyone once); 22 × 6: four tables of 4, 16 places in rounds 1-4, 24 over the event.
    players = names(n)
    planned = plan(SeatingProblem(players, rounds))
    assert seat_repeaters(planned[:4]) == first_four
    assert never_on_seat_four(planned, players) == set()


# The plans stored for these counts and rounds (docs/rules.md §6: found once by a long search, tables of 3 shared
# out) and the repeated meetings counted by hand from each. The planner's own search gave more at seed 0 before they
# were stored: 13 × 6: 14; 14 × 5: 8; 17 × 6: 7; 17 × 7: 16; 17 × 8: 33 (the stored 32 is the fewest possible: 8 rounds
# of 21 meetings over 136 pairs); 22 × 6: 1 (3 at seeds 1 and 2); 22 × 7: 10; 22 × 8: 27; 25 × 7: 3; 25 × 8: 12; 26 × 7: 3;
# 29 × 8: 9; 30 × 8: 4; 31 × 8: 3; 32 × 8: 3; 33 × 8: 1.
STORED = [
    (13, 6, 13),
    (14, 5, 6),
    (17, 6, 3),
    (17, 7, 13),
    (17, 8, 32),
    (22, 6, 1),
    (22, 7, 6),
    (22, 8, 20),
    (25, 7, 0),
    (25, 8, 6),
    (26, 7, 1),
    (29, 8, 0),
    (30, 8, 1),
    (31, 8, 2),
    (32, 8, 1),
    (33, 8, 0),
]


@pytest.mark.parametrize(("n", "rounds", "most"), STORED)
def test_a_stored_fair_plan_is_legal_fair_and_has_its_repeats(n: int, rounds: int, most: int) -> None:
    stored = best_plan(n, rounds)
    threes = (-n) % 4  # n ≡ 1 mod 4 → three tables of 3, ≡ 2 → two, ≡ 3 → one
    assert len(stored) == rounds
    for rnd in stored:
        assert sorted(p for t in rnd for p in t) == list(range(n))  # everyone once a round
        assert sorted(map(len, rnd)) == [3] * threes + [4] * ((n - 3 * threes) // 4)
    count = Counter(p for rnd in stored for t in rnd if len(t) == 3 for p in t)
    assert max(count[p] for p in range(n)) - min(count[p] for p in range(n)) <= 1
    met = Counter(frozenset(pair) for rnd in stored for t in rnd for pair in itertools.combinations(t, 2))
    assert sum(m - 1 for m in met.values()) == most


# The planner's search on each stored count: by default one count of each residue mod 4 (13 × 6 and 25 × 7 of
# three tables of 3, 14 × 5 of two, 31 × 8 of one), the others and a second seed with the whole grid (-m grid).
SEARCHED = [(13, 6, 13), (14, 5, 6), (25, 7, 0), (31, 8, 2)]


@pytest.mark.parametrize(
    ("n", "rounds", "most"), [case if case in SEARCHED else pytest.param(*case, marks=GRID) for case in STORED]
)
@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=GRID)])  # seed 1 with the whole grid
def test_fair_plans_with_no_more_repeats_than_the_stored_one(n: int, rounds: int, most: int, seed: int) -> None:
    players = names(n)
    planned = plan(SeatingProblem(players, rounds, seed=seed))
    count = threes_per_player(planned, players)
    assert max(count.values()) - min(count.values()) <= 1
    assert repeats(planned) <= most


def test_a_repeat_ranks_before_tables_of_3_in_two_rounds_running() -> None:
    # §6: not at a table of 3 twice running where that costs no repeated meeting: one repeat more is worse than
    # any number of runs fewer; with repeats equal, fewer runs is better.
    fewer_repeats = SeatingReport(3, 2, (), 0, True, (3, 4), 20)
    fewer_runs = SeatingReport(4, 2, (), 0, True, (3, 4), 5)
    assert quality(fewer_repeats) < quality(fewer_runs)
    assert quality(replace(fewer_repeats, threes_running=19)) < quality(fewer_repeats)
    assert quality(replace(fewer_runs, threes=(2, 4))) > quality(fewer_repeats)  # unfair: worst of all
