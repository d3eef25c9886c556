"""Season ranking across events (docs/rules.md §10, `sheet-scorer season`).

Every expected value is worked out by hand from the event workbooks written here (VP-only round
sheets of one round: a table's places follow its VP). The worked example of docs/rules.md §10:

* Spring Open (2026-03-14), one table of 4: Ann Lee 12, Bob Hart 9, Cy Moss 7, Dee Park 5 VP
  -> ranks 1-4, season points N - rank + 1 = 4, 3, 2, 1;
* Summer Cup (2026-06-20), one table of 4: Bob Hart 12, Cy Moss 9, Anne Lee 7, Eve Ross 5 -> 4, 3, 2, 1;
* Autumn Classic (2026-09-12), one table of 3: Cy Moss 12, Ann Lee 9, Bob Hart 7 -> 3, 2, 1.

With the alias `Anne Lee` = `Ann Lee` and `--best 2`: Bob 3 + 4 (1 dropped) = 7; Ann 4 + 2 (Summer Cup;
the Autumn Classic's equal 2 is dropped: the earlier event counts on equal points) = 6; Cy 3 + 3 = 6
(the Spring Open's 2 dropped); Ann and Cy tie on points, events won (1 each), best finish (1st) and
events played (3): the name decides, Ann first. Dee Park and Eve Ross 1 point each, 0 won, best 4th,
1 event: Dee before Eve by name. Ranks: Bob 1, Ann 2, Cy 3, Dee 4, Eve 5.
"""

from __future__ import annotations

import html
import json
import shutil
from datetime import date, datetime
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import run as run_command
from helpers import write_workbook
from season_books import VP_HEADERS, season_event

from sheet_scorer.i18n.text import text
from sheet_scorer.season.compute import build_season, points_for, rank_season
from sheet_scorer.season.events import event_files, read_events
from sheet_scorer.season.model import Alias, EventSummary, Finish, SeasonSettings


def settings_book(
    path: Path,
    aliases: list[list[Any]] | None = None,
    points: list[list[Any]] | None = None,
    settings: list[list[Any]] | None = None,
) -> Path:
    sheets: dict[str, list[list[Any]]] = {}
    if settings:
        sheets["Settings"] = settings
    if aliases is not None:
        sheets["Aliases"] = [["Name", "Same as"], *aliases]
    if points is not None:
        sheets["Season Points"] = [["Place", "Points"], *points]
    return write_workbook(path, sheets)


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The three events of the worked example, in a folder, written once for the module."""
    folder = tmp_path_factory.mktemp("league")
    season_event(
        folder / "c_spring.xlsx",
        "Spring Open",
        date(2026, 3, 14),
        [[("Ann Lee", 12), ("Bob Hart", 9), ("Cy Moss", 7), ("Dee Park", 5)]],
    )
    season_event(
        folder / "a_summer.xlsx",
        "Summer Cup",
        date(2026, 6, 20),
        [[("Bob Hart", 12), ("Cy Moss", 9), ("Anne Lee", 7), ("Eve Ross", 5)]],
    )
    season_event(
        folder / "b_autumn.xlsx",
        "Autumn Classic",
        date(2026, 9, 12),
        [[("Cy Moss", 12), ("Ann Lee", 9), ("Bob Hart", 7)]],
    )
    return folder


@pytest.fixture(scope="module")
def summaries(league: Path) -> list[EventSummary]:
    return read_events(event_files([league]), jobs=1)


@pytest.fixture(scope="module")
def alias_settings(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return settings_book(
        tmp_path_factory.mktemp("settings") / "season_settings.xlsx", aliases=[["Anne Lee", "Ann Lee"]]
    )


run = partial(run_command, "season")


def table(season: Any) -> list[tuple[int, str, Fraction]]:
    return [(r.rank, r.player, r.points) for r in season.rows]


# ---------------------------------------------------------------- reading events


def test_each_event_gives_its_ranking_name_and_date(summaries: list[EventSummary]) -> None:
    found = {s.name: (s.date, s.ranking, s.errors) for s in summaries}
    assert found == {
        "Spring Open": (date(2026, 3, 14), ("Ann Lee", "Bob Hart", "Cy Moss", "Dee Park"), 0),
        "Summer Cup": (date(2026, 6, 20), ("Bob Hart", "Cy Moss", "Anne Lee", "Eve Ross"), 0),
        "Autumn Classic": (date(2026, 9, 12), ("Cy Moss", "Ann Lee", "Bob Hart"), 0),
    }


def test_events_are_ordered_by_date_then_file_name(summaries: list[EventSummary], tmp_path: Path) -> None:
    season = build_season(summaries, SeasonSettings())
    assert [e.summary.name for e in season.entries] == [
        "Spring Open",
        "Summer Cup",
        "Autumn Classic",
    ]  # not file-name order
    same_day = [
        EventSummary(Path("b.xlsx"), "B", date(2026, 1, 1), ranking=("X",)),
        EventSummary(Path("a.xlsx"), "A", "2026-01-01", ranking=("Y",)),
        EventSummary(Path("0.xlsx"), "Undated", None, ranking=("Z",)),
    ]
    assert [e.summary.path.name for e in build_season(same_day, SeasonSettings()).entries] == [
        "a.xlsx",
        "b.xlsx",
        "0.xlsx",
    ]


def test_a_scored_copy_is_read_instead_of_its_original_and_backups_are_not_events(tmp_path: Path) -> None:
    for name in ("x.xlsx", "x.scored.xlsx", "x.backup.xlsx", "y.original.xlsx", "~$y.xlsx", "notes.txt", "z.xlsm"):
        (tmp_path / name).write_text("")
    assert [p.name for p in event_files([tmp_path])] == ["x.scored.xlsx", "z.xlsm"]
    assert [p.name for p in event_files([tmp_path], [tmp_path / "z.xlsm"])] == ["x.scored.xlsx"]


# ---------------------------------------------------------------- points and order


def test_worked_example_alias_and_best_two_of_three(summaries: list[EventSummary]) -> None:
    season = build_season(summaries, SeasonSettings(aliases=[Alias("Anne Lee", "Ann Lee", 2, "A2", "B2")]), best=2)
    assert table(season) == [
        (1, "Bob Hart", 7),
        (2, "Ann Lee", 6),
        (3, "Cy Moss", 6),
        (4, "Dee Park", 1),
        (5, "Eve Ross", 1),
    ]
    ann = season.rows[1]
    assert [(f.rank, f.of, f.points, f.counted) for f in ann.finishes] == [
        (1, 4, 4, True),
        (3, 4, 2, True),
        (2, 3, 2, False),
    ]
    assert (ann.counted, ann.played, ann.won, ann.best) == (2, 3, 1, 1)
    cy = season.rows[2]
    assert [f.counted for f in cy.finishes] == [False, True, True]
    assert season.notes == [] and season.exit_code == 0


def test_without_best_every_event_counts_and_the_name_decides_last(summaries: list[EventSummary]) -> None:
    season = build_season(summaries, SeasonSettings(aliases=[Alias("Anne Lee", "Ann Lee", 2, "A2", "B2")]))
    # Ann 4+2+2, Bob 3+4+1, Cy 2+3+3 = 8 each; one win each, best 1st each, 3 events each: by name
    assert table(season) == [
        (1, "Ann Lee", 8),
        (2, "Bob Hart", 8),
        (3, "Cy Moss", 8),
        (4, "Dee Park", 1),
        (5, "Eve Ross", 1),
    ]


def test_without_the_alias_two_spellings_are_two_players_with_a_did_you_mean(summaries: list[EventSummary]) -> None:
    season = build_season(summaries, SeasonSettings(), best=2)
    assert ("Ann Lee", Fraction(6)) in [(r.player, r.points) for r in season.rows]  # 4 (Spring) + 2 (Autumn)
    assert ("Anne Lee", Fraction(2)) in [(r.player, r.points) for r in season.rows]
    assert [(n.severity, n.key, n.values) for n in season.notes] == [
        (
            "warning",
            "season_name_similar",
            {"player": "Anne Lee", "event": "Summer Cup", "other": "Ann Lee", "other_event": "Spring Open"},
        )
    ]


def test_names_in_one_event_are_never_near_misses() -> None:
    events = [EventSummary(Path("a.xlsx"), "A", date(2026, 1, 1), ranking=("Ann Lee", "Anne Lee"))]
    assert build_season(events, SeasonSettings()).notes == []


def test_case_or_accent_only_differences_across_events_are_warned_not_joined() -> None:
    events = [
        EventSummary(Path("a.xlsx"), "A", date(2026, 1, 1), ranking=("Łukasz Nowak", "Bo Li")),
        EventSummary(Path("b.xlsx"), "B", date(2026, 2, 1), ranking=("Lukasz Nowak", "Bo Li")),
    ]
    season = build_season(events, SeasonSettings())
    assert len(season.rows) == 3
    assert [(n.key, n.values["player"], n.values["other"]) for n in season.notes] == [
        ("season_name_spelling", "Lukasz Nowak", "Łukasz Nowak")
    ]


def test_points_rule_and_points_table() -> None:
    assert [points_for(rank, 30, None) for rank in (1, 2, 30)] == [30, 29, 1]
    table = {1: Fraction(10), 2: Fraction(6), 3: Fraction(4)}
    assert [points_for(rank, 30, table) for rank in (1, 3, 4, 30)] == [10, 4, 0, 0]


def finishes(*ranks_points: tuple[int, int], of: int = 10) -> list[Finish]:
    return [Finish(i, rank, of, Fraction(points), True) for i, (rank, points) in enumerate(ranks_points)]


@pytest.mark.parametrize(
    ("a", "b", "first"),
    [
        (finishes((2, 9), (2, 9)), finishes((3, 8), (2, 9)), "Zed"),  # season points: 18 against 17
        (finishes((1, 5), (9, 5)), finishes((2, 5), (2, 5)), "Zed"),  # equal points: one event won against none
        (
            finishes((2, 5), (9, 5)),
            finishes((3, 5), (3, 5)),
            "Zed",
        ),  # equal points and wins: best finish 2nd against 3rd
        (finishes((3, 4), (3, 4), (3, 0)), finishes((3, 4), (3, 4)), "Zed"),  # all else equal: more events played
        (finishes((3, 4)), finishes((3, 4)), "Amy"),  # everything equal: the name
    ],
)
def test_season_order(a: list[Finish], b: list[Finish], first: str) -> None:
    rows = rank_season({"Zed": a, "Amy": b}, None, "en")
    assert next(r.player for r in rows) == first and [r.rank for r in rows] == [1, 2]


def test_the_name_order_is_the_season_language() -> None:
    tied = {name: finishes((2, 3)) for name in ("Marek", "Łaba", "Lucyna")}
    assert [r.player for r in rank_season(tied, None, "en")] == ["Łaba", "Lucyna", "Marek"]
    assert [r.player for r in rank_season(tied, None, "pl")] == ["Lucyna", "Łaba", "Marek"]  # ł after l in Polish


def test_best_n_keeps_the_highest_points_the_earlier_event_on_a_draw() -> None:
    row = rank_season({"Amy": finishes((5, 3), (1, 7), (2, 3), (4, 5))}, 2, "en")[0]
    assert [f.counted for f in row.finishes] == [False, True, False, True] and row.points == 12
    row = rank_season({"Amy": finishes((5, 3), (1, 7), (2, 3))}, 2, "en")[0]
    assert [f.counted for f in row.finishes] == [True, True, False] and row.points == 10


# ---------------------------------------------------------------- bad input


def test_alias_naming_nobody_is_an_error_at_its_cell(summaries: list[EventSummary], tmp_path: Path) -> None:
    from sheet_scorer.season.settings import read_season_settings

    path = settings_book(
        tmp_path / "s.xlsx", aliases=[["Anne Lee", "Ann Lee"], ["Bob Hartt", "Bob Hart"], ["Zed Quinn", ""]]
    )
    season = build_season(summaries, read_season_settings(path))
    errors = [(n.where, n.key, n.values) for n in season.notes if n.severity == "error"]
    assert errors == [
        ("s.xlsx 'Aliases'!B4", "season_alias_incomplete", {}),
        ("s.xlsx 'Aliases'!A3", "season_alias_nobody_closest", {"name": "Bob Hartt", "other": "Bob Hart"}),
    ]
    assert "Anne Lee" not in [r.player for r in season.rows]  # the good row is applied
    assert season.exit_code == 1


def test_season_points_sheet_valid_and_invalid_cells(summaries: list[EventSummary], tmp_path: Path) -> None:
    from sheet_scorer.season.settings import read_season_settings

    good = read_season_settings(settings_book(tmp_path / "p.xlsx", points=[[1, 10], [2, 6], [3, "4"]]))
    assert good.points_by_place == {1: 10, 2: 6, 3: 4} and good.notes == []
    season = build_season(summaries, good)
    # Cy: Spring 3rd 4 + Summer 2nd 6 + Autumn 1st 10 = 20; Bob 6 + 10 + 4 = 20; Ann 10 + 0 (Autumn 2nd: 6) = 16, Anne Lee 4
    assert [(r.player, r.points) for r in season.rows][:3] == [("Bob Hart", 20), ("Cy Moss", 20), ("Ann Lee", 16)]
    bad = read_season_settings(
        settings_book(tmp_path / "q.xlsx", points=[[0, 10], ["2", "lots"], [1.5, 3], [4, 1], [4, 2]])
    )
    assert [(n.where, n.key) for n in bad.notes] == [
        ("q.xlsx 'Season Points'!A2", "season_bad_place"),
        ("q.xlsx 'Season Points'!B3", "season_bad_points"),
        ("q.xlsx 'Season Points'!A4", "season_bad_place"),
        ("q.xlsx 'Season Points'!A6", "season_duplicate_place"),
    ]
    assert bad.points_by_place == {4: 1}


def test_same_event_twice_and_provisional_and_unreadable(
    summaries: list[EventSummary], league: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "spring_copy.xlsx"
    shutil.copy(league / "c_spring.xlsx", copy)
    broken = tmp_path / "broken.xlsx"
    broken.write_text("not a workbook")
    provisional = season_event(
        tmp_path / "winter.xlsx", "Winter Open", date(2026, 12, 5), [[("Ann Lee", 25), ("Bob Hart", 9), ("Cy Moss", 7)]]
    )
    extra = read_events([copy, broken, provisional], jobs=1)
    assert extra[2].errors == 1  # 25 VP is out of range: that table is not scored
    season = build_season([*summaries, *extra], SeasonSettings())
    status = {e.summary.path.name: (e.status, e.values, e.counted) for e in season.entries}
    assert status["spring_copy.xlsx"] == (
        "season_status_duplicate",
        {"name": "Spring Open", "date": "14 March 2026", "other": "c_spring.xlsx"},
        False,
    )
    assert status["c_spring.xlsx"][2] is True
    assert status["winter.xlsx"] == ("season_status_provisional", {"errors": 1}, False)
    assert status["broken.xlsx"][0] == "season_status_unreadable" and "not an Excel workbook" in text(
        "en", "season_status_unreadable", **status["broken.xlsx"][1]
    )
    assert [e.summary.path.name for e in season.entries][-1] == "broken.xlsx"  # files not read are listed last
    assert season.exit_code == 1
    included = build_season([*summaries, *extra], SeasonSettings(), include_provisional=True)
    assert [e.counted for e in included.entries if e.summary.name == "Winter Open"] == [True]


def test_final_ranking_when_the_playoffs_are_complete(tmp_path: Path) -> None:
    """Qualifying: table 1 A 12, B 9, C 7, D 5; table 2 E 11, F 8, G 6, H 4 -> A E B F C G D H.
    Final (Playoff Size 4) of A, E, B, F: F 12, B 9, A 7, E 5 -> F, B, A, E, then C G D H by qualifying rank."""
    final = [VP_HEADERS, [1, "F", 12, ""], [1, "B", 9, ""], [1, "A", 7, ""], [1, "E", 5, ""]]
    path = season_event(
        tmp_path / "cup.xlsx",
        "Cup",
        date(2026, 5, 1),
        [[("A", 12), ("B", 9), ("C", 7), ("D", 5)], [("E", 11), ("F", 8), ("G", 6), ("H", 4)]],
        {"Playoff Size": 4},
        {"Final": final},
    )
    summary = read_events([path], jobs=1)[0]
    assert summary.final and summary.ranking == ("F", "B", "A", "E", "C", "G", "D", "H")
    empty = [VP_HEADERS, [1, "A", None, ""], [1, "E", None, ""], [1, "B", None, ""], [1, "F", None, ""]]
    season_event(
        path,
        "Cup",
        date(2026, 5, 1),
        [[("A", 12), ("B", 9), ("C", 7), ("D", 5)], [("E", 11), ("F", 8), ("G", 6), ("H", 4)]],
        {"Playoff Size": 4},
        {"Final": empty},
    )
    summary = read_events([path], jobs=1)[0]
    assert not summary.final and summary.ranking == (
        "A",
        "E",
        "B",
        "F",
        "C",
        "G",
        "D",
        "H",
    )  # the Final not played yet: the standings


# ---------------------------------------------------------------- the command


@pytest.fixture(scope="module")
def written(league: Path, alias_settings: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path]:
    out = tmp_path_factory.mktemp("out")
    result = run(
        league,
        "--settings",
        alias_settings,
        "--best",
        2,
        "-o",
        out / "season.xlsx",
        "--html",
        out / "season.html",
        "--json",
        out / "season.json",
        "--jobs",
        1,
    )
    return result, out


def test_command_writes_the_season_workbook(written: tuple[Any, Path]) -> None:
    result, out = written
    assert result.exit_code == 0, result.output
    book = openpyxl.load_workbook(out / "season.xlsx")
    assert book.sheetnames == ["Season Standings", "Events"]
    rows = list(book["Season Standings"].iter_rows(values_only=True))
    assert rows[0] == (
        "Rank",
        "Player",
        "Season points",
        "Events counted",
        "Events played",
        "Events won",
        "Best finish",
        "Spring Open",
        "Summer Cup",
        "Autumn Classic",
    )
    assert rows[1:6] == [
        (1, "Bob Hart", 7, 2, 3, 1, "1st", 3, 4, 1),  # the best finish as an ordinal (docs/rules.md §10)
        (2, "Ann Lee", 6, 2, 3, 1, "1st", 4, 2, 2),
        (3, "Cy Moss", 6, 2, 3, 1, "1st", 2, 3, 3),
        (4, "Dee Park", 1, 1, 1, 0, "4th", 1, None, None),
        (5, "Eve Ross", 1, 1, 1, 0, "4th", None, 1, None),
    ]
    sheet = book["Season Standings"]
    dropped = {
        (c.row, c.column)
        for row in sheet.iter_rows(min_row=2, max_row=6)
        for c in row
        if c.number_format == '"("General")"'
    }
    assert dropped == {(2, 10), (3, 10), (4, 8)}  # Bob's Autumn, Ann's Autumn, Cy's Spring
    assert sheet.cell(3, 10).font.i and not sheet.cell(3, 9).font.i
    events = list(book["Events"].iter_rows(values_only=True))
    assert [r[:4] for r in events[1:]] == [
        ("Spring Open", datetime(2026, 3, 14), 4, "c_spring.xlsx"),
        ("Summer Cup", datetime(2026, 6, 20), 4, "a_summer.xlsx"),
        ("Autumn Classic", datetime(2026, 9, 12), 3, "b_autumn.xlsx"),
    ]
    assert [r[4] for r in events[1:]] == ["counted (standings)"] * 3


def test_command_writes_the_report_and_json(written: tuple[Any, Path]) -> None:
    _, out = written
    page = (out / "season.html").read_text(encoding="utf-8")
    assert "<script" not in page and "http://" not in page and "https://" not in page
    assert '<td class="num dropped" title="not counted">(2)</td>' in page  # a dropped finish in the matrix
    assert "Only each player's best 2 events count" in html.unescape(page)
    document = json.loads((out / "season.json").read_text(encoding="utf-8"))
    assert document["schema"] == "sheet-scorer/season" and document["best"] == 2
    assert [(r["rank"], r["player"], r["points"]) for r in document["standings"]] == [
        (1, "Bob Hart", 7),
        (2, "Ann Lee", 6),
        (3, "Cy Moss", 6),
        (4, "Dee Park", 1),
        (5, "Eve Ross", 1),
    ]
    assert document["standings"][1]["finishes"][2] == {
        "event": "Autumn Classic",
        "rank": 2,
        "of": 3,
        "points": 2,
        "counted": False,
    }


def test_command_prints_the_season(written: tuple[Any, Path]) -> None:
    result, out = written
    assert "Season: 3 events counted of 3 read, 5 players" in result.output
    assert f"wrote {out / 'season.xlsx'}, {out / 'season.html'} and {out / 'season.json'}" in result.output


def test_command_lists_what_it_left_out_and_exits_1(league: Path, tmp_path: Path) -> None:
    folder = tmp_path / "events"
    shutil.copytree(league, folder)
    (folder / "broken.xlsx").write_text("not a workbook")
    write_workbook(folder / "budget.xlsx", {"Costs": [["Item", "Price"], ["Dice", 3]]})
    season_event(
        folder / "winter.xlsx", "Winter Open", date(2026, 12, 5), [[("Ann Lee", 25), ("Bob Hart", 9), ("Cy Moss", 7)]]
    )
    result = run(folder, "-o", tmp_path / "s.xlsx", "--html", tmp_path / "s.html", "--jobs", 2)
    assert result.exit_code == 1, result.output
    assert "broken.xlsx: not read: not an Excel workbook" in result.output
    assert "budget.xlsx: not read: not an event workbook (no round sheets)" in result.output
    assert "winter.xlsx: left out: provisional (errors: 1)" in result.output
    # six files: broken and budget not read, so 4 read (the league's 3 and winter), 3 of them counted; 3 files left out
    assert "Season: 3 events counted of 4 read" in result.output
    assert "left out of the season: 3 workbooks; the season is written from the rest" in result.output
    rows = list(openpyxl.load_workbook(tmp_path / "s.xlsx")["Season Standings"].iter_rows(values_only=True))
    # no aliases: Bob 3+4+1 = 8 and Cy 2+3+3 = 8 (one win, best 1st, 3 events each: by name), Ann Lee 4 + 2 = 6 (Anne Lee apart)
    assert [r[:3] for r in rows[1:4]] == [(1, "Bob Hart", 8), (2, "Cy Moss", 8), (3, "Ann Lee", 6)]
    again = run(
        folder,
        "-o",
        tmp_path / "s.xlsx",
        "--html",
        tmp_path / "s.html",
        "--jobs",
        1,
        "--include-provisional",
        "--lang",
        "pl",
    )
    assert "winter.xlsx: liczony mimo że tymczasowy (błędy: 1)" in again.output
    assert again.exit_code == 1  # the unreadable files are still left out


def test_same_event_twice_names_both_files(league: Path, tmp_path: Path) -> None:
    copy = tmp_path / "spring_again.xlsx"
    shutil.copy(league / "c_spring.xlsx", copy)
    result = run(league / "c_spring.xlsx", copy, "-o", tmp_path / "s.xlsx", "--html", tmp_path / "s.html", "--jobs", 1)
    assert result.exit_code == 1
    assert "spring_again.xlsx: left out: the same event (Spring Open, 14 March 2026) as c_spring.xlsx" in result.output


def test_command_refuses_bad_outputs_in_one_line(league: Path, tmp_path: Path) -> None:
    cases = [
        (["-o", tmp_path / "s.csv"], "the season workbook must end in .xlsx"),
        (["-o", league / "c_spring.xlsx"], "-o names one of the event workbooks"),
        (["-o", tmp_path / "x.xlsx", "--html", tmp_path / "x.xlsx"], "named for both -o and --html"),
        (
            ["--settings", tmp_path / "missing.xlsx", "-o", tmp_path / "y.xlsx", "--html", tmp_path / "y.html"],
            "no such file",
        ),
    ]
    for args, message in cases:
        result = run(league, *args)
        assert result.exit_code == 2 and message in result.output and len(result.output.strip().splitlines()) == 1, (
            result.output
        )
    assert not (tmp_path / "y.xlsx").exists()


def test_each_workbook_is_read_once(league: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sheet_scorer.workbook.read as reader

    seen: list[str] = []
    original = reader.open_event  # the one read of a workbook, given its path or the package opened

    def counting(path: Any, *args: Any, **kwargs: Any) -> Any:  # `check` reads without a fingerprint
        seen.append(Path(getattr(path, "path", path)).name)
        return original(path, *args, **kwargs)

    monkeypatch.setattr(reader, "open_event", counting)
    build_season(read_events(event_files([league]), jobs=1), SeasonSettings(), best=2)
    assert sorted(seen) == ["a_summer.xlsx", "b_autumn.xlsx", "c_spring.xlsx"]


def test_settings_sheets_without_their_header_row_are_errors(tmp_path: Path) -> None:
    from sheet_scorer.season.settings import read_season_settings

    path = write_workbook(
        tmp_path / "s.xlsx",
        {
            "Aliases": [["Anne Lee", "Ann Lee"]],
            "Season Points": [[1, 10]],
            "Settings": [["Tournament", "Club League"], ["Language", "pl"]],
        },
    )
    settings = read_season_settings(path)
    assert [(n.severity, n.where, n.key) for n in settings.notes] == [
        ("error", "s.xlsx 'Aliases'", "season_aliases_no_header"),
        ("error", "s.xlsx 'Season Points'", "season_points_no_header"),
    ]
    assert (settings.aliases, settings.points_by_place, settings.title, settings.language) == (
        [],
        None,
        "Club League",
        "pl",
    )


def test_two_events_of_one_name_are_headed_with_their_dates() -> None:
    events = [
        EventSummary(Path("a.xlsx"), "Club Night", date(2026, 1, 5), ranking=("Amy",)),
        EventSummary(Path("b.xlsx"), "Club Night", date(2026, 2, 2), ranking=("Amy",)),
        EventSummary(Path("c.xlsx"), "Cup", None, ranking=("Amy",)),
    ]
    assert [e.label for e in build_season(events, SeasonSettings()).entries] == [
        "Club Night (5 January 2026)",
        "Club Night (2 February 2026)",
        "Cup",
    ]


def test_a_season_workbook_in_the_folder_is_not_an_event(league: Path, tmp_path: Path) -> None:
    folder = tmp_path / "events"
    shutil.copytree(league, folder)
    first = run(folder, "-o", folder / "season.xlsx", "--html", tmp_path / "s.html", "--jobs", 1)
    second = run(folder, "-o", folder / "season_b.xlsx", "--html", tmp_path / "s.html", "--jobs", 1)
    assert (first.exit_code, second.exit_code) == (0, 0), second.output
    assert "Season: 3 events counted of 3 read" in second.output


def test_season_in_polish_has_no_english(league: Path, tmp_path: Path) -> None:
    from english_words import english_in

    folder = tmp_path / "turnieje"
    shutil.copytree(league, folder)
    (folder / "zepsuty.xlsx").write_text("to nie skoroszyt")
    season_event(
        folder / "zima.xlsx", "Zimowy", date(2026, 12, 5), [[("Ann Lee", 25), ("Bob Hart", 9), ("Cy Moss", 7)]]
    )
    settings = settings_book(tmp_path / "ustawienia.xlsx", aliases=[["Zed", "Ann Lee"]])
    result = run(
        folder,
        "--settings",
        settings,
        "--best",
        2,
        "-o",
        tmp_path / "sezon.xlsx",
        "--html",
        tmp_path / "sezon.html",
        "--lang",
        "pl",
        "--jobs",
        1,
    )
    assert result.exit_code == 1
    assert (
        "nieodczytany" in result.output
        and "pominięty: tymczasowy (błędy: 1)" in result.output
        and "czy chodziło o" in result.output
    )
    names = result.output.replace("sheet-scorer", "").replace(
        "--include-provisional", ""
    )  # the program's and an option's names
    assert english_in(names, tmp_path) == [], result.output
    book = openpyxl.load_workbook(tmp_path / "sezon.xlsx")
    assert book.sheetnames == ["Klasyfikacja sezonu", "Turnieje", "Problemy"]
    assert [c.value for c in book["Problemy"][1]] == ["Rodzaj", "Gdzie", "Komunikat"]


def test_season_from_python(league: Path, alias_settings: Path, tmp_path: Path) -> None:
    from sheet_scorer.api import run_season as rank_season

    season = rank_season(
        [league], tmp_path / "season.xlsx", tmp_path / "season.html", best=2, settings=alias_settings, jobs=1
    ).season
    assert [(r.rank, r.player, r.points) for r in season.rows][:3] == [
        (1, "Bob Hart", 7),
        (2, "Ann Lee", 6),
        (3, "Cy Moss", 6),
    ]


def test_the_terminal_table_is_not_wrapped_into_a_pipe(tmp_path: Path) -> None:
    # a long name on one line, whole, as `score` prints when the output is not a terminal
    long = "Grzegorz Brzęczyszczykiewicz-Chrząszczewski"
    season_event(tmp_path / "a.xlsx", "A", date(2026, 1, 1), [[(long, 12), ("Bob Hart", 9), ("Cy Moss", 7)]])
    out = run(tmp_path / "a.xlsx", "-o", tmp_path / "s.xlsx", "--html", tmp_path / "s.html")
    assert out.exit_code == 0, out.output
    rows = [line for line in out.output.splitlines() if "│" in line]
    assert any(f"│ {long} " in line for line in rows), out.output
    assert len(rows) == 3  # one line a player: no cell broken over two lines


def test_one_event_counted_reads_in_the_singular_and_the_report_follows_o(tmp_path: Path) -> None:
    folder = tmp_path / "saison"
    folder.mkdir()
    season_event(folder / "a.xlsx", "A", date(2026, 1, 1), [[("Ana Reis", 12), ("Bia Lopes", 9), ("Cy Moss", 7)]])
    (folder / "notas.xlsx").write_text("não é um livro")
    result = run(folder, "-o", tmp_path / "temporada.xlsx", "--lang", "fr", "--jobs", 1)
    assert "Saison\u202f: 1 tournoi au classement (classeurs lus\u202f: 1), 3 joueurs" in result.output, result.output
    # the report beside the -o workbook, with its name: nothing written as season.html
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saison", "temporada.html", "temporada.xlsx"]


# a file not read is not counted among those read; French reasons start clean; a long list of problems ends
# with the count of the rest, as `score` ends its own.
def test_a_file_not_read_is_not_among_those_read_in_every_language(league: Path, tmp_path: Path) -> None:
    folder = tmp_path / "tournois"
    shutil.copytree(league, folder)
    (folder / "notes.xlsx").write_text("pas un classeur")
    expected = {  # 4 files, 3 read and counted, 1 not read
        "en": (
            "Season: 3 events counted of 3 read",
            "notes.xlsx: not read: not an Excel workbook",
            "left out of the season: 1 workbook;",
        ),
        "pl": (
            "policzono 3 turnieje z 3 odczytanych plików",
            "notes.xlsx: nieodczytany: to nie jest skoroszyt Excela",
            "pominięte w sezonie: 1 skoroszyt;",
        ),
        "pt": (
            "3 eventos na classificação (arquivos lidos: 3)",
            "notes.xlsx: não lido: não é uma pasta de trabalho do Excel",
            "deixados de fora da temporada: 1 pasta de trabalho;",
        ),
        "fr": (
            "3 tournois au classement (classeurs lus\u202f: 3)",
            "notes.xlsx\u202f: non lu\u202f: pas un classeur Excel",
            "écartés de la saison\u202f: 1 classeur\u202f;",
        ),
    }
    for lang, lines in expected.items():
        result = run(
            folder, "-o", tmp_path / f"{lang}.xlsx", "--html", tmp_path / f"{lang}.html", "--lang", lang, "--jobs", 1
        )
        assert result.exit_code == 1
        for line in lines:
            assert line in result.output, (lang, result.output)
    # valid case: with every file read, the count is every file
    assert (
        "Season: 3 events counted of 3 read"
        in run(league, "-o", tmp_path / "all.xlsx", "--html", tmp_path / "all.html", "--jobs", 1).output
    )
    events = list(openpyxl.load_workbook(tmp_path / "fr.xlsx")["Tournois"].iter_rows(values_only=True))
    assert events[-1][-1] == "non lu\u202f: pas un classeur Excel\u202f; sheet-scorer lit les classeurs .xlsx et .xlsm"


@pytest.mark.parametrize(("aliases", "shown", "more"), [(4, 8, None), (6, 10, 3)])
def test_the_problems_beyond_ten_are_counted_in_one_line(
    league: Path, tmp_path: Path, aliases: int, shown: int, more: int | None
) -> None:
    # each alias row naming nobody on either side is two errors, and the league has one warning (Anne Lee / Ann Lee):
    # 4 rows are 9 problems (all shown), 6 rows 13 (the 10 first, errors first, and "3 more")
    settings = settings_book(tmp_path / "s.xlsx", aliases=[[f"Nobody {i}", f"Noone {i}"] for i in range(aliases)])
    result = run(
        league, "--settings", settings, "-o", tmp_path / "s_out.xlsx", "--html", tmp_path / "s.html", "--jobs", 1
    )
    lines = result.output.splitlines()
    assert sum(line.startswith("error s.xlsx 'Aliases'!") for line in lines) == shown
    assert [line for line in lines if line.startswith("…")] == (
        [] if more is None else [f"… and {more} more: see the Problems sheet"]
    )
    sheet = list(openpyxl.load_workbook(tmp_path / "s_out.xlsx")["Problems"].iter_rows(values_only=True))
    assert len(sheet) == 1 + 2 * aliases + 1  # every problem is in the sheet the line points at
    # its second column says where: a cell of the settings workbook, or an event (not "Cell" over an event's name)
    assert sheet[0] == ("Severity", "Where", "Message") and sheet[1][1] == "s.xlsx 'Aliases'!A2"
    assert sheet[-1][:2] == ("warning", "Summer Cup")


# the terminal shows the first ten players of the season; the rest are counted in one line pointing at the sheet
# (a season of 12 players: 2 more), as `score` counts its own; a season of 10 has no such line.
@pytest.mark.parametrize(
    ("players", "lang", "more"),
    [
        (12, "en", "… and 2 more: see the Season Standings sheet"),
        (12, "pt", "… e mais 2: veja a planilha “Classificação da temporada”"),
        (10, "en", None),
    ],
)
def test_the_players_beyond_ten_are_counted_in_one_line(
    tmp_path: Path, players: int, lang: str, more: str | None
) -> None:
    names = iter(f"Player {chr(65 + i)}" for i in range(players))
    sizes = [4, 4, 4] if players == 12 else [4, 3, 3]
    tables = [[(next(names), vp) for vp in (12, 9, 7, 5)[:size]] for size in sizes]
    season_event(tmp_path / "a.xlsx", "A", date(2026, 1, 1), tables)
    result = run(tmp_path / "a.xlsx", "-o", tmp_path / "s.xlsx", "--html", tmp_path / "s.html", "--lang", lang)
    lines = result.output.splitlines()
    assert sum(1 for line in lines if line.startswith("│")) == 10
    assert [line for line in lines if line.startswith("…")] == ([] if more is None else [more]), result.output


@pytest.mark.parametrize(
    ("lang", "first", "fourth"), [("en", "1st", "4th"), ("fr", "1er", "4e"), ("pl", "1.", "4."), ("pt", "1.º", "4.º")]
)
def test_the_best_finish_is_an_ordinal_in_the_seasons_language(
    league: Path, alias_settings: Path, tmp_path: Path, lang: str, first: str, fourth: str
) -> None:
    """Bob, Ann, Cy each won an event (best 1st); Dee and Eve finished 4th at best (the worked example above)."""
    result = run(
        league, "--settings", alias_settings, "--lang", lang, "-o", tmp_path / "s.xlsx", "--html", tmp_path / "s.html"
    )
    assert result.exit_code == 0, result.output
    rows = list(openpyxl.load_workbook(tmp_path / "s.xlsx").worksheets[0].iter_rows(min_row=2, values_only=True))
    best = {r[1]: r[6] for r in rows}
    assert best == {"Bob Hart": first, "Ann Lee": first, "Cy Moss": first, "Dee Park": fourth, "Eve Ross": fourth}
    page = html.unescape((tmp_path / "s.html").read_text(encoding="utf-8"))
    assert f">{fourth}<" in page
    lines = [line for line in result.output.splitlines() if "Dee Park" in line]
    assert lines and lines[0].rstrip(" │").endswith(fourth)


# The Aliases sheet and its headers in each language, as the near-miss warning names them (docs/rules.md §10).
ALIAS_WORDS = {
    "en": ("Aliases", "Name", "Same as", "--settings FILE"),
    "pl": ("Aliasy", "Nazwisko", "To samo co", "--settings PLIK"),
    "pt": ("Variantes", "Nome", "Mesmo que", "--settings ARQUIVO"),
    "fr": ("Alias", "Nom", "Même que", "--settings FICHIER"),
}


@pytest.mark.parametrize("lang", list(ALIAS_WORDS))
def test_the_near_miss_warning_says_where_the_aliases_sheet_goes(
    summaries: list[EventSummary], league: Path, tmp_path: Path, lang: str
) -> None:
    """The warning names the row to add, the sheet and its headers in the season's language, and that the sheet
    belongs in a settings workbook of its own passed with --settings; that very sheet joins the two spellings."""
    from sheet_scorer.problems import code_message

    [note] = build_season(summaries, SeasonSettings(), best=2).notes
    said = code_message(note.key, note.values, lang).replace("\u202f", " ")
    sheet, name, same_as, option = ALIAS_WORDS[lang]
    assert f"{name} | {same_as}" in said and sheet in said and option in said
    assert "Anne Lee" in said and "Ann Lee" in said
    # the sheet as the warning describes it, in that language, joins them
    settings = write_workbook(tmp_path / "s.xlsx", {sheet: [[name, same_as], ["Anne Lee", "Ann Lee"]]})
    result = run(
        league, "--settings", settings, "--lang", lang, "-o", tmp_path / "o.xlsx", "--html", tmp_path / "o.html"
    )
    assert result.exit_code == 0, result.output
    players = {
        r[1] for r in openpyxl.load_workbook(tmp_path / "o.xlsx").worksheets[0].iter_rows(min_row=2, values_only=True)
    }
    assert "Ann Lee" in players and "Anne Lee" not in players


def test_the_case_only_warning_says_where_the_aliases_sheet_goes() -> None:
    from sheet_scorer.problems import code_message

    events = [
        EventSummary(Path("a.xlsx"), "A", date(2026, 1, 1), ranking=("Łukasz Nowak", "Bo Li")),
        EventSummary(Path("b.xlsx"), "B", date(2026, 2, 1), ranking=("Lukasz Nowak", "Bo Li")),
    ]
    [note] = build_season(events, SeasonSettings()).notes
    said = code_message(note.key, note.values, "en")
    assert "Name | Same as" in said and "Aliases sheet" in said and "--settings FILE" in said
