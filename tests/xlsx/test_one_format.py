"""xlsx/: one style-sheet reader and one merged-range parser for the streaming reader and the patcher:
both sides get the same model from the same bytes, in `xlsx.cells`' order (column, row)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from helpers import player, round_sheet, write_workbook

from sheet_scorer import score_workbook
from sheet_scorer.xlsx import package, reader
from sheet_scorer.xlsx.merged import covered, covered_cells, merge_refs, merged_range
from sheet_scorer.xlsx.sheetxml import Worksheet
from sheet_scorer.xlsx.styles import read_style_sheet

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
# Cell formats 0 General, 1 a custom date (dd/mm/yyyy), 2 built-in 14 (a date), 3 a custom number with a quoted "d".
STYLES = (
    f'<styleSheet xmlns="{MAIN}"><numFmts count="2"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>'
    '<numFmt numFmtId="165" formatCode="0.0&quot;d&quot;"/></numFmts><fonts count="1"><font><sz val="11"/></font></fonts>'
    '<fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4">'
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    "</cellXfs></styleSheet>"
)
# Merged: A1:B2, C5:A3 (corners the other way round), a single cell, a damaged and an out-of-grid reference.
MERGES = [
    '<mergeCell ref="A1:B2"/>',
    "<mergeCell ref='C5:A3'></mergeCell>",
    '<mergeCell ref="D1"/>',
    '<mergeCell ref="E1:junk"/>',
    '<mergeCell ref="A1:XFE2"/>',
]
SHEET = (
    f'<worksheet xmlns="{MAIN}"><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="A3"><v>2</v></c>'
    '</row></sheetData><mergeCells count="5">' + "".join(MERGES) + "</mergeCells></worksheet>"
)


def _workbook(path: Path, sheet: str = SHEET, styles_relationship: bool = True) -> Path:
    rels = f'<Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
    if styles_relationship:
        rels += f'<Relationship Id="rId2" Type="{REL}/styles" Target="styles.xml"/>'
    types = (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" '
        'ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" '
        'ContentType="application/xml"/></Types>'
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("[Content_Types].xml", types)
        archive.writestr(
            "_rels/.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        archive.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>'
            '<sheet name="Round 1" sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>',
        )
        archive.writestr("xl/worksheets/sheet1.xml", sheet)
        archive.writestr("xl/styles.xml", STYLES)
    return path


@pytest.mark.parametrize("related", [True, False], ids=["related", "orphan"])
def test_the_reader_and_the_patcher_read_one_style_sheet(tmp_path: Path, related: bool) -> None:
    """Formats 1 (dd/mm/yyyy) and 2 (built-in 14) show dates, 3 (`0.0"d"`: the d is quoted) does not; a style sheet
    without its relationship is read at xl/styles.xml by both sides, and the patcher adds the relationship."""
    path = _workbook(tmp_path / "w.xlsx", styles_relationship=related)
    with reader.WorkbookReader(path) as read:
        seen = read_style_sheet(read.package, read.main)
        assert read.date_styles() == frozenset({1, 2})
    patched = package.PackageEditor(path)
    try:
        assert read_style_sheet(patched, "xl/workbook.xml") == seen
    finally:
        patched.close()
    assert (seen.part, seen.related, seen.cell_formats, seen.number_formats) == (
        "xl/styles.xml",
        related,
        [0, 164, 14, 165],
        {164: "dd/mm/yyyy", 165: '0.0"d"'},
    )
    assert seen.xml == STYLES.encode()


def test_a_command_that_reads_and_patches_holds_one_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader and the editor of one command hold the one `OpcPackage` it opened: a part the reader unpacked is not
    unpacked again for the editor, the style sheet is parsed once for both, and the editor's close leaves the file
    open for the command, which closes it."""
    from sheet_scorer.workbook.read import open_event

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": round_sheet(player(1, "Ala"), player(1, "Bob"))})
    with open_event(path, patching=True) as event:
        book = event.book()
        assert book.package.package is event.package is event._book().package
        assert read_style_sheet(book.package, book.workbook_part) is read_style_sheet(event.package, book.workbook_part)
        opened: list[str] = []
        real = event.package.zip.open
        monkeypatch.setattr(event.package.zip, "open", lambda name, *a: opened.append(name) or real(name, *a))
        assert book.package.read(book.workbook_part).startswith(b"<")
        assert opened == []  # read by the reader: kept, not unpacked again
        book.close()
        assert event.package.zip.fp is not None  # still the command's to close
    assert event.package.zip.fp is None


def test_the_editor_takes_the_sheet_list_the_reader_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The workbook part's `<sheet>` list is parsed once per opening, by the reader, and the editor's sheets are those:
    the same names, parts and relationship ids, in tab order (a tab named with an entity reads as its text)."""
    from sheet_scorer.workbook.read import open_event
    from sheet_scorer.xlsx.opc import OpcPackage
    from sheet_scorer.xlsx.reader import read_workbook_part

    path = write_workbook(
        tmp_path / "e.xlsx",
        {"Round 1": round_sheet(player(1, "Ala"), player(1, "Bob")), "Notes & more": [["x"]], "Round 2": [["y"]]},
    )
    parsed: list[str] = []
    real = OpcPackage.parse_chunks

    def counting(self: OpcPackage, part: str, *args: object, **kwargs: object) -> None:
        parsed.append(part)
        real(self, part, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(OpcPackage, "parse_chunks", counting)
    with open_event(path, patching=True) as event:
        book = event.book()
        read = event._book()
        assert [(e.name, e.part) for e in book.sheets] == [(e.name, e.part) for e in read.sheets]
        assert [e.name for e in book.sheets] == ["Round 1", "Notes & more", "Round 2"]
        assert [e.rid for e in book.sheets] == ["rId1", "rId2", "rId3"]  # as openpyxl relates them
        assert tuple(book.sheets) == read_workbook_part(event.package, book.workbook_part).sheets  # the one reading
        book.close()
    assert parsed.count("xl/workbook.xml") == 1


def test_a_scored_copy_writes_the_style_sheet_the_reader_read_and_relates_it(tmp_path: Path) -> None:
    """An organiser's xl/styles.xml with no relationship to it (a generator's omission): the reader took its date
    formats, so the patcher writes its formats into the same part (the cells' style numbers keep their meaning) and
    relates it, instead of a second style sheet beside it that the cells' numbers would point into wrongly."""
    path = write_workbook(
        tmp_path / "event.xlsx", {"Round 1": round_sheet(player(1, "Ala"), player(1, "Bob"), player(1, "Cyd"))}
    )
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    rels = parts["xl/_rels/workbook.xml.rels"].decode()
    parts["xl/_rels/workbook.xml.rels"] = re.sub(r'<Relationship [^>]*relationships/styles"[^>]*/>', "", rels).encode()
    original = parts["xl/styles.xml"]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    scored = score_workbook(path, html=tmp_path / "event.html")
    with zipfile.ZipFile(scored.output) as archive:
        names = archive.namelist()
        rels = archive.read("xl/_rels/workbook.xml.rels").decode()
        styles = archive.read("xl/styles.xml")
    assert [n for n in names if "styles" in n] == ["xl/styles.xml"]
    assert re.findall(r'Type="[^"]*/styles" Target="([^"]*)"', rels) == ["styles.xml"]
    cell_formats = re.compile(rb"<cellXfs[^>]*>(.*?)</cellXfs>", re.S)
    before, after = cell_formats.search(original).group(1), cell_formats.search(styles).group(1)  # type: ignore[union-attr]
    assert after.startswith(before) and len(after) > len(before)  # the organiser's formats first, the tool's appended


def test_a_merge_cell_reference_is_parsed_one_way() -> None:
    assert merged_range("A1:B2") == (1, 1, 2, 2)
    assert merged_range("C5:A3") == (1, 3, 3, 5)  # (first column, first row, last column, last row)
    assert merged_range("$B$2:$C$9") == (2, 2, 3, 9)
    assert [merged_range(ref) for ref in ("D1", "E1:junk", "A1:XFE2", "A0:B1", "A1:B2:C3", "")] == [None] * 6
    assert covered([(1, 1, 2, 2)]) == frozenset({"B1", "A2", "B2"})  # all but the top-left A1
    assert covered([(2, 3, 2, 5)]) == frozenset({"B4", "B5"})


def test_merge_refs_finds_any_quoting_and_only_its_prefix() -> None:
    xml = (
        b"<x:mergeCells><x:mergeCell ref=\"A1:B2\"/><x:mergeCell ref = 'C1:D&#50;'></x:mergeCell></x:mergeCells>"
        b'<mergeCell ref="E1:F2"/>'
    )
    assert merge_refs(xml, prefix=b"x:") == ["A1:B2", "C1:D2"]
    assert merge_refs(xml) == ["E1:F2"]  # `<mergeCells>` is not a merged range
    assert merge_refs(xml, 40, prefix=b"x:") == ["C1:D2"]


def test_the_reader_and_the_patcher_see_the_same_merged_ranges(tmp_path: Path) -> None:
    """Both ways the reader reads a sheet (the plain form and the general one, here forced by a prefix) and the patcher
    give A1:B2 and A3:C5 only; the reader repeats A1's value over A1:B2 and A3's over A3:C5 on the rows it has."""
    prefixed = re.sub(r"<(/?)(?=[a-z])", r"<\1x:", SHEET).replace(
        f'<x:worksheet xmlns="{MAIN}"', f'<x:worksheet xmlns:x="{MAIN}"'
    )
    expected = [(1, 1, 2, 2), (1, 3, 3, 5)]
    for name, sheet in (("plain", SHEET), ("prefixed", prefixed)):
        path = _workbook(tmp_path / f"{name}.xlsx", sheet)
        with reader.WorkbookReader(path) as read:
            cells = read.sheet(read.sheets[0])
            assert cells.merged == expected, name
            cells.fill_merged(read.budget, "Round 1")
            assert cells.rows == {1: {1: 1.0, 2: 1.0}, 3: {1: 2.0, 2: 2.0, 3: 2.0}}, name
            assert covered_cells(path, {"Round 1": cells.merged}) == {
                "Round 1": frozenset({"B1", "A2", "B2", "B3", "C3", "A4", "B4", "C4", "A5", "B5", "C5"})
            }
        assert Worksheet(sheet.encode(), "Round 1").merged_ranges() == expected, name
