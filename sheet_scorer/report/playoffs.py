"""The report's playoff section (docs/rules.md §6): each playoff sheet's tables and the final ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sheet_scorer.i18n.vocab import STAGE_WORDS
from sheet_scorer.playoffs.qualifying import qualifying_ranking
from sheet_scorer.playoffs.ranking import event_ranking
from sheet_scorer.report.facts import as_int

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult


def playoff_view(result: ScoreResult, lang: str) -> dict[str, Any] | None:
    """The playoff sheets' tables (places decided by qualifying rank) and the final ranking once the Final is
    scored (docs/rules.md §6); None for an event without playoff sheets."""
    rows = result.playoff_results
    if rows is None or rows.empty:
        return None
    ranked = qualifying_ranking(result, lang)
    qualifying = {name: rank for rank, name in enumerate(ranked, start=1)}
    played = rows[~rows["bye"] & rows["table"].notna()].sort_values(["table", "place", "row"])
    stages = [
        {"sheet": sheet.name, "tables": [
            {"table": int(table), "scored": bool(group["game"].all()), "players": [
                {"place": as_int(place), "player": player, "vp": as_int(vp), "qualifying_rank": qualifying.get(player)}
                for player, place, vp in zip(group["player"], group["place"], group["vp"])]}
            for table, group in played[played["sheet"] == sheet.name].groupby("table", sort=True)]}
        for sheet in result.data.playoffs
    ]
    stages = [stage for stage in stages if stage["tables"]]  # a sheet not played yet has no tables to show
    ranking = [{"rank": p.rank, "player": p.player, "stage": STAGE_WORDS[p.stage][lang], "qualifying_rank": p.qualifying_rank}
               for p in event_ranking(result, ranked) or []]
    return {"stages": stages, "ranking": ranking}
