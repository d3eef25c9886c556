"""Counting a seating plan from its tables alone (docs/rules.md §6): generated player names, repeated meetings."""

from __future__ import annotations

import itertools
from collections import Counter

from sheet_scorer.seating.planner import SeatedRound


def names(n: int, prefix: str = "Player") -> tuple[str, ...]:
    """`n` distinct player names that sort in seat order: "Player 000", "Player 001", …"""
    return tuple(f"{prefix} {i:03d}" for i in range(n))


def repeats(rounds: list[SeatedRound] | list[list[tuple[int, ...]]]) -> int:
    """Σ over pairs of (meetings − 1)."""
    met = Counter(
        frozenset(pair) for r in rounds for t in getattr(r, "tables", r) for pair in itertools.combinations(t, 2)
    )
    return sum(m - 1 for m in met.values())
