"""The package layer of the patcher (xlsx/package.py): zip entries copied as stored, parts placed in
the schema's order, relationship targets resolved."""

from __future__ import annotations

import contextlib
import gc
import io
import zipfile
from pathlib import Path

import pytest

from sheet_scorer.xlsx.errors import PackageError
from sheet_scorer.xlsx.opc import OpcPackage, PartName
from sheet_scorer.xlsx.package import PackageEditor
from sheet_scorer.xlsx.sheetxml import WORKSHEET_ORDER
from sheet_scorer.xlsx.splice import insert_child


def resolve(source: str, target: str) -> str:
    return PartName(source).resolve(target)


def relative(source: str, part: str) -> str:
    return PartName(source).relative(part)


class _Unseekable(io.RawIOBase):
    """A write-only stream: zipfile then writes each entry with a data descriptor after its data."""

    def __init__(self) -> None:
        self.data = bytearray()

    def writable(self) -> bool:
        return True

    def write(self, chunk: bytes) -> int:  # type: ignore[override]
        self.data += chunk
        return len(chunk)


def test_entries_with_data_descriptors_are_copied_as_stored(tmp_path: Path) -> None:
    stream = _Unseekable()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            "[Content_Types].xml", '<Types><Default Extension="xml" ContentType="application/xml"/></Types>'
        )
        archive.writestr("xl/a.xml", "<a>" + "x" * 5000 + "</a>")
        archive.writestr("xl/b.bin", bytes(range(256)) * 4)
    source = tmp_path / "in.zip"
    source.write_bytes(bytes(stream.data))
    package = PackageEditor(source)
    package.write("xl/a.xml", b"<a>changed</a>")
    package.write("xl/new.xml", iter([b"<n>", b"streamed", b"</n>"]))
    package.save(tmp_path / "out.zip")
    package.close()
    with zipfile.ZipFile(tmp_path / "out.zip") as out, zipfile.ZipFile(source) as original:
        assert out.testzip() is None
        assert out.namelist() == ["[Content_Types].xml", "xl/a.xml", "xl/b.bin", "xl/new.xml"]
        assert out.read("xl/b.bin") == original.read("xl/b.bin") and out.getinfo("xl/b.bin").flag_bits & 0x08
        assert out.read("xl/a.xml") == b"<a>changed</a>" and out.read("xl/new.xml") == b"<n>streamed</n>"


def test_unchanged_bytes_keep_the_original_entry(tmp_path: Path) -> None:
    source = tmp_path / "in.zip"
    with zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/a.xml", "<a/>")
    package = PackageEditor(source)
    package.write("xl/a.xml", b"<a/>")  # the same bytes: nothing to rewrite
    package.save(tmp_path / "out.zip")
    package.close()
    assert (tmp_path / "out.zip").read_bytes() == source.read_bytes()


def test_elements_go_where_the_schema_puts_them_even_past_alternate_content() -> None:
    sheet = (
        b"<worksheet><sheetData/><mergeCells/><mc:AlternateContent><mc:Choice><controls/></mc:Choice>"
        b"</mc:AlternateContent><tableParts/></worksheet>"
    )
    start, end = len(b"<worksheet>"), len(sheet) - len(b"</worksheet>")
    inserted = insert_child(sheet, start, end, "legacyDrawing", b"<legacyDrawing/>", WORKSHEET_ORDER)
    assert (
        inserted.index(b"<mergeCells/>")
        < inserted.index(b"<legacyDrawing/>")
        < inserted.index(b"<mc:AlternateContent>")
    )
    inserted = insert_child(sheet, start, end, "extLst", b"<extLst/>", WORKSHEET_ORDER)
    assert inserted.endswith(b"<tableParts/><extLst/></worksheet>")


def test_relationship_targets_resolve_both_ways() -> None:
    assert resolve("xl/worksheets/sheet1.xml", "../comments1.xml") == "xl/comments1.xml"
    assert resolve("xl/workbook.xml", "/xl/worksheets/sheet2.xml") == "xl/worksheets/sheet2.xml"
    assert resolve("", "xl/workbook.xml") == "xl/workbook.xml"
    assert relative("xl/worksheets/sheet1.xml", "xl/drawings/vmlDrawing1.vml") == "../drawings/vmlDrawing1.vml"
    assert relative("xl/workbook.xml", "xl/worksheets/sheet3.xml") == "worksheets/sheet3.xml"


def _open_files(path: Path) -> int:
    """How many of this process's file descriptors are open on `path` (Linux: /proc/self/fd)."""
    found = 0
    for fd in Path("/proc/self/fd").iterdir():
        with contextlib.suppress(OSError):  # the descriptor listing the folder itself, closed meanwhile
            found += Path(fd.readlink()) == path
    return found


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="counts open files through /proc")
def test_a_part_refused_mid_parse_leaves_no_file_open_while_its_error_is_held(tmp_path: Path) -> None:
    """A part refused while it streams (a DOCTYPE after the first chunk's XML declaration) closes its zip stream at once:
    the error (kept by the live view, say) holds no open handle on the organiser's workbook (Excel could not save over it
    on Windows)."""
    path = tmp_path / "book.xlsx"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("a.xml", b'<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e "x">]><a/>')
    gc.disable()  # nothing collected behind the test's back: the handle must be closed by the code itself
    try:
        package = OpcPackage(path)
        with pytest.raises(PackageError) as refused:
            package.parse("a.xml")
        package.close()
        assert refused.value.key == "part_doctype" and _open_files(path) == 0
    finally:
        gc.enable()


def test_an_elements_content_starts_after_its_start_tag_even_with_a_quoted_bracket() -> None:
    """`splice.content`: the content of `<t a=">">x</t>` is `x` (a '>' inside quotes does not end the tag); a
    self-closing element has none, at its end."""
    from sheet_scorer.xlsx.splice import content

    xml = b'<r><t a=">" b=\'/>\'>x</t><e k=">"/></r>'
    t_start, e_start = xml.index(b"<t"), xml.index(b"<e")
    start, end = content(xml, t_start, e_start)
    assert xml[start:end] == b"x"
    assert content(xml, e_start, len(xml) - 4) == (len(xml) - 4, len(xml) - 4)
