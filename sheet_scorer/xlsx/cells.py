"""Cell references and special cell values: one tuple order everywhere, (column, row), as `cell_ref(column, row)` takes them."""

from __future__ import annotations

import re
from datetime import date, time


def column_letter(index: int) -> str:
    """1 -> A, 27 -> AA."""
    letters = ""
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def cell_ref(column: int, row: int) -> str:
    return f"{column_letter(column)}{row}"


def column_index(letters: str) -> int:
    """A -> 1, AA -> 27."""
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - 64
    return index


class FormulaCell(str):
    """A formula with no saved value (the file was written by a program that does not calculate)."""


class ErrorCell(str):
    """A spreadsheet error value such as #REF! or #N/A."""


# A cell's value as read: text (a FormulaCell or an ErrorCell among them), a number, a flag, a date (a datetime too)
# or a time of day.
CellValue = str | float | bool | date | time


MAX_ROW, MAX_COLUMN = 1_048_576, 16_384  # Excel's grid: XFD1048576

_REF = re.compile(r"\$?([A-Za-z]{1,3})\$?(\d+)")


def parse_ref(ref: str) -> tuple[int, int]:
    """'E7' -> (5, 7): (column, row); ValueError for anything that is not a cell reference."""
    found = _REF.fullmatch(ref.strip())
    if found is None:
        raise ValueError(ref)
    return column_index(found.group(1).upper()), int(found.group(2))


def parse_range(ref: str) -> tuple[int, int, int, int]:
    """'A1:C3' -> (1, 1, 3, 3): (first column, first row, last column, last row), corners in either order;
    a single cell is a range of one."""
    first, _, last = ref.partition(":")
    a = parse_ref(first)
    b = parse_ref(last) if last else a
    return min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])


def grid_range(ref: str) -> tuple[int, int, int, int] | None:
    """`parse_range` within Excel's grid (A1:XFD1048576); None for anything else."""
    try:
        left, top, right, bottom = parse_range(ref)
    except ValueError:
        return None
    return (left, top, right, bottom) if left >= 1 and right <= MAX_COLUMN and top >= 1 and bottom <= MAX_ROW else None


def attribute_int(text: str | None) -> int:
    """An attribute's whole number (a row number, a style or format id; missing: 0); -1 for a damaged one, which
    names nothing, so reading goes on."""
    try:
        return int(text or 0)
    except ValueError:
        return -1
