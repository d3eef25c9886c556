"""Standings (docs/rules.md §4), with the worked examples of docs/rules.md §4 worked out by hand.

VP % = sum over a player's games of 100 x VP / table VP, the table VP of a 3-player table
raised by its average (x 4/3). Computed exactly; shown with two decimals.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from types import SimpleNamespace

import pandas as pd
import pytest
from engine_cases import Tournament, scored
from helpers import player, round_sheet, write_workbook

import sheet_scorer
from sheet_scorer.model import Settings
from sheet_scorer.standings.engine import standings_for

# (settlements, cities, VP cards) giving each VP with no bonus (knights 0, road length 1).
MAKE_VP = {
    2: (2, 0, 0),
    3: (3, 0, 0),
    4: (4, 0, 0),
    5: (5, 0, 0),
    6: (2, 2, 0),
    7: (3, 2, 0),
    8: (2, 3, 0),
    9: (1, 4, 0),
    10: (2, 4, 0),
    11: (3, 4, 0),
    12: (4, 4, 0),
    13: (5, 4, 0),
    14: (5, 4, 1),
}


def vp_row(table, name, vp, declared=""):
    settlements, cities, cards = MAKE_VP[vp]
    return player(table, name, settlements=settlements, cities=cities, vp_cards=cards, declared=declared)


def score(tmp_path, rounds, workbook=False):
    """rounds: sheet name -> list of (table, name, vp[, declared]). In memory (tests/engine_cases.py), or with
    `workbook` through a real workbook and `check_workbook`, as an organiser's file goes."""
    if not workbook:
        tables = [
            [
                [(name, vp, *flag) for t, name, vp, *flag in rows if t == number]
                for number in dict.fromkeys(r[0] for r in rows)
            ]
            for rows in rounds.values()
        ]
        return SimpleNamespace(standings=standings_for(scored(Tournament(tables)), Settings(), sheets=list(rounds)))
    sheets = {name: round_sheet(*(vp_row(*row) for row in rows)) for name, rows in rounds.items()}
    result = sheet_scorer.check_workbook(write_workbook(tmp_path / "event.xlsx", sheets))
    assert not result.has_errors, [p.message for p in result.problems]
    return result


def by_player(standings):
    return standings.set_index("player")


def two_decimals(value: float) -> str:
    """How a person rounds for display: half up (28.125 -> 28.13)."""
    return str(Decimal(repr(float(value))).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


def assert_ranks_are_1_to_n(standings):
    assert list(standings["rank"]) == list(range(1, len(standings) + 1))


# ---------------------------------------------------------------- docs/rules.md §4: A and B

# A: 10 of 32, 8 of 30 (2nd), 10 of 36, 10 of 32 -> 3 wins, 38 VP, 5+3+5+5 = 18 round points
# B: 10 of 30, 10 of 33, 8 of 36 (2nd), 10 of 30 -> 3 wins, 38 VP, 5+5+3+5 = 18 round points
# The others at A's table are Ola, Piotr, Rafał; at B's Sara, Tomek, Ula.
SEED_003 = {
    "Round 1": [
        (1, "A", 10),
        (1, "Ola", 9),
        (1, "Piotr", 8),
        (1, "Rafał", 5),  # 32
        (2, "B", 10),
        (2, "Sara", 8),
        (2, "Tomek", 7),
        (2, "Ula", 5),  # 30
    ],
    "Round 2": [
        (1, "A", 8),
        (1, "Ola", 10),
        (1, "Piotr", 7),
        (1, "Rafał", 5),  # 30
        (2, "B", 10),
        (2, "Sara", 9),
        (2, "Tomek", 8),
        (2, "Ula", 6),  # 33
    ],
    "Round 3": [
        (1, "A", 10),
        (1, "Ola", 9),
        (1, "Piotr", 9),
        (1, "Rafał", 8),  # 36
        (2, "B", 8),
        (2, "Sara", 14),
        (2, "Tomek", 7),
        (2, "Ula", 7),  # 36
    ],
    "Round 4": [
        (1, "A", 10),
        (1, "Ola", 9),
        (1, "Piotr", 8),
        (1, "Rafał", 5),  # 32
        (2, "B", 10),
        (2, "Sara", 8),
        (2, "Tomek", 7),
        (2, "Ula", 5),  # 30
    ],
}
# A: 100 x (10/32 + 8/30 + 10/36 + 10/32) = 100 x (225 + 96 + 100) / 360 = 42100/360 = 116.9444...
# B: 100 x (10/30 + 10/33 + 8/36 + 10/30) = 100 x (66 + 30 + 22) / 99   = 11800/99  = 119.1919...
A_PCT = Fraction(42100, 360)
B_PCT = Fraction(11800, 99)


def test_seed_003_table_totals_are_as_in_the_seed():
    totals = {
        sheet: {t: sum(vp for table, _, vp in rows if table == t) for t in (1, 2)} for sheet, rows in SEED_003.items()
    }
    assert [totals[s][1] for s in SEED_003] == [32, 30, 36, 32]
    assert [totals[s][2] for s in SEED_003] == [30, 33, 36, 30]
    assert 100 * (Fraction(10, 32) + Fraction(8, 30) + Fraction(10, 36) + Fraction(10, 32)) == A_PCT
    assert 100 * (Fraction(10, 30) + Fraction(10, 33) + Fraction(8, 36) + Fraction(10, 30)) == B_PCT


def test_seed_003_vp_percentage(tmp_path):
    result = score(tmp_path, SEED_003, workbook=True)
    table = by_player(result.standings)
    for name in ("A", "B"):
        assert table.at[name, "round_points"] == 18
        assert table.at[name, "vp"] == 38
        assert table.at[name, "games"] == 4
    # the worked example's own figures: each game's share rounded half up, then added (docs/rules.md §4)
    assert Decimal("31.25") + Decimal("26.67") + Decimal("27.78") + Decimal("31.25") == Decimal("116.95")
    assert Decimal("33.33") + Decimal("30.30") + Decimal("22.22") + Decimal("33.33") == Decimal("119.18")
    assert table.at["A", "vp_pct"] == 116.95 and table.at["B", "vp_pct"] == 119.18
    assert two_decimals(float(A_PCT)) == "116.94" and two_decimals(float(B_PCT)) == "119.19"  # the exact sums differ


def test_seed_003_b_ranks_above_a(tmp_path):
    result = score(tmp_path, SEED_003)
    table = by_player(result.standings)
    assert table.at["B", "rank"] == 1
    assert table.at["A", "rank"] == 2
    assert_ranks_are_1_to_n(result.standings)
    assert sorted(result.standings["player"]) == sorted({name for rows in SEED_003.values() for _, name, _ in rows})


def test_seed_003_round_points_per_round(tmp_path):
    result = score(tmp_path, SEED_003)
    table = by_player(result.standings)
    assert [table.at["A", f"Round {n}"] for n in (1, 2, 3, 4)] == [5, 3, 5, 5]
    assert [table.at["B", f"Round {n}"] for n in (1, 2, 3, 4)] == [5, 5, 3, 5]
    # Sara: 2nd (3), 2nd (3), 1st (5), 2nd (3)
    assert [table.at["Sara", f"Round {n}"] for n in (1, 2, 3, 4)] == [3, 3, 5, 3]
    assert table.at["Sara", "round_points"] == 14
    assert table.at["Sara", "vp"] == 8 + 9 + 14 + 8


# ---------------------------------------------------------------- docs/rules.md §4: a 3-player table


def test_three_player_table_vp_percentage(tmp_path):
    """10/9/5: 24 VP, average 8, counted as 32 -> 31.25, 28.125, 15.625 (shown 31.25, 28.13, 15.63)."""
    result = score(tmp_path, {"Round 1": [(1, "A", 10), (1, "B", 9), (1, "C", 5)]})
    table = by_player(result.standings)
    assert [table.at[n, "vp_pct"] for n in "ABC"] == [31.25, 28.13, 15.63]  # 28.125 and 15.625 rounded half up
    assert [table.at[n, "round_points"] for n in "ABC"] == [5, 3, 2]
    assert [table.at[n, "rank"] for n in "ABC"] == [1, 2, 3]


def test_four_player_table_vp_percentage_is_not_raised(tmp_path):
    """10/9/5/8 at a table of 4: 32 VP, so the same shares as the 3-player example plus 25.00."""
    result = score(tmp_path, {"Round 1": [(1, "A", 10), (1, "B", 9), (1, "C", 5), (1, "D", 8)]})
    table = by_player(result.standings)
    assert [table.at[n, "vp_pct"] for n in "ABCD"] == [31.25, 28.13, 15.63, 25.0]


# ---------------------------------------------------------------- the order of the ranking


def test_round_points_rank_before_vp(tmp_path):
    """Zenon wins with 5 VP (5 points); Adam is 2nd with 9 VP (3 points): Zenon ranks higher
    although Adam has more VP, a higher VP % (9/24 = 37.5 > 5/14 = 35.7) and an earlier name."""
    result = score(
        tmp_path,
        {
            "Round 1": [
                (1, "Zenon", 5),
                (1, "Kasia", 4),
                (1, "Jan", 3),
                (1, "Iza", 2),
                (2, "Wiola", 10),
                (2, "Adam", 9),
                (2, "Hubert", 3),
                (2, "Gosia", 2),
            ]
        },
    )
    table = by_player(result.standings)
    assert table.at["Zenon", "round_points"] == 5 and table.at["Adam", "round_points"] == 3
    assert table.at["Zenon", "rank"] < table.at["Adam", "rank"]
    assert list(result.standings["player"][:3]) == ["Wiola", "Zenon", "Adam"]  # 5 (10 VP), 5 (5 VP), 3
    assert_ranks_are_1_to_n(result.standings)


def test_vp_rank_before_vp_percentage(tmp_path):
    """Both win (5 points). Zenon 10 VP of 36 (27.78 %), Adam 8 VP of 14 (57.14 %): Zenon first on VP."""
    result = score(
        tmp_path,
        {
            "Round 1": [
                (1, "Zenon", 10),
                (1, "Kasia", 9),
                (1, "Jan", 9),
                (1, "Iza", 8),
                (2, "Adam", 8),
                (2, "Hubert", 2),
                (2, "Gosia", 2),
                (2, "Filip", 2),
            ]
        },
    )
    table = by_player(result.standings)
    assert table.at["Zenon", "vp_pct"] == 27.78 and table.at["Adam", "vp_pct"] == 57.14  # 27.77… and 57.142…
    assert list(result.standings["player"][:2]) == ["Zenon", "Adam"]


def test_vp_percentage_ranks_before_name(tmp_path):
    """Two winners with 10 VP each: Zenon of 30 (33.33 %) above Adam of 36 (27.78 %)."""
    result = score(
        tmp_path,
        {
            "Round 1": [
                (1, "Adam", 10),
                (1, "Kasia", 9),
                (1, "Jan", 9),
                (1, "Iza", 8),
                (2, "Zenon", 10),
                (2, "Hubert", 9),
                (2, "Gosia", 6),
                (2, "Filip", 5),
            ]
        },
    )
    assert list(result.standings["player"][:2]) == ["Zenon", "Adam"]


def test_name_decides_last_through_a_workbook(tmp_path):
    """All four tied at 4 VP: 2.75 points, 4 VP and 25 % each; then the name, as a person sorts."""
    result = score(
        tmp_path, {"Round 1": [(1, "Marek", 4), (1, "Łukasz", 4), (1, "Lucyna", 4), (1, "bartek", 4)]}, workbook=True
    )
    assert list(result.standings["player"]) == ["bartek", "Lucyna", "Łukasz", "Marek"]
    assert_ranks_are_1_to_n(result.standings)
    assert list(result.standings["round_points"]) == [2.75] * 4
    assert list(result.standings["vp_pct"]) == pytest.approx([25.0] * 4)


def test_name_order_case_insensitive_accents_beside_base_letter():
    names = ["Zenon", "Marek", "Łukasz", "Lucyna", "bartek", "Ania", "Żaneta", "Émile", "Eryk", "ola", "Olaf"]
    results = pd.DataFrame(
        {
            "sheet": "Round 1",
            "round": 1,
            "table": 1,
            "player": names,
            "vp": 5,
            "table_vp": 20,
            "table_size": 4,
            "round_points": 2.75,
            "place": 1,
            "game": True,
        }
    )
    standings = standings_for(results, Settings(), sheets=["Round 1"])
    # Ł sorts as L (after Lucyna, before Marek), Ż as Z, É as E; lower case beside upper case.
    assert list(standings["player"]) == [
        "Ania",
        "bartek",
        "Émile",
        "Eryk",
        "Lucyna",
        "Łukasz",
        "Marek",
        "ola",
        "Olaf",
        "Żaneta",
        "Zenon",
    ]
    assert_ranks_are_1_to_n(standings)


def test_ranks_have_no_gaps_and_no_shares_with_ties(tmp_path):
    """Two tables of identical results: every figure ties in pairs, yet ranks are 1..8."""
    result = score(
        tmp_path,
        {
            "Round 1": [
                (1, "Anna", 10),
                (1, "Bartek", 5),
                (1, "Celina", 5),
                (1, "Darek", 2),
                (2, "Ewa", 10),
                (2, "Filip", 5),
                (2, "Gosia", 5),
                (2, "Henryk", 2),
            ]
        },
    )
    standings = result.standings
    assert_ranks_are_1_to_n(standings)
    assert list(standings["player"]) == ["Anna", "Ewa", "Bartek", "Celina", "Filip", "Gosia", "Darek", "Henryk"]
    assert list(standings["round_points"]) == [5, 5, 2.5, 2.5, 2.5, 2.5, 1, 1]


# ---------------------------------------------------------------- absent players


def test_absent_player_scores_nothing_for_that_round(tmp_path):
    """Darek plays round 1 only (4th of 10/5/4/2: 1 point, 2 VP of 21); round 2 is a table of 3."""
    result = score(
        tmp_path,
        {
            "Round 1": [(1, "Anna", 10), (1, "Bartek", 5), (1, "Celina", 4), (1, "Darek", 2)],
            "Round 2": [(1, "Anna", 10), (1, "Bartek", 5), (1, "Celina", 4)],
        },
    )
    table = by_player(result.standings)
    assert table.at["Darek", "round_points"] == 1
    assert table.at["Darek", "vp"] == 2
    assert table.at["Darek", "games"] == 1
    assert table.at["Darek", "vp_pct"] == 9.52  # 9.5238…
    assert table.at["Darek", "Round 1"] == 1
    absent = table.at["Darek", "Round 2"]
    assert pd.isna(absent) or absent == 0
    # the others: round 2 at a table of 3 gives 5/3/2 and VP % of 19 x 4/3 = 76/3
    assert table.at["Anna", "round_points"] == 10 and table.at["Anna", "games"] == 2
    assert table.at["Anna", "vp_pct"] == 87.09  # 47.62 (47.619…) + 39.47 (10 of 19 × 4/3: 39.473…)
    assert table.at["Celina", "round_points"] == 4
    assert list(result.standings["player"]) == ["Anna", "Bartek", "Celina", "Darek"]
    assert_ranks_are_1_to_n(result.standings)


def test_vp_percentage_is_the_sum_of_rounded_shares_not_the_exact_sum():
    """docs/rules.md §4: each game's share is rounded half up to hundredths, then summed.
    Zenon: 5 of 20 (25.00) + 5 of 30 (16.666… -> 16.67) = 41.67; Adam: 5 of 24 twice (20.833… -> 20.83) = 41.66.
    Exactly, both are 125/3 and the name would put Adam first; the rulebook's figures put Zenon first."""
    assert Fraction(100 * 5, 20) + Fraction(100 * 5, 30) == Fraction(100 * 5, 24) * 2 == Fraction(125, 3)
    results = pd.DataFrame(
        {
            "sheet": ["Round 1", "Round 2", "Round 1", "Round 2"],
            "round": [1, 2, 1, 2],
            "table": [1, 1, 2, 2],
            "player": ["Zenon", "Zenon", "Adam", "Adam"],
            "vp": 5,
            "table_vp": [20, 30, 24, 24],
            "table_size": 4,
            "round_points": 2.0,
            "place": 3,
            "game": True,
        }
    )
    standings = standings_for(results, Settings(), sheets=["Round 1", "Round 2"])
    assert list(standings["player"]) == ["Zenon", "Adam"]
    assert list(standings["vp_pct"]) == [41.67, 41.66]
    assert list(standings["ahead_by"]) == ["vp_pct", ""]


def test_polish_name_order_puts_l_stroke_after_l():
    """In Polish, ł is a letter after l: Łaba after Lucyna (and Luiza), before Marek; elsewhere ł sits with l."""
    from sheet_scorer.standings.engine import name_order_key

    names = ["Marek", "Łaba", "Lucyna", "Luiza", "lech"]
    assert sorted(names, key=lambda n: name_order_key(n, "pl")) == ["lech", "Lucyna", "Luiza", "Łaba", "Marek"]
    assert sorted(names, key=lambda n: name_order_key(n, "en")) == ["Łaba", "lech", "Lucyna", "Luiza", "Marek"]
    assert sorted(["Zoë", "Zoe", "Ève", "Eva"], key=lambda n: name_order_key(n, "fr")) == ["Eva", "Ève", "Zoe", "Zoë"]


def test_the_cached_name_ranks_are_read_only():
    """`name_ranks` is kept for the next call (the chart ranks the same players each round): no caller may change it.
    Łaba, Lucyna, Marek in Polish order: Lucyna 0, Łaba 1, Marek 2."""
    from sheet_scorer.standings.tiebreakers import name_ranks

    ranks = name_ranks(("Łaba", "Lucyna", "Marek"), "pl")
    assert ranks.tolist() == [1, 0, 2]
    with pytest.raises(ValueError):
        ranks[0] = 0
    assert name_ranks(("Łaba", "Lucyna", "Marek"), "pl").tolist() == [1, 0, 2]
