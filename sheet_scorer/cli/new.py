"""`sheet-scorer new`: a new event workbook from a list of players, all qualifying rounds planned at once."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import FILE, force_option, lang_option, output_option, run_action, verbose_option

if TYPE_CHECKING:
    from sheet_scorer.i18n.codes import MessageKey

#: The line `new` ends with, by the rounds it laid out ("1 round", "2 rounds": the words agree with the number).
WROTE: dict[int, MessageKey] = {1: "new_wrote_one", 2: "new_wrote_two"}


@click.command()
@click.option(
    "--players",
    "players_file",
    required=True,
    type=FILE,
    help="Players: .txt (one name a line), .csv or .xlsx (a Player/Name column; optional Club/Team, Active).",
)
@click.option(
    "--rounds",
    type=click.IntRange(min=1, max=30),
    default=4,
    show_default=True,
    help="Qualifying rounds, planned together.",
)
@click.option("--name", help="Tournament name (default: the output file's name).")
@click.option("--date", "when", type=click.DateTime(formats=["%Y-%m-%d"]), help="Date of the event (YYYY-MM-DD).")
@lang_option("Language of the sheets, headers and terminal.", default="en", show_default=True)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the seating search (same seed, same seating)."
)
@output_option("The workbook to create.", required=True)
@force_option("Replace OUTPUT if it exists.")
@verbose_option
def new(
    players_file: Path,
    rounds: int,
    name: str | None,
    when: object,
    lang: str,
    seed: int,
    output: Path,
    force: bool,
    verbose: bool,
) -> None:
    """Create an event workbook: Settings, Players, Round 1 seated; later rounds planned (see `seat`)."""

    def action() -> int:
        from sheet_scorer.api import new_event
        from sheet_scorer.cli.seat import echo_report
        from sheet_scorer.i18n.terminal import count, say

        done = new_event(
            players_file, output, rounds, lang, name, when.date() if isinstance(when, datetime) else None, seed, force
        )
        if done.encoding:
            click.echo(say(lang, "new_encoding", path=players_file, encoding=done.encoding))
        click.echo(
            say(
                lang,
                WROTE.get(rounds, "new_wrote"),
                file=output,
                players=count(lang, "players", done.players),
                rounds=rounds,
            )
        )
        echo_report(done.report, done.bounds, rounds, done.club_rounds, lang)
        return 0

    run_action(verbose, action, lang)
