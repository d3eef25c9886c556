"""The season as JSON (`season --json`, format `sheet-scorer/season` version 1).

Top level (every key always present)::

    schema       "sheet-scorer/season"
    version      1
    season       the season's title (settings workbook → Settings → Tournament, else "Season")
    lang         the language of names order and texts
    best         --best N, or null (every event counts)
    points       "rank" (N − rank + 1) or {place: points} from the Season Points sheet
    events       [{label, name, date, players, file, status, counted, final}] in event order; status is the
                 text shown in the Events sheet; date ISO when it is a date
    standings    [{rank, player, points, counted, played, won, best_finish,
                   finishes: [{event (label), rank, of, points, counted}]}] in rank order
    problems     [{severity, where, message}]
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

from sheet_scorer.i18n.text import text
from sheet_scorer.season.book import number
from sheet_scorer.season.model import Season


def _date(value: Any) -> str | None:
    return value.isoformat() if isinstance(value, date) else (str(value) if value not in (None, "") else None)


def season_document(season: Season) -> dict[str, Any]:
    """The season as plain data."""
    lang = season.lang
    counted = season.counted
    table = season.points_by_place
    return {
        "schema": "sheet-scorer/season",
        "version": 1,
        "season": season.title,
        "lang": lang,
        "best": season.best,
        "points": "rank" if table is None else {str(place): number(points) for place, points in sorted(table.items())},
        "events": [
            {
                "label": e.label or None,
                "name": e.summary.name or None,
                "date": _date(e.summary.date),
                "players": len(e.summary.ranking) if e.summary.readable else None,
                "file": e.summary.path.name,
                "status": text(lang, e.status, **e.values),
                "counted": e.counted,
                "final": e.summary.final,
            }
            for e in season.entries
        ],
        "standings": [
            {
                "rank": r.rank,
                "player": r.player,
                "points": number(r.points),
                "counted": r.counted,
                "played": r.played,
                "won": r.won,
                "best_finish": r.best,
                "finishes": [
                    {
                        "event": counted[f.event].label,
                        "rank": f.rank,
                        "of": f.of,
                        "points": number(f.points),
                        "counted": f.counted,
                    }
                    for f in r.finishes
                ],
            }
            for r in season.rows
        ],
        "problems": [{"severity": n.severity, "where": n.where, "message": n.message(lang)} for n in season.notes],
    }


def write_season_json(season: Season, path: Path) -> None:
    """`season_document` written at `path` as it is (UTF-8, indented)."""
    path.write_text(json.dumps(season_document(season), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
