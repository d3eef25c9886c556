"""No edit is ever thrown away (docs/rules.md §5): every file the tool writes records the fingerprint of
the organiser's cells; a file edited since is not replaced from another source, and EVENT.xlsx is not used
while EVENT.scored.xlsx is the working copy, unless --force (which keeps the replaced file as NAME.backup.xlsx)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import HEADERS, run, write_workbook
from merge_books import ROUND, seated

from sheet_scorer.i18n.terminal import say
from sheet_scorer.workbook.fingerprint import Fingerprint
from sheet_scorer.workbook.read import read_workbook
from sheet_scorer.workbook.record import package_seal, read_record
from sheet_scorer.xlsx.reader import SheetCells


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An event scored once: event.xlsx and its scored copy (both valid; 8 players, two tables)."""
    folder = tmp_path_factory.mktemp("scored")
    event = write_workbook(folder / "event.xlsx", {"Round 1": [HEADERS, *ROUND], "Notes": [["Venue", "Club house"]]})
    assert run("score", event).exit_code == 0
    return folder


@pytest.fixture
def day(scored: Path, tmp_path: Path) -> Path:
    for name in ("event.xlsx", "event.scored.xlsx"):
        shutil.copy2(scored / name, tmp_path / name)
    return tmp_path


def _edit(path: Path, sheet: str, cell: str, value: Any) -> None:
    """A hand edit, saved by another program (openpyxl: every part rewritten, as Excel does)."""
    book = openpyxl.load_workbook(path)
    book[sheet][cell] = value
    book.save(path)


def test_every_file_written_records_the_fingerprint_of_what_it_holds(scored: Path) -> None:
    event, copy = scored / "event.xlsx", scored / "event.scored.xlsx"
    record = read_record(copy)
    assert record is not None and record.origin == "event.xlsx"
    # the computed columns, the Standings sheet and the marks are the tool's: the fingerprints agree
    assert record.fingerprint == read_workbook(event).fingerprint == read_workbook(copy).fingerprint
    assert read_record(event) is None  # written by another program: no record
    assert record.seal == package_seal(copy)  # the package as written: a later run need not read its cells again


def test_a_hand_corrected_scored_copy_is_not_replaced(day: Path) -> None:
    copy = day / "event.scored.xlsx"
    _edit(copy, "Round 1", "D3", 3)  # a correction typed in the scored copy
    before = copy.read_bytes()
    result = run("score", day / "event.xlsx")
    assert result.exit_code == 2
    line = result.output.strip()
    assert "\n" not in line and "event.scored.xlsx" in line and "--force" in line
    assert line == "Error: " + say(
        "en",
        "edited_since",
        target=copy,
        source="event.xlsx",
        command="score",
        name="event.scored.xlsx",
        backup="event.scored.backup.xlsx",
    )
    assert copy.read_bytes() == before and not (day / "event.scored.backup.xlsx").exists()


def test_with_force_the_hand_edit_is_kept_in_the_backup(day: Path) -> None:
    copy = day / "event.scored.xlsx"
    _edit(copy, "Round 1", "D3", 3)
    result = run("score", day / "event.xlsx", "--force")
    assert result.exit_code == 0, result.output
    assert openpyxl.load_workbook(day / "event.scored.backup.xlsx")["Round 1"]["D3"].value == 3
    assert openpyxl.load_workbook(copy)["Round 1"]["D3"].value == 2  # from event.xlsx


def test_an_edit_in_an_organisers_own_sheet_counts_too(day: Path) -> None:
    _edit(day / "event.scored.xlsx", "Notes", "B1", "Town hall")
    assert run("score", day / "event.xlsx").exit_code == 2


def test_editing_the_event_and_scoring_it_again_replaces_the_copy(day: Path) -> None:
    """Valid: the scored copy was not edited; its cells are an earlier version of event.xlsx's."""
    _edit(day / "event.xlsx", "Notes", "B1", "Town hall")
    result = run("score", day / "event.xlsx")
    assert result.exit_code == 0, result.output
    assert openpyxl.load_workbook(day / "event.scored.xlsx")["Notes"]["B1"].value == "Town hall"


def test_opening_and_saving_the_scored_copy_without_an_edit_loses_nothing(day: Path) -> None:
    _edit(day / "event.scored.xlsx", "Notes", "B1", "Club house")  # the same value: saved by another program, no edit
    assert run("score", day / "event.xlsx").exit_code == 0


def test_a_copy_corrected_and_rescored_is_still_not_replaced_from_the_event(day: Path) -> None:
    copy = day / "event.scored.xlsx"
    _edit(copy, "Round 1", "D3", 3)
    assert run("score", copy).exit_code in (0, 1)  # the organiser carries on in the scored copy
    assert read_record(copy).origin == "event.scored.xlsx"
    before = copy.read_bytes()
    assert run("score", day / "event.xlsx").exit_code == 2
    assert copy.read_bytes() == before


@pytest.mark.parametrize(
    "command", [["seat"], ["playoffs"], ["split", "--round", "1", "--tables", "1"], ["merge", "JUDGE"]]
)
def test_the_event_is_not_used_while_the_scored_copy_is_the_working_copy(day: Path, command: list[str]) -> None:
    _edit(day / "event.scored.xlsx", "Round 1", "D3", 3)
    judge = write_workbook(day / "judge.xlsx", {"Round 1": [HEADERS, *ROUND]})
    event = day / "event.xlsx"
    before = event.read_bytes()
    args = [command[0], event, *(judge if a == "JUDGE" else a for a in command[1:])]
    result = run(*args)
    assert result.exit_code == 2
    assert result.output.strip() == "Error: " + say(
        "en", "working_copy", path=event, copy="event.scored.xlsx", name="event.xlsx", command=command[0]
    )
    assert event.read_bytes() == before and sorted(p.name for p in day.iterdir()) == [
        "event.scored.xlsx",
        "event.xlsx",
        "judge.xlsx",
    ]


def test_seat_with_force_uses_the_event_anyway(day: Path) -> None:
    _edit(day / "event.scored.xlsx", "Round 1", "D3", 3)
    result = run("seat", day / "event.xlsx", "--force")
    assert result.exit_code == 0, result.output
    assert "Round 2" in openpyxl.load_workbook(day / "event.xlsx").sheetnames


def test_seat_writes_a_record_whose_origin_is_the_event_itself(day: Path) -> None:
    assert run("seat", day / "event.xlsx").exit_code == 0
    record = read_record(day / "event.xlsx")
    assert record.origin == "event.xlsx" and record.fingerprint == read_workbook(day / "event.xlsx").fingerprint
    # the scored copy was not edited: scoring the seated event replaces it
    assert run("score", day / "event.xlsx").exit_code in (0, 1)


def test_a_judges_copy_filled_in_is_not_replaced_by_a_new_split(day: Path) -> None:
    event = write_workbook(day / "fresh.xlsx", {"Round 1": [HEADERS, *seated(ROUND)]})
    first = run("split", event, "--round", "1", "--tables", "1")
    assert first.exit_code == 0, first.output
    copy = day / "fresh.round1.tables1.xlsx"
    assert run("split", event, "--round", "1", "--tables", "1").exit_code == 0  # unedited: replaced
    _edit(copy, "Round 1", "C2", 2)  # the judge typed a count
    before = copy.read_bytes()
    again = run("split", event, "--round", "1", "--tables", "1")
    assert again.exit_code == 2 and copy.read_bytes() == before
    assert again.output.strip() == "Error: " + say(
        "en", "edited_copy", target=copy, source="fresh.xlsx", name=copy.name, backup="fresh.round1.tables1.backup.xlsx"
    )
    forced = run("split", event, "--round", "1", "--tables", "1", "--force")
    assert forced.exit_code == 0
    assert openpyxl.load_workbook(day / "fresh.round1.tables1.backup.xlsx")["Round 1"]["C2"].value == 2


def _cells(rows: dict[int, dict[int, Any]], formulas: dict[tuple[int, int], str] | None = None) -> SheetCells:
    return SheetCells(rows=rows, formulas=formulas or {})


def test_a_formula_counts_by_its_text_not_its_saved_value() -> None:
    def digest(value: Any, formula: str) -> str:
        found = Fingerprint()
        found.add("Prizes", _cells({1: {1: "Winner", 2: value}}, {(2, 1): formula}))  # B1, keyed (column, row)
        return found.hexdigest()

    assert digest(10.0, "Standings!C2") == digest(12.0, "Standings!C2")  # recalculated on open: no edit
    assert digest(10.0, "Standings!C2") != digest(10.0, "Standings!C3")  # the formula changed: an edit


def test_the_tools_sheets_and_columns_do_not_count_but_every_other_cell_does() -> None:
    def digest(sheets: dict[str, dict[int, dict[int, Any]]], skip: frozenset[int] = frozenset()) -> str:
        found = Fingerprint()
        for name, rows in sheets.items():
            found.add(name, _cells(rows), skip, 1)
        return found.hexdigest()

    base = {"Round 1": {1: {1: "Table", 2: "Player", 3: "VP"}, 2: {1: 1.0, 2: "Ala", 3: 10.0}}}
    assert digest(base, frozenset({3})) == digest({**base, "Standings": {1: {1: "Rank"}}}, frozenset({3}))
    assert digest(base, frozenset({3})) == digest(
        {"Round 1": {**base["Round 1"], 2: {1: 1.0, 2: "Ala", 3: 9.0}}}, frozenset({3})
    )
    assert digest(base) != digest({"Round 1": {**base["Round 1"], 2: {1: 1.0, 2: "Ala", 3: 9.0}}})
    assert digest(base) != digest({**base, "Conflicts": {2: {8: "x"}}})  # marking a conflict resolved is an edit


def test_a_copy_written_from_another_event_and_never_edited_is_replaced(day: Path) -> None:
    """Valid: out.xlsx was written by `score` from event.xlsx and never edited: it carries no edit of its own, so
    scoring other.xlsx into it loses nothing (its cells are event.xlsx's) and is not refused."""
    other = write_workbook(day / "other.xlsx", {"Round 1": [HEADERS, *ROUND[:4]]})
    out = day / "out.xlsx"
    assert run("score", day / "event.xlsx", "-o", out).exit_code == 0
    assert read_record(out).origin == "event.xlsx"
    result = run("score", other, "-o", out)
    assert result.exit_code == 0, result.output
    assert read_record(out).origin == "other.xlsx"
    assert read_record(out).fingerprint == read_workbook(other).fingerprint
    assert (day / "out.backup.xlsx").is_file()  # the version replaced is kept all the same


def test_a_copy_written_from_another_event_and_edited_is_still_refused(day: Path) -> None:
    """Invalid: the same copy with a hand edit holds an edit other.xlsx does not have."""
    other = write_workbook(day / "other.xlsx", {"Round 1": [HEADERS, *ROUND[:4]]})
    out = day / "out.xlsx"
    assert run("score", day / "event.xlsx", "-o", out).exit_code == 0
    _edit(out, "Round 1", "D3", 3)
    before = out.read_bytes()
    result = run("score", other, "-o", out)
    assert result.exit_code == 2 and "out.xlsx" in result.output and "other.xlsx" in result.output
    assert out.read_bytes() == before


def test_a_copy_carried_on_by_seat_is_not_replaced_from_another_event(day: Path) -> None:
    """Invalid: seated in place, out.xlsx holds a round of its own (its record's origin is itself), which neither
    event.xlsx nor other.xlsx has: replacing it would lose the seating."""
    other = write_workbook(day / "other.xlsx", {"Round 1": [HEADERS, *ROUND[:4]]})
    out = day / "out.xlsx"
    assert run("score", day / "event.xlsx", "-o", out).exit_code == 0
    assert run("seat", out).exit_code == 0
    assert read_record(out).origin == "out.xlsx" and "Round 2" in openpyxl.load_workbook(out).sheetnames
    before = out.read_bytes()
    assert run("score", other, "-o", out).exit_code == 2
    assert out.read_bytes() == before
