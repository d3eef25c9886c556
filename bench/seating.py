"""Time the seating optimiser and compare it with the known optimum (docs/rules.md §6). Run by hand:

    .venv/bin/python bench/seating.py [--runs 3]

For each case and seed 0 … runs−1 (single process, no I/O): the CPU time of `plan` (median and max), and
of the plans found the fewest and most tables of 3 a player had, the most players at a table of 3 in two rounds
running, the most repeated meetings, the most players whose seats are uneven over the event's rounds 1–4 and
over the whole event, the most players never on seat 4, the most same-club pairs at a table, and whether every
table had a legal size (§6); each beside its bound (`planner.bounds`) in brackets. Re-plans continue a history planned with the same seed, as `new` and then `seat` do by default
(`--seed` is the same for both), so a re-plan that rebuilt the rounds played would show here; `--grid OUT` counts
every count 6-64 over 4-8 rounds fresh and re-planned, and over 6 rounds in clubs, and `--compare` two such runs. The optimum
column is the proven value (a design, or a counting bound that a stored plan reaches) where one is known,
else the counting lower bound (`planner.bounds`) prefixed with ≥. Nothing here is run by the tests; bench/SEATING.md has the
results.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

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


def grid_cases() -> list[tuple[str, Callable[[], SeatingProblem]]]:
    """The grid: every count 6-64 over 4-8 rounds fresh (seed 0) and re-planned after round 1 with 3 drops and a late
    entry (counts 9 up, seed n, as `--sweep`), and every count over 6 rounds in 5 clubs (seed 0)."""
    cases: list[tuple[str, Callable[[], SeatingProblem]]] = []
    for n in range(6, 65):
        for rounds in range(4, 9):
            cases.append((f"{n} × {rounds} fresh", functools.partial(SeatingProblem, players(n), rounds)))
            if n >= 9:
                cases.append((f"{n} × {rounds} re-plan", functools.partial(sweep_replan, n, rounds)))
        clubs = {p: "ABCDE"[i % 5] for i, p in enumerate(players(n))}
        cases.append((f"{n} × 6 clubs", functools.partial(SeatingProblem, players(n), 6, clubs)))
    return cases


def sweep_replan(n: int, rounds: int) -> SeatingProblem:
    """The re-plan `--sweep` times: round 1 of the fresh plan (seed n) played, 3 drops and a late entry."""
    first = plan(SeatingProblem(players(n), rounds, seed=n))
    return SeatingProblem((*players(n)[3:], "Late"), rounds - 1, history=(first[0],), seed=n)


FIGURES = ("unfair", "runs", "repeats", "uneven 1-4", "uneven", "no seat 4", "clubs")


def grid(out: str) -> None:
    """Per grid case (`grid_cases`) the figures of §6's aims, counted by `assess`: max − min > 1 tables of 3 per
    player, players at a table of 3 in two rounds running, repeated meetings, players uneven over rounds 1-4 and
    over the event, players never on seat 4, club pairs; with each bound (the repeats' also without the runs aim), and the CPU time of `plan`. Written
    as JSON to `out` (for `--compare`), their totals printed."""
    rows = {}
    for name, build in grid_cases():
        problem = build()
        start = time.process_time()
        rounds = plan(problem)
        cpu = time.process_time() - start
        report, best = assess(rounds, problem.history, problem.clubs), bounds(problem)
        figures = [
            int(report.threes[1] - report.threes[0] > 1),
            report.threes_running,
            report.repeated_meetings,
            uneven(rounds, problem.history, True),
            len(report.unbalanced_players),
            len(report.no_seat_four),
            report.club_conflicts,
        ]
        least = [
            0,
            best.threes_running,
            best.repeated_meetings,
            0,
            best.uneven_seats,
            best.no_seat_four,
            best.club_conflicts,
        ]
        rows[name] = {"figures": figures, "bounds": least, "repeats_any_runs": best.repeats_any_runs, "cpu": cpu}
    Path(out).write_text(json.dumps(rows, indent=0), encoding="utf-8")
    totals = [sum(r[key][i] for r in rows.values()) for key in ("figures", "bounds") for i in range(len(FIGURES))]
    print(
        "; ".join(
            f"{name} {total} (bounds {least})" for name, total, least in zip(FIGURES, totals, totals[len(FIGURES) :])
        )
    )
    print(f"repeats' bounds without the runs aim: {sum(r['repeats_any_runs'] for r in rows.values())}")


def compare(before: str, after: str) -> None:
    """Two `--grid` outputs side by side: per kind of case the totals before → after, and every case that differs."""
    old, new = (json.loads(Path(path).read_text(encoding="utf-8")) for path in (before, after))
    print("| plans | " + " | ".join(FIGURES) + " | median s | max s |")
    print("|---|" + "---:|" * (len(FIGURES) + 2))
    for kind in ("fresh", "re-plan", "clubs"):
        names = [name for name in old if name.endswith(kind)]
        cells = []
        for i in range(len(FIGURES)):
            a, b = (sum(rows[name]["figures"][i] for name in names) for rows in (old, new))
            cells.append(f"{a} → {b}")
        for pick in (statistics.median, max):
            a, b = (pick(rows[name]["cpu"] for name in names) for rows in (old, new))
            cells.append(f"{a:.2f} → {b:.2f}")
        print(f"| {kind} ({len(names)}) | " + " | ".join(cells) + " |")
    for name in old:
        if old[name]["figures"] != new[name]["figures"]:
            print(f"{name}: {old[name]['figures']} → {new[name]['figures']} (bounds {new[name]['bounds']})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--only", default="", help="only the cases whose name holds this text")
    parser.add_argument("--sweep", action="store_true", help="the planning times of every event size instead")
    parser.add_argument("--grid", metavar="OUT", help="the figures of every grid case instead, as JSON to OUT")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="two --grid outputs compared")
    args = parser.parse_args()
    if args.sweep:
        sweep()
        return
    if args.grid:
        grid(args.grid)
        return
    if args.compare:
        compare(*args.compare)
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
