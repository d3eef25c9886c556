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
    files = _expand(workbooks)
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
        raise click.UsageError("-o/--output, --html and --json name one file; they cannot be used with a batch")
    from sheet_scorer.cli.batch import score_batch

    run_action(verbose, lambda: score_batch(files, lang=lang, in_place=in_place, jobs=jobs), lang)


def _expand(paths: tuple[Path, ...]) -> list[Path]:
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
                raise click.UsageError(f"{path}: no .xlsx, .xlsm or .ods workbooks in this folder")
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

    from sheet_scorer.i18n.terminal import count, say
    from sheet_scorer.i18n.text import severity_word, text
    from sheet_scorer.i18n.vocab import PROBLEMS_SHEET
    from sheet_scorer.problems import problem_message
    from sheet_scorer.report.facts import figure_name, figure_text, progress_note, shown_figures, withdrawn_notes

    lang = result.lang
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
    scored, tables, playoff = _tables(result)
    errors = sum(p.severity == "error" for p in result.problems)
    values = dict(
        tournament=f"[bold]{escape(visible(result.data.settings.tournament))}[/]",
        players=count(lang, "players", len(result.standings)),
        rounds=count(lang, "rounds", len(result.played_rounds)),
        scored=scored,
        tables=tables,
        errors=count(lang, "errors", errors),
        warnings=count(lang, "warnings", len(result.problems) - errors),
    )
    if playoff:
        console.print(say(lang, "summary_playoffs", playoffs=count(lang, "playoff_tables", playoff), **values))
    else:
        console.print(say(lang, "summary", **values))
    note = progress_note(result, lang)  # tables not reported yet (docs/rules.md §3)
    if note:
        console.print(escape(visible(note)))
    title = text(lang, "standings") + (f" ({text(lang, 'provisional_label')})" if result.has_errors else "")
    top = Table(title=title, title_justify="left")
    figures = [
        f for f in shown_figures(result) if f != "adjustment_notes"
    ]  # the ranking figure first (docs/rules.md §5)
    top.add_column(text(lang, "rank"), justify="right")
    top.add_column(text(lang, "player"), justify="left")
    for figure in figures:
        top.add_column(figure_name(figure, lang), justify="right")
    shown = result.standings if show_all else result.standings.head(TOP_ROWS)
    gone = withdrawn_notes(result, lang)  # "withdrawn after Round 2", as the sheet, report and JSON mark them
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
    _final_ranking(result, console, show_all)
    listed = [p for p in result.problems if p.severity == "error"][:5]
    for problem in listed:
        colour = "red" if problem.severity == "error" else "yellow"
        console.print(
            f"[{colour}]{severity_word(problem.severity, lang)}[/] "
            + escape(say(lang, "problem_at", where=where(problem, lang), message=problem_message(problem, lang)))
        )
    if errors > len(listed):
        console.print(escape(say(lang, "more_problems", n=errors - len(listed), sheet=PROBLEMS_SHEET[lang])))
    console.print(escape(say(lang, "wrote", first=visible(str(result.output)), second=visible(str(result.html)))))
    step = say_next_step(result)
    if step:
        console.print(escape(step), style="bold")


def _tables(result: ScoreResult) -> tuple[int, int, int]:
    """Tables scored, tables in all (rounds and playoffs), and of those the playoff tables."""
    import pandas as pd

    frames = [f for f in (result.results, result.playoff_results) if f is not None and len(f)]
    if not frames:
        return 0, 0, 0
    rows = pd.concat(frames, ignore_index=True)
    games = rows[~rows["bye"].astype(bool) & rows["table"].notna()]
    tables = games.groupby(["sheet", "table"])["game"].all()
    playoff = {s.name for s in result.data.playoffs}
    return int(tables.sum()), len(tables), sum(sheet in playoff for sheet, _ in tables.index)


def _final_ranking(result: ScoreResult, console: Console, show_all: bool) -> None:
    """Once the final is scored: the final ranking (docs/rules.md §6) and the champion's name."""
    from rich.markup import escape
    from rich.table import Table

    from sheet_scorer.i18n.terminal import count, say
    from sheet_scorer.i18n.text import text
    from sheet_scorer.i18n.vocab import STAGE_WORDS
    from sheet_scorer.playoffs.ranking import event_placings
    from sheet_scorer.report.facts import withdrawn_notes

    lang = result.lang
    ranking = event_placings(result)
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
    gone = withdrawn_notes(result, lang)  # "withdrawn after Round 2", as in the standings above
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
