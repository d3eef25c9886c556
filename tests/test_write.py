"""Writing the scored workbook (docs/rules.md §5): computed columns, Standings, Problems, marks, nothing lost."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import HEADERS, player, round_sheet, write_workbook
from openpyxl.comments import Comment
from openpyxl.styles import PatternFill
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from sheet_scorer import score_workbook
from sheet_scorer.workbook.write import COMMENT_MARKER, MARK_FORMULA

# Ala 2+2*3+1 = 9 +2 army (3 knights) = 11; Bob 3+2*3 = 9; Cyd 2+2 = 4; Dan 2 -> places 1..4
ROUND1 = round_sheet(
    player(1, "Ala", settlements=2, cities=3, vp_cards=1, knights=3),
    player(1, "Bob", settlements=3, cities=3),
    player(1, "Cyd", settlements=2, cities=1),
    player(1, "Dan"),
)


def _values(ws: openpyxl.worksheet.worksheet.Worksheet) -> list[tuple]:
    return [tuple(r) for r in ws.iter_rows(values_only=True)]


def _marks(ws: openpyxl.worksheet.worksheet.Worksheet) -> set[str]:
    return {str(cf.sqref) for cf in ws.conditional_formatting for rule in cf.rules if rule.formula == [MARK_FORMULA]}


@pytest.fixture
def round_and_notes(tmp_path: Path) -> Path:
    return write_workbook(tmp_path / "event.xlsx", {"Round 1": ROUND1, "Notes": [["keep", "me"], [1, 2]]})


def test_computed_columns_and_standings(round_and_notes: Path) -> None:
    result = score_workbook(round_and_notes)
    assert result.output == round_and_notes.with_name("event.scored.xlsx") and result.html == round_and_notes.with_name(
        "event.standings.html"
    )
    book = openpyxl.load_workbook(result.output)
    assert book.sheetnames == ["Round 1", "Notes", "Standings"]
    rows = _values(book["Round 1"])
    assert rows[0] == (*HEADERS, "Army Bonus", "Road Bonus", "VP", "Place", "Round Points")
    assert [r[-5:] for r in rows[1:]] == [(2, 0, 11, 1, 5), (0, 0, 9, 2, 3), (0, 0, 4, 3, 2), (0, 0, 2, 4, 1)]
    standings = _values(book["Standings"])
    assert standings[0] == ("Rank", "Player", "Round Points", "VP", "VP %", "Games", "Round 1")
    # VP % = 100 * VP / 26 (table total 11 + 9 + 4 + 2)
    assert [r[:4] + (r[5], r[6]) for r in standings[1:]] == [
        (1, "Ala", 5, 11, 1, 5),
        (2, "Bob", 3, 9, 1, 3),
        (3, "Cyd", 2, 4, 1, 2),
        (4, "Dan", 1, 2, 1, 1),
    ]
    assert standings[1][4] == 42.31  # 100 × 11 / 26 = 42.307…, to hundredths (docs/rules.md §4)
    assert book["Standings"]["E2"].number_format == "0.00"
    assert _values(book["Notes"]) == [("keep", "me"), (1, 2)]


def test_input_is_not_modified(round_and_notes: Path) -> None:
    before = hashlib.sha256(round_and_notes.read_bytes()).hexdigest()
    score_workbook(round_and_notes)
    assert hashlib.sha256(round_and_notes.read_bytes()).hexdigest() == before


def test_rescoring_is_idempotent(round_and_notes: Path, tmp_path: Path) -> None:
    first = score_workbook(round_and_notes).output
    second = score_workbook(first, output=tmp_path / "again.xlsx").output
    one, two = openpyxl.load_workbook(first), openpyxl.load_workbook(second)
    assert one.sheetnames == two.sheetnames
    for name in one.sheetnames:
        assert _values(one[name]) == _values(two[name])


def test_fix_and_rescore_clears_marks_and_keeps_organiser_formatting(tmp_path: Path) -> None:
    bad = round_sheet(player(1, "Ala", settlements=6), player(1, "Bob"), player(1, "Cyd"))
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": bad})
    book = openpyxl.load_workbook(path)
    yellow = PatternFill(start_color="FFFFFF00", end_color="FFFFFF00", fill_type="solid")
    book["Round 1"]["C2"].fill = yellow
    book["Round 1"]["C2"].comment = Comment("judge: recounted twice", "Marta")
    book.save(path)

    scored = score_workbook(path)
    assert scored.exit_code == 1
    book = openpyxl.load_workbook(scored.output)
    ws = book["Round 1"]
    assert _marks(ws) == {"C2"}
    assert ws["C2"].comment.text.startswith("judge: recounted twice") and COMMENT_MARKER in ws["C2"].comment.text
    assert [r[-5:] for r in _values(ws)[1:]] == [(None,) * 5] * 3  # the table is not scored
    assert [tuple(r[:3]) for r in _values(book["Problems"])] == [
        ("Severity", "Sheet", "Cell"),
        ("error", "Round 1", "C2"),
    ]

    ws["C2"] = 5  # the organiser fixes the count in the scored file
    book.save(scored.output)
    rescored = score_workbook(scored.output, output=tmp_path / "fixed.xlsx")
    assert rescored.exit_code == 0
    fixed = openpyxl.load_workbook(rescored.output)
    ws = fixed["Round 1"]
    assert _marks(ws) == set()
    assert ws["C2"].comment.text == "judge: recounted twice" and ws["C2"].comment.author == "Marta"
    assert ws["C2"].fill.fgColor.rgb == "FFFFFF00"
    # Ala 5, Bob 2, Cyd 2: nobody reached 10, which is only a warning now
    assert [tuple(r[:3]) for r in _values(fixed["Problems"])] == [
        ("Severity", "Sheet", "Cell"),
        ("warning", "Round 1", None),
    ]
    assert [r[-3:] for r in _values(ws)[1:]] == [
        (5, 1, 5),
        (2, 2, 2.5),
        (2, 2, 2.5),
    ]  # Bob and Cyd share 2nd: (3 + 2) / 2


def test_organiser_vp_column_is_filled_and_never_overwritten(tmp_path: Path) -> None:
    headers = [*HEADERS, "VP"]
    rows = [headers, player(1, "Ala", settlements=4, cities=3) + [None], player(1, "Bob") + [3], player(1, "Cyd") + [2]]
    result = score_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows}))
    assert [(p.code, p.cell) for p in result.problems] == [("vp-mismatch", "L3")]
    ws = openpyxl.load_workbook(result.output)["Round 1"]
    assert ws["L2"].value is None  # the table has an error: nothing filled in
    assert ws["L3"].value == 3  # the entered value is kept
    assert ws["L1"].value == "VP" and ws["M1"].value == "Army Bonus" and "VP" not in [c.value for c in ws[1][12:]]

    rows[2][-1] = 2
    result = score_workbook(write_workbook(tmp_path / "f.xlsx", {"Round 1": rows}))
    assert result.problems == []
    ws = openpyxl.load_workbook(result.output)["Round 1"]
    assert [ws[f"L{r}"].value for r in (2, 3, 4)] == [10, 2, 2]


def test_formula_like_names_are_written_as_text(tmp_path: Path) -> None:
    names = ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", "-1+1", "@SUM(A1)"]
    rows = round_sheet(*[player(1, n) for n in names])
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": rows})
    book = openpyxl.load_workbook(path)
    for row in range(2, 6):
        book["Round 1"].cell(row, 2).data_type = "s"  # typed as text, the way a spreadsheet stores '=…
    book.save(path)
    result = score_workbook(path)
    assert result.problems == [p for p in result.problems if p.code == "no-target"]
    ws = openpyxl.load_workbook(result.output)["Standings"]
    cells = [ws.cell(r, 2) for r in range(2, 6)]
    assert sorted(c.value for c in cells) == sorted(names)
    assert all(c.data_type == "s" for c in cells)


def test_organiser_features_survive(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND1})
    book = openpyxl.load_workbook(path)
    ws = book["Round 1"]
    ws.column_dimensions["B"].width = 31
    ws.freeze_panes = "A2"
    validation = DataValidation(type="whole", operator="between", formula1="0", formula2="5")
    ws.add_data_validation(validation)
    validation.add("C2:C50")
    book.defined_names["Judges"] = DefinedName("Judges", attr_text="'Round 1'!$B$2:$B$5")
    book.save(path)

    out = openpyxl.load_workbook(score_workbook(path).output)
    ws = out["Round 1"]
    assert ws.column_dimensions["B"].width == 31
    assert ws.freeze_panes == "A2"
    assert [str(v.sqref) for v in ws.data_validations.dataValidation] == ["C2:C50"]
    assert out.defined_names["Judges"].attr_text == "'Round 1'!$B$2:$B$5"


def test_language_of_added_names_and_no_duplicates_across_languages(round_and_notes: Path, tmp_path: Path) -> None:
    polish = score_workbook(round_and_notes, lang="pl").output
    book = openpyxl.load_workbook(polish)
    assert book.sheetnames == ["Round 1", "Notes", "Klasyfikacja"]
    assert [c.value for c in book["Round 1"][1]][-5:] == ["Bonus armii", "Bonus drogi", "PZ", "Miejsce", "Punkty rundy"]
    english = openpyxl.load_workbook(score_workbook(polish, output=tmp_path / "en.xlsx", lang="en").output)
    assert english.sheetnames == ["Round 1", "Notes", "Standings"]
    assert [c.value for c in english["Round 1"][1]][len(HEADERS) :] == [
        "Army Bonus",
        "Road Bonus",
        "VP",
        "Place",
        "Round Points",
    ]


def test_report_is_written_and_escaped(tmp_path: Path) -> None:
    rows = round_sheet(player(1, "<script>alert(1)</script>"), player(1, "Bob"), player(1, "Cyd"))
    result = score_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows}))
    html = result.html.read_text(encoding="utf-8")
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert html.index("Bob") < html.index("Cyd")  # 2 VP each: shared place, name order


def test_organiser_cells_right_of_the_header_are_never_overwritten(tmp_path: Path) -> None:
    rows = [list(r) for r in ROUND1]
    rows[1] = rows[1] + ["side note"]  # L2: no header above it
    rows.append([None] * 11 + ["judge: table 1 started late"])  # L6, below the table
    result = score_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows}))
    ws = openpyxl.load_workbook(result.output)["Round 1"]
    assert (ws["L2"].value, ws["L6"].value) == ("side note", "judge: table 1 started late")
    assert [ws.cell(1, c).value for c in range(13, 18)] == ["Army Bonus", "Road Bonus", "VP", "Place", "Round Points"]
    assert [ws.cell(2, c).value for c in range(13, 18)] == [2, 0, 11, 1, 5]


def test_organiser_sheet_named_standings_is_not_replaced(tmp_path: Path) -> None:
    from sheet_scorer import WorkbookError

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND1, "Standings": [["my own ranking"], ["Ala", 1]]})
    with pytest.raises(WorkbookError, match="own sheet 'Standings'"):
        score_workbook(path)
    assert not (tmp_path / "e.scored.xlsx").exists()
    french = write_workbook(tmp_path / "f.xlsx", {"Round 1": ROUND1, "Classement": [["mon classement"], ["Ala", 1]]})
    book = openpyxl.load_workbook(score_workbook(french).output)
    assert book.sheetnames == ["Round 1", "Classement", "Standings"]
    assert _values(book["Classement"]) == [("mon classement", None), ("Ala", 1)]


def test_problem_on_a_merged_table_cell_is_noted_on_the_merged_range(tmp_path: Path) -> None:
    rows = round_sheet(player(1, "Ala"), player(None, "Bob"))  # a table of 2: table-size error on A2:A3
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": rows})
    book = openpyxl.load_workbook(path)
    book["Round 1"].merge_cells("A2:A3")
    book.save(path)
    result = score_workbook(path)
    assert [(p.code, p.cell, p.table) for p in result.problems] == [("table-size", "A2", 1), ("table-size", "A3", 1)]
    ws = openpyxl.load_workbook(result.output)["Round 1"]
    assert _marks(ws) == {"A2", "A3"}
    assert COMMENT_MARKER in ws["A2"].comment.text and "A2:A3" in {str(r) for r in ws.merged_cells.ranges}


def test_an_empty_merged_cell_where_computed_columns_would_go_is_stepped_over(tmp_path: Path) -> None:
    """A Notes cell merged L3:N3 right of the table (nothing in it): the computed columns start after it."""
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND1})
    book = openpyxl.load_workbook(path)
    book["Round 1"].merge_cells("L3:N3")
    book.save(path)
    ws = openpyxl.load_workbook(score_workbook(path).output)["Round 1"]
    assert [ws.cell(1, c).value for c in range(12, 20)] == [
        None,
        None,
        None,
        "Army Bonus",
        "Road Bonus",
        "VP",
        "Place",
        "Round Points",
    ]
    assert [ws.cell(2, c).value for c in range(15, 20)] == [2, 0, 11, 1, 5]
    assert [str(r) for r in ws.merged_cells.ranges] == ["L3:N3"]


def test_a_tool_sheet_renamed_into_an_organisers_sheet_name_is_refused(round_and_notes: Path, tmp_path: Path) -> None:
    """The tool's Polish standings sheet would be renamed 'Standings' while the organiser has a sheet of that name."""
    from sheet_scorer import WorkbookError

    polish = score_workbook(round_and_notes, lang="pl").output
    book = openpyxl.load_workbook(polish)
    book.create_sheet("Standings")["A1"] = "my own ranking"
    book.save(polish)
    with pytest.raises(WorkbookError, match="would both be named 'Standings'"):
        score_workbook(polish, output=tmp_path / "en.xlsx", lang="en")


def test_notes_stay_within_excels_limit_and_control_characters_are_kept_visible(tmp_path: Path) -> None:
    rows = round_sheet(player(1, "Ala", settlements="x" * 32_000), player(1, "Bob_x0007_"), player(1, "Cyd"))  # Bob\a
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": rows})
    book = openpyxl.load_workbook(path)
    book["Round 1"]["C2"].comment = Comment("y" * 32_000, "Marta")
    book.save(path)
    result = score_workbook(path)
    ws = openpyxl.load_workbook(result.output)["Round 1"]
    note = ws["C2"].comment.text
    assert note.startswith("y" * 32_000) and COMMENT_MARKER in note and len(note) <= 32_767
    with zipfile.ZipFile(result.output) as archive:
        strings = archive.read("xl/sharedStrings.xml")
    assert b"\x07" not in strings  # no raw control character in the part (XML cannot hold it)
    names = [c.value for c in openpyxl.load_workbook(result.output)["Standings"]["B"][1:]]
    assert "Bob\\x07" in names  # shown visibly where the tool writes it (i18n.visible)


def test_standings_say_provisional_right_of_the_header_and_problems_link_to_their_cells(tmp_path: Path) -> None:
    """docs/rules.md §5: PROVISIONAL right of the header row (A1 stays Rank); each problem links to its cell;
    the Problems columns are at least as wide as their headers."""
    bad = round_sheet(player(1, "Ala", settlements=6), player(1, "Bob"), player(1, "Cyd"))
    scored = score_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": bad}), lang="pl")
    book = openpyxl.load_workbook(scored.output)
    standings = book["Klasyfikacja"]
    header = [c.value for c in standings[1]]
    assert header[0] == "Miejsce" and header[-1] == "TYMCZASOWA" and header[-2] == "Round 1"
    problems = book["Problemy"]
    assert problems["C2"].value == "C2" and problems["C2"].hyperlink.location == "'Round 1'!C2"
    for column, title in enumerate(c.value for c in problems[1]):
        assert problems.column_dimensions[chr(65 + column)].width >= len(title) + 1, title
    fixed = write_workbook(
        tmp_path / "f.xlsx", {"Round 1": round_sheet(player(1, "Ala"), player(1, "Bob"), player(1, "Cyd"))}
    )
    clean = openpyxl.load_workbook(score_workbook(fixed, lang="pl").output)
    assert [c.value for c in clean["Klasyfikacja"][1]][-1] == "Round 1"  # not provisional: nothing right of the header


def _note_shapes(path: Path) -> list[tuple[int, int]]:
    """(row, column), 0-based, of each note shape in the workbook's drawings; every drawing must parse as XML."""
    import re

    from lxml import etree

    found = []
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.endswith(".vml"):
                data = archive.read(name)
                etree.fromstring(data)
                found += [
                    (int(r), int(c))
                    for r, c in re.findall(rb"<[\w]+:Row>(\d+)</[\w]+:Row>\s*<[\w]+:Column>(\d+)</", data)
                ]
    return sorted(found)


def test_a_note_added_beside_an_openpyxl_drawing_is_removed_again_when_fixed(tmp_path: Path) -> None:
    """openpyxl writes note drawings with ns0:/ns1: prefixes: the tool's shape is added and removed beside them."""
    from sheet_scorer.model import CellEdit, WorkbookPatch
    from sheet_scorer.workbook.update import update_workbook

    bad = round_sheet(player(1, "Ala", settlements=6), player(1, "Bob"), player(1, "Cyd"))
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": bad})
    book = openpyxl.load_workbook(path)
    book["Round 1"]["B2"].comment = Comment("Ala arrived late", "Marta")
    book.save(path)
    scored = score_workbook(path).output
    assert _note_shapes(scored) == [(1, 1), (1, 2)]  # B2 (the organiser's) and C2 (the tool's)
    update_workbook(scored, WorkbookPatch(edits={"Round 1": [CellEdit("C2", 5)]}))
    fixed = score_workbook(scored).output
    assert _note_shapes(fixed) == [(1, 1)]
    ws = openpyxl.load_workbook(fixed)["Round 1"]
    assert ws["C2"].comment is None and ws["B2"].comment.text == "Ala arrived late"


def test_computed_columns_are_not_left_in_hidden_columns(tmp_path: Path) -> None:
    """An organiser who hides every column right of the table still sees the computed ones."""
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND1})
    book = openpyxl.load_workbook(path)
    book["Round 1"].column_dimensions.group("L", "Z", hidden=True)
    book.save(path)
    ws = openpyxl.load_workbook(score_workbook(path).output)["Round 1"]
    assert [ws.cell(1, c).value for c in range(12, 17)] == ["Army Bonus", "Road Bonus", "VP", "Place", "Round Points"]
    hidden = {(d.min, d.max) for d in ws.column_dimensions.values() if d.hidden}
    assert hidden == {(17, 26)}  # L..P shown, Q..Z hidden as the organiser had them


def _prefixed(path: Path, parts: tuple[str, ...]) -> None:
    """Rewrite `parts` with the main namespace bound to `x:`, as the Open XML SDK writes them."""
    import re

    with zipfile.ZipFile(path) as archive:
        data = {info.filename: archive.read(info) for info in archive.infolist()}
    for part in parts:
        text = data[part].decode()
        text = re.sub(r"<(/?)(?!\?)([A-Za-z]\w*)([\s/>])", r"<\1x:\2\3", text)
        data[part] = text.replace(
            'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
            'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
        ).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in data.items():
            archive.writestr(name, content)


def test_a_workbook_written_with_prefixed_elements_is_patched_in_its_own_form(tmp_path: Path) -> None:
    bad = round_sheet(
        player(1, "Ala", settlements=6),
        player(1, "Bob"),
        player(1, "Cyd"),
        player(2, "Dan", cities=4),
        player(2, "Eve"),
        player(2, "Fay"),
    )
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": bad})
    _prefixed(path, ("xl/worksheets/sheet1.xml", "xl/styles.xml", "xl/workbook.xml"))
    result = score_workbook(path)
    assert result.exit_code == 1
    ws = openpyxl.load_workbook(result.output)["Round 1"]
    assert [c.value for c in ws[1]][-5:] == ["Army Bonus", "Road Bonus", "VP", "Place", "Round Points"]
    assert [c.value for c in ws[5]][-5:] == [0, 0, 10, 1, 5]  # table 2: Dan 2 + 4 x 2 = 10 VP, first
    assert _marks(ws) == {"C2"} and COMMENT_MARKER in ws["C2"].comment.text
    with zipfile.ZipFile(result.output) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml").decode()
    assert "<c " not in sheet and "<x:conditionalFormatting" in sheet  # the part keeps its own prefix
    again = score_workbook(result.output, output=tmp_path / "again.xlsx", html=tmp_path / "again.html")
    assert again.output.read_bytes() == result.output.read_bytes()


def test_a_workbook_without_a_style_sheet_is_scored_with_one_added(tmp_path: Path) -> None:
    """Some generators write no xl/styles.xml: the tool adds a minimal one for its own formats."""
    import re

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND1})
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist() if info.filename != "xl/styles.xml"}
    parts["xl/_rels/workbook.xml.rels"] = re.sub(
        rb"<Relationship[^>]*/styles\"[^>]*/>", b"", parts["xl/_rels/workbook.xml.rels"]
    )
    parts["xl/worksheets/sheet1.xml"] = re.sub(rb' s="\d+"', b"", parts["xl/worksheets/sheet1.xml"])
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    result = score_workbook(path)
    book = openpyxl.load_workbook(result.output)
    assert book["Standings"]["A1"].font.b and book["Standings"]["E2"].number_format == "0.00"
    assert [c.value for c in book["Round 1"][2]][-5:] == [2, 0, 11, 1, 5]
