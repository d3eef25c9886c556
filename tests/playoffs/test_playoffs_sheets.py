"""Playoff sheets when reading and scoring (docs/rules.md §1, §6), and the sheets `playoffs` writes in other languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
from click.testing import CliRunner
from helpers import write_workbook

from sheet_scorer.api import check_workbook, score_workbook
from sheet_scorer.cli.main import main
from sheet_scorer.i18n.vocab import (
    COLUMN_WORDS,
    COMPUTED_HEADER_INDEX,
    INPUT_HEADER_INDEX,
    LANGUAGES,
    PLAYOFF_HEADERS,
    fold,
    playoff_stage,
)

VP_HEADERS = ["Table", "Player", "VP", "Declared"]
# One qualifying round: Ala 10, Bob 8, Cyd 6, Dan 4 (round points 5, 3, 2, 1).
ROUND = [VP_HEADERS, [1, "Ala", 10, ""], [1, "Bob", 8, ""], [1, "Cyd", 6, ""], [1, "Dan", 4, ""]]


def test_playoff_sheet_names_in_four_languages() -> None:
    assert [playoff_stage(n) for n in ("Semifinal", "semi-final", "Półfinał", "Demi-finale", "POLFINAL")] == [
        "semifinal"
    ] * 5
    assert [playoff_stage(n) for n in ("Final", "Finał", "Finale", " final ")] == ["final"] * 4
    assert [playoff_stage(n) for n in ("Final Ranking", "Finals", "Round 1", "Standings")] == [None] * 4


def test_the_columns_playoffs_writes_read_back_as_what_they_are() -> None:
    """Each input header written is read as its field; the two extra columns are read as nothing (kept, ignored)."""
    for lang in LANGUAGES:
        assert {field: INPUT_HEADER_INDEX.get(fold(words[lang])) for field, words in COLUMN_WORDS.items()} == {
            field: field for field in COLUMN_WORDS
        }
        for key in ("qualifying_rank", "pick"):
            word = fold(PLAYOFF_HEADERS[key][lang])
            assert word not in INPUT_HEADER_INDEX and word not in COMPUTED_HEADER_INDEX


def test_a_final_sheet_is_scored_with_the_round_rules_and_kept_out_of_the_standings(tmp_path: Path) -> None:
    # Final: Dan and Cyd tie for the win on 9 VP below the target: Cyd (3rd in qualifying) beats Dan (4th);
    # Ala and Bob tie at 7: Ala (1st) takes 3rd place.
    final = [VP_HEADERS, [1, "Ala", 7, ""], [1, "Bob", 7, ""], [1, "Cyd", 9, ""], [1, "Dan", 9, ""]]
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": ROUND, "Finał": final})
    result = check_workbook(path)
    assert [s.name for s in result.data.rounds] == ["Round 1"]
    assert [(s.name, s.kind) for s in result.data.playoffs] == [("Finał", "final")]
    assert result.standings[["player", "round_points", "vp"]].values.tolist() == [
        ["Ala", 5.0, 10],
        ["Bob", 3.0, 8],
        ["Cyd", 2.0, 6],
        ["Dan", 1.0, 4],
    ]
    places = result.playoff_results.set_index("player")["place"]
    assert places.to_dict() == {"Cyd": 1, "Dan": 2, "Ala": 3, "Bob": 4}
    assert [p.code for p in result.problems] == ["no-target"]  # a warning, as in a round

    score_workbook(path)
    scored = openpyxl.load_workbook(tmp_path / "event.scored.xlsx")
    sheet = scored["Finał"]
    header = [c.value for c in sheet[1]]
    assert [sheet.cell(r, header.index("Place") + 1).value for r in range(2, 6)] == [3, 4, 1, 2]
    assert [c.value for c in scored["Standings"][1]][-1] == "Round 1"  # no standings column for the final
    html = (tmp_path / "event.standings.html").read_text(encoding="utf-8")
    assert 'id="playoffs"' in html


def test_a_final_sheet_with_an_error_is_reported_at_its_cell(tmp_path: Path) -> None:
    final = [VP_HEADERS, [1, "Ala", 7, ""], [1, "Bob", "seven", ""], [1, "Cyd", 9, ""], [1, "Dan", 9, ""]]
    result = check_workbook(write_workbook(tmp_path / "event.xlsx", {"Round 1": ROUND, "Final": final}))
    errors = [(p.sheet, p.cell) for p in result.problems if p.severity == "error"]
    assert errors == [("Final", "C3")]


def test_a_second_sheet_of_one_stage_is_reported_not_scored(tmp_path: Path) -> None:
    final = [VP_HEADERS, [1, "Ala", 10, ""], [1, "Bob", 7, ""], [1, "Cyd", 6, ""], [1, "Dan", 5, ""]]
    result = check_workbook(
        write_workbook(tmp_path / "event.xlsx", {"Round 1": ROUND, "Final": final, "Finale": final})
    )
    assert [(p.code, p.sheet, p.params["other"]) for p in result.problems] == [("duplicate-playoff", "Finale", "Final")]
    assert [s.name for s in result.data.playoffs] == ["Final"]


def test_playoffs_in_polish_names_the_sheets_and_columns_in_polish(tmp_path: Path) -> None:
    settings = [["Język", "pl"], ["Playoff Size", 4]]
    path = write_workbook(tmp_path / "event.xlsx", {"Ustawienia": settings, "Runda 1": ROUND})
    assert CliRunner().invoke(main, ["playoffs", str(path)]).exit_code == 0
    rows = list(openpyxl.load_workbook(path)["Finał"].iter_rows(values_only=True))
    assert rows[0] == (
        "Stół",
        "Pozycja",
        "Gracz",
        "PZ",
        "Zgłoszone zwycięstwo",
        "Miejsce w eliminacjach",
        "Wybór pozycji",
    )
    assert [r[2] for r in rows[1:]] == ["Ala", "Bob", "Cyd", "Dan"]
    book = openpyxl.load_workbook(path)
    # Ala declares with 10 VP at the final; the others below the target.
    for row, vp in zip(range(2, 6), (10, 8, 8, 3)):
        book["Finał"].cell(row, 4, vp)
    book["Finał"].cell(2, 5, "x")
    book.save(path)
    step = CliRunner().invoke(main, ["playoffs", str(path)])
    assert step.exit_code == 0, step.output
    ranking = list(openpyxl.load_workbook(path)["Ranking końcowy"].iter_rows(values_only=True))
    assert ranking[0] == ("Miejsce", "Gracz", "Etap", "Miejsce w eliminacjach")
    # Bob (2nd) and Cyd (3rd) tie at 8: Bob 2nd.
    assert ranking[1:] == [
        (1, "Ala", "Finał", 1),
        (2, "Bob", "Finał", 2),
        (3, "Cyd", "Finał", 3),
        (4, "Dan", "Finał", 4),
    ]


def test_qualifying_rounds_setting_ranks_on_those_rounds_only(tmp_path: Path) -> None:
    # Round 2 reverses round 1; with Qualifying Rounds 1 only round 1 counts: Ala, Bob, Cyd, Dan.
    round_2 = [VP_HEADERS, [1, "Ala", 2, ""], [1, "Bob", 4, ""], [1, "Cyd", 6, ""], [1, "Dan", 10, ""]]
    sheets: dict[str, list[list[Any]]] = {
        "Settings": [["Qualifying Rounds", 1], ["Playoff Size", 4]],
        "Round 1": ROUND,
        "Round 2": round_2,
    }
    path = write_workbook(tmp_path / "event.xlsx", sheets)
    assert CliRunner().invoke(main, ["playoffs", str(path)]).exit_code == 0
    assert [r[2] for r in list(openpyxl.load_workbook(path)["Final"].iter_rows(values_only=True))[1:]] == [
        "Ala",
        "Bob",
        "Cyd",
        "Dan",
    ]
    too_many = write_workbook(
        tmp_path / "more.xlsx", {**sheets, "Settings": [["Qualifying Rounds", 3], ["Playoff Size", 4]]}
    )
    refused = CliRunner().invoke(main, ["playoffs", str(too_many)])
    assert refused.exit_code == 2 and "round 3 has no sheet" in refused.output


def test_the_qualifying_rank_is_computed_never_read_from_a_stale_standings_sheet(tmp_path: Path) -> None:
    stale = [["Rank", "Player", "Round Points"], [1, "Dan", 5], [2, "Cyd", 3], [3, "Bob", 2], [4, "Ala", 1]]
    path = write_workbook(
        tmp_path / "event.scored.xlsx", {"Settings": [["Playoff Size", 4]], "Round 1": ROUND, "Standings": stale}
    )
    assert CliRunner().invoke(main, ["playoffs", str(path)]).exit_code == 0
    final = list(openpyxl.load_workbook(path)["Final"].iter_rows(values_only=True))[1:]
    assert [(r[2], r[5]) for r in final] == [("Ala", 1), ("Bob", 2), ("Cyd", 3), ("Dan", 4)]


def test_the_playoff_sheet_has_its_header_on_the_row_the_round_sheets_have_it(tmp_path: Path) -> None:
    titled = [["Spring Open — Round 1"], [], *ROUND]
    path = write_workbook(tmp_path / "event.xlsx", {"Settings": [["Playoff Size", 4]], "Round 1": titled})
    assert CliRunner().invoke(main, ["playoffs", str(path)]).exit_code == 0
    rows = list(openpyxl.load_workbook(path)["Final"].iter_rows(values_only=True))
    assert rows[2][:3] == ("Table", "Seat", "Player") and not any(rows[0]) and not any(rows[1])
    assert [r[2] for r in rows[3:]] == ["Ala", "Bob", "Cyd", "Dan"]
    assert check_workbook(path).data.playoffs[0].header_row == 3
