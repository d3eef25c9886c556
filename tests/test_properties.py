"""Property tests on random VALID tables (docs/rules.md §2–§4).

The generator draws counts that satisfy every rule of docs/rules.md §2 and marks the flags the rules
ask for (Army First / Road First on exactly one of tied leaders, Declared on exactly one player
when two or more reach 10 VP), and computes each player's VP by the docs/rules.md §2 formula as the oracle.

Most properties run on the pure functions (fast); one runs the whole public path on written
workbooks with fewer examples.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pandas as pd
from helpers import examples, player, round_sheet, write_workbook
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheet_scorer
from sheet_scorer.model import Settings
from sheet_scorer.rules.score import game_vp, score_rounds
from sheet_scorer.standings.engine import standings_for

NAMES = [
    "Anna",
    "Bartek",
    "Celina",
    "Darek",
    "Ewa",
    "Filip",
    "Gosia",
    "Henryk",
    "Iza",
    "Jan",
    "Kasia",
    "Łukasz",
    "Lucyna",
    "Marek",
    "Żaneta",
    "Zenon",
]
MARKS = ["x", "X", "✓", "yes", "TRUE", "1", True, 1]
TARGET = 10
FAST = settings(max_examples=examples(40), deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=examples(8), deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def valid_table(draw, table: int, names: list[str]) -> list[dict]:
    """One valid table of len(names) players (3 or 4), as dicts of player() arguments plus `expected_vp`."""
    players = []
    cards_left, knights_left = 5, 14
    for name in names:
        cities = draw(st.integers(0, 4))
        settlements = draw(st.integers(0 if cities else 2, 5))
        vp_cards = draw(st.integers(0, cards_left))
        cards_left -= vp_cards
        knights = draw(st.integers(0, min(6, knights_left)))  # small values: ties for the army are common
        knights_left -= knights
        roads = draw(st.integers(2, 15))
        road_length = draw(st.integers(0, min(roads, 8)))
        players.append(
            {
                "table": table,
                "name": name,
                "settlements": settlements,
                "cities": cities,
                "vp_cards": vp_cards,
                "knights": knights,
                "roads": roads,
                "road_length": road_length,
                "army_first": "",
                "road_first": "",
                "declared": "",
            }
        )
    bonus = {i: 0 for i in range(len(players))}
    for value, minimum, flag in (("knights", 3, "army_first"), ("road_length", 5, "road_first")):
        best = max((p[value] for p in players if p[value] >= minimum), default=None)
        leaders = [i for i, p in enumerate(players) if best is not None and p[value] == best]
        if not leaders:
            continue
        holder = draw(st.sampled_from(leaders))
        bonus[holder] += 2
        if len(leaders) >= 2 or draw(st.booleans()):  # needed on a tie, harmless on a sole leader
            players[holder][flag] = draw(st.sampled_from(MARKS))
    for i, p in enumerate(players):
        p["expected_vp"] = p["settlements"] + 2 * p["cities"] + p["vp_cards"] + bonus[i]
    reached = [i for i, p in enumerate(players) if p["expected_vp"] >= TARGET]
    if len(reached) >= 2 or (reached and draw(st.booleans())):
        players[draw(st.sampled_from(reached))]["declared"] = draw(st.sampled_from(MARKS))
    return players


@st.composite
def valid_round(draw, max_tables: int = 3) -> list[dict]:
    sizes = draw(st.lists(st.sampled_from([3, 4]), min_size=1, max_size=max_tables))
    names = draw(st.permutations(NAMES))
    players, start = [], 0
    for table, size in enumerate(sizes, start=1):
        players += draw(valid_table(table, names[start : start + size]))
        start += size
    return players


def is_marked(value) -> bool:
    return value is True or str(value).strip().lower() in {"x", "✓", "yes", "true", "1"}


def frame_of(players: list[dict]) -> pd.DataFrame:
    """The typed frame the validator would hand to the scorer."""
    rows = []
    for p in players:
        rows.append(
            {
                "sheet": "Round 1",
                "round": 1,
                "table": p["table"],
                "player": p["name"],
                **{k: p[k] for k in ("settlements", "cities", "vp_cards", "knights", "roads", "road_length")},
                **{k: is_marked(p[k]) for k in ("army_first", "road_first", "declared")},
                "bye": False,
                "scorable": True,
            }
        )
    frame = pd.DataFrame(rows)
    for column in ("table", "settlements", "cities", "vp_cards", "knights", "roads", "road_length"):
        frame[column] = frame[column].astype("Int64")
    return frame


def score_pure(players: list[dict]) -> pd.DataFrame:
    frame = frame_of(players)
    frame = pd.concat([frame, game_vp(frame)], axis=1)
    return score_rounds(frame, Settings())


def outcome(results: pd.DataFrame) -> dict[str, tuple]:
    return {r.player: (int(r.vp), int(r.place), round(float(r.round_points), 9)) for r in results.itertuples()}


def check_table_sums(results: pd.DataFrame) -> None:
    for _, table in results.groupby("table"):
        expected = {4: 11.0, 3: 10.0}[len(table)]
        assert abs(table["round_points"].sum() - expected) < 1e-9
        assert table["place"].min() == 1


# ---------------------------------------------------------------- pure functions


@FAST
@given(valid_round())
def test_vp_formula_and_round_points_sum_per_table(players):
    """VP = S + 2C + cards + 2 + 2 (bonuses); default points sum to 5+3+2+1 = 11 at a table of 4 and
    5+3+2 = 10 at a table of 3, ties included."""
    results = score_pure(players)
    assert list(results["vp"].astype(int)) == [p["expected_vp"] for p in players]
    assert results["vp"].between(0, 22).all()
    check_table_sums(results)


@FAST
@given(valid_round())
def test_declared_winner_is_first(players):
    results = score_pure(players).set_index("player")
    for table in {p["table"] for p in players}:
        at_table = [p for p in players if p["table"] == table]
        reached = [p for p in at_table if p["expected_vp"] >= TARGET]
        if len(reached) >= 2:
            winner = next(p["name"] for p in reached if is_marked(p["declared"]))
            assert results.at[winner, "place"] == 1
            assert results.at[winner, "round_points"] == 5  # nobody shares the declared winner's place
        for p in at_table:  # otherwise: 1 + the number of players placed strictly ahead
            ahead = [q for q in at_table if q["expected_vp"] > p["expected_vp"]]
            if len(reached) >= 2 and not is_marked(p["declared"]):
                declarer = next(q for q in reached if is_marked(q["declared"]))
                ahead = [q for q in ahead if q is not declarer] + [declarer]
            if len(reached) < 2 or not is_marked(p["declared"]):
                assert results.at[p["name"], "place"] == 1 + len(ahead)


@FAST
@given(valid_round(), st.randoms(use_true_random=False))
def test_shuffling_rows_changes_nothing(players, random):
    shuffled = list(players)
    random.shuffle(shuffled)
    assert outcome(score_pure(shuffled)) == outcome(score_pure(players))


@FAST
@given(valid_round())
def test_standings_are_a_permutation_ranked_1_to_n(players):
    standings = standings_for(score_pure(players), Settings(), sheets=["Round 1"])
    assert sorted(standings["player"]) == sorted(p["name"] for p in players)
    assert list(standings["rank"]) == list(range(1, len(players) + 1))
    points = list(standings["round_points"])
    assert points == sorted(points, reverse=True)


# ---------------------------------------------------------------- the whole public path


def check_rows(directory: Path, name: str, players: list[dict]):
    rows = [
        player(
            *(p[k] for k in ("table", "name")),
            **{
                k: p[k]
                for k in (
                    "settlements",
                    "cities",
                    "vp_cards",
                    "knights",
                    "roads",
                    "road_length",
                    "army_first",
                    "road_first",
                    "declared",
                )
            },
        )
        for p in players
    ]
    return sheet_scorer.check_workbook(write_workbook(directory / name, {"Round 1": round_sheet(*rows)}))


@SLOW
@given(valid_round(max_tables=2), st.randoms(use_true_random=False))
def test_workbook_valid_tables_score_and_shuffle(players, random):
    shuffled = list(players)
    random.shuffle(shuffled)
    with tempfile.TemporaryDirectory() as tmp:
        result = check_rows(Path(tmp), "a.xlsx", players)
        again = check_rows(Path(tmp), "b.xlsx", shuffled)
    # valid tables: no error; the only possible warning is a table where nobody reached 10
    assert {p.code for p in result.problems} <= {"no-target"}
    assert {p.code for p in again.problems} <= {"no-target"}
    by_name = result.results.set_index("player")
    for p in players:
        assert by_name.at[p["name"], "vp"] == p["expected_vp"]
    check_table_sums(result.results)
    assert outcome(result.results) == outcome(again.results)
    standings = result.standings
    assert sorted(standings["player"]) == sorted(p["name"] for p in players)
    assert list(standings["rank"]) == list(range(1, len(players) + 1))
    assert standings.set_index("player")["rank"].to_dict() == again.standings.set_index("player")["rank"].to_dict()
