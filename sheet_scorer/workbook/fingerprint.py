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
from typing import TYPE_CHECKING

from sheet_scorer.i18n.vocab import COMPONENTS, PROBLEMS_SHEET_NAMES, STANDINGS_SHEET_NAMES, fold

if TYPE_CHECKING:
    from sheet_scorer.model import RoundSheet
    from sheet_scorer.xlsx.reader import SheetCells, WorkbookReader

TOOL_SHEETS = STANDINGS_SHEET_NAMES | PROBLEMS_SHEET_NAMES
# A formula as it counts (`_formula`): LibreOffice's TRUE()/FALSE() as the boolean, any other as ("=", its text).
Formula = bool | tuple[str, str]


class Fingerprint:
    """The running digest of the organiser's cells, sheet by sheet as the reader meets them. `counting=False`: a
    command that writes nothing (`check`) has no use for it; nothing is hashed and its digest is ''."""

    def __init__(self, counting: bool = True) -> None:
        self.counting = counting
        self._sheets: dict[str, bytes] = {}
        self.contexts: dict[str, tuple[object, ...]] = {}  # how each sheet counted where it stood (`read._context`)
        self.accepted: set[str] = set()  # the playoff sheets read as their stage's (a second one counts whole)

    def add(self, name: str, cells: SheetCells, skip: frozenset[int] = frozenset(), header_row: int = 0) -> None:
        """One sheet's cells; columns in `skip` from `header_row` down are the tool's."""
        if not self.counting or fold(name) in TOOL_SHEETS:
            return
        digest = hashlib.sha256(name.encode())
        formulas = cells.formulas
        formula_rows = {number for _, number in formulas}
        for number in sorted(cells.rows):
            row = cells.rows[number]
            dropped = skip if number >= header_row else frozenset()
            if number in formula_rows:
                items = [
                    (c, _formula(formulas[(c, number)]) if (c, number) in formulas else row[c])
                    for c in sorted(row)
                    if c not in dropped
                ]
            elif dropped and not dropped.isdisjoint(row):
                items = sorted(item for item in row.items() if item[0] not in dropped)
            else:  # the common row: its (column, value) pairs as they are, sorted in C
                items = sorted(row.items())
            if items:
                digest.update(repr((number, items)).encode())
        self._sheets[name] = digest.digest()

    def add_digest(self, name: str, digest: bytes) -> None:
        """A sheet digested as it streamed by (`stream_digest`): the organiser's own sheets the scorer does not read."""
        if self.counting and fold(name) not in TOOL_SHEETS:
            self._sheets[name] = digest

    def stream(self, book: WorkbookReader, name: str, part: str | None) -> None:
        """An organiser's own sheet, which the scorer does not read: digested as it streams by (`stream_digest`);
        not counting, only parsed, so that it is refused where it stands in the tab order just as digesting it would."""
        if self.counting:
            self.add_digest(name, stream_digest(book, name, part))
        elif part:
            book.package.parse(part, namespaces=False)

    def copy(self, name: str, other: Fingerprint) -> None:
        """Sheet `name` as it counted in `other` (a sheet a command wrote as it was read)."""
        if name in other._sheets:
            self._sheets[name] = other._sheets[name]

    def hexdigest(self) -> str:
        """The workbook's fingerprint: its sheets by name (tab order and the tool's sheets do not count); '' when not
        counting."""
        if not self.counting:
            return ""
        total = hashlib.sha256()
        for name in sorted(self._sheets):
            total.update(self._sheets[name])
        return total.hexdigest()[:32]


def _formula(text: str) -> Formula:
    """A formula as it counts: its text; LibreOffice's `TRUE()`/`FALSE()` (how it saves a TRUE or FALSE cell) as
    the value itself, so a workbook saved by LibreOffice keeps its fingerprint."""
    folded = text.strip().upper()
    if folded in ("TRUE()", "FALSE()", "TRUE", "FALSE"):
        return folded.startswith("TRUE")
    return ("=", text)


def round_sheet_skip(sheet: RoundSheet) -> frozenset[int]:
    """The tool's columns of a round sheet as read: the computed ones, and the VP it fills beside the components."""
    skip = set(sheet.computed.values())
    if "vp" in sheet.columns and any(c in sheet.columns for c in COMPONENTS):
        skip.add(sheet.columns["vp"])
    return frozenset(skip)


class SheetDigest:
    """expat handlers hashing one sheet's cells as they stream by, keeping none (a large sheet of the organiser's
    costs no memory and does not count against the reader's cell limit).

    Its own cell handler, not the reader's decoding (`xlsx.reader`), because the two differ and the fingerprints
    already stored in the files written were made with this one: a number in a date style stays its serial (the
    reader: a date), a cell without a reference is hashed with '' (the reader: the cell it stands in), an error as
    ('e', text) (the reader: an `ErrorCell`), an inline string without Excel's `_xHHHH_` escapes decoded, a `t="d"`
    cell as its text; tests/workbook/test_fingerprint_digest.py computes both over every workbook kept in the repository."""

    def __init__(self, name: str, strings: list[str]) -> None:
        self.digest = hashlib.sha256(name.encode())
        self.strings = strings
        self.ref = ""
        self.kind: str | None = None
        self.pieces: list[str] | None = None
        self.value: str | None = None
        self.formula: str | None = None
        self.inline: list[str] | None = None
        self.phonetic = 0

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        local = tag.rpartition(":")[2]
        if local == "c":
            self.ref, self.kind = attrs.get("r", ""), attrs.get("t")
            self.value = self.formula = self.inline = None
        elif local in ("v", "f"):
            self.pieces = []
        elif local == "is":
            self.inline = []
        elif local == "t" and self.inline is not None and not self.phonetic:
            self.pieces = []
        elif local == "rPh":
            self.phonetic += 1

    def end(self, tag: str) -> None:
        local = tag.rpartition(":")[2]
        if local == "c":
            value = self._value()
            if value not in (None, ""):
                self.digest.update(repr((self.ref, value)).encode())
        elif local == "v":
            self.value, self.pieces = "".join(self.pieces or ()), None
        elif local == "f":
            self.formula, self.pieces = "".join(self.pieces or ()), None
        elif local == "t" and self.pieces is not None and self.inline is not None:
            self.inline.append("".join(self.pieces))
            self.pieces = None
        elif local == "rPh":
            self.phonetic -= 1

    def text(self, data: str) -> None:
        if self.pieces is not None:
            self.pieces.append(data)

    def _value(self) -> Formula | str | float | None:
        """The cell as typed: a formula by its text, a shared string by its text, a number as a number."""
        if self.formula is not None:
            return _formula(self.formula)
        if self.inline is not None:
            return "".join(self.inline)
        value, kind = self.value, self.kind
        if value is None:
            return None
        if kind == "s":
            return self.strings[int(value)] if value.strip().isdigit() and int(value) < len(self.strings) else value
        if kind in (None, "n"):
            try:
                return float(value)
            except ValueError:
                return value
        if kind == "b":
            return value.strip().lower() in ("1", "true")
        return value if kind in ("str", "d") else (kind, value)


def stream_digest(book: WorkbookReader, name: str, part: str | None) -> bytes:
    """The digest of one sheet of an opened workbook, its cells hashed as they stream by."""
    handler = SheetDigest(name, book.strings())
    if part:
        book.package.parse(part, handler.start, handler.end, handler.text, namespaces=False)
    return handler.digest.digest()
