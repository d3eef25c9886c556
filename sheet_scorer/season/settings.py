"""The season's settings workbook (`--settings FILE`, docs/rules.md §10), read with the project's reader.

* `Season Points`: a header row `Place`, `Points`, then one row per place (places not listed get 0);
* `Aliases`: a header row `Name`, `Same as`, then one row per other spelling of a player;
* `Settings`: `Tournament` (the season's title) and `Language`, as in an event (docs/rules.md §7).

Sheet names and headers are accepted in en, pl, pt and fr. A value the season cannot use is an error at its cell.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from sheet_scorer.i18n.text import text
from sheet_scorer.i18n.vocab import LANGUAGES, SETTING_KEY_INDEX, SETTINGS_SHEET_NAMES, fold
from sheet_scorer.model import Settings
from sheet_scorer.rules.settings import judge_settings
from sheet_scorer.season.model import Alias, Note, SeasonSettings
from sheet_scorer.workbook.cells import cell_name, is_blank
from sheet_scorer.workbook.container import open_package
from sheet_scorer.workbook.settings import parse_number, setting_cells
from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell, cell_ref
from sheet_scorer.xlsx.reader import WorkbookReader


def _words(*keys: str) -> frozenset[str]:
    """The folded words of `keys` in every language: headers and sheet names are matched in any of them."""
    return frozenset(fold(text(lang, key)) for key in keys for lang in LANGUAGES)


POINTS_SHEETS = _words("season_points_sheet")
ALIAS_SHEETS = _words("season_aliases_sheet")
PLACE_WORDS = _words("place")
POINTS_WORDS = _words("points_short") | {fold("Season Points")}
NAME_WORDS = _words("season_alias_name", "player")
SAME_AS_WORDS = _words("season_alias_same_as")


def read_season_settings(path: Path) -> SeasonSettings:
    """The settings workbook's sheets; a missing or unreadable file is refused (WorkbookError, exit 2)."""
    opened = open_package(path)  # one opening of the file: checked, then read
    settings = SeasonSettings()
    try:
        book = WorkbookReader(opened)
        for entry in book.sheets:
            kind = fold(entry.name)
            if kind not in POINTS_SHEETS | ALIAS_SHEETS | SETTINGS_SHEET_NAMES:
                continue
            rows = [
                ["" if isinstance(v, (ErrorCell, FormulaCell)) else v for v in row]
                for row in book.sheet(entry).dense(entry.name)
            ]
            if kind in POINTS_SHEETS:
                settings.points_by_place = _points(path, entry.name, rows, settings.notes)
            elif kind in ALIAS_SHEETS:
                settings.aliases = _aliases(path, entry.name, rows, settings.notes)
            else:
                _settings(entry.name, rows, settings)
    finally:
        opened.close()
    return settings


def where(path: Path, sheet: str, cell: str = "") -> str:
    """A place in the settings workbook, as printed: `season.xlsx 'Aliases'!A3`."""
    return f"{path.name} '{sheet}'!{cell}" if cell else f"{path.name} '{sheet}'"


def _header(rows: list[list[Any]], first: frozenset[str], second: frozenset[str]) -> tuple[int, int, int] | None:
    """(row index, first column, second column) of the first row naming both headers; None when there is none."""
    for index, row in enumerate(rows):
        folded = [fold(str(v)) if not is_blank(v) else "" for v in row]
        a = next((i for i, v in enumerate(folded) if v in first), None)
        b = next((i for i, v in enumerate(folded) if v in second), None)
        if a is not None and b is not None:
            return index, a, b
    return None


def _cell(row: list[Any], column: int) -> Any:
    return row[column] if column < len(row) else ""


def _points(path: Path, sheet: str, rows: list[list[Any]], notes: list[Note]) -> dict[int, Fraction] | None:
    """Place -> season points; None (the default rule) when the sheet has no header row (an error)."""
    found = _header(rows, PLACE_WORDS, POINTS_WORDS)
    if found is None:
        notes.append(Note(where(path, sheet), "season_points_no_header"))
        return None
    start, place_column, points_column = found
    table: dict[int, Fraction] = {}
    for index, row in enumerate(rows[start + 1 :], start=start + 2):
        place, points = _cell(row, place_column), _cell(row, points_column)
        if is_blank(place) and is_blank(points):
            continue
        number = parse_number(place)
        value = parse_number(points)
        if number is None or number.denominator != 1 or number < 1:
            notes.append(
                Note(where(path, sheet, cell_ref(place_column + 1, index)), "season_bad_place", {"value": place})
            )
        elif value is None:
            notes.append(
                Note(where(path, sheet, cell_ref(points_column + 1, index)), "season_bad_points", {"value": points})
            )
        elif int(number) in table:
            notes.append(
                Note(
                    where(path, sheet, cell_ref(place_column + 1, index)),
                    "season_duplicate_place",
                    {"value": int(number)},
                )
            )
        else:
            table[int(number)] = value
    return table


def _aliases(path: Path, sheet: str, rows: list[list[Any]], notes: list[Note]) -> list[Alias]:
    """The Aliases rows with both cells filled; a row with one of them empty is an error at the empty cell."""
    found = _header(rows, NAME_WORDS, SAME_AS_WORDS)
    if found is None:
        notes.append(Note(where(path, sheet), "season_aliases_no_header"))
        return []
    start, name_column, same_column = found
    aliases = []
    for index, row in enumerate(rows[start + 1 :], start=start + 2):
        name, same = _cell(row, name_column), _cell(row, same_column)
        if is_blank(name) and is_blank(same):
            continue
        at_name = where(path, sheet, cell_ref(name_column + 1, index))
        at_same = where(path, sheet, cell_ref(same_column + 1, index))
        if is_blank(name) or is_blank(same):
            notes.append(Note(at_name if is_blank(name) else at_same, "season_alias_incomplete"))
            continue
        aliases.append(Alias(cell_name(name), cell_name(same), index, at_name, at_same))
    return aliases


def _settings(sheet: str, rows: list[list[Any]], settings: SeasonSettings) -> None:
    """Tournament (the season's title) and Language from a Settings sheet, read as an event's are (docs/rules.md §7)."""
    read, _ = judge_settings(
        setting_cells(sheet, rows), Settings(tournament="")
    )  # other keys are an event's, not the season's
    settings.title = read.tournament
    if any(
        row
        and not is_blank(row[0])
        and len(row) > 1
        and not is_blank(row[1])
        and SETTING_KEY_INDEX.get(fold(str(row[0]))) == "language"
        for row in rows
    ):
        settings.language = read.language
