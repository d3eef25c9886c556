"""Cell helpers of the tournament workbook: blank cells and players' names (docs/rules.md §1)."""

from __future__ import annotations

import re
from typing import Any

from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell


def is_blank(value: Any) -> bool:
    """An empty cell: None, '' or only spaces (an error value or a formula is never blank)."""
    return value is None or (
        isinstance(value, str) and not isinstance(value, (FormulaCell, ErrorCell)) and not value.strip()
    )


_SPACES = re.compile(r"\s+")
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))


def clean_name(name: str) -> str:
    """Trimmed, inner runs of spaces collapsed (docs/rules.md §1); invisible characters (zero-width space, soft hyphen) dropped."""
    return _SPACES.sub(" ", name.translate(_INVISIBLE)).strip()
