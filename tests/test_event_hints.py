"""A VP-only VP below 2 is an error at its cell, the declared-victory error hints at `Victory Target`
only when 13 would settle the table, and nothing but the tool's own lines reaches the terminal."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

import pytest
from helpers import write_workbook

from sheet_scorer.api import check_workbook
from sheet_scorer.problems import problem_message

VP_ONLY = ["Table", "Player", "VP", "Declared"]


def table(tmp_path: Path, vps: list[Any], declared: str = "", settings: list[list[Any]] | None = None) -> Any:
    rows = [VP_ONLY] + [
        [1, name, vp, "x" if name == declared else ""] for name, vp in zip(["Ala", "Bob", "Cyd", "Dan"], vps)
    ]
    sheets = {"Settings": settings} if settings else {}
    return check_workbook(write_workbook(tmp_path / "event.xlsx", {**sheets, "Round 1": rows}))


@pytest.mark.parametrize(("vp", "ok"), [(1, False), (0, False), (2, True), (22, True), (23, False)])
def test_vp_only_vp_is_2_to_22(tmp_path: Path, vp: int, ok: bool) -> None:
    result = table(tmp_path, [12, 6, 4, vp], declared="Ala")
    errors = [(p.code, p.cell) for p in result.problems if p.severity == "error"]
    assert errors == ([] if ok else [("vp-range", "C5")])


def test_a_cities_and_knights_table_hints_at_victory_target(tmp_path: Path) -> None:
    # Ala ended on 13 (the C&K target), Bob 11, Cyd 10: three at the default target 10, nobody marked Declared.
    # With Victory Target 13 only Ala is at the target and no mark is needed: the hint helps.
    result = table(tmp_path, [13, 11, 10, 6])
    found = [p for p in result.problems if p.severity == "error"]
    assert {(p.code, p.player) for p in found} == {("declared-missing", n) for n in ("Ala", "Bob", "Cyd")}
    problem = found[0]
    assert problem.message == (
        "table 1: Ala, Bob and Cyd reached 10 VP; mark the one who declared victory in 'Declared'; "
        "if this event plays to 13 (Cities & Knights), set Victory Target in Settings"
    )
    for lang, word in (("pl", "Próg zwycięstwa"), ("pt", "Meta de vitória"), ("fr", "Objectif de victoire")):
        assert word in problem_message(problem, lang)
    fixed = table(tmp_path, [13, 11, 10, 6], settings=[["Victory Target", 13]])
    assert not fixed.has_errors


def test_the_hint_also_on_a_sheet_without_a_declared_column(tmp_path: Path) -> None:
    rows = [["Table", "Player", "VP"], [1, "Ala", 13], [1, "Bob", 12], [1, "Cyd", 4], [1, "Dan", 3]]
    result = check_workbook(write_workbook(tmp_path / "event.xlsx", {"Round 1": rows}))
    [problem] = [p for p in result.problems if p.severity == "error"]
    assert (problem.code, problem.cell) == ("flag-column-missing", "A1")
    assert problem.message.endswith(
        "add it to the header row, or, if this event plays to 13 (Cities & Knights), set Victory Target in Settings"
    )


@pytest.mark.parametrize(
    ("vps", "settings"),
    [
        ([14, 13, 10, 6], None),  # two at 13: Victory Target 13 would not settle it
        ([14, 13, 10, 6], [["Victory Target", 13]]),  # already 13
    ],
)
def test_no_hint_where_it_would_not_help(tmp_path: Path, vps: list[int], settings: list[list[Any]] | None) -> None:
    result = table(tmp_path, vps, settings=settings)
    found = [p for p in result.problems if p.severity == "error"]
    target = 13 if settings else 10
    assert {p.code for p in found} == {"declared-missing"} and len(found) == sum(v >= target for v in vps)
    assert not any("Victory Target" in p.message for p in found)


def test_no_hint_when_a_declared_mark_is_there(tmp_path: Path) -> None:
    result = table(tmp_path, [13, 11, 10, 6], declared="Ala")
    assert not result.has_errors


def test_many_round_columns_raise_no_library_warning(tmp_path: Path) -> None:
    # 152 round sheets: the standings get a column per round; pandas warned "highly fragmented" when they
    # were added one by one (over 100 inserts). The same one-table game copied into 152 sheets, warnings as errors.
    import pandas as pd

    from sheet_scorer.model import Settings
    from sheet_scorer.standings.engine import standings_for

    result = table(tmp_path, [10, 8, 6, 4])
    sheets = [f"Round {n}" for n in range(1, 153)]
    results = pd.concat(
        [result.results.assign(sheet=name, round=n) for n, name in enumerate(sheets, start=1)], ignore_index=True
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        standings = standings_for(results, Settings(), sheets=sheets)
    assert list(standings.columns[-152:]) == sheets
    assert list(standings["round_points"]) == [5 * 152, 3 * 152, 2 * 152, 152]


def test_a_library_warning_never_reaches_the_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    from sheet_scorer.cli.common import run_action

    def action() -> int:
        warnings.warn("DataFrame is highly fragmented", RuntimeWarning, stacklevel=1)
        return 0

    with pytest.raises(SystemExit) as stopped:
        run_action(False, action)
    assert stopped.value.code == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""
