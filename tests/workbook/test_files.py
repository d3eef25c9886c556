"""Writing outputs (docs/rules.md §5): failures as one line with every output left as it was, no
temporary file left behind (nor one of a killed run), versions kept when a file is replaced, and the
installed command's exit path (cli.run)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import player, round_sheet, write_workbook

from sheet_scorer import WorkbookError, score_workbook

# Table 1: Ala wins with 10 VP; Bob's knights are unreadable, so table 2 is clean and table 1 is not.
ROUND1 = round_sheet(
    player(1, "Ala", settlements=4, cities=3),
    player(1, "Bob", knights="three"),
    player(1, "Cyd"),
    player(2, "Dan", settlements=4, cities=3),
    player(2, "Eve"),
    player(2, "Fay"),
    player(2, "Gus"),
)
ROUND2 = round_sheet(player(1, "Dan", settlements=4, cities=3), player(1, "Ala"), player(1, "Eve"), player(1, "Fay"))


def test_an_organiser_sheet_in_the_way_is_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2, "Standings": [["my own ranking"]]})
    with pytest.raises(WorkbookError, match="own sheet 'Standings'"):
        score_workbook(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]


def test_a_problem_before_writing_writes_nothing(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Notes": [["no rounds here"]]})
    with pytest.raises(WorkbookError, match="no round sheets"):
        score_workbook(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]


class _Exited(Exception):
    """os._exit(code), caught."""


def _run_here(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> subprocess.CompletedProcess[str]:
    """cli.run (the installed command's entry point) in this process, `args` as its command line: its os._exit
    caught with the code it was given, what it printed read back."""
    import gc

    from sheet_scorer.cli import main as cli

    def exit_(code: int) -> None:
        raise _Exited(code)

    monkeypatch.setattr(sys, "argv", ["sheet-scorer", *args])
    monkeypatch.setattr(cli.os, "_exit", exit_)
    threshold = gc.get_threshold()  # cli.run sets the installed command's own; the test process keeps Python's
    capsys.readouterr()
    try:
        cli.run()
    except _Exited as exited:
        returncode = exited.args[0]
    else:
        raise AssertionError("cli.run returned instead of ending the process")
    finally:
        gc.set_threshold(*threshold)
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(args, returncode, out, err)


@pytest.mark.parametrize(
    ("sheets", "code", "stderr"),
    [
        ({"Round 1": ROUND2}, 0, ""),
        ({"Round 1": ROUND1}, 1, ""),
        ({"Notes": [["no rounds"]]}, 2, "Error: "),
    ],
)
def test_installed_command_exit_codes(
    tmp_path: Path,
    sheets: dict[str, Any],
    code: int,
    stderr: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`python -m sheet_scorer` runs cli.run, which ends the process with os._exit: output must still arrive. The
    case with errors (output, then a non-zero exit) in a process of its own; the others through cli.run here."""
    path = write_workbook(tmp_path / "e.xlsx", sheets)
    if code == 1:
        done = subprocess.run(
            [sys.executable, "-m", "sheet_scorer", "score", str(path)], capture_output=True, text=True
        )
    else:
        done = _run_here(["score", str(path)], monkeypatch, capsys)
    assert done.returncode == code, done.stderr
    assert done.stderr.startswith(stderr) and "Traceback" not in done.stderr
    if code < 2:
        wrote = f"wrote {tmp_path / 'e.scored.xlsx'} and {tmp_path / 'e.standings.html'}"
        if code == 1:  # with errors the next step is the last line (docs/rules.md §5)
            copy = tmp_path / "e.scored.xlsx"
            wrote += f"Next: fix the marked cells in {copy}, then run sheet-scorer score {copy}"
        assert "".join(done.stdout.split()).endswith(
            "".join(wrote.split())
        )  # rich wraps long lines, even inside a path


def test_installed_command_usage_error_exits_2(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "sheet_scorer", "score", "--bogus"], capture_output=True, text=True)
    assert done.returncode == 2 and "No such option" in done.stderr


def test_a_failure_after_scoring_leaves_the_target_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report fails to render after scoring: the workbook is not replaced, no temporary file is left."""
    from sheet_scorer.report import html as report

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    before = path.read_bytes()

    def broken(*args: Any, **kwargs: Any) -> str:
        raise RuntimeError("template missing")

    monkeypatch.setattr(report, "report_context", broken)
    with pytest.raises(RuntimeError, match="template missing"):
        score_workbook(path, in_place=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]
    assert path.read_bytes() == before


def test_ctrl_c_exits_130_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from sheet_scorer import api
    from sheet_scorer.cli.main import main

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(api, "score_workbook", interrupted)
    result = CliRunner().invoke(main, ["score", str(write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2}))])
    assert result.exit_code == 130 and result.output.startswith("Interrupted") and result.output.count("\n") == 1


def test_a_target_that_cannot_be_replaced_is_one_line_and_stays_as_it_was(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As on Windows when the scored workbook from the last run is still open in Excel."""
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    scored = tmp_path / "e.scored.xlsx"
    scored.write_bytes(b"last run's scored workbook")

    def refused(source: Any, target: Any) -> None:
        raise PermissionError(13, "The process cannot access the file because it is being used by another process")

    monkeypatch.setattr("sheet_scorer.workbook.files.os.replace", refused)
    with pytest.raises(WorkbookError, match="close it and score again"):
        score_workbook(path)
    assert scored.read_bytes() == b"last run's scored workbook"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.scored.xlsx", "e.xlsx"]


def test_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})

    def refused(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("sheet_scorer.workbook.files.tempfile.mkstemp", refused)
    with pytest.raises(WorkbookError, match=f"cannot write in the folder {tmp_path}"):
        score_workbook(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]


def test_a_full_disk_part_way_replaces_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last output fails for lack of space: the scored copy and report of the last run stay as they were."""
    from sheet_scorer.report import export

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    (tmp_path / "e.scored.xlsx").write_bytes(b"last run")
    (tmp_path / "e.standings.html").write_text("last report")

    def full(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(export, "write_json", full)
    with pytest.raises(WorkbookError, match="disk is full") as failure:
        score_workbook(path, json=tmp_path / "e.json")
    assert "\n" not in str(failure.value)
    assert (tmp_path / "e.scored.xlsx").read_bytes() == b"last run"
    assert (tmp_path / "e.standings.html").read_text() == "last report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.scored.xlsx", "e.standings.html", "e.xlsx"]


def test_an_output_that_is_a_folder_is_one_line(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    (tmp_path / "e.scored.xlsx").mkdir()
    with pytest.raises(WorkbookError, match=r"e\.scored\.xlsx: is a folder"):
        score_workbook(path)
    assert not (tmp_path / "e.standings.html").exists()


def test_a_read_only_disk_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})

    def read_only(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr("sheet_scorer.workbook.files.tempfile.mkstemp", read_only)
    with pytest.raises(WorkbookError, match="read-only disk"):
        score_workbook(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]


def _ended_process_id() -> int:
    """The id of a process that has ended (and been reaped)."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


@pytest.mark.skipif(os.name == "nt", reason="process liveness is tested with os.kill(pid, 0)")
def test_temporary_files_of_an_ended_run_are_removed_but_not_a_live_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sheet_scorer.workbook import files

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    abandoned = tmp_path / f".e.scored.xlsx.{_ended_process_id()}.k3j2_x.sheet-scorer-tmp"
    live = tmp_path / f".e.scored.xlsx.{os.getppid()}.a8b9c0.sheet-scorer-tmp"  # the test runner's parent: alive
    other = tmp_path / ".e.scored.xlsx.12.notes"  # not this tool's
    for file in (abandoned, live, other):
        file.write_bytes(b"partial")
    names: list[str] = []
    original = files.replace_with
    monkeypatch.setattr(
        files, "replace_with", lambda temporary, target: (names.append(temporary.name), original(temporary, target))
    )
    score_workbook(path)
    assert not abandoned.exists() and live.exists() and other.exists()
    assert names and all(f".{os.getpid()}." in n and n.endswith(".sheet-scorer-tmp") for n in names)


def test_scoring_the_scored_copy_updates_it_keeping_backup_and_original(tmp_path: Path) -> None:
    """docs/rules.md §5: no .scored.scored; the report keeps its name; the first version is kept once, never overwritten."""
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND1})
    first = score_workbook(path)
    scored = tmp_path / "e.scored.xlsx"
    assert first.output == scored
    book = openpyxl.load_workbook(scored)
    book["Round 1"]["F3"] = 0  # Bob's knights fixed in the scored copy
    book.save(scored)
    version2 = scored.read_bytes()
    second = score_workbook(scored)
    assert (second.output, second.html) == (scored, tmp_path / "e.standings.html") and second.exit_code == 0
    assert (tmp_path / "e.scored.backup.xlsx").read_bytes() == version2
    assert (tmp_path / "e.scored.original.xlsx").read_bytes() == version2  # the first version the tool replaced
    version3 = scored.read_bytes()
    score_workbook(scored)
    assert (tmp_path / "e.scored.backup.xlsx").read_bytes() == version3
    assert (tmp_path / "e.scored.original.xlsx").read_bytes() == version2
    assert scored.read_bytes() == version3  # nothing left to change
    assert not any("scored.scored" in p.name for p in tmp_path.iterdir())
    assert openpyxl.load_workbook(path)["Round 1"]["F3"].value == "three"  # the input is never touched


def test_in_place_keeps_the_first_version_once(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    untouched = path.read_bytes()
    score_workbook(path, in_place=True)
    once = path.read_bytes()
    score_workbook(path, in_place=True)
    assert (tmp_path / "e.original.xlsx").read_bytes() == untouched
    assert (tmp_path / "e.backup.xlsx").read_bytes() == once
    assert path.read_bytes() == once  # scoring again changes nothing further
