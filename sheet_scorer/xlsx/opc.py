"""Open Packaging Conventions: part names, relationships, content types, and the budgets every part is read under.

The one relationship resolver (`PartName.resolve`) serves the reader, the package check and the patcher alike,
so a target means the same part to all of them.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar, cast
from xml.parsers import expat

from sheet_scorer.xlsx.errors import PackageError

Model = TypeVar("Model")

# XML the reader unpacks and parses (`reader.py` counts the bytes really unpacked against the same limits):
# a real event of 100,000 rows unpacks to about 60 MiB in all, a round sheet to a tenth of that.
MAX_PART = 128 * 2**20
MAX_TOTAL = 256 * 2**20
_CHUNK = 1 << 16
# The bytes of parts unpacked, kept for the next view of the same package (`OpcPackage(opened)`). A command that
# patches what it read keeps up to KEEP: every part of an event of a few thousand rows, while the round sheets of
# 100,000 rows (~60 MiB) are unpacked again rather than held through scoring (memory). A command that
# only reads keeps KEEP_READING: the small parts read twice (relationships, content types), no sheet.
KEEP = 8 * 2**20
KEEP_READING = 2**20

CONTENT_TYPES = "[Content_Types].xml"
ROOT_RELS = "_rels/.rels"
DEFAULT_MAIN = "xl/workbook.xml"  # where every writer puts the workbook part
NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
NS_MAIN_STRICT = "http://purl.oclc.org/ooxml/spreadsheetml/main"  # Strict Open XML: read, never written
NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
NS_PACKAGE_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
NS_CUSTOM = "http://schemas.openxmlformats.org/officeDocument/2006/custom-properties"
NS_VT = "http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"
STRICT_RELATIONSHIPS = "http://purl.oclc.org/ooxml/officeDocument/relationships/"
REL_OFFICE_DOCUMENT = NS_REL + "/officeDocument"
REL_WORKSHEET = NS_REL + "/worksheet"
REL_SHARED_STRINGS = NS_REL + "/sharedStrings"
REL_STYLES = NS_REL + "/styles"
REL_COMMENTS = NS_REL + "/comments"
REL_VML = NS_REL + "/vmlDrawing"
REL_CALC_CHAIN = NS_REL + "/calcChain"
REL_DRAWING = NS_REL + "/drawing"
REL_CUSTOM = NS_REL + "/custom-properties"
REL_TABLE = NS_REL + "/table"
_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml."
CT_WORKSHEET = _CT + "worksheet+xml"
CT_SHARED_STRINGS = _CT + "sharedStrings+xml"
CT_STYLES = _CT + "styles+xml"
CT_COMMENTS = _CT + "comments+xml"
CT_VML = "application/vnd.openxmlformats-officedocument.vmlDrawing"
CT_RELATIONSHIPS = "application/vnd.openxmlformats-package.relationships+xml"
CT_CUSTOM = "application/vnd.openxmlformats-officedocument.custom-properties+xml"
CT_WORKBOOKS = frozenset(  # the main part of a workbook, a template, and their macro-enabled forms
    {
        _CT + "sheet.main+xml",
        _CT + "template.main+xml",
        "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
        "application/vnd.ms-excel.template.macroEnabled.main+xml",
    }
)


class PartName(str):
    """A part's name in the package as the zip spells it, without the leading '/' (python-docx's `PackURI`):
    where its relationships are, what its relative targets mean, and how to point at another part from it."""

    __slots__ = ()

    @property
    def folder(self) -> str:
        """xl/worksheets/sheet1.xml -> xl/worksheets ('' at the package root)."""
        return self.rpartition("/")[0]

    @property
    def extension(self) -> str:
        """The name's extension, case-folded, as `[Content_Types].xml` Defaults name it ('' without one)."""
        file = self.rpartition("/")[2]
        return file.rpartition(".")[2].casefold() if "." in file else ""

    @property
    def rels(self) -> PartName:
        """xl/worksheets/sheet1.xml -> xl/worksheets/_rels/sheet1.xml.rels ('' -> _rels/.rels)."""
        folder, _, file = self.rpartition("/")
        return PartName(f"{folder}/_rels/{file}.rels" if folder else f"_rels/{file}.rels")

    @property
    def is_relationships(self) -> bool:
        """A relationships part: `_rels/NAME.rels` beside the part NAME (or the package's own `_rels/.rels`)."""
        folder, _, file = self.rpartition("/")
        return file.endswith(".rels") and (folder == "_rels" or folder.endswith("/_rels"))

    @property
    def source(self) -> PartName:
        """The part a relationships part belongs to: `xl/_rels/workbook.xml.rels` -> `xl/workbook.xml` ('' for the package)."""
        folder, _, file = self.rpartition("/")
        parent = folder[: -len("_rels")].rstrip("/")
        name = file[: -len(".rels")]
        return PartName(f"{parent}/{name}" if parent and name else name)

    def resolve(self, target: str) -> PartName:
        """A relationship's target, written in this part's relationships, as a part name: relative to this part's
        folder (or absolute); a `..` above the package root stays at the root, as URI resolution has it (RFC 3986
        §5.2.4; LibreOffice writes `../customXml/item1.xml` in `_rels/.rels`, and Excel reads it as `customXml/item1.xml`).
        The one relationship resolver: the reader, the package check and the patcher all resolve through it."""
        base = [] if target.startswith("/") else self.split("/")[:-1]
        for piece in target.split("#", 1)[0].lstrip("/").split("/"):
            if piece == "..":
                if base:
                    base.pop()
            elif piece not in ("", "."):
                base.append(piece)
        return PartName("/".join(base))

    def relative(self, part: str) -> str:
        """The target to write in this part's relationships for `part` (the inverse of `resolve`)."""
        folder = self.folder.split("/") if self.folder else []
        parts = part.split("/")
        common = 0
        while common < min(len(folder), len(parts) - 1) and folder[common] == parts[common]:
            common += 1
        return "/".join([".."] * (len(folder) - common) + parts[common:])


def holds(parts: set[str], name: str) -> bool:
    """Whether `parts` (case-folded names) hold part `name` (case ignored; a target may be percent-encoded: `a%20b.xml`)."""
    if name.casefold() in parts:
        return True
    if "%" not in name:
        return False
    from urllib.parse import unquote  # only here: urllib costs start-up time every command would pay

    return unquote(name).casefold() in parts


def is_xml_part(name: str) -> bool:
    """A part the reader parses as XML (pictures and other binary parts are never parsed)."""
    return name.endswith((".xml", ".rels", ".vml"))


class Relationship:
    """One relationship of a part: its id, type, target part name (or external address), and the `Target` as written
    (None: the element has none). `kind` is its type with Strict Open XML's namespace read as the transitional one, so
    every comparison of a type is with one constant of this module (`REL_WORKSHEET` …)."""

    def __init__(self, rid: str, rel_type: str, target: str, external: bool, written: str | None = "") -> None:
        self.rid, self.type, self.target, self.external, self.written = rid, rel_type, target, external, written

    @property
    def kind(self) -> str:
        if self.type.startswith(STRICT_RELATIONSHIPS):
            return f"{NS_REL}/{self.type[len(STRICT_RELATIONSHIPS) :]}"
        return self.type

    @property
    def internal(self) -> bool:
        """A relationship to a part of this package (not an external address, nor a place in this document)."""
        return not self.external and not (self.written or "").startswith("#")


class Budget:
    """Bytes unpacked so far, against the limits; past one, a one-line refusal.
    A part's bytes count towards the total once, however often it is read."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.unpacked = 0
        self.counted: set[str] = set()

    def add_bytes(self, part: str, part_bytes: int, size: int) -> None:
        if part not in self.counted:
            self.unpacked += size
        if part_bytes > MAX_PART or self.unpacked > MAX_TOTAL:
            raise PackageError(key="too_large", path=self.path)


class _Kept:
    """The bytes of the parts unpacked so far, kept (up to `limit` in all) so that the reader and the patcher of one
    command unpack each part once; past it, a part is unpacked again when needed rather than held in memory."""

    def __init__(self, limit: int) -> None:
        self.parts: dict[str, bytes] = {}
        self.size = 0
        self.limit = limit

    def room(self, size: int) -> bool:
        """Whether `size` more bytes fit in the limit (else the part is unpacked again when needed)."""
        return self.size + size <= self.limit

    def keep(self, part: str, data: bytes) -> None:
        """Hold `part`'s bytes when they fit, so the reader and the patcher unpack it once."""
        if self.room(len(data)):
            self.parts[part] = data
            self.size += len(data)


class OpcPackage:
    """An opened zip package, for the reader and the patcher alike: every part unpacked within the budgets,
    every XML part parsed with expat with a DOCTYPE or entity declaration refused, relationships read one way."""

    path: Path
    zip: zipfile.ZipFile
    names: set[str]
    budget: Budget
    read_parts: set[str]  # the parts unpacked at least once (their bytes counted against the total once)
    _kept: _Kept
    _models: dict[tuple[str, str], object]  # (kind, part) -> its model as parsed (`model`; the kind says its type)
    _owner: bool

    def __init__(self, path: Path | OpcPackage, keep: int = KEEP, content: bytes | None = None) -> None:
        """Open the package at `path` (or `content`, its bytes read at once: no file stays open), keeping up to `keep`
        bytes of the parts unpacked (`_Kept`); or, given a package already open, another view of it (the reader's,
        the patcher's) sharing its one opening of the file: its zip, budget, parts read and the bytes kept."""
        if isinstance(path, OpcPackage):
            opened = path
            self.path, self.zip, self.names, self.budget = opened.path, opened.zip, opened.names, opened.budget
            self.read_parts, self._kept, self._owner = opened.read_parts, opened._kept, False
            self._models = opened._models
            return
        self.path = path
        self.budget = Budget(path)
        try:
            self.zip = zipfile.ZipFile(path if content is None else io.BytesIO(content))
        except (zipfile.BadZipFile, OSError):
            raise PackageError(key="damaged", path=path) from None
        self.names = set(self.zip.namelist())
        self.read_parts = set()
        self._kept = _Kept(keep)
        self._models = {}
        self._owner = True

    def close(self) -> None:
        """Close the file (a view sharing another's opening leaves it to its opener)."""
        if self._owner:
            self.zip.close()
            self._kept = _Kept(0)

    # ------------------------------------------------------------ unpacking and parsing a part

    def _chunks(self, part: str) -> Iterator[bytes]:
        """The part's bytes in chunks, counted against the budget as they are unpacked (once: kept, `_Kept`)."""
        kept = self._kept.parts.get(part)
        if kept is not None:
            yield kept
            return
        size = 0
        keep: list[bytes] | None = [] if self._kept.room(self.zip.getinfo(part).file_size) else None
        try:
            with self.zip.open(part) as stream:
                while chunk := stream.read(_CHUNK):
                    size += len(chunk)
                    self.budget.add_bytes(part, size, len(chunk))
                    if keep is not None:
                        keep.append(chunk)
                    yield chunk
        except (zipfile.BadZipFile, zlib.error, OSError, EOFError, NotImplementedError, RuntimeError) as exc:
            raise PackageError(key="part_damaged", path=self.path, part=part, reason=str(exc)) from None
        self.budget.counted.add(part)
        if keep is not None:
            self._kept.keep(part, b"".join(keep))

    def _part_chunks(self, part: str) -> Iterable[bytes]:
        """The bytes `parse` streams: the stored part's (the patcher gives its edited parts' instead)."""
        return self._chunks(part)

    def read(self, part: str) -> bytes:
        """A part's bytes, unpacked within the budgets; an XML part declaring a DOCTYPE or entities is refused."""
        if part not in self.names:
            raise KeyError(part)
        self.read_parts.add(part)
        data = b"".join(self._chunks(part))
        if is_xml_part(part) and (b"<!DOCTYPE" in data or b"<!ENTITY" in data):
            self._refuse_doctype(part)
        return data

    def parse(
        self,
        part: str,
        start: Callable[..., None] | None = None,
        end: Callable[[str], None] | None = None,
        text: Callable[[str], None] | None = None,
        namespaces: bool = True,
        keep: bool = False,
    ) -> bytes | None:
        """Stream `part` through expat with these handlers (names are 'namespace local', or as written
        with `namespaces=False`, which is faster: the sheet reader maps the prefixes); no DTD, no entities.
        With `keep`, the part's bytes are returned as well (checked: well formed, within the budget)."""
        self.read_parts.add(part)
        kept: list[bytes] | None = [] if keep else None
        stored = self._part_chunks(part)

        def chunks() -> Iterator[bytes]:
            for chunk in stored:
                if kept is not None:
                    kept.append(chunk)
                yield chunk

        try:
            self.parse_chunks(part, chunks(), start, end, text, namespaces)
        finally:  # a part refused mid-stream closes its zip stream now, not when its error is collected
            close = getattr(stored, "close", None)
            if close is not None:
                close()
        return b"".join(kept) if kept is not None else None

    def parse_chunks(
        self,
        part: str,
        chunks: Iterable[bytes],
        start: Callable[..., None] | None = None,
        end: Callable[[str], None] | None = None,
        text: Callable[[str], None] | None = None,
        namespaces: bool = True,
    ) -> None:
        """`parse` over bytes already unpacked (and counted) from `part`."""
        feed = self.push_parser(part, start, end, text, namespaces)
        for chunk in chunks:
            feed(chunk, False)
        feed(b"", True)

    def push_parser(
        self,
        part: str,
        start: Callable[..., None] | None = None,
        end: Callable[[str], None] | None = None,
        text: Callable[[str], None] | None = None,
        namespaces: bool = True,
    ) -> Callable[[bytes, bool], None]:
        """`parse_chunks` with the chunks pushed in as they come (`feed(chunk, final)`): a part being written, read
        as it streams out; no DTD, no entities."""
        parser = expat.ParserCreate(namespace_separator=" " if namespaces else None)
        parser.buffer_text = True
        parser.buffer_size = _CHUNK
        parser.StartDoctypeDeclHandler = lambda *args: self._refuse_doctype(part)
        parser.EntityDeclHandler = lambda *args: self._refuse_doctype(part)
        if start:
            parser.StartElementHandler = start
        if end:
            parser.EndElementHandler = end
        if text:
            parser.CharacterDataHandler = text

        def feed(chunk: bytes, final: bool) -> None:
            try:
                parser.Parse(chunk, final)
            except expat.ExpatError as exc:
                raise PackageError(
                    key="part_not_xml",
                    path=self.path,
                    part=part,
                    reason=expat.errors.messages[exc.code],
                    line=exc.lineno,
                ) from None
            except (LookupError, ValueError) as exc:  # an encoding expat cannot read: unknown, or multi-byte
                if type(exc) not in (LookupError, ValueError) or "encoding" not in str(exc):
                    raise  # a handler's own failure (KeyError, IndexError) is not the part's encoding
                raise PackageError(key="part_encoding", path=self.path, part=part, reason=str(exc)[:80]) from None

        return feed

    def model(self, kind: str, part: str, build: Callable[[], Model]) -> Model:
        """The model of a part as stored (`kind`: what it is, e.g. the style sheet a workbook part names), parsed by
        `build` once per opening of the file and shared by its views: the reader and the patcher hold the same one."""
        key = (kind, part)
        if key not in self._models:
            self._models[key] = build()
        return cast(Model, self._models[key])  # one kind, one model type: what `build` returned for it

    def _refuse_doctype(self, part: str) -> None:
        raise PackageError(key="part_doctype", path=self.path, part=part)

    def check_other_parts(self) -> None:
        """Every XML part not read yet must be well formed, without DOCTYPE (what Excel and openpyxl need);
        every other part must unpack whole with its checksum right (the patcher copies them byte for byte)."""
        for name in sorted(self.names - self.read_parts):
            if is_xml_part(name) and not name.endswith(".vml"):  # Excel's VML is often not well-formed XML
                self.parse(name)
            elif not name.endswith("/"):  # pictures, drawings of notes, macros
                for _ in self._chunks(name):
                    pass

    # ------------------------------------------------------------ relationships

    def has_part(self, part: str) -> bool:
        """Whether the package (as edited so far) holds `part`."""
        return part in self.names

    def relationships(self, part: str) -> list[Relationship]:
        """The relationships of `part` ('' for the package's own), targets resolved to part names, in order: each
        relationships part parsed once per opening (`model`), the one reading of `<Relationship>`."""
        name = PartName(part).rels
        if not self.has_part(name):
            return []
        return list(self.model("relationships", name, lambda: self._parse_relationships(part, name)))

    def _parse_relationships(self, part: str, name: str) -> list[Relationship]:
        found: list[Relationship] = []

        def start(tag: str, attrs: dict[str, str]) -> None:
            if tag.rpartition(" ")[2] == "Relationship":
                external = attrs.get("TargetMode") == "External"
                target = attrs.get("Target")
                found.append(
                    Relationship(
                        attrs.get("Id", ""),
                        attrs.get("Type", ""),
                        (target or "") if external else PartName(part).resolve(target or ""),
                        external,
                        target,
                    )
                )

        self.parse_chunks(name, [self.read(name)], start)
        return found

    def related(self, part: str, rel_type: str) -> list[Relationship]:
        """`part`'s internal relationships of one type."""
        return [r for r in self.relationships(part) if r.kind == rel_type and not r.external]

    def content_types(self, parts: Iterable[str]) -> dict[str, str | None]:
        """The content type `[Content_Types].xml` gives each of `parts`: its Override, else the Default for its
        extension (None: none declared; names and extensions compared case-insensitively)."""
        defaults: dict[str, str] = {}
        overrides: dict[str, str] = {}

        def start(tag: str, attrs: dict[str, str]) -> None:
            local = tag.rpartition(" ")[2]
            if local == "Default":
                defaults.setdefault(attrs.get("Extension", "").casefold(), attrs.get("ContentType", ""))
            elif local == "Override":
                overrides[attrs.get("PartName", "").lstrip("/").casefold()] = attrs.get("ContentType", "")

        self.parse_chunks(CONTENT_TYPES, [self.read(CONTENT_TYPES)], start)
        found: dict[str, str | None] = {}
        for part in parts:
            extension = PartName(part).extension
            found[part] = overrides.get(part.casefold(), defaults.get(extension) if extension else None)
        return found

    def main_part(self) -> str | None:
        """The package's main part: the target of its officeDocument relationship (`_rels/.rels`), as Excel finds it
        (`xl/workbook.xml` as every writer puts it, `wtf/workbook.xml` as SheetJS may); in a package without
        relationships at all (refused as damaged by the package check), `xl/workbook.xml`; None when there is none.
        The one place the main part is decided: the package check, the reader and the patcher ask it."""
        if not self.has_part(ROOT_RELS):
            return DEFAULT_MAIN if self.has_part(DEFAULT_MAIN) else None
        office = [r for r in self.relationships("") if r.kind == REL_OFFICE_DOCUMENT and not r.external]
        return office[0].target if office and self.has_part(office[0].target) else None
