"""`seat`: the next round(s) of an event seated, or the last one laid out again (docs/rules.md §6, §8)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.api.score import check_data
from sheet_scorer.model import ScoreResult, WorkbookError

if TYPE_CHECKING:
    from sheet_scorer.seating.planner import SeatingBounds as SeatingBounds  # the CLI names it through the api
    from sheet_scorer.seating.planner import SeatingReport as SeatingReport  # the CLI names it through the api
    from sheet_scorer.workbook.read import EventRead


@dataclass(frozen=True)
class SeatResult:
    """What `seat` did: the rounds laid out from `first`, for how many players, whether the stored plan was kept and
    why not (`why`, the players who `left` and `joined` the plan; `seating.event.Seating`), and how good the seating
    is over the rounds played and planned up to `qualifying` (`report`) beside the best possible (`bounds`), with
    the event rounds that seat club-mates together (`club_rounds`)."""

    path: Path
    first: int
    rounds: int
    reseat: bool
    players: int
    kept_plan: bool
    report: SeatingReport
    qualifying: int
    lang: str
    bounds: SeatingBounds
    why: str = "kept"
    left: tuple[str, ...] = ()
    joined: tuple[str, ...] = ()
    club_rounds: tuple[int, ...] = ()


def seat_event(
    path: Path | str,
    rounds: int = 1,
    seed: int = 0,
    reseat: bool = False,
    force: bool = False,
    by_standings: bool = False,
    lang: str | None = None,
) -> SeatResult:
    """Seat the next `rounds` round(s) of the event in `path` (docs/rules.md §5, §6, §8), or with `reseat` lay out
    again the last round, seated but not played; the workbook is read once and updated in place."""
    from sheet_scorer.workbook.read import open_event

    path = Path(path)
    with open_event(path, patching=True) as event:  # the workbook opened and read once, and patched from that opening
        return _seat(event, rounds, seed, reseat, force, by_standings, lang)


def _seat(
    event: EventRead, rounds: int, seed: int, reseat: bool, force: bool, by_standings: bool, lang: str | None
) -> SeatResult:
    """`seat` of an event read (`workbook.read.open_event`)."""
    from sheet_scorer.api.policy import refuse_replacing, refuse_working_copy
    from sheet_scorer.seating.event import seat_next, seat_patch, seating_problem, stored_round
    from sheet_scorer.seating.planner import SeatingError, assess, bounds
    from sheet_scorer.workbook.update import update_workbook

    path, data = event.path, event.data
    refuse_working_copy(path, "seat", force, lang, event)
    (plan_sheet, stored), header = event.plan(), event.header()
    result = check_data(data, lang)
    language = result.lang
    if not data.rounds:
        raise WorkbookError(key="seat_no_rounds", path=path).in_language(language)
    last = data.rounds[-1]
    if reseat and (progress := result.progress_of(last.name)) is not None and progress.played:
        raise WorkbookError(key="reseat_played", path=path, sheet=last.name).in_language(language)
    _refuse_unread_active(result)
    played = data.rounds[:-1] if reseat else data.rounds
    if played and not force:
        _refuse_unscored(result, played[-1].name)
    first = last.number if reseat else last.number + 1
    qualifying = data.settings.qualifying_rounds or first + rounds - 1
    horizon = rounds if by_standings else max(rounds, qualifying - first + 1)  # later standings are not known yet
    problem = seating_problem(result, played, horizon, by_standings, seed)
    kept = {} if by_standings else stored
    try:
        seating = seat_next(problem, rounds, [stored_round(kept.get(first + i)) for i in range(problem.rounds)])
    except SeatingError as error:
        raise WorkbookError(key="too_few_players", path=path, n=error.players, least=error.least).in_language(
            language
        ) from None
    update_workbook(
        path,
        seat_patch(last, header, first, seating, reseat, language, plan_sheet, data.sheet_names),
        command="seat",
        event=event,
        refuse=refuse_replacing,
    )
    report = assess(seating.rounds + seating.later, problem.history, problem.clubs)
    return SeatResult(
        path,
        first,
        rounds,
        reseat,
        len(problem.players),
        seating.kept_plan,
        report,
        qualifying,
        language,
        bounds(problem),
        seating.why,
        seating.left,
        seating.joined,
        tuple(first + r for r in report.club_rounds),
    )


def _refuse_unread_active(result: ScoreResult) -> None:
    """An Active cell `seat` cannot read: seating would guess who still plays (docs/rules.md §1)."""
    from sheet_scorer.problems import Told

    unread = next((p for p in result.problems if p.code == "bad-active"), None)
    if unread is not None:
        raise WorkbookError(key="seat_active_unread", place=Told(unread, place=True), problem=Told(unread)).in_language(
            result.lang
        )


def _refuse_unscored(result: ScoreResult, sheet: str) -> None:
    """One line when the previous round still has unscored or faulty tables (seat with --force anyway)."""
    from sheet_scorer.i18n.phrase import Count

    waiting = sorted(
        {p.table for p in result.problems if p.sheet == sheet and p.code == "table-not-reported" and p.table}
    )
    if waiting:  # seated, not played yet (docs/rules.md §3): seating the round after it would be a mistake
        tables = ", ".join(str(t) for t in waiting)
        raise WorkbookError(key="seat_unreported", path=result.data.path, sheet=sheet, tables=tables).in_language(
            result.lang
        )
    errors = [p for p in result.problems if p.sheet == sheet and p.severity == "error"]
    if errors:
        tables = ", ".join(str(t) for t in sorted({p.table for p in errors if p.table is not None}))
        if tables:
            raise WorkbookError(
                key="seat_unscored_tables", path=result.data.path, sheet=sheet, tables=tables
            ).in_language(result.lang)
        raise WorkbookError(
            key="seat_unscored_errors", path=result.data.path, sheet=sheet, errors=Count("errors", len(errors))
        ).in_language(result.lang)
