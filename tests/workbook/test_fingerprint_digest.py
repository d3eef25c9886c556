"""The fingerprint of an organiser's own sheet (docs/rules.md §5) is hashed from its cells as they stream by, with the
digest's own cell handler (`fingerprint.SheetDigest`), not the reader's cell decoding: the two disagree on two forms
of cell, so switching would change the fingerprints already stored in the files written. These tests compute both
decodings over every workbook kept in the repository and pin exactly where they differ."""

from __future__ import annotations

import hashlib
import zipfile
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import pytest
from paths import ROOT

from sheet_scorer.workbook.fingerprint import SheetDigest, _formula, stream_digest
from sheet_scorer.xlsx.cells import cell_ref
from sheet_scorer.xlsx.reader import WorkbookReader, excel_date

BOOKS = sorted({*(ROOT / "tests").rglob("*.xlsx"), *(ROOT / "example_workbooks").glob("*.xlsx")})
STRICT = {"calamine-strict_iso_paths.xlsx"}  # refused by the reader (Strict Open XML)
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def _digest_items(book: WorkbookReader, part: str, name: str) -> list[tuple[str, Any]]:
    """The (reference, value) pairs the digest's handler hashes for a sheet, in order."""
    handler = SheetDigest(name, book.strings())
    items: list[tuple[str, Any]] = []
    decode = handler._value

    def value() -> Any:
        found = decode()
        if found not in (None, ""):
            items.append((handler.ref, found))
        return found

    handler._value = value  # type: ignore[method-assign]
    book.package.parse(part, handler.start, handler.end, handler.text, namespaces=False)
    return items


def _reader_items(book: WorkbookReader, entry: Any) -> list[tuple[str, Any]]:
    cells = book.sheet(entry)
    found = []
    for r, row in cells.rows.items():
        for c, value in row.items():
            value = _formula(cells.formulas[(c, r)]) if (c, r) in cells.formulas else value
            if value not in (None, ""):
                found.append((cell_ref(c, r), value))
    return found


@pytest.mark.parametrize("path", [p for p in BOOKS if p.name not in STRICT], ids=lambda p: p.name)
def test_the_digest_and_the_reader_decode_cells_alike_but_for_dates_and_unreferenced_cells(path: Path) -> None:
    """Cell for cell, in order, the digest's value is the reader's, except a number in a date style (the digest keeps
    the serial, the reader gives the date) and a cell written without its reference (the digest hashes '' as its
    reference, the reader the cell it stands in)."""
    with WorkbookReader(path) as book:
        for entry in book.sheets:
            if entry.part is None:
                continue
            digest, reader = _digest_items(book, entry.part, entry.name), _reader_items(book, entry)
            assert len(digest) == len(reader), entry.name
            for (ref, value), (reader_ref, reader_value) in zip(digest, reader):
                assert ref in (reader_ref, ""), (entry.name, ref, reader_ref)
                if isinstance(reader_value, (date, datetime, time)) and not isinstance(value, str):
                    assert excel_date(value, book.date1904) == reader_value, (entry.name, ref)
                else:
                    assert value == reader_value, (entry.name, ref)


def test_the_two_decodings_differ_in_the_files_kept_here() -> None:
    """Why the digest keeps its own handler: over the workbooks kept here, the two decodings give different digests
    for these sheets (date-styled numbers; cells without references), so the reader's decoding would change their
    fingerprints."""
    differ = set()
    for path in BOOKS:
        if path.name in STRICT:
            continue
        with WorkbookReader(path) as book:
            for entry in book.sheets:
                if entry.part and _digest_items(book, entry.part, entry.name) != _reader_items(book, entry):
                    differ.add((path.name, entry.name))
    assert {
        ("calamine-date_1904.xlsx", "Sheet1"),
        ("closedxml-TryToLoad_NoReferencesOnRowsOrCells.xlsx", "Sheet1"),
        ("spring_open.xlsx", "Settings"),
    } <= differ


def test_an_organisers_sheet_digest_is_its_cells_as_stored(tmp_path: Path) -> None:
    """The digest by hand: the sheet's name, then each cell's (reference, value): a date-styled number as its serial,
    a shared string as its text, a formula by its text, a cell without a reference with '', an error as its type and
    text (the reader: an `ErrorCell`)."""
    path = tmp_path / "own.xlsx"
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "[Content_Types].xml",
            '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="xml" ContentType="application/xml"/></Types>',
        )
        archive.writestr(
            "_rels/.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        archive.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{MAIN_NS}" xmlns:r="{rel}"><sheets><sheet name="Mine" sheetId="1" r:id="rId1"/>'
            "</sheets></workbook>",
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/>'
            f'<Relationship Id="rId3" Type="{rel}/styles" Target="styles.xml"/></Relationships>',
        )
        archive.writestr("xl/sharedStrings.xml", f'<sst xmlns="{MAIN_NS}"><si><t>Dice</t></si></sst>')
        archive.writestr(
            "xl/styles.xml",
            f'<styleSheet xmlns="{MAIN_NS}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs>'
            "</styleSheet>",
        )
        archive.writestr(
            "xl/worksheets/sheet1.xml",
            f'<worksheet xmlns="{MAIN_NS}"><sheetData><row r="1"><c r="A1" s="1"><v>46130</v></c>'
            '<c r="B1" t="s"><v>0</v></c><c r="C1"><f>A1+1</f><v>46131</v></c><c><v>3</v></c><c r="E1" t="e"><v>#N/A</v></c></row>'
            "</sheetData></worksheet>",
        )
    expected = hashlib.sha256(b"Mine")
    for item in (("A1", 46130.0), ("B1", "Dice"), ("C1", ("=", "A1+1")), ("", 3.0), ("E1", ("e", "#N/A"))):
        expected.update(repr(item).encode())
    with WorkbookReader(path) as book:
        assert stream_digest(book, "Mine", book.sheets[0].part) == expected.digest()
        assert book.sheet(book.sheets[0]).rows[1][1] == date(2026, 4, 18)  # the reader: a date


def _with_parts(source: Path, target: Path, parts: dict[str, bytes]) -> Path:
    """`source` with some parts' bytes replaced."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            new.writestr(info, parts.get(info.filename, old.read(info.filename)))
    return target


def test_check_fingerprints_nothing_yet_reports_what_score_reads(tmp_path: Path) -> None:
    """`check` writes nothing, so records no fingerprint: '' (`read_workbook`, which `score` reads through, has
    one), with the same problems. Its organiser's own sheet (Notes), not digested, is still parsed where it stands:
    a damaged Notes sheet is the refusal, before the damaged docProps/app.xml checked after every sheet, as when
    `score` digests it; a prefix bound nowhere in it (not an error for the digest's parse) is no refusal either."""
    from sheet_scorer import api
    from sheet_scorer.model import WorkbookError
    from sheet_scorer.workbook.read import read_workbook

    mistakes = ROOT / "example_workbooks" / "mistakes.xlsx"
    checked, read = api.check_workbook(mistakes), read_workbook(mistakes)
    assert checked.data.fingerprint == "" and len(read.fingerprint) == 32 and checked.problems
    assert all(a.raw.equals(b.raw) for a, b in zip(checked.data.rounds, read.rounds, strict=True)) and read.rounds
    assert checked.data.problems == read.problems  # the same cells read, the same problems of form
    example = ROOT / "example_workbooks" / "spring_open.xlsx"  # its last sheet, Notes, is the organiser's own
    notes = f'<worksheet xmlns="{MAIN_NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>ok</t></is></c></row>'
    damaged = _with_parts(
        example,
        tmp_path / "damaged.xlsx",
        {"xl/worksheets/sheet7.xml": notes.encode() + b"</sheetData>", "docProps/app.xml": b"<Properties"},
    )
    refusals = []
    for command in (api.check_workbook, read_workbook):
        with pytest.raises(WorkbookError) as refused:
            command(damaged)
        refusals.append((refused.value.key, refused.value.values.get("part")))
    assert refusals == [("part_not_xml", "xl/worksheets/sheet7.xml")] * 2
    unbound = notes + "<x:note/></sheetData></worksheet>"
    unbound_book = _with_parts(example, tmp_path / "unbound.xlsx", {"xl/worksheets/sheet7.xml": unbound.encode()})
    assert len(api.check_workbook(unbound_book).data.rounds) == 4
