"""Tables not reported yet (docs/rules.md §3): seated, nothing filled in, one warning; a round with no
table reported is not played yet. Every expected value is worked out by hand below.

Round 1 (VP = settlements + 2 × cities, nobody at a tie):
  table 1: Ala 2s 4c = 10 (5 pts), Bob 3s 1c = 5 (3), Cyd 4s = 4 (2), Dan 2s = 2 (1)          table VP 21
  table 2: Eve 2s 4c = 10 (5),     Fay 3s 2c = 7 (3), Gus 3s = 3 (2), Hal 2s = 2 (1)          table VP 22
  Ivy: a bye (2.75).
Round 2, table 1 reported: Bob 2s 4c = 10 (5), Eve 4s 1c = 6 (3), Ala 3s = 3 (2), Hal 2s = 2 (1)   table VP 21
         table 2 seated only: Cyd, Dan, Fay, Gus; Ivy a bye again.
Standings after round 1 and table 1 of round 2:
  Eve 5+3 = 8 pts, 16 VP; Bob 3+5 = 8, 15 VP; Ala 5+2 = 7; Fay 3; Ivy 2.75 + 2.75 = 5.5 (round 2 is played:
  its byes count); Cyd 2 pts 4 VP, VP % 100·4/21 = 19.05; Hal 1+1 = 2 pts 4 VP, VP % 100·2/22 + 100·2/21 =
  9.09 + 9.52 = 18.61; Gus 2 pts 3 VP; Dan 1.
  So: Eve, Bob, Ala, Ivy, Fay, Cyd, Hal, Gus, Dan.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner
from helpers import player, round_sheet, write_workbook

from sheet_scorer.api import check_workbook, score_workbook
from sheet_scorer.cli.main import main
from sheet_scorer.report.facts import progress_note

ROUND_1 = [
    player(1, "Ala", 2, 4),
    player(1, "Bob", 3, 1),
    player(1, "Cyd", 4),
    player(1, "Dan", 2),
    player(2, "Eve", 2, 4),
    player(2, "Fay", 3, 2),
    player(2, "Gus", 3),
    player(2, "Hal", 2),
    ["BYE", "Ivy"],
]
REPORTED = [player(1, "Bob", 2, 4), player(1, "Eve", 4, 1), player(1, "Ala", 3), player(1, "Hal", 2)]


def seated(table: int, *names: str) -> list[list[Any]]:
    """Rows as `seat` writes them: Table and Player filled, every game cell empty."""
    return [[table, name] + [None] * 9 for name in names]


def workbook(tmp_path: Path, round_2: list[list[Any]], settings: list[list[Any]] | None = None) -> Path:
    sheets = {"Round 1": round_sheet(*ROUND_1), "Round 2": round_sheet(*round_2)}
    if settings:
        sheets = {"Settings": settings, **sheets}
    return write_workbook(tmp_path / "club.xlsx", sheets)


def test_a_table_not_reported_is_one_warning_and_its_players_get_nothing(tmp_path: Path) -> None:
    path = workbook(tmp_path, [*REPORTED, *seated(2, "Cyd", "Dan", "Fay", "Gus"), ["BYE", "Ivy"]])
    result = check_workbook(path)
    assert [(p.code, p.severity, p.sheet, p.table, p.cell) for p in result.problems] == [
        ("table-not-reported", "warning", "Round 2", 2, "")
    ]
    assert "Cyd, Dan, Fay, Gus" in result.problems[0].message
    assert not result.has_errors and result.exit_code == 0
    assert [(p.sheet, p.tables, p.reported) for p in result.progress] == [("Round 1", 2, 2), ("Round 2", 2, 1)]
    standings = result.standings
    assert list(standings["player"]) == ["Eve", "Bob", "Ala", "Ivy", "Fay", "Cyd", "Hal", "Gus", "Dan"]
    assert list(standings["round_points"]) == [8, 8, 7, 5.5, 3, 2, 2, 2, 1]
    assert list(standings["games"]) == [2, 2, 2, 0, 1, 1, 2, 1, 1]
    assert [float(v) for v in standings.loc[standings["player"].isin(["Cyd", "Hal"]), "vp_pct"]] == [19.05, 18.61]
    assert progress_note(result, "en") == "Standings after Round 1; Round 2: 1 of 2 tables reported"
    assert progress_note(result, "pl") == "Klasyfikacja po: Round 1; Round 2: wyniki z 1 z 2 stołów"
    # French puts a narrow no-break space before `:` and `;`, and "1 tables" is not French
    assert (
        progress_note(result, "fr")
        == "Classement après\u202f: Round 1\u202f; Round 2\u202f: résultats de 1 sur 2 tables"
    )


def test_files_and_terminal_say_how_far_the_round_is(tmp_path: Path) -> None:
    path = workbook(tmp_path, [*REPORTED, *seated(2, "Cyd", "Dan", "Fay", "Gus")])
    out = CliRunner().invoke(main, ["score", str(path), "--json", str(tmp_path / "club.json")])
    assert out.exit_code == 0, out.output
    assert "Standings after Round 1; Round 2: 1 of 2 tables reported" in out.output
    assert "(PROVISIONAL)" not in out.output
    document = json.loads((tmp_path / "club.json").read_text(encoding="utf-8"))
    assert document["provisional"] is False
    assert document["progress"] == [
        {"sheet": "Round 1", "kind": "round", "number": 1, "tables": 2, "reported": 2},
        {"sheet": "Round 2", "kind": "round", "number": 2, "tables": 2, "reported": 1},
    ]
    assert document["progress_note"] == "Standings after Round 1; Round 2: 1 of 2 tables reported"
    page = (tmp_path / "club.standings.html").read_text(encoding="utf-8")
    assert "Standings after Round 1; Round 2: 1 of 2 tables reported" in page
    book = openpyxl.load_workbook(tmp_path / "club.scored.xlsx")
    header = [c.value for c in book["Standings"][1]]
    assert "PROVISIONAL" not in header and header[-2:] == ["Round 1", "Round 2"]
    sheet = book["Round 2"]
    assert all(cell.comment is None for row in sheet.iter_rows() for cell in row)  # no red marks, no notes


def test_a_round_with_no_table_reported_is_not_played_yet(tmp_path: Path) -> None:
    path = workbook(
        tmp_path, [*seated(1, "Bob", "Eve", "Ala", "Hal"), *seated(2, "Cyd", "Dan", "Fay", "Gus"), ["BYE", "Ivy"]]
    )
    result = check_workbook(path)
    assert [(p.code, p.table) for p in result.problems] == [("table-not-reported", 1), ("table-not-reported", 2)]
    assert [p.name for p in result.played_rounds] == ["Round 1"]
    standings = result.standings
    # Round 1 only: Ala 5 (10 VP) and Eve 5 (10 VP) tie on VP; VP % Ala 100·10/21 = 47.62 > Eve 100·10/22 = 45.45;
    # Fay and Bob 3 points each, Fay 7 VP > Bob 5.
    assert list(standings["player"])[:4] == ["Ala", "Eve", "Fay", "Bob"]
    assert (
        standings.loc[standings["player"] == "Ivy", "round_points"].item() == 2.75
    )  # the unplayed round's bye: nothing
    assert set(standings["games"]) == {0, 1}
    assert list(standings.columns[list(standings.columns).index("ahead_by") + 1 :]) == ["Round 1"]
    assert progress_note(result, "en") == "Standings after Round 1; Round 2: 0 of 2 tables reported"
    from sheet_scorer.report.html import report_context

    page = report_context(result, "en")
    assert [r["sheet"] for r in page["rounds"]] == ["Round 1"]  # no empty section, nobody "did not play" round 2
    assert {step["sheet"] for path_ in page["paths"] for step in path_["steps"]} == {"Round 1"}
    assert page["chart"]["rounds"][0]["sheet"] == "Round 1" and len(page["chart"]["rounds"]) == 1
    out = CliRunner().invoke(main, ["score", str(path)])
    assert out.exit_code == 0 and "9 players, 1 round," in out.output


def test_a_partly_filled_table_is_an_error_at_each_empty_cell(tmp_path: Path) -> None:
    # Cyd's settlements typed, the rest of table 2 empty: not "not reported", an error at each of the 23 empty counts.
    partly = [[2, "Cyd", 4, None, None, None, None, None, None, None, None], *seated(2, "Dan", "Fay", "Gus")]
    result = check_workbook(workbook(tmp_path, [*REPORTED, *partly]))
    empty = [p for p in result.problems if p.code == "empty-cell"]
    assert len(empty) == 5 + 3 * 6 and {p.sheet for p in empty} == {"Round 2"}
    assert not any(p.code == "table-not-reported" for p in result.problems)
    assert result.has_errors and result.exit_code == 1
    assert [(p.sheet, p.tables, p.reported) for p in result.progress][1] == ("Round 2", 2, 2)


def test_playoffs_and_seat_wait_for_the_tables_not_reported(tmp_path: Path) -> None:
    path = workbook(
        tmp_path,
        [*REPORTED, *seated(2, "Cyd", "Dan", "Fay", "Gus")],
        settings=[["Qualifying Rounds", 2], ["Playoff Size", 4]],
    )
    refused = CliRunner().invoke(main, ["playoffs", str(path)])
    assert refused.exit_code == 2
    assert "'Round 2': 1 of 2 tables reported" in refused.output and "Traceback" not in refused.output
    seat = CliRunner().invoke(main, ["seat", str(path)])
    assert seat.exit_code == 2 and "'Round 2' has tables not reported yet (2)" in seat.output
    assert len(seat.output.strip().splitlines()) == 1


@pytest.mark.parametrize("lang", ["pl", "pt", "fr"])
def test_the_warning_in_every_language(tmp_path: Path, lang: str) -> None:
    from sheet_scorer.problems import problem_message

    result = check_workbook(workbook(tmp_path, [*REPORTED, *seated(2, "Cyd", "Dan", "Fay", "Gus")]))
    message = problem_message(result.problems[0], lang)
    assert "2" in message and "Cyd, Dan, Fay, Gus" in message and message != result.problems[0].message


def test_score_workbook_writes_no_mark_for_a_seated_round(tmp_path: Path) -> None:
    path = workbook(tmp_path, [*seated(1, "Bob", "Eve", "Ala", "Hal"), *seated(2, "Cyd", "Dan", "Fay", "Gus")])
    result = score_workbook(path)
    assert result.exit_code == 0
    rows = list(openpyxl.load_workbook(result.output)["Problems"].iter_rows(values_only=True))
    assert [(r[0], r[1]) for r in rows[1:]] == [("warning", "Round 2"), ("warning", "Round 2")]


def test_reseat_lays_out_again_a_seated_unplayed_round_after_a_complete_one(tmp_path: Path) -> None:
    # Round 1 complete, round 2 seated and not played: `seat` refuses (round 2's results are to come), `seat
    # --reseat` replaces round 2, checking round 1 (complete) rather than the round it lays out again.
    path = workbook(
        tmp_path, [*seated(1, "Bob", "Eve", "Ala", "Hal"), *seated(2, "Cyd", "Dan", "Fay", "Gus"), ["BYE", "Ivy"]]
    )
    refused = CliRunner().invoke(main, ["seat", str(path)])
    assert refused.exit_code == 2 and "'Round 2' has tables not reported yet (1, 2)" in refused.output
    again = CliRunner().invoke(main, ["seat", str(path), "--reseat"])
    assert again.exit_code == 0, again.output
    rows = list(openpyxl.load_workbook(path)["Round 2"].iter_rows(min_row=2, values_only=True))
    assert sorted(r[1] for r in rows if r[1]) == ["Ala", "Bob", "Cyd", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy"]
    assert openpyxl.load_workbook(path).sheetnames[:2] == ["Round 1", "Round 2"]
