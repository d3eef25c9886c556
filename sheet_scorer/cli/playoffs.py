"""`sheet-scorer playoffs`: move the event one step (docs/rules.md §6) and write the workbook."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import LANGS, WORKBOOK, run_action, where

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult, WorkbookError


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--lang", type=LANGS, help="Language of the added sheet's name and columns (default: Settings → Language, else en).")
@click.option("--force", is_flag=True, help="Use WORKBOOK even when WORKBOOK.scored.xlsx has edits it does not have.")
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def playoffs(workbook: Path, lang: str | None, force: bool, verbose: bool) -> None:
    """Add the next playoff sheet to WORKBOOK: the Semifinal (or the Final when Playoff Size is 4) once the
    qualifying rounds are scored, the Final once the Semifinal is, then the Final Ranking.

    WORKBOOK is updated in place; the version before is kept as WORKBOOK.backup.xlsx.
    """
    def action() -> int:
        from sheet_scorer.api import check_workbook
        from sheet_scorer.i18n.terminal import count, say
        from sheet_scorer.model import WorkbookError, WorkbookPatch
        from sheet_scorer.playoffs.step import next_step
        from sheet_scorer.workbook.record import refuse_working_copy
        from sheet_scorer.workbook.update import update_workbook

        refuse_working_copy(workbook, "playoffs", force, lang)
        result = check_workbook(workbook, lang)
        if result.has_errors:
            raise _refusal(result)
        try:
            sheet = next_step(result, result.lang)
        except WorkbookError as error:
            raise error.in_language(result.lang) from None
        update_workbook(workbook, WorkbookPatch(sheets=[sheet]), command="playoffs")
        done = "playoffs_rewrote" if sheet.replace and sheet.name in result.data.sheet_names else "playoffs_added"
        click.echo(say(result.lang, done, path=workbook, sheet=sheet.name,
                       players=count(result.lang, "players", len(sheet.rows) - sheet.header_row),
                       backup=f"{workbook.stem}.backup{workbook.suffix}"))
        return 0

    run_action(verbose, action, lang)


def _refusal(result: ScoreResult) -> WorkbookError:
    """One line naming the first error's place, in the event's language: the next step waits until the workbook has none."""
    from sheet_scorer.i18n.terminal import Phrase
    from sheet_scorer.i18n.text import problem_message
    from sheet_scorer.model import WorkbookError

    errors = [p for p in result.problems if p.severity == "error"]
    first, lang = errors[0], result.lang
    more = Phrase("playoffs_more", {"errors": len(errors) - 1}) if len(errors) > 1 else ""
    english = f"{where(first)}: {first.message}"
    return WorkbookError(f"{english}; fix it, then run playoffs again", "playoffs_refused", place=where(first, lang),
                         problem=problem_message(first, lang), more=more).in_language(lang)
