"""A catalogue of hostile and damaged workbooks, each built here at test time with the
outcome both `check` and `score` must agree on: scored (exit 0 or 1, with the problems named) or
refused in one line naming the file (exit 2). Never a crash, a stall or a memory blow-up.

    python tests/hostile_catalogue.py FOLDER [CASE ...]   # build the files, run check and score on each,
                                                          # print one JSON object per case

`tests/xlsx/test_hostile_catalogue.py` runs this in a subprocess limited to 1.5 GiB of address space,
each case to 30 s, and compares each result with the case's expectation.
"""

from __future__ import annotations

import json
import re
import signal
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import openpyxl
from helpers import player, round_sheet, write_workbook
from openpyxl.worksheet.table import Table

SHEET = "xl/worksheets/sheet1.xml"
TABLE = [player(1, "Ala", settlements=4, cities=3), player(1, "Bob"), player(1, "Cyd"), player(1, "Dan")]
CASE_SECONDS = 30
MEMORY_BYTES = 1536 * 2**20


@dataclass(frozen=True)
class Case:
    """One hostile file: how to build it, and the exit both commands give (2: refused in one line)."""

    name: str
    build: Callable[[Path], Path]
    exit: int
    problems: frozenset[tuple[str, str]] = frozenset()  # (code, cell) that `check` must report
    players: int | None = None  # players in the standings, when scored
    notes: str = ""


def _base(folder: Path, name: str, sheets: dict | None = None) -> Path:
    return write_workbook(folder / f"{name}.base.xlsx", sheets or {"Round 1": round_sheet(*TABLE)})


def _patched(
    source: Path,
    target: Path,
    changes: dict[str, Callable[[str], str] | None] | None = None,
    added: dict[str, bytes] | None = None,
    level: int = 6,
) -> Path:
    """A copy of `source` with some parts rewritten (a function of the text), removed (None) or added."""
    changes, added = changes or {}, added or {}
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as dst:
        for item in src.infolist():
            change = changes.get(item.filename, "keep")
            if change is None:
                continue
            data = src.read(item.filename)
            dst.writestr(item.filename, data if change == "keep" else change(data.decode()).encode())
        for name, data in added.items():
            dst.writestr(name, data)
    return target


def _replace(old: str, new: str) -> Callable[[str], str]:
    def change(xml: str) -> str:
        assert old in xml, (old, xml[:3000])
        return xml.replace(old, new, 1)

    return change


def _append_rows(rows: str) -> Callable[[str], str]:
    return _replace("</sheetData>", f"{rows}</sheetData>")


BOB_SETTLEMENTS = '<c r="C3" t="n"><v>2</v></c>'  # as openpyxl writes Bob's Settlements


def _with(
    name: str,
    changes: dict[str, Callable[[str], str] | None] | None = None,
    added: dict[str, bytes] | None = None,
    sheets: dict | None = None,
) -> Callable[[Path], Path]:
    def build(folder: Path) -> Path:
        return _patched(_base(folder, name, sheets), folder / f"{name}.xlsx", changes, added)

    return build


def _forty_thousand_error_cells(folder: Path) -> Path:
    rows = "".join(f'<row r="{r}"><c r="M{r}" t="e"/></row>' for r in range(10, 40_010))
    return _with("error-cells", {SHEET: _append_rows(rows)})(folder)


def _excel_table_with_totals(folder: Path) -> Path:
    """An Excel Table over the games with its totals row: 'Total' and SUBTOTAL formulas under the counts."""
    path = _base(folder, "table-totals")
    book = openpyxl.load_workbook(path)
    sheet = book["Round 1"]
    sheet["A6"] = "Total"
    for column in "CDEFGH":
        sheet[f"{column}6"] = f"=SUBTOTAL(109,{column}2:{column}5)"
    sheet.add_table(Table(displayName="Games", ref="A1:K6", totalsRowCount=1))
    book.save(folder / "table-totals.xlsx")
    return folder / "table-totals.xlsx"


def _zip_bomb(folder: Path) -> Path:
    """1 MB that unpacks to 255 MiB of rows: under the old ratio test, far over any real round sheet."""
    path = _base(folder, "bomb")
    target = folder / "bomb.xlsx"
    row = "".join(f'<c r="{c}{{r}}"><v>1</v></c>' for c in "ABCDEFGHIJK")
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename != SHEET:
                dst.writestr(item.filename, data)
                continue
            head, tail = data.decode().split("</sheetData>")
            block = "".join(f'<row r="{n}">{row.format(r=n)}</row>' for n in range(10, 4010)).encode()  # ~1 MiB
            with dst.open(SHEET, "w", force_zip64=True) as member:
                member.write(head.encode())
                for _ in range(255 * 2**20 // len(block) + 1):  # the same rows again: refused before any is read
                    member.write(block)
                member.write(f"</sheetData>{tail}".encode())
    return target


def _settings(
    name: str, settings: list[list], rounds: int = 1, patch: tuple[str, str] | None = None
) -> Callable[[Path], Path]:
    sheets = {"Settings": settings, **{f"Round {n}": round_sheet(*TABLE, ["BYE", "Eve"]) for n in range(1, rounds + 1)}}
    changes = {SHEET: _replace(*patch)} if patch else {}
    return _with(name, changes, sheets=sheets)


DOCTYPE = '<!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
PICTURE = "xl/media/image1.png"
WORKBOOK_RELS = "xl/_rels/workbook.xml.rels"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _with_picture(name: str) -> Callable[[Path], Path]:
    """A binary part (a picture, declared by a Default content type) that no parser reads: the patcher copies it."""
    return _with(
        name,
        {"[Content_Types].xml": _replace("<Default ", '<Default Extension="png" ContentType="image/png"/><Default ')},
        {PICTURE: bytes(range(256)) * 64},
    )


def _bad_deflate(name: str, member: str, build: Callable[[Path], Path] | None = None) -> Callable[[Path], Path]:
    """`member`'s compressed data starting with a block of the reserved type: zlib fails ('invalid block type'),
    before any checksum is compared."""

    def damaged(folder: Path) -> Path:
        path = (build or _with(name))(folder)
        data = bytearray(path.read_bytes())
        with zipfile.ZipFile(path) as archive:
            offset = archive.getinfo(member).header_offset
        name_length, extra_length = (
            int.from_bytes(data[offset + 26 : offset + 28], "little"),
            int.from_bytes(data[offset + 28 : offset + 30], "little"),
        )
        data[offset + 30 + name_length + extra_length] = 0xFF  # BFINAL 1, BTYPE 11: reserved
        target = folder / f"{name}.damaged.xlsx"
        target.write_bytes(bytes(data))
        return target

    return damaged


def _declared_encoding(encoding: str) -> Callable[[str], str]:
    return lambda xml: f'<?xml version="1.0" encoding="{encoding}"?>' + xml.split("?>", 1)[-1]


def _strict(folder: Path) -> Path:
    """Excel's 'Strict Open XML Spreadsheet' (tests/corpus: calamine, MIT)."""
    target = folder / "strict.xlsx"
    target.write_bytes((Path(__file__).parent / "corpus" / "calamine-strict_iso_paths.xlsx").read_bytes())
    return target


def _duplicate_entry(folder: Path) -> Path:
    """The round sheet's zip entry twice (zipfile warns; Excel calls the package damaged)."""
    import warnings

    path = _base(folder, "duplicate")
    with zipfile.ZipFile(path) as src:
        sheet = src.read(SHEET)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _patched(path, folder / "duplicate.xlsx", added={SHEET: sheet})


CATALOGUE = [
    # 14.1: one cell far away; the `dimension` element lying about the extent
    Case(
        "cell-at-XFD1048576",
        _with("xfd", {SHEET: _append_rows('<row r="1048576"><c r="XFD1048576"><v>1</v></c></row>')}),
        1,
        frozenset({("no-room-for-columns", "")}),
        notes="no room right of XFD for the computed columns",
    ),
    Case(
        "cell-at-AZ1048576",
        _with("az", {SHEET: _append_rows('<row r="1048576"><c r="AZ1048576"><v>1</v></c></row>')}),
        0,
        players=4,
    ),
    Case(
        "dimension-lies",
        _with("dimension", {SHEET: _replace('<dimension ref="A1:K5"/>', '<dimension ref="A1:XFD1048576"/>')}),
        0,
        players=4,
    ),
    Case(
        "cells-without-references",
        _with("no-refs", {SHEET: lambda xml: re.sub(r'<c r="[A-Z]+\d+"', "<c", xml)}),
        0,
        players=4,
    ),
    # 14.3 / 10.6: error cells read with a parser, in linear time
    Case(
        "error-cell-t-before-r",
        _with("t-first", {SHEET: _replace(BOB_SETTLEMENTS, '<c t="e" r="C3"><v>#REF!</v></c>')}),
        1,
        frozenset({("error-value", "C3")}),
    ),
    Case(
        "error-cell-without-value",
        _with("bare-error", {SHEET: _replace(BOB_SETTLEMENTS, '<c r="C3" t="e"/>')}),
        1,
        frozenset({("empty-cell", "C3")}),
        notes="never the next cell's value",
    ),
    Case("40000-error-cells-without-value", _forty_thousand_error_cells, 0, players=4),
    # 10.6: an Excel Table's totals row, and a hand-made total row, are not players
    Case("excel-table-totals-row", _excel_table_with_totals, 0, players=4),
    Case(
        "hand-made-total-row",
        _with(
            "total-row",
            {
                SHEET: _append_rows(
                    '<row r="6"><c r="A6" t="inlineStr"><is><t>Total</t></is></c><c r="C6"><f>SUM(C2:C5)</f><v>10</v></c></row>'
                )
            },
        ),
        0,
        players=4,
    ),
    # 14.2: memory bounded by what is unpacked
    Case("zip-bomb-255-MiB", _zip_bomb, 2),
    # 14.4: control characters in names (as Excel escapes them)
    Case(
        "control-characters-in-names",
        _with(
            "controls",
            {
                SHEET: lambda xml: xml.replace("<t>Bob</t>", "<t>Bob_x0007_</t>").replace(
                    "<t>Cyd</t>", "<t>Cyd_x001B_[2J_x001B_]0;pwned_x0007_</t>"
                )
            },
        ),
        0,
        players=4,
    ),
    # 14.6: extreme numbers are errors at their cells
    Case("points-3-1e400", _settings("points3", [["Points 3", "1e400;1;1"]]), 1, frozenset({("bad-setting", "B1")})),
    Case(
        "bye-points-1e400",
        _settings("bye1e400", [["Bye Points", 12345]], patch=("<v>12345</v>", "<v>1e400</v>")),
        1,
        frozenset({("bad-setting", "B1")}),
    ),
    Case(
        "bye-points-1e308-two-rounds",
        _settings("bye1e308", [["Bye Points", 1e308]], rounds=2),
        1,
        frozenset({("bad-setting", "B1")}),
    ),
    Case(
        "count-NaN",
        _with("nan", {SHEET: _replace(BOB_SETTLEMENTS, '<c r="C3" t="n"><v>NaN</v></c>')}),
        1,
        frozenset({("not-a-number", "C3")}),
    ),
    Case(
        "count-1e400",
        _with("inf", {SHEET: _replace(BOB_SETTLEMENTS, '<c r="C3" t="n"><v>1e400</v></c>')}),
        1,
        frozenset({("not-whole-number", "C3")}),
    ),
    Case(
        "polish-1e308",
        _with(
            "pl",
            sheets={
                "Settings": [["Language", "pl"]],
                "Round 1": round_sheet(TABLE[0], player(1, "Bob", knights=1e308), *TABLE[2:]),
            },
        ),
        1,
        frozenset({("not-whole-number", "F3")}),
    ),
    # 14.7: what neither command can read is refused by both, in one line
    Case("doctype-in-sheet", _with("doctype", {SHEET: lambda xml: DOCTYPE + xml.split("?>", 1)[-1]}), 2),
    Case(
        "doctype-in-app-xml",
        _with("doctype-app", {"docProps/app.xml": lambda xml: DOCTYPE + xml.split("?>", 1)[-1]}),
        2,
    ),
    Case(
        "no-styles-part",
        _with("no-styles", {"xl/styles.xml": None}),
        0,
        players=4,
        notes="read and written without one",
    ),
    Case("empty-core-properties", _with("empty-core", {"docProps/core.xml": lambda xml: ""}), 2),
    Case(
        "row-beyond-the-grid",
        _with("far-row", {SHEET: _append_rows('<row r="2000000"><c r="A2000000"><v>1</v></c></row>')}),
        2,
    ),
    Case("shared-string-missing", _with("sst", {SHEET: _replace(BOB_SETTLEMENTS, '<c r="C3" t="s"><v>99</v></c>')}), 2),
    # A damaged package is refused in one line naming the part, by `check` as by `score`, and a
    # scored copy is never written from a package Excel would have to repair
    Case("deflate-stream-damaged-in-xml", _bad_deflate("deflate-theme", "xl/theme/theme1.xml"), 2),
    Case(
        "deflate-stream-damaged-in-picture",
        _bad_deflate("deflate-png", PICTURE, _with_picture("deflate-png")),
        2,
        notes="a part no parser reads, copied byte for byte by the patcher",
    ),
    Case("picture-copied-whole", _with_picture("png"), 0, players=4),
    Case("unknown-encoding", _with("encoding", {"docProps/app.xml": _declared_encoding("x-klingon")}), 2),
    Case("multi-byte-encoding", _with("shift-jis", {"docProps/core.xml": _declared_encoding("shift_jis")}), 2),
    Case("no-content-types", _with("no-types", {"[Content_Types].xml": None}), 2),
    Case("no-package-relationships", _with("no-root-rels", {"_rels/.rels": None}), 2),
    Case("part-without-content-type", _with("untyped", added={"xl/extra.dat": b"\x00" * 16}), 2),
    Case("relationship-target-missing", _with("no-theme", {"xl/theme/theme1.xml": None}), 2),
    Case(
        "relationship-id-twice",
        _with(
            "rid-twice",
            {
                WORKBOOK_RELS: _replace(
                    "</Relationships>",
                    f'<Relationship Id="rId1" Type="{REL}/theme" Target="theme/theme1.xml"/></Relationships>',
                )
            },
        ),
        2,
    ),
    Case("main-part-elsewhere", _with("main", {"_rels/.rels": _replace("xl/workbook.xml", "xl/book.xml")}), 2),
    Case("duplicate-zip-entry", _duplicate_entry, 2),
    Case("strict-open-xml", _strict, 2, notes="refused by name: save it as 'Excel Workbook (.xlsx)'"),
    Case(
        "organisers-own-problems-sheet",
        _with("own-problems", sheets={"Round 1": round_sheet(*TABLE), "Problems": [["my notes"]]}),
        2,
        notes="check refuses what score would: the tool's sheet cannot be written",
    ),
    Case(
        "organisers-own-standings-sheet",
        _with("own-standings", sheets={"Round 1": round_sheet(*TABLE), "Standings": [["Name"]]}),
        2,
    ),
]


class _Timeout(Exception):
    pass


def _alarm(signum: int, frame: object) -> None:
    raise _Timeout


def run_case(case: Case, folder: Path) -> dict:
    """Build the case's file, then `check --format json` and `score` on it, each within CASE_SECONDS."""
    from click.testing import CliRunner

    from sheet_scorer.cli.main import main

    folder.mkdir(parents=True, exist_ok=True)
    path = case.build(folder)
    found: dict = {"name": case.name, "file": str(path)}
    for command, args in (
        ("check", ["check", "--format", "json", str(path)]),
        ("score", ["score", str(path), "-o", str(folder / "out.xlsx"), "--html", str(folder / "out.html")]),
    ):
        signal.alarm(CASE_SECONDS)
        started = time.perf_counter()
        try:
            result = CliRunner().invoke(main, args)
            found[command] = {
                "exit": result.exit_code,
                "stdout": result.stdout,
                "stderr": result.stderr,
                "exception": None if isinstance(result.exception, (SystemExit, type(None))) else repr(result.exception),
            }
        except _Timeout:
            found[command] = {
                "exit": None,
                "stdout": "",
                "stderr": "",
                "exception": f"timed out after {CASE_SECONDS} s",
            }
        finally:
            signal.alarm(0)
        found[command]["seconds"] = round(time.perf_counter() - started, 2)
    return found


def main(folder: Path, names: list[str]) -> None:
    signal.signal(signal.SIGALRM, _alarm)
    for case in CATALOGUE:
        if not names or case.name in names:
            print(json.dumps(run_case(case, folder / case.name)), flush=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2:])
