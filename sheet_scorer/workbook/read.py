"""Read a tournament workbook (docs/rules.md §1): round sheets, their header row and columns, Settings, Players.

Cell values come from python-calamine (the saved values, fast, formulas by their cached result).
Calamine shows an error value or a formula without a saved value as an empty cell, so those
cells are found with one scan of the sheet's XML (only when it has any) to say which they are.
"""

from __future__ import annotations

import html
import re
import zipfile
from pathlib import Path
from typing import Any

import pandas as pd
import python_calamine

from sheet_scorer.workbook.container import check_readable
from sheet_scorer.model import Adjustment, Registration, RoundSheet, Settings, WorkbookData, WorkbookError
from sheet_scorer.problems import Problem
from sheet_scorer.workbook.cells import ErrorCell, FormulaCell, cell_ref, clean_name, column_index, is_blank
from sheet_scorer.workbook.settings import read_adjustments, read_settings
from sheet_scorer.i18n.vocab import (
    ADJUSTMENTS_SHEET_NAMES,
    COMPUTED_HEADER_INDEX,
    INPUT_HEADER_INDEX,
    INACTIVE_WORDS,
    PLAYERS_COLUMNS as _PLAYERS_COLUMNS,
    PLAYERS_SHEET_NAMES,
    SETTINGS_SHEET_NAMES,
    fold,
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
    adjustments: list[Adjustment] = []
    seen_numbers: dict[int, str] = {}
    for name in book.sheet_names:
        number = round_number(name)
        folded = fold(name)
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
        elif folded in SETTINGS_SHEET_NAMES:
            settings, setting_problems = read_settings(name, _sheet_rows(book, name), settings)
            problems.extend(setting_problems)
        elif folded in ADJUSTMENTS_SHEET_NAMES:
            adjustments, adjustment_problems = read_adjustments(name, _sheet_rows(book, name))
            problems.extend(adjustment_problems)
        elif folded in PLAYERS_SHEET_NAMES:
            players = _read_players(_sheet_rows(book, name))
            registered = [p.name for p in players]
    if not rounds and not seen_numbers:
        raise WorkbookError(
            f"{path}: no round sheets; name each round's sheet 'Round 1', 'Round 2', … (or Runda/Rodada/Ronde N)"
        )
    rounds.sort(key=lambda r: r.number)
    data = WorkbookData(path, list(book.sheet_names), rounds, settings, registered, problems, players, adjustments)
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
    """Index of the first row naming at least Table and Player (docs/rules.md §1)."""
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


def _last_used_column(rows: list[list[Any]], skip: set[int]) -> int:
    """The right-most column holding anything from the header row down (the computed columns go right of it)."""
    if not rows:
        return 0
    cells = pd.DataFrame(rows, dtype=object)
    used = (cells.notna() & (cells != "")).any(axis=0)
    columns = [int(c) + 1 for c in used.index[used] if int(c) + 1 not in skip]
    return max(columns, default=0)


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
    scans = _scan_sheets(data.path, {s.name for s in data.rounds})
    for sheet in data.rounds:
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


