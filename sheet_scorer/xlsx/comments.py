"""A round sheet's notes (legacy comments) and their drawing (VML): the tool's notes added after a
fixed marker, and removed again on the next run, while the organiser's notes, their formatting,
size and pinning stay exactly as they were.

A note the organiser already has on a marked cell gets the tool's text appended as a run of its
own; clearing removes that run only. A note the tool created is removed with its drawn shape.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING

from sheet_scorer.xlsx.errors import PackageError

from sheet_scorer.xlsx.cells import parse_ref
from sheet_scorer.xlsx.opc import CT_COMMENTS, CT_VML, NS_MAIN, NS_REL, REL_COMMENTS, REL_VML
from sheet_scorer.xlsx.package import Package, attribute, root_span
from sheet_scorer.xlsx.text import ooxml_text
from sheet_scorer.xlsx.sheetxml import Worksheet

if TYPE_CHECKING:
    from lxml import etree

COMMENT_MARKER = "⚠ sheet-scorer:"
COMMENT_AUTHOR = "sheet-scorer"
MAX_NOTE = 32_767  # Excel's limit for a note's text
_M = f"{{{NS_MAIN}}}"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
# Any prefix: Excel writes v:/x:, openpyxl ns0:/ns1: declared on each element.
_SHAPE = re.compile(rb"<([\w.\-]+):shape\b(?:[^>\"']|\"[^\"]*\"|'[^']*')*>.*?</\1:shape>", re.S)
_IDMAP = re.compile(rb'<[\w.\-]+:idmap\b[^>]*data="(\d+)')
_VML_NAMESPACES = (b'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
                   b'xmlns:x="urn:schemas-microsoft-com:office:excel"')
_NEW_VML = (b'<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
            b'xmlns:x="urn:schemas-microsoft-com:office:excel">\n <o:shapelayout v:ext="edit">\n  <o:idmap v:ext="edit" '
            b'data="%d"/>\n </o:shapelayout>\n <v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" '
            b'path="m,l,21600r21600,l21600,xe">\n  <v:stroke joinstyle="miter"/>\n  <v:path gradientshapeok="t" '
            b'o:connecttype="rect"/>\n </v:shapetype>\n</xml>')
_NEW_COMMENTS = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<comments xmlns="{NS_MAIN}"><authors/>'
                 f'<commentList/></comments>').encode()


@functools.cache
def _parser() -> etree.XMLParser:
    """lxml's parser for notes, made (and lxml imported) only when a sheet has notes: most runs have none."""
    from lxml import etree

    return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False)


def _text_of(element: etree._Element) -> str:
    """What a note's <text> shows: its plain text and its runs' text (phonetic hints left out)."""
    pieces = [element.findtext(f"{_M}t") or ""]
    pieces += [run.findtext(f"{_M}t") or "" for run in element.findall(f"{_M}r")]
    return "".join(pieces)


def _strip_ours(text: etree._Element) -> bool:
    """Remove the tool's runs (and its text appended to a plain note by older versions); True if any was there."""
    found = False
    for run in text.findall(f"{_M}r"):
        if (run.findtext(f"{_M}t") or "").lstrip("\n").startswith(COMMENT_MARKER):
            text.remove(run)
            found = True
    plain = text.find(f"{_M}t")
    if plain is not None and COMMENT_MARKER in (plain.text or ""):
        plain.text = (plain.text or "").split(COMMENT_MARKER, 1)[0].rstrip("\n")
        if not plain.text:
            text.remove(plain)
        found = True
    return found


def _run(body: str) -> etree._Element:
    from lxml import etree

    run = etree.Element(f"{_M}r")
    properties = etree.SubElement(run, f"{_M}rPr")
    etree.SubElement(properties, f"{_M}sz", val="9")
    etree.SubElement(properties, f"{_M}color", indexed="81")
    etree.SubElement(properties, f"{_M}rFont", val="Tahoma")
    etree.SubElement(properties, f"{_M}family", val="2")
    t = etree.SubElement(run, f"{_M}t")
    t.text = ooxml_text(body)
    t.set(_XML_SPACE, "preserve")
    return run


def _within_limit(current: str, body: str) -> str:
    room = MAX_NOTE - len(current)
    return body if len(body) <= room else body[:max(0, room - 1)] + "…"


class Notes:
    """The notes of one worksheet: clear the tool's, add new ones, then write the parts back."""

    def __init__(self, package: Package, sheet_part: str, sheet: Worksheet) -> None:
        self._package, self._part, self._sheet = package, sheet_part, sheet
        rels = {r.rid: r for r in package.relationships(sheet_part)}
        comments = [r for r in rels.values() if r.type == REL_COMMENTS and not r.external and r.target in package]
        self._comments_rel = comments[0] if comments else None
        self._vml_rel = None
        for element in sheet.tail_elements("legacyDrawing"):
            rid = attribute(element, b"r:id") or _any_id(element)
            if rid in rels and rels[rid].type == REL_VML:
                self._vml_rel = rels[rid]
        self._root = None
        if self._comments_rel:
            from lxml import etree

            try:
                self._root = etree.fromstring(package.read(self._comments_rel.target), _parser())
            except etree.XMLSyntaxError:
                raise PackageError(key="notes_damaged", sheet=sheet.name) from None
        self._vml = package.read(self._vml_rel.target) if self._vml_rel and self._vml_rel.target in package else None
        self._changed = False

    def clear(self) -> None:
        """Remove the tool's notes and its text in the organiser's notes."""
        if self._root is None:
            return
        comment_list = self._root.find(f"{_M}commentList")
        for comment in list(comment_list if comment_list is not None else []):
            text = comment.find(f"{_M}text")
            if text is None or not _strip_ours(text):
                continue
            self._changed = True
            if not _text_of(text).strip() and text.find(f"{_M}r") is None:
                comment_list.remove(comment)  # type: ignore[union-attr]
                self._remove_shape(comment.get("ref", ""))

    def add(self, notes: dict[str, list[str]]) -> None:
        """Append each cell's messages to its note, or give it a new one."""
        if not notes:
            return
        from lxml import etree

        self._changed = True
        if self._root is None:
            self._root = etree.fromstring(_NEW_COMMENTS, _parser())
        authors = self._root.find(f"{_M}authors")
        if authors is None:
            authors = etree.Element(f"{_M}authors")
            self._root.insert(0, authors)
        comment_list = self._root.find(f"{_M}commentList")
        if comment_list is None:
            comment_list = etree.SubElement(self._root, f"{_M}commentList")
        existing = {c.get("ref"): c for c in comment_list}
        for ref, messages in notes.items():
            note = "\n".join(f"{COMMENT_MARKER} {m}" for m in messages)
            comment = existing.get(ref)
            if comment is None:
                comment = etree.SubElement(comment_list, f"{_M}comment", ref=ref, authorId=str(self._author(authors)))
                etree.SubElement(comment, f"{_M}text")
                self._add_shape(ref, len(messages))
            text = comment.find(f"{_M}text")
            if text is None:
                text = etree.SubElement(comment, f"{_M}text")
            current = _text_of(text)
            body = _within_limit(current, ("\n\n" if current.strip() else "") + note)
            if not body:
                continue
            before = next((i for i, child in enumerate(text) if child.tag in (f"{_M}rPh", f"{_M}phoneticPr")), len(text))
            text.insert(before, _run(body))

    def _author(self, authors: etree._Element) -> int:
        from lxml import etree

        names = [a.text or "" for a in authors]
        if COMMENT_AUTHOR in names:
            return names.index(COMMENT_AUTHOR)
        etree.SubElement(authors, f"{_M}author").text = COMMENT_AUTHOR
        return len(names)

    # ------------------------------------------------------------ the drawn shapes

    def _remove_shape(self, ref: str) -> None:
        if self._vml is None or not ref:
            return
        try:
            column, row = parse_ref(ref)
        except ValueError:  # a damaged note reference: its shape cannot be told apart
            return
        for shape in _SHAPE.finditer(self._vml):
            body = shape.group(0)
            if (b'ObjectType="Note"' in body and re.search(rb"<[\w.\-]+:Row>\s*%d\s*</[\w.\-]+:Row>" % (row - 1), body)
                    and re.search(rb"<[\w.\-]+:Column>\s*%d\s*</[\w.\-]+:Column>" % (column - 1), body)):
                end = shape.end() + (self._vml[shape.end():shape.end() + 1] == b"\n")  # the line break added with it
                self._vml = self._vml[:shape.start()] + self._vml[end:]
                return

    def _add_shape(self, ref: str, lines: int) -> None:
        if self._vml is None:
            self._vml = _NEW_VML % self._free_idmap()
        if b'id="_x0000_t202"' not in self._vml:
            first = _SHAPE.search(self._vml)
            start = first.start() if first else self._vml.rindex(b"</xml>")
            template = _NEW_VML % 0
            shapetype = template[template.index(b"<v:shapetype"):template.index(b"</v:shapetype>") + 14]
            shapetype = shapetype.replace(b"<v:shapetype ", b"<v:shapetype " + _VML_NAMESPACES + b" ", 1)
            self._vml = self._vml[:start] + shapetype + b"\n" + self._vml[start:]
        column, row = parse_ref(ref)
        numbers = [int(n) for n in re.findall(rb'id="_x0000_s(\d+)"', self._vml)]
        idmap = _IDMAP.search(self._vml)
        shape_id = max(numbers) + 1 if numbers else 1024 * (int(idmap.group(1)) if idmap else 1) + 1
        height = 30 + 24 * lines
        shape = (f'<v:shape {_VML_NAMESPACES.decode()} id="_x0000_s{shape_id}" type="#_x0000_t202" style="position:absolute;margin-left:59.25pt;'
                 f'margin-top:1.5pt;width:240pt;height:{height}pt;z-index:{len(numbers) + 1};visibility:hidden" '
                 'fillcolor="#ffffe1" o:insetmode="auto">\n  <v:fill color2="#ffffe1"/>\n  <v:shadow on="t" color="black" '
                 'obscured="t"/>\n  <v:path o:connecttype="none"/>\n  <v:textbox style="mso-direction-alt:auto">\n   '
                 '<div style="text-align:left"></div>\n  </v:textbox>\n  <x:ClientData ObjectType="Note">\n   <x:MoveWithCells/>'
                 f'\n   <x:SizeWithCells/>\n   <x:Anchor>{column}, 15, {max(row - 2, 0)}, 10, {column + 4}, 15, '
                 f'{max(row - 2, 0) + 3 + lines}, 4</x:Anchor>\n   <x:AutoFill>False</x:AutoFill>\n   <x:Row>{row - 1}</x:Row>\n'
                 f'   <x:Column>{column - 1}</x:Column>\n  </x:ClientData>\n </v:shape>').encode()
        end = self._vml.rindex(b"</xml>")
        self._vml = self._vml[:end] + shape + b"\n" + self._vml[end:]

    def _free_idmap(self) -> int:
        used = [0]
        for part in self._package.parts():
            if part.endswith(".vml"):
                used += [int(n) for n in _IDMAP.findall(self._package.read(part))]
        return max(used) + 1

    # ------------------------------------------------------------ writing back

    def save(self) -> None:
        """Write the notes and drawing parts, adding or removing them (and the sheet's reference) as needed."""
        if not self._changed:
            return
        from lxml import etree

        package, part, sheet = self._package, self._part, self._sheet
        comment_list = self._root.find(f"{_M}commentList") if self._root is not None else None
        if comment_list is None or len(comment_list) == 0:
            if self._comments_rel is not None:
                package.remove(self._comments_rel.target)
                package.set_override(self._comments_rel.target, None)
                package.remove_relationship(part, self._comments_rel.rid)
        else:
            if self._comments_rel is None:
                target = package.unused_name("xl/comments{}.xml")
                package.add_relationship(part, REL_COMMENTS, target)
                package.set_override(target, CT_COMMENTS)
            else:
                target = self._comments_rel.target
            package.write(target, b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
                          + etree.tostring(self._root, xml_declaration=False, encoding="UTF-8"))
        if self._vml is None:
            return
        if _SHAPE.search(self._vml) is None and self._vml_rel is not None:
            package.remove(self._vml_rel.target)
            package.remove_relationship(part, self._vml_rel.rid)
            for name, start, end in sheet.tail_children():
                if name == "legacyDrawing":
                    sheet.replace_tail(start, end, b"")
                    break
            return
        if self._vml_rel is None:
            target = package.unused_name("xl/drawings/vmlDrawing{}.vml")
            rid = package.add_relationship(part, REL_VML, target)
            package.ensure_default("vml", CT_VML)
            sheet.insert_tail("legacyDrawing", b"<" + sheet.prefix + b"legacyDrawing " + _rid_attribute(sheet, rid) + b"/>")
        else:
            target = self._vml_rel.target
        package.write(target, self._vml)


def _any_id(element: bytes) -> str | None:
    found = re.search(rb"""\s[\w.\-]+:id\s*=\s*["']([^"']*)["']""", element)
    return found.group(1).decode() if found else None


def _rid_attribute(sheet: Worksheet, rid: str) -> bytes:
    """`r:id="…"` with the prefix the sheet binds to relationships, or a local declaration when it binds none."""
    _, root_end, _ = root_span(sheet.head + b"</x>")
    found = re.search(rb'xmlns:([\w.\-]+)\s*=\s*["\']' + re.escape(NS_REL.encode()) + rb'["\']', sheet.head[:root_end])
    if found:
        return found.group(1) + b':id="' + rid.encode() + b'"'
    return f'xmlns:r="{NS_REL}" r:id="{rid}"'.encode()
