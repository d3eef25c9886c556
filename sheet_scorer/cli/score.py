"""`sheet-scorer score`: score one workbook, or a batch, and write the scored copy and the report."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import LANGS, WORKBOOK, run_action, where
from sheet_scorer.i18n.visible import visible

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult


@click.command()
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
            from sheet_scorer.api import score_workbook

            result = score_workbook(files[0], output=output, html=html, lang=lang, in_place=in_place, json=json_path)
            _summary(result)
            return result.exit_code

        run_action(verbose, action)
    if output or html or json_path:
        raise click.UsageError("-o/--output, --html and --json name one file; they cannot be used with a batch")
    from sheet_scorer.cli.batch import score_batch

    run_action(verbose, lambda: score_batch(files, lang=lang, in_place=in_place, jobs=jobs))


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


def _points(value: float) -> str:
    """Round points as a person writes them: 5, 2.5, 3.33."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _summary(result: ScoreResult) -> None:
    """Players, rounds, tables scored, problems and the top of the standings, on the terminal."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from sheet_scorer.i18n.text import format_pct
    from sheet_scorer.report.facts import extra_figures, figure_name, figure_text

    console = Console(highlight=False)
    games = result.results[~result.results["bye"]] if len(result.results) else result.results
    tables = games.drop_duplicates(["sheet", "table"]) if len(games) else games
    scored = int(tables["game"].sum()) if len(tables) else 0
    errors = sum(p.severity == "error" for p in result.problems)
    console.print(
        f"[bold]{escape(visible(result.data.settings.tournament))}[/]: {len(result.standings)} players, {len(result.data.rounds)} rounds, "
        f"{scored} of {len(tables)} tables scored, {errors} error(s), {len(result.problems) - errors} warning(s)"
    )
    top = Table(title="Standings" + (" (PROVISIONAL)" if result.has_errors else ""), title_justify="left")
    extra = [f for f in extra_figures(result) if f != "adjustment_notes"]  # the other figures the ranking uses
    for heading in ("Rank", "Player", "Round points", "VP", "VP %", *(figure_name(f, "en") for f in extra)):
        top.add_column(heading, justify="left" if heading == "Player" else "right")
    for row in result.standings.head(8).to_dict("records"):
        top.add_row(str(row["rank"]), escape(visible(str(row["player"]))), _points(row["round_points"]), str(row["vp"]),
                    format_pct(row["vp_pct"], "en"), *(figure_text(f, row[f], "en") for f in extra))
    console.print(top)
    shown = [p for p in result.problems if p.severity == "error" or p.code == "content-not-kept"][:5]
    for problem in shown:
        colour = "red" if problem.severity == "error" else "yellow"
        console.print(f"[{colour}]{problem.severity}[/] {escape(where(problem))}: {escape(problem.message)}")
    if errors > len(shown):
        console.print(f"… and {errors - len(shown)} more: see the Problems sheet")
    console.print(f"wrote {escape(visible(str(result.output)))} and {escape(visible(str(result.html)))}")
