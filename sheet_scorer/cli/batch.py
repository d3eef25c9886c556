"""Batch scoring (the end-of-day job): many workbooks in parallel, a progress bar, a summary table."""

from __future__ import annotations

import os
import signal
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from sheet_scorer.cli.common import one_line
from sheet_scorer.i18n.visible import visible


@dataclass(frozen=True)
class Outcome:
    """One workbook's result in a batch; `exit_code` as docs/rules.md §5 (2 when it could not be read)."""

    path: Path
    exit_code: int
    players: int = 0
    rounds: int = 0
    errors: int = 0
    warnings: int = 0
    output: str = ""
    failure: str = ""


_stopping = False  # set in a worker by Ctrl-C: the workbook in hand finishes, the rest are skipped


def _finish_current_on_interrupt() -> None:
    """Pool initializer: Ctrl-C in a worker sets `_stopping` instead of abandoning a workbook half-way."""
    signal.signal(signal.SIGINT, _stop)


def _stop(signum: int, frame: object) -> None:
    global _stopping
    _stopping = True


def score_one(path: Path, lang: str | None, in_place: bool) -> Outcome:
    """Score one workbook; never raises, so one bad file cannot stop the batch."""
    if _stopping:
        return Outcome(path, 130, failure="not scored: interrupted")
    from sheet_scorer.api import score_workbook
    from sheet_scorer.model import WorkbookError

    try:
        result = score_workbook(path, lang=lang, in_place=in_place, overlap=False)  # the batch keeps the cores busy
    except WorkbookError as error:
        return Outcome(path, 2, failure=str(error))
    except Exception as error:  # an unexpected failure in one file is reported, not raised
        return Outcome(path, 2, failure=f"unexpected failure ({type(error).__name__}: {error})")
    errors = sum(p.severity == "error" for p in result.problems)
    return Outcome(path, result.exit_code, len(result.standings), len(result.data.rounds), errors,
                   len(result.problems) - errors, str(result.output))


def score_batch(paths: list[Path], lang: str | None = None, in_place: bool = False, jobs: int | None = None) -> int:
    """Score every workbook, `jobs` at a time; print progress and a summary; return the worst exit code."""
    from rich.console import Console
    from rich.progress import Progress

    jobs = min(jobs or os.cpu_count() or 1, len(paths))
    console = Console(stderr=True)
    outcomes: list[Outcome] = []
    with ProcessPoolExecutor(max_workers=jobs, initializer=_finish_current_on_interrupt) as pool:
        futures = [pool.submit(score_one, p, lang, in_place) for p in paths]
        try:
            if console.is_terminal:
                with Progress(console=console, transient=True) as progress:
                    task = progress.add_task("Scoring", total=len(paths))
                    for future in as_completed(futures):
                        outcomes.append(future.result())
                        progress.advance(task)
            else:
                for done, future in enumerate(as_completed(futures), start=1):
                    outcome = future.result()
                    outcomes.append(outcome)
                    print(f"[{done}/{len(paths)}] {visible(str(outcome.path))}: exit {outcome.exit_code}", file=sys.stderr, flush=True)
        except KeyboardInterrupt:  # Ctrl-C: the workbooks in hand finish; the others are not started
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    _print_summary(sorted(outcomes, key=lambda o: paths.index(o.path)))
    return max(o.exit_code for o in outcomes)


def _print_summary(outcomes: list[Outcome]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table(title=f"{len(outcomes)} workbooks", title_justify="left")
    for heading in ("File", "Players", "Rounds", "Errors", "Warnings", "Output"):
        table.add_column(heading, justify="left" if heading in ("File", "Output") else "right")
    for o in outcomes:
        if o.failure:
            table.add_row(escape(visible(str(o.path))), "", "", "", "", f"[red]not scored: {escape(one_line(o.failure))}[/]")
        else:
            table.add_row(escape(visible(str(o.path))), str(o.players), str(o.rounds), str(o.errors), str(o.warnings),
                          escape(visible(o.output)))
    Console(width=160).print(table)
