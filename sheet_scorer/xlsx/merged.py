"""Merged ranges: the one parser of a `<mergeCell>`, for the streaming reader, the patcher and `split`.

A range comes out in `cells.parse_range`'s order, (first column, first row, last column, last row), everywhere.
"""

from __future__ import annotations

import re

from sheet_scorer.xlsx.cells import cell_ref, grid_range
from sheet_scorer.xlsx.errors import PackageError
from sheet_scorer.xlsx.splice import ATTRS, attribute

MERGE_CELL = "mergeCell"  # the element's local name (inside `<mergeCells>`, SpreadsheetML's CT_MergeCell)
MAX_MERGED = 3_000_000  # cells under the merged ranges of the sheets `covered_cells` reads (the reader's MAX_CELLS)
_TAGS: dict[bytes, re.Pattern[bytes]] = {}


def merged_range(ref: str) -> tuple[int, int, int, int] | None:
    """A `<mergeCell>`'s `ref` as a range; None for anything but two corners within Excel's grid (a damaged
    reference, or one cell, merges nothing: no value to repeat, no cell to step over)."""
    return grid_range(ref) if ref.count(":") == 1 else None


def merge_refs(xml: bytes, start: int = 0, end: int | None = None, prefix: bytes = b"") -> list[str]:
    """The `ref` of every `<mergeCell>` (named with `prefix`, the sheet's for the main namespace) in
    `xml[start:end]`, entities resolved: for sheet bytes already checked well formed (expat) or being patched."""
    pattern = _TAGS.get(prefix)
    if pattern is None:
        pattern = _TAGS[prefix] = re.compile(b"<" + re.escape(prefix) + MERGE_CELL.encode() + rb"\b" + ATTRS + rb">")
    return [
        ref
        for tag in pattern.finditer(xml, start, len(xml) if end is None else end)
        if (ref := attribute(tag.group(0), b"ref")) is not None
    ]


def merged_ranges(refs: list[str]) -> list[tuple[int, int, int, int]]:
    """The ranges of `refs` (`merge_refs`) that merge something."""
    return [bounds for ref in refs if (bounds := merged_range(ref)) is not None]


def covered(ranges: list[tuple[int, int, int, int]]) -> frozenset[str]:
    """The cells under `ranges` other than each one's top-left: they hold no value of their own."""
    return frozenset(
        cell_ref(column, row)
        for left, top, right, bottom in ranges
        for row in range(top, bottom + 1)
        for column in range(left, right + 1)
        if (column, row) != (left, top)
    )


def covered_cells(path: object, merged: dict[str, list[tuple[int, int, int, int]]]) -> dict[str, frozenset[str]]:
    """Per sheet, the cells under its merged ranges (`merged`: sheet -> ranges, as a reader found them) other than
    each one's top-left, for commands that empty cells (`split`): they are not written. A merge over more cells than
    any sheet holds is refused, naming `path`."""
    found = {}
    for sheet, ranges in merged.items():
        if sum((bottom - top + 1) * (right - left + 1) for left, top, right, bottom in ranges) > MAX_MERGED:
            raise PackageError(key="merged_too_many", path=path, sheet=sheet, limit=MAX_MERGED)
        found[sheet] = covered(ranges)
    return found
