"""`sheet-scorer merge` (docs/rules.md §1, §5): judges' copies come back and fill the event by round, table and player."""

from __future__ import annotations

import shutil
from functools import partial
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner
from helpers import HEADERS, write_workbook
from helpers import run as run_command
from merge_books import NOTES, ROUND, judge_a, judge_b, make_event, seated
from office import Batch
from office import job as office_job

from sheet_scorer.cli.main import main
from sheet_scorer.i18n.terminal import count, say
from sheet_scorer.merge.plan import merge_workbooks
from sheet_scorer.problems import Problem


def cells(path: Path, sheet: str = "Round 1") -> list[list[Any]]:
    """Every cell of the sheet's table (header included) as openpyxl reads it."""
    book = openpyxl.load_workbook(path)
    return [
        list(r)
        for r in book[sheet].iter_rows(min_row=1, max_row=len(ROUND) + 1, max_col=len(HEADERS), values_only=True)
    ]


run = partial(run_command, "merge")


def test_two_judges_with_disjoint_tables_give_exactly_the_full_round(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    before = event.read_bytes()
    result = run(event, judge_a(tmp_path), judge_b(tmp_path))
    assert result.exit_code == 0, result.output
    assert cells(event) == [HEADERS, *ROUND]
    lines = result.output.splitlines()  # per table: 4 players x 6 counts + 1 Declared mark
    assert lines[0] == say("en", "merge_copy", copy="judge_a.xlsx", taken=25, already=0, conflicts=0)
    assert lines[1] == say("en", "merge_copy", copy="judge_b.xlsx", taken=25, already=0, conflicts=0)
    book = openpyxl.load_workbook(event)
    assert book.sheetnames == ["Round 1", "Notes"]  # the copies' extra sheet and column are not taken
    assert [list(r) for r in book["Notes"].iter_rows(values_only=True)] == NOTES
    assert book["Round 1"].max_column == len(HEADERS)
    assert isinstance(book["Round 1"]["C2"].value, int)  # a number stays a number
    assert (tmp_path / "event.backup.xlsx").read_bytes() == before
    assert (tmp_path / "event.original.xlsx").read_bytes() == before


def test_the_merged_round_is_a_valid_scored_round(tmp_path: Path) -> None:
    from sheet_scorer.api import check_workbook

    event = make_event(tmp_path)
    merge_workbooks(event, [judge_a(tmp_path), judge_b(tmp_path)])
    result = check_workbook(event)
    assert [p.code for p in result.problems] == []
    assert dict(zip(result.standings["player"], result.standings["vp"])) == {
        "Anna": 10,
        "Ben": 9,
        "Cara": 6,
        "Dan": 4,
        "Eva": 10,
        "Filip": 8,
        "Gosia": 9,
        "Hugo": 2,
    }


def test_a_conflict_is_named_and_the_events_value_kept(tmp_path: Path) -> None:
    rows = seated(ROUND)
    rows[0][3] = 3  # Anna's Cities already in the event, agreeing with judge A
    rows[1][3] = 1  # Ben's Cities in the event: 1; judge A says 2
    event = make_event(tmp_path, rows)
    result = run(event, judge_a(tmp_path))
    assert result.exit_code == 1
    merged = cells(event)
    assert merged[2][3] == 1  # D3 kept
    assert merged[1] == ROUND[0]  # everything else of the copy taken
    assert merged[2][:3] == ROUND[1][:3] and merged[2][4:] == ROUND[1][4:]
    assert say("en", "merge_copy", copy="judge_a.xlsx", taken=23, already=1, conflicts=1) in result.output
    assert (
        say(
            "en",
            "merge_conflict",
            sheet="Round 1",
            cell="D3",
            player="Ben",
            value="1",
            source="event.xlsx",
            other="2",
            other_source="judge_a.xlsx",
        )
        in result.output
    )


def test_two_copies_that_disagree_leave_the_cell_empty_and_name_both_files(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    first = judge_a(tmp_path)
    book = openpyxl.load_workbook(first)
    book["Round 1"]["F2"] = 5  # Dan is on row 2 of the sorted copy; judge A gives his Knights as 0
    book.save(tmp_path / "judge_c.xlsx")
    plan = merge_workbooks(event, [first, tmp_path / "judge_c.xlsx"])
    assert [(c.sheet, c.cell, c.player, c.value, c.source, c.other, c.other_source) for c in plan.conflicts] == [
        ("Round 1", "F5", "Dan", 0, "judge_a.xlsx", 5, "judge_c.xlsx")
    ]
    assert cells(event)[4][5] is None  # Dan's Knights: not taken
    assert [(c.taken, c.already, c.conflicts) for c in plan.copies] == [(24, 0, 1), (0, 24, 1)]


def test_identical_values_written_differently_are_not_conflicts(tmp_path: Path) -> None:
    rows = seated(ROUND)
    rows[0][2], rows[0][10] = "2", "X"  # Anna: Settlements as text, Declared as another mark
    rows[1][3] = 2.0  # Ben's Cities as a float
    event = make_event(tmp_path, rows)
    plan = merge_workbooks(event, [judge_a(tmp_path)])
    assert plan.conflicts == []
    assert (plan.copies[0].taken, plan.copies[0].already) == (22, 3)
    assert cells(event)[1][2] == "2" and cells(event)[1][10] == "X"  # the event's own writing stays


def test_a_player_seated_at_another_table_in_the_copy_is_a_conflict_on_table(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    copy = judge_a(tmp_path)
    book = openpyxl.load_workbook(copy)
    book["Round 1"]["A2"] = 2  # Dan (row 2 of the sorted copy) moved to table 2
    book.save(copy)
    plan = merge_workbooks(event, [copy], dry_run=True)
    assert [(c.cell, c.player, c.value, c.other) for c in plan.conflicts] == [("A5", "Dan", 1, 2)]
    assert "E5" not in {e.cell for e in plan.edits["Round 1"]}  # Dan's row gives nothing
    assert plan.cells == 25 - 6


def test_a_row_whose_table_the_judge_left_empty_is_matched_by_player(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    copy = judge_a(tmp_path)
    book = openpyxl.load_workbook(copy)
    book["Round 1"]["A2"] = None  # Dan's table cleared in the copy
    book.save(copy)
    plan = merge_workbooks(event, [copy])
    assert plan.conflicts == [] and plan.copies[0].taken == 25
    assert cells(event)[4] == ROUND[3]


def test_a_copys_round_sheet_that_cannot_be_read_is_named_and_exits_1(tmp_path: Path) -> None:
    event = write_workbook(
        tmp_path / "event.xlsx", {"Round 1": [HEADERS, *seated(ROUND)], "Round 2": [HEADERS, *seated(ROUND)]}
    )
    copy = write_workbook(
        tmp_path / "judge.xlsx",
        {"Round 1": [HEADERS, *ROUND[:4]], "Round 2": [["Stół", "Who", "Osady"], [1, "Anna", 2]]},
    )  # no Player header
    result = run(event, copy)
    assert result.exit_code == 1
    assert result.output.splitlines()[:2] == [
        say("en", "merge_copy", copy="judge.xlsx", taken=25, already=0, conflicts=0),
        say("en", "merge_skipped", sheet="Round 2", message=Problem("no-header-row", "Round 2").message),
    ]
    assert cells(event)[1:5] == ROUND[:4]


def test_an_empty_round_sheet_the_event_also_has_empty_is_no_loss(tmp_path: Path) -> None:
    event = write_workbook(tmp_path / "event.xlsx", {"Round 1": [HEADERS, *seated(ROUND)], "Round 2": []})
    copy = write_workbook(tmp_path / "judge.xlsx", {"Round 1": [HEADERS, *ROUND[:4]], "Round 2": []})
    assert run(event, copy).exit_code == 0
    assert cells(event)[1:5] == ROUND[:4]


def test_an_event_round_sheet_that_cannot_be_read_refuses_the_merge(tmp_path: Path) -> None:
    event = write_workbook(tmp_path / "event.xlsx", {"Round 1": [[*HEADERS, "Knights"], *seated(ROUND)]})
    before = event.read_bytes()
    result = run(event, judge_a(tmp_path))
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1 and "'Round 1'" in result.stderr
    assert event.read_bytes() == before


@pytest.mark.parametrize("change", ["stranger", "extra table", "extra round", "empty copy"])
def test_a_copy_of_another_event_is_refused_and_the_event_unchanged(tmp_path: Path, change: str) -> None:
    event = make_event(tmp_path)
    before = event.read_bytes()
    good = judge_a(tmp_path)
    if change == "stranger":
        bad = write_workbook(tmp_path / "other.xlsx", {"Round 1": [HEADERS, [1, "Zed", 2, 0, 0, 0, 2, 1]]})
    elif change == "extra table":
        bad = write_workbook(tmp_path / "other.xlsx", {"Round 1": [HEADERS, [7, "Anna", 2, 0, 0, 0, 2, 1]]})
    elif change == "extra round":
        bad = write_workbook(tmp_path / "other.xlsx", {"Round 1": [HEADERS, *ROUND], "Round 2": [HEADERS, *ROUND]})
    else:
        bad = write_workbook(tmp_path / "other.xlsx", {"Round 1": [HEADERS]})
    result = run(event, good, bad)
    assert result.exit_code == 2
    assert result.stdout == "" and len(result.stderr.strip().splitlines()) == 1 and "other.xlsx" in result.stderr
    assert event.read_bytes() == before
    assert not (tmp_path / "event.backup.xlsx").exists()


def test_a_player_twice_in_a_copy_is_refused(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    bad = write_workbook(tmp_path / "judge.xlsx", {"Round 1": [HEADERS, ROUND[0], ROUND[0]]})
    result = run(event, bad)
    assert result.exit_code == 2 and "Anna" in result.stderr and "2, 3" in result.stderr


def test_rerunning_the_same_merge_changes_nothing(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    copies = [judge_a(tmp_path), judge_b(tmp_path)]
    assert run(event, *copies).exit_code == 0
    merged = event.read_bytes()
    backup = (tmp_path / "event.backup.xlsx").read_bytes()
    again = merge_workbooks(event, copies)
    assert again.edits == {} and again.conflicts == []
    assert [(c.taken, c.already) for c in again.copies] == [(0, 25), (0, 25)]
    assert event.read_bytes() == merged and (tmp_path / "event.backup.xlsx").read_bytes() == backup


def test_dry_run_says_the_same_and_writes_nothing(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    before = event.read_bytes()
    copies = [judge_a(tmp_path), judge_b(tmp_path)]
    dry = run(event, *copies, "--dry-run")
    assert dry.exit_code == 0
    assert event.read_bytes() == before and not (tmp_path / "event.backup.xlsx").exists()
    real = run(event, *copies)
    assert dry.output.splitlines()[:2] == real.output.splitlines()[:2]
    assert dry.output.splitlines()[2] == say(
        "en", "merge_dry_run", cells=count("en", "cells_would_be_written", 50), event="event.xlsx"
    )


def test_lang_prints_in_that_language(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    result = run(event, judge_a(tmp_path), "--lang", "pl", "--dry-run")
    assert result.output.splitlines()[0] == say(
        "pl", "merge_copy", copy="judge_a.xlsx", taken=25, already=0, conflicts=0
    )
    assert say("pl", "merge_copy", copy="x", taken=1, already=2, conflicts=3) != say(
        "en", "merge_copy", copy="x", taken=1, already=2, conflicts=3
    )


@pytest.mark.parametrize("command", ["merge", "split"])
def test_a_missing_file_is_told_before_the_heavy_imports(import_probe: dict, command: str) -> None:
    """`merge MISSING MISSING` and `split MISSING --round 1 --tables 1-4`, in a fresh process (tests/import_probe.py)."""
    step = import_probe[f"{command} missing"]
    assert step["exit"] == 2 and step["output"].endswith("missing.xlsx: no such file\n"), step["output"]
    assert {"pandas", "pandera", "openpyxl"} & set(step["modules"]) == set()


def test_the_events_settings_language_is_the_default(tmp_path: Path) -> None:
    event = write_workbook(
        tmp_path / "event.xlsx", {"Round 1": [HEADERS, *seated(ROUND)], "Settings": [["Language", "fr"]]}
    )
    result = run(event, judge_a(tmp_path), "--dry-run")
    assert result.output.splitlines()[0] == say(
        "fr", "merge_copy", copy="judge_a.xlsx", taken=25, already=0, conflicts=0
    )
    assert (
        run(event, judge_a(tmp_path), "--dry-run", "--lang", "en")
        .output.splitlines()[0]
        .startswith("judge_a.xlsx: taken 25")
    )


@office_job("merge_copies", "xlsx")
def _judges_copies(folder: Path, batch: Batch) -> list[Path]:
    """Two judges' copies, for LibreOffice to save again."""
    return [judge_a(folder), judge_b(folder)]


def test_a_copy_re_saved_by_libreoffice_merges(office: Batch, tmp_path: Path) -> None:
    event = make_event(tmp_path)
    resaved = [office.outputs("merge_copies") / c.name for c in office.sources("merge_copies")]
    assert all(p.is_file() for p in resaved), "LibreOffice did not write the copies"
    resaved = [Path(shutil.copy(p, tmp_path)) for p in resaved]  # the batch's files stay as LibreOffice wrote them
    result = run(event, *resaved)
    assert result.exit_code == 0, result.output
    assert cells(event) == [HEADERS, *ROUND]


def test_taken_cells_keep_the_events_formats(tmp_path: Path) -> None:
    from openpyxl.styles import Font, PatternFill

    event = make_event(tmp_path)
    book = openpyxl.load_workbook(event)
    sheet = book["Round 1"]
    sheet["C2"].fill = PatternFill("solid", fgColor="FFFF00")  # the organiser's yellow on Anna's Settlements
    sheet["D2"].font = Font(bold=True)  # D3 (Ben's Cities) has no style of its own: it takes its neighbour's above
    book.save(event)
    merge_workbooks(event, [judge_a(tmp_path)])
    sheet = openpyxl.load_workbook(event)["Round 1"]
    assert (sheet["C2"].value, sheet["C2"].fill.fgColor.rgb) == (2, "00FFFF00")
    assert (sheet["D3"].value, sheet["D3"].font.bold) == (2, True)


# ------------------------------------------------------------------ split: a judge's copy


def split(*args: Any) -> Any:
    return CliRunner().invoke(main, ["split", *(str(a) for a in args)])


def test_split_writes_a_copy_holding_only_the_judges_tables(tmp_path: Path) -> None:
    event = write_workbook(
        tmp_path / "event.xlsx",
        {"Round 1": [HEADERS, *ROUND], "Round 2": [HEADERS, *ROUND[:4], *seated(ROUND[4:])], "Notes": NOTES},
    )
    before = event.read_bytes()
    result = split(event, "--round", 2, "--tables", "2")
    assert result.exit_code == 0, result.output
    copy = tmp_path / "event.round2.tables2.xlsx"
    empty = [[None] * len(HEADERS)]
    assert cells(copy, "Round 2") == [HEADERS, *empty * 4, *seated(ROUND[4:])]
    assert cells(copy, "Round 1") == [
        HEADERS,
        *empty * 8,
    ]  # the other round: nothing to fill, nothing to come back stale
    assert [list(r) for r in openpyxl.load_workbook(copy)["Notes"].iter_rows(values_only=True)] == NOTES
    assert event.read_bytes() == before and not (tmp_path / "event.backup.xlsx").exists()
    # one table is "table 2"; two or more are "tables 1-2"
    assert result.output.strip() == (
        f"wrote {copy}: 'Round 2' holds table 2 (4 players); the other tables and rounds are emptied"
    )
    both = split(event, "--round", 2, "--tables", "1-2", "--lang", "fr")
    assert "« Round 2 » contient les tables 1-2 (8 joueurs)" in both.output.replace("\u202f", " ")
    one = split(event, "--round", 2, "--tables", "1", "--lang", "fr")
    assert "« Round 2 » contient la table 1 (4 joueurs)" in one.output.replace("\u202f", " ")


def test_split_copies_filled_by_two_judges_merge_into_the_full_round(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    copies = []
    for tables, rows in (("1", ROUND[:4]), ("2", ROUND[4:])):
        assert split(event, "--round", 1, "--tables", tables, "-o", tmp_path / f"room{tables}.xlsx").exit_code == 0
        book = openpyxl.load_workbook(tmp_path / f"room{tables}.xlsx")
        sheet = book["Round 1"]
        for excel_row in range(2, 10):  # the judge fills the rows of their players
            match = [r for r in rows if r[1] == sheet.cell(excel_row, 2).value]
            for column, value in enumerate(match[0] if match else [], start=1):
                sheet.cell(excel_row, column, value)
        book.save(tmp_path / f"room{tables}.xlsx")
        copies.append(tmp_path / f"room{tables}.xlsx")
    result = run(event, *copies)
    assert result.exit_code == 0, result.output
    assert cells(event) == [HEADERS, *ROUND]


def test_split_empties_a_merged_table_cell_at_its_top_left(tmp_path: Path) -> None:
    event = make_event(tmp_path, [[r[0] if i in (0, 4) else None, *r[1:]] for i, r in enumerate(seated(ROUND))])
    book = openpyxl.load_workbook(event)
    book["Round 1"].merge_cells("A2:A5")
    book["Round 1"].merge_cells("A6:A9")
    book.save(event)
    assert split(event, "--round", 1, "--tables", "2", "-o", tmp_path / "room.xlsx").exit_code == 0
    copy = openpyxl.load_workbook(tmp_path / "room.xlsx")["Round 1"]
    assert [copy.cell(r, 1).value for r in range(2, 10)] == [None] * 4 + [2, None, None, None]
    assert [copy.cell(r, 2).value for r in range(2, 10)] == [None] * 4 + ["Eva", "Filip", "Gosia", "Hugo"]


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["--round", 1, "--tables", "4-1"], 2),  # not a range
        (["--round", 1, "--tables", "0"], 2),
        (["--round", 1, "--tables", "1-100000000"], 2),
        (["--round", 3, "--tables", "1"], 2),  # no such round
        (["--round", 1, "--tables", "5-6"], 2),  # none of these tables
        (["--round", 1, "--tables", "2-3"], 0),  # table 3 missing: said, the copy still written
    ],
)
def test_split_misuse_is_one_line_and_writes_nothing(tmp_path: Path, args: list[Any], code: int) -> None:
    event = make_event(tmp_path)
    before = event.read_bytes()
    result = split(event, *args, "-o", tmp_path / "room.xlsx")
    assert result.exit_code == code, result.output
    assert (tmp_path / "room.xlsx").exists() == (code == 0)
    if code == 0:
        assert result.output.splitlines()[0] == say("en", "split_missing", sheet="Round 1", tables="3")
    assert event.read_bytes() == before


def test_split_never_writes_over_the_event(tmp_path: Path) -> None:
    event = make_event(tmp_path, ROUND)
    before = event.read_bytes()
    result = split(event, "--round", 1, "--tables", "1", "-o", event)
    assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1
    assert event.read_bytes() == before


@pytest.mark.parametrize(
    ("spec", "tables"), [("1-4", {1, 2, 3, 4}), ("1, 3,5-7", {1, 3, 5, 6, 7}), ("2", {2}), ("2–3", {2, 3})]
)
def test_tables_are_read_as_an_organiser_writes_them(spec: str, tables: set[int]) -> None:
    from sheet_scorer.merge.split import parse_tables, tables_text

    assert parse_tables(spec) == tables
    assert parse_tables(tables_text(sorted(tables))) == tables


def test_a_name_the_judge_retyped_with_other_case_or_accents_is_still_found(tmp_path: Path) -> None:
    rows = seated(ROUND)
    rows[0][1] = "Łucja"  # Anna's seat, in the event spelt with its accent
    event = make_event(tmp_path, rows)
    copy_rows = [list(r) for r in ROUND[:4]]
    copy_rows[0][1], copy_rows[1][1] = "lucja", "  BEN "
    copy = write_workbook(tmp_path / "judge.xlsx", {"Round 1": [HEADERS, *copy_rows]})
    plan = merge_workbooks(event, [copy])
    assert plan.conflicts == [] and plan.copies[0].taken == 25
    assert cells(event)[1] == [1, "Łucja", *ROUND[0][2:]]  # the event's spelling stays


def test_two_players_spelt_alike_are_matched_by_their_exact_names_only(tmp_path: Path) -> None:
    rows = seated(ROUND)
    rows[0][1], rows[1][1] = "Jan Nowak", "Jan Nowák"
    event = make_event(tmp_path, rows)
    exact = write_workbook(tmp_path / "exact.xlsx", {"Round 1": [HEADERS, [1, "Jan Nowák", 3, 2, 0, 1, 9, 6]]})
    plan = merge_workbooks(event, [exact], dry_run=True)
    assert [e.cell for e in plan.edits["Round 1"]] == ["C3", "D3", "E3", "F3", "G3", "H3"]
    vague = write_workbook(tmp_path / "vague.xlsx", {"Round 1": [HEADERS, [1, "JAN NOWAK", 3, 2, 0, 1, 9, 6]]})
    assert run(event, vague).exit_code == 2


def test_split_of_tables_the_round_lacks_says_table_or_tables_as_asked(tmp_path: Path) -> None:
    """One table asked for and not there: 'has no table 9'; several: 'has none of the tables 5-6' (each in one line)."""
    event = make_event(tmp_path)
    one = split(event, "--round", 1, "--tables", "9", "-o", tmp_path / "a.xlsx")
    assert one.exit_code == 2 and one.output == "Error: 'Round 1' has no table 9; nothing written\n", one.output
    two = split(event, "--round", 1, "--tables", "5-6", "--lang", "pt", "-o", tmp_path / "b.xlsx")
    assert two.exit_code == 2 and two.output == "Erro: “Round 1” não tem nenhuma das mesas 5-6; nada foi gravado\n", (
        two.output
    )


def test_a_judges_copy_leaves_out_the_tools_own_sheets_and_the_merge_brings_them_back(tmp_path: Path) -> None:
    """The scored copy's Standings and Problems would be stale in a judge's copy: left out (docs/rules.md §5); the
    copy is named for the event (no ".scored"); the organiser's own sheets stay; merged back, the event keeps its
    Standings and the next score rewrites them."""
    event = write_workbook(
        tmp_path / "open_lyon.xlsx",
        {
            "Round 1": [HEADERS, *ROUND],
            "Round 2": [HEADERS, *seated(ROUND)],
            "Notes": NOTES,
            "Classement": [["my own ranking"], ["Anna", 1]],  # named like a tool's sheet in French, but the organiser's
        },
    )
    assert run_command("score", event).exit_code == 0
    scored = tmp_path / "open_lyon.scored.xlsx"
    book = openpyxl.load_workbook(scored)
    assert {"Standings", "Problems", "Classement"} <= set(book.sheetnames)  # round 2 not reported: warnings
    book.active = book.sheetnames.index("Standings")  # the organiser last looked at the standings
    book.create_sheet("Printed")  # a sheet of the organiser's after the tool's, with a print area of its own
    book["Printed"].append(["kept"])
    book["Printed"].print_area = "A1:B2"
    book.save(scored)
    result = split(scored, "--round", 2, "--tables", "1")
    assert result.exit_code == 0, result.output
    copy = tmp_path / "open_lyon.round2.tables1.xlsx"
    assert copy.is_file() and not (tmp_path / "open_lyon.scored.round2.tables1.xlsx").exists()
    judged = openpyxl.load_workbook(copy)
    assert judged.sheetnames == ["Round 1", "Round 2", "Notes", "Classement", "Printed"]
    assert judged.active.title == "Round 1"  # the first visible sheet, where the Standings were shown
    assert judged["Printed"].print_area == "'Printed'!$A$1:$B$2"  # its sheet-local name follows it
    assert [list(r) for r in judged["Classement"].iter_rows(values_only=True)] == [
        ["my own ranking", None],
        ["Anna", 1],
    ]
    # the judge fills table 1; the merge takes it back and the scored copy still has its Standings
    sheet = judged["Round 2"]
    for excel_row in range(2, 6):
        row = next(r for r in ROUND if r[1] == sheet.cell(excel_row, 2).value)
        for column, value in enumerate(row, start=1):
            sheet.cell(excel_row, column, value)
    judged.save(copy)
    merged = run(scored, copy)
    assert merged.exit_code == 0, merged.output
    assert "Standings" in openpyxl.load_workbook(scored).sheetnames
    assert cells(scored, "Round 2")[1:5] == ROUND[:4]
    again = run_command("score", scored)
    standings = list(openpyxl.load_workbook(scored)["Standings"].iter_rows(min_row=2, values_only=True))
    assert again.exit_code == 0  # table 2 of round 2 is seated, not played: a warning
    assert {r[1]: r[-1] for r in standings if r[1]}["Anna"] == 5  # her round-2 win, counted once merged


def test_a_split_of_an_event_never_scored_has_nothing_to_leave_out(tmp_path: Path) -> None:
    event = make_event(tmp_path)
    assert split(event, "--round", 1, "--tables", "1").exit_code == 0
    assert openpyxl.load_workbook(tmp_path / "event.round1.tables1.xlsx").sheetnames == ["Round 1", "Notes"]
