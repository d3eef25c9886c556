"""One step of the playoffs (docs/rules.md §6): the sheet `sheet-scorer playoffs` adds next.

Qualifying → `Semifinal` (or `Final` when Playoff Size is 4) → `Final` → `Final Ranking`.
Expects a result without errors: the command refuses before, naming the cells.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from sheet_scorer.i18n.vocab import (
    FINAL_RANKING_SHEET,
    FINAL_RANKING_SHEET_NAMES,
    INPUT_HEADER_WORDS,
    PLAYOFF_HEADERS,
    PLAYOFF_SHEETS,
    STAGE_WORDS,
    fold,
)
from sheet_scorer.model import NewSheet, RoundSheet, ScoreResult, WorkbookError
from sheet_scorer.playoffs.places import table_winners
from sheet_scorer.playoffs.qualifying import qualifying_ranking, require_qualifying_played
from sheet_scorer.playoffs.ranking import Placing, event_ranking, stage_complete
from sheet_scorer.playoffs.seeding import pick_order, qualifiers, semifinal_tables
from sheet_scorer.rules.validate import name_key


def next_step(result: ScoreResult, lang: str) -> NewSheet:
    """The next playoff sheet of the event in `result`, its names and headers in `lang`."""
    data = result.data
    stages = {sheet.kind: sheet.name for sheet in data.playoffs}
    ranking = qualifying_ranking(result, lang)
    rows = result.playoff_results if result.playoff_results is not None else pd.DataFrame(columns=["sheet", "game"])
    if "final" in stages:
        _require_scored(rows, stages["final"])
        placings = event_ranking(result, ranking) or []
        return final_ranking_sheet(placings, _existing_final_ranking(data.sheet_names) or FINAL_RANKING_SHEET[lang], lang)
    if "semifinal" in stages:
        _require_scored(rows, stages["semifinal"])
        winners = table_winners(rows, stages["semifinal"])
        if not 3 <= len(winners) <= 4:
            raise WorkbookError(f"'{stages['semifinal']}' has {len(winners)} table winners; a final needs 3 or 4",
                                "final_needs_winners", sheet=stages["semifinal"], n=len(winners))
        return playoff_sheet("final", [winners], ranking, data.rounds[-1], lang)
    require_qualifying_played(data)
    inactive = {name_key(p.name) for p in data.players or [] if not p.active}
    qualified = qualifiers(ranking, inactive, data.settings.playoff_size)
    if len(qualified) == 4:  # Playoff Size 4: no semifinals, straight to the final
        return playoff_sheet("final", [qualified], ranking, data.rounds[-1], lang)
    return playoff_sheet("semifinal", semifinal_tables(qualified), ranking, data.rounds[-1], lang)


def _require_scored(rows: pd.DataFrame, sheet: str) -> None:
    if not stage_complete(rows, sheet):
        raise WorkbookError(f"'{sheet}' has no scored games yet; fill in its results, then run playoffs again",
                            "playoff_not_played", sheet=sheet)


def _existing_final_ranking(sheet_names: list[str]) -> str | None:
    """The name of a Final Ranking sheet already in the workbook (any language): it is rewritten, not added twice."""
    return next((name for name in sheet_names if fold(name) in FINAL_RANKING_SHEET_NAMES), None)


def _fields(layout: RoundSheet) -> list[str]:
    """The input columns of `layout` in its order, with Seat after Table when it has none."""
    fields = [f for f, _ in sorted(layout.columns.items(), key=lambda item: item[1]) if not (f == "vp" and layout.vp_is_computed)]
    if "seat" not in fields:
        fields.insert(fields.index("table") + 1, "seat")
    return fields


def playoff_sheet(stage: str, tables: list[list[str]], ranking: list[str], layout: RoundSheet, lang: str) -> NewSheet:
    """A Semifinal/Final sheet laid out like the round sheet `layout`: Table, Seat and Player filled, the game
    columns empty for the judge, and each player's qualifying rank and seat pick (1 picks first, seed 003)."""
    fields = _fields(layout)
    qualifying = {name: index + 1 for index, name in enumerate(ranking)}
    header = [INPUT_HEADER_WORDS[f][lang] for f in fields] + [PLAYOFF_HEADERS[k][lang] for k in ("qualifying_rank", "pick")]
    rows: list[list[Any]] = [[] for _ in range(layout.header_row - 1)] + [header]  # the header where `layout` has it
    for table, players in enumerate(tables, start=1):
        for pick, name in enumerate(pick_order(players, ranking), start=1):
            known = {"table": table, "seat": pick, "player": name}
            rows.append([known.get(f) for f in fields] + [qualifying.get(name), pick])
    return NewSheet(PLAYOFF_SHEETS[stage][lang], rows, layout_from=layout.name, header_row=layout.header_row)


def final_ranking_sheet(placings: list[Placing], name: str, lang: str) -> NewSheet:
    """The Final Ranking sheet: Rank, Player, Stage, Qualifying Rank (the tool's own: rewritten on a re-run)."""
    header = [PLAYOFF_HEADERS[k][lang] for k in ("rank", "player", "stage", "qualifying_rank")]
    rows: list[list[Any]] = [header] + [[p.rank, p.player, STAGE_WORDS[p.stage][lang], p.qualifying_rank] for p in placings]
    return NewSheet(name, rows, widths={1: 6, 2: 28, 3: 14, 4: 16}, replace=True)
