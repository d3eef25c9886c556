"""update_workbook (docs/rules.md §5): the one way seat, playoffs and merge write — cell edits, new
sheets (laid out like another), the tool's own sheets replaced; every other part byte-identical."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import write_workbook
from openpyxl.styles import Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from sheet_scorer import WorkbookError
from sheet_scorer.model import CellEdit, NewSheet, WorkbookPatch
from sheet_scorer.workbook.update import update_workbook

pytestmark = pytest.mark.filterwarnings("ignore:Data Validation extension is not supported")  # openpyxl reads, we keep

X14_VALIDATION = (
    '<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
    '<x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:dataValidation type="list" '
    'allowBlank="1" showInputMessage="1" showErrorMessage="1"><x14:formula1><xm:f>Players!$A$2:$A$40</xm:f></x14:formula1>'
    "<xm:sqref>B2:B40</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst>"
)


def _raw_entries(path: Path) -> dict[str, bytes]:
    """Each part's zip entry as stored (compressed bytes), to compare copies byte for byte."""
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.open(info).read() and _stored(path, info) for info in archive.infolist()}


def _stored(path: Path, info: zipfile.ZipInfo) -> bytes:
    with path.open("rb") as handle:
        handle.seek(info.header_offset + 26)
        name_length, extra_length = int.from_bytes(handle.read(2), "little"), int.from_bytes(handle.read(2), "little")
        handle.seek(info.header_offset + 30 + name_length + extra_length)
        return handle.read(info.compress_size)


def _with_x14_validation(path: Path, sheet_part: str) -> None:
    """Add an Excel 2010 list validation pointing at another sheet, in the form Excel writes it."""
    with zipfile.ZipFile(path) as archive:
        parts = {i.filename: archive.read(i) for i in archive.infolist()}
    xml = parts[sheet_part].decode()
    parts[sheet_part] = xml.replace("</worksheet>", X14_VALIDATION + "</worksheet>").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


@pytest.fixture
def score_column_event(tmp_path: Path) -> Path:
    path = write_workbook(
        tmp_path / "event.xlsx",
        {
            "Round 1": [["Table", "Player", "Score"], [1, "Ala", 3], [1, "Bob", None]],
            "Players": [["Player"], ["Ala"], ["Bob"]],
            "Notes": [["keep me"]],
        },
    )
    book = openpyxl.load_workbook(path)
    ws = book["Round 1"]
    for cell in ws[1]:
        cell.font = Font(bold=True, color="FF1F4E79")
        cell.fill = PatternFill("solid", start_color="FFDDEBF7", end_color="FFDDEBF7")
    ws["C2"].number_format = "0.0"
    ws.column_dimensions["B"].width = 31
    ws.freeze_panes = "A2"
    validation = DataValidation(type="whole", operator="between", formula1="0", formula2="5")
    ws.add_data_validation(validation)
    validation.add("C2:C40")
    book.save(path)
    _with_x14_validation(path, "xl/worksheets/sheet1.xml")
    return path


def test_cell_edits_borrow_the_neighbours_style_and_leave_other_parts_identical(score_column_event: Path) -> None:
    before = _raw_entries(score_column_event)
    update_workbook(
        score_column_event,
        WorkbookPatch(
            edits={
                "Round 1": [
                    CellEdit("C3", 4, style_like="C2"),
                    CellEdit("A4", 2),
                    CellEdit("B2", None),
                    CellEdit("B4", "Cyd"),
                ]
            }
        ),
    )
    ws = openpyxl.load_workbook(score_column_event)["Round 1"]
    assert [[c.value for c in row] for row in ws.iter_rows()] == [
        ["Table", "Player", "Score"],
        [1, None, 3],
        [1, "Bob", 4],
        [2, "Cyd", None],
    ]
    assert ws["C3"].number_format == "0.0" and ws["A4"].number_format == "General"
    after = _raw_entries(score_column_event)
    changed = {name for name in before if before[name] != after.get(name)}
    # openpyxl wrote no shared-string table: 'Cyd' needs one, declared in the content types and relationships
    # and the record of the organiser's cells (rules.md §5): docProps/custom.xml, related from _rels/.rels
    assert changed == {"xl/worksheets/sheet1.xml", "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "_rels/.rels"}
    assert set(after) - set(before) == {"xl/sharedStrings.xml", "docProps/custom.xml"}


def test_versions_are_kept_when_the_file_is_replaced(score_column_event: Path) -> None:
    first = score_column_event.read_bytes()
    update_workbook(score_column_event, WorkbookPatch(edits={"Notes": [CellEdit("A2", "one")]}))
    second = score_column_event.read_bytes()
    update_workbook(score_column_event, WorkbookPatch(edits={"Notes": [CellEdit("A3", "two")]}))
    assert score_column_event.with_name("event.original.xlsx").read_bytes() == first
    assert score_column_event.with_name("event.backup.xlsx").read_bytes() == second


def test_new_sheet_from_rows_with_widths_links_and_hidden(score_column_event: Path, tmp_path: Path) -> None:
    out = update_workbook(
        score_column_event,
        WorkbookPatch(
            sheets=[
                NewSheet(
                    "Pairings",
                    [["Table", "Player"], [1, "Ala"], [1, "Bob"]],
                    widths={2: 30},
                    links={"B2": "'Round 1'!B2"},
                ),
                NewSheet("Plan", [["stored plan"]], hidden=True),
            ]
        ),
        target=tmp_path / "out.xlsx",
    )
    assert not score_column_event.with_name("event.backup.xlsx").exists()  # another target: the input is not replaced
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Round 1", "Players", "Notes", "Pairings", "Plan"]
    ws = book["Pairings"]
    assert [[c.value for c in row] for row in ws.iter_rows()] == [["Table", "Player"], [1, "Ala"], [1, "Bob"]]
    assert ws["A1"].font.b and not ws["A2"].font.b and ws.freeze_panes == "A2"
    assert ws.column_dimensions["B"].width == 30
    assert ws["B2"].hyperlink.location == "'Round 1'!B2"
    assert book["Plan"].sheet_state == "hidden"


def test_new_sheet_laid_out_like_another(score_column_event: Path, tmp_path: Path) -> None:
    out = update_workbook(
        score_column_event,
        WorkbookPatch(
            sheets=[
                NewSheet(
                    "Round 2", [["Table", "Player", "Score"], [1, "Bob", None], [1, "Ala", None]], layout_from="Round 1"
                )
            ]
        ),
        target=tmp_path / "out.xlsx",
    )
    book = openpyxl.load_workbook(out)
    ws = book["Round 2"]
    assert [[c.value for c in row] for row in ws.iter_rows()] == [
        ["Table", "Player", "Score"],
        [1, "Bob", None],
        [1, "Ala", None],
    ]
    assert ws["A1"].font.b and ws["A1"].font.color.rgb == "FF1F4E79" and ws["B1"].fill.fgColor.rgb == "FFDDEBF7"
    assert ws.column_dimensions["B"].width == 31 and ws.freeze_panes == "A2"
    assert [(str(v.sqref), v.formula1) for v in ws.data_validations.dataValidation] == [("C2:C40", "0")]
    with zipfile.ZipFile(out) as archive:
        part = archive.read("xl/worksheets/sheet4.xml").decode()
    assert "<xm:f>Players!$A$2:$A$40</xm:f>" in part and "<xm:sqref>B2:B40</xm:sqref>" in part
    assert part.index("<dataValidations") < part.index("<pageMargins") < part.index("<extLst>")


def test_the_tools_own_sheet_is_replaced_in_place_and_an_organisers_is_refused(
    score_column_event: Path, tmp_path: Path
) -> None:
    update_workbook(score_column_event, WorkbookPatch(sheets=[NewSheet("Plan", [["v1"]], replace=True, hidden=True)]))
    update_workbook(score_column_event, WorkbookPatch(sheets=[NewSheet("Plan", [["v2"]], replace=True, hidden=True)]))
    book = openpyxl.load_workbook(score_column_event)
    assert book.sheetnames == ["Round 1", "Players", "Notes", "Plan"] and book["Plan"]["A1"].value == "v2"
    with pytest.raises(WorkbookError, match="already has a sheet 'Notes'"):
        update_workbook(score_column_event, WorkbookPatch(sheets=[NewSheet("notes", [["x"]])]))
    with pytest.raises(WorkbookError, match="has no sheet 'Round 9'"):
        update_workbook(score_column_event, WorkbookPatch(edits={"Round 9": [CellEdit("A1", 1)]}))
