"""The Settings sheet (docs/rules.md §7) and the Adjustments sheet (§8), from their cell values.

The Settings rows are read here (`setting_cells`: each value as its setting's type), and the Adjustments rows
(`adjustment_rows`: Round and Points as numbers); which values hold and the problems at the cells of the others (an
unknown key, a misspelt tie-breaker, a value out of range, an adjustment without a player or points) are the rules'
(`rules.settings.judge_settings`, `judge_adjustments`).
"""

from __future__ import annotations

import math
import re
from datetime import date, datetime
from fractions import Fraction
from typing import Any

from sheet_scorer.i18n.vocab import (
    ADJUSTMENT_COLUMN_INDEX,
    FIGURE_INDEX,
    LANGUAGE_NAMES,
    LANGUAGES,
    SETTING_KEY_INDEX,
    figure_fold,
    fold,
)
from sheet_scorer.model import AdjustmentRow, SettingCell, Settings
from sheet_scorer.workbook.cells import cell_name, is_blank

_NUMBER = re.compile(r"[-+−]?\d+(?:[.,]\d+)?")
# First-column words of a header row above the key/value rows: not a setting, not worth a warning.
_HEADER_WORDS = frozenset(
    fold(w) for w in ("Key", "Setting", "Settings", "Klucz", "Ustawienie", "Chave", "Configuração", "Clé", "Paramètre")
)


# What a command knows of the event before its Settings are judged: its name, date and language (to name its files
# and speak); every value a rule reads (Victory Target, Ranking, …) stays at its default until `api.check_data`.
_BEFORE_JUDGING = frozenset({"tournament", "date", "language"})


def read_settings(name: str, rows: list[list[Any]], settings: Settings) -> tuple[Settings, list[SettingCell]]:
    """The Settings sheet's key/value rows as read (`setting_cells`), and `settings` with the event's name, date and
    language applied; which values hold, and the problems at the others' cells, is `rules.settings.judge_settings`'s,
    so no command reads a value that does not hold (a Victory Target 0) before it is judged."""
    cells = setting_cells(name, rows)
    return apply_settings([c for c in cells if c.key in _BEFORE_JUDGING], settings), cells


def setting_cells(name: str, rows: list[list[Any]]) -> list[SettingCell]:
    """A cell pair per key/value row with both cells filled (a header row above them, `Key | Value`, left out),
    each value read as its setting's type (`_parse_setting`)."""
    cells: list[SettingCell] = []
    for index, row in enumerate(rows, start=1):
        if not row or is_blank(row[0]) or len(row) < 2 or is_blank(row[1]):
            continue
        label = str(row[0])
        key = SETTING_KEY_INDEX.get(fold(label))
        if key is None and fold(label) in _HEADER_WORDS:
            continue
        parsed = (
            None if key is None else parse_tiebreakers(row[1]) if key == "tiebreakers" else _parse_setting(key, row[1])
        )
        cells.append(SettingCell(name, index, key, label, row[1], parsed))
    return cells


def apply_settings(cells: list[SettingCell], settings: Settings) -> Settings:
    """`settings` with the value of each cell naming a setting, read as its type (the tie-breaker names understood:
    the words that are none are told by the rules)."""
    values: dict[str, Any] = {}
    for cell in cells:
        if cell.key == "tiebreakers":
            values[cell.key] = cell.parsed[0]
        elif cell.key is not None and cell.parsed is not None:
            values[cell.key] = cell.parsed
    return Settings(**{**settings.__dict__, **values})


def parse_tiebreakers(value: Any) -> tuple[tuple[str, ...], list[str]]:
    """`VP, VP %, Name` -> ("vp", "vp_pct", "name"), and the words that are no tie-breaker (in any of our languages)."""
    keys: list[str] = []
    bad: list[str] = []
    for word in (w.strip() for w in re.split(r"[,;\n|]+", str(value))):
        if not word:
            continue
        key = FIGURE_INDEX.get(figure_fold(word))
        if key is None:
            bad.append(word)
        elif key not in keys:
            keys.append(key)
    return tuple(keys), bad


def _parse_setting(key: str, value: Any) -> Any:
    """The value of one setting read as its type (a whole number, a language, a points table …), or None when it
    cannot be read as one. Whether the value holds (a round count of at least 1, a playoff size with a seeding
    table, …) is a rule: `rules.settings`."""
    if key == "tournament":
        return str(value).strip()
    if key == "date":
        return value.date() if isinstance(value, datetime) else value if isinstance(value, date) else str(value).strip()
    if key in ("victory_target", "qualifying_rounds", "playoff_size"):
        number = _parse_number(value)
        return int(number) if number is not None and number.denominator == 1 else None
    if key == "language":
        return _language(str(value).strip().lower())
    if key in ("points_4", "points_3"):
        return _parse_points(value)
    if key == "bye_points":
        return _parse_number(value)
    if key == "ranking":
        return FIGURE_INDEX.get(figure_fold(str(value)))
    if key == "table_size":
        return re.sub(r"\s+", "", str(value)).replace("–", "-").removesuffix(".0")
    return str(value).strip()


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
    return points if points and all(abs(p) <= _MOST_POINTS for p in points) else None


_MOST_POINTS = 10**6  # points are small numbers; 1e400 or 1e308 would overflow every total


def _parse_number(value: Any) -> Fraction | None:
    """A number cell or text (`2,75`, `−3`) as an exact fraction; None when it is not a number, or beyond
    any sensible points value (an error at its cell, never an overflow later)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        number = Fraction(value).limit_denominator(1000) if math.isfinite(value) else None
    else:
        text = str(value).strip().replace("−", "-")
        number = Fraction(text.replace(",", ".")) if _NUMBER.fullmatch(text) else None
    return number if number is not None and abs(number) <= _MOST_POINTS else None


def parse_number(value: Any) -> Fraction | None:
    """A points value as the Settings sheet reads one (`2,75`, `−3`), exact; None when it is not a number (the
    season's `Season Points` sheet reads its points with it too)."""
    return _parse_number(value)


def _language(text: str) -> str | None:
    """`pl`, `PL`, `pl-PL`, or the language's name or its start in English or in itself (`Polski`, `Port.`)."""
    if text[:2] in LANGUAGES and not text[2:3].isalpha():
        return text[:2]
    folded = fold(text)
    found = {code for name, code in LANGUAGE_NAMES.items() if len(folded) >= 3 and name.startswith(folded)}
    return found.pop() if len(found) == 1 else None


def adjustment_rows(name: str, rows: list[list[Any]]) -> list[AdjustmentRow] | None:
    """The Adjustments sheet's rows below its header (Player, Round, Points, Reason), each with its Round and Points
    read as numbers; None when no row is that header. Which rows hold is `rules.settings.judge_adjustments`'."""
    header = next(
        (
            i
            for i, row in enumerate(rows)
            if {"player", "points"} <= {ADJUSTMENT_COLUMN_INDEX.get(fold(v)) for v in row if isinstance(v, str)}
        ),
        None,
    )
    if header is None:
        return None
    columns: dict[str, int] = {}
    for c, v in enumerate(rows[header]):
        key = ADJUSTMENT_COLUMN_INDEX.get(fold(v)) if isinstance(v, str) else None
        if key is not None:
            columns.setdefault(key, c)
    found: list[AdjustmentRow] = []
    at = (columns["player"] + 1, columns.get("round", columns["player"]) + 1, columns["points"] + 1)
    for number, row in enumerate(rows[header + 1 :], start=header + 2):

        def cell(key: str, row: list[Any] = row) -> Any:
            c = columns.get(key)
            return row[c] if c is not None and c < len(row) else None

        if all(is_blank(cell(k)) for k in ("player", "round", "points")):
            continue
        points = None if is_blank(cell("points")) else _parse_number(cell("points"))
        found.append(
            AdjustmentRow(
                name,
                number,
                cell_name(cell("player")),
                cell("round"),
                cell("points"),
                _round_number(cell("round")),
                points,
                str(cell("reason") or "").strip(),
                at,
            )
        )
    return found


def _round_number(value: Any) -> int | None:
    """An Adjustments row's Round: the round number, None when empty (the whole event), 0 when it is no round number."""
    if is_blank(value):
        return None
    number = _parse_number(value)
    return int(number) if number is not None and number.denominator == 1 and number >= 1 else 0
