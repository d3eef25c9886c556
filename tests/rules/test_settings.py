"""The Settings and Adjustments sheets (docs/rules.md §7, §8) from cell values, in memory: every key
applied or reported at its cell."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheet_scorer.model import Adjustment, Settings
from sheet_scorer.problems import Problem
from sheet_scorer.rules.settings import check_adjustments, judge_adjustments, judge_settings
from sheet_scorer.workbook.settings import adjustment_rows, setting_cells


def read_settings(sheet: str, rows: list[list], settings: Settings) -> tuple[Settings, list[Problem]]:
    """The Settings rows as `workbook.settings` reads them, judged as `rules.settings` does (read, then judged)."""
    return judge_settings(setting_cells(sheet, rows), settings)


def read_adjustments(sheet: str, rows: list[list]) -> tuple[list[Adjustment], list[Problem]]:
    """The Adjustments rows as `workbook.settings` reads them, judged as `rules.settings` does."""
    return judge_adjustments({sheet: adjustment_rows(sheet, rows)})


def settings_of(*rows: list) -> tuple[Settings, list[tuple[str, str]]]:
    settings, problems = read_settings("Settings", [list(r) for r in rows], Settings())
    return settings, [(p.code, p.cell) for p in problems]


def test_defaults() -> None:
    settings = Settings()
    assert (settings.ranking, settings.tiebreakers, settings.table_size, settings.playoff_size) == (
        "round_points",
        ("vp", "vp_pct", "name"),
        "3-4",
        None,
    )


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("VP, VP %, Name", ("vp", "vp_pct", "name")),
        (
            "Opponents' Points; Opponents' Opponents' Points; Penalties",
            ("opponents_points", "opponents_opponents_points", "penalties"),
        ),
        ("vp capped, mean vp %, places", ("vp_capped", "mean_vp_pct", "places")),
        ("PZ, PZ %, Punkty przeciwników, Kary", ("vp", "vp_pct", "opponents_points", "penalties")),  # pl
        ("PV, PV %, Pontos dos adversários, Vitórias", ("vp", "vp_pct", "opponents_points", "wins")),  # pt
        (
            "PV plafonnés, PV % moyen, Points des adversaires, Nom",
            ("vp_capped", "mean_vp_pct", "opponents_points", "name"),
        ),  # fr
        ("Wins\nRound Points", ("wins", "round_points")),
    ],
)
def test_tiebreakers_in_every_language(written: str, expected: tuple[str, ...]) -> None:
    settings, problems = settings_of(["Tiebreakers", written])
    assert settings.tiebreakers == expected and problems == []


def test_misspelt_tiebreaker_is_an_error_at_its_cell_listing_the_valid_names() -> None:
    settings, problems = read_settings(
        "Settings", [["Tournament", "Cup"], ["Tiebreakers", "VP, Opponets Points, Name"]], Settings()
    )
    assert [(p.code, p.sheet, p.cell, p.severity) for p in problems] == [("bad-tiebreaker", "Settings", "B2", "error")]
    assert problems[0].params["value"] == "Opponets Points"
    assert "Opponents' Points" in problems[0].message and "Mean VP %" in problems[0].message
    assert settings.tiebreakers == ("vp", "name")  # the names understood are applied


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Wins", "wins"),
        ("round points", "round_points"),
        ("Zwycięstwa", "wins"),
        ("Vitórias", "wins"),
        ("Points de ronde", "round_points"),
    ],
)
def test_ranking(written: str, expected: str) -> None:
    assert settings_of(["Ranking", written]) == (Settings(ranking=expected), [])


def test_ranking_that_is_neither_points_nor_wins_is_an_error() -> None:
    settings, problems = settings_of(["Ranking", "VP"])
    assert problems == [("bad-ranking", "B1")] and settings.ranking == "round_points"


def test_unknown_key_is_a_warning_at_its_cell() -> None:
    _settings, problems = read_settings(
        "Settings", [["Key", "Value"], ["Tournamnet", "Cup"], ["Notes", "bring dice"]], Settings()
    )
    assert [(p.code, p.cell, p.severity) for p in problems] == [
        ("unknown-setting", "A2", "warning"),
        ("unknown-setting", "A3", "warning"),
    ]


@pytest.mark.parametrize(
    ("written", "expected", "problems"),
    [
        (16, 16, []),
        (4, 4, []),
        (0, 0, []),
        ("0", 0, []),
        (-1, None, [("bad-setting", "B1")]),
        ("many", None, [("bad-setting", "B1")]),
    ],
)
def test_playoff_size(written: object, expected: int | None, problems: list) -> None:
    assert settings_of(["Playoff Size", written]) == (Settings(playoff_size=expected), problems)


@pytest.mark.parametrize(
    ("written", "expected", "problems"),
    [
        ("3-4", "3-4", []),
        ("4", "4", []),
        (4, "4", []),
        ("3 – 4", "3-4", []),
        ("5", "3-4", [("bad-setting", "B1")]),
    ],
)
def test_table_size(written: object, expected: str, problems: list) -> None:
    assert settings_of(["Table Size", written]) == (Settings(table_size=expected), problems)


def test_german_points_and_bye_points() -> None:
    settings, problems = settings_of(["Points 3", "5, 3, 1"], ["Bye Points", "2,5"], ["Qualifying Rounds", 4])
    assert problems == []
    assert (settings.points_3, settings.bye_points, settings.qualifying_rounds) == ((5, 3, 1), Fraction(5, 2), 4)


# ------------------------------------------------------------------------------------------ Adjustments


def test_adjustments_sheet_read_with_its_cells() -> None:
    rows = [
        ["Penalties and bonuses"],
        ["Gracz", "Runda", "Punkty", "Powód"],
        ["Ala", 2, -3, "late"],
        [" Bob ", None, "+1,5", ""],
        [None, None, None, None],
    ]
    adjustments, problems = read_adjustments("Korekty", rows)
    assert problems == []
    assert adjustments == [
        Adjustment("Ala", 2, Fraction(-3), "late", "Korekty", 3, (1, 2)),
        Adjustment("Bob", None, Fraction(3, 2), "", "Korekty", 4, (1, 2)),
    ]


def test_adjustment_with_points_that_are_no_number_or_no_player() -> None:
    rows = [
        ["Player", "Round", "Points", "Reason"],
        ["Ala", 1, "three", ""],
        [None, 1, -1, "who?"],
        ["Bob", "2.5", -1, ""],
    ]
    adjustments, problems = read_adjustments("Adjustments", rows)
    assert adjustments == []
    assert [(p.code, p.cell) for p in problems] == [
        ("adjustment-points", "C2"),
        ("adjustment-no-player", "A3"),
        ("adjustment-unknown-round", "B4"),
    ]


def test_adjustments_sheet_without_its_header_row_and_a_second_sheet() -> None:
    """Read in workbook/, judged in rules/: a sheet with no Player/Points header row is an error on the
    sheet (no adjustment from it); with two Adjustments sheets the last one's rows are the adjustments."""
    assert adjustment_rows("Adjustments", [["Ala", 1, -1]]) is None
    no_header, problems = read_adjustments("Adjustments", [["Ala", 1, -1]])
    assert no_header == [] and [(p.code, p.sheet, p.cell, p.message) for p in problems] == [
        (
            "adjustments-no-header",
            "Adjustments",
            "",
            "no header row found: the sheet needs a row with at least 'Player' and 'Points' headers",
        )
    ]
    header = ["Player", "Points", "Round"]  # no Reason column, Round last: a problem names the Round cell C
    adjustments, problems = judge_adjustments(
        {
            "Adjustments": adjustment_rows("Adjustments", [header, ["Ala", -1, None]]),
            "Korekty": adjustment_rows("Korekty", [header, ["Bob", 2, 1], ["Ala", -1, "x"]]),
        }
    )
    assert adjustments == [Adjustment("Bob", 1, Fraction(2), "", "Korekty", 2, (1, 3))]
    assert [(p.code, p.sheet, p.cell, p.player, p.message) for p in problems] == [
        ("adjustment-unknown-round", "Korekty", "C3", "Ala", "Ala: there is no round x")
    ]


def test_adjustment_for_an_unknown_player_or_round_is_an_error_at_its_cell() -> None:
    adjustments = [
        Adjustment("Ala", 1, Fraction(-1), "", "Adjustments", 2, (1, 2)),
        Adjustment("Zed", 1, Fraction(-1), "", "Adjustments", 3, (1, 2)),
        Adjustment("Ala", 7, Fraction(-1), "", "Adjustments", 4, (1, 2)),
    ]
    kept, problems = check_adjustments(adjustments, {"Ala", "Bob"}, {1, 2})
    assert kept == adjustments[:1]
    assert [(p.code, p.cell, p.player, p.severity) for p in problems] == [
        ("adjustment-unknown-player", "A3", "Zed", "error"),
        ("adjustment-unknown-round", "B4", "Ala", "error"),
    ]


# ------------------------------------------------------------------ spellings (moved here from real-file tests)


@pytest.mark.parametrize(
    ("written", "language"),
    [
        ("pl", "pl"),
        ("PL", "pl"),
        ("pl-PL", "pl"),
        ("pt_BR", "pt"),
        ("Polski", "pl"),
        ("Polish", "pl"),
        ("Português", "pt"),
        ("portugues", "pt"),
        ("Portuguese", "pt"),
        ("Français", "fr"),
        ("French", "fr"),
        ("English", "en"),
        ("fr ", "fr"),
        ("Eng", "en"),
        ("pol", "pl"),
        ("Port.", "pt"),
    ],
)
def test_language_in_words_or_codes(written: str, language: str) -> None:
    assert settings_of(["Language", written]) == (Settings(language=language), [])


@pytest.mark.parametrize("written", ["Deutsch", "po", "plx", "Esperanto"])
def test_language_not_supported_is_a_problem(written: str) -> None:
    assert settings_of(["Language", written]) == (Settings(), [("bad-setting", "B1")])


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("5,3,1", [5, 3, 1]),
        ("5, 3, 1", [5, 3, 1]),
        ("5;3;1", [5, 3, 1]),
        ("5 3 1", [5, 3, 1]),
        ("5-3-1", [5, 3, 1]),
        ("5 – 3 – 1", [5, 3, 1]),
        ("4,5-3-1,5", [4.5, 3, 1.5]),
    ],
)
def test_points_3_lists(text: str, points: list[float]) -> None:
    settings, problems = settings_of(["Points 3", text])
    assert problems == [] and [float(p) for p in settings.points_3] == points


@pytest.mark.parametrize("text", ["5-3", "5-3-1-1", "five, three, one", "5--3-1x"])
def test_points_3_that_is_not_three_numbers_is_a_problem(text: str) -> None:
    assert settings_of(["Points 3", text]) == (Settings(), [("bad-setting", "B1")])


def test_a_whole_number_that_does_not_hold_is_said_as_written() -> None:
    """A cell's number comes back as a float (Excel keeps numbers so); a value that does not hold is said as the
    organiser typed it, `0`, not `0.0`, in English as in the other languages, and a fraction keeps its decimals."""
    from sheet_scorer.problems import problem_message

    _, problems = judge_settings(
        setting_cells("Settings", [["Victory Target", 0.0], ["Playoff Size", 2.5]]), Settings()
    )
    target, size = problems
    assert (target.code, target.cell, size.code, size.cell) == ("bad-setting", "B1", "bad-setting", "B2")
    assert target.message == "the setting 'Victory Target' is '0', which is not a valid value"
    assert problem_message(target, "pl") == "ustawienie „Victory Target” ma nieprawidłową wartość „0”"
    assert "'2.5'" in size.message and "„2,5”" in problem_message(size, "pl")
