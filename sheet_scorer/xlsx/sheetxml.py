"""A worksheet part edited as it streams by: cells spliced into rows guided by their references, and
the few elements around the rows (dimension, conditional formats, the comments' drawing) edited in
place in the schema's element order (ECMA-376 CT_Worksheet), which Excel insists on.

Rows and cells the tool does not write are copied as the bytes they were.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from typing import NamedTuple

from sheet_scorer.xlsx.cells import cell_ref, column_index, column_letter, parse_range, parse_ref
from sheet_scorer.xlsx.errors import PackageError
from sheet_scorer.xlsx.merged import merge_refs, merged_ranges
from sheet_scorer.xlsx.opc import NS_MAIN, NS_REL
from sheet_scorer.xlsx.splice import (
    ATTRS,
    attribute,
    children,
    insert_child,
    quoteattr,
    root_span,
    set_attribute,
    tag_end,
)

WORKSHEET_ORDER = (
    "sheetPr",
    "dimension",
    "sheetViews",
    "sheetFormatPr",
    "cols",
    "sheetData",
    "sheetCalcPr",
    "sheetProtection",
    "protectedRanges",
    "scenarios",
    "autoFilter",
    "sortState",
    "dataConsolidate",
    "customSheetViews",
    "mergeCells",
    "phoneticPr",
    "conditionalFormatting",
    "dataValidations",
    "hyperlinks",
    "printOptions",
    "pageMargins",
    "pageSetup",
    "headerFooter",
    "rowBreaks",
    "colBreaks",
    "customProperties",
    "cellWatches",
    "ignoredErrors",
    "smartTags",
    "drawing",
    "legacyDrawing",
    "legacyDrawingHF",
    "drawingHF",
    "picture",
    "oleObjects",
    "controls",
    "webPublishItems",
    "tableParts",
    "extLst",
)
_ATTRS = rb"(" + ATTRS + rb"?)"
_REF = re.compile(rb"""\sr\s*=\s*["']\$?([A-Za-z]{1,3})\$?(\d+)["']""")
_ROW_NUMBER = re.compile(rb"""\sr\s*=\s*["'](\d+)["']""")
_ROW_NUMBER_FIRST = re.compile(rb' r="(\d+)"')
_REF_FIRST = re.compile(rb'<c r="([A-Z]{1,3})\d+"')
_SPANS = re.compile(rb"""\sspans\s*=\s*["'](\d+):(\d+)["']""")
_STYLE = re.compile(rb"""\ss\s*=\s*["'](\d+)["']""")
_FORMULA = re.compile(rb"<(?:[\w.\-]+:)?f\b")
_VALUE = re.compile(rb"<(?:[\w.\-]+:)?(?:v|f|is)\b")


class NewCell(NamedTuple):
    """What the tool writes into one cell: its type (`t`), its `<v>` text and its style."""

    kind: str | None  # the cell's t attribute: None for a number, "s" shared string, "b" boolean
    value: str | None  # the <v> content; None empties the cell
    style: int | None = None  # None keeps the style the cell has


# A cell to write: a NewCell, or a number's `<v>` text as bytes, the cell keeping its style (the fast path).
CellWrite = NewCell | bytes


def number_cell(value: float | int | bool | None, style: int | None = None) -> NewCell:
    """A number (or boolean) cell; NaN and infinities, which a cell cannot hold, leave it empty."""
    if type(value) is int:  # the common cells first (a standings sheet has one per player and column)
        return NewCell(None, str(value), style)
    if type(value) is float:
        return NewCell(None, repr(value) if math.isfinite(value) else None, style)
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return NewCell(None, None, style)
    if isinstance(value, bool):
        return NewCell("b", "1" if value else "0", style)
    return NewCell(None, repr(value) if isinstance(value, float) else str(value), style)


class Worksheet:
    """One worksheet part: the bytes around its rows, and the rows' span, located without parsing the rows."""

    def __init__(self, xml: bytes, name: str) -> None:
        self.xml = xml
        self.name = name
        self.prefix, _, _ = root_span(xml)
        p = re.escape(self.prefix)
        opening = re.search(rb"<" + p + rb"sheetData\b" + _ATTRS + rb"(/?)>", xml)
        if opening is None:
            raise PackageError(key="sheet_no_data", sheet=name)
        if opening.group(2):  # <sheetData/>: no rows
            self.head = xml[: opening.start()] + b"<" + self.prefix + b"sheetData>"
            self.body = (opening.end(), opening.end())
            self.tail = b"</" + self.prefix + b"sheetData>" + xml[opening.end() :]
        else:
            close = xml.rfind(b"</" + self.prefix + b"sheetData>")
            if close < opening.end():
                raise PackageError(key="sheet_cut_short", sheet=name)
            self.head = xml[: opening.end()]
            self.body = (opening.end(), close)
            self.tail = xml[close:]
        self.formula_removed = False
        # The style of a computed number from the style its cell had (None: none), `Styles.general_for`; None keeps it.
        self.restyle: Callable[[bytes | None], bytes] | None = None
        self._appended: dict[int, tuple[bytes, bytes]] = {}  # `_append`'s `_number_parts` per column, in one stream

    # ------------------------------------------------------------ the elements after the rows

    def tail_children(self) -> list[tuple[str, int, int]]:
        end = self.tail.rfind(b"</")
        return children(self.tail, tag_end(self.tail, 0), end)

    def tail_elements(self, name: str) -> list[bytes]:
        return [self.tail[s:e] for n, s, e in self.tail_children() if n == name]

    def insert_tail(self, name: str, element: bytes) -> None:
        """Insert a top-level element after the rows, where the schema's order puts it."""
        start = tag_end(self.tail, 0)
        self.tail = insert_child(self.tail, start, self.tail.rfind(b"</"), name, element, WORKSHEET_ORDER)

    def replace_tail(self, start: int, end: int, element: bytes) -> None:
        self.tail = self.tail[:start] + element + self.tail[end:]

    def merged_ranges(self) -> list[tuple[int, int, int, int]]:
        """(first column, first row, last column, last row) of every merged range (`merged`, as the reader reads them)."""
        return merged_ranges(merge_refs(self.tail, prefix=self.prefix))

    def sparkline_cells(self) -> list[tuple[int, int, int, int]]:
        """The cells sparklines are drawn in (Excel 2010 extension), as ranges of one cell."""
        ranges = []
        for block in self.tail_elements("extLst"):
            for group in re.findall(rb"<(?:[\w.\-]+:)?sparkline>.*?</(?:[\w.\-]+:)?sparkline>", block, re.S):
                for ref in re.findall(rb"<(?:[\w.\-]+:)?sqref>([^<]+)<", group):
                    for one in ref.decode().split():
                        try:
                            ranges.append(parse_range(one))
                        except ValueError:
                            continue
        return ranges

    # ------------------------------------------------------------ the rows

    def cell_styles(self, refs: set[str]) -> dict[str, int]:
        """The style index of each of `refs` that exists (for a new cell styled like its neighbour)."""
        wanted = {parse_ref(r) for r in refs}
        rows = {row for _, row in wanted}
        found: dict[str, int] = {}
        for row, _, _, _, content in self._rows():
            if row > max(rows, default=0):
                break
            if row in rows and content:
                for column, tag, _, _ in _cells(content, self.prefix):
                    if (column, row) in wanted:
                        style = _STYLE.search(tag)
                        found[cell_ref(column, row)] = int(style.group(1)) if style else 0
        return found

    def cell_value(self, ref: str) -> tuple[str | None, str | None]:
        """(type, raw <v> text) of one cell, or (None, None) when it is empty or absent."""
        column, row = parse_ref(ref)
        for number, _, _, _, content in self._rows():
            if number > row:
                break
            if number == row and content:
                for col, tag, cell, _ in _cells(content, self.prefix):
                    if col == column:
                        value = re.search(rb"<(?:[\w.\-]+:)?v>([^<]*)</", cell)
                        inline = re.search(rb"<(?:[\w.\-]+:)?t\b" + ATTRS + rb">([^<]*)</", cell)
                        kind = attribute(tag, b"t")
                        if kind == "inlineStr" and inline:
                            return kind, inline.group(1).decode()
                        return kind, value.group(1).decode() if value else None
        return None, None

    def has_formula_in(self, columns: set[int], below: int) -> bool:
        """Whether a cell of `columns` below row `below` holds a formula."""
        for number, _, _, _, content in self._rows():
            if (
                number > below
                and content
                and _FORMULA.search(content)
                and any(c in columns and _FORMULA.search(cell) for c, _, cell, _ in _cells(content, self.prefix))
            ):
                return True
        return False

    def _rows(self) -> Iterator[tuple[int, int, int, bytes, bytes | None]]:
        """(number, start, end, start tag, content: None for `<row/>`) of each row element in order. A row ends at the
        first `</row>` after its start tag (what a lazy match up to it finds), looked for with `bytes.find`, not by the
        regular expression engine stepping through every byte of the row."""
        start_tag, close = _row_start(self.prefix), b"</" + self.prefix + b"row>"
        xml, find = self.xml, self.xml.find
        position, stop = self.body
        number = 0
        first, search = _ROW_NUMBER_FIRST.match, _ROW_NUMBER.search
        while (match := start_tag.search(xml, position, stop)) is not None:
            start, opened = match.span()
            if match.group(2):
                content, end = None, opened
            else:
                closing = find(close, opened, stop)
                if closing < 0:  # never closed: not a row element (looked for again from the next byte on)
                    position = start + 1
                    continue
                content, end = xml[opened:closing], closing + len(close)
            attributes = match.group(1)
            found = first(attributes) or search(attributes)
            number = int(found.group(1)) if found else number + 1
            yield number, start, end, xml[start:opened], content
            position = end

    def stream(
        self,
        writes: Mapping[int, Mapping[int, CellWrite]],
        clear_columns: frozenset[int] = frozenset(),
        clear_below: int = 0,
    ) -> Iterator[bytes]:
        """The part's bytes with `writes` (row -> column -> cell) spliced in and, below row `clear_below`,
        the cells of `clear_columns` emptied (their styles kept)."""
        yield self.head
        pending = sorted(writes)
        waiting = 0
        out: list[bytes] = []
        size = 0
        last = self.body[0]
        xml = self.xml
        self._appended.clear()  # `restyle` may have changed since the last stream
        for number, start, end, opening, content in self._rows():
            while waiting < len(pending) and pending[waiting] < number:
                out.append(xml[last:start])
                last = start
                out.append(self._new_row(pending[waiting], writes[pending[waiting]]))
                waiting += 1
            row_writes = writes.get(number)
            if row_writes is not None:
                waiting += 1
            clearing = clear_columns if clear_columns and number > clear_below else frozenset()
            if row_writes is None and not clearing:
                continue
            new = self._patch_row(number, opening, content, row_writes or {}, clearing)
            if new is None:
                continue
            out.append(xml[last:start])
            out.append(new)
            size += len(new)
            last = end
            if size > 1 << 20:
                yield b"".join(out)
                out, size = [], 0
        out.append(xml[last : self.body[1]])
        for number in pending[waiting:]:
            out.append(self._new_row(number, writes[number]))
        yield b"".join(out)
        yield self.tail

    def _new_row(self, number: int, cells: Mapping[int, CellWrite]) -> bytes:
        p = self.prefix
        rendered = [self._render(column, number, cells[column], None) for column in sorted(cells)]
        body = b"".join(c for c in rendered if c)
        return b"<" + p + f'row r="{number}">'.encode() + body + b"</" + p + b"row>" if body else b""

    def _render(self, column: int, row: int, cell: CellWrite, existing_tag: bytes | None) -> bytes:
        if type(cell) is bytes:  # a number's text, in a cell that keeps its style: the common case, fast
            found = _STYLE.search(existing_tag) if existing_tag is not None else None
            style = found.group(1) if found else None
            if self.restyle is not None:
                style = self.restyle(style)
            if not self.prefix:
                head, tail = _number_parts(column, style)
                return b"%s%d%s%s</v></c>" % (head, row, tail, cell)
            cell = NewCell(None, cell.decode(), int(style) if style else None)
        assert isinstance(cell, NewCell)
        style = cell.style
        if style is None and existing_tag is not None:
            found = _STYLE.search(existing_tag)
            style = int(found.group(1)) if found else None
        p = self.prefix
        attrs = f'r="{cell_ref(column, row)}"' + (f' s="{style}"' if style else "")
        if cell.value is None:
            return b"<" + p + b"c " + attrs.encode() + b"/>" if style else b""
        if cell.kind:
            attrs += f' t="{cell.kind}"'
        return (
            b"<"
            + p
            + b"c "
            + attrs.encode()
            + b"><"
            + p
            + b"v>"
            + cell.value.encode()
            + b"</"
            + p
            + b"v></"
            + p
            + b"c>"
        )

    def _patch_row(
        self,
        number: int,
        opening: bytes,
        content: bytes | None,
        writes: Mapping[int, CellWrite],
        clearing: frozenset[int],
    ) -> bytes | None:
        """The row (`opening`: its start tag) with its cells written or cleared; None when nothing in it changes."""
        if not clearing and content and not self.prefix:
            appended = self._append(number, opening, content, writes)
            if appended is not None:
                return appended
        content = content or b""  # a row element without cells (`<row r="3"/>`) as one with none
        pieces: list[bytes] = []
        remaining = dict(writes)
        changed = False
        column = 0
        owned = [*writes, *clearing]
        split = self._owned_tail(content, min(owned)) if content and owned else 0
        if split:  # the cells left of the tool's columns are kept as they are, unparsed
            pieces.append(content[:split])
        previous = split
        cells = _cells(content[split:], self.prefix, split) if content else []
        explicit = all(_REF.search(tag) for _, tag, _, _ in cells)
        for column, tag, cell, start in cells:
            pieces.append(content[previous:start])
            previous = start + len(cell)
            if remaining and min(remaining) < column:
                for new_column in sorted(c for c in remaining if c < column):
                    pieces.append(self._render(new_column, number, remaining.pop(new_column), None))
                changed = True
            if column in remaining:
                self.formula_removed |= bool(_FORMULA.search(cell))
                pieces.append(self._render(column, number, remaining.pop(column), tag))
                changed = True
            elif column in clearing and _VALUE.search(cell):
                self.formula_removed |= bool(_FORMULA.search(cell))
                pieces.append(self._render(column, number, NewCell(None, None), tag))
                changed = True
            elif explicit:
                pieces.append(cell)
            else:  # a cell without its reference: given one, so cells spliced before it cannot shift it
                pieces.append(_with_ref(cell, column, number, self.prefix))
        rest = content[previous:] if content else b""
        for new_column in sorted(remaining):
            pieces.append(self._render(new_column, number, remaining[new_column], None))
            changed = True
        if not changed:
            return None
        spans = _SPANS.search(opening)
        if spans and writes:
            first, last = min(int(spans.group(1)), min(writes)), max(int(spans.group(2)), max(writes))
            opening = opening[: spans.start()] + f' spans="{first}:{last}"'.encode() + opening[spans.end() :]
        if opening.endswith(b"/>"):
            opening = opening[:-2].rstrip() + b">"
        return opening + b"".join(pieces) + rest + b"</" + self.prefix + b"row>"

    def _append(self, number: int, opening: bytes, content: bytes, writes: Mapping[int, CellWrite]) -> bytes | None:
        """The row with the new cells after its last one, when they all go right of it (a first score); else None."""
        last = content.rfind(b'<c r="')
        if last < 0 or content.find(b"<c ", last + 1) >= 0 or b"extLst" in content:
            return None
        ref = _REF_FIRST.match(content, last)
        if ref is None or _column(ref.group(1)) >= min(writes):
            return None
        spans = _SPANS.search(opening)
        if spans:
            opening = (
                opening[: spans.start()]
                + b' spans="%d:%d"' % (min(int(spans.group(1)), min(writes)), max(int(spans.group(2)), max(writes)))
                + opening[spans.end() :]
            )
        pieces = [opening, content]
        appended = self._appended
        for column in sorted(writes):
            cell = writes[column]
            if type(cell) is not bytes:
                pieces.append(self._render(column, number, cell, None))
                continue
            around = appended.get(column)
            if around is None:  # once per column (the style a new cell gets is the same in every row)
                around = appended[column] = _number_parts(column, self.restyle(None) if self.restyle else None)
            pieces.append(b"%s%d%s%s</v></c>" % (around[0], number, around[1], cell))
        pieces.append(b"</row>")
        return b"".join(pieces)

    def _owned_tail(self, content: bytes, first_owned: int) -> int:
        """Where the row's cells at or right of column `first_owned` begin (0: parse the whole row)."""
        if b"extLst" in content:
            return 0
        marker = b"<" + self.prefix + b"c"
        position = len(content)
        while True:
            start = content.rfind(marker, 0, position)
            if start < 0:
                return position
            if content[start + len(marker) : start + len(marker) + 1] not in (b" ", b"\t", b"\n", b"\r"):
                return 0  # a cell without attributes: no reference to go by
            ref = _REF_FIRST.match(content, start) or _REF.search(content, start, tag_end(content, start))
            if ref is None:
                return 0
            if _column(ref.group(1).upper()) < first_owned:
                return position
            position = start

    # ------------------------------------------------------------ the elements before the rows

    def show_columns(self, columns: list[int]) -> None:
        """Columns the tool writes are never left hidden (organisers hide the unused columns right of their table)."""
        found = re.search(
            rb"<" + re.escape(self.prefix) + rb"cols\b.*?</" + re.escape(self.prefix) + rb"cols>", self.head, re.S
        )
        if found is None:
            return
        hidden = [
            c
            for c in columns
            if any(
                low <= c <= high and attribute(tag, b"hidden") in ("1", "true")
                for low, high, tag in _column_ranges(found.group(0))
            )
        ]
        if hidden:
            cols = edit_columns(found.group(0), {c: {b"hidden": None} for c in hidden})
            self.head = self.head[: found.start()] + cols + self.head[found.end() :]

    def widen_columns(self, widths: dict[int, float]) -> None:
        """Columns the tool heads made at least `widths` wide (never narrower than the organiser set them), so that
        a header like `Round Points` shows whole; a second run finds them wide enough and changes nothing."""
        p = re.escape(self.prefix)
        found = re.search(rb"<" + p + rb"cols\b.*?</" + p + rb"cols>", self.head, re.S)
        form = re.search(rb"<" + p + rb"sheetFormatPr\b" + _ATTRS + rb"/?>", self.head)
        default = attribute(form.group(0), b"defaultColWidth") if form else None
        current = {c: float(default) if default and _is_number(default) else 8.43 for c in widths}
        for low, high, tag in _column_ranges(found.group(0)) if found else []:
            width = attribute(tag, b"width")
            for column in widths:
                if low <= column <= high and width and _is_number(width):
                    current[column] = float(width)
        changes = {c: {b"width": f"{w:g}", b"customWidth": "1"} for c, w in widths.items() if current[c] < w}
        if not changes:
            return
        if found:
            self.head = self.head[: found.start()] + edit_columns(found.group(0), changes) + self.head[found.end() :]
            return
        cols = edit_columns(b"<" + self.prefix + b"cols></" + self.prefix + b"cols>", changes)
        at = self.head.rindex(b"<" + self.prefix + b"sheetData")
        self.head = self.head[:at] + cols + self.head[at:]

    def update_dimension(self, row: int, column: int) -> None:
        """Widen the `dimension` element to reach cell (`row`, `column`) (never narrower than it was)."""
        if not row or not column:
            return
        found = re.search(rb"<" + re.escape(self.prefix) + rb"dimension\b" + _ATTRS + rb"/?>", self.head)
        if found is None:
            return
        ref = attribute(found.group(0), b"ref") or "A1"
        try:
            first_col, first_row, last_col, last_row = parse_range(ref)
        except ValueError:
            return
        new = f"{column_letter(first_col)}{first_row}:{column_letter(max(last_col, column))}{max(last_row, row)}"
        if new != ref and (first_col, first_row) != (max(last_col, column), max(last_row, row)):
            tag = set_attribute(found.group(0), b"ref", new)
            self.head = self.head[: found.start()] + tag + self.head[found.end() :]


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _column_ranges(cols: bytes) -> list[tuple[int, int, bytes]]:
    """(min, max, self-closing tag) of each `<col>` of a `<cols>` element."""
    found = re.match(rb"<([\w.\-]+:)?cols\b", cols)
    prefix = (found.group(1) or b"") if found else b""
    ranges = []
    for col in re.finditer(rb"<(?:[\w.\-]+:)?col\b(" + ATTRS + rb"?)(?:/>|>\s*</(?:[\w.\-]+:)?col>)", cols):
        tag = b"<" + prefix + b"col" + col.group(1) + b"/>"
        low, high = attribute(tag, b"min") or "0", attribute(tag, b"max") or "0"
        if low.isdigit() and high.isdigit():
            ranges.append((int(low), int(high), tag))
    return ranges


def edit_columns(cols: bytes, changes: Mapping[int, Mapping[bytes, str | None]]) -> bytes:
    """A `<cols>` element with attributes of single columns set (None removes one), ranges split around them."""
    found = re.match(rb"<([\w.\-]+:)?cols\b" + ATTRS + rb">", cols)
    prefix = (found.group(1) or b"") if found else b""
    ranges = _column_ranges(cols)
    for column, attributes in sorted(changes.items()):
        split: list[tuple[int, int, bytes]] = []
        for low, high, tag in ranges:
            if not low <= column <= high:
                split.append((low, high, tag))
                continue
            if low < column:
                split.append((low, column - 1, tag))
            changed = tag
            for name, value in attributes.items():
                changed = set_attribute(changed, name, value)
            split.append((column, column, changed))
            if column < high:
                split.append((column + 1, high, tag))
        if not any(low <= column <= high for low, high, _ in ranges):
            tag = b"<" + prefix + b'col min="1" max="1"/>'
            for name, value in attributes.items():
                tag = set_attribute(tag, name, value)
            split.append((column, column, tag))
        ranges = sorted(split)
    body = b"".join(set_attribute(set_attribute(tag, b"min", str(low)), b"max", str(high)) for low, high, tag in ranges)
    opening = found.group(0) if found else b"<cols>"
    return opening + body + b"</" + prefix + b"cols>"


@lru_cache(maxsize=16)
def _row_start(prefix: bytes) -> re.Pattern[bytes]:
    """A row's start tag: its attributes, and '/' when it is self-closing."""
    return re.compile(rb"<" + re.escape(prefix) + rb"row\b" + _ATTRS + rb"(/?)>", re.S)


_CELL_PATTERNS: dict[bytes, re.Pattern[bytes]] = {}


@lru_cache(maxsize=1024)
def _letters(column: int) -> bytes:
    return column_letter(column).encode()


@lru_cache(maxsize=1024)
def _number_parts(column: int, style: bytes | None) -> tuple[bytes, bytes]:
    """A number's cell in `column` with `style` (None or 0: none) as written without a prefix, around its row number:
    `<c r="H` and `" s="3"><v>`; its value and `</v></c>` follow."""
    head = b'<c r="' + _letters(column)
    return head, b'"><v>' if style is None or style == b"0" else b'" s="' + style + b'"><v>'


@lru_cache(maxsize=1024)
def _column(letters: bytes) -> int:
    return column_index(letters.decode())


def _cells(content: bytes, prefix: bytes, offset: int = 0) -> list[tuple[int, bytes, bytes, int]]:
    """(column, start tag, whole element, its offset + `offset`) of each cell in a row's content."""
    pattern = _CELL_PATTERNS.get(prefix)
    if pattern is None:
        p = re.escape(prefix)
        pattern = _CELL_PATTERNS[prefix] = re.compile(
            rb"(<" + p + rb"c\b" + _ATTRS + rb"(?:/>|>))(?:(?<=/>)|.*?</" + p + rb"c>)", re.S
        )
    found = []
    column = 0
    for match in pattern.finditer(content):
        tag = match.group(1)
        ref = _REF.search(tag)
        column = _column(ref.group(1).upper()) if ref else column + 1
        found.append((column, tag, match.group(0), match.start() + offset))
    return found


def _with_ref(cell: bytes, column: int, row: int, prefix: bytes) -> bytes:
    cut = len(prefix) + 2
    return cell[:cut] + f' r="{cell_ref(column, row)}"'.encode() + cell[cut:]


def new_sheet_xml(
    rows: list[list[NewCell | None]],
    widths: dict[int, float],
    freeze_row: int = 0,
    links: dict[str, str] | None = None,
    head: bytes = b"",
    tail: bytes = b"",
    root: bytes = b"",
) -> bytes:
    """A whole worksheet part from rows of cells (A1 down), column widths, frozen rows and internal links.

    `head` (sheetPr, sheetViews, sheetFormatPr) and `tail` (what follows the rows) come from a sheet
    laid out the same way, when there is one; else the tool's own defaults are written.
    """
    last_row = len(rows)
    last_column = max((len(r) for r in rows), default=1) or 1
    parts = [
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        + (root.decode() if root else f'<worksheet xmlns="{NS_MAIN}" xmlns:r="{NS_REL}">')
    ]
    dimension = f'<dimension ref="A1:{cell_ref(last_column, max(last_row, 1))}"/>'
    if head:
        parts.append(_with_dimension(head.decode(), dimension))
    else:
        pane = (
            (
                f'<pane ySplit="{freeze_row}" topLeftCell="A{freeze_row + 1}" activePane="bottomLeft" state="frozen"/>'
                f'<selection pane="bottomLeft" activeCell="A{freeze_row + 1}" sqref="A{freeze_row + 1}"/>'
            )
            if freeze_row
            else ""
        )
        parts.append(
            dimension + f'<sheetViews><sheetView workbookViewId="0">{pane}</sheetView></sheetViews>'
            '<sheetFormatPr defaultRowHeight="15"/>'
        )
    if widths:
        parts.append(
            "<cols>"
            + "".join(f'<col min="{c}" max="{c}" width="{w:g}" customWidth="1"/>' for c, w in sorted(widths.items()))
            + "</cols>"
        )
    parts.append("<sheetData>")
    letters = [column_letter(column) for column in range(1, last_column + 1)]  # `cell_ref`'s, made once per column
    for number, row in enumerate(rows, start=1):
        cells = []
        for column, cell in enumerate(row):
            if cell is None or (cell.value is None and not cell.style):
                continue
            attrs = f'r="{letters[column]}{number}"' + (f' s="{cell.style}"' if cell.style else "")
            if cell.value is None:
                cells.append(f"<c {attrs}/>")
            else:
                kind = f' t="{cell.kind}"' if cell.kind else ""
                cells.append(f"<c {attrs}{kind}><v>{cell.value}</v></c>")
        if cells:
            parts.append(f'<row r="{number}">' + "".join(cells) + "</row>")
    parts.append("</sheetData>")
    parts.append(
        tail.decode()
        if tail
        else '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
    )
    parts.append("</worksheet>")
    xml = "".join(parts).encode("utf-8")
    if links:
        element = (
            "<hyperlinks>"
            + "".join(
                f"<hyperlink ref={quoteattr(ref)} location={quoteattr(where)} display={quoteattr(where)}/>"
                for ref, where in links.items()
            )
            + "</hyperlinks>"
        ).encode()
        _, start, end = root_span(xml)
        xml = insert_child(xml, start, end, "hyperlinks", element, WORKSHEET_ORDER)
    return xml


def _with_dimension(head: str, dimension: str) -> str:
    """Cloned head elements with this sheet's own dimension after sheetPr (found by `children`: the first '/>' may
    end its tabColor, or sit inside a quoted value)."""
    data = head.encode()
    end = next((e for n, _, e in children(data, 0, len(data)) if n == "sheetPr"), None)
    return (data[:end] + dimension.encode() + data[end:]).decode() if end is not None else dimension + head
