"""Places in playoff games (docs/rules.md §6): a tie at a table is decided by the qualifying rank."""

from __future__ import annotations

import pandas as pd


def playoff_places(rows: pd.DataFrame, ranking: list[str]) -> pd.DataFrame:
    """`rows` (scored playoff rows) with no shared places: equal places are ordered by qualifying rank.

    The rules' place already puts the declared winner first; only its ties are split here. Round points
    are left empty, as playoff games do not count in the standings.
    """
    rank = {name: index for index, name in enumerate(ranking)}
    out = rows.copy()
    games = out[out["game"]]
    ordered = games.assign(_q=games["player"].map(rank).fillna(len(rank))).sort_values(
        ["sheet", "table", "place", "_q", "player"], kind="stable"
    )
    out.loc[ordered.index, "place"] = (ordered.groupby(["sheet", "table"]).cumcount() + 1).astype("int64")
    out["round_points"] = float("nan")
    return out


def table_winners(rows: pd.DataFrame, sheet: str, per_table: int = 1) -> list[str]:
    """The top `per_table` players of each scored table of `sheet` (places already decided), by table, then place."""
    winners = rows[(rows["sheet"] == sheet) & rows["game"] & (rows["place"] <= per_table)]
    return winners.sort_values(["table", "place"])["player"].tolist()
