"""What the commands import, seen from one fresh Python process for the whole session (the `import_probe` fixture,
tests/conftest.py), rather than one process per "command X does not import Y" test.

The process imports `sheet_scorer.cli.main`, then runs the commands of `STEPS` in turn through click's runner, the
lightest first, and records after each step its exit code, its output and every module loaded so far. A module
found absent after a step is absent from a fresh process's run of that step too (what earlier steps imported is
still loaded), so a test reading a step asserts no less than a process of its own would. The installed command's
own process (cli.run, `python -m sheet_scorer`) is tested where it is the subject (tests/test_speed.py,
tests/workbook/test_files.py, tests/cli/test_cli.py).

Usage: python import_probe.py STEPS_JSON (a list of [name, argv]); prints one JSON line per step.
"""

from __future__ import annotations

import fcntl
import json
import subprocess
import sys
from pathlib import Path
from typing import Any


def steps(folder: Path) -> list[tuple[str, list[str]]]:
    """The probe's steps in the order run: the import alone, the refusals of a missing file, then real work (the
    workbooks written here, in the test process: the probe's own process imports nothing of the tests')."""
    from helpers import player, round_sheet, write_workbook

    # Bob's knights "three" and Dan's 44 roads: check finds F3 and G5 (exit 1).
    broken_rows = round_sheet(
        player(1, "Ala", settlements=4, cities=3),
        player(1, "Bob", knights="three"),
        player(1, "Cyd"),
        player(1, "Dan", roads=44),
    )
    # A clean event: Ala declares 10 VP (5 settlements, 2 cities, 1 VP card); nobody's name near another's.
    clean_rows = round_sheet(
        player(1, "Ala", settlements=5, cities=2, vp_cards=1, declared="x"),
        *(player(1, n) for n in ("Bob", "Cyd", "Dan")),
    )
    missing = str(folder / "missing.xlsx")
    broken = str(write_workbook(folder / "broken.xlsx", {"Round 1": broken_rows}))
    clean = str(write_workbook(folder / "clean.xlsx", {"Round 1": clean_rows}))
    return [
        ("import", []),
        ("score missing", ["score", missing]),
        ("check missing", ["check", missing]),
        ("merge missing", ["merge", missing, missing]),
        ("split missing", ["split", missing, "--round", "1", "--tables", "1-4"]),
        ("check broken", ["check", broken]),
        ("score clean", ["score", clean]),
    ]


def outcomes(root: Path) -> dict[str, dict[str, Any]]:
    """Each step's {"exit", "output", "modules"}: probed once for the session, the pytest-xdist workers sharing
    `root` (the first probes under a lock, the others read its answer)."""
    root.mkdir(parents=True, exist_ok=True)
    answer = root / "outcomes.json"
    with (root / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not answer.exists():
            plan = steps(root)
            done = subprocess.run(
                [sys.executable, __file__, json.dumps(plan)], capture_output=True, text=True, timeout=120
            )
            found = {d["name"]: d for d in map(json.loads, done.stdout.splitlines())}
            if len(found) != len(plan):
                raise RuntimeError(f"the import probe stopped (exit {done.returncode}): {done.stderr[-2000:]}")
            answer.write_text(json.dumps(found), encoding="utf-8")
    return json.loads(answer.read_text(encoding="utf-8"))


def _probe(plan: list[tuple[str, list[str]]]) -> None:
    import sheet_scorer.cli.main

    print(json.dumps({"name": "import", "exit": None, "output": "", "modules": sorted(sys.modules)}), flush=True)
    from click.testing import CliRunner

    for name, argv in plan:
        if name == "import":
            continue
        result = CliRunner().invoke(sheet_scorer.cli.main.main, argv)
        step = {"name": name, "exit": result.exit_code, "output": result.output, "modules": sorted(sys.modules)}
        print(json.dumps(step), flush=True)


if __name__ == "__main__":
    _probe(json.loads(sys.argv[1]))
