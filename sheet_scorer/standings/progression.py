"""Rank after each round (docs/rules.md §4): the standings engine over rounds 1..k, for the report's chart."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from sheet_scorer.model import Adjustment, Settings
from sheet_scorer.standings.engine import criteria, places_of
from sheet_scorer.standings.tiebreakers import PLAYED_COLUMNS, Played, Totals, figures_from


def rank_progression(
    results: pd.DataFrame,
    settings: Settings,
    adjustments: Sequence[Adjustment],
    lang: str,
    sheets: Sequence[str],
    players: Sequence[str],
) -> pd.DataFrame:
    """Rank of each of `players` after each of `sheets` (in round order): index player, one column per sheet.

    Each column ranks the sheets up to that one as `standings_for` does, so the last column is the final rank;
    a player who had not played yet has no rank (NA). Incremental: the sums over games after round k are
    those after round k-1 plus round k's (`Totals`); only what depends on everyone's current totals (the
    opponents' points) and the places of `players` are worked out again, from arrays read once.
    """
    sheets = list(sheets)
    # only the columns read: each round's rows are taken from it again (the results' other columns would be copied)
    rows = results.loc[results["sheet"].isin(sheets), list(dict.fromkeys(["player", "round", *PLAYED_COLUMNS]))]
    named = [p for p in pd.unique(rows["player"]) if p != ""]
    everyone = pd.Index(list(dict.fromkeys([*named, *(a.player for a in adjustments)])), name="player", dtype=object)
    code = everyone.get_indexer(rows["player"])  # read once: each round takes its rows' player numbers from here
    where = pd.Index(sheets).get_indexer(rows["sheet"])
    round_of = rows["round"].to_numpy(dtype="float64", na_value=np.nan)
    arrays = Played.arrays(rows)  # read once; each round takes its rows from these
    decide = criteria(settings)
    wanted = list(players)
    totals: Totals | None = None
    met: list[np.ndarray] = []  # each round's game rows: player numbers and tables (numbered on from the last round's)
    tables: list[np.ndarray] = []
    next_table = 0
    seen = np.zeros(len(everyone), dtype=bool)
    rounds: set[int] = set()
    ranks = {}
    for k, sheet in enumerate(sheets):
        mine = where == k
        played = Played.of_arrays({name: values[mine] for name, values in arrays.items()}, code[mine])
        added = Totals.of(played, len(everyone), settings.victory_target)
        totals = added if totals is None else totals + added
        met.append(played.who)
        tables.append(played.table + next_table)
        next_table += int(played.table.max()) + 1 if played.table.size else 0
        seen[played.code] = True
        rounds |= {int(r) for r in np.unique(round_of[mine]) if r == r}
        complete = k == len(sheets) - 1
        counted = [a for a in adjustments if (a.round in rounds) or (a.round is None and complete)]
        present = seen.copy()
        present[everyone.get_indexer([a.player for a in counted])] = True
        figures = figures_from(everyone, totals, np.concatenate(met), np.concatenate(tables), counted)
        figures = figures.iloc[np.flatnonzero(present)]
        chosen = figures.index.get_indexer(wanted)
        found = chosen >= 0
        rank = np.zeros(len(wanted), dtype=np.int64)
        rank[found] = places_of(figures, decide, lang, chosen[found])
        ranks[sheet] = pd.arrays.IntegerArray(rank, ~found)  # NA: not ranked yet
    return pd.DataFrame(ranks, index=pd.Index(wanted, name="player"), columns=list(sheets))
