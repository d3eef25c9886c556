"""The hostile-file catalogue (tests/hostile_catalogue.py): each file scored (exit 0/1, the
problems at their cells) or refused in one line naming the file (exit 2), by `check` and `score` alike;
never a crash, more than 30 s, or more than 1.5 GiB (the catalogue runs in a limited subprocess)."""

from __future__ import annotations

import json
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hostile_catalogue import CASE_SECONDS, CATALOGUE, MEMORY_BYTES, Case
from paths import TESTS

CONTROL = [chr(c) for c in (*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F)]  # what a terminal obeys (newline aside)


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    folder = tmp_path_factory.mktemp("hostile")
    script = TESTS / "hostile_catalogue.py"
    done = subprocess.run(
        [sys.executable, str(script), str(folder)],
        capture_output=True,
        text=True,
        preexec_fn=_limits,
        timeout=2 * CASE_SECONDS * len(CATALOGUE),
    )
    found = {d["name"]: d for d in map(json.loads, done.stdout.splitlines())}
    assert len(found) == len(CATALOGUE), f"the catalogue stopped (exit {done.returncode}): {done.stderr[-2000:]}"
    return found


def _check_problems(outcome: dict) -> set[tuple[str, str]]:
    return {(p["code"], p["cell"] or "") for p in json.loads(outcome["check"]["stdout"])["problems"]}


@pytest.mark.parametrize("case", CATALOGUE, ids=lambda c: c.name)
def test_scored_or_refused_in_one_line(case: Case, outcomes: dict[str, dict]) -> None:
    found = outcomes[case.name]
    for command, expected in (("check", case.exit), ("score", case.exit)):
        run = found[command]
        assert run["exception"] is None, (command, run["exception"])
        assert run["exit"] == expected, (command, run)
        assert run["seconds"] < CASE_SECONDS
        assert not any(c in run["stdout"] + run["stderr"] for c in CONTROL), (
            command,
            "a control character was printed raw",
        )
        if expected == 2:
            assert run["stdout"] == "" and run["stderr"].count("\n") == 1, (command, run["stderr"])
            assert run["stderr"].startswith(f"Error: {found['file']}: ") and "Traceback" not in run["stderr"]
            assert "unexpected" not in run["stderr"]
            assert not Path(found["file"]).with_name("out.xlsx").exists(), (
                "a scored copy written from a refused package"
            )
        else:
            assert "Error" not in run["stderr"], (command, run["stderr"])
    if case.exit != 2:
        assert case.problems <= _check_problems(found), _check_problems(found)
    if case.exit == 0:
        assert _check_problems(found) == set()


@pytest.mark.parametrize("case", [c for c in CATALOGUE if c.players is not None], ids=lambda c: c.name)
def test_scored_files_keep_every_player_and_no_more(case: Case, outcomes: dict[str, dict]) -> None:
    """The games are read whole: no row lost to a far cell, none added by a totals row."""
    import openpyxl

    standings = openpyxl.load_workbook(Path(outcomes[case.name]["file"]).with_name("out.xlsx"), read_only=True)[
        "Standings"
    ]
    names = [row[1] for row in standings.iter_rows(min_row=2, values_only=True) if row[1]]
    assert len(names) == case.players, names


def test_control_characters_are_shown_not_obeyed(outcomes: dict[str, dict]) -> None:
    """The bell and the escape sequences in names show as \\x07, \\x1b in the scored copy's Standings."""
    import openpyxl

    out = Path(outcomes["control-characters-in-names"]["file"]).with_name("out.xlsx")
    book = openpyxl.load_workbook(out)
    names = {row[1] for row in book["Standings"].iter_rows(min_row=2, values_only=True)}
    assert {"Bob\\x07", "Cyd\\x1b[2J\\x1b]0;pwned\\x07"} <= names
    from sheet_scorer.workbook.read import read_workbook

    players = read_workbook(out).rounds[0].raw["player"]
    assert (players[3], players[4]) == (
        "Bob\x07",
        "Cyd\x1b[2J\x1b]0;pwned\x07",
    )  # the organiser's cells keep their values


def test_a_number_beyond_a_double_is_kept_in_the_scored_copy(outcomes: dict[str, dict]) -> None:
    from sheet_scorer.workbook.read import read_workbook

    out = Path(outcomes["count-1e400"]["file"]).with_name("out.xlsx")
    assert read_workbook(out).rounds[0].raw.at[3, "settlements"] == "1e400"


def test_a_picture_no_parser_reads_is_copied_whole(outcomes: dict[str, dict]) -> None:
    """The picture the package check unpacks is in the scored copy byte for byte."""
    import zipfile

    from hostile_catalogue import PICTURE

    source = Path(outcomes["picture-copied-whole"]["file"])
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(source.with_name("out.xlsx")) as after:
        assert after.read(PICTURE) == before.read(PICTURE) == bytes(range(256)) * 64
        assert after.getinfo(PICTURE).CRC == before.getinfo(PICTURE).CRC
