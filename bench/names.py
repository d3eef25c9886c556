"""Near-miss name search on 10,000 names (docs/rules.md §1), run by hand:

    .venv/bin/python bench/names.py [--names 10000] [--runs 5]

Realistic names (first name + surname from small Polish/Portuguese/French lists, with a number so
all differ), 1 % of them with two neighbouring letters swapped. Prints the median wall time of
`close_pairs` (length buckets) and how many pairs it found.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from sheet_scorer.rules.names import close_pairs, folded

FIRST = ["Katarzyna", "Anna", "Zofia", "Łukasz", "Marek", "João", "Inês", "Rafael", "Chloé", "Étienne", "Agnieszka", "Piotr"]
LAST = ["Dąbrowska", "Kamińska", "Bąk", "Nowak", "Silva", "Gonçalves", "Lefèvre", "Dubois", "Wiśniewski", "Mazur"]


def names(count: int, seed: int = 13) -> list[str]:
    rng = random.Random(seed)
    out = [f"{rng.choice(FIRST)} {rng.choice(LAST)} {rng.choice(LAST)[:rng.randint(2, 9)]}{i}" for i in range(count)]
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
    print(f"{args.names} names: close_pairs median {statistics.median(times):.3f} s over {args.runs} runs; {found} pairs")


if __name__ == "__main__":
    main()
