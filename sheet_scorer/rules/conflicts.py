"""Merge conflicts stay until resolved (docs/rules.md §5): each unresolved row of the Conflicts sheet is an
error at the round sheet's cell it names, so that table is not scored and the standings stay provisional."""

from __future__ import annotations

from typing import Any

from sheet_scorer.model import ConflictRow, WorkbookData
from sheet_scorer.problems import Problem
from sheet_scorer.workbook.cells import is_marked, shown
from sheet_scorer.xlsx.cells import MAX_COLUMN, MAX_ROW, parse_ref


def conflict_problems(data: WorkbookData) -> dict[str, list[Problem]]:
    """Round sheet name -> an error per unresolved conflict on it (its row is the cell's, so its table is not scored)."""
    found: dict[str, list[Problem]] = {}
    for conflict in data.conflicts:
        if not is_marked(conflict.resolved):
            found.setdefault(conflict.sheet, []).append(_problem(conflict, data.conflicts_sheet))
    return found


def _problem(conflict: ConflictRow, sheet: str) -> Problem:
    """The error at the conflict's cell; a Cell that names no cell (edited by hand) puts it on the whole sheet."""
    row = _cell_row(conflict.cell)
    params: dict[str, Any] = {
        "value": shown(conflict.value),
        "file": conflict.file,
        "other": shown(conflict.other),
        "other_file": conflict.other_file,
        "conflicts_sheet": sheet,
        "line": conflict.row,
    }
    if row is not None:
        params["row"] = row
    return Problem(
        "merge-conflict", conflict.sheet, conflict.cell if row is not None else "", conflict.player, params=params
    )


def _cell_row(cell: str) -> int | None:
    """The row of a Cell that names one cell of the grid as the tool writes it ('E7' -> 7); None otherwise."""
    if "$" in cell or cell != cell.strip():
        return None
    try:
        column, row = parse_ref(cell)
    except ValueError:
        return None
    return row if 1 <= row <= MAX_ROW and column <= MAX_COLUMN else None
