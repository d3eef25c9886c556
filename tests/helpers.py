"""Build small workbooks for tests: sheets as lists of rows, written with openpyxl."""

from __future__ import annotations

import datetime
import sys
import zipfile
from collections.abc import Hashable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import openpyxl

HEADERS = [
    "Table",
    "Player",
    "Settlements",
    "Cities",
    "VP Cards",
    "Knights",
    "Roads",
    "Road Length",
    "Army First",
    "Road First",
    "Declared",
]


def examples(extended: int) -> int:
    """How many Hypothesis examples a property gets: `extended` in the extended run, a share of it in the default
    run (the profiles in tests/conftest.py; the profile's max_examples is the share in percent)."""
    from hypothesis import settings

    return max(1, round(extended * settings.default.max_examples / 100))


def player(
    table: int,
    name: str,
    settlements: int = 2,
    cities: int = 0,
    vp_cards: int = 0,
    knights: int = 0,
    roads: int = 2,
    road_length: int = 1,
    army_first: str = "",
    road_first: str = "",
    declared: str = "",
) -> list[Any]:
    """One round-sheet row in HEADERS order; defaults are the smallest valid game (2 VP)."""
    return [table, name, settlements, cities, vp_cards, knights, roads, road_length, army_first, road_first, declared]


# The bytes openpyxl wrote for each `sheets` of plain values, by their repr: many tests write the same small workbook
# (the clean round, a batch of twelve alike), and openpyxl's save is most of a small test's time.
_WRITTEN: dict[str, bytes] = {}
_PLAIN = (type(None), bool, int, float, str, datetime.datetime, datetime.date, datetime.time)


def write_workbook(path: Path, sheets: dict[str, list[list[Any]]]) -> Path:
    """Write `sheets` (name -> rows, header included) to `path` and return it (the same bytes as the last workbook
    of the same plain values, only the creation time openpyxl records may be that one's)."""
    sheets = {name: list(rows) for name, rows in sheets.items()}
    plain = all(
        isinstance(row, (list, tuple)) and all(type(value) in _PLAIN for value in row)
        for rows in sheets.values()
        for row in rows
    )
    key = repr(sheets) if plain else None
    if key is not None and key in _WRITTEN:
        Path(path).write_bytes(_WRITTEN[key])
        return path
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)
    if key is not None:
        _WRITTEN[key] = Path(path).read_bytes()
    return path


def with_part(path: Path, part: str, data: bytes) -> None:
    """Rewrite the package at `path` with `part` holding `data` (every other entry as it was)."""
    with zipfile.ZipFile(path) as archive:
        parts = {info.filename: archive.read(info) for info in archive.infolist()}
    parts[part] = data
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in parts.items():
            archive.writestr(name, content)


def read_plan(path: Path) -> dict[int, tuple[list[list[str]], list[str]]]:
    """The seating plan kept in the event at `path`, read as `seat` reads it (`open_event(...).plan()`)."""
    from sheet_scorer.workbook.read import open_event

    with open_event(path) as event:
        return event.plan()[1]


def read_players(path: Path) -> tuple[list[Any], str | None]:
    """The players of a list file and its encoding, read as `new` reads them (`read_player_lines`), lines left out."""
    from sheet_scorer.workbook.players import read_player_lines

    players, encoding = read_player_lines(path)
    return [p for p, _ in players], encoding


def round_sheet(*rows: list[Any], headers: list[str] = HEADERS) -> list[list[Any]]:
    return [headers, *rows]


# Python keeps an inherited SIG_IGN for SIGINT (a shell's background job starts with it): reset it before the tool starts
_AS_IN_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execv(sys.argv[1], sys.argv[1:])"
)


def tool_command(*args: str) -> list[str]:
    """`sheet-scorer ARGS` as a process started in a terminal: Ctrl-C (SIGINT) reaches it even when these tests run
    from a shell that ignores SIGINT; the same process id, as the tool itself replaces the starter."""
    return [sys.executable, "-c", _AS_IN_A_TERMINAL, sys.executable, "-m", "sheet_scorer", *args]


def run(*args: object) -> Any:
    """`sheet-scorer ARGS` through click's runner (in this process): the result with its exit code and output."""
    from click.testing import CliRunner

    from sheet_scorer.cli.main import main

    return CliRunner().invoke(main, [str(a) for a in args])


def run_ok(*args: object) -> Any:
    """`run`, asserting the command exited 0."""
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result


def run_text(*args: object) -> tuple[int, str]:
    """`run` as (exit code, everything printed)."""
    result = run(*args)
    return result.exit_code, result.output


def check(
    tmp_path: Path,
    *rows: list[Any],
    headers: list[str] = HEADERS,
    sheet: str = "Round 1",
    extra: dict[str, list[list[Any]]] | None = None,
) -> Any:
    """Write one round sheet of `rows` (plus `extra` sheets) to tmp_path/event.xlsx and check it (nothing written)."""
    return check_sheets(tmp_path, {sheet: round_sheet(*rows, headers=headers), **(extra or {})})


def check_sheets(tmp_path: Path, sheets: dict[str, list[list[Any]]]) -> Any:
    """Write `sheets` to tmp_path/event.xlsx and check it (nothing written)."""
    from sheet_scorer import check_workbook

    return check_workbook(write_workbook(tmp_path / "event.xlsx", sheets))


@dataclass(frozen=True)
class SheetResult:
    """One case's part of a shared check (`check_among`): the problems and result rows of its sheet, named `sheet`."""

    problems: list[Any]
    results: Any  # the result's frame, its rows of the case's sheet


_CHECKED: dict[int, tuple[dict[Hashable, str], Any]] = {}


def check_among(
    folder_factory: Any, cases: dict[Hashable, list[list[Any]]], case: Hashable, sheet: str = "Round 1"
) -> SheetResult:
    """Case `case` of `cases` (key -> a round sheet's rows, header included) as if its sheet alone were checked as
    `sheet`: all the cases are one workbook of round sheets, checked once per process (the rules judge a round sheet
    by itself, docs/rules.md §1-§3); the case gets every problem but those of the other cases' sheets, and its sheet's
    result rows, its sheet named `sheet`."""
    if id(cases) not in _CHECKED:
        names = {key: f"Round {number}" for number, key in enumerate(cases, 1)}
        folder = folder_factory.mktemp("cases")
        _CHECKED[id(cases)] = names, check_sheets(folder, {names[key]: rows for key, rows in cases.items()})
    names, result = _CHECKED[id(cases)]
    own, others = names[case], set(names.values()) - {names[case]}
    problems = [replace(p, sheet=sheet) if p.sheet == own else p for p in result.problems if p.sheet not in others]
    return SheetResult(problems, result.results[result.results["sheet"] == own].assign(sheet=sheet))


def soffice_convert(
    program: str, sources: list[Path], to: str, outdir: Path, profile: Path | None = None, timeout: int = 180
) -> None:
    """The tests' one LibreOffice launcher: `sources` converted `to` a format into `outdir`, headless, with a
    throwaway profile (`profile`, else outdir/profile) so a running LibreOffice is never disturbed."""
    import subprocess

    profile = profile or outdir / "profile"
    subprocess.run(
        [
            program,
            f"-env:UserInstallation={profile.as_uri()}",
            "--headless",
            "--norestore",
            "--convert-to",
            to,
            "--outdir",
            str(outdir),
            *map(str, sources),
        ],
        check=True,
        capture_output=True,
        timeout=timeout,
    )


def schema_errors(path: Path) -> set[tuple[str, str]]:
    """The (part, description) of every schema error openxml-audit finds in the package at `path`."""
    from openxml_audit import OpenXmlValidator

    result = OpenXmlValidator(max_errors=0).validate(str(path))
    return {(str(getattr(e, "part_uri", "")), str(getattr(e, "description", e))) for e in result.errors}
