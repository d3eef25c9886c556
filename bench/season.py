"""Benchmark `sheet-scorer season` on a whole season archive. Run by hand (nothing here runs in the tests):

    .venv/bin/python bench/season.py                    # 300 events of 30-120 players, --jobs = nproc
    .venv/bin/python bench/season.py --events 20        # a quick run on a smaller archive
    .venv/bin/python bench/season.py --events 300 --runs 1 --check-sample 10
    .venv/bin/python bench/season.py --events 100 --players 30 --runs 3 --check-sample 0   # the 100-event season

The archive is generated once into FOLDER (default /tmp/sheet_scorer_bench/season_N; kept for the next
run): N event workbooks like the ones organisers keep (bench/make_workbooks.py: Settings with a title and a
date, a Players sheet, 4 round sheets with a title row and every game valid), 30-120 players each, drawn
from one pool of 600 names so that players meet again across events, dates spread over the year.

Measured, as subprocesses (median wall time of `--runs`, peak RSS of the largest process and of the
whole process tree, sampled from /proc by bench/run.py's `measure`):

* parallel, empty cache - `sheet-scorer season FOLDER --jobs J` (J worker processes, each event read once), the
  season's cache of events read (sheet_scorer/season/cache.py) emptied first;
* one by one, empty cache - the same with `--jobs 1` (the events scored one after another in one process);
* parallel, nothing changed - `--jobs J` again on the cache the run before filled: no event read again;
* check of one event (cold) - `sheet-scorer check` of the first event: what the season is measured against
  (targets: empty cache ≤ 12×, nothing changed ≤ 3×);
* check loop - `sheet-scorer check FILE` for the first K files (`--check-sample K`, 0 to skip), one process
               per file as an organiser scoring each event by hand would run it; scaled to N files.

The commands are interleaved run by run (with `--baseline`, each run measures both checkouts, their order
alternating). CPU seconds are the command's and its workers' (`wait4`): the ratios to a cold `check` are given in
wall and CPU time (on a shared machine CPU is the steadier). Output: a Markdown table on stdout.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_workbooks import HEADERS, WIDTHS, player_names, round_rows
from run import ENV, SCORER, Sample, machine, measure, provenance

POOL = 600
ROUNDS = 4
SMALLEST, LARGEST = 30, 120
SEED = 20261201


def write_event(path: Path, names: list[str], title: str, when: date, seed: int) -> None:
    """One event workbook (openpyxl write-only): Settings, Players, ROUNDS round sheets of valid games."""
    from openpyxl import Workbook
    from openpyxl.cell import WriteOnlyCell
    from openpyxl.styles import Font

    rng = random.Random(seed)
    book = Workbook(write_only=True)
    bold = Font(bold=True)

    def styled(ws, value):
        cell = WriteOnlyCell(ws, value=value)
        cell.font = bold
        return cell

    settings = book.create_sheet("Settings")
    for row in (["Tournament", title], ["Date", when], ["Victory Target", 10], ["Language", "en"]):
        settings.append(row)
    registry = book.create_sheet("Players")
    registry.append([styled(registry, "Player")])
    for name in sorted(names):
        registry.append([name])
    for number in range(1, ROUNDS + 1):
        ws = book.create_sheet(f"Round {number}")
        for index, width in enumerate(WIDTHS):
            ws.column_dimensions[chr(65 + index)].width = width
        ws.append([styled(ws, f"{title} - Round {number}")])
        ws.append([])
        ws.append([styled(ws, h) for h in HEADERS])
        for row in round_rows(names, rng):
            ws.append(row)
    book.save(path)


def generate(folder: Path, events: int, players: int | None = None) -> list[Path]:
    """The archive: `events` workbooks of `players` each (default: SMALLEST-LARGEST), kept: generated once per folder."""
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(SEED)
    pool = player_names(POOL, rng)
    paths = []
    started = time.perf_counter()
    for index in range(1, events + 1):
        path = folder / f"event_{index:03d}.xlsx"
        size = rng.randint(SMALLEST, LARGEST) if players is None else players
        names = rng.sample(pool, size)
        when = date(2026, 1, 3) + timedelta(days=rng.randrange(360))
        if not path.exists():
            write_event(path, names, f"Ranking Event {index}", when, SEED + index)
        paths.append(path)
    print(f"{folder}: {events} event workbooks ready in {time.perf_counter() - started:.1f} s", file=sys.stderr)
    return paths


def season_command(folder: Path, out: Path, jobs: int) -> list[str]:
    return [
        str(SCORER),
        "season",
        str(folder),
        "--jobs",
        str(jobs),
        "-o",
        str(out / f"season_{jobs}.xlsx"),
        "--html",
        str(out / f"season_{jobs}.html"),
    ]


def check_loop(paths: list[Path]) -> Sample:
    """`sheet-scorer check` once per file, one after another: the total wall time, the largest process."""
    samples = [measure([str(SCORER), "check", str(p)]) for p in paths]
    return Sample(
        sum(s.wall for s in samples),
        max(s.rss_kb for s in samples),
        max(s.code for s in samples),
        sum(s.cpu for s in samples),
        max(s.tree_kb for s in samples),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=300)
    parser.add_argument("--players", type=int, help="every event this size (default: 30-120 players each)")
    parser.add_argument("--folder", type=Path)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--check-sample", type=int, default=10, help="files scored by a `check` process each (0: skip)")
    parser.add_argument(
        "--source", type=Path, help="a sheet_scorer checkout to measure instead of the installed one (PYTHONPATH)"
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        help="another sheet_scorer checkout (e.g. `git archive` of main) whose season and check are measured too, "
        "interleaved run by run with the code measured",
    )
    parser.add_argument("--no-serial", action="store_true", help="skip the one-by-one (`--jobs 1`) season")
    args = parser.parse_args()
    codes = {"this": args.source.resolve() if args.source else None}
    if args.baseline:
        codes["baseline"] = args.baseline.resolve()
    sized = f"_{args.players}p" if args.players else ""
    folder = args.folder or Path(f"/tmp/sheet_scorer_bench/season_{args.events}{sized}")
    paths = generate(folder, args.events, args.players)
    before = machine()  # the load average before the runs
    kinds = (
        "parallel, empty cache",
        "one by one, empty cache",
        "parallel, nothing changed (cached)",
        "check of one event (cold)",
        "check loop",
    )
    samples: dict[tuple[str, str], list[Sample]] = {(code, kind): [] for code in codes for kind in kinds}
    with tempfile.TemporaryDirectory(prefix="season-bench-") as out:
        cache = Path(out) / "cache"
        for run in range(args.runs):
            for code in list(codes) if run % 2 == 0 else list(codes)[::-1]:
                _use(codes[code])
                order = [("parallel, empty cache", season_command(folder, Path(out), args.jobs))]
                if not args.no_serial:
                    order.append(("one by one, empty cache", season_command(folder, Path(out), 1)))
                for kind, command in order if run % 2 == 0 else order[::-1]:
                    shutil.rmtree(cache, ignore_errors=True)
                    samples[code, kind].append(_measure_with_cache(command, cache))
                samples[code, "parallel, nothing changed (cached)"].append(
                    _measure_with_cache(season_command(folder, Path(out), args.jobs), cache)
                )
                samples[code, "check of one event (cold)"].append(measure([str(SCORER), "check", str(paths[0])]))
                if args.check_sample:
                    samples[code, "check loop"].append(check_loop(paths[: args.check_sample]))
                print(f"  run {run + 1} {code}: " + ", ".join(f"{k} {v[-1].cpu:.2f} s CPU"
                      for (c, k), v in samples.items() if c == code and v), file=sys.stderr)  # fmt: skip
    size = sum(p.stat().st_size for p in paths) / 1e6
    players = f"{args.players} players each" if args.players else f"{SMALLEST}-{LARGEST} players"
    print(
        f"## season: {args.events} event workbooks ({players}, {size:.1f} MB), --jobs {args.jobs}, {args.runs} run(s)\n"
    )
    _use(codes["this"])
    print(before + "\n" + provenance() + "\n")
    print(
        "| code | command | wall s (median) | CPU s (median) | × one cold `check` (wall) | × one cold `check` (CPU) "
        "| peak RSS largest process MB | peak RSS process tree MB | exit |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for code in codes:
        cold = [s for s in samples[code, "check of one event (cold)"]]
        cold_wall, cold_cpu = statistics.median(s.wall for s in cold), statistics.median(s.cpu for s in cold)
        for kind in kinds:
            found = samples[code, kind]
            if not found:
                continue
            wall, cpu, note = statistics.median(s.wall for s in found), statistics.median(s.cpu for s in found), ""
            if kind == "check loop":
                scale = args.events / min(args.check_sample, len(paths))
                wall, cpu, note = (
                    wall * scale,
                    cpu * scale,
                    f" (×{scale:.0f}: {min(args.check_sample, len(paths))} files measured)",
                )
            print(
                f"| {code} | {kind}{note} | {wall:.2f} | {cpu:.2f} | {wall / cold_wall:.1f}× | {cpu / cold_cpu:.1f}× | "
                f"{max(s.rss_kb for s in found) / 1024:.0f} | {max(s.tree_kb for s in found) / 1024:.0f} | "
                f"{','.join(str(c) for c in sorted({s.code for s in found}))} |"
            )
        first = [s.cpu for s in samples[code, "parallel, empty cache"]]
        again = [s.cpu for s in samples[code, "parallel, nothing changed (cached)"]]
        per_run = ", ".join(f"{f / c.cpu:.1f}×" for f, c in zip(first, cold))
        print(
            f"\n{code}: empty cache {statistics.median(first) / cold_cpu:.1f}× one cold check in CPU seconds (target "
            f"≤ 12×; per run {per_run}); nothing changed {statistics.median(again) / cold_cpu:.1f}× (target ≤ 3×)"
        )
    print(f"\nload average at end {os.getloadavg()[0]:.1f}")


def _use(source: Path | None) -> None:
    """The children import sheet_scorer from `source` (a checkout), or the installed one (None)."""
    if source is None:
        ENV.pop("PYTHONPATH", None)
    else:
        ENV["PYTHONPATH"] = str(source)


def _measure_with_cache(command: list[str], cache: Path) -> Sample:
    """`command` with the season's cache (sheet_scorer/season/cache.py) in `cache`."""
    ENV["SHEET_SCORER_CACHE"] = str(cache)
    try:
        return measure(command)
    finally:
        del ENV["SHEET_SCORER_CACHE"]


if __name__ == "__main__":
    main()
