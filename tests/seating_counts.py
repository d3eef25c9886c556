"""Counting a seating plan from its tables alone (docs/rules.md §6): generated player names, repeated meetings,
players at a table of 3 in two rounds running."""

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


def at_threes(r: SeatedRound) -> set[str]:
    """The players of a round at a table of 3."""
    return {p for t in r.tables if len(t) == 3 for p in t}


def runs(rounds: list[SeatedRound]) -> int:
    """Players at a table of 3 in a round and in the round before, summed over the rounds."""
    return sum(len(at_threes(a) & at_threes(b)) for a, b in itertools.pairwise(rounds))
