"""An event's seating state from what was read: rounds seated so far, who plays next, the stored plan.

Pure functions over `WorkbookData` and the standings (no I/O): what to ask the planner, and the patch that lays
its answer out; `api.seat.seat_event` reads and writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, SupportsFloat

import pandas as pd

from sheet_scorer.model import CellEdit, NewSheet, RoundSheet, ScoreResult, WorkbookData, WorkbookPatch
from sheet_scorer.rules.cells import blank_cells, bye_cells, parse_int, table_numbers
from sheet_scorer.rules.names import name_key
from sheet_scorer.seating.planner import SeatedRound, SeatingProblem, assess, plan, quality


def seated_round(sheet: RoundSheet) -> SeatedRound:
    """The tables (players in seat order, else row order) and byes of a round sheet as read, each cell read as the
    rules read it (`rules.cells`): a Table cell 1, 1.0 and text ' 1 ' are one table, a Seat cell '2' is seat 2."""
    raw = sheet.raw
    if not len(raw) or "player" not in raw.columns:
        return SeatedRound((), ())
    column = raw["table"] if "table" in raw.columns else pd.Series("", index=raw.index, dtype=object)
    numbers = table_numbers(column)
    byes_at = bye_cells(column)
    seats = parse_int(raw["seat"]) if "seat" in raw.columns else pd.Series(pd.NA, index=raw.index, dtype="Int64")
    named = ~blank_cells(raw["player"])
    tables: dict[tuple[float, str], list[tuple[float, int, str]]] = {}
    byes = []
    for i, (row, value) in enumerate(raw["player"].items()):
        name = name_key(str(value)) if named[i] else ""
        if not name:
            continue
        if byes_at[i]:
            byes.append(name)
            continue
        table = _table_key(numbers.iloc[i], column.iloc[i])
        seat = seats.iloc[i]
        tables.setdefault(table, []).append((float("inf") if pd.isna(seat) else float(seat), int(row), name))
    ordered = [tuple(n for _, _, n in sorted(seated)) for _, seated in sorted(tables.items())]
    return SeatedRound(tuple(ordered), tuple(byes))


def _table_key(number: SupportsFloat | None, cell: object) -> tuple[float, str]:
    """A table's identity: its number as the rules read it (missing: NA), else (a cell the rules mark bad-table) its
    text."""
    if number is not None and not pd.isna(number):
        return float(number), ""
    return float("inf"), "" if cell is None else str(cell).strip()


def active_players(data: WorkbookData) -> list[str]:
    """Who is seated next: the Players sheet's active rows, else everyone of the last round."""
    if data.players is not None:
        return [name_key(p.name) for p in data.players if p.active]
    return sorted(seated_round(data.rounds[-1]).players) if data.rounds else []


def clubs_of(data: WorkbookData) -> dict[str, str]:
    """Player -> club, for the players who have one (kept apart when seating)."""
    return {name_key(p.name): p.club for p in data.players or () if p.club}


@dataclass(frozen=True)
class Seating:
    """The rounds to lay out now, the rest of the plan, whether the stored plan was kept and, if not, why: `why` is
    'kept', 'none' (no stored plan for these rounds), 'players' (`left` and `joined` differ from it), 'byes' (the
    rules give other byes now) or 'better' (a fresh plan is better in §6's order after the rounds played)."""

    rounds: list[SeatedRound]
    later: list[SeatedRound]
    kept_plan: bool
    why: str = "kept"
    left: tuple[str, ...] = ()
    joined: tuple[str, ...] = ()


def seat_next(problem: SeatingProblem, count: int, stored: Sequence[SeatedRound | None]) -> Seating:
    """Plan the next `problem.rounds` rounds; keep the stored plan when it still seats exactly these players
    with the byes the rules give now and is no worse than a fresh plan in §6's order of aims (tables of 3, repeats,
    seats, clubs)."""
    fresh = plan(problem)
    kept = [s for s in stored if s is not None]
    if len(kept) != len(fresh):
        return Seating(fresh[:count], fresh[count:], False, "none")
    planned, now = set().union(*(s.players for s in kept)), set(problem.players)
    if planned != now or any(s.players != now for s in kept):
        return Seating(
            fresh[:count], fresh[count:], False, "players", tuple(sorted(planned - now)), tuple(sorted(now - planned))
        )
    if set(kept[0].byes) != set(fresh[0].byes):
        return Seating(fresh[:count], fresh[count:], False, "byes")
    if _ranked(kept, problem) > _ranked(fresh, problem):
        return Seating(fresh[:count], fresh[count:], False, "better")
    return Seating(kept[:count], kept[count:], True)


def _ranked(rounds: list[SeatedRound], problem: SeatingProblem) -> tuple[int, ...]:
    """A plan's place in §6's order of aims (`planner.quality`): lower is better."""
    return quality(assess(rounds, problem.history, problem.clubs))


def seating_problem(
    result: ScoreResult, played: list[RoundSheet], rounds: int, by_standings: bool, seed: int
) -> SeatingProblem:
    """What the optimiser is asked: the active players, the rounds played, the standings, clubs, table size."""
    data = result.data
    ranking = tuple(result.standings.sort_values("rank")["player"]) if len(result.standings) else ()
    return SeatingProblem(
        tuple(active_players(data)),
        rounds,
        clubs_of(data),
        tuple(seated_round(s) for s in played),
        ranking,
        fours_only=data.settings.table_size == "4",
        by_standings=by_standings,
        seed=seed,
    )


def stored_round(stored: tuple[list[list[str]], list[str]] | None) -> SeatedRound | None:
    """A round of the plan sheet (`EventRead.plan`) as the planner's data."""
    if stored is None:
        return None
    return SeatedRound(tuple(tuple(name_key(n) for n in t) for t in stored[0]), tuple(name_key(n) for n in stored[1]))


def seat_patch(
    last: RoundSheet,
    header: list[Any],
    first: int,
    seating: Seating,
    reseat: bool,
    language: str,
    plan_sheet: str | None = None,
    sheet_names: Sequence[str] = (),
) -> WorkbookPatch:
    """The new round sheets (named and laid out like the last one, `header` its header cells), the re-seated
    round, and the rest of the plan (replacing the event's plan sheet `plan_sheet`, else a new one in `language`)."""
    from sheet_scorer.workbook.seating_plan import next_round_name, plan_rows, plan_sheet_name, plan_widths, round_rows

    patch = WorkbookPatch()
    if reseat:
        patch.edits[last.name] = _rewrite(last, seating.rounds[0], language)
    new_rounds = seating.rounds[1:] if reseat else seating.rounds
    for number, planned in enumerate(new_rounds, start=first + 1 if reseat else first):
        rows = round_rows(planned.tables, planned.byes, language, last.columns, last.header_row, header)
        patch.sheets.append(
            NewSheet(next_round_name(last.name, number), rows, layout_from=last.name, header_row=last.header_row)
        )
    later: dict[int, tuple[Sequence[Sequence[str]], Sequence[str]]] = {
        first + len(seating.rounds) + i: (r.tables, r.byes) for i, r in enumerate(seating.later)
    }
    rows = plan_rows(later, language)
    patch.sheets.append(
        NewSheet(
            plan_sheet_name(plan_sheet, sheet_names, language),
            rows,
            replace=plan_sheet is not None,
            hidden=True,
            widths=plan_widths(rows[0]),
        )
    )
    return patch


def _rewrite(sheet: RoundSheet, planned: SeatedRound, language: str) -> list[CellEdit]:
    """Cell edits that replace a seated, unplayed round's Table/Seat/Player cells in place (--reseat)."""
    from sheet_scorer.workbook.seating_plan import round_rows
    from sheet_scorer.xlsx.cells import cell_ref

    rows = round_rows(planned.tables, planned.byes, language, sheet.columns, sheet.header_row)[sheet.header_row :]
    old_last = max(sheet.raw.index, default=sheet.header_row)
    edits = []
    for offset in range(max(len(rows), old_last - sheet.header_row)):
        excel_row = sheet.header_row + 1 + offset
        for key in ("table", "seat", "player"):
            if key not in sheet.columns:
                continue
            value = rows[offset][sheet.columns[key] - 1] if offset < len(rows) else None
            edits.append(
                CellEdit(
                    cell_ref(sheet.columns[key], excel_row),
                    value,
                    style_like=cell_ref(sheet.columns[key], sheet.header_row + 1),
                )
            )
    return edits
