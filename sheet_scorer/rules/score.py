"""Game VP, awards, placements and round points (docs/rules.md §2, §3), vectorised over all tables at once.

Every function takes a frame with one row per player per game, grouped by `TABLE_KEYS`, and
returns row-aligned Series/DataFrames; nothing loops over tables in Python.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from sheet_scorer.model import Settings

TABLE_KEYS = ["sheet", "table"]
# The columns of `score_rounds`' result, also when no table could be read at all.
RESULT_COLUMNS = [
    "row",
    "sheet",
    "round",
    "table",
    "player",
    "seat",
    "army_first",
    "road_first",
    "declared",
    "settlements",
    "cities",
    "vp_cards",
    "knights",
    "roads",
    "road_length",
    "vp_entered",
    "army_bonus",
    "road_bonus",
    "vp",
    "bye",
    "scorable",
    "cell",
    "game",
    "place",
    "round_points",
    "table_vp",
    "table_size",
]


def table_codes(frame: pd.DataFrame) -> np.ndarray:
    """Each row's table as a number 0..n-1 (one per (sheet, table), in order of appearance, a missing table number
    one table of its sheet): what the numpy forms below group by. Three factorizations, the numbering a pandas
    grouping's `ngroup` gives at a tenth of its cost."""
    sheets, _ = pd.factorize(frame["sheet"], use_na_sentinel=False)
    tables, found = pd.factorize(frame["table"], use_na_sentinel=False)
    codes: np.ndarray = pd.factorize(sheets * (len(found) + 1) + tables)[0]
    return codes


def _per_table(tables: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The sum of `values` over each row's table, row-aligned."""
    sums: np.ndarray = np.bincount(tables, weights=values, minlength=int(tables.max(initial=-1)) + 1)
    aligned: np.ndarray = sums[tables]
    return aligned


def title_holders(frame: pd.DataFrame, value: str, minimum: int, first: str) -> pd.DataFrame:
    """Who is tied for a title (Largest Army / Longest Road) and who holds it.

    Columns: `leader` (eligible with the table's best value), `leaders` (how many tie),
    `flagged` (leaders marked as first), `holder` (gets the 2 VP).

    Worked out on the rows' table numbers in numpy: a handful of array operations however many tables there are
    (called four times per validation and again per scoring, where pandas' per-operation cost was most of it).
    """
    tables = table_codes(frame)
    size = int(tables.max()) + 1 if len(tables) else 0
    counts = frame[value].astype("Float64").to_numpy(dtype="float64", na_value=np.nan)
    eligible = counts >= minimum  # a missing count is not eligible
    best = np.full(size, -np.inf)
    np.maximum.at(best, tables, np.where(eligible, counts, -np.inf))
    leader = eligible & (counts == best[tables])
    leaders = np.bincount(tables, weights=leader, minlength=size).astype("int64")[tables]
    marked = leader & frame[first].astype(bool).to_numpy()
    flagged = np.bincount(tables, weights=marked, minlength=size).astype("int64")[tables]
    holder = leader & ((leaders == 1) | (marked & (flagged == 1)))
    return pd.DataFrame({"leader": leader, "leaders": leaders, "flagged": flagged, "holder": holder}, index=frame.index)


#: The two titles (docs/rules.md §2): name -> the count it is won by, the least that wins it, the tie marker.
TITLES = {"army": ("knights", 3, "army_first"), "road": ("road_length", 5, "road_first")}


def titles(frame: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """`title_holders` of both titles, by title name."""
    return {name: title_holders(frame, *how) for name, how in TITLES.items()}


def game_vp(frame: pd.DataFrame, holders: dict[str, pd.DataFrame] | None = None) -> pd.DataFrame:
    """`army_bonus`, `road_bonus` (0 or 2) and `vp` from the counts; NA where a count is missing. `holders`: the
    frame's `titles`, when the caller has them already."""
    holders = titles(frame) if holders is None else holders
    army, road = holders["army"]["holder"], holders["road"]["holder"]
    army_bonus = army.astype("Int64") * 2
    road_bonus = road.astype("Int64") * 2
    vp = frame["settlements"] + 2 * frame["cities"] + frame["vp_cards"] + army_bonus + road_bonus
    return pd.DataFrame({"army_bonus": army_bonus, "road_bonus": road_bonus, "vp": vp.astype("Int64")})


def at_target(frame: pd.DataFrame, target: int) -> pd.DataFrame:
    """`reached` (VP ≥ target) and `reached_count` per table: the declared-victory exception's inputs."""
    reached = (frame["vp"] >= target).fillna(False).astype(bool)
    count = _per_table(table_codes(frame), reached.to_numpy()).astype("int64")
    return pd.DataFrame({"reached": reached, "reached_count": count}, index=frame.index)


def _cumulative_points(points: tuple[Fraction, ...]) -> np.ndarray:
    return np.concatenate([[0.0], np.cumsum([float(p) for p in points])])


def _places(tables: np.ndarray, key: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each row's place in its table by `key`, highest first, ties sharing the best of their places (a "min" rank),
    and how many rows share its key there: one sort of all rows, whatever the number of tables."""
    if not len(key):
        return np.zeros(0, dtype="int64"), np.zeros(0, dtype="int64")
    order = np.lexsort((-key, tables))
    ordered_tables, ordered_keys = tables[order], key[order]
    positions = np.arange(len(order))
    table_starts = np.r_[True, ordered_tables[1:] != ordered_tables[:-1]]
    key_starts = table_starts | np.r_[True, ordered_keys[1:] != ordered_keys[:-1]]
    first_of_table = np.maximum.accumulate(np.where(table_starts, positions, 0))
    first_of_key = np.maximum.accumulate(np.where(key_starts, positions, 0))
    runs = np.cumsum(key_starts) - 1
    place, tied = np.empty(len(order), dtype="int64"), np.empty(len(order), dtype="int64")
    place[order] = first_of_key - first_of_table + 1
    tied[order] = np.bincount(runs)[runs]
    return place, tied


def place_tables(frame: pd.DataFrame, settings: Settings, tables: np.ndarray) -> pd.DataFrame:
    """`place` (best of shared places) and `round_points` (split for ties) for every player.

    The declared winner is placed first when two or more players reached the target (docs/rules.md §3).
    Expects only valid tables of 3 or 4 players with `vp` and `declared` filled; `tables`: the frame's `table_codes`.
    Worked out in numpy: pandas' grouped rank and sizes cost a small event more than the rest of its scoring.
    """
    vp = frame["vp"].astype("float64").to_numpy()
    reached = vp >= settings.victory_target
    declared_first = frame["declared"].astype(bool).to_numpy() & reached & (_per_table(tables, reached) >= 2)
    place, tied = _places(tables, vp + 1000.0 * declared_first)
    size = _per_table(tables, np.ones(len(tables)))
    first = place - 1
    cum4, cum3 = _cumulative_points(settings.points_4), _cumulative_points(settings.points_3)
    last = np.minimum(first + tied, 4)
    total = np.where(size == 4, cum4[last], cum3[np.minimum(last, 3)]) - np.where(
        size == 4, cum4[first], cum3[np.minimum(first, 3)]
    )
    return pd.DataFrame({"place": place, "round_points": total / tied}, index=frame.index)


def score_rounds(frame: pd.DataFrame, settings: Settings) -> pd.DataFrame:
    """Every row with its result: `vp`, bonuses, `place`, `round_points`, `table_vp`, `table_size`, `game`.

    Rows of a table with an error get no VP, place or round points (docs/rules.md §3); a valid bye row gets
    `Bye Points` and is not a game (docs/rules.md §8).
    """
    out = frame.copy()
    game = out["scorable"] & ~out["bye"]
    played = out[game]
    tables = table_codes(played)
    placed = place_tables(played, settings, tables)
    out["game"] = game
    out["place"] = placed["place"].reindex(out.index).astype("Int64")
    out["round_points"] = placed["round_points"].reindex(out.index)
    out.loc[out["scorable"] & out["bye"], "round_points"] = float(settings.bye_points)
    for column in ("vp", "army_bonus", "road_bonus"):
        out[column] = out[column].astype("Int64").where(game)
    vp = np.nan_to_num(played["vp"].astype("float64").to_numpy())  # a sum skips a missing VP, as pandas' does
    out["table_vp"] = pd.Series(_per_table(tables, vp), index=played.index).reindex(out.index).astype("Int64")
    out["table_size"] = (
        pd.Series(_per_table(tables, np.ones(len(tables))), index=played.index).reindex(out.index).astype("Int64")
    )
    return out
