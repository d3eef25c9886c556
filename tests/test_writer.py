"""The writer process (writer.py): the same workbook as writing in-process, failures as one line,
no process left behind; and the installed command's exit path (cli.run)."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from helpers import player, round_sheet, write_workbook

from sheet_scorer import WorkbookError, score_workbook
from sheet_scorer.model import WritePlan
from sheet_scorer.workbook.plan import plan_writes
from sheet_scorer.workbook.writer import BackgroundWriter, InProcessWriter, start_writer

# Table 1: Ala wins with 10 VP; Bob's knights are unreadable, so table 2 is clean and table 1 is not.
ROUND1 = round_sheet(
    player(1, "Ala", settlements=4, cities=3), player(1, "Bob", knights="three"), player(1, "Cyd"),
    player(2, "Dan", settlements=4, cities=3), player(2, "Eve"), player(2, "Fay"), player(2, "Gus"),
)
ROUND2 = round_sheet(player(1, "Dan", settlements=4, cities=3), player(1, "Ala"), player(1, "Eve"), player(1, "Fay"))


pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts child processes through /proc")


def _children() -> list[int]:
    """Processes this test process has started and that are still running."""
    found: list[int] = []
    for task in Path("/proc/self/task").iterdir():
        found.extend(int(pid) for pid in (task / "children").read_text().split())
    return found


def _plan(path: Path) -> WritePlan:
    """What scoring `path` would hand to the writer (English)."""
    checked = score_workbook(path, write=False)
    return plan_writes(checked.data.rounds, checked.results, checked.standings, checked.problems)


def _everything(path: Path) -> dict[str, Any]:
    """Every sheet's values, comments, conditional-format ranges and column widths."""
    book = openpyxl.load_workbook(path)
    return {
        ws.title: (
            [[c.value for c in row] for row in ws.iter_rows()],
            {c.coordinate: c.comment.text for row in ws.iter_rows() for c in row if c.comment},
            sorted(str(f.sqref) for f in ws.conditional_formatting),
            {k: d.width for k, d in ws.column_dimensions.items()},
        )
        for ws in book.worksheets
    }


def test_background_and_in_process_writers_write_the_same_workbook(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND1, "Round 2": ROUND2})
    apart = score_workbook(path, output=tmp_path / "apart.xlsx", html=tmp_path / "apart.html", overlap=True)
    here = score_workbook(path, output=tmp_path / "here.xlsx", html=tmp_path / "here.html", overlap=False)
    assert apart.exit_code == here.exit_code == 1
    written = _everything(tmp_path / "apart.xlsx")
    assert written == _everything(tmp_path / "here.xlsx")
    values, comments, marked, _ = written["Round 1"]
    # Table 2 scored: Dan 10 VP (4 settlements + 3 cities x 2) first, 5 points; table 1 unscored (blank).
    assert values[4][11:16] == [0, 0, 10, 1, 5]
    assert values[1][11:16] == [None] * 5
    assert marked == ["F3"] and "Knights" in comments["F3"]
    assert (tmp_path / "apart.html").read_text(encoding="utf-8") == (tmp_path / "here.html").read_text(encoding="utf-8")


def test_writer_process_never_imports_pandas() -> None:
    probe = ("import sys, sheet_scorer.workbook.writer, sheet_scorer.workbook.write; "
             "print(sorted({'pandas', 'pandera', 'jinja2', 'babel'} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


def test_failure_in_the_writer_process_is_one_line_and_no_report_is_written(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2, "Standings": [["my own ranking"]]})
    with pytest.raises(WorkbookError, match="own sheet 'Standings'"):
        score_workbook(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]
    assert _children() == []


def test_writer_process_that_dies_is_reported_not_hung(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    plan = _plan(path)
    writer = BackgroundWriter(path)
    try:
        writer._process.kill()
        writer.start(plan, tmp_path / "out.xlsx")
        with pytest.raises(WorkbookError, match="stopped unexpectedly"):
            writer.finish()
    finally:
        writer.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"] and _children() == []


def test_a_problem_before_writing_stops_the_writer_process(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Notes": [["no rounds here"]]})
    with pytest.raises(WorkbookError, match="no round sheets"):
        score_workbook(path)
    assert _children() == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]


def test_without_a_python_to_start_the_workbook_is_written_here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    monkeypatch.setattr(sys, "executable", "")
    assert isinstance(start_writer(path, overlap=True), InProcessWriter)
    result = score_workbook(path)
    assert openpyxl.load_workbook(result.output)["Round 1"]["P2"].value == 5  # Dan: first, 5 points


@pytest.mark.parametrize(("sheets", "code", "stderr"), [
    ({"Round 1": ROUND2}, 0, ""),
    ({"Round 1": ROUND1}, 1, ""),
    ({"Notes": [["no rounds"]]}, 2, "Error: "),
])
def test_installed_command_exit_codes(tmp_path: Path, sheets: dict[str, Any], code: int, stderr: str) -> None:
    """`python -m sheet_scorer` runs cli.run, which ends the process with os._exit: output must still arrive."""
    path = write_workbook(tmp_path / "e.xlsx", sheets)
    done = subprocess.run([sys.executable, "-m", "sheet_scorer", "score", str(path)], capture_output=True, text=True)
    assert done.returncode == code, done.stderr
    assert done.stderr.startswith(stderr) and "Traceback" not in done.stderr
    if code < 2:
        wrote = f"wrote {tmp_path / 'e.scored.xlsx'} and {tmp_path / 'e.standings.html'}"
        assert "".join(done.stdout.split()).endswith("".join(wrote.split()))  # rich wraps long lines, even inside a path


def test_installed_command_usage_error_exits_2(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "sheet_scorer", "score", "--bogus"], capture_output=True, text=True)
    assert done.returncode == 2 and "No such option" in done.stderr


def test_a_stray_module_in_the_current_folder_is_not_imported_by_the_writer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    (tmp_path / "openpyxl.py").write_text("raise SystemExit('the wrong openpyxl')\n")
    monkeypatch.chdir(tmp_path)
    result = score_workbook(path, overlap=True)
    assert openpyxl.load_workbook(result.output)["Round 1"]["P2"].value == 5


def test_a_failure_after_the_plan_was_sent_leaves_the_target_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The report fails to render while the writer process saves: no scored workbook, no temporary file, no process."""
    from sheet_scorer.report import html as report

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    before = path.read_bytes()

    def broken(*args: Any, **kwargs: Any) -> str:
        raise RuntimeError("template missing")

    monkeypatch.setattr(report, "render_report", broken)
    with pytest.raises(RuntimeError, match="template missing"):
        score_workbook(path, in_place=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.backup.xlsx", "e.xlsx"]
    assert path.read_bytes() == before and _children() == []


def test_ctrl_c_exits_130_with_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from sheet_scorer import api
    from sheet_scorer.cli.main import main

    def interrupted(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(api, "score_workbook", interrupted)
    result = CliRunner().invoke(main, ["score", str(write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2}))])
    assert result.exit_code == 130 and result.output.startswith("Interrupted") and result.output.count("\n") == 1


def test_what_a_site_hook_prints_in_the_writer_process_is_not_taken_for_its_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sheet_scorer.workbook import writer

    monkeypatch.setattr(writer, "_SERVE", "print('hello from sitecustomize'); " + writer._SERVE)
    result = score_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2}))
    assert openpyxl.load_workbook(result.output)["Round 1"]["P2"].value == 5


@pytest.mark.parametrize("overlap", [True, False])
def test_a_target_that_cannot_be_replaced_is_one_line_and_stays_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, overlap: bool,
) -> None:
    """As on Windows when the scored workbook from the last run is still open in Excel."""
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    scored = tmp_path / "e.scored.xlsx"
    scored.write_bytes(b"last run's scored workbook")

    def refused(source: Any, target: Any) -> None:
        raise PermissionError(13, "The process cannot access the file because it is being used by another process")

    monkeypatch.setattr("sheet_scorer.workbook.files.os.replace", refused)
    with pytest.raises(WorkbookError, match="close it and score again"):
        score_workbook(path, overlap=overlap)
    assert scored.read_bytes() == b"last run's scored workbook"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.scored.xlsx", "e.xlsx"] and _children() == []


@pytest.mark.parametrize("overlap", [True, False])
def test_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, overlap: bool) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})

    def refused(*args: Any, **kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("sheet_scorer.workbook.files.tempfile.mkstemp", refused)
    with pytest.raises(WorkbookError, match=f"cannot write in the folder {tmp_path}"):
        score_workbook(path, overlap=overlap)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"] and _children() == []


def test_an_unexpected_failure_in_the_writer_process_carries_its_traceback(tmp_path: Path) -> None:
    from sheet_scorer.workbook.writer import WriterFailure

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    broken = _plan(path)
    broken.sheets[0].name = "Round 9"  # not in the workbook: openpyxl raises KeyError inside the writer process
    writer = BackgroundWriter(path)
    try:
        writer.start(broken, tmp_path / "out.xlsx")
        with pytest.raises(WriterFailure, match="while writing the scored workbook: KeyError") as failure:
            writer.finish()
    finally:
        writer.close()
    assert failure.value.details.startswith("Traceback") and "apply_plan" in failure.value.details
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]


@pytest.mark.parametrize(("flag", "shown"), [([], False), (["-v"], True)])
def test_verbose_shows_the_writer_process_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, flag: list[str], shown: bool) -> None:
    from click.testing import CliRunner

    from sheet_scorer import api
    from sheet_scorer.cli.main import main
    from sheet_scorer.workbook.writer import WriterFailure

    def failing(*args: Any, **kwargs: Any) -> None:
        raise WriterFailure("while writing the scored workbook: KeyError: 'x'", "Traceback (in the writer process)\n")

    monkeypatch.setattr(api, "score_workbook", failing)
    result = CliRunner().invoke(main, ["score", *flag, str(write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2}))])
    assert result.exit_code == 2
    assert result.output.rstrip().splitlines()[-1].startswith("Error: unexpected failure (WriterFailure: while writing")
    assert ("Traceback (in the writer process)" in result.output) is shown


def test_the_writer_process_starts_before_this_one_imports_pandas(tmp_path: Path) -> None:
    """What makes `score` fast (bench/RESULTS.md): the openpyxl load overlaps the pandas imports and scoring.
    A module-level `import pandas` on the way to `score_workbook` would silently serialise the two again."""
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    probe = (
        "import sys; from sheet_scorer.workbook import writer; seen = []; original = writer.BackgroundWriter.__init__\n"
        "def spy(self, source):\n    seen.append(sorted({'pandas', 'pandera'} & set(sys.modules))); original(self, source)\n"
        "writer.BackgroundWriter.__init__ = spy\n"
        "from sheet_scorer.cli.main import main; from click.testing import CliRunner\n"
        "result = CliRunner().invoke(main, ['score', sys.argv[1]]); print(result.exit_code, seen)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True)
    assert done.stdout.strip() == "0 [[]]", done.stderr


def test_a_writer_whose_main_process_is_gone_leaves_no_temporary_file(tmp_path: Path) -> None:
    """The main process killed while the writer saves: the saved temporary file is removed, not orphaned."""
    import io

    from sheet_scorer.workbook.writer import _serve

    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": ROUND2})
    temporary = tmp_path / ".e.partial.xlsx"
    plan = _plan(path)
    requests = io.BytesIO(pickle.dumps(path) + pickle.dumps((plan, temporary)))

    class Gone(io.BytesIO):
        def write(self, data: bytes) -> int:  # type: ignore[override]
            raise BrokenPipeError(32, "Broken pipe")

    _serve(requests, Gone())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["e.xlsx"]
