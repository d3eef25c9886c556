"""`sheet-scorer seat`: lay out the next round(s) of an event in its workbook (docs/rules.md §5, §6, §8)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import LANGS, WORKBOOK, run_action

if TYPE_CHECKING:
    from sheet_scorer.model import CellEdit, RoundSheet, ScoreResult, WorkbookPatch
    from sheet_scorer.seating.event import Seating
    from sheet_scorer.seating.planner import SeatedRound, SeatingProblem, SeatingReport


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--rounds", "count", type=click.IntRange(min=1, max=30), default=1, show_default=True, help="Round sheets to add.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the seating search (same seed, same seating).")
@click.option("--reseat", is_flag=True, help="Replace the last round, seated but not yet played (no-shows).")
@click.option("--force", is_flag=True, help="Seat even though the previous round has unscored or faulty tables.")
@click.option("--by", "by", type=click.Choice(["plan", "standings"]), default="plan", show_default=True,
              help="'standings': players of similar standing share tables (Swiss-like), still avoiding repeats; "
                   "only the rounds laid out are planned.")
@click.option("--lang", type=LANGS, help="Language of the words written (the bye), of the name order and of the terminal (default: Settings → Language, else en).")
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def seat(workbook: Path, count: int, seed: int, reseat: bool, force: bool, by: str, lang: str | None, verbose: bool) -> None:
    """Seat the next round(s) of WORKBOOK, which is updated (its previous version kept as .backup)."""
    run_action(verbose, lambda: _seat(workbook, count, seed, reseat, force, by == "standings", lang), lang)


def _seat(path: Path, count: int, seed: int, reseat: bool, force: bool, by_standings: bool, lang: str | None) -> int:
    from sheet_scorer.api import check_workbook
    from sheet_scorer.i18n.terminal import count as count_of
    from sheet_scorer.i18n.terminal import say
    from sheet_scorer.model import WorkbookError
    from sheet_scorer.rules.progress import is_played
    from sheet_scorer.seating.event import seat_next
    from sheet_scorer.seating.planner import SeatingError, assess
    from sheet_scorer.workbook.event import read_plan
    from sheet_scorer.workbook.update import update_workbook

    result = check_workbook(path, lang)
    data = result.data
    if not data.rounds:
        raise WorkbookError(f"{path}: no readable round sheet to continue from", "seat_no_rounds", path=path).in_language(result.lang)
    last = data.rounds[-1]
    if reseat and is_played(last):
        raise WorkbookError(f"{path}: '{last.name}' already has results; --reseat only replaces a round not yet played",
                            "reseat_played", path=path, sheet=last.name).in_language(result.lang)
    unread = next((p for p in result.problems if p.code == "bad-active"), None)
    if unread is not None:  # an Active cell it cannot read: seating would guess who still plays (docs/rules.md §1)
        from sheet_scorer.cli.common import where
        from sheet_scorer.i18n.text import problem_message

        raise WorkbookError(f"{where(unread)}: {unread.message}; fix it (who still plays decides the seating), then run "
                            "seat again", "seat_active_unread", place=where(unread, result.lang),
                            problem=problem_message(unread, result.lang)).in_language(result.lang)
    played = data.rounds[:-1] if reseat else data.rounds
    if played and not force:
        _refuse_unscored(result, played[-1].name)
    first = last.number if reseat else last.number + 1
    qualifying = data.settings.qualifying_rounds or first + count - 1
    horizon = count if by_standings else max(count, qualifying - first + 1)  # later standings are not known yet
    problem = _problem(result, played, horizon, by_standings, seed)
    stored = {} if by_standings else read_plan(path)
    try:
        seating = seat_next(problem, count, [_as_round(stored.get(first + i)) for i in range(problem.rounds)])
    except SeatingError as error:
        raise WorkbookError(f"{path}: {error}", "too_few_players", path=path, n=error.players,
                            least=error.least).in_language(result.lang) from None
    update_workbook(path, _patch(path, last, first, seating, reseat, lang or data.settings.language))
    language = result.lang
    click.echo(say(language, "reseated" if reseat else "seated", path=path, rounds=count_of(language, "rounds", count),
                   first=first, players=count_of(language, "players", len(problem.players)),
                   how=say(language, "plan_kept" if seating.kept_plan else "replanned")))
    echo_report(assess(seating.rounds, problem.history, problem.clubs), qualifying, language)
    return 0


def _problem(result: ScoreResult, played: list[RoundSheet], rounds: int, by_standings: bool, seed: int) -> SeatingProblem:
    """What the optimiser is asked: the active players, the rounds played, the standings, clubs, table size."""
    from sheet_scorer.seating.event import active_players, clubs_of, seated_round
    from sheet_scorer.seating.planner import SeatingProblem

    data = result.data
    ranking = tuple(result.standings.sort_values("rank")["player"]) if len(result.standings) else ()
    return SeatingProblem(tuple(active_players(data)), rounds, clubs_of(data), tuple(seated_round(s) for s in played),
                          ranking, fours_only=data.settings.table_size == "4", by_standings=by_standings, seed=seed)


def _patch(path: Path, last: RoundSheet, first: int, seating: Seating, reseat: bool, language: str) -> WorkbookPatch:
    """The new round sheets (named and laid out like the last one), the re-seated round, and the rest of the plan."""
    from sheet_scorer.model import NewSheet, WorkbookPatch
    from sheet_scorer.workbook.event import PLAN_SHEET, next_round_name, plan_rows, read_header, round_rows

    patch = WorkbookPatch()
    header = read_header(path, last.name, last.header_row, last.last_column)
    if reseat:
        patch.edits[last.name] = _rewrite(last, seating.rounds[0], language)
    new_rounds = seating.rounds[1:] if reseat else seating.rounds
    for number, planned in enumerate(new_rounds, start=first + 1 if reseat else first):
        rows = round_rows(planned.tables, planned.byes, language, last.columns, last.header_row, header)
        patch.sheets.append(NewSheet(next_round_name(last.name, number), rows, layout_from=last.name,
                                     header_row=last.header_row))
    later = {first + len(seating.rounds) + i: (r.tables, r.byes) for i, r in enumerate(seating.later)}
    patch.sheets.append(NewSheet(PLAN_SHEET, plan_rows(later), replace=True, hidden=True))
    return patch


def _refuse_unscored(result: ScoreResult, sheet: str) -> None:
    """One line when the previous round still has unscored or faulty tables (seat with --force anyway)."""
    from sheet_scorer.i18n.terminal import count
    from sheet_scorer.model import WorkbookError

    waiting = sorted({p.table for p in result.problems if p.sheet == sheet and p.code == "table-not-reported" and p.table})
    if waiting:  # seated, not played yet (docs/rules.md §3): seating the round after it would be a mistake
        tables = ", ".join(str(t) for t in waiting)
        raise WorkbookError(f"{result.data.path}: '{sheet}' has tables not reported yet ({tables}); enter their results and "
                            "run seat again, use --reseat to seat that round again, or --force", "seat_unreported",
                            path=result.data.path, sheet=sheet, tables=tables).in_language(result.lang)
    errors = [p for p in result.problems if p.sheet == sheet and p.severity == "error"]
    if errors:
        tables = ", ".join(str(t) for t in sorted({p.table for p in errors if p.table is not None}))
        which = f"table(s) {tables}" if tables else f"{len(errors)} error(s)"
        english = f"{result.data.path}: '{sheet}' is not fully scored ({which}); fix it and run seat again, or use --force"
        if tables:
            raise WorkbookError(english, "seat_unscored_tables", path=result.data.path, sheet=sheet,
                                tables=tables).in_language(result.lang)
        raise WorkbookError(english, "seat_unscored_errors", path=result.data.path, sheet=sheet,
                            errors=count(result.lang, "errors", len(errors))).in_language(result.lang)


def _as_round(stored: tuple[list[list[str]], list[str]] | None) -> SeatedRound | None:
    """A round of the plan sheet as the planner's data."""
    from sheet_scorer.seating.planner import SeatedRound

    return None if stored is None else SeatedRound(tuple(tuple(t) for t in stored[0]), tuple(stored[1]))


def _rewrite(sheet: RoundSheet, planned: SeatedRound, language: str) -> list[CellEdit]:
    """Cell edits that replace a seated, unplayed round's Table/Seat/Player cells in place (--reseat)."""
    from sheet_scorer.model import CellEdit
    from sheet_scorer.workbook.cells import cell_ref
    from sheet_scorer.workbook.event import round_rows

    rows = round_rows(planned.tables, planned.byes, language, sheet.columns, sheet.header_row)[sheet.header_row:]
    old_last = max(sheet.raw.index, default=sheet.header_row)
    edits = []
    for offset in range(max(len(rows), old_last - sheet.header_row)):
        excel_row = sheet.header_row + 1 + offset
        for key in ("table", "seat", "player"):
            if key not in sheet.columns:
                continue
            value = rows[offset][sheet.columns[key] - 1] if offset < len(rows) else None
            edits.append(CellEdit(cell_ref(sheet.columns[key], excel_row), value,
                                  style_like=cell_ref(sheet.columns[key], sheet.header_row + 1)))
    return edits


def echo_report(report: SeatingReport, qualifying: int, lang: str | None) -> None:
    """What the organiser is told about a seating, in `lang`: repeated meetings, seat balance, club conflicts."""
    from sheet_scorer.i18n.terminal import count, say

    if report.repeated_meetings:
        click.echo(say(lang, "repeated_meetings", n=report.repeated_meetings, most=report.most_meetings))
    else:
        click.echo(say(lang, "repeated_meetings_none"))
    if report.unbalanced_players:
        shown = ", ".join(report.unbalanced_players[:5]) + (" …" if len(report.unbalanced_players) > 5 else "")
        why = say(lang, "tables_of_three") if report.tables_of_three else ""
        click.echo(say(lang, "seat_balance_uneven", players=count(lang, "players", len(report.unbalanced_players)),
                       why=why, names=shown))
    else:
        click.echo(say(lang, "seat_balance_even", rounds=count(lang, "rounds", qualifying)))
    click.echo(say(lang, "club_conflicts", n=report.club_conflicts))
