"""The `sheet-scorer` command: a thin click layer over `sheet_scorer.api`.

Heavy libraries are imported inside the commands, so `--help` and usage errors stay instant.
Exit status (SPEC §5): 0 scored cleanly, 1 scored with errors, 2 unreadable input or misuse.
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from .api import ScoreResult

LANGS = click.Choice(["en", "pl", "pt", "fr"])
WORKBOOK = click.Path(path_type=Path, dir_okay=True)


def _run(verbose: bool, action: Callable[[], int]) -> None:
    """Run a command; expected failures become one line on stderr and exit 2, never a traceback."""
    from .model import WorkbookError

    try:
        code = action()
    except BrokenPipeError:  # the reader went away (`| head`, quitting `less`): stop quietly, as other tools do
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the final flush cannot fail again
        sys.exit(141)  # 128 + SIGPIPE, what a shell reports for a command stopped by a closed pipe
    except KeyboardInterrupt:  # Ctrl-C: output is written by rename, so every file is either whole or untouched
        click.echo("Interrupted: files not yet finished were left as they were.", err=True)
        sys.exit(130)
    except WorkbookError as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(2)
    except Exception as error:  # an unexpected failure: one line, details with -v
        if verbose:
            traceback.print_exc()
            details = getattr(error, "details", None)  # a failure in the writer process: its own traceback
            if details:
                click.echo(details, err=True)
        click.echo(f"Error: unexpected failure ({type(error).__name__}: {error}); re-run with -v for details", err=True)
        sys.exit(2)
    sys.exit(code)


def run() -> None:
    """The `sheet-scorer` command: `main`, then an exit that skips tearing down what was computed.

    Everything is written and closed by then; freeing a scored event's objects one by one only
    makes the organiser wait (0.4 s for 10,000 rows, bench/). Tests call `main` through CliRunner.
    """
    _unicode_safe_output()
    try:
        main(prog_name="sheet-scorer")
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe has nothing left to receive
            stream.flush()
    os._exit(code)


def _unicode_safe_output() -> None:
    """Names like Łukasz must never crash the output: UTF-8 into a file or a pipe (Windows would use
    cp1252 there), and '?' for what a terminal's own encoding cannot show."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            if stream.isatty():
                stream.reconfigure(errors="replace")
            else:
                stream.reconfigure(encoding="utf-8")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sheet-scorer")
def main() -> None:
    """Score Catan tournaments from the organiser's Excel workbook."""


@main.command()
@click.argument("workbooks", nargs=-1, required=True, type=WORKBOOK)
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), help="Scored workbook (default: WORKBOOK.scored.xlsx).")
@click.option("--html", type=click.Path(path_type=Path, dir_okay=False), help="HTML report (default: WORKBOOK.standings.html).")
@click.option("--lang", type=LANGS, help="Language of the report and added sheets (default: Settings → Language, else en).")
@click.option("--json", "json_path", type=click.Path(path_type=Path, dir_okay=False),
              help="Also write standings, results and problems as JSON (schema sheet-scorer/standings v1).")
@click.option("--in-place", is_flag=True, help="Write the scored workbook over the input, keeping WORKBOOK.backup.xlsx.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), help="Workbooks scored at once in a batch (default: number of cores).")
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def score(workbooks: tuple[Path, ...], output: Path | None, html: Path | None, lang: str | None, json_path: Path | None,
          in_place: bool, jobs: int | None, verbose: bool) -> None:
    """Score WORKBOOKS: write each scored workbook and its HTML standings report.

    Several workbooks (or a folder of them) are scored as a batch, in parallel; the exit status is
    the worst of them.
    """
    files = _expand(workbooks)
    if len(files) == 1 and not files[0].is_dir():
        def action() -> int:
            from .api import score_workbook

            result = score_workbook(files[0], output=output, html=html, lang=lang, in_place=in_place, json=json_path)
            _summary(result)
            return result.exit_code

        _run(verbose, action)
    if output or html or json_path:
        raise click.UsageError("-o/--output, --html and --json name one file; they cannot be used with a batch")
    from .batch import score_batch

    _run(verbose, lambda: score_batch(files, lang=lang, in_place=in_place, jobs=jobs))


def _expand(paths: tuple[Path, ...]) -> list[Path]:
    """Folders stand for the workbooks in them (not the .scored/.backup copies this tool wrote)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix.lower() in (".xlsx", ".xlsm")
                           and not p.name.startswith((".", "~$")) and not p.stem.endswith((".scored", ".backup")))
            if not found:
                raise click.UsageError(f"{path}: no .xlsx or .xlsm workbooks in this folder")
            files.extend(found)
        else:
            files.append(path)
    return files


@main.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", help="How to print the problems.")
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def check(workbook: Path, output_format: str, verbose: bool) -> None:
    """Check WORKBOOK against the rules and list its problems; writes nothing."""
    def action() -> int:
        from .api import check_workbook

        result = check_workbook(workbook)
        if output_format == "json":
            click.echo(_problems_json(result))
        else:
            _print_problems(result)
        return result.exit_code

    _run(verbose, action)


def _where(problem: Any) -> str:
    if problem.cell:
        return f"'{problem.sheet}'!{problem.cell}"
    if problem.table is not None:
        return f"'{problem.sheet}' table {problem.table}"
    return f"'{problem.sheet}'"


def _problems_json(result: ScoreResult) -> str:
    """The problems as JSON for other tools: one object per problem, with a stable code."""
    import json

    problems = [
        {"code": p.code, "severity": p.severity, "sheet": p.sheet, "cell": p.cell or None, "table": p.table,
         "player": p.player or None, "message": p.message}
        for p in result.problems
    ]
    return json.dumps({"file": str(result.data.path), "valid": not result.has_errors, "problems": problems},
                      ensure_ascii=False, indent=2)


def _print_problems(result: ScoreResult) -> None:
    """Problems grouped by sheet and table, in row order within a table."""
    errors = sum(p.severity == "error" for p in result.problems)
    warnings = len(result.problems) - errors
    group: tuple[str, int | None] | None = None
    for problem in result.problems:
        if group is None or problem.sheet != group[0]:
            click.echo(problem.sheet or result.data.path.name)
        if group != (problem.sheet, problem.table) and problem.table is not None:
            click.echo(f"  table {problem.table}")
        group = (problem.sheet, problem.table)
        indent = "    " if problem.table is not None else "  "
        click.echo(f"{indent}{problem.severity:<8}{problem.cell:<6}{problem.message}")
    click.echo(f"{result.data.path.name}: {errors} error(s), {warnings} warning(s)")


def _points(value: float) -> str:
    """Round points as a person writes them: 5, 2.5, 3.33."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _summary(result: ScoreResult) -> None:
    """Players, rounds, tables scored, problems and the top of the standings, on the terminal."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console(highlight=False)
    games = result.results[~result.results["bye"]] if len(result.results) else result.results
    tables = games.drop_duplicates(["sheet", "table"]) if len(games) else games
    scored = int(tables["game"].sum()) if len(tables) else 0
    errors = sum(p.severity == "error" for p in result.problems)
    console.print(
        f"[bold]{escape(result.data.settings.tournament)}[/]: {len(result.standings)} players, {len(result.data.rounds)} rounds, "
        f"{scored} of {len(tables)} tables scored, {errors} error(s), {len(result.problems) - errors} warning(s)"
    )
    top = Table(title="Standings" + (" (PROVISIONAL)" if result.has_errors else ""), title_justify="left")
    for heading in ("Rank", "Player", "Round points", "VP", "VP %"):
        top.add_column(heading, justify="left" if heading == "Player" else "right")
    for row in result.standings.head(8).itertuples(index=False):
        top.add_row(str(row.rank), escape(str(row.player)), _points(row.round_points), str(row.vp), f"{row.vp_pct:.2f}")
    console.print(top)
    shown = [p for p in result.problems if p.severity == "error" or p.code == "content-not-kept"][:5]
    for problem in shown:
        colour = "red" if problem.severity == "error" else "yellow"
        console.print(f"[{colour}]{problem.severity}[/] {escape(_where(problem))}: {escape(problem.message)}")
    if errors > len(shown):
        console.print(f"… and {errors - len(shown)} more: see the Problems sheet")
    console.print(f"wrote {escape(str(result.output))} and {escape(str(result.html))}")
