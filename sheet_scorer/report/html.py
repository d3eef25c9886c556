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
from sheet_scorer.i18n.text import format_date, format_number, format_pct, language, ordinal, problem_message, severity_word, text, translator
from sheet_scorer.rules.score import RESULT_COLUMNS
from sheet_scorer.standings.engine import name_order_key, vp_share
from sheet_scorer.i18n.vocab import strip_accents
from sheet_scorer.i18n.visible import visible

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult
    from sheet_scorer.problems import Problem

TEMPLATE = "report.html.j2"
CHART_PLAYERS = 8
#: Above this rank the chart's rank axis is logarithmic (and CHART_LOG_HEIGHT px tall), not 17-34 px a rank.
CHART_LINEAR_MAX = 40
CHART_LOG_HEIGHT = 360.0
DEFAULT_PLAYOFF_SIZE = 16
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
    """The top cut (Settings → Playoff Size, default 16), only when there are more players than that."""
    size = getattr(result.data.settings, "playoff_size", None) or DEFAULT_PLAYOFF_SIZE
    return int(size) if len(result.standings) > int(size) else None


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


def exact_vp_pct(results: pd.DataFrame) -> dict[str, Fraction]:
    """Each player's VP % as an exact fraction (SPEC §4), from the scored games."""
    games = results[results["game"]]
    if games.empty:
        return {}
    share = vp_share(games)
    totals: dict[str, Fraction] = defaultdict(Fraction)
    for player, num, den in zip(games["player"], share["num"], share["den"]):
        if den:
            totals[player] += Fraction(int(num), int(den))
    return dict(totals)


class _ExactPct:
    """`exact_vp_pct` computed only for the players asked about (a tie-break needs a few, not all)."""

    def __init__(self, results: pd.DataFrame) -> None:
        self._results = results
        self._shares: dict[str, list[tuple[int, int]]] | None = None
        self._cache: dict[str, Fraction] = {}

    def get(self, player: str, default: Fraction = Fraction(0)) -> Fraction:
        if player not in self._cache:
            if self._shares is None:
                games = self._results[self._results["game"]]
                share = vp_share(games) if not games.empty else pd.DataFrame({"num": [], "den": []})
                self._shares = defaultdict(list)
                for name, num, den in zip(games["player"], share["num"].tolist(), share["den"].tolist()):
                    if den:
                        self._shares[name].append((int(num), int(den)))
            if player not in self._shares:
                return default
            self._cache[player] = sum((Fraction(n, d) for n, d in self._shares[player]), Fraction(0))
        return self._cache[player]


# --------------------------------------------------------------------------------------------
# Standings and tie-breaks
# --------------------------------------------------------------------------------------------

_EPSILON = 1e-9


def tiebreaks(standings: pd.DataFrame, exact_pct: Any) -> list[dict[str, Any] | None]:
    """For each standings row tied on round points with the row above: which tie-breaker put it below.

    `{"above": name, "by": "vp" | "vp_pct" | "name", "mine": value, "theirs": value}` or None.
    The order of the tie-breakers is SPEC §4: VP, VP %, name. `exact_pct` maps a player to the exact
    VP % (`exact_vp_pct`, or anything with `.get`); it is asked only when the float VP % agree to 1e-9.
    """
    notes: list[dict[str, Any] | None] = []
    players = standings["player"].tolist()
    points = [round(float(v), 9) for v in standings["round_points"].tolist()]
    vps = [int(v) for v in standings["vp"].tolist()]
    pcts = standings["vp_pct"].astype(float).tolist()
    for i, player in enumerate(players):
        if i == 0 or points[i] != points[i - 1]:
            notes.append(None)
            continue
        above = players[i - 1]
        if vps[i] != vps[i - 1]:
            notes.append({"above": above, "by": "vp", "mine": vps[i], "theirs": vps[i - 1]})
        elif abs(pcts[i] - pcts[i - 1]) >= _EPSILON or (
                exact_pct.get(player, Fraction(0)) != exact_pct.get(above, Fraction(0))):
            notes.append({"above": above, "by": "vp_pct", "mine": pcts[i], "theirs": pcts[i - 1]})
        else:
            notes.append({"above": above, "by": "name", "mine": None, "theirs": None})
    return notes


def _tie_note(note: dict[str, Any] | None, lang: str) -> str:
    if note is None:
        return ""
    if note["by"] == "vp":
        return text(lang, "tie_vp", player=note["above"], mine=note["mine"], theirs=note["theirs"])
    if note["by"] == "vp_pct":
        return text(lang, "tie_vp_pct", player=note["above"], mine=format_pct(note["mine"], lang),
                    theirs=format_pct(note["theirs"], lang))
    return text(lang, "tie_name", player=note["above"])


def _standings_rows(result: ScoreResult, results: pd.DataFrame, lang: str, ids: dict[str, str]) -> list[dict[str, Any]]:
    rounds = _round_names(result)
    notes = tiebreaks(result.standings, _ExactPct(results))
    cut = _playoff_cut(result)
    rows = []
    for row, note in zip(result.standings.to_dict("records"), notes):
        rank = int(row["rank"])
        played = int(row["games"]) > 0 or float(row["round_points"]) > 0
        rows.append({
            "rank": rank, "player": row["player"], "id": ids[row["player"]],
            "round_points": format_number(row["round_points"], lang), "vp": int(row["vp"]),
            "vp_pct": format_pct(row["vp_pct"], lang), "games": int(row["games"]),
            "rounds": [format_number(row.get(name), lang) for name in rounds],
            "medal": rank if rank <= 3 and played else 0,
            "qualified": cut is not None and rank <= cut,
            "cut_after": cut is not None and rank == cut,
            "tie_note": _tie_note(note, lang),
        })
    return rows


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

def rank_progression(result: ScoreResult, results: pd.DataFrame | None = None, top: int | None = None) -> pd.DataFrame:
    """Rank of every player after each round: index player (standings order), one column per round sheet.

    Ranked by cumulative round points, then cumulative VP; remaining ties by cumulative VP % and
    name as in the standings, so the last column equals the final rank. Vectorised: one stable sort
    per round on precomputed keys; VP % near-ties (floats within 1e-9) are settled with exact fractions.
    With `top`, only the first `top` players of the standings are returned (the chart's), and only
    the near-ties that involve them are settled: the others do not change how many are ahead of them.
    """
    results = _results(result) if results is None else results
    rounds = _round_names(result)
    players = list(result.standings["player"])
    if not players or not rounds:
        return pd.DataFrame(index=pd.Index(players[:top], name="player"), columns=rounds, dtype="Int64")
    counted = results[results["round_points"].notna()]
    points = (counted.pivot_table(index="player", columns="sheet", values="round_points", aggfunc="sum")
              .reindex(index=players, columns=rounds).fillna(0.0).cumsum(axis=1).round(9))
    games = results[results["game"]]
    share = vp_share(games)
    games = games.assign(vp=games["vp"].astype("int64"), num=share["num"], den=share["den"],
                         pct=np.where(share["den"] > 0, share["num"] / share["den"].where(share["den"] > 0, 1), 0.0))
    vp = (games.pivot_table(index="player", columns="sheet", values="vp", aggfunc="sum")
          .reindex(index=players, columns=rounds).fillna(0).cumsum(axis=1))
    pct = (games.pivot_table(index="player", columns="sheet", values="pct", aggfunc="sum")
           .reindex(index=players, columns=rounds).fillna(0.0).cumsum(axis=1))
    names = np.empty(len(players), dtype=np.int64)
    names[sorted(range(len(players)), key=lambda i: name_order_key(players[i]))] = np.arange(len(players))
    column = {sheet: j for j, sheet in enumerate(rounds)}
    rows_of: dict[str, Any] | None = None
    exact_pct: dict[int, list[Fraction]] = {}

    def exact(i: int, upto: int) -> Fraction:
        """Player i's exact VP % after round `upto` (0-based), from their own games only."""
        nonlocal rows_of
        if i not in exact_pct:
            if rows_of is None:  # on the first near-tie only
                rows_of = {"rows": games.groupby("player").indices, "sheet": games["sheet"].map(column).to_numpy(float),
                           "num": games["num"].to_numpy(np.int64), "den": games["den"].to_numpy(np.int64)}
            per_round = [Fraction(0)] * len(rounds)
            for k in rows_of["rows"].get(players[i], ()):
                j, num, den = rows_of["sheet"][k], int(rows_of["num"][k]), int(rows_of["den"][k])
                if den and j == j:  # NaN: a sheet that is not a round
                    per_round[int(j)] += Fraction(num, den)
            exact_pct[i] = list(itertools.accumulate(per_round))
        return exact_pct[i][upto]

    count = len(players) if top is None else min(top, len(players))
    ranks = {}
    for j, sheet in enumerate(rounds):
        p, v, f = points[sheet].to_numpy(float), vp[sheet].to_numpy(float), pct[sheet].to_numpy(float)
        order = np.lexsort((names, -f, -v, -p))
        near = (p[order][1:] == p[order][:-1]) & (v[order][1:] == v[order][:-1]) & (np.abs(np.diff(f[order])) < _EPSILON)
        if near.any():
            order = order.tolist()
            start = None
            for k, tied in enumerate([*near.tolist(), False]):
                if tied and start is None:
                    start = k
                elif not tied and start is not None:
                    run = order[start: k + 1]
                    if min(run) < count:
                        order[start: k + 1] = sorted(run, key=lambda i: (-exact(i, j), names[i]))
                    start = None
            order = np.asarray(order)
        rank = np.empty(len(players), dtype=np.int64)
        rank[order] = np.arange(1, len(players) + 1)
        ranks[sheet] = pd.array(rank[:count], dtype="Int64")
    players = players[:count]
    return pd.DataFrame(ranks, index=pd.Index(players, name="player"), columns=rounds)


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
    progression = rank_progression(result, results, top=CHART_PLAYERS)
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
        points = [(x(i), y(int(r))) for i, r in enumerate(ranks)]
        history = " → ".join(str(int(r)) for r in ranks)
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
    standings = _standings_rows(result, results, lang, ids)
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
        undefined=jinja2.StrictUndefined, finalize=_shown,
    )


def _shown(value: Any) -> Any:
    """Every text the page shows, control characters written out (a name holding ESC or a bell)."""
    return visible(value) if isinstance(value, str) else value


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
            "tiebreak": {"anyOf": [{"type": "null"}, _object({
                "above": {"type": "string"}, "by": {"enum": ["vp", "vp_pct", "name"]},
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
        playoff_cut   Settings → Playoff Size when there are more players than that, else null
        rounds        round sheet names in round order
        standings     [{rank, player, round_points, vp, vp_pct, games, rounds, tiebreak}] in rank order
                      rounds: {sheet name: round points or null (absent, or table not scored)}
                      vp_pct: percentage points (116.944…), not rounded
                      tiebreak: null, or {above, by} when tied on round points with the player
                      ranked just above: `by` is "vp", "vp_pct" or "name", the tie-breaker that decided
        results       [{sheet, round, tables, byes}] per round sheet
                      tables: [{table, scored, players}] by table number; players in place order:
                      {player, row (Excel row), place (best shared place) or null, tied, vp or null,
                       army_bonus (0/2) or null, road_bonus (0/2) or null, declared, round_points or null}
                      byes: [{player, round_points or null}]
        problems      [{code, severity ("error"/"warning"), sheet, cell ("" for a whole table),
                        player, table or null, message (English)}]

    Numbers are JSON numbers (round points may be fractional: 2.5); a missing value is null.
    """
    results = _results(result)
    settings = result.data.settings
    notes = tiebreaks(result.standings, _ExactPct(results))
    rounds = _round_names(result)
    by_round = _by_round(result, _by_table(results))
    byes = _byes(results)
    standings = []
    for row, note in zip(result.standings.to_dict("records"), notes):
        standings.append({
            "rank": int(row["rank"]), "player": row["player"], "round_points": float(row["round_points"]),
            "vp": int(row["vp"]), "vp_pct": float(row["vp_pct"]), "games": int(row["games"]),
            "rounds": {name: _float(row.get(name)) for name in rounds},
            "tiebreak": None if note is None else {"above": note["above"], "by": note["by"]},
        })
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
        "problems": [
            {"code": p.code, "severity": p.severity, "sheet": p.sheet, "cell": p.cell, "player": p.player,
             "table": None if p.table is None else int(p.table), "message": p.message}
            for p in result.problems
        ],
    }


def write_json(result: ScoreResult, path: Path) -> None:
    """Write `json_document(result)` to `path` (UTF-8, indented), atomically."""
    write_text_atomically(json.dumps(json_document(result), ensure_ascii=False, indent=2) + "\n", Path(path))
