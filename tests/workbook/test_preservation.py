"""Nothing lost (docs/rules.md §5): the scored workbook is the organiser's workbook with everything kept.

One rich workbook carries every kind of organiser content openpyxl can write: a round sheet with
a valid table, a merged title above it, an extra column, styles, comments, validation, a filter,
the organiser's own conditional formatting and print settings; organiser sheets (one hidden, one
very hidden) with values of every type, a cross-sheet formula, rich text, an Excel table,
hyperlinks and merged cells; defined names; tab colours; workbook properties. After scoring,
each of these is checked against what was set, and every cell is compared with the input.
"""

from __future__ import annotations

import zipfile
from copy import copy
from datetime import date, datetime
from pathlib import Path, PurePosixPath
from typing import Any

import openpyxl
import pytest
from defusedxml import ElementTree
from helpers import HEADERS, player, round_sheet, write_workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from openpyxl.comments import Comment
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.hyperlink import Hyperlink
from openpyxl.worksheet.page import PageMargins
from openpyxl.worksheet.table import Table, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet

from sheet_scorer import check_workbook, score_workbook
from sheet_scorer.workbook.write import MARK_FORMULA

COMPUTED_EN = ["Army Bonus", "Road Bonus", "VP", "Place", "Round Points"]
SHEET_ORDER = ["Cover", "Round 1", "Info", "Hidden notes", "Secret", "Prizes"]
TAB_COLOURS = {"Cover": "FF1F4E79", "Round 1": "FFC00000", "Info": "FF70AD47", "Prizes": "FFFFC000"}

YELLOW = PatternFill(start_color="FFFFFF00", end_color="FFFFFF00", fill_type="solid")
BLUE = PatternFill(start_color="FFDDEBF7", end_color="FFDDEBF7", fill_type="solid")
RED_DXF = PatternFill(start_color="FFFF9999", end_color="FFFF9999", fill_type="solid")
THIN = Side(style="thin", color="FF808080")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
DOUBLE_BOTTOM = Border(bottom=Side(style="double", color="FF000000"))
TITLE_FONT = Font(name="Georgia", size=16, bold=True, italic=True, color="FF1F4E79")
HEADER_FONT = Font(name="Calibri", size=11, bold=True, color="FFFFFFFF")
HEADER_FILL = PatternFill(start_color="FF305496", end_color="FF305496", fill_type="solid")

# The round table: title row 1 (merged A1:F1), a note in row 2, header in row 3, players in rows 4..7.
# Ala 2 + 2*3 + 1 + 2 (army, 3 knights) = 11; Bob 3 + 6 = 9; Cyd 2 + 2 = 4; Dan 2: a valid table.
TABLE_ROWS = [
    player(1, "Ala", settlements=2, cities=3, vp_cards=1, knights=3),
    player(1, "Bob", settlements=3, cities=3),
    player(1, "Cyd", settlements=2, cities=1),
    player(1, "Dan"),
]
EXTRA_HEADERS = ["Notes", "Paid"]  # the organiser's own columns, right of the scored ones
EXTRAS = [
    ["fast player", True],
    [2.5, False],
    ["='Info'!B2*2", 12.75],  # a cross-sheet formula (no saved value: it is in an ignored column)
    [datetime(2024, 4, 13, 18, 30), None],
]
LAST_ORGANISER_COLUMN = len(HEADERS) + len(EXTRA_HEADERS)  # M
HEADER_ROW = 3

INFO_VALUES: dict[str, Any] = {
    "A1": "Spring Open 2024 — Łódź ✓ 🎲",
    "B2": 42,
    "B3": -7,
    "B4": 3.14159,
    "B5": 1e20,
    "B6": True,
    "B7": False,
    "B8": datetime(2024, 4, 13, 0, 0),
    "B9": datetime(2024, 4, 13, 9, 45, 30),
    "B10": "=Prizes!B2+'Round 1'!C4",
    "B11": "=SUM(B2:B4)",
    "B12": "",
    "B13": "   ",
    "B14": "x" * 2000,
    "C2": "entry fee (zł)",
}
INFO_NUMBER_FORMATS = {"B4": "0.000", "B5": "0.00E+00", "B8": "yyyy-mm-dd", "B9": "dd/mm/yyyy hh:mm:ss", "B2": "#,##0"}


# ---------------------------------------------------------------- building the rich workbook


def _build_round_sheet(ws: Worksheet) -> None:
    ws["A1"] = "Spring Open — Round 1"
    ws["A1"].font = TITLE_FONT
    ws["A1"].alignment = Alignment(horizontal="center", vertical="center")
    ws.merge_cells("A1:F1")
    ws["A2"] = "Judge: Marta (call her for any dispute)"
    ws["A2"].font = Font(italic=True, color="FF7F7F7F")
    for column, title in enumerate([*HEADERS, *EXTRA_HEADERS], start=1):
        cell = ws.cell(HEADER_ROW, column, title)
        cell.font, cell.fill, cell.border = HEADER_FONT, HEADER_FILL, DOUBLE_BOTTOM
        cell.alignment = Alignment(horizontal="center", wrap_text=True)
    for offset, (row, extra) in enumerate(zip(TABLE_ROWS, EXTRAS), start=HEADER_ROW + 1):
        for column, value in enumerate([*row, *extra], start=1):
            cell = ws.cell(offset, column, value)
            cell.border = BOX
            if isinstance(value, int) and not isinstance(value, bool):
                cell.number_format = "0"
    ws.cell(HEADER_ROW + 4, len(HEADERS) + 1).number_format = "yyyy-mm-dd hh:mm"
    ws.cell(HEADER_ROW + 2, len(HEADERS) + 1).number_format = "0.0"
    ws["B5"].fill = YELLOW  # the organiser highlights a player by hand
    ws["B4"].comment = Comment("Ala arrived late but played", "Marta")
    ws["C5"].comment = Comment("recounted twice", "Piotr")
    ws["A2"].hyperlink = "https://example.org/rules#disputes"
    ws.column_dimensions["B"].width = 24.5
    ws.column_dimensions["L"].width = 30
    ws.column_dimensions["D"].hidden = False
    ws.row_dimensions[1].height = 32
    ws.row_dimensions[HEADER_ROW].height = 45
    ws.freeze_panes = "C4"
    ws.auto_filter.ref = f"A{HEADER_ROW}:M{HEADER_ROW + 4}"
    # The organiser's own conditional formatting: settlements above 4 in red.
    ws.conditional_formatting.add("C4:C7", CellIsRule(operator="greaterThan", formula=["4"], fill=RED_DXF))
    settlements = DataValidation(
        type="whole",
        operator="between",
        formula1="0",
        formula2="5",
        showErrorMessage=True,
        error="0 to 5 settlements",
        errorTitle="Settlements",
    )
    flags = DataValidation(type="list", formula1='"x,yes"', allow_blank=True)
    ws.add_data_validation(settlements)
    ws.add_data_validation(flags)
    settlements.add("C4:C40")
    flags.add("I4:K40")
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.print_options.gridLines = True
    ws.print_area = f"A1:M{HEADER_ROW + 4}"
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    ws.page_margins = PageMargins(left=0.4, right=0.35, top=0.6, bottom=0.55, header=0.2, footer=0.25)
    ws.oddHeader.center.text = "Spring Open"
    ws.oddFooter.right.text = "Page &P of &N"
    ws.sheet_view.zoomScale = 85


def _build_info_sheet(ws: Worksheet) -> None:
    for ref, value in INFO_VALUES.items():
        ws[ref] = value
    for ref, number_format in INFO_NUMBER_FORMATS.items():
        ws[ref].number_format = number_format
    ws["A1"].font = TITLE_FONT
    ws["A1"].fill = BLUE
    ws["B2"].border = BOX
    ws["B6"].alignment = Alignment(horizontal="right", indent=1)
    ws["A16"] = CellRichText(["plain then ", TextBlock(InlineFont(b=True, color="FFC00000"), "bold red"), " again"])
    ws["B16"] = "merged block"
    ws.merge_cells("B16:D17")
    ws["A18"] = "rules"
    ws["A18"].hyperlink = "https://example.org/catan-rules.pdf"
    ws["A19"] = "to the prizes"
    ws["A19"].hyperlink = Hyperlink(ref="A19", location="'Prizes'!A1", display="to the prizes")
    ws["A20"].comment = Comment("an organiser note on an empty cell", "Marta")
    ws.column_dimensions["A"].width = 40
    ws.column_dimensions["B"].width = 18
    ws.row_dimensions[16].height = 28
    ws.freeze_panes = "B2"
    ws.page_setup.orientation = "portrait"
    ws.page_margins = PageMargins(left=1.0, right=1.0, top=1.2, bottom=1.2)
    ws.sheet_view.showGridLines = False


def _build_prizes_sheet(ws: Worksheet) -> None:
    rows = [["Place", "Prize", "Value"], [1, "Seafarers", 45.5], [2, "Cities & Knights", 39.99], [3, "Dice tower", 12]]
    for row in rows:
        ws.append(row)
    for cell in ws["C"][1:]:
        cell.number_format = '#,##0.00 "zł"'
    table = Table(displayName="PrizeList", ref="A1:C4")
    table.tableStyleInfo = TableStyleInfo(name="TableStyleMedium9", showRowStripes=True, showColumnStripes=False)
    ws.add_table(table)
    ws.column_dimensions["B"].width = 22


def build_rich_workbook(path: Path) -> Path:
    book = openpyxl.Workbook()
    cover = book.active
    cover.title = "Cover"
    cover["A1"] = "Welcome to the Spring Open"
    cover["A2"] = date(2024, 4, 13)
    cover["A2"].number_format = "d mmmm yyyy"
    _build_round_sheet(book.create_sheet("Round 1"))
    _build_info_sheet(book.create_sheet("Info"))
    hidden = book.create_sheet("Hidden notes")
    hidden["A1"], hidden["B1"] = "seed", 12345
    hidden.sheet_state = "hidden"
    secret = book.create_sheet("Secret")
    secret["A1"], secret["A2"] = "organiser password hint", 0.5
    secret.sheet_state = "veryHidden"
    _build_prizes_sheet(book.create_sheet("Prizes"))
    for name, colour in TAB_COLOURS.items():
        book[name].sheet_properties.tabColor = colour
    book.defined_names["Judges"] = DefinedName("Judges", attr_text="'Round 1'!$B$4:$B$7")
    book.defined_names["EntryFee"] = DefinedName("EntryFee", attr_text="Info!$B$2")
    book["Info"].defined_names["LocalPrize"] = DefinedName("LocalPrize", attr_text="Prizes!$C$2")
    book.properties.title = "Spring Open 2024"
    book.properties.creator = "Marta Organiser"
    book.properties.subject = "Catan qualifier"
    book.properties.keywords = "catan; spring"
    book.active = 1
    book.save(path)
    return path


# ---------------------------------------------------------------- comparing cells


def _style(cell: Any) -> tuple:
    # copy() unwraps openpyxl's StyleProxy, whose == does not compare with another proxy
    return (
        cell.number_format,
        *(copy(s) for s in (cell.font, cell.fill, cell.border, cell.alignment, cell.protection)),
    )


def _extras(cell: Any) -> tuple:
    comment = (cell.comment.text, cell.comment.author) if cell.comment is not None else None
    link = (cell.hyperlink.target, cell.hyperlink.location) if cell.hyperlink is not None else None
    return comment, link


def _value(cell: Any) -> Any:
    value = cell.value
    return (
        ("rich", str(value), [(repr(b.font), b.text) if isinstance(b, TextBlock) else b for b in value])
        if isinstance(value, CellRichText)
        else value
    )


def _assert_same_cells(before: Worksheet, after: Worksheet, max_column: int | None = None) -> None:
    """Every cell (value, style, comment, hyperlink) of `before` is in `after`, up to `max_column`."""
    last_row = max(before.max_row, after.max_row)
    last_column = max_column or max(before.max_column, after.max_column)
    for row in range(1, last_row + 1):
        for column in range(1, last_column + 1):
            old, new = before.cell(row, column), after.cell(row, column)
            where = f"{before.title}!{old.coordinate}"
            assert _value(new) == _value(old), where
            assert _style(new) == _style(old), where
            assert _extras(new) == _extras(old), where


@pytest.fixture
def rich(tmp_path: Path) -> Path:
    return build_rich_workbook(tmp_path / "rich.xlsx")


@pytest.fixture
def scored(rich: Path, tmp_path: Path) -> tuple[Path, Path]:
    result = score_workbook(rich, output=tmp_path / "out.xlsx", html=tmp_path / "out.html")
    assert result.exit_code == 0, [p.message for p in result.problems]
    assert [p.code for p in result.problems] == []
    return rich, result.output


def _load(path: Path, **kwargs: Any) -> openpyxl.Workbook:
    return openpyxl.load_workbook(path, rich_text=True, **kwargs)


# ---------------------------------------------------------------- the tests


def test_rich_workbook_is_scored(scored: tuple[Path, Path]) -> None:
    _, out = scored
    ws = _load(out)["Round 1"]
    header = [c.value for c in ws[HEADER_ROW]]
    assert header == [*HEADERS, *EXTRA_HEADERS, *COMPUTED_EN]
    assert [[c.value for c in row[LAST_ORGANISER_COLUMN:]] for row in ws.iter_rows(min_row=HEADER_ROW + 1)] == [
        [2, 0, 11, 1, 5],
        [0, 0, 9, 2, 3],
        [0, 0, 4, 3, 2],
        [0, 0, 2, 4, 1],
    ]


def test_sheets_order_visibility_and_tab_colours(scored: tuple[Path, Path]) -> None:
    _, out = scored
    book = _load(out)
    assert book.sheetnames == [*SHEET_ORDER, "Standings"]
    assert {ws.title: ws.sheet_state for ws in book.worksheets} == {
        "Cover": "visible",
        "Round 1": "visible",
        "Info": "visible",
        "Hidden notes": "hidden",
        "Secret": "veryHidden",
        "Prizes": "visible",
        "Standings": "visible",
    }
    colours = {ws.title: ws.sheet_properties.tabColor.rgb for ws in book.worksheets if ws.sheet_properties.tabColor}
    assert colours == TAB_COLOURS
    assert book.active.title == "Round 1"


def test_organiser_sheets_cell_by_cell(scored: tuple[Path, Path]) -> None:
    rich, out = scored
    before, after = _load(rich), _load(out)
    for name in ["Cover", "Info", "Hidden notes", "Secret", "Prizes"]:
        _assert_same_cells(before[name], after[name])
    info = after["Info"]
    for ref, value in INFO_VALUES.items():
        expected = None if value == "" else value  # openpyxl stores an empty string as an empty cell
        assert info[ref].value == expected, ref
    assert info["B10"].data_type == "f" and info["B11"].data_type == "f"
    for ref, number_format in INFO_NUMBER_FORMATS.items():
        assert info[ref].number_format == number_format, ref
    assert info["A1"].font.name == "Georgia" and info["A1"].font.b and info["A1"].font.i and info["A1"].font.sz == 16
    assert info["A1"].font.color.rgb == "FF1F4E79" and info["A1"].fill.fgColor.rgb == "FFDDEBF7"
    assert info["B2"].border.left.style == "thin" and info["B2"].border.bottom.color.rgb == "FF808080"
    assert info["B6"].alignment.horizontal == "right" and info["B6"].alignment.indent == 1
    rich_cell = info["A16"].value
    assert isinstance(rich_cell, CellRichText) and str(rich_cell) == "plain then bold red again"
    assert rich_cell[1].font.b and rich_cell[1].font.color.rgb == "FFC00000"
    assert after["Cover"]["A2"].value == datetime(2024, 4, 13) and after["Cover"]["A2"].number_format == "d mmmm yyyy"
    assert after["Hidden notes"]["B1"].value == 12345 and after["Secret"]["A2"].value == 0.5


def test_round_sheet_left_of_computed_columns_cell_by_cell(scored: tuple[Path, Path]) -> None:
    rich, out = scored
    before, after = _load(rich)["Round 1"], _load(out)["Round 1"]
    assert after.cell(HEADER_ROW, LAST_ORGANISER_COLUMN + 1).value == "Army Bonus"
    _assert_same_cells(before, after, max_column=LAST_ORGANISER_COLUMN)
    for offset, (row, extra) in enumerate(zip(TABLE_ROWS, EXTRAS), start=HEADER_ROW + 1):
        assert [c.value for c in after[offset][:LAST_ORGANISER_COLUMN]] == [
            None if v == "" else v for v in [*row, *extra]
        ]
    assert after["A1"].value == "Spring Open — Round 1" and after["A1"].font.name == "Georgia"
    assert after["A1"].alignment.horizontal == "center"
    assert after["B5"].fill.fgColor.rgb == "FFFFFF00"
    assert after["C4"].number_format == "0" and after["L7"].number_format == "yyyy-mm-dd hh:mm"
    assert after["A3"].fill.fgColor.rgb == "FF305496" and after["A3"].border.bottom.style == "double"
    assert after["A4"].border.left.style == "thin"
    assert (after["B4"].comment.text, after["B4"].comment.author) == ("Ala arrived late but played", "Marta")
    assert (after["C5"].comment.text, after["C5"].comment.author) == ("recounted twice", "Piotr")
    assert after["A2"].hyperlink.target == "https://example.org/rules#disputes"
    assert after["L6"].value == "='Info'!B2*2" and after["L6"].data_type == "f"
    assert after["M4"].value is True and after["M5"].value is False


def test_dimensions_merges_panes_and_filter(scored: tuple[Path, Path]) -> None:
    _, out = scored
    book = _load(out)
    ws = book["Round 1"]
    assert ws.column_dimensions["B"].width == 24.5 and ws.column_dimensions["L"].width == 30
    assert ws.row_dimensions[1].height == 32 and ws.row_dimensions[HEADER_ROW].height == 45
    assert [str(r) for r in ws.merged_cells.ranges] == ["A1:F1"]
    assert ws.freeze_panes == "C4"
    assert ws.auto_filter.ref == "A3:M7"
    assert ws.sheet_view.zoomScale == 85
    info = book["Info"]
    assert [str(r) for r in info.merged_cells.ranges] == ["B16:D17"]
    assert info.column_dimensions["A"].width == 40 and info.row_dimensions[16].height == 28
    assert info.freeze_panes == "B2"
    assert info.sheet_view.showGridLines is False
    assert book["Prizes"].column_dimensions["B"].width == 22


def test_excel_table_survives(scored: tuple[Path, Path]) -> None:
    _, out = scored
    ws = _load(out)["Prizes"]
    assert list(ws.tables) == ["PrizeList"]
    table = ws.tables["PrizeList"]
    assert table.ref == "A1:C4" and table.displayName == "PrizeList"
    assert table.tableStyleInfo.name == "TableStyleMedium9" and table.tableStyleInfo.showRowStripes
    assert [c.name for c in table.tableColumns] == ["Place", "Prize", "Value"]


def test_conditional_formatting_and_data_validation_survive(scored: tuple[Path, Path]) -> None:
    _, out = scored
    ws = _load(out)["Round 1"]
    rules = [(str(cf.sqref), rule) for cf in ws.conditional_formatting for rule in cf.rules]
    assert len(rules) == 1
    sqref, rule = rules[0]
    assert sqref == "C4:C7" and rule.type == "cellIs" and rule.operator == "greaterThan" and rule.formula == ["4"]
    assert rule.dxf.fill.fgColor.rgb == "FFFF9999"
    validations = sorted(
        (str(v.sqref), v.type, v.operator, v.formula1, v.formula2, v.error, v.errorTitle)
        for v in ws.data_validations.dataValidation
    )
    assert validations == [
        ("C4:C40", "whole", "between", "0", "5", "0 to 5 settlements", "Settlements"),
        ("I4:K40", "list", None, '"x,yes"', None, None, None),
    ]


def test_hyperlinks_and_comments_on_organiser_sheet(scored: tuple[Path, Path]) -> None:
    _, out = scored
    info = _load(out)["Info"]
    assert info["A18"].hyperlink.target == "https://example.org/catan-rules.pdf"
    assert info["A19"].hyperlink.location == "'Prizes'!A1"
    assert (info["A20"].comment.text, info["A20"].comment.author) == ("an organiser note on an empty cell", "Marta")


def test_defined_names_survive(scored: tuple[Path, Path]) -> None:
    _, out = scored
    book = _load(out)
    assert book.defined_names["Judges"].attr_text == "'Round 1'!$B$4:$B$7"
    assert book.defined_names["EntryFee"].attr_text == "Info!$B$2"
    assert book["Info"].defined_names["LocalPrize"].attr_text == "Prizes!$C$2"
    assert "LocalPrize" not in book.defined_names


def test_print_settings_survive(scored: tuple[Path, Path]) -> None:
    _, out = scored
    book = _load(out)
    ws = book["Round 1"]
    assert ws.page_setup.orientation == "landscape" and str(ws.page_setup.paperSize) == str(ws.PAPERSIZE_A4)
    assert int(ws.page_setup.fitToWidth) == 1
    assert ws.print_options.gridLines is True
    assert ws.print_area == "'Round 1'!$A$1:$M$7"
    assert ws.print_title_rows == "$3:$3"
    margins = ws.page_margins
    assert (margins.left, margins.right, margins.top, margins.bottom, margins.header, margins.footer) == (
        0.4,
        0.35,
        0.6,
        0.55,
        0.2,
        0.25,
    )
    assert ws.oddHeader.center.text == "Spring Open" and ws.oddFooter.right.text == "Page &P of &N"
    info = book["Info"]
    assert info.page_setup.orientation == "portrait"
    assert (info.page_margins.left, info.page_margins.top) == (1.0, 1.2)


def test_workbook_properties_survive(scored: tuple[Path, Path]) -> None:
    _, out = scored
    props = _load(out).properties
    assert (props.title, props.creator, props.subject, props.keywords) == (
        "Spring Open 2024",
        "Marta Organiser",
        "Catan qualifier",
        "catan; spring",
    )


def test_scoring_twice_changes_nothing(scored: tuple[Path, Path], tmp_path: Path) -> None:
    _, once = scored
    twice = score_workbook(once, output=tmp_path / "twice.xlsx", html=tmp_path / "twice.html").output
    one, two = _load(once), _load(twice)
    assert one.sheetnames == two.sheetnames
    for name in one.sheetnames:
        _assert_same_cells(one[name], two[name])
        assert [str(r) for r in one[name].merged_cells.ranges] == [str(r) for r in two[name].merged_cells.ranges]
    rules = [
        (str(cf.sqref), rule.type, rule.formula) for cf in two["Round 1"].conditional_formatting for rule in cf.rules
    ]
    assert rules == [("C4:C7", "cellIs", ["4"])]
    assert [c.value for c in two["Round 1"][HEADER_ROW]].count("Army Bonus") == 1
    assert {ws.title: ws.sheet_state for ws in two.worksheets} == {ws.title: ws.sheet_state for ws in one.worksheets}


def test_organiser_conditional_format_survives_marking_and_fixing(tmp_path: Path) -> None:
    bad = round_sheet(player(1, "Ala", settlements=6), player(1, "Bob"), player(1, "Cyd"))
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": bad})
    book = openpyxl.load_workbook(path)
    ws = book["Round 1"]
    ws.conditional_formatting.add("C2:C4", CellIsRule(operator="greaterThan", formula=["4"], fill=RED_DXF))
    ws.conditional_formatting.add("C2:C4", CellIsRule(operator="equal", formula=["0"], font=Font(color="FF0000FF")))
    book.save(path)

    def rules(target: Path) -> list[tuple]:
        sheet = openpyxl.load_workbook(target)["Round 1"]
        return sorted(
            (
                str(cf.sqref),
                rule.type,
                rule.operator,
                tuple(rule.formula or ()),
                rule.dxf.fill.fgColor.rgb if rule.dxf and rule.dxf.fill else None,
                rule.dxf.font.color.rgb if rule.dxf and rule.dxf.font else None,
            )
            for cf in sheet.conditional_formatting
            for rule in cf.rules
        )

    organisers = [
        ("C2:C4", "cellIs", "equal", ("0",), None, "FF0000FF"),
        ("C2:C4", "cellIs", "greaterThan", ("4",), "FFFF9999", None),
    ]
    first = score_workbook(path, output=tmp_path / "marked.xlsx", html=tmp_path / "marked.html")
    assert first.exit_code == 1
    marked = rules(first.output)
    assert [r for r in marked if r[3] != (MARK_FORMULA,)] == organisers
    assert [r[0] for r in marked if r[3] == (MARK_FORMULA,)] == ["C2"]

    book = openpyxl.load_workbook(first.output)
    book["Round 1"]["C2"] = 5  # fixed in the scored file
    book.save(first.output)
    second = score_workbook(first.output, output=tmp_path / "fixed.xlsx", html=tmp_path / "fixed.html")
    assert second.exit_code == 0
    assert rules(second.output) == organisers


# ---------------------------------------------------------------- .xlsm


VBA_BYTES = b'Attribute VB_Name = "Module1"\r\nSub Hello()\r\nEnd Sub\r\n' * 40
VBA_CT = '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>'
XLSM_MAIN = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"
VBA_REL = (
    '<Relationship Id="rIdVBA" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" '
    'Target="vbaProject.bin"/>'
)


def _make_xlsm(source: Path, target: Path) -> Path:
    """An .xlsm made by hand from an .xlsx: a vbaProject part with its content type and relationship.

    The bytes are not a real compiled VBA project (none can be made here), but sheet-scorer and
    openpyxl carry the part as opaque bytes, so what is checked is that they arrive unchanged.
    """
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "[Content_Types].xml":
                text = data.decode().replace(
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml", XLSM_MAIN
                )
                data = text.replace("<Default ", VBA_CT + "<Default ", 1).encode()
            elif item.filename == "xl/_rels/workbook.xml.rels":
                data = data.decode().replace("</Relationships>", VBA_REL + "</Relationships>").encode()
            dst.writestr(item, data)
        dst.writestr("xl/vbaProject.bin", VBA_BYTES)
    return target


def _broken_part_references(path: Path) -> list[str]:
    """Relationship targets inside the package that are missing from it (Excel calls such a file damaged)."""
    missing = []
    with zipfile.ZipFile(path) as archive:
        names = set(archive.namelist())
        for rels in sorted(n for n in names if n.endswith(".rels")):
            folder = PurePosixPath(rels).parent.parent  # xl/worksheets/_rels/sheet1.xml.rels -> xl/worksheets
            for rel in ElementTree.fromstring(archive.read(rels)):
                target = rel.get("Target", "")
                if rel.get("TargetMode") == "External":
                    continue
                parts: list[str] = []
                for piece in (target.lstrip("/") if target.startswith("/") else f"{folder}/{target}").split("/"):
                    if piece == "..":
                        parts.pop()
                    elif piece not in ("", "."):
                        parts.append(piece)
                if "/".join(parts) not in names:
                    missing.append(f"{rels} -> {target}")
    return missing


def _assert_macro_workbook(path: Path) -> None:
    assert path.suffix == ".xlsm"
    with zipfile.ZipFile(path) as archive:
        assert archive.testzip() is None
        assert archive.read("xl/vbaProject.bin") == VBA_BYTES
        assert XLSM_MAIN in archive.read("[Content_Types].xml").decode()
        assert "relationships/vbaProject" in archive.read("xl/_rels/workbook.xml.rels").decode()
    assert _broken_part_references(path) == []
    book = openpyxl.load_workbook(path, keep_vba=True)
    assert book.vba_archive is not None
    check_workbook(path)  # and sheet-scorer itself can read it back


def test_xlsm_keeps_its_macros(tmp_path: Path) -> None:
    rows = round_sheet(player(1, "Ala", settlements=4, cities=3), player(1, "Bob"), player(1, "Cyd"), player(1, "Dan"))
    plain = write_workbook(tmp_path / "plain.xlsx", {"Round 1": rows, "Notes": [["keep", 1]]})
    book = openpyxl.load_workbook(plain)
    book["Round 1"]["B2"].comment = Comment("organiser note", "Marta")
    book.save(plain)
    xlsm = _make_xlsm(plain, tmp_path / "event.xlsm")
    _assert_macro_workbook(xlsm)  # the hand-made input is itself a sound macro workbook

    result = score_workbook(xlsm)
    assert result.output == tmp_path / "event.scored.xlsm" and result.exit_code == 0
    _assert_macro_workbook(result.output)
    out = openpyxl.load_workbook(result.output, keep_vba=True)
    assert out.sheetnames == ["Round 1", "Notes", "Standings"]
    assert out["Round 1"]["B2"].comment.text == "organiser note"
    assert [c.value for c in out["Round 1"][1]][-5:] == COMPUTED_EN


def test_xlsm_stays_sound_after_marks_are_cleared(tmp_path: Path) -> None:
    """A macro workbook with a faulty cell is marked (a comment), fixed and re-scored: the mark's note goes away
    and the file must not keep a reference to the removed comment drawing."""
    rows = round_sheet(player(1, "Ala", settlements=6), player(1, "Bob"), player(1, "Cyd"))
    xlsm = _make_xlsm(write_workbook(tmp_path / "plain.xlsx", {"Round 1": rows}), tmp_path / "event.xlsm")
    marked = score_workbook(xlsm, output=tmp_path / "marked.xlsm", html=tmp_path / "marked.html")
    assert marked.exit_code == 1
    _assert_macro_workbook(marked.output)
    book = openpyxl.load_workbook(marked.output, keep_vba=True)
    assert book["Round 1"]["C2"].comment is not None
    book["Round 1"]["C2"] = 5
    book.save(marked.output)
    fixed = score_workbook(marked.output, output=tmp_path / "fixed.xlsm", html=tmp_path / "fixed.html")
    assert fixed.exit_code == 0
    assert openpyxl.load_workbook(fixed.output, keep_vba=True)["Round 1"]["C2"].comment is None
    _assert_macro_workbook(fixed.output)
