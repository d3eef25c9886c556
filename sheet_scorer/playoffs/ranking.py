"""The final ranking (docs/rules.md §6): final places 1-4, then semifinal places by stage, then the rest."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from sheet_scorer.model import ScoreResult


@dataclass(frozen=True)
class Placing:
    """One line of the final ranking: where the player finished and their qualifying rank."""

    rank: int
    player: str
    stage: str  # "final", "semifinal" or "qualifying"
    qualifying_rank: int | None


def stage_complete(rows: pd.DataFrame, sheet: str) -> bool:
    """True when `sheet` has tables and every row of it is a scored game."""
    mine = rows[rows["sheet"] == sheet]
    return bool(len(mine)) and bool(mine["game"].all())


def final_ranking(rows: pd.DataFrame, ranking: list[str], final: str, semifinal: str | None) -> list[Placing]:
    """Final places first; then semifinal players not in the final by their semifinal place (2nd → 5-8, 3rd → 9-12,
    4th → 13-16), each group by qualifying rank; then everyone else by qualifying rank.

    `rows` are the playoff rows with decided places (`places.playoff_places`), `ranking` the qualifying order.
    """
    qualifying = {name: index + 1 for index, name in enumerate(ranking)}
    finalists = rows[(rows["sheet"] == final) & rows["game"]].sort_values("place")["player"].tolist()
    order = [(name, "final") for name in finalists]
    if semifinal is not None:
        semi = rows[(rows["sheet"] == semifinal) & rows["game"] & ~rows["player"].isin(finalists)]
        semi = semi.assign(_q=semi["player"].map(qualifying).fillna(len(qualifying) + 1))
        order += [(name, "semifinal") for name in semi.sort_values(["place", "_q"], kind="stable")["player"]]
    placed = {name for name, _ in order}
    order += [(name, "qualifying") for name in ranking if name not in placed]
    return [Placing(index, name, stage, qualifying.get(name)) for index, (name, stage) in enumerate(order, start=1)]


def event_ranking(result: ScoreResult, ranking: list[str]) -> list[Placing] | None:
    """The final ranking of the event in `result` once its Final is scored, `ranking` its qualifying order; None before."""
    stages = {sheet.kind: sheet.name for sheet in result.data.playoffs}
    rows = result.playoff_results
    if "final" not in stages or rows is None or not stage_complete(rows, stages["final"]):
        return None
    return final_ranking(rows, ranking, stages["final"], stages.get("semifinal"))
