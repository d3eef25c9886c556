"""Time from a save to the updated page in `sheet-scorer live` (docs/rules.md §9: within 2 s). Run by hand:

    .venv/bin/python bench/live.py [--runs 5] [--phones 200]
    .venv/bin/python bench/live.py --baseline OLD_CHECKOUT --repeat 3 --only 200   # both codes, order alternating

For the bundled example (spring_open.xlsx, 30 players, 4 rounds), a generated 200-player, 6-round event with
`--phones` phones following it, and a generated 1,000-player, 10-round event (10,000 table rows; bench/make_workbooks.py),
the live server runs as a process on 127.0.0.1 and the workbook is saved the way Excel saves (temporary file, then
rename), alternating between the last round complete and half of its tables still playing. Each run measures, on
the wall clock, from the rename to:

* event  - the server-sent `update` event reaching the projector's stream (/events?projector);
* page   - the projector page fetched after that event holding the new state (what the projector shows);
* phones - every phone's stream told (median and slowest phone), each phone then asking for its own card again
           only when the event lists it (with its ETag), as the phone page does.

and the server's CPU time (user + system, from /proc) from the rename to 0.5 s after the phones were told (or,
without phones, after the page was fetched): all the save made the server do, the steadier figure on a loaded machine.

Reported as medians of the runs, next to two baselines of the same run: the same file scored in this process
(`check_workbook`, warm: the scoring alone, which a save cannot go below) and a cold `sheet-scorer check`.
Only 127.0.0.1 is contacted; the server is ended by its pid. Nothing here is run by the tests.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
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
    """Reads the projector's stream (/events?projector) and records when each `update` event arrives."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.arrivals: list[tuple[float, int]] = []
        self.ready = threading.Event()

    def run(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        connection.request("GET", "/events?projector")
        response = connection.getresponse()
        self.ready.set()
        while True:
            line = response.readline()
            if not line:
                return
            if line.startswith(b"data:"):
                self.arrivals.append((time.perf_counter(), version_of(json.loads(line.split(b":", 1)[1]))))


class Phones(threading.Thread):
    """`count` phones on /events in one asyncio loop, each following one player's card as the phone page does:
    on each update, the card asked for again (If-None-Match) when the event lists it or lists none."""

    def __init__(self, port: int, count: int, cards: list[str]) -> None:
        super().__init__(daemon=True)
        self.port, self.count, self.cards = port, count, cards
        self.arrivals: dict[int, list[float]] = {}  # version -> when each phone was told
        self.fetched: dict[int, list[float]] = {}  # version -> when each phone that asked had its card
        self.connected = threading.Event()
        self.received = 0  # bytes of pages and cards fetched
        self.loop = asyncio.new_event_loop()

    def run(self) -> None:
        self.loop.run_until_complete(self._all())

    async def _all(self) -> None:
        await asyncio.gather(*(self._phone(n) for n in range(self.count)))

    async def _phone(self, n: int) -> None:
        card = self.cards[n % len(self.cards)]
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        await writer.drain()
        tag = ""
        if n == self.count - 1:
            self.connected.set()
        while line := await reader.readline():
            if not line.startswith(b"data:"):
                continue
            update = json.loads(line[5:])
            version = version_of(update)
            self.arrivals.setdefault(version, []).append(time.perf_counter())
            if not isinstance(update, dict):  # the baseline's phone page: the whole page again on each save
                await self._fetch("/phone", "Accept-Encoding: gzip\r\n")
                self.fetched.setdefault(version, []).append(time.perf_counter())
            elif update["cards"] is None or card in update["cards"]:
                tag = await self._card(card, tag)
                self.fetched.setdefault(version, []).append(time.perf_counter())

    async def _fetch(self, path: str, headers: str) -> bytes:
        """One GET on its own connection, as a phone's fetch; its bytes counted."""
        reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
        writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Connection: close\r\n\r\n".encode())
        answer = await reader.read()
        writer.close()
        self.received += len(answer)
        return answer

    async def _card(self, card: str, tag: str) -> str:
        asked = f"If-None-Match: {tag}\r\n" if tag else ""
        answer = await self._fetch(f"/phone/card/{card}", f"Accept-Encoding: gzip\r\n{asked}")
        for line in answer.split(b"\r\n\r\n", 1)[0].split(b"\r\n"):
            if line.lower().startswith(b"etag:"):
                return line.split(b":", 1)[1].strip().decode()
        return tag


def version_of(data: object) -> int:
    """The version an update event names (the baseline sends the bare number)."""
    return int(data["v"] if isinstance(data, dict) else data)  # type: ignore[arg-type,index]


def get(port: int, path: str) -> bytes:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("GET", path)
    return connection.getresponse().read()


def card_ids(port: int) -> list[str]:
    """The players' card ids, from the phone page's search index (none on the baseline's page)."""
    page = get(port, "/phone").decode()
    if '<script type="application/json" id="index">' not in page:
        return ["-"]
    index = page.split('<script type="application/json" id="index">', 1)[1].split("</script>", 1)[0]
    return [entry[0] for entry in json.loads(index)]


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the process `pid` has used so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def warm_check(workbook: Path, runs: int) -> float:
    """The baseline a save cannot go below: the file scored in this (warm) process, median seconds."""
    from sheet_scorer.api import check_workbook

    check_workbook(workbook)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        check_workbook(workbook, None, workbook.read_bytes())
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(label: str, versions: dict[str, bytes], runs: int, phones: int, code: Path = ROOT) -> dict[str, float]:
    """Medians over `runs` saves: rename to projector event, to the projector page, to the phones told; the server
    run from the sources at `code`."""
    folder = Path(tempfile.mkdtemp(prefix="live-bench-"))
    workbook = folder / "event.xlsx"
    workbook.write_bytes(versions["full"])
    port = free_port()
    server = subprocess.Popen(
        [*COMMAND, "live", str(workbook), "--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(code)},
        cwd=code,
    )
    try:
        deadline = time.monotonic() + 120
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
        crowd = None
        if phones:
            crowd = Phones(port, phones, card_ids(port))
            crowd.start()
            crowd.connected.wait(30)
        time.sleep(1.0)
        events, pages, told, slowest, cards, cpu = [], [], [], [], [], []
        for run in range(runs):
            kind = "partial" if run % 2 == 0 else "full"
            expected = "tables reported" if kind == "partial" else "After Round"
            seen = len(listener.arrivals)
            temporary = folder / "~$event.tmp"
            temporary.write_bytes(versions[kind])
            used = server_cpu(server.pid)
            start = time.perf_counter()
            os.replace(temporary, workbook)
            while len(listener.arrivals) == seen:
                if time.perf_counter() - start > 30:
                    raise TimeoutError(f"{label}: no update after a save")
                time.sleep(0.002)
            arrived, version = listener.arrivals[-1]
            events.append(arrived - start)
            page = get(port, "/").decode()
            pages.append(time.perf_counter() - start)
            assert expected in page, f"{label}: the page does not show the save ({expected!r})"
            if crowd is not None:
                while len(crowd.arrivals.get(version, ())) < phones:
                    if time.perf_counter() - start > 30:
                        raise TimeoutError(f"{label}: phones not told")
                    time.sleep(0.005)
                time.sleep(0.5)
                arrivals = crowd.arrivals[version]
                told.append(statistics.median(arrivals) - start)
                slowest.append(max(arrivals) - start)
                cards.append(max(crowd.fetched.get(version, [start])) - start)
            time.sleep(0.5)
            cpu.append(server_cpu(server.pid) - used)  # all the save caused: the phones' parts, their cards
        cold = []
        for _ in range(3):
            started = time.perf_counter()
            subprocess.run([*COMMAND, "check", str(workbook)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            cold.append(time.perf_counter() - started)
        result = {
            "event": statistics.median(events),
            "page": statistics.median(pages),
            "cold": statistics.median(cold),
            "warm": warm_check(workbook, 3),
            "cpu": statistics.median(cpu),
        }
        if told and crowd is not None:
            result |= {
                "told": statistics.median(told),
                "slowest": statistics.median(slowest),
                "cards": statistics.median(cards),
                "bytes": crowd.received / runs,
            }
        return result
    finally:
        server.terminate()
        server.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument(
        "--baseline", type=Path, help="another copy of the sources (e.g. `git archive main`), measured too"
    )
    parser.add_argument("--only", help="only the events whose label holds this")
    parser.add_argument(
        "--repeat", type=int, default=1, help="each event measured this many times, the codes' order alternating"
    )
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="live-bench-src-"))
    events = {
        "spring_open (30 players, 4 rounds)": (EXAMPLE, 0),
        f"200 players, 6 rounds, {args.phones} phones": (
            write_workbook(work / "P200.xlsx", 200, 6, 2026, "Bench 200 x 6"),
            args.phones,
        ),
        "1,000 players, 10 rounds (10,000 rows)": (write_workbook(work / "M.xlsx", 1000, 10, 2026, "Bench M"), 0),
    }
    print(
        "| event | code | save → projector event | save → projector page | phones told (median / slowest) | "
        "phones' pages or cards fetched (all) | phone bytes per save | server CPU per save | warm check (baseline) | "
        "page / warm | cold `check` | page / cold |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    codes = [("baseline", args.baseline), ("this", ROOT)] if args.baseline else [("this", ROOT)]
    for label, (source, phones) in events.items():
        if args.only and args.only not in label:
            continue
        partial = work / f"{source.stem}.partial.xlsx"
        half_played(source, partial)
        versions = {"full": source.read_bytes(), "partial": partial.read_bytes()}
        for name, code in [pair for turn in range(args.repeat) for pair in (codes if turn % 2 == 0 else codes[::-1])]:
            r = measure(label, versions, args.runs, phones, code)
            crowd = f"{r['told']:.2f} / {r['slowest']:.2f} s" if "told" in r else "–"
            cards = f"{r['cards']:.2f} s" if "cards" in r else "–"
            sent = f"{r['bytes'] / 1000:.0f} kB" if "bytes" in r else "–"
            print(
                f"| {label} | {name} | {r['event']:.2f} s | {r['page']:.2f} s | {crowd} | {cards} | {sent} | "
                f"{r['cpu'] * 1000:.0f} ms | {r['warm']:.2f} s | {r['page'] / r['warm']:.2f}x | {r['cold']:.2f} s | {r['page'] / r['cold']:.2f}x |",
                flush=True,
            )
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
