"""The standings report: one self-contained HTML page (jinja2, autoescaped).

The page has no scripts, no external fonts, images or stylesheets and makes no network request:
CSS and the rank-progression chart (SVG, drawn here) are inline. Everything the template shows
is computed in Python from the `ScoreResult` by `report_context`; the template only lays it out,
except the compact layout's long tables (standings, round tables), whose rows are written here as HTML.
Words come from `i18n` (en, pl, pt, fr), numbers and dates are formatted by Babel.

The chart is drawn by `chart`, the JSON export is `export`; what they share with the page is in `facts`.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import numpy as np
import pandas as pd
from markupsafe import Markup, escape

from sheet_scorer.i18n.text import (
    figure_name,
    figure_text,
    format_date,
    format_number,
    language,
    ordinal,
    severity_word,
    text,
    translator,
)
from sheet_scorer.i18n.visible import visible
from sheet_scorer.problems import problem_message
from sheet_scorer.report.chart import CHART_PLAYERS, rank_chart
from sheet_scorer.report.facts import (
    as_flag,
    as_int,
    byes_by_round,
    missing,
    place_labels,
    player_ids,
    playoff_cut,
    playoff_rows,
    progress_note,
    qualified,
    round_names,
    scored_results,
    shown_figures,
    tables_by_round,
    tables_of,
    withdrawn_notes,
)
from sheet_scorer.report.playoffs import playoff_view, stage_name
from sheet_scorer.report.templating import environment
from sheet_scorer.standings.engine import criteria

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult
    from sheet_scorer.problems import Problem

TEMPLATE = "report.html.j2"


def template_dir() -> Path:
    """Templates ship inside the wheel (sheet_scorer/templates); in a source checkout they sit at the top."""
    package = Path(__file__).resolve().parents[1]
    for candidate in (package / "templates", package.parent / "templates"):
        if (candidate / TEMPLATE).is_file():
            return candidate
    raise FileNotFoundError(f"report template {TEMPLATE} not found beside {package}")


# --------------------------------------------------------------------------------------------
# Standings and tie-breaks
# --------------------------------------------------------------------------------------------


def _tie_note(above: dict[str, Any] | None, row: dict[str, Any], decide: list[str], lang: str) -> str:
    """Why `row` is below `above` although they tie on the ranking figure; '' when the ranking figure decided."""
    if above is None or above["ahead_by"] in ("", decide[0]):
        return ""
    by = above["ahead_by"]
    tied = ", ".join(figure_name(f, lang) for f in decide[: decide.index(by)])
    if by == "name":
        return text(lang, "tie_name", player=above["player"], tied=tied)
    return text(
        lang,
        "tie_figure",
        player=above["player"],
        tied=tied,
        figure=figure_name(by, lang),
        mine=figure_text(by, row[by], lang),
        theirs=figure_text(by, above[by], lang),
    )


def _figure_text(figure: str, value: Any, lang: str) -> str:
    """A standings cell as the page shows it: VP and games as whole numbers, the rest by `figure_text`."""
    return str(int(value)) if figure in ("vp", "games") else figure_text(figure, value, lang)


def _figure_headers(result: ScoreResult, lang: str) -> list[dict[str, str]]:
    """The figure columns of the standings, ranking figure first (docs/rules.md §5): key, name and phone name."""
    short = {"round_points": text(lang, "points_abbr")}
    return [{"key": f, "name": figure_name(f, lang), "short": short.get(f, "")} for f in shown_figures(result)]


def _more_columns(result: ScoreResult, lang: str) -> str:
    """The phone's cue above the standings: the columns beyond rank, name, ranking figure and first tie-breaker."""
    rest = [figure_name(f, lang) for f in shown_figures(result)[2:]]
    rounds = [text(lang, "chart_round", n=n) for n in range(1, len(result.data.rounds) + 1)]
    names = rest + ([f"{rounds[0]}–{rounds[-1]}" if len(rounds) > 1 else rounds[0]] if rounds else [])
    return text(lang, "more_columns", names=", ".join(names)) if names else ""


def _standings_rows(
    result: ScoreResult, lang: str, ids: dict[str, str], medals: bool = True, compact_notes: int | None = None
) -> list[dict[str, Any]]:
    """The standings' rows as the page shows them; without `medals` once the final ranking has the podium. With
    `compact_notes` (the compact layout), tie notes only on that many rows from the top and no per-player summary (the
    layout has no player cards): at 10,000 players, the notes no row shows were most of the rows' cost."""
    rounds = round_names(result)
    decide = criteria(result.data.settings)
    shown = shown_figures(result)
    summary = [f for f in decide if f != "name"] + [f for f in ("round_points",) if f not in decide]
    advancing = qualified(result, lang)  # the one list `playoffs` seeds from: dropped players are passed over
    last_in = advancing[-1] if advancing else None
    advancing_set = set(advancing)
    gone = withdrawn_notes(result, lang)
    number = _remembered(functools.partial(format_number, lang=lang))
    figure = {f: _remembered(functools.partial(_figure_text, f, lang=lang)) for f in (*shown, *summary)}
    frame = result.standings
    noted = len(frame) if compact_notes is None else min(compact_notes, len(frame))
    records = frame.iloc[:noted].to_dict("records")  # what the tie notes compare
    values = {c: frame[c].tolist() for c in dict.fromkeys(["rank", "player", "games", *shown, *summary, *rounds])}
    none = [None] * len(frame)  # a round with no column: no points
    figures = list(zip(*(list(map(figure[f], values[f])) for f in shown), strict=True)) or [()] * len(frame)
    points = list(zip(*(list(map(number, values.get(n, none))) for n in rounds), strict=True)) or [()] * len(frame)
    names = {f: figure_name(f, lang) for f in summary}
    rows = []
    for index, (rank, player, games) in enumerate(zip(values["rank"], values["player"], values["games"], strict=True)):
        rank = int(rank)
        played = int(games) > 0 or float(values["round_points"][index]) > 0
        rows.append(
            {
                "rank": rank,
                "player": player,
                "id": ids[player],
                "figures": list(figures[index]),
                "summary": []
                if compact_notes is not None
                else [{"name": names[f], "value": figure[f](values[f][index])} for f in summary],
                "rounds": list(points[index]),
                "medal": rank if medals and rank <= 3 and played else 0,
                "qualified": player in advancing_set,
                "cut_after": player == last_in,
                "tie_note": _tie_note(records[index - 1] if index else None, records[index], decide, lang)
                if index < noted
                else "",
                "withdrawn": gone.get(player, ""),
            }
        )
    return rows


def _remembered(show: Callable[[Any], str]) -> Callable[[Any], str]:
    """`show` worked out once per distinct value (and its type): the standings of 10,000 players show the same few
    numbers (round points 0, 1, 2.5, …) tens of thousands of times."""
    seen: dict[tuple[type, Any], str] = {}

    def shown(value: Any) -> str:
        key = (type(value), value)
        try:
            return seen[key]
        except KeyError:
            seen[key] = said = show(value)
            return said
        except TypeError:  # a value that cannot be a key
            return show(value)

    return shown


def _adjustment_rows(result: ScoreResult, lang: str) -> list[dict[str, Any]]:
    """Every adjustment applied (docs/rules.md §8), penalties included, with its reason, in sheet order."""
    return [
        {
            "player": a.player,
            "round": "" if a.round is None else a.round,
            "points": format_number(float(a.points), lang),
            "reason": a.reason,
        }
        for a in result.data.adjustments
    ]


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
    return (sheet, int(table)) if not bye and not missing(table) else (sheet, ("row", int(row)))


def _problem_keys(problem: Problem, row_tables: dict[tuple[str, int], tuple[str, Any]]) -> set[tuple[str, Any]]:
    """The table(s) a problem belongs to: its own `table`, else the tables of the rows it names."""
    if problem.table is not None:
        return {(problem.sheet, int(problem.table))}
    return {row_tables[(problem.sheet, r)] for r in _problem_rows(problem) if (problem.sheet, r) in row_tables}


def unscored_tables(
    result: ScoreResult, results: pd.DataFrame, lang: str = "en"
) -> tuple[list[dict[str, Any]], list[Problem]]:
    """The tables (or loose rows) that are not scored, each with its errors; and the errors not tied to one."""
    errors = [p for p in result.problems if p.severity == "error"]
    named = {(p.sheet, r) for p in errors if p.table is None for r in _problem_rows(p)}
    row_tables = {}
    if named:
        for s, r, t, b in zip(
            results["sheet"].tolist(), results["row"].tolist(), results["table"].tolist(), results["bye"].tolist()
        ):
            if (s, r) in named:
                row_tables[(s, int(r))] = _row_key(s, t, r, b)
    unscored = results[~results["scorable"]]
    groups: dict[tuple[str, Any], list[str]] = {}
    for sheet, row, table, bye, player in zip(
        unscored["sheet"], unscored["row"], unscored["table"], unscored["bye"], unscored["player"]
    ):
        groups.setdefault(_row_key(sheet, table, row, bye), []).append(player)
    by_key: dict[tuple[str, Any], list[Problem]] = defaultdict(list)
    loose: list[Problem] = []
    unscored_keys = set(groups)  # once, not once per error: thousands of errors, thousands of tables
    for problem in errors:
        keys = _problem_keys(problem, row_tables) & unscored_keys
        for key in keys:
            by_key[key].append(problem)
        if not keys:
            loose.append(problem)
    order = {name: i for i, name in enumerate(result.data.sheet_names)}

    def sort_key(key: tuple[str, Any]) -> tuple[int, int, int]:
        sheet, table = key
        return (
            (order.get(sheet, len(order)), 1, table[1])
            if isinstance(table, tuple)
            else (order.get(sheet, len(order)), 0, table)
        )

    items = []
    for key in sorted(groups, key=sort_key):
        sheet, table = key
        label = (
            text(lang, "unscored_rows", sheet=sheet, rows=table[1])
            if isinstance(table, tuple)
            else text(lang, "unscored_table", sheet=sheet, table=table)
        )
        items.append(
            {
                "sheet": sheet,
                "table": None if isinstance(table, tuple) else table,
                "label": label,
                "players": groups[key],
                "problems": by_key.get(key, []),
            }
        )
    return items, loose


def _problem_view(problem: Problem, lang: str) -> dict[str, Any]:
    where = problem.cell or (text(lang, "table_n", table=problem.table) if problem.table is not None else "")
    return {
        "severity": problem.severity,
        "severity_word": severity_word(problem.severity, lang),
        "sheet": problem.sheet,
        "cell": problem.cell,
        "where": where,
        "player": problem.player,
        "message": problem_message(problem, lang),
    }


# --------------------------------------------------------------------------------------------
# Per-round results and each player's path
# --------------------------------------------------------------------------------------------


def _table_players(rows: list[dict[str, Any]], lang: str, ids: dict[str, str]) -> list[dict[str, Any]]:
    scored = all(bool(r["game"]) for r in rows)
    labels = place_labels([as_int(r["place"]) for r in rows])
    return [
        {
            "player": r["player"],
            "id": ids.get(r["player"], ""),
            "place": place,
            "vp": "" if missing(r["vp"]) else int(r["vp"]),
            "points": format_number(r["round_points"], lang),
            "army": as_int(r["army_bonus"]) == 2,
            "road": as_int(r["road_bonus"]) == 2,
            "declared": scored and as_flag(r["declared"]),
            "row": int(r["row"]),
        }
        for r, place in zip(rows, labels)
    ]


def _round_sections(
    result: ScoreResult,
    results: pd.DataFrame,
    tables: dict[str, list[tuple[int, list[dict[str, Any]]]]],
    listed: dict[tuple[str, int], list[dict[str, Any]]],
    unscored: list[dict[str, Any]],
    lang: str,
    ids: dict[str, str],
) -> list[dict[str, Any]]:
    """One section per round: a card per table (players from `listed`, the `_table_players` of each table) and the byes."""
    why = {(item["sheet"], item["table"]): item["problems"] for item in unscored}
    byes = byes_by_round(results)
    sections = []
    for number, sheet in enumerate(
        result.played_rounds, start=1
    ):  # a round not played yet has nothing to show (docs/rules.md §3)
        cards = []
        for table, rows in tables.get(sheet.name, []):
            scored = all(bool(r["game"]) for r in rows)
            cards.append(
                {
                    "table": table,
                    "scored": scored,
                    "players": listed[(sheet.name, table)],
                    "problems": [] if scored else [_problem_view(p, lang) for p in why.get((sheet.name, table), [])],
                }
            )
        sections.append(
            {
                "number": number,
                "sheet": sheet.name,
                "id": f"round-{number}",
                "tables": cards,
                "byes": [
                    {"player": p, "id": ids.get(p, ""), "points": format_number(pts, lang)}
                    for p, pts in byes.get(sheet.name, [])
                ],
            }
        )
    return sections


def _player_paths(
    result: ScoreResult,
    results: pd.DataFrame,
    listed: dict[tuple[str, int], list[dict[str, Any]]],
    standings: list[dict[str, Any]],
    lang: str,
) -> list[dict[str, Any]]:
    """Per player, per round and then per playoff sheet they played (through the final): table, place, VP, round
    points and opponents (in place order)."""
    fields = ["player", "sheet", "row", "table", "vp", "round_points", "bye", "scorable", "game"]
    by_player: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for values in zip(*(results[c].tolist() for c in fields)):
        record = dict(zip(fields, values))
        by_player[(record["player"], record["sheet"])].append(record)
    labels = {sheet.name: text(lang, "chart_round", n=n) for n, sheet in enumerate(result.data.rounds, start=1)}
    labels.update({sheet.name: stage_name(sheet.kind, sheet.name, lang) for sheet in result.data.playoffs})
    paths = []
    for row in standings:
        steps: list[dict[str, Any]] = []
        for sheet in [
            *result.played_rounds,
            *(p for p in result.data.playoffs if (q := result.progress_of(p.name)) is None or q.played),
        ]:
            records = by_player.get((row["player"], sheet.name))
            if not records:
                if sheet.kind == "round":
                    steps.append({"sheet": sheet.name, "label": labels[sheet.name], "kind": "absent"})
                continue
            for r in records:
                if r["bye"]:
                    steps.append(
                        {
                            "sheet": sheet.name,
                            "label": labels[sheet.name],
                            "kind": "bye",
                            "points": format_number(r["round_points"], lang),
                            "scored": bool(r["scorable"]),
                        }
                    )
                    continue
                table = as_int(r["table"])
                players = listed.get((sheet.name, table), []) if table is not None else []
                steps.append(
                    {
                        "sheet": sheet.name,
                        "label": labels[sheet.name],
                        "kind": "game",
                        "table": table,
                        "scored": bool(r["game"]),
                        "playoff": sheet.kind != "round",
                        "place": next((p["place"] for p in players if p["row"] == r["row"]), ""),
                        "vp": "" if missing(r["vp"]) else int(r["vp"]),
                        "points": format_number(r["round_points"], lang),
                        "opponents": [{"player": p["player"], "id": p["id"]} for p in players if p["row"] != r["row"]],
                    }
                )
        paths.append({**row, "steps": steps})
    return paths


def _compact_rounds(
    result: ScoreResult, results: pd.DataFrame, unscored: list[dict[str, Any]], lang: str
) -> list[dict[str, Any]]:
    """The rounds of a large event: per table one row of (name, shared place or '', VP) in place order, each
    round's rows written as HTML here (`rows`: at 100,000 results, the template's output per cell was most of the
    page's cost).

    Built column-wise from `results` (no per-row dicts): shared places and scored tables come from
    group sizes, each table's first row from where the sheet or table number changes, its rows a slice.
    """
    why = {(item["sheet"], item["table"]): item["problems"] for item in unscored}
    byes = byes_by_round(results)
    played = results.loc[
        ~results["bye"] & results["table"].notna(), ["sheet", "table", "row", "player", "place", "vp", "game"]
    ]
    sheet_codes, _ = pd.factorize(played["sheet"])
    numbers = played["table"].to_numpy(dtype="int64")
    places = played["place"].to_numpy(dtype="float64", na_value=np.nan)
    # by sheet, table, place (no place last), row: a table's rows together, in place order
    order = np.lexsort((played["row"].to_numpy(), np.where(np.isnan(places), 99.0, places), numbers, sheet_codes))
    sheet_codes, numbers, places = sheet_codes[order], numbers[order], places[order]
    sheets = played["sheet"].to_numpy(object)[order]
    new_table = np.r_[True, (sheet_codes[1:] != sheet_codes[:-1]) | (numbers[1:] != numbers[:-1])][: len(order)]
    starts = np.flatnonzero(new_table)
    ends = np.r_[starts[1:], len(order)]
    # a shared place: the row before or after it, at the same table, has the same place (places are in order there)
    same = ~new_table[1:] & (places[1:] == places[:-1])
    shared = np.r_[False, same] | np.r_[same, False]
    game = played["game"].to_numpy(dtype=bool)[order]
    scored = np.repeat(np.logical_and.reduceat(game, starts), ends - starts) if len(order) else game
    vp = played["vp"].to_numpy(dtype="float64", na_value=np.nan)[order]
    vp_text = _whole_texts(np.where(scored & ~np.isnan(vp), vp, -1))
    place_text = _whole_texts(np.where(shared, places, -1))
    names = {name: _html(name) for name in dict.fromkeys(played["player"].tolist())}
    cells = [
        f"<td>{names[name]} ({place}=)<td>{points or '–'}" if place else f"<td>{names[name]}<td>{points or '–'}"
        for name, place, points in zip(played["player"].to_numpy(object)[order].tolist(), place_text, vp_text)
    ]  # name (shared place) and VP of each row, in table order
    by_sheet: dict[str, list[tuple[int, bool, list[dict[str, Any]], str, int]]] = defaultdict(list)
    for start, end, sheet, table, ok in zip(
        starts.tolist(), ends.tolist(), sheets[starts].tolist(), numbers[starts].tolist(), scored[starts].tolist()
    ):  # one table a step: its cells are `cells[start:end]`
        problems = [] if ok else [_problem_view(p, lang) for p in why.get((sheet, table), [])]
        by_sheet[sheet].append((table, ok, problems, "".join(cells[start:end]), end - start))
    not_scored = f' <span class="pill bad">{_html(text(lang, "not_scored"))}</span>'
    sections = []
    for number, sheet in enumerate(
        result.played_rounds, start=1
    ):  # a round not played yet has nothing to show (docs/rules.md §3)
        tables = by_sheet.get(sheet.name, [])
        width = max((size for *_, size in tables), default=0)
        sections.append(
            {
                "number": number,
                "sheet": sheet.name,
                "id": f"round-{number}",
                "tables": len(tables),
                "rows": Markup(
                    "".join(
                        _compact_table(table, ok, problems, row, not_scored, width)
                        for table, ok, problems, row, _ in tables
                    )
                ),
                "count": format_number(len(tables), lang),
                "places": [ordinal(n, lang) for n in range(1, width + 1)],
                "unscored": sum(not ok for _, ok, *_ in tables),
                "byes": [{"player": p, "points": format_number(pts, lang)} for p, pts in byes.get(sheet.name, [])],
            }
        )
    return sections


def _whole_texts(values: np.ndarray) -> list[str]:
    """Each whole number as text, '' for a negative one (none to show): worked out once per distinct value."""
    distinct, where = np.unique(values, return_inverse=True)
    said = np.array(["" if v < 0 else str(int(v)) for v in distinct.tolist()], dtype=object)
    return said[where.reshape(-1)].tolist()


def _compact_table(
    table: int, ok: bool, problems: list[dict[str, Any]], cells: str, not_scored: str, width: int
) -> str:
    """One game table of a compact round as HTML: its number, then name (shared place) and VP per player in place
    order; an unscored table marked, and a row under it with its errors. No optional end tags (HTML allows it)."""
    head = f"<tr><th scope=row>{table}" if ok else f"<tr class=bad><th scope=row>{table}{not_scored}"
    if not problems:
        return f"{head}{cells}\n"
    said = "<br>".join(
        (f'<span class="where">{_html(p["cell"])}</span> ' if p["cell"] else "") + _html(p["message"]) for p in problems
    )
    return f"{head}{cells}\n<tr class=why><td colspan={1 + 2 * width}>{said}\n"


def _compact_standings(rows: list[dict[str, Any]], lang: str, cut: str) -> Markup:
    """The compact standings' rows as HTML (one line per player, no optional end tags, no quotes around plain
    attribute values, an id only on the rows the chart links to; `cut` after the last player to advance): written
    here, not in the template, because at 10,000 players its output per cell was most of the page's cost."""
    figures, points = set(), set()  # each distinct text written once: players share a few hundred
    for row in rows:
        figures.update(row["figures"])
        points.update(row["rounds"])
    figure_cells = {value: f"<td>{_html(value)}" for value in figures}
    round_cells = {value: f"<td>{_html(value or '–')}" for value in points}
    medal = {n: _html(text(lang, f"medal_{n}")) for n in (1, 2, 3)}
    lines = []
    for row in rows:
        classes = " ".join(
            c for c in (f"medal-{row['medal']}" if row["medal"] else "", "qualified" * row["qualified"]) if c
        )
        rank = (
            f'<span class=rank-badge title="{medal[row["medal"]]}">{row["rank"]}</span>'
            if row["medal"]
            else row["rank"]
        )
        lines.append(
            "".join(
                [
                    f'<tr class="{classes}"' if classes else "<tr",
                    f" id={_html(row['id'])}" if row["anchor"] else "",
                    f"><td>{rank}<th scope=row>{_html(row['player'])}",
                    f'<small class="muted withdrawn"> · {_html(row["withdrawn"])}</small>' if row["withdrawn"] else "",
                    f"<small class=tie>{_html(row['tie_note'])}</small>" if row["tie_note"] else "",
                    *map(figure_cells.__getitem__, row["figures"]),
                    *map(round_cells.__getitem__, row["rounds"]),
                    "\n",
                    cut if row["cut_after"] else "",
                ]
            )
        )
    return Markup("".join(lines))


def _html(value: Any) -> str:
    """`value` as the template writes `{{ value }}`: control characters shown (`_shown`), then escaped."""
    return str(escape(_shown(value)))


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
    results = scored_results(result)
    settings = result.data.settings
    ranked = result.standings["player"].tolist()
    known = set(ranked)
    ids = player_ids(ranked + [p for p in results["player"].unique() if p not in known])
    compact = compact_layout(result)
    playoffs = playoff_view(result, lang, ids)  # docs/rules.md §6
    final = bool(playoffs and playoffs["ranking"])  # the Final scored: the champion and the final ranking lead
    keep = max(COMPACT_TIE_NOTES, (playoff_cut(result) or 0) + 1) if compact else None
    standings = _standings_rows(result, lang, ids, medals=not final, compact_notes=keep)
    compact_rows = Markup()
    if compact:
        for index, row in enumerate(standings):
            row["anchor"] = index < CHART_PLAYERS  # the chart links to these rows
        columns = 2 + len(shown_figures(result)) + len(round_names(result))
        cut = playoff_cut(result)
        cut_row = f"<tr class=cut><td colspan={columns}>▲ {_html(text(lang, 'cut_line', n=cut))}\n" if cut else ""
        compact_rows = _compact_standings(standings, lang, cut_row)
    unscored, loose = unscored_tables(result, results, lang)
    games = results if playoff_rows(result) is None else pd.concat([results, playoff_rows(result)], ignore_index=True)
    tables = games[~games["bye"] & games["table"].notna()].drop_duplicates(["sheet", "table"])  # playoff tables too
    scored_tables = games[games["game"]].drop_duplicates(["sheet", "table"])
    if compact:
        rounds, paths = _compact_rounds(result, results, unscored, lang), []
    else:
        by_table = tables_of(results)
        by_round = tables_by_round(result, by_table)
        listed = {key: _table_players(rows, lang, ids) for key, rows in by_table.items()}
        rounds = _round_sections(result, results, by_round, listed, unscored, lang, ids)
        playoff = playoff_rows(result)
        every = results
        if playoff is not None and len(playoff):  # the paths go on through the playoff sheets (docs/rules.md §6)
            listed.update({key: _table_players(rows, lang, ids) for key, rows in tables_of(playoff).items()})
            every = pd.concat([results, playoff], ignore_index=True)
        paths = _player_paths(result, every, listed, standings, lang)
    return {
        "lang": lang,
        "t": translator(lang),
        "compact": compact,
        "players_text": format_number(len(result.standings), lang),
        "title": settings.tournament or result.data.path.stem,
        "date": format_date(settings.date, lang),
        "file": result.data.path.name,
        "players": len(result.standings),
        "rounds_total": len(result.played_rounds),
        "progress_note": progress_note(result, lang),  # tables not reported yet (docs/rules.md §3)
        "rounds_scored": int(results.loc[results["game"], "sheet"].nunique()),
        "tables_total": len(tables),
        "tables_scored": len(scored_tables),
        "round_names": round_names(result),
        "standings": standings,
        "compact_rows": compact_rows,
        "figure_headers": _figure_headers(result, lang),
        "more_columns": _more_columns(result, lang),
        "adjustments": _adjustment_rows(result, lang),
        "cut": playoff_cut(result),
        "chart": rank_chart(result, lang, ids, results),
        "playoffs": playoffs,
        "final": final,
        "rounds": rounds,
        "paths": paths,
        "provisional": result.has_errors,
        "unscored": [{**item, "problems": [_problem_view(p, lang) for p in item["problems"]]} for item in unscored],
        "other_errors": [_problem_view(p, lang) for p in loose],
        "problems": [_problem_view(p, lang) for p in result.problems],
    }


@functools.lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    """The report's environment, once per process; its compiled templates kept for the next run (`templating`)."""
    return environment(
        template_dir(),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        finalize=_shown,
    )


def _shown(value: Any) -> Any:
    """Every text the page shows, control characters written out (a name holding ESC or a bell); HTML already
    written (`Markup`: its texts shown as they were put in) as it is."""
    return visible(value) if isinstance(value, str) and not isinstance(value, Markup) else value


def render_page(template: str, context: dict[str, Any]) -> str:
    """Another page of the report's family (the season report) laid out by `template`, with the report's
    environment: autoescaped, control characters shown."""
    return _environment().get_template(template).render(**context)


def render_report(result: ScoreResult, lang: str = "en") -> str:
    """The report page as a string."""
    return _environment().get_template(TEMPLATE).render(**report_context(result, lang))


def stream_report(result: ScoreResult, path: Path, lang: str = "en") -> None:
    """The report page written to `path` piece by piece as it renders: at 100,000 rows the whole page and the list
    of its pieces are never held at once (the peak memory of `score`)."""
    pieces = _environment().get_template(TEMPLATE).generate(**report_context(result, lang))
    with Path(path).open("w", encoding="utf-8") as file:
        file.writelines(pieces)
