"""Rank after each round (docs/rules.md §4): the standings engine over rounds 1..k, for the report's chart."""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from sheet_scorer.model import Adjustment, Settings
from sheet_scorer.standings.engine import standings_for


def rank_progression(
    results: pd.DataFrame, settings: Settings, adjustments: Sequence[Adjustment], lang: str, sheets: Sequence[str],
    players: Sequence[str],
) -> pd.DataFrame:
    """Rank of each of `players` after each of `sheets` (in round order): index player, one column per sheet.

    Each column is `standings_for` the sheets up to that one, so the last column is the final rank;
    a player who had not played yet has no rank (NA).
    """
    ranks = {}
    for k, sheet in enumerate(sheets, start=1):
        subset = None if k == len(sheets) else sheets[:k]  # the last: the full standings, event-wide adjustments too
        standings = standings_for(results, settings, adjustments, lang, subset)
        ranks[sheet] = pd.Series(standings["rank"].to_numpy(), index=standings["player"]).reindex(list(players)).astype("Int64")
    return pd.DataFrame(ranks, index=pd.Index(list(players), name="player"), columns=list(sheets))
