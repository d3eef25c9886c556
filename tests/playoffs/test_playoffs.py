"""Playoffs (docs/rules.md §6): seeding 1-8-9-16, the final of the table winners, the final ranking.

Every expected value below is worked out by hand from the sheets written in the test.

The qualifying event (`qualifying`): one round of 5 tables of 4, VP-only. At table t the four places
have 21-t, 16-t, 11-t and 7-t VP (the winner declares), so the standings are the five winners
(5 round points) by VP, then the five seconds, thirds and fourths the same way: qualifying rank r is
the player at table (r-1) % 5 + 1 in place (r-1) // 5 + 1. Names are not in alphabetical order.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import openpyxl
from helpers import run as run_command
from helpers import write_workbook
from playoff_books import VP_HEADERS, fill, small_event

from sheet_scorer.api import check_workbook
from sheet_scorer.playoffs.seeding import first_stage_tables
from sheet_scorer.report.playoffs import playoff_view

# Qualifying rank 1..20.
RANKED = [
    "Hugo",
    "Ada",
    "Nina",
    "Cy",
    "Pia",
    "Bo",
    "Lena",
    "Eva",
    "Ola",
    "Fay",
    "Kai",
    "Al",
    "Mia",
    "Dan",
    "Jan",
    "Gus",
    "Tom",
    "Ela",
    "Rex",
    "Ivo",
]


def qualifying() -> list[list[Any]]:
    rows: list[list[Any]] = [VP_HEADERS]
    for table in range(1, 6):
        for place, top in enumerate((21, 16, 11, 7)):
            rows.append([table, RANKED[place * 5 + table - 1], top - table, "x" if place == 0 else ""])
    return rows


run = partial(run_command, "playoffs")


def sheet_rows(path: Path, name: str) -> list[tuple[Any, ...]]:
    return list(openpyxl.load_workbook(path)[name].iter_rows(values_only=True))


def test_seeding_table_for_16_qualifiers() -> None:
    seeds = [f"Q{n}" for n in range(1, 17)]
    assert first_stage_tables(seeds) == (
        "semifinal",
        [
            ["Q1", "Q8", "Q9", "Q16"],
            ["Q2", "Q7", "Q10", "Q15"],
            ["Q3", "Q6", "Q11", "Q14"],
            ["Q4", "Q5", "Q12", "Q13"],
        ],
    )


# The semifinal as worked out by hand (seat-pick order = qualifying rank order at each table):
# table 1: Hugo 1, Eva 8, Ola 9, Gus 16     table 2: Ada 2, Lena 7, Fay 10, Jan 15
# table 3: Nina 3, Bo 6, Kai 11, Dan 14     table 4: Cy 4, Pia 5, Al 12, Mia 13
SEMIFINAL = [
    (1, 1, "Hugo", 1, 1),
    (1, 2, "Eva", 8, 2),
    (1, 3, "Ola", 9, 3),
    (1, 4, "Gus", 16, 4),
    (2, 1, "Ada", 2, 1),
    (2, 2, "Lena", 7, 2),
    (2, 3, "Fay", 10, 3),
    (2, 4, "Jan", 15, 4),
    (3, 1, "Nina", 3, 1),
    (3, 2, "Bo", 6, 2),
    (3, 3, "Kai", 11, 3),
    (3, 4, "Dan", 14, 4),
    (4, 1, "Cy", 4, 1),
    (4, 2, "Pia", 5, 2),
    (4, 3, "Al", 12, 3),
    (4, 4, "Mia", 13, 4),
]
SEMIFINAL_RESULTS = {
    # table 1: nobody at 10; Eva and Ola tie for the win at 9: Eva (8th) beats Ola (9th); Hugo 3rd, Gus 4th
    "Hugo": (6, ""),
    "Eva": (9, ""),
    "Ola": (9, ""),
    "Gus": (4, ""),
    # table 2: Jan declares with 10 while Ada has 11: Jan 1st, Ada 2nd; Lena (7th) and Fay (10th) tie: Lena 3rd
    "Ada": (11, ""),
    "Lena": (5, ""),
    "Fay": (5, ""),
    "Jan": (10, "x"),
    # table 3: Nina 1st, Dan 2nd, Kai 3rd, Bo 4th
    "Nina": (12, "x"),
    "Bo": (3, ""),
    "Kai": (7, ""),
    "Dan": (8, ""),
    # table 4: Mia 1st; Cy (4th), Pia (5th), Al (12th) tie at 7: Cy 2nd, Pia 3rd, Al 4th
    "Cy": (7, ""),
    "Pia": (7, ""),
    "Al": (7, ""),
    "Mia": (10, "x"),
}
# The final: the table winners Eva 8, Jan 15, Nina 3, Mia 13, picking seats in qualifying order.
FINAL = [(1, 1, "Nina", 3, 1), (1, 2, "Eva", 8, 2), (1, 3, "Mia", 13, 3), (1, 4, "Jan", 15, 4)]
# Eva declares, Mia 2nd; Nina (3rd) and Jan (15th) tie at 8: Nina 3rd.
FINAL_RESULTS = {"Nina": (8, ""), "Eva": (10, "x"), "Mia": (10, ""), "Jan": (8, "")}
FINAL_RANKING = [
    (1, "Eva", "Final", 8),
    (2, "Mia", "Final", 13),
    (3, "Nina", "Final", 3),
    (4, "Jan", "Final", 15),
    # semifinal 2nd places Ola 9, Ada 2, Dan 14, Cy 4 -> by qualifying rank
    (5, "Ada", "Semifinal", 2),
    (6, "Cy", "Semifinal", 4),
    (7, "Ola", "Semifinal", 9),
    (8, "Dan", "Semifinal", 14),
    # 3rd places Hugo 1, Lena 7, Kai 11, Pia 5
    (9, "Hugo", "Semifinal", 1),
    (10, "Pia", "Semifinal", 5),
    (11, "Lena", "Semifinal", 7),
    (12, "Kai", "Semifinal", 11),
    # 4th places Gus 16, Fay 10, Bo 6, Al 12
    (13, "Bo", "Semifinal", 6),
    (14, "Fay", "Semifinal", 10),
    (15, "Al", "Semifinal", 12),
    (16, "Gus", "Semifinal", 16),
    # the rest by qualifying rank
    (17, "Tom", "Qualifying", 17),
    (18, "Ela", "Qualifying", 18),
    (19, "Rex", "Qualifying", 19),
    (20, "Ivo", "Qualifying", 20),
]


def test_complete_event_semifinal_final_and_final_ranking(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": qualifying()})

    step = run(path)
    assert step.exit_code == 0, step.output
    semifinal = sheet_rows(path, "Semifinal")
    assert semifinal[0] == ("Table", "Seat", "Player", "VP", "Declared", "Qualifying Rank", "Seat Pick")
    assert [(r[0], r[1], r[2], r[5], r[6]) for r in semifinal[1:]] == SEMIFINAL
    assert all(r[3] is None and r[4] is None for r in semifinal[1:])  # left for the judge
    assert (tmp_path / "event.backup.xlsx").is_file() and (tmp_path / "event.original.xlsx").is_file()

    fill(path, "Semifinal", SEMIFINAL_RESULTS)
    step = run(path)
    assert step.exit_code == 0, step.output
    assert [(r[0], r[1], r[2], r[5], r[6]) for r in sheet_rows(path, "Final")[1:]] == FINAL

    fill(path, "Final", FINAL_RESULTS)
    step = run(path)
    assert step.exit_code == 0, step.output
    ranking = sheet_rows(path, "Final Ranking")
    assert ranking[0] == ("Rank", "Player", "Stage", "Qualifying Rank")
    assert ranking[1:] == FINAL_RANKING

    # `score` scores the playoff sheets (places decided, no round points) and leaves them out of the standings.
    result = check_workbook(path)
    assert not result.has_errors
    assert result.standings["player"].tolist() == RANKED
    assert set(result.standings.columns) >= {"Round 1"} and "Semifinal" not in result.standings.columns
    semi = result.playoff_results[result.playoff_results["sheet"] == "Semifinal"].set_index("player")
    assert semi.loc[["Eva", "Ola", "Hugo", "Gus"], "place"].tolist() == [1, 2, 3, 4]
    assert semi.loc[["Jan", "Ada", "Lena", "Fay"], "place"].tolist() == [1, 2, 3, 4]
    assert semi.loc[["Cy", "Pia", "Al"], "place"].tolist() == [2, 3, 4]
    assert semi["round_points"].isna().all()
    view = playoff_view(result, "en")
    assert [(r["rank"], r["player"], r["stage"], r["qualifying_rank"]) for r in view["ranking"]] == FINAL_RANKING
    assert [s["sheet"] for s in view["stages"]] == ["Semifinal", "Final"]

    # Run again after the final: the Final Ranking is rewritten, not added twice.
    again = run(path)
    assert again.exit_code == 0, again.output
    assert openpyxl.load_workbook(path).sheetnames == ["Round 1", "Semifinal", "Final", "Final Ranking"]


def test_the_final_ranking_sits_after_the_final_not_after_the_scorers_sheets(tmp_path: Path) -> None:
    # Notes stands for Standings/Problems/Conflicts or an organiser's sheet after the rounds
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": qualifying(), "Notes": [["x"]]})
    assert run(path).exit_code == 0
    fill(path, "Semifinal", SEMIFINAL_RESULTS)
    assert run(path).exit_code == 0
    fill(path, "Final", FINAL_RESULTS)
    assert run(path).exit_code == 0 and run(path).exit_code == 0  # written, then rewritten in place
    book = openpyxl.load_workbook(path)
    assert book.sheetnames == ["Round 1", "Semifinal", "Final", "Final Ranking", "Notes"]
    # every column as wide as its header and a margin: "Qualifying Rank" is 15 characters
    assert [book["Final Ranking"].column_dimensions[c].width for c in "ABCD"] == [7, 28, 14, 18]


def test_the_columns_a_polish_semifinal_adds_fit_their_headers(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": qualifying()})
    assert run(path, "--lang", "pl").exit_code == 0
    sheet = openpyxl.load_workbook(path)["Półfinał"]
    header = [c.value for c in sheet[1]]
    assert header[-2:] == ["Miejsce w eliminacjach", "Wybór pozycji"]
    # 22 and 13 characters, and three of margin
    assert [sheet.column_dimensions[openpyxl.utils.get_column_letter(len(header) - i)].width for i in (1, 0)] == [
        25,
        16,
    ]


def test_playoff_sheet_with_an_error_refuses_the_next_step_naming_the_cell(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": qualifying()})
    assert run(path).exit_code == 0
    # Not played yet: a warning when scoring (the qualifying standings are final), a refusal to go on.
    waiting = check_workbook(path)
    # One warning per semifinal table not reported yet (docs/rules.md §3), the same concept as a seated round.
    assert [(p.code, p.severity, p.sheet, p.table) for p in waiting.problems] == [
        ("table-not-reported", "warning", "Semifinal", t) for t in (1, 2, 3, 4)
    ]
    assert [(p.sheet, p.tables, p.reported) for p in waiting.progress] == [("Round 1", 5, 5), ("Semifinal", 4, 0)]
    refused = run(path)
    assert refused.exit_code == 2
    assert "'Semifinal'" in refused.output and "Traceback" not in refused.output
    fill(path, "Semifinal", {**SEMIFINAL_RESULTS, "Ola": ("nine", "")})  # Ola is on row 4
    before = path.read_bytes()
    refused = run(path)
    assert refused.exit_code == 2
    assert "'Semifinal'!D4" in refused.output and "Traceback" not in refused.output
    assert path.read_bytes() == before
    fill(path, "Semifinal", SEMIFINAL_RESULTS)
    assert run(path).exit_code == 0
    assert "Final" in openpyxl.load_workbook(path).sheetnames


def test_inactive_player_does_not_advance_the_next_one_takes_the_place(tmp_path: Path) -> None:
    players = [["Player", "Active"]] + [[name, "no" if name == "Nina" else "yes"] for name in RANKED]
    path = write_workbook(tmp_path / "event.xlsx", {"Players": players, "Round 1": qualifying()})
    assert run(path).exit_code == 0
    rows = sheet_rows(path, "Semifinal")[1:]
    # Without Nina (3rd) the 16 seeds are ranks 1, 2, 4..17: seed 3 is Cy (4th), seed 16 is Tom (17th).
    assert "Nina" not in [r[2] for r in rows]
    assert [(r[0], r[2], r[5]) for r in rows if r[0] in (1, 3)] == [
        (1, "Hugo", 1),
        (1, "Ola", 9),
        (1, "Fay", 10),
        (1, "Tom", 17),  # seeds 1, 8, 9, 16
        (3, "Cy", 4),
        (3, "Lena", 7),
        (3, "Al", 12),
        (3, "Jan", 15),  # seeds 3, 6, 11, 14
    ]


def test_playoff_size_4_goes_straight_to_the_final(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", small_event([["Playoff Size", 4]]))
    step = run(path)
    assert step.exit_code == 0, step.output
    assert "Semifinal" not in openpyxl.load_workbook(path).sheetnames
    assert [(r[0], r[1], r[2], r[5]) for r in sheet_rows(path, "Final")[1:]] == [
        (1, 1, "Basia", 1),
        (1, 2, "Ala", 2),
        (1, 3, "Ewa", 3),
        (1, 4, "Dorota", 4),
    ]


def test_qualifying_ranked_by_wins_seeds_the_playoffs(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", small_event([["Playoff Size", 4], ["Ranking", "Wins"]]))
    assert run(path).exit_code == 0
    assert [(r[2], r[5]) for r in sheet_rows(path, "Final")[1:]] == [
        ("Basia", 1),
        ("Ala", 2),
        ("Dorota", 3),
        ("Czesia", 4),
    ]


def test_fewer_qualified_players_than_the_playoff_size_is_one_clear_line(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", small_event([["Tournament", "Small"]]))
    before = path.read_bytes()
    refused = run(path)
    assert refused.exit_code == 2
    assert refused.output == (  # Playoff Size blank: 16 is taken, and 4 or 8 would fit the 8 players
        "Error: only 8 active players in the qualifying standings, fewer than 16, the playoffs used when Settings → "
        "Playoff Size is blank; set Playoff Size to 4 / 8, or 0 for no playoffs\n"
    )
    assert path.read_bytes() == before and not (tmp_path / "event.backup.xlsx").exists()


def test_fewer_qualified_players_than_a_playoff_size_set_names_that_size(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", small_event([["Playoff Size", 16]]))
    refused = run(path)
    assert (refused.exit_code, refused.output) == (
        2,
        "Error: only 8 active players in the qualifying standings, fewer than the Playoff Size of 16\n",
    )


def test_a_tie_at_the_cut_is_decided_by_the_full_standings_order(tmp_path: Path) -> None:
    # Winners Max 12, Lou 11, Kim 10 take places 1-3. Ada, Bea and Zoe tie for 4th on 3 round points and 8 VP;
    # VP % decides: Zoe 100·8/26 = 30.77, Ada 8/28 = 28.57, Bea 8/30 = 26.67 (the name would have picked Ada).
    round_1 = [
        VP_HEADERS,
        [1, "Kim", 10, ""],
        [1, "Ada", 8, ""],
        [1, "Cal", 6, ""],
        [1, "Dee", 4, ""],
        [2, "Lou", 11, ""],
        [2, "Bea", 8, ""],
        [2, "Gil", 7, ""],
        [2, "Hal", 4, ""],
        [3, "Max", 12, ""],
        [3, "Zoe", 8, ""],
        [3, "Kit", 3, ""],
        [3, "Lea", 3, ""],
    ]
    path = write_workbook(tmp_path / "event.xlsx", {"Settings": [["Playoff Size", 4]], "Round 1": round_1})
    assert run(path).exit_code == 0
    assert [(r[2], r[5]) for r in sheet_rows(path, "Final")[1:]] == [("Max", 1), ("Lou", 2), ("Kim", 3), ("Zoe", 4)]


def test_a_playoff_size_without_a_seeding_table_is_refused(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", small_event([["Playoff Size", 12]]))
    # score and playoffs alike: an error at the Settings cell listing the valid sizes (docs/rules.md §6)
    scored = check_workbook(path)
    assert [(p.code, p.sheet, p.cell) for p in scored.problems if p.severity == "error"] == [
        ("bad-playoff-size", "Settings", "B1")
    ]
    assert "4, 8, 16, 32" in scored.problems[0].message
    refused = run(path)
    assert refused.exit_code == 2 and "'Settings'!B1" in refused.output and "4, 8, 16, 32" in refused.output
    assert openpyxl.load_workbook(path).sheetnames == ["Settings", "Round 1", "Round 2"]


# The small event's qualifying rank (round points 5/3/2/1): Basia 8, Ala 7, Ewa 6 (VP 18), Dorota 6 (14),
# Czesia 6 (12), Gosia 3+2 = 5, Franek 2+1 = 3 (VP 8), Henio 2+1 = 3 (VP 6).
FINAL_4 = {"Basia": (10, "x"), "Ala": (8, ""), "Dorota": (6, ""), "Czesia": (4, ""), "Ewa": (6, "")}


def test_the_final_ranking_marks_a_withdrawn_player_as_the_standings_do(tmp_path: Path) -> None:
    # Ewa (3rd) withdraws after the two qualifying rounds: Czesia (5th) takes her seat in the Final, and Ewa is
    # ranked 5th, first of those out in qualifying, marked as on the Standings sheet.
    players = [["Player", "Active"]] + [
        [n, "no" if n == "Ewa" else "yes"]
        for n in ("Ala", "Basia", "Czesia", "Dorota", "Ewa", "Franek", "Gosia", "Henio")
    ]
    path = write_workbook(tmp_path / "event.xlsx", {"Players": players, **small_event([["Playoff Size", 4]])})
    assert run(path).exit_code == 0
    assert [r[2] for r in sheet_rows(path, "Final")[1:]] == ["Basia", "Ala", "Dorota", "Czesia"]
    fill(path, "Final", FINAL_4)
    step = run(path)
    assert step.exit_code == 0, step.output
    ranking = sheet_rows(path, "Final Ranking")
    assert ranking[0] == ("Rank", "Player", "Stage", "Qualifying Rank", "Withdrawn")
    assert ranking[1:] == [
        (1, "Basia", "Final", 1, None),
        (2, "Ala", "Final", 2, None),
        (3, "Dorota", "Final", 4, None),
        (4, "Czesia", "Final", 5, None),
        (5, "Ewa", "Qualifying", 3, "After round 2"),
        (6, "Gosia", "Qualifying", 6, None),
        (7, "Franek", "Qualifying", 7, None),
        (8, "Henio", "Qualifying", 8, None),
    ]
    # "After round 2" is 13 characters, and three of margin
    assert openpyxl.load_workbook(path)["Final Ranking"].column_dimensions["E"].width == 16
    # the Standings sheet `score` writes says the same words in its Withdrawn column
    assert run_command("score", path).exit_code == 0
    standings = list(openpyxl.load_workbook(tmp_path / "event.scored.xlsx")["Standings"].iter_rows(values_only=True))
    assert standings[0][-1] == "Withdrawn"
    assert {r[1]: r[-1] for r in standings[1:] if r[-1]} == {"Ewa": "After round 2"}
    # in the event's language: Polish words and the Polish header
    assert run(path, "--lang", "pl").exit_code == 0
    polish = sheet_rows(path, "Final Ranking")
    assert polish[0][-1] == "Rezygnacja" and [r[-1] for r in polish[1:]] == [None] * 4 + ["Po rundzie 2"] + [None] * 3
    assert polish[0][0] == "Miejsce"  # the Polish sheet, rewritten in place


def test_the_final_ranking_without_a_withdrawal_has_no_status_column(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", small_event([["Playoff Size", 4]]))
    assert run(path).exit_code == 0
    fill(path, "Final", FINAL_4)
    assert run(path).exit_code == 0
    ranking = sheet_rows(path, "Final Ranking")
    assert ranking == [
        ("Rank", "Player", "Stage", "Qualifying Rank"),
        (1, "Basia", "Final", 1),
        (2, "Ala", "Final", 2),
        (3, "Ewa", "Final", 3),
        (4, "Dorota", "Final", 4),
        (5, "Czesia", "Qualifying", 5),
        (6, "Gosia", "Qualifying", 6),
        (7, "Franek", "Qualifying", 7),
        (8, "Henio", "Qualifying", 8),
    ]
