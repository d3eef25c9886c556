"""LibreOffice files (docs/rules.md §1): an .ods is converted by LibreOffice to .xlsx and scored; without
LibreOffice it is refused in one line that says how to save it as .xlsx.

The .ods files are made once per module by ONE LibreOffice run from workbooks written here. Under
CI=true a missing LibreOffice fails the tests that need it instead of skipping them.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from helpers import player, round_sheet, write_workbook
from office import Batch
from office import job as office_job
from openpyxl.styles import Font

from sheet_scorer import check_workbook, score_workbook
from sheet_scorer.cli.main import main
from sheet_scorer.model import WorkbookError
from sheet_scorer.workbook import convert

# 10 VP (4 settlements, 3 cities) wins: Ala 10, Bob 2, Cyd 2, Dan 2 -> places 1, 2=, 2=, 2= (points 5, 2, 2, 2).
CLEAN = round_sheet(player(1, "Ala", settlements=4, cities=3), player(1, "Bob"), player(1, "Cyd"), player(1, "Dan"))
BROKEN = round_sheet(player(1, "Ala", settlements=44), player(1, "Bob"), player(1, "Cyd"), player(1, "Dan"))


@office_job("ods_files", "ods")
def _xlsx_files(source: Path, batch: Batch) -> list[Path]:
    """event.xlsx (clean, B2 'Ala' in bold) and broken.xlsx, for LibreOffice to save as .ods."""
    event = write_workbook(source / "event.xlsx", {"Round 1": CLEAN})
    book = openpyxl.load_workbook(event)
    book["Round 1"]["B2"].font = Font(bold=True)
    book.save(event)
    return [event, write_workbook(source / "broken.xlsx", {"Round 1": BROKEN})]


@pytest.fixture(scope="module")
def ods_files(office: Batch) -> dict[str, Path]:
    """event.ods (clean, B2 'Ala' in bold) and broken.ods, converted from .xlsx by one LibreOffice run."""
    out = office.outputs("ods_files")
    files = {name: out / f"{name}.ods" for name in ("event", "broken")}
    assert all(f.is_file() for f in files.values()), "LibreOffice did not write the .ods files"
    return files


def copy(ods: Path, folder: Path) -> Path:
    return Path(shutil.copy(ods, folder / ods.name))


def test_an_ods_is_converted_scored_and_said_so(ods_files: dict[str, Path], tmp_path: Path) -> None:
    event = copy(ods_files["event"], tmp_path)
    result = CliRunner().invoke(main, ["score", str(event)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith(
        f"{event}: a LibreOffice file, converted by LibreOffice to .xlsx and scored"
    )
    scored = tmp_path / "event.scored.xlsx"
    assert scored.is_file() and (tmp_path / "event.standings.html").is_file()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.ods", "event.scored.xlsx", "event.standings.html"]
    sheet = openpyxl.load_workbook(scored)["Round 1"]
    assert sheet["B2"].value == "Ala" and sheet["B2"].font.bold  # the formatting came through LibreOffice
    standings = openpyxl.load_workbook(scored)["Standings"]
    assert [[c.value for c in r][:3] for r in standings.iter_rows(min_row=2, max_row=5)] == [
        [1, "Ala", 5],
        [2, "Bob", 2],
        [3, "Cyd", 2],
        [4, "Dan", 2],
    ]


def test_an_ods_is_checked_like_its_xlsx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """check goes through the same conversion (here a stand-in that gives the .xlsx the .ods was made from,
    sparing a LibreOffice start: the real conversion is tested above)."""
    import sheet_scorer.api.score as api

    (tmp_path / "source").mkdir()
    made_from = write_workbook(tmp_path / "source" / "broken.xlsx", {"Round 1": BROKEN})
    monkeypatch.setattr(
        api, "convert_to_xlsx", lambda sources, folder: {sources[0]: Path(shutil.copy(made_from, folder))}
    )
    event = tmp_path / "event"
    event.mkdir()
    (event / "broken.ods").write_bytes(b"PK")
    result = check_workbook(event / "broken.ods")
    assert [(p.code, p.cell) for p in result.problems] == [("settlements-range", "C2")]
    assert result.converted_from == event / "broken.ods"
    assert list(event.iterdir()) == [event / "broken.ods"]  # check writes nothing


def test_a_batch_converts_all_ods_in_one_libreoffice_run(
    ods_files: dict[str, Path], office: Batch, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The run itself is a stand-in giving each .ods the .xlsx it was made from (sparing a LibreOffice start: the
    real conversion is tested above): what is told here is that the batch asks for one run with every .ods."""
    for ods in ods_files.values():
        copy(ods, tmp_path)
    write_workbook(tmp_path / "plain.xlsx", {"Round 1": CLEAN})
    made_from = {p.stem: p for p in office.sources("ods_files")}
    runs: list[list[Path]] = []

    def run(program: str, sources: list[Path], folder: Path) -> None:
        runs.append(sources)
        for source in sources:
            shutil.copy(made_from[source.stem], folder / f"{source.stem}.xlsx")

    monkeypatch.setattr(convert, "_run", run)
    result = CliRunner().invoke(main, ["score", str(tmp_path), "--jobs", "1"])
    assert result.exit_code == 1, result.output  # broken.ods has an error
    assert len(runs) == 1 and sorted(p.name for p in runs[0]) == ["broken.ods", "event.ods"]
    assert "converted by LibreOffice to .xlsx and scored: broken.ods, event.ods" in result.output
    for name in ("event", "broken", "plain"):
        assert (tmp_path / f"{name}.scored.xlsx").is_file() and (tmp_path / f"{name}.standings.html").is_file()


@pytest.fixture
def no_libreoffice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOFFICE", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr(convert, "KNOWN_LOCATIONS", ())


def test_libreoffice_is_found_where_its_installer_puts_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Windows and macOS do not put soffice on PATH: the installer's folder is looked at too."""
    monkeypatch.delenv("SOFFICE", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    program = tmp_path / "LibreOffice" / "program" / "soffice.exe"
    program.parent.mkdir(parents=True)
    program.write_bytes(b"")
    monkeypatch.setattr(convert, "KNOWN_LOCATIONS", (tmp_path / "nowhere" / "soffice", program))
    assert convert.libreoffice() == str(program)


@pytest.mark.usefixtures("no_libreoffice")
def test_without_libreoffice_an_ods_is_refused_in_one_line(tmp_path: Path) -> None:
    fake = tmp_path / "event.ods"
    fake.write_bytes(b"PK\x03\x04 not really")
    result = CliRunner().invoke(main, ["score", str(fake)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and "Save As" in result.output and ".xlsx" in result.output
    assert list(tmp_path.iterdir()) == [fake]


@pytest.mark.usefixtures("no_libreoffice")
def test_a_batch_without_libreoffice_scores_the_xlsx_and_reports_the_ods(tmp_path: Path) -> None:
    (tmp_path / "event.ods").write_bytes(b"PK\x03\x04 not really")
    write_workbook(tmp_path / "plain.xlsx", {"Round 1": CLEAN})
    result = CliRunner().invoke(main, ["score", str(tmp_path), "--jobs", "1"])
    assert result.exit_code == 2
    assert (tmp_path / "plain.scored.xlsx").is_file() and not (tmp_path / "event.scored.xlsx").exists()
    assert "not scored" in result.output


def test_a_conversion_that_hangs_is_ended_at_its_time_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A LibreOffice that never finishes: the run is ended after the limit (here half a second), by its own
    process id."""
    hanging = tmp_path / "soffice"
    hanging.write_text('#!/bin/sh\necho $$ > "$(dirname "$0")/pid"\nexec sleep 60\n')
    hanging.chmod(0o755)
    monkeypatch.setenv("SOFFICE", str(hanging))
    monkeypatch.setattr(convert, "SECONDS_PER_CALL", 0)
    monkeypatch.setattr(convert, "SECONDS_PER_FILE", 0.5)
    (tmp_path / "event.ods").write_bytes(b"PK")
    start = time.monotonic()
    with pytest.raises(WorkbookError, match=r"did not finish converting within 0\.5 s"):
        convert.convert_to_xlsx([tmp_path / "event.ods"], tmp_path)
    assert time.monotonic() - start < 10
    pid = int((tmp_path / "pid").read_text())
    assert not Path(f"/proc/{pid}").exists() or "zombie" in Path(f"/proc/{pid}/status").read_text().lower()


def test_in_place_is_refused_for_an_ods(tmp_path: Path) -> None:
    fake = tmp_path / "event.ods"
    fake.write_bytes(b"PK")
    with pytest.raises(WorkbookError, match="--in-place"):
        score_workbook(fake, in_place=True)


@pytest.mark.usefixtures("no_libreoffice")
def test_the_refusal_follows_lang(tmp_path: Path) -> None:
    fake = tmp_path / "turniej.ods"
    fake.write_bytes(b"PK")
    result = CliRunner().invoke(main, ["check", str(fake), "--lang", "pl"])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert result.output.startswith(f"Błąd: {fake}: plik LibreOffice") and "Zapisz jako" in result.output


def test_a_missing_ods_is_told_before_libreoffice_starts(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["score", str(tmp_path / "gone.ods"), "--lang", "pl"])
    assert result.exit_code == 2 and result.output == f"Błąd: {tmp_path / 'gone.ods'}: nie ma takiego pliku\n"
