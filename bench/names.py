"""Near-miss name search on 10,000 names (docs/rules.md §1), run by hand:

    .venv/bin/python bench/names.py [--names 10000] [--runs 5]

Realistic names (first name + surname from small Polish/Portuguese/French lists, with a number so
all differ), 1 % of them with two neighbouring letters swapped. Prints the median wall time of
`close_pairs` (length buckets, every name against every other: the worst case) and how many pairs
it found; then of `near_miss_warnings` on an event of those players over 10 rounds where one player
in ten misses round 5 and 50 players are misspelt (letters swapped) in round 10 only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import pandas as pd

from sheet_scorer.rules.names import close_pairs, near_miss_warnings
from sheet_scorer.workbook.cells import folded

FIRST = [
    "Katarzyna",
    "Anna",
    "Zofia",
    "Łukasz",
    "Marek",
    "João",
    "Inês",
    "Rafael",
    "Chloé",
    "Étienne",
    "Agnieszka",
    "Piotr",
]
LAST = ["Dąbrowska", "Kamińska", "Bąk", "Nowak", "Silva", "Gonçalves", "Lefèvre", "Dubois", "Wiśniewski", "Mazur"]


def names(count: int, seed: int = 13) -> list[str]:
    rng = random.Random(seed)
    out = [f"{rng.choice(FIRST)} {rng.choice(LAST)} {rng.choice(LAST)[: rng.randint(2, 9)]}{i}" for i in range(count)]
    for i in rng.sample(range(count), count // 100):
        chars = list(out[i])
        k = rng.randrange(len(chars) - 1)
        chars[k], chars[k + 1] = chars[k + 1], chars[k]
        out[i] = "".join(chars)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--names", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    keys = [folded(n) for n in names(args.names)]
    times, found = [], 0
    for _ in range(args.runs):
        start = time.perf_counter()
        found = len(close_pairs(keys))
        times.append(time.perf_counter() - start)
    print(
        f"{args.names} names: close_pairs median {statistics.median(times):.3f} s over {args.runs} runs; {found} pairs"
    )
    frame = event(args.names)
    times, warned = [], 0
    for _ in range(args.runs):
        start = time.perf_counter()
        warned = len(near_miss_warnings(frame, None))
        times.append(time.perf_counter() - start)
    print(f"{len(frame)} rows: near_miss_warnings median {statistics.median(times):.3f} s; {warned} warnings")


def event(count: int) -> pd.DataFrame:
    """`count` players over 10 rounds; every tenth misses round 5; 50 are misspelt in round 10."""
    players = [f"{name} {i}" for i, name in enumerate(names(count, seed=7))]
    misspelt = {
        i: players[i][:2] + players[i][3] + players[i][2] + players[i][4:] for i in range(0, count, count // 50)
    }
    rows = [
        (misspelt.get(i, name) if r == 10 else name, r, i + 2, f"B{i + 2}", f"Round {r}")
        for r in range(1, 11)
        for i, name in enumerate(players)
        if not (i % 10 == 1 and r == 5)
    ]
    return pd.DataFrame(rows, columns=["player", "round", "row", "cell", "sheet"])


if __name__ == "__main__":
    main()
