"""A table-level error names the cells that cause it (docs/rules.md §3): each marked or counted cell gets its own
problem, with its player, in the terminal, the Problems sheet and the JSON; two players are "both"."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
import pytest
from helpers import player, round_sheet, run, write_workbook

from sheet_scorer import check_workbook
from sheet_scorer.problems import problem_message

# Ala 10 VP and Bob 11 VP both marked Declared (K2, K3); Cyd and Dan far below.
TWO_DECLARED = round_sheet(
    player(1, "Ala", settlements=2, cities=4, declared="x"),
    player(1, "Bob", settlements=3, cities=4, declared="x"),
    player(1, "Cyd"),
    player(1, "Dan"),
)


def test_two_declared_marks_are_told_at_each_declared_cell(tmp_path: Path) -> None:
    result = check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": TWO_DECLARED}))
    found = {(p.sheet, p.cell, p.code, p.player, p.table) for p in result.problems}
    assert found == {
        ("Round 1", "K2", "declared-multiple", "Ala", 1),
        ("Round 1", "K3", "declared-multiple", "Bob", 1),
    }
    said = {lang: problem_message(result.problems[0], lang) for lang in ("en", "pl", "pt", "fr")}
    assert said["en"] == "table 1: Ala and Bob are both marked as having declared victory; only one can"
    assert (
        said["pl"]
        == "stół 1: zgłoszenie zwycięstwa jest zaznaczone u obu osób (Ala i Bob); zgłosić je może tylko jedna"
    )
    assert (
        said["pt"] == "mesa 1: a vitória declarada está marcada para as duas pessoas (Ala e Bob); só uma pode declarar"
    )
    assert said["fr"] == (
        "table 1\u202f: la victoire déclarée est cochée pour les deux personnes (Ala et Bob)\u202f; une seule peut la déclarer"
    )


def test_three_declared_marks_are_all_and_a_list(tmp_path: Path) -> None:
    rows = round_sheet(
        player(1, "Ala", settlements=2, cities=4, declared="x"),
        player(1, "Bob", settlements=3, cities=4, declared="x"),
        player(1, "Cyd", settlements=4, cities=3, declared="x"),
        player(1, "Dan"),
    )
    result = check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows}))
    assert {(p.cell, p.code) for p in result.problems} == {(c, "declared-multiple") for c in ("K2", "K3", "K4")}
    assert problem_message(result.problems[0], "en") == (
        "table 1: Ala, Bob and Cyd are all marked as having declared victory; only one can"
    )
    assert "u kilku osób (Ala, Bob i Cyd)" in problem_message(result.problems[0], "pl")
    assert "pour plusieurs personnes (Ala, Bob et Cyd)" in problem_message(result.problems[0], "fr")


def test_the_cells_reach_the_terminal_the_problems_sheet_and_the_json(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": TWO_DECLARED})
    document = tmp_path / "e.json"
    scored = run("score", path, "--json", document)
    assert scored.exit_code == 1
    assert "'Round 1'!K2: table 1: Ala and Bob are both marked" in scored.output
    assert "'Round 1'!K3: table 1: Ala and Bob are both marked" in scored.output
    sheet = openpyxl.load_workbook(tmp_path / "e.scored.xlsx")["Problems"]
    rows = [r for r in sheet.iter_rows(min_row=2, values_only=True) if r[0] == "error"]
    assert [(r[1], r[2], r[3]) for r in rows] == [("Round 1", "K2", "Ala"), ("Round 1", "K3", "Bob")]
    problems = json.loads(document.read_text(encoding="utf-8"))["problems"]
    assert [(p["sheet"], p["cell"], p["code"], p["player"]) for p in problems] == [
        ("Round 1", "K2", "declared-multiple", "Ala"),
        ("Round 1", "K3", "declared-multiple", "Bob"),
    ]
    checked = run("check", path, "--format", "json")
    assert [(p["cell"], p["player"]) for p in json.loads(checked.output)["problems"]] == [("K2", "Ala"), ("K3", "Bob")]
    listed = run("check", path)
    assert "K2    table 1: Ala and Bob are both marked" in listed.output


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        # 4 + 2 VP cards at a table: the deck has 5; told at the two counts, not at the players with none
        (
            [player(1, "Ala", 2, 4, vp_cards=4), player(1, "Bob", vp_cards=2), player(1, "Cyd"), player(1, "Dan")],
            {("E2", "table-vp-cards", "Ala"), ("E3", "table-vp-cards", "Bob")},
        ),
        # a table of 5: each row's Table cell
        (
            [player(1, n, 2, 4 if n == "Ala" else 0) for n in ("Ala", "Bob", "Cyd", "Dan", "Eve")],
            {(f"A{r}", "table-size", n) for r, n in zip(range(2, 7), ("Ala", "Bob", "Cyd", "Dan", "Eve"))},
        ),
        # Ala and Bob at the target, nobody marked: both Declared cells, where the mark goes
        (
            [player(1, "Ala", 2, 4), player(1, "Bob", 3, 4), player(1, "Cyd"), player(1, "Dan")],
            {("K2", "declared-missing", "Ala"), ("K3", "declared-missing", "Bob")},
        ),
    ],
)
def test_each_causing_cell_is_named(
    tmp_path: Path, rows: list[list[object]], expected: set[tuple[str, str, str]]
) -> None:
    result = check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": round_sheet(*rows)}))
    assert {(p.cell, p.code, p.player) for p in result.problems if p.severity == "error"} == expected


def test_one_mark_is_no_error(tmp_path: Path) -> None:
    rows = round_sheet(
        player(1, "Ala", settlements=2, cities=4, declared="x"),
        player(1, "Bob", settlements=3, cities=4),
        player(1, "Cyd"),
        player(1, "Dan"),
    )
    assert not check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows})).has_errors


def test_a_deck_total_is_told_at_each_count_with_its_player(tmp_path: Path) -> None:
    rows = round_sheet(
        player(1, "Ala", settlements=2, cities=4, knights=8),
        player(1, "Bob", knights=7),
        player(1, "Cyd"),
        player(1, "Dan"),
    )
    result = check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows}))
    assert [(p.cell, problem_message(p, "en")) for p in result.problems if p.severity == "error"] == [
        ("F2", "Ala: knights at table 1 add up to 15; the deck has 14"),
        ("F3", "Bob: knights at table 1 add up to 15; the deck has 14"),
    ]
    assert problem_message(result.problems[0], "fr") == (
        "Ala\u202f: les chevaliers de la table 1 totalisent 15\u202f; la pioche en contient 14"
    )
