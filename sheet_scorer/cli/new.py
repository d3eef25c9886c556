"""`sheet-scorer new`: a new event workbook from a list of players, all qualifying rounds planned at once."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import click

from sheet_scorer.cli.common import LANGS, run_action


@click.command()
@click.option("--players", "players_file", required=True, type=click.Path(path_type=Path, dir_okay=False),
              help="Players: .txt (one name a line), .csv or .xlsx (a Player/Name column; optional Club/Team, Active).")
@click.option("--rounds", type=click.IntRange(min=1, max=30), default=4, show_default=True, help="Qualifying rounds, planned together.")
@click.option("--name", help="Tournament name (default: the output file's name).")
@click.option("--date", "when", type=click.DateTime(formats=["%Y-%m-%d"]), help="Date of the event (YYYY-MM-DD).")
@click.option("--lang", type=LANGS, default="en", show_default=True, help="Language of the sheets, headers and terminal.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the seating search (same seed, same seating).")
@click.option("-o", "--output", required=True, type=click.Path(path_type=Path, dir_okay=False), help="The workbook to create.")
@click.option("--force", is_flag=True, help="Replace OUTPUT if it exists.")
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def new(players_file: Path, rounds: int, name: str | None, when: object, lang: str, seed: int, output: Path,
        force: bool, verbose: bool) -> None:
    """Create an event workbook: Settings, Players, Round 1 seated; later rounds planned (see `seat`)."""
    def action() -> int:
        from sheet_scorer.cli.seat import echo_report
        from sheet_scorer.i18n.terminal import count, say
        from sheet_scorer.model import WorkbookError
        from sheet_scorer.seating.planner import SeatingError, SeatingProblem, assess, plan
        from sheet_scorer.workbook.event import create_event, read_player_file

        if output.suffix.lower() != ".xlsx":
            raise WorkbookError(f"{output}: the new workbook must end in .xlsx", "new_not_xlsx", path=output)
        if output.exists() and not force:
            raise WorkbookError(f"{output}: already exists; choose another name or use --force", "new_exists", path=output)
        if not output.parent.is_dir():
            raise WorkbookError(f"{output}: the folder {output.parent} does not exist", "no_folder", path=output,
                                folder=output.parent)
        players, encoding = read_player_file(players_file)
        clubs = {p.name: p.club for p in players if p.club}
        problem = SeatingProblem(tuple(p.name for p in players if p.active), rounds, clubs, seed=seed)
        try:
            planned = plan(problem)
        except SeatingError as error:
            raise WorkbookError(f"{players_file}: {error}", "too_few_players", path=players_file, n=error.players,
                                least=error.least) from None
        later = {number: (r.tables, r.byes) for number, r in enumerate(planned[1:], start=2)}
        event_date = when.date() if isinstance(when, date) else None
        create_event(output, players, (planned[0].tables, planned[0].byes), later, rounds, lang, name, event_date)
        if encoding:
            click.echo(say(lang, "new_encoding", path=players_file, encoding=encoding))
        click.echo(say(lang, {1: "new_wrote_one", 2: "new_wrote_two"}.get(rounds, "new_wrote"), file=output,
                       players=count(lang, "players", len(problem.players)), rounds=rounds))
        echo_report(assess(planned, clubs=clubs), rounds, lang)
        return 0

    run_action(verbose, action, lang)
