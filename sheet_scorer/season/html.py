"""The season report (docs/rules.md §10): one self-contained HTML page in the style of the event report.

Standings, a matrix of points by event (counted points plain, dropped ones in parentheses, grey and italic),
the events and what became of each file, each player's season path, and the season's problems. Everything
shown is computed here; `templates/season.html.j2` only lays it out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheet_scorer.i18n.text import format_date, format_number, ordinal, severity_word, text, translator
from sheet_scorer.report.facts import player_ids
from sheet_scorer.report.html import render_page
from sheet_scorer.season.book import number
from sheet_scorer.season.model import Season

TEMPLATE = "season.html.j2"
MATRIX_CELLS = 20_000  # beyond players × events the matrix is left to the workbook (the page stays quick to open)
OPEN_PATHS = 200  # up to this many players each season path is shown open; beyond, folded


def points_rule(season: Season) -> str:
    """How a finish becomes season points, in words."""
    table = season.points_by_place
    if table is None:
        return text(season.lang, "season_points_rule")
    shown = ", ".join(
        f"{ordinal(place, season.lang)} {format_number(number(points), season.lang)}"
        for place, points in sorted(table.items())
    )
    return text(season.lang, "season_points_table", table=shown)


def season_context(season: Season) -> dict[str, Any]:
    """Everything the season page shows, formatted in the season's language."""
    lang = season.lang
    counted = season.counted
    ids = player_ids([row.player for row in season.rows])
    dates = [format_date(e.summary.date, lang) for e in counted]  # once per event, not once per player's finish
    events = [
        {
            "label": e.label,
            "date": format_date(e.summary.date, lang),
            "players": len(e.summary.ranking),
            "file": e.summary.path.name,
            "status": text(lang, e.status, **e.values),
            "counted": e.counted,
            "final": e.summary.final,
        }
        for e in season.entries
    ]
    standings, paths = [], []
    for row in season.rows:
        cells: list[dict[str, object] | None] = [None] * len(counted)
        for f in row.finishes:
            cells[f.event] = {"points": format_number(number(f.points), lang), "counted": f.counted}
        standings.append(
            {
                "rank": row.rank,
                "player": row.player,
                "id": ids[row.player],
                "points": format_number(number(row.points), lang),
                "counted": row.counted,
                "played": row.played,
                "won": row.won,
                "best": ordinal(row.best, lang),
                "medal": row.rank if row.rank <= 3 else 0,
                "cells": cells,
            }
        )
        paths.append(
            {
                "player": row.player,
                "id": ids[row.player],
                "rank": row.rank,
                "points": format_number(number(row.points), lang),
                "steps": [
                    {
                        "event": counted[f.event].label,
                        "date": dates[f.event],
                        "finish": text(lang, "season_rank_of", rank=f.rank, n=f.of),
                        "points": format_number(number(f.points), lang),
                        "counted": f.counted,
                    }
                    for f in row.finishes
                ],
            }
        )
    return {
        "lang": lang,
        "t": translator(lang),
        "title": season.title,
        "best": season.best,
        "events_counted": len(counted),
        "files": len(season.read),
        "players": len(season.rows),
        "event_labels": [e.label for e in counted],
        "events": events,
        "standings": standings,
        "matrix": len(season.rows) * len(counted) <= MATRIX_CELLS,
        "paths": paths,
        "fold_paths": len(paths) > OPEN_PATHS,
        "points_rule": points_rule(season),
        "left_out": [e for e in events if not e["counted"]],
        "problems": [
            {
                "severity": n.severity,
                "severity_word": severity_word(n.severity, lang),
                "where": n.where,
                "message": n.message(lang),
            }
            for n in season.notes
        ],
    }


def render_season(season: Season) -> str:
    """The season page as a string."""
    return render_page(TEMPLATE, season_context(season))


def write_season_page(season: Season, path: Path) -> None:
    """The season page written at `path` as it is (the command puts it in place with the workbook)."""
    path.write_text(render_season(season), encoding="utf-8")
