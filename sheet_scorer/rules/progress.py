"""Tables not reported yet (docs/rules.md §3): seated, with no game cell filled; the one definition every stage reads.

A table is *reported* once any game cell of any of its rows holds something (a count, a VP, a mark). A table
whose rows hold only the seating (Table, Seat, Player) is waiting for its game: one warning, no error, its players
get nothing for the round. A sheet with no game cell filled is a round (or playoff stage) not played yet.
Column-wise (no Python call per cell): a sheet of 100,000 rows is read in a few tens of milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np
import pandas as pd

from sheet_scorer.i18n.vocab import GAME_FIELDS
from sheet_scorer.model import RoundProgress, RoundSheet
from sheet_scorer.problems import Problem
from sheet_scorer.rules.cells import blank_cells, bye_cells, table_numbers
from sheet_scorer.workbook.cells import cell_name


def game_fields(sheet: RoundSheet) -> list[str]:
    """The game cells of `sheet` a table judge fills in after the game (`GAME_FIELDS`), but the tool's own VP column."""
    return [f for f in GAME_FIELDS if f in sheet.raw.columns and not (f == "vp" and sheet.vp_is_computed)]


@dataclass(frozen=True)
class Reporting:
    """Which tables of one round or playoff sheet are reported: computed once, read by validation and the commands."""

    sheet: RoundSheet
    tables: pd.Series  # table number of each game row (Int64), NA for a bye or an unreadable Table cell
    filled: pd.Series  # True for each row with a game cell filled

    @cached_property
    def waiting(self) -> pd.Series:
        """True for each row of a table not reported yet: a numbered table none of whose rows has a game cell filled."""
        numbered = self.tables.notna().to_numpy(bool)
        codes, _ = pd.factorize(self.tables[numbered])
        reported = (
            np.bincount(codes, weights=self.filled.to_numpy(bool)[numbered], minlength=codes.max(initial=-1) + 1) > 0
        )
        waiting = np.zeros(len(numbered), dtype=bool)
        waiting[numbered] = ~reported[codes]
        return pd.Series(waiting, index=self.sheet.raw.index)

    @property
    def played(self) -> bool:
        """True once any game cell is filled (a bye row aside): a round seated but not played has none."""
        return bool(self.filled.any())

    @property
    def progress(self) -> RoundProgress:
        numbers = self.tables.to_numpy(dtype="float64", na_value=np.nan)
        numbered = ~np.isnan(numbers)
        seated = len(np.unique(numbers[numbered]))
        waiting = len(np.unique(numbers[numbered & self.waiting.to_numpy(bool)]))
        return RoundProgress(
            self.sheet.name, self.sheet.kind, self.sheet.number, int(seated), int(seated - waiting), self.played
        )

    def warnings(self) -> list[Problem]:
        """One warning per table not reported yet, naming its players (no cell: the table as a whole)."""
        tables = self.tables[self.waiting]
        problems = []
        for table in sorted(set(tables.astype(int))):
            rows = tables.index[tables == table]
            players = ", ".join(cell_name(self.sheet.raw.at[r, "player"]) for r in rows)
            problems.append(
                Problem(
                    "table-not-reported",
                    self.sheet.name,
                    table=int(table),
                    params={"players": players, "rows": tuple(int(r) for r in rows)},
                )
            )
        return problems


def reporting(sheet: RoundSheet) -> Reporting:
    """The reporting state of `sheet` (the tool's own VP column, recomputed on every run, is not a game cell)."""
    raw = sheet.raw
    fields = game_fields(sheet)
    filled = np.zeros(len(raw), dtype=bool)
    for field in fields:  # a row is filled once one cell is: only the rows still empty are looked at again
        todo = np.flatnonzero(~filled)
        if not len(todo):
            break
        filled[todo] = ~blank_cells(raw[field].iloc[todo])
    if len(raw) and "table" in raw.columns:
        bye = bye_cells(raw["table"])
        tables = table_numbers(raw["table"]).where(~bye)
    else:
        bye, tables = np.zeros(len(raw), dtype=bool), pd.Series(pd.NA, index=raw.index, dtype="Int64")
    return Reporting(sheet, tables, pd.Series(filled & ~bye, index=raw.index))
