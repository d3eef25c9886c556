"""Nothing is lost (docs/rules.md §5): workbooks written the way Excel writes them (tests/fidelity_fixtures.py),
and one of them saved again by LibreOffice, are scored, and the output is compared with the input part by part.

Every part the tool does not own is the same zip entry, byte for byte. The parts it owns differ only
in its own cells and entries: the computed cells of the round sheets, its conditional-format marks and
notes, its sheets in workbook.xml with their relationships and content types, formats appended to the
style sheet, strings appended to the shared strings. Scoring the scored copy changes nothing further.
"""

from __future__ import annotations

import os
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from fidelity_fixtures import build_all
from lxml import etree
from office import Batch
from office import job as office_job

from sheet_scorer import score_workbook
from sheet_scorer.i18n.vocab import COMPUTED_HEADERS
from sheet_scorer.model import CellEdit, WorkbookPatch
from sheet_scorer.workbook.convert import libreoffice
from sheet_scorer.workbook.update import update_workbook
from sheet_scorer.xlsx.cells import column_index

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # openpyxl: extensions it cannot read (we keep them)
M = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
ROUND_SHEET = "xl/worksheets/sheet1.xml"
WORKBOOK_LEVEL = {
    "[Content_Types].xml",
    "xl/_rels/workbook.xml.rels",
    "xl/workbook.xml",
    "xl/styles.xml",
    "xl/sharedStrings.xml",
    "_rels/.rels",
    "docProps/custom.xml",
}  # the last two: the record of the organiser's cells (rules.md §5)
COMPUTED_EN = {words["en"] for words in COMPUTED_HEADERS.values()}


NAMES = ["excel_features", "macros", "marked", "excel_only_kinds", "libreoffice"]


@office_job("fidelity_saved", "xlsx")  # LibreOffice's xlsx filter: Calc MS Excel 2007 XML
def _excel_features(folder: Path, batch: Batch) -> list[Path]:
    """The Excel features fixture, for LibreOffice to open and save again (its own XML for everything it keeps)."""
    return [build_all(folder)["excel_features"]]


@office_job("fidelity_scored", "ods", after="fidelity_saved")
def _scored_fixtures(folder: Path, batch: Batch) -> list[Path]:
    """Every fixture, the one LibreOffice saved too, scored: for LibreOffice to open (saved as .ods)."""
    built = build_all(folder)
    built["libreoffice"] = Path(
        shutil.copy(batch.outputs("fidelity_saved") / "excel_features.xlsx", folder / "libreoffice.xlsx")
    )
    return [score_workbook(path).output for path in built.values()]


def _saved_by_libreoffice(folder: Path, request: pytest.FixtureRequest) -> Path | None:
    """The Excel features fixture opened and saved again by LibreOffice (the session's batch), when it is installed."""
    if libreoffice() is None:
        return None
    office: Batch = request.getfixturevalue("office")
    return Path(shutil.copy(office.outputs("fidelity_saved") / "excel_features.xlsx", folder / "libreoffice.xlsx"))


@pytest.fixture(scope="module")
def scored(
    tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest
) -> dict[str, tuple[Path, Path, Path]]:
    """name -> (input, scored copy, the scored copy scored again)."""
    folder = tmp_path_factory.mktemp("fidelity")
    done = {}
    built = build_all(folder)
    saved = _saved_by_libreoffice(folder, request)
    if saved is not None:
        built["libreoffice"] = saved
    for name, path in built.items():
        once = score_workbook(path).output
        twice = score_workbook(
            once, output=folder / f"{name}.twice{path.suffix}", html=folder / f"{name}.twice.html"
        ).output
        done[name] = (path, once, twice)
    return done


def _fixture(scored: dict[str, tuple[Path, Path, Path]], name: str) -> tuple[Path, Path, Path]:
    if name not in scored:
        if os.environ.get("CI") == "true":
            pytest.fail("LibreOffice (soffice) is not installed")
        pytest.skip("LibreOffice (soffice) is not installed: no LibreOffice-written fixture")
    return scored[name]


def _stored(path: Path) -> dict[str, bytes]:
    """Each zip entry as stored: its local header's fields that matter and its compressed bytes."""
    entries = {}
    with zipfile.ZipFile(path) as archive, path.open("rb") as handle:
        for info in archive.infolist():
            handle.seek(info.header_offset + 26)
            name_length, extra_length = (int.from_bytes(handle.read(2), "little") for _ in range(2))
            handle.seek(info.header_offset + 30 + name_length + extra_length)
            entries[info.filename] = info.CRC.to_bytes(4, "little") + handle.read(info.compress_size)
    return entries


def _xml(path: Path, part: str) -> etree._Element:
    with zipfile.ZipFile(path) as archive:
        return etree.fromstring(archive.read(part))


def _c14n(element: etree._Element) -> bytes:
    return etree.tostring(element, method="c14n")


def _owned(path: Path) -> set[str]:
    """The parts scoring may change: workbook-level ones, the round sheet, and the notes of the round sheet."""
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        rels = (
            archive.read("xl/worksheets/_rels/sheet1.xml.rels").decode()
            if "xl/worksheets/_rels/sheet1.xml.rels" in names
            else ""
        )
    notes = {n for n in names if n.startswith("xl/comments") and n.split("/")[-1] in rels}
    vml = {n for n in names if n.endswith(".vml") and n.split("/")[-1] in rels}
    return WORKBOOK_LEVEL | {ROUND_SHEET, "xl/worksheets/_rels/sheet1.xml.rels"} | notes | vml


@pytest.mark.parametrize("name", NAMES)
def test_every_part_the_tool_does_not_own_is_the_same_zip_entry(
    scored: dict[str, tuple[Path, Path, Path]], name: str
) -> None:
    source, once, _ = _fixture(scored, name)
    before, after = _stored(source), _stored(once)
    assert set(before) <= set(after), set(before) - set(after)
    changed = {part for part in before if before[part] != after[part]}
    assert changed <= _owned(source), changed - _owned(source)
    added = set(after) - set(before)
    assert all(p.startswith("xl/worksheets/sheet") or p == "docProps/custom.xml" for p in added), (
        added
    )  # Standings, Problems


@pytest.mark.parametrize("name", NAMES)
def test_scoring_the_scored_copy_changes_nothing_further(scored: dict[str, tuple[Path, Path, Path]], name: str) -> None:
    _, once, twice = _fixture(scored, name)
    assert once.read_bytes() == twice.read_bytes()


def _cells(sheet: etree._Element) -> dict[str, bytes]:
    return {c.get("r"): _c14n(c) for c in sheet.iter(f"{M}c")}


@pytest.mark.parametrize("name", NAMES)
def test_round_sheet_differs_only_in_the_tools_cells_and_marks(
    scored: dict[str, tuple[Path, Path, Path]], name: str
) -> None:
    source, once, _ = _fixture(scored, name)
    before, after = _xml(source, ROUND_SHEET), _xml(once, ROUND_SHEET)
    old, new = _cells(before), _cells(after)
    assert {ref: old[ref] for ref in old} == {ref: new[ref] for ref in old}  # every organiser cell exactly as it was
    header = {c.get("r"): c for c in after.iter(f"{M}c") if c.get("r", "").lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "2"}
    with zipfile.ZipFile(once) as archive:
        strings = [("".join(si.itertext())) for si in etree.fromstring(archive.read("xl/sharedStrings.xml"))]
    computed = {
        ref.rstrip("0123456789")
        for ref, c in header.items()
        if ref not in old and strings[int(c.findtext(f"{M}v"))] in COMPUTED_EN
    }
    assert len(computed) == 5
    assert {ref.rstrip("0123456789") for ref in set(new) - set(old)} == computed
    assert min(column_index(c) for c in computed) > column_index("U")  # past the logo, text box and sparkline (S..U, O)

    def around(sheet: etree._Element) -> list[bytes]:
        """Everything but the rows, the dimension and the tool's marks."""
        kept = []
        for child in sheet:
            if child.tag in (f"{M}sheetData", f"{M}dimension", f"{M}cols"):  # cols: compared below
                continue
            if child.tag == f"{M}conditionalFormatting" and "sheet-scorer" in etree.tostring(child).decode():
                continue
            kept.append(_c14n(child))
        return kept

    assert around(before) == around(after)

    def columns(sheet: etree._Element) -> dict[int, dict[str, str]]:
        """Each column's attributes (a range spelt out), for the first 64 columns."""
        found: dict[int, dict[str, str]] = {}
        for col in sheet.iter(f"{M}col"):
            for c in range(int(col.get("min")), min(int(col.get("max")), 64) + 1):
                found[c] = {k: v for k, v in col.attrib.items() if k not in ("min", "max")}
        return found

    old_cols, new_cols = columns(before), columns(after)
    computed_columns = {column_index(c) for c in computed}
    assert {c: a for c, a in old_cols.items() if c not in computed_columns} == {
        c: a for c, a in new_cols.items() if c not in computed_columns and c in old_cols
    }  # the organiser's widths kept
    for ref, cell in header.items():  # a computed column is wide enough for its header
        text = strings[int(cell.findtext(f"{M}v"))] if cell.get("t") == "s" else ""
        if text in COMPUTED_EN and len(text) + 3 > 8.43:
            assert float(new_cols[column_index(ref.rstrip("0123456789"))]["width"]) >= len(text) + 3, ref
    for row_before, row_after in zip(before.iter(f"{M}row"), after.iter(f"{M}row")):
        assert {k: v for k, v in row_before.attrib.items() if k != "spans"} == {
            k: v for k, v in row_after.attrib.items() if k != "spans"
        }


@pytest.mark.parametrize("name", NAMES)
def test_workbook_level_parts_only_gain_the_tools_entries(
    scored: dict[str, tuple[Path, Path, Path]], name: str
) -> None:
    source, once, _ = _fixture(scored, name)
    for part in ("[Content_Types].xml", "xl/_rels/workbook.xml.rels", "_rels/.rels"):
        before = {_c14n(e) for e in _xml(source, part)}
        assert before <= {_c14n(e) for e in _xml(once, part)}, part
    for section in ("numFmts", "fonts", "fills", "borders", "cellStyleXfs", "cellXfs", "cellStyles", "dxfs"):
        old, new = (
            _xml(source, "xl/styles.xml").find(f"{M}{section}"),
            _xml(once, "xl/styles.xml").find(f"{M}{section}"),
        )
        if old is not None:
            assert [_c14n(e) for e in new][: len(old)] == [_c14n(e) for e in old], section  # appended, never renumbered
    old_strings, new_strings = _xml(source, "xl/sharedStrings.xml"), _xml(once, "xl/sharedStrings.xml")
    assert [_c14n(e) for e in new_strings][: len(old_strings)] == [_c14n(e) for e in old_strings]
    old_book, new_book = _xml(source, "xl/workbook.xml"), _xml(once, "xl/workbook.xml")
    assert [e.tag for e in new_book] == [e.tag for e in old_book]  # no element dropped, added or moved
    for old, new in zip(old_book, new_book):
        if old.tag == f"{M}sheets":
            assert [_c14n(s) for s in new][: len(old)] == [_c14n(s) for s in old]
            assert [s.get("name") for s in new][len(old) :] in (["Standings"], ["Standings", "Problems"])
        elif old.tag == f"{M}calcPr":
            others = [{k: v for k, v in e.attrib.items() if k != "fullCalcOnLoad"} for e in (old, new)]
            assert new.get("fullCalcOnLoad") == "1" and others[0] == others[1]
        else:
            assert _c14n(old) == _c14n(new)


def test_saved_formula_values_and_excel_only_parts_survive(scored: dict[str, tuple[Path, Path, Path]]) -> None:
    _, once, _ = scored["excel_features"]
    book = openpyxl.load_workbook(once, data_only=True)
    assert book["Summary"]["A1"].value == 97.49 and book["Round 1"]["L3"].value == "3 letters"
    assert book.sheetnames == ["Round 1", "Players", "Summary", "Prizes", "Prize chart", "Standings"]
    with zipfile.ZipFile(once) as archive:
        names = set(archive.namelist())
        summary = archive.read("xl/worksheets/sheet3.xml").decode()
        app = archive.read("docProps/app.xml").decode()
    assert {
        "xl/metadata.xml",
        "xl/calcChain.xml",
        "xl/persons/person.xml",
        "xl/threadedComments/threadedComment1.xml",
        "xl/printerSettings/printerSettings1.bin",
        "customXml/item1.xml",
        "docProps/thumbnail.jpeg",
        "docProps/custom.xml",
        "xl/chartsheets/sheet1.xml",
        "xl/charts/chart1.xml",
        "xl/media/image1.png",
        "xl/tables/table1.xml",
    } <= names
    assert 'cm="1"' in summary and "<Company>Catan Club Łódź</Company>" in app and "<Manager>Piotr</Manager>" in app
    assert "<HeadingPairs>" in app and "<vt:lpstr>Round 1</vt:lpstr>" in app  # TitlesOfParts, byte for byte (not owned)


def test_a_mark_keeps_the_organisers_note_and_fixing_removes_only_the_tools_text(
    scored: dict[str, tuple[Path, Path, Path]], tmp_path: Path
) -> None:
    source, once, _ = scored["marked"]
    with zipfile.ZipFile(source) as archive:
        note_part = next(n for n in archive.namelist() if n.startswith("xl/comments"))
        vml_part = next(n for n in archive.namelist() if n.endswith(".vml"))
        vml = archive.read(vml_part)
    note = next(c for c in _xml(once, note_part).iter(f"{M}comment") if c.get("ref") == "C3")
    runs = note.findall(f"{M}text/{M}r")
    original = next(c for c in _xml(source, note_part).iter(f"{M}comment") if c.get("ref") == "C3")
    assert _c14n(runs[0]) == _c14n(original.find(f"{M}text/{M}r"))  # the organiser's run: text, font, size, colour
    assert "sheet-scorer" in "".join(runs[1].itertext()) and "6 settlements" in "".join(runs[1].itertext())
    with zipfile.ZipFile(once) as archive:
        assert archive.read(vml_part) == vml  # the note's shape (pinned, coloured, sized) untouched
    fixed = tmp_path / "fixed.xlsx"
    shutil.copy(once, fixed)
    update_workbook(fixed, WorkbookPatch(edits={"Round 1": [CellEdit("C3", 2)]}))
    rescored = score_workbook(fixed, output=tmp_path / "rescored.xlsx", html=tmp_path / "rescored.html")
    assert rescored.exit_code == 0
    assert _c14n(_xml(rescored.output, note_part)) == _c14n(_xml(source, note_part))
    assert "sheet-scorer" not in etree.tostring(_xml(rescored.output, ROUND_SHEET)).decode().split("</sheetData>")[1]
    problems = openpyxl.load_workbook(rescored.output)["Problems"]
    assert [[c.value for c in row] for row in problems.iter_rows()][1:] == [
        ["No problems: every table is scored.", None, None, None, None]
    ]


def test_every_part_written_is_well_formed_xml(scored: dict[str, tuple[Path, Path, Path]]) -> None:
    for _, once, _ in scored.values():
        with zipfile.ZipFile(once) as archive:
            for part in archive.namelist():
                if part.endswith((".xml", ".rels", ".vml")):
                    etree.fromstring(archive.read(part))


def _audit(path: Path) -> set[tuple[str, str]]:
    from openxml_audit import OpenXmlValidator

    result = OpenXmlValidator(max_errors=0).validate(str(path))
    return {(str(getattr(e, "part_uri", "")), str(getattr(e, "description", e))) for e in result.errors}


def test_no_schema_error_is_added(scored: dict[str, tuple[Path, Path, Path]]) -> None:
    """openxml-audit checks element order and structure against the schemas (not every attribute: see bench/RESULTS.md)."""
    pytest.importorskip("openxml_audit")
    for source, once, _ in scored.values():
        assert _audit(once) <= _audit(source), once.name


def test_libreoffice_and_openpyxl_open_every_output(scored: dict[str, tuple[Path, Path, Path]], office: Batch) -> None:
    outputs = office.sources("fidelity_scored")  # the scored copies of `scored`, made alike for the session's batch
    assert sorted(p.name for p in outputs) == sorted(once.name for _, once, _ in scored.values())
    for path in outputs:
        openpyxl.load_workbook(path, keep_vba=path.suffix == ".xlsm")
    assert all((office.outputs("fidelity_scored") / f"{p.stem}.ods").stat().st_size > 1000 for p in outputs)


X14 = "{http://schemas.microsoft.com/office/spreadsheetml/2009/9/main}"
REL_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def _rels(path: Path, part: str) -> dict[str, tuple[str, str]]:
    """Relationship id -> (type, target) of one relationships part."""
    return {r.get("Id"): (r.get("Type"), r.get("Target")) for r in _xml(path, part)}


def test_pivot_slicer_timeline_external_link_and_form_control_survive(
    scored: dict[str, tuple[Path, Path, Path]],
) -> None:
    """Their parts byte for byte, and the elements pointing at them (round sheet, workbook.xml) with the same ids."""
    source, once, _ = scored["excel_only_kinds"]
    before, after = _stored(source), _stored(once)
    kept = [
        "xl/pivotTables/pivotTable1.xml",
        "xl/pivotTables/_rels/pivotTable1.xml.rels",
        "xl/pivotCache/pivotCacheDefinition1.xml",
        "xl/pivotCache/pivotCacheRecords1.xml",
        "xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels",
        "xl/worksheets/_rels/sheet7.xml.rels",
        "xl/slicers/slicer1.xml",
        "xl/slicerCaches/slicerCache1.xml",
        "xl/externalLinks/externalLink1.xml",
        "xl/externalLinks/_rels/externalLink1.xml.rels",
        "xl/ctrlProps/ctrlProp1.xml",
        "xl/timelines/timeline1.xml",
        "xl/timelineCaches/timelineCache1.xml",
        "xl/drawings/drawing1.xml",
        "xl/webextensions/taskpanes.xml",
        "xl/webextensions/webextension1.xml",
        "docProps/app.xml",
    ]
    assert all(before[part] == after[part] for part in kept)
    assert {_c14n(e) for e in _xml(source, "_rels/.rels")} < {
        _c14n(e) for e in _xml(once, "_rels/.rels")
    }  # + the record
    drawing = zipfile.ZipFile(once).read("xl/drawings/drawing1.xml")
    assert b"<sle:slicer " in drawing and b"<tsle:timeslicer " in drawing  # the frames of the slicer and the timeline
    sheet, rels = _xml(once, ROUND_SHEET), _rels(once, "xl/worksheets/_rels/sheet1.xml.rels")
    choice = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Choice"
    control = sheet.find(f"*/{choice}/{M}controls/*/{choice}/{M}control")
    assert control.get("shapeId") == "1099" and rels[control.get(REL_ID)] == (
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/ctrlProp",
        "../ctrlProps/ctrlProp1.xml",
    )
    slicer = sheet.find(f"{M}extLst/{M}ext/{X14}slicerList/{X14}slicer")
    assert rels[slicer.get(REL_ID)][1] == "../slicers/slicer1.xml"
    x15 = "{http://schemas.microsoft.com/office/spreadsheetml/2010/11/main}"
    assert (
        rels[sheet.find(f"{M}extLst/{M}ext/{x15}timelineRefs/{x15}timelineRef").get(REL_ID)][1]
        == "../timelines/timeline1.xml"
    )
    tags = [child.tag.split("}")[1] for child in sheet]
    for name in (
        "sheetProtection",
        "customSheetViews",
        "hyperlinks",
        "rowBreaks",
        "colBreaks",
        "legacyDrawing",
        "legacyDrawingHF",
        "AlternateContent",
    ):
        assert name in tags, name
    assert [r.get("outlineLevel") for r in sheet.iter(f"{M}row") if r.get("r") in {"3", "4", "5", "6"}] == ["1"] * 4
    book, book_rels = _xml(once, "xl/workbook.xml"), _rels(once, "xl/_rels/workbook.xml.rels")
    assert (
        book_rels[book.find(f"{M}externalReferences/{M}externalReference").get(REL_ID)][1]
        == "externalLinks/externalLink1.xml"
    )
    assert (
        book_rels[book.find(f"{M}pivotCaches/{M}pivotCache").get(REL_ID)][1] == "pivotCache/pivotCacheDefinition1.xml"
    )
    assert (
        book_rels[book.find(f"{M}extLst/{M}ext/{X14}slicerCaches/{X14}slicerCache").get(REL_ID)][1]
        == "slicerCaches/slicerCache1.xml"
    )
    timeline_cache = book.find(f"{M}extLst/{M}ext/{x15}timelineCacheRefs/{x15}timelineCacheRef")
    assert book_rels[timeline_cache.get(REL_ID)][1] == "timelineCaches/timelineCache1.xml"
    assert len(book.findall(f"{M}bookViews/{M}workbookView")) == 2 and book.find(f"{M}customWorkbookViews") is not None
    states = {s.get("name"): s.get("state") for s in book.iter(f"{M}sheet")}
    assert states["Old rounds"] == "hidden" and states["Setup"] == "veryHidden" and states["Standings"] is None
    strings = _xml(once, "xl/sharedStrings.xml")
    assert any(si.find(f"{M}rPh") is not None for si in strings) and any(si.find(f"{M}r") is not None for si in strings)
    styles = _xml(once, "xl/styles.xml")
    assert "Judge note" in [s.get("name") for s in styles.iter(f"{M}cellStyle")]
    assert openpyxl.load_workbook(once, data_only=True)["Summary"]["A1"].value == 1500  # the external value as saved


def test_a_signed_macro_project_keeps_its_signature(scored: dict[str, tuple[Path, Path, Path]]) -> None:
    source, once, _ = scored["macros"]
    before, after = _stored(source), _stored(once)
    assert {"xl/vbaProject.bin", "xl/vbaProjectSignature.bin", "xl/_rels/vbaProject.bin.rels"} <= set(before)
    assert all(
        before[p] == after[p]
        for p in ("xl/vbaProject.bin", "xl/vbaProjectSignature.bin", "xl/_rels/vbaProject.bin.rels")
    )
    types = {e.get("PartName"): e.get("ContentType") for e in _xml(once, "[Content_Types].xml")}
    assert types["/xl/vbaProjectSignature.bin"] == "application/vnd.ms-office.vbaProjectSignature"


def test_custom_properties_keep_the_organisers_and_gain_the_record(scored: dict[str, tuple[Path, Path, Path]]) -> None:
    """docProps/custom.xml (rules.md §5): the organiser's property kept as it was, the tool's added once, and re-scoring
    an unedited scored copy rewrites the same record (score(score(x)) == score(x))."""
    from sheet_scorer.workbook.record import read_record

    source, once, twice = scored["excel_features"]
    properties = {p.get("name"): "".join(p.itertext()) for p in _xml(once, "docProps/custom.xml")}
    assert properties["Season"] == "Spring" and set(properties) == {"Season", "sheet-scorer"}
    assert read_record(once) == read_record(twice) and read_record(once).origin == source.name
