"""`sheet-scorer live --reports` as the room uses it (docs/rules.md §11): the server as a process, phones as HTTP
clients and as a phone-size headless Chromium, the desk in Chromium, two phones at one table, wrong and stale
tokens, the server killed with SIGKILL between a report and the merge, then `merge --reports` and `score`.

The event is tests/reports_event.py's: round 1 played, round 2 seated (6 tables) and reported here.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import openpyxl
import pytest
from helpers import run, tool_command
from live_server import excel_save, free_port
from reports_event import SEATED, report, round2_tables, write_event

from sheet_scorer.journal.store import Journal, journal_path

if TYPE_CHECKING:
    from cdp import Browser


class Server:
    """`sheet-scorer live EVENT --reports` as a process on 127.0.0.1, ended by its pid."""

    def __init__(self, workbook: Path, port: int, *options: str) -> None:
        self.workbook, self.port, self.base = workbook, port, f"http://127.0.0.1:{port}"
        self.log = workbook.with_name(f"live-{port}-{time.monotonic_ns()}.log")
        self.out = self.log.open("wb")
        command = tool_command("live", str(workbook), "--reports", "--host", "127.0.0.1")
        self.process = subprocess.Popen(
            [*command, "--port", str(port), *options], stdout=self.out, stderr=subprocess.STDOUT, cwd=workbook.parent
        )
        deadline = time.monotonic() + 30
        while not (found := re.search(rb"(?m)^(.*?): (http://\S+/desk/(\S+))", self.log.read_bytes())):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"live --reports did not start: {self.log.read_text()}")
            time.sleep(0.05)
        self.desk_word, self.desk, self.key = (g.decode() for g in found.groups())

    def call(self, path: str, body: Any = None, raw: bytes | None = None) -> tuple[int, Any]:
        """(status, JSON answer or page text) of a GET, or of a POST of `body` as JSON (or `raw` bytes)."""
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method="POST" if data is not None else "GET")
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                status, content, kind = response.status, response.read(), response.headers.get("content-type", "")
        except urllib.error.HTTPError as error:
            status, content, kind = error.code, error.read(), error.headers.get("content-type", "")
        return status, json.loads(content) if "json" in kind else content.decode()

    def tables(self) -> list[dict[str, Any]]:
        status, answer = self.call(f"/desk/{self.key}/tables.json")
        assert status == 200
        return answer

    def token(self, table: int) -> str:
        return self.tables()[table - 1]["url"].rsplit("/", 1)[1]

    def kill(self) -> None:
        """SIGKILL, by pid: no chance to flush or close anything."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self.out.close()

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.out.close()


def _reports(workbook: Path) -> list[Any]:
    with Journal(journal_path(workbook), readonly=True) as journal:
        return journal.reports()


@pytest.fixture(scope="module")
def hall(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    workbook = write_event(tmp_path_factory.mktemp("hall") / "club.xlsx")
    server = Server(workbook, free_port())
    yield server
    server.end()


def test_the_desk_line_and_tables_json(hall: Server) -> None:
    with Journal(journal_path(hall.workbook), readonly=True) as journal:
        assert hall.key == journal.organiser_key()
    assert hall.desk_word == "desk" and hall.desk == f"{hall.base}/desk/{hall.key}"
    tables = hall.tables()
    assert [{k: v for k, v in t.items() if k != "url"} for t in tables] == [
        {"round": "Round 2", "table": n, "players": players, "status": "playing"}
        for n, players in enumerate(round2_tables(), 1)
    ]
    urls = [t["url"] for t in tables]
    assert all(re.fullmatch(rf"{hall.base}/r/[A-Za-z0-9_-]{{22,}}", u) for u in urls) and len(set(urls)) == 6


def test_the_desk_needs_the_organiser_key(hall: Server) -> None:
    wrong = hall.key[:-1] + ("A" if hall.key[-1] != "A" else "B")
    assert hall.call(f"/desk/{wrong}")[0] == 404
    assert hall.call(f"/desk/{wrong}/tables.json")[0] == 404
    assert hall.call(f"/desk/{wrong}/reject/1", raw=b"")[0] == 404
    assert hall.call(f"/r/{hall.key}")[0] == 404  # the organiser key is no table's token


def test_a_report_with_a_mistake_is_422_and_nothing_is_kept(hall: Server) -> None:
    token, players = hall.token(3), round2_tables()[2]
    body = report(players)
    body["rows"][1]["settlements"] = 6
    status, answer = hall.call(f"/r/{token}/report.json", body)
    assert status == 422
    assert answer == {
        "problems": [
            {
                "player": players[1],
                "field": "settlements",
                "code": "settlements-range",
                "message": "6 settlements, but a player has 0 to 5",
            }
        ]
    }
    assert hall.call(f"/r/{token}/report.json", raw=b"not json")[0] == 422
    assert hall.call(f"/r/{token}/report.json", raw=b"x" * 20_000)[0] == 413
    assert _reports(hall.workbook) == []


def test_unknown_tokens_are_404(hall: Server) -> None:
    for token in ("", "x", "A" * 32, hall.token(1)[:-1]):
        path = f"/r/{token}"
        status, page = hall.call(path)
        assert status == 404 and (token == "" or "This link is not a table of the round being played." in page)
        assert hall.call(f"{path}/report.json", report(round2_tables()[0]))[0] == 404


def test_two_phones_report_one_table_the_second_replaces_the_first(hall: Server) -> None:
    token, players = hall.token(2), round2_tables()[1]
    first = hall.call(f"/r/{token}/report.json", report(players, [0, 1, 2]))
    second = hall.call(f"/r/{token}/report.json", report(players, [1, 0, 2]))
    assert first[0] == second[0] == 200
    assert first[1]["status"] == second[1]["status"] == "received" and second[1]["id"] == first[1]["id"] + 1
    kept = [r for r in _reports(hall.workbook) if r.table == 2]
    assert [r.id for r in kept] == [first[1]["id"], second[1]["id"]]  # both stay in the journal
    assert hall.tables()[1]["status"] == "reported"
    page = hall.call(f"/desk/{hall.key}")[1]
    one, two = (
        page[page.index(f'data-report="{n}"') :].split("</article>")[0] for n in (first[1]["id"], second[1]["id"])
    )
    assert "counts" in two and f"replaced by report {second[1]['id']}" in one
    assert two.count('class="num changed"') == 6  # seats 1 and 2 swapped places: settlements, cities, declared


def test_a_rejected_report_stops_counting(hall: Server) -> None:
    token, players = hall.token(4), round2_tables()[3]
    number = hall.call(f"/r/{token}/report.json", report(players))[1]["id"]
    assert hall.tables()[3]["status"] == "reported"
    assert hall.call(f"/desk/{hall.key}/reject/{number}", raw=b"") == (200, {"status": "rejected", "id": number})
    assert hall.tables()[3]["status"] == "playing"
    assert hall.call(f"/desk/{hall.key}/reject/{number}", raw=b"")[0] == 404  # once


def test_every_name_is_escaped(hall: Server) -> None:
    token = hall.token(5)  # Karol <b>Zieliński</b> plays at table 5
    for page in (hall.call(f"/desk/{hall.key}")[1], hall.call(f"/r/{token}")[1]):
        assert "Karol &lt;b&gt;Zieliński&lt;/b&gt;" in page or "Karol \\u003cb\\u003eZieli" in page
        assert "<b>Zieliński" not in page


def test_the_projector_marks_a_table_reported_by_phone(hall: Server) -> None:
    page = hall.call("/")[1]
    assert 'data-table="2" data-status="phoned"' in page and 'data-table="1" data-status="playing"' in page


def test_a_phone_in_chromium_fixes_its_mistake_and_confirms(hall: Server, browser: Browser) -> None:
    players = round2_tables()[0]
    browser.size(390, 844, mobile=True)
    url = hall.tables()[0]["url"]
    browser.open(url)
    assert browser.js("Array.from(document.querySelectorAll('legend')).map(l => l.textContent)") == [
        f"{n}. {p}" for n, p in enumerate(players, 1)
    ]
    wanted = report(players, [1, 0, 3, 2])["rows"]
    wanted[0]["settlements"] = 6  # the mistake
    fill = "".join(
        f"document.getElementById('f{p}-{f}').{'checked' if isinstance(v, bool) else 'value'} = {json.dumps(v if isinstance(v, bool) else str(v))};"
        for p, row in enumerate(wanted)
        for f, v in row.items()
        if f != "player"
    )
    browser.js(fill + "document.getElementById('check').click()")
    message = browser.wait_for("document.getElementById('m0-settlements').textContent")
    assert message == "6 settlements, but a player has 0 to 5"
    assert browser.js("document.getElementById('f0-settlements').getAttribute('aria-invalid')") == "true"
    assert browser.js("document.activeElement.id") == "f0-settlements"
    assert browser.js("document.getElementById('summary').hidden") is True
    browser.js("document.getElementById('f0-settlements').value = '3'; document.getElementById('check').click()")
    browser.wait_for("!document.getElementById('summary').hidden")
    lines = browser.js("Array.from(document.querySelectorAll('#summary-rows .result')).map(c => c.textContent)")
    assert lines == ["7 VP · 2nd place", "10 VP · 1st place", "3 VP · 4th place", "5 VP · 3rd place"]
    assert browser.js("document.querySelector('#summary-rows .counts').textContent") == (
        "Settlements 3 · Cities 2 · VP Cards 0 · Knights 0 · Roads 2 · Road Length 1"
    )
    assert browser.js("document.documentElement.scrollWidth") <= 390  # the summary fits the phone
    assert _reports(hall.workbook) == [] or all(r.table != 1 for r in _reports(hall.workbook))  # checked, not kept
    browser.js("document.getElementById('confirm').click()")
    done = browser.wait_for("!document.getElementById('done').hidden && document.getElementById('done').textContent")
    number = int(re.search(r"report (\d+)", done).group(1))
    kept = next(r for r in _reports(hall.workbook) if r.id == number)
    assert (kept.sheet, kept.table) == ("Round 2", 1)
    assert [(r["player"], r["settlements"], r["cities"], r["declared"]) for r in kept.rows] == [
        (players[0], 3, 2, False),
        (players[1], 2, 4, True),
        (players[2], 3, 0, False),
        (players[3], 3, 1, False),
    ]
    assert browser.js("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone


def test_the_desk_in_chromium_shows_a_report_as_it_comes(hall: Server, browser: Browser) -> None:
    browser.size(1280, 900)
    browser.open(hall.desk)
    assert browser.js("document.querySelectorAll('section.slip').length") == 6
    assert browser.js("document.querySelectorAll('section.slip svg').length") == 6  # a QR code on each slip
    token, players = hall.token(6), round2_tables()[5]
    number = hall.call(f"/r/{token}/report.json", report(players))[1]["id"]
    browser.wait_for(f"document.querySelector('article[data-report=\"{number}\"]') !== null")
    assert browser.js("document.querySelector('section.slip[data-table=\"6\"]').dataset.status") == "reported"
    browser.js(f"document.querySelector('button.reject[data-id=\"{number}\"]').click()")
    browser.wait_for(f"document.querySelector('article[data-report=\"{number}\"] .status').textContent === 'rejected'")


def test_the_desk_prints_four_slips_to_an_a4_page(hall: Server, browser: Browser) -> None:
    import base64

    browser.open(hall.desk)
    pdf = base64.b64decode(browser.page("Page.printToPDF", paperWidth=8.27, paperHeight=11.69)["data"])
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 2  # six tables: four, then two


def test_merge_reports_while_serving_then_the_tables_are_in_the_workbook(hall: Server) -> None:
    """The merge writes the workbook beside the running server (the journal open in it); the server reads the save
    and the desk and the projector say which tables are in the workbook now."""
    before = hall.tables()
    assert [t["status"] for t in before[:2]] == ["reported", "reported"]
    result = run("merge", hall.workbook, "--reports")
    assert result.exit_code == 0, result.output
    deadline = time.monotonic() + 10
    while [t["status"] for t in hall.tables()[:2]] != ["in workbook", "in workbook"]:
        assert time.monotonic() < deadline, hall.tables()
        time.sleep(0.1)
    assert [t["status"] for t in hall.tables()[2:]] == ["playing"] * 4  # 4 and 6 were rejected, 3 and 5 never sent
    page = hall.call("/")[1]
    assert 'data-table="1" data-status="reported"' in page and 'data-table="2" data-status="reported"' in page


def test_a_token_is_stale_once_the_next_round_is_seated(hall: Server, tmp_path: Path) -> None:
    old = hall.token(1)
    assert hall.call(f"/r/{old}")[0] == 200
    book = openpyxl.load_workbook(hall.workbook)
    sheet = book.create_sheet("Round 3")
    for row in [SEATED, [1, 1, "Anna Nowak"], [1, 2, "Bruno Costa"], [1, 3, "Chloé Martin"]]:
        sheet.append(row)
    book.save(tmp_path / "next.xlsx")
    excel_save((tmp_path / "next.xlsx").read_bytes(), hall.workbook)
    deadline = time.monotonic() + 10
    while hall.tables()[0]["round"] != "Round 3":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert hall.call(f"/r/{old}")[0] == 404
    assert hall.call(f"/r/{old}/report.json", report(round2_tables()[0]))[0] == 404
    assert hall.tables()[0]["players"] == ["Anna Nowak", "Bruno Costa", "Chloé Martin"]


def _from(server: Server, address: str, path: str) -> int:
    """The status of a GET of `path` sent from the loopback address `address` (another phone)."""
    import http.client

    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10, source_address=(address, 0))
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


def test_requests_are_limited_per_token_and_per_address(tmp_path: Path) -> None:
    """30 a minute for a table's token, 60 a minute from one address (docs/rules.md §11); others are not held up."""
    server = Server(write_event(tmp_path / "club.xlsx"), free_port())
    try:
        one, two, three = server.token(1), server.token(2), server.token(3)
        assert [server.call(f"/r/{one}")[0] for _ in range(30)] == [200] * 30
        status, page = server.call(f"/r/{one}")
        assert status == 429 and "please wait a minute" in page
        assert _from(server, "127.0.0.2", f"/r/{one}") == 429  # the table's token, from another phone
        assert _from(server, "127.0.0.2", f"/r/{two}") == 200  # another table, another phone
        # this address has asked 31 times: 29 more for other tables, then it waits
        answers = [server.call(f"/r/{two if n % 2 else three}")[0] for n in range(30)]
        assert answers == [200] * 29 + [429]
        assert _from(server, "127.0.0.3", f"/r/{three}") == 200
        wrong = [server.call("/desk/not-the-key")[0] for _ in range(2)]
        assert wrong == [429, 429]  # guessing the key counts against the address too
        assert server.call(f"/desk/{server.key}")[0] == 200  # the organiser is never held up
    finally:
        server.end()


def test_a_report_answered_200_survives_sigkill_and_is_merged(tmp_path: Path) -> None:
    workbook = write_event(tmp_path / "club.xlsx")
    before = workbook.read_bytes()
    server = Server(workbook, free_port())
    players = round2_tables()[0]
    token = server.token(1)
    status, answer = server.call(f"/r/{token}/report.json", report(players, [3, 2, 1, 0]))
    assert status == 200
    server.kill()  # at once after the answer: nothing flushed, closed or checkpointed
    again = Server(workbook, free_port(), "--lang", "pl")
    try:
        assert again.desk_word == "biuro turnieju" and again.key == server.key  # the same key after a restart
        assert again.token(1) == token  # and the same slips
        assert again.tables()[0]["status"] == "reported"
        assert f'data-report="{answer["id"]}"' in again.call(f"/desk/{again.key}")[1]
        page = again.call(f"/r/{token}")[1]  # the table's page in the event's language (here --lang pl)
        assert '<html lang="pl">' in page and "Sprawdź" in page and "Wpisz wynik stołu" in page
        wrong = report(players)
        wrong["rows"][0]["cities"] = 5
        assert again.call(f"/r/{token}/report.json", wrong)[1]["problems"][0]["message"] == (
            "wpisano 5 miast, a można mieć od 0 do 4"
        )
    finally:
        again.kill()
    assert workbook.read_bytes() == before  # the server never wrote the workbook
    assert run("merge", workbook, "--reports").exit_code == 0
    cells = {
        row[2]: row[3:5] for row in openpyxl.load_workbook(workbook)["Round 2"].iter_rows(min_row=2, values_only=True)
    }
    assert [cells[p] for p in players] == [(3, 0), (3, 1), (3, 2), (2, 4)]
