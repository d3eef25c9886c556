"""Apply a `WorkbookPatch` to an event workbook: the one way `seat`, `playoffs` and `merge` write.

The package is patched like the scored copy (`write.py`): cells edited in the sheets named, new
sheets added (or the tool's own rewritten), every other part copied byte for byte. The file is
replaced atomically; the version before is kept as NAME.backup.xlsx and the very first version
replaced as NAME.original.xlsx, never overwritten (docs/rules.md §5).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.i18n.vocab import FINAL_RANKING_SHEET_NAMES, fold, playoff_stage, round_number
from sheet_scorer.model import CellEdit, NewSheet, WorkbookError, WorkbookPatch
from sheet_scorer.workbook.files import keep_versions, write_all
from sheet_scorer.workbook.read import WrittenSheets
from sheet_scorer.workbook.record import Record, SealedRecord, origin_of
from sheet_scorer.workbook.write import mark_cells
from sheet_scorer.xlsx.book import Book
from sheet_scorer.xlsx.cells import cell_ref, parse_ref
from sheet_scorer.xlsx.sheetxml import NewCell, Worksheet, edit_columns, new_sheet_xml
from sheet_scorer.xlsx.splice import ATTRS, children, root_span

if TYPE_CHECKING:
    from sheet_scorer.workbook.read import EventRead

__all__ = ["Refusal", "keep_versions", "update_workbook"]

#: Asked before a file is put in place, with (target, source, the new cells' fingerprint, their origin, the command,
#: --force): raises a WorkbookError to refuse (the api's policy: `api.policy.refuse_replacing`), else returns.
Refusal = Callable[[Path, Path, str, str, str, bool], None]
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
    refuse: Refusal | None = None,
) -> Path:
    """Write `path` with `patch` applied to `target` (default: `path` itself); a file replaced keeps its versions.

    The file written records the fingerprint of its organiser's cells (docs/rules.md §5): updated in place, they
    now come from `path` itself; written elsewhere (a judge's copy), from where `path`'s came from, and a
    `target` holding edits of its own is not replaced when `refuse` says so (`command` and `force` are passed on).
    `event`: `path` as the command read it (`workbook.read.open_event`): patched from that opening, not opened again."""
    target = target or path
    opened = event is None
    if event is None:
        event = _event_of(path)
    book = event.book() if event is not None else Book(path)
    try:
        written = WrittenSheets(event, book) if event is not None else None
        for name in dict.fromkeys([*patch.edits, *patch.marks]):
            _edit_sheet(book, name, patch.edits.get(name, []), patch.marks.get(name), written)
        for new in patch.sheets:
            _add_sheet(book, new, written)
        for name in patch.removed:
            book.remove_sheet(name)
        origin = path.name if target == path else None
        write_all(
            {
                target: lambda temporary: _save_recorded(
                    book, temporary, path, target, origin, command, force, written, refuse
                )
            },
            versions={target},
        )  # a file replaced keeps its versions
    finally:
        book.close()
        if opened and event is not None:
            event.close()
    return target


def _event_of(path: Path) -> EventRead | None:
    """`path` opened and read as an event workbook for patching; None when it is not one (written without a record)."""
    from sheet_scorer.workbook.read import open_event

    try:
        return open_event(path, patching=True)
    except WorkbookError:
        return None


def _save_recorded(
    book: Book,
    temporary: Path,
    source: Path,
    target: Path,
    origin: str | None,
    command: str,
    force: bool,
    written: WrittenSheets | None,
    refuse: Refusal | None = None,
) -> None:
    """Save `book` once, with its record: the fingerprint of the organiser's cells written, computed from what was
    read and what is being written (`written`) once the sheets are out, and the seal of the entries written.
    `refuse` is asked with that fingerprint before the record is decided (nothing put in place when it refuses)."""
    if written is None:  # not an event workbook: nothing to record
        book.save(temporary)
        return
    event = written.event
    record = SealedRecord(book.package)

    def finish() -> None:
        fingerprint = written.fingerprint()
        where = origin or origin_of(source, event.data.fingerprint, event.package)
        if refuse is not None:
            refuse(target, source, fingerprint, where, command or "sheet-scorer", force)
        record.record = Record(fingerprint, where)

    book.save(temporary, finish, record.last())


def _edit_sheet(
    book: Book,
    name: str,
    edits: list[CellEdit],
    marks: list[tuple[str, str]] | None = None,
    written: WrittenSheets | None = None,
) -> None:
    """Cell values into an existing sheet; a cell without a style of its own takes its neighbour's. `marks`, when
    given, replace the tool's marks on the sheet (`write.mark_cells`); `written` reads the sheet as it is written."""
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
    stream = ws.stream(writes)
    book.stream_sheet(name, written.stream(name, stream) if written is not None else stream)


def _add_sheet(book: Book, new: NewSheet, written: WrittenSheets | None = None) -> None:
    """Add `new` (or rewrite the tool's own sheet of that name), laid out like `layout_from` if given; `written`
    reads it as it is written."""
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
    if written is not None:
        written.sheet(new.name, xml)


def _place(book: Book, name: str) -> int | None:
    """A new round or playoff sheet, or the Final Ranking, goes right after the last round or playoff sheet (not after
    Standings, Problems or Conflicts); any other new sheet at the end."""
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
