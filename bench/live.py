"""Time from a save to the updated page in `sheet-scorer live` (docs/rules.md §9: within 2 s; under 1 s for the example). Run by hand:

    .venv/bin/python bench/live.py [--runs 7]

For the bundled example (spring_open.xlsx, 30 players, 4 rounds) and a generated 200-player, 6-round
event (bench/make_workbooks.py), the live server runs as a process on 127.0.0.1 and the workbook is
saved the way Excel saves (temporary file, then rename), alternating between the last round complete
and half of its tables still playing. Each run measures, on the wall clock, from the rename to:

* event  - the server-sent `update` event reaching a client listening on /events;
* page   - the projector page fetched after that event holding the new state (what a browser shows).

Reported as the median of the runs, next to the baseline a warm process saves: a cold
`sheet-scorer check` of the same file (start-up, imports, read, score). Nothing here is run by the tests.
"""

from __future__ import annotations

import argparse
import http.client
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import openpyxl

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

from make_workbooks import write_workbook  # noqa: E402

EXAMPLE = ROOT / "example_workbooks" / "spring_open.xlsx"
COMMAND = [sys.executable, "-m", "sheet_scorer"]


def half_played(source: Path, target: Path) -> None:
    """`source` with the game cells of the second half of the last round's tables emptied (those tables still playing)."""
    book = openpyxl.load_workbook(source)
    sheet = book[[name for name in book.sheetnames if name.startswith("Round")][-1]]
    header = next(r for r in range(1, 10) if sheet.cell(r, 1).value == "Table")
    tables = [
        sheet.cell(r, 1).value for r in range(header + 1, sheet.max_row + 1) if isinstance(sheet.cell(r, 1).value, int)
    ]
    last = max(tables)
    for row in sheet.iter_rows(min_row=header + 1):
        if isinstance(row[0].value, int) and row[0].value > last // 2:
            for cell in row[3:12]:
                cell.value = None
    book.save(target)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Listener(threading.Thread):
    """Reads /events and records when each `update` event arrives."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.arrivals: list[tuple[float, int]] = []
        self.ready = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", "/events")
        response = connection.getresponse()
        self.ready.set()
        while True:
            line = response.readline()
            if not line:
                return
            if line.startswith(b"data:"):
                self.arrivals.append((time.perf_counter(), int(line.split(b":", 1)[1])))


def get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    return connection.getresponse().read()


def measure(label: str, versions: dict[str, bytes], runs: int) -> dict[str, float]:
    """Median seconds from rename to event and to the updated page, over `runs` saves."""
    folder = Path(tempfile.mkdtemp(prefix="live-bench-"))
    workbook = folder / "event.xlsx"
    workbook.write_bytes(versions["full"])
    port = free_port()
    server = subprocess.Popen(
        [*COMMAND, "live", str(workbook), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                get(port, "/standings.json")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.1)
        listener = Listener(port)
        listener.start()
        listener.ready.wait(10)
        time.sleep(0.3)
        events, pages = [], []
        for run in range(runs):
            kind = "partial" if run % 2 == 0 else "full"
            expected = "tables reported" if kind == "partial" else "After Round"
            seen = len(listener.arrivals)
            temporary = folder / "~$event.tmp"
            temporary.write_bytes(versions[kind])
            start = time.perf_counter()
            os.replace(temporary, workbook)
            while len(listener.arrivals) == seen:
                if time.perf_counter() - start > 10:
                    raise TimeoutError(f"{label}: no update after a save")
                time.sleep(0.002)
            events.append(listener.arrivals[-1][0] - start)
            page = get(port, "/").decode()
            pages.append(time.perf_counter() - start)
            assert expected in page, f"{label}: the page does not show the save ({expected!r})"
            time.sleep(0.4)
        cold = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([*COMMAND, "check", str(workbook)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            cold.append(time.perf_counter() - start)
        return {"event": statistics.median(events), "page": statistics.median(pages), "cold": statistics.median(cold)}
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="live-bench-src-"))
    big = write_workbook(work / "P200.xlsx", 200, 6, 2026, "Bench 200 x 6")
    events = {"spring_open (30 players, 4 rounds)": EXAMPLE, "200 players, 6 rounds": big}
    print("| event | save → update event | save → updated page | cold `check` (baseline) | page / cold |")
    print("|---|---:|---:|---:|---:|")
    for label, source in events.items():
        partial = work / f"{source.stem}.partial.xlsx"
        half_played(source, partial)
        result = measure(label, {"full": source.read_bytes(), "partial": partial.read_bytes()}, args.runs)
        print(
            f"| {label} | {result['event']:.2f} s | {result['page']:.2f} s | {result['cold']:.2f} s | "
            f"{result['page'] / result['cold']:.2f}x |"
        )
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
