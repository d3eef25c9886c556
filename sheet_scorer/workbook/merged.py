"""Merged ranges of a sheet, for commands that empty cells (`split`): a merged block is emptied at its top-left cell."""

from __future__ import annotations

from pathlib import Path

from sheet_scorer.model import WorkbookError
from sheet_scorer.workbook.cells import cell_ref


def covered_cells(path: Path, sheets: list[str]) -> dict[str, frozenset[str]]:
    """Per sheet, the cells under a merged range other than its top-left one: they hold no value of their own and
    are not written."""
    import python_calamine

    found = {}
    try:
        book = python_calamine.CalamineWorkbook.from_path(str(path))
        for name in sheets:
            ranges = book.get_sheet_by_name(name).merged_cell_ranges or []
            found[name] = frozenset(
                cell_ref(column + 1, row + 1)
                for (top, left), (bottom, right) in ranges
                for row in range(top, bottom + 1)
                for column in range(left, right + 1)
                if (row, column) != (top, left)
            )
    except Exception as exc:  # calamine's own error types for a damaged sheet
        raise WorkbookError(f"{path}: cannot be read ({exc})") from None
    return found
