"""`playoffs`: the event moved one step, to the next playoff sheet or the Final Ranking (docs/rules.md §6)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sheet_scorer.api.score import check_data
from sheet_scorer.i18n.phrase import Phrase
from sheet_scorer.model import ScoreResult, WorkbookError


@dataclass(frozen=True)
class PlayoffsResult:
    """What `playoffs` wrote: the sheet added (or written again), with how many players."""

    path: Path
    sheet: str
    rewrote: bool
    players: int
    lang: str


def playoff_step(path: Path | str, lang: str | None = None, force: bool = False) -> PlayoffsResult:
    """Move the event one step (docs/rules.md §6): the next playoff sheet, or the Final Ranking, written in place."""
    from sheet_scorer.api.policy import refuse_replacing, refuse_working_copy
    from sheet_scorer.model import WorkbookPatch
    from sheet_scorer.playoffs.step import next_step
    from sheet_scorer.workbook.read import open_event
    from sheet_scorer.workbook.update import update_workbook

    path = Path(path)
    with open_event(path, patching=True) as event:  # read once, and patched from that opening
        refuse_working_copy(path, "playoffs", force, lang, event)
        result = check_data(event.data, lang)
        if result.has_errors:
            raise _playoffs_refusal(result)
        try:
            sheet = next_step(result, result.lang)
        except WorkbookError as error:
            raise error.in_language(result.lang) from None
        update_workbook(path, WorkbookPatch(sheets=[sheet]), command="playoffs", event=event, refuse=refuse_replacing)
    return PlayoffsResult(
        path,
        sheet.name,
        sheet.replace and sheet.name in result.data.sheet_names,
        len(sheet.rows) - sheet.header_row,
        result.lang,
    )


def _playoffs_refusal(result: ScoreResult) -> WorkbookError:
    """One line naming the first error's place, in the event's language: the next step waits until the workbook has none."""
    from sheet_scorer.problems import Told

    errors = [p for p in result.problems if p.severity == "error"]
    first, lang = errors[0], result.lang
    more = Phrase("playoffs_more", {"errors": len(errors) - 1}) if len(errors) > 1 else ""
    return WorkbookError(
        key="playoffs_refused", place=Told(first, place=True), problem=Told(first), more=more
    ).in_language(lang)
