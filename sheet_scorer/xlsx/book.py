"""A workbook opened for patching: its sheets (from `workbook.xml`), shared strings and styles, and the
edits the tool makes to them, written out by `save` with every other part copied as it was.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

from sheet_scorer.xlsx.errors import PackageError
from sheet_scorer.xlsx.opc import (
    CT_SHARED_STRINGS,
    CT_WORKSHEET,
    NS_REL,
    REL_CALC_CHAIN,
    REL_COMMENTS,
    REL_DRAWING,
    REL_SHARED_STRINGS,
    REL_VML,
    REL_WORKSHEET,
    OpcPackage,
    PartName,
)
from sheet_scorer.xlsx.package import Entry, PackageEditor
from sheet_scorer.xlsx.reader import SheetEntry, read_strings, read_workbook_part
from sheet_scorer.xlsx.sharedstrings import SharedStrings
from sheet_scorer.xlsx.sheetxml import NewCell, Worksheet, number_cell
from sheet_scorer.xlsx.splice import (
    TAG,
    attribute,
    children,
    content,
    insert_child,
    quoteattr,
    root_span,
    set_attribute,
    tag_end,
)
from sheet_scorer.xlsx.styles import DATE_FORMAT, Styles, read_style_sheet
from sheet_scorer.xlsx.text import shown_text, unescape

WORKBOOK_ORDER = (
    "fileVersion",
    "fileSharing",
    "workbookPr",
    "workbookProtection",
    "bookViews",
    "sheets",
    "functionGroups",
    "externalReferences",
    "definedNames",
    "calcPr",
    "oleSize",
    "customWorkbookViews",
    "pivotCaches",
    "smartTagPr",
    "smartTagTypes",
    "webPublishing",
    "fileRecoveryPr",
    "webPublishObjects",
    "extLst",
)
_EXCEL_EPOCH = datetime(1899, 12, 30)


class Book:
    """The package plus the workbook-level parts the tool edits."""

    def __init__(self, path: Path, opened: OpcPackage | None = None) -> None:
        """Open `path` for patching; or patch the package a reader already opened (`opened`: one opening per command)."""
        self.path = path
        self.package = PackageEditor(opened if opened is not None else path)
        try:
            self._open()
        except KeyError as missing:
            self.package.close()
            raise PackageError(key="lacks_part", path=path, part=missing) from None
        except BaseException:
            self.package.close()
            raise

    def _open(self) -> None:
        package = self.package
        main = package.package.main_part()
        if main is None:
            raise PackageError(key="zip_not_workbook", path=self.path)
        self.workbook_part = main
        self._xml = package.read(self.workbook_part)
        self.prefix, _, _ = root_span(self._xml)
        self.sheets: list[SheetEntry] = list(read_workbook_part(package, main).sheets)  # as the reader read them
        strings = package.related(self.workbook_part, REL_SHARED_STRINGS)
        self._strings_part = strings[0].target if strings and strings[0].target in package else None
        self.strings = SharedStrings(package.read(self._strings_part) if self._strings_part else None)
        self.styles = Styles(read_style_sheet(package, self.workbook_part))
        self._streams: dict[str, Iterable[bytes]] = {}
        self._texts: list[str] | None = None  # the shared strings' texts, read as the reader reads them

    def close(self) -> None:
        self.package.close()

    def _sheet_tags(self) -> list[re.Match[bytes]]:
        _, start, end = root_span(self._xml)
        for name, child_start, child_end in children(self._xml, start, end):
            if name == "sheets":
                return [
                    t
                    for t in TAG.finditer(self._xml, child_start, child_end)
                    if t.group(3) == b"sheet" and not t.group(1)
                ]
        return []

    # ------------------------------------------------------------ sheets

    def sheet(self, name: str) -> SheetEntry | None:
        return next((s for s in self.sheets if s.name == name), None)

    def has_name(self, name: str) -> bool:
        """Sheet names are compared as Excel does: case ignored."""
        return name.casefold() in {s.name.casefold() for s in self.sheets}

    def worksheet(self, name: str) -> Worksheet:
        part = self.sheet_part(name)
        if part not in self.package:
            raise PackageError(key="no_worksheet", path=self.path, name=name)
        return Worksheet(self.package.read(part), name)

    def sheet_part(self, name: str) -> str:
        """The worksheet part of sheet `name`; no such sheet, or one without a worksheet part (a chart sheet), is
        refused."""
        entry = self.sheet(name)
        if entry is None or not entry.part:
            raise PackageError(key="no_worksheet", path=self.path, name=name)
        return entry.part

    def drawn_ranges(self, name: str) -> list[tuple[int, int, int, int]]:
        """The cells a sheet's pictures, charts and text boxes are drawn over: (first col, first row, last col, last row)."""
        entry = self.sheet(name)
        ranges: list[tuple[int, int, int, int]] = []
        for rel in self.package.related(entry.part, REL_DRAWING) if entry and entry.part else []:
            if rel.target not in self.package:
                continue
            for anchor in re.finditer(
                rb"<(?:[\w.\-]+:)?(?:twoCellAnchor|oneCellAnchor)\b.*?</(?:[\w.\-]+:)?(?:twoCellAnchor|oneCellAnchor)>",
                self.package.read(rel.target),
                re.S,
            ):
                corners = [
                    (int(c), int(r))
                    for c, r in re.findall(
                        rb"<(?:[\w.\-]+:)?(?:from|to)>\s*<(?:[\w.\-]+:)?col>(\d+)<.*?<(?:[\w.\-]+:)?row>(\d+)<",
                        anchor.group(0),
                        re.S,
                    )
                ]
                if corners:
                    first, last = corners[0], corners[-1]
                    ranges.append((first[0] + 1, first[1] + 1, last[0] + 1, last[1] + 1))
        return ranges

    def text_at(self, sheet: Worksheet, ref: str) -> str:
        """The text a cell shows, for the strings the tool recognises its own sheets by."""
        kind, raw = sheet.cell_value(ref)
        if raw is None:
            return ""
        if kind == "s":
            texts = self.texts()
            index = int(raw) if raw.strip().isdigit() else -1
            return texts[index] if 0 <= index < len(texts) else ""
        return shown_text(unescape(raw))

    def texts(self) -> list[str]:
        """The shared strings' texts as a reader of the written package reads them: the stored ones, then those the
        tool appended (read from what is written, never from the file written)."""
        if self._texts is None:
            self._texts = read_strings(self.package, self._strings_part) if self._strings_part else []
        return [*self._texts, *self.strings.added_texts]

    def stream_sheet(self, name: str, chunks: Iterable[bytes]) -> None:
        """The new bytes of an existing sheet, produced while saving."""
        self.package.write(self.sheet_part(name), chunks)

    def put_sheet(
        self,
        name: str,
        xml: bytes,
        replacing: SheetEntry | None = None,
        hidden: bool = False,
        position: int | None = None,
    ) -> None:
        """Add sheet `name` at the end of the tabs (or before the sheet at `position`), or rewrite `replacing` (the
        tool's own) where it is, renamed `name`."""
        if replacing is not None:
            part = self.sheet_part(replacing.name)
            self._drop_relationships(part)
            self.package.write(part, xml)
            self._set_sheet_attribute(replacing.name, b"name", name)
            self.sheets = [replace(e, name=name) if e is replacing else e for e in self.sheets]
            self._set_sheet_attribute(name, b"state", "hidden" if hidden else None)
            return
        if self.has_name(name):
            raise PackageError(key="sheet_exists", path=self.path, name=name)
        part = self.package.unused_name("xl/worksheets/sheet{}.xml")
        self.package.write(part, xml)
        self.package.set_override(part, CT_WORKSHEET)
        rid = self.package.add_relationship(self.workbook_part, REL_WORKSHEET, part)
        ids = [int(i) for i in (attribute(t.group(0), b"sheetId") or "0" for t in self._sheet_tags()) if i.isdigit()]
        r = self._rel_prefix()
        state = ' state="hidden"' if hidden else ""
        element = (
            f'<{self.prefix.decode()}sheet name={quoteattr(name)} sheetId="{max(ids, default=0) + 1}"{state} '
            f'{r}="{rid}"/>'
        ).encode()
        tags = self._sheet_tags()
        if tags and position is not None and position < len(tags):
            self._xml = self._xml[: tags[position].start()] + element + self._xml[tags[position].start() :]
            self._shift_sheet_indexes(position)
            self.sheets.insert(position, SheetEntry(name, part, rid))
            return
        if tags:
            at = tags[-1].end()
        else:
            found = re.search(rb"<" + re.escape(self.prefix) + rb"sheets\s*/>", self._xml)
            if found is None:
                raise PackageError(key="no_sheets_listed", path=self.path)
            self._xml = (
                self._xml[: found.start()]
                + b"<"
                + self.prefix
                + b"sheets></"
                + self.prefix
                + b"sheets>"
                + self._xml[found.end() :]
            )
            at = found.start() + len(self.prefix) + 8
        self._xml = self._xml[:at] + element + self._xml[at:]
        self.sheets.append(SheetEntry(name, part, rid))

    def remove_sheet(self, name: str) -> None:
        """Leave sheet `name` out of the package: its tab, its part and the parts only it uses (notes, drawings,
        printer settings), its sheet-local defined names; the indexes counting the sheets after it move down, and a
        window showing it shows the first visible sheet. The calculation chain, which counts sheets, is dropped
        (Excel rebuilds it on open)."""
        entry = self.sheet(name)
        if entry is None:
            return
        tags = self._sheet_tags()
        position = next(i for i, t in enumerate(tags) if attribute(t.group(0), b"name") == name)
        if entry.part and entry.part in self.package:
            for rel in self.package.relationships(entry.part):
                if not rel.external and rel.target in self.package:
                    self.package.remove(rel.target)
                    self.package.set_override(rel.target, None)
            if PartName(entry.part).rels in self.package:
                self.package.remove(PartName(entry.part).rels)
            self.package.remove(entry.part)
            self.package.set_override(entry.part, None)
        if entry.rid:
            self.package.remove_relationship(self.workbook_part, entry.rid)
        tag = tags[position]
        self._xml = self._xml[: tag.start()] + self._xml[tag.end() :]
        self.sheets = [s for s in self.sheets if s is not entry]
        visible = [i for i, t in enumerate(self._sheet_tags()) if attribute(t.group(0), b"state") in (None, "visible")]
        self._remove_sheet_index(position, visible[0] if visible else 0)
        self.drop_calc_chain()

    def _remove_sheet_index(self, position: int, shown: int) -> None:
        """The sheet at `position` removed: a defined name local to it goes, the indexes counting sheets after it
        move down by one, and a window whose active or first tab it was starts at the sheet `shown`."""

        def moved(match: re.Match[bytes]) -> bytes:
            """An index counting sheets, in the workbook without the sheet at `position` (its own: `shown`)."""
            index = int(match.group(3))
            index = shown if index == position else index - 1 if index > position else index
            return match.group(1) + match.group(2) + str(index).encode() + match.group(2)

        _, start, end = root_span(self._xml)
        for tag_name, child_start, child_end in reversed(children(self._xml, start, end)):
            if tag_name == "definedNames":
                block = _without_local_names(self._xml[child_start:child_end], position)
                block = re.sub(rb'(\slocalSheetId\s*=\s*)(["\'])(\d+)\2', moved, block)
                self._xml = self._xml[:child_start] + block + self._xml[child_end:]
            elif tag_name == "bookViews":
                block = re.sub(
                    rb'(\s(?:activeTab|firstSheet)\s*=\s*)(["\'])(\d+)\2', moved, self._xml[child_start:child_end]
                )
                self._xml = self._xml[:child_start] + block + self._xml[child_end:]

    def _shift_sheet_indexes(self, position: int) -> None:
        """A sheet inserted at `position`: the indexes that count sheets from there on move up by one (a defined
        name's `localSheetId`, the window's `activeTab` and `firstSheet`), so each still points at its sheet."""

        def shifted(match: re.Match[bytes]) -> bytes:
            index = int(match.group(3))
            return (
                match.group(1)
                + match.group(2)
                + str(index + 1 if index >= position else index).encode()
                + match.group(2)
            )

        _, start, end = root_span(self._xml)
        for name, child_start, child_end in reversed(children(self._xml, start, end)):
            if name in ("definedNames", "bookViews"):
                block = re.sub(
                    rb'(\s(?:localSheetId|activeTab|firstSheet)\s*=\s*)(["\'])(\d+)\2',
                    shifted,
                    self._xml[child_start:child_end],
                )
                self._xml = self._xml[:child_start] + block + self._xml[child_end:]

    def _rel_prefix(self) -> str:
        """`r:id` with the prefix the root binds to relationships, or with a declaration of its own."""
        _, root_end, _ = root_span(self._xml)
        found = re.search(
            rb'xmlns:([\w.\-]+)\s*=\s*["\']' + re.escape(NS_REL.encode()) + rb'["\']', self._xml[:root_end]
        )
        return f"{found.group(1).decode()}:id" if found else f'xmlns:r="{NS_REL}" r:id'

    def _set_sheet_attribute(self, name: str, attr: bytes, value: str | None) -> None:
        for tag in self._sheet_tags():
            if attribute(tag.group(0), b"name") == name:
                new = set_attribute(tag.group(0), attr, value)
                self._xml = self._xml[: tag.start()] + new + self._xml[tag.end() :]
                return

    def _drop_relationships(self, part: str) -> None:
        """A replaced sheet's notes and drawings of notes go with it; nothing else points at them."""
        for rel in self.package.relationships(part):
            if rel.kind in (REL_COMMENTS, REL_VML) and not rel.external:
                self.package.remove(rel.target)
                self.package.set_override(rel.target, None)
        if PartName(part).rels in self.package:
            self.package.remove(PartName(part).rels)

    # ------------------------------------------------------------ cells

    def value_cell(self, value: Any, style: int | None = None) -> NewCell:
        """A cell holding `value`: text as a shared string, numbers, booleans, dates as date serials."""
        if type(value) is int or type(value) is float:  # the common cell, without the checks below
            return number_cell(value, style)
        if isinstance(value, str):  # an empty string is an empty cell, as spreadsheets store it
            return NewCell("s", str(self.strings.index(value)), style) if value else NewCell(None, None, style)
        if isinstance(value, (datetime, date)) and not isinstance(value, time):
            moment = value if isinstance(value, datetime) else datetime(value.year, value.month, value.day)
            serial = (moment.replace(tzinfo=None) - _EXCEL_EPOCH).total_seconds() / 86400
            return number_cell(
                int(serial) if serial.is_integer() else serial,
                style if style is not None else self.styles.cell_format(number_format=DATE_FORMAT),
            )
        if value is None or isinstance(value, (bool, int, float)):
            return number_cell(value, style)
        return NewCell("s", str(self.strings.index(str(value))), style)

    # ------------------------------------------------------------ saving

    def recalculate_on_open(self) -> None:
        """Ask Excel to recalculate every formula on open (organiser formulas may use the computed columns)."""
        _, start, end = root_span(self._xml)
        for name, child_start, _child_end in children(self._xml, start, end):
            if name == "calcPr":
                end = tag_end(self._xml, child_start)
                tag = set_attribute(self._xml[child_start:end], b"fullCalcOnLoad", "1")
                self._xml = self._xml[:child_start] + tag + self._xml[end:]
                return
        self._xml = insert_child(
            self._xml, start, end, "calcPr", b"<" + self.prefix + b'calcPr fullCalcOnLoad="1"/>', WORKBOOK_ORDER
        )

    def has_calc_chain(self) -> bool:
        return bool(self.package.related(self.workbook_part, REL_CALC_CHAIN))

    def drop_calc_chain(self) -> None:
        """The calculation chain lists formula cells; once one is overwritten Excel rebuilds it on open."""
        for rel in self.package.related(self.workbook_part, REL_CALC_CHAIN):
            self.package.remove(rel.target)
            self.package.set_override(rel.target, None)
            self.package.remove_relationship(self.workbook_part, rel.rid)

    def save(
        self,
        target: Path,
        finish: Callable[[], None] | None = None,
        last: tuple[str, Callable[[list[Entry]], bytes]] | None = None,
    ) -> list[Entry]:
        """Write the patched package to `target` once (`PackageEditor.save`): the sheets streamed first, then the shared
        strings, the style sheet (with the formats streaming appended), the workbook part and the relationships and
        content types they need. `finish` runs once the streams are written, before those parts (the caller's own
        part that depends on what was streamed); `last` is made from the entries written (the record's seal)."""

        def finished() -> None:
            if finish is not None:
                finish()
            self._write_workbook_parts()

        return self.package.save(target, finished, last)

    def _write_workbook_parts(self) -> None:
        """The shared strings, the style sheet and the workbook part, as the edits and the streams left them."""
        package = self.package
        if self.strings.changed:
            if self._strings_part is None:
                self._strings_part = (
                    "xl/sharedStrings.xml"
                    if "xl/sharedStrings.xml" not in package
                    else package.unused_name("xl/sharedStrings{}.xml")
                )
                package.add_relationship(self.workbook_part, REL_SHARED_STRINGS, self._strings_part)
                package.set_override(self._strings_part, CT_SHARED_STRINGS)
            package.write(self._strings_part, self.strings.xml())
        self.styles.save(package, self.workbook_part)
        package.write(self.workbook_part, self._xml)


def _without_local_names(block: bytes, position: int) -> bytes:
    """The `<definedNames>` element `block` without the names local to the sheet at `position` (each start tag read
    with `splice.children`, so a '>' inside a quoted value never ends it)."""
    start, end = content(block, 0, len(block))
    kept, at = [block[:start]], start
    for name, child_start, child_end in children(block, start, end):
        tag = block[child_start : tag_end(block, child_start)]
        if name == "definedName" and attribute(tag, b"localSheetId") == str(position):
            kept.append(block[at:child_start])
            at = child_end
    kept.append(block[at:])
    return b"".join(kept)
