"""The Players sheet judged (docs/rules.md §1): an Active cell that is neither yes nor no is an error at that cell."""

from __future__ import annotations

from sheet_scorer.model import ActiveCell
from sheet_scorer.problems import Problem


def judge_active(cells: list[ActiveCell]) -> list[Problem]:
    """One error per Active cell the reader could not read as yes or no (the player stays active until it is fixed):
    who still plays decides seating and the playoffs."""
    return [
        Problem("bad-active", c.sheet, c.cell, c.player, params={"value": c.value, "column": c.column, "row": c.row})
        for c in cells
    ]
