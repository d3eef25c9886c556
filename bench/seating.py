"""Time the seating optimiser (issue 11: a 200-player event is seated in under 2 seconds). Run by hand:

    .venv/bin/python bench/seating.py [--runs 5]

For each case, the median wall time of `plan` over the runs (seed 0..runs-1, single process, no
I/O), with the plan's repeated meetings, players with uneven seats and club conflicts. Cases:
200 players (tables of 4 only), 199 and 202 (tables of 3 too), 200 in 25 clubs of 8, 200 over 5
rounds, and 200 continuing after 2 played rounds with 3 (or 2) drops and 2 late entries. Nothing here is
run by the tests.
"""

from __future__ import annotations

import argparse
import statistics
import time

from sheet_scorer.seating.planner import SeatingProblem, assess, plan


def players(n: int, prefix: str = "Player") -> tuple[str, ...]:
    return tuple(f"{prefix} {i:03d}" for i in range(n))


def cases() -> dict[str, SeatingProblem]:
    """The problems timed (built once; `plan` is pure)."""
    everyone = players(200)
    clubs = {p: f"Club {i % 25}" for i, p in enumerate(everyone)}
    played = tuple(plan(SeatingProblem(everyone, 4, seed=99))[:2])
    continuing = everyone[3:] + players(2, "Late")
    return {
        "200 players, 4 rounds": SeatingProblem(everyone, 4),
        "199 players, 4 rounds (tables of 3)": SeatingProblem(players(199), 4),
        "202 players, 4 rounds (tables of 3)": SeatingProblem(players(202), 4),
        "200 players in 25 clubs, 4 rounds": SeatingProblem(everyone, 4, clubs),
        "200 players, 5 rounds": SeatingProblem(everyone, 5),
        "200 players, rounds 3-4 after 3 drops, 2 late": SeatingProblem(continuing, 2, history=played),
        "200 players, rounds 3-4 after 2 drops, 2 late": SeatingProblem(everyone[2:] + players(2, "Late"), 2,
                                                                        history=played),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print("| case | median s | max s | repeats | uneven seats | club conflicts |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, problem in cases().items():
        times, report = [], None
        for seed in range(args.runs):
            seeded = SeatingProblem(**{**problem.__dict__, "seed": seed})
            start = time.perf_counter()
            rounds = plan(seeded)
            times.append(time.perf_counter() - start)
            report = assess(rounds, seeded.history, seeded.clubs)
        assert report is not None
        print(f"| {name} | {statistics.median(times):.2f} | {max(times):.2f} | {report.repeated_meetings} | "
              f"{len(report.unbalanced_players)} | {report.club_conflicts} |")


if __name__ == "__main__":
    main()
