"""The JSON export of the standings (`write_json`): the same standings, per-round results, adjustments
and problems as the report, as data; its format is `JSON_SCHEMA` (documented in `json_document`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sheet_scorer.i18n.text import hundredths
from sheet_scorer.i18n.vocab import FIGURE_NAMES
from sheet_scorer.report.facts import (
    as_flag,
    as_float,
    as_int,
    byes_by_round,
    extra_figures,
    missing,
    place_labels,
    playoff_cut,
    playoff_rows,
    progress_note,
    qualified,
    round_names,
    scored_results,
    tables_by_round,
    tables_of,
    withdrawn_notes,
)
from sheet_scorer.standings.engine import criteria
from sheet_scorer.workbook.files import write_text_atomically

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult

JSON_SCHEMA_ID = "sheet-scorer/standings"
JSON_VERSION = 2  # 2: `playoffs` and `final_ranking` added


def _nullable(kind: str | list[str]) -> dict[str, Any]:
    kinds = [kind] if isinstance(kind, str) else list(kind)
    return {"type": [*kinds, "null"]}


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": list(properties), "additionalProperties": False, "properties": properties}


_PLAYER_RESULT = _object(
    {
        "player": {"type": "string"},
        "row": {"type": "integer"},
        "place": _nullable("integer"),
        "tied": {"type": "boolean"},
        "vp": _nullable("integer"),
        "army_bonus": _nullable("integer"),
        "road_bonus": _nullable("integer"),
        "declared": {"type": "boolean"},
        "round_points": _nullable("number"),
    }
)

#: JSON Schema (draft 2020-12) of `write_json`'s output; every object lists all its keys.
JSON_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "sheet-scorer standings export",
    **_object(
        {
            "schema": {"const": JSON_SCHEMA_ID},
            "version": {"const": JSON_VERSION},
            "tournament": {"type": "string"},
            "date": _nullable("string"),
            "source": {"type": "string"},
            "provisional": {"type": "boolean"},
            "playoff_cut": _nullable("integer"),
            "qualified": {"type": "array", "items": {"type": "string"}},
            "rounds": {"type": "array", "items": {"type": "string"}},
            "progress": {
                "type": "array",
                "items": _object(
                    {
                        "sheet": {"type": "string"},
                        "kind": {"type": "string"},
                        "number": {"type": "integer"},
                        "tables": {"type": "integer"},
                        "reported": {"type": "integer"},
                    }
                ),
            },
            "progress_note": {"type": "string"},
            "standings": {
                "type": "array",
                "items": _object(
                    {
                        "rank": {"type": "integer"},
                        "player": {"type": "string"},
                        "round_points": {"type": "number"},
                        "vp": {"type": "integer"},
                        "vp_pct": {"type": "number"},
                        "games": {"type": "integer"},
                        "rounds": {"type": "object", "additionalProperties": _nullable("number")},
                        "figures": {
                            "type": "object",
                            "additionalProperties": {"type": ["number", "string", "array", "null"]},
                        },
                        "withdrawn": _nullable("string"),
                        "tiebreak": {
                            "anyOf": [
                                {"type": "null"},
                                _object(
                                    {
                                        "above": {"type": "string"},
                                        "by": {"enum": list(FIGURE_NAMES)},
                                    }
                                ),
                            ]
                        },
                    }
                ),
            },
            "results": {
                "type": "array",
                "items": _object(
                    {
                        "sheet": {"type": "string"},
                        "round": {"type": "integer"},
                        "tables": {
                            "type": "array",
                            "items": _object(
                                {
                                    "table": {"type": "integer"},
                                    "scored": {"type": "boolean"},
                                    "players": {"type": "array", "items": _PLAYER_RESULT},
                                }
                            ),
                        },
                        "byes": {
                            "type": "array",
                            "items": _object({"player": {"type": "string"}, "round_points": _nullable("number")}),
                        },
                    }
                ),
            },
            "playoffs": {
                "type": "array",
                "items": _object(
                    {
                        "sheet": {"type": "string"},
                        "stage": {"enum": ["semifinal", "final"]},
                        "tables": {
                            "type": "array",
                            "items": _object(
                                {
                                    "table": {"type": "integer"},
                                    "scored": {"type": "boolean"},
                                    "players": {
                                        "type": "array",
                                        "items": _object(
                                            {**_PLAYER_RESULT["properties"], "qualifying_rank": _nullable("integer")}
                                        ),
                                    },
                                }
                            ),
                        },
                    }
                ),
            },
            "final_ranking": {
                "anyOf": [
                    {"type": "null"},
                    {
                        "type": "array",
                        "items": _object(
                            {
                                "rank": {"type": "integer"},
                                "player": {"type": "string"},
                                "stage": {"enum": ["final", "semifinal", "qualifying"]},
                                "qualifying_rank": _nullable("integer"),
                                "withdrawn": _nullable("string"),
                            }
                        ),
                    },
                ]
            },
            "adjustments": {
                "type": "array",
                "items": _object(
                    {
                        "player": {"type": "string"},
                        "round": _nullable("integer"),
                        "points": {"type": "number"},
                        "reason": {"type": "string"},
                    }
                ),
            },
            "problems": {
                "type": "array",
                "items": _object(
                    {
                        "code": {"type": "string"},
                        "severity": {"enum": ["error", "warning"]},
                        "sheet": {"type": "string"},
                        "cell": {"type": "string"},
                        "player": {"type": "string"},
                        "table": _nullable("integer"),
                        "message": {"type": "string"},
                    }
                ),
            },
        }
    ),
}


def json_document(result: ScoreResult) -> dict[str, Any]:
    """The standings, per-round results, playoffs and problems as plain data (format version 2).

    Top level (every key always present; `JSON_SCHEMA` is the machine-readable form)::

        schema        "sheet-scorer/standings"
        version       2 (version 1 had no playoffs and final_ranking)
        tournament    Settings → Tournament, else the workbook's file name without extension
        date          ISO date "2026-04-18" (text as written when not a date), or null
        source        the workbook's file name
        provisional   true when some table has errors and is not scored (docs/rules.md §3)
        playoff_cut   the report's cut line (Playoff Size, or 16/4 when playoff sheets exist) when there
                      are more players than that, else null
        qualified     the players above the cut line, best first: the active players `playoffs` seeds (a
                      dropped player passed over); [] without a cut line
        rounds        the names of the round sheets played (a table reported at least), in round order
        progress      [{sheet, kind ("round", "semifinal", …), number, tables, reported}] per round and playoff
                      sheet: tables seated and tables reported (docs/rules.md §3)
        progress_note "Standings after Round 2; Round 3: 4 of 6 tables reported" in the event's language, ""
                      when every table is reported
        standings     [{rank, player, round_points, vp, vp_pct, games, rounds, figures, tiebreak}] in rank order
                      rounds: {sheet name: round points or null (absent, or table not scored)}
                      vp_pct: percentage points to hundredths, as docs/rules.md §4 sums them (116.95)
                      figures: {figure: value} for every other ranking figure or tie-breaker in use
                      (wins, vp_capped, mean_vp_pct, places [1st, 2nd, 3rd], opponents_points,
                      opponents_opponents_points, penalties) and adjustments/adjustment_notes
                      withdrawn: null, or "withdrawn after Round 2" (Players → Active is no) in the event's language
                      tiebreak: null, or {above, by} when tied on the ranking figure with the player
                      ranked just above: `by` is the tie-breaker that decided (docs/rules.md §8 keys)
        results       [{sheet, round, tables, byes}] per round sheet
                      tables: [{table, scored, players}] by table number; players in place order:
                      {player, row (Excel row), place (best shared place) or null, tied, vp or null,
                       army_bonus (0/2) or null, road_bonus (0/2) or null, declared, round_points or null}
                      byes: [{player, round_points or null}]
        playoffs      [{sheet, stage ("semifinal"/"final"), tables}] per playoff sheet played (docs/rules.md §6), tables
                      as in results, each player also with qualifying_rank; places are decided (ties by
                      qualifying rank) and round_points is null (playoff games do not count in the standings)
        final_ranking null until the Final is scored; then [{rank, player, stage ("final"/"semifinal"/
                      "qualifying": how far the player went), qualifying_rank or null, withdrawn as in standings}],
                      the champion first
        adjustments   [{player, round or null, points, reason}] as applied (docs/rules.md §8)
        problems      [{code, severity ("error"/"warning"), sheet, cell ("" for a whole table),
                        player, table or null, message (English)}]

    Numbers are JSON numbers (round points may be fractional: 2.5); a missing value is null.
    """
    results = scored_results(result)
    settings = result.data.settings
    rounds = round_names(result)
    by_round = tables_by_round(result, tables_of(results))
    byes = byes_by_round(results)
    decide = criteria(settings)
    extra = extra_figures(result)
    gone = withdrawn_notes(result, result.lang)
    standings = []
    above: dict[str, Any] | None = None
    for row in result.standings.to_dict("records"):
        tied = above is not None and above["ahead_by"] not in ("", decide[0])
        standings.append(
            {
                "rank": int(row["rank"]),
                "player": row["player"],
                "round_points": float(row["round_points"]),
                "vp": int(row["vp"]),
                "vp_pct": _percent(row["vp_pct"]),
                "games": int(row["games"]),
                "rounds": {name: as_float(row.get(name)) for name in rounds},
                "figures": {f: _json_figure(f, row[f]) for f in extra},
                "withdrawn": gone.get(row["player"]),
                "tiebreak": {"above": above["player"], "by": above["ahead_by"]} if tied and above is not None else None,
            }
        )
        above = row
    per_round = [
        {
            "sheet": sheet.name,
            "round": int(sheet.number),
            "tables": _tables(by_round.get(sheet.name, [])),
            "byes": [{"player": p, "round_points": as_float(pts)} for p, pts in byes.get(sheet.name, [])],
        }
        for sheet in result.played_rounds
    ]
    playoffs, final = _playoffs(result)
    date = settings.date
    return {
        "schema": JSON_SCHEMA_ID,
        "version": JSON_VERSION,
        "tournament": settings.tournament or result.data.path.stem,
        "date": None if date in (None, "") else (date.isoformat() if hasattr(date, "isoformat") else str(date)),
        "source": result.data.path.name,
        "provisional": result.has_errors,
        "playoff_cut": playoff_cut(result),
        "qualified": qualified(result, result.lang),
        "rounds": rounds,
        "progress": [
            {"sheet": p.sheet, "kind": p.kind, "number": p.number, "tables": p.tables, "reported": p.reported}
            for p in result.progress
        ],
        "progress_note": progress_note(result, result.lang),
        "standings": standings,
        "results": per_round,
        "playoffs": playoffs,
        "final_ranking": final,
        "adjustments": [
            {"player": a.player, "round": a.round, "points": float(a.points), "reason": a.reason}
            for a in result.data.adjustments
        ],
        "problems": [
            {
                "code": p.code,
                "severity": p.severity,
                "sheet": p.sheet,
                "cell": p.cell,
                "player": p.player,
                "table": None if p.table is None else int(p.table),
                "message": p.message,
            }
            for p in result.problems
        ],
    }


def _tables(
    tables: list[tuple[int, list[dict[str, Any]]]], qualifying: dict[str, int] | None = None
) -> list[dict[str, Any]]:
    """The game tables of one sheet as JSON, players in place order; with `qualifying`, each player's qualifying rank."""
    out = []
    for table, rows in tables:
        labels = place_labels([as_int(r["place"]) for r in rows])
        out.append(
            {
                "table": table,
                "scored": all(bool(r["game"]) for r in rows),
                "players": [
                    {
                        "player": r["player"],
                        "row": int(r["row"]),
                        "place": as_int(r["place"]),
                        "tied": label.endswith("="),
                        "vp": as_int(r["vp"]),
                        "army_bonus": as_int(r["army_bonus"]),
                        "road_bonus": as_int(r["road_bonus"]),
                        "declared": bool(r["game"]) and as_flag(r["declared"]),
                        "round_points": as_float(r["round_points"]),
                        **({} if qualifying is None else {"qualifying_rank": qualifying.get(r["player"])}),
                    }
                    for r, label in zip(rows, labels)
                ],
            }
        )
    return out


def _playoffs(result: ScoreResult) -> tuple[list[dict[str, Any]], list[dict[str, Any]] | None]:
    """The playoff sheets' tables and the final ranking (None until the Final is scored), docs/rules.md §6."""
    from sheet_scorer.playoffs.ranking import event_ranking

    rows = playoff_rows(result)
    if rows is None or rows.empty:
        return [], None
    ranked = (
        result.qualifying or []
    )  # the qualifying rank of the run: computed once with the playoff places (api.check_data)
    qualifying = {name: rank for rank, name in enumerate(ranked, start=1)}
    tables = tables_of(rows)
    stages = []
    for sheet in result.data.playoffs:
        mine = sorted(
            ((table, players) for (name, table), players in tables.items() if name == sheet.name),
            key=lambda item: item[0],
        )
        if mine:
            stages.append({"sheet": sheet.name, "stage": sheet.kind, "tables": _tables(mine, qualifying)})
    ranking = event_ranking(result, ranked)
    gone = withdrawn_notes(result, result.lang)
    final = (
        None
        if ranking is None
        else [
            {
                "rank": p.rank,
                "player": p.player,
                "stage": p.stage,
                "qualifying_rank": p.qualifying_rank,
                "withdrawn": gone.get(p.player),
            }
            for p in ranking
        ]
    )
    return stages, final


def _percent(value: Any) -> float | None:
    """A percentage as JSON: to hundredths half up (docs/rules.md §4); null where there is none."""
    exact = hundredths(value)
    return None if exact is None else float(exact)


def _json_figure(figure: str, value: Any) -> Any:
    """A tie-breaker figure as JSON: percentages to hundredths half up, Places as [1st, 2nd, 3rd], numbers as numbers."""
    if figure in ("vp_pct", "mean_vp_pct"):
        return _percent(value)
    if figure == "places":
        return [float(p) for p in value]
    if figure == "adjustment_notes":
        return str(value)
    return None if missing(value) else float(value)


def write_json(result: ScoreResult, path: Path) -> None:
    """Write `json_document(result)` to `path` (UTF-8, indented), atomically."""
    write_text_atomically(json.dumps(json_document(result), ensure_ascii=False, indent=2) + "\n", Path(path))
