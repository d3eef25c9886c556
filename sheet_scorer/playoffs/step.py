"""One step of the playoffs (docs/rules.md §6): the sheet `sheet-scorer playoffs` adds next.

Qualifying → `Quarterfinal` (Playoff Size 32) → `Semifinal` (8, 16, 32) → `Final` → `Final Ranking`.
Expects a result without errors: the command refuses before, naming the cells.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from sheet_scorer.i18n.text import text
from sheet_scorer.i18n.vocab import (
    COLUMN_WORDS,
    FINAL_RANKING_SHEET,
    FINAL_RANKING_SHEET_NAMES,
    PLAYOFF_HEADERS,
    PLAYOFF_SHEETS,
    PLAYOFF_SIZES,
    STAGE_WORDS,
    fold,
)
from sheet_scorer.model import NewSheet, RoundSheet, ScoreResult, WorkbookError
from sheet_scorer.playoffs.places import table_winners
from sheet_scorer.playoffs.qualifying import (
    qualified_players,
    qualifying_ranking,
    require_qualifying_played,
    withdrawn_notes,
)
from sheet_scorer.playoffs.ranking import Placing, event_ranking, stage_complete
from sheet_scorer.playoffs.seeding import (
    DEFAULT_PLAYOFF_SIZE,
    advancing_per_table,
    check_size,
    first_stage_tables,
    next_stage_tables,
    pick_order,
)


def next_step(result: ScoreResult, lang: str) -> NewSheet:
    """The next playoff sheet of the event in `result`, its names and headers in `lang`."""
    data = result.data
    stages = {sheet.kind: sheet.name for sheet in data.playoffs}
    ranking = qualifying_ranking(result, lang)
    rows = result.playoff_results if result.playoff_results is not None else pd.DataFrame(columns=["sheet", "game"])
    if "final" in stages:
        _require_scored(rows, stages["final"], result)
        placings = event_ranking(result, ranking) or []
        name = _existing_final_ranking(data.sheet_names) or FINAL_RANKING_SHEET[lang]
        return final_ranking_sheet(placings, name, lang, withdrawn_notes(result, lang, column=True))
    for stage in ("semifinal", "quarterfinal"):  # the latest stage played sends its best on
        if stage in stages:
            sheet = stages[stage]
            _require_scored(rows, sheet, result)
            count = int(rows.loc[rows["sheet"] == sheet, "table"].nunique())
            advancing = table_winners(rows, sheet, advancing_per_table(stage, count))
            following, seated = next_stage_tables(advancing, ranking)
            if following == "final" and not 3 <= len(advancing) <= 4:
                raise WorkbookError(key="final_needs_winners", sheet=sheet, n=len(advancing))
            return playoff_sheet(following, seated, ranking, data.rounds[-1], lang)
    require_qualifying_played(result)
    size = DEFAULT_PLAYOFF_SIZE if data.settings.playoff_size is None else data.settings.playoff_size
    check_size(size)
    qualified = qualified_players(result, size, lang)
    if len(qualified) < size:
        raise _too_few(len(qualified), size, data.settings.playoff_size is None)
    stage, tables = first_stage_tables(qualified)
    return playoff_sheet(stage, tables, ranking, data.rounds[-1], lang)


def _too_few(n: int, size: int, unset: bool) -> WorkbookError:
    """Fewer qualified players than the playoffs take; when the size was not set, the sizes that would fit."""
    fits = [str(fitting) for fitting in PLAYOFF_SIZES if fitting <= n]
    if unset and fits:
        return WorkbookError(key="playoff_too_few_unset", n=n, size=size, fits=" / ".join(fits))
    return WorkbookError(key="playoff_too_few", n=n, size=size)


def _require_scored(rows: pd.DataFrame, sheet: str, result: ScoreResult) -> None:
    progress = result.progress_of(sheet)
    if progress is not None and progress.played and not progress.complete:
        raise WorkbookError(key="stage_unreported", sheet=sheet, done=progress.reported, total=progress.tables)
    if not stage_complete(rows, sheet, result):
        raise WorkbookError(key="playoff_not_played", sheet=sheet)


def _existing_final_ranking(sheet_names: list[str]) -> str | None:
    """The name of a Final Ranking sheet already in the workbook (any language): it is rewritten, not added twice."""
    return next((name for name in sheet_names if fold(name) in FINAL_RANKING_SHEET_NAMES), None)


def _fields(layout: RoundSheet) -> list[str]:
    """The input columns of `layout` in its order, with Seat after Table when it has none."""
    fields = [
        f
        for f, _ in sorted(layout.columns.items(), key=lambda item: item[1])
        if not (f == "vp" and layout.vp_is_computed)
    ]
    if "seat" not in fields:
        fields.insert(fields.index("table") + 1, "seat")
    return fields


def playoff_sheet(stage: str, tables: list[list[str]], ranking: list[str], layout: RoundSheet, lang: str) -> NewSheet:
    """A Semifinal/Final sheet laid out like the round sheet `layout`: Table, Seat and Player filled, the game
    columns empty for the judge, and each player's qualifying rank and seat pick (1 picks first, docs/rules.md §6)."""
    fields = _fields(layout)
    qualifying = {name: index + 1 for index, name in enumerate(ranking)}
    header = [COLUMN_WORDS[f][lang] for f in fields] + [PLAYOFF_HEADERS[k][lang] for k in ("qualifying_rank", "pick")]
    rows: list[list[Any]] = [[] for _ in range(layout.header_row - 1)] + [header]  # the header where `layout` has it
    for table, players in enumerate(tables, start=1):
        for pick, name in enumerate(pick_order(players, ranking), start=1):
            known = {"table": table, "seat": pick, "player": name}
            rows.append([known.get(f) for f in fields] + [qualifying.get(name), pick])
    added = {
        len(fields) + i: float(max(10, len(h) + 3)) for i, h in enumerate(header[-2:], start=1)
    }  # wide enough for headers
    return NewSheet(
        PLAYOFF_SHEETS[stage][lang], rows, layout_from=layout.name, header_row=layout.header_row, widths=added
    )


def final_ranking_sheet(placings: list[Placing], name: str, lang: str, notes: dict[str, str] | None = None) -> NewSheet:
    """The Final Ranking sheet: Rank, Player, Stage, Qualifying Rank (the tool's own: rewritten on a re-run).

    `notes` (player -> "After round 2") fill a last Withdrawn column, as on the Standings sheet, when a placed
    player has one (docs/rules.md §6)."""
    header = [PLAYOFF_HEADERS[k][lang] for k in ("rank", "player", "stage", "qualifying_rank")]
    rows: list[list[Any]] = [header] + [
        [p.rank, p.player, STAGE_WORDS[p.stage][lang], p.qualifying_rank] for p in placings
    ]
    widths = {c: float(max(least, len(h) + 3)) for c, (least, h) in enumerate(zip((6, 28, 14, 16), header), start=1)}
    marked = {p.player: notes[p.player] for p in placings if notes and p.player in notes}
    if marked:
        header.append(text(lang, "withdrawn_column"))
        for row, placing in zip(rows[1:], placings):
            row.append(marked.get(placing.player))
        widths[len(header)] = float(max(len(header[-1]), *map(len, marked.values())) + 3)
    return NewSheet(name, rows, widths=widths, replace=True)
