"""Time the seating optimiser and compare it with the known optimum (docs/rules.md §6). Run by hand:

    .venv/bin/python bench/seating.py [--runs 3]

For each case and seed 0 … runs−1 (single process, no I/O): the CPU time of `plan` (median and max), and
of the plans found the fewest and most tables of 3 a player had, the most players at a table of 3 in two rounds
running, the most repeated meetings, the most players whose seats are uneven over the event's rounds 1–4 and
over the whole event, the most players never on seat 4, the most same-club pairs at a table, and whether every
table had a legal size (§6); each beside its bound (`planner.bounds`) in brackets. Re-plans continue a history planned with the same seed, as `new` and then `seat` do by default
(`--seed` is the same for both), so a re-plan that rebuilt the rounds played would show here; `--grid` totals
the repeats over every count 6-64 over 4-8 rounds, fresh. The optimum
column is the proven value (a design, or a counting bound that a stored plan reaches) where one is known,
else the counting lower bound (`planner.bounds`) prefixed with ≥. Nothing here is run by the tests; bench/SEATING.md has the
results.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from sheet_scorer.seating.planner import SeatedRound, SeatingProblem, assess, bounds, plan, table_sizes


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
    "17 players, 6 rounds": (fresh(17, 6), "bound"),
    "21 players, 7 rounds": (fresh(21, 7), "bound"),
    "22 players, 6 rounds": (fresh(22, 6), "bound"),
    "29 players, 5 rounds": (fresh(29, 5), "bound"),
    "45 players, 5 rounds": (fresh(45, 5), "bound"),
    "49 players, 5 rounds": (fresh(49, 5), "bound"),
    "49 players, 8 rounds": (fresh(49, 8), "bound"),
    "61 players, 6 rounds": (fresh(61, 6), "bound"),
    "21 players in 2 clubs of 4, 6 rounds": (
        fresh(21, 6, {p: "AB"[i // 4] for i, p in enumerate(players(8))}),
        "bound",
    ),
    "18 players; 1 drop, 1 late after round 1 of 6": (replan(18, 6, 1, 1, 1), "bound"),
    "24 players; 3 drop, 1 late after round 1 of 6": (replan(24, 6, 1, 3, 1), "bound"),
    "49 players; 2 drop, 1 late after round 2 of 8": (replan(49, 8, 2, 2, 1), "bound"),
    "199 players; 3 drop, 1 late after round 1 of 6": (replan(199, 6, 1, 3, 1), "bound"),
    "501 players, 4 rounds": (fresh(501, 4), "bound"),
    "502 players, 4 rounds": (fresh(502, 4), "bound"),
    "503 players, 4 rounds": (fresh(503, 4), "bound"),
}


def uneven(rounds: list[SeatedRound], history: tuple[SeatedRound, ...], first_block: bool) -> int:
    """Players whose seats are less even than their games allow, over rounds 1–4 or the whole event."""
    if first_block:
        return len(assess(rounds[: max(0, 4 - len(history))], history[:4]).unbalanced_players)
    return len(assess(rounds, history).unbalanced_players)


def sweep() -> None:
    """Planning time (CPU seconds, so that other work on a shared machine does not count) of every event under 50
    players over 4-8 rounds, fresh and re-planned after round 1 with 3 drops and a late entry, and of 200 players
    over 4-8 rounds, fresh and re-planned likewise: median and largest per group."""
    groups: dict[str, list[tuple[float, str]]] = {
        "6-49 fresh": [],
        "9-49 re-plan": [],
        "197-200 fresh": [],
        "197-200 re-plan": [],
    }
    for n in [*range(6, 50), *range(197, 201)]:
        big = "197-200" if n > 100 else ""
        for rounds in range(4, 9):
            start = time.process_time()
            first = plan(SeatingProblem(players(n), rounds, seed=n))
            groups[f"{big or '6-49'} fresh"].append((time.process_time() - start, f"{n} × {rounds}"))
            if n >= 9:
                now = (*players(n)[3:], "Late")
                start = time.process_time()
                plan(SeatingProblem(now, rounds - 1, history=(first[0],), seed=n))
                groups[f"{big or '9-49'} re-plan"].append((time.process_time() - start, f"{n} × {rounds}"))
    print("| plans | count | median s | max s | slowest |")
    print("|---|---:|---:|---:|---|")
    for name, times in groups.items():
        slowest = max(times)
        print(
            f"| {name} | {len(times)} | {statistics.median(t for t, _ in times):.2f} | {slowest[0]:.2f} | {slowest[1]} |"
        )


def grid() -> None:
    """Fresh plans of every count 6-64 over 4-8 rounds (seed 0): the total repeated meetings against the total of
    the counting bounds (at the fewest runs, and without the runs aim), the plans with max − min > 1 tables of 3 per
    player, the total tables of 3 in two rounds running against its bound, and each plan above its repeat bound."""
    found = bound = free = unfair = runs = fewest_runs = 0
    above = []
    for n in range(6, 65):
        for rounds in range(4, 9):
            problem = SeatingProblem(players(n), rounds)
            report, best = assess(plan(problem)), bounds(problem)
            found, bound = found + report.repeated_meetings, bound + best.repeated_meetings
            free += best.repeats_any_runs
            unfair += report.threes[1] - report.threes[0] > 1
            runs, fewest_runs = runs + report.threes_running, fewest_runs + best.threes_running
            if report.repeated_meetings > best.repeated_meetings:
                above.append(f"{n} × {rounds}: {report.repeated_meetings} (≥ {best.repeated_meetings})")
    print(
        f"repeats {found} (bounds {bound}, {free} without the runs aim); {len(above)} plans above; unfair plans {unfair}; two rounds running {runs} (bounds {fewest_runs})"
    )
    print("; ".join(above))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="only the cases whose name holds this text")
    parser.add_argument("--sweep", action="store_true", help="the planning times of every event size instead")
    parser.add_argument("--grid", action="store_true", help="the repeats over the grid 6-64 × 4-8 instead")
    args = parser.parse_args()
    if args.sweep:
        sweep()
        return
    if args.grid:
        grid()
        return
    print(
        "| case | tables of 3 per player (best) | 3 twice running (best) | repeats | optimum | uneven seats, "
        "rounds 1–4 | uneven seats, event (best) | never seat 4 (best) | club pairs (best) | legal tables | median s | max s |"
    )
    print("|---|:-:|---:|---:|---:|---:|---:|---:|---:|:-:|---:|---:|")
    for name, (build, optimum) in CASES.items():
        if args.only not in name:
            continue
        times, worst, legal = [], [0, 0, 0, 0, 0, 0], True
        low_threes, high_threes = 10**9, 0
        for seed in range(args.runs):
            problem = build(seed)
            start = time.process_time()  # CPU time: other work on a shared machine does not count
            rounds = plan(problem)
            times.append(time.process_time() - start)
            report = assess(rounds, problem.history, problem.clubs)
            found = [
                report.repeated_meetings,
                uneven(rounds, problem.history, True),
                len(report.unbalanced_players),
                report.club_conflicts,
                report.threes_running,
                len(report.no_seat_four),
            ]
            worst = [max(a, b) for a, b in zip(worst, found, strict=True)]
            low_threes, high_threes = min(low_threes, report.threes[0]), max(high_threes, report.threes[1])
            sizes = sorted(table_sizes(len(problem.players), problem.fours_only)[0])
            legal = legal and all(sorted(map(len, r.tables)) == sizes for r in rounds)
        best = bounds(build(0))
        shown = f"≥ {best.repeated_meetings}" if optimum == "bound" else optimum
        print(
            f"| {name} | {low_threes}–{high_threes} ({best.threes[0]}–{best.threes[1]}) | {worst[4]} "
            f"({best.threes_running}) | {worst[0]} | {shown} | {worst[1]} | {worst[2]} ({best.uneven_seats}) | {worst[5]} "
            f"({best.no_seat_four}) "
            f"| {worst[3]} ({best.club_conflicts}) | {'yes' if legal else 'NO'} | "
            f"{statistics.median(times):.2f} | {max(times):.2f} |"
        )


if __name__ == "__main__":
    main()
