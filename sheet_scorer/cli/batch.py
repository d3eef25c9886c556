"""Batch scoring (the end-of-day job): many workbooks in parallel, a progress bar, a summary table."""

from __future__ import annotations

import os
import signal
import sys
import warnings
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.cli.common import one_line
from sheet_scorer.i18n.visible import visible

if TYPE_CHECKING:
    from sheet_scorer.model import WorkbookError


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
    lang: str | None = None  # the workbook's language (--lang, else its Settings), when it could be read
    converted: bool = False  # an .ods converted by LibreOffice


_stopping = False  # set in a worker by Ctrl-C: the workbook in hand finishes, the rest are skipped


def _finish_current_on_interrupt() -> None:
    """Pool initializer: Ctrl-C in a worker sets `_stopping` instead of abandoning a workbook half-way; a library's
    warning is not printed (only the tool's own lines reach the terminal, as in `common.run_action`)."""
    signal.signal(signal.SIGINT, _stop)
    warnings.simplefilter("ignore")


def _stop(signum: int, frame: object) -> None:
    global _stopping
    _stopping = True


def score_one(path: Path, lang: str | None, in_place: bool, source: Path | None = None) -> Outcome:
    """Score one workbook; never raises, so one bad file cannot stop the batch.

    `source` is the .ods that `path` was converted from: the outputs go beside it (docs/rules.md §5)."""
    shown = source or path
    if _stopping:
        return Outcome(shown, 130, failure="interrupted")
    from sheet_scorer.api import ods_outputs, score_workbook
    from sheet_scorer.model import WorkbookError

    output, html = ods_outputs(source) if source else (None, None)
    try:
        result = score_workbook(path, output, html, lang=lang, in_place=in_place)
    except WorkbookError as error:
        return Outcome(shown, 2, failure=_reason(error, lang), lang=lang)
    except Exception as error:  # an unexpected failure in one file is reported, not raised
        return Outcome(shown, 2, failure=f"unexpected failure ({type(error).__name__}: {error})", lang=lang)
    errors = sum(p.severity == "error" for p in result.problems)
    return Outcome(
        shown,
        result.exit_code,
        len(result.standings),
        len(result.played_rounds),
        errors,
        len(result.problems) - errors,
        str(result.output),
        lang=result.lang,
        converted=source is not None,
    )


def _reason(error: WorkbookError, lang: str | None) -> str:
    """A WorkbookError's line in `lang` when it has a translated form, else its own text."""
    from sheet_scorer.i18n.terminal import say

    return say(lang, error.key, **error.values) if error.key else str(error)


def _convert_all(paths: list[Path], folder: Path, lang: str | None) -> tuple[dict[Path, Path], list[Outcome]]:
    """Every .ods among `paths` converted in one LibreOffice run; those that cannot be, as failed outcomes."""
    from sheet_scorer.model import WorkbookError
    from sheet_scorer.workbook.convert import convert_to_xlsx, is_ods

    sources = [p for p in paths if is_ods(p)]
    if not sources:
        return {}, []
    try:
        return convert_to_xlsx(sources, folder), []
    except WorkbookError as error:
        return {}, [Outcome(p, 2, failure=_reason(error, lang)) for p in sources]


def score_batch(paths: list[Path], lang: str | None = None, in_place: bool = False, jobs: int | None = None) -> int:
    """Score every workbook, `jobs` at a time; print progress and a summary; return the worst exit code.

    The .ods files are converted by one LibreOffice run first. The summary is in `lang`, else in the
    workbooks' own language when they all share one, else English."""
    import tempfile

    from rich.console import Console
    from rich.progress import Progress

    from sheet_scorer.i18n.terminal import say

    console = Console(stderr=True)
    with tempfile.TemporaryDirectory(prefix="sheet-scorer-") as folder:
        converted, outcomes = _convert_all(paths, Path(folder), lang)
        failed = {o.path for o in outcomes}
        todo = [p for p in paths if p not in failed]
        jobs = max(1, min(jobs or os.cpu_count() or 1, len(todo)))
        with ProcessPoolExecutor(max_workers=jobs, initializer=_finish_current_on_interrupt) as pool:
            futures = [
                pool.submit(score_one, converted.get(p, p), lang, in_place, p if p in converted else None) for p in todo
            ]
            try:
                if console.is_terminal:
                    with Progress(console=console, transient=True) as progress:
                        task = progress.add_task(say(lang, "scoring"), total=len(todo))
                        for future in as_completed(futures):
                            outcomes.append(future.result())
                            progress.advance(task)
                else:
                    for done, future in enumerate(as_completed(futures), start=1):
                        outcome = future.result()
                        outcomes.append(outcome)
                        print(
                            say(
                                lang or outcome.lang,
                                "progress",
                                done=done,
                                total=len(todo),
                                path=visible(str(outcome.path)),
                                code=outcome.exit_code,
                            ),
                            file=sys.stderr,
                            flush=True,
                        )
            except KeyboardInterrupt:  # Ctrl-C: the workbooks in hand finish; the others are not started
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    languages = {o.lang for o in outcomes if o.lang}
    _print_summary(
        sorted(outcomes, key=lambda o: paths.index(o.path)), lang or (languages.pop() if len(languages) == 1 else None)
    )
    return max(o.exit_code for o in outcomes)


def _print_summary(outcomes: list[Outcome], lang: str | None) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from sheet_scorer.i18n.terminal import count, say

    table = Table(title=count(lang, "workbooks", len(outcomes)), title_justify="left")
    for key in ("file", "players", "rounds", "errors", "warnings", "output"):
        table.add_column(say(lang, key), justify="left" if key in ("file", "output") else "right")
    for o in outcomes:
        if o.failure:
            reason = say(lang, "interrupted_one") if o.exit_code == 130 else one_line(o.failure)
            table.add_row(
                escape(visible(str(o.path))),
                "",
                "",
                "",
                "",
                f"[red]{escape(say(lang, 'not_scored', reason=reason))}[/]",
            )
        else:
            table.add_row(
                escape(visible(str(o.path))),
                str(o.players),
                str(o.rounds),
                str(o.errors),
                str(o.warnings),
                escape(visible(o.output)),
            )
    console = Console(width=160)
    console.print(table)
    converted = [visible(o.path.name) for o in outcomes if o.converted]
    if converted:
        console.print(escape(say(lang, "converted_batch", files=", ".join(converted))), soft_wrap=True)
