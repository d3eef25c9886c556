"""sheet_scorer: score Catan tournaments from the Excel workbooks organisers already keep.

The public API is imported lazily so that `sheet-scorer --help` does not pay for pandas.
"""

from __future__ import annotations

from sheet_scorer.lazy import attributes
from sheet_scorer.xlsx.errors import PackageError

__all__ = ["Problem", "ScoreResult", "WorkbookError", "check_workbook", "score_workbook"]
__version__ = "0.1.0"

_HOMES = {
    "ScoreResult": "model",
    "check_workbook": "api",
    "score_workbook": "api",
    "WorkbookError": "model",
    "Problem": "problems",
}


def _english_line(key: str, values: dict[str, object]) -> str | None:
    """A refusal's English line from the one catalogue: `str(error)` for the Python API and logs. Set here, where
    every import of the package begins, so that the text never depends on which module was imported first."""
    from sheet_scorer.i18n.text import english_line

    return english_line(key, values)


PackageError.english = _english_line

__getattr__ = attributes(__name__, _HOMES)
