"""Time the seating optimiser and compare it with the known optimum (issues 11 and 24). Run by hand:

    .venv/bin/python bench/seating.py [--runs 3]

For each case and seed 0 … runs−1 (single process, no I/O): the wall time of `plan` (median and max), and
of the plans found the most repeated meetings, the most players whose seats are uneven over the event's
rounds 1–4 and over the whole event, the most same-club pairs at a table, and whether every table had a legal
size (§6). Re-plans continue a history planned with the same seed, as `new` and then `seat` do by default
(`--seed` is the same for both), so a re-plan that rebuilt the rounds played would show here. The optimum
column is the proven value (a design, or a counting bound that a stored plan reaches) where one is known,
else the counting lower bound prefixed with ≥. Nothing here is run by the tests; bench/SEATING.md has the
results.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from sheet_scorer.seating.planner import SeatedRound, SeatingProblem, assess, plan, table_sizes


def players(n: int, prefix: str = "Player") -> tuple[str, ...]:
    return tuple(f"{prefix} {i:03d}" for i in range(n))


def fresh(n: int, rounds: int, clubs: dict[str, str] | None = None) -> Callable[[int], SeatingProblem]:
    return lambda seed: SeatingProblem(players(n), rounds, clubs or {}, seed=seed)


def replan(n: int, rounds: int, played: int, drops: int, late: int) -> Callable[[int], SeatingProblem]:
    """`new` with `rounds` rounds and this seed, `played` rounds played, then `seat` with the same seed."""

    def build(seed: int) -> SeatingProblem:
        history = tuple(plan(SeatingProblem(players(n), rounds, seed=seed))[:played])
        return SeatingProblem(players(n)[drops:] + players(late, "Late"), rounds - played, history=history, seed=seed)

    return build


def lower_bound(problem: SeatingProblem) -> int:
    """Repeats no plan avoids (counting): more meetings than pairs, or a player with more meetings than opponents."""
    n = len(problem.players)
    sizes, _ = table_sizes(n, problem.fours_only)
    met: dict[str, int] = {p: 0 for p in problem.players}
    for past in problem.history:
        for table in past.tables:
            for p in table:
                if p in met:
                    met[p] += sum(1 for q in table if q != p and q in met)
    meetings = sum(met.values()) // 2 + problem.rounds * sum(s * (s - 1) // 2 for s in sizes)
    fewest = problem.rounds * (min(sizes) - 1)
    return max(meetings - n * (n - 1) // 2, sum(max(0, m + fewest - (n - 1)) for m in met.values()) // 2)


CASES: dict[str, tuple[Callable[[int], SeatingProblem], str]] = {
    "16 players, 5 rounds (affine plane)": (fresh(16, 5), "0"),
    "16 players, 6 rounds": (fresh(16, 6), "24"),  # each meets 18 of 15: 16·3/2, reached by any 6th round
    "20 players, 5 rounds": (fresh(20, 5), "0"),
    "20 players, 7 rounds": (fresh(20, 7), "20"),
    "24 players, 6 rounds": (fresh(24, 6), "0"),
    "24 players, 7 rounds (design)": (fresh(24, 7), "0"),
    "28 players, 8 rounds": (fresh(28, 8), "0"),
    "28 players, 9 rounds (design)": (fresh(28, 9), "0"),
    "13 players, 5 rounds": (fresh(13, 5), "≥ 1"),  # 0 ruled out by an exhaustive search (bench/SEATING.md)
    "14 players, 6 rounds": (fresh(14, 6), "bound"),
    "24 players in 4 clubs of 6, 4 rounds": (fresh(24, 4, {p: "ABCD"[i // 6] for i, p in enumerate(players(24))}), "0"),
    "24 players in 4 clubs of 6, 5 rounds": (fresh(24, 5, {p: "ABCD"[i // 6] for i, p in enumerate(players(24))}), "0"),
    "16 players in 4 clubs of 4, 5 rounds": (fresh(16, 5, {p: "ABCD"[i // 4] for i, p in enumerate(players(16))}), "0"),
    "100 players, 5 rounds": (fresh(100, 5), "0"),
    "100 players, 8 rounds": (fresh(100, 8), "0"),
    "199 players, 4 rounds (tables of 3)": (fresh(199, 4), "0"),
    "200 players, 4 rounds": (fresh(200, 4), "0"),
    "200 players in 25 clubs, 4 rounds": (
        fresh(200, 4, {p: f"Club {i % 25}" for i, p in enumerate(players(200))}),
        "0",
    ),
    "200 players in 5 clubs of 40, 4 rounds": (
        fresh(200, 4, {p: "ABCDE"[i % 5] for i, p in enumerate(players(200))}),
        "0",
    ),
    "200 players, 5 rounds": (fresh(200, 5), "0"),
    "16 players, 6 rounds; 3 drop after round 1": (replan(16, 6, 1, 3, 0), "bound"),
    "100 players; 2 drop, 2 late after round 2 of 4": (replan(100, 4, 2, 2, 2), "0"),
    "100 players; 2 drop, 2 late after round 2 of 6": (replan(100, 6, 2, 2, 2), "0"),
    "200 players; 2 drop, 2 late after round 2 of 4": (replan(200, 4, 2, 2, 2), "0"),
    "200 players; 2 drop, 2 late after round 2 of 6": (replan(200, 6, 2, 2, 2), "0"),
    "200 players; 3 drop, 2 late after round 2 of 4": (replan(200, 4, 2, 3, 2), "0"),
}


def uneven(rounds: list[SeatedRound], history: tuple[SeatedRound, ...], first_block: bool) -> int:
    """Players whose seats are less even than their games allow, over rounds 1–4 or the whole event."""
    if first_block:
        return len(assess(rounds[: max(0, 4 - len(history))], history[:4]).unbalanced_players)
    return len(assess(rounds, history).unbalanced_players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(
        "| case | repeats | optimum | uneven seats, rounds 1–4 | uneven seats, event | club pairs | legal tables "
        "| median s | max s |"
    )
    print("|---|---:|---:|---:|---:|---:|:-:|---:|---:|")
    for name, (build, optimum) in CASES.items():
        times, worst, legal = [], [0, 0, 0, 0], True
        for seed in range(args.runs):
            problem = build(seed)
            start = time.perf_counter()
            rounds = plan(problem)
            times.append(time.perf_counter() - start)
            report = assess(rounds, problem.history, problem.clubs)
            found = [
                report.repeated_meetings,
                uneven(rounds, problem.history, True),
                len(report.unbalanced_players),
                report.club_conflicts,
            ]
            worst = [max(a, b) for a, b in zip(worst, found)]
            sizes = sorted(table_sizes(len(problem.players), problem.fours_only)[0])
            legal = legal and all(sorted(map(len, r.tables)) == sizes for r in rounds)
        shown = f"≥ {lower_bound(build(0))}" if optimum == "bound" else optimum
        print(
            f"| {name} | {worst[0]} | {shown} | {worst[1]} | {worst[2]} | {worst[3]} | {'yes' if legal else 'NO'} | "
            f"{statistics.median(times):.2f} | {max(times):.2f} |"
        )


if __name__ == "__main__":
    main()
