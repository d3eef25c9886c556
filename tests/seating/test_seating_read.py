"""The event helpers read workbooks with the project's streaming reader (`xlsx.reader`), under its limits:
the players list (.xlsx), the hidden `Seating Plan` sheet and a round sheet's header (docs/rules.md §1, §6)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import read_plan, read_players

from sheet_scorer.model import Registration, WorkbookError
from sheet_scorer.workbook.read import open_event
from sheet_scorer.workbook.seating_plan import PLAN_SHEET, header_of
from sheet_scorer.xlsx import reader as xlsx

DOCTYPE = b'<!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]>'


def _save(path: Path, sheets: dict[str, list[list[object]]], merged: dict[str, str] | None = None) -> Path:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
        if merged and name in merged:
            sheet.merge_cells(merged[name])
    book.save(path)
    return path


def _with_doctype(path: Path, part: str) -> Path:
    """The same package with a DOCTYPE declaring an external entity at the top of `part`."""
    with zipfile.ZipFile(path) as archive:
        parts = {n: archive.read(n) for n in archive.namelist()}
    parts[part] = DOCTYPE + parts[part].split(b"?>", 1)[-1]
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


def test_a_players_workbook_gives_names_clubs_and_active_from_its_first_sheet(tmp_path: Path) -> None:
    path = _save(
        tmp_path / "list.xlsx",
        {
            "List": [
                ["Name", "Team", "Active"],
                ["  Ala  Kot ", "X", "yes"],
                [None],
                ["Bob", 12, "no"],
                ["#N/A"],
                ['=A2&"x"'],
                ["Cyd"],
            ],
            "Other": [["Zed"]],
        },
    )
    # An error value and a formula without a saved value are no names; a number club reads as saved (12.0).
    assert read_players(path)[0] == [
        Registration("Ala Kot", "X", True),
        Registration("Bob", "12.0", False),
        Registration("Cyd", "", True),
    ]


@pytest.mark.parametrize("part", ["xl/worksheets/sheet1.xml", "xl/workbook.xml"])
def test_a_players_workbook_declaring_a_doctype_is_refused_in_one_line(tmp_path: Path, part: str) -> None:
    path = _with_doctype(_save(tmp_path / "list.xlsx", {"List": [["Ala"], ["Bob"]]}), part)
    with pytest.raises(WorkbookError, match="DOCTYPE") as refused:
        read_players(path)[0]
    assert "\n" not in str(refused.value) and str(path) in str(refused.value)


def test_a_players_workbook_past_the_cell_budget_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(xlsx, "MAX_CELLS", 5)
    path = _save(tmp_path / "list.xlsx", {"List": [[f"P{i}"] for i in range(7)]})
    with pytest.raises(WorkbookError, match="filled cells"):
        read_players(path)[0]


@pytest.mark.parametrize(
    "content, words",
    [(b"not a zip", "not an Excel workbook"), (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 8, "legacy .xls")],
)
def test_a_players_file_that_is_no_workbook_is_refused_in_one_line(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "list.xlsx"
    path.write_bytes(content)
    with pytest.raises(WorkbookError, match=words):
        read_players(path)[0]


def test_the_plan_sheet_reads_back_tables_in_seat_order_and_byes(tmp_path: Path) -> None:
    path = _save(
        tmp_path / "event.xlsx",
        {
            "Round 1": [["Table", "Player"]],
            PLAN_SHEET: [
                ["Round", "Table", "Seat", "Player"],
                [2, 2, 2, "Dan"],
                [2, 1, 2, "Bob"],
                [2, 1, 1, " Ala "],
                [2, 2, 1, "Cyd"],
                [2, "bye", None, "Eve"],
                [3, 1, 1, "Ala"],
                [3, "BYE"],
                [3, 1, 2, "#N/A"],
                ["x", 1, 1, "Zed"],
            ],
        },
    )
    assert read_plan(path) == {2: ([["Ala", "Bob"], ["Cyd", "Dan"]], ["Eve"]), 3: ([["Ala"]], [])}


def test_no_plan_sheet_is_no_plan_and_a_hostile_one_is_refused(tmp_path: Path) -> None:
    assert read_plan(_save(tmp_path / "plain.xlsx", {"Round 1": [["Table", "Player"]]})) == {}
    path = _save(
        tmp_path / "event.xlsx", {"Round 1": [["Table", "Player"]], PLAN_SHEET: [["Round", "Table", "Seat", "Player"]]}
    )
    with pytest.raises(WorkbookError, match="DOCTYPE"):
        read_plan(_with_doctype(path, "xl/worksheets/sheet2.xml"))


def test_a_file_that_is_no_workbook_has_no_plan_read_but_is_refused(tmp_path: Path) -> None:
    """The plan is read from the one opening that checks the package (`container.open_package`)."""
    text = tmp_path / "event.xlsx"
    text.write_text("Round 1\n", encoding="utf-8")
    with pytest.raises(WorkbookError) as refused:
        read_plan(text)
    assert refused.value.key == "not_a_workbook"
    with pytest.raises(WorkbookError) as missing:
        read_plan(tmp_path / "gone.xlsx")
    assert missing.value.key == "no_such_file"


def test_the_header_is_read_as_written_up_to_the_last_column(tmp_path: Path) -> None:
    rows = [
        ["Spring cup"],
        [None],
        [None, "Table", "Seat", "Player", "#N/A", "Cities", None, "  ", "Notes"],
        [None, 1, 1, "Ala", None, None, None, None, None, "late"],
    ]
    path = _save(tmp_path / "event.xlsx", {"Round 1": rows}, merged={"Round 1": "F3:G3"})
    with open_event(path) as event:  # the one read of a command; `EventRead.header` takes its cells this way
        values = event.values("Round 1") or []
    # A merged header's value stays in its first cell; an error value and a blank text read as empty.
    assert header_of(values, 3, 9) == [None, "Table", "Seat", "Player", None, "Cities", None, None, "Notes"]
    assert header_of(values, 3, 4) == [None, "Table", "Seat", "Player"]
    # Up to the last column used in the sheet (J, in row 4), not past it.
    assert header_of(values, 3, 12) == [None, "Table", "Seat", "Player", None, "Cities", None, None, "Notes", None]
    assert header_of(values, 9, 4) == []
