"""`sheet-scorer playoffs`: move the event one step (docs/rules.md §6) and write the workbook."""

from __future__ import annotations

from pathlib import Path

import click

from sheet_scorer.cli.common import WORKBOOK, force_option, lang_option, run_action, verbose_option


@click.command()
@click.argument("workbook", type=WORKBOOK)
@lang_option("Language of the added sheet's name and columns (default: Settings → Language, else en).")
@force_option("Use WORKBOOK even when WORKBOOK.scored.xlsx has edits it does not have.")
@verbose_option
def playoffs(workbook: Path, lang: str | None, force: bool, verbose: bool) -> None:
    """Add the next playoff sheet to WORKBOOK: the Semifinal (or the Final when Playoff Size is 4) once the
    qualifying rounds are scored, the Final once the Semifinal is, then the Final Ranking.

    WORKBOOK is updated in place; the version before is kept as WORKBOOK.backup.xlsx.
    """

    def action() -> int:
        from sheet_scorer.api import playoff_step as next_step
        from sheet_scorer.i18n.terminal import count, say

        done = next_step(workbook, lang, force)
        click.echo(
            say(
                done.lang,
                "playoffs_rewrote" if done.rewrote else "playoffs_added",
                path=workbook,
                sheet=done.sheet,
                players=count(done.lang, "players", done.players),
                backup=f"{workbook.stem}.backup{workbook.suffix}",
            )
        )
        return 0

    run_action(verbose, action, lang)
