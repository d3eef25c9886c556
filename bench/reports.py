"""The tables' reports in `sheet-scorer live --reports` (docs/rules.md §11). Run by hand:

    .venv/bin/python bench/reports.py [--tables 30] [--followers 50] [--players 200]

A generated event (`--players`, round 1 played, round 2 seated in tables of four) is served as a process on
127.0.0.1 with `--reports`; `--followers` clients hold the projector's update stream open, as phones following
the standings do, and the desk's stream is open. Then `--tables` tables report one after the other, each
from its own loopback address (its own phone), as fast as the server takes them (30 tables within a minute is
the room's peak). Measured, on the wall clock:

* answer - from the phone's confirm (the POST of report.json) to its 200 "received" (checked by the rules,
  committed to the journal, synchronised to disk);
* desk   - from the confirm to the desk's page holding the report (its update event, then the page fetched);
* baseline - one fetch of the desk's page with nothing new: the ratio desk / baseline is the report's cost;
* browser - with `--chromium PATH`: from the confirm to the report drawn in the desk open in a headless
  Chromium (the page stamps the wall clock when the report's row appears: a MutationObserver).

Then the journal's size per 100 reports of a table of four, written through the journal itself (one
connection, WAL, synchronous=FULL) and measured after it is closed (the WAL checkpointed into the file).
Nothing here is run by the tests.
"""

from __future__ import annotations

import argparse
import http.client
import json
import re
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
sys.path.insert(0, str(ROOT))

from sheet_scorer.journal.store import Journal  # noqa: E402

HEADER = ["Table", "Seat", "Player", "Settlements", "Cities", "VP Cards", "Knights", "Roads", "Road Length",
          "Army First", "Road First", "Declared"]  # fmt: skip
GAME = [(2, 4), (3, 2), (3, 1), (3, 0)]  # settlements and cities for 10, 7, 5 and 3 VP


def write_event(path: Path, players: int) -> None:
    """Round 1 played (each table's seats finishing in order), round 2 seated with every table rotated."""
    names = [f"Player {n:03d}" for n in range(1, players + 1)]
    book = openpyxl.Workbook()
    first = book.active
    first.title = "Round 1"
    first.append(HEADER)
    for n, name in enumerate(names):
        s, c = GAME[n % 4]
        first.append([n // 4 + 1, n % 4 + 1, name, s, c, 0, 0, 2, 1, "", "", "x" if n % 4 == 0 else ""])
    second = book.create_sheet("Round 2")
    second.append(HEADER)
    for n in range(players):
        name = names[(n * 5) % players]
        second.append([n // 4 + 1, n % 4 + 1, name])
    book.save(path)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def request(
    port: int, method: str, path: str, body: bytes | None = None, source: str = "127.0.0.1"
) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


class Stream(threading.Thread):
    """One client holding a server-sent event stream open; `seen` is the last update's data, `events` a count."""

    def __init__(self, port: int, path: str) -> None:
        super().__init__(daemon=True)
        self.port, self.path, self.seen, self.events = port, path, "", 0
        self.changed = threading.Condition()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        connection.request("GET", self.path)
        response = connection.getresponse()
        event = ""
        while True:
            line = response.readline()
            if not line:
                return
            text = line.decode().rstrip("\n")
            if text.startswith("event: "):
                event = text[7:]
            elif text.startswith("data: ") and event == "update":
                with self.changed:
                    self.seen, self.events = text[6:], self.events + 1
                    self.changed.notify_all()

    def wait_past(self, count: int, timeout: float = 30) -> None:
        with self.changed:
            self.changed.wait_for(lambda: self.events > count, timeout)


def report_body(players: list[str]) -> bytes:
    rows = []
    for place, name in enumerate(players):
        s, c = GAME[place]
        rows.append({"player": name, "settlements": s, "cities": c, "vp_cards": 0, "knights": 0, "roads": 2,
                     "road_length": 1, "army_first": False, "road_first": False, "declared": place == 0})  # fmt: skip
    return json.dumps({"rows": rows}).encode()


#: Installed in the desk's page: stamps the wall clock (ms) when each report's row appears (`window.drawn[id]`).
OBSERVER = """
window.drawn = {};
new MutationObserver(function () {
  document.querySelectorAll("article[data-report]").forEach(function (a) {
    var id = a.getAttribute("data-report");
    if (!window.drawn[id]) window.drawn[id] = Date.now();
  });
}).observe(document.body, {childList: true, subtree: true});
"""


def _desk_browser(chromium: str, port: int, key: str, folder: Path):  # type: ignore[no-untyped-def]
    """A headless Chromium showing the desk, its report rows stamped as they appear (tests/cdp.py drives it)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from cdp import Browser

    browser = Browser(chromium, folder / "profile", 1280, 900)
    browser.open(f"http://127.0.0.1:{port}/desk/{key}")
    browser.js(OBSERVER)
    return browser


def journal_size(folder: Path, reports: int = 100) -> int:
    """Bytes of a journal holding `reports` reports of a table of four (after closing: the WAL checkpointed)."""
    path = folder / "size.reports.sqlite"
    rows = json.loads(report_body([f"Player {n:03d}" for n in range(4)]))["rows"]
    with Journal(path) as journal:
        journal.organiser_key()
        journal.tokens("Round 2", list(range(1, 51)))
        empty = path.stat().st_size
        for n in range(reports):
            journal.add_report("Round 2", n % 50 + 1, rows)
    return path.stat().st_size - empty


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=30)
    parser.add_argument("--followers", type=int, default=50)
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--chromium", help="a headless Chromium, to time the desk drawn in a browser too")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-reports-") as folder:
        workbook = Path(folder) / "event.xlsx"
        write_event(workbook, options.players)
        port = free_port()
        log = (Path(folder) / "live.log").open("wb")
        command = [sys.executable, "-m", "sheet_scorer", "live", str(workbook), "--reports", "--host", "127.0.0.1"]
        server = subprocess.Popen([*command, "--port", str(port)], stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + 60
            while not (found := re.search(rb"/desk/(\S+)", (Path(folder) / "live.log").read_bytes())):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit((Path(folder) / "live.log").read_text())
                time.sleep(0.05)
            key = found.group(1).decode()
            status, body = request(port, "GET", f"/desk/{key}/tables.json")
            tables = json.loads(body)[: options.tables]
            followers = [Stream(port, "/events") for _ in range(options.followers)]
            desk = Stream(port, f"/desk/{key}/events")
            for stream in [*followers, desk]:
                stream.start()
            desk.wait_past(0)
            baseline = []
            for _ in range(7):
                start = time.perf_counter()
                request(port, "GET", f"/desk/{key}")
                baseline.append(time.perf_counter() - start)
            browser = _desk_browser(options.chromium, port, key, Path(folder)) if options.chromium else None
            answers, shown, drawn = [], [], []
            started = time.perf_counter()
            for n, table in enumerate(tables):
                token = table["url"].rsplit("/", 1)[1]
                before = desk.events
                confirmed, start = time.time(), time.perf_counter()
                status, answer = request(port, "POST", f"/r/{token}/report.json", report_body(table["players"]),
                                         source=f"127.0.0.{n % 250 + 2}")  # fmt: skip
                answers.append(time.perf_counter() - start)
                assert status == 200, answer
                number = json.loads(answer)["id"]
                while True:
                    desk.wait_past(before)
                    before = desk.events
                    if f'data-report="{number}"'.encode() in request(port, "GET", f"/desk/{key}")[1]:
                        break
                shown.append(time.perf_counter() - start)
                if browser is not None:
                    stamp = browser.wait_for(f"window.drawn && window.drawn[{number}]", timeout=30)
                    drawn.append(stamp / 1000 - confirmed)
            span = time.perf_counter() - started
            if browser is not None:
                browser.close()
            updates = statistics.median(f.events for f in followers)
        finally:
            server.terminate()
            server.wait()
            log.close()
        size = journal_size(Path(folder))
    base = statistics.median(baseline)
    print(f"{options.players} players, {len(tables)} tables reported in {span:.1f} s, {options.followers} followers "
          f"(median {updates:.0f} updates each)")  # fmt: skip
    print(f"answer (confirm -> 200 received): median {statistics.median(answers) * 1000:.0f} ms, "
          f"max {max(answers) * 1000:.0f} ms")  # fmt: skip
    print(f"desk (confirm -> the desk shows it): median {statistics.median(shown) * 1000:.0f} ms, "
          f"max {max(shown) * 1000:.0f} ms; baseline desk fetch {base * 1000:.0f} ms "
          f"(ratio {statistics.median(shown) / base:.1f}x)")  # fmt: skip
    if drawn:
        print(f"browser (confirm -> the report drawn in the desk in Chromium): median "
              f"{statistics.median(drawn) * 1000:.0f} ms, max {max(drawn) * 1000:.0f} ms")  # fmt: skip
    print(f"journal: {size / 1024:.1f} KiB per 100 reports of a table of four ({size / 100:.0f} bytes a report)")


if __name__ == "__main__":
    main()
