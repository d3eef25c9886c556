"""Round trip through a real spreadsheet program: LibreOffice reads what we write, and we read what it writes.

soffice exits 0 even when a conversion fails, so every test asserts the output file itself.
Under CI=true a missing LibreOffice fails these tests instead of skipping them.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from office import Batch
from office import job as office_job

from sheet_scorer import score_workbook

EXAMPLE = Path(__file__).parent.parent / "example_workbooks" / "spring_open.xlsx"
CSV_ALL_SHEETS = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"


@office_job("standings_csv", CSV_ALL_SHEETS)
def _scored_example(folder: Path, batch: Batch) -> list[Path]:
    """The example scored, for LibreOffice to export sheet by sheet."""
    score_workbook(EXAMPLE, output=folder / "scored.xlsx", html=folder / "scored.html")
    return [folder / "scored.xlsx"]


@office_job("resaved_example", "ods", "xlsx")
def _example(folder: Path, batch: Batch) -> list[Path]:
    """The example as it is, saved by LibreOffice as .ods, then that .ods as .xlsx."""
    return [Path(shutil.copy(EXAMPLE, folder / "event.ods.xlsx"))]


def test_libreoffice_reads_the_standings_we_wrote(office: Batch, tmp_path: Path) -> None:
    result = score_workbook(EXAMPLE, output=tmp_path / "scored.xlsx", html=tmp_path / "scored.html")
    exported = office.outputs("standings_csv") / "scored-Standings.csv"
    assert exported.is_file(), "LibreOffice did not export the Standings sheet"
    with exported.open(encoding="utf-8") as stream:
        rows = list(csv.reader(stream))
    assert rows[0][:6] == ["Rank", "Player", "Round Points", "VP", "VP %", "Games"]
    expected = result.standings
    assert [int(r[0]) for r in rows[1:]] == list(range(1, len(expected) + 1))
    assert [r[1] for r in rows[1:]] == list(expected["player"])
    assert [float(r[2]) for r in rows[1:]] == pytest.approx(list(expected["round_points"]))
    assert [float(r[4]) for r in rows[1:]] == pytest.approx(list(expected["vp_pct"]), abs=1e-9)


def test_a_workbook_saved_by_libreoffice_scores_the_same(office: Batch, tmp_path: Path) -> None:
    assert (office.outputs("resaved_example", 0) / "event.ods.ods").is_file()
    resaved = office.outputs("resaved_example", 1) / "event.ods.xlsx"
    assert resaved.is_file(), "LibreOffice did not write the .xlsx"

    original = score_workbook(EXAMPLE, output=tmp_path / "a.xlsx", html=tmp_path / "a.html")
    again = score_workbook(resaved, output=tmp_path / "b.xlsx", html=tmp_path / "b.html")
    assert again.exit_code == original.exit_code == 0
    assert again.standings[["rank", "player", "round_points", "vp", "games"]].equals(
        original.standings[["rank", "player", "round_points", "vp", "games"]]
    )


@office_job("scored_with_prizes", "xlsx")  # LibreOffice's xlsx filter: Calc MS Excel 2007 XML
def _scored_with_prizes(folder: Path, batch: Batch) -> list[Path]:
    """The example with a sheet of the organiser's own (a formula, TRUE, Polish letters), scored."""
    import openpyxl

    book = openpyxl.load_workbook(EXAMPLE)
    prizes = book.create_sheet("Prizes")
    prizes["A1"], prizes["B1"], prizes["A2"], prizes["A3"] = "Winner", "=Standings!B2", True, "Zażółć"
    book.save(folder / "event.xlsx")
    return [score_workbook(folder / "event.xlsx").output]


def test_a_scored_copy_saved_by_libreoffice_keeps_its_record_and_fingerprint(office: Batch) -> None:
    """docs/rules.md §5: opening and saving the scored copy in LibreOffice is no edit: the record survives and
    the organiser's cells give the same fingerprint (a TRUE cell comes back as the formula TRUE(): the same value)."""
    from sheet_scorer.workbook.read import read_workbook
    from sheet_scorer.workbook.record import read_record

    (scored,) = office.sources("scored_with_prizes")
    resaved = office.outputs("scored_with_prizes") / scored.name
    assert read_record(resaved).fingerprint == read_record(scored).fingerprint == read_workbook(resaved).fingerprint
