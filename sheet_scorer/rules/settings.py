"""Rules over the Settings and Adjustments sheets' values once read (docs/rules.md §7, §8): what `workbook.settings`
read is judged here. Every Settings key is applied or reported: a value the tool cannot use is an error at its
cell, an unknown key a warning at its cell, a misspelt tie-breaker an error that lists the valid names.
"""

from __future__ import annotations

from fractions import Fraction
from typing import cast

from sheet_scorer.i18n.codes import ProblemCode
from sheet_scorer.i18n.vocab import FIGURE_NAMES, PLAYOFF_SIZES, RANKINGS, TABLE_SIZES
from sheet_scorer.model import Adjustment, AdjustmentRow, SettingCell, Settings
from sheet_scorer.problems import Problem
from sheet_scorer.workbook.settings import apply_settings
from sheet_scorer.xlsx.cells import cell_ref

_AT_LEAST = {"victory_target": 1, "qualifying_rounds": 1, "playoff_size": 0}  # Playoff Size 0: no playoffs
_POINTS = {"points_4": 4, "points_3": 3}  # a points table has a value per place


def judge_settings(cells: list[SettingCell], settings: Settings) -> tuple[Settings, list[Problem]]:
    """`settings` with the values of the Settings cells that hold applied, and a problem at each cell not used."""
    problems: list[Problem] = []
    held: set[int] = set()
    for index, cell in enumerate(cells):
        problem = _judge(cell)
        if isinstance(problem, list):
            problems.extend(problem)
        elif problem is not None:
            problems.append(problem)
        else:
            held.add(index)
    kept = [cell for index, cell in enumerate(cells) if index in held or cell.key == "tiebreakers"]
    return apply_settings(kept, settings), problems


def _judge(cell: SettingCell) -> Problem | list[Problem] | None:
    """The problem(s) at one Settings row (None: its value holds)."""
    label = cell.label.strip()
    if cell.key is None:
        return Problem("unknown-setting", cell.sheet, cell_ref(1, cell.row), params={"key": label})
    where = cell_ref(2, cell.row)
    if cell.key == "tiebreakers":  # the names understood hold; each word that is none is an error
        return [
            Problem(
                "bad-tiebreaker", cell.sheet, where, params={"key": label, "value": word, "valid": valid_figure_names()}
            )
            for word in cell.parsed[1]
        ] or None
    value = cell.parsed
    if value is not None and cell.key in _AT_LEAST and value < _AT_LEAST[cell.key]:
        value = None
    if cell.key == "playoff_size" and value not in (
        None,
        0,
        *PLAYOFF_SIZES,
    ):  # no seeding table for it (docs/rules.md §6)
        return Problem(
            "bad-playoff-size",
            cell.sheet,
            where,
            params={"key": label, "value": cell.value, "valid": ", ".join(str(n) for n in PLAYOFF_SIZES)},
        )
    if value is not None and _holds(cell.key, value):
        return None
    code: ProblemCode = "bad-ranking" if cell.key == "ranking" else "bad-setting"
    return Problem(
        code,
        cell.sheet,
        where,
        params={"key": label, "value": cell.value, "valid": ", ".join(FIGURE_NAMES[k][0] for k in RANKINGS)},
    )


def _holds(key: str, value: object) -> bool:
    """Whether a value read as its setting's type is one the tool can use."""
    if key in _POINTS:
        return isinstance(value, tuple) and len(value) == _POINTS[key]  # read as a tuple of points (or None)
    if key == "ranking":
        return value in RANKINGS
    if key == "table_size":
        return value in TABLE_SIZES
    return True


def valid_figure_names() -> str:
    """The tie-breaker names a Tiebreakers cell may hold, in English, for messages."""
    return ", ".join(names[0] for names in FIGURE_NAMES.values())


def judge_adjustments(sheets: dict[str, list[AdjustmentRow] | None]) -> tuple[list[Adjustment], list[Problem]]:
    """The adjustments of the Adjustments sheet's usable rows (of the last such sheet, when there are two), and an
    error at the cell of each other row, or on a sheet without its header row."""
    adjustments: list[Adjustment] = []
    problems: list[Problem] = []
    for name, rows in sheets.items():
        adjustments = []
        if rows is None:
            problems.append(Problem("adjustments-no-header", name, params={}))
            continue
        for row in rows:
            problem = _judge_adjustment(row)
            if problem is not None:
                problems.append(problem)
            else:
                adjustments.append(
                    Adjustment(
                        row.player,
                        row.round,
                        cast(Fraction, row.points),  # a row without points was judged a problem above
                        row.reason,
                        row.sheet,
                        row.row,
                        (row.columns[0], row.columns[1]),
                    )
                )
    return adjustments, problems


def _judge_adjustment(row: AdjustmentRow) -> Problem | None:
    """The problem at one Adjustments row (None: it holds): no player, points that are no number, no round number."""
    player, round_, points = (cell_ref(column, row.row) for column in row.columns)
    if not row.player:
        return Problem("adjustment-no-player", row.sheet, player, params={"row": row.row})
    if row.points is None:
        return Problem("adjustment-points", row.sheet, points, row.player, params={"value": row.points_value or ""})
    if row.round == 0:
        return Problem("adjustment-unknown-round", row.sheet, round_, row.player, params={"value": row.round_value})
    return None


def check_adjustments(
    adjustments: list[Adjustment], players: set[str], rounds: set[int]
) -> tuple[list[Adjustment], list[Problem]]:
    """The adjustments that name a player of the event and an existing round; an error at the cell of each other one."""
    kept: list[Adjustment] = []
    problems: list[Problem] = []
    for a in adjustments:
        if a.player not in players:
            problems.append(Problem("adjustment-unknown-player", a.sheet, cell_ref(a.columns[0], a.row), a.player))
        elif a.round is not None and a.round not in rounds:
            problems.append(
                Problem(
                    "adjustment-unknown-round",
                    a.sheet,
                    cell_ref(a.columns[1], a.row),
                    a.player,
                    params={"value": a.round},
                )
            )
        else:
            kept.append(a)
    return kept, problems
