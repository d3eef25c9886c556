"""An event's seating state from what was read: rounds seated so far, who plays next, the stored plan.

Pure functions over `WorkbookData` and the standings (no I/O); `cli/seat.py` reads and writes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sheet_scorer.model import RoundSheet, WorkbookData
from sheet_scorer.seating.planner import SeatedRound, SeatingProblem, assess, plan
from sheet_scorer.i18n.vocab import BYE_WORDS, fold
from sheet_scorer.workbook.cells import clean_name


def seated_round(sheet: RoundSheet) -> SeatedRound:
    """The tables (players in seat order, else row order) and byes of a round sheet as read."""
    raw = sheet.raw
    tables: dict[str, list[tuple[float, int, str]]] = {}
    byes = []
    for row, values in raw.iterrows():
        name = clean_name(str(values.get("player", "")))  # as the Players sheet's names are read
        if not name:
            continue
        table = str(values.get("table", "")).strip()
        if fold(table) in BYE_WORDS:
            byes.append(name)
            continue
        seat = values.get("seat", "")
        order = float(seat) if isinstance(seat, (int, float)) and not isinstance(seat, bool) else float("inf")
        tables.setdefault(table, []).append((order, int(row), name))
    ordered = [tuple(n for _, _, n in sorted(seats)) for _, seats in sorted(tables.items(), key=lambda kv: _table_key(kv[0]))]
    return SeatedRound(tuple(ordered), tuple(byes))


def _table_key(table: str) -> tuple[float, str]:
    try:
        return float(table), table
    except ValueError:
        return float("inf"), table


def active_players(data: WorkbookData) -> list[str]:
    """Who is seated next: the Players sheet's active rows, else everyone of the last round."""
    if data.players is not None:
        return [p.name for p in data.players if p.active]
    return sorted(seated_round(data.rounds[-1]).players) if data.rounds else []


def clubs_of(data: WorkbookData) -> dict[str, str]:
    """Player -> club, for the players who have one (kept apart when seating)."""
    return {p.name: p.club for p in data.players or () if p.club}


@dataclass(frozen=True)
class Seating:
    """The rounds to lay out now, the rest of the plan, and whether the stored plan was kept."""

    rounds: list[SeatedRound]
    later: list[SeatedRound]
    kept_plan: bool


def seat_next(problem: SeatingProblem, count: int, stored: Sequence[SeatedRound | None]) -> Seating:
    """Plan the next `problem.rounds` rounds; keep the stored plan when it still seats exactly these players
    with the byes the rules give now and is no worse than a fresh plan (repeats, clubs, seat balance)."""
    fresh = plan(problem)
    kept = [s for s in stored if s is not None]
    if len(kept) == len(fresh) and all(s.players == set(problem.players) for s in kept) \
            and set(kept[0].byes) == set(fresh[0].byes) and _quality(kept, problem) <= _quality(fresh, problem):
        return Seating(kept[:count], kept[count:], True)
    return Seating(fresh[:count], fresh[count:], False)


def _quality(rounds: list[SeatedRound], problem: SeatingProblem) -> tuple[int, int, int, int]:
    """Lower is better: repeated meetings, the most meetings of a pair, club conflicts, players with uneven seats."""
    report = assess(rounds, problem.history, problem.clubs)
    return report.repeated_meetings, report.most_meetings, report.club_conflicts, len(report.unbalanced_players)
