"""The cell readings the rules use, whole columns at a time (docs/rules.md §1-§3): validation, progress, seating,
merge and split read cells through these. They are defined once, with their cell-by-cell forms, in
`workbook.cells` (the workbook reader needs some of them below the rules)."""

from __future__ import annotations

from sheet_scorer.workbook.cells import (
    blank_cells,
    bye_cells,
    parse_flag,
    parse_int,
    parse_ints,
    table_numbers,
)

__all__ = ["blank_cells", "bye_cells", "parse_flag", "parse_int", "parse_ints", "table_numbers"]
