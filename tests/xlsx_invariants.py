"""Structural invariants of a written .xlsx package, read with lxml and nothing of the tool's own code.

A package breaking one of these is one a spreadsheet program repairs, rejects or reads wrongly:
openpyxl raises IndexError on a style index past `cellXfs`, Gnumeric reports "Undefined style record",
Excel repairs the file. `problems(path)` lists every breach as an `Invariant` naming the part and the
element; `assert_invariants(path, baseline)` fails on those the `baseline` package (the input the file was
made from) does not already have, so a tool is judged only on what it added.
"""

from __future__ import annotations

import io
import itertools
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
OFFICE_DOCUMENT = REL + "/officeDocument"
# Built-in number formats: 0-49 (ECMA-376 Part 1, 18.8.30, some of them locale-dependent) and 50-81, the
# East Asian locales' built-ins Excel also writes without a <numFmt>. Custom formats start at 164.
BUILT_IN_FORMATS = range(82)
# CT_Worksheet's sequence (ECMA-376 Part 1, 18.3.1.99; drawingHF from the later editions).
WORKSHEET_ORDER = (  # noqa: SIM905 (the schema's words, as the standard lists them)
    "sheetPr dimension sheetViews sheetFormatPr cols sheetData sheetCalcPr sheetProtection protectedRanges "
    "scenarios autoFilter sortState dataConsolidate customSheetViews mergeCells phoneticPr conditionalFormatting "
    "dataValidations hyperlinks printOptions pageMargins pageSetup headerFooter rowBreaks colBreaks "
    "customProperties cellWatches ignoredErrors smartTags drawing legacyDrawing legacyDrawingHF drawingHF picture "
    "oleObjects controls webPublishItems tableParts extLst"
).split()
# CT_Font's children in the order the Open XML SDK's schema (and so a validator) requires.
FONT_ORDER = "b i strike condense extend outline shadow u vertAlign sz color name family charset scheme".split()  # noqa: SIM905
_QUOTED_SHEET = re.compile(r"(?<![\]\w])'((?:[^']|'')+)'!")
_PLAIN_SHEET = re.compile(r"(?<![\]\w.'])([^\W\d][\w.]*)!", re.UNICODE)
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, remove_comments=True)


@dataclass(frozen=True)
class Invariant:
    """One breach: the part, the element (as written, abridged), a stable code and a sentence."""

    part: str
    element: str
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.part}: {self.element}: {self.message} [{self.code}]"

    @property
    def key(self) -> tuple[str, str, str]:
        """What a baseline is compared by (the part and the element as well as the code)."""
        return (self.part, self.element, self.code)


def assert_invariants(path: Path, baseline: Path | None = None) -> None:
    """Fail with every invariant `path` breaks that `baseline` (the package it was made from) does not."""
    found = added(problems(path), problems(baseline) if baseline is not None else [])
    assert not found, f"{path.name} breaks {len(found)} package invariant(s):\n" + "\n".join(map(str, found[:20]))


def added(found: list[Invariant], baseline: list[Invariant]) -> list[Invariant]:
    """The problems of `found` not already in `baseline`: the same element with the same breach, in the same
    part or (a part the writer renamed) in another."""
    already = {p.key for p in baseline} | {p.key[1:] for p in baseline}
    return [p for p in found if p.key not in already and p.key[1:] not in already]


def problems(source: Path | bytes) -> list[Invariant]:
    """Every invariant the package (a path or its bytes) breaks (an unreadable zip or part is one problem)."""
    try:
        with zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source) as archive:
            return _Package(archive).check()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError) as error:
        return [Invariant("(zip)", "(zip)", "zip", f"not a readable zip file: {error}")]


def _local(tag: object) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else ""


def _abridged(element: etree._Element) -> str:
    """`<c r="N4" s="13">`: the element's tag and attributes, as a reader finds it."""
    attributes = " ".join(f'{_local(k)}="{v}"' for k, v in list(element.attrib.items())[:4])
    return f"<{_local(element.tag)}{' ' + attributes if attributes else ''}>"


def _int(value: str | None, default: int = 0) -> int | None:
    try:
        return int(value) if value is not None else default
    except ValueError:
        return None


class _Package:
    """One opened package and the problems found in it so far."""

    def __init__(self, archive: zipfile.ZipFile) -> None:
        self.archive = archive
        self.names = [n for n in archive.namelist() if not n.endswith("/")]
        self.present = {n.lower(): n for n in self.names}
        self.found: list[Invariant] = []

    def add(self, part: str, element: str, code: str, message: str) -> None:
        self.found.append(Invariant(part, element, code, message))

    def xml(self, part: str) -> etree._Element | None:
        """The parsed part (None, with a problem, when it is missing or not well formed)."""
        name = self.present.get(part.lower())
        if name is None:
            self.add(part, "(part)", "missing-part", "the part is not in the package")
            return None
        try:
            data = self.archive.read(name)
        except (zipfile.BadZipFile, zlib.error, EOFError, NotImplementedError, OSError) as error:
            self.add(part, "(part)", "unreadable", f"the part cannot be read from the zip: {error}")
            return None
        try:
            return etree.fromstring(data, _PARSER)
        except etree.XMLSyntaxError as error:
            self.add(part, "(part)", "xml", f"not well-formed XML: {error}")
            return None

    def check(self) -> list[Invariant]:
        self.content_types()
        rels = self.relationships()
        workbook = next((t for _, kind, t in rels.get("", []) if kind == OFFICE_DOCUMENT and t), None)
        if workbook is None:
            self.add("_rels/.rels", "(part)", "no-workbook", "no officeDocument relationship to a workbook part")
            return self.found
        root = self.xml(workbook)
        if root is None:
            return self.found
        by_id = {rid: (kind.rpartition("/")[2], target) for rid, kind, target in rels.get(workbook, [])}
        first = {kind: target for kind, target in reversed(list(by_id.values()))}
        self.workbook(workbook, root)
        styles = self.styles(first.get("styles"))
        strings = self.shared_strings(first.get("sharedStrings"))
        for sheet in root.iter(f"{{{MAIN}}}sheet"):
            kind, target = by_id.get(sheet.get(f"{{{REL}}}id"), ("", None))
            if kind == "worksheet" and target and target.lower() in self.present:
                self.worksheet(target, styles, strings)
        for table in (t for t in self.names if t.startswith("xl/tables/") and t.endswith(".xml")):
            self.table(table, styles[1] if styles is not None else None)
        return self.found

    # ------------------------------------------------------------------ package level

    def content_types(self) -> None:
        root = self.xml("[Content_Types].xml")
        if root is None:
            return
        defaults = {e.get("Extension", "").lower() for e in root if _local(e.tag) == "Default"}
        overrides = {e.get("PartName", "").lstrip("/").lower() for e in root if _local(e.tag) == "Override"}
        for part in self.names:
            if part == "[Content_Types].xml" or part.lower() in overrides:
                continue
            file = part.rpartition("/")[2]
            if "." not in file or file.rpartition(".")[2].lower() not in defaults:
                self.add(
                    "[Content_Types].xml", f"<Override PartName=/{part}>", "content-type", f"no content type for {part}"
                )

    def relationships(self) -> dict[str, list[tuple[str, str, str | None]]]:
        """Source part ('' for the package) -> (id, type, target part or None when external), checked."""
        found: dict[str, list[tuple[str, str, str | None]]] = {}
        for rels in (n for n in self.names if n.endswith(".rels") and "_rels/" in n):
            folder, _, name = rels.rpartition("_rels/")
            source = (folder + name[: -len(".rels")]).lstrip("/") if name != ".rels" else ""
            root = self.xml(rels)
            if root is None:
                continue
            seen: set[str] = set()
            found[source] = []
            for element in root:
                if _local(element.tag) != "Relationship":
                    continue
                rid, target = element.get("Id", ""), element.get("Target", "")
                if rid in seen:
                    self.add(rels, _abridged(element), "relationship-id", f"relationship id {rid} is used twice")
                seen.add(rid)
                if element.get("TargetMode") == "External" or target.startswith("#"):
                    found[source].append((rid, element.get("Type", ""), None))
                    continue
                resolved = _resolve(posixpath.dirname(source), target)
                found[source].append((rid, element.get("Type", ""), self.present.get(resolved.lower(), resolved)))
                if resolved.lower() not in self.present:
                    self.add(
                        rels,
                        _abridged(element),
                        "relationship-target",
                        f"{rid} points to {resolved}, not in the package",
                    )
        return found

    # ------------------------------------------------------------------ workbook, styles, strings

    def workbook(self, part: str, root: etree._Element) -> None:
        """Unique sheet ids and names; defined names naming existing sheets."""
        sheets = list(root.iter(f"{{{MAIN}}}sheet"))
        ids: set[str] = set()
        lowered: set[str] = set()
        for sheet in sheets:
            if sheet.get("sheetId") in ids:
                self.add(part, _abridged(sheet), "sheet-id", f"sheetId {sheet.get('sheetId')} is used twice")
            if sheet.get("name", "").lower() in lowered:
                self.add(part, _abridged(sheet), "sheet-name", f"sheet name {sheet.get('name')!r} is used twice")
            ids.add(sheet.get("sheetId"))
            lowered.add(sheet.get("name", "").lower())
        for name in root.iter(f"{{{MAIN}}}definedName"):
            local_id = _int(name.get("localSheetId"), -1)
            if local_id is None or local_id >= len(sheets):
                self.add(part, _abridged(name), "defined-name-sheet", f"localSheetId past the {len(sheets)} sheets")
            formula = re.sub(r'"[^"]*"', "", name.text or "")
            named = [q.replace("''", "'") for q in _QUOTED_SHEET.findall(formula)]
            named += _PLAIN_SHEET.findall(_QUOTED_SHEET.sub("", formula))
            for sheet_name in named:
                if sheet_name.lower() not in lowered:
                    self.add(
                        part, _abridged(name), "defined-name-sheet", f"names sheet {sheet_name!r}, not in the workbook"
                    )

    def styles(self, part: str | None) -> tuple[int, int] | None:
        """(cellXfs count, dxfs count), after checking the style sheet's own references; None when unreadable."""
        if part is None:
            return (1, 0)  # no style sheet: only the default format 0
        root = self.xml(part)
        if root is None:
            return None
        sections = {_local(e.tag): e for e in root}
        sizes = {k: len([c for c in sections[k] if isinstance(c.tag, str)]) for k in sections}
        defined = {v for e in root.iter(f"{{{MAIN}}}numFmt") if (v := _int(e.get("numFmtId"), -1)) is not None}
        for section, with_style in (("cellXfs", True), ("cellStyleXfs", False)):
            for xf in sections.get(section, ()):
                if _local(xf.tag) == "xf":
                    self.cell_format(part, section, xf, sizes, defined, with_style)
        for style in sections.get("cellStyles", ()):
            xf_id = _int(style.get("xfId"))
            if xf_id is None or xf_id >= sizes.get("cellStyleXfs", 0):
                self.add(part, _abridged(style), "xf-range", f"xfId past cellStyleXfs ({sizes.get('cellStyleXfs', 0)})")
        for font in root.iter(f"{{{MAIN}}}font"):
            self.font_order(part, font)
        return (sizes.get("cellXfs", 0), sizes.get("dxfs", 0))

    def cell_format(
        self, part: str, section: str, xf: etree._Element, sizes: dict[str, int], defined: set[int], with_style: bool
    ) -> None:
        references = [("fontId", "fonts"), ("fillId", "fills"), ("borderId", "borders")]
        if with_style:
            references.append(("xfId", "cellStyleXfs"))
        for attribute, target in references:
            value = _int(xf.get(attribute))
            count = sizes.get(target, 0)
            if value is None or (value >= count and (xf.get(attribute) is not None or value > 0)):
                self.add(
                    part, f"{section}/{_abridged(xf)}", "xf-range", f"{attribute} past the end of {target} ({count})"
                )
        number_format = _int(xf.get("numFmtId"))
        if number_format is None or (number_format not in BUILT_IN_FORMATS and number_format not in defined):
            self.add(
                part,
                f"{section}/{_abridged(xf)}",
                "number-format",
                f"numFmtId {xf.get('numFmtId')} is neither built in nor defined",
            )

    def font_order(self, part: str, font: etree._Element) -> None:
        ranks = [FONT_ORDER.index(_local(c.tag)) for c in font if _local(c.tag) in FONT_ORDER]
        if ranks != sorted(ranks):
            children = ",".join(_local(c.tag) for c in font if isinstance(c.tag, str))
            self.add(part, f"<font>{children}</font>", "font-order", "font children out of schema order (CT_Font)")

    def shared_strings(self, part: str | None) -> int | None:
        """How many strings the shared-string table holds (None when unreadable)."""
        if part is None:
            return 0
        root = self.xml(part)
        return None if root is None else sum(1 for e in root if _local(e.tag) == "si")

    # ------------------------------------------------------------------ sheets and tables

    def worksheet(self, part: str, styles: tuple[int, int] | None, strings: int | None) -> None:
        """Schema order of the sheet's children; its style, shared-string and dxf indexes in range."""
        root = self.xml(part)
        if root is None:
            return
        ranks = [(WORKSHEET_ORDER.index(n), n) for n in map(_child_name, root) if n in WORKSHEET_ORDER]
        for (before, earlier), (after, later) in itertools.pairwise(ranks):
            if after < before:
                self.add(
                    part,
                    f"<{later}>",
                    "worksheet-order",
                    f"<{later}> after <{earlier}>: out of schema order (CT_Worksheet)",
                )
        if styles is not None:
            self.sheet_styles(part, root, *styles)
        if strings is not None:
            self.sheet_strings(part, root, strings)

    def sheet_styles(self, part: str, root: etree._Element, formats: int, dxfs: int) -> None:
        """Every cell, row and column style below the cellXfs count; every cfRule's dxf below the dxfs count."""
        for element, attribute in ((f"{{{MAIN}}}c", "s"), (f"{{{MAIN}}}row", "s"), (f"{{{MAIN}}}col", "style")):
            for found in root.iter(element):
                value = _int(found.get(attribute))
                if value is None or (value > 0 and value >= formats):
                    self.add(
                        part,
                        _abridged(found),
                        "style-range",
                        f"{attribute}={found.get(attribute)} past the end of cellXfs ({formats})",
                    )
        for rule in root.iter(f"{{{MAIN}}}cfRule"):
            dxf = _int(rule.get("dxfId"), -1)
            if dxf is None or dxf >= dxfs:
                self.add(part, _abridged(rule), "dxf-range", f"dxfId {rule.get('dxfId')} past the end of dxfs ({dxfs})")

    def sheet_strings(self, part: str, root: etree._Element, strings: int) -> None:
        """Every shared-string cell's index inside the table."""
        for cell in root.iter(f"{{{MAIN}}}c"):
            if cell.get("t") == "s":
                value = cell.find(f"{{{MAIN}}}v")
                index = _int(value.text if value is not None else None, -1)
                if index is None or not 0 <= index < strings:
                    self.add(
                        part, _abridged(cell), "shared-string", f"shared string {index} past the {strings} strings"
                    )

    def table(self, part: str, dxfs: int | None) -> None:
        """An Excel Table's header, data and totals formats name dxfs that exist."""
        root = self.xml(part)
        if root is None or dxfs is None:
            return
        for element in root.iter():
            for attribute, value in element.attrib.items():
                index = _int(value)
                if _local(attribute).endswith("DxfId") and (index is None or index >= dxfs):
                    self.add(
                        part,
                        _abridged(element),
                        "dxf-range",
                        f"{_local(attribute)} {value} past the end of dxfs ({dxfs})",
                    )


def _child_name(element: etree._Element) -> str:
    """A worksheet child's local name; an mc:AlternateContent stands where its first choice's element does."""
    if _local(element.tag) == "AlternateContent" and element.tag.startswith(f"{{{MC}}}"):
        choice = next((c for c in element if isinstance(c.tag, str)), None)
        inner = next((c for c in choice if isinstance(c.tag, str)), None) if choice is not None else None
        return _local(inner.tag) if inner is not None else ""
    return _local(element.tag) if isinstance(element.tag, str) and element.tag.startswith(f"{{{MAIN}}}") else ""


def _resolve(folder: str, target: str) -> str:
    """A relationship's target as a part name (RFC 3986: '..' above the root stays at the root)."""
    joined = target.lstrip("/") if target.startswith("/") else posixpath.join(folder, target)
    pieces: list[str] = []
    for piece in joined.split("/"):
        if piece == "..":
            if pieces:
                pieces.pop()
        elif piece not in ("", "."):
            pieces.append(piece)
    return "/".join(pieces)
