"""The standings engine (docs/rules.md §4, §7, §8), in memory: random formats against a plain reference,
and one case per tie-breaker where it, and only it, decides."""

from __future__ import annotations

from fractions import Fraction

import pandas as pd
import pytest
from engine_cases import Tournament, reference_figures, reference_lines, reference_order, scored
from helpers import examples
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from sheet_scorer.model import Adjustment, RoundSheet, Settings
from sheet_scorer.standings.engine import criteria, qualifying_sheets, standings_for
from sheet_scorer.standings.progression import rank_progression

NAMES = ["Ada", "bob", "Cy", "Dee", "eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Max", "Ned"]
TIEBREAKERS = [
    "round_points",
    "wins",
    "vp",
    "vp_capped",
    "vp_pct",
    "mean_vp_pct",
    "places",
    "opponents_points",
    "opponents_opponents_points",
    "penalties",
]


@st.composite
def formats(draw: st.DrawFn) -> tuple[Tournament, Settings, list[Adjustment]]:
    """A random tournament (tables of 3 and 4, byes, absences, declared wins) in a random format."""
    target = draw(st.sampled_from([8, 10]))
    settings = Settings(
        victory_target=target,
        ranking=draw(st.sampled_from(["round_points", "wins"])),
        tiebreakers=tuple(draw(st.lists(st.sampled_from([*TIEBREAKERS, "name"]), unique=True, max_size=6))),
        points_3=draw(
            st.sampled_from([(Fraction(5), Fraction(3), Fraction(2)), (Fraction(5), Fraction(3), Fraction(1))])
        ),
        bye_points=draw(st.sampled_from([Fraction(11, 4), Fraction(2), Fraction(3)])),
    )
    players = NAMES[: draw(st.integers(5, len(NAMES)))]
    rounds, byes = [], {}
    for r in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(players))
        sizes = draw(st.lists(st.sampled_from([3, 4]), min_size=1, max_size=3))
        tables, start = [], 0
        for size in sizes:
            if start + size > len(order):
                break
            table = [(name, draw(st.integers(2, 12))) for name in order[start : start + size]]
            reached = [i for i, seat in enumerate(table) if seat[1] >= target]
            if len(reached) >= 2:  # exactly one of them declared victory (docs/rules.md §3)
                winner = draw(st.sampled_from(reached))
                table[winner] = (*table[winner], True)
            tables.append(table)
            start += size
        if not tables:
            tables.append([(name, draw(st.integers(2, 9))) for name in order[:3]])
            start = 3
        byes[r] = [name for name in order[start:] if draw(st.booleans())]  # the others are absent
        rounds.append(tables)
    adjustments = [
        Adjustment(
            draw(st.sampled_from(players)),
            draw(st.one_of(st.none(), st.integers(1, len(rounds)))),
            draw(st.sampled_from([Fraction(-3), Fraction(-1), Fraction(-1, 2), Fraction(1), Fraction(2)])),
        )
        for _ in range(draw(st.integers(0, 3)))
    ]
    return Tournament(rounds, byes), settings, adjustments


def assert_matches_reference(standings, expected_figures, expected_order, settings: Settings) -> None:
    """Rank order, the deciding figure and every figure shown, against the reference."""
    assert list(zip(standings["player"], standings["ahead_by"])) == expected_order
    assert list(standings["rank"]) == list(range(1, len(expected_order) + 1))
    shown = [c for c in criteria(settings) if c != "name"] + ["round_points", "vp", "vp_pct", "games"]
    for row in standings.to_dict("records"):
        exact = expected_figures[row["player"]]
        for figure in shown:
            if figure == "places":
                assert row[figure] == pytest.approx(tuple(float(p) for p in exact[figure]), abs=1e-9)
            elif figure == "mean_vp_pct":  # shown to hundredths, half up
                assert row[figure] == float(Fraction(int(exact[figure] * 100 + Fraction(1, 2)), 100)), row["player"]
            else:
                assert row[figure] == pytest.approx(float(exact[figure]), abs=1e-9), (row["player"], figure)


@hypothesis_settings(max_examples=examples(80), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(formats(), st.data())
def test_random_formats_rank_as_the_reference_does(
    case: tuple[Tournament, Settings, list[Adjustment]], data: st.DataObject
) -> None:
    tournament, settings, adjustments = case
    results = scored(tournament, settings)
    lines = reference_lines(tournament, settings, adjustments)
    figures = reference_figures(lines)
    assert_matches_reference(
        standings_for(results, settings, adjustments), figures, reference_order(figures, settings), settings
    )
    # the same engine over rounds 1..k (the rank progression, the qualifying rounds of the playoffs)
    k = data.draw(st.integers(1, len(tournament.rounds)))
    partial = reference_figures(reference_lines(tournament, settings, adjustments, upto=k))
    subset = standings_for(results, settings, adjustments, sheets=tournament.sheets()[:k])
    assert_matches_reference(subset, partial, reference_order(partial, settings), settings)


@hypothesis_settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(formats())
def test_incremental_progression_ranks_every_round_as_the_reference_does(
    case: tuple[Tournament, Settings, list[Adjustment]],
) -> None:
    """The progression adds round k to round k-1's totals; after each round every player's rank is the
    reference's order over rounds 1..k (late starters unranked until they play or are adjusted)."""
    tournament, settings, adjustments = case
    results = scored(tournament, settings)
    everyone = sorted(set(results["player"]) | {a.player for a in adjustments})
    progression = rank_progression(results, settings, adjustments, "en", tournament.sheets(), everyone)
    for k, sheet in enumerate(tournament.sheets(), start=1):
        expected = [
            player
            for player, _ in reference_order(
                reference_figures(reference_lines(tournament, settings, adjustments, upto=k)), settings
            )
        ]
        got = progression[sheet].dropna().sort_values()
        assert list(got.index) == expected, sheet
        assert list(got) == list(range(1, len(expected) + 1))


# ------------------------------------------------------------------------------ one tie-breaker each
#
# Zoe and Adam tie on round points; the tie-breaker under test puts Zoe first, and without it the name
# would put Adam first. The fillers (F1, F2, …) only fill the tables.


def ranked(tournament: Tournament, settings: Settings, adjustments: list[Adjustment] = ()) -> dict[str, dict]:
    standings = standings_for(scored(tournament, settings), settings, adjustments)
    return {row["player"]: row for row in standings.to_dict("records")}


def decided_by(
    figure: str, tournament: Tournament, adjustments: list[Adjustment] = (), ranking: str = "round_points"
) -> dict[str, dict]:
    """Zoe above Adam with `figure` as the only tie-breaker, Adam above Zoe by name without it."""
    alone = ranked(tournament, Settings(ranking=ranking, tiebreakers=(figure,)), adjustments)
    assert alone["Zoe"][ranking] == alone["Adam"][ranking]
    assert alone["Zoe"]["rank"] < alone["Adam"]["rank"]
    assert alone["Zoe"]["rank"] + 1 != alone["Adam"]["rank"] or alone["Zoe"]["ahead_by"] == figure
    by_name = ranked(tournament, Settings(ranking=ranking, tiebreakers=()), adjustments)
    assert by_name["Adam"]["rank"] < by_name["Zoe"]["rank"]
    return alone


def test_wins_decide() -> None:
    """Zoe: 1st (5) + 4th (1) = 6 points, 1 win; Adam: 2nd + 2nd = 6 points, no win."""
    t = Tournament(
        [[[("Zoe", 10), ("Adam", 8), ("F1", 6), ("F2", 4)]], [[("F3", 10), ("Adam", 8), ("F4", 6), ("Zoe", 4)]]]
    )
    alone = decided_by("wins", t)
    assert (alone["Zoe"]["wins"], alone["Adam"]["wins"]) == (1, 0)


def test_vp_decides() -> None:
    """Both win once and come 4th once (6 points); Zoe 12 + 3 = 15 VP, Adam 10 + 2 = 12."""
    t = Tournament(
        [
            [[("Zoe", 12), ("F1", 8), ("F2", 6), ("F3", 4)], [("Adam", 10), ("F4", 8), ("F5", 6), ("F6", 4)]],
            [[("F1", 10), ("F2", 8), ("F3", 6), ("Zoe", 3)], [("F4", 10), ("F5", 8), ("F6", 6), ("Adam", 2)]],
        ]
    )
    alone = decided_by("vp", t)
    assert (alone["Zoe"]["vp"], alone["Adam"]["vp"]) == (15, 12)


def test_vp_capped_decides_where_plain_vp_would_not() -> None:
    """Target 10. Zoe 10 + 10 = 20 VP, capped 20; Adam 14 + 9 = 23 VP, capped 10 + 9 = 19. Both win twice."""
    t = Tournament(
        [
            [[("Zoe", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("Adam", 14), ("F4", 8), ("F5", 6), ("F6", 4)]],
            [[("Zoe", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("Adam", 9), ("F4", 8), ("F5", 6), ("F6", 4)]],
        ]
    )
    alone = decided_by("vp_capped", t)
    assert (alone["Zoe"]["vp_capped"], alone["Adam"]["vp_capped"]) == (20, 19)
    assert ranked(t, Settings(tiebreakers=("vp",)))["Adam"]["rank"] == 1


def test_vp_pct_decides() -> None:
    """Both win with 10 VP; Zoe's table totals 30 (33.33), Adam's 36 (27.78)."""
    t = Tournament([[[("Zoe", 10), ("F1", 9), ("F2", 6), ("F3", 5)], [("Adam", 10), ("F4", 9), ("F5", 9), ("F6", 8)]]])
    alone = decided_by("vp_pct", t)
    assert (alone["Zoe"]["vp_pct"], alone["Adam"]["vp_pct"]) == (33.33, 27.78)


def test_mean_vp_pct_decides_where_the_sum_would_not() -> None:
    """5 points each. Zoe: one win, 10 of 24 = 41.67. Adam: 2nd (3) and 3rd (2): 9 of 30 = 30.00 and
    8 of 30 = 26.67, 56.67 in all but 28.335 a game, shown 28.34 (half up). Mean VP % puts Zoe first."""
    t = Tournament(
        [
            [[("Zoe", 10), ("F1", 6), ("F2", 5), ("F3", 3)], [("F4", 10), ("Adam", 9), ("F5", 6), ("F6", 5)]],
            [[("F7", 10), ("F8", 9), ("Adam", 8), ("F9", 3)]],
        ]
    )
    alone = decided_by("mean_vp_pct", t)
    assert (alone["Zoe"]["mean_vp_pct"], alone["Adam"]["mean_vp_pct"]) == (41.67, 28.34)
    assert (alone["Zoe"]["vp_pct"], alone["Adam"]["vp_pct"]) == (41.67, 56.67)
    assert (
        ranked(t, Settings(tiebreakers=("vp_pct",)))["Adam"]["rank"]
        < ranked(t, Settings(tiebreakers=("vp_pct",)))["Zoe"]["rank"]
    )


def test_places_decide_on_second_places() -> None:
    """9 points and one win each; Zoe 1st, 2nd, 4th (1/1/0), Adam 1st, 3rd, 3rd (1/0/2): Zoe has more 2nd places."""
    t = Tournament(
        [
            [[("Zoe", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("Adam", 10), ("F4", 8), ("F5", 6), ("F6", 4)]],
            [[("F1", 10), ("Zoe", 8), ("F2", 6), ("F3", 4)], [("F4", 10), ("F5", 8), ("Adam", 6), ("F6", 4)]],
            [[("F1", 10), ("F2", 8), ("F3", 6), ("Zoe", 4)], [("F4", 10), ("F5", 8), ("Adam", 6), ("F6", 4)]],
        ]
    )
    alone = decided_by("places", t)
    assert alone["Zoe"]["places"] == (1, 1, 0) and alone["Adam"]["places"] == (1, 0, 2)


def test_shared_places_count_one_kth_each() -> None:
    """Two tied for 2nd at a table of 4 share places 2 and 3: half of each (docs/rules.md §8)."""
    t = Tournament([[[("Ann", 10), ("Ben", 7), ("Cat", 7), ("Dan", 3)]]])
    rows = ranked(t, Settings(tiebreakers=("places",)))
    assert rows["Ben"]["places"] == rows["Cat"]["places"] == (0, 0.5, 0.5)
    assert rows["Ben"]["round_points"] == 2.5


def test_opponents_points_decide() -> None:
    """Round 1: Zoe and Adam win at separate tables (5 each). Zoe's opponents go on to win round 2's
    table without her (+5 for F1), Adam's do not play again: Zoe's opponents have more points."""
    t = Tournament(
        [
            [[("Zoe", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("Adam", 10), ("F4", 8), ("F5", 6), ("F6", 4)]],
            [[("F1", 10), ("F2", 8), ("F3", 6), ("F7", 4)]],
        ]
    )
    alone = decided_by("opponents_points", t)
    # Zoe met F1 (3 + 5), F2 (2 + 3), F3 (1 + 2) = 16; Adam met F4 (3), F5 (2), F6 (1) = 6
    assert (alone["Zoe"]["opponents_points"], alone["Adam"]["opponents_points"]) == (16, 6)


def test_opponents_opponents_points_decide() -> None:
    """Zoe and Adam each win once (5) against opponents with the same totals (F1..F3 and G1..G3: 6, 4, 2),
    so their Opponents' Points tie at 12; but Zoe's opponents met Big (10 points) in round 2, Adam's met H1 (5)."""
    t = Tournament(
        [
            [[("Zoe", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("Adam", 10), ("G1", 8), ("G2", 6), ("G3", 4)]],
            [[("Big", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("H1", 10), ("G1", 8), ("G2", 6), ("G3", 4)]],
            [[("Big", 10), ("H2", 8), ("H3", 6), ("H4", 4)]],
        ]
    )
    alone = decided_by("opponents_opponents_points", t)
    # F1 met Zoe 5, F2 4, F3 2, then Big 10, F2 4, F3 2: 27; F2: 13 + 18 = 31; F3: 15 + 20 = 35 -> Zoe 93
    # G1 met Adam 5, G2 4, G3 2, then H1 5, G2 4, G3 2: 22; G2: 13 + 13 = 26; G3: 15 + 15 = 30 -> Adam 78
    assert (alone["Zoe"]["opponents_opponents_points"], alone["Adam"]["opponents_opponents_points"]) == (93, 78)
    rows = ranked(t, Settings(tiebreakers=("opponents_points", "opponents_opponents_points")))
    assert rows["Zoe"]["opponents_points"] == rows["Adam"]["opponents_points"] == 12
    assert rows["Zoe"]["ahead_by"] == "opponents_opponents_points"


def test_penalties_decide() -> None:
    """Both end on 5 points: Zoe won (5); Adam won (5), lost 2 for being late and got 2 back as host."""
    t = Tournament([[[("Zoe", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("Adam", 10), ("F4", 8), ("F5", 6), ("F6", 4)]]])
    adjustments = [Adjustment("Adam", 1, Fraction(-2), "late"), Adjustment("Adam", None, Fraction(2), "host")]
    alone = decided_by("penalties", t, adjustments)
    assert (alone["Zoe"]["penalties"], alone["Adam"]["penalties"]) == (0, 2)
    assert alone["Adam"]["round_points"] == 5 and alone["Adam"]["adjustment_notes"] == "R1: −2 (late); +2 (host)"


def test_round_points_decide_under_ranking_by_wins() -> None:
    """Ranking: Wins. One win each; Zoe's other game is a 2nd (3), Adam's a 4th (1)."""
    t = Tournament(
        [
            [[("Zoe", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("Adam", 10), ("F4", 8), ("F5", 6), ("F6", 4)]],
            [[("F1", 10), ("Zoe", 8), ("F2", 6), ("F3", 4)], [("F4", 10), ("F5", 8), ("F6", 6), ("Adam", 4)]],
        ]
    )
    alone = decided_by("round_points", t, ranking="wins")
    assert (alone["Zoe"]["wins"], alone["Adam"]["wins"]) == (1, 1)
    assert (alone["Zoe"]["round_points"], alone["Adam"]["round_points"]) == (8, 6)


def test_name_is_last_even_when_listed_first() -> None:
    """`Name, VP`: the name is still the last tie-breaker; VP decides first."""
    t = Tournament([[[("Zoe", 12), ("F1", 8), ("F2", 6), ("F3", 4)], [("Adam", 10), ("F4", 8), ("F5", 6), ("F6", 4)]]])
    rows = ranked(t, Settings(tiebreakers=("name", "vp")))
    assert rows["Zoe"]["rank"] == 1 and rows["Zoe"]["ahead_by"] == "vp"
    assert criteria(Settings(tiebreakers=("name", "vp"))) == ["round_points", "vp", "name"]


def test_a_bye_is_no_game_no_win_and_no_place() -> None:
    """docs/rules.md §8: a bye gives Bye Points only."""
    t = Tournament([[[("Ann", 10), ("Ben", 8), ("Cat", 6), ("Dan", 4)]]], byes={1: ["Eve"]})
    rows = ranked(t, Settings(ranking="wins", tiebreakers=("places", "vp_pct")))
    assert (rows["Eve"]["round_points"], rows["Eve"]["games"], rows["Eve"]["wins"], rows["Eve"]["vp_pct"]) == (
        2.75,
        0,
        0,
        0,
    )
    assert rows["Eve"]["places"] == (0, 0, 0)


def test_polish_progression_orders_names_as_the_standings_do() -> None:
    """Lucyna and Łaba tie on everything; in Polish Ł comes after L, in the chart as in the standings."""
    t = Tournament(
        [
            [[("Łaba", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("Lucyna", 10), ("G1", 8), ("G2", 6), ("G3", 4)]],
            [[("Łaba", 10), ("F1", 8), ("F2", 6), ("F3", 4)], [("Lucyna", 10), ("G1", 8), ("G2", 6), ("G3", 4)]],
        ]
    )
    results = scored(t)
    standings = standings_for(results, Settings(), (), "pl")
    assert list(standings["player"][:2]) == ["Lucyna", "Łaba"]
    progression = rank_progression(results, Settings(), (), "pl", t.sheets(), ["Lucyna", "Łaba"])
    assert progression.to_dict("index") == {
        "Lucyna": {"Round 1": 1, "Round 2": 1},
        "Łaba": {"Round 1": 2, "Round 2": 2},
    }


def test_progression_leaves_a_late_starter_unranked_before_their_first_game() -> None:
    t = Tournament(
        [[[("Ann", 10), ("Ben", 8), ("Cat", 6)]], [[("Ann", 10), ("Ben", 8), ("Cat", 6), ("Dan", 12, True)]]]
    )
    progression = rank_progression(scored(t), Settings(), (), "en", t.sheets(), ["Ann", "Dan"])
    assert progression.at["Ann", "Round 1"] == 1 and progression.isna().at["Dan", "Round 1"]
    # Ann 5 + 3 = 8; Ben 3 + 2 = 5 with 16 VP; Dan 5 with 12 VP: third
    assert progression.at["Dan", "Round 2"] == 3


def test_seed_003_vp_percentage_to_the_hundredth() -> None:
    """Seed 003's worked example: A 116.95 and B 119.18, exactly (docs/rules.md §4)."""
    t = Tournament(
        [
            [[("A", 10), ("a1", 9), ("a2", 8), ("a3", 5)], [("B", 10), ("b1", 8), ("b2", 7), ("b3", 5)]],
            [[("A", 8), ("a1", 10), ("a2", 7), ("a3", 5)], [("B", 10), ("b1", 9), ("b2", 8), ("b3", 6)]],
            [[("A", 10), ("a1", 9), ("a2", 9), ("a3", 8)], [("B", 8), ("b1", 14), ("b2", 7), ("b3", 7)]],
            [[("A", 10), ("a1", 9), ("a2", 8), ("a3", 5)], [("B", 10), ("b1", 8), ("b2", 7), ("b3", 5)]],
        ]
    )
    rows = ranked(t, Settings())
    assert (rows["A"]["vp_pct"], rows["B"]["vp_pct"]) == (116.95, 119.18)
    assert (rows["B"]["rank"], rows["A"]["rank"], rows["B"]["ahead_by"]) == (1, 2, "vp_pct")  # 18 points, 38 VP each


def test_qualifying_sheets_are_the_rounds_up_to_the_setting() -> None:
    rounds = [
        RoundSheet(name, number, 1, {}, {}, pd.DataFrame(), 1)
        for name, number in (("R5", 5), ("Round 1", 1), ("Runda 4", 4))
    ]
    assert qualifying_sheets(rounds, Settings(qualifying_rounds=4)) == ["Round 1", "Runda 4"]
    assert qualifying_sheets(rounds, Settings()) == ["Round 1", "Runda 4", "R5"]
