"""Legal tables on every path, re-plans that do not replay the past, known designs, seats over rounds
1–4 first, clubs apart in every round. Every property is checked by counting, independently of the planner."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from seating_counts import names, repeats

from sheet_scorer.seating.designs import best_plan, design
from sheet_scorer.seating.planner import EVALUATIONS, SeatedRound, SeatingProblem, plan


def legal_sizes(n: int) -> list[int]:
    """§6 by hand: tables of 4 and the fewest tables of 3 (n ≡ 1 mod 4: three, ≡ 2: two, ≡ 3: one)."""
    threes = {0: 0, 1: 3, 2: 2, 3: 1}[n % 4]
    return sorted([3] * threes + [4] * ((n - 3 * threes) // 4))


def seats(rounds: list[SeatedRound]) -> dict[str, Counter[int]]:
    counts: dict[str, Counter[int]] = {}
    for r in rounds:
        for table in r.tables:
            for seat, player in enumerate(table, start=1):
                counts.setdefault(player, Counter())[seat] += 1
    return counts


def same_club_pairs(rnd: SeatedRound, clubs: dict[str, str]) -> int:
    return sum(1 for t in rnd.tables for a, b in itertools.combinations(t, 2) if clubs[a] == clubs[b])


def check_legal(rounds: list[SeatedRound], players: tuple[str, ...]) -> None:
    for r in rounds:
        assert sorted(p for t in r.tables for p in t) == sorted(players) and not r.byes
        assert sorted(map(len, r.tables)) == legal_sizes(len(players))


# Every count 6-64 with `-m grid`; by default a spread: 6-16 (the small counts where tables of 3 dominate), each
# residue mod 4 among the larger counts, and the largest.
SPREAD = (*range(6, 17), 21, 22, 23, 24, 29, 45, 62, 63, 64)


def sweep(counts: tuple[int, ...]) -> list[tuple[int, int, list[SeatedRound], tuple[str, ...], list[SeatedRound]]]:
    """Each count over 4-8 rounds with a small search budget (the construction stage and a few swaps): the plan, and a
    re-plan of the other rounds after round 1 with 3 dropped and 1 late entry (counts 9 up); and each count in 5 clubs
    over 6 rounds."""
    out = []
    for n in counts:
        players = names(n)
        for rounds in range(4, 9):
            fresh = plan(SeatingProblem(players, rounds, seed=n), evaluations=0)
            now = players[3:] + ("Late",) if n >= 9 else players
            later = plan(SeatingProblem(now, rounds - 1, history=(fresh[0],), seed=n), evaluations=0) if n >= 9 else []
            out.append((n, rounds, fresh, now, later))
        clubs = {p: "ABCDE"[i % 5] for i, p in enumerate(players)}  # the club construction (grid rows) too
        out.append((n, 6, plan(SeatingProblem(players, 6, clubs, seed=n), evaluations=0), players, []))
    return out


@pytest.mark.parametrize(
    "counts", [SPREAD, pytest.param(tuple(range(6, 65)), marks=pytest.mark.grid)], ids=["spread", "6-64"]
)
def test_counts_from_6_to_64_over_4_to_8_rounds_have_legal_tables_fresh_and_after_drops(
    counts: tuple[int, ...],
) -> None:
    planned = sweep(counts)
    assert len(planned) == len(counts) * 6
    for n, rounds, fresh, now, later in planned:
        assert len(fresh) == rounds
        check_legal(fresh, names(n))
        check_legal(later, now)


def test_tables_of_4_only_seat_everyone_else_on_a_bye_at_every_count() -> None:
    for n in range(6, 65):
        planned = plan(SeatingProblem(names(n), 5, fours_only=True, seed=n), evaluations=0)
        for r in planned:
            assert [len(t) for t in r.tables] == [4] * (n // 4) and len(r.byes) == n % 4
        byes = [p for r in planned for p in r.byes]
        assert len(byes) == len(set(byes)) or len(byes) > n  # §8: nobody a second bye while others had none


def test_five_players_sit_four_and_give_one_a_bye_each_round() -> None:
    planned = plan(SeatingProblem(names(5), 4), evaluations=0)
    assert [[len(t) for t in r.tables] for r in planned] == [[4]] * 4 and [len(r.byes) for r in planned] == [1] * 4


@pytest.mark.parametrize(("n", "rounds"), [(13, 5), (14, 5), (15, 6)])
def test_with_the_full_search_13_to_15_players_keep_legal_tables_past_round_4(n: int, rounds: int) -> None:
    players = names(n)
    check_legal(plan(SeatingProblem(players, rounds)), players)


def test_three_drops_after_round_1_of_16_over_6_rounds_leave_no_table_of_1() -> None:
    players = names(16)
    first = plan(SeatingProblem(players, 6))[:1]
    later = plan(SeatingProblem(players[3:], 5, history=tuple(first)))
    check_legal(later, players[3:])  # 13 players: one table of 4 and three of 3, every round


def test_the_legality_check_itself_refuses_a_table_of_1() -> None:
    players = names(13)
    bad = SeatedRound((players[:4], players[4:8], players[8:12], players[12:]))
    with pytest.raises(AssertionError):
        check_legal([bad], players)


def replan(n: int, seed: int, evaluations: int) -> tuple[list[SeatedRound], list[SeatedRound], tuple[str, ...]]:
    """`new` then `seat` with the same seed: 2 rounds played, then 2 drops and 2 late entries, rounds 3-4 planned again."""
    players = names(n)
    played = plan(SeatingProblem(players, 4, seed=seed))[:2]
    now = players[2:] + names(2, "Late")
    return played, plan(SeatingProblem(now, 2, history=tuple(played), seed=seed), evaluations=evaluations), now


@pytest.mark.parametrize("n", [100, 200])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_start_of_a_replan_after_round_2_repeats_nobody(n: int, seed: int) -> None:
    played, later, now = replan(n, seed, evaluations=5_000)  # a small budget: too small to undo a replayed start
    check_legal(later, now)
    # Each player has met 6 of n − 1 others: 2 more rounds without a repeat exist by far.
    assert repeats(played + later) == 0


def test_a_replan_with_the_full_search_repeats_nobody_and_keeps_the_seats_of_the_rounds_played() -> None:
    played, later, now = replan(200, 0, evaluations=EVALUATIONS)
    check_legal(later, now)
    assert repeats(played + later) == 0
    counts = seats(played + later)
    assert all(sorted(counts[p].values()) == [1, 1, 1, 1] for p in now if not p.startswith("Late"))  # every seat once
    assert all(sorted(counts[p].values()) == [1, 1] for p in now if p.startswith("Late"))  # two games, two seats


@pytest.mark.parametrize(("n", "rounds"), [(16, 5), (24, 6), (24, 7), (28, 8), (28, 9), (15, 5), (23, 7), (27, 9)])
def test_known_designs_give_rounds_with_no_repeat(n: int, rounds: int) -> None:
    players = names(n)
    planned = plan(SeatingProblem(players, rounds))
    check_legal(planned, players)
    assert repeats(planned) == 0


def test_20_players_over_7_rounds_reach_the_optimum_of_20_repeats() -> None:
    planned = plan(SeatingProblem(names(20), 7))
    # 7 rounds × 3 opponents = 21 meetings each, only 19 opponents: Σ meetings 20·21/2 = 210 over at most 190 pairs.
    assert repeats(planned) == 20 == 20 * 21 // 2 - 20 * 19 // 2


def test_20_players_over_6_rounds_do_not_use_the_stored_7_round_plan() -> None:
    assert best_plan(20, 6) == [] and len(best_plan(20, 7)) == 7


@pytest.mark.parametrize(("v", "rounds", "pairs"), [(16, 5, 120), (24, 7, 252), (28, 9, 378)])
def test_the_stored_designs_are_resolvable_and_meet_each_pair_at_most_once(v: int, rounds: int, pairs: int) -> None:
    d = design(v)
    assert len(d) == rounds
    assert all(sorted(p for t in r for p in t) == list(range(v)) and {len(t) for t in r} == {4} for r in d)
    met = Counter(frozenset(pair) for r in d for t in r for pair in itertools.combinations(t, 2))
    assert max(met.values()) == 1 and len(met) == pairs  # 16 and 28: every pair exactly once (C(v, 2))


def test_no_design_for_counts_that_have_none() -> None:
    assert design(20) == [] and design(26) == []  # 26 = 28 − 2 would leave a table of 2 in some round


@pytest.mark.parametrize(("n", "rounds"), [(16, 5), (24, 6), (100, 5), (20, 7)])
def test_every_seat_once_over_rounds_1_to_4_then_as_even_as_possible(n: int, rounds: int) -> None:
    planned = plan(SeatingProblem(names(n), rounds))
    assert all(sorted(c.values()) == [1, 1, 1, 1] for c in seats(planned[:4]).values())
    assert all(max(c.values()) - min(c[s] for s in range(1, 5)) <= 1 for c in seats(planned).values())


def test_24_players_in_4_clubs_of_6_over_4_rounds_never_meet_twice_nor_a_club_mate() -> None:
    players = names(24)
    for clubs in (
        {p: "ABCD"[i // 6] for i, p in enumerate(players)},
        {p: "ABCD"[i % 4] for i, p in enumerate(players)},
    ):
        planned = plan(SeatingProblem(players, 4, clubs, seed=3))
        check_legal(planned, players)
        assert repeats(planned) == 0
        assert [same_club_pairs(r, clubs) for r in planned] == [0, 0, 0, 0]


def test_a_club_of_7_at_6_tables_must_seat_one_pair_together_each_round() -> None:
    players = names(24)
    clubs = {p: ("big" if i < 7 else f"c{i}") for i, p in enumerate(players)}
    planned = plan(SeatingProblem(players, 4, clubs, seed=3))
    assert [same_club_pairs(r, clubs) for r in planned] == [1, 1, 1, 1]
    assert repeats(planned) == 0


def test_a_repeat_weighs_more_than_club_mates_together_after_round_1() -> None:
    players = names(16)
    clubs = {p: "ABCD"[i // 4] for i, p in enumerate(players)}
    planned = plan(SeatingProblem(players, 5, clubs))
    # Clubs apart in all 5 rounds would need 5 rounds of one player per club at each table: each player would meet
    # 15 others from the 12 of other clubs, so repeats. The affine plane has none, at the price of club pairs (§6:
    # club-mates apart in round 1 first, then no repeat, then club-mates apart).
    assert repeats(planned) == 0
    assert same_club_pairs(planned[0], clubs) == 0
    assert sum(same_club_pairs(r, clubs) for r in planned) > 0


def test_clubs_too_large_for_a_grid_row_are_still_kept_apart() -> None:
    players = names(200)
    clubs = {p: "ABCDE"[i % 5] for i, p in enumerate(players)}  # 5 clubs of 40: a table takes 4 of the 5 clubs
    planned = plan(SeatingProblem(players, 4, clubs))
    check_legal(planned, players)
    assert repeats(planned) == 0
    assert [same_club_pairs(r, clubs) for r in planned] == [0, 0, 0, 0]
