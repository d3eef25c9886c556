"""The final ranking (docs/rules.md §6): final places 1-4, then each earlier stage's players by their place there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from sheet_scorer.i18n.vocab import PLAYOFF_STAGES

if TYPE_CHECKING:
    import pandas as pd

    from sheet_scorer.model import ScoreResult


@dataclass(frozen=True)
class Placing:
    """One line of the final ranking: where the player finished and their qualifying rank."""

    rank: int
    player: str
    stage: str  # "final", "semifinal", "quarterfinal" or "qualifying"
    qualifying_rank: int | None


def stage_complete(rows: pd.DataFrame, sheet: str, result: ScoreResult | None = None) -> bool:
    """True when `sheet` has tables, every one reported (docs/rules.md §3), and every row of it is a scored game."""
    mine = rows[rows["sheet"] == sheet]
    progress = result.progress_of(sheet) if result is not None else None
    if progress is not None and not progress.complete:
        return False
    return bool(len(mine)) and bool(mine["game"].all())


def final_ranking(rows: pd.DataFrame, ranking: list[str], stages: dict[str, str]) -> list[Placing]:
    """Final places first; then the players out in each earlier stage (semifinal, then quarterfinal) below everyone
    who went further, by their place at that stage's table, then by qualifying rank (semifinal 2nd places → 5-8,
    3rd → 9-12, … with 16); then everyone else by qualifying rank.

    `rows` are the playoff rows with decided places (`places.playoff_places`), `ranking` the qualifying order,
    `stages` each stage's sheet name (stage -> sheet).
    """
    qualifying = {name: index + 1 for index, name in enumerate(ranking)}
    order: list[tuple[str, str]] = []
    placed: set[str] = set()
    for stage in reversed(PLAYOFF_STAGES):  # final, semifinal, quarterfinal
        if stage not in stages:
            continue
        out = rows[(rows["sheet"] == stages[stage]) & rows["game"] & ~rows["player"].isin(placed)]
        out = out.assign(_q=out["player"].map(qualifying).fillna(len(qualifying) + 1))
        names = out.sort_values(["place", "_q"], kind="stable")["player"].tolist()
        order += [(name, stage) for name in names]
        placed |= set(names)
    order += [(name, "qualifying") for name in ranking if name not in placed]
    return [Placing(index, name, stage, qualifying.get(name)) for index, (name, stage) in enumerate(order, start=1)]


def event_placings(result: ScoreResult) -> list[Placing] | None:
    """The event's final ranking once its Final is scored (None before, or without playoff sheets), on the
    qualifying rank of the run (`result.qualifying`, computed once with the playoff places): what the terminal and the
    season show."""
    if result.playoff_results is None or result.qualifying is None:
        return None
    return event_ranking(result, result.qualifying)


def event_ranking(result: ScoreResult, ranking: list[str]) -> list[Placing] | None:
    """The final ranking of the event in `result` once its Final is scored, `ranking` its qualifying order; None before."""
    stages = {sheet.kind: sheet.name for sheet in result.data.playoffs}
    rows = result.playoff_results
    if "final" not in stages or rows is None or not stage_complete(rows, stages["final"], result):
        return None
    return final_ranking(rows, ranking, stages)
