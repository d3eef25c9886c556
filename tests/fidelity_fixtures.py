"""Workbooks written the way Excel writes them, one per group of features, built at test time.

XlsxWriter writes Excel-style XML for most features (formulas with saved values, dynamic arrays with
`cm="1"` and `xl/metadata.xml`, formatted and pinned notes, validations, x14 conditional formats and
sparklines, images, charts, a chart sheet, text boxes, an Excel table with a totals row, defined
names, Company/Manager and custom properties, macros). The parts only Excel writes are added by hand
in Excel's form: an x14 list validation pointing at another sheet, a threaded comment with its
persons part, printer settings, the calculation chain, customXml, and the thumbnail.

Every round sheet holds a valid table, so a clean score touches only what the tool owns; the
`marked` workbook has one faulty count on a cell that already carries the organiser's formatted note.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from pathlib import Path

import xlsxwriter
from helpers import HEADERS, player

# Ala 2 + 2*3 + 1 + 2 (army) = 11; Bob 3 + 6 = 9; Cyd 4; Dan 2: a valid table of four.
ROWS = [player(1, "Ala", settlements=2, cities=3, vp_cards=1, knights=3), player(1, "Bob", settlements=3, cities=3),
        player(1, "Cyd", settlements=2, cities=1), player(1, "Dan")]
ORGANISER_COLUMN = len(HEADERS)  # 0-based: the organiser's own "Notes" (L) and "Paid" (M) columns, right of the table
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
X14_LIST = (
    '<ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
    '<x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:dataValidation '
    'type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1"><x14:formula1><xm:f>Players!$A$2:$A$9</xm:f>'
    '</x14:formula1><xm:sqref>B12:B40</xm:sqref></x14:dataValidation></x14:dataValidations></ext>'
)
THREADED = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ThreadedComments xmlns="http://schemas.microsoft.com/office/'
    'spreadsheetml/2018/threadedcomments" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<threadedComment ref="N3" dT="2024-04-13T18:30:00.00" personId="{6C1A6A0B-0C3B-4F0E-9A70-1B2C3D4E5F60}" '
    'id="{0A1B2C3D-4E5F-4061-8273-94A5B6C7D8E9}"><text>Check Bob\'s roads with the judge</text></threadedComment>'
    '</ThreadedComments>'
)
PERSONS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<personList xmlns="http://schemas.microsoft.com/office/'
    'spreadsheetml/2018/threadedcomments" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><person '
    'displayName="Marta Organiser" id="{6C1A6A0B-0C3B-4F0E-9A70-1B2C3D4E5F60}" userId="marta@example.org" '
    'providerId="Windows Live"/></personList>'
)
CUSTOM_XML = '<?xml version="1.0" encoding="UTF-8" standalone="no"?><b:Sources xmlns:b="http://schemas.openxmlformats.org/officeDocument/2006/bibliography" SelectedStyle="/APA.XSL"/>'
ITEM_PROPS = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<ds:datastoreItem ds:itemID="{8E1B0A1C-6C4B-4E1C-9B0E-'
              '5F1D2C3B4A59}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs>'
              '<ds:schemaRef ds:uri="http://schemas.openxmlformats.org/officeDocument/2006/bibliography"/></ds:schemaRefs>'
              '</ds:datastoreItem>')
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
THUMBNAIL = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffd9")  # the smallest JPEG frame markers
PRINTER_SETTINGS = b"\x00" * 64 + "Marta's laser printer".encode("utf-16-le") + b"\x00" * 156
VBA = b"Attribute VB_Name = \"Module1\"\r\nSub Hello()\r\nEnd Sub\r\n" * 40


def png() -> bytes:
    """A 2x2 red PNG, written by hand (no imaging library needed)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * 2 for _ in range(2))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _round(book: xlsxwriter.Workbook, name: str, rows: list[list[object]]) -> None:
    """A round sheet in an organiser's style: a merged title, notes, validations, formats, sparklines, a logo."""
    ws = book.add_worksheet(name)
    title = book.add_format({"bold": True, "font_size": 16, "font_color": "#1F4E79", "align": "center"})
    header = book.add_format({"bold": True, "bg_color": "#305496", "font_color": "#FFFFFF", "border": 1})
    ws.merge_range("A1:F1", f"Spring Open — {name}", title)
    ws.write_url("G1", "https://example.org/rules", string="rules")
    ws.write_row(1, 0, [*HEADERS, "Notes", "Paid"], header)
    for offset, values in enumerate(rows, start=2):
        ws.write_row(offset, 0, [v if v != "" else None for v in values])
        ws.write_formula(offset, ORGANISER_COLUMN, f'=LEN(B{offset + 1})&" letters"', None, f"{len(str(values[1]))} letters")
        ws.write_boolean(offset, ORGANISER_COLUMN + 1, offset % 2 == 0)
    ws.write_comment("B3", "Ala arrived late but played", {"author": "Marta", "visible": True, "width": 220, "height": 90,
                                                            "color": "#C6EFCE", "font_name": "Arial", "font_size": 10})
    ws.write_comment("C4", "recounted twice", {"author": "Piotr"})
    ws.data_validation("B3:B40", {"validate": "list", "source": "=Players!$A$2:$A$9"})
    ws.data_validation("C3:C40", {"validate": "integer", "criteria": "between", "minimum": 0, "maximum": 5,
                                  "error_message": "0 to 5 settlements"})
    ws.conditional_format("C3:C6", {"type": "cell", "criteria": ">", "value": 4, "format": book.add_format({"bg_color": "#FF9999"})})
    ws.conditional_format("D3:D6", {"type": "data_bar", "data_bar_2010": True, "bar_color": "#63BE7B"})
    ws.conditional_format("E3:E6", {"type": "icon_set", "icon_style": "3_arrows"})
    ws.add_sparkline("O3", {"range": f"'{name}'!C3:H3", "type": "column"})
    ws.insert_image("S2", "logo.png", {"image_data": io.BytesIO(png()), "description": "club logo"})
    ws.insert_textbox("S8", "Judge: Marta", {"width": 160, "height": 40})
    ws.freeze_panes(2, 2)
    ws.autofilter(1, 0, 1 + len(rows), len(HEADERS) + 1)
    ws.set_column("B:B", 24)
    ws.set_landscape()
    ws.set_paper(9)
    ws.repeat_rows(1)
    ws.fit_to_pages(1, 0)
    ws.set_header("&CSpring Open")
    ws.set_footer("&RPage &P of &N")


def build_excel_features(path: Path) -> Path:
    """Most features, the way XlsxWriter (Excel's own XML) writes them."""
    book = xlsxwriter.Workbook(str(path))
    _round(book, "Round 1", ROWS)
    players = book.add_worksheet("Players")
    players.write_column("A1", ["Player", "Ala", "Bob", "Cyd", "Dan"])
    summary = book.add_worksheet("Summary")
    summary.write_formula("A1", "=SUM(Prizes!B2:B4)", None, 97.49)
    summary.write_dynamic_array_formula("C1:C4", "=SORT(Players!A2:A5)", None, "Ala")
    summary.write_formula("D1", '=TEXT(A1,"0.00")', None, "97.49")
    prizes = book.add_worksheet("Prizes")
    prizes.add_table("A1:B5", {"name": "PrizeList", "total_row": True, "data": [["Seafarers", 45.5], ["Cities", 39.99], ["Dice", 12]],
                               "columns": [{"header": "Prize", "total_string": "Total"},
                                           {"header": "Value", "total_function": "sum", "total_value": 97.49}]})
    chart = book.add_chart({"type": "column"})
    chart.add_series({"name": "Value", "categories": "=Prizes!$A$2:$A$4", "values": "=Prizes!$B$2:$B$4"})
    chart.set_title({"name": "Prizes"})
    summary.insert_chart("F2", chart, {"description": "prize values"})
    sheet_chart = book.add_chart({"type": "pie"})
    sheet_chart.add_series({"categories": "=Prizes!$A$2:$A$4", "values": "=Prizes!$B$2:$B$4"})
    chartsheet = book.add_chartsheet("Prize chart")
    chartsheet.set_chart(sheet_chart)
    book.define_name("Judges", "='Round 1'!$B$3:$B$6")
    book.define_name("Summary!LocalTotal", "=Summary!$A$1")
    book.set_properties({"title": "Spring Open 2024", "author": "Marta", "company": "Catan Club Łódź", "manager": "Piotr"})
    book.set_custom_property("Season", "Spring")
    book.close()
    _add_excel_only_parts(path)
    return path


def build_macros(path: Path) -> Path:
    """An .xlsm with a VBA project and a named code module for the sheets, as Excel writes it."""
    book = xlsxwriter.Workbook(str(path))
    book.add_vba_project(io.BytesIO(VBA), is_stream=True)
    book.set_vba_name("ThisWorkbook")
    _round(book, "Round 1", ROWS)
    book.worksheets()[0].set_vba_name("Sheet1")
    book.add_worksheet("Players").write_column("A1", ["Player", "Ala", "Bob", "Cyd", "Dan"])
    book.close()
    return path


def build_marked(path: Path) -> Path:
    """One faulty count (Ala: 6 settlements) on C3, a cell that carries the organiser's formatted, pinned note."""
    rows = [list(r) for r in ROWS]
    rows[0][2] = 6
    book = xlsxwriter.Workbook(str(path))
    _round(book, "Round 1", rows)
    ws = book.worksheets()[0]
    ws.write_comment("C3", "judge: recounted twice", {"author": "Marta", "visible": True, "color": "#FFEB9C", "font_size": 12})
    book.add_worksheet("Players").write_column("A1", ["Player", "Ala", "Bob", "Cyd", "Dan"])
    book.close()
    return path


def _add_excel_only_parts(path: Path) -> None:
    """Parts only Excel writes, added in Excel's own form, with their relationships and content types."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    sheet = sheet.replace("<extLst>", "<extLst>" + X14_LIST, 1) if "<extLst>" in sheet else sheet.replace(
        "</worksheet>", f"<extLst>{X14_LIST}</extLst></worksheet>")
    sheet = sheet.replace("<pageSetup ", '<pageSetup r:id="rIdPrinter" ', 1)
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    rels = parts["xl/worksheets/_rels/sheet1.xml.rels"].decode()
    parts["xl/worksheets/_rels/sheet1.xml.rels"] = rels.replace("</Relationships>", (
        f'<Relationship Id="rIdPrinter" Type="{REL}/printerSettings" Target="../printerSettings/printerSettings1.bin"/>'
        '<Relationship Id="rIdThreaded" Type="http://schemas.microsoft.com/office/2017/10/relationships/threadedComment" '
        'Target="../threadedComments/threadedComment1.xml"/></Relationships>')).encode()
    parts["xl/printerSettings/printerSettings1.bin"] = PRINTER_SETTINGS
    parts["xl/threadedComments/threadedComment1.xml"] = THREADED.encode()
    parts["xl/persons/person.xml"] = PERSONS.encode()
    parts["xl/calcChain.xml"] = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<calcChain xmlns="{MAIN}">'
                                 '<c r="L3" i="1"/><c r="L4"/><c r="L5"/><c r="L6"/><c r="A1" i="3"/><c r="C1" i="3" a="1"/>'
                                 '<c r="D1"/></calcChain>').encode()
    parts["customXml/item1.xml"] = CUSTOM_XML.encode()
    parts["customXml/itemProps1.xml"] = ITEM_PROPS.encode()
    parts["customXml/_rels/item1.xml.rels"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/'
        f'package/2006/relationships"><Relationship Id="rId1" Type="{REL}/customXmlProps" Target="itemProps1.xml"/>'
        '</Relationships>').encode()
    parts["docProps/thumbnail.jpeg"] = THUMBNAIL
    workbook_rels = parts["xl/_rels/workbook.xml.rels"].decode()
    parts["xl/_rels/workbook.xml.rels"] = workbook_rels.replace("</Relationships>", (
        f'<Relationship Id="rIdCalc" Type="{REL}/calcChain" Target="calcChain.xml"/>'
        f'<Relationship Id="rIdCustom" Type="{REL}/customXml" Target="../customXml/item1.xml"/>'
        '<Relationship Id="rIdPersons" Type="http://schemas.microsoft.com/office/2017/10/relationships/person" '
        'Target="persons/person.xml"/></Relationships>')).encode()
    root_rels = parts["_rels/.rels"].decode()
    parts["_rels/.rels"] = root_rels.replace("</Relationships>", (
        '<Relationship Id="rIdThumb" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail" '
        'Target="docProps/thumbnail.jpeg"/></Relationships>')).encode()
    types = parts["[Content_Types].xml"].decode()
    parts["[Content_Types].xml"] = types.replace("</Types>", (
        '<Default Extension="jpeg" ContentType="image/jpeg"/>'
        '<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.printerSettings"/>'
        '<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/>'
        '<Override PartName="/customXml/itemProps1.xml" ContentType="application/vnd.openxmlformats-officedocument.customXmlProperties+xml"/>'
        '<Override PartName="/xl/threadedComments/threadedComment1.xml" ContentType="application/vnd.ms-excel.threadedcomments+xml"/>'
        '<Override PartName="/xl/persons/person.xml" ContentType="application/vnd.ms-excel.person+xml"/></Types>')).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def build_all(folder: Path) -> dict[str, Path]:
    """Every fixture, by name."""
    folder.mkdir(parents=True, exist_ok=True)
    return {
        "excel_features": build_excel_features(folder / "excel_features.xlsx"),
        "macros": build_macros(folder / "macros.xlsm"),
        "marked": build_marked(folder / "marked.xlsx"),
    }
