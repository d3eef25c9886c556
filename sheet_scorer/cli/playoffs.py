"""`sheet-scorer playoffs`: move the event one step (docs/rules.md §6) and write the workbook."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import LANGS, WORKBOOK, run_action, where

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--lang", type=LANGS, help="Language of the added sheet's name and columns (default: Settings → Language, else en).")
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def playoffs(workbook: Path, lang: str | None, verbose: bool) -> None:
    """Add the next playoff sheet to WORKBOOK: the Semifinal (or the Final when Playoff Size is 4) once the
    qualifying rounds are scored, the Final once the Semifinal is, then the Final Ranking.

    WORKBOOK is updated in place; the version before is kept as WORKBOOK.backup.xlsx.
    """
    def action() -> int:
        from sheet_scorer.api import check_workbook
        from sheet_scorer.model import WorkbookError, WorkbookPatch
        from sheet_scorer.playoffs.step import next_step
        from sheet_scorer.workbook.update import update_workbook

        result = check_workbook(workbook, lang)
        if result.has_errors:
            raise WorkbookError(_refusal(result))
        sheet = next_step(result, lang or result.data.settings.language)
        update_workbook(workbook, WorkbookPatch(sheets=[sheet]))
        done = "rewrote" if sheet.replace and sheet.name in result.data.sheet_names else "added"
        click.echo(f"{done} sheet '{sheet.name}' in {workbook} ({len(sheet.rows) - sheet.header_row} players); "
                   f"the version before is {workbook.stem}.backup{workbook.suffix}")
        return 0

    run_action(verbose, action)


def _refusal(result: ScoreResult) -> str:
    """One line naming the first error's place: the next step waits until the workbook has none."""
    errors = [p for p in result.problems if p.severity == "error"]
    more = f" (and {len(errors) - 1} more; `sheet-scorer check` lists them)" if len(errors) > 1 else ""
    return f"{where(errors[0])}: {errors[0].message}{more}; fix it, then run playoffs again"
