"""The standings report: one self-contained HTML page (jinja2, autoescaped) and a JSON export.

The page has no scripts, no external fonts, images or stylesheets and makes no network request:
CSS and the rank-progression chart (SVG, drawn here) are inline. Everything the template shows
is computed in Python from the `ScoreResult` by `report_context`; the template only lays it out.
Words come from `i18n` (en, pl, pt, fr), numbers and dates are formatted by Babel.

`write_json` writes the same standings, per-round results and problems as data; its format is
`JSON_SCHEMA` (documented in `json_document`).
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import re
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import numpy as np
import pandas as pd

from sheet_scorer.workbook.files import write_text_atomically
from sheet_scorer.i18n.text import format_date, format_number, format_pct, format_places, hundredths, language, ordinal, problem_message, severity_word, text, translator
from sheet_scorer.rules.score import RESULT_COLUMNS
from sheet_scorer.standings.engine import criteria
from sheet_scorer.standings.progression import rank_progression
from sheet_scorer.i18n.vocab import FIGURE_NAMES, PLAYOFF_SHEET_INDEX, STANDINGS_HEADERS, fold, strip_accents

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult
    from sheet_scorer.problems import Problem

TEMPLATE = "report.html.j2"
CHART_PLAYERS = 8
#: Above this rank the chart's rank axis is logarithmic (and CHART_LOG_HEIGHT px tall), not 17-34 px a rank.
CHART_LINEAR_MAX = 40
CHART_LOG_HEIGHT = 360.0
JSON_SCHEMA_ID = "sheet-scorer/standings"
JSON_VERSION = 1


def template_dir() -> Path:
    """Templates ship inside the wheel (sheet_scorer/templates); in a source checkout they sit at the top."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package / "templates", package.parent / "templates"):
        if (candidate / TEMPLATE).is_file():
            return candidate
    raise FileNotFoundError(f"report template {TEMPLATE} not found beside {package}")


# --------------------------------------------------------------------------------------------
# Small helpers
# --------------------------------------------------------------------------------------------

def _missing(value: Any) -> bool:
    return value is None or (not isinstance(value, str) and bool(pd.isna(value)))


def _int(value: Any) -> int | None:
    return None if _missing(value) else int(value)


def _float(value: Any) -> float | None:
    return None if _missing(value) else float(value)


def _flag(value: Any) -> bool:
    return False if _missing(value) else bool(value)


def _results(result: ScoreResult) -> pd.DataFrame:
    """`result.results` with its flag columns as plain booleans (also for a workbook where nothing could be read)."""
    frame = result.results.reindex(columns=RESULT_COLUMNS)
    flags = {c: frame[c].astype("boolean").fillna(False).astype(bool) for c in ("game", "bye", "scorable", "declared")}
    return frame.assign(**flags)


def _round_names(result: ScoreResult) -> list[str]:
    return [sheet.name for sheet in result.data.rounds]


def _playoff_cut(result: ScoreResult) -> int | None:
    """The cut line (docs/rules.md §7): Playoff Size when set, else 16 (4 with a final only) when playoff
    sheets exist; none when neither, or Playoff Size is 0, or there are not more players than that."""
    size = result.data.settings.playoff_size
    if size is None:
        playoffs = {PLAYOFF_SHEET_INDEX.get(fold(name)) for name in result.data.sheet_names}
        size = 16 if "semifinal" in playoffs else 4 if "final" in playoffs else 0
    return size if 0 < size < len(result.standings) else None


def player_ids(names: list[str]) -> dict[str, str]:
    """A stable, unique HTML id per player: `Łukasz Nowak` -> `p-lukasz-nowak`."""
    ids: dict[str, str] = {}
    used: set[str] = set()
    for name in names:
        base = "p-" + (re.sub(r"[^a-z0-9]+", "-", strip_accents(str(name)).lower()).strip("-") or "player")
        candidate, n = base, 2
        while candidate in used:
            candidate, n = f"{base}-{n}", n + 1
        used.add(candidate)
        ids[name] = candidate
    return ids


# --------------------------------------------------------------------------------------------
# Standings and tie-breaks
# --------------------------------------------------------------------------------------------

def figure_text(figure: str, value: Any, lang: str) -> str:
    """A standings figure as shown: percentages to hundredths half up, Places as `2 / 1.5 / 0`, numbers as numbers."""
    if figure in ("vp_pct", "mean_vp_pct"):
        return format_pct(value, lang)
    if figure == "places":
        return format_places(value, lang)
    if figure == "adjustment_notes":
        return str(value)
    return format_number(value, lang)


def _tie_note(above: dict[str, Any] | None, row: dict[str, Any], decide: list[str], lang: str) -> str:
    """Why `row` is below `above` although they tie on the ranking figure; '' when the ranking figure decided."""
    if above is None or above["ahead_by"] in ("", decide[0]):
        return ""
    by = above["ahead_by"]
    tied = ", ".join(figure_name(f, lang) for f in decide[:decide.index(by)])
    if by == "name":
        return text(lang, "tie_name", player=above["player"], tied=tied)
    return text(lang, "tie_figure", player=above["player"], tied=tied, figure=figure_name(by, lang),
                mine=figure_text(by, row[by], lang), theirs=figure_text(by, above[by], lang))


def figure_name(figure: str, lang: str) -> str:
    """The name of a figure in `lang`, as the Standings sheet heads its column."""
    return STANDINGS_HEADERS[figure][lang]


def _extra_figures(result: ScoreResult) -> list[str]:
    """The standings columns shown beyond rank, player, round points, VP, VP % and games."""
    columns = list(result.standings.columns)
    return columns[6:columns.index("ahead_by")] if "ahead_by" in columns else []


def _standings_rows(result: ScoreResult, lang: str, ids: dict[str, str]) -> list[dict[str, Any]]:
    rounds = _round_names(result)
    decide = criteria(result.data.settings)
    extra = _extra_figures(result)
    cut = _playoff_cut(result)
    rows = []
    above = None
    for row in result.standings.to_dict("records"):
        rank = int(row["rank"])
        played = int(row["games"]) > 0 or float(row["round_points"]) > 0
        rows.append({
            "rank": rank, "player": row["player"], "id": ids[row["player"]],
            "round_points": format_number(row["round_points"], lang), "vp": int(row["vp"]),
            "vp_pct": format_pct(row["vp_pct"], lang), "games": int(row["games"]),
            "figures": [figure_text(f, row[f], lang) for f in extra],
            "rounds": [format_number(row.get(name), lang) for name in rounds],
            "medal": rank if rank <= 3 and played else 0,
            "qualified": cut is not None and rank <= cut,
            "cut_after": cut is not None and rank == cut,
            "tie_note": _tie_note(above, row, decide, lang),
        })
        above = row
    return rows


def _adjustment_rows(result: ScoreResult, lang: str) -> list[dict[str, Any]]:
    """Every adjustment applied (docs/rules.md §8), penalties included, with its reason, in sheet order."""
    return [{"player": a.player, "round": "" if a.round is None else a.round,
             "points": format_number(float(a.points), lang), "reason": a.reason} for a in result.data.adjustments]


# --------------------------------------------------------------------------------------------
# Problems: which tables are not scored, and why
# --------------------------------------------------------------------------------------------

def _problem_rows(problem: Problem) -> set[int]:
    rows = set(problem.params.get("rows") or ())
    if problem.params.get("row") is not None:
        rows.add(int(problem.params["row"]))
    if problem.row is not None:
        rows.add(problem.row)
    return rows


def _row_key(sheet: str, table: Any, row: int, bye: bool) -> tuple[str, Any]:
    return (sheet, int(table)) if not bye and not _missing(table) else (sheet, ("row", int(row)))


def _problem_keys(problem: Problem, row_tables: dict[tuple[str, int], tuple[str, Any]]) -> set[tuple[str, Any]]:
    """The table(s) a problem belongs to: its own `table`, else the tables of the rows it names."""
    if problem.table is not None:
        return {(problem.sheet, int(problem.table))}
    return {row_tables[(problem.sheet, r)] for r in _problem_rows(problem) if (problem.sheet, r) in row_tables}


def unscored_tables(result: ScoreResult, results: pd.DataFrame, lang: str = "en") -> tuple[list[dict[str, Any]], list[Problem]]:
    """The tables (or loose rows) that are not scored, each with its errors; and the errors not tied to one."""
    errors = [p for p in result.problems if p.severity == "error"]
    named = {(p.sheet, r) for p in errors if p.table is None for r in _problem_rows(p)}
    row_tables = {}
    if named:
        for s, r, t, b in zip(results["sheet"].tolist(), results["row"].tolist(), results["table"].tolist(), results["bye"].tolist()):
            if (s, r) in named:
                row_tables[(s, int(r))] = _row_key(s, t, r, b)
    unscored = results[~results["scorable"]]
    groups: dict[tuple[str, Any], list[str]] = {}
    for sheet, row, table, bye, player in zip(unscored["sheet"], unscored["row"], unscored["table"], unscored["bye"], unscored["player"]):
        groups.setdefault(_row_key(sheet, table, row, bye), []).append(player)
    by_key: dict[tuple[str, Any], list[Problem]] = defaultdict(list)
    loose: list[Problem] = []
    for problem in errors:
        keys = _problem_keys(problem, row_tables) & set(groups)
        for key in keys:
            by_key[key].append(problem)
        if not keys:
            loose.append(problem)
    order = {name: i for i, name in enumerate(result.data.sheet_names)}

    def sort_key(key: tuple[str, Any]) -> tuple[int, int, int]:
        sheet, table = key
        return (order.get(sheet, len(order)), 1, table[1]) if isinstance(table, tuple) else (order.get(sheet, len(order)), 0, table)

    items = []
    for key in sorted(groups, key=sort_key):
        sheet, table = key
        label = (text(lang, "unscored_rows", sheet=sheet, rows=table[1]) if isinstance(table, tuple)
                 else text(lang, "unscored_table", sheet=sheet, table=table))
        items.append({"sheet": sheet, "table": None if isinstance(table, tuple) else table, "label": label,
                      "players": groups[key], "problems": by_key.get(key, [])})
    return items, loose


def _problem_view(problem: Problem, lang: str) -> dict[str, Any]:
    where = problem.cell or (text(lang, "table_n", table=problem.table) if problem.table is not None else "")
    return {"severity": problem.severity, "severity_word": severity_word(problem.severity, lang), "sheet": problem.sheet,
            "cell": problem.cell, "where": where, "player": problem.player, "message": problem_message(problem, lang)}


# --------------------------------------------------------------------------------------------
# Per-round results and each player's path
# --------------------------------------------------------------------------------------------

def _place_labels(places: list[int | None]) -> list[str]:
    """`1`, `2=`, `2=`, `4`: the best of the shared places, `=` when tied."""
    return ["" if p is None else f"{p}{'=' if places.count(p) > 1 else ''}" for p in places]


_TABLE_FIELDS = ["sheet", "table", "row", "player", "place", "vp", "round_points", "army_bonus", "road_bonus",
                 "declared", "game", "scorable"]


def _by_table(results: pd.DataFrame) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """The game rows of each (sheet, table), in place order (unplaced rows last, by row)."""
    played = results.loc[~results["bye"] & results["table"].notna(), _TABLE_FIELDS]
    played = played.assign(_place=played["place"].astype("Float64").fillna(99.0)).sort_values(["_place", "row"], kind="stable")
    tables: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    keys = zip(played["sheet"].tolist(), played["table"].astype("int64").tolist())
    for key, values in zip(keys, zip(*(played[c].tolist() for c in _TABLE_FIELDS))):
        tables[key].append(dict(zip(_TABLE_FIELDS, values)))
    return dict(tables)


def _by_round(result: ScoreResult, tables: dict[tuple[str, int], list[dict[str, Any]]]) -> dict[str, list[tuple[int, list[dict[str, Any]]]]]:
    """`_by_table` grouped once per round sheet: sheet -> [(table, rows)] by table number."""
    rounds: dict[str, list[tuple[int, list[dict[str, Any]]]]] = {sheet.name: [] for sheet in result.data.rounds}
    for (sheet, table), rows in tables.items():
        rounds.setdefault(sheet, []).append((table, rows))
    for items in rounds.values():
        items.sort(key=lambda item: item[0])
    return rounds


def _table_players(rows: list[dict[str, Any]], lang: str, ids: dict[str, str]) -> list[dict[str, Any]]:
    scored = all(bool(r["game"]) for r in rows)
    labels = _place_labels([_int(r["place"]) for r in rows])
    return [{
        "player": r["player"], "id": ids.get(r["player"], ""), "place": place,
        "vp": "" if _missing(r["vp"]) else int(r["vp"]), "points": format_number(r["round_points"], lang),
        "army": _int(r["army_bonus"]) == 2, "road": _int(r["road_bonus"]) == 2,
        "declared": scored and _flag(r["declared"]), "row": int(r["row"]),
    } for r, place in zip(rows, labels)]


def _byes(results: pd.DataFrame) -> dict[str, list[tuple[str, Any]]]:
    """The byes of each round sheet: sheet -> [(player, round points)] in row order."""
    byes = results[results["bye"]]
    out: dict[str, list[tuple[str, Any]]] = defaultdict(list)
    for sheet, player, points in zip(byes["sheet"].tolist(), byes["player"].tolist(), byes["round_points"].tolist()):
        out[sheet].append((player, points))
    return out


def _round_sections(result: ScoreResult, results: pd.DataFrame, tables: dict[str, list[tuple[int, list[dict[str, Any]]]]],
                    listed: dict[tuple[str, int], list[dict[str, Any]]], unscored: list[dict[str, Any]], lang: str,
                    ids: dict[str, str]) -> list[dict[str, Any]]:
    """One section per round: a card per table (players from `listed`, the `_table_players` of each table) and the byes."""
    why = {(item["sheet"], item["table"]): item["problems"] for item in unscored}
    byes = _byes(results)
    sections = []
    for number, sheet in enumerate(result.data.rounds, start=1):
        cards = []
        for table, rows in tables.get(sheet.name, []):
            scored = all(bool(r["game"]) for r in rows)
            cards.append({
                "table": table, "scored": scored, "players": listed[(sheet.name, table)],
                "problems": [] if scored else [_problem_view(p, lang) for p in why.get((sheet.name, table), [])],
            })
        sections.append({
            "number": number, "sheet": sheet.name, "id": f"round-{number}", "tables": cards,
            "byes": [{"player": p, "id": ids.get(p, ""), "points": format_number(pts, lang)} for p, pts in byes.get(sheet.name, [])],
        })
    return sections


def _player_paths(result: ScoreResult, results: pd.DataFrame, listed: dict[tuple[str, int], list[dict[str, Any]]],
                  standings: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """Per player, per round: table, place, VP, round points and opponents (in place order)."""
    fields = ["player", "sheet", "row", "table", "vp", "round_points", "bye", "scorable", "game"]
    by_player: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for values in zip(*(results[c].tolist() for c in fields)):
        record = dict(zip(fields, values))
        by_player[(record["player"], record["sheet"])].append(record)
    paths = []
    for row in standings:
        steps = []
        for sheet in result.data.rounds:
            records = by_player.get((row["player"], sheet.name))
            if not records:
                steps.append({"sheet": sheet.name, "kind": "absent"})
                continue
            for r in records:
                if r["bye"]:
                    steps.append({"sheet": sheet.name, "kind": "bye", "points": format_number(r["round_points"], lang),
                                  "scored": bool(r["scorable"])})
                    continue
                table = _int(r["table"])
                players = listed.get((sheet.name, table), []) if table is not None else []
                steps.append({
                    "sheet": sheet.name, "kind": "game", "table": table, "scored": bool(r["game"]),
                    "place": next((p["place"] for p in players if p["row"] == r["row"]), ""),
                    "vp": "" if _missing(r["vp"]) else int(r["vp"]), "points": format_number(r["round_points"], lang),
                    "opponents": [{"player": p["player"], "id": p["id"]} for p in players if p["row"] != r["row"]],
                })
        paths.append({**row, "steps": steps})
    return paths


def _compact_rounds(result: ScoreResult, results: pd.DataFrame, unscored: list[dict[str, Any]], lang: str) -> list[dict[str, Any]]:
    """The rounds of a large event: per table one row of (name, shared place or '', VP) in place order.

    Built column-wise from `results` (no per-row dicts): shared places and scored tables come from
    group sizes, then one pass groups the rows by sheet and table.
    """
    why = {(item["sheet"], item["table"]): item["problems"] for item in unscored}
    byes = _byes(results)
    played = results.loc[~results["bye"] & results["table"].notna(), ["sheet", "table", "row", "player", "place", "vp", "game"]]
    played = (played.assign(_place=played["place"].astype("Float64").fillna(99.0))
              .sort_values(["sheet", "table", "_place", "row"], kind="stable"))
    shared = played.groupby(["sheet", "table", "place"])["row"].transform("size").fillna(0).to_numpy() > 1
    scored = played.groupby(["sheet", "table"])["game"].transform("all").to_numpy(bool)
    place = played["place"].astype("Float64").fillna(0).astype("int64").astype(str).to_numpy(object)
    label = np.where(shared, place + "=", "")
    vp = np.where(scored & played["vp"].notna().to_numpy(bool), played["vp"].astype("Float64").fillna(0).astype("int64").astype(str).to_numpy(object), "")
    by_sheet: dict[str, list[dict[str, Any]]] = defaultdict(list)
    last: tuple[str, int] | None = None
    for sheet, table, player, mark, points, ok in zip(played["sheet"].tolist(), played["table"].astype("int64").tolist(),
                                                      played["player"].tolist(), label.tolist(), vp.tolist(), scored.tolist()):
        if (sheet, table) != last:
            last = (sheet, table)
            by_sheet[sheet].append({"table": table, "scored": ok, "players": [],
                                    "problems": [] if ok else [_problem_view(p, lang) for p in why.get(last, [])]})
        by_sheet[sheet][-1]["players"].append((player, mark, points))
    sections = []
    for number, sheet in enumerate(result.data.rounds, start=1):
        rows = by_sheet.get(sheet.name, [])
        width = max((len(row["players"]) for row in rows), default=0)
        sections.append({
            "number": number, "sheet": sheet.name, "id": f"round-{number}", "tables": rows,
            "count": format_number(len(rows), lang), "places": [ordinal(n, lang) for n in range(1, width + 1)],
            "unscored": sum(not row["scored"] for row in rows),
            "byes": [{"player": p, "points": format_number(pts, lang)} for p, pts in byes.get(sheet.name, [])],
        })
    return sections


# --------------------------------------------------------------------------------------------
# Rank progression and its chart
# --------------------------------------------------------------------------------------------

# Line styles that stay apart in greyscale: colour (Okabe-Ito), dash pattern, marker shape, filled or hollow.
_STYLES = [
    ("#1f1f1f", "", "circle", True),
    ("#0072b2", "8 4", "square", True),
    ("#d55e00", "2 3", "triangle", True),
    ("#009e73", "10 3 2 3", "diamond", True),
    ("#cc79a7", "", "circle", False),
    ("#b07800", "8 4", "square", False),
    ("#4a90c2", "2 3", "triangle", False),
    ("#6b6b6b", "10 3 2 3", "diamond", False),
]


def _marker(shape: str, x: float, y: float, size: float = 4.5) -> str:
    """An SVG path for a marker centred on (x, y)."""
    s = size
    if shape == "circle":
        return f"M{x - s:.1f},{y:.1f}a{s:.1f},{s:.1f} 0 1,0 {2 * s:.1f},0a{s:.1f},{s:.1f} 0 1,0 {-2 * s:.1f},0z"
    if shape == "square":
        s *= 0.9
        return f"M{x - s:.1f},{y - s:.1f}h{2 * s:.1f}v{2 * s:.1f}h{-2 * s:.1f}z"
    if shape == "triangle":
        s *= 1.15
        return f"M{x:.1f},{y - s:.1f}L{x + s:.1f},{y + s * 0.8:.1f}L{x - s:.1f},{y + s * 0.8:.1f}z"
    s *= 1.2
    return f"M{x:.1f},{y - s:.1f}L{x + s:.1f},{y:.1f}L{x:.1f},{y + s:.1f}L{x - s:.1f},{y:.1f}z"


def _short(name: str, limit: int = 24) -> str:
    return name if len(name) <= limit else name[: limit - 1].rstrip() + "…"


def rank_chart(result: ScoreResult, lang: str, ids: dict[str, str], results: pd.DataFrame | None = None) -> dict[str, Any] | None:
    """Geometry of the rank-progression chart (top 8 by final rank) for the SVG partial; None without games."""
    results = _results(result) if results is None else results
    if not bool(results["game"].any()):
        return None
    players = result.standings["player"].head(CHART_PLAYERS).tolist()
    progression = rank_progression(results, result.data.settings, result.data.adjustments, lang, _round_names(result), players)
    rounds = list(progression.columns)
    if progression.empty or not rounds:
        return None
    top = progression.head(CHART_PLAYERS)
    max_rank = max(int(top.max().max()), len(top))
    left, right, top_margin, bottom = 46, 214, 22, 42
    width = 780
    plot_w = width - left - right
    logarithmic = max_rank > CHART_LINEAR_MAX
    step = min(34.0, max(17.0, 330.0 / max(max_rank - 1, 1))) if max_rank > 1 else 0.0
    plot_h = CHART_LOG_HEIGHT if logarithmic else step * (max_rank - 1) if max_rank > 1 else 40.0
    height = top_margin + plot_h + bottom

    def x(i: int) -> float:
        return left + (plot_w * i / (len(rounds) - 1) if len(rounds) > 1 else plot_w / 2)

    def y(rank: float) -> float:
        if logarithmic:  # a large event: the top 8 may start far down; rank 1..max on a log scale
            return top_margin + plot_h * math.log(rank) / math.log(max_rank)
        return top_margin + (rank - 1) * step if max_rank > 1 else top_margin + plot_h / 2

    if logarithmic:
        ticks = [t for t in (m * 10 ** e for e in range(7) for m in (1, 2, 5)) if t <= max_rank]
        ticks += [max_rank] if max_rank >= ticks[-1] * 1.25 else []
    else:
        ticks = sorted({1, *range(5, max_rank + 1, 5)} | ({max_rank} if max_rank % 5 >= 2 or max_rank < 5 else set()))
    lines = []
    for index, (player, ranks) in enumerate(top.iterrows()):
        colour, dash, shape, filled = _STYLES[index % len(_STYLES)]
        points = [(x(i), y(int(r))) for i, r in enumerate(ranks) if not pd.isna(r)]  # no rank before a first game
        history = " → ".join("–" if pd.isna(r) else str(int(r)) for r in ranks)
        lines.append({
            "player": player, "id": ids.get(player, ""), "rank": int(ranks.iloc[-1]), "colour": colour, "dash": dash,
            "filled": filled, "path": "M" + " L".join(f"{px:.1f},{py:.1f}" for px, py in points),
            "markers": [_marker(shape, px, py) for px, py in points], "shape": shape,
            "title": f"{player}: {history}", "end": points[-1],
        })
    # Direct labels at the right, pushed apart so that they never overlap.
    gap = 16.0
    ordered = sorted(lines, key=lambda line: line["end"][1])
    previous = -math.inf
    for line in ordered:
        line["label_y"] = max(line["end"][1], previous + gap)
        previous = line["label_y"]
    overflow = ordered[-1]["label_y"] - (top_margin + plot_h + bottom - 14) if ordered else 0
    if overflow > 0:
        for line in ordered:
            line["label_y"] -= overflow
    label_x = left + plot_w + 22
    for line in lines:
        line["label_x"] = label_x
        line["label"] = f"{line['rank']}. {_short(line['player'])}"
        line["sample"] = _marker(line["shape"], label_x + 12, line["label_y"], 4.0)
    cut = _playoff_cut(result)
    return {
        "width": width, "height": round(height, 1), "left": left, "right": left + plot_w, "top": top_margin,
        "bottom": round(top_margin + plot_h, 1),
        "rounds": [{"x": round(x(i), 1), "label": text(lang, "chart_round", n=i + 1), "sheet": s} for i, s in enumerate(rounds)],
        "ticks": [{"rank": t, "y": round(y(t), 1)} for t in ticks],
        "cut": ({"y": round(y(cut + 0.5), 1), "label": text(lang, "chart_cut", n=cut)} if cut and cut < max_rank else None),
        "lines": lines, "count": len(lines),
        "axis": text(lang, "chart_axis_log" if logarithmic else "rank"),
    }


# --------------------------------------------------------------------------------------------
# The page
# --------------------------------------------------------------------------------------------

#: Above this many result rows (players × rounds) the page uses the compact layout for large events
#: (see `report_context`); at or below it, everything: a card per table and a card per player.
FULL_LAYOUT_MAX_ROWS = 3000
#: In the compact layout, tie-break notes are kept down to this rank (or the playoff cut, if lower down).
COMPACT_TIE_NOTES = 32


def compact_layout(result: ScoreResult) -> bool:
    """True for a large event: more result rows than FULL_LAYOUT_MAX_ROWS."""
    return len(result.results) > FULL_LAYOUT_MAX_ROWS


def report_context(result: ScoreResult, lang: str = "en") -> dict[str, Any]:
    """Everything the template shows, computed and formatted for `lang`.

    Normal events get the full page: standings, chart, each round as cards per table (places,
    VP, points, bonuses, declared wins) and a card per player with their games and opponents.
    A large event (`compact_layout`) gets a page that stays a few MB: the complete standings (tie
    notes only near the top), the chart, each round collapsed in a <details> as one table row per
    game table (players in place order with VP; shared places marked), the byes and all problems.
    The per-player cards are left out there: each player's games are in the round tables and the
    round points in the standings.
    """
    lang = language(lang)
    results = _results(result)
    settings = result.data.settings
    ranked = result.standings["player"].tolist()
    known = set(ranked)
    ids = player_ids(ranked + [p for p in results["player"].unique() if p not in known])
    compact = compact_layout(result)
    standings = _standings_rows(result, lang, ids)
    if compact:
        keep = max(COMPACT_TIE_NOTES, (_playoff_cut(result) or 0) + 1)
        for index, row in enumerate(standings):
            row["anchor"] = index < CHART_PLAYERS  # the chart links to these rows
            if index >= keep:
                row["tie_note"] = ""
    unscored, loose = unscored_tables(result, results, lang)
    tables = results[~results["bye"] & results["table"].notna()].drop_duplicates(["sheet", "table"])
    scored_tables = results[results["game"]].drop_duplicates(["sheet", "table"])
    if compact:
        rounds, paths = _compact_rounds(result, results, unscored, lang), []
    else:
        by_table = _by_table(results)
        by_round = _by_round(result, by_table)
        listed = {key: _table_players(rows, lang, ids) for key, rows in by_table.items()}
        rounds = _round_sections(result, results, by_round, listed, unscored, lang, ids)
        paths = _player_paths(result, results, listed, standings, lang)
    return {
        "lang": lang,
        "t": translator(lang),
        "compact": compact,
        "players_text": format_number(len(result.standings), lang),
        "title": settings.tournament or result.data.path.stem,
        "date": format_date(settings.date, lang),
        "file": result.data.path.name,
        "players": len(result.standings),
        "rounds_total": len(result.data.rounds),
        "rounds_scored": int(results.loc[results["game"], "sheet"].nunique()),
        "tables_total": len(tables),
        "tables_scored": len(scored_tables),
        "round_names": _round_names(result),
        "standings": standings,
        "figure_headers": [figure_name(f, lang) for f in _extra_figures(result)],
        "adjustments": _adjustment_rows(result, lang),
        "cut": _playoff_cut(result),
        "chart": rank_chart(result, lang, ids, results),
        "rounds": rounds,
        "paths": paths,
        "provisional": result.has_errors,
        "unscored": [{**item, "problems": [_problem_view(p, lang) for p in item["problems"]]} for item in unscored],
        "other_errors": [_problem_view(p, lang) for p in loose],
        "problems": [_problem_view(p, lang) for p in result.problems],
    }


@functools.lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_dir()), autoescape=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def render_report(result: ScoreResult, lang: str = "en") -> str:
    """The report page as a string."""
    return _environment().get_template(TEMPLATE).render(**report_context(result, lang))


def write_report(result: ScoreResult, path: Path, lang: str = "en") -> None:
    write_text_atomically(render_report(result, lang), Path(path))


# --------------------------------------------------------------------------------------------
# JSON export
# --------------------------------------------------------------------------------------------

def _nullable(kind: str | list[str]) -> dict[str, Any]:
    kinds = [kind] if isinstance(kind, str) else list(kind)
    return {"type": [*kinds, "null"]}


def _object(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "required": list(properties), "additionalProperties": False, "properties": properties}


_PLAYER_RESULT = _object({
    "player": {"type": "string"}, "row": {"type": "integer"}, "place": _nullable("integer"), "tied": {"type": "boolean"},
    "vp": _nullable("integer"), "army_bonus": _nullable("integer"), "road_bonus": _nullable("integer"),
    "declared": {"type": "boolean"}, "round_points": _nullable("number"),
})

#: JSON Schema (draft 2020-12) of `write_json`'s output; every object lists all its keys.
JSON_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "sheet-scorer standings export",
    **_object({
        "schema": {"const": JSON_SCHEMA_ID},
        "version": {"const": JSON_VERSION},
        "tournament": {"type": "string"},
        "date": _nullable("string"),
        "source": {"type": "string"},
        "provisional": {"type": "boolean"},
        "playoff_cut": _nullable("integer"),
        "rounds": {"type": "array", "items": {"type": "string"}},
        "standings": {"type": "array", "items": _object({
            "rank": {"type": "integer"}, "player": {"type": "string"}, "round_points": {"type": "number"},
            "vp": {"type": "integer"}, "vp_pct": {"type": "number"}, "games": {"type": "integer"},
            "rounds": {"type": "object", "additionalProperties": _nullable("number")},
            "figures": {"type": "object", "additionalProperties": {"type": ["number", "string", "array"]}},
            "tiebreak": {"anyOf": [{"type": "null"}, _object({
                "above": {"type": "string"}, "by": {"enum": [f for f in FIGURE_NAMES if f != "round_points"]},
            })]},
        })},
        "results": {"type": "array", "items": _object({
            "sheet": {"type": "string"}, "round": {"type": "integer"},
            "tables": {"type": "array", "items": _object({
                "table": {"type": "integer"}, "scored": {"type": "boolean"},
                "players": {"type": "array", "items": _PLAYER_RESULT},
            })},
            "byes": {"type": "array", "items": _object({"player": {"type": "string"}, "round_points": _nullable("number")})},
        })},
        "adjustments": {"type": "array", "items": _object({
            "player": {"type": "string"}, "round": _nullable("integer"), "points": {"type": "number"}, "reason": {"type": "string"},
        })},
        "problems": {"type": "array", "items": _object({
            "code": {"type": "string"}, "severity": {"enum": ["error", "warning"]}, "sheet": {"type": "string"},
            "cell": {"type": "string"}, "player": {"type": "string"}, "table": _nullable("integer"),
            "message": {"type": "string"},
        })},
    }),
}


def json_document(result: ScoreResult) -> dict[str, Any]:
    """The standings, per-round results and problems as plain data (format version 1).

    Top level (every key always present; `JSON_SCHEMA` is the machine-readable form)::

        schema        "sheet-scorer/standings"
        version       1
        tournament    Settings → Tournament, else the workbook's file name without extension
        date          ISO date "2026-04-18" (text as written when not a date), or null
        source        the workbook's file name
        provisional   true when some table has errors and is not scored (SPEC §3)
        playoff_cut   the report's cut line (Playoff Size, or 16/4 when playoff sheets exist) when there
                      are more players than that, else null
        rounds        round sheet names in round order
        standings     [{rank, player, round_points, vp, vp_pct, games, rounds, figures, tiebreak}] in rank order
                      rounds: {sheet name: round points or null (absent, or table not scored)}
                      vp_pct: percentage points to hundredths, as seed 003 sums them (116.95)
                      figures: {figure: value} for every other ranking figure or tie-breaker in use
                      (wins, vp_capped, mean_vp_pct, places [1st, 2nd, 3rd], opponents_points,
                      opponents_opponents_points, penalties) and adjustments/adjustment_notes
                      tiebreak: null, or {above, by} when tied on the ranking figure with the player
                      ranked just above: `by` is the tie-breaker that decided (docs/rules.md §8 keys)
        results       [{sheet, round, tables, byes}] per round sheet
                      tables: [{table, scored, players}] by table number; players in place order:
                      {player, row (Excel row), place (best shared place) or null, tied, vp or null,
                       army_bonus (0/2) or null, road_bonus (0/2) or null, declared, round_points or null}
                      byes: [{player, round_points or null}]
        adjustments   [{player, round or null, points, reason}] as applied (docs/rules.md §8)
        problems      [{code, severity ("error"/"warning"), sheet, cell ("" for a whole table),
                        player, table or null, message (English)}]

    Numbers are JSON numbers (round points may be fractional: 2.5); a missing value is null.
    """
    results = _results(result)
    settings = result.data.settings
    rounds = _round_names(result)
    by_round = _by_round(result, _by_table(results))
    byes = _byes(results)
    decide = criteria(settings)
    extra = _extra_figures(result)
    standings = []
    above = None
    for row in result.standings.to_dict("records"):
        tied = above is not None and above["ahead_by"] not in ("", decide[0])
        standings.append({
            "rank": int(row["rank"]), "player": row["player"], "round_points": float(row["round_points"]),
            "vp": int(row["vp"]), "vp_pct": float(hundredths(row["vp_pct"])), "games": int(row["games"]),
            "rounds": {name: _float(row.get(name)) for name in rounds},
            "figures": {f: _json_figure(f, row[f]) for f in extra},
            "tiebreak": {"above": above["player"], "by": above["ahead_by"]} if tied else None,
        })
        above = row
    per_round = []
    for sheet in result.data.rounds:
        tables = []
        for table, rows in by_round.get(sheet.name, []):
            labels = _place_labels([_int(r["place"]) for r in rows])
            tables.append({"table": table, "scored": all(bool(r["game"]) for r in rows), "players": [
                {"player": r["player"], "row": int(r["row"]), "place": _int(r["place"]), "tied": label.endswith("="),
                 "vp": _int(r["vp"]), "army_bonus": _int(r["army_bonus"]), "road_bonus": _int(r["road_bonus"]),
                 "declared": bool(r["game"]) and _flag(r["declared"]), "round_points": _float(r["round_points"])}
                for r, label in zip(rows, labels)
            ]})
        per_round.append({
            "sheet": sheet.name, "round": int(sheet.number), "tables": tables,
            "byes": [{"player": p, "round_points": _float(pts)} for p, pts in byes.get(sheet.name, [])],
        })
    date = settings.date
    return {
        "schema": JSON_SCHEMA_ID,
        "version": JSON_VERSION,
        "tournament": settings.tournament or result.data.path.stem,
        "date": None if date in (None, "") else (date.isoformat() if hasattr(date, "isoformat") else str(date)),
        "source": result.data.path.name,
        "provisional": result.has_errors,
        "playoff_cut": _playoff_cut(result),
        "rounds": rounds,
        "standings": standings,
        "results": per_round,
        "adjustments": [{"player": a.player, "round": a.round, "points": float(a.points), "reason": a.reason}
                        for a in result.data.adjustments],
        "problems": [
            {"code": p.code, "severity": p.severity, "sheet": p.sheet, "cell": p.cell, "player": p.player,
             "table": None if p.table is None else int(p.table), "message": p.message}
            for p in result.problems
        ],
    }


def _json_figure(figure: str, value: Any) -> Any:
    """A tie-breaker figure as JSON: percentages to hundredths half up, Places as [1st, 2nd, 3rd], numbers as numbers."""
    if figure in ("vp_pct", "mean_vp_pct"):
        return float(hundredths(value))
    if figure == "places":
        return [float(p) for p in value]
    if figure == "adjustment_notes":
        return str(value)
    return None if _missing(value) else float(value)


def write_json(result: ScoreResult, path: Path) -> None:
    """Write `json_document(result)` to `path` (UTF-8, indented), atomically."""
    write_text_atomically(json.dumps(json_document(result), ensure_ascii=False, indent=2) + "\n", Path(path))
