"""Fuzzing the whole command (docs/rules.md §1, §5): a valid workbook, randomly damaged, never crashes the tool
and never loses the organiser's data.

A valid 2-round, 3-table workbook is mutated at random (cells set to values of any type or
deleted, rows and columns shuffled, junk sheets added, a round sheet renamed) and scored through
the CLI. Whatever the damage: no traceback, an exit status of 0, 1 or 2 that agrees with the
problems found, every problem placed on a sheet, and every cell of the input still in the output
with the same value, except where the computed columns are written.
"""

from __future__ import annotations

import math
import os
import random
import re
import tempfile
import zipfile
from datetime import date, datetime
from pathlib import Path
from typing import Any

import openpyxl
from click.testing import CliRunner
from helpers import examples, player, round_sheet, write_workbook
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import sheet_scorer
from sheet_scorer.cli.main import main
from sheet_scorer.model import WorkbookError
from sheet_scorer.problems import has_errors
from sheet_scorer.report.sheets import computed_positions
from sheet_scorer.xlsx import reader as xlsx
from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell, cell_ref

ADDED_SHEETS = {"Standings", "Problems"}
LONG = os.environ.get("SHEET_SCORER_FUZZ") == "long"  # bench/fuzz.py: many more examples

ROUND_1 = round_sheet(
    # table 1: Ala 2 + 6 + 1 + 2 (army) = 11, Bob 9, Cyd 4, Dan 2
    player(1, "Ala", settlements=2, cities=3, vp_cards=1, knights=3),
    player(1, "Bob", settlements=3, cities=3),
    player(1, "Cyd", settlements=2, cities=1),
    player(1, "Dan"),
    # table 2: Ewa 1 + 8 + 2 (road) = 11, Fil 8, Gosia 6, Hen 3
    player(2, "Ewa", settlements=1, cities=4, roads=8, road_length=6),
    player(2, "Fil", settlements=4, cities=2),
    player(2, "Gosia", settlements=2, cities=2),
    player(2, "Hen", settlements=3),
    # table 3 (three players): Iza 2 + 8 + 2 = 12, Jan 5, Kasia 2
    player(3, "Iza", settlements=2, cities=4, vp_cards=2),
    player(3, "Jan", settlements=3, cities=1),
    player(3, "Kasia"),
)
ROUND_2 = round_sheet(
    # table 1: Bob 10 (declared), Ewa 10, Iza 5, Dan 2
    player(1, "Bob", settlements=4, cities=3, declared="x"),
    player(1, "Ewa", settlements=2, cities=4),
    player(1, "Iza", settlements=3, cities=1),
    player(1, "Dan"),
    # table 2: Fil 2 + 6 + 2 (army, 4 knights) = 10, Jan 2 + 2 + 2 (road) = 6, Ala 7, Kasia 2
    player(2, "Fil", settlements=2, cities=3, knights=4),
    player(2, "Jan", settlements=2, cities=1, roads=7, road_length=5),
    player(2, "Ala", settlements=3, cities=2),
    player(2, "Kasia"),
    # table 3: Gosia 10, Hen 4, Cyd 3
    player(3, "Gosia", settlements=2, cities=4),
    player(3, "Hen", settlements=2, cities=1),
    player(3, "Cyd", settlements=3),
)
BASE: dict[str, list[list[Any]]] = {"Round 1": ROUND_1, "Round 2": ROUND_2, "Notes": [["Organiser notes"], ["fee", 20]]}

TEXTS = [
    "",
    "  ",
    "three",
    '=HYPERLINK("x")',
    "<script>alert(1)</script>",
    "🎲🐑",
    "x",
    "yes",
    "BYE",
    "Table",
    "Player",
    "VP",
    "Place",
    "Army Bonus",
    "#REF!",
    "3",
    " 4 ",
    "2,5",
    "Łukasz",
    "a" * 5000,
]
# Printable text only: openpyxl refuses control characters in cells (a spreadsheet cannot hold them either).
printable = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=40)
values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 25),
    st.sampled_from([-1, 0, 10**20, -(10**20), 2**63]),
    st.sampled_from([2.5, 3.0, 1e20, -0.0, 1e-9, 0.1]),
    # Within a spreadsheet's range: openpyxl writes 16 digits, so a float near the double maximum reads back as inf.
    st.floats(min_value=-1e300, max_value=1e300, allow_nan=False),
    st.sampled_from(TEXTS),
    printable,
    st.sampled_from([date(2024, 4, 13), datetime(2024, 4, 13, 18, 30), datetime(1900, 3, 1)]),
)
JUNK_SHEETS = [
    "Junk",
    "Notes 2",
    "Données 🎲",
    "Round 9",
    "R1",
    "Tour 2",
    "Settings",
    "Players",
    "Final",
    "Adjustments",
]
NON_ROUND_NAMES = ["Archive", "Round one", "Round 1 (old)", "Sheet1"]

mutation = st.one_of(
    st.tuples(st.just("set"), st.integers(0, 9), st.integers(1, 14), st.integers(1, 13), values),
    st.tuples(st.just("delete"), st.integers(0, 9), st.integers(1, 14), st.integers(1, 13)),
    st.tuples(st.just("shuffle_rows"), st.integers(0, 9), st.randoms(use_true_random=False)),
    st.tuples(st.just("shuffle_columns"), st.integers(0, 9), st.randoms(use_true_random=False)),
    st.tuples(st.just("add_sheet"), st.sampled_from(JUNK_SHEETS), st.lists(st.lists(values, max_size=6), max_size=6)),
    st.tuples(st.just("rename"), st.integers(0, 1), st.sampled_from(NON_ROUND_NAMES)),
)


def _grid(rows: list[list[Any]], row: int, column: int) -> None:
    """Grow `rows` so that rows[row - 1][column - 1] exists."""
    while len(rows) < row:
        rows.append([])
    while len(rows[row - 1]) < column:
        rows[row - 1].append(None)


def mutate(sheets: dict[str, list[list[Any]]], step: tuple) -> None:
    names = list(sheets)
    kind = step[0]
    if kind in ("set", "delete"):
        rows = sheets[names[step[1] % len(names)]]
        _grid(rows, step[2], step[3])
        rows[step[2] - 1][step[3] - 1] = step[4] if kind == "set" else None
    elif kind == "shuffle_rows":  # the data rows; the header stays on top
        rows = sheets[names[step[1] % len(names)]]
        body = rows[1:]
        step[2].shuffle(body)
        rows[1:] = body
    elif kind == "shuffle_columns":  # whole columns, each header with its column
        rows = sheets[names[step[1] % len(names)]]
        width = max((len(r) for r in rows), default=0)
        order = list(range(width))
        step[2].shuffle(order)
        rows[:] = [[(r[i] if i < len(r) else None) for i in order] for r in rows]
    elif kind == "add_sheet":
        if step[1].casefold() not in {n.casefold() for n in names}:
            sheets[step[1]] = [list(r) for r in step[2]]
    elif kind == "rename":
        rounds = [n for n in names if n.startswith("Round ") and n[6:].isdigit()]
        if rounds and step[2].casefold() not in {n.casefold() for n in names}:
            old = rounds[step[1] % len(rounds)]
            sheets.update({(step[2] if n == old else n): sheets.pop(n) for n in list(sheets)})


def _cells(ws: openpyxl.worksheet.worksheet.Worksheet) -> dict[tuple[int, int], Any]:
    return {(c.row, c.column): c.value for row in ws.iter_rows() for c in row if c.value is not None}


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


@settings(max_examples=300 if LONG else examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(mutation, min_size=1, max_size=8))
@example(steps=[("set", 0, 1, 1, None), ("set", 1, 1, 1, None)])  # no round sheet has a header row left
@example(
    steps=[("rename", 0, "Archive"), ("shuffle_columns", 0, random.Random(3)), ("add_sheet", "Round 9", [["Table"]])]
)
def test_mutated_workbooks_never_crash_or_lose_data(steps: list[tuple]) -> None:
    sheets = {name: [list(r) for r in rows] for name, rows in BASE.items()}
    for step in steps:
        mutate(sheets, step)
    with tempfile.TemporaryDirectory() as folder:
        path = write_workbook(Path(folder) / "event.xlsx", sheets)
        out, html = Path(folder) / "out.xlsx", Path(folder) / "out.html"
        result = CliRunner().invoke(main, ["score", str(path), "-o", str(out), "--html", str(html)])

        assert "Traceback" not in result.output, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
        assert result.exit_code in (0, 1, 2), result.output
        assert "unexpected failure" not in result.output, result.output  # a crash turned into exit 2 is still a crash
        if result.exit_code == 2:
            assert result.output.startswith("Error: ") and result.output.count("\n") == 1, result.output
            return

        checked = sheet_scorer.check_workbook(path)
        assert result.exit_code == int(has_errors(checked.problems)), [p.message for p in checked.problems]
        for problem in checked.problems:
            assert problem.sheet, problem
        assert out.exists() and html.exists()

        written = {s.name: (s, computed_positions(s)) for s in checked.data.rounds}
        before, after = openpyxl.load_workbook(path), openpyxl.load_workbook(out)
        assert [n for n in after.sheetnames if n not in ADDED_SHEETS] == before.sheetnames
        for ws in before.worksheets:
            sheet, positions = written.get(ws.title, (None, {}))
            own_vp = sheet is not None and "vp" in sheet.columns and not sheet.vp_is_computed
            rewritten = {c for field, c in positions.items() if not (field == "vp" and own_vp)}
            kept = _cells(after[ws.title])
            for (row, column), value in _cells(ws).items():
                if sheet is not None and column in rewritten and row >= sheet.header_row:
                    continue  # a computed column: the scorer's to (re)write
                if own_vp and column == sheet.columns["vp"] and row > sheet.header_row and _blank(value):
                    continue  # an empty (blank-text) VP cell of the organiser's own VP column is filled in
                assert kept.get((row, column)) == value, (ws.title, row, column, value, kept.get((row, column)))


def test_the_unmutated_workbook_is_valid(tmp_path: Path) -> None:
    """The fuzz starts from a clean workbook, so every problem it meets comes from a mutation."""
    result = sheet_scorer.check_workbook(write_workbook(tmp_path / "base.xlsx", BASE))
    assert result.problems == [] and len(result.standings) == 11


# ---------------------------------------------------------------- the package itself
#
# Two more fuzzers below work on the XML the organiser's application wrote, not on what openpyxl can
# write: one compares the streaming reader with a small independent model of SpreadsheetML cells,
# the other damages a workbook's bytes and asks `check_workbook` for a result or a one-line refusal.
# Both run in-process in a few seconds; `SHEET_SCORER_FUZZ=long` (bench/fuzz.py) runs them for longer.

MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_ESCAPE = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}

xml_text = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)  # what XML 1.0 can hold
number_text = st.one_of(
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.integers(-(10**20), 10**20).map(str),
    st.sampled_from(["1e400", "-1e400", "NaN", "inf", "1e308", "2.5E-3", " 3", "", "x"]),
)
cell_kind = st.sampled_from([None, "n", "inlineStr", "str", "b", "e", "formula"])


def _xml(text: str) -> str:
    return "".join(_ESCAPE.get(ch, ch) for ch in text)


def _expected(kind: str | None, text: str) -> object:
    """What a reader of the saved file sees in one cell (SpreadsheetML, ECMA-376 §18.3.1.4), or None when empty."""
    if kind in (None, "n"):
        try:
            number = float(text)
        except ValueError:
            return text or None
        return number if math.isfinite(number) else text
    if kind == "b":
        return text.strip().lower() in ("1", "true") if text else None
    if kind == "e":
        return text or None
    if kind == "formula":
        return "=SUM(A1)"
    return text or None  # inlineStr, str


def _cell_xml(ref: str, kind: str | None, text: str, r_first: bool) -> str:
    attrs = [f'r="{ref}"'] + ([f't="{kind}"'] if kind not in (None, "formula") else [])
    opening = " ".join(attrs if r_first else attrs[::-1])
    if kind == "inlineStr":
        return f"<c {opening}><is><t>{_xml(text)}</t></is></c>"
    if kind == "formula":
        return f"<c {opening}><f>SUM(A1)</f></c>"
    return f"<c {opening}><v>{_xml(text)}</v></c>" if text else f"<c {opening}/>"


def _one_sheet(path: Path, sheet_data: str) -> Path:
    rel = (
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
        'Target="worksheets/sheet1.xml"/>'
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{MAIN_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/'
            '2006/relationships"><sheets><sheet name="Round 1" sheetId="1" r:id="rId1"/></sheets></workbook>',
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rel}</Relationships>',
        )
        archive.writestr(
            "xl/worksheets/sheet1.xml", f'<worksheet xmlns="{MAIN_NS}"><sheetData>{sheet_data}</sheetData></worksheet>'
        )
    return path


cells_strategy = st.dictionaries(
    st.tuples(st.integers(1, 1_048_576), st.integers(1, 16_384)),
    st.tuples(cell_kind, st.one_of(number_text, xml_text), st.booleans()),
    max_size=12,
)


@settings(max_examples=2000 if LONG else examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cells=cells_strategy)
@example(cells={(13, 4): ("e", "", True), (13, 5): (None, "2", True)})  # an error cell with no value, then a number
@example(cells={(3, 4): ("e", "#REF!", False)})  # t before r
@example(cells={(1_048_576, 16_384): (None, "1", True)})  # the last cell of the grid
def test_reader_sees_every_cell_as_saved(cells: dict[tuple[int, int], tuple[str | None, str, bool]]) -> None:
    """Any cells, anywhere in the grid, of any type, attributes in any order: each read as saved, no more."""
    by_row: dict[int, list[str]] = {}
    for (row, column), (kind, text, r_first) in sorted(cells.items()):
        by_row.setdefault(row, []).append(_cell_xml(cell_ref(column, row), kind, text, r_first))
    data = "".join(f'<row r="{row}">{"".join(xml)}</row>' for row, xml in by_row.items())
    with (
        tempfile.TemporaryDirectory() as folder,
        xlsx.WorkbookReader(_one_sheet(Path(folder) / "f.xlsx", data)) as package,
    ):
        rows = package.sheet(package.sheets[0]).rows
    expected: dict[int, dict[int, object]] = {}
    for (row, column), (kind, text, _) in cells.items():
        value = _expected(kind, text)
        if value is not None and value != "":
            expected.setdefault(row, {})[column] = value
    assert rows == expected
    for (row, column), (kind, _, _) in cells.items():
        if kind == "e" and column in rows.get(row, {}):
            assert isinstance(rows[row][column], ErrorCell)
        if kind == "formula":
            assert isinstance(rows[row][column], FormulaCell)


HOSTILE_FRAGMENTS = [
    b'<c r="XFD1048576"><v>1</v></c>',
    b'<c t="e" r="C3"><v>#REF!</v></c>',
    b'<c r="D13" t="e"/>',
    b"<v>1e400</v>",
    b"<v>NaN</v>",
    b"_x0007_",
    b"_x001B_[2J",
    b'<!DOCTYPE x [<!ENTITY a "b">]>',
    b"&a;",
    b'<row r="0">',
    b'<c r="A1" t="s"><v>9</v></c>',
    b"<f>SUBTOTAL(109,C2:C5)</f>",
    b'<mergeCell ref="A1:XFD1048576"/>',
    b"\x00",
    b"\xff\xfe",
    b"</sheetData>",
    b"<sheetData>",
]


@settings(max_examples=600 if LONG else examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    part=st.integers(0, 50),
    position=st.floats(0, 1),
    cut=st.integers(0, 40),
    insert=st.one_of(st.sampled_from(HOSTILE_FRAGMENTS), st.binary(max_size=20)),
)
def test_damaged_package_bytes_are_read_or_refused_in_one_line(
    part: int, position: float, cut: int, insert: bytes
) -> None:
    """Bytes of any part replaced: `check_workbook` gives a result or a one-line WorkbookError, nothing else."""
    with tempfile.TemporaryDirectory() as folder:
        source = write_workbook(Path(folder) / "event.xlsx", BASE)
        target = Path(folder) / "damaged.xlsx"
        with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
            names = src.namelist()
            chosen = names[part % len(names)]
            for name in names:
                data = src.read(name)
                if name == chosen:
                    at = int(position * len(data))
                    data = data[:at] + insert + data[at + cut :]
                dst.writestr(name, data)
        try:
            result = sheet_scorer.check_workbook(target)
        except WorkbookError as refused:
            assert "\n" not in str(refused) and str(refused)
            return
        assert result.exit_code in (0, 1)


# ---------------------------------------------------------------- damaged packages
#
# A seeded set of package-level damages (parts dropped, doubled, retargeted, left without a content type,
# declared in another encoding, compressed data or any byte of the zip spoiled, an organiser's own
# Problems sheet): `check` and `score` through the CLI agree on every one, none is an "unexpected
# failure", and a scored copy written is itself a whole package (it passes the same package check).

PACKAGE_DAMAGES = ("drop", "duplicate", "retarget", "untyped", "encoding", "deflate", "byte", "own_sheet")
ENCODINGS = ("x-klingon", "shift_jis", "utf-16", "latin-1", "ascii", "utf-8")


def _damaged_package(source: Path, target: Path, rng: random.Random) -> str:
    """`source` with one damage drawn by `rng`, written to `target`; what was done, for the assertion messages."""
    import warnings

    with zipfile.ZipFile(source) as src:
        parts = [(info.filename, src.read(info)) for info in src.infolist()]
    kind = rng.choice(PACKAGE_DAMAGES)
    index = rng.randrange(len(parts))
    name, data = parts[index]
    if kind == "drop":
        del parts[index]
    elif kind == "duplicate":
        parts.append((name, data))
    elif kind == "retarget":
        rels = [i for i, (n, _) in enumerate(parts) if n.endswith(".rels")]
        index = rng.choice(rels)
        name, data = parts[index]
        parts[index] = (name, re.sub(rb'Target="[^"]*"', b'Target="missing/part.xml"', data, count=1))
    elif kind == "untyped":
        parts.append(("xl/extra.dat", b"\x00" * 8))
    elif kind == "encoding":
        encoding = rng.choice(ENCODINGS)
        parts[index] = (name, f'<?xml version="1.0" encoding="{encoding}"?>'.encode() + data.split(b"?>", 1)[-1])
        name = f"{name} as {encoding}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a duplicate name
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
            for part, content in parts:
                dst.writestr(part, content)
    if kind in ("deflate", "byte"):
        raw = bytearray(target.read_bytes())
        with zipfile.ZipFile(target) as archive:
            info = archive.infolist()[index]
        if kind == "deflate":  # a block of the reserved type at the start of the entry's compressed data
            start = (
                info.header_offset
                + 30
                + int.from_bytes(raw[info.header_offset + 26 : info.header_offset + 28], "little")
                + int.from_bytes(raw[info.header_offset + 28 : info.header_offset + 30], "little")
            )
            raw[start] = 0xFF
        else:
            at = rng.randrange(len(raw))
            raw[at] ^= 1 << rng.randrange(8)
            name = f"byte {at}"
        target.write_bytes(bytes(raw))
    return f"{kind} {name}"


def test_damaged_packages_are_refused_alike_and_never_unexpected(tmp_path: Path) -> None:
    source = write_workbook(tmp_path / "event.xlsx", BASE)
    own_sheet = write_workbook(tmp_path / "own.xlsx", {**BASE, "Problems": [["my own list"]]})
    rng = random.Random(20)
    for number in range(40 if not LONG else 400):
        target = tmp_path / f"damaged{number}.xlsx"
        done = _damaged_package(source, target, rng)
        if done.startswith("own_sheet"):
            target.write_bytes(own_sheet.read_bytes())
        out = tmp_path / f"out{number}.xlsx"
        runs = {
            command: CliRunner().invoke(main, args)
            for command, args in (
                ("check", ["check", str(target)]),
                ("score", ["score", str(target), "-o", str(out), "--html", str(tmp_path / f"out{number}.html")]),
            )
        }
        for command, run in runs.items():
            assert run.exception is None or isinstance(run.exception, SystemExit), (done, command, repr(run.exception))
            assert "unexpected" not in run.output and "Traceback" not in run.output, (done, command, run.output)
        assert runs["check"].exit_code == runs["score"].exit_code, (done, runs["check"].output, runs["score"].output)
        if runs["score"].exit_code == 2:
            assert runs["score"].output.startswith("Error: ") and runs["score"].output.count("\n") == 1, (
                done,
                runs["score"].output,
            )
            assert not out.exists(), done
        else:
            sheet_scorer.check_workbook(out)  # the scored copy passes the package check: nothing for Excel to repair
