"""A batch (`score DIR`, the end-of-day job): many workbooks scored in parallel, each as `score` alone would
(docs/rules.md §5); the .ods files converted by one LibreOffice run first."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheet_scorer.api.pool import run_all, stopping, workers
from sheet_scorer.model import NextStep, WorkbookError


@dataclass(frozen=True)
class BatchEntry:
    """One workbook's result in a batch; `exit_code` as docs/rules.md §5 (2 when it could not be read, 130 when
    Ctrl-C came before it started). A refusal travels as its catalogue key and values (`failure_key`), said by
    whoever shows it; `failure` is its English line, or an unexpected failure's."""

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
    failure_key: str | None = None
    failure_values: dict[str, Any] = field(default_factory=dict)
    next_step: NextStep | None = None  # with errors: the file to fix and the one to score next (docs/rules.md §5)

    @property
    def interrupted(self) -> bool:
        return self.exit_code == 130


@dataclass(frozen=True)
class BatchResult:
    """Every workbook's entry in the order given, the language to tell them in (`lang`, else the workbooks' own
    when they all share one, else English) and the worst exit code."""

    entries: list[BatchEntry]
    lang: str | None

    @property
    def exit_code(self) -> int:
        return max(e.exit_code for e in self.entries)


def _refused(path: Path, error: WorkbookError, lang: str | None) -> BatchEntry:
    return BatchEntry(path, 2, failure=str(error), lang=lang, failure_key=error.key, failure_values=dict(error.values))


def score_one(path: Path, lang: str | None, in_place: bool, source: Path | None = None) -> BatchEntry:
    """Score one workbook; never raises, so one bad file cannot stop the batch.

    `source` is the .ods that `path` was converted from: the outputs go beside it (docs/rules.md §5)."""
    shown = source or path
    if stopping():
        return BatchEntry(shown, 130, failure="interrupted")
    from sheet_scorer.api.score import ods_outputs, score_workbook

    output, html = ods_outputs(source) if source else (None, None)
    try:
        result = score_workbook(path, output, html, lang=lang, in_place=in_place)
    except WorkbookError as error:
        return _refused(shown, error, lang)
    except Exception as error:  # an unexpected failure in one file is reported, not raised
        return BatchEntry(shown, 2, failure=f"unexpected failure ({type(error).__name__}: {error})", lang=lang)
    errors = sum(p.severity == "error" for p in result.problems)
    return BatchEntry(
        shown,
        result.exit_code,
        len(result.standings),
        len(result.played_rounds),
        errors,
        len(result.problems) - errors,
        str(result.output),
        lang=result.lang,
        converted=source is not None,
        next_step=result.next_step,
    )


def _score(job: tuple[Path, str | None, bool, Path | None]) -> BatchEntry:
    """`score_one` of one job (the pool hands its work one argument)."""
    return score_one(*job)


def _convert_all(paths: list[Path], folder: Path, lang: str | None) -> tuple[dict[Path, Path], list[BatchEntry]]:
    """Every .ods among `paths` converted in one LibreOffice run; those that cannot be, as failed entries."""
    from sheet_scorer.workbook.convert import convert_to_xlsx, is_ods

    sources = [p for p in paths if is_ods(p)]
    if not sources:
        return {}, []
    try:
        return convert_to_xlsx(sources, folder), []
    except WorkbookError as error:
        return {}, [_refused(p, error, lang) for p in sources]


def score_batch(
    paths: list[Path],
    lang: str | None = None,
    in_place: bool = False,
    jobs: int | None = None,
    started: Callable[[int], None] | None = None,
    done: Callable[[BatchEntry], None] | None = None,
) -> BatchResult:
    """Score every workbook, `jobs` at a time (default: the number of cores), in one process pool.

    `started` is told how many workbooks will be scored, `done` of each as it finishes (a progress bar)."""
    with tempfile.TemporaryDirectory(prefix="sheet-scorer-") as folder:
        converted, entries = _convert_all(paths, Path(folder), lang)
        failed = {e.path for e in entries}
        todo = [p for p in paths if p not in failed]
        if started is not None:
            started(len(todo))
        work = [(converted.get(p, p), lang, in_place, p if p in converted else None) for p in todo]
        found = run_all(_score, work, workers(jobs, len(todo)), None if done is None else lambda _, e: done(e))
        entries += found.values()
    languages = {e.lang for e in entries if e.lang}
    ordered = sorted(entries, key=lambda e: paths.index(e.path))
    return BatchResult(ordered, lang or (languages.pop() if len(languages) == 1 else None))
