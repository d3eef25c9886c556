"""Read an .xlsx package safely, part by part, with a streaming XML parser (expat).

Every part is decompressed in chunks against a byte budget (per part and in total, whatever sizes
the zip declares) and parsed as it streams: a sheet costs what its cells cost, never its declared
extent. A DOCTYPE or an entity declaration anywhere is refused (no entity expansion, no XXE), and
every XML part must be well formed, so what is refused here is what no reader or writer could open.
"""

from __future__ import annotations

import bisect
import math
import operator
import re
import string
from dataclasses import dataclass, field, replace
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import NoReturn, Protocol

from sheet_scorer.xlsx.cells import (
    MAX_COLUMN,
    MAX_ROW,
    CellValue,
    ErrorCell,
    FormulaCell,
    attribute_int,
    cell_ref,
    grid_range,
)
from sheet_scorer.xlsx.errors import PackageError
from sheet_scorer.xlsx.merged import MERGE_CELL, merge_refs, merged_range
from sheet_scorer.xlsx.opc import (
    NS_MAIN,
    NS_MAIN_STRICT,
    REL_SHARED_STRINGS,
    REL_TABLE,
    REL_WORKSHEET,
    OpcPackage,
    Parts,
)
from sheet_scorer.xlsx.styles import read_style_sheet
from sheet_scorer.xlsx.text import shown_text, unescape

MAX_CELLS = 3_000_000  # cells holding a value in the sheets read (100,000 rows x 18 columns is 1.8 M)
MAX_DENSE = 4_000_000  # slots of a small sheet handed on as rows of lists

_MAIN = (NS_MAIN, NS_MAIN_STRICT)
_LOCAL = {
    f"{ns} {local}": local
    for ns in _MAIN
    for local in ("c", "v", "f", "t", "is", "r", "rPh", "row", MERGE_CELL, "si", "sheet", "workbookPr", "table")
}
_DIGITS = "0123456789"
_SHEET_ELEMENTS = ("c", "v", "f", "t", "is", "rPh", "row", MERGE_CELL)


class _Budget:
    """The cells kept so far of the sheets one reader reads, against `MAX_CELLS` (the bytes unpacked count in the
    package's own budget, `opc.Budget`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.cells = 0

    def add_cells(self, sheet: str, count: int) -> None:
        self.cells += count
        if self.cells > MAX_CELLS:
            raise PackageError(key="too_many_cells", path=self.path, sheet=sheet, limit=MAX_CELLS)


@dataclass
class SheetCells:
    """One sheet as read: only the cells holding something, by row then column (both 1-based)."""

    rows: dict[int, dict[int, CellValue]] = field(default_factory=dict)
    hidden: set[int] = field(default_factory=set)
    merged: list[tuple[int, int, int, int]] = field(
        default_factory=list
    )  # left, top, right, bottom (`cells.parse_range`)
    subtotal_rows: set[int] = field(default_factory=set)  # rows with a SUBTOTAL formula (a table's total row)
    totals_rows: set[int] = field(default_factory=set)  # rows in an Excel Table's totals row range
    formulas: dict[tuple[int, int], str] = field(
        default_factory=dict
    )  # (column, row) -> a formula's text (`cells` order)

    def dense(self, name: str) -> list[list[CellValue]]:
        """Rows from row 1 as lists from column A, '' where empty (small sheets: Settings, Players);
        refused when that grid would be far larger than the cells in it (a cell at XFD in every row)."""
        last = max(self.rows, default=0)
        if last + sum(max(row) for row in self.rows.values()) > MAX_DENSE:
            far = max(((max(row), r) for r, row in self.rows.items()), key=lambda cr: cr[0])  # (column, row)
            raise PackageError(key="cells_too_far", sheet=name, cell=cell_ref(*far))
        return [
            [row.get(c, "") for c in range(1, max(row) + 1)] if (row := self.rows.get(r)) else []
            for r in range(1, last + 1)
        ]

    def fill_merged(self, budget: _Budget, name: str) -> None:
        """A merged range's value repeated in each of its cells on the rows that have cells (organisers
        often merge one Table number over the rows of its players); each copy counts as a cell."""
        present = sorted(self.rows)
        for left, top, right, bottom in self.merged:
            value = self.rows.get(top, {}).get(left)
            if value is None:
                continue
            added = 0
            for r in present[bisect.bisect_left(present, top) : bisect.bisect_right(present, bottom)]:
                row = self.rows[r]
                for c in range(left, right + 1):
                    if c not in row:
                        row[c] = value
                        added += 1
            budget.add_cells(name, added)


@dataclass(frozen=True)
class SheetEntry:
    """A `<sheet>` of the workbook part, for the reader and the patcher: its tab name, its worksheet part (None for
    a chart sheet, or, as the reader sees it, a missing part) and its relationship id."""

    name: str
    part: str | None
    rid: str = ""


class WorkbookReader:
    """The reader's role on an opened workbook package: it holds the command's `OpcPackage` (`package`, the editor's
    too when the command patches what it read) and reads its sheets, shared strings and date styles, each part once,
    safely."""

    def __init__(self, source: Path | OpcPackage) -> None:
        """The reader of the package a command opened (`source`: one opening), or of the package at `source`, opened
        here and closed by `close`."""
        self._owner = not isinstance(source, OpcPackage)
        self.package = source if isinstance(source, OpcPackage) else OpcPackage(source)
        self.budget = _Budget(self.package.path)
        self._strings: list[str] | None = None
        self._date_styles: frozenset[int] | None = None
        self.values: dict[bytes, CellValue] = {}  # a plain cell's saved bytes -> its value, shared (`_plain_cells`)
        try:
            self.main, self.sheets, self.date1904 = self._workbook()
        except PackageError:
            self.close()
            raise

    @property
    def path(self) -> Path:
        return self.package.path

    def close(self) -> None:
        """Close the file if the reader opened it (a command's package is closed by the command)."""
        if self._owner:
            self.package.close()

    def __enter__(self) -> WorkbookReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ workbook, strings, styles

    def _relationships(self, part: str) -> dict[str, tuple[str, str]]:
        """Relationship id -> (type, target part) of `part`'s internal relationships."""
        return {r.rid: (r.kind, r.target) for r in self.package.relationships(part) if not r.external}

    def _workbook(self) -> tuple[str, list[SheetEntry], bool]:
        """The main part, its sheets in tab order with their parts (`read_workbook_part`: the one reading of the sheet
        list, shared with the editor), and whether dates count from 1904."""
        package = self.package
        main = package.main_part()
        if main is None:
            raise PackageError(key="zip_not_workbook", path=package.path)
        workbook = read_workbook_part(package, main)
        sheets = [replace(e, part=e.part if e.part in package.names else None) for e in workbook.sheets]
        return main, sheets, workbook.date1904

    def strings(self) -> list[str]:
        """The shared strings, rich text runs joined, phonetic guides left out."""
        if self._strings is None:
            self._strings = []
            part = next(
                (p for _, (kind, p) in self._relationships(self.main).items() if kind == REL_SHARED_STRINGS), None
            )
            if part is not None and part in self.package.names:
                self._strings = read_strings(self.package, part)
        return self._strings

    def date_styles(self) -> frozenset[int]:
        """Indexes of the cell styles whose number format shows a date or a time (`styles.read_style_sheet`)."""
        if self._date_styles is None:
            self._date_styles = read_style_sheet(self.package, self.main).date_styles()
        return self._date_styles

    # ------------------------------------------------------------ sheets

    def sheet(self, entry: SheetEntry) -> SheetCells:
        """The cells of one sheet (empty for a chart sheet), with its hidden rows, merged ranges and table totals."""
        if entry.part is None:
            return SheetCells()
        cells = _read_sheet(self, entry)
        for kind, part in self._relationships(entry.part).values():
            if kind == REL_TABLE and part in self.package.names:
                cells.totals_rows |= _table_totals(self.package, part)
        return cells


@dataclass(frozen=True)
class WorkbookPart:
    """The workbook part as read, once per opening of the package (`read_workbook_part`): its sheets in tab order,
    each with its worksheet relationship's target (None for a chart sheet or no such relationship; the part itself may
    be missing), and whether dates count from 1904."""

    sheets: tuple[SheetEntry, ...]
    date1904: bool


def read_workbook_part(package: Parts, main: str) -> WorkbookPart:
    """The sheet list and date system of the workbook part `main`, parsed once per opening (`OpcPackage.model`) and
    shared by the reader and the editor: the one reading of `<sheet>`."""
    return package.model("workbook", main, lambda: _parse_workbook_part(package, main))


def _parse_workbook_part(package: Parts, main: str) -> WorkbookPart:
    rels = {r.rid: r for r in package.relationships(main) if not r.external}
    sheets: list[SheetEntry] = []
    date1904 = [False]

    def start(tag: str, attrs: dict[str, str]) -> None:
        local = _LOCAL.get(tag)
        if local == "sheet":
            rid = next((v for k, v in attrs.items() if k.endswith(" id")), "")
            found = rels.get(rid)
            worksheet = found is not None and found.kind == REL_WORKSHEET
            sheets.append(SheetEntry(attrs.get("name", ""), found.target if found and worksheet else None, rid))
        elif local == "workbookPr":
            date1904[0] = attrs.get("date1904", "0").lower() in ("1", "true")

    package.parse(main, start)
    return WorkbookPart(tuple(sheets), date1904[0])


_LETTERS = string.ascii_uppercase
_COLUMNS = dict(
    zip(
        [
            *_LETTERS,
            *(a + b for a in _LETTERS for b in _LETTERS),  # 'A' -> 1 … 'XFD' -> 16384 (built
            *(a + b + c for a in _LETTERS for b in _LETTERS for c in _LETTERS),
        ][:MAX_COLUMN],  # without a call
        range(1, MAX_COLUMN + 1),
    )
)  # per column: imports are part of every command's start)


def read_strings(package: Parts, part: str) -> list[str]:
    """A shared-string table's texts, rich-text runs joined, phonetic guides left out (the reader's and the patcher's)."""
    strings: list[str] = []
    pieces: list[str] = []
    state = {"in_t": False, "phonetic": 0}

    def start(tag: str, attrs: dict[str, str]) -> None:
        local = _LOCAL.get(tag)
        if local == "t" and not state["phonetic"]:
            state["in_t"] = True
        elif local == "rPh":
            state["phonetic"] += 1
        elif local == "si":
            pieces.clear()

    def end(tag: str) -> None:
        local = _LOCAL.get(tag)
        if local == "t":
            state["in_t"] = False
        elif local == "rPh":
            state["phonetic"] -= 1
        elif local == "si":
            strings.append(shown_text("".join(pieces)))

    def text(data: str) -> None:
        if state["in_t"]:
            pieces.append(data)

    package.parse(part, start, end, text)
    return strings


def _table_totals(package: OpcPackage, part: str) -> set[int]:
    """Rows of an Excel Table's totals row(s): the last `totalsRowCount` rows of its range."""
    rows: set[int] = set()

    def start(tag: str, attrs: dict[str, str]) -> None:
        if _LOCAL.get(tag) == "table":
            count = attribute_int(attrs.get("totalsRowCount"))
            bounds = grid_range(attrs.get("ref", "").split(":")[-1])
            if count > 0 and bounds is not None:
                rows.update(range(max(1, bounds[3] - count + 1), bounds[3] + 1))

    package.parse(part, start)
    return rows


class _CellSource(Protocol):
    """What `_SheetReader` needs of a package: a `WorkbookReader`, or a sheet being written (`_WrittenBook`)."""

    @property
    def path(self) -> Path: ...
    @property
    def budget(self) -> _Budget: ...
    @property
    def values(self) -> dict[bytes, CellValue]: ...
    @property
    def date1904(self) -> bool: ...
    def strings(self) -> list[str]: ...
    def date_styles(self) -> frozenset[int]: ...


class _SheetReader:
    """expat handlers that collect one sheet's cells as they stream by (see `_read_sheet`).

    The handlers run once per element of the biggest parts: the common cell (a number or a shared
    string, with its reference) takes the short paths; everything else the checked ones.
    """

    __slots__ = (
        "cells",
        "column",
        "count",
        "date_styles",
        "formula",
        "inline",
        "kind",
        "local",
        "name",
        "package",
        "phonetic",
        "pieces",
        "rooted",
        "row",
        "row_number",
        "row_text",
        "strings",
        "style",
        "value",
    )

    def __init__(self, package: _CellSource, entry: SheetEntry) -> None:
        self.package, self.name = package, entry.name
        self.strings = package.strings()
        self.date_styles = {str(i) for i in package.date_styles()}
        self.cells = SheetCells()
        self.row_number = 0
        self.row_text = ""
        self.row: dict[int, CellValue] = {}
        self.column = 0
        self.kind: str | None = None
        self.style: str | None = None
        self.value: str | None = None
        self.formula: str | None = None
        self.inline: list[str] | None = None
        self.pieces: str | None = None  # the text being collected (v, f or an inline string's t), usually one piece
        self.phonetic = 0
        self.count = 0
        self.local: dict[
            str, str
        ] = {}  # element name as written -> local name, for the main namespace (set by the root)
        self.rooted = False

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        local = self.local.get(tag)
        if local == "c":
            ref = attrs.get("r")
            if ref is None:
                self.column += 1
            else:
                letters = ref.rstrip(_DIGITS)
                column = _COLUMNS.get(letters)
                if column is None:
                    self._damaged("ref", ref=ref[:20])
                digits = ref[len(letters) :]
                if digits != self.row_text:
                    self._cell_row(ref, digits)
                self.column = column
            self.kind, self.style = attrs.get("t"), attrs.get("s")
            self.value = self.formula = self.inline = None
        elif local == "v" or local == "f":
            self.pieces = ""
        elif local == "is":
            self.inline = []
        elif local == "t" and self.inline is not None and not self.phonetic:
            self.pieces = ""
        elif local == "rPh":
            self.phonetic += 1
        elif local == "row":
            number = attrs.get("r")
            row = self.row_number + 1 if number is None else attribute_int(number)
            if not 1 <= row <= MAX_ROW:
                self._damaged("row", row=str(number)[:20])
            self._start_row(row)
            self.column = 0
            if attrs.get("hidden", "0").lower() in ("1", "true"):
                self.cells.hidden.add(row)
        elif local == MERGE_CELL:
            bounds = merged_range(attrs.get("ref", ""))
            if bounds is not None:
                self.cells.merged.append(bounds)
        elif not self.rooted:
            self._root(attrs)

    def _root(self, attrs: dict[str, str]) -> None:
        """The names the sheet's elements have: unprefixed, or with the prefix its root binds to the main namespace."""
        self.rooted = True
        prefixes = [name.partition(":")[2] for name, uri in attrs.items() if name.startswith("xmlns") and uri in _MAIN]
        self.local = {f"{p}:{n}" if p else n: n for p in prefixes for n in _SHEET_ELEMENTS}

    def _cell_row(self, ref: str, digits: str) -> None:
        """A cell whose reference names another row than the one open (written without its row element)."""
        if not (digits.isascii() and digits.isdigit() and 1 <= int(digits) <= MAX_ROW):
            self._damaged("ref", ref=ref[:20])
        self._start_row(int(digits))

    def _start_row(self, number: int) -> None:
        self.count += len(self.row)  # the cells of the row just read, counted against the budget now and then
        if self.count >= 65536:
            self.package.budget.add_cells(self.name, self.count)
            self.count = 0
        self.row_number = number
        self.row_text = str(number)
        self.row = self.cells.rows.setdefault(number, {})

    def _damaged(self, what: str, **values: object) -> NoReturn:
        """Refuse the sheet: `what` is the kind of damage (ref, row, string), named in the catalogue."""
        raise PackageError(key=f"sheet_damaged_{what}", path=self.package.path, sheet=self.name, **values)

    def end(self, tag: str) -> None:
        local = self.local.get(tag)
        if local == "c":
            value = self.value
            if self.formula is None and self.inline is None:
                if value is None:  # nothing saved: an empty cell (often `<c t="inlineStr"/>`, as openpyxl writes "")
                    return
                kind = self.kind
                if kind is None or kind == "n":  # a number (openpyxl writes t="n"), unless its style shows a date
                    if self.style is None or self.style not in self.date_styles:
                        try:
                            number = float(value)
                        except ValueError:
                            pass  # kept as the text it is: reported at its cell, never read as empty
                        else:
                            if number - number == 0:  # finite: 1e400 and NaN stay text
                                value = number
                        if value != "":
                            self.row[self.column] = value
                        return
                elif kind == "s":
                    try:
                        self.row[self.column] = self.strings[int(value)]
                    except (ValueError, IndexError):
                        self._damaged("string", cell=cell_ref(self.column, self.row_number), index=value[:20])
                    return
            value = self._cell_value()
            if value is not None and value != "":
                self.row[self.column] = value
            if self.formula is not None:
                self.cells.formulas[(self.column, self.row_number)] = self.formula
                if "SUBTOTAL(" in self.formula.upper():
                    self.cells.subtotal_rows.add(self.row_number)
        elif local == "v":
            self.value = self.pieces or ""
            self.pieces = None
        elif local == "f":
            self.formula = self.pieces or ""
            self.pieces = None
        elif local == "t" and self.pieces is not None and self.inline is not None:
            self.inline.append(self.pieces)
            self.pieces = None
        elif local == "rPh":
            self.phonetic -= 1

    def text(self, data: str) -> None:
        if self.pieces is not None:
            self.pieces += data

    def _cell_value(self) -> CellValue | None:
        """The value of a cell off the short paths; special cells as ErrorCell/FormulaCell."""
        kind, value = self.kind, self.value
        if kind == "inlineStr" or (self.inline is not None and kind is None):
            return shown_text("".join(self.inline or ()))
        if self.formula is not None and (value is None or (value == "" and kind != "str")):
            return FormulaCell(f"={self.formula}" if self.formula else "=(shared formula)")
        if value is None:
            return None
        if kind is None or kind == "n":
            return self._number(value)
        if kind == "s":
            index = attribute_int(value)
            if not 0 <= index < len(self.strings):
                self._damaged("string", cell=cell_ref(self.column, self.row_number), index=value[:20])
            return self.strings[index]
        if kind == "b":
            return value.strip().lower() in ("1", "true")
        if kind == "e":
            return ErrorCell(value) if value else None
        if kind == "d":
            try:
                return datetime.fromisoformat(value.strip().rstrip("Z"))
            except ValueError:
                return value
        return value  # t="str" (a formula's text result) and kinds no writer uses: the text as saved

    def _number(self, text: str) -> CellValue:
        """A float; a date when its style shows a date; the text itself when it is not a finite number
        (1e400, NaN), so that it is reported at its cell and never read as empty."""
        try:
            number = float(text)
        except ValueError:
            return text
        if not math.isfinite(number):
            return text
        if self.style in self.date_styles:
            return excel_date(number, self.package.date1904)
        return number


def excel_date(serial: float, date1904: bool = False) -> float | date | time:
    """An Excel date serial as a date (whole days), datetime, or time (under one day); the number if out of range."""
    if not 0 <= serial < 2_958_466:
        return serial
    if serial < 1 and not date1904:
        seconds = round(serial * 86400)
        return time(seconds // 3600 % 24, seconds // 60 % 60, seconds % 60)
    base = datetime(1904, 1, 1) if date1904 else datetime(1899, 12, 31) if serial < 60 else datetime(1899, 12, 30)
    moment = base + timedelta(seconds=round(serial * 86400))
    return moment.date() if moment.time() == time() else moment


def _read_sheet(package: WorkbookReader, entry: SheetEntry) -> SheetCells:
    """One sheet's cells. The part is first checked by expat alone (well formed, no DOCTYPE, within the budget:
    C speed), then its cells are read by `_read_plain_cells` when written in the plain form every writer uses,
    else by expat with the `_SheetReader` handlers (a Python call per element: the slower, general way)."""
    reader = _SheetReader(package, entry)  # reads the shared strings and styles first: parses cannot nest
    part = entry.part or ""
    data = package.package.parse(part, namespaces=False, keep=True) or b""
    counted = package.budget.cells
    if not _read_plain_cells(reader, data):  # what it read is set aside, its cells uncounted, and the sheet read again
        package.budget.cells = counted
        reader = _SheetReader(package, entry)
        package.package.parse_chunks(part, (data,), reader.start, reader.end, reader.text, namespaces=False)
    package.budget.add_cells(entry.name, reader.count + len(reader.row))
    cells = reader.cells
    cells.rows = {r: row for r, row in cells.rows.items() if row}
    return cells


# ---------------------------------------------------------------- the plain form of a sheet, read without a call per element

_PLAIN_ROOT = re.compile(
    rb'(?:<\?xml[^>]*>\s*)?<worksheet\s[^>]*?\bxmlns="(?:' + b"|".join(re.escape(ns.encode()) for ns in _MAIN) + rb')"'
)
_PLAIN_ENCODING = re.compile(rb'<\?xml[^>]*\bencoding=["\'](?!utf-8["\'])', re.IGNORECASE)
# One token of <sheetData> as Excel, LibreOffice, openpyxl and XlsxWriter write it: a row's start or end, or a
# cell with a reference, maybe a style and a type, and a saved value or one plain inline string (no formula).
_PLAIN_TOKEN = re.compile(
    rb'<c r="([A-Z]{1,3})([0-9]{1,7})"(?: s="([0-9]{1,9})")?(?: t="([a-zA-Z]{1,9})")? ?'
    rb'(?:/>|>(?:<v>([^<]+)</v>|<is><t(?: xml:space="preserve")?>([^<]*)</t></is>|<is/>|<is></is>)?</c>)'
    rb'|(<row)(?: r="([0-9]{1,7})")?((?: [a-zA-Z:]+="[^"<]*")*) ?/?>'
    rb"|</row>|\s+"
    rb"|(.)",  # anything else: not the plain form
    re.DOTALL,
)
_LAST = operator.itemgetter(-1)  # a token's last group: what the plain form does not cover
_ATTRIBUTE = re.compile(rb' ([a-zA-Z:]+)="([^"<]*)"')
_COLUMNS_BYTES = {letters.encode(): column for letters, column in _COLUMNS.items()}
_SLICE = 1 << 20  # bytes of <sheetData> tokenised at a time (~100,000 cells: a few MB of tokens)
_SHARED_VALUES = (
    1 << 17
)  # distinct cell values kept for sharing per workbook (numbers, names): far more than any event's


def _xml_text(raw: bytes) -> str:
    """Character data as expat gives it: UTF-8 decoded, the five entities and character references resolved."""
    return unescape(raw.decode("utf-8"))


def _read_plain_cells(reader: _SheetReader, data: bytes) -> bool:
    """The cells of a sheet written in the plain form (`_PLAIN_TOKEN`), into `reader` as its handlers would put
    them, with the same checks and messages; False for any other form (a prefix, a formula, rich text, carriage
    returns, another encoding …), which the handlers then read instead (`reader` may hold part of the cells by
    then: the caller sets it aside). `data` is well formed and free of DOCTYPE (expat checked it). The cells
    are taken a slice of about `_SLICE` bytes at a time, so memory stays bounded whatever the part holds."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf")
    if not _PLAIN_ROOT.match(head) or _PLAIN_ENCODING.match(head) or b"\r" in data:
        return False
    opening = data.find(b"<sheetData>")
    closing = data.find(b"</sheetData>", opening)
    if opening < 0 or closing < 0:
        return False
    if data.count(b"<c ", 0, opening) or data.count(b"<c ", closing):
        return False
    reader.local, reader.rooted = {name: name for name in _SHEET_ELEMENTS}, True  # unprefixed, the main namespace
    start = opening + len(b"<sheetData>")
    while start < closing:
        cut = data.find(b"<c ", start + _SLICE, closing)  # a cell's start is always a token's start
        cut = closing if cut < 0 else cut
        tokens = _PLAIN_TOKEN.findall(data, start, cut)
        if any(map(_LAST, tokens)):
            return False  # something the plain form does not cover: read it all the general way
        _plain_cells(reader, tokens)
        start = cut
    for ref in merge_refs(data, closing):  # after the rows: as the handler takes them
        reader.start(MERGE_CELL, {"ref": ref})
    return True


def _plain_cells(reader: _SheetReader, tokens: list[tuple[bytes, ...]]) -> None:
    """`_read_plain_cells`'s tokens into `reader`: each row and cell as the handlers take it, numbers and shared
    strings on a short path, every other cell through `_SheetReader._cell_value`."""
    date_styles = {str(i).encode() for i in reader.package.date_styles()}
    strings = reader.strings
    # The same few numbers (0 … 15) and the same names fill every round: each is made once and shared, which
    # saves parsing it again and a Python object per cell (a third of the memory of a large event's cells).
    values = reader.package.values
    room = _SHARED_VALUES - len(values)
    row_bytes = reader.row_text.encode()  # the row open at the end of the last slice
    row: dict[int, CellValue] = reader.row
    for letters, digits, style, kind, value, inline, row_start, row_number, row_attrs, _ in tokens:
        if letters:
            column = _COLUMNS_BYTES.get(letters)
            if column is None:
                reader._damaged("ref", ref=(letters + digits).decode()[:20])
            if digits != row_bytes:
                reader._cell_row((letters + digits).decode(), digits.decode())
                row, row_bytes = reader.row, digits
            if value:
                if (not kind or kind == b"n") and style not in date_styles:
                    number = values.get(value)
                    if number is None:
                        try:
                            number = float(value)
                        except ValueError:
                            number = _xml_text(value)  # kept as the text it is: reported at its cell
                        else:
                            if number - number != 0:  # 1e400 and NaN stay text
                                number = _xml_text(value)
                        if room > 0:
                            values[value] = number
                            room -= 1
                    row[column] = number
                    continue
                if kind == b"s":
                    try:
                        row[column] = strings[int(value)]
                    except (ValueError, IndexError):
                        reader._damaged("string", cell=cell_ref(column, reader.row_number), index=_xml_text(value)[:20])
                    continue
                reader.kind, reader.style, reader.value, reader.formula, reader.inline = (
                    kind.decode() if kind else None,
                    style.decode() if style else None,
                    _xml_text(value),
                    None,
                    None,
                )
            elif inline and (not kind or kind == b"inlineStr"):
                text = values.get(b"\0" + inline)  # apart from the numbers: `<t>3</t>` is text
                if text is None:
                    text = shown_text(_xml_text(inline))
                    if room > 0:
                        values[b"\0" + inline] = text
                        room -= 1
                if text:
                    row[column] = text
                continue
            else:
                continue  # nothing saved, or an empty inline string: an empty cell
            reader.column = column  # the cell `_cell_value` names if it refuses it
            found = reader._cell_value()
            if found is not None and found != "":
                row[column] = found
        elif row_number and not row_attrs:  # `<row r="6">`, the common row
            number = int(row_number)
            if not 1 <= number <= MAX_ROW:
                reader._damaged("row", row=row_number.decode()[:20])
            reader._start_row(number)
            reader.column = 0
            row, row_bytes = reader.row, row_number.lstrip(b"0")
        elif row_start:  # a row with other attributes (hidden, spans, …): as the handler takes it
            attrs = {name.decode(): _xml_text(value) for name, value in _ATTRIBUTE.findall(row_attrs)}
            if row_number:
                attrs["r"] = row_number.decode()
            reader.start("row", attrs)
            row, row_bytes = reader.row, reader.row_text.encode()


class _WrittenBook:
    """What `_SheetReader` needs of a package, for a sheet being written: the texts and date styles the written
    package will have (not read back from it), its date system, and a cell budget of its own."""

    def __init__(self, path: Path, strings: list[str], date_styles: frozenset[int], date1904: bool) -> None:
        self.path, self._strings, self._date_styles, self.date1904 = path, strings, date_styles, date1904
        self.budget = _Budget(path)
        self.values: dict[bytes, CellValue] = {}

    def strings(self) -> list[str]:
        return self._strings

    def date_styles(self) -> frozenset[int]:
        return self._date_styles


class SheetFeed:
    """One sheet's cells read from its bytes as they are written, chunk by chunk (`feed`), by the reader's own
    handlers: what a reader of the written package will find, without reading the written file back."""

    def __init__(
        self, package: OpcPackage, entry: SheetEntry, strings: list[str], date_styles: frozenset[int], date1904: bool
    ) -> None:
        written = _WrittenBook(package.path, strings, date_styles, date1904)
        self._reader = _SheetReader(written, entry)
        self._budget = written.budget
        self._push = package.push_parser(
            entry.part or entry.name, self._reader.start, self._reader.end, self._reader.text, namespaces=False
        )

    def feed(self, chunk: bytes) -> None:
        self._push(chunk, False)

    def close(self) -> SheetCells:
        """The sheet's cells, merged ranges filled in as the reader fills them."""
        self._push(b"", True)
        cells = self._reader.cells
        cells.rows = {r: row for r, row in cells.rows.items() if row}
        cells.fill_merged(self._budget, self._reader.name)
        return cells
