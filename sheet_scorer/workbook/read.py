"""Read a tournament workbook (SPEC §1): round sheets, their header row and columns, Settings, Players.

Cell values come from python-calamine (the saved values, fast, formulas by their cached result).
Calamine shows an error value or a formula without a saved value as an empty cell, so those
cells are found with one scan of the sheet's XML (only when it has any) to say which they are.
"""

from __future__ import annotations

import html
import re
import zipfile
from datetime import date, datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

import pandas as pd
import python_calamine

from sheet_scorer.workbook.container import check_readable
from sheet_scorer.model import Registration, RoundSheet, Settings, WorkbookData, WorkbookError
from sheet_scorer.problems import Problem
from sheet_scorer.workbook.cells import ErrorCell, FormulaCell, cell_ref, clean_name, column_index, is_blank
from sheet_scorer.i18n.vocab import (
    COMPUTED_HEADER_INDEX,
    INPUT_HEADER_INDEX,
    LANGUAGE_NAMES,
    LANGUAGES,
    INACTIVE_WORDS,
    PLAYOFF_STAGES,
    PLAYERS_COLUMNS as _PLAYERS_COLUMNS,
    PLAYERS_SHEET_NAMES,
    SETTING_KEY_INDEX,
    SETTINGS_SHEET_NAMES,
    fold,
    playoff_stage,
    round_number,
)


def read_workbook(path: Path | str) -> WorkbookData:
    """Read every sheet the scorer uses; problems of form (no header row, …) are returned as data."""
    path = Path(path)
    check_readable(path)
    try:
        book = python_calamine.CalamineWorkbook.from_path(str(path))
    except Exception as exc:  # calamine raises its own error types for broken parts
        raise WorkbookError(f"{path}: cannot be read as a workbook ({exc})") from None
    problems: list[Problem] = []
    rounds: list[RoundSheet] = []
    settings = Settings(tournament=path.stem)
    registered: list[str] | None = None
    players: list[Registration] | None = None
    seen_numbers: dict[int, str] = {}
    playoffs: dict[str, RoundSheet] = {}
    for name in book.sheet_names:
        number = round_number(name)
        folded = fold(name)
        stage = playoff_stage(name)
        if number is not None:
            if number in seen_numbers:
                problems.append(Problem("duplicate-round", name, params={"round": number, "other": seen_numbers[number]}))
                continue
            seen_numbers[number] = name
            sheet_rows = _sheet_rows(book, name)
            found = _read_round(name, number, sheet_rows)
            if isinstance(found, Problem):
                problems.append(found)
            else:
                rounds.append(found)
        elif stage is not None:
            _read_playoff(name, stage, _sheet_rows(book, name), playoffs, problems)
        elif folded in SETTINGS_SHEET_NAMES:
            settings, setting_problems = _read_settings(name, _sheet_rows(book, name), settings)
            problems.extend(setting_problems)
        elif folded in PLAYERS_SHEET_NAMES:
            players = _read_players(_sheet_rows(book, name))
            registered = [p.name for p in players]
    if not rounds and not seen_numbers:
        raise WorkbookError(
            f"{path}: no round sheets; name each round's sheet 'Round 1', 'Round 2', … (or Runda/Rodada/Ronde N)"
        )
    rounds.sort(key=lambda r: r.number)
    data = WorkbookData(path, list(book.sheet_names), rounds, settings, registered, problems, players,
                        playoffs=sorted(playoffs.values(), key=lambda s: s.number))
    _scan_for_what_calamine_hides(data)
    return data


def _sheet_rows(book: Any, name: str) -> list[list[Any]]:
    """The sheet's values from A1, a merged range's value repeated in each of its cells
    (organisers often merge one Table number over the rows of its players)."""
    try:
        sheet = book.get_sheet_by_name(name)
        rows = sheet.to_python(skip_empty_area=False)
        merged = sheet.merged_cell_ranges or []
    except Exception as exc:  # calamine's own error types for a damaged sheet
        raise WorkbookError(f"sheet '{name}' cannot be read ({exc}); open and save the file in Excel or LibreOffice") from None
    for (top, left), (bottom, right) in merged:
        if top >= len(rows) or left >= len(rows[top]):
            continue
        value = rows[top][left]
        for r in range(top, min(bottom, len(rows) - 1) + 1):
            for c in range(left, min(right, len(rows[r]) - 1) + 1):
                rows[r][c] = value
    return rows


def _find_header(rows: list[list[Any]]) -> int | None:
    """Index of the first row naming at least Table and Player (SPEC §1)."""
    for index, row in enumerate(rows):
        fields = {INPUT_HEADER_INDEX.get(fold(v)) for v in row if isinstance(v, str)}
        if {"table", "player"} <= fields:
            return index
    return None


def _read_round(name: str, number: int, rows: list[list[Any]]) -> RoundSheet | Problem:
    header_index = _find_header(rows)
    if header_index is None:
        return Problem("no-header-row", name)
    header = rows[header_index]
    columns: dict[str, int] = {}
    computed: dict[str, int] = {}
    previous_key = None
    last_column = 0
    duplicates: dict[str, list[int]] = {}
    for col, value in enumerate(header, start=1):
        if is_blank(value):
            continue
        key = fold(str(value))
        # A VP column straight after Road Bonus is the one a previous run added.
        if key in COMPUTED_HEADER_INDEX and (COMPUTED_HEADER_INDEX[key] != "vp" or previous_key == "road_bonus"):
            computed[COMPUTED_HEADER_INDEX[key]] = col
            previous_key = COMPUTED_HEADER_INDEX[key]
            continue
        previous_key = None
        last_column = col
        field = INPUT_HEADER_INDEX.get(key)
        if field is None:
            continue
        if field in columns:
            duplicates.setdefault(field, [columns[field]]).append(col)
            continue
        columns[field] = col
    last_column = max(last_column, _last_used_column(rows[header_index:], set(computed.values())))
    vp_is_computed = "vp" in computed
    if vp_is_computed:
        columns.setdefault("vp", computed["vp"])
    header_row = header_index + 1
    body = rows[header_index + 1 :]
    fields = list(columns)
    picked = [[row[columns[f] - 1] if columns[f] - 1 < len(row) else "" for f in fields] for row in body]
    frame = pd.DataFrame(picked, columns=fields, index=range(header_row + 1, header_row + 1 + len(body)), dtype=object)
    if vp_is_computed:  # our own VP is recomputed, never read back as if entered
        frame["vp"] = ""
    filled = (~frame.map(is_blank)).any(axis=1) if len(frame) else pd.Series(dtype=bool)
    frame = frame[filled]
    frame.index.name = "row"
    sheet = RoundSheet(name, number, header_row, columns, computed, frame, last_column, vp_is_computed)
    if duplicates:
        field, cols = next(iter(duplicates.items()))
        return Problem(
            "duplicate-column", name, cell_ref(cols[1], header_row),
            params={"column": str(header[cols[0] - 1]), "cells": ", ".join(cell_ref(c, header_row) for c in cols)},
        )
    return sheet


def _read_playoff(name: str, stage: str, rows: list[list[Any]], found: dict[str, RoundSheet], problems: list[Problem]) -> None:
    """A playoff sheet (docs/rules.md §6) is read like a round sheet and tagged with its stage; a second one is reported."""
    if stage in found:
        problems.append(Problem("duplicate-playoff", name, params={"other": found[stage].name}))
        return
    sheet = _read_round(name, PLAYOFF_STAGES.index(stage) + 1, rows)
    if isinstance(sheet, Problem):
        problems.append(sheet)
        return
    sheet.kind = stage
    found[stage] = sheet


def _last_used_column(rows: list[list[Any]], skip: set[int]) -> int:
    """The right-most column holding anything from the header row down (the computed columns go right of it)."""
    if not rows:
        return 0
    cells = pd.DataFrame(rows, dtype=object)
    used = (cells.notna() & (cells != "")).any(axis=0)
    columns = [int(c) + 1 for c in used.index[used] if int(c) + 1 not in skip]
    return max(columns, default=0)


_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")


def _parse_points(value: Any) -> tuple[Fraction, ...] | None:
    text = str(value)
    if re.search(r"[;/]", text):
        separators = r"[;/]+"
    elif re.search(r"\d\s*[-–]\s*\d", text):  # 5-3-2-1, as a points table is often written
        separators = r"\s*[-–]\s*"
    else:
        separators = r"[,\s]+"
    parts = [p.strip() for p in re.split(separators, text.strip())] if isinstance(value, str) else [text]
    try:
        points = tuple(Fraction(p.replace(",", ".")) for p in parts if p)
    except ValueError:
        return None
    return points or None


def _parse_number(value: Any) -> Fraction | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return Fraction(value).limit_denominator(1000)
    text = str(value).strip()
    return Fraction(text.replace(",", ".")) if _NUMBER.fullmatch(text) else None


def _read_settings(name: str, rows: list[list[Any]], settings: Settings) -> tuple[Settings, list[Problem]]:
    """Key/value rows of the Settings sheet; unknown keys are the organiser's notes and are ignored."""
    values: dict[str, Any] = {}
    problems: list[Problem] = []
    for index, row in enumerate(rows, start=1):
        if len(row) < 2 or not isinstance(row[0], str):
            continue
        key = SETTING_KEY_INDEX.get(fold(row[0]))
        value = row[1]
        if key is None or is_blank(value):
            continue
        parsed = _parse_setting(key, value)
        if parsed is None:
            problems.append(Problem("bad-setting", name, cell_ref(2, index), params={"key": row[0], "value": value}))
        else:
            values[key] = parsed
    known = {k: v for k, v in values.items() if k in Settings.__dataclass_fields__}  # Ranking, Tiebreakers: not yet used
    return Settings(**{**settings.__dict__, **known}), problems


def _parse_setting(key: str, value: Any) -> Any:
    """The typed value of one setting, or None when it cannot be understood."""
    if key in ("tournament",):
        return str(value).strip()
    if key == "date":
        return value.date() if isinstance(value, datetime) else value if isinstance(value, date) else str(value).strip()
    if key in ("victory_target", "qualifying_rounds", "playoff_size"):
        number = _parse_number(value)
        return int(number) if number is not None and number.denominator == 1 and number > 0 else None
    if key == "language":
        return _language(str(value).strip().lower())
    if key in ("points_4", "points_3"):
        points = _parse_points(value)
        size = 4 if key == "points_4" else 3
        return points if points is not None and len(points) == size else None
    if key == "bye_points":
        return _parse_number(value)
    return str(value).strip()


def _language(text: str) -> str | None:
    """`pl`, `PL`, `pl-PL`, or the language's name or its start in English or in itself (`Polski`, `Port.`)."""
    if text[:2] in LANGUAGES and not text[2:3].isalpha():
        return text[:2]
    folded = fold(text)
    found = {code for name, code in LANGUAGE_NAMES.items() if len(folded) >= 3 and name.startswith(folded)}
    return found.pop() if len(found) == 1 else None


def _read_players(rows: list[list[Any]]) -> list[Registration]:
    """The registration list: the column headed Player/Name (else the first), with Club/Team and Active if present."""
    columns: dict[str, int] = {}
    start = 0
    for index, row in enumerate(rows):
        found = {_PLAYERS_COLUMNS.get(fold(v)) or INPUT_HEADER_INDEX.get(fold(v)): c for c, v in enumerate(row) if isinstance(v, str)}
        if "player" in found:
            columns, start = found, index + 1
            break
    name_col = columns.get("player", 0)

    def cell(row: list[Any], key: str) -> Any:
        col = columns.get(key)
        return row[col] if col is not None and col < len(row) else None

    return [
        Registration(clean_name(str(row[name_col])), clean_name(str(cell(row, "club") or "")), fold(str(cell(row, "active") or "")) not in INACTIVE_WORDS)
        for row in rows[start:] if name_col < len(row) and not is_blank(row[name_col])
    ]


def _scan_for_what_calamine_hides(data: WorkbookData) -> None:
    """Put an ErrorCell/FormulaCell where calamine showed an error value or an uncalculated formula as
    empty, and note the hidden rows of each round sheet (calamine shows neither)."""
    sheets = [*data.rounds, *data.playoffs]
    scans = _scan_sheets(data.path, {s.name for s in sheets})
    for sheet in sheets:
        cells, hidden = scans.get(sheet.name, ({}, frozenset()))
        sheet.hidden_rows = frozenset(r for r in hidden if r in sheet.raw.index)
        fields = {column: field for field, column in sheet.columns.items() if not (field == "vp" and sheet.vp_is_computed)}
        for (row, column), value in cells.items():
            if column in fields and row in sheet.raw.index:
                sheet.raw.at[row, fields[column]] = value


_SPREADSHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_ERROR_CELL = re.compile(rb'<(?:\w+:)?c r="([A-Z]+)(\d+)"[^>]*?\bt="e"[^>]*>.*?<(?:\w+:)?v>([^<]*)</(?:\w+:)?v>', re.S)
_BARE_FORMULA = re.compile(
    rb'<(?:\w+:)?c r="([A-Z]+)(\d+)"[^>]*>\s*(?:<(?:\w+:)?f[^>]*/>|<(?:\w+:)?f[^>]*>([^<]*)</(?:\w+:)?f>)\s*'
    rb'(?:<(?:\w+:)?v\s*/>|<(?:\w+:)?v>\s*</(?:\w+:)?v>)?\s*</(?:\w+:)?c>'
)
_HIDDEN_ROW = re.compile(rb'<(?:\w+:)?row\b[^>]*?\bhidden="(?:1|true)"[^>]*>')
_ROW_NUMBER = re.compile(rb'\br="(\d+)"')


def _sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Sheet name -> its XML part, from workbook.xml and its relationships (parsed with defusedxml)."""
    from defusedxml import ElementTree

    workbook = ElementTree.fromstring(archive.read("xl/workbook.xml"))
    rels = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
    targets = {r.get("Id"): r.get("Target", "") for r in rels}
    parts = {}
    for sheet in workbook.iter(f"{{{_SPREADSHEET_NS}}}sheet"):
        target = targets.get(sheet.get(f"{{{_REL_NS}}}id"), "")
        parts[sheet.get("name", "")] = target.lstrip("/") if target.startswith("/") else f"xl/{target}"
    return parts


SheetScan = tuple[dict[tuple[int, int], str], frozenset[int]]


def _scan_sheets(path: Path, names: set[str]) -> dict[str, SheetScan]:
    """Per named sheet: error values and formulas without a saved value by (row, column), and hidden rows.

    Plain substring tests skip sheets that have none, so an ordinary workbook costs one quick pass.
    """
    found: dict[str, SheetScan] = {}
    try:
        with zipfile.ZipFile(path) as archive:
            for name, part in _sheet_parts(archive).items():
                if name not in names:
                    continue
                xml = archive.read(part)
                cells: dict[tuple[int, int], str] = {}
                if b't="e"' in xml:
                    for letters, row, value in _ERROR_CELL.findall(xml):
                        cells[int(row), column_index(letters.decode())] = ErrorCell(value.decode())
                if b"<f" in xml or b":f" in xml:
                    for letters, row, formula in _BARE_FORMULA.findall(xml):
                        text = html.unescape(formula.decode()) if formula else "(shared formula)"
                        cells[int(row), column_index(letters.decode())] = FormulaCell(f"={text}")
                hidden: frozenset[int] = frozenset()
                if b"hidden=" in xml:
                    tags = _HIDDEN_ROW.findall(xml)
                    hidden = frozenset(int(m.group(1)) for t in tags if (m := _ROW_NUMBER.search(t)))
                found[name] = (cells, hidden)
    except (KeyError, zipfile.BadZipFile, ValueError, SyntaxError) as exc:  # defusedxml refusals are ValueErrors
        raise WorkbookError(f"{path}: cannot be read ({type(exc).__name__}: {exc})") from None
    return found


