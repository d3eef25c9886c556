"""After errors the command says what to do next (docs/rules.md §5): the file whose cells to fix and the exact
command to run, with the path as it was typed, in the event's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import player, round_sheet, run, write_workbook

BROKEN = round_sheet(player(1, "Ala", settlements=4, cities=3), player(1, "Bob", knights="three"), player(1, "Cyd"))
CLEAN = round_sheet(player(1, "Ala", settlements=4, cities=3), player(1, "Bob"), player(1, "Cyd"))

NEXT = {
    "en": "Next: fix the marked cells in {file}, then run {command}",
    "pl": "Dalej: popraw zaznaczone komórki w {file}, a potem uruchom {command}",
    "pt": "A seguir: corrija as células marcadas em {file} e depois execute {command}",
    "fr": "Ensuite\u202f: corrigez les cellules marquées dans {file}, puis lancez {command}",
}


def last_line(output: str) -> str:
    return output.rstrip("\n").splitlines()[-1]


@pytest.mark.parametrize("lang", ["en", "pl", "pt", "fr"])
def test_score_with_errors_ends_with_the_scored_copy_and_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "events").mkdir()
    write_workbook(tmp_path / "events" / "open_lyon.xlsx", {"Round 1": BROKEN})
    result = run("score", "events/open_lyon.xlsx", "--lang", lang)
    assert result.exit_code == 1
    copy = "events/open_lyon.scored.xlsx"
    assert last_line(result.output) == NEXT[lang].format(file=copy, command=f"sheet-scorer score {copy}")
    # scoring the scored copy again says the same file
    again = run("score", copy, "--lang", lang)
    assert last_line(again.output) == NEXT[lang].format(file=copy, command=f"sheet-scorer score {copy}")


def test_the_next_step_is_in_the_events_language_and_a_path_with_spaces_is_quoted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    settings = [["Key", "Value"], ["Language", "pl"]]
    write_workbook(tmp_path / "open lyon.xlsx", {"Settings": settings, "Round 1": BROKEN})
    result = run("score", "open lyon.xlsx")
    copy = '"open lyon.scored.xlsx"'
    assert last_line(result.output) == NEXT["pl"].format(file=copy, command=f"sheet-scorer score {copy}")


def test_a_scored_copy_not_named_scored_is_scored_again_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write_workbook(tmp_path / "a.xlsx", {"Round 1": BROKEN})
    result = run("score", "a.xlsx", "-o", "out.xlsx")
    assert last_line(result.output) == NEXT["en"].format(
        file="out.xlsx", command="sheet-scorer score out.xlsx --in-place"
    )
    inplace = run("score", "a.xlsx", "--in-place")
    assert last_line(inplace.output) == NEXT["en"].format(file="a.xlsx", command="sheet-scorer score a.xlsx --in-place")


def test_check_names_the_file_it_checked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    write_workbook(tmp_path / "open_lyon.xlsx", {"Round 1": BROKEN})
    result = run("check", "open_lyon.xlsx", "--lang", "fr")
    assert result.exit_code == 1
    assert last_line(result.output) == (
        "Ensuite\u202f: corrigez les cellules listées ci-dessus dans open_lyon.xlsx, "
        "puis lancez sheet-scorer score open_lyon.xlsx"
    )


@pytest.mark.parametrize("command", ["score", "check"])
def test_no_next_step_without_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    monkeypatch.chdir(tmp_path)
    write_workbook(tmp_path / "open_lyon.xlsx", {"Round 1": CLEAN})
    result = run(command, "open_lyon.xlsx")
    assert result.exit_code == 0
    assert "Next:" not in result.output and "sheet-scorer score" not in result.output


def test_the_api_result_carries_the_paths(tmp_path: Path) -> None:
    from sheet_scorer import check_workbook, score_workbook

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": BROKEN})
    scored = score_workbook(path)
    assert scored.next_step is not None
    assert (scored.next_step.fix_in, scored.next_step.score, scored.next_step.in_place) == (
        tmp_path / "e.scored.xlsx",
        tmp_path / "e.scored.xlsx",
        False,
    )
    checked = check_workbook(path)
    assert checked.next_step is not None and checked.next_step.fix_in == path and checked.next_step.checked


def test_a_batch_says_the_next_step_for_each_workbook_with_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`score DAY/`: one line per workbook with errors, naming its scored copy; none for a clean workbook."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "day").mkdir()
    write_workbook(tmp_path / "day" / "a.xlsx", {"Round 1": BROKEN})
    write_workbook(tmp_path / "day" / "b.xlsx", {"Round 1": CLEAN})
    result = run("score", "day", "--lang", "en")
    assert result.exit_code == 1
    copy = str(Path("day") / "a.scored.xlsx")
    assert NEXT["en"].format(file=copy, command=f"sheet-scorer score {copy}") in result.output.splitlines()
    assert "b.scored.xlsx, then" not in result.output
