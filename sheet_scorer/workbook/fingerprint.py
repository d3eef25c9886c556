"""The fingerprint of the organiser's cells (docs/rules.md §5), computed as the reader meets each sheet.

**The organiser's cells** are every cell holding something in every sheet except the tool's own `Standings`
and `Problems` sheets (any language), and, on round and playoff sheets, except the computed columns the tool
adds (Army Bonus, Road Bonus, VP, Place, Round Points) and an entered `VP` column on a sheet that also has the
components (the tool fills its empty cells). A formula counts by its text, never its saved value (Excel
recalculating on open changes no fingerprint); marks (fills, notes) are not cells. The `Conflicts` sheet
and the hidden `Seating Plan` are the organiser's. `workbook.record` keeps it in the files written.
"""

from __future__ import annotations

import hashlib
from typing import Any

from sheet_scorer.i18n.vocab import COMPONENTS, PROBLEMS_SHEET_NAMES, STANDINGS_SHEET_NAMES, fold

TOOL_SHEETS = STANDINGS_SHEET_NAMES | PROBLEMS_SHEET_NAMES


class Fingerprint:
    """The running digest of the organiser's cells, sheet by sheet as the reader meets them."""

    def __init__(self) -> None:
        self._sheets: dict[str, bytes] = {}

    def add(self, name: str, cells: Any, skip: frozenset[int] = frozenset(), header_row: int = 0) -> None:
        """One sheet's cells (`xlsx.SheetCells`); columns in `skip` from `header_row` down are the tool's."""
        if fold(name) in TOOL_SHEETS:
            return
        digest = hashlib.sha256(name.encode())
        formulas = cells.formulas
        for number in sorted(cells.rows):
            row = cells.rows[number]
            dropped = skip if number >= header_row else frozenset()
            items = [(c, ("=", formulas[(number, c)]) if (number, c) in formulas else row[c])
                     for c in sorted(row) if c not in dropped]
            if items:
                digest.update(repr((number, items)).encode())
        self._sheets[name] = digest.digest()

    def hexdigest(self) -> str:
        """The workbook's fingerprint: its sheets by name (tab order and the tool's sheets do not count)."""
        total = hashlib.sha256()
        for name in sorted(self._sheets):
            total.update(self._sheets[name])
        return total.hexdigest()[:32]


def round_sheet_skip(sheet: Any) -> frozenset[int]:
    """The tool's columns of a round sheet as read: the computed ones, and the VP it fills beside the components."""
    skip = set(sheet.computed.values())
    if "vp" in sheet.columns and any(c in sheet.columns for c in COMPONENTS):
        skip.add(sheet.columns["vp"])
    return frozenset(skip)
