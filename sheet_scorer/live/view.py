"""What the live pages show, computed from a `ScoreResult` with the report's helpers (one engine, one formatter).

The projector page: once the Final is scored the champion and the final ranking, then the standings with the
ranking figure first, the cut line, the current round's tables (reported, still playing, or with a problem); the phone page: each player's tables, places, points, rank
after each round and next table. Words come from `i18n.text`, numbers from its formatters.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from sheet_scorer.i18n.text import figure_name, figure_text, format_number, language, text, translator
from sheet_scorer.model import RoundProgress
from sheet_scorer.report.facts import (
    missing,
    player_ids,
    playoff_cut,
    playoff_rows,
    progress_note,
    qualified,
    scored_results,
    tables_of,
    withdrawn_notes,
)
from sheet_scorer.report.html import _environment, _player_paths, _problem_view, _table_players
from sheet_scorer.report.playoffs import playoff_view
from sheet_scorer.standings.engine import BASE_COLUMNS, criteria
from sheet_scorer.standings.progression import rank_progression
from sheet_scorer.workbook.cells import cell_name, folded, whole_number

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult
    from sheet_scorer.problems import Problem

#: The cells a table reports its game in: a table with none of them filled is still playing (docs/rules.md §3).
GAME_CELLS = [
    "settlements",
    "cities",
    "vp_cards",
    "knights",
    "roads",
    "road_length",
    "vp_entered",
    "army_first",
    "road_first",
    "declared",
]
#: The warning scoring gives a table seated and not reported yet (docs/rules.md §3).
NOT_REPORTED = "table-not-reported"
PROJECTOR = "live_projector.html.j2"
PHONE = "live_phone.html.j2"
PHONE_HEAD = "_live_phone_head.html.j2"
PHONE_CARD = "_live_card.html.j2"
PHONE_STANDINGS = "_live_phone_standings.html.j2"


@dataclass(frozen=True)
class RoomTable:
    """One table of the current round: its number, "playing" / "reported" / "problem" (`table_status`), players in seat order."""

    table: int
    status: str
    players: tuple[str, ...]


@dataclass(frozen=True)
class Room:
    """The current round as the live view shows it now: its sheet ("" before any round is seated) and its tables by number."""

    sheet: str
    tables: tuple[RoomTable, ...]

    def table(self, number: int) -> RoomTable | None:
        """The table `number` of the current round, if it has one."""
        return next((t for t in self.tables if t.table == number), None)


def shown_figures(result: ScoreResult) -> list[str]:
    """The standings figures in the order shown: the ranking figure, the tie-breakers, then the other base figures."""
    decide = [f for f in criteria(result.data.settings) if f != "name"]
    rest = [f for f in BASE_COLUMNS[2:] if f not in decide]
    return [f for f in decide + rest if f in result.standings.columns]


def _filled(value: Any) -> bool:
    return not missing(value) and value != "" and value is not False


def _filled_cells(column: pd.Series) -> pd.Series:
    """Which cells of one game column are filled (`_filled`), by whole columns where the type allows: a count is
    filled when present (0 included), a True/False flag when True; other columns cell by cell."""
    if pd.api.types.is_bool_dtype(column):
        return column.fillna(False).astype(bool)
    if pd.api.types.is_numeric_dtype(column):
        return column.notna()
    return column.map(_filled).astype(bool)


def table_status(result: ScoreResult, results: pd.DataFrame | None = None) -> dict[tuple[str, int], str]:
    """(sheet, table) -> "reported" (scored), "playing" (seated, no game cell filled) or "problem" (reported, not scored).

    Tables not reported yet come from scoring's `table-not-reported` warnings (their rows are then not in
    `results`); without that warning such a table is in `results` with no game cell filled. `results`: the result's
    `scored_results`, when the caller has them already. Tables in order of first appearance, gathered in one pass
    over the rows (pandas' grouping cost a save more than the rest of this)."""
    results = scored_results(result) if results is None else results
    played = results[~results["bye"] & results["table"].notna()]
    status: dict[tuple[str, int], str] = {}
    if not played.empty:
        filled = np.zeros(len(played), dtype=bool)
        for column in GAME_CELLS:
            filled |= _filled_cells(played[column]).to_numpy(bool)
        scored: dict[tuple[str, int], bool] = {}
        touched: dict[tuple[str, int], bool] = {}
        keys = zip(played["sheet"].tolist(), played["table"].astype("int64").tolist())
        for key, game, any_filled in zip(keys, played["game"].tolist(), filled.tolist()):
            scored[key] = scored.get(key, True) and game
            touched[key] = touched.get(key, False) or any_filled
        for (sheet, table), game in scored.items():
            status[(sheet, table)] = "reported" if game else "problem" if touched[(sheet, table)] else "playing"
    for problem in result.problems:
        if problem.code == NOT_REPORTED and problem.table is not None:
            status[(problem.sheet, int(problem.table))] = "playing"
    return status


def seated(
    result: ScoreResult, by_table: dict[tuple[str, int], list[dict[str, Any]]], results: pd.DataFrame
) -> dict[tuple[str, int], list[str]]:
    """(sheet, table) -> its players in seat order (then row order): from `results` (the result's `scored_results`),
    and for tables not reported yet from their rows."""
    seats = {(s, r): seat for s, r, seat in results[["sheet", "row", "seat"]].itertuples(index=False)}
    players = {
        key: [
            r["player"]
            for r in sorted(rows, key=lambda r: _seat_order(_read_seat(seats.get((r["sheet"], r["row"]))), r["row"]))
        ]
        for key, rows in by_table.items()
    }
    sheets = {s.name: s for s in [*result.data.rounds, *result.data.playoffs]}
    for problem in result.problems:
        sheet = sheets.get(problem.sheet)
        if problem.code != NOT_REPORTED or problem.table is None or sheet is None or "player" not in sheet.raw.columns:
            continue
        raw = sheet.raw
        rows = [r for r in problem.params.get("rows") or () if r in raw.index]
        order = {r: _seat_order(whole_number(raw.at[r, "seat"]) if "seat" in raw.columns else None, r) for r in rows}
        players[(problem.sheet, int(problem.table))] = [
            cell_name(raw.at[r, "player"]) for r in sorted(rows, key=order.__getitem__)
        ]
    return players


def _read_seat(seat: Any) -> float | None:
    """A seat of the scored results (read by the rules already): None where it has none."""
    return None if missing(seat) else float(seat)


def _seat_order(seat: float | None, row: int) -> tuple[float, int]:
    """A player's place in the seat order: the seat number as read (the rules' reading of a Seat cell,
    `workbook.cells.whole_number`), else after the numbered seats; rows in order within."""
    return (float("inf") if seat is None else seat, int(row))


def round_progress(result: ScoreResult) -> list[RoundProgress]:
    """Each round's and playoff stage's progress as scoring counted it (docs/rules.md §3): one definition."""
    return list(result.progress)


def partly_reported(progress: list[RoundProgress]) -> bool:
    """Some sheet has tables reported and others still playing: the standings are provisional (docs/rules.md §9)."""
    return any(p.tables and 0 < p.reported < p.tables for p in progress)


def current_round(progress: list[RoundProgress]) -> RoundProgress | None:
    """The last round with tables seated or played: the one the hall is playing (or has just finished)."""
    return next((p for p in reversed(progress) if p.tables > 0), None)


def blocking_errors(
    result: ScoreResult, status: dict[tuple[str, int], str], results: pd.DataFrame | None = None
) -> list[Problem]:
    """The errors that make a save not good enough to replace the view: not those of tables still playing
    (`results`: the result's `scored_results`, when the caller has them already)."""
    errors = [p for p in result.problems if p.severity == "error"]
    if not errors:  # a good save: no row's table to look up
        return []
    rows = scored_results(result) if results is None else results
    row_table = {(s, int(r)): int(t) for s, r, t in zip(rows["sheet"], rows["row"], rows["table"]) if not missing(t)}

    def playing(problem: Problem) -> bool:
        table = problem.table if problem.table is not None else row_table.get((problem.sheet, problem.row or 0))
        return table is not None and status.get((problem.sheet, int(table))) == "playing"

    return [p for p in errors if not playing(p)]


def _standings(
    result: ScoreResult, lang: str, figures: list[str], ids: dict[str, str], medals: bool, playing: set[str]
) -> list[dict[str, Any]]:
    """The projector's rows: the report's one list of qualifiers (a withdrawn player is passed over) and marks;
    `medals` for the top three only when the ranking is final (no round partly reported, no final ranking above
    them); `playing`: the players whose table has not reported."""
    advancing = qualified(result, lang)
    last_in = advancing[-1] if advancing else None
    advancing_set = set(advancing)
    gone = withdrawn_notes(result, lang)
    rows = []
    for row in result.standings.to_dict("records"):
        rank = int(row["rank"])
        rows.append(
            {
                "rank": rank,
                "player": row["player"],
                "id": ids[row["player"]],
                "figures": [figure_text(f, row[f], lang) for f in figures],
                "medal": rank if rank <= 3 and int(row["games"]) > 0 and medals else 0,
                "playing": row["player"] in playing,
                "qualified": row["player"] in advancing_set,
                "cut_after": row["player"] == last_in,
                "withdrawn": gone.get(row["player"], ""),
            }
        )
    return rows


def room_of(
    current: RoundProgress | None, status: dict[tuple[str, int], str], players: dict[tuple[str, int], list[str]]
) -> Room:
    """The current round's tables by number, with their status and players in seat order."""
    if current is None:
        return Room("", ())
    tables = sorted(t for (s, t) in status if s == current.sheet)
    return Room(
        current.sheet,
        tuple(RoomTable(t, status[(current.sheet, t)], tuple(players.get((current.sheet, t), []))) for t in tables),
    )


def _tables(room: Room) -> list[dict[str, Any]]:
    """The room's tables as the projector template reads them."""
    return [{"table": t.table, "status": t.status, "players": list(t.players)} for t in room.tables]


def _rank_paths(result: ScoreResult, lang: str, results: pd.DataFrame) -> dict[str, dict[str, int | None]]:
    """Each player's rank after each round played so far, by sheet (the engine over rounds 1..k, as the report's
    chart); `results`: the result's `scored_results`."""
    sheets = [s.name for s in result.data.rounds if bool(results.loc[results["sheet"] == s.name, "game"].any())]
    players = result.standings["player"].tolist()
    if not sheets or not players:
        return {}
    progression = rank_progression(results, result.data.settings, result.data.adjustments, lang, sheets, players)
    return {
        p: {sheet: None if pd.isna(v) else int(v) for sheet, v in zip(sheets, values)}
        for p, values in zip(progression.index, progression.to_numpy().tolist())
    }


def live_context(
    result: ScoreResult,
    lang: str,
    banner: dict[str, Any] | None,
    qr_svg: str,
    phone_url: str,
    updated: str,
    status: dict[tuple[str, int], str] | None = None,
) -> dict[str, Any]:
    """Everything the projector and phone templates show, formatted for `lang` (`status`: `table_status`, if known)."""
    base = projector_context(result, lang, banner, qr_svg, phone_url, updated, status)
    return {**base, **phone_context(result, base)}


def projector_context(
    result: ScoreResult,
    lang: str,
    banner: dict[str, Any] | None,
    qr_svg: str,
    phone_url: str,
    updated: str,
    status: dict[tuple[str, int], str] | None = None,
    results: pd.DataFrame | None = None,
) -> dict[str, Any]:
    """What the projector shows (and the phone's heading and standings), formatted for `lang`; computed first on each
    save, so the projector follows it before the phones' cards are made (`phone_context`). `status`, `results`: the
    result's `table_status` and `scored_results`, when the caller has them already."""
    lang = language(lang)
    results = scored_results(result) if results is None else results
    status = table_status(result, results) if status is None else status
    progress = round_progress(result)
    current = current_round(progress)
    ranked = result.standings["player"].tolist()
    known = set(ranked)
    ids = player_ids(ranked + [p for p in results["player"].unique() if p not in known])
    figures = shown_figures(result)
    by_table = tables_of(results)
    at_table = seated(result, by_table, results)
    playing_at = {
        p: t
        for (s, t), names in at_table.items()
        if current and s == current.sheet and status.get((s, t)) == "playing"
        for p in names
    }
    provisional = partly_reported(progress)
    final = playoff_view(result, lang, ids) if result.data.playoffs else None  # the report's one final ranking
    medals = not provisional and not (final and final["ranking"])  # after the Final they go to the final ranking
    standings = _standings(result, lang, figures, ids, medals, set(playing_at))
    room = room_of(current, status, at_table)
    if current is None:
        progress_line = ""
    elif current.complete:
        progress_line = text(lang, "live_after", sheet=current.sheet)
    else:
        progress_line = text(
            lang, "live_progress", sheet=current.sheet, reported=current.reported, tables=current.tables
        )
    return {
        "lang": lang,
        "t": translator(lang),
        "title": result.data.settings.tournament or result.data.path.stem,
        "headers": [figure_name(f, lang) for f in figures],
        "pct_columns": [i for i, f in enumerate(figures) if f in ("vp_pct", "mean_vp_pct")],
        "standings": standings,
        "cut": playoff_cut(result),
        "current": current.sheet if current else "",
        "progress": progress_line,
        # a round partly reported: the standings are provisional, with the progress note (docs/rules.md §3, §9)
        "provisional": provisional,
        "progress_note": progress_note(result, lang) if provisional else "",
        "tables": _tables(room),
        "room": room,
        "rounds": [s.name for s in result.data.rounds],
        "banner": banner,
        "qr_svg": qr_svg,
        "phone_url": phone_url,
        "updated": updated,
        "players_text": format_number(len(ranked), lang),
        # once the Final is scored: the champion and the final ranking, as the report shows them (docs/rules.md §6)
        "champion": final["champion"] if final else None,
        "final_ranking": final["ranking"] if final else [],
        "_made": {"ids": ids, "by_table": by_table, "playing_at": playing_at, "results": results},
    }


def phone_context(result: ScoreResult, base: dict[str, Any]) -> dict[str, Any]:
    """Each player's card (tables, places, points, rank after each round, the table now) and the search's index,
    from `projector_context`'s `base` of the same result."""
    lang, made = base["lang"], base["_made"]
    ids, results, playing_at = made["ids"], made["results"], made["playing_at"]
    listed = {key: _table_players(rows, lang, ids) for key, rows in made["by_table"].items()}
    playoff = playoff_rows(result)
    every = results
    if playoff is not None and len(playoff):  # a player's card goes on through the playoff sheets, as the report's
        listed.update({key: _table_players(rows, lang, ids) for key, rows in tables_of(playoff).items()})
        every = pd.concat([results, playoff], ignore_index=True)
    paths = _player_paths(result, every, listed, base["standings"], lang)
    ranks = _rank_paths(result, lang, results)
    for path in paths:
        for step in path["steps"]:
            step["opponents_text"] = ", ".join(o["player"] for o in step.get("opponents", ()))
    phones = [
        {
            **path,
            "search": folded(str(path["player"])),
            "rank_after": ranks.get(path["player"], {}),
            "rank_path": [r if r is not None else "–" for r in ranks.get(path["player"], {}).values()],
            "next_table": playing_at.get(path["player"]),
        }
        for path in paths
    ]
    return {
        "players": phones,
        "index": [[p["id"], p["search"], p["player"]] for p in phones],  # the phone's search: id, folded name, name
    }


def problem_views(problems: list[Problem], lang: str) -> list[dict[str, Any]]:
    """Problems as the report's banner shows them: sheet, cell (or table), message in `lang`."""
    return [_problem_view(p, lang) for p in problems]


def render(template: str, context: dict[str, Any]) -> str:
    """A live page from the report's template environment (autoescaped; control characters written out)."""
    return _environment().get_template(template).render(**context)
