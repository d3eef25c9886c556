"""What problems cost: validation of a workbook with thousands of warnings or errors against the same layout clean.
Run by hand (nothing here runs in the tests):

    .venv/bin/python bench/make_workbooks.py --only L3C,L3,L3F   # once
    .venv/bin/python bench/problems.py [--sizes L3C,L3,L3F] [--runs 7] [--source DIR]

Each workbook is read once (`workbook.read.read_workbook`); then, interleaved run by run (the order rotated), in one
process: `rules.validate.validate` alone and `api.check_data` (validation, scoring, standings: `check` without the
reading and the printing). Median CPU seconds of each (`time.process_time`: steady on a shared machine), the ratio of
each workbook's median to the first's (the clean one), the min–max of the per-run ratios, and the problems found.
Target (docs/rules.md §3's warnings, §2's errors at their cells): thousands of problems within 1.1× of the clean path.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

DEFAULT_FOLDER = Path("/tmp/sheet_scorer_bench")


def _cpu(work: Callable[[object], object], data: object) -> tuple[float, object]:
    """CPU seconds of `work(data)` (the collector run before, so no earlier garbage is paid for here)."""
    gc.collect()
    started = time.process_time()
    result = work(data)
    return time.process_time() - started, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("--sizes", default="L3C,L3,L3F", help="the clean workbook first: the others are against it")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--source", type=Path, help="a sheet_scorer checkout to measure instead of the installed one")
    args = parser.parse_args()
    if args.source:
        sys.path.insert(0, str(args.source.resolve()))
    from sheet_scorer.api import check_data
    from sheet_scorer.rules.settings import judge_settings
    from sheet_scorer.rules.validate import validate
    from sheet_scorer.workbook.read import read_workbook

    labels = args.sizes.split(",")
    books = {}
    for label in labels:
        data = read_workbook(args.folder / f"{label}.xlsx")
        data.settings, _ = judge_settings(data.setting_cells, data.settings)
        books[label] = data
    kinds: dict[str, Callable[[object], object]] = {
        "validate": lambda data: validate(data),
        "check_data": lambda data: check_data(data),
    }
    times: dict[tuple[str, str], list[float]] = {(k, label): [] for k in kinds for label in labels}
    found: dict[str, Counter[str]] = {}
    for work in kinds.values():  # once each before timing: pandera's backends, the schemas' caches
        work(books[labels[0]])
    for run in range(args.runs):
        order = labels[run % len(labels) :] + labels[: run % len(labels)]
        for label in order:
            for kind, work in kinds.items():
                seconds, result = _cpu(work, books[label])
                times[kind, label].append(seconds)
                if kind == "validate":
                    found[label] = Counter(p.severity for p in result.problems)  # type: ignore[attr-defined]
        print(f"  run {run + 1}: " + ", ".join(f"{k[1]} {k[0]} {v[-1]:.2f}" for k, v in times.items()), file=sys.stderr)
    clean = labels[0]
    print(f"median of {args.runs} runs each, in-process CPU seconds, interleaved (order rotated); against {clean}\n")
    print("| workbook | rows | errors | warnings | validate | **ratio** (per run) | check_data | **ratio** (per run) |")
    print("|---|--:|--:|--:|--:|--:|--:|--:|")
    for label in labels:
        cells = []
        for kind in kinds:
            mine, base = times[kind, label], times[kind, clean]
            per_run = [a / b for a, b in zip(mine, base, strict=True)]
            cells.append(
                f"{statistics.median(mine):.2f} s | **{statistics.median(mine) / statistics.median(base):.2f}×** "
                f"({min(per_run):.2f}–{max(per_run):.2f})"
            )
        rows = sum(len(s.raw) for s in books[label].rounds)
        print(
            f"| {label} | {rows:,} | {found[label]['error']:,} | {found[label]['warning']:,} | "
            + " | ".join(cells)
            + " |"
        )


if __name__ == "__main__":
    main()
