"""Batch scoring on the terminal: a progress bar (or a line a workbook), then a summary table (`api.batch`)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, cast

from sheet_scorer.cli.common import one_line, say_next_step
from sheet_scorer.i18n.visible import visible

if TYPE_CHECKING:
    from sheet_scorer.api.batch import BatchEntry
    from sheet_scorer.i18n.codes import MessageKey


def score_batch(paths: list[Path], lang: str | None = None, in_place: bool = False, jobs: int | None = None) -> int:
    """Score every workbook, `jobs` at a time; print progress and a summary; return the worst exit code.

    The summary is in `lang`, else in the workbooks' own language when they all share one, else English."""
    from sheet_scorer.api.batch import score_batch as score_all

    with _progress(lang) as (started, done):
        batch = score_all(paths, lang, in_place, jobs, started, done)
    _print_summary(batch.entries, batch.lang)
    return batch.exit_code


@contextlib.contextmanager
def _progress(lang: str | None) -> Iterator[tuple[Callable[[int], None], Callable[[BatchEntry], None]]]:
    """On a terminal a progress bar; into a file or a pipe one line a workbook, `[3/12] file: exit 0`, as each
    finishes: (told the number of workbooks, told of each workbook scored)."""
    from rich.console import Console
    from rich.progress import Progress

    from sheet_scorer.i18n.terminal import say

    console = Console(stderr=True)
    total = [0, 0]  # workbooks to score, workbooks scored

    def line(entry: BatchEntry) -> None:
        total[1] += 1
        print(
            say(
                lang or entry.lang,
                "progress",
                done=total[1],
                total=total[0],
                path=visible(str(entry.path)),
                code=entry.exit_code,
            ),
            file=sys.stderr,
            flush=True,
        )

    def count(n: int) -> None:
        total[0] = n

    if not console.is_terminal:
        yield count, line
        return
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(say(lang, "scoring"), total=None)
        yield lambda n: progress.update(task, total=n), lambda _: progress.advance(task)


def _reason(entry: BatchEntry, lang: str | None) -> str:
    """Why a workbook was not scored, in `lang` when the refusal has a catalogue line, else its own text."""
    from sheet_scorer.i18n.terminal import say

    if entry.interrupted:
        return say(lang, "interrupted_one")
    told = entry.lang  # the refusal in the language it met: --lang (the workbook was not read)
    key = cast("MessageKey | None", entry.failure_key)  # a refusal's key, as the format layer raised it
    return one_line(say(told, key, **entry.failure_values) if key else entry.failure)


def _print_summary(entries: list[BatchEntry], lang: str | None) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from sheet_scorer.i18n.terminal import count, say

    table = Table(title=count(lang, "workbooks", len(entries)), title_justify="left")
    for key in ("file", "players", "rounds", "errors", "warnings", "output"):
        table.add_column(say(lang, key), justify="left" if key in ("file", "output") else "right")
    for e in entries:
        if e.failure:
            table.add_row(
                escape(visible(str(e.path))),
                "",
                "",
                "",
                "",
                f"[red]{escape(say(lang, 'not_scored', reason=_reason(e, lang)))}[/]",
            )
        else:
            table.add_row(
                escape(visible(str(e.path))),
                str(e.players),
                str(e.rounds),
                str(e.errors),
                str(e.warnings),
                escape(visible(e.output)),
            )
    console = Console(width=160)
    console.print(table)
    for e in entries:  # each workbook with errors: where to fix them and what to run next
        step = say_next_step(e.next_step, e.lang)
        if step:
            console.print(escape(visible(step)), soft_wrap=True)
    converted = [visible(e.path.name) for e in entries if e.converted]
    if converted:
        console.print(escape(say(lang, "converted_batch", files=", ".join(converted))), soft_wrap=True)
