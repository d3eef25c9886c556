"""Known resolvable designs: rounds of tables of 4 in which nobody meets anyone twice (docs/rules.md §6).

Pure data and arithmetic, no search. A design is a list of rounds, each a list of tables of point
numbers 0 … v−1; every point sits at exactly one table per round and every pair of points shares at
most one table over all the rounds. Used by the planner as its start, where one exists:

* **16 points, 5 rounds**: the affine plane of order 4 (lines of AG(2, 4), by parallel class), in
  which every pair meets exactly once.
* **24 points, 7 rounds**: a 1-rotational design over Z_7 × {0, 1, 2} ∪ {∞0, ∞1, ∞2} (a resolvable
  4-GDD of type 3^8: the three ∞ never meet, nor do the points of one missing difference class).
  Round r is the base round shifted by r; its 27 pairs all have different differences, so no
  pair comes twice.
* **28 points, 9 rounds**: the Hermitian unital of order 3 (the 28 points of x⁴ + y⁴ + z⁴ = 0 in
  PG(2, 9), blocks its secant lines), a resolvable (28, 4, 1) design: every pair exactly once. The
  resolution into 9 parallel classes was found once by exact cover and is stored.
* **v − 1 points**: a design minus its last point has one table of 3 per round (15, 23, 27 players
  ≡ 3 mod 4 take exactly the one table of 3 their count needs).
* **21 points**: the 24-point design minus its three ∞, which never meet: three tables of 3 per round, and
  since every other pair meets exactly once over the 7 rounds, each player sits at a table of 3 exactly three
  times (once with each ∞ gone) and meets nobody twice (docs/rules.md §6: tables of 3 shared out).

`BEST` holds plans with repeats that cannot be avoided, at the proven optimum: 20 players over 7 rounds
meet 21 opponents each but have 19, so at least 20·21/2 − 190 = 20 repeated meetings; the stored plan
has exactly 20 (found once by a long search and checked by counting).
"""

from __future__ import annotations

Design = list[list[tuple[int, ...]]]

# GF(4) = {0, 1, a, a+1} as 0..3: addition is XOR, multiplication by this table (a² = a + 1).
GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))

# Base round of the 24-point design: points (x, i) of Z_7 × {0, 1, 2} as 7·i + x, then ∞0, ∞1, ∞2 as 21-23.
_BASE_24 = ((21, 0, 7, 14), (22, 1, 9, 18), (23, 3, 13, 19), (2, 4, 5, 17), (6, 8, 10, 11), (12, 15, 16, 20))

_UNITAL_28 = (
    "20.21.26.27 4.5.6.7 11.14.16.23 10.15.17.22 9.12.19.24 8.13.18.25 0.1.2.3 / 8.12.16.22 2.4.17.25 7.13.19.21 "
    "3.15.20.24 1.6.9.14 0.11.18.27 5.10.23.26 / 9.13.17.23 2.7.18.22 1.5.11.12 6.15.16.21 0.14.20.25 3.10.19.27 "
    "4.8.24.26 / 11.15.19.25 1.7.16.24 2.6.10.13 0.8.21.23 5.9.18.20 4.14.22.27 3.12.17.26 / 10.14.18.24 1.4.19.23 "
    "3.9.21.22 7.11.17.20 2.5.8.15 6.12.25.27 0.13.16.26 / 8.9.10.11 3.5.16.25 0.6.17.24 4.12.18.21 1.13.20.22 "
    "7.15.23.27 2.14.19.26 / 0.5.19.22 3.6.18.23 12.13.14.15 2.11.21.24 4.10.16.20 1.8.17.27 7.9.25.26 / "
    "22.23.24.25 5.14.17.21 6.8.19.20 3.4.11.13 0.7.10.12 2.9.16.27 1.15.18.26 / 0.4.9.15 3.7.8.14 1.10.21.25 "
    "2.12.20.23 16.17.18.19 5.13.24.27 6.11.22.26"
)

_BEST_20_7 = (
    "3.5.6.15 1.4.10.11 7.8.12.18 0.9.13.16 2.14.17.19 / 0.11.12.14 2.7.15.17 4.6.18.19 1.3.9.16 5.8.10.13 / "
    "6.8.14.16 1.9.15.17 2.11.13.18 0.4.5.7 3.10.12.19 / 4.12.15.16 3.8.11.17 5.9.14.18 1.7.13.19 0.2.6.10 / "
    "2.3.7.16 9.10.12.19 11.13.15.18 0.4.5.17 1.6.8.14 / 6.12.13.17 2.4.8.9 5.11.16.19 7.10.14.15 0.1.3.18 / "
    "0.8.15.19 3.4.13.14 6.7.9.11 1.2.5.12 10.16.17.18"
)


def parse(text: str) -> Design:
    """Rounds separated by '/', tables by spaces, points by dots."""
    return [[tuple(int(p) for p in table.split(".")) for table in rnd.split()] for rnd in text.split("/")]


def affine_16() -> Design:
    """The affine plane of order 4: a 4 × 4 grid over GF(4); round r < 4 takes the line j + m·i (slope m = r), round 4 the rows."""
    rounds: Design = []
    for r in range(4):
        rounds.append([tuple(4 * i + (j ^ GF4_MUL[i][r]) for i in range(4)) for j in range(4)])
    rounds.append([tuple(4 * i + j for j in range(4)) for i in range(4)])
    return rounds


def rotational_24() -> Design:
    """The 24-point design: the base round shifted by r = 0 … 6 on Z_7 (∞ fixed)."""

    def shift(p: int, r: int) -> int:
        return p if p >= 21 else 7 * (p // 7) + (p % 7 + r) % 7

    return [[tuple(shift(p, r) for p in table) for table in _BASE_24] for r in range(7)]


DESIGNS: dict[int, Design] = {}


def design(players: int) -> Design:
    """The longest stored design for this many players (a design of players + 1 minus its last point, or the
    24-point design minus its three ∞ for 21), else []."""
    if not DESIGNS:
        DESIGNS.update({16: affine_16(), 24: rotational_24(), 28: parse(_UNITAL_28)})
    if players in DESIGNS:
        return DESIGNS[players]
    if players + 1 in DESIGNS:
        return [[tuple(p for p in table if p != players) for table in rnd] for rnd in DESIGNS[players + 1]]
    if players == 21:  # the 24-point design without the three ∞ (points 21-23), which never share a table
        return [[tuple(p for p in table if p < 21) for table in rnd] for rnd in DESIGNS[24]]
    return []


def best_plan(players: int, rounds: int) -> Design:
    """A stored plan at the proven optimum for exactly these players and rounds, else []."""
    return parse(_BEST_20_7) if (players, rounds) == (20, 7) else []
