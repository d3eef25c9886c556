"""Playoff Size 4, 8, 16 and 32 (docs/rules.md §6), worked out by hand.

The qualifying event: 32 players, one VP-only round of 8 tables. At table t the four places have 22−t (declared),
12−t, 11−t and 10−t VP, so the standings are the eight winners by VP (table 1 first), then the eight seconds,
thirds and fourths the same way: qualifying rank r sits at table (r−1) % 8 + 1 in place (r−1) // 8 + 1.
Names are a permutation (`name(r)`), not in rank order alphabetically.

In the playoff games below the first listed player declares with 12 VP and the others follow with the VP given;
equal VP is a tie, which the qualifying rank decides (the better qualifier takes the better place).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner
from helpers import run_ok, write_workbook

from sheet_scorer.api import check_workbook
from sheet_scorer.cli.main import main


def name(rank: int) -> str:
    """The player of qualifying rank `rank` (1..32): N00..N31 in a scrambled order."""
    return f"N{(rank * 7) % 32:02d}"


def qualifying_round() -> list[list[Any]]:
    rows: list[list[Any]] = [["Table", "Player", "VP", "Declared"]]
    for table in range(1, 9):
        for place, vp in enumerate((22 - table, 12 - table, 11 - table, 10 - table)):
            rows.append([table, name(place * 8 + table), vp, "x" if place == 0 else ""])
    return rows


def qualifying_event(tmp_path: Path, size: int | None) -> Path:
    settings = [["Playoff Size", size]] if size is not None else [["Tournament", "Sizes"]]
    return write_workbook(tmp_path / "event.xlsx", {"Settings": settings, "Round 1": qualifying_round()})


run = partial(run_ok, "playoffs")


def tables(path: Path, sheet: str) -> dict[int, list[str]]:
    """Table -> players in seat order (seat = pick order: the better qualifier first), as `playoffs` wrote them."""
    rows = list(openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True))
    header = list(rows[0])
    out: dict[int, list[str]] = {}
    for row in rows[1:]:
        out.setdefault(row[header.index("Table")], []).append((row[header.index("Seat")], row[header.index("Player")]))
    return {t: [p for _, p in sorted(seats)] for t, seats in out.items()}


def play(path: Path, sheet: str, games: dict[str, int]) -> None:
    """Type each player's VP (ranks given); the one with 12 VP at a table declares."""
    book = openpyxl.load_workbook(path)
    rows = book[sheet]
    header = [c.value for c in rows[1]]
    for row in rows.iter_rows(min_row=2):
        vp = games[row[header.index("Player")].value]
        row[header.index("VP")].value = vp
        row[header.index("Declared")].value = "x" if vp == 12 else None
    book.save(path)


def game(*table: tuple[int, int]) -> dict[str, int]:
    """(qualifying rank, VP) pairs -> {player: VP}."""
    return {name(rank): vp for rank, vp in table}


def final_ranking(path: Path) -> list[tuple[int, str, str]]:
    rows = list(openpyxl.load_workbook(path)["Final Ranking"].iter_rows(values_only=True))[1:]
    return [(r[0], r[1], r[2]) for r in rows]


def ranks(*numbers: int) -> list[str]:
    return [name(n) for n in numbers]


def test_qualifying_order_is_as_worked_out(tmp_path: Path) -> None:
    result = check_workbook(qualifying_event(tmp_path, None))
    assert list(result.standings["player"]) == ranks(*range(1, 33))


def test_size_4_the_final_only(tmp_path: Path) -> None:
    path = qualifying_event(tmp_path, 4)
    run(path)
    assert tables(path, "Final") == {1: ranks(1, 2, 3, 4)}
    # r3 wins; r1 and r4 tie for 2nd: r1 (better qualifier) 2nd, r4 3rd; r2 4th.
    play(path, "Final", game((3, 12), (1, 7), (4, 7), (2, 5)))
    run(path)
    assert [(r, p) for r, p, _ in final_ranking(path)] == list(enumerate(ranks(3, 1, 4, 2, *range(5, 33)), start=1))


def test_size_8_two_semifinal_tables_top_two_to_the_final(tmp_path: Path) -> None:
    path = qualifying_event(tmp_path, 8)
    run(path)
    assert tables(path, "Semifinal") == {1: ranks(1, 4, 5, 8), 2: ranks(2, 3, 6, 7)}
    # Table 1: r8 wins, r1 2nd, r4 and r5 tie for 3rd (r4 3rd by qualifying rank). Table 2: r7 wins, r2 and r6 tie
    # for 2nd (r2 2nd, r6 3rd), r3 4th. The final: r8, r1, r7, r2, seated by qualifying rank r1, r2, r7, r8.
    play(path, "Semifinal", game((8, 12), (1, 9), (4, 5), (5, 5), (7, 12), (2, 8), (6, 8), (3, 4)))
    run(path)
    assert tables(path, "Final") == {1: ranks(1, 2, 7, 8)}
    play(path, "Final", game((7, 12), (2, 9), (1, 6), (8, 3)))
    run(path)
    # Final 1-4: r7, r2, r1, r8. Out in the semifinal, 3rd places r4, r6 (5, 6), 4th places r3, r5 (7, 8); then r9 …
    assert [(r, p) for r, p, _ in final_ranking(path)] == list(
        enumerate(ranks(7, 2, 1, 8, 4, 6, 3, 5, *range(9, 33)), start=1)
    )
    stages = [s for _, _, s in final_ranking(path)]
    assert stages[:4] == ["Final"] * 4 and stages[4:8] == ["Semifinal"] * 4 and stages[8] == "Qualifying"


def test_size_16_four_semifinal_tables_winners_to_the_final(tmp_path: Path) -> None:
    path = qualifying_event(tmp_path, 16)
    run(path)
    assert tables(path, "Semifinal") == {
        1: ranks(1, 8, 9, 16),
        2: ranks(2, 7, 10, 15),
        3: ranks(3, 6, 11, 14),
        4: ranks(4, 5, 12, 13),
    }
    # Winners r9, r2, r14, r5; seconds r1, r7, r3, r4; thirds r8 (tied with r16, better qualifier), r10, r6, r12.
    play(
        path,
        "Semifinal",
        game(
            (9, 12),
            (1, 9),
            (8, 6),
            (16, 6),
            (2, 12),
            (7, 9),
            (10, 6),
            (15, 3),
            (14, 12),
            (3, 9),
            (6, 6),
            (11, 3),
            (5, 12),
            (4, 9),
            (12, 6),
            (13, 3),
        ),
    )
    run(path)
    assert tables(path, "Final") == {1: ranks(2, 5, 9, 14)}
    play(path, "Final", game((14, 12), (2, 9), (9, 6), (5, 3)))
    run(path)
    expected = [14, 2, 9, 5, 1, 3, 4, 7, 6, 8, 10, 12, 11, 13, 15, 16, *range(17, 33)]
    assert [(r, p) for r, p, _ in final_ranking(path)] == list(enumerate(ranks(*expected), start=1))


def test_size_32_quarterfinal_semifinal_final(tmp_path: Path) -> None:
    path = qualifying_event(tmp_path, 32)
    run(path)
    # Quarterfinal table t: ranks t, 17−t, 16+t, 33−t.
    assert tables(path, "Quarterfinal") == {t: ranks(t, 17 - t, 16 + t, 33 - t) for t in range(1, 9)}
    # At every table the second seed (17−t) wins; then t, 16+t, 33−t in that order, except at table 1 where r1 and
    # r17 tie (r1 takes 2nd by qualifying rank).
    quarter: dict[str, int] = {}
    for t in range(1, 9):
        quarter |= game((17 - t, 12), (t, 9), (16 + t, 9 if t == 1 else 6), (33 - t, 3))
    play(path, "Quarterfinal", quarter)
    run(path)
    # Winners r16 … r9, by qualifying rank r9 … r16 at positions 1-8: tables 1-4-5-8 and 2-3-6-7.
    assert tables(path, "Semifinal") == {1: ranks(9, 12, 13, 16), 2: ranks(10, 11, 14, 15)}
    # Table 1: r16, r13, r12, r9. Table 2: r10 wins, r11 and r14 tie for 2nd (r11 2nd), r15 4th.
    play(path, "Semifinal", game((16, 12), (13, 9), (12, 6), (9, 3), (10, 12), (11, 8), (14, 8), (15, 3)))
    run(path)
    assert tables(path, "Final") == {1: ranks(10, 11, 13, 16)}
    play(path, "Final", game((13, 12), (10, 9), (16, 6), (11, 3)))
    run(path)
    # Final r13, r10, r16, r11; semifinal 3rds r12, r14; 4ths r9, r15; quarterfinal 2nds r1-r8, 3rds r17-r24,
    # 4ths r25-r32, each group by qualifying rank.
    expected = [13, 10, 16, 11, 12, 14, 9, 15, *range(1, 9), *range(17, 25), *range(25, 33)]
    placed = final_ranking(path)
    assert [(r, p) for r, p, _ in placed] == list(enumerate(ranks(*expected), start=1))
    assert [s for _, _, s in placed] == ["Final"] * 4 + ["Semifinal"] * 4 + ["Quarterfinal"] * 24


@pytest.mark.parametrize("size", [6, 64])  # between the sizes, above them
def test_any_other_size_is_an_error_at_its_cell_from_score_and_playoffs(tmp_path: Path, size: int) -> None:
    path = qualifying_event(tmp_path, size)
    result = check_workbook(path)
    assert [(p.code, p.sheet, p.cell) for p in result.problems if p.severity == "error"] == [
        ("bad-playoff-size", "Settings", "B1")
    ]
    assert "4, 8, 16, 32" in result.problems[0].message
    scored = CliRunner().invoke(main, ["score", str(path)])
    assert scored.exit_code == 1
    refused = CliRunner().invoke(main, ["playoffs", str(path)])
    assert refused.exit_code == 2 and "'Settings'!B1" in refused.output and "4, 8, 16, 32" in refused.output


@pytest.mark.parametrize(
    ("size", "lang", "sheet"),
    [(32, "pl", "Ćwierćfinał"), (32, "pt", "Quartas de final"), (32, "fr", "Quart de finale"), (8, "pl", "Półfinał")],
)
def test_stage_sheets_are_named_in_the_event_language(tmp_path: Path, size: int, lang: str, sheet: str) -> None:
    path = qualifying_event(tmp_path, size)
    result = CliRunner().invoke(main, ["playoffs", str(path), "--lang", lang])
    assert result.exit_code == 0, result.output
    assert sheet in openpyxl.load_workbook(path).sheetnames
    assert check_workbook(path).data.playoffs[0].name == sheet  # read back as that stage


def test_report_cut_line_follows_the_size_read_from_the_sheets(tmp_path: Path) -> None:
    from sheet_scorer.report.facts import playoff_cut

    path = qualifying_event(tmp_path, 8)
    run(path)
    book = openpyxl.load_workbook(path)
    book["Settings"]["B1"] = None  # Playoff Size cleared: the two-table semifinal says 8
    book.save(path)
    assert playoff_cut(check_workbook(path)) == 8
