"""Merged ranges of a sheet, for commands that empty cells (`split`): a merged block is emptied at its top-left cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheet_scorer.xlsx.errors import PackageError
from sheet_scorer.xlsx.cells import cell_ref

if TYPE_CHECKING:
    from sheet_scorer.xlsx.reader import Package


def covered_cells(book: Package, sheets: list[str]) -> dict[str, frozenset[str]]:
    """Per sheet, the cells under a merged range other than its top-left one: they hold no value of their own and
    are not written. `book` is the reader's opened package (`reader.Package`: the command's one opening of the file);
    a merge over more cells than any sheet holds is refused."""
    from sheet_scorer.xlsx.reader import MAX_CELLS

    found = {}
    for entry in book.sheets:
        if entry.name not in sheets:
            continue
        ranges = book.sheet(entry).merged
        if sum((bottom - top + 1) * (right - left + 1) for left, top, right, bottom in ranges) > MAX_CELLS:
            raise PackageError(key="merged_too_many", path=book.path, sheet=entry.name, limit=MAX_CELLS)
        found[entry.name] = frozenset(
            cell_ref(column, row)
            for left, top, right, bottom in ranges
            for row in range(top, bottom + 1)
            for column in range(left, right + 1)
            if (row, column) != (top, left)
        )
    return found
