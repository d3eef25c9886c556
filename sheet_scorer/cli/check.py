"""`sheet-scorer check`: read and check a workbook, print its problems, write nothing."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import WORKBOOK, lang_option, run_action, say_next_step, verbose_option
from sheet_scorer.i18n.visible import visible

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option(
    "--format", "output_format", type=click.Choice(["text", "json"]), default="text", help="How to print the problems."
)
@lang_option("Language of the messages (default: Settings → Language, else en).")
@verbose_option
def check(workbook: Path, output_format: str, lang: str | None, verbose: bool) -> None:
    """Check WORKBOOK against the rules and list its problems; writes nothing."""

    def action() -> int:
        from sheet_scorer.api import check_workbook

        result = check_workbook(workbook, lang)
        if output_format == "json":
            click.echo(_problems_json(result))
        else:
            _print_problems(result)
        return result.exit_code

    run_action(verbose, action, lang)


def _problems_json(result: ScoreResult) -> str:
    """The problems as JSON for other tools: one object per problem, with a stable code; messages in `result.lang`."""
    import json

    from sheet_scorer.problems import problem_message

    problems = [
        {
            "code": p.code,
            "severity": p.severity,
            "sheet": p.sheet,
            "cell": p.cell or None,
            "table": p.table,
            "player": p.player or None,
            "message": problem_message(p, result.lang),
        }
        for p in result.problems
    ]
    return json.dumps(
        {"file": str(result.converted_from or result.data.path), "valid": not result.has_errors, "problems": problems},
        ensure_ascii=False,
        indent=2,
    )


def _print_problems(result: ScoreResult) -> None:
    """Problems grouped by sheet and table, in row order within a table, in `result.lang`."""
    from sheet_scorer.i18n.terminal import count, say
    from sheet_scorer.i18n.text import severity_word, text
    from sheet_scorer.problems import names_its_table, problem_message

    lang = result.lang
    source = result.converted_from or result.data.path
    if result.converted_from:
        click.echo(say(lang, "converted_checked", source=visible(source.name)))
    errors = sum(p.severity == "error" for p in result.problems)
    warnings = len(result.problems) - errors
    width = max((len(severity_word(s, lang)) for s in ("error", "warning")), default=0) + 1
    group: tuple[str, int | None] | None = None
    for problem in result.problems:
        table = None if names_its_table(problem) else problem.table  # "table 2: …" is not put under a "table 2" line
        if group is None or problem.sheet != group[0]:
            click.echo(visible(problem.sheet or source.name))
        if group != (problem.sheet, table) and table is not None:
            click.echo("  " + text(lang, "table_n", table=table).lower())
        group = (problem.sheet, table)
        indent = "    " if table is not None else "  "
        click.echo(
            f"{indent}{severity_word(problem.severity, lang):<{width}}{problem.cell:<6}{problem_message(problem, lang)}"
        )
    click.echo(
        say(
            lang,
            "checked",
            file=visible(source.name),
            errors=count(lang, "errors", errors),
            warnings=count(lang, "warnings", warnings),
        )
    )
    step = say_next_step(result.next_step, result.lang)
    if step:
        click.echo(step)
