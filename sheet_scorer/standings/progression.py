"""Rank after each round (docs/rules.md §4): the standings engine over rounds 1..k, for the report's chart."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from sheet_scorer.model import Adjustment, Settings
from sheet_scorer.standings.engine import rank_players


def rank_progression(
    results: pd.DataFrame, settings: Settings, adjustments: Sequence[Adjustment], lang: str, sheets: Sequence[str],
    players: Sequence[str],
) -> pd.DataFrame:
    """Rank of each of `players` after each of `sheets` (in round order): index player, one column per sheet.

    Each column ranks the sheets up to that one as `standings_for` does, so the last column is the final rank;
    a player who had not played yet has no rank (NA).
    """
    ranks = {}
    for k, sheet in enumerate(sheets, start=1):
        rows = results[results["sheet"].isin(sheets[:k])]
        figures, order, _ = rank_players(rows, settings, adjustments, lang, complete=k == len(sheets))
        rank = pd.Series(np.arange(1, len(order) + 1), index=figures.index[order])
        ranks[sheet] = rank.reindex(list(players)).astype("Int64")
    return pd.DataFrame(ranks, index=pd.Index(list(players), name="player"), columns=list(sheets))
