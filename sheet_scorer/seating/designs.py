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
* **A 4 × 6 grid, 5 rounds** (`GRID_6`): rounds of 6 tables, each taking one cell of every row of the grid, in which
  no two cells meet twice (three mutually orthogonal 5 × 6 Latin rectangles; a sixth round would be three MOLS of
  order 6, which do not exist). Found once by the planner's row search (24 players in 4 clubs of 6) and stored; the
  planner's grid start for 6 tables (21-24 players), and its club construction with the clubs in the rows.
* **21 points**: the 24-point design minus its three ∞, which never meet: three tables of 3 per round, and
  since every other pair meets exactly once over the 7 rounds, each player sits at a table of 3 exactly three
  times (once with each ∞ gone) and meets nobody twice (docs/rules.md §6: tables of 3 shared out).

`best_plan` gives plans with repeats that cannot be avoided, at the proven optimum: 20 players over 7 rounds
meet 21 opponents each but have 19, so at least 20·21/2 − 190 = 20 repeated meetings; the stored plan
has exactly 20 (found once by a long search and checked by counting). `FAIR` holds plans found once by a long
search (bench/seating_store.py: simulated annealing over swaps that keep the tables of 3 shared out) for counts and
rounds where the planner's own search, within its budget, finds more repeated meetings: each has tables of 3 and 4
as §6 says, every player at a table of 3 as often as any other or once more (max − min ≤ 1), and fewer repeated
meetings than the planner's search finds alone (not a proven optimum; tests/test_seating_fairness.py counts each).
"""

from __future__ import annotations

Design = list[list[tuple[int, ...]]]

# GF(4) = {0, 1, a, a+1} as 0..3: addition is XOR, multiplication by this table (a² = a + 1).
GF4_MUL = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))

# Base round of the 24-point design: points (x, i) of Z_7 × {0, 1, 2} as 7·i + x, then ∞0, ∞1, ∞2 as 21-23.
_BASE_24 = ((21, 0, 7, 14), (22, 1, 9, 18), (23, 3, 13, 19), (2, 4, 5, 17), (6, 8, 10, 11), (12, 15, 16, 20))

# GRID_6[r][j]: the columns of rows 1, 2, 3 at table j of round r (row 0 gives column j); round 0 is columns j, j, j.
GRID_6 = (
    ((0, 0, 0), (1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4), (5, 5, 5)),
    ((5, 2, 4), (2, 4, 5), (0, 1, 3), (4, 5, 2), (1, 3, 0), (3, 0, 1)),
    ((3, 4, 2), (0, 5, 4), (5, 3, 1), (1, 2, 5), (2, 0, 3), (4, 1, 0)),
    ((2, 5, 1), (4, 2, 3), (1, 0, 4), (5, 4, 0), (3, 1, 5), (0, 3, 2)),
    ((4, 3, 5), (5, 0, 2), (3, 5, 0), (2, 1, 4), (0, 2, 1), (1, 4, 3)),
)

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


# Fair plans (module docstring): players 0 … n−1, tables of 3 first in each round; each comment gives the repeated
# meetings, counted, and what the planner's own search found before the plan was stored.
FAIR: dict[tuple[int, int], str] = {
    (13, 6): (  # 13 repeated meetings; the search alone: 14
        "12.3.5 11.4.9 0.7.10 1.6.2.8 / 10.6.3 1.8.12 4.2.5 7.11.9.0 / 1.11.10 2.0.5 3.7.8 4.12.6.9 / 2.3.9 "
        "12.0.6 4.7.1 11.5.8.10 / 8.9.10 12.11.2 6.7.5 1.3.4.0 / 11.3.6 0.4.8 5.1.9 2.12.7.10"
    ),
    (14, 5): (  # 6 repeated meetings; the search alone: 8
        "9.5.1 11.0.2 13.6.10.8 4.3.12.7 / 3.6.13 4.12.8 1.5.2.10 0.11.9.7 / 7.1.6 12.11.10 9.4.13.2 3.8.5.0 / "
        "10.9.3 8.7.2 0.1.13.12 4.6.11.5 / 10.0.4 5.7.13 3.11.1.8 9.6.12.2"
    ),
    (17, 6): (  # 3 repeated meetings; the search alone: 7
        "16.15.9 4.10.5 12.0.13 7.6.11.3 2.14.1.8 / 11.5.14 15.0.8 2.9.6 7.4.12.16 3.1.13.10 / 6.10.12 0.11.1 "
        "14.16.3 4.9.13.8 7.15.5.2 / 10.8.7 16.13.6 4.2.11 12.15.1.14 3.0.9.5 / 7.14.13 1.6.5 4.15.3 0.16.10.2 "
        "12.8.11.9 / 7.1.9 5.8.16 2.12.3 10.15.11.13 0.6.14.4"
    ),
    (17, 7): (  # 13 repeated meetings; the search alone: 16
        "9.11.5 12.8.4 14.10.16 0.15.13.1 2.6.3.7 / 13.16.2 1.14.12 6.3.11 9.7.8.0 15.10.4.5 / 4.0.2 15.16.3 "
        "12.5.7 13.6.14.9 1.10.11.8 / 9.2.1 4.13.11 14.7.15 5.16.6.8 12.10.0.3 / 7.8.15 16.0.11 10.1.6 14.4.3.9 "
        "12.2.13.5 / 9.2.10 5.14.0 13.3.8 15.12.11.6 1.4.7.16 / 0.4.6 3.1.5 7.10.13 15.9.12.16 8.14.11.2"
    ),
    (17, 8): (  # 32 repeated meetings, the fewest (8 · 21 meetings, 136 pairs); the search alone: 33
        "7.8.9 2.1.16 12.3.5 13.15.11.6 4.0.14.10 / 11.5.4 13.2.0 9.15.14 7.10.1.6 16.12.8.3 / 14.13.3 6.0.12 "
        "1.7.11 9.5.2.10 15.8.16.4 / 6.9.16 15.10.5 4.7.3 2.11.0.12 1.8.13.14 / 16.0.1 12.14.4 2.8.10 6.13.7.5 "
        "9.11.3.15 / 6.11.8 1.14.5 9.4.13 12.15.7.2 0.16.10.3 / 10.12.13 4.6.2 1.3.15 16.11.7.14 9.0.8.5 / "
        "13.5.16 7.0.15 8.11.10 1.9.4.12 6.3.14.2"
    ),
    (22, 6): (  # 1 repeated meeting; the search alone: 1-3
        "14.12.7 13.2.6 5.20.16.1 10.3.15.21 11.9.0.19 18.8.4.17 / 20.2.19 15.0.1 16.12.9.17 14.5.21.8 10.7.4.6 "
        "3.11.18.13 / 11.10.8 4.21.12 9.7.5.13 20.0.14.17 18.16.2.15 6.1.19.3 / 3.17.5 0.7.18 15.14.4.9 "
        "16.10.13.19 2.1.8.12 11.6.21.20 / 14.16.11 9.20.10 7.8.19.15 2.0.4.3 1.21.13.17 6.18.12.5 / 9.3.21 "
        "5.19.4 15.12.13.20 2.7.11.17 6.16.8.0 14.18.1.10"
    ),
    (22, 7): (  # 6 repeated meetings; the search alone: 10
        "5.11.9 4.10.18 12.1.19.17 14.3.20.7 8.15.21.2 16.0.13.6 / 2.14.11 12.21.13 1.18.6.4 8.7.17.9 20.5.16.10 "
        "0.3.19.15 / 1.3.16 10.8.0 13.14.9.15 6.21.17.5 19.11.18.7 4.20.2.12 / 19.8.5 20.18.0 12.9.7.10 "
        "15.1.13.11 3.17.6.2 14.21.16.4 / 12.15.6 2.7.16 14.8.10.1 13.18.3.5 4.17.11.0 19.21.20.9 / 21.1.7 9.3.4 "
        "18.15.17.16 11.6.20.8 12.14.5.0 13.19.10.2 / 14.19.6 17.20.13 5.15.7.4 9.1.2.0 21.11.10.3 18.12.8.16"
    ),
    (22, 8): (  # 20 repeated meetings; the search alone: 27
        "16.1.4 15.13.11 20.5.14.10 8.18.21.6 12.9.0.2 19.7.17.3 / 17.5.2 11.14.0 15.16.21.7 20.9.13.6 12.4.8.19 "
        "1.3.18.10 / 6.15.20 19.21.13 2.4.3.11 9.10.5.16 17.1.14.8 18.0.7.12 / 1.5.9 3.12.21 11.6.10.19 "
        "0.17.13.16 2.15.8.20 14.4.18.7 / 8.18.16 4.17.6 2.10.13.21 11.7.12.5 1.20.0.19 15.9.3.14 / 14.13.4 "
        "12.17.10 8.9.21.0 19.18.15.5 7.2.1.6 20.16.11.3 / 9.19.7 18.20.2 14.6.12.16 21.11.17.1 8.13.5.3 "
        "15.10.4.0 / 7.8.10 0.3.6 5.21.20.4 13.1.12.15 18.11.9.17 2.19.16.14"
    ),
    (25, 7): (  # no repeated meeting; the search alone: 3
        "0.2.19 13.20.6 15.18.12 8.14.11.4 24.17.1.7 9.21.22.23 10.3.16.5 / 12.1.4 5.13.11 18.21.14 3.0.15.22 "
        "10.24.20.19 17.16.8.23 7.6.2.9 / 11.24.22 16.15.9 6.8.10 20.14.12.17 19.3.13.18 1.5.21.2 7.23.4.0 / "
        "16.1.0 20.21.7 8.19.22 12.9.3.24 4.2.17.13 18.23.10.11 15.5.6.14 / 9.17.10 7.3.14 20.11.2 21.16.19.4 "
        "15.23.24.13 8.0.12.5 1.18.22.6 / 0.17.18 6.3.23 24.8.21 10.22.14.2 16.13.12.7 9.20.4.5 1.15.19.11 / "
        "22.7.5 12.23.19 10.4.15 13.14.9.0 11.17.6.21 20.8.3.1 18.24.16.2"
    ),
    (25, 8): (  # 6 repeated meetings; the search alone: 12
        "7.18.6 11.16.15 0.5.14 10.20.9.17 1.21.24.3 2.22.4.23 19.12.13.8 / 3.20.2 15.13.9 1.19.8 10.23.18.12 "
        "6.4.11.14 7.0.17.24 16.22.5.21 / 5.23.15 7.1.10 19.4.17 6.3.9.16 0.18.22.8 24.12.14.2 21.13.20.11 / "
        "22.11.24 20.6.8 23.17.21 1.0.2.4 10.16.13.14 3.7.15.12 5.9.18.19 / 2.18.16 1.17.9 12.22.20 15.8.14.21 "
        "10.11.0.3 6.19.24.23 7.4.13.5 / 24.18.13 4.16.12 0.21.6 19.10.15.22 20.14.1.23 8.3.5.17 7.11.2.9 / "
        "12.0.9 19.21.11 5.2.10 14.3.17.18 13.6.1.22 16.8.23.7 20.24.15.4 / 13.3.23 8.10.24 22.7.14 18.21.4.9 "
        "6.15.17.2 20.19.0.16 11.1.12.5"
    ),
    (26, 7): (  # 1 repeated meeting; the search alone: 3
        "2.24.18 22.19.17 4.12.10.7 13.1.8.9 23.6.25.11 16.0.20.14 21.5.15.3 / 15.14.22 23.4.9 12.5.2.25 "
        "13.0.10.11 20.18.21.19 1.17.3.7 8.16.6.24 / 5.16.7 8.19.3 2.15.17.11 25.10.9.18 1.12.21.0 22.23.20.24 "
        "6.4.13.14 / 2.13.21 17.0.18 16.10.22.1 3.11.24.4 25.14.7.19 15.12.8.23 20.5.6.9 / 3.12.20 25.24.1 "
        "0.6.7.2 17.23.21.10 22.4.13.5 16.19.15.9 18.11.8.14 / 7.11.20 8.5.10 14.9.21.24 25.15.0.4 6.22.18.3 "
        "12.13.17.16 23.19.2.1 / 25.16.21 15.1.6 20.4.8.17 7.13.18.23 5.24.19.0 12.9.22.11 14.2.10.3"
    ),
    (29, 8): (  # no repeated meeting; the search alone: 9
        "11.17.8 4.15.0 18.25.9 12.2.20.5 13.10.16.21 6.3.1.27 19.28.14.26 24.23.22.7 / 24.26.27 28.6.23 8.18.10 "
        "14.5.15.22 12.0.7.9 11.13.1.19 3.2.21.17 20.4.16.25 / 16.18.24 2.27.15 6.5.11 25.12.13.28 21.20.7.19 "
        "10.22.26.17 23.0.1.14 3.4.8.9 / 20.22.13 9.21.1 7.26.2 6.12.14.4 24.19.0.8 27.10.5.25 23.11.16.3 "
        "18.28.17.15 / 23.10.4 3.28.5 19.16.12 8.13.26.15 17.9.6.20 21.18.22.0 2.24.1.25 27.14.11.7 / 20.1.8 "
        "13.9.14 7.15.3 12.18.11.26 27.28.22.16 6.2.0.10 4.24.5.21 19.25.23.17 / 10.3.14 20.24.28 13.0.17 "
        "18.19.27.4 9.22.11.2 25.7.8.6 12.15.23.21 1.5.16.26 / 6.22.19 21.25.11 17.12.27 2.8.16.14 23.18.5.13 "
        "4.7.1.28 0.26.20.3 24.9.10.15"
    ),
    (30, 8): (  # 1 repeated meeting; the search alone: 4
        "13.26.4 12.9.22 14.25.18.3 29.15.23.2 19.10.7.17 11.0.8.20 21.5.28.6 24.1.27.16 / 21.14.27 25.7.6 "
        "16.8.29.9 0.2.1.28 19.4.20.23 18.22.17.26 3.24.15.12 13.10.11.5 / 10.29.27 11.1.4 5.24.22.23 18.15.9.6 "
        "19.0.16.12 13.21.17.25 20.14.7.28 2.8.3.26 / 3.23.13 21.16.26 4.7.15.0 22.14.8.10 20.1.18.5 28.27.12.25 "
        "6.24.29.17 19.2.11.9 / 14.9.5 24.11.18 29.25.26.0 8.23.17.28 20.10.15.16 6.27.4.22 13.12.7.2 21.19.1.3 "
        "/ 10.2.6 0.5.17 23.11.16.7 8.27.18.13 12.29.21.20 14.26.24.19 22.25.15.1 9.28.4.3 / 3.20.22 28.29.19 "
        "21.7.8.24 18.4.10.12 17.27.15.11 26.1.23.9 2.25.16.5 14.6.13.0 / 15.19.8 18.28.16 11.6.26.12 3.7.5.27 "
        "1.29.22.13 23.10.21.0 25.20.24.9 2.4.14.17"
    ),
    (31, 8): (  # 2 repeated meetings; the search alone: 3
        "26.17.20 8.16.4.3 10.24.29.18 1.30.28.22 21.11.25.9 14.6.27.23 15.0.13.7 12.19.5.2 / 22.23.15 "
        "14.10.2.30 26.18.13.8 20.28.21.4 9.12.7.1 19.6.0.24 3.17.29.25 11.16.27.5 / 2.29.9 20.13.25.23 "
        "6.28.8.17 16.12.21.24 18.19.4.7 3.27.30.15 26.22.10.5 0.1.11.14 / 27.24.25 28.29.5.7 13.1.4.6 "
        "23.18.3.11 16.22.20.2 14.9.19.17 12.10.8.15 0.26.21.30 / 10.21.1 19.28.16.23 0.27.8.29 14.7.3.26 "
        "11.2.13.17 6.22.12.25 24.30.4.5 20.9.15.18 / 3.6.5 9.16.10.13 11.20.29.12 23.0.4.2 1.27.19.26 30.8.25.7 "
        "15.28.24.14 22.17.21.18 / 12.0.18 23.9.26.28 4.10.27.17 13.19.3.21 5.8.20.14 15.2.1.25 24.7.11.22 "
        "16.30.29.6 / 19.11.30 6.10.20.7 24.8.21.2 1.17.23.5 28.12.27.13 18.14.16.25 15.4.29.26 22.9.3.0"
    ),
    (32, 8): (  # 1 repeated meeting; the search alone: 3
        "7.2.18.1 14.22.12.11 24.17.28.21 27.31.9.4 3.6.30.10 25.5.16.15 29.8.26.19 23.13.20.0 / 29.12.18.3 "
        "24.27.2.11 21.22.13.15 19.28.0.6 7.9.10.16 8.20.14.25 17.4.5.30 1.31.26.23 / 10.0.18.11 9.20.19.5 "
        "7.17.15.23 12.25.6.13 22.4.16.28 30.31.2.29 26.27.14.21 1.24.3.8 / 0.22.17.18 1.25.11.19 21.6.4.7 "
        "31.8.10.13 20.16.3.27 28.23.29.5 15.26.2.12 30.14.24.9 / 27.22.5.8 14.31.7.0 17.2.10.20 4.25.18.23 "
        "29.15.1.9 3.13.28.11 12.19.21.30 6.16.24.26 / 19.10.15.27 16.30.18.13 23.3.2.14 6.1.20.22 17.8.9.12 "
        "7.26.25.28 24.29.4.0 5.21.31.11 / 13.2.4.19 3.9.26.22 8.16.21.23 14.1.28.10 20.15.31.18 24.7.12.5 "
        "29.17.11.6 0.27.30.25 / 8.30.28.15 29.27.7.13 31.3.19.17 20.4.11.26 2.21.25.9 23.10.22.24 5.18.14.6 "
        "1.0.16.12"
    ),
    (33, 8): (  # no repeated meeting; the search alone: 1
        "11.12.2 13.27.25 28.1.19 9.10.3.4 7.26.14.23 30.22.21.20 18.5.15.24 29.8.16.0 17.32.31.6 / 26.9.22 "
        "10.16.24 15.28.29 27.32.18.3 2.21.25.14 31.20.23.11 5.1.0.6 30.4.12.13 17.7.8.19 / 13.21.3 12.5.20 "
        "18.17.23 22.16.19.11 1.29.24.25 32.4.26.15 30.28.31.27 2.7.10.0 6.9.8.14 / 14.4.17 23.32.8 7.20.9 "
        "18.30.19.0 26.3.25.5 15.31.16.13 11.21.1.10 29.22.27.2 28.12.24.6 / 18.6.11 10.30.15 29.14.13 "
        "26.24.31.8 21.16.12.7 9.25.0.32 3.17.28.22 23.19.2.5 20.1.4.27 / 0.23.3 9.31.1 19.24.4 28.18.25.7 "
        "6.27.21.15 2.20.8.13 10.14.22.12 5.32.11.29 26.17.30.16 / 22.7.32 6.25.30 10.8.5 4.18.2.16 13.11.26.28 "
        "9.23.27.12 14.1.3.15 0.17.24.20 19.21.31.29 / 27.14.16 21.0.26 31.3.2 7.11.24.30 10.32.20.28 1.22.18.8 "
        "15.12.19.25 23.29.4.6 9.5.13.17"
    ),
}


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
    """A stored plan for exactly these players and rounds (the proven optimum, or a fair plan of `FAIR`), else []."""
    if (players, rounds) == (20, 7):
        return parse(_BEST_20_7)
    return parse(FAIR[(players, rounds)]) if (players, rounds) in FAIR else []
