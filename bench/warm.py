"""Warm re-scores: what a long-running process (the live view) pays per `score_workbook` once everything is loaded.

    .venv/bin/python bench/warm.py [--runs 7] [--folder /tmp/sheet_scorer_bench]

In one process, for each workbook: the first `score_workbook` (imports, template loading, first use of
pandera and Babel) and then `--runs` more of the same file, each writing the scored workbook and the
report to a temporary folder, as the live view does after every save. Prints the first call's wall time
and the median, min and max of the warm ones (wall and CPU of this process). Workbooks: the bundled
example_workbooks/spring_open.xlsx (30 players, 4 rounds) and a generated 200-player, 6-round event
(bench/make_workbooks.py's generator, written once into --folder as E200.xlsx).
Targets (the second speed targets, bench/RESULTS.md): spring_open ≤ 0.3 s warm, 200 × 6 ≤ 1 s warm.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

TARGETS = {"spring_open": 0.3, "E200": 1.0}


def event_200(folder: Path) -> Path:
    """A 200-player, 6-round event, generated once (deterministic)."""
    path = folder / "E200.xlsx"
    if not path.exists():
        from make_workbooks import write_workbook

        write_workbook(path, 200, 6, seed=200_6, title="Bench 200 x 6")
    return path


def time_calls(workbook: Path, runs: int, out: Path) -> tuple[float, list[float], list[float]]:
    """Wall seconds of the first call, and wall and CPU seconds of each of the `runs` warm calls after it."""
    from sheet_scorer.api import score_workbook

    source = out / workbook.name  # scored copies go beside this copy, never beside the organiser's file
    shutil.copy(workbook, source)
    walls, cpus = [], []
    first = 0.0
    for index in range(runs + 1):
        started, cpu = time.perf_counter(), time.process_time()
        score_workbook(
            source, output=out / f"{workbook.stem}.{index}.scored.xlsx", html=out / f"{workbook.stem}.{index}.html"
        )
        wall = time.perf_counter() - started
        if index == 0:
            first = wall
        else:
            walls.append(wall)
            cpus.append(time.process_time() - cpu)
    return first, walls, cpus


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="warm calls per workbook after the first (median reported)")
    parser.add_argument("--folder", type=Path, default=Path("/tmp/sheet_scorer_bench"))
    args = parser.parse_args()
    args.folder.mkdir(parents=True, exist_ok=True)
    workbooks = [HERE.parent / "example_workbooks" / "spring_open.xlsx", event_200(args.folder)]
    out = Path(tempfile.mkdtemp(prefix="sheet_scorer_warm_"))
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(
        "| workbook | players × rounds | first call | warm wall (median) | warm min–max | warm CPU (median) | target | |"
    )
    print("|---|---|--:|--:|--:|--:|--:|---|")
    try:
        for workbook in workbooks:
            first, walls, cpus = time_calls(workbook, args.runs, out)
            from sheet_scorer.api import check_workbook

            result = check_workbook(workbook)
            shape = f"{len(result.standings)} × {len(result.data.rounds)}"
            target = TARGETS[workbook.stem]
            median = statistics.median(walls)
            print(
                f"| {workbook.name} | {shape} | {first:.2f} s | **{median:.3f} s** | {min(walls):.3f}–{max(walls):.3f} s "
                f"| {statistics.median(cpus):.3f} s | ≤ {target} s | {'met' if median <= target else 'missed'} |"
            )
    finally:
        shutil.rmtree(out, ignore_errors=True)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
