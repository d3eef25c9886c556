"""The reader alone: CPU seconds and peak memory of `read_workbook` on the bench workbooks. Run by hand:

    .venv/bin/python bench/make_workbooks.py --no-batch            # once: S, M, L in /tmp/sheet_scorer_bench
    .venv/bin/python bench/read.py [--against /work/main] [--runs 3] [--folder F]

Each measurement is a fresh process (imports excluded, CPU time of the call only, so a busy machine
disturbs it less than wall time). `--against` measures another checkout side by side (for instance
one still reading with python-calamine), runs interleaved.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

CHILD = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from sheet_scorer.workbook.read import read_workbook
started = time.process_time()
data = read_workbook(sys.argv[2])
print(json.dumps({"cpu": time.process_time() - started, "rows": sum(len(s.raw) for s in data.rounds),
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def measure(checkout: Path, workbook: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(checkout), str(workbook)], capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=Path("/tmp/sheet_scorer_bench"))
    parser.add_argument("--against", type=Path, help="another checkout to measure side by side")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    checkouts = {"this": here, **({"against": args.against} if args.against else {})}
    print("| workbook | rows | " + " | ".join(f"{k} CPU s (median) | {k} peak RSS MB" for k in checkouts) + " |")
    print("|---|--:|" + "--:|--:|" * len(checkouts))
    for label in ("S", "M", "L"):
        workbook = args.folder / f"{label}.xlsx"
        if not workbook.exists():
            continue
        samples: dict[str, list[dict]] = {k: [] for k in checkouts}
        for _ in range(args.runs):
            for name, checkout in checkouts.items():
                samples[name].append(measure(checkout, workbook))
        cells = [
            f"{statistics.median(s['cpu'] for s in runs):.2f} | {max(s['rss_mb'] for s in runs):.0f}"
            for runs in samples.values()
        ]
        print(f"| {label} | {samples['this'][0]['rows']:,} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
