"""The one reading of a cell's number, mark and table number (docs/rules.md §1-§3), whole columns at a time:
validation, progress (which tables are reported), seating (the rounds played), merge and split all read cells
through these, so a Table cell 1, 1.0 and ' 1 ' is one table to every command."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from sheet_scorer.i18n.vocab import FALSE_WORDS, TRUE_WORDS, is_bye
from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell


def blank_cells(values: pd.Series) -> np.ndarray:
    """Which cells are empty, a whole column at a time: None, '' or only spaces (`workbook.cells.is_blank`, cell by
    cell); an error value or a formula is never blank, a value missing from the frame is."""
    blank: np.ndarray = values.isna().to_numpy(bool, copy=True)
    rest = np.flatnonzero(~blank)
    if len(rest):
        others = values.iloc[rest]
        strings = others.map(type).to_numpy() == str  # noqa: E721 - elementwise over a column of types; exactly str: ErrorCell/FormulaCell are never blank
        if strings.any():
            blank[rest[strings]] = others[strings].str.strip().eq("").to_numpy(bool)
    return blank


def bye_cells(values: pd.Series) -> np.ndarray:
    """Which Table cells say the row is a bye (docs/rules.md §8; `i18n.vocab.is_bye`, a whole column at a time)."""
    strings = values.map(type).to_numpy() == str  # noqa: E721 - elementwise over a column of types
    bye = np.zeros(len(values), dtype=bool)
    if strings.any():
        bye[strings] = values[strings].map(is_bye).to_numpy(bool)
    return bye


def parse_int(values: pd.Series) -> pd.Series:
    """Whole numbers as Int64: 3, 3.0 and ' 3 ' are 3; anything else (2.5, 'three', dates, TRUE) is NA."""
    kinds = values.map(type)
    plain_text = kinds == str  # noqa: E721 - elementwise over a column of types
    numeric = kinds.isin([int, float])
    candidates = values.where(numeric, values.where(plain_text).str.strip())
    numbers = pd.to_numeric(candidates.where(numeric | plain_text), errors="coerce").astype("Float64")
    whole = numbers.notna() & (numbers == numbers.round()) & (numbers.abs() < 1e15)
    return numbers.where(whole.fillna(False)).astype("Int64")


#: Cells up to which `parse_ints` parses a frame's columns in one pass (beyond: column by column, to keep the
#: intermediate copies of a 100,000-row event small).
STACKED_CELLS = 100_000


def parse_ints(frame: pd.DataFrame) -> pd.DataFrame:
    """`parse_int` of every column of `frame`: a small event's columns in one pass over all their cells, so they cost
    one column's pandas operations rather than one set per column."""
    rows = len(frame)
    if rows * len(frame.columns) > STACKED_CELLS:
        return pd.DataFrame({c: parse_int(frame[c]) for c in frame.columns}, index=frame.index)
    parsed = parse_int(pd.Series(frame.to_numpy(dtype=object).ravel(order="F"))).array
    return pd.DataFrame({c: parsed[i * rows : (i + 1) * rows] for i, c in enumerate(frame.columns)}, index=frame.index)


def parse_flag(values: pd.Series) -> pd.Series:
    """Marked (x, ✓, yes, true, 1, TRUE cell, tak/sim/oui) -> True; unmarked -> False; else NA."""

    def flag(value: Any) -> bool | None:
        if isinstance(value, bool):
            return value
        if isinstance(value, (FormulaCell, ErrorCell)):
            return None
        if isinstance(value, (int, float)) and value in (0, 1):
            return bool(value)
        text = str(value).strip().lower() if isinstance(value, str) else None
        if text is None:
            return None
        if text in TRUE_WORDS:
            return True
        return False if text in FALSE_WORDS else None

    return values.map(flag).astype("boolean")


def table_numbers(values: pd.Series) -> pd.Series:
    """The table number of each row whose Table cell is a whole number ≥ 1 (3, 3.0, ' 3 '); NA elsewhere (a bye,
    a name, 0, a date): `parse_int` within the table numbers a sheet can hold."""
    numbers = parse_int(values)
    return numbers.where(((numbers >= 1) & (numbers < 1e9)).fillna(False))
