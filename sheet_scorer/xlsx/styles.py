"""The style sheet (`xl/styles.xml`): the one module that reads it and the one that edits it.

`read_style_sheet` finds the part and parses it once, with expat (budgets, DOCTYPE refused), into a `StyleSheet`:
its bytes and each cell format's number format. The reader takes its date styles from it; the patcher's `Styles`
edits its bytes: the few formats the tool's cells need, appended, never renumbered. A format the style sheet
already holds in exactly the tool's form is reused, so a re-score appends nothing; the organiser's formats keep
their numbers, so every existing cell keeps its look.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from sheet_scorer.xlsx.cells import attribute_int
from sheet_scorer.xlsx.opc import CT_STYLES, NS_MAIN, NS_MAIN_STRICT, REL_STYLES, Parts
from sheet_scorer.xlsx.splice import (
    TAG,
    attribute,
    children,
    content,
    insert_child,
    open_root,
    root_span,
    set_attribute,
    tag_end,
)

if TYPE_CHECKING:  # the patcher's package: the reader, which reads style sheets too, never imports it
    from sheet_scorer.xlsx.package import PackageEditor

STYLE_ORDER = (
    "numFmts",
    "fonts",
    "fills",
    "borders",
    "cellStyleXfs",
    "cellXfs",
    "cellStyles",
    "dxfs",
    "tableStyles",
    "colors",
    "extLst",
)
FONT_ORDER = (  # the children of a font (CT_Font), in the order the schema requires
    "b",
    "i",
    "strike",
    "condense",
    "extend",
    "outline",
    "shadow",
    "u",
    "vertAlign",
    "sz",
    "color",
    "name",
    "family",
    "charset",
    "scheme",
)
MINIMAL = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="'
    + NS_MAIN.encode()
    + b'"><fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>'
    b'</fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/>'
    b'</fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    b'<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    b'<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
    b'<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
)
DATE_FORMAT = 14  # built-in "m/d/yyyy" shown in the reader's own date order
TWO_DECIMALS = 2  # built-in "0.00"
DEFAULT_PART = "xl/styles.xml"  # where every writer puts it
_DATE_FORMAT_IDS = frozenset(
    {
        14,
        15,
        16,
        17,
        18,
        19,
        20,
        21,
        22,
        27,
        28,
        29,
        30,
        31,
        32,
        33,
        34,
        35,
        36,
        45,
        46,
        47,
        50,
        51,
        52,
        53,
        54,
        55,
        56,
        57,
        58,
    }
)
_NOT_FORMAT_LETTERS = re.compile(r'"[^"]*"|\\.|\[[^\]]*\]|_.|\*.')
_LOCAL = {f"{ns} {local}": local for ns in (NS_MAIN, NS_MAIN_STRICT) for local in ("numFmt", "cellXfs", "xf")}


@dataclass
class StyleSheet:
    """The style sheet as read, for the reader and the patcher alike: where it is, its bytes, and what the
    number format of each cell format (a cell's `s`) is."""

    part: str | None = None  # the part read, or where a new one goes (None: not decided, `DEFAULT_PART` then)
    related: bool = False  # whether the workbook part's styles relationship names `part`
    xml: bytes | None = None  # None: the package has no style sheet
    number_formats: dict[int, str] = field(default_factory=dict)  # numFmtId -> format code (the custom ones)
    cell_formats: list[int] = field(default_factory=list)  # numFmtId of each cell format (cellXfs), in order

    def date_styles(self) -> frozenset[int]:
        """Indexes of the cell formats whose number format shows a date or a time."""
        return frozenset(
            i
            for i, number_format in enumerate(self.cell_formats)
            if is_date_format(number_format, self.number_formats.get(number_format))
        )


def read_style_sheet(package: Parts, main: str) -> StyleSheet:
    """The style sheet the workbook part `main` names (its styles relationship, even to a missing part), else the
    part at `xl/styles.xml` (also when a generator wrote no relationship): parsed once per opening of the file
    (`OpcPackage.model`), within the budgets; the reader's date styles and the patcher's edits come from that one."""
    return package.model("styles", main, lambda: _parse_style_sheet(package, main))


def _parse_style_sheet(package: Parts, main: str) -> StyleSheet:
    """`read_style_sheet`, parsed."""
    related = [r for r in package.relationships(main) if r.kind == REL_STYLES and not r.external]
    sheet = StyleSheet(related[0].target if related else DEFAULT_PART, bool(related))
    if not package.has_part(sheet.part or ""):
        if not related:
            sheet.part = None
        return sheet
    inside = [False]

    def start(tag: str, attrs: dict[str, str]) -> None:
        """Collect custom number formats and each cell format's number format (only `xf` inside `cellXfs`)."""
        local = _LOCAL.get(tag)
        if local == "numFmt":
            sheet.number_formats[attribute_int(attrs.get("numFmtId"))] = attrs.get("formatCode", "")
        elif local == "cellXfs":
            inside[0] = True
        elif local == "xf" and inside[0]:
            sheet.cell_formats.append(attribute_int(attrs.get("numFmtId")))

    def end(tag: str) -> None:
        """Leave `cellXfs`: an `xf` anywhere else (a cell style's, in cellStyleXfs) is not a cell format."""
        if _LOCAL.get(tag) == "cellXfs":
            inside[0] = False

    sheet.xml = package.parse(sheet.part or "", start, end, keep=True)
    return sheet


def is_date_format(number_format: int, code: str | None) -> bool:
    """A built-in date/time format, or a custom one with date or time letters outside quotes and brackets."""
    if code is None:
        return number_format in _DATE_FORMAT_IDS
    letters = _NOT_FORMAT_LETTERS.sub("", code).lower()
    return any(ch in letters for ch in "dmyhs") and "general" not in letters


class Styles:
    """Find-or-append fonts, cell formats and differential formats (conditional-format looks)."""

    def __init__(self, sheet: StyleSheet) -> None:
        self.sheet = sheet
        xml = sheet.xml
        self.created = xml is None
        self._xml = open_root(xml) if xml else MINIMAL
        self.prefix, _, _ = root_span(self._xml)
        self._changed = self.created
        self._complete()

    def _complete(self) -> None:
        """The sections every style sheet needs, added when missing (an empty `<styleSheet/>`): the tool's cell
        formats name font, fill and border 0, and a cell format naming a font that does not exist needs repair."""
        _, start, end = root_span(MINIMAL)
        for name, section_start, section_end in children(MINIMAL, start, end):
            if self._section(name) is not None:
                continue
            element = MINIMAL[section_start:section_end]
            if self.prefix:
                element = re.sub(rb"<(/?)(?=\w)", lambda m: b"<" + m.group(1) + self.prefix, element)
            _, root_start, root_end = root_span(self._xml)
            self._xml = insert_child(self._xml, root_start, root_end, name, element, STYLE_ORDER)
            self._changed = True

    def date_styles(self) -> frozenset[int]:
        """Indexes of the cell formats that show a date as the style sheet now stands (the formats the tool
        appended for its date cells included): what a reader of the written package takes for dates."""
        codes = self.sheet.number_formats
        return frozenset(
            i
            for i, xf in enumerate(self._items("cellXfs"))
            if is_date_format(n := attribute_int(attribute(xf, b"numFmtId")), codes.get(n))
        )

    def _section(self, name: str) -> tuple[int, int, int] | None:
        """(start, content start, content end) of a top-level section like <fonts>."""
        _, start, end = root_span(self._xml)
        for child, child_start, child_end in children(self._xml, start, end):
            if child == name:
                return (child_start, *content(self._xml, child_start, child_end))
        return None

    def _items(self, section: str) -> list[bytes]:
        found = self._section(section)
        if found is None:
            return []
        _, start, end = found
        return [self._xml[s:e] for _, s, e in children(self._xml, start, end)]

    def _find_or_append(self, section: str, item: bytes) -> int:
        """The index of `item` in `section`, appended (and the count updated) when absent."""
        items = self._items(section)
        if item in items:
            return items.index(item)
        found = self._section(section)
        if found is None:
            p = self.prefix
            _, start, end = root_span(self._xml)
            element = b"<" + p + section.encode() + b' count="0"></' + p + section.encode() + b">"
            self._xml = insert_child(self._xml, start, end, section, element, STYLE_ORDER)
            found = self._section(section)
            assert found is not None
        section_start, content_start, content_end = found
        opening = self._xml[section_start:content_start]
        closing = b""
        if opening.endswith(b"/>"):
            opening = opening[:-2] + b">"
            closing = b"</" + self.prefix + section.encode() + b">"
        opening = set_attribute(opening, b"count", str(len(items) + 1))
        self._xml = (
            self._xml[:section_start]
            + opening
            + self._xml[content_start:content_end]
            + item
            + closing
            + self._xml[content_end:]
        )
        self._changed = True
        return len(items)

    def _tag(self, name: str) -> bytes:
        return self.prefix + name.encode()

    def font(self, bold: bool = False, link: bool = False) -> int:
        """The workbook's default font made bold, or blue and underlined like a link: font 0's children (its size,
        name, family …) kept, written in the schema's order (`FONT_ORDER`) whatever order font 0 has them in."""
        fonts = self._items("fonts")
        kept: list[tuple[str, bytes]] = []
        opening = b"<" + self._tag("font") + b">"
        if fonts:
            base = fonts[0]
            head = tag_end(base, 0)  # font 0's start tag kept as it is, attributes and all
            opening = base[: head - 2] + b">" if base[head - 2 : head] == b"/>" else base[:head]
            start, end = content(base, 0, len(base))
            kept = [(name, base[s:e]) for name, s, e in children(base, start, end) if name not in ("b", "u", "color")]
        if bold:
            kept.append(("b", b"<" + self._tag("b") + b"/>"))
        if link:
            kept.append(("u", b"<" + self._tag("u") + b"/>"))
            kept.append(("color", b"<" + self._tag("color") + b' rgb="FF0563C1"/>'))
        rank = {name: i for i, name in enumerate(FONT_ORDER)}
        kept.sort(key=lambda child: rank.get(child[0], len(rank)))  # stable: anything unknown stays last, in order
        body = b"".join(element for _, element in kept)
        return self._find_or_append("fonts", opening + body + b"</" + self._tag("font") + b">")

    def cell_format(self, font: int = 0, number_format: int = 0) -> int:
        """A cell format with `font` and the built-in `number_format`; its index in cellXfs."""
        xf = (
            b"<"
            + self._tag("xf")
            + f' numFmtId="{number_format}" fontId="{font}" fillId="0" borderId="0" xfId="0"'.encode()
            + (b' applyNumberFormat="1"' if number_format else b"")
            + (b' applyFont="1"' if font else b"")
            + b"/>"
        )
        return self._find_or_append("cellXfs", xf)

    def general(self) -> int:
        """The tool's own cell format for the numbers it computes: General, applied whatever the workbook's
        Normal style or a row's or column's format says (without `applyNumberFormat` a cell format takes its
        cell style's number format, and an organiser's Normal style may show dates: 10 VP as 1900-01-10)."""
        return self._find_or_append(
            "cellXfs",
            b"<" + self._tag("xf") + b' numFmtId="0" fontId="0" fillId="0" borderId="0" '
            b'xfId="0" applyNumberFormat="1"/>',
        )

    def general_for(self, style: int | None) -> int:
        """The cell format for a number the tool computes in a cell styled `style`: that format with its number
        format made General (font, fill, borders and alignment kept), else `general()`. An organiser who
        formatted whole rows as dates would otherwise see 10 VP as 1900-01-10."""
        items = self._items("cellXfs")
        if not style or style >= len(items):
            return self.general()
        xf = items[style]
        tag = TAG.match(xf)
        if tag is None:
            return self.general()
        opening, end = tag.group(0), tag.end()
        if attribute(opening, b"numFmtId") == "0" and attribute(opening, b"applyNumberFormat") in ("1", "true"):
            return style
        opening = set_attribute(set_attribute(opening, b"numFmtId", "0"), b"applyNumberFormat", "1")
        return self._find_or_append("cellXfs", opening + xf[end:])

    def differential(self, font_rgb: str, fill_rgb: str) -> int:
        """A differential format (a conditional format's look): font colour and solid fill; its index in dxfs."""
        t = self._tag
        dxf = (
            b"<"
            + t("dxf")
            + b"><"
            + t("font")
            + b"><"
            + t("color")
            + f' rgb="{font_rgb}"/></'.encode()
            + t("font")
            + b"><"
            + t("fill")
            + b"><"
            + t("patternFill")
            + b' patternType="solid"><'
            + t("fgColor")
            + f' rgb="{fill_rgb}"/><'.encode()
            + t("bgColor")
            + f' rgb="{fill_rgb}"/></'.encode()
            + t("patternFill")
            + b"></"
            + t("fill")
            + b"></"
            + t("dxf")
            + b">"
        )
        return self._find_or_append("dxfs", dxf)

    def save(self, package: PackageEditor, main: str) -> None:
        """Write the style sheet back when the tool changed it: where it was read from, with the relationship and
        content type it lacked; else a new part at `xl/styles.xml` (or a free name beside it)."""
        if not self._changed:
            return
        part = self.sheet.part
        if part is None:
            part = DEFAULT_PART if DEFAULT_PART not in package else package.unused_name("xl/styles{}.xml")
        if not self.sheet.related:
            package.add_relationship(main, REL_STYLES, part)
        if part not in package or package.content_type(part) is None:  # new, or named but missing, or untyped
            package.set_override(part, CT_STYLES)
        package.write(part, self._xml)
