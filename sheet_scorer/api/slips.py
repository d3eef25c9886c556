"""`slips`: the result slips and seating lists of one round or playoff sheet, as an HTML page to print."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sheet_scorer.model import RoundSheet, WorkbookData, WorkbookError, event_language


@dataclass(frozen=True)
class SlipsResult:
    """What `slips` wrote: the HTML page of the sheet named."""

    target: Path
    sheet: str
    lang: str


def write_slips(
    workbook: Path | str, which: str, output: Path | str | None = None, lang: str | None = None
) -> SlipsResult:
    """Result slips and seating lists of one round or playoff sheet (`which`: its number or a name in any language)."""
    from sheet_scorer.report.slips import render_slips
    from sheet_scorer.workbook.files import write_text_atomically
    from sheet_scorer.workbook.read import read_workbook

    workbook = Path(workbook)
    data = read_workbook(workbook)
    sheet = find_sheet(data, which, workbook)
    stem = f"round-{sheet.number}" if sheet.kind == "round" else sheet.kind
    event = workbook.stem.removesuffix(
        ".scored"
    )  # slips printed from the scored copy are the event's, as its report is
    target = Path(output) if output else workbook.with_name(f"{event}.{stem}.slips.html")
    language = event_language(lang, data.settings.language)
    write_text_atomically(render_slips(sheet, data.settings.tournament, language), target)
    return SlipsResult(target, sheet.name, language)


def find_sheet(data: WorkbookData, which: str, workbook: Path) -> RoundSheet:
    """The sheet `--round` names: a round number, a round sheet's name (`Runda 3`), or a playoff stage in any of
    the four languages (`semifinal`, `Półfinał`, `Final`); else a one-line refusal naming the sheets there are."""
    from sheet_scorer.i18n.vocab import fold, playoff_stage, round_number

    text = which.strip()
    number = int(text) if text.isdigit() else round_number(text)
    stage = playoff_stage(text)
    for sheet in [*data.rounds, *data.playoffs]:
        if (
            fold(sheet.name) == fold(text)
            or (sheet.kind == "round" and sheet.number == number)
            or (stage and sheet.kind == stage)
        ):
            return sheet
    sheets = ", ".join(s.name for s in [*data.rounds, *data.playoffs]) or "–"
    raise WorkbookError(key="slips_no_sheet", path=workbook, round=text, sheets=sheets).in_language(
        data.settings.language
    )
