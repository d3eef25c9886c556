"""`sheet-scorer slips`: printable result slips and seating lists for one round or playoff sheet (HTML)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import LANGS, WORKBOOK, run_action

if TYPE_CHECKING:
    from sheet_scorer.model import RoundSheet, WorkbookData


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--round", "which", required=True, metavar="N|SHEET",
              help="The round to print: its number, or a sheet's name in any language (3, 'Runda 3', semifinal, Półfinał, Final).")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
              help="HTML file (default: WORKBOOK.round-N.slips.html, WORKBOOK.<sheet>.slips.html for a playoff sheet).")
@click.option("--lang", type=LANGS, help="Language of the slips and of the terminal (default: Settings → Language, else en).")
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def slips(workbook: Path, which: str, output: Path | None, lang: str | None, verbose: bool) -> None:
    """Write result slips (four to an A4 page) and the seating lists of a round or playoff sheet of WORKBOOK."""
    def action() -> int:
        from sheet_scorer.i18n.terminal import say
        from sheet_scorer.report.slips import render_slips
        from sheet_scorer.workbook.files import write_text_atomically
        from sheet_scorer.workbook.read import read_workbook

        data = read_workbook(workbook)
        sheet = find_sheet(data, which, workbook)
        stem = f"round-{sheet.number}" if sheet.kind == "round" else sheet.kind
        target = output or workbook.with_name(f"{workbook.stem}.{stem}.slips.html")
        language = lang or data.settings.language
        write_text_atomically(render_slips(sheet, data.settings.tournament, language), target)
        click.echo(say(language, "slips_wrote", file=target, sheet=sheet.name))
        return 0

    run_action(verbose, action, lang)


def find_sheet(data: WorkbookData, which: str, workbook: Path) -> RoundSheet:
    """The sheet `--round` names: a round number, a round sheet's name (`Runda 3`), or a playoff stage in any of
    the four languages (`semifinal`, `Półfinał`, `Final`); else a one-line refusal naming the sheets there are."""
    from sheet_scorer.i18n.vocab import fold, playoff_stage, round_number
    from sheet_scorer.model import WorkbookError

    text = which.strip()
    number = int(text) if text.isdigit() else round_number(text)
    stage = playoff_stage(text)
    for sheet in [*data.rounds, *data.playoffs]:
        if fold(sheet.name) == fold(text) or (sheet.kind == "round" and sheet.number == number) or (stage and sheet.kind == stage):
            return sheet
    sheets = ", ".join(s.name for s in [*data.rounds, *data.playoffs]) or "–"
    raise WorkbookError(f"{workbook}: has no readable round or playoff sheet '{text}'; the sheets are: {sheets}",
                        "slips_no_sheet", path=workbook, round=text, sheets=sheets).in_language(data.settings.language)
