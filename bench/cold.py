"""Cold start: each command on the bundled example as a fresh process, against the import floor. Run by hand:

    .venv/bin/python bench/cold.py [--runs 7] [--source DIR]

Interleaved, run by run (the order rotated): `score` of example_workbooks/spring_open.xlsx (30 players, 4 rounds)
against `python -c "import pandas, pandera"` (what any tool validating with pandera pays before its first cell),
then `check`, `seat --reseat` (a copy with round 5 seated once beforehand) and `slips --round 4` against `score`.
Median wall and CPU seconds of each, the ratio of the medians and the min–max of the per-run ratios, and the
machine's load average. Targets (the second speed targets, bench/RESULTS.md): `score` ≤ 1.4× the import floor; the other commands no slower than `score`.

Before timing, sheet_scorer's own bytecode is compiled once (`compileall` into its `__pycache__`), as `pip install`
does for an organiser: a workplace that sets PYTHONDONTWRITEBYTECODE (this one does) would otherwise compile the
package's modules again in every timed run (~0.05 s) — a cost an installed tool never pays. pandas and pandera were
compiled when pip installed them, so both sides start from bytecode.
"""

from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from run import ENV, PYTHON, SCORER, Sample, measure

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "example_workbooks" / "spring_open.xlsx"


def _row(name: str, a: list[Sample], b: list[Sample], b_name: str, target: str) -> str:
    wall = [x.wall / y.wall for x, y in zip(a, b)]
    cpu = [x.cpu / y.cpu for x, y in zip(a, b)]
    ratio = statistics.median(s.wall for s in a) / statistics.median(s.wall for s in b)
    return (
        f"| {name} | {statistics.median(s.wall for s in a):.2f} s | {statistics.median(s.cpu for s in a):.2f} s "
        f"| {b_name} {statistics.median(s.wall for s in b):.2f} s · {statistics.median(s.cpu for s in b):.2f} s "
        f"| **{ratio:.2f}×** · {statistics.median(s.cpu for s in a) / statistics.median(s.cpu for s in b):.2f}× "
        f"| {min(wall):.2f}–{max(wall):.2f} · {min(cpu):.2f}–{max(cpu):.2f} | {target} | "
        f"{max(s.rss_kb for s in a) / 1024:.0f} MB | {sorted({s.code for s in a})} |"
    )


def _compile_package() -> None:
    """Compile the measured sheet_scorer's modules to bytecode once, as `pip install` does (see the docstring)."""
    where = subprocess.run(
        [str(PYTHON), "-c", "import sheet_scorer, os; print(os.path.dirname(sheet_scorer.__file__))"],
        check=True,
        capture_output=True,
        text=True,
        env=ENV,
    ).stdout.strip()
    if not compileall.compile_dir(where, quiet=1):
        sys.exit(f"could not compile {where}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--source", type=Path, help="a sheet_scorer checkout to measure instead of the installed one")
    args = parser.parse_args()
    if args.source:
        ENV["PYTHONPATH"] = str(args.source.resolve())
    out = Path(tempfile.mkdtemp(prefix="sheet_scorer_cold_"))
    try:
        workbook = Path(shutil.copy(EXAMPLE, out / "spring_open.xlsx"))
        seat_copy = Path(shutil.copy(EXAMPLE, out / "seated.xlsx"))
        subprocess.run([str(SCORER), "seat", str(seat_copy)], check=True, capture_output=True, env=ENV)
        commands = {
            "floor": [str(PYTHON), "-c", "import pandas, pandera"],
            "score": [
                str(SCORER),
                "score",
                str(workbook),
                "-o",
                str(out / "s.scored.xlsx"),
                "--html",
                str(out / "s.html"),
            ],
            "check": [str(SCORER), "check", str(workbook)],
            "seat": [str(SCORER), "seat", str(seat_copy), "--reseat"],
            "slips": [str(SCORER), "slips", str(workbook), "--round", "4", "-o", str(out / "slips.html")],
        }
        _compile_package()
        for command in commands.values():  # compile .pyc files, fill the page cache and the template cache
            measure(command)
        samples: dict[str, list[Sample]] = {name: [] for name in commands}
        loads = []
        names = list(commands)
        for run in range(args.runs):
            for name in names[run % len(names) :] + names[: run % len(names)]:
                samples[name].append(measure(commands[name]))
            loads.append(os.getloadavg()[0])
        print(
            f"median of {args.runs} runs each, interleaved; load average (1 min) after each round of runs: "
            f"median {statistics.median(loads):.1f}, {min(loads):.1f}–{max(loads):.1f}\n"
        )
        print(
            "| command | wall | CPU | against (wall · CPU) | **ratio of medians** wall · CPU | per-run ratios wall · CPU "
            "| target | peak RSS | exit |"
        )
        print("|---|--:|--:|--:|--:|--:|---|--:|---|")
        print(_row("`score spring_open.xlsx`", samples["score"], samples["floor"], "import pandas, pandera", "≤ 1.4×"))
        for name in ("check", "seat", "slips"):
            print(_row(f"`{name}`", samples[name], samples["score"], "score", "≤ 1.0×"))
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main()
