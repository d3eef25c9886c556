"""Rules over the Settings and Adjustments sheets' values once read (docs/rules.md §7, §8): what `workbook.settings`
read is checked here against the event.
"""

from __future__ import annotations

from sheet_scorer.model import Adjustment
from sheet_scorer.problems import Problem
from sheet_scorer.xlsx.cells import cell_ref


def check_adjustments(adjustments: list[Adjustment], players: set[str], rounds: set[int]) -> tuple[list[Adjustment], list[Problem]]:
    """The adjustments that name a player of the event and an existing round; an error at the cell of each other one."""
    kept: list[Adjustment] = []
    problems: list[Problem] = []
    for a in adjustments:
        if a.player not in players:
            problems.append(Problem("adjustment-unknown-player", a.sheet, cell_ref(a.columns[0], a.row), a.player))
        elif a.round is not None and a.round not in rounds:
            problems.append(Problem("adjustment-unknown-round", a.sheet, cell_ref(a.columns[1], a.row), a.player,
                                    params={"value": a.round}))
        else:
            kept.append(a)
    return kept, problems
