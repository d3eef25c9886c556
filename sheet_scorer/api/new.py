"""`new`: an event workbook from a list of players, round 1 seated and the later rounds planned (docs/rules.md §6)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.model import WorkbookError, event_language

if TYPE_CHECKING:
    from sheet_scorer.seating.planner import SeatingBounds, SeatingReport


@dataclass(frozen=True)
class NewResult:
    """What `new` wrote: the event workbook, its players and planned rounds, the players file's encoding when it
    was not UTF-8, and how good the plan is (`report`) beside the best possible (`bounds`), with the rounds that
    seat club-mates together (`club_rounds`, from 1)."""

    output: Path
    players: int
    rounds: int
    encoding: str | None
    report: SeatingReport
    lang: str
    bounds: SeatingBounds
    club_rounds: tuple[int, ...] = ()


def new_event(
    players_file: Path | str,
    output: Path | str,
    rounds: int = 4,
    lang: str = "en",
    name: str | None = None,
    when: date | None = None,
    seed: int = 0,
    force: bool = False,
) -> NewResult:
    """A new event workbook from a list of players: Settings, Players, Round 1 seated, the later rounds planned."""
    from sheet_scorer.rules.names import refuse_name_clashes
    from sheet_scorer.seating.planner import SeatingError, SeatingProblem, assess, bounds, plan
    from sheet_scorer.workbook.new_event import create_event
    from sheet_scorer.workbook.players import read_player_lines

    players_file, output = Path(players_file), Path(output)
    language = event_language(lang)
    if output.suffix.lower() != ".xlsx":
        raise WorkbookError(key="new_not_xlsx", path=output)
    if output.exists() and not force:
        raise WorkbookError(key="new_exists", path=output)
    if not output.parent.is_dir():
        raise WorkbookError(key="no_folder", path=output, folder=output.parent)
    numbered, encoding = read_player_lines(players_file)
    refuse_name_clashes(players_file, numbered)
    players = [p for p, _ in numbered]
    clubs = {p.name: p.club for p in players if p.club}
    problem = SeatingProblem(tuple(p.name for p in players if p.active), rounds, clubs, seed=seed)
    try:
        planned = plan(problem)
    except SeatingError as error:
        raise WorkbookError(key="too_few_players", path=players_file, n=error.players, least=error.least) from None
    later = {number: (r.tables, r.byes) for number, r in enumerate(planned[1:], start=2)}
    create_event(output, players, (planned[0].tables, planned[0].byes), later, rounds, language, name, when)
    report = assess(planned, clubs=clubs)
    club_rounds = tuple(r + 1 for r in report.club_rounds)
    return NewResult(output, len(problem.players), rounds, encoding, report, language, bounds(problem), club_rounds)
