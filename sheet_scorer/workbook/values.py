"""A sheet's values as saved, for the small sheets read outside the scorer's round reading (a player list, the
seating plan, a round's header): read with the streaming reader (`xlsx.reader`), under its limits."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from sheet_scorer.model import WorkbookError, reason_of
from sheet_scorer.workbook.container import open_package
from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell
from sheet_scorer.xlsx.reader import WorkbookReader


def sheet_values(path: Path, sheet: str | None = None) -> list[list[Any]] | None:
    """The values of the sheet named `sheet` (else the first) from A1, rows of lists ('' where empty), as saved:
    merged ranges not filled in, an error value or a formula without a saved value read as ''. None when
    there is no such sheet. Read with the streaming reader (`xlsx`: no DOCTYPE, byte and cell limits)."""
    return read_book(path, lambda book: book_values(book, sheet))


Read = TypeVar("Read")


def read_book(path: Path, read: Callable[[WorkbookReader], Read]) -> Read:
    """`read` of the workbook at `path` from one opening of the file (`container.open_package`: checked, then read),
    closed after."""
    opened = open_package(path)
    try:
        return read(WorkbookReader(opened))
    finally:
        opened.close()


def book_values(book: WorkbookReader, sheet: str | None) -> list[list[Any]] | None:
    """`sheet_values` of a package already open."""
    entry = next((e for e in book.sheets if sheet is None or e.name == sheet), None)
    if entry is None:
        return None
    try:
        rows = book.sheet(entry).dense(entry.name)
    except WorkbookError as error:
        raise WorkbookError(key="in_workbook", path=book.path, reason=reason_of(error)) from None
    return [["" if isinstance(v, (ErrorCell, FormulaCell)) else v for v in row] for row in rows]
