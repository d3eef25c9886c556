"""The latest report of each table (not rejected) as a judge's copy of its round, for `merge --reports`
(docs/rules.md §5, §11): `merge.plan` then fills the event's empty cells from it and keeps every disagreement
as a conflict, as it does for a copy a judge typed. A marked flag is `x`; an unmarked one is an empty cell."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from sheet_scorer.i18n.vocab import FLAGS, GAME_FIELDS, round_number
from sheet_scorer.journal.store import Report
from sheet_scorer.model import RoundSheet, Settings, WorkbookData


def copy_name(journal: Path, report: Report) -> Path:
    """What a report is called where the merge names its source (its conflicts, its terminal line): `klub.reports.sqlite#7`."""
    return journal.with_name(f"{journal.name}#{report.id}")


def _value(field: str, value: object) -> object:
    """A reported value as a judge would type it: a marked flag `x`, an unmarked one (or nothing) an empty cell."""
    if field in FLAGS:
        return "x" if value is True else ""
    return "" if value is None else value


def report_copy(journal: Path, report: Report) -> WorkbookData:
    """One report as a workbook holding its table's rows in its round's sheet (tokens are given to round sheets
    only, so the sheet's name reads as a round number)."""
    number = round_number(report.sheet) or 0
    fields = [f for f in GAME_FIELDS if any(f in row for row in report.rows)]
    raw = pd.DataFrame(
        {
            "table": [report.table] * len(report.rows),
            "player": [str(row.get("player", "")) for row in report.rows],
            **{f: [_value(f, row.get(f)) for row in report.rows] for f in fields},
        },
        index=pd.RangeIndex(2, 2 + len(report.rows), name="row"),
        dtype=object,
    )
    columns = {name: index for index, name in enumerate(["table", "player", *fields], start=1)}
    sheet = RoundSheet(report.sheet, number, 1, columns, {}, raw, len(columns))
    return WorkbookData(copy_name(journal, report), [report.sheet], [sheet], Settings())
