"""Formats end to end, through real workbooks (docs/rules.md §4, §5, §7, §8): a whole event ranked by
wins, a penalty from the Adjustments sheet, and one VP % in every output. The rule cases themselves are
in memory (tests/test_engine.py); these few check that the sheet, the report, the terminal and the JSON
all show what the engine decided."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
from click.testing import CliRunner
from helpers import write_workbook
from json_schema import validate

from sheet_scorer import check_workbook, score_workbook
from sheet_scorer.cli.main import main
from sheet_scorer.report.export import JSON_SCHEMA, json_document
from sheet_scorer.report.html import render_report
from sheet_scorer.standings.progression import rank_progression

VP_HEADERS = ["Table", "Player", "VP"]
# Round 1: Ann and Eve win; round 2: Dan and Hal. Round points: Ann 5+2 = 7; Ben 3+3, Fay 3+3, Dan 1+5,
# Eve 5+1, Hal 1+5 = 6; Cat 2+2 = 4; Gus 2+1 = 3.
ROUNDS = {
    "Round 1": [
        VP_HEADERS,
        [1, "Ann", 10],
        [1, "Ben", 9],
        [1, "Cat", 5],
        [1, "Dan", 3],  # 27
        [2, "Eve", 10],
        [2, "Fay", 9],
        [2, "Gus", 6],
        [2, "Hal", 2],
    ],  # 27
    "Round 2": [
        VP_HEADERS,
        [1, "Dan", 10],
        [1, "Ben", 9],
        [1, "Ann", 8],
        [1, "Eve", 3],  # 30
        [2, "Hal", 10],
        [2, "Fay", 9],
        [2, "Cat", 4],
        [2, "Gus", 2],
    ],  # 25
}
# By round points, then VP, then VP %: Ann 7; Ben and Fay (18 VP: Fay 33.33 + 36.00 = 69.33 above
# Ben 33.33 + 30.00 = 63.33), Eve and Dan (13 VP: Eve 37.04 + 10.00 = 47.04 above Dan 11.11 + 33.33 = 44.44), Hal (12).
BY_POINTS = ["Ann", "Fay", "Ben", "Eve", "Dan", "Hal", "Cat", "Gus"]
# By wins: one win each for Ann (18 VP), Eve, Dan (13 VP), Hal (12 VP); no win: Fay, Ben, Cat (9 VP), Gus (8 VP).
BY_WINS = ["Ann", "Eve", "Dan", "Hal", "Fay", "Ben", "Cat", "Gus"]


def club_night_book(tmp_path: Path, settings: list[list] | None = None, adjustments: list[list] | None = None) -> Path:
    sheets = {"Settings": settings or [["Tournament", "Club night"]], **ROUNDS}
    if adjustments is not None:
        sheets["Adjustments"] = [["Player", "Round", "Points", "Reason"], *adjustments]
    return write_workbook(tmp_path / "event.xlsx", sheets)


def sheet_rows(path: Path, name: str) -> list[tuple]:
    return [tuple(row) for row in openpyxl.load_workbook(path)[name].iter_rows(values_only=True)]


def test_default_format_ranks_by_round_points(tmp_path: Path) -> None:
    result = check_workbook(club_night_book(tmp_path))
    assert list(result.standings["player"]) == BY_POINTS and not result.problems


def test_a_whole_event_ranked_by_wins(tmp_path: Path) -> None:
    path = club_night_book(tmp_path, [["Ranking", "Wins"]])
    result = score_workbook(path, json=tmp_path / "event.json")
    assert result.exit_code == 0 and list(result.standings["player"]) == BY_WINS
    standings = sheet_rows(result.output, "Standings")
    # the ranking figure first, then the tie-breakers (VP, VP %), then the other figures (docs/rules.md §5)
    assert standings[0] == ("Rank", "Player", "Wins", "VP", "VP %", "Round Points", "Games", "Round 1", "Round 2")
    assert [(r[1], r[2]) for r in standings[1:]] == [
        (p, 1 if p in ("Ann", "Eve", "Dan", "Hal") else 0) for p in BY_WINS
    ]
    page = result.html.read_text(encoding="utf-8")
    assert '<th scope="col" class="num lead">Wins</th>' in page
    assert "Tied with Eve on Wins, VP; VP % decides (44.44 vs 47.04)" in page  # Dan, below Eve
    document = json.loads((tmp_path / "event.json").read_text(encoding="utf-8"))
    validate(document, JSON_SCHEMA)
    assert [s["player"] for s in document["standings"]] == BY_WINS
    assert document["standings"][2]["figures"] == {"wins": 1.0}
    assert document["standings"][2]["tiebreak"] == {"above": "Eve", "by": "vp_pct"}


def test_a_penalty_flows_into_standings_sheet_report_and_json(tmp_path: Path) -> None:
    """Ann loses 2 points for arriving late to round 2: 7 - 2 = 5, below the five players on 6."""
    path = club_night_book(tmp_path, adjustments=[["Ann", 2, -2, "late for round 2"]])
    result = score_workbook(path, json=tmp_path / "event.json")
    assert result.exit_code == 0
    assert list(result.standings["player"]) == ["Fay", "Ben", "Eve", "Dan", "Hal", "Ann", "Cat", "Gus"]
    ann = result.standings.set_index("player").loc["Ann"]
    assert (ann["round_points"], ann["Round 2"], ann["adjustments"]) == (5, 2, -2)
    standings = sheet_rows(result.output, "Standings")
    assert standings[0][6:8] == ("Adjustments", "Reason")
    assert standings[6][1:3] == ("Ann", 5) and standings[6][6:8] == (-2, "R2: −2 (late for round 2)")
    assert standings[1][6:8] == (None, None)  # nobody else has an adjustment
    page = result.html.read_text(encoding="utf-8")
    assert (
        '<tr><th scope="row">Ann</th><td class="num">2</td><td class="num">-2</td><td>late for round 2</td></tr>'
        in page
    )
    document = json.loads((tmp_path / "event.json").read_text(encoding="utf-8"))
    validate(document, JSON_SCHEMA)
    assert document["adjustments"] == [{"player": "Ann", "round": 2, "points": -2.0, "reason": "late for round 2"}]


def test_an_adjustment_without_a_round_counts_in_the_final_standings(tmp_path: Path) -> None:
    """Hal gets 2 points for hosting, no round given: 6 + 2 = 8, first; the chart's round 1 does not count it."""
    result = check_workbook(club_night_book(tmp_path, adjustments=[["Hal", None, 2, "host"]]))
    assert not result.problems and list(result.standings["player"][:2]) == ["Hal", "Ann"]
    assert result.standings.set_index("player").at["Hal", "round_points"] == 8
    progression = rank_progression(
        result.results, result.data.settings, result.data.adjustments, "en", ["Round 1", "Round 2"], ["Hal"]
    )
    assert progression.at["Hal", "Round 1"] == 8 and progression.at["Hal", "Round 2"] == 1  # 1 point after round 1


def test_adjustment_for_an_unknown_player_or_round_is_an_error(tmp_path: Path) -> None:
    result = check_workbook(
        club_night_book(tmp_path, adjustments=[["Anne", 1, -1, "typo"], ["Ann", 3, -1, "no such round"]])
    )
    assert [(p.code, p.sheet, p.cell) for p in result.problems] == [
        ("adjustment-unknown-player", "Adjustments", "A2"),
        ("adjustment-unknown-round", "Adjustments", "B3"),
    ]
    assert result.exit_code == 1 and list(result.standings["player"]) == BY_POINTS  # neither applied


def test_adjustment_rows_read_in_workbook_and_judged_in_rules(tmp_path: Path) -> None:
    """The Adjustments rows read by workbook/ and judged by rules/ give each problem at its cell, in row
    order, next to those about players and rounds; Hal's usable row is applied (6 + 2 = 8, first)."""
    result = check_workbook(
        club_night_book(
            tmp_path,
            adjustments=[
                ["Ann", 1, "three", ""],
                [None, 1, -1, "who?"],
                ["Anne", 1, -1, "typo"],
                ["Hal", None, 2, "host"],
            ],
        )
    )
    assert [(p.code, p.cell, p.player, p.message) for p in result.problems] == [
        ("adjustment-points", "C2", "Ann", "Ann: the adjustment 'three' is not a number of points"),
        ("adjustment-no-player", "A3", "", "row 3 has an adjustment but no player name"),
        ("adjustment-unknown-player", "A4", "Anne", "Anne plays in no round and is not on the Players sheet"),
    ]
    assert result.exit_code == 1 and [a.player for a in result.data.adjustments] == ["Hal"]
    assert result.standings.set_index("player").at["Hal", "round_points"] == 8


def test_misspelt_tiebreaker_in_a_workbook(tmp_path: Path) -> None:
    result = check_workbook(club_night_book(tmp_path, [["Tournament", "Cup"], ["Tiebreakers", "Opponets Points"]]))
    assert [(p.code, p.sheet, p.cell) for p in result.problems] == [("bad-tiebreaker", "Settings", "B2")]
    assert result.exit_code == 1


def test_one_vp_percentage_in_every_output(tmp_path: Path) -> None:
    """10/9/5 at a table of 3 counts as 32 VP: 31.25, 28.125 and 15.625, shown 31.25, 28.13, 15.63 (docs/rules.md §4)."""
    path = write_workbook(tmp_path / "three.xlsx", {"Round 1": [VP_HEADERS, [1, "A", 10], [1, "B", 9], [1, "C", 5]]})
    run = CliRunner().invoke(main, ["score", str(path), "--json", str(tmp_path / "three.json")])
    assert run.exit_code == 0, run.output
    expected = ["31.25", "28.13", "15.63"]
    rows = [
        [cell.strip() for cell in line.split("│")[1:-1]] for line in run.output.splitlines() if line.startswith("│")
    ]
    assert [(row[1], row[4]) for row in rows] == list(zip("ABC", expected))  # Rank, Player, Round points, VP, VP %
    book = openpyxl.load_workbook(tmp_path / "three.scored.xlsx")
    cells = [book["Standings"].cell(r, 5) for r in (2, 3, 4)]
    assert [c.value for c in cells] == [31.25, 28.13, 15.63] and {c.number_format for c in cells} == {"0.00"}
    page = (tmp_path / "three.standings.html").read_text(encoding="utf-8")
    for value in expected:
        assert f'<td class="num">{value}</td>' in page
    document = json.loads((tmp_path / "three.json").read_text(encoding="utf-8"))
    assert [s["vp_pct"] for s in document["standings"]] == [31.25, 28.13, 15.63]


def test_json_of_every_figure_validates(tmp_path: Path) -> None:
    """Every tie-breaker in use, with an adjustment: the JSON export still matches its schema."""
    tiebreakers = (
        "Round Points, VP Capped, Mean VP %, Places, Opponents' Points, Opponents' Opponents' Points, Penalties"
    )
    result = check_workbook(
        club_night_book(tmp_path, [["Ranking", "Wins"], ["Tiebreakers", tiebreakers]], [["Ann", 1, -1, "late"]])
    )
    assert not result.problems
    document = json_document(result)
    validate(document, JSON_SCHEMA)
    assert set(document["standings"][0]["figures"]) == {
        "wins",
        "vp_capped",
        "mean_vp_pct",
        "places",
        "opponents_points",
        "opponents_opponents_points",  # round points: a base column
        "penalties",
        "adjustments",
        "adjustment_notes",
    }


def test_polish_chart_orders_names_as_the_standings_do(tmp_path: Path) -> None:
    """Lucyna and Łaba tie on everything; in Polish Ł follows L: 1st and 2nd in the standings and in the chart."""

    def round_rows() -> list[list]:
        return [
            VP_HEADERS,
            [1, "Łaba", 10],
            [1, "F1", 8],
            [1, "F2", 6],
            [1, "F3", 4],
            [2, "Lucyna", 10],
            [2, "G1", 8],
            [2, "G2", 6],
            [2, "G3", 4],
        ]

    path = write_workbook(
        tmp_path / "pl.xlsx", {"Ustawienia": [["Język", "pl"]], "Runda 1": round_rows(), "Runda 2": round_rows()}
    )
    result = check_workbook(path)
    assert list(result.standings["player"][:2]) == ["Lucyna", "Łaba"]
    page = render_report(result, "pl")
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert "Lucyna: 1 → 1" in svg and "Łaba: 2 → 2" in svg
