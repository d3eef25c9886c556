"""Search long, once, for fair plans with few repeated meetings, to store in seating/designs.py (docs/rules.md §6).

    .venv/bin/python bench/seating_store.py N×R [N×R …] [--moves 50000000] [--seeds 4]

For each case, bench/seating_store.c (simulated annealing over swaps that keep the tables of 3 shared out, built
here with cc) runs with each seed; the plan with fewest players at a table of 3 in two rounds running, then fewest
repeated meetings (§6: aim 2, then 3), is checked by counting here (legal table sizes, max − min ≤ 1 tables of 3
per player, its runs and repeats) and printed in designs.py's format beside what the live planner gives with seed
0, for the cases where it is better.
Not run by the tests: the stored plans are checked by tests/test_seating_fairness.py.
"""

from __future__ import annotations

import argparse
import itertools
import pathlib
import subprocess
import tempfile
from collections import Counter

from sheet_scorer.seating.designs import Design, parse
from sheet_scorer.seating.planner import SeatingProblem, assess, plan, table_sizes


def build() -> pathlib.Path:
    """The annealer, compiled into a temporary folder."""
    binary = pathlib.Path(tempfile.mkdtemp()) / "seating_store"
    source = pathlib.Path(__file__).with_suffix(".c")
    subprocess.run(["cc", "-O2", "-o", str(binary), str(source), "-lm"], check=True)
    return binary


def figures(n: int, rounds: Design) -> tuple[int, int]:
    """Players at a table of 3 in two rounds running and repeated meetings of a stored-format plan, checked to be
    legal and fair (§6 aims 1 and 2)."""
    sizes = sorted(table_sizes(n)[0])
    assert all(sorted(map(len, rnd)) == sizes and sorted(p for t in rnd for p in t) == list(range(n)) for rnd in rounds)
    threes = Counter(p for rnd in rounds for t in rnd if len(t) == 3 for p in t)
    share = [threes[p] for p in range(n)]
    assert max(share) - min(share) <= 1, share
    met = Counter(frozenset(pair) for rnd in rounds for t in rnd for pair in itertools.combinations(t, 2))
    small = [{p for t in rnd if len(t) == 3 for p in t} for rnd in rounds]
    return sum(len(a & b) for a, b in itertools.pairwise(small)), sum(m - 1 for m in met.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cases", nargs="+", help="N×R, e.g. 17×6 (or 17x6)")
    parser.add_argument("--moves", default="5e7")
    parser.add_argument("--seeds", type=int, default=4)
    args = parser.parse_args()
    binary = build()
    for case in args.cases:
        n, rounds = (int(x) for x in case.replace("×", "x").split("x"))
        found = []
        for seed in range(1, args.seeds + 1):
            out = subprocess.run(
                [str(binary), str(n), str(rounds), str(seed), args.moves], capture_output=True, text=True
            )
            text = out.stdout.splitlines()[1]
            found.append((figures(n, parse(text)), text))
        (runs, repeats), text = min(found)
        live = assess(plan(SeatingProblem(tuple(f"P{i:03d}" for i in range(n)), rounds)))
        better = (runs, repeats) < (live.threes_running, live.repeated_meetings)
        print(f"# {n}×{rounds}: {repeats} repeats, {runs} runs (live: {live.repeated_meetings}, {live.threes_running})")
        if better:
            print(f'    ({n}, {rounds}): "{text}",', flush=True)


if __name__ == "__main__":
    main()
