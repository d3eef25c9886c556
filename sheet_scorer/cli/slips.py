"""`sheet-scorer slips`: printable result slips and seating lists for one round (HTML)."""

from __future__ import annotations

from pathlib import Path

import click

from sheet_scorer.cli.common import LANGS, WORKBOOK, run_action


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--round", "number", required=True, type=click.IntRange(min=1), help="The round to print.")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False),
              help="HTML file (default: WORKBOOK.round-N.slips.html).")
@click.option("--lang", type=LANGS, help="Language of the slips and of the terminal (default: Settings → Language, else en).")
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def slips(workbook: Path, number: int, output: Path | None, lang: str | None, verbose: bool) -> None:
    """Write result slips (four to an A4 page) and the seating lists of round N of WORKBOOK."""
    def action() -> int:
        from sheet_scorer.i18n.terminal import say
        from sheet_scorer.model import WorkbookError
        from sheet_scorer.report.slips import render_slips
        from sheet_scorer.workbook.files import write_text_atomically
        from sheet_scorer.workbook.read import read_workbook

        data = read_workbook(workbook)
        sheet = next((s for s in data.rounds if s.number == number), None)
        if sheet is None:
            raise WorkbookError(f"{workbook}: has no readable sheet for round {number}", "slips_no_round", path=workbook,
                                round=number).in_language(data.settings.language)
        target = output or workbook.with_name(f"{workbook.stem}.round-{number}.slips.html")
        language = lang or data.settings.language
        write_text_atomically(render_slips(sheet, data.settings.tournament, language), target)
        click.echo(say(language, "slips_wrote", file=target, sheet=sheet.name))
        return 0

    run_action(verbose, action, lang)
