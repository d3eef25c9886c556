"""`sheet-scorer season`: rank players across events (docs/rules.md §10) and write the season workbook and report."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import FILE, WORKBOOK, lang_option, output_option, run_action, verbose_option
from sheet_scorer.i18n.visible import visible

if TYPE_CHECKING:
    from sheet_scorer.api.season import EventSummary, Season

SHOWN_PLAYERS = 10
SHOWN_PROBLEMS = 10


@click.command()
@click.argument("events", nargs=-1, required=True, type=WORKBOOK)
@output_option("Season workbook (default: season.xlsx).")
@click.option("--html", type=FILE, help="Season report (default: the -o workbook's name with .html, else season.html).")
@click.option("--best", type=click.IntRange(min=1), help="Count only each player's best N events (default: all).")
@click.option(
    "--settings",
    "settings_path",
    type=FILE,
    help="Settings workbook: Season Points (points by place), Aliases (Name, Same as), Settings (Tournament, Language).",
)
@click.option(
    "-j", "--jobs", type=click.IntRange(min=1), help="Event workbooks read at once (default: number of cores)."
)
@click.option("--include-provisional", is_flag=True, help="Count events with errors by their provisional ranking.")
@click.option("--json", "json_path", type=FILE, help="Also write the season as JSON (schema sheet-scorer/season v1).")
@lang_option("Language of the outputs and the name order (default: settings workbook, else the events', else en).")
@verbose_option
def season(
    events: tuple[Path, ...],
    output: Path | None,
    html: Path | None,
    best: int | None,
    settings_path: Path | None,
    jobs: int | None,
    include_provisional: bool,
    json_path: Path | None,
    lang: str | None,
    verbose: bool,
) -> None:
    """Rank players across EVENTS (event workbooks, or folders of them): a league or a national ranking.

    Each event is read and scored, never written. Exit status 1 when an event or file was left out
    or a setting is wrong (the season is still written), 2 when nothing could be done.
    """

    def action() -> int:
        from sheet_scorer.api import run_season

        with _progress(lang) as (started, done):
            made = run_season(
                list(events),
                output,
                html,
                best,
                settings_path,
                jobs,
                include_provisional,
                json_path,
                lang,
                started,
                done,
            )
        _summary(made.season, made.written)
        return made.exit_code

    run_action(verbose, action, lang)


@contextlib.contextmanager
def _progress(lang: str | None) -> Iterator[tuple[Callable[[int], None] | None, Callable[[EventSummary], None] | None]]:
    """A progress bar of the events read, on a terminal only: (told the number of files, told of each file read)."""
    from rich.console import Console
    from rich.progress import Progress

    from sheet_scorer.i18n.terminal import say

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None, None
        return
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(say(lang, "season_reading"), total=None)
        yield lambda total: progress.update(task, total=total), lambda _: progress.advance(task)


def _summary(result: Season, written: list[Path]) -> None:
    """The season's size, its top players, what was left out, its problems and the files written, in the season's language."""
    from rich.markup import escape
    from rich.table import Table

    from sheet_scorer.cli.score import _console
    from sheet_scorer.i18n.terminal import count, say
    from sheet_scorer.i18n.text import format_number, ordinal, severity_word, text

    lang = result.lang
    console = _console()  # into a file or a pipe nothing is wrapped, as `score` prints
    console.print(
        say(
            lang,
            "season_summary",
            season=f"[bold]{escape(visible(result.title))}[/]",
            counted=count(lang, "events", len(result.counted)),
            files=len(result.read),
            players=count(lang, "players", len(result.rows)),
        )
    )
    top = Table(title=text(lang, "season_standings_sheet"), title_justify="left")
    for key in ("rank", "player", "season_points", "season_counted", "season_played", "season_won", "season_best"):
        top.add_column(text(lang, key), justify="left" if key == "player" else "right")
    for row in result.rows[:SHOWN_PLAYERS]:
        top.add_row(
            str(row.rank),
            escape(visible(row.player)),
            format_number(row.points, lang),  # a Fraction, shown as its cell value
            str(row.counted),
            str(row.played),
            str(row.won),
            ordinal(row.best, lang),
        )
    console.print(top)
    if len(result.rows) > SHOWN_PLAYERS:  # the rest are counted, as `score` counts its own (a generic "… and N more")
        console.print(
            escape(
                say(
                    lang,
                    "more_problems",
                    n=len(result.rows) - SHOWN_PLAYERS,
                    sheet=text(lang, "season_standings_sheet"),
                )
            )
        )
    for entry in (e for e in result.entries if e.left_out or e.status == "season_status_provisional_counted"):
        colour = "yellow" if entry.counted else "red"
        console.print(
            f"[{colour}]{escape(say(lang, 'season_file_line', file=visible(str(entry.summary.path)), status=visible(text(lang, entry.status, **entry.values))))}[/]",
            soft_wrap=True,
        )
    if any(e.status == "season_status_provisional" for e in result.entries):
        console.print(escape(say(lang, "season_include_hint")))
    notes = sorted(result.notes, key=lambda n: n.severity != "error")
    for note in notes[:SHOWN_PROBLEMS]:
        colour = "red" if note.severity == "error" else "yellow"
        console.print(
            say(
                lang,
                "season_problem_line",
                severity=f"[{colour}]{escape(severity_word(note.severity, lang))}[/]",
                where=escape(visible(note.where)),
                message=escape(visible(note.message(lang))),
            ),
            soft_wrap=True,
        )
    if len(notes) > SHOWN_PROBLEMS:
        console.print(escape(say(lang, "more_problems", n=len(notes) - SHOWN_PROBLEMS, sheet=text(lang, "problems"))))
    if result.left_out:
        left = count(lang, "workbooks", len(result.left_out))  # files: some of them are no event
        console.print(escape(say(lang, "season_left_out", files=left)))
    shown = [visible(str(p)) for p in written]
    line = (
        say(lang, "wrote", first=shown[0], second=shown[1])
        if len(shown) == 2
        else say(lang, "season_wrote_three", first=shown[0], second=shown[1], third=shown[2])
    )
    console.print(escape(line), soft_wrap=True)
