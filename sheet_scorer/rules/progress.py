"""Tables not reported yet (docs/rules.md §3): seated, with no game cell filled; the one definition every stage reads.

A table is *reported* once any game cell of any of its rows holds something (a count, a VP, a mark). A table
whose rows hold only the seating (Table, Seat, Player) is waiting for its game: one warning, no error, its players
get nothing for the round. A sheet with no table reported is a round (or playoff stage) not played yet.
"""

from __future__ import annotations

import pandas as pd

from sheet_scorer.i18n.vocab import BYE_WORDS, COMPONENTS, FLAGS, fold
from sheet_scorer.model import RoundProgress, RoundSheet
from sheet_scorer.problems import Problem
from sheet_scorer.workbook.cells import clean_name, is_blank

#: The cells a table judge fills in after the game: the counts, the VP and the three marks.
GAME_FIELDS = (*COMPONENTS, "vp", *FLAGS)


def _table_numbers(sheet: RoundSheet) -> pd.Series:
    """The table number of each game row (not a bye) whose Table cell is a whole number ≥ 1; NA elsewhere."""
    def number(value: object) -> int | None:
        if isinstance(value, bool):
            return None
        if isinstance(value, (int, float)) and value == value and float(value).is_integer() and value >= 1:
            return int(value)
        if isinstance(value, str) and value.strip().isdigit() and int(value) >= 1:
            return int(value)
        return None

    return sheet.raw["table"].map(number).astype("Int64") if len(sheet.raw) else pd.Series(dtype="Int64")


def _is_bye(sheet: RoundSheet) -> pd.Series:
    return sheet.raw["table"].map(lambda v: isinstance(v, str) and fold(v) in BYE_WORDS).astype(bool)


def _filled(sheet: RoundSheet) -> pd.Series:
    """True for each row with a game cell filled (the tool's own VP column, recomputed, does not count)."""
    fields = [f for f in GAME_FIELDS if f in sheet.raw.columns and not (f == "vp" and sheet.vp_is_computed)]
    if not fields or sheet.raw.empty:
        return pd.Series(False, index=sheet.raw.index, dtype=bool)
    return sheet.raw[fields].map(lambda v: not is_blank(v)).any(axis=1).astype(bool)


def unreported(sheet: RoundSheet) -> pd.Series:
    """True for each row of a table not reported yet: a numbered table none of whose rows has a game cell filled."""
    if sheet.raw.empty:
        return pd.Series(False, index=sheet.raw.index, dtype=bool)
    filled = _filled(sheet)
    tables = _table_numbers(sheet)
    games = tables.notna() & ~_is_bye(sheet)
    reported = filled[games].groupby(tables[games]).any()
    return (games & tables.map(lambda t: not pd.isna(t) and not reported.get(t, True))).astype(bool)


def progress_of(sheet: RoundSheet, waiting: pd.Series) -> RoundProgress:
    """How many numbered tables `sheet` has and how many of them are reported (`waiting`: `unreported(sheet)`)."""
    tables = _table_numbers(sheet)
    games = tables.notna() & ~_is_bye(sheet) if len(sheet.raw) else tables.notna()
    seated = set(tables[games].astype(int))
    return RoundProgress(sheet.name, sheet.kind, sheet.number, len(seated), len(seated - set(tables[waiting].astype(int))))


def not_reported_warnings(sheet: RoundSheet, waiting: pd.Series) -> list[Problem]:
    """One warning per table not reported yet, naming its players (no cell: the table as a whole)."""
    tables = _table_numbers(sheet)[waiting]
    problems = []
    for table in sorted(set(tables.astype(int))):
        rows = tables.index[tables == table]
        players = ", ".join(clean_name(str(sheet.raw.at[r, "player"] or "")) for r in rows)
        problems.append(Problem("table-not-reported", sheet.name, table=int(table),
                                params={"players": players, "rows": tuple(int(r) for r in rows)}))
    return problems


def is_played(sheet: RoundSheet) -> bool:
    """True once any game cell of the sheet (a bye row aside) is filled: a round seated but not played has none."""
    return bool((_filled(sheet) & ~_is_bye(sheet)).any()) if len(sheet.raw) else False
