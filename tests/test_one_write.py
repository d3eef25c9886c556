"""Every command writes its output package once (docs/rules.md §5): the parts streaming changes (the style sheet,
shared strings, content types, relationships) are written after the sheets that change them, so every style a
computed cell names is in the style sheet written; the record's fingerprint and seal are computed while writing,
never by reading the written file back."""

from __future__ import annotations

import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from office import Batch
from office import job as office_job
from openpyxl.styles import Border, Side

from sheet_scorer import api

EXAMPLE = Path(__file__).resolve().parent.parent / "example_workbooks" / "spring_open.xlsx"  # 30 players, 4 rounds
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def cell_format_count(path: Path) -> int:
    """How many cell formats (`cellXfs`) the package's style sheet defines, counted from its elements."""
    with zipfile.ZipFile(path) as archive:
        styles = archive.read("xl/styles.xml").decode()
    block = re.search(r"<cellXfs\b[^>]*>(.*?)</cellXfs>", styles, re.S)
    assert block is not None
    return len(re.findall(r"<xf\b", block.group(1)))


def styles_past_the_end(path: Path) -> list[tuple[str, str, int]]:
    """(sheet part, cell or row, style) of every `c@s` and `row@s` naming a cell format the style sheet lacks."""
    count = cell_format_count(path)
    found: list[tuple[str, str, int]] = []
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.startswith("xl/worksheets/") and name.endswith(".xml"):
                xml = archive.read(name).decode()
                for ref, style in re.findall(r'<(?:c|row) r="([A-Z]*\d+)"[^>]*?\bs="(\d+)"', xml):
                    if int(style) >= count:
                        found.append((name, ref, int(style)))
    return found


def sheet_part(path: Path, name: str) -> str:
    """The worksheet part of the sheet named `name`, as openpyxl finds it."""
    with zipfile.ZipFile(path) as archive:
        workbook = archive.read("xl/workbook.xml").decode()
        rels = archive.read("xl/_rels/workbook.xml.rels").decode()
    rid = re.search(rf'<sheet [^>]*name="{re.escape(name)}"[^>]*r:id="([^"]+)"', workbook)
    assert rid is not None
    target = re.search(rf'<Relationship [^>]*Id="{rid.group(1)}"[^>]*Target="([^"]+)"', rels) or re.search(
        rf'<Relationship [^>]*Target="([^"]+)"[^>]*Id="{rid.group(1)}"', rels
    )
    assert target is not None
    return "xl/" + target.group(1).removeprefix("/xl/")


def test_a_border_over_a_computed_cell_keeps_every_style_index_in_the_style_sheet(tmp_path: Path) -> None:
    """The organiser's bordered empty cell N4 (Round 1's Army Bonus column) needs a General variant of its
    format: the variant is in the style sheet written, and openpyxl opens the scored copy with styles."""
    source = tmp_path / "spring.xlsx"
    book = openpyxl.load_workbook(EXAMPLE)
    assert book["Round 1"]["N4"].value is None and book["Round 1"]["M3"].value == "Notes"
    book["Round 1"]["N4"].border = Border(bottom=Side(style="thin"))
    book.save(source)
    before = cell_format_count(source)
    output = api.score_workbook(source).output
    assert styles_past_the_end(output) == []
    with zipfile.ZipFile(output) as archive:
        xml = archive.read(sheet_part(output, "Round 1")).decode()
    n4 = re.search(r'<c r="N4" s="(\d+)"', xml)
    assert n4 is not None and before <= int(n4.group(1)) < cell_format_count(output)  # a new format, defined
    scored = openpyxl.load_workbook(output)
    assert scored["Round 1"]["N4"].border.bottom.style == "thin"  # the organiser's border kept
    assert scored["Round 1"]["N4"].number_format == "General"


def _as_libreoffice_saves(source: Path, target: Path) -> Path:
    """`source` with its style sheet as LibreOffice writes one: General as a custom number format (165 here), named by
    every cell format that was General, each format with LibreOffice's own attributes (so each computed cell needs a
    General variant of its format, unlike any the tool writes before the sheets)."""
    with zipfile.ZipFile(source) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    styles = parts["xl/styles.xml"].decode()
    head, _, rest = styles.partition("<cellXfs")
    cell_xfs, _, tail = rest.partition("</cellXfs>")
    cell_xfs = cell_xfs.replace('numFmtId="0"', 'numFmtId="165"').replace("<xf ", '<xf applyProtection="false" ')
    assert 'numFmtId="165"' in cell_xfs and 'numFmtId="165" formatCode' not in head
    head = re.sub(r'<numFmts count="(\d+)">', lambda m: f'<numFmts count="{int(m.group(1)) + 1}">', head)
    head = head.replace("</numFmts>", '<numFmt numFmtId="165" formatCode="General"/></numFmts>')
    parts["xl/styles.xml"] = (head + "<cellXfs" + cell_xfs + "</cellXfs>" + tail).encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return target


def test_a_workbook_whose_general_is_format_164_scores_with_every_style_defined(tmp_path: Path) -> None:
    resaved = _as_libreoffice_saves(
        api.score_workbook(Path(shutil.copy(EXAMPLE, tmp_path / "a.xlsx"))).output, tmp_path / "lo.xlsx"
    )
    output = api.score_workbook(resaved).output
    assert styles_past_the_end(output) == []
    scored = openpyxl.load_workbook(output)
    assert scored["Round 1"]["N3"].value == "Army Bonus" and scored["Round 1"]["Q4"].number_format == "General"


@office_job("scored_example", "xlsx")
def _scored_example(folder: Path, batch: Batch) -> list[Path]:
    """The example's scored copy, for LibreOffice to save again."""
    return [api.score_workbook(Path(shutil.copy(EXAMPLE, folder / "event.xlsx"))).output]


def test_a_scored_copy_saved_by_libreoffice_scores_with_every_style_defined(office: Batch, tmp_path: Path) -> None:
    """One real LibreOffice save of a scored copy, then `score` again."""
    (scored,) = office.sources("scored_example")
    resaved = Path(shutil.copy(office.outputs("scored_example") / scored.name, tmp_path / scored.name))
    assert resaved.is_file()
    output = api.score_workbook(resaved).output
    assert styles_past_the_end(output) == []
    assert openpyxl.load_workbook(output)["Round 1"]["N3"].value == "Army Bonus"


class Writes:
    """Packages saved per target, and zip openings of a file the command itself wrote, counted while it runs."""

    def __init__(self) -> None:
        self.saves: list[Path] = []
        self.read_backs: list[Path] = []


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> Writes:
    from sheet_scorer.xlsx.package import PackageEditor

    counted = Writes()
    real_save, real_init = PackageEditor.save, zipfile.ZipFile.__init__

    def save(self: PackageEditor, target: Path, *args: object, **kwargs: object) -> object:
        counted.saves.append(Path(target).resolve())
        return real_save(self, target, *args, **kwargs)  # type: ignore[arg-type]

    def init(self: zipfile.ZipFile, file: object, mode: str = "r", *args: object, **kwargs: object) -> None:
        if mode == "r" and isinstance(file, (str, Path)) and Path(file).resolve() in counted.saves:
            counted.read_backs.append(Path(file).resolve())
        real_init(self, file, mode, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(PackageEditor, "save", save)
    monkeypatch.setattr(zipfile.ZipFile, "__init__", init)
    return counted


def _recorded(path: Path) -> tuple[str, str]:
    """The fingerprint and seal a file's record holds."""
    from sheet_scorer.workbook.record import read_record

    record = read_record(path)
    assert record is not None
    return record.fingerprint, record.seal


def _independently(path: Path) -> tuple[str, str]:
    """The fingerprint of `path`'s organiser cells read afresh, and the seal of its entries as they are on disk."""
    from sheet_scorer.workbook.read import read_workbook
    from sheet_scorer.workbook.record import package_seal

    return read_workbook(path).fingerprint, package_seal(path)


@pytest.mark.parametrize("command", ["score", "seat", "playoffs", "split", "merge"])
def test_each_command_writes_its_package_once_and_never_reads_it_back(
    command: str, tmp_path: Path, writes: Writes
) -> None:
    """One save per file written, no opening of what was saved; the record it holds agrees with the file: its
    fingerprint is the one a fresh read computes, its seal the one of the entries on disk."""
    event = Path(shutil.copy(EXAMPLE, tmp_path / "spring.xlsx"))
    if command == "merge":  # a judge's copy of round 4, table 1, with the event's Settlements cell D4 emptied
        copy = api.split_event(event, 4, frozenset({1})).target
        book = openpyxl.load_workbook(event)
        book["Round 4"]["D4"] = None
        book.save(event)
        writes.saves.clear()
    runs = {
        "score": lambda: api.score_workbook(event).output,
        "seat": lambda: (api.seat_event(event), event)[1],
        "playoffs": lambda: (api.playoff_step(event), event)[1],
        "split": lambda: api.split_event(event, 4, frozenset({1})).target,
        "merge": lambda: (api.merge_copies(event, [copy]), event)[1],
    }
    before = _independently(event)[0]
    written = runs[command]()
    assert len(writes.saves) == 1 and writes.read_backs == []
    assert _recorded(written) == _independently(written)
    if command in ("seat", "playoffs", "merge"):  # the event carried on in place: its cells are new
        assert _recorded(written)[0] != before


@pytest.mark.parametrize("value", ["Town hall", 7, 2.5, True, "=1+1"])
def test_the_recorded_fingerprint_is_the_written_cells_whatever_their_kind(value: object, tmp_path: Path) -> None:
    """Cells of every kind written into a round sheet, an organiser's own sheet and a new sheet, a date among them
    (a cell format the tool appends): the record's fingerprint, computed while writing, is the one a fresh read of
    the written file computes."""
    from datetime import date

    from sheet_scorer.model import CellEdit, NewSheet, WorkbookPatch
    from sheet_scorer.workbook.update import update_workbook

    event = Path(shutil.copy(EXAMPLE, tmp_path / "spring.xlsx"))
    patch = WorkbookPatch(
        edits={"Round 4": [CellEdit("M4", value)], "Notes": [CellEdit("B9", value), CellEdit("C9", date(2026, 5, 1))]},
        sheets=[NewSheet("Extra", [["When", "What"], [date(2026, 5, 2), value]])],
    )
    update_workbook(event, patch)
    assert _recorded(event) == _independently(event)
    assert openpyxl.load_workbook(event)["Notes"]["C9"].value.date() == date(2026, 5, 1)
