"""The live view holding a hall (docs/rules.md §9): hundreds of phones on the event stream, slow and idle
connections, the projector still first; provisional standings while a round is partly reported; what a phone is
sent on each save.

The server runs in a thread of this process (Uvicorn does not take signals off the main thread), on 127.0.0.1,
with its time limits shortened through the module's constants; the thread's loop is ended by cancelling its task.
The event is the bundled Spring Open with round 4's tables 5–8 cleared (still playing): tables 1–4 reported.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import openpyxl
import pytest
from paths import ROOT

EXAMPLE = ROOT / "example_workbooks" / "spring_open.xlsx"
PLAYING = (5, 6, 7, 8)


def _round4() -> dict[int, list[str]]:
    """Round 4's tables -> players, read from the bundled sheet's cells (header on row 3)."""
    sheet = openpyxl.load_workbook(EXAMPLE)["Round 4"]
    tables: dict[int, list[str]] = {}
    for row in sheet.iter_rows(min_row=4, values_only=True):
        if isinstance(row[0], int):
            tables.setdefault(row[0], []).append(str(row[2]))
    return tables


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The bundled event complete ("full") and with tables 5–8 of round 4 not reported ("partial")."""
    book = openpyxl.load_workbook(EXAMPLE)
    for row in book["Round 4"].iter_rows(min_row=4):
        if row[0].value in PLAYING:
            for cell in row[3:12]:
                cell.value = None
    path = tmp_path_factory.mktemp("room") / "partial.xlsx"
    book.save(path)
    return {"full": EXAMPLE.read_bytes(), "partial": path.read_bytes()}


def excel_save(content: bytes, workbook: Path) -> None:
    """Save as Excel does: a temporary file beside the workbook renamed over it."""
    temporary = workbook.with_name("~$work.tmp")
    temporary.write_bytes(content)
    os.replace(temporary, workbook)


class Hall:
    """`live.server.serve` in a thread on 127.0.0.1 (its own loop), ended by cancelling its task."""

    def __init__(self, workbook: Path) -> None:
        from sheet_scorer.live.server import bind
        from sheet_scorer.live.state import LiveState

        self.sock = bind("127.0.0.1", 0)
        self.port = self.sock.getsockname()[1]
        self.state = LiveState(workbook, None, f"http://127.0.0.1:{self.port}/phone", "")
        self.state.load()
        self.told: list[str] = []
        self.failed: list[BaseException] = []
        self.loop = asyncio.new_event_loop()
        self.task: asyncio.Task[None] | None = None
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while self.status("/standings.json") != 200:
            assert time.monotonic() < deadline, "the server did not start"

    def _run(self) -> None:
        from sheet_scorer.live.server import serve

        asyncio.set_event_loop(self.loop)
        self.task = self.loop.create_task(serve(self.state, self.sock, lambda outcome: self.told.append(outcome.kind)))
        try:
            self.loop.run_until_complete(self.task)
        except asyncio.CancelledError:
            pass
        except BaseException as error:  # told to the test
            self.failed.append(error)

    def request(self, raw: bytes, timeout: float = 5.0) -> bytes:
        """One raw request on a fresh connection; the whole answer (the server closes after it: Connection: close)."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as connection:
            connection.sendall(raw)
            chunks = []
            while chunk := connection.recv(65536):
                chunks.append(chunk)
            return b"".join(chunks)

    def get(self, path: str, headers: str = "") -> tuple[int, dict[str, str], bytes]:
        answer = self.request(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}Connection: close\r\n\r\n".encode())
        head, _, body = answer.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        fields = dict(line.split(": ", 1) for line in lines[1:])
        return int(lines[0].split()[1]), {k.lower(): v for k, v in fields.items()}, body

    def status(self, path: str) -> int:
        try:
            return self.get(path)[0]
        except OSError:
            return 0

    def end(self) -> None:
        if self.task is not None:
            self.loop.call_soon_threadsafe(self.task.cancel)
        self.thread.join(10)
        self.sock.close()


@pytest.fixture
def hall(tmp_path: Path, books: dict[str, bytes], monkeypatch: pytest.MonkeyPatch) -> Iterator[Hall]:
    from sheet_scorer.live import server

    monkeypatch.setattr(server, "REQUEST_SECONDS", 0.6)
    monkeypatch.setattr(server, "IDLE_SECONDS", 1)
    monkeypatch.setattr(server, "MOST_CONNECTIONS", 120)  # phones: 120 * 3/4 - 8 = 82 places, the projector's 8 apart
    workbook = tmp_path / "event.xlsx"
    workbook.write_bytes(books["partial"])
    opened = Hall(workbook)
    yield opened
    opened.end()
    assert not opened.failed


#: A guard against a hung test only: every wait below ends on the server's own progress (a phone's update, the save
#: read), so a loaded machine makes the test slower, never wrong.
HUNG_SECONDS = 120


async def _stream(
    port: int, path: str, hold: asyncio.Event, updates: list[dict] | None = None
) -> tuple[int, list[dict]]:
    """One event-stream client: its status and the updates it got until `hold` is set (`updates`: where they are
    gathered as they come, for the caller to watch)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n".encode())
    await writer.drain()
    updates = [] if updates is None else updates
    status = 0
    try:
        line = await asyncio.wait_for(reader.readline(), HUNG_SECONDS)
        status = int(line.split()[1]) if line else 0
        while status == 200 and not hold.is_set():
            waiting = asyncio.ensure_future(reader.readline())
            done, _ = await asyncio.wait(
                {waiting, asyncio.ensure_future(hold.wait())}, timeout=HUNG_SECONDS, return_when="FIRST_COMPLETED"
            )
            if waiting not in done:
                waiting.cancel()
                break
            line = waiting.result()
            if not line:
                break
            if line.startswith(b"data: {"):
                updates.append(json.loads(line[6:]))
    finally:
        writer.close()
    return status, updates


async def _until(done: Callable[[], bool], what: str, nudge: Callable[[], None] = lambda: None) -> None:
    """Wait until `done()` (the server's progress, not a time), `nudge()` between looks; a test that hangs fails."""
    deadline = time.monotonic() + HUNG_SECONDS
    while not done():
        assert time.monotonic() < deadline, what
        nudge()
        await asyncio.sleep(0.05)


def test_300_phones_and_slow_clients_the_projector_still_follows_each_save(
    hall: Hall, books: dict[str, bytes], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    workbook = hall.state.path

    async def crowd() -> tuple[list[tuple[int, list[dict]]], tuple[int, list[dict]], list[bytes]]:
        hold = asyncio.Event()
        slow = []
        for _ in range(6):  # a request head sent a few bytes at a time, never finished
            reader, writer = await asyncio.open_connection("127.0.0.1", hall.port)
            writer.write(b"GET / HTTP/1.1\r\nHo")
            slow.append((reader, writer))
        phones, heard = [], []
        for _ in range(10):  # phones arriving, 30 at a time
            wave = [[] for _ in range(30)]
            heard += wave
            phones += [asyncio.ensure_future(_stream(hall.port, "/events", hold, updates)) for updates in wave]
            await asyncio.sleep(0.15)
        projector_heard: list[dict] = []
        projector = asyncio.ensure_future(_stream(hall.port, "/events?projector", hold, projector_heard))

        def answered() -> bool:
            """Every phone answered (streaming, or turned away and gone) and the projector streaming: before the save."""
            return all(u or p.done() for u, p in zip(heard, phones, strict=True)) and bool(projector_heard)

        await _until(answered, "the phones were not answered")
        told = len(hall.told)
        await asyncio.to_thread(excel_save, books["full"], workbook)

        def nudge() -> None:
            for _, writer in slow:
                if not writer.is_closing():
                    with contextlib.suppress(ConnectionError):
                        writer.write(b"s")  # a byte now and then does not keep a connection

        await _until(lambda: len(hall.told) > told, "the save was not read", nudge)  # the server has read it
        pages = hall.state.pages
        assert pages is not None and "After Round 4" in pages.projector  # the save read is the save shown
        version = hall.state.version
        await _until(lambda: projector_heard[-1]["v"] == version, "the projector was not told", nudge)
        streaming = [u for u in heard if u]  # the phones let in: each has had its first update
        await _until(lambda: all(u[-1]["v"] == version for u in streaming), "the phones were not told", nudge)
        hold.set()
        ended = []
        for reader, writer in slow:
            try:
                ended.append(await asyncio.wait_for(reader.read(), HUNG_SECONDS))  # closed by the server: EOF
            except ConnectionError:  # closed while a byte was on its way: reset, as closed
                ended.append(b"")
            writer.close()
        return await asyncio.gather(*phones), await projector, ended

    phones, projector, slow = asyncio.run(crowd())
    assert projector[0] == 200
    assert [u["v"] for u in projector[1]][-1] == hall.state.version  # the projector got the save's update
    assert "After Round 4" in hall.get("/")[2].decode()
    statuses = [status for status, _ in phones]
    admitted = statuses.count(200)
    assert admitted == 82 and statuses.count(503) == 300 - 82  # the rest turned away at once, not left hanging
    assert all(updates[-1]["v"] == hall.state.version for status, updates in phones if status == 200)
    assert slow == [b""] * 6
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]  # no traceback anywhere
    assert hall.told[-1] == "updated"


def test_a_connection_that_sends_nothing_or_stays_idle_is_closed(hall: Hall) -> None:
    start = time.monotonic()
    with socket.create_connection(("127.0.0.1", hall.port), timeout=5) as silent:
        assert silent.recv(100) == b""  # closed by the server after its request deadline (0.6 s here)
    assert time.monotonic() - start < 3
    with socket.create_connection(("127.0.0.1", hall.port), timeout=5) as kept:
        kept.sendall(b"GET /standings.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += kept.recv(65536)
        length = int(
            next(line for line in answer.split(b"\r\n") if line.lower().startswith(b"content-length")).split()[1]
        )
        body = answer.partition(b"\r\n\r\n")[2]
        while len(body) < length:
            body += kept.recv(65536)
        while kept.recv(65536):  # nothing more asked: the kept-alive connection is closed (1 s here)
            pass
    assert time.monotonic() - start < 6


def test_the_phone_redirect_never_echoes_the_host(hall: Hall) -> None:
    status, headers, _ = hall.get("/phone/")
    assert status == 307 and headers["location"] == "/phone"
    answer = hall.request(b"GET /phone/ HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n")
    assert b"evil.example" not in answer and b"\r\nlocation: /phone\r\n" in answer


def test_a_card_unchanged_is_not_sent_again(hall: Hall) -> None:
    status, headers, body = hall.get("/phone/card/p-ruby-hughes")
    assert status == 200 and b"Ruby Hughes" in body
    tag = headers["etag"]
    assert hall.get("/phone/card/p-ruby-hughes", f"If-None-Match: {tag}\r\n")[:1] == (304,)
    assert hall.get("/phone/card/p-nobody")[0] == 404
    assert hall.get("/phone/standings", "")[0] == 200


def test_each_save_sends_the_phones_what_changed(books: dict[str, bytes], tmp_path: Path) -> None:
    from sheet_scorer.live.state import LiveState

    workbook = tmp_path / "event.xlsx"
    workbook.write_bytes(books["partial"])
    state = LiveState(workbook, None, "http://127.0.0.1:1/phone", "")
    state.load()
    state.refresh(phones=False)  # the same file again: no card changed
    assert state.finish() is True
    assert state.pages is not None
    same = json.loads(state.pages.update)
    assert same["cards"] == [] and same["standings"] is False
    excel_save(books["full"], workbook)
    state.refresh()
    update = json.loads(state.pages.update)
    index = state.pages.phone.split('<script type="application/json" id="index">')[1].split("</script>")[0]
    ids = {name: key for key, _, name in json.loads(index)}
    playing = {ids[n] for t in PLAYING for n in _round4()[t]}
    assert len(playing) == 14 and playing <= set(update["cards"])  # the players of the tables that reported
    assert update["standings"] is True and "After Round 4" in update["head"]
    assert len(state.pages.update.encode()) < 3000 < len(state.pages.encoded("phone")[0])


def test_a_partly_reported_round_is_provisional_with_no_medals(books: dict[str, bytes], tmp_path: Path) -> None:
    from sheet_scorer.live.state import LiveState

    pages = {}
    for kind in ("partial", "full"):
        (tmp_path / f"{kind}.xlsx").write_bytes(books[kind])
        state = LiveState(tmp_path / f"{kind}.xlsx", None, "http://127.0.0.1:1/phone", "")
        state.load()
        assert state.pages is not None
        pages[kind] = state.pages
    # round 4: tables 1-4 of 8 reported (docs/rules.md §3's note), the standings provisional on both pages
    note = "Standings after Round 3; Round 4: 4 of 8 tables reported"
    partial = pages["partial"]
    for page in (partial.projector, partial.head, partial.standings_part()[1].decode()):
        assert 'class="provisional"' in page and note in page
    assert "player-row medal-" not in partial.projector + partial.standings_part()[1].decode()
    playing = {n for t in PLAYING for n in _round4()[t]}
    rows = partial.projector.split('<tr class="player-row')[1:]
    marked = {r.split('<th scope="row">')[1].split("<")[0] for r in rows if "status-playing" in r.split("</th>")[0]}
    assert marked == playing  # each player still playing is marked, none other
    full = pages["full"]
    assert 'class="provisional"' not in full.projector and 'class="provisional"' not in full.head
    assert full.projector.count("player-row medal-1") == 1 and full.projector.count("player-row medal-3") == 1
    assert '<span class="pill status-playing">' not in full.projector.split("<aside")[0]


def test_a_round_not_started_is_not_provisional(tmp_path: Path) -> None:
    from sheet_scorer.live.state import LiveState

    book = openpyxl.load_workbook(EXAMPLE)
    for row in book["Round 4"].iter_rows(min_row=4):
        if isinstance(row[0].value, int):
            for cell in row[3:12]:
                cell.value = None
    book.save(tmp_path / "seated.xlsx")
    state = LiveState(tmp_path / "seated.xlsx", None, "http://127.0.0.1:1/phone", "")
    state.load()
    assert state.pages is not None
    assert 'class="provisional"' not in state.pages.projector and "player-row medal-1" in state.pages.projector


def test_the_open_file_limit_is_raised_to_the_hard_limit() -> None:
    resource = pytest.importorskip("resource")
    from sheet_scorer.live.server import raise_file_limit

    before = resource.getrlimit(resource.RLIMIT_NOFILE)
    hard = before[1]
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))  # a Mac's start
        raised = raise_file_limit()
        expected = hard if hard != resource.RLIM_INFINITY else 10240
        assert raised == expected == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, before)


def test_connections_are_capped_below_the_open_files_with_room_for_the_projector() -> None:
    from sheet_scorer.live.server import Doors, connection_limit

    assert connection_limit(256) == 256 - 64  # the files kept aside for the workbook, the watcher, a journal
    assert connection_limit(1_048_576) == 4000 and connection_limit(None) == 4000
    assert connection_limit(40) == 32  # never below room for the projector and a few phones
    doors = Doors(lambda scope, receive, send: None, 192)  # type: ignore[arg-type,return-value]
    assert doors.places == {"projector": 8, "phone": 192 * 3 // 4 - 8}
