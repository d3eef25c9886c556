"""The report's playoff section (docs/rules.md §6): each playoff sheet's tables and the final ranking."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sheet_scorer.i18n.vocab import STAGE_WORDS
from sheet_scorer.playoffs.qualifying import qualifying_ranking
from sheet_scorer.playoffs.ranking import event_ranking
from sheet_scorer.report.facts import as_flag, as_int, missing, playoff_rows, tables_of, withdrawn_notes

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult


def stage_name(kind: str, sheet: str, lang: str) -> str:
    """A playoff sheet's heading in the report's language (`Finał` reads `Finale` in French); its own name otherwise."""
    return STAGE_WORDS[kind][lang] if kind in STAGE_WORDS else sheet


def playoff_view(result: ScoreResult, lang: str, ids: dict[str, str] | None = None) -> dict[str, Any] | None:
    """The playoff sheets' tables (places decided by qualifying rank, with the rounds' badges, and a tie mark where
    equal VP were split by qualifying rank) and the final ranking once the Final is scored (docs/rules.md §6);
    None for an event without playoff sheets."""
    rows = playoff_rows(result)
    if rows is None or rows.empty:
        return None
    ids = ids or {}
    ranked = qualifying_ranking(result, lang)
    qualifying = {name: rank for rank, name in enumerate(ranked, start=1)}
    tables = tables_of(rows)
    stages = []
    for sheet in result.data.playoffs:
        cards = []
        for (name, table), players in sorted(tables.items(), key=lambda item: item[0][1]):
            if name != sheet.name:
                continue
            scored = all(bool(r["game"]) for r in players)
            vps = [as_int(r["vp"]) for r in players]
            cards.append(
                {
                    "table": int(table),
                    "scored": scored,
                    "players": [
                        {
                            "place": as_int(r["place"]),
                            "player": r["player"],
                            "id": ids.get(r["player"], ""),
                            "vp": as_int(r["vp"]),
                            "qualifying_rank": qualifying.get(r["player"]),
                            "declared": scored and as_flag(r["declared"]),
                            "army": as_int(r["army_bonus"]) == 2,
                            "road": as_int(r["road_bonus"]) == 2,
                            "tied": scored
                            and not missing(r["vp"])
                            and vps.count(as_int(r["vp"])) > 1
                            and not as_flag(r["declared"]),
                        }
                        for r in players
                    ],
                }
            )
        if cards:  # a sheet not played yet has no tables to show
            stages.append(
                {
                    "sheet": sheet.name,
                    "kind": sheet.kind,
                    "title": stage_name(sheet.kind, sheet.name, lang),
                    "id": f"playoff-{sheet.kind}",
                    "tables": cards,
                }
            )
    gone = withdrawn_notes(result, lang)  # marked here as in the standings (docs/rules.md §1)
    ranking = [
        {
            "rank": p.rank,
            "player": p.player,
            "stage": STAGE_WORDS[p.stage][lang],
            "qualifying_rank": p.qualifying_rank,
            "id": ids.get(p.player, ""),
            "withdrawn": gone.get(p.player, ""),
        }
        for p in event_ranking(result, ranked) or []
    ]
    return {"stages": stages, "ranking": ranking, "champion": ranking[0]["player"] if ranking else None}
