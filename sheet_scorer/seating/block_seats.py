"""Seats for the rest of rounds 1-4 of a re-plan, by a SAT solver (docs/rules.md §6, aim 4).

With the tables of the planned rounds fixed, which player starts on which seat is a small constraint problem:
every seat of a table taken once, and each player's seats over the event's rounds 1-4 all different, except for
as few players as possible (a cardinality bound on the players allowed one seat twice). The local searches of
`planner` stop far from the fewest where the seats of the round played are fixed (58 players after round 1 of
7: 10 players with a seat twice where these tables allow 2); a SAT solver finds them in milliseconds.
Deterministic: the clauses are built in one order and the solver (CaDiCaL) has no randomness of its own.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence

from pysat.card import ITotalizer
from pysat.formula import IDPool
from pysat.solvers import Cadical153

SEATS = 4
CONFLICTS = 4000  # conflicts the solver may spend on each bound tried before it gives up on that bound


def fewest_seats_twice(
    tables: Sequence[Sequence[str]], taken: Mapping[str, set[int]], least: int, below: int
) -> list[list[str]] | None:
    """Seat orders for `tables` with fewer than `below` players taking a seat twice over the block (the seats in
    `taken` count as taken), as few as the solver finds down to `least`; none takes a seat three times or two seats
    twice. None when it finds none below `below` within its conflict budget."""
    pool = IDPool()
    players = sorted({p for table in tables for p in table})

    def place(p: str, t: int, s: int) -> int:
        return pool.id((p, t, s))

    twice = {p: pool.id(("twice", p)) for p in players}
    clauses: list[list[int]] = []
    for t, table in enumerate(tables):
        seats = range(len(table))
        for p in table:
            clauses.append([place(p, t, s) for s in seats])
            clauses.extend([-place(p, t, a), -place(p, t, b)] for a, b in itertools.combinations(seats, 2))
        clauses.extend([place(p, t, s) for p in table] for s in seats)
    for p in players:
        clauses.extend(_player_clauses(p, tables, taken.get(p, set()), place, twice[p], pool))
    total = ITotalizer(lits=[twice[p] for p in players], ubound=max(below - 1, 0), top_id=pool.top)
    found: list[list[str]] | None = None
    with Cadical153(bootstrap_with=clauses + total.cnf.clauses) as solver:
        bound = below - 1
        while bound >= least:
            solver.conf_budget(CONFLICTS)
            if not solver.solve_limited(assumptions=[-total.rhs[bound]] if bound < len(total.rhs) else []):
                break  # none with so few (or none found within the budget): the last found stands
            model = {v for v in solver.get_model() or () if v > 0}
            found = [[""] * len(table) for table in tables]
            for t, table in enumerate(tables):
                for p in table:
                    found[t][next(s for s in range(len(table)) if place(p, t, s) in model)] = p
            bound = sum(twice[p] in model for p in players) - 1
    total.delete()
    return found


def _player_clauses(
    p: str,
    tables: Sequence[Sequence[str]],
    taken: set[int],
    place: Callable[[str, int, int], int],
    twice: int,
    pool: IDPool,
) -> list[list[int]]:
    """A player's seats: a seat taken before or at two tables only with `twice`, never three times, and at most one
    seat twice."""
    mine = [t for t, table in enumerate(tables) if p in table]
    clauses: list[list[int]] = []
    doubled = []
    for s in range(SEATS):
        here = [place(p, t, s) for t in mine if s < len(tables[t])]
        uses = here + ([0] if s in taken else [])  # 0: the seat of a round played
        again = pool.id(("again", p, s))
        doubled.append(again)
        for a, b in itertools.combinations(uses, 2):
            clauses.append([-x for x in (a, b) if x] + [again])
        for trio in itertools.combinations(uses, 3):
            clauses.append([-x for x in trio if x])
        clauses.append([-again, twice])
    clauses.extend([-a, -b] for a, b in itertools.combinations(doubled, 2))
    return [clause for clause in clauses if clause]
