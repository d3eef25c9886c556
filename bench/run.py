"""Benchmark `sheet-scorer` against the floor a format-preserving tool cannot avoid. Run by hand:

    .venv/bin/python bench/make_workbooks.py                 # once: S, M, L and batch/ in /tmp/sheet_scorer_bench
    .venv/bin/python bench/run.py [--large] [--runs 5]       # the timing table (Markdown on stdout)
    .venv/bin/python bench/run.py --profile M                # cProfile of the score pipeline, in-process
    .venv/bin/python bench/run.py --sizes L,L2 --runs 1      # chosen workbooks only (M2, L2: the organiser layout)
    .venv/bin/python bench/run.py --source NEW --against OLD # two checkouts' score and check in one rotation

For each workbook (S, M; L with --large) and interleaved within one run (repetition by
repetition, rotating the command order), median wall time and peak RSS of:

* score    - `sheet-scorer score W -o OUT --html OUT`, end to end, as a subprocess;
* baseline - `python -c` that imports openpyxl, `load_workbook(W)` in full and saves it to another
             file: what any tool that keeps the organiser's formatting has to pay;
* check    - `sheet-scorer check W` (read, validate, score in memory; writes nothing);
* help     - `sheet-scorer --help` (start-up cost of the command).

Peak memory is the peak of the summed RSS of the command and every process it starts (sampled
from /proc), and the largest single process
(`ru_maxrss` from `os.wait4`). The batch scores 50 S workbooks: `sheet-scorer score` takes one workbook per call, so it
is a sequential loop of 50 processes (plus the baseline loop, one process scoring all 50 through
the Python API, and with --batch-parallel nproc processes at a time). Nothing here is run by the tests.
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import io
import os
import platform
import pstats
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_FOLDER = Path("/tmp/sheet_scorer_bench")
PYTHON = Path(sys.executable)
SCORER = PYTHON.with_name("sheet-scorer")
BASELINE_CODE = "import sys, openpyxl; openpyxl.load_workbook(sys.argv[1]).save(sys.argv[2])"
KINDS: tuple[str, ...] = ("score", "baseline", "check", "help")
AGAINST_KINDS = ("score (against)", "check (against)")  # with --against: the other checkout's, in the same rotation
ENV = dict(os.environ)  # --source puts a sheet_scorer checkout first on PYTHONPATH for every child
AGAINST_ENV: dict[str, str] = {}  # --against: the same with that checkout first
ROWS = {
    "S": 64 * 5,
    **{label: 1_000 * 10 for label in ("M", "M2", "M3", "M3F", "M3C")},
    **{label: 10_000 * 10 for label in ("L", "L2", "L3", "L3F", "L3C")},
}  # M2, L2: organiser layout; M3, L3: the organiser's own (F: with faulty rows, C: clean)


@dataclass
class Sample:
    wall: float
    rss_kb: int
    code: int
    cpu: float = 0.0  # user + system seconds of the child: steadier than wall time on a shared machine
    tree_kb: int = 0  # peak of the summed RSS of the command and every process it started
    load: float = 0.0  # the machine's 1-minute load average when the run ended


@dataclass
class Series:
    samples: list[Sample] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(s.wall for s in self.samples)

    @property
    def cpu(self) -> float:
        return statistics.median(s.cpu for s in self.samples)

    @property
    def rss_mb(self) -> float:
        return max(s.rss_kb for s in self.samples) / 1024

    @property
    def tree_mb(self) -> float:
        return max(s.tree_kb for s in self.samples) / 1024

    @property
    def codes(self) -> set[int]:
        return {s.code for s in self.samples}

    def spread(self) -> str:
        walls = [s.wall for s in self.samples]
        return f"{min(walls):.2f}–{max(walls):.2f}"


# ---------------------------------------------------------------- measuring one command


def measure(command: list[str], env: dict[str, str] | None = None) -> Sample:
    """Wall time, peak RSS (KiB) of the largest process and of the whole process tree, CPU seconds and
    exit status of one command (run with `env`, else `ENV`); its output is discarded.

    A command may start other processes (the batch does), so the largest single process
    (`ru_maxrss` from `wait4`) can understate what the machine needs: a sampler thread adds up the RSS
    of the command and all its descendants every 5 ms and keeps the peak of that sum.
    """
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env or ENV)
    peak = [0]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], _tree_rss_kb(child.pid))
            done.wait(0.005)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    done.set()
    sampler.join()
    return Sample(
        wall,
        usage.ru_maxrss,
        os.waitstatus_to_exitcode(status),
        usage.ru_utime + usage.ru_stime,
        max(peak[0], usage.ru_maxrss),
        os.getloadavg()[0],
    )


PAGE_KB = os.sysconf("SC_PAGE_SIZE") // 1024


def _tree_rss_kb(pid: int) -> int:
    """Resident memory of `pid` and all its descendants now (KiB), from /proc; 0 for what has ended."""
    total = 0
    todo = [pid]
    while todo:
        current = todo.pop()
        try:
            total += int(Path(f"/proc/{current}/statm").read_text().split()[1]) * PAGE_KB
            for task in Path(f"/proc/{current}/task").iterdir():
                todo.extend(int(c) for c in (task / "children").read_text().split())
        except (OSError, ValueError, IndexError):
            continue
    return total


def commands(workbook: Path, out: Path) -> dict[str, list[str]]:
    """Each kind's command line; with --against also `score (against)` (its outputs beside, named `.against.`) and
    `check (against)`, run with `AGAINST_ENV`."""
    label = workbook.stem
    against = {
        "score (against)": [
            str(SCORER),
            "score",
            str(workbook),
            "-o",
            str(out / f"{label}.against.scored.xlsx"),
            "--html",
            str(out / f"{label}.against.standings.html"),
        ],
        "check (against)": [str(SCORER), "check", str(workbook)],
    }
    return {
        **({kind: against[kind] for kind in AGAINST_KINDS} if AGAINST_ENV else {}),
        "score": [
            str(SCORER),
            "score",
            str(workbook),
            "-o",
            str(out / f"{label}.scored.xlsx"),
            "--html",
            str(out / f"{label}.standings.html"),
        ],
        "baseline": [str(PYTHON), "-c", BASELINE_CODE, str(workbook), str(out / f"{label}.baseline.xlsx")],
        "check": [str(SCORER), "check", str(workbook)],
        "help": [str(SCORER), "--help"],
    }


# ---------------------------------------------------------------- the main table


def run_sizes(folder: Path, labels: list[str], runs: int, large_runs: int, out: Path) -> dict[str, dict[str, Series]]:
    """Every command of every size, interleaved: repetition by repetition, command order rotated."""
    kinds = KINDS + (AGAINST_KINDS if AGAINST_ENV else ())
    results: dict[str, dict[str, Series]] = {label: {kind: Series() for kind in kinds} for label in labels}
    small = folder / "S.xlsx"
    warm = commands(small if small.exists() else min((folder / f"{label}.xlsx" for label in labels), key=_size), out)
    for kind in kinds:  # compile .pyc files and fill the page cache before anything counts
        measure(warm[kind], _env(kind))
    for rep in range(max(runs, large_runs if any(label.startswith("L") for label in labels) else 0)):
        order = kinds[rep % len(kinds) :] + kinds[: rep % len(kinds)]
        for label in labels:
            if rep >= (large_runs if label.startswith("L") else runs):
                continue
            todo = commands(folder / f"{label}.xlsx", out)
            for kind in order:
                sample = measure(todo[kind], _env(kind))
                results[label][kind].samples.append(sample)
                print(
                    f"  rep {rep + 1} {label} {kind:<15} {sample.wall:7.2f} s  cpu {sample.cpu:7.2f} s  "
                    f"{sample.tree_kb / 1024:7.0f} MB  exit {sample.code}  load {os.getloadavg()[0]:.1f}",
                    file=sys.stderr,
                    flush=True,
                )
    return results


def _size(path: Path) -> int:
    return path.stat().st_size


def _env(kind: str) -> dict[str, str]:
    """The environment a kind runs in: the --against checkout's for its own kinds."""
    return AGAINST_ENV if kind in AGAINST_KINDS else ENV


def against_table(results: dict[str, dict[str, Series]], out: Path) -> str:
    """--against: each checkout's CPU ratios to the same baseline runs, per repetition too, and whether the last
    repetition's outputs (scored workbook, report) are byte-identical."""
    lines = [
        "| workbook | runs | `score` / baseline CPU: against → this | per rep (against · this) "
        "| `check` / baseline CPU: against → this | per rep (against · this) | RSS score / baseline: against → this "
        "| baseline CPU | outputs identical (SHA-256: workbook, report) |",
        "|---|--:|---|---|---|---|---|--:|---|",
    ]

    def per_rep(kind: str, series: dict[str, Series]) -> str:
        ratios = [a.cpu / b.cpu for a, b in zip(series[kind].samples, series["baseline"].samples)]
        return f"{min(ratios):.3f}–{max(ratios):.3f}"

    for label, series in results.items():
        base = series["baseline"]
        same = [
            _digest(out / f"{label}.against{suffix}") == _digest(out / f"{label}{suffix}")
            for suffix in (".scored.xlsx", ".standings.html")
        ]
        lines.append(
            f"| {label} | {len(base.samples)} "
            f"| {series['score (against)'].cpu / base.cpu:.3f}× → **{series['score'].cpu / base.cpu:.3f}×** "
            f"| {per_rep('score (against)', series)} · {per_rep('score', series)} "
            f"| {series['check (against)'].cpu / base.cpu:.3f}× → **{series['check'].cpu / base.cpu:.3f}×** "
            f"| {per_rep('check (against)', series)} · {per_rep('check', series)} "
            f"| {series['score (against)'].tree_mb / base.tree_mb:.3f}× → **{series['score'].tree_mb / base.tree_mb:.3f}×** "
            f"| {base.cpu:.2f} s | {'yes' if same[0] else 'NO'} · {'yes' if same[1] else 'NO'} |"
        )
    return "\n".join(lines)


def _digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else "missing"


def size_table(folder: Path, results: dict[str, dict[str, Series]]) -> str:
    lines = [
        "| workbook | rows | file | runs | score wall | score CPU | baseline wall | baseline CPU | **score / baseline** wall · CPU "
        "| check wall | check CPU | check / score (CPU) | --help wall | RSS score: all processes · largest | RSS baseline "
        "| **RSS score (all) / baseline** | RSS check | RSS --help |",
        "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ]
    for label, series in results.items():
        score, base, check, help_ = (series[k] for k in KINDS)
        size = (folder / f"{label}.xlsx").stat().st_size
        size_text = f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} kB"
        lines.append(
            f"| {label} | {ROWS.get(label, 0):,} | {size_text} | {len(score.samples)} | {score.median:.2f} s | {score.cpu:.2f} s "
            f"| {base.median:.2f} s | {base.cpu:.2f} s | **{score.median / base.median:.2f}× · {score.cpu / base.cpu:.2f}×** "
            f"| {check.median:.2f} s | {check.cpu:.2f} s | {check.cpu / score.cpu:.2f} | {help_.median:.2f} s "
            f"| {score.tree_mb:.0f} MB · {score.rss_mb:.0f} MB | {base.tree_mb:.0f} MB | **{score.tree_mb / base.tree_mb:.2f}×** "
            f"| {check.tree_mb:.0f} MB | {help_.tree_mb:.0f} MB |"
        )
    lines += [
        "",
        "Spread (min–max wall seconds), exit statuses, the score/baseline and check/baseline ratios of each "
        "repetition (min–max, wall) and the machine's load average (1 min) while the size ran:",
        "",
        "| workbook | score | baseline | check | --help | score / baseline per rep | check / baseline per rep | load average |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for label, series in results.items():
        cells = [f"{series[k].spread()} (exit {','.join(map(str, sorted(series[k].codes)))})" for k in KINDS]
        pairs = [
            (a.wall / b.wall, c.wall / b.wall)
            for a, b, c in zip(series["score"].samples, series["baseline"].samples, series["check"].samples)
        ]
        loads = [x.load for k in KINDS for x in series[k].samples]
        cells += [
            f"{min(p[0] for p in pairs):.2f}–{max(p[0] for p in pairs):.2f}",
            f"{min(p[1] for p in pairs):.2f}–{max(p[1] for p in pairs):.2f}",
            f"{statistics.median(loads):.1f} ({min(loads):.1f}–{max(loads):.1f})",
        ]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# ---------------------------------------------------------------- the batch


def run_batch(folder: Path, runs: int, out: Path, parallel: bool = False) -> str:
    files = sorted(f for f in (folder / "batch").glob("S_*.xlsx") if not f.stem.endswith((".scored", ".backup")))
    if not files:
        return "(no batch/ folder: run bench/make_workbooks.py)"
    out = out / "batch"
    out.mkdir(exist_ok=True)
    jobs = os.cpu_count() or 1

    def loop(kind: str, parallel: int) -> tuple[float, float, set[int], float]:
        todo = [commands(f, out)[kind] for f in files]
        started = time.perf_counter()
        with ThreadPoolExecutor(max_workers=parallel) as pool:
            samples = list(pool.map(measure, todo))
        return (
            time.perf_counter() - started,
            max(s.tree_kb for s in samples) / 1024,
            {s.code for s in samples},
            sum(s.cpu for s in samples),
        )

    def batch_cli(jobs: int) -> Callable[[], tuple[float, float, set[int], float]]:
        """The batch CLI writes beside its inputs: it scores fresh copies, so the source folder stays as generated."""

        def run() -> tuple[float, float, set[int], float]:
            copies = Path(tempfile.mkdtemp(prefix=f"jobs{jobs}_", dir=out))
            command = [str(SCORER), "score", *(str(shutil.copy(f, copies)) for f in files), "--jobs", str(jobs)]
            sample = measure(command)
            shutil.rmtree(copies)
            return sample.wall, sample.tree_kb / 1024, {sample.code}, sample.cpu

        return run

    variants: dict[str, Callable[[], tuple[float, float, set[int], float]]] = {
        "score, sequential loop (1 process per file)": lambda: loop("score", 1),
        "baseline, sequential loop": lambda: loop("baseline", 1),
        "`sheet-scorer score <50 files> --jobs 1`": batch_cli(1),
        "`sheet-scorer score <50 files> --jobs 2`": batch_cli(2),
    }
    if parallel:
        variants[f"score, {jobs} processes at a time"] = lambda: loop("score", jobs)
    timings: dict[str, list[tuple[float, float, set[int], float]]] = defaultdict(list)
    for rep in range(runs):
        for name, run in variants.items():
            timings[name].append(run())
            print(f"  batch rep {rep + 1} {name}: {timings[name][-1][0]:.1f} s", file=sys.stderr, flush=True)
    lines = [
        f"Batch: {len(files)} S workbooks (64 players × 5 rounds each); median of {runs} run(s). "
        "The batch CLI scores fresh copies and writes each workbook's outputs beside its copy. Peak RSS: all processes of one "
        "command added up (for the loops: the largest such command).",
        "",
        "| batch | total wall | per file wall | total CPU | per file CPU | peak RSS | exit |",
        "|---|--:|--:|--:|--:|--:|---|",
    ]
    for name, samples in timings.items():
        total = statistics.median(s[0] for s in samples)
        cpu = statistics.median(s[3] for s in samples)
        codes = set().union(*(s[2] for s in samples))
        lines.append(
            f"| {name} | {total:.1f} s | {total / len(files):.2f} s | {cpu:.1f} s | {cpu / len(files):.2f} s "
            f"| {max(s[1] for s in samples):.0f} MB | {','.join(map(str, sorted(codes)))} |"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------- profile


@contextlib.contextmanager
def stage_timers(targets: list[tuple[object, str, str]]) -> Iterator[dict[str, float]]:
    """Wrap module functions so each call adds its CPU time (this process: steady on a loaded machine) to
    `totals[label]` (no profiler overhead)."""
    totals: dict[str, float] = defaultdict(float)
    saved = []
    for module, name, label in targets:
        original = getattr(module, name, None)
        if original is None:  # the code moved on: that stage is simply not shown
            continue

        def timed(*args, __original=original, __label=label, **kwargs):
            started = time.process_time()
            try:
                return __original(*args, **kwargs)
            finally:
                totals[__label] += time.process_time() - started

        saved.append((module, name, original))
        setattr(module, name, timed)
    try:
        yield totals
    finally:
        for module, name, original in saved:
            setattr(module, name, original)


def import_cost() -> tuple[float, float]:
    """Median CPU seconds of a bare interpreter and of one that imports everything `score` needs (as the installed
    command does: without hypothesis, `cli.main.run`)."""
    bare = [measure([str(PYTHON), "-c", "pass"]).cpu for _ in range(5)]
    code = (
        "import sys; sys.modules['hypothesis'] = None; import gc; gc.set_threshold(50_000, 10, 10); "
        "import sheet_scorer.api, sheet_scorer.workbook.write, sheet_scorer.report.html, sheet_scorer.cli.main, "
        "sheet_scorer.rules.validate, sheet_scorer.workbook.read, pandera.backends.pandas.builtin_checks, rich.table"
    )
    full = [measure([str(PYTHON), "-c", code]).cpu for _ in range(5)]
    return statistics.median(bare), statistics.median(full)


def profile(folder: Path, label: str, top: int = 25, stage_runs_count: int = 2) -> str:
    from sheet_scorer import api
    from sheet_scorer.report import chart
    from sheet_scorer.report import html as report
    from sheet_scorer.report import sheets as write_plan
    from sheet_scorer.rules import score, validate
    from sheet_scorer.standings import engine as standings
    from sheet_scorer.workbook import fingerprint, read, write
    from sheet_scorer.xlsx import book, opc, package
    from sheet_scorer.xlsx import reader as xlsx

    workbook = folder / f"{label}.xlsx"
    out = Path(tempfile.mkdtemp(prefix="sheet_scorer_profile_"))
    targets = [
        (api, "score_workbook", "score_workbook (total)"),
        (read, "open_event", "open_event (read: the package opened once, every sheet read)"),
        (xlsx, "_read_sheet", "  xlsx._read_sheet (streaming parse of each sheet read)"),
        (read, "_read_round", "  _read_round (header, DataFrame, blank-row filter)"),
        (xlsx, "_read_plain_cells", "    _read_plain_cells (the plain form's tokens)"),
        (fingerprint.Fingerprint, "add", "  Fingerprint.add (the organiser's cells of each sheet read)"),
        (opc.OpcPackage, "check_other_parts", "  Package.check_other_parts (the other XML parts well formed)"),
        (validate, "validate", "validate"),
        (validate, "_failures", "  pandera schema.validate (_failures, both schemas)"),
        (validate, "_typed", "  _typed (parse ints/flags, game_vp)"),
        (validate, "_table_facts", "  _table_facts (per-table groupby/transform)"),
        (validate, "_spelling_warnings", "  _spelling_warnings"),
        (score, "score_rounds", "score_rounds"),
        (standings, "standings_for", "standings_for"),
        (write_plan, "plan_writes", "plan_writes (frames -> plain values)"),
        (report, "stream_report", "stream_report (HTML)"),
        (report, "report_context", "  report_context (pandas -> dicts for the template)"),
        (report, "rank_chart", "    rank_chart"),
        (chart, "rank_progression", "      rank_progression (rank after each round)"),
        (write, "write_to", "write_to (patch the package)"),
        (book.Book, "__init__", "  Book (workbook.xml, shared strings, styles)"),
        (write, "_patch_round_sheet", "  _patch_round_sheet (plan the splice, marks)"),
        (write, "_write_standings", "  _write_standings"),
        (write, "_write_problems", "  _write_problems"),
        (package.PackageEditor, "save", "  PackageEditor.save (stream rows, deflate, copy entries)"),
        (package._ZipWriter, "write", "    _ZipWriter.write (each new part: its rows spliced as it streams, deflated)"),
    ]
    stage_runs: list[dict[str, float]] = []
    for _ in range(stage_runs_count):
        with stage_timers(targets) as totals:
            api.score_workbook(workbook, output=out / "timed.xlsx", html=out / "timed.html")
        stage_runs.append(dict(totals))
    bare, imports = import_cost()
    best = min(stage_runs, key=lambda r: r[targets[0][2]])  # one consistent run: the fastest
    total = best[targets[0][2]]
    lines = [
        f"### Stages of `score` for {label} (in-process CPU seconds, no profiler; fastest of {len(stage_runs)} runs)",
        "",
        "| stage | CPU seconds | share of in-process total |",
        "|---|--:|--:|",
    ]
    for _, _, name in targets:
        if name not in best:
            continue
        seconds = best[name]
        depth = (len(name) - len(name.lstrip())) // 2
        shown = "&nbsp;&nbsp;" * (depth - 1) + "↳ " + name.strip() if depth else name
        lines.append(f"| {shown} | {seconds:.2f} | {100 * seconds / total:.0f}% |")
    lines += [
        f"| interpreter start-up (`python -c pass`) | {bare:.2f} | (outside) |",
        f"| start-up + imports (pandas, pandera, jinja2, rich …; CPU) | {imports:.2f} | (outside) |",
        "",
    ]
    groups = {
        "imports (start-up + imports, a process of its own)": imports,
        "read": best.get("open_event (read: the package opened once, every sheet read)", 0.0),
        "validate": best.get("validate", 0.0),
        "rank (score_rounds, standings)": best.get("score_rounds", 0.0) + best.get("standings_for", 0.0),
        "report (HTML)": best.get("stream_report (HTML)", 0.0),
        "patch (plan_writes, write_to)": best.get("plan_writes (frames -> plain values)", 0.0)
        + best.get("write_to (patch the package)", 0.0),
    }
    lines += [
        f"By stage ({label}): "
        + ", ".join(f"{name} {seconds:.2f} s" for name, seconds in groups.items())
        + f"; in-process total {total:.2f} s.",
        "",
    ]

    if top <= 0:  # stages only
        shutil.rmtree(out, ignore_errors=True)
        return "\n".join(lines)
    profiler = cProfile.Profile()
    profiler.runcall(api.score_workbook, workbook, output=out / "profiled.xlsx", html=out / "profiled.html")
    buffer = io.StringIO()
    stats = pstats.Stats(profiler, stream=buffer).strip_dirs().sort_stats("cumulative")
    stats.print_stats(top)
    cumulative = _trim(buffer.getvalue())
    buffer = io.StringIO()
    pstats.Stats(profiler, stream=buffer).strip_dirs().sort_stats("tottime").print_stats(15)
    own = _trim(buffer.getvalue())
    shutil.rmtree(out, ignore_errors=True)
    lines += [
        f"### cProfile of `score_workbook({label}.xlsx)`, top {top} by cumulative time",
        "",
        "```",
        cumulative,
        "```",
        "",
        "### Same run, top 15 by own time (tottime)",
        "",
        "```",
        own,
        "```",
    ]
    return "\n".join(lines)


def _trim(text: str) -> str:
    """pstats output from the `ncalls` header line on, without blank lines."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if "ncalls" in line), 0)
    head = [line.strip() for line in lines[:start] if "function calls" in line]
    return "\n".join(head + [line.rstrip() for line in lines[start:] if line.strip()])


# ---------------------------------------------------------------- main


SOURCE_NOTE = ""


def provenance() -> str:
    """Which sheet_scorer the children import, and the git state of the project beside this script."""
    found = subprocess.run(
        [str(PYTHON), "-c", "import sheet_scorer; print(sheet_scorer.__file__)"],
        capture_output=True,
        text=True,
        env=ENV,
    ).stdout.strip()
    project = Path(__file__).resolve().parent.parent
    head = subprocess.run(
        ["git", "-C", str(project), "log", "-1", "--format=%h %s"], capture_output=True, text=True
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(project), "status", "--porcelain", "--", "sheet_scorer", "templates"],
        capture_output=True,
        text=True,
    ).stdout.split("\n")
    dirty = [line[3:] for line in dirty if line.strip()]
    inside = Path(found).resolve().is_relative_to(project) if found else False
    where = f"- sheet_scorer imported from: `{found}`" + (f" ({SOURCE_NOTE})" if SOURCE_NOTE else "")
    state = f"- project HEAD at {time.strftime('%H:%M')}: `{head}`" + (
        (
            f"; uncommitted changes in {', '.join(dirty)}"
            if dirty
            else "; no uncommitted changes in sheet_scorer/ or templates/"
        )
        if inside
        else " (not what was measured: the package above is a copy, see --source)"
    )
    return where + "\n" + state


def machine() -> str:
    free = (
        subprocess.run(["free", "-h"], capture_output=True, text=True).stdout.strip()
        if shutil.which("free")
        else "(free not found)"
    )
    return (
        f"- date: {time.strftime('%Y-%m-%d %H:%M:%S %Z')}\n- machine: {platform.platform()}, nproc = {os.cpu_count()}\n"
        f"- python: {platform.python_version()} ({PYTHON})\n"
        f"- peak RSS and CPU via: os.wait4 (ru_maxrss of the largest process, ru_utime + ru_stime of all) and the summed RSS of the process tree sampled every 5 ms from /proc\n"
        f"- load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n"
        f"- memory (`free -h`):\n\n```\n{free}\n```"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--folder", type=Path, default=DEFAULT_FOLDER, help="where bench/make_workbooks.py wrote the workbooks"
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=5,
        help="repetitions for S and M (median; at least 5 recommended; 0 skips the single workbooks)",
    )
    parser.add_argument("--large", action="store_true", help="also L (10,000 players × 10 rounds)")
    parser.add_argument("--large-runs", type=int, default=3, help="repetitions for L")
    parser.add_argument("--batch-runs", type=int, default=1, help="repetitions of the 50-workbook batch (0 skips it)")
    parser.add_argument(
        "--batch-parallel", action="store_true", help="also run the batch loop with nproc processes at a time"
    )
    parser.add_argument(
        "--sizes", help="comma-separated workbooks to time instead of S,M(,L): e.g. L,L2 (M2, L2: the organiser layout)"
    )
    parser.add_argument(
        "--profile",
        metavar="SIZE",
        choices=list(ROWS),
        help="instead of timing, profile the score pipeline in-process for SIZE and print the top entries",
    )
    parser.add_argument(
        "--top", type=int, default=25, help="profile entries to print (0: the stage table only, no cProfile run)"
    )
    parser.add_argument(
        "--stage-runs", type=int, default=2, help="un-profiled in-process runs for the stage table (fastest kept)"
    )
    parser.add_argument(
        "--source",
        type=Path,
        help="a sheet_scorer checkout (e.g. `git archive HEAD | tar -x -C DIR`) to measure instead of the "
        "installed one: put first on PYTHONPATH, so a working tree being edited does not move the numbers",
    )
    parser.add_argument(
        "--source-note", default="", help="what --source is, for the record (e.g. 'git archive 19f5f9a')"
    )
    parser.add_argument(
        "--against",
        type=Path,
        help="a second sheet_scorer checkout (e.g. the commit before a change): its `score` and `check` are timed in "
        "the same rotation as the first's, and the two outputs compared by SHA-256",
    )
    args = parser.parse_args()
    global SOURCE_NOTE
    SOURCE_NOTE = args.source_note
    if args.source:
        source = str(args.source.resolve())
        ENV["PYTHONPATH"] = source + (os.pathsep + ENV["PYTHONPATH"] if ENV.get("PYTHONPATH") else "")
        sys.path.insert(0, source)
    if args.against:
        AGAINST_ENV.update(os.environ)
        against = str(args.against.resolve())
        AGAINST_ENV["PYTHONPATH"] = against + (
            os.pathsep + os.environ["PYTHONPATH"] if os.environ.get("PYTHONPATH") else ""
        )

    labels = args.sizes.split(",") if args.sizes else ["S", "M"] + (["L"] if args.large else [])
    missing = [
        f"{label}.xlsx"
        for label in ([args.profile] if args.profile else labels)
        if not (args.folder / f"{label}.xlsx").exists()
    ]
    if missing:
        sys.exit(
            f"missing {', '.join(missing)} in {args.folder}: run `{PYTHON} bench/make_workbooks.py {args.folder}` first"
        )
    if args.profile:
        print(provenance() + "\n")
        print(profile(args.folder, args.profile, args.top, args.stage_runs))
        return
    if not SCORER.exists():
        sys.exit(f"{SCORER} not found: run this with the project's venv python")
    out = Path(tempfile.mkdtemp(prefix="sheet_scorer_bench_out_"))
    try:
        print("## Machine\n\n" + machine() + "\n" + provenance() + "\n")
        if args.runs:
            results = run_sizes(args.folder, labels, args.runs, args.large_runs, out)
            large = f", {args.large_runs} for L" if args.large else ""
            print(f"## Single workbooks (median of {args.runs} runs{large}; interleaved, command order rotated)\n")
            print(size_table(args.folder, results) + "\n")
            if args.against:
                print(f"## Against `{args.against}` (CPU ratios to the same baseline runs)\n")
                print(against_table(results, out) + "\n")
        if args.batch_runs:
            print("## Batch\n\n" + run_batch(args.folder, args.batch_runs, out, args.batch_parallel) + "\n")
        print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    finally:
        shutil.rmtree(out, ignore_errors=True)


if __name__ == "__main__":
    main()
