"""The package invariants (tests/xlsx_invariants.py) that every workbook the tool writes is held to.

A small, complete package passes; each invariant is then broken once, by one edit of one part, and the
check must name that part, the element and the code. The recorder (tests/written_files.py) is shown to see
a file the tool writes and to leave alone one the test writes itself.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from helpers import player, round_sheet, write_workbook
from paths import ROOT
from written_files import RECORDER
from xlsx_invariants import added, assert_invariants, problems

from sheet_scorer import score_workbook

M = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
PR = "http://schemas.openxmlformats.org/package/2006/relationships"
OR = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"
EXAMPLE = ROOT / "example_workbooks" / "spring_open.xlsx"

# A package with one of everything the invariants look at: two sheets, a defined name, a style sheet with one
# custom number format and one dxf, shared strings, a conditional format, an Excel Table and a note's parts.
GOOD = {
    "[Content_Types].xml": (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{CT}.sheet.main+xml"/>'
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{CT}.worksheet+xml"/>'
        f'<Override PartName="/xl/worksheets/sheet2.xml" ContentType="{CT}.worksheet+xml"/>'
        f'<Override PartName="/xl/styles.xml" ContentType="{CT}.styles+xml"/>'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{CT}.sharedStrings+xml"/>'
        f'<Override PartName="/xl/tables/table1.xml" ContentType="{CT}.table+xml"/>'
        "</Types>"
    ),
    "_rels/.rels": (
        f'<Relationships xmlns="{PR}"><Relationship Id="rId1" Type="{OR}/officeDocument" Target="xl/workbook.xml"/>'
        "</Relationships>"
    ),
    "xl/workbook.xml": (
        f'<workbook {M} {R}><sheets><sheet name="Round 1" sheetId="1" r:id="rId1"/>'
        '<sheet name="Big Table" sheetId="2" r:id="rId2"/></sheets><definedNames>'
        "<definedName name=\"Top\">'Big Table'!$A$1:$B$2,'Round 1'!$A$1</definedName>"
        '<definedName name="_xlnm.Print_Area" localSheetId="1">Standings!$A$1</definedName>'
        "</definedNames></workbook>"
    ).replace("Standings!", "'Big Table'!"),
    "xl/_rels/workbook.xml.rels": (
        f'<Relationships xmlns="{PR}">'
        f'<Relationship Id="rId1" Type="{OR}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{OR}/worksheet" Target="/xl/worksheets/sheet2.xml"/>'
        f'<Relationship Id="rId3" Type="{OR}/styles" Target="styles.xml"/>'
        f'<Relationship Id="rId4" Type="{OR}/sharedStrings" Target="sharedStrings.xml"/>'
        f'<Relationship Id="rId5" Type="{OR}/hyperlink" Target="https://example.org/" TargetMode="External"/>'
        "</Relationships>"
    ),
    "xl/styles.xml": (
        f'<styleSheet {M}><numFmts count="1"><numFmt numFmtId="164" formatCode="0.0%"/></numFmts>'
        '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
        '<font><b/><i/><u/><sz val="11"/><color rgb="FF0000FF"/><name val="Calibri"/><family val="2"/>'
        '<scheme val="minor"/></font></fonts>'
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/>'
        '</fill></fills><borders count="1"><border/></borders>'
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
        '<xf numFmtId="164" fontId="1" fillId="1" borderId="0" xfId="0" applyNumberFormat="1"/>'
        '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
        '<dxfs count="1"><dxf><font><b/><color rgb="FFFF0000"/></font></dxf></dxfs></styleSheet>'
    ),
    "xl/sharedStrings.xml": f'<sst {M} count="2" uniqueCount="2"><si><t>Player</t></si><si><t>Ala</t></si></sst>',
    "xl/worksheets/sheet1.xml": (
        f'<worksheet {M} {R}><dimension ref="A1:B2"/><cols><col min="1" max="1" width="9" style="2"/></cols>'
        '<sheetData><row r="1" s="1" customFormat="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="1"><v>0.5</v></c>'
        '</row><row r="2"><c r="A2" t="s" s="2"><v>1</v></c><c r="B2"><v>3</v></c></row></sheetData>'
        '<conditionalFormatting sqref="B2"><cfRule type="cellIs" dxfId="0" priority="1" operator="greaterThan">'
        "<formula>2</formula></cfRule></conditionalFormatting>"
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>'
    ),
    "xl/worksheets/sheet2.xml": (
        f'<worksheet {M} {R}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Player</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>VP</t></is></c></row></sheetData><tableParts count="1">'
        '<tablePart r:id="rId1"/></tableParts></worksheet>'
    ),
    "xl/worksheets/_rels/sheet2.xml.rels": (
        f'<Relationships xmlns="{PR}"><Relationship Id="rId1" Type="{OR}/table" Target="../tables/table1.xml"/>'
        "</Relationships>"
    ),
    "xl/tables/table1.xml": (
        f'<table {M} id="1" name="Big" displayName="Big" ref="A1:B2" headerRowDxfId="0"><tableColumns count="2">'
        '<tableColumn id="1" name="Player"/><tableColumn id="2" name="VP" dataDxfId="0"/></tableColumns></table>'
    ),
}

# One edit per invariant: (part, text replaced, by, the code expected, a piece of the element named).
BROKEN = {
    "cell style past cellXfs": (
        "xl/worksheets/sheet1.xml",
        '<c r="B1" s="1">',
        '<c r="B1" s="3">',
        "style-range",
        'r="B1"',
    ),
    "row style past cellXfs": (
        "xl/worksheets/sheet1.xml",
        '<row r="1" s="1"',
        '<row r="1" s="7"',
        "style-range",
        "<row",
    ),
    "column style past cellXfs": ("xl/worksheets/sheet1.xml", 'style="2"', 'style="3"', "style-range", "<col"),
    "font past fonts": ("xl/styles.xml", 'fontId="1" fillId="1"', 'fontId="2" fillId="1"', "xf-range", "cellXfs/<xf"),
    "fill past fills": ("xl/styles.xml", 'fontId="1" fillId="1"', 'fontId="1" fillId="2"', "xf-range", "cellXfs/<xf"),
    "border past borders": (
        "xl/styles.xml",
        'borderId="0" xfId="0"/></cellXfs>',
        'borderId="1" xfId="0"/></cellXfs>',
        "xf-range",
        "cellXfs/<xf",
    ),
    "xfId past cellStyleXfs": (
        "xl/styles.xml",
        'borderId="0" xfId="0"/></cellXfs>',
        'borderId="0" xfId="1"/></cellXfs>',
        "xf-range",
        "cellXfs/<xf",
    ),
    "cell style names a missing style format": (
        "xl/styles.xml",
        'xfId="0" builtinId',
        'xfId="4" builtinId',
        "xf-range",
        "<cellStyle",
    ),
    "number format neither built in nor defined": (
        "xl/styles.xml",
        'numFmtId="164" fontId',
        'numFmtId="165" fontId',
        "number-format",
        'numFmtId="165"',
    ),
    "cfRule dxfId past dxfs": ("xl/worksheets/sheet1.xml", 'dxfId="0"', 'dxfId="1"', "dxf-range", "<cfRule"),
    "table dxf past dxfs": ("xl/tables/table1.xml", 'dataDxfId="0"', 'dataDxfId="5"', "dxf-range", "<tableColumn"),
    "shared string past the table": (
        "xl/worksheets/sheet1.xml",
        '<c r="A2" t="s" s="2"><v>1</v>',
        '<c r="A2" t="s" s="2"><v>2</v>',
        "shared-string",
        'r="A2"',
    ),
    "relationship target missing": (
        "xl/worksheets/_rels/sheet2.xml.rels",
        "../tables/table1.xml",
        "../tables/table9.xml",
        "relationship-target",
        "<Relationship",
    ),
    "relationship id twice": (
        "_rels/.rels",
        "</Relationships>",
        f'<Relationship Id="rId1" Type="{OR}/extended-properties" Target="xl/workbook.xml"/></Relationships>',
        "relationship-id",
        "rId1",
    ),
    "part without a content type": (
        "[Content_Types].xml",
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{CT}.sharedStrings+xml"/>',
        "",
        "content-type",
        "sharedStrings",
    ),
    "worksheet children out of order": (
        "xl/worksheets/sheet1.xml",
        '<dimension ref="A1:B2"/><cols><col min="1" max="1" width="9" style="2"/></cols>',
        '<cols><col min="1" max="1" width="9" style="2"/></cols><dimension ref="A1:B2"/>',
        "worksheet-order",
        "<dimension>",
    ),
    "font children out of order": (
        "xl/styles.xml",
        '<font><sz val="11"/><name val="Calibri"/></font>',
        '<font><name val="Calibri"/><sz val="11"/></font>',
        "font-order",
        "name,sz",
    ),
    "dxf font children out of order": (
        "xl/styles.xml",
        '<font><b/><color rgb="FFFF0000"/></font>',
        '<font><color rgb="FFFF0000"/><b/></font>',
        "font-order",
        "color,b",
    ),
    "sheetId twice": ("xl/workbook.xml", 'sheetId="2"', 'sheetId="1"', "sheet-id", 'name="Big Table"'),
    "sheet name twice": (
        "xl/workbook.xml",
        "</sheets>",
        '<sheet name="ROUND 1" sheetId="3" r:id="rId1"/></sheets>',
        "sheet-name",
        'name="ROUND 1"',
    ),
    "defined name naming a missing sheet": (
        "xl/workbook.xml",
        "'Round 1'!$A$1",
        "'Round 2'!$A$1",
        "defined-name-sheet",
        'name="Top"',
    ),
    "defined name of an unquoted missing sheet": (
        "xl/workbook.xml",
        "'Round 1'!$A$1",
        "Standings!$A$1",
        "defined-name-sheet",
        'name="Top"',
    ),
    "defined name local to a missing sheet": (
        "xl/workbook.xml",
        'localSheetId="1"',
        'localSheetId="2"',
        "defined-name-sheet",
        "_xlnm.Print_Area",
    ),
    "a part not well formed": ("xl/styles.xml", "</styleSheet>", "</styleSheet", "xml", "(part)"),
}


def package(parts: dict[str, str]) -> bytes:
    """The zip of `parts` (name -> XML text)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + text)
    return buffer.getvalue()


def broken(part: str, old: str, new: str) -> bytes:
    assert GOOD[part].count(old) == 1, (part, old)  # the edit lands where the case says, once
    return package({**GOOD, part: GOOD[part].replace(old, new)})


def test_a_complete_package_keeps_every_invariant() -> None:
    assert problems(package(GOOD)) == []


@pytest.mark.parametrize("case", BROKEN)
def test_each_broken_invariant_is_named_with_its_part_and_element(case: str) -> None:
    part, old, new, code, element = BROKEN[case]
    found = problems(broken(part, old, new))
    assert [(p.part, p.code) for p in found] == [(part if code != "content-type" else "[Content_Types].xml", code)]
    assert element in found[0].element or element in found[0].message, found[0]


def test_a_package_without_a_workbook_or_not_a_zip_is_one_problem(tmp_path: Path) -> None:
    rels = GOOD["_rels/.rels"].replace("/officeDocument", "/metadata/core-properties")
    assert [p.code for p in problems(package({**GOOD, "_rels/.rels": rels}))] == ["no-workbook"]
    (tmp_path / "text.xlsx").write_text("not a zip")
    assert [p.code for p in problems(tmp_path / "text.xlsx")] == ["zip"]


def test_a_real_writers_package_keeps_them(tmp_path: Path) -> None:
    """XlsxWriter writes the schema's order, styles, shared strings, a table and conditional formats."""
    import xlsxwriter

    book = xlsxwriter.Workbook(tmp_path / "real.xlsx")
    sheet = book.add_worksheet("Round 1")
    bold = book.add_format({"bold": True, "num_format": "0.0%", "border": 1, "bg_color": "#FFFF00"})
    sheet.write_row(0, 0, ["Player", "VP"], bold)
    sheet.write_row(1, 0, ["Ala", 10])
    sheet.add_table("D1:E3", {"columns": [{"header": "A"}, {"header": "B"}]})
    sheet.conditional_format("B2", {"type": "cell", "criteria": ">", "value": 5, "format": bold})
    book.define_name("Top", "='Round 1'!$A$1")
    book.close()
    assert problems(tmp_path / "real.xlsx") == []


def test_the_baseline_subtracts_what_the_input_already_had(tmp_path: Path) -> None:
    """openpyxl writes its default font out of schema order: a copy inherits that; a new breach still fails."""
    source = tmp_path / "source.xlsx"
    source.write_bytes(
        broken("xl/styles.xml", '<sz val="11"/><name val="Calibri"/>', '<name val="Calibri"/><sz val="11"/>')
    )
    inherited = tmp_path / "inherited.xlsx"
    inherited.write_bytes(source.read_bytes())
    assert_invariants(inherited, baseline=source)
    worse = tmp_path / "worse.xlsx"
    worse.write_bytes(
        package({**GOOD, "xl/worksheets/sheet1.xml": GOOD["xl/worksheets/sheet1.xml"].replace('s="1">', 's="9">')})
    )
    with pytest.raises(AssertionError, match=r'xl/worksheets/sheet1.xml: <c r="B1" s="9">'):
        assert_invariants(worse, baseline=source)
    assert [p.code for p in added(problems(worse), problems(source))] == ["style-range"]


def test_the_recorder_judges_what_the_tool_wrote_not_what_the_test_wrote(tmp_path: Path) -> None:
    """A package the test writes is never judged; the tool's output is, with its input's own breaches subtracted."""
    RECORDER.check()  # nothing from before this line
    source = write_workbook(tmp_path / "event.xlsx", {"Round 1": round_sheet(*(player(1, n) for n in "ABCD"))})
    (tmp_path / "damaged.xlsx").write_bytes(broken("xl/worksheets/sheet1.xml", 's="1">', 's="9">'))
    score_workbook(source, output=tmp_path / "event.scored.xlsx", html=tmp_path / "event.html")
    assert {path.name for path, *_ in RECORDER.written} == {"event.scored.xlsx"}
    RECORDER.check()  # the scored copy adds nothing beyond what is known and its input's own
    assert RECORDER.written == []


def test_the_recorder_fails_on_a_breach_the_tool_adds(tmp_path: Path) -> None:
    """What the check raises when a written package breaks an invariant its inputs did not: the file and the element
    (the output read back after the write is not one of its inputs)."""
    from sheet_scorer.workbook.files import atomic_target

    RECORDER.check()
    with atomic_target(tmp_path / "out.xlsx") as temporary:  # the tool's own way of putting a file in place
        temporary.write_bytes(broken("xl/worksheets/sheet1.xml", 'dxfId="0"', 'dxfId="3"'))
    zipfile.ZipFile(tmp_path / "out.xlsx").close()  # read back after it was written: no input, no excuse
    with pytest.raises(pytest.fail.Exception, match=r"out.xlsx \(written by the tool\)[\s\S]*<cfRule"):
        RECORDER.check()


def _scored_with_a_border_over_a_computed_cell(tmp_path: Path) -> tuple[Path, Path]:
    """The bundled example with a thin border an organiser gave the empty cell Round 1!N4, where a computed
    column goes; (input, scored copy)."""
    import openpyxl
    from openpyxl.styles import Border, Side

    book = openpyxl.load_workbook(EXAMPLE)
    book["Round 1"]["N4"].border = Border(bottom=Side(style="thin"))
    book.save(tmp_path / "event.xlsx")
    scored = score_workbook(tmp_path / "event.xlsx", output=tmp_path / "scored.xlsx", html=tmp_path / "scored.html")
    return tmp_path / "event.xlsx", scored.output


def test_a_border_over_a_computed_cell_keeps_the_style_index_in_range(tmp_path: Path) -> None:
    """Was `<c r="N4" s="13">` with 13 cellXfs."""
    source, output = _scored_with_a_border_over_a_computed_cell(tmp_path)
    assert [str(p) for p in added(problems(output), problems(source)) if p.code == "style-range"] == []


def test_the_fonts_the_tool_adds_are_in_schema_order(tmp_path: Path) -> None:
    """The bold and link fonts the tool adds were written `<b/>` first, as font 0 is, not in CT_Font's order."""
    source, output = _scored_with_a_border_over_a_computed_cell(tmp_path)
    assert [str(p) for p in added(problems(output), problems(source)) if p.code == "font-order"] == []
