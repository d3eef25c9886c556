"""No edit is ever thrown away (docs/rules.md §5): the fingerprint of the organiser's cells, kept in every file
the tool writes, read and written here; the refusals to replace a file holding edits a command would lose are the
api's policy (`api.policy`).

Which cells are the organiser's is decided in `workbook.fingerprint`.

**The record** is a custom document property `sheet-scorer` (docProps/custom.xml, which Excel and
LibreOffice keep on saving): `fingerprint=<hex>; seal=<hex>; from=<file name>`, the fingerprint of the
organiser's cells as written, a seal of the package's entries, and the file the cells last came from (the
origin: the file where they were last edited by hand or extended by `seat`, `playoffs` or `merge`).
"""

from __future__ import annotations

import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.model import WorkbookError
from sheet_scorer.xlsx.opc import CT_CUSTOM, NS_CUSTOM, NS_VT, REL_CUSTOM
from sheet_scorer.xlsx.splice import ATTRS, TAG

if TYPE_CHECKING:
    from sheet_scorer.xlsx.opc import OpcPackage
    from sheet_scorer.xlsx.package import PackageEditor

PROPERTY = "sheet-scorer"
CUSTOM_PART = "docProps/custom.xml"
FMTID = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}"  # the one format id of user-defined properties
_PROPERTY = re.compile(
    rb"<(?:[\w.\-]+:)?property\b"
    + ATTRS
    + rb"?\bname\s*=\s*[\"']"
    + PROPERTY.encode()
    + rb"[\"']"
    + ATTRS
    + rb">(.*?)</(?:[\w.\-]+:)?property>",
    re.S,
)
_VALUE = re.compile(r"fingerprint=([0-9a-f]+);\s*(?:seal=([0-9a-f]+);\s*)?from=(.*)$", re.S)


@dataclass(frozen=True)
class Record:
    """What the tool wrote into a file: the fingerprint of its organiser cells and the file they came from."""

    fingerprint: str
    origin: str
    seal: str = ""  # the package's entries as written (`package_seal`): unchanged, the fingerprint still holds

    def text(self) -> str:
        seal = f" seal={self.seal};" if self.seal else ""
        return f"fingerprint={self.fingerprint};{seal} from={self.origin}"


# ---------------------------------------------------------------- the record in the file


def read_record(path: Path | OpcPackage) -> Record | None:
    """The record the tool left in `path` (a file, or a package a command already opened), or None (no record,
    or not a readable package)."""
    from sheet_scorer.xlsx.errors import PackageError
    from sheet_scorer.xlsx.opc import OpcPackage
    from sheet_scorer.xlsx.text import unescape

    try:
        package = OpcPackage(path)  # a package already open: a view of it, its file left open
    except PackageError:
        return None
    try:
        part = _custom_part(package) or (CUSTOM_PART if package.has_part(CUSTOM_PART) else None)
        if part is None:
            return None
        xml = package.read(part)
    except (PackageError, KeyError):
        return None
    finally:
        package.close()
    found = _PROPERTY.search(xml)
    if found is None:
        return None
    text = unescape(TAG.sub(b"", found.group(1)).decode("utf-8", "replace")).strip()
    value = _VALUE.match(text)
    return Record(value.group(1), value.group(3).strip(), value.group(2) or "") if value else None


def _custom_part(package: OpcPackage) -> str | None:
    """The custom properties part the package's root relationships name and the package holds."""
    return next((r.target for r in package.related("", REL_CUSTOM) if package.has_part(r.target)), None)


def custom_xml(existing: bytes | None, record: Record) -> bytes:
    """docProps/custom.xml with the tool's property set to `record`, every other property kept as it was."""
    from sheet_scorer.xlsx.splice import escape, root_span

    value = escape(record.text()).encode()
    if existing and root_span(existing)[1] != root_span(existing)[2]:  # an empty <Properties/> is written anew
        found = _PROPERTY.search(existing)
        prefix, root_end, end = root_span(existing)
        vt = re.search(rb'xmlns:([\w.\-]+)\s*=\s*["\']' + re.escape(NS_VT.encode()) + rb'["\']', existing[:root_end])
        lpwstr = (vt.group(1) + b":lpwstr", b"") if vt else (b"vt:lpwstr", b' xmlns:vt="' + NS_VT.encode() + b'"')
        inner = b"<" + lpwstr[0] + lpwstr[1] + b">" + value + b"</" + lpwstr[0] + b">"
        if found:
            return existing[: found.start(1)] + inner + existing[found.end(1) :]
        pids = [int(p) for p in re.findall(rb'\bpid\s*=\s*["\'](\d+)["\']', existing)]
        element = (
            b"<"
            + prefix
            + b'property fmtid="'
            + FMTID.encode()
            + b'" pid="'
            + str(max([1, *pids]) + 1).encode()
            + b'" name="'
            + PROPERTY.encode()
            + b'">'
            + inner
            + b"</"
            + prefix
            + b"property>"
        )
        return existing[:end] + element + existing[end:]
    return (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="'
        + NS_CUSTOM.encode()
        + b'" xmlns:vt="'
        + NS_VT.encode()
        + b'"><property fmtid="'
        + FMTID.encode()
        + b'" pid="2" name="'
        + PROPERTY.encode()
        + b'"><vt:lpwstr>'
        + value
        + b"</vt:lpwstr></property></Properties>"
    )


def stamp(package: PackageEditor, record: Record) -> str:
    """Set the record in a package being patched: adds docProps/custom.xml if missing.
    Returns the record's part."""
    part = _custom_part(package)
    if part is None:
        part = CUSTOM_PART if CUSTOM_PART not in package else package.unused_name("docProps/custom{}.xml")
        package.write(part, custom_xml(None, record))
        package.add_relationship("", REL_CUSTOM, part)
        package.set_override(part, CT_CUSTOM)
        return part
    package.write(part, custom_xml(package.read(part), record))
    return part


class SealedRecord:
    """The record of a package being written once (`Book.save`): its part, relationship and content type set before
    the save; its value (`record`) decided at the latest once the sheets are written; its seal made from the
    entries written before it, so no file is read back to seal it."""

    def __init__(self, package: PackageEditor, record: Record | None = None) -> None:
        self.package = package
        self.record = record
        self.part = stamp(package, record or Record("", ""))

    def last(self) -> tuple[str, Callable[[list[tuple[str, int, int]]], bytes]]:
        """The record's part and how its bytes are made from the entries written (`PackageEditor.save`'s `last`)."""
        return self.part, self._sealed

    def _sealed(self, entries: list[tuple[str, int, int]]) -> bytes:
        if self.record is None:
            raise RuntimeError("the record was not decided before the package was sealed")
        return custom_xml(self.package.read(self.part), replace(self.record, seal=seal_of(entries)))


# ---------------------------------------------------------------- the checks


def package_seal(path: Path) -> str:
    """The seal of the package at `path` (`seal_of` its entries); '' when it cannot be opened as a zip."""
    try:
        with zipfile.ZipFile(path) as archive:
            return seal_of([(i.filename, i.CRC, i.file_size) for i in archive.infolist()])
    except (OSError, zipfile.BadZipFile):
        return ""


def seal_of(entries: list[tuple[str, int, int]]) -> str:
    """A digest of a package's entries (name, CRC-32, size) but the document properties' record: while it matches
    the record's seal, no part was rewritten since the tool wrote the file, so its fingerprint holds without reading
    a cell (a scored copy of 100,000 rows is not read again to be replaced)."""
    import hashlib

    kept = sorted(entry for entry in entries if not entry[0].startswith("docProps/custom"))
    return hashlib.sha256(repr(kept).encode()).hexdigest()[:32]


def current_fingerprint(path: Path, record: Record | None) -> str | None:
    """The fingerprint of `path`'s organiser cells now: its record's when the package is as the tool wrote it."""
    if record is not None and record.seal and package_seal(path) == record.seal:
        return record.fingerprint
    return fingerprint_of(path)


def fingerprint_of(path: Path) -> str | None:
    """The fingerprint of `path`'s organiser cells now; None when it cannot be read as an event workbook."""
    from sheet_scorer.workbook.read import read_workbook

    try:
        return read_workbook(path).fingerprint
    except WorkbookError:
        return None


def origin_of(path: Path, fingerprint: str, package: OpcPackage | None = None) -> str:
    """Where the organiser cells of `path` (whose fingerprint is `fingerprint`) came from: the origin its record
    names when they are unchanged since the tool wrote it, else `path` itself (edited by hand). `package`: `path`
    as the command opened it (read from there, not opened again)."""
    record = read_record(package if package is not None else path)
    return record.origin if record is not None and record.fingerprint == fingerprint else path.name
