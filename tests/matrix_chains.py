"""The round-trip matrix's pieces (tests/clients/test_matrix.py): the producers (every way the tool makes a workbook),
the re-savers (real spreadsheet programs and openpyxl opening and saving it), and the readers that must open
what the tool wrote. LibreOffice and Gnumeric are called in batches: one soffice process for many files.
"""

from __future__ import annotations

import csv
import functools
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import openpyxl
from helpers import HEADERS, run_ok, soffice_convert, write_workbook

EXAMPLES = Path(__file__).parent.parent / "example_workbooks"
CSV_ALL_SHEETS = "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,false,false,false,-1"
# The organiser's workbook (docs/rules.md §1: a title above the table, extra columns, the organiser's own
# formatting): two tables of four. Table 1: Ala 4 settlements + 3 cities = 10 VP, declared; the others 2 VP
# + what the row adds. Table 2: Eve 2 + 2x4 = 10 declared; Fay 3 + 2x2 = 7; Gus 2; Hal 2 + 1 VP card = 3.
ORGANISER_ROWS = [
    [1, "Ala", 4, 3, 0, 0, 2, 1, None, None, "x"],
    [1, "Bob", 2, 0, 0, 0, 2, 1, None, None, None],
    [1, "Cyd", 3, 0, 0, 0, 2, 1, None, None, None],
    [1, "Dan", 2, 1, 0, 0, 2, 1, None, None, None],
    [2, "Eve", 2, 4, 0, 0, 2, 1, None, None, "x"],
    [2, "Fay", 3, 2, 0, 0, 2, 1, None, None, None],
    [2, "Gus", 2, 0, 0, 0, 2, 1, None, None, None],
    [2, "Hal", 2, 0, 1, 0, 2, 1, None, None, None],
]
# The game VP by hand (docs/rules.md §2: settlements + 2 x cities + VP cards).
ORGANISER_VP = {"Ala": 10, "Bob": 2, "Cyd": 3, "Dan": 4, "Eve": 10, "Fay": 7, "Gus": 2, "Hal": 3}


def organiser_workbook(path: Path) -> Path:
    """An organiser's workbook formatted over the cells the tool fills: a merged title, borders, fills and a
    number format on every cell to column T (the computed columns start at L), a conditional format over them,
    a note, and an Excel Table over the organiser's own columns."""
    from openpyxl.comments import Comment
    from openpyxl.formatting.rule import CellIsRule
    from openpyxl.styles import Border, Font, PatternFill, Side
    from openpyxl.worksheet.table import Table, TableStyleInfo

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Round 1"
    sheet["A1"] = "Autumn Cup — Round 1"
    sheet["A1"].font = Font(bold=True, size=16)
    sheet.merge_cells("A1:K1")
    sheet.append([])
    for r, row in enumerate([HEADERS, *ORGANISER_ROWS], start=2):
        for c, value in enumerate(row, start=1):
            sheet.cell(r, c, value)
    thin = Side(style="thin", color="FF808080")
    for row in sheet.iter_rows(min_row=2, max_row=2 + len(ORGANISER_ROWS), max_col=20):
        for cell in row:
            cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)
            if cell.row == 2:
                cell.fill = PatternFill("solid", fgColor="FFDDEBF7")
            elif cell.column > len(HEADERS):
                cell.number_format = "0.0"
                cell.fill = PatternFill("solid", fgColor="FFFFF2CC")
    red = PatternFill("solid", bgColor="FFFFC7CE")
    sheet.conditional_formatting.add(
        f"C3:T{2 + len(ORGANISER_ROWS)}", CellIsRule(operator="greaterThan", formula=["3"], fill=red)
    )
    sheet["B3"].comment = Comment("Ala brought the prizes", "Organiser")
    table = Table(displayName="Results", ref=f"A2:K{2 + len(ORGANISER_ROWS)}")
    table.tableStyleInfo = TableStyleInfo(name="TableStyleMedium9", showRowStripes=True)
    sheet.add_table(table)
    notes = book.create_sheet("Notes")
    notes.append(["Venue", "Club house"])
    notes["B1"].number_format = "@"
    book.save(path)
    return path


# ---------------------------------------------------------------- producers: (input, output) of the tool


def produce_example(folder: Path) -> tuple[Path, Path]:
    """The bundled example scored."""
    source = shutil.copy(EXAMPLES / "spring_open.xlsx", folder / "spring_open.xlsx")
    run_ok("score", source)
    return Path(source), folder / "spring_open.scored.xlsx"


def produce_organiser(folder: Path) -> tuple[Path, Path]:
    """The organiser's formatted workbook scored (its tables have no mistakes)."""
    source = organiser_workbook(folder / "organiser.xlsx")
    run_ok("score", source)
    return source, folder / "organiser.scored.xlsx"


def produce_seat(folder: Path, language: str = "en") -> tuple[Path, Path]:
    """`new` for 12 players and 3 rounds in `language`, then `seat --force` (round 1 not played yet) adds round 2."""
    players = folder / "players.txt"
    players.write_text("\n".join(f"Player {n:02d}" for n in range(1, 13)) + "\n", encoding="utf-8")
    event = folder / "event.xlsx"
    run_ok("new", "--players", players, "--rounds", 3, "--lang", language, "-o", event)
    before = shutil.copy(event, folder / "event.new.xlsx")
    run_ok("seat", event, "--force")
    return Path(before), event


def produce_merge(folder: Path) -> tuple[Path, Path]:
    """A judge's copy of the example's round 1, tables 1-2 (`split`), merged back (`merge`)."""
    event = Path(shutil.copy(EXAMPLES / "spring_open.xlsx", folder / "spring_open.xlsx"))
    copy = folder / "judge.xlsx"
    run_ok("split", event, "--round", 1, "--tables", "1-2", "-o", copy)
    before = shutil.copy(event, folder / "spring_open.before.xlsx")
    run_ok("merge", event, copy)
    return Path(before), event


PLAYOFF_ROUNDS = {
    "Round 1": [
        ["Ala", 12],
        ["Ewa", 9],
        ["Franek", 5],
        ["Czesia", 2],
        ["Basia", 10],
        ["Gosia", 8],
        ["Henio", 4],
        ["Dorota", 3],
    ],
    "Round 2": [
        ["Czesia", 10],
        ["Ewa", 9],
        ["Ala", 6],
        ["Franek", 3],
        ["Dorota", 11],
        ["Basia", 9],
        ["Gosia", 5],
        ["Henio", 2],
    ],
}
FINAL_VP = {"Basia": 10, "Ala": 8, "Ewa": 6, "Dorota": 4}  # Basia wins the final (docs/rules.md §6)


def produce_playoffs(folder: Path) -> tuple[Path, Path]:
    """Two VP-only rounds, `Playoff Size` 4: `playoffs` adds the Final, the judge types its VP, `playoffs`
    adds the Final Ranking."""
    sheets: dict[str, list[list[Any]]] = {"Settings": [["Playoff Size", 4]]}
    for name, rows in PLAYOFF_ROUNDS.items():
        sheets[name] = [["Table", "Player", "VP", "Declared"]] + [
            [1 + i // 4, p, vp, ""] for i, (p, vp) in enumerate(rows)
        ]
    event = write_workbook(folder / "playoffs.xlsx", sheets)
    run_ok("playoffs", event)
    book = openpyxl.load_workbook(event)
    final = book["Final"]
    header = [c.value for c in final[1]]
    for row in final.iter_rows(min_row=2):
        name = row[header.index("Player")].value
        row[header.index("VP")].value = FINAL_VP[name]
        row[header.index("Declared")].value = "x" if name == "Basia" else None
    book.save(event)
    before = shutil.copy(event, folder / "playoffs.final.xlsx")
    run_ok("playoffs", event)
    return Path(before), event


PRODUCERS: dict[str, Callable[[Path], tuple[Path, Path]]] = {
    "example": produce_example,
    "organiser": produce_organiser,
    "seat": produce_seat,
    "seat-pl": functools.partial(produce_seat, language="pl"),
    "seat-fr": functools.partial(produce_seat, language="fr"),
    "merge": produce_merge,
    "playoffs": produce_playoffs,
}


# ---------------------------------------------------------------- re-savers: many files at a time


def resave_openpyxl(files: list[Path], outdir: Path) -> None:
    for file in files:
        openpyxl.load_workbook(file).save(outdir / file.name)


def resave_libreoffice(files: list[Path], outdir: Path, soffice: str) -> None:
    soffice_convert(
        soffice, files, "xlsx:Calc MS Excel 2007 XML", outdir, profile=outdir.parent / "lo-profile", timeout=600
    )


def resave_ods(files: list[Path], outdir: Path, soffice: str) -> None:
    """To .ods and back to .xlsx, two LibreOffice runs for all the files."""
    ods = outdir / "ods"
    ods.mkdir()
    soffice_convert(soffice, files, "ods", ods, profile=outdir.parent / "lo-profile", timeout=600)
    soffice_convert(
        soffice,
        [ods / f"{f.stem}.ods" for f in files],
        "xlsx:Calc MS Excel 2007 XML",
        outdir,
        profile=outdir.parent / "lo-profile",
        timeout=600,
    )


def resave_gnumeric(files: list[Path], outdir: Path, ssconvert: str) -> None:
    for file in files:
        subprocess.run(
            [ssconvert, "--export-type=Gnumeric_Excel:xlsx2", str(file), str(outdir / file.name)],
            check=True,
            capture_output=True,
            timeout=120,
        )


# ---------------------------------------------------------------- readers


def read_openpyxl(path: Path) -> None:
    """A full read with styles: every cell's value, font, fill, border and number format (IndexError on a style past cellXfs)."""
    book = openpyxl.load_workbook(path)
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                _ = (cell.value, cell.font, cell.fill, cell.border, cell.number_format, cell.alignment, cell.protection)


def read_calamine(path: Path) -> None:
    from python_calamine import CalamineWorkbook

    book = CalamineWorkbook.from_path(str(path))
    for name in book.sheet_names:
        book.get_sheet_by_name(name).to_python()


def read_pandas(path: Path) -> None:
    import pandas

    pandas.read_excel(path, sheet_name=None, engine="openpyxl")


def csv_sheet(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", errors="replace") as stream:
        return list(csv.reader(stream))


def libreoffice_csv(files: list[Path], outdir: Path, soffice: str) -> None:
    """Every sheet of every file as CSV, as shown (FILE-SHEET.csv), in one LibreOffice run."""
    soffice_convert(soffice, files, CSV_ALL_SHEETS, outdir, profile=outdir.parent / "lo-profile", timeout=600)


def gnumeric_said(done: subprocess.CompletedProcess[str]) -> set[str]:
    """What Gnumeric printed, without its process id and clock (so two runs compare)."""
    return {
        re.sub(r"^\*\* \(ssconvert:\d+\): (\w+) \*\*: [\d:.]+: ", r"\1: ", line) for line in done.stderr.splitlines()
    }


def gnumeric_csv(file: Path, outdir: Path, ssconvert: str) -> subprocess.CompletedProcess[str]:
    """Every sheet of `file` as CSV (FILE-SHEET.csv), with what Gnumeric said."""
    return subprocess.run(
        [ssconvert, "-S", "--export-type=Gnumeric_stf:stf_csv", str(file), str(outdir / f"{file.stem}-%s.csv")],
        capture_output=True,
        text=True,
        timeout=120,
    )
