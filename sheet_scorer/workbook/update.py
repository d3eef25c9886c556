"""Apply a `WorkbookPatch` to an event workbook: the one way `seat`, `playoffs` and `merge` write.

The package is patched like the scored copy (`write.py`): cells edited in the sheets named, new
sheets added (or the tool's own rewritten), every other part copied byte for byte. The file is
replaced atomically; the version before is kept as NAME.backup.xlsx and the very first version
replaced as NAME.original.xlsx, never overwritten (docs/rules.md §5).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.i18n.vocab import FINAL_RANKING_SHEET_NAMES, fold, playoff_stage, round_number
from sheet_scorer.model import CellEdit, NewSheet, WorkbookError, WorkbookPatch
from sheet_scorer.workbook.files import discard, keep_versions, temporary_beside, write_all
from sheet_scorer.workbook.record import Record, fingerprint_of, origin_of, refuse_replacing, seal, stamp
from sheet_scorer.workbook.write import mark_cells
from sheet_scorer.xlsx.book import Book
from sheet_scorer.xlsx.cells import cell_ref, parse_ref
from sheet_scorer.xlsx.package import Package
from sheet_scorer.xlsx.sheetxml import NewCell, Worksheet, edit_columns, new_sheet_xml
from sheet_scorer.xlsx.splice import ATTRS, children, root_span

if TYPE_CHECKING:
    from sheet_scorer.workbook.read import EventRead

__all__ = ["keep_versions", "update_workbook"]
_DATA_VALIDATIONS_EXT = "{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"  # x14 data validations (lists on another sheet)
_CLONED_HEAD = ("sheetPr", "sheetViews", "sheetFormatPr", "cols")
_CLONED_TAIL = ("dataValidations", "printOptions", "pageMargins", "pageSetup", "headerFooter")


def update_workbook(
    path: Path,
    patch: WorkbookPatch,
    target: Path | None = None,
    command: str = "",
    force: bool = False,
    event: EventRead | None = None,
) -> Path:
    """Write `path` with `patch` applied to `target` (default: `path` itself); a file replaced keeps its versions.

    The file written records the fingerprint of its organiser's cells (docs/rules.md §5): updated in place, they
    now come from `path` itself; written elsewhere (a judge's copy), from where `path`'s came from, and a
    `target` holding edits of its own is not replaced unless `force` (`command` names the way on). `event`: `path`
    as the command read it (`workbook.read.open_event`): patched from that opening, not opened again."""
    target = target or path
    book = event.book() if event is not None else Book(path)
    try:
        for name in dict.fromkeys([*patch.edits, *patch.marks]):
            _edit_sheet(book, name, patch.edits.get(name, []), patch.marks.get(name))
        for new in patch.sheets:
            _add_sheet(book, new)
        for name in patch.removed:
            book.remove_sheet(name)
        origin = path.name if target == path else None
        write_all(
            {target: lambda temporary: _save_recorded(book, temporary, path, target, origin, command, force, event)},
            versions={target},
        )  # a file replaced keeps its versions
    finally:
        book.close()
    return target


def _save_recorded(
    book: Book,
    temporary: Path,
    source: Path,
    target: Path,
    origin: str | None,
    command: str,
    force: bool,
    event: EventRead | None = None,
) -> None:
    """Save `book`, read back the fingerprint of what was written, and save it again with its record."""
    first = temporary_beside(target)
    try:
        book.save(first)
        written = fingerprint_of(first)
        if written is None:  # not an event workbook any more (no round sheet): nothing to record
            first.replace(temporary)
            return
        if origin is None:
            source_print = event.data.fingerprint if event is not None else fingerprint_of(source)
            origin = (
                origin_of(source, source_print, event.package if event is not None else None)
                if source_print
                else source.name
            )
        refuse_replacing(target, source, written, origin, command or "sheet-scorer", force)
        record = Record(written, origin)
        recorded = Package(first)
        second = temporary_beside(target)
        try:
            stamp(recorded, record)
            recorded.save(second)
            seal(second, temporary, record)
        finally:
            recorded.close()
            discard(second)
    finally:
        discard(first)


def _edit_sheet(book: Book, name: str, edits: list[CellEdit], marks: list[tuple[str, str]] | None = None) -> None:
    """Cell values into an existing sheet; a cell without a style of its own takes its neighbour's. `marks`, when
    given, replace the tool's marks on the sheet (`write.mark_cells`)."""
    if book.sheet(name) is None:
        raise WorkbookError(key="no_sheet_named", path=book.path, name=name)
    ws = book.worksheet(name)
    styles = ws.cell_styles({e.cell for e in edits} | {e.style_like for e in edits if e.style_like})
    writes: dict[int, dict[int, NewCell]] = {}
    for edit in edits:
        column, row = parse_ref(edit.cell)
        style = styles.get(edit.style_like) if edit.style_like and not styles.get(edit.cell) else None
        writes.setdefault(row, {})[column] = book.value_cell(edit.value, style)
    if writes:
        ws.update_dimension(max(writes), max(max(c) for c in writes.values()))
    if marks is not None:
        mark_cells(book, ws, name, marks)
    book.stream_sheet(name, ws.stream(writes))


def _add_sheet(book: Book, new: NewSheet) -> None:
    """Add `new` (or rewrite the tool's own sheet of that name), laid out like `layout_from` if given."""
    existing = book.sheet(new.name)
    if existing is None and book.has_name(new.name):
        existing = next(s for s in book.sheets if s.name.casefold() == new.name.casefold())
    if existing is not None and not new.replace:
        raise WorkbookError(key="sheet_exists", path=book.path, name=existing.name)
    layout = book.worksheet(new.layout_from) if new.layout_from else None
    if layout is not None and layout.prefix:
        layout = None  # a sheet written with a prefixed namespace: laid out with the defaults instead
    bold = book.styles.cell_format(font=book.styles.font(bold=True))
    header_styles = _header_styles(layout, new.header_row) if layout is not None else {}
    rows: list[list[NewCell | None]] = []
    for number, values in enumerate(new.rows, start=1):
        row: list[NewCell | None] = []
        for column, value in enumerate(values, start=1):
            style = (
                header_styles.get((column, number))
                if layout is not None
                else (bold if number == new.header_row else None)
            )
            row.append(None if value is None and not style else book.value_cell(value, style or None))
        rows.append(row)
    if layout is not None:
        head, tail, root = _layout(layout, new.widths)
        xml = new_sheet_xml(rows, {}, links=_links(new), head=head, tail=tail, root=root)
    else:
        xml = new_sheet_xml(rows, new.widths, freeze_row=new.header_row if new.rows else 0, links=_links(new))
    book.put_sheet(new.name, xml, replacing=existing, hidden=new.hidden, position=_place(book, new.name))


def _place(book: Book, name: str) -> int | None:
    """A new round or playoff sheet, or the Final Ranking, goes right after the last round or playoff sheet (not after
    Standings, Problems or Conflicts, issue 18); any other new sheet at the end."""
    if round_number(name) is None and playoff_stage(name) is None and fold(name) not in FINAL_RANKING_SHEET_NAMES:
        return None
    games = [
        i for i, s in enumerate(book.sheets) if round_number(s.name) is not None or playoff_stage(s.name) is not None
    ]
    return games[-1] + 1 if games else None


def _links(new: NewSheet) -> dict[str, str]:
    return {ref: where.removeprefix("#") for ref, where in new.links.items()}


def _header_styles(layout: Worksheet, header_row: int) -> dict[tuple[int, int], int]:
    """The style of each cell of the layout sheet's rows down to its header row."""
    refs = {cell_ref(c, r) for r in range(1, header_row + 1) for c in range(1, 65)}
    return {parse_ref(ref): style for ref, style in layout.cell_styles(refs).items() if style}


def _layout(layout: Worksheet, widths: dict[int, float]) -> tuple[bytes, bytes, bytes]:
    """What a new sheet copies from `layout`: its root (namespaces), view, row format, columns, validations,
    print setup; not its cells, selection, code name, or anything pointing at its own related parts."""
    head = layout.head
    _, start, _ = root_span(head)
    pieces: list[bytes] = []
    for name, s, e in children(head, start, len(head)):
        if name in _CLONED_HEAD:
            element = head[s:e]
            if name == "sheetPr":
                element = re.sub(rb'\scodeName="[^"]*"', b"", element)
            if name == "sheetViews":
                element = re.sub(rb'\stabSelected="[^"]*"', b"", element)
                element = re.sub(rb"<selection\b" + ATTRS + rb"/>", b"", element)
            if name == "cols" and widths:
                element = _with_widths(element, widths)
            pieces.append(element)
    if widths and not any(n == "cols" for n, _, _ in children(head, start, len(head))):
        pieces.append(_with_widths(b"<cols></cols>", widths))
    tail_pieces: list[bytes] = []
    for name, s, e in layout.tail_children():
        element = layout.tail[s:e]
        if name in _CLONED_TAIL:
            tail_pieces.append(re.sub(rb'\s[\w.\-]+:id="[^"]*"', b"", element) if name == "pageSetup" else element)
        elif name == "extLst":
            exts = re.findall(rb"<ext\b" + ATTRS + rb">.*?</ext>", element, re.S)
            kept = [x for x in exts if _DATA_VALIDATIONS_EXT.encode() in x[:200]]
            if kept:
                tail_pieces.append(b"<extLst>" + b"".join(kept) + b"</extLst>")
    return (
        b"".join(pieces),
        b"".join(tail_pieces),
        head[head.index(b"<worksheet") : start] if b"<worksheet" in head else b"",
    )


def _with_widths(cols: bytes, widths: dict[int, float]) -> bytes:
    """`<cols>` with the given columns set to their widths."""
    return edit_columns(cols, {c: {b"width": f"{w:g}", b"customWidth": "1"} for c, w in widths.items()})
