"""The Settings sheet (docs/rules.md §7) and the Adjustments sheet (§8), from their cell values.

Every key is applied or reported: a value the tool cannot use is an error at its cell, an unknown
key a warning at its cell, a misspelt tie-breaker an error that lists the valid names.
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
    FIGURE_NAMES,
    LANGUAGE_NAMES,
    LANGUAGES,
    PLAYOFF_SIZES,
    RANKINGS,
    SETTING_KEY_INDEX,
    TABLE_SIZES,
    figure_fold,
    fold,
)
from sheet_scorer.model import Adjustment, Settings
from sheet_scorer.problems import Problem
from sheet_scorer.xlsx.cells import cell_ref
from sheet_scorer.workbook.cells import clean_name, is_blank

_NUMBER = re.compile(r"[-+−]?\d+(?:[.,]\d+)?")
# First-column words of a header row above the key/value rows: not a setting, not worth a warning.
_HEADER_WORDS = frozenset(fold(w) for w in ("Key", "Setting", "Settings", "Klucz", "Ustawienie", "Chave", "Configuração", "Clé", "Paramètre"))


def read_settings(name: str, rows: list[list[Any]], settings: Settings) -> tuple[Settings, list[Problem]]:
    """Key/value rows of the Settings sheet applied over `settings`, and a problem per cell not used."""
    values: dict[str, Any] = {}
    problems: list[Problem] = []
    for index, row in enumerate(rows, start=1):
        if not row or is_blank(row[0]) or len(row) < 2 or is_blank(row[1]):
            continue
        label = str(row[0])
        key = SETTING_KEY_INDEX.get(fold(label))
        if key is None:
            if fold(label) not in _HEADER_WORDS:
                problems.append(Problem("unknown-setting", name, cell_ref(1, index), params={"key": label.strip()}))
            continue
        if key == "tiebreakers":
            values[key], bad = parse_tiebreakers(row[1])
            problems.extend(Problem("bad-tiebreaker", name, cell_ref(2, index), params={
                "key": label.strip(), "value": word, "valid": valid_figure_names()}) for word in bad)
            continue
        parsed = _parse_setting(key, row[1])
        if key == "playoff_size" and parsed not in (None, 0, *PLAYOFF_SIZES):  # no seeding table for it (docs/rules.md §6)
            problems.append(Problem("bad-playoff-size", name, cell_ref(2, index), params={
                "key": label.strip(), "value": row[1], "valid": ", ".join(str(n) for n in PLAYOFF_SIZES)}))
            continue
        if parsed is None:
            code = "bad-ranking" if key == "ranking" else "bad-setting"
            params = {"key": label.strip(), "value": row[1], "valid": ", ".join(FIGURE_NAMES[k][0] for k in RANKINGS)}
            problems.append(Problem(code, name, cell_ref(2, index), params=params))
        else:
            values[key] = parsed
    return Settings(**{**settings.__dict__, **values}), problems


def valid_figure_names() -> str:
    """The tie-breaker names a Tiebreakers cell may hold, in English, for messages."""
    return ", ".join(names[0] for names in FIGURE_NAMES.values())


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
    """The typed value of one setting, or None when it cannot be understood."""
    if key == "tournament":
        return str(value).strip()
    if key == "date":
        return value.date() if isinstance(value, datetime) else value if isinstance(value, date) else str(value).strip()
    if key in ("victory_target", "qualifying_rounds", "playoff_size"):
        number = _parse_number(value)
        smallest = 0 if key == "playoff_size" else 1  # Playoff Size 0: no playoffs
        return int(number) if number is not None and number.denominator == 1 and number >= smallest else None
    if key == "language":
        return _language(str(value).strip().lower())
    if key in ("points_4", "points_3"):
        points = _parse_points(value)
        size = 4 if key == "points_4" else 3
        return points if points is not None and len(points) == size else None
    if key == "bye_points":
        return _parse_number(value)
    if key == "ranking":
        found = FIGURE_INDEX.get(figure_fold(str(value)))
        return found if found in RANKINGS else None
    if key == "table_size":
        text = re.sub(r"\s+", "", str(value)).replace("–", "-").removesuffix(".0")
        return text if text in TABLE_SIZES else None
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


_MOST_POINTS = 10**6  # points are small numbers; 1e400 or 1e308 would overflow every total (issue 14.6)


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


def read_adjustments(name: str, rows: list[list[Any]]) -> tuple[list[Adjustment], list[Problem]]:
    """The Adjustments sheet's rows below its header (Player, Round, Points, Reason); a problem per unusable cell."""
    header = next((i for i, row in enumerate(rows)
                   if {"player", "points"} <= {ADJUSTMENT_COLUMN_INDEX.get(fold(v)) for v in row if isinstance(v, str)}), None)
    if header is None:
        return [], [Problem("adjustments-no-header", name, params={})]
    columns: dict[str, int] = {}
    for c, v in enumerate(rows[header]):
        key = ADJUSTMENT_COLUMN_INDEX.get(fold(v)) if isinstance(v, str) else None
        if key is not None:
            columns.setdefault(key, c)
    adjustments: list[Adjustment] = []
    problems: list[Problem] = []
    for number, row in enumerate(rows[header + 1:], start=header + 2):
        def cell(key: str) -> Any:
            c = columns.get(key)
            return row[c] if c is not None and c < len(row) else None

        if all(is_blank(cell(k)) for k in ("player", "round", "points")):
            continue
        player = clean_name(str(cell("player") or ""))
        where = {k: cell_ref(columns.get(k, 0) + 1, number) for k in ("player", "round", "points")}
        points = None if is_blank(cell("points")) else _parse_number(cell("points"))
        round_number = _round_number(cell("round"))
        if not player:
            problems.append(Problem("adjustment-no-player", name, where["player"], params={"row": number}))
        elif points is None:
            problems.append(Problem("adjustment-points", name, where["points"], player, params={"value": cell("points") or ""}))
        elif round_number == 0:
            problems.append(Problem("adjustment-unknown-round", name, where["round"], player, params={"value": cell("round")}))
        else:
            adjustments.append(Adjustment(player, round_number, points, str(cell("reason") or "").strip(),
                                          name, number, (columns["player"] + 1, columns.get("round", columns["player"]) + 1)))
    return adjustments, problems


def _round_number(value: Any) -> int | None:
    """An Adjustments row's Round: the round number, None when empty (the whole event), 0 when it is no round number."""
    if is_blank(value):
        return None
    number = _parse_number(value)
    return int(number) if number is not None and number.denominator == 1 and number >= 1 else 0
