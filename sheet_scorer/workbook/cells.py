"""Cell helpers shared by reading, checking and writing: references, blank cells, names, special values."""

from __future__ import annotations

import re
from typing import Any


def column_letter(index: int) -> str:
    """1 -> A, 27 -> AA."""
    letters = ""
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def cell_ref(column: int, row: int) -> str:
    return f"{column_letter(column)}{row}"


def is_blank(value: Any) -> bool:
    """An empty cell: None, '' or only spaces (an error value or a formula is never blank)."""
    return value is None or (isinstance(value, str) and not isinstance(value, (FormulaCell, ErrorCell)) and not value.strip())


_SPACES = re.compile(r"\s+")
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))


def clean_name(name: str) -> str:
    """Trimmed, inner runs of spaces collapsed (docs/rules.md §1); invisible characters (zero-width space, soft hyphen) dropped."""
    return _SPACES.sub(" ", name.translate(_INVISIBLE)).strip()


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
