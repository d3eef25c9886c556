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
@click.option("--lang", type=LANGS, help="Language of the report, the added sheets and everything printed (default: Settings → Language, else en).")
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

        run_action(verbose, action, lang)
    if output or html or json_path:
        raise click.UsageError("-o/--output, --html and --json name one file; they cannot be used with a batch")
    from sheet_scorer.cli.batch import score_batch

    run_action(verbose, lambda: score_batch(files, lang=lang, in_place=in_place, jobs=jobs), lang)


def _expand(paths: tuple[Path, ...]) -> list[Path]:
    """Folders stand for the workbooks in them (not the .scored/.backup/.original copies this tool wrote)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix.lower() in (".xlsx", ".xlsm", ".ods")
                           and not p.name.startswith((".", "~$")) and not p.stem.endswith((".scored", ".backup", ".original")))
            if not found:
                raise click.UsageError(f"{path}: no .xlsx, .xlsm or .ods workbooks in this folder")
            files.extend(found)
        else:
            files.append(path)
    return files


def _summary(result: ScoreResult) -> None:
    """Players, rounds, tables scored, problems and the top of the standings, on the terminal, in `result.lang`."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    from sheet_scorer.i18n.terminal import count, say
    from sheet_scorer.i18n.text import format_number, format_pct, problem_message, severity_word, text
    from sheet_scorer.i18n.vocab import PROBLEMS_SHEET
    from sheet_scorer.report.facts import extra_figures, figure_name, figure_text, progress_note

    lang = result.lang
    console = Console(highlight=False)
    if result.converted_from:
        console.print(escape(say(lang, "converted_scored", source=visible(str(result.converted_from)), target=visible(str(result.output)))),
                      soft_wrap=True)
    games = result.results[~result.results["bye"]] if len(result.results) else result.results
    tables = games.drop_duplicates(["sheet", "table"]) if len(games) else games
    scored = int(tables["game"].sum()) if len(tables) else 0
    errors = sum(p.severity == "error" for p in result.problems)
    console.print(say(
        lang, "summary", tournament=f"[bold]{escape(visible(result.data.settings.tournament))}[/]",
        players=count(lang, "players", len(result.standings)), rounds=count(lang, "rounds", len(result.played_rounds)),
        scored=scored, tables=len(tables), errors=count(lang, "errors", errors),
        warnings=count(lang, "warnings", len(result.problems) - errors)))
    note = progress_note(result, lang)  # tables not reported yet (docs/rules.md §3)
    if note:
        console.print(escape(visible(note)))
    title = text(lang, "standings") + (f" ({text(lang, 'provisional_label')})" if result.has_errors else "")
    top = Table(title=title, title_justify="left")
    extra = [f for f in extra_figures(result) if f != "adjustment_notes"]  # the other figures the ranking uses
    for heading in (*(text(lang, key) for key in ("rank", "player", "round_points", "vp", "vp_pct")),
                    *(figure_name(f, lang) for f in extra)):
        top.add_column(heading, justify="left" if heading == text(lang, "player") else "right")
    for row in result.standings.head(8).to_dict("records"):
        top.add_row(str(row["rank"]), escape(visible(str(row["player"]))), format_number(row["round_points"], lang), str(row["vp"]),
                    format_pct(row["vp_pct"], lang), *(figure_text(f, row[f], lang) for f in extra))
    console.print(top)
    shown = [p for p in result.problems if p.severity == "error"][:5]
    for problem in shown:
        colour = "red" if problem.severity == "error" else "yellow"
        console.print(f"[{colour}]{severity_word(problem.severity, lang)}[/] {escape(where(problem, lang))}: "
                      f"{escape(problem_message(problem, lang))}")
    if errors > len(shown):
        console.print(escape(say(lang, "more_problems", n=errors - len(shown), sheet=PROBLEMS_SHEET[lang])))
    console.print(escape(say(lang, "wrote", first=visible(str(result.output)), second=visible(str(result.html)))))
