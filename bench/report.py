"""The HTML report of a 10,000-player event: how long writing it takes, this checkout against another. Run by hand:

    .venv/bin/python bench/make_workbooks.py --only L3          # once
    .venv/bin/python bench/report.py [--workbook L3] [--runs 7] [--against DIR] [--langs en,pl,fr]

Each measured side is a child process that reads and checks the workbook once (`api.check_data`), then writes the
report (`report.html.stream_report`) once untimed and `--runs` times timed, each language in turn: median CPU seconds
(`time.process_time`, steady on a shared machine) and wall seconds per language. With `--against DIR` (a checkout,
e.g. `git archive <commit> | tar -x -C DIR`), that checkout's children run interleaved with this one's (the order
swapped every round), and each side's reports are compared byte for byte. Target: the report written in ≤ 1.5 s.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_FOLDER = Path("/tmp/sheet_scorer_bench")


def child(workbook: Path, langs: list[str], runs: int) -> None:
    """In the measured process: check once, then time the report; one JSON line on stdout."""
    from sheet_scorer.api.score import check_workbook
    from sheet_scorer.report.html import stream_report

    result = check_workbook(workbook)
    out: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory(prefix="report-bench-") as folder:
        for lang in langs:
            path = Path(folder) / f"report.{lang}.html"
            stream_report(result, path, lang)  # untimed: templates compiled, Babel's locale data loaded
            cpu, wall = [], []
            for _ in range(runs):
                started, clock = time.process_time(), time.perf_counter()
                stream_report(result, path, lang)
                cpu.append(time.process_time() - started)
                wall.append(time.perf_counter() - clock)
            out[lang] = {"cpu": cpu, "wall": wall, "sha": hashlib.sha256(path.read_bytes()).hexdigest()}
    print(json.dumps(out))


def run_child(source: Path | None, workbook: Path, langs: list[str], runs: int) -> dict[str, dict[str, object]]:
    """One measured child with `source` first on its path (None: this checkout), run from a neutral folder."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(source.resolve() if source else HERE.parent)
    done = subprocess.run(
        [sys.executable, str(HERE / "report.py"), "--child", "--workbook-path", str(workbook), "--langs", ",".join(langs),
         "--runs", str(runs)],
        capture_output=True, text=True, env=env, cwd=tempfile.gettempdir(), check=True,
    )  # fmt: skip
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("--workbook", default="L3")
    parser.add_argument("--workbook-path", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--runs", type=int, default=7, help="timed reports per language in each child")
    parser.add_argument("--rounds", type=int, default=2, help="children per side (interleaved)")
    parser.add_argument("--langs", default="en,pl,fr")
    parser.add_argument("--against", type=Path, help="a checkout to compare with (interleaved, outputs compared)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    langs = args.langs.split(",")
    if args.child:
        child(args.workbook_path, langs, args.runs)
        return
    workbook = args.folder / f"{args.workbook}.xlsx"
    sides: dict[str, Path | None] = {"this checkout": None}
    if args.against:
        sides = {"against": args.against, "this checkout": None}
    samples: dict[str, dict[str, dict[str, list]]] = {
        s: {lang: {"cpu": [], "wall": []} for lang in langs} for s in sides
    }
    shas: dict[str, dict[str, set[str]]] = {s: {lang: set() for lang in langs} for s in sides}
    names = list(sides)
    for round_ in range(args.rounds):
        for side in names if round_ % 2 == 0 else names[::-1]:
            found = run_child(sides[side], workbook, langs, args.runs)
            for lang in langs:
                samples[side][lang]["cpu"] += found[lang]["cpu"]
                samples[side][lang]["wall"] += found[lang]["wall"]
                shas[side][lang].add(found[lang]["sha"])
            print(f"  round {round_ + 1} {side}: " + ", ".join(
                f"{lang} {statistics.median(found[lang]['cpu']):.2f} s" for lang in langs), file=sys.stderr)  # fmt: skip
    print(f"`{workbook.name}`: `stream_report`, median of {args.rounds} × {args.runs} runs per language and side, "
          f"interleaved; load average {os.getloadavg()[0]:.1f}\n")  # fmt: skip
    print("| side | language | CPU s | wall s | ratio to against (CPU) | target ≤ 1.5 s | same bytes as against |")
    print("|---|---|--:|--:|--:|---|---|")
    for side in sides:
        for lang in langs:
            cpu = statistics.median(samples[side][lang]["cpu"])
            wall = statistics.median(samples[side][lang]["wall"])
            ratio = same = "—"
            if args.against and side != "against":
                ratio = f"{cpu / statistics.median(samples['against'][lang]['cpu']):.2f}×"
                same = "yes" if shas[side][lang] == shas["against"][lang] and len(shas[side][lang]) == 1 else "**no**"
            met = "met" if wall <= 1.5 else "**not met**"
            print(f"| {side} | {lang} | {cpu:.2f} | {wall:.2f} | {ratio} | {met} | {same} |")


if __name__ == "__main__":
    main()
