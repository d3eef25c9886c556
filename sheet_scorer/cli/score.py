"""`sheet-scorer score`: score one workbook, or a batch, and write the scored copy and the report."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import (
    FILE,
    WORKBOOK,
    force_option,
    lang_option,
    output_option,
    run_action,
    say_next_step,
    verbose_option,
    where,
)
from sheet_scorer.i18n.visible import visible

if TYPE_CHECKING:
    from rich.console import Console, JustifyMethod

    from sheet_scorer.api.summary import ScoreSummary
    from sheet_scorer.model import ScoreResult


@click.command()
@click.argument("workbooks", nargs=-1, required=True, type=WORKBOOK)
@output_option("Scored workbook (default: WORKBOOK.scored.xlsx).")
@click.option("--html", type=FILE, help="HTML report (default: WORKBOOK.standings.html).")
@lang_option("Language of the report, the added sheets and everything printed (default: Settings → Language, else en).")
@click.option(
    "--json",
    "json_path",
    type=FILE,
    help="Also write standings, results, playoffs and problems as JSON (schema sheet-scorer/standings v2).",
)
@click.option(
    "--in-place", is_flag=True, help="Write the scored workbook over the input, keeping WORKBOOK.backup.xlsx."
)
@click.option("--all", "show_all", is_flag=True, help="Print every player of the standings, not only the top 8.")
@force_option("Replace a scored copy even when it has edits the input does not have (it is kept as .backup).")
@click.option(
    "-j", "--jobs", type=click.IntRange(min=1), help="Workbooks scored at once in a batch (default: number of cores)."
)
@verbose_option
def score(
    workbooks: tuple[Path, ...],
    output: Path | None,
    html: Path | None,
    lang: str | None,
    json_path: Path | None,
    in_place: bool,
    show_all: bool,
    force: bool,
    jobs: int | None,
    verbose: bool,
) -> None:
    """Score WORKBOOKS: write each scored workbook and its HTML standings report.

    Several workbooks (or a folder of them) are scored as a batch, in parallel; the exit status is
    the worst of them.
    """
    files = _expand(workbooks, lang)
    if len(files) == 1 and not files[0].is_dir():

        def action() -> int:
            from sheet_scorer.api import score_workbook

            result = score_workbook(
                files[0], output=output, html=html, lang=lang, in_place=in_place, json=json_path, force=force
            )
            _summary(result, show_all)
            return result.exit_code

        run_action(verbose, action, lang)
    if output or html or json_path:
        from sheet_scorer.i18n.terminal import say

        raise click.UsageError(say(lang, "batch_one_file_options"))
    from sheet_scorer.cli.batch import score_batch

    run_action(verbose, lambda: score_batch(files, lang=lang, in_place=in_place, jobs=jobs), lang)


def _expand(paths: tuple[Path, ...], lang: str | None = None) -> list[Path]:
    """Folders stand for the workbooks in them (not the .scored/.backup/.original copies this tool wrote)."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(
                p
                for p in path.iterdir()
                if p.suffix.lower() in (".xlsx", ".xlsm", ".ods")
                and not p.name.startswith((".", "~$"))
                and not p.stem.endswith((".scored", ".backup", ".original"))
            )
            if not found:
                from sheet_scorer.i18n.terminal import say

                raise click.UsageError(say(lang, "no_workbooks_in_folder", path=path))
            files.extend(found)
        else:
            files.append(path)
    return files


#: Players printed in the terminal's standings without --all.
TOP_ROWS = 8


def _console() -> Console:
    """Rich's console: on a terminal it fits the window; into a file or a pipe nothing is wrapped (one line a line)."""
    from rich.console import Console

    console = Console(highlight=False)
    return console if console.is_terminal else Console(highlight=False, width=100_000, soft_wrap=True)


def _summary(result: ScoreResult, show_all: bool = False) -> None:
    """Players, rounds, tables scored, problems, the top of the standings (ranking figure first) and, once the
    final is scored, the champion and the final ranking, on the terminal, in `result.lang`."""
    from rich.markup import escape
    from rich.table import Table

    from sheet_scorer.api.summary import summarise
    from sheet_scorer.i18n.terminal import count, say
    from sheet_scorer.i18n.text import figure_name, figure_text, severity_word, text
    from sheet_scorer.i18n.vocab import PROBLEMS_SHEET
    from sheet_scorer.problems import problem_message

    lang = result.lang
    summary = summarise(result)
    console = _console()
    if result.converted_from:
        console.print(
            escape(
                say(
                    lang,
                    "converted_scored",
                    source=visible(str(result.converted_from)),
                    target=visible(str(result.output)),
                )
            )
        )
    values = dict(
        tournament=f"[bold]{escape(visible(result.data.settings.tournament))}[/]",
        players=count(lang, "players", len(result.standings)),
        rounds=count(lang, "rounds", len(result.played_rounds)),
        scored=summary.tables_scored,
        tables=summary.tables,
        errors=count(lang, "errors", summary.errors),
        warnings=count(lang, "warnings", summary.warnings),
    )
    if summary.playoff_tables:
        console.print(
            say(lang, "summary_playoffs", playoffs=count(lang, "playoff_tables", summary.playoff_tables), **values)
        )
    else:
        console.print(say(lang, "summary", **values))
    if summary.progress:  # tables not reported yet (docs/rules.md §3)
        console.print(escape(visible(summary.progress)))
    title = text(lang, "standings") + (f" ({text(lang, 'provisional_label')})" if result.has_errors else "")
    top = Table(title=title, title_justify="left")
    figures = summary.figures  # the ranking figure first (docs/rules.md §5)
    top.add_column(text(lang, "rank"), justify="right")
    top.add_column(text(lang, "player"), justify="left")
    for figure in figures:
        top.add_column(figure_name(figure, lang), justify="right")
    shown = result.standings if show_all else result.standings.head(TOP_ROWS)
    gone = summary.withdrawn  # "withdrawn after Round 2", as the sheet, report and JSON mark them
    for row in shown.to_dict("records"):
        note = f" · {gone[row['player']]}" if row["player"] in gone else ""
        top.add_row(
            str(row["rank"]),
            escape(visible(str(row["player"])) + note),
            *(str(int(row[f])) if f in ("vp", "games") else figure_text(f, row[f], lang) for f in figures),
        )
    console.print(top)
    if len(result.standings) > len(shown):
        console.print(escape(count(lang, "more_players", len(result.standings) - len(shown))))
    _final_ranking(summary, lang, console, show_all)
    listed = [p for p in result.problems if p.severity == "error"][:5]
    for problem in listed:
        colour = "red" if problem.severity == "error" else "yellow"
        console.print(
            f"[{colour}]{severity_word(problem.severity, lang)}[/] "
            + escape(say(lang, "problem_at", where=where(problem, lang), message=problem_message(problem, lang)))
        )
    if summary.errors > len(listed):
        console.print(escape(say(lang, "more_problems", n=summary.errors - len(listed), sheet=PROBLEMS_SHEET[lang])))
    console.print(escape(say(lang, "wrote", first=visible(str(result.output)), second=visible(str(result.html)))))
    step = say_next_step(result.next_step, result.lang)
    if step:
        console.print(escape(step), style="bold")


def _final_ranking(summary: ScoreSummary, lang: str, console: Console, show_all: bool) -> None:
    """Once the final is scored: the final ranking (docs/rules.md §6) and the champion's name."""
    from rich.markup import escape
    from rich.table import Table

    from sheet_scorer.i18n.terminal import count, say
    from sheet_scorer.i18n.text import text
    from sheet_scorer.i18n.vocab import STAGE_WORDS

    ranking = summary.final_ranking
    if not ranking:
        return
    table = Table(title=text(lang, "final_ranking"), title_justify="left")
    columns: tuple[tuple[str, JustifyMethod], ...] = (
        ("rank", "right"),
        ("player", "left"),
        ("stage", "left"),
        ("qualifying_rank", "right"),
    )
    for heading, justify in columns:
        table.add_column(text(lang, heading), justify=justify)
    shown = ranking if show_all else ranking[:TOP_ROWS]
    gone = summary.withdrawn  # "withdrawn after Round 2", as in the standings above
    for p in shown:
        note = f" · {gone[p.player]}" if p.player in gone else ""
        table.add_row(
            str(p.rank),
            escape(visible(p.player + note)),
            STAGE_WORDS[p.stage][lang],
            "–" if p.qualifying_rank is None else str(p.qualifying_rank),
        )
    console.print(table)
    if len(ranking) > len(shown):
        console.print(escape(count(lang, "more_players", len(ranking) - len(shown))))
    console.print(escape(say(lang, "champion", player=visible(ranking[0].player))), style="bold")
