"""Write the scored workbook (docs/rules.md §5) by patching the organiser's package: computed
cells spliced into the round sheets, marks on faulty cells, the Standings and Problems sheets added
or rewritten; every other part is copied byte for byte. Re-scoring rewrites all of these in place.

Marks are a conditional-format rule (so the organiser's own fill is never touched) and a note
appended to the cell's note after a fixed marker (so their own note, and its formatting, is kept).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path

from sheet_scorer.i18n.vocab import fold
from sheet_scorer.model import ColumnValues, SheetPlan, WritePlan
from sheet_scorer.workbook.owned import ADDED_SHEETS
from sheet_scorer.workbook.record import Record, SealedRecord
from sheet_scorer.xlsx.book import Book
from sheet_scorer.xlsx.cells import cell_ref, parse_ref
from sheet_scorer.xlsx.comments import COMMENT_MARKER, Notes
from sheet_scorer.xlsx.opc import OpcPackage
from sheet_scorer.xlsx.reader import SheetEntry
from sheet_scorer.xlsx.sheetxml import CellWrite, NewCell, Worksheet, new_sheet_xml, number_cell
from sheet_scorer.xlsx.styles import TWO_DECIMALS

__all__ = ["COMMENT_MARKER", "MARK_FORMULA", "apply_plan", "mark_cells", "write_to"]
MARK_FORMULA = '"sheet-scorer"<>""'  # always true; identifies the tool's own rule on re-scoring
MARK_FONT_RGB, MARK_FILL_RGB = "FF9C0006", "FFFFC7CE"
_MARK_XML = b"&quot;sheet-scorer&quot;&lt;&gt;&quot;&quot;"
_RULE = re.compile(rb"<((?:[\w.\-]+:)?)cfRule\b.*?(?:</\1cfRule>)", re.S)
_STANDINGS_WIDTHS = [6, 28, 13, 6, 9, 7]
_PROBLEMS_WIDTHS = [10, 14, 7, 24, 90]


def write_to(
    source: Path, target: Path, plan: WritePlan, record: Record | None = None, opened: OpcPackage | None = None
) -> None:
    """Write `source` plus `plan` to `target` itself (a temporary file the caller puts in place, `files.write_all`),
    with `record` (the fingerprint of the organiser's cells, docs/rules.md §5) as its document property.
    `opened`: `source` as the command opened and read it (patched from that opening, not opened again)."""
    book = Book(source, opened)
    try:
        apply_plan(book, plan)
        if record is None:
            book.save(target)
            return
        book.save(target, last=SealedRecord(book.package, record).last())  # sealed as written, never read back
    finally:
        book.close()


def apply_plan(book: Book, plan: WritePlan) -> None:
    """Computed columns and marks into the round sheets; Standings and Problems replaced or added."""
    standings = _own_sheet(book, *ADDED_SHEETS["standings"])  # an organiser's sheet of that name was refused before
    problems = _own_sheet(book, *ADDED_SHEETS["problems"])  # (`api.policy.check_added_sheets`, as `check` refuses it)
    formula_removed = False
    for sheet in plan.sheets:
        formula_removed |= _patch_round_sheet(book, sheet)
    _write_standings(book, plan, standings)
    _write_problems(book, plan, problems)
    book.recalculate_on_open()
    if formula_removed:
        book.drop_calc_chain()


# ---------------------------------------------------------------- round sheets


def _patch_round_sheet(book: Book, sheet: SheetPlan) -> bool:
    """Splice the computed cells and marks into one round sheet; True if a formula cell was overwritten."""
    ws = book.worksheet(sheet.name)
    ws.restyle = _restyle(book)
    shift = _free_columns_shift(sheet, [*ws.merged_ranges(), *ws.sparkline_cells(), *book.drawn_ranges(sheet.name)])
    header_ref = cell_ref(sheet.style_column, sheet.header_row)
    header_style = ws.cell_styles({header_ref}).get(header_ref) or None
    placed = [
        (
            column,
            column.column + (shift if column.header is not None and column.column not in sheet.clear_columns else 0),
        )
        for column in sheet.columns
    ]
    headers = [
        book.value_cell(column.header, header_style) if column.header is not None else None for column in sheet.columns
    ]
    used: set[int] = set()  # the columns that get a cell, and those of the header row, as the writes will have them
    header_places: set[int] = set()
    last_row = 0
    for column, place in placed:
        rows = ([sheet.header_row] if column.header is not None else []) + [
            row for row, _ in zip(column.rows, column.values)
        ]
        if rows:
            used.add(place)
            last_row = max(last_row, *rows)
            if sheet.header_row in rows:
                header_places.add(place)
    if used:
        ws.update_dimension(last_row, max(used))
        ws.show_columns(sorted(header_places))
        ws.widen_columns(
            {
                column.column + (shift if column.column not in sheet.clear_columns else 0): len(column.header) + 3.0
                for column in sheet.columns
                if column.header
            }
        )
    mark_cells(book, ws, sheet.name, sheet.marks)
    book.stream_sheet(sheet.name, _streamed(ws, sheet, placed, headers))
    columns = used | set(sheet.clear_columns)
    return book.has_calc_chain() and ws.has_formula_in(columns, sheet.header_row)


def _streamed(
    ws: Worksheet, sheet: SheetPlan, placed: list[tuple[ColumnValues, int]], headers: list[NewCell | None]
) -> Iterator[bytes]:
    """The sheet's new bytes, its cells (row -> column -> value) made only when the package is saved: one sheet's
    at a time, not every round's at once (the peak memory of `score` at 100,000 rows)."""
    writes: defaultdict[int, dict[int, CellWrite]] = defaultdict(dict)
    for (column, place), header in zip(placed, headers):
        if header is not None:
            writes[sheet.header_row][place] = header
        for row, value in zip(column.rows, column.values):
            writes[row][place] = _number_text(value)
    yield from ws.stream(writes, frozenset(sheet.clear_columns), sheet.header_row)


def mark_cells(book: Book, ws: Worksheet, name: str, marks: list[tuple[str, str]]) -> None:
    """The tool's marks on one sheet replaced by `marks`: a fill (conditional format) and a note per cell."""
    _clear_marks(ws)
    notes = Notes(book.package, book.sheet_part(name), ws)
    notes.clear()
    notes.add(_notes(ws, marks))
    notes.save()
    _add_marks(book, ws, marks)


def _restyle(book: Book) -> Callable[[bytes | None], bytes]:
    """The style of a computed number from its cell's style: the tool's own General format (`Styles.general_for`)."""
    cache: dict[bytes | None, bytes] = {}

    def restyle(style: bytes | None) -> bytes:
        found = cache.get(style)
        if found is None:
            found = cache[style] = b"%d" % book.styles.general_for(int(style) if style else None)
        return found

    return restyle


def _number_text(value: float | bool | None) -> CellWrite:
    """A computed value as the bytes of its `<v>` (the fast path of the row splice), or an empty cell."""
    if type(value) is int:
        return b"%d" % value
    if type(value) is float and math.isfinite(value):
        return repr(value).encode()
    return number_cell(value)


def _free_columns_shift(sheet: SheetPlan, taken: list[tuple[int, int, int, int]]) -> int:
    """How far right the new computed columns move so that none lands, from the header row down, in an
    organiser's merged range (an empty merged cell reads as nothing), sparkline, picture or chart."""
    new = [c.column for c in sheet.columns if c.header is not None and c.column not in sheet.clear_columns]
    if not new:
        return 0
    ranges = [r for r in taken if r[3] >= sheet.header_row]
    shift = 0
    while True:
        clash = [r for r in ranges if any(r[0] <= c + shift <= r[2] for c in new)]
        if not clash:
            return shift
        shift = max(r[2] for r in clash) + 1 - min(new)


def _notes(ws: Worksheet, marks: list[tuple[str, str]]) -> dict[str, list[str]]:
    """Each note's messages, on the cell or, inside a merged range, on its first cell."""
    merged = ws.merged_ranges() if marks else []
    notes: dict[str, list[str]] = {}
    for ref, message in marks:
        column, row = parse_ref(ref)
        for first_col, first_row, last_col, last_row in merged:
            if first_col <= column <= last_col and first_row <= row <= last_row:
                ref = cell_ref(first_col, first_row)
                break
        if message not in notes.setdefault(ref, []):
            notes[ref].append(message)
    return notes


def _clear_marks(ws: Worksheet) -> None:
    """Remove the tool's conditional-format rules (and a block left without rules)."""
    for _, start, end in reversed([c for c in ws.tail_children() if c[0] == "conditionalFormatting"]):
        block = ws.tail[start:end]
        if b"sheet-scorer" not in block:
            continue
        rules = [m for m in _RULE.finditer(block) if b"sheet-scorer" in m.group(0)]
        kept = block
        for rule in reversed(rules):
            kept = kept[: rule.start()] + kept[rule.end() :]
        ws.replace_tail(start, end, b"" if not _RULE.search(kept) else kept)


def _add_marks(book: Book, ws: Worksheet, marks: list[tuple[str, str]]) -> None:
    """One conditional-format block per marked cell, all inserted at once where the schema puts them (one after another,
    as inserting them one by one would: each insertion reads the sheet's tail again, so a thousand marks took seconds)."""
    if not marks:
        return
    dxf = book.styles.differential(MARK_FONT_RGB, MARK_FILL_RGB)
    priority = max([0, *(int(p) for p in re.findall(rb'priority="(\d+)"', ws.tail))])
    p = ws.prefix
    blocks = []
    for ref in dict.fromkeys(ref for ref, _ in marks):
        priority += 1
        blocks.append(
            b"<"
            + p
            + b'conditionalFormatting sqref="'
            + ref.encode()
            + b'"><'
            + p
            + f'cfRule type="expression" dxfId="{dxf}" priority="{priority}"><'.encode()
            + p
            + b"formula>"
            + _MARK_XML
            + b"</"
            + p
            + b"formula></"
            + p
            + b"cfRule></"
            + p
            + b"conditionalFormatting>"
        )
    ws.insert_tail("conditionalFormatting", b"".join(blocks))


# ---------------------------------------------------------------- added sheets


def _own_sheet(book: Book, names: frozenset[str], first_headers: frozenset[str]) -> SheetEntry | None:
    """The sheet a previous run added: named in any language, its A1 one of the tool's headers."""
    for entry in book.sheets:
        if (
            fold(entry.name) in names
            and entry.part
            and fold(book.text_at(book.worksheet(entry.name), "A1")) in first_headers
        ):
            return entry
    return None


def _header_cells(book: Book, titles: list[str]) -> list[NewCell | None]:
    bold = book.styles.cell_format(font=book.styles.font(bold=True))
    return [book.value_cell(t, bold) for t in titles]


def _widths(defaults: list[int], titles: list[str]) -> dict[int, float]:
    """Each column at least as wide as its header (a character and a half of margin)."""
    return {c: float(max(d, len(t) + 3)) for c, (d, t) in enumerate(zip(defaults, titles), start=1)}


def _write_standings(book: Book, plan: WritePlan, own: SheetEntry | None) -> None:
    titles = plan.standings_header + plan.round_names + ([plan.notes_header] if plan.notes_header else [])
    header = _header_cells(book, titles)
    if plan.provisional:
        header.append(book.value_cell(plan.provisional, book.styles.cell_format(font=book.styles.font(bold=True))))
    two_decimals = book.styles.cell_format(number_format=TWO_DECIMALS)
    rows: list[list[NewCell | None]] = [header]
    general = book.styles.general()
    for record in plan.standings_rows:
        cells: list[NewCell | None] = [
            book.value_cell(v, general if isinstance(v, (int, float)) and not isinstance(v, bool) else None)
            for v in record
        ]
        for column in plan.standings_pct_columns:  # VP % and the other percentages, shown as 0.00
            if column <= len(cells):
                cells[column - 1] = book.value_cell(record[column - 1], two_decimals)
        rows.append(cells)
    defaults = _STANDINGS_WIDTHS + [max(10, len(n) + 2) for n in plan.standings_header[6:] + plan.round_names]
    widths = _widths(defaults + [26] * (len(titles) - len(defaults)), titles)  # the Withdrawn column (after round …)
    if plan.provisional:
        widths[len(titles) + 1] = float(len(plan.provisional) + 3)
    book.put_sheet(plan.standings_title, new_sheet_xml(rows, widths, freeze_row=1), replacing=own)


def _write_problems(book: Book, plan: WritePlan, own: SheetEntry | None) -> None:
    """The Problems sheet: one row per problem, linked to its cell; once all are fixed, one line saying so."""
    if not plan.problems_rows and own is None:
        return
    rows: list[list[NewCell | None]] = [_header_cells(book, plan.problems_header)]
    links: dict[str, str] = {}
    sheets = {s.name for s in book.sheets}
    for number, values in enumerate(plan.problems_rows, start=2):
        rows.append([book.value_cell(v) if v else None for v in values])
        sheet, cell = values[1], values[2]
        if sheet in sheets:
            quoted = "'" + sheet.replace("'", "''") + "'"
            links[cell_ref(3 if cell else 2, number)] = f"{quoted}!{cell or 'A1'}"
    if not plan.problems_rows:
        rows.append([book.value_cell(plan.no_problems or "-")])
    if links:
        link_style = book.styles.cell_format(font=book.styles.font(link=True))
        for ref in links:
            column, row = parse_ref(ref)
            cell = rows[row - 1][column - 1]
            if cell is not None:
                rows[row - 1][column - 1] = NewCell(cell.kind, cell.value, link_style)
    book.put_sheet(
        plan.problems_title,
        new_sheet_xml(rows, _widths(_PROBLEMS_WIDTHS, plan.problems_header), freeze_row=1, links=links),
        replacing=own,
    )
