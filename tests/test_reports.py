"""The tables' reports (docs/rules.md §11) without a server: the journal, a report checked by the rules `score` uses,
the limits, and `merge --reports` into the workbook, then `score`. The server and phones: test_reports_live.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import openpyxl
import pytest
from helpers import run
from reports_event import NAMES, POINTS, VP, report, round1_tables, round2_tables, write_event

from sheet_scorer.journal.store import Journal, journal_path, latest, table_of
from sheet_scorer.journal.tables import check_report, report_rows, round_tables


@pytest.fixture()
def club_event(tmp_path: Path) -> Path:
    return write_event(tmp_path / "club.xlsx")


@pytest.fixture()
def checked(club_event: Path):  # type: ignore[no-untyped-def]
    from sheet_scorer.api import check_workbook

    return check_workbook(club_event)


def test_the_journal_is_beside_the_event_and_shared_by_its_scored_copy(tmp_path: Path) -> None:
    assert journal_path(tmp_path / "club.xlsx") == tmp_path / "club.reports.sqlite"
    assert journal_path(tmp_path / "club.scored.xlsx") == tmp_path / "club.reports.sqlite"


def test_the_organiser_key_and_the_tokens_are_random_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "club.reports.sqlite"
    with Journal(path) as journal:
        key = journal.organiser_key()
        tokens = journal.tokens("Round 2", [1, 2, 3])
        assert journal._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert journal._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    with Journal(path) as again:
        assert again.organiser_key() == key  # the same on every start
        assert again.tokens("Round 2", [1, 2, 3]) == tokens
        fresh = again.tokens("Round 3", [1, 2, 3])
    with Journal(tmp_path / "other.reports.sqlite") as other:
        assert other.organiser_key() != key
    every = [key, *tokens.values(), *fresh.values()]
    assert len(set(every)) == len(every)  # one token per table per round
    assert all(len(t) >= 22 for t in every)  # url-safe base64: 6 bits a character, 22 characters ≥ 128 bits


def test_a_token_finds_its_table_and_nothing_else() -> None:
    tokens = {1: "a" * 32, 2: "b" * 32}
    assert table_of("b" * 32, tokens) == 2
    assert table_of("b" * 31, tokens) is None
    assert table_of("", tokens) is None
    assert table_of("ż" * 32, tokens) is None  # not ASCII: still compared, never a match


def test_a_second_report_replaces_the_first_both_kept_and_a_rejected_one_stops_counting(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite") as journal:
        first = journal.add_report("Round 2", 1, [{"player": "A"}])
        second = journal.add_report("Round 2", 1, [{"player": "B"}])
        other = journal.add_report("Round 2", 2, [{"player": "C"}])
        assert [r.id for r in journal.reports()] == [first, second, other]
        assert {k: r.id for k, r in latest(journal.reports()).items()} == {
            ("Round 2", 1): second,
            ("Round 2", 2): other,
        }
        assert journal.reject(second) and not journal.reject(second) and not journal.reject(999)
        assert latest(journal.reports())[("Round 2", 1)].id == first  # the earlier report counts again


def test_a_report_is_on_disk_when_it_is_added(tmp_path: Path) -> None:
    """Committed before `add_report` returns: another connection (another process after a kill) reads it at once."""
    path = tmp_path / "j.sqlite"
    journal = Journal(path)
    number = journal.add_report("Round 2", 3, [{"player": "A", "settlements": 2}])
    found = sqlite3.connect(path).execute("SELECT tbl, rows FROM reports WHERE id = ?", (number,)).fetchone()
    assert found == (3, '[{"player":"A","settlements":2}]')
    journal.close()


def test_the_tables_of_a_round_in_seat_order(checked) -> None:  # type: ignore[no-untyped-def]
    tables = round_tables(checked.data.rounds[1])
    assert [(t.number, list(t.players)) for t in tables] == [(n, p) for n, p in enumerate(round2_tables(), 1)]


def test_a_seat_column_orders_a_table_over_its_rows(tmp_path: Path) -> None:
    from sheet_scorer.api import check_workbook

    rows = [[1, 3, "Cid"], [1, 1, "Abe"], [1, 2, "Bea"]]
    tables = round_tables(check_workbook(write_event(tmp_path / "e.xlsx", rows)).data.rounds[1])
    assert [list(t.players) for t in tables] == [["Abe", "Bea", "Cid"]]
    assert tables[0].rows == (3, 4, 2)


def _check(checked, table: int, body: dict, lang: str = "en"):  # type: ignore[no-untyped-def]
    return check_report(checked.data, round_tables(checked.data.rounds[1])[table - 1], body["rows"], lang)


def test_a_valid_report_is_scored_as_score_would(checked) -> None:  # type: ignore[no-untyped-def]
    players = round2_tables()[0]
    mistakes, scored = _check(checked, 1, report(players, [2, 0, 3, 1]))
    assert mistakes == []
    by_player = {r["player"]: (r["vp"], r["place"], r["round_points"]) for r in scored.to_dict("records")}
    # places 3rd, 1st, 4th, 2nd: VP 5, 10, 3, 7; round points 2, 5, 1, 3 (docs/rules.md §2-§3)
    assert by_player == {players[0]: (5, 3, 2), players[1]: (10, 1, 5), players[2]: (3, 4, 1), players[3]: (7, 2, 3)}


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("settlements", 6, "settlements-range"),
        ("cities", 5, "cities-range"),
        ("knights", -1, "knights-range"),
        ("roads", 1, "roads-range"),
        ("settlements", "abc", "not-a-number"),
        ("cities", 2.5, "not-whole-number"),
        ("cities", None, "empty-cell"),
        ("army_first", "maybe", "bad-flag"),
    ],
)
def test_each_mistake_is_told_at_its_player_and_field(checked, field: str, value: object, code: str) -> None:  # type: ignore[no-untyped-def]
    players = round2_tables()[0]
    body = report(players)
    body["rows"][2][field] = value
    mistakes, _ = _check(checked, 1, body)
    assert [(m.player, m.field, m.code) for m in mistakes] == [(players[2], field, code)]


def test_the_message_is_score_s_own_without_the_player_s_name(checked) -> None:  # type: ignore[no-untyped-def]
    body = report(round2_tables()[0])
    body["rows"][0]["settlements"] = 6
    assert _check(checked, 1, body)[0][0].message == "6 settlements, but a player has 0 to 5"
    assert _check(checked, 1, body, "pl")[0][0].message == "wpisano 6 osad, a można mieć od 0 do 5"


def test_table_rules_are_told_at_each_field_that_causes_them(checked) -> None:  # type: ignore[no-untyped-def]
    players = round2_tables()[0]
    body = report(players)
    body["rows"][0]["declared"] = False  # the 10-VP player did not declare: nobody did, one reached the target
    assert _check(checked, 1, body)[0] == []  # one player at the target needs no mark (docs/rules.md §3)
    body["rows"][1].update(settlements=2, cities=4)  # a second player at 10 VP, neither marked
    assert [(m.player, m.field, m.code) for m in _check(checked, 1, body)[0]] == [
        (players[0], "declared", "declared-missing"),  # both players at the target: the mark belongs to one of them
        (players[1], "declared", "declared-missing"),
    ]
    body["rows"][2]["declared"] = True  # marked on a player at 5 VP
    codes = {m.code for m in _check(checked, 1, body)[0]}
    assert "declared-below-target" in codes


def test_the_rows_must_be_the_table_s_players_each_once(checked) -> None:  # type: ignore[no-untyped-def]
    players = round2_tables()[0]
    body = report(players)
    body["rows"][3]["player"] = NAMES[-1]  # a player of another table
    wrong = _check(checked, 1, body)[0]
    assert {(m.player, m.code) for m in wrong} == {(NAMES[-1], "report-players"), (players[3], "report-players")}
    body = report(players)
    body["rows"][3]["player"] = players[0]
    assert {(m.player, m.code) for m in _check(checked, 1, body)[0]} == {
        (players[0], "report-players"),
        (players[3], "report-players"),
    }
    assert [m.code for m in _check(checked, 1, {"rows": "ten"})[0]] == ["report-rows"]
    assert _check(checked, 1, report(players[:3]))[0][0].code == "report-players"


def test_a_vp_only_round_reports_vp(tmp_path: Path) -> None:
    from helpers import write_workbook

    from sheet_scorer.api import check_workbook

    header = ["Table", "Player", "VP", "Declared"]
    path = write_workbook(
        tmp_path / "vp.xlsx",
        {
            "Round 1": [header, [1, "A", 10, "x"], [1, "B", 4, ""], [1, "C", 3, ""]],
            "Round 2": [header, [1, "A"], [1, "B"], [1, "C"]],
        },
    )
    data = check_workbook(path).data
    table = round_tables(data.rounds[1])[0]
    good = [{"player": "A", "vp": 6}, {"player": "B", "vp": 10, "declared": True}, {"player": "C", "vp": 2}]
    mistakes, scored = check_report(data, table, good, "en")
    assert mistakes == [] and dict(zip(scored["player"], scored["round_points"])) == {"A": 3, "B": 5, "C": 2}
    good[2]["vp"] = 1
    assert [(m.player, m.field, m.code) for m in check_report(data, table, good, "en")[0]] == [("C", "vp", "vp-range")]
    assert report_rows(data.rounds[1], table, good)[0] == {"player": "A", "vp": 6, "declared": False}


def test_the_limiter_counts_a_minute_per_key() -> None:
    from sheet_scorer.live.reports import Limiter

    limiter = Limiter(3, window=60)
    assert [limiter.allow("phone", now=t) for t in (0, 1, 2, 3)] == [True, True, True, False]
    assert limiter.allow("other", now=3)  # per key
    assert limiter.allow("phone", now=60.5)  # the first request left the window


# ---------------------------------------------------------------- into the workbook


def _keep(club_event: Path, table: int, body: dict) -> int:
    """A report kept in the event's journal as the server keeps it (checked first, then its rows as kept)."""
    from sheet_scorer.api import check_workbook

    data = check_workbook(club_event).data
    sheet = data.rounds[1]
    found = round_tables(sheet)[table - 1]
    assert check_report(data, found, body["rows"], "en")[0] == []
    with Journal(journal_path(club_event)) as journal:
        return journal.add_report(sheet.name, table, report_rows(sheet, found, body["rows"]))


def _round2(club_event: Path) -> dict[str, list]:  # type: ignore[type-arg]
    sheet = openpyxl.load_workbook(club_event)["Round 2"]
    return {row[2]: list(row[3:12]) for row in sheet.iter_rows(min_row=2, values_only=True) if row[2]}


def test_merge_reports_fills_the_round_sheet_and_a_second_run_changes_nothing(club_event: Path) -> None:
    tables = round2_tables()
    _keep(club_event, 1, report(tables[0], [3, 2, 1, 0]))
    _keep(club_event, 2, report(tables[1]))
    result = run("merge", club_event, "--reports")
    assert result.exit_code == 0, result.output
    cells = _round2(club_event)
    # table 1 finished in reverse seat order: its last player 2 settlements and 4 cities, declared
    assert cells[tables[0][3]] == [2, 4, 0, 0, 2, 1, None, None, "x"]
    assert cells[tables[0][0]] == [3, 0, 0, 0, 2, 1, None, None, None]
    assert cells[tables[2][0]] == [None] * 9  # table 3 has not reported
    before = club_event.read_bytes()
    again = run("merge", club_event, "--reports")
    assert again.exit_code == 0 and club_event.read_bytes() == before


def test_a_value_the_organiser_typed_is_kept_as_a_conflict(club_event: Path) -> None:
    tables = round2_tables()
    book = openpyxl.load_workbook(club_event)
    sheet = book["Round 2"]
    row = next(r for r in range(2, 30) if sheet.cell(r, 3).value == tables[0][1])
    sheet.cell(row, 4).value = 5  # the organiser typed 5 settlements for the second player; the phone says 3
    book.save(club_event)
    number = _keep(club_event, 1, report(tables[0]))
    result = run("merge", club_event, "--reports")
    assert result.exit_code == 1, result.output  # a conflict is left for the organiser
    kept = openpyxl.load_workbook(club_event)
    assert kept["Round 2"].cell(row, 4).value == 5  # the organiser's value stays
    conflicts = [r for r in kept["Conflicts"].iter_rows(min_row=2, values_only=True) if r[0]]
    assert [(c[0], c[1], c[2], c[3], c[5]) for c in conflicts] == [("Round 2", f"D{row}", tables[0][1], 5, 3)]
    assert f"club.reports.sqlite#{number}" in conflicts[0]
    before = club_event.read_bytes()
    assert (
        run("merge", club_event, "--reports").exit_code == 1 and club_event.read_bytes() == before
    )  # not listed twice


def test_only_the_latest_report_not_rejected_is_merged(club_event: Path) -> None:
    players = round2_tables()[0]
    _keep(club_event, 1, report(players, [0, 1, 2, 3]))
    second = _keep(club_event, 1, report(players, [1, 0, 2, 3]))
    third = _keep(club_event, 1, report(players, [3, 2, 1, 0]))
    with Journal(journal_path(club_event)) as journal:
        assert journal.reject(third)
    assert run("merge", club_event, "--reports").exit_code == 0
    cells = _round2(club_event)
    assert cells[players[1]][:2] == [2, 4] and cells[players[1]][8] == "x"  # the second report: seat 2 won
    assert second == 2


def test_merge_reports_dry_run_says_what_it_would_take_and_writes_nothing(club_event: Path) -> None:
    _keep(club_event, 2, report(round2_tables()[1]))
    before = club_event.read_bytes()
    result = run("merge", club_event, "--reports", "--dry-run")
    assert result.exit_code == 0 and "19 cells would be written" in result.output  # 3 players × 6 counts + 1 mark
    assert club_event.read_bytes() == before


def test_merge_reports_without_a_journal_is_refused_in_one_line(club_event: Path) -> None:
    result = run("merge", club_event, "--reports")
    assert result.exit_code == 2 and "club.reports.sqlite" in result.output and len(result.output.splitlines()) == 1
    assert run("merge", club_event).exit_code == 2


def test_merge_reports_then_score_gives_the_standings_counted_by_hand(club_event: Path, tmp_path: Path) -> None:
    """Every table of round 2 reports (finishing order reversed from seat order); the standings are round 1's points
    plus round 2's, both from the places (docs/rules.md §3), counted here from the seating alone."""
    expected: dict[str, int] = {}
    vp: dict[str, int] = {}
    for players in round1_tables():
        for seat, name in enumerate(players):
            expected[name] = POINTS[len(players)][seat]
            vp[name] = VP[seat]
    for number, players in enumerate(round2_tables(), 1):
        places = list(reversed(range(len(players))))
        _keep(club_event, number, report(players, places))
        for name, place in zip(players, places):
            expected[name] += POINTS[len(players)][place]
            vp[name] += VP[place]
    assert run("merge", club_event, "--reports").exit_code == 0
    result = run("score", club_event, "--json", tmp_path / "out.json")
    assert result.exit_code == 0, result.output
    import json

    standings = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))["standings"]
    assert {row["player"]: row["round_points"] for row in standings} == expected
    assert {row["player"]: row["vp"] for row in standings} == vp
    ranked = [(expected[row["player"]], vp[row["player"]]) for row in standings]
    assert ranked == sorted(ranked, reverse=True)  # by round points, then VP (docs/rules.md §4)
