"""`sheet-scorer check`: read and check a workbook, print its problems, write nothing."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import WORKBOOK, run_action
from sheet_scorer.i18n.visible import visible

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--format", "output_format", type=click.Choice(["text", "json"]), default="text", help="How to print the problems.")
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def check(workbook: Path, output_format: str, verbose: bool) -> None:
    """Check WORKBOOK against the rules and list its problems; writes nothing."""
    def action() -> int:
        from sheet_scorer.api import check_workbook

        result = check_workbook(workbook)
        if output_format == "json":
            click.echo(_problems_json(result))
        else:
            _print_problems(result)
        return result.exit_code

    run_action(verbose, action)


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
            click.echo(visible(problem.sheet or result.data.path.name))
        if group != (problem.sheet, problem.table) and problem.table is not None:
            click.echo(f"  table {problem.table}")
        group = (problem.sheet, problem.table)
        indent = "    " if problem.table is not None else "  "
        click.echo(f"{indent}{problem.severity:<8}{problem.cell:<6}{problem.message}")
    click.echo(f"{visible(result.data.path.name)}: {errors} error(s), {warnings} warning(s)")
