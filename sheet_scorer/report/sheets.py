"""What the scored workbook gets (docs/rules.md §5), as plain values: built from the scored frames here,
spliced into the workbook's package by `workbook/write.py`.

The plan (`model.WritePlan`) is plain lists and strings: the writer needs no pandas.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from sheet_scorer.i18n.text import format_places, hundredths, text
from sheet_scorer.i18n.visible import visible
from sheet_scorer.i18n.vocab import (
    COMPUTED,
    COMPUTED_HEADERS,
    NO_PROBLEMS,
    PROBLEMS_HEADERS,
    PROBLEMS_SHEET,
    SEVERITY_WORDS,
    STANDINGS_HEADERS,
    STANDINGS_SHEET,
)
from sheet_scorer.model import ColumnValues, RoundSheet, SheetPlan, WritePlan
from sheet_scorer.problems import Problem, problem_message
from sheet_scorer.xlsx.cells import cell_ref

PCT_FIELDS = frozenset({"vp_pct", "mean_vp_pct"})  # shown to hundredths, half up, like every other output
PROBLEMS_FIELDS = ("severity", "sheet", "cell", "player", "message")


def computed_positions(sheet: RoundSheet) -> dict[str, int]:
    """Column of each computed field: where a previous run put it, else right of the organiser's table.

    An organiser's own VP column is used in place (docs/rules.md §1).
    """
    positions = dict(sheet.computed)
    if "vp" in sheet.columns and not sheet.vp_is_computed:
        positions["vp"] = sheet.columns["vp"]
    next_free = max([sheet.last_column, *sheet.computed.values()]) + 1
    for name in COMPUTED:
        if name not in positions:
            positions[name] = next_free
            next_free += 1
    return positions


def plain(value: Any) -> Any:
    """A cell value: None for missing, int for whole numbers (2.0 -> 2), else the float."""
    if value is None or value != value or value is pd.NA:
        return None
    number = float(value)
    return int(number) if number.is_integer() else number


def _column_values(column: ColumnValues, values: pd.Series) -> ColumnValues:
    """Fill `column` with every non-missing value of `values` (indexed by Excel row), converted once."""
    numbers = values.to_numpy(dtype="float64", na_value=np.nan)  # numpy: one pass, no Series copies per column
    present = ~np.isnan(numbers)
    column.rows = [int(row) for row in values.index[present]]
    column.values = [plain(value) for value in numbers[present].tolist()]
    return column


def _sheet_plan(sheet: RoundSheet, rows: pd.DataFrame | None, problems: list[Problem], lang: str) -> SheetPlan:
    positions = computed_positions(sheet)
    own_vp = "vp" in sheet.columns and not sheet.vp_is_computed
    ours = {name: column for name, column in positions.items() if not (name == "vp" and own_vp)}
    columns = [ColumnValues(column, COMPUTED_HEADERS[name][lang]) for name, column in ours.items()]
    if rows is not None:
        columns = [_column_values(c, rows[name]) for c, name in zip(columns, ours)]
        if own_vp:  # fill only empty VP cells: an entered VP that could not be read leaves its table unscored
            columns.append(
                _column_values(ColumnValues(positions["vp"], None), rows["vp"].where(rows["vp_entered"].isna()))
            )
    marks = [(ref, problem_message(p, lang)) for p in problems for ref in _marked_cells(sheet, p)]
    clear = sorted(ours.values()) if sheet.computed else []
    return SheetPlan(sheet.name, sheet.header_row, sheet.columns["player"], clear, columns, marks)


def _marked_cells(sheet: RoundSheet, problem: Problem) -> list[str]:
    """The cell of a cell problem; for a table problem, its field's cell (else Table) in each of its rows."""
    if problem.cell:
        return [problem.cell]
    column = sheet.columns.get(problem.field or "", sheet.columns["table"])
    return [cell_ref(column, row) for row in problem.params.get("rows", ())]


def plan_writes(
    rounds: list[RoundSheet],
    results: pd.DataFrame,
    standings: pd.DataFrame,
    problems: list[Problem],
    lang: str = "en",
    notes: dict[str, str] | None = None,
) -> WritePlan:
    """The plan for `rounds` (playoff sheets too) scored into `results` and `standings`, with `problems` marked and listed.

    `notes` (player -> "After round 2") fill a last Standings column, Withdrawn, when there are any."""
    by_sheet = (
        {name: rows.set_index("row") for name, rows in results.groupby("sheet", sort=False)} if len(results) else {}
    )
    errors: dict[str, list[Problem]] = {}
    for problem in problems:
        if problem.severity == "error":
            errors.setdefault(problem.sheet, []).append(problem)
    sheets = [_sheet_plan(s, by_sheet.get(s.name), errors.get(s.name, []), lang) for s in rounds]
    fields = _standings_fields(standings)
    standings_rows = [
        [_standings_value(field, value, lang) for field, value in zip(fields, record[: len(fields)])]
        + [plain(value) for value in record[len(fields) + 1 :]]
        for record in standings.itertuples(index=False, name=None)
    ]
    if notes:
        standings_rows = [row + [notes.get(player)] for row, player in zip(standings_rows, standings["player"])]
    problems_rows = [
        [SEVERITY_WORDS[p.severity][lang], p.sheet, p.cell, visible(p.player), problem_message(p, lang)]
        for p in problems
    ]
    return WritePlan(
        sheets,
        STANDINGS_SHEET[lang],
        [STANDINGS_HEADERS[c][lang] for c in fields],
        standings_rows,
        _round_columns(standings),
        PROBLEMS_SHEET[lang],
        [PROBLEMS_HEADERS[c][lang] for c in PROBLEMS_FIELDS],
        problems_rows,
        [i for i, field in enumerate(fields, start=1) if field in PCT_FIELDS],
        provisional=text(lang, "provisional_label") if errors else "",
        no_problems=NO_PROBLEMS[lang],
        notes_header=text(lang, "withdrawn_column") if notes else "",
    )


def _round_columns(standings: pd.DataFrame) -> list[str]:
    """The round sheets the standings count, one column each: the rounds played (docs/rules.md §3)."""
    columns = list(standings.columns)
    return columns[columns.index("ahead_by") + 1 :] if "ahead_by" in columns else []


def _standings_fields(standings: pd.DataFrame) -> list[str]:
    """The figure columns of the standings frame: those before `ahead_by` (the round sheets' columns follow it)."""
    columns = list(standings.columns)
    return columns[: columns.index("ahead_by")] if "ahead_by" in columns else columns


def _standings_value(field: str, value: Any, lang: str) -> Any:
    """A Standings cell: the name and notes as text, Places as `2 / 1.5 / 0`, percentages to hundredths half up."""
    if field in ("player", "adjustment_notes"):
        return visible(str(value))  # a name holding a bell or ESC is shown as \x07, \x1b
    if field == "places":
        return format_places(value, lang)
    if field in PCT_FIELDS:
        rounded = hundredths(value)
        return None if rounded is None else float(rounded)
    return plain(value)
