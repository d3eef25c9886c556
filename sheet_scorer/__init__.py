"""sheet_scorer: score Catan tournaments from the Excel workbooks organisers already keep.

The public API is imported lazily so that `sheet-scorer --help` does not pay for pandas.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Problem", "ScoreResult", "WorkbookError", "check_workbook", "score_workbook"]
__version__ = "0.1.0"

_HOMES = {
    "ScoreResult": "model",
    "check_workbook": "api",
    "score_workbook": "api",
    "WorkbookError": "model",
    "Problem": "problems",
}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(name)
    from importlib import import_module

    return getattr(import_module(f".{_HOMES[name]}", __name__), name)
