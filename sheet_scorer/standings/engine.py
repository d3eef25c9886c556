"""The one ranking of players (docs/rules.md §4, §7, §8): every output and every command reads it.

Players are ranked by the `Ranking` figure (round points or wins), then by the `Tiebreakers` in
order, then by name. `standings_for` ranks over all round sheets or a chosen subset of them (the
rank progression ranks rounds 1..k, the playoffs the qualifying rounds only).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from sheet_scorer.model import Adjustment, RoundSheet, Settings
from sheet_scorer.standings.tiebreakers import name_order_key, player_figures, sort_keys

__all__ = [
    "BASE_COLUMNS",
    "criteria",
    "figure_columns",
    "name_order_key",
    "order_players",
    "places_of",
    "qualifying_sheets",
    "rank_players",
    "standings_for",
]

#: The columns every standings frame starts with (docs/rules.md §5).
BASE_COLUMNS = ["rank", "player", "round_points", "vp", "vp_pct", "games"]
#: Marks the end of the shown figures: the round sheets' columns follow it.
AHEAD_BY = "ahead_by"


def criteria(settings: Settings) -> list[str]:
    """What decides, in order: the ranking figure, the tie-breakers (each once), then the name."""
    order = [settings.ranking, *settings.tiebreakers]
    return [c for i, c in enumerate(order) if c != "name" and c not in order[:i]] + ["name"]


def figure_columns(settings: Settings, with_adjustments: bool) -> list[str]:
    """The standings columns shown before the round sheets (docs/rules.md §5): rank, player, the ranking figure,
    the tie-breakers in their order, then the base figures not shown yet, then adjustments.

    The figure that ranks comes first, so a reader sees why one player is above another."""
    deciding = [c for c in criteria(settings) if c != "name"]
    rest = [c for c in BASE_COLUMNS[2:] if c not in deciding]
    return BASE_COLUMNS[:2] + deciding + rest + (["adjustments", "adjustment_notes"] if with_adjustments else [])


def standings_for(
    results: pd.DataFrame,
    settings: Settings,
    adjustments: Sequence[Adjustment] = (),
    lang: str = "en",
    sheets: Sequence[str] | None = None,
) -> pd.DataFrame:
    """The standings over `sheets` (default: every round sheet in `results`), one row per player in rank order.

    Columns: `figure_columns(...)`, then `ahead_by` (the figure that put the player ahead of the next
    one: "round_points", "vp", …, "name"; "" for the last), then one column per round sheet with the
    player's round points in it. Adjustments count when their round is among `sheets`; one with no
    round counts when `sheets` cover every round played (the full standings).
    """
    played = list(pd.unique(results["sheet"]))
    all_sheets = played if sheets is None else list(sheets)
    rows = results if sheets is None else results[results["sheet"].isin(all_sheets)]
    complete = set(played) <= set(all_sheets)
    figures, order, ahead_by = rank_players(rows, settings, adjustments, lang, complete)
    ranked = figures.iloc[order].reset_index()
    ranked.insert(0, "rank", np.arange(1, len(ranked) + 1))
    ranked = ranked[figure_columns(settings, bool(adjustments))].assign(**{AHEAD_BY: ahead_by})
    per_round = _round_points_by_sheet(rows, ranked["player"], all_sheets)
    rounds = pd.DataFrame(per_round, columns=pd.Index(all_sheets, dtype=object), index=ranked.index)
    return pd.concat([ranked, rounds], axis=1)  # all round columns at once: 152 one-by-one inserts fragment the frame


def _round_points_by_sheet(rows: pd.DataFrame, players: pd.Series, sheets: list[str]) -> np.ndarray:
    """players × sheets: each player's round points in each sheet; NaN where they have none (absent, or not scored)."""
    who = pd.Index(players).get_indexer(rows["player"])
    where = pd.Index(sheets).get_indexer(rows["sheet"])
    points = rows["round_points"].to_numpy(dtype="float64", na_value=np.nan)
    ok = (who >= 0) & (where >= 0) & ~np.isnan(points)
    cells = who[ok] * len(sheets) + where[ok]
    size = len(players) * len(sheets)
    sums = np.bincount(cells, weights=points[ok], minlength=size).reshape(len(players), len(sheets))
    counts = np.bincount(cells, minlength=size).reshape(len(players), len(sheets))
    return np.where(counts > 0, sums, np.nan)


def rank_players(
    rows: pd.DataFrame,
    settings: Settings,
    adjustments: Sequence[Adjustment],
    lang: str,
    complete: bool,
) -> tuple[pd.DataFrame, np.ndarray, list[str]]:
    """The figures of every player in `rows`, their positions in rank order, and what put each ahead of the next.

    `complete`: the rows are every round, so an adjustment with no round counts too.
    """
    rounds = set(pd.unique(rows["round"].dropna()).astype(int))
    counted = [a for a in adjustments if (a.round in rounds) or (a.round is None and complete)]
    named = pd.unique(rows["player"])
    players = pd.Index(
        list(dict.fromkeys([*(p for p in named if p != ""), *(a.player for a in counted)])), name="player", dtype=object
    )
    figures = player_figures(rows, settings, counted, players)
    order, ahead_by = order_players(figures, criteria(settings), lang)
    return figures, order, ahead_by


def qualifying_sheets(rounds: Sequence[RoundSheet], settings: Settings) -> list[str]:
    """The round sheets of the qualifying rounds (docs/rules.md §6, §7): numbered up to `Qualifying Rounds`, all when not set."""
    last = settings.qualifying_rounds
    return [s.name for s in sorted(rounds, key=lambda s: s.number) if last is None or s.number <= last]


def order_players(figures: pd.DataFrame, decide: list[str], lang: str) -> tuple[np.ndarray, list[str]]:
    """Positions of the players in rank order, and for each the first figure that differs from the next player's."""
    keys = {figure: sort_keys(figures, figure, lang) for figure in decide}
    flat = [array for figure in decide for array in keys[figure]]
    order = np.lexsort(flat[::-1]) if len(figures) else np.arange(0)
    ahead_by = np.full(len(order), "", dtype=object)
    for figure in reversed(decide):
        differs = np.zeros(max(len(order) - 1, 0), dtype=bool)
        for array in keys[figure]:
            ranked = array[order]
            differs |= ranked[:-1] != ranked[1:]
        ahead_by[:-1] = np.where(differs, figure, ahead_by[:-1])
    return order, ahead_by.tolist()


def places_of(figures: pd.DataFrame, decide: list[str], lang: str, chosen: np.ndarray) -> np.ndarray:
    """The 1-based rank of each of the `chosen` positions among all `figures`, as `order_players` orders them: the
    players ahead of each counted, not everyone sorted (the chart follows 8 players of 10,000)."""
    keys = [array for figure in decide for array in sort_keys(figures, figure, lang)]
    places = np.empty(len(chosen), dtype=np.int64)
    for i, me in enumerate(chosen.tolist()):
        ahead = np.zeros(len(figures), dtype=bool)
        tied = np.ones(len(figures), dtype=bool)
        for array in keys:
            mine = array[me]
            if mine != mine:  # NaN: after every number, level with other NaN (as np.lexsort places it)
                ahead |= tied & ~np.isnan(array)
                tied &= np.isnan(array)
            else:
                ahead |= tied & (array < mine)
                tied &= array == mine
        places[i] = 1 + int(ahead.sum()) + int(tied[:me].sum())  # a full tie: the earlier position first, as lexsort
    return places
