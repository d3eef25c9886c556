"""Merge conflicts stay until resolved (docs/rules.md §5): the event keeps its value, the cell is marked,
the Conflicts sheet lists it once, and `score` reports it as an error at its cell until the row is marked Resolved."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner
from helpers import HEADERS, write_workbook
from merge_books import ROUND, seated

from sheet_scorer.api import check_workbook, score_workbook
from sheet_scorer.cli.main import main
from sheet_scorer.i18n.terminal import count, say

EXPECTED_ROW = ["Round 1", "D3", "Ben", 1, "event.xlsx", 2, "judge.xlsx", None]


def _event(folder: Path, sheet: str = "Round 1", headers: list[str] = HEADERS) -> Path:
    rows = seated(ROUND)
    rows[1][3] = 1  # Ben's Cities already typed in the event: 1; the judge's copy says 2 (ROUND's, the right count)
    return write_workbook(folder / "event.xlsx", {sheet: [headers, *rows], "Notes": [["Venue", "Club house"]]})


def _merge(*args: Any) -> Any:
    return CliRunner().invoke(main, ["merge", *(str(a) for a in args)])


@pytest.fixture(scope="module")
def merged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    folder = tmp_path_factory.mktemp("conflict")
    event = _event(folder)
    judge = write_workbook(folder / "judge.xlsx", {"Round 1": [HEADERS, *ROUND]})
    return event, _merge(event, judge)


def _conflict_rows(path: Path, sheet: str = "Conflicts") -> list[list[Any]]:
    return [list(r) for r in openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True)]


def test_the_conflict_is_listed_with_both_values_and_files(merged: tuple[Path, Any]) -> None:
    event, result = merged
    assert result.exit_code == 1, result.output
    assert (
        "1 conflict kept in the event: marked at its cell and listed in the sheet 'Conflicts'; type the agreed value, "
        "then mark the row in the 'Resolved' column"
    ) in result.output
    rows = _conflict_rows(event)
    assert rows == [["Sheet", "Cell", "Player", "Value", "File", "Other value", "Other file", "Resolved"], EXPECTED_ROW]


def test_the_cell_keeps_the_events_value_and_is_marked(merged: tuple[Path, Any]) -> None:
    event, _ = merged
    sheet = openpyxl.load_workbook(event)["Round 1"]
    assert sheet["D3"].value == 1 and sheet["D2"].value == 3  # kept; the rest of the copy taken
    note = sheet["D3"].comment.text
    assert all(word in note for word in ("1", "2", "event.xlsx", "judge.xlsx", "Conflicts"))
    with zipfile.ZipFile(event) as archive:
        xml = archive.read("xl/worksheets/sheet1.xml").decode()
    assert 'sqref="D3"' in xml and "sheet-scorer" in xml  # the tool's fill


def test_score_reports_the_unresolved_conflict_and_leaves_its_table_unscored(merged: tuple[Path, Any]) -> None:
    event, _ = merged
    result = check_workbook(event)
    conflicts = [p for p in result.problems if p.code == "merge-conflict"]
    assert [(p.sheet, p.cell, p.player, p.severity) for p in conflicts] == [("Round 1", "D3", "Ben", "error")]
    assert "judge.xlsx" in conflicts[0].message and "row 2 of 'Conflicts'" in conflicts[0].message
    scored = result.results.set_index("player")["scorable"]
    assert not scored[["Anna", "Ben", "Cara", "Dan"]].any() and scored[["Eva", "Filip", "Gosia", "Hugo"]].all()
    assert result.exit_code == 1


def test_re_merging_adds_no_second_row(merged: tuple[Path, Any], tmp_path: Path) -> None:
    event, _ = merged
    copy = tmp_path / "event.xlsx"
    copy.write_bytes(event.read_bytes())
    judge = write_workbook(tmp_path / "judge.xlsx", {"Round 1": [HEADERS, *ROUND]})
    again = _merge(copy, judge)
    assert again.exit_code == 1
    assert _conflict_rows(copy) == _conflict_rows(event)
    assert say("en", "merge_nothing", event="event.xlsx") in again.output


def _resolve(event: Path, target: Path, value: Any, resolved: Any) -> Path:
    book = openpyxl.load_workbook(event)
    book["Round 1"]["D3"] = value
    book["Conflicts"]["H2"] = resolved
    book.save(target)
    return target


@pytest.mark.parametrize("mark", ["tak", True])
def test_marked_resolved_the_conflict_is_gone_and_the_table_scored(
    merged: tuple[Path, Any], tmp_path: Path, mark: Any
) -> None:
    event, _ = merged
    result = check_workbook(_resolve(event, tmp_path / "resolved.xlsx", 2, mark))
    assert [p for p in result.problems if p.severity == "error"] == []
    vp = dict(zip(result.standings["player"], result.standings["vp"]))
    assert vp["Anna"] == 10 and vp["Ben"] == 9  # 3 settlements + 2 cities + Longest Road (6) = 9, by hand


@pytest.mark.parametrize("mark", [None, "maybe", "no"])
def test_not_marked_resolved_it_stays_an_error(merged: tuple[Path, Any], tmp_path: Path, mark: Any) -> None:
    event, _ = merged
    result = check_workbook(_resolve(event, tmp_path / "open.xlsx", 2, mark))
    assert [(p.code, p.cell) for p in result.problems if p.severity == "error"] == [("merge-conflict", "D3")]


def test_the_scored_copy_marks_the_conflict_and_lists_it_as_a_problem(merged: tuple[Path, Any], tmp_path: Path) -> None:
    event, _ = merged
    source = tmp_path / "e.xlsx"
    source.write_bytes(event.read_bytes())
    result = score_workbook(source)
    assert result.exit_code == 1
    book = openpyxl.load_workbook(result.output)
    assert "judge.xlsx" in book["Round 1"]["D3"].comment.text
    problems = [list(r) for r in book["Problems"].iter_rows(values_only=True)][1:]
    assert [(r[0], r[1], r[2], r[3]) for r in problems] == [("error", "Round 1", "D3", "Ben")]


def test_in_polish_the_sheet_and_its_columns_are_polish(tmp_path: Path) -> None:
    polish = [
        "Stół",
        "Gracz",
        "Osady",
        "Miasta",
        "Karty VP",
        "Rycerze",
        "Drogi",
        "Długość drogi",
        "Armia pierwsza",
        "Droga pierwsza",
        "Zgłoszone zwycięstwo",
    ]
    event = write_workbook(
        tmp_path / "event.xlsx", {"Runda 1": [polish, *[r[:] for r in seated(ROUND)]], "Ustawienia": [["Język", "pl"]]}
    )
    book = openpyxl.load_workbook(event)
    book["Runda 1"]["D3"] = 1
    book.save(event)
    judge = write_workbook(tmp_path / "judge.xlsx", {"Round 1": [HEADERS, *ROUND]})
    result = _merge(event, judge)
    assert result.exit_code == 1
    rows = _conflict_rows(event, "Konflikty")
    assert rows[0] == ["Arkusz", "Komórka", "Gracz", "Wartość", "Plik", "Druga wartość", "Drugi plik", "Rozstrzygnięty"]
    assert rows[1] == ["Runda 1", "D3", "Ben", 1, "event.xlsx", 2, "judge.xlsx", None]
    found = check_workbook(event)
    assert [(p.code, p.cell) for p in found.problems if p.severity == "error"] == [("merge-conflict", "D3")]


def test_resolved_takes_the_flag_words_of_every_language() -> None:
    from sheet_scorer.rules.conflicts import is_resolved

    assert all(is_resolved(v) for v in ["x", "X", "✓", "yes", "tak", "sim", " oui ", "true", "1", True, 1, 1.0])
    assert not any(is_resolved(v) for v in [None, "", "no", "nie", "maybe", "0", 0, 2, False])


def test_a_conflicts_row_edited_into_nonsense_is_still_an_error_never_a_crash(tmp_path: Path) -> None:
    path = write_workbook(
        tmp_path / "e.xlsx",
        {
            "Round 1": [HEADERS, *ROUND],
            "Conflicts": [
                ["Sheet", "Cell", "Player", "Value", "File", "Other value", "Other file", "Resolved"],
                ["Round 1", "zz", "Ben", 1, "a.xlsx", 2, "b.xlsx", None],
                ["Round 9", "C5", "Ala", 1, "a.xlsx", 2, "b.xlsx", None],
            ],
        },
    )
    result = score_workbook(path)
    assert {(p.sheet, p.cell) for p in result.problems if p.code == "merge-conflict"} == {
        ("Round 1", ""),
        ("Round 9", "C5"),
    }
    assert result.exit_code == 1 and result.results["scorable"].all()  # no cell named: no table left unscored


def test_re_merging_both_judges_after_the_agreed_value_is_typed_reopens_nothing(tmp_path: Path) -> None:
    # Ben's cities (D3) empty in the event; judge 1 says 2, judge 2 says 1: a conflict between the two copies
    event = write_workbook(tmp_path / "event.xlsx", {"Round 1": [HEADERS, *seated(ROUND)]})
    judge1 = write_workbook(tmp_path / "judge1.xlsx", {"Round 1": [HEADERS, *ROUND]})
    other = [list(r) for r in ROUND]
    other[1][3] = 1
    judge2 = write_workbook(tmp_path / "judge2.xlsx", {"Round 1": [HEADERS, *other]})
    assert _merge(event, judge1, judge2).exit_code == 1
    assert _conflict_rows(event)[1:] == [["Round 1", "D3", "Ben", 2, "judge1.xlsx", 1, "judge2.xlsx", None]]
    _resolve(event, event, 2, "x")  # the judges agree on 2: typed, and the row marked resolved
    assert check_workbook(event).exit_code == 0
    again = _merge(event, judge1, judge2)  # the same command once more, from the shell's history
    assert _conflict_rows(event)[1:] == [["Round 1", "D3", "Ben", 2, "judge1.xlsx", 1, "judge2.xlsx", "x"]]
    assert say("en", "merge_nothing", event="event.xlsx") in again.output
    assert again.exit_code == 0 and "D3" not in again.output  # settled: not raised again, not an exit 1
    assert check_workbook(event).exit_code == 0  # no second, open row: the standings stay final


def test_a_merge_that_only_adds_a_conflict_does_not_say_the_event_is_unchanged(tmp_path: Path) -> None:
    rows = [list(r) for r in ROUND]
    rows[1][3] = 1  # every game cell already typed in the event; Ben's cities 1 where the judge says 2
    event = write_workbook(tmp_path / "event.xlsx", {"Round 1": [HEADERS, *rows]})
    judge = write_workbook(tmp_path / "judge.xlsx", {"Round 1": [HEADERS, *ROUND]})
    result = _merge(event, judge)
    assert result.exit_code == 1 and _conflict_rows(event)[1:] == [EXPECTED_ROW]  # written: the Conflicts sheet
    assert say("en", "merge_nothing", event="event.xlsx") not in result.output
    assert (
        say("en", "merge_wrote", cells=count("en", "cells_written", 0), event="event.xlsx", backup="event.backup.xlsx")
        in result.output
    )


# the line after a merge agrees with the number of conflicts: one is "marked at its cell", two are "marked at
# their cells" (each language's participles agree too: pt marcado / marcados, pl zaznaczony / zaznaczone).
@pytest.mark.parametrize(
    ("lang", "n", "start"),
    [
        ("en", 1, "1 conflict kept in the event: marked at its cell and listed in the sheet 'Conflicts';"),
        ("en", 2, "2 conflicts kept in the event: marked at their cells and listed in the sheet 'Conflicts';"),
        ("pt", 1, "1 conflito no evento: marcado na célula e listado na planilha “Conflitos”;"),
        ("pt", 2, "2 conflitos no evento: marcados nas células e listados na planilha “Conflitos”;"),
        ("pl", 1, "1 konflikt w turnieju: zaznaczony w komórce i wypisany w arkuszu „Konflikty”;"),
        ("pl", 5, "5 konfliktów w turnieju: zaznaczone w komórkach i wypisane w arkuszu „Konflikty”;"),
        (
            "fr",
            1,
            "1 conflit dans l'événement\u202f: marqué à sa cellule et listé dans la feuille «\u202fConflits\u202f»\u202f;",
        ),
    ],
)
def test_the_conflicts_line_agrees_with_its_number(lang: str, n: int, start: str) -> None:
    sheet = {"en": "Conflicts", "pt": "Conflitos", "pl": "Konflikty", "fr": "Conflits"}[lang]
    line = say(lang, "merge_conflicts_kept", conflicts=count(lang, "conflicts_kept", n), sheet=sheet, resolved="R")
    assert line.startswith(start), line
