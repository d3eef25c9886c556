"""A round sheet's notes (legacy comments) and their drawing (VML): the tool's notes added after a
fixed marker, and removed again on the next run, while the organiser's notes, their formatting,
size and pinning stay exactly as they were.

A note the organiser already has on a marked cell gets the tool's text appended as a run of its
own; clearing removes that run only. A note the tool created is removed with its drawn shape.

Both parts are handled as every part the patcher writes: read through the package's expat path (budgets,
DOCTYPE and entities refused, well formed) and edited as bytes (`splice`), so every byte of the organiser's
notes the tool does not own (prefixes, quotes, white space, extensions) stays as it was.
"""

from __future__ import annotations

import re

from sheet_scorer.xlsx.cells import parse_ref
from sheet_scorer.xlsx.errors import PackageError
from sheet_scorer.xlsx.opc import CT_COMMENTS, CT_VML, NS_MAIN, NS_REL, REL_COMMENTS, REL_VML
from sheet_scorer.xlsx.package import PackageEditor
from sheet_scorer.xlsx.sheetxml import Worksheet
from sheet_scorer.xlsx.splice import (
    ATTRS,
    TAG,
    attribute,
    children,
    content,
    escape,
    insert_child,
    open_root,
    quoteattr,
    root_span,
    tag_end,
)
from sheet_scorer.xlsx.text import ooxml_text, unescape

COMMENT_MARKER = "⚠ sheet-scorer:"
COMMENT_AUTHOR = "sheet-scorer"
_MARKER_BYTES = b"sheet-scorer:"  # in every note holding the marker, however its first character is written
MAX_NOTE = 32_767  # Excel's limit for a note's text
COMMENTS_ORDER = ("authors", "commentList", "extLst")  # ECMA-376 CT_Comments
# Any prefix: Excel writes v:/x:, openpyxl ns0:/ns1: declared on each element.
_SHAPE = re.compile(rb"<([\w.\-]+):shape\b" + ATTRS + rb">.*?</\1:shape>", re.S)
_IDMAP = re.compile(rb"<[\w.\-]+:idmap\b" + ATTRS + rb'?\sdata="(\d+)')
_VML_NAMESPACES = (
    b'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
    b'xmlns:x="urn:schemas-microsoft-com:office:excel"'
)
_NEW_VML = (
    b'<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
    b'xmlns:x="urn:schemas-microsoft-com:office:excel">\n <o:shapelayout v:ext="edit">\n  <o:idmap v:ext="edit" '
    b'data="%d"/>\n </o:shapelayout>\n <v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" '
    b'path="m,l,21600r21600,l21600,xe">\n  <v:stroke joinstyle="miter"/>\n  <v:path gradientshapeok="t" '
    b'o:connecttype="rect"/>\n </v:shapetype>\n</xml>'
)
_NEW_COMMENTS = (
    f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<comments xmlns="{NS_MAIN}"><authors/>'
    f"<commentList/></comments>"
).encode()
_DECLARED = re.compile(rb"""\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._\-]+)["'][^>]*\?>""")
_CDATA = re.compile(rb"<!\[CDATA\[(.*?)\]\]>", re.S)
_SPACE = re.compile(rb"\s*")

Span = tuple[int, int]


def _utf8(xml: bytes) -> bytes:
    """The part in UTF-8, which the bytes spliced in are: another encoding (UTF-16, Latin-1 …, which expat has read)
    is converted once, with the declaration saying so."""
    if xml.startswith(b"\xef\xbb\xbf"):
        return xml
    declared = _DECLARED.match(xml)
    utf16 = xml.startswith((b"\xff\xfe", b"\xfe\xff"))
    if utf16:
        encoding = "utf-16"
    elif declared is None or declared.group(1).lower() in (b"utf-8", b"utf8"):
        return xml
    else:
        encoding = declared.group(1).decode()
    text = xml.decode(encoding)
    found = re.match(r"\s*<\?xml[^>]*\?>", text)
    body = text[found.end() :] if found else text
    return b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' + body.encode()


def _text(xml: bytes, start: int, end: int) -> str:
    """The character data of a text-only element (`<t>`, `<author>`) as a parser gives it: entities and character
    references resolved, CDATA taken as it is, line ends made `\\n`."""
    content_start, content_end = content(xml, start, end)
    pieces, at = [], content_start
    for cdata in _CDATA.finditer(xml, content_start, content_end):
        pieces.append(unescape(xml[at : cdata.start()].decode("utf-8")))
        pieces.append(cdata.group(1).decode("utf-8"))
        at = cdata.end()
    pieces.append(unescape(xml[at:content_end].decode("utf-8")))
    return "".join(pieces).replace("\r\n", "\n").replace("\r", "\n")


def _kids(xml: bytes, start: int, end: int) -> list[tuple[str, int, int]]:
    """The child elements of the element at `xml[start:end]`."""
    return children(xml, *content(xml, start, end))


def _first(xml: bytes, start: int, end: int, name: str) -> Span | None:
    """The span of the first child named `name` of the element at `xml[start:end]` (None: it has none)."""
    return next(((s, e) for n, s, e in _kids(xml, start, end) if n == name), None)


def _tail(xml: bytes, end: int) -> int:
    """Where the white space after an element ends: removed with it, as a tree removes an element's tail."""
    found = _SPACE.match(xml, end)
    return found.end() if found else end


def _opened(xml: bytes, start: int, end: int) -> tuple[bytes, int]:
    """The element at `xml[start:end]` as bytes with an end tag (a self-closing one opened); where its content ends."""
    element = xml[start:end]
    if element.endswith(b"/>") and tag_end(xml, start) == end:
        found = re.match(rb"<([\w.\-:]+)", element)
        assert found is not None  # the element's bytes open with its tag (`tag_end` found its end)
        name = found.group(1)
        element = element[:-2].rstrip() + b"></" + name + b">"
    return element, element.rindex(b"</")


def _text_of(xml: bytes, start: int, end: int) -> str:
    """What a note's <text> at `xml[start:end]` shows: its plain text and its runs' text (phonetic hints left out)."""
    pieces = []
    plain = _first(xml, start, end, "t")
    pieces.append(_text(xml, *plain) if plain else "")
    for name, run_start, run_end in _kids(xml, start, end):
        if name == "r":
            t = _first(xml, run_start, run_end, "t")
            pieces.append(_text(xml, *t) if t else "")
    return "".join(pieces)


def _without_ours(xml: bytes, start: int, end: int) -> bytes | None:
    """The <text> at `xml[start:end]` without the tool's runs (and its text appended to a plain note by older
    versions); None when none was there."""
    cuts: list[tuple[int, int, bytes]] = []
    plain = _first(xml, start, end, "t")
    for name, run_start, run_end in _kids(xml, start, end):
        t = _first(xml, run_start, run_end, "t") if name == "r" else None
        if t and _text(xml, *t).lstrip("\n").startswith(COMMENT_MARKER):
            cuts.append((run_start, _tail(xml, run_end), b""))
    if plain is not None and COMMENT_MARKER in (kept := _text(xml, *plain)):
        kept = kept.split(COMMENT_MARKER, 1)[0].rstrip("\n")
        if kept:
            cuts.append((*content(xml, *plain), escape(kept).encode()))
        else:
            cuts.append((plain[0], _tail(xml, plain[1]), b""))
    if not cuts:
        return None
    out, at = [], start
    for cut_start, cut_end, new in sorted(cuts):
        out += [xml[at:cut_start], new]
        at = cut_end
    out.append(xml[at:end])
    return b"".join(out)


def _run(body: str, prefix: bytes) -> bytes:
    """The tool's run: Excel's note font, the text kept as written (leading line breaks, spaces)."""
    text = escape(ooxml_text(body)).replace("\r", "&#13;")
    p = prefix.decode()
    return (
        f'<{p}r><{p}rPr><{p}sz val="9"/><{p}color indexed="81"/><{p}rFont val="Tahoma"/><{p}family val="2"/></{p}rPr>'
        f'<{p}t xml:space="preserve">{text}</{p}t></{p}r>'
    ).encode()


def _appended(xml: bytes, comment: Span, note: str, prefix: bytes) -> bytes | None:
    """The organiser's <comment> at `xml[comment]` with the tool's run added to its text (before phonetic hints);
    None when the note is full."""
    element, content_end = _opened(xml, *comment)
    text = _first(element, 0, len(element), "text")
    if text is None:
        element = element[:content_end] + b"<" + prefix + b"text/>" + element[content_end:]
        text = _first(element, 0, len(element), "text")
        assert text is not None
    current = _text_of(element, *text)
    body = _within_limit(current, ("\n\n" if current.strip() else "") + note)
    if not body:
        return None
    opened, text_end = _opened(element, *text)
    element = element[: text[0]] + opened + element[text[1] :]
    text = (text[0], text[0] + len(opened))
    at = next((s for n, s, _ in _kids(element, *text) if n in ("rPh", "phoneticPr")), text[0] + text_end)
    return element[:at] + _run(body, prefix) + element[at:]


def _within_limit(current: str, body: str) -> str:
    room = MAX_NOTE - len(current)
    return body if len(body) <= room else body[: max(0, room - 1)] + "…"


class Notes:
    """The notes of one worksheet: clear the tool's, add new ones, then write the parts back."""

    def __init__(self, package: PackageEditor, sheet_part: str, sheet: Worksheet) -> None:
        self._package, self._part, self._sheet = package, sheet_part, sheet
        rels = {r.rid: r for r in package.relationships(sheet_part)}
        comments = [r for r in rels.values() if r.kind == REL_COMMENTS and not r.external and r.target in package]
        self._comments_rel = comments[0] if comments else None
        self._vml_rel = None
        for element in sheet.tail_elements("legacyDrawing"):
            rid = attribute(element, b"r:id") or _any_id(element)
            if rid in rels and rels[rid].kind == REL_VML:
                self._vml_rel = rels[rid]
        self._xml: bytes | None = None  # the notes part, as read and edited
        self._sections: tuple[bytes | None, dict[str, Span]] = (None, {})  # the bytes last read for `_section`, and it
        if self._comments_rel is not None:
            try:
                self._xml = _utf8(package.parse(self._comments_rel.target, keep=True) or b"")
            except PackageError as error:
                if error.key != "part_not_xml":
                    raise
                raise PackageError(key="notes_damaged", sheet=sheet.name) from None
        self._vml = package.read(self._vml_rel.target) if self._vml_rel and self._vml_rel.target in package else None
        self._changed = False

    def _section(self, name: str) -> Span | None:
        """The span of a top-level element of the notes part (`authors`, `commentList`): the part is read for them once
        for each state of its bytes."""
        assert self._xml is not None
        if self._sections[0] is not self._xml:
            _, start, end = root_span(self._xml)
            found: dict[str, Span] = {}
            for n, s, e in children(self._xml, start, end):
                found.setdefault(n, (s, e))
            self._sections = (self._xml, found)
        return self._sections[1].get(name)

    def _ensure(self, name: str) -> Span:
        """A top-level element, added empty where the schema puts it when missing."""
        found = self._section(name)
        if found is None:
            assert self._xml is not None
            self._xml = open_root(self._xml)
            prefix, start, end = root_span(self._xml)
            self._xml = insert_child(self._xml, start, end, name, b"<" + prefix + name.encode() + b"/>", COMMENTS_ORDER)
            found = self._section(name)
            assert found is not None
        return found

    def _replace(self, span: Span, pieces: dict[Span, bytes], added: bytes = b"") -> None:
        """The element at `span` with `pieces` (spans inside it) replaced and `added` put at the end of its content."""
        assert self._xml is not None
        xml = self._xml
        out, at = [], span[0]
        for (start, end), new in sorted(pieces.items()):
            out += [xml[at:start], new]
            at = end
        out.append(xml[at : span[1]])
        element = b"".join(out)
        if added:
            element, content_end = _opened(element, 0, len(element))
            element = element[:content_end] + added + element[content_end:]
        self._xml = xml[: span[0]] + element + xml[span[1] :]

    def clear(self) -> None:
        """Remove the tool's notes and its text in the organiser's notes."""
        if self._xml is None or (found := self._section("commentList")) is None:
            return
        xml, pieces = self._xml, {}
        for name, start, end in _kids(xml, *found):
            if xml.find(_MARKER_BYTES, start, end) < 0:  # the organiser's note alone: nothing to look at
                continue
            text = _first(xml, start, end, "text") if name == "comment" else None
            new_text = _without_ours(xml, *text) if text else None
            if text is None or new_text is None:
                continue
            self._changed = True
            kept = xml[: text[0]] + new_text
            text_span = (text[0], len(kept))
            if not _text_of(kept, *text_span).strip() and not any(n == "r" for n, _, _ in _kids(kept, *text_span)):
                pieces[(start, _tail(xml, end))] = b""
                self._remove_shape(attribute(xml[start : tag_end(xml, start)], b"ref") or "")
            else:
                pieces[text] = new_text
        if pieces:
            self._replace(found, pieces)

    def add(self, notes: dict[str, list[str]]) -> None:
        """Append each cell's messages to its note, or give it a new one."""
        if not notes:
            return
        self._changed = True
        if self._xml is None:
            self._xml = _NEW_COMMENTS
        self._xml = open_root(self._xml)
        prefix, _, _ = root_span(self._xml)
        self._ensure("authors")
        self._ensure("commentList")
        found, existing = self._comments()
        author = 0
        if any(
            ref not in existing for ref in notes
        ):  # a new note: the tool among the authors (which may move the list)
            before = len(self._xml)
            author = self._author(prefix)
            authors = self._section("authors")
            shift = len(self._xml) - before if authors and authors[0] < found[0] else 0
            found = (found[0] + shift, found[1] + shift)
            existing = {ref: (s + shift, e + shift) for ref, (s, e) in existing.items()}
        xml = self._xml
        pieces: dict[Span, bytes] = {}
        added: list[bytes] = []
        shapes: list[tuple[str, int]] = []  # (cell, lines) of each new note's drawn box
        for ref, messages in notes.items():
            note = "\n".join(f"{COMMENT_MARKER} {m}" for m in messages)
            comment = existing.get(ref)
            if comment is None:
                body = _within_limit("", note)
                added.append(
                    b"<"
                    + prefix
                    + b"comment ref="
                    + quoteattr(ref).encode()
                    + f' authorId="{author}">'.encode()
                    + b"<"
                    + prefix
                    + b"text>"
                    + (_run(body, prefix) if body else b"")
                    + b"</"
                    + prefix
                    + b"text></"
                    + prefix
                    + b"comment>"
                )
                shapes.append((ref, len(messages)))
                continue
            new = _appended(xml, comment, note, prefix)
            if new is not None:
                pieces[comment] = new
        self._add_shapes(shapes)
        self._replace(found, pieces, b"".join(added))

    def _comments(self) -> tuple[Span, dict[str | None, Span]]:
        """The span of the comment list, and of each note in it by its cell (the last one for a cell named twice)."""
        found = self._section("commentList")
        assert found is not None and self._xml is not None
        xml = self._xml
        return found, {attribute(xml[s : tag_end(xml, s)], b"ref"): (s, e) for _, s, e in _kids(xml, *found)}

    def _author(self, prefix: bytes) -> int:
        """The tool's index among the authors, added once."""
        assert self._xml is not None
        found = self._ensure("authors")
        names = [_text(self._xml, s, e) for _, s, e in _kids(self._xml, *found)]
        if COMMENT_AUTHOR in names:
            return names.index(COMMENT_AUTHOR)
        self._replace(found, {}, b"<" + prefix + b"author>" + COMMENT_AUTHOR.encode() + b"</" + prefix + b"author>")
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
            if (
                b'ObjectType="Note"' in body
                and re.search(rb"<[\w.\-]+:Row>\s*%d\s*</[\w.\-]+:Row>" % (row - 1), body)
                and re.search(rb"<[\w.\-]+:Column>\s*%d\s*</[\w.\-]+:Column>" % (column - 1), body)
            ):
                end = shape.end() + (self._vml[shape.end() : shape.end() + 1] == b"\n")  # the line break added with it
                self._vml = self._vml[: shape.start()] + self._vml[end:]
                return

    def _add_shapes(self, shapes: list[tuple[str, int]]) -> None:
        """The drawn box of each new note (cell, lines of text), in order, after the shapes there are: all numbered and
        inserted at once (one by one, each read the whole drawing again: a thousand notes took seconds)."""
        if not shapes:
            return
        if self._vml is None:
            self._vml = _NEW_VML % self._free_idmap()
        if b'id="_x0000_t202"' not in self._vml:
            first = _SHAPE.search(self._vml)
            start = first.start() if first else self._vml.rindex(b"</xml>")
            template = _NEW_VML % 0
            shapetype = template[template.index(b"<v:shapetype") : template.index(b"</v:shapetype>") + 14]
            shapetype = shapetype.replace(b"<v:shapetype ", b"<v:shapetype " + _VML_NAMESPACES + b" ", 1)
            self._vml = self._vml[:start] + shapetype + b"\n" + self._vml[start:]
        numbers = [int(n) for n in re.findall(rb'id="_x0000_s(\d+)"', self._vml)]
        idmap = _IDMAP.search(self._vml)
        first_id = max(numbers) + 1 if numbers else 1024 * (int(idmap.group(1)) if idmap else 1) + 1
        drawn = [
            _shape(ref, lines, first_id + index, len(numbers) + 1 + index) for index, (ref, lines) in enumerate(shapes)
        ]
        end = self._vml.rindex(b"</xml>")
        self._vml = self._vml[:end] + b"".join(shape + b"\n" for shape in drawn) + self._vml[end:]

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
        package, part, sheet, xml = self._package, self._part, self._sheet, self._xml
        found = self._section("commentList") if xml is not None else None
        if xml is None or found is None or TAG.search(xml, *content(xml, *found)) is None:
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
            package.write(target, xml)
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
            sheet.insert_tail(
                "legacyDrawing", b"<" + sheet.prefix + b"legacyDrawing " + _rid_attribute(sheet, rid) + b"/>"
            )
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


def _shape(ref: str, lines: int, shape_id: int, z_index: int) -> bytes:
    """The VML box Excel draws for the note on `ref` (`lines` of text), hidden until the cell is pointed at."""
    column, row = parse_ref(ref)
    height = 30 + 24 * lines
    return (
        f'<v:shape {_VML_NAMESPACES.decode()} id="_x0000_s{shape_id}" type="#_x0000_t202" style="position:absolute;margin-left:59.25pt;'
        f'margin-top:1.5pt;width:240pt;height:{height}pt;z-index:{z_index};visibility:hidden" '
        'fillcolor="#ffffe1" o:insetmode="auto">\n  <v:fill color2="#ffffe1"/>\n  <v:shadow on="t" color="black" '
        'obscured="t"/>\n  <v:path o:connecttype="none"/>\n  <v:textbox style="mso-direction-alt:auto">\n   '
        '<div style="text-align:left"></div>\n  </v:textbox>\n  <x:ClientData ObjectType="Note">\n   <x:MoveWithCells/>'
        f"\n   <x:SizeWithCells/>\n   <x:Anchor>{column}, 15, {max(row - 2, 0)}, 10, {column + 4}, 15, "
        f"{max(row - 2, 0) + 3 + lines}, 4</x:Anchor>\n   <x:AutoFill>False</x:AutoFill>\n   <x:Row>{row - 1}</x:Row>\n"
        f"   <x:Column>{column - 1}</x:Column>\n  </x:ClientData>\n </v:shape>"
    ).encode()
