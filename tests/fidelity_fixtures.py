"""Workbooks written the way Excel writes them, one per group of features, built at test time.

XlsxWriter writes Excel-style XML for most features; the parts only Excel writes are added by hand in
Excel's form (`_add_excel_only_parts`, `_add_only_excel_kinds`), with their relationships and content
types. Every round sheet holds a valid table, so a clean score touches only what the tool owns; the
`marked` workbook has one faulty count on a cell that already carries the organiser's formatted note.
tests/workbook/test_fidelity.py also scores `excel_features` as saved again by LibreOffice (its own XML).

Kinds covered (64; the fixture that carries each in brackets: features, macros, marked, kinds):
 1 formulas with saved values [features]          2 dynamic array, `cm="1"` + xl/metadata.xml [features]
 3 a plain note [features]                         4 a note's colour, font and size [features, marked]
 5 a pinned (visible) note [features, marked]      6 list validation pointing at another sheet [features]
 7 whole-number validation with a message [features]  8 x14 list validation in the sheet's extLst [features]
 9 cell-value conditional format [features]        10 2010 data bar (x14 conditional format) [features]
11 icon set [features]                             12 sparklines [features]
13 a picture with alt text [features]              14 a text box [features]
15 a chart with alt text [features]                16 a chart sheet [features]
17 an Excel table with a totals row [features]     18 a global defined name [features]
19 a sheet-local defined name [features]           20 core properties (title, author) [features]
21 app.xml Company and Manager [features]          22 custom document properties [features]
23 a VBA project in an .xlsm [macros]              24 VBA code names of book and sheets [macros]
25 a threaded comment with its persons part [features]  26 printer settings [features]
27 the calculation chain [features]                28 customXml with its item properties [features]
29 the thumbnail [features]                        30 merged cells [all]
31 a hyperlink to a URL [all]                      32 frozen panes [all]
33 an autofilter [all]                             34 column widths [all]
35 page setup: orientation, paper [all]            36 print titles (repeated rows) [all]
37 fit to pages [all]                              38 header and footer text [all]
39 the organiser's cell formats (styles.xml) [all] 40 shared strings kept shared [all]
41 a pivot table with its cache definition and records [kinds]
42 a slicer: slicer part, slicer cache, its frame in the drawing, the sheet's x14 slicerList, the workbook's
   x14 slicerCaches [kinds]
43 an external link: its part, the external path, `externalReferences`, a `[1]` formula [kinds]
44 a check-box form control: ctrlProps, the VML shape, `controls` (x14 form with fallback) [kinds]
45 a custom view (sheet and workbook) [kinds]      46 a second workbook window [kinds]
47 a hidden sheet [kinds]                          48 a very hidden sheet [kinds]
49 a right-to-left sheet [kinds]                   50 a protected sheet [kinds]
51 a tab colour [kinds]                            52 grouped (outlined) rows [kinds]
53 grouped (outlined) columns [kinds]              54 manual row and column page breaks [kinds]
55 a picture in the header (legacyDrawingHF) [kinds]  56 a hyperlink to a cell [kinds]
57 rich text in the shared strings [kinds]         58 phonetic runs in the shared strings [kinds]
59 a named cell style [kinds]                      60 a task-pane add-in (web extension) [kinds]
61 a VBA project signature [macros]                62 app.xml HeadingPairs and TitlesOfParts [all]
63 a password-protected round sheet [kinds]
64 a timeline: timeline part, timeline cache, its frame in the drawing, the sheet's x15 timelineRefs, the
   workbook's x15 timelineCacheRefs [kinds]
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
ROWS = [
    player(1, "Ala", settlements=2, cities=3, vp_cards=1, knights=3),
    player(1, "Bob", settlements=3, cities=3),
    player(1, "Cyd", settlements=2, cities=1),
    player(1, "Dan"),
]
ORGANISER_COLUMN = len(HEADERS)  # 0-based: the organiser's own "Notes" (L) and "Paid" (M) columns, right of the table
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
X14_LIST = (
    '<ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
    '<x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:dataValidation '
    'type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1"><x14:formula1><xm:f>Players!$A$2:$A$9</xm:f>'
    "</x14:formula1><xm:sqref>B12:B40</xm:sqref></x14:dataValidation></x14:dataValidations></ext>"
)
THREADED = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<ThreadedComments xmlns="http://schemas.microsoft.com/office/'
    'spreadsheetml/2018/threadedcomments" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    '<threadedComment ref="N3" dT="2024-04-13T18:30:00.00" personId="{6C1A6A0B-0C3B-4F0E-9A70-1B2C3D4E5F60}" '
    'id="{0A1B2C3D-4E5F-4061-8273-94A5B6C7D8E9}"><text>Check Bob\'s roads with the judge</text></threadedComment>'
    "</ThreadedComments>"
)
PERSONS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<personList xmlns="http://schemas.microsoft.com/office/'
    'spreadsheetml/2018/threadedcomments" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><person '
    'displayName="Marta Organiser" id="{6C1A6A0B-0C3B-4F0E-9A70-1B2C3D4E5F60}" userId="marta@example.org" '
    'providerId="Windows Live"/></personList>'
)
CUSTOM_XML = '<?xml version="1.0" encoding="UTF-8" standalone="no"?><b:Sources xmlns:b="http://schemas.openxmlformats.org/officeDocument/2006/bibliography" SelectedStyle="/APA.XSL"/>'
ITEM_PROPS = (
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<ds:datastoreItem ds:itemID="{8E1B0A1C-6C4B-4E1C-9B0E-'
    '5F1D2C3B4A59}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs>'
    '<ds:schemaRef ds:uri="http://schemas.openxmlformats.org/officeDocument/2006/bibliography"/></ds:schemaRefs>'
    "</ds:datastoreItem>"
)
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
THUMBNAIL = bytes.fromhex("ffd8ffe000104a46494600010100000100010000ffd9")  # the smallest JPEG frame markers
PRINTER_SETTINGS = b"\x00" * 64 + "Marta's laser printer".encode("utf-16-le") + b"\x00" * 156
VBA_SIGNATURE = b"0\x82\x01\x00" + b"\x06\x09*\x86H\x86\xf7\x0d\x01\x07\x02" + b"\x00" * 240  # a PKCS#7 envelope's head
VBA = b'Attribute VB_Name = "Module1"\r\nSub Hello()\r\nEnd Sub\r\n' * 40


def png() -> bytes:
    """A 2x2 red PNG, written by hand (no imaging library needed)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * 2 for _ in range(2))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


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
        ws.write_formula(
            offset, ORGANISER_COLUMN, f'=LEN(B{offset + 1})&" letters"', None, f"{len(str(values[1]))} letters"
        )
        ws.write_boolean(offset, ORGANISER_COLUMN + 1, offset % 2 == 0)
    ws.write_comment(
        "B3",
        "Ala arrived late but played",
        {
            "author": "Marta",
            "visible": True,
            "width": 220,
            "height": 90,
            "color": "#C6EFCE",
            "font_name": "Arial",
            "font_size": 10,
        },
    )
    ws.write_comment("C4", "recounted twice", {"author": "Piotr"})
    ws.data_validation("B3:B40", {"validate": "list", "source": "=Players!$A$2:$A$9"})
    ws.data_validation(
        "C3:C40",
        {
            "validate": "integer",
            "criteria": "between",
            "minimum": 0,
            "maximum": 5,
            "error_message": "0 to 5 settlements",
        },
    )
    ws.conditional_format(
        "C3:C6", {"type": "cell", "criteria": ">", "value": 4, "format": book.add_format({"bg_color": "#FF9999"})}
    )
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
    prizes.add_table(
        "A1:B5",
        {
            "name": "PrizeList",
            "total_row": True,
            "data": [["Seafarers", 45.5], ["Cities", 39.99], ["Dice", 12]],
            "columns": [
                {"header": "Prize", "total_string": "Total"},
                {"header": "Value", "total_function": "sum", "total_value": 97.49},
            ],
        },
    )
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
    book.set_properties(
        {"title": "Spring Open 2024", "author": "Marta", "company": "Catan Club Łódź", "manager": "Piotr"}
    )
    book.set_custom_property("Season", "Spring")
    book.close()
    _add_excel_only_parts(path)
    return path


def build_macros(path: Path) -> Path:
    """An .xlsm with a signed VBA project and a named code module for the sheets, as Excel writes it."""
    book = xlsxwriter.Workbook(str(path))
    book.add_signed_vba_project(
        io.BytesIO(VBA), io.BytesIO(VBA_SIGNATURE), project_is_stream=True, signature_is_stream=True
    )
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
    ws.write_comment(
        "C3", "judge: recounted twice", {"author": "Marta", "visible": True, "color": "#FFEB9C", "font_size": 12}
    )
    book.add_worksheet("Players").write_column("A1", ["Player", "Ala", "Bob", "Cyd", "Dan"])
    book.close()
    return path


def _sheet_ext(sheet: str, ext: str) -> str:
    """`ext` added to the worksheet's own extLst (its last child; a cfRule's extLst comes earlier), made if missing."""
    if sheet.endswith("</extLst></worksheet>"):
        return sheet[: -len("</extLst></worksheet>")] + ext + "</extLst></worksheet>"
    return sheet.replace("</worksheet>", f"<extLst>{ext}</extLst></worksheet>")


def _add_excel_only_parts(path: Path) -> None:
    """Parts only Excel writes, added in Excel's own form, with their relationships and content types."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    sheet = _sheet_ext(sheet, X14_LIST)
    sheet = sheet.replace("<pageSetup ", '<pageSetup r:id="rIdPrinter" ', 1)
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    rels = parts["xl/worksheets/_rels/sheet1.xml.rels"].decode()
    parts["xl/worksheets/_rels/sheet1.xml.rels"] = rels.replace(
        "</Relationships>",
        (
            f'<Relationship Id="rIdPrinter" Type="{REL}/printerSettings" Target="../printerSettings/printerSettings1.bin"/>'
            '<Relationship Id="rIdThreaded" Type="http://schemas.microsoft.com/office/2017/10/relationships/threadedComment" '
            'Target="../threadedComments/threadedComment1.xml"/></Relationships>'
        ),
    ).encode()
    parts["xl/printerSettings/printerSettings1.bin"] = PRINTER_SETTINGS
    parts["xl/threadedComments/threadedComment1.xml"] = THREADED.encode()
    parts["xl/persons/person.xml"] = PERSONS.encode()
    parts["xl/calcChain.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<calcChain xmlns="{MAIN}">'
        '<c r="L3" i="1"/><c r="L4"/><c r="L5"/><c r="L6"/><c r="A1" i="3"/><c r="C1" i="3" a="1"/>'
        '<c r="D1"/></calcChain>'
    ).encode()
    parts["customXml/item1.xml"] = CUSTOM_XML.encode()
    parts["customXml/itemProps1.xml"] = ITEM_PROPS.encode()
    parts["customXml/_rels/item1.xml.rels"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/'
        f'package/2006/relationships"><Relationship Id="rId1" Type="{REL}/customXmlProps" Target="itemProps1.xml"/>'
        "</Relationships>"
    ).encode()
    parts["docProps/thumbnail.jpeg"] = THUMBNAIL
    workbook_rels = parts["xl/_rels/workbook.xml.rels"].decode()
    parts["xl/_rels/workbook.xml.rels"] = workbook_rels.replace(
        "</Relationships>",
        (
            f'<Relationship Id="rIdCalc" Type="{REL}/calcChain" Target="calcChain.xml"/>'
            f'<Relationship Id="rIdCustom" Type="{REL}/customXml" Target="../customXml/item1.xml"/>'
            '<Relationship Id="rIdPersons" Type="http://schemas.microsoft.com/office/2017/10/relationships/person" '
            'Target="persons/person.xml"/></Relationships>'
        ),
    ).encode()
    root_rels = parts["_rels/.rels"].decode()
    parts["_rels/.rels"] = root_rels.replace(
        "</Relationships>",
        (
            '<Relationship Id="rIdThumb" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail" '
            'Target="docProps/thumbnail.jpeg"/></Relationships>'
        ),
    ).encode()
    types = parts["[Content_Types].xml"].decode()
    parts["[Content_Types].xml"] = types.replace(
        "</Types>",
        (
            '<Default Extension="jpeg" ContentType="image/jpeg"/>'
            '<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.printerSettings"/>'
            '<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/>'
            '<Override PartName="/customXml/itemProps1.xml" ContentType="application/vnd.openxmlformats-officedocument.customXmlProperties+xml"/>'
            '<Override PartName="/xl/threadedComments/threadedComment1.xml" ContentType="application/vnd.ms-excel.threadedcomments+xml"/>'
            '<Override PartName="/xl/persons/person.xml" ContentType="application/vnd.ms-excel.person+xml"/></Types>'
        ),
    ).encode()
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
        "excel_only_kinds": build_excel_only_kinds(folder / "excel_only_kinds.xlsx"),
    }


R_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
PIVOT_CACHE = (
    f'{HEAD}<pivotCacheDefinition xmlns="{MAIN}" {R_NS} r:id="rId1" refreshedBy="Marta" refreshedDate="45395.77" '
    'createdVersion="6" refreshedVersion="6" minRefreshableVersion="3" recordCount="3"><cacheSource type="worksheet">'
    '<worksheetSource ref="A1:C4" sheet="Prizes"/></cacheSource><cacheFields count="3"><cacheField name="Prize" numFmtId="0">'
    '<sharedItems count="3"><s v="Seafarers"/><s v="Cities"/><s v="Dice"/></sharedItems></cacheField>'
    '<cacheField name="Value" numFmtId="0"><sharedItems containsSemiMixedTypes="0" containsString="0" containsNumber="1" '
    'minValue="12" maxValue="45.5"/></cacheField><cacheField name="Won on" numFmtId="14"><sharedItems '
    'containsSemiMixedTypes="0" containsNonDate="0" containsDate="1" containsString="0" minDate="2024-03-02T00:00:00" '
    'maxDate="2024-04-13T00:00:00"/></cacheField></cacheFields><extLst><ext uri="{725AE2AE-9491-48be-B2B4-4EB974FC3084}" '
    f'xmlns:x14="{X14}"><x14:pivotCacheDefinition pivotCacheId="1"/></ext></extLst></pivotCacheDefinition>'
)
PIVOT_RECORDS = (
    f'{HEAD}<pivotCacheRecords xmlns="{MAIN}" {R_NS} count="3"><r><x v="0"/><n v="45.5"/>'
    '<d v="2024-04-13T00:00:00"/></r><r><x v="1"/><n v="39.99"/><d v="2024-03-02T00:00:00"/></r><r><x v="2"/>'
    '<n v="12"/><d v="2024-03-02T00:00:00"/></r></pivotCacheRecords>'
)
PIVOT_TABLE = (
    f'{HEAD}<pivotTableDefinition xmlns="{MAIN}" name="PrizePivot" cacheId="1" applyNumberFormats="0" applyBorderFormats="0" '
    'applyFontFormats="0" applyPatternFormats="0" applyAlignmentFormats="0" applyWidthHeightFormats="1" dataCaption="Values" '
    'updatedVersion="6" minRefreshableVersion="3" useAutoFormatting="1" itemPrintTitles="1" createdVersion="6" indent="0" '
    'outline="1" outlineData="1" multipleFieldFilters="0"><location ref="A3:B7" firstHeaderRow="1" firstDataRow="1" '
    'firstDataCol="1"/><pivotFields count="3"><pivotField axis="axisRow" showAll="0"><items count="4"><item x="1"/>'
    '<item x="2"/><item x="0"/><item t="default"/></items></pivotField><pivotField dataField="1" showAll="0"/>'
    '<pivotField numFmtId="14" showAll="0"/></pivotFields>'
    '<rowFields count="1"><field x="0"/></rowFields><rowItems count="4"><i><x/></i><i><x v="1"/></i><i><x v="2"/></i>'
    '<i t="grand"><x/></i></rowItems><colItems count="1"><i/></colItems><dataFields count="1"><dataField name="Sum of Value" '
    'fld="1" baseField="0" baseItem="0"/></dataFields><pivotTableStyleInfo name="PivotStyleLight16" showRowHeaders="1" '
    'showColHeaders="1" showRowStripes="0" showColStripes="0" showLastColumn="1"/></pivotTableDefinition>'
)
SLICER_CACHE = (
    f'{HEAD}<slicerCacheDefinition xmlns="{X14}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    f'mc:Ignorable="x" xmlns:x="{MAIN}" name="Slicer_Prize" sourceName="Prize"><pivotTables><pivotTable tabId="7" '
    'name="PrizePivot"/></pivotTables><data><tabular pivotCacheId="1"><items count="3"><i x="1" s="1"/><i x="2" s="1"/>'
    '<i x="0" s="1"/></items></tabular></data></slicerCacheDefinition>'
)
SLICERS = (
    f'{HEAD}<slicers xmlns="{X14}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    f'mc:Ignorable="x" xmlns:x="{MAIN}"><slicer name="Prize" cache="Slicer_Prize" caption="Prize" rowHeight="241300"/></slicers>'
)
SLICER_LIST = (
    f'<ext uri="{{A8765BA9-456A-4dab-B4F3-ACF838C121DE}}" xmlns:x14="{X14}"><x14:slicerList>'
    '<x14:slicer r:id="rIdSlicer"/></x14:slicerList></ext>'
)
EXTERNAL_LINK = (
    f'{HEAD}<externalLink xmlns="{MAIN}"><externalBook {R_NS} r:id="rId1"><sheetNames><sheetName val="Ratings"/>'
    '</sheetNames><sheetDataSet><sheetData sheetId="0"><row r="2"><cell r="B2"><v>1500</v></cell></row></sheetData>'
    "</sheetDataSet></externalBook></externalLink>"
)
X15 = "http://schemas.microsoft.com/office/spreadsheetml/2010/11/main"
TIMELINE_CACHE = (
    f'{HEAD}<timelineCacheDefinition xmlns="{X15}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    f'mc:Ignorable="x" xmlns:x="{MAIN}" name="NativeTimeline_Won_on" sourceName="Won on"><pivotTables><pivotTable tabId="7" '
    'name="PrizePivot"/></pivotTables><state minimalRefreshVersion="6" lastRefreshVersion="6" pivotCacheId="1" '
    'filterType="unknown"><bounds startDate="2024-01-01T00:00:00" endDate="2025-01-01T00:00:00"/></state>'
    "</timelineCacheDefinition>"
)
TIMELINES = (
    f'{HEAD}<timelines xmlns="{X15}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    f'mc:Ignorable="x" xmlns:x="{MAIN}"><timeline name="Won on" cache="NativeTimeline_Won_on" caption="Won on" '
    'level="2" selectionLevel="2" scrollPosition="2024-01-01T00:00:00"/></timelines>'
)
TIMELINE_REFS = (
    f'<ext uri="{{7E03D99C-DC04-49d9-9315-930204A7B6E9}}" xmlns:x15="{X15}"><x15:timelineRefs>'
    '<x15:timelineRef r:id="rIdTimeline"/></x15:timelineRefs></ext>'
)


def _frame(requires: str, uri: str, element: str, name: str, column: int, shape_id: int) -> str:
    """Excel's drawing anchor for a slicer or timeline: its graphicFrame for Excel 2010+/2013+, a rectangle as fallback."""
    span = (
        f"<xdr:from><xdr:col>{column}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>8</xdr:row><xdr:rowOff>0</xdr:rowOff>"
        f"</xdr:from><xdr:to><xdr:col>{column + 3}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>20</xdr:row><xdr:rowOff>0"
        "</xdr:rowOff></xdr:to>"
    )
    prefix = element.split(":")[0]
    return (
        f'<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice {requires} '
        f'Requires="{requires.split("=")[0].split(":")[1]}"><xdr:twoCellAnchor editAs="oneCell">{span}<xdr:graphicFrame macro="">'
        f'<xdr:nvGraphicFramePr><xdr:cNvPr id="{shape_id}" name="{name}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>'
        f'<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="{uri}"><{element} '
        f'xmlns:{prefix}="{uri}" name="{name}"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/>'
        f'</xdr:twoCellAnchor></mc:Choice><mc:Fallback><xdr:twoCellAnchor editAs="oneCell">{span}<xdr:sp macro="" '
        'textlink=""><xdr:nvSpPr><xdr:cNvPr id="0" name=""/><xdr:cNvSpPr><a:spLocks noTextEdit="1"/></xdr:cNvSpPr></xdr:nvSpPr>'
        f'<xdr:spPr><a:xfrm><a:off x="{column * 609600}" y="1524000"/><a:ext cx="1828800" cy="2286000"/></a:xfrm><a:prstGeom '
        'prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:prstClr val="white"/></a:solidFill><a:ln w="1"><a:solidFill>'
        '<a:prstClr val="green"/></a:solidFill></a:ln></xdr:spPr><xdr:txBody><a:bodyPr vertOverflow="clip" horzOverflow="clip"/>'
        f'<a:lstStyle/><a:p><a:r><a:rPr lang="en-US" sz="1100"/><a:t>This shape represents a {name} control. It needs a newer '
        'version of Excel.</a:t></a:r></a:p></xdr:txBody></xdr:sp><xdr:clientData fLocksWithSheet="0"/></xdr:twoCellAnchor>'
        "</mc:Fallback></mc:AlternateContent>"
    )


SLICER_SHAPE = _frame(
    'xmlns:a14="http://schemas.microsoft.com/office/drawing/2010/main"',
    "http://schemas.microsoft.com/office/drawing/2010/slicer",
    "sle:slicer",
    "Prize",
    22,
    40,
)
TIMELINE_SHAPE = _frame(
    'xmlns:tsle="http://schemas.microsoft.com/office/drawing/2012/timeslicer"',
    "http://schemas.microsoft.com/office/drawing/2012/timeslicer",
    "tsle:timeslicer",
    "Won on",
    26,
    41,
)
CTRL_PROP = f'{HEAD}<formControlPr xmlns="{X14}" objectType="CheckBox" checked="Checked" lockText="1" noThreeD="1"/>'
CHECKBOX_VML = (
    '<v:shapetype id="_x0000_t201" coordsize="21600,21600" o:spt="201" path="m,l,21600r21600,l21600,xe"><v:stroke '
    'joinstyle="miter"/><v:path shadowok="f" o:extrusionok="f" strokeok="f" fillok="f" o:connecttype="rect"/><o:lock '
    'v:ext="edit" shapetype="t"/></v:shapetype><v:shape id="_x0000_s1099" type="#_x0000_t201" style="position:absolute;'
    'margin-left:700pt;margin-top:15pt;width:80pt;height:18pt;z-index:9" filled="f" stroked="f" o:insetmode="auto">'
    '<v:textbox style="mso-direction-alt:auto" o:singleclick="f"><div style="text-align:left"><font face="Segoe UI" '
    'size="160" color="auto">Checked in</font></div></v:textbox><x:ClientData ObjectType="Checkbox"><x:Anchor>21, 0, 1, 0, '
    "22, 0, 2, 0</x:Anchor><x:AutoFill>False</x:AutoFill><x:AutoLine>False</x:AutoLine><x:TextVAlign>Center</x:TextVAlign>"
    "<x:Checked>1</x:Checked><x:NoThreeD/></x:ClientData></v:shape>"
)
CONTROLS = (  # Excel 2010+: the x14 control with its anchor, Excel 2007's plain one as the fallback
    '<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice Requires="x14">'
    '<controls><mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><mc:Choice '
    'Requires="x14"><control shapeId="1099" r:id="rIdCtrl" name="Check Box 1"><controlPr defaultSize="0" autoFill="0" '
    'autoLine="0" autoPict="0"><anchor moveWithCells="1"><from><xdr:col>21</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1'
    "</xdr:row><xdr:rowOff>0</xdr:rowOff></from><to><xdr:col>22</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>2</xdr:row>"
    '<xdr:rowOff>0</xdr:rowOff></to></anchor></controlPr></control></mc:Choice><mc:Fallback><control shapeId="1099" '
    'r:id="rIdCtrl" name="Check Box 1"/></mc:Fallback></mc:AlternateContent></controls></mc:Choice></mc:AlternateContent>'
)
CUSTOM_SHEET_VIEWS = (
    '<customSheetViews><customSheetView guid="{5B7C1E2A-3D4F-4A6B-8C9D-0E1F2A3B4C5D}" scale="85" '
    'showGridLines="0" topLeftCell="A2"><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" '
    'header="0.3" footer="0.3"/></customSheetView></customSheetViews>'
)
CUSTOM_BOOK_VIEWS = (
    '<customWorkbookViews><customWorkbookView name="Judge view" guid="{5B7C1E2A-3D4F-4A6B-8C9D-0E1F2A3B4C5D}" '
    'maximized="1" windowWidth="1916" windowHeight="1036" activeSheetId="1"/></customWorkbookViews>'
)
WEBEXTENSION = (
    f'{HEAD}<we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" '
    'id="{3F2A1B0C-9D8E-4F7A-6B5C-4D3E2F1A0B9C}"><we:reference id="wa104380862" version="1.5.0.0" store="en-US" '
    'storeType="OMEX"/><we:alternateReferences/><we:properties/><we:bindings/><we:snapshot '
    f"{R_NS}/></we:webextension>"
)
TASKPANES = (
    f'{HEAD}<wetp:taskpanes xmlns:wetp="http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11"><wetp:taskpane '
    'dockstate="right" visibility="0" width="350" row="4"><wetp:webextensionref '
    f'{R_NS} r:id="rId1"/></wetp:taskpane></wetp:taskpanes>'
)
PHONETIC = '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="0" type="noConversion"/></si>'
NAMED_STYLE_XF = (
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" applyNumberFormat="0" applyFill="0" applyBorder="0"/>'
)
CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"
MS_REL = "http://schemas.microsoft.com/office"


def build_excel_only_kinds(path: Path) -> Path:
    """The kinds only Excel writes or XlsxWriter writes only on request, on and around a round sheet.

    On the round sheet: outline levels on rows and columns, page breaks, a picture in the header, a hyperlink
    to a cell, a tab colour, password protection, a custom view, a check-box form control (VML shape +
    `controls` + ctrlProps), a slicer (x14 `slicerList` ext) and a timeline (x15 `timelineRefs` ext). Elsewhere: a pivot table with its cache and records, an external link, a
    protected sheet, a right-to-left sheet, a hidden and a very hidden sheet, rich text and phonetic runs in
    the shared strings, a named cell style, a second workbook view, a custom workbook view, a task-pane add-in.
    """
    book = xlsxwriter.Workbook(str(path))
    _round(book, "Round 1", ROWS)
    ws = book.worksheets()[0]
    ws.write_url("H1", "internal:Players!A1", string="players")
    ws.write_rich_string("P1", "Judge: ", book.add_format({"bold": True, "font_color": "red"}), "Marta")
    for row in range(2, 6):
        ws.set_row(row, None, None, {"level": 1})
    ws.set_column("L:M", 12, None, {"level": 1, "collapsed": False})
    ws.set_h_pagebreaks([20])
    ws.set_v_pagebreaks([11])
    ws.set_tab_color("#FF9900")
    ws.protect("judge", {"autofilter": True, "format_columns": True})
    ws.set_header("&L&G&CSpring Open", {"image_left": "logo.png", "image_data_left": io.BytesIO(png())})
    players = book.add_worksheet("Players")
    players.write_column("A1", ["Player", "Ala", "Bob", "Cyd", "Dan"])
    players.write("B1", "東京")
    players.protect("", {"format_columns": True})
    notes = book.add_worksheet("Notes")
    notes.right_to_left()
    notes.write("A1", "ملاحظات")
    book.add_worksheet("Old rounds").hide()
    book.add_worksheet("Setup").very_hidden()
    summary = book.add_worksheet("Summary")
    summary.write_formula("A1", "=[1]Ratings!$B$2", None, 1500)
    pivot = book.add_worksheet("Pivot")
    pivot.write_row("A3", ["Row Labels", "Sum of Value"])
    for offset, (label, value) in enumerate(
        [("Cities", 39.99), ("Dice", 12), ("Seafarers", 45.5), ("Grand Total", 97.49)], 4
    ):
        pivot.write_row(offset - 1, 0, [label, value])
    prizes = book.add_worksheet("Prizes")
    prizes.write_row("A1", ["Prize", "Value", "Won on"])
    day = book.add_format({"num_format": 14})
    for offset, (label, value, won) in enumerate(
        [("Seafarers", 45.5, 45395), ("Cities", 39.99, 45353), ("Dice", 12, 45353)], 1
    ):
        prizes.write_row(offset, 0, [label, value])
        prizes.write_number(offset, 2, won, day)
    book.define_name("Slicer_Prize", "=#N/A")
    book.define_name("NativeTimeline_Won_on", "=#N/A")
    book.close()
    _add_only_excel_kinds(path)
    return path


def _one_relationship(kind: str, target: str, external: bool = False) -> str:
    """A relationships part holding one relationship, rId1, as Excel writes it."""
    mode = ' TargetMode="External"' if external else ""
    return (
        f'{HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{kind}" Target="{target}"{mode}/></Relationships>'
    )


def _add(text: str, before: str, piece: str) -> str:
    """`piece` inserted just before the first `before` in `text` (which must hold it)."""
    assert before in text, before
    return text.replace(before, piece + before, 1)


def _add_only_excel_kinds(path: Path) -> None:
    """Pivot, slicer, external link, form control, custom views, add-in, named style, phonetic runs: Excel's form."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    text = {name: data.decode() for name, data in parts.items() if name.endswith((".xml", ".rels", ".vml"))}
    sheet = text["xl/worksheets/sheet1.xml"]
    sheet = _add(sheet, "<mergeCells", CUSTOM_SHEET_VIEWS)
    sheet = _sheet_ext(_sheet_ext(sheet, SLICER_LIST), TIMELINE_REFS)
    at = sheet.find("<tableParts") if "<tableParts" in sheet else sheet.rfind("<extLst>")  # the worksheet's own
    sheet = sheet[:at] + CONTROLS + sheet[at:]
    sheet = sheet.replace(
        "<worksheet ",
        '<worksheet xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/'
        f'spreadsheetDrawing" xmlns:x14="{X14}" ',
        1,
    )
    text["xl/worksheets/sheet1.xml"] = sheet
    vml = next(
        name
        for name in text
        if name.startswith("xl/drawings/vmlDrawing") and '<x:ClientData ObjectType="Note"' in text[name]
    )
    text[vml] = _add(text[vml], "</xml>", CHECKBOX_VML)
    text["xl/worksheets/_rels/sheet1.xml.rels"] = _add(
        text["xl/worksheets/_rels/sheet1.xml.rels"],
        "</Relationships>",
        (
            f'<Relationship Id="rIdCtrl" Type="{REL}/ctrlProp" Target="../ctrlProps/ctrlProp1.xml"/>'
            f'<Relationship Id="rIdSlicer" Type="{MS_REL}/2007/relationships/slicer" Target="../slicers/slicer1.xml"/>'
            f'<Relationship Id="rIdTimeline" Type="{MS_REL}/2011/relationships/timeline" Target="../timelines/timeline1.xml"/>'
        ),
    )
    text["xl/ctrlProps/ctrlProp1.xml"] = CTRL_PROP
    text["xl/drawings/drawing1.xml"] = _add(
        text["xl/drawings/drawing1.xml"], "</xdr:wsDr>", SLICER_SHAPE + TIMELINE_SHAPE
    )  # the round sheet's
    text["xl/slicers/slicer1.xml"] = SLICERS
    text["xl/slicerCaches/slicerCache1.xml"] = SLICER_CACHE
    text["xl/timelines/timeline1.xml"] = TIMELINES
    text["xl/timelineCaches/timelineCache1.xml"] = TIMELINE_CACHE
    pivot_sheet = "xl/worksheets/sheet7.xml"
    assert "Row Labels" in text["xl/sharedStrings.xml"] and pivot_sheet in parts  # the Pivot sheet, seventh
    text["xl/worksheets/_rels/sheet7.xml.rels"] = _one_relationship(
        f"{REL}/pivotTable", "../pivotTables/pivotTable1.xml"
    )
    text["xl/pivotTables/pivotTable1.xml"] = PIVOT_TABLE
    text["xl/pivotTables/_rels/pivotTable1.xml.rels"] = _one_relationship(
        f"{REL}/pivotCacheDefinition", "../pivotCache/pivotCacheDefinition1.xml"
    )
    text["xl/pivotCache/pivotCacheDefinition1.xml"] = PIVOT_CACHE
    text["xl/pivotCache/pivotCacheRecords1.xml"] = PIVOT_RECORDS
    text["xl/pivotCache/_rels/pivotCacheDefinition1.xml.rels"] = _one_relationship(
        f"{REL}/pivotCacheRecords", "pivotCacheRecords1.xml"
    )
    text["xl/externalLinks/externalLink1.xml"] = EXTERNAL_LINK
    text["xl/externalLinks/_rels/externalLink1.xml.rels"] = _one_relationship(
        f"{REL}/externalLinkPath", "ratings.xlsx", external=True
    )
    text["xl/webextensions/webextension1.xml"] = WEBEXTENSION
    text["xl/webextensions/taskpanes.xml"] = TASKPANES
    text["xl/webextensions/_rels/taskpanes.xml.rels"] = _one_relationship(
        f"{MS_REL}/2011/relationships/webextension", "webextension1.xml"
    )
    text["_rels/.rels"] = _add(
        text["_rels/.rels"],
        "</Relationships>",
        (
            f'<Relationship Id="rIdTaskpanes" Type="{MS_REL}/2011/relationships/webextensiontaskpanes" '
            'Target="xl/webextensions/taskpanes.xml"/>'
        ),
    )
    text["xl/_rels/workbook.xml.rels"] = _add(
        text["xl/_rels/workbook.xml.rels"],
        "</Relationships>",
        (
            f'<Relationship Id="rIdExt" Type="{REL}/externalLink" Target="externalLinks/externalLink1.xml"/>'
            f'<Relationship Id="rIdPivot" Type="{REL}/pivotCacheDefinition" Target="pivotCache/pivotCacheDefinition1.xml"/>'
            f'<Relationship Id="rIdSlicerCache" Type="{MS_REL}/2007/relationships/slicerCache" '
            'Target="slicerCaches/slicerCache1.xml"/>'
            f'<Relationship Id="rIdTimelineCache" Type="{MS_REL}/2011/relationships/timelineCache" '
            'Target="timelineCaches/timelineCache1.xml"/>'
        ),
    )
    workbook = text["xl/workbook.xml"]
    workbook = _add(
        workbook,
        "</bookViews>",
        '<workbookView xWindow="960" yWindow="480" windowWidth="14400" windowHeight="9000" activeTab="0"/>',
    )
    workbook = _add(
        workbook, "<definedNames>", '<externalReferences><externalReference r:id="rIdExt"/></externalReferences>'
    )
    workbook = _add(
        workbook,
        "</workbook>",
        CUSTOM_BOOK_VIEWS + '<pivotCaches><pivotCache cacheId="1" r:id="rIdPivot"/>'
        f'</pivotCaches><extLst><ext uri="{{BBE1A952-AA13-448e-AADC-164F8A28A991}}" xmlns:x14="{X14}">'
        '<x14:slicerCaches><x14:slicerCache r:id="rIdSlicerCache"/></x14:slicerCaches></ext>'
        f'<ext uri="{{D0CA8CA8-9F24-4464-BF8E-62219DCF47F9}}" xmlns:x15="{X15}"><x15:timelineCacheRefs>'
        '<x15:timelineCacheRef r:id="rIdTimelineCache"/></x15:timelineCacheRefs></ext></extLst>',
    )
    text["xl/workbook.xml"] = workbook
    strings = text["xl/sharedStrings.xml"]
    assert "<si><t>東京</t></si>" in strings
    text["xl/sharedStrings.xml"] = strings.replace("<si><t>東京</t></si>", PHONETIC, 1)
    styles = text["xl/styles.xml"]
    count = styles.split('<cellStyleXfs count="', 1)[1].split('"', 1)[0]
    styles = styles.replace(f'<cellStyleXfs count="{count}">', f'<cellStyleXfs count="{int(count) + 1}">', 1)
    styles = _add(styles, "</cellStyleXfs>", NAMED_STYLE_XF)
    styles_count = styles.split('<cellStyles count="', 1)[1].split('"', 1)[0]
    styles = styles.replace(f'<cellStyles count="{styles_count}">', f'<cellStyles count="{int(styles_count) + 1}">', 1)
    text["xl/styles.xml"] = _add(styles, "</cellStyles>", f'<cellStyle name="Judge note" xfId="{count}"/>')
    text["[Content_Types].xml"] = _add(
        text["[Content_Types].xml"],
        "</Types>",
        "".join(
            f'<Override PartName="/{name}" ContentType="{kind}"/>'
            for name, kind in (
                ("xl/ctrlProps/ctrlProp1.xml", "application/vnd.ms-excel.controlproperties+xml"),
                ("xl/slicers/slicer1.xml", "application/vnd.ms-excel.slicer+xml"),
                ("xl/slicerCaches/slicerCache1.xml", "application/vnd.ms-excel.slicerCache+xml"),
                ("xl/timelines/timeline1.xml", "application/vnd.ms-excel.timeline+xml"),
                ("xl/timelineCaches/timelineCache1.xml", "application/vnd.ms-excel.timelineCache+xml"),
                ("xl/pivotTables/pivotTable1.xml", f"{CT}.pivotTable+xml"),
                ("xl/pivotCache/pivotCacheDefinition1.xml", f"{CT}.pivotCacheDefinition+xml"),
                ("xl/pivotCache/pivotCacheRecords1.xml", f"{CT}.pivotCacheRecords+xml"),
                ("xl/externalLinks/externalLink1.xml", f"{CT}.externalLink+xml"),
                ("xl/webextensions/webextension1.xml", "application/vnd.ms-office.webextension+xml"),
                ("xl/webextensions/taskpanes.xml", "application/vnd.ms-office.webextensiontaskpanes+xml"),
            )
        ),
    )
    parts.update({name: data.encode() for name, data in text.items()})
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
