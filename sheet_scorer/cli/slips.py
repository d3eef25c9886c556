"""`sheet-scorer slips`: printable result slips and seating lists for one round or playoff sheet (HTML)."""

from __future__ import annotations

from pathlib import Path

import click

from sheet_scorer.cli.common import WORKBOOK, lang_option, output_option, run_action, verbose_option


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option(
    "--round",
    "which",
    required=True,
    metavar="N|SHEET",
    help="The round to print: its number, or a sheet's name in any language (3, 'Runda 3', semifinal, Półfinał, Final).",
)
@output_option("HTML file (default: WORKBOOK.round-N.slips.html, WORKBOOK.<sheet>.slips.html for a playoff sheet).")
@lang_option("Language of the slips and of the terminal (default: Settings → Language, else en).")
@verbose_option
def slips(workbook: Path, which: str, output: Path | None, lang: str | None, verbose: bool) -> None:
    """Write result slips (four to an A4 page) and the seating lists of a round or playoff sheet of WORKBOOK."""

    def action() -> int:
        from sheet_scorer.api import write_slips
        from sheet_scorer.i18n.terminal import say

        done = write_slips(workbook, which, output, lang)
        click.echo(say(done.lang, "slips_wrote", file=done.target, sheet=done.sheet))
        return 0

    run_action(verbose, action, lang)
