"""`sheet-scorer live` for real (docs/rules.md §9): the server as a process, saves the way Excel saves (a temporary file
renamed over the workbook), headless Chromium watching the pages update in place.

The event is the bundled Spring Open with round 4 half reported: tables 1–4 have results, tables 5–8 are
seated with no game cell filled (still playing). Expected figures are worked out from the sheet's cells:
Ruby Hughes has 5 + 2 + 2.5 = 9.5 round points after rounds 1–3 and sits at table 8 of round 4, a 3-player
table; once it reports she is first there (round points 5/3/2, docs/rules.md §3) and has 14.5.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import openpyxl
import pytest
from click.testing import CliRunner
from helpers import tool_command
from live_server import excel_save, free_port
from paths import ROOT

if TYPE_CHECKING:
    from cdp import Browser

EXAMPLE = ROOT / "example_workbooks" / "spring_open.xlsx"
PLAYING = (5, 6, 7, 8)  # round 4 tables without results in the starting workbook


def edited(source: Path, target: Path, edit) -> None:  # type: ignore[no-untyped-def]
    """`source` with `edit(workbook)` applied, saved as `target` (openpyxl: a different writer, as a real save is)."""
    book = openpyxl.load_workbook(source)
    edit(book)
    book.save(target)


def clear_round4(book: openpyxl.Workbook) -> None:
    sheet = book["Round 4"]
    for row in sheet.iter_rows(min_row=4):
        if row[0].value in PLAYING:
            for cell in row[3:12]:
                cell.value = None


class Server:
    """`sheet-scorer live` as a process on 127.0.0.1; ended by its pid."""

    def __init__(self, workbook: Path, log: Path, port: int) -> None:
        self.port, self.log = port, log
        self.base = f"http://127.0.0.1:{port}"
        self.out = log.open("wb")
        self.process = subprocess.Popen(
            tool_command("live", str(workbook), "--host", "127.0.0.1", "--port", str(port)),
            stdout=self.out,
            stderr=subprocess.PIPE,
            cwd=log.parent,
        )
        deadline = time.monotonic() + 30
        while True:
            try:
                self.get("/standings.json")
                return
            except (urllib.error.URLError, ConnectionError):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        f"live did not start: {self.process.stderr.read().decode() if self.process.stderr else ''}"
                    ) from None
                time.sleep(0.1)

    def get(self, path: str, method: str = "GET") -> bytes:
        with urllib.request.urlopen(urllib.request.Request(self.base + path, method=method), timeout=10) as response:
            return response.read()

    def status(self, path: str, method: str = "GET") -> int:
        try:
            with urllib.request.urlopen(
                urllib.request.Request(self.base + path, method=method), timeout=10
            ) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    def wait_page(self, path: str, text: str, timeout: float = 10.0) -> str:
        """The page once it holds `text` (a save is followed within 2 s; more allowed on a busy test machine)."""
        deadline = time.monotonic() + timeout
        while True:
            page = self.get(path).decode()
            if text in page:
                return page
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} not on {path} after {timeout} s")
            time.sleep(0.1)

    def interrupt(self) -> tuple[int, str]:
        """Ctrl-C: SIGINT to this process; its exit status and what it wrote to stderr."""
        self.process.send_signal(signal.SIGINT)
        try:
            _, err = self.process.communicate(timeout=10)
        finally:
            self.out.close()
        return self.process.returncode, err.decode()

    def end(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.out.close()


@pytest.fixture(scope="module")
def live_books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The workbooks: `full` (round 4 reported), `partial` (tables 5–8 playing), `broken` (an error in a reported table)."""
    folder = tmp_path_factory.mktemp("sources")
    files = {"full": folder / "full.xlsx", "partial": folder / "partial.xlsx", "broken": folder / "broken.xlsx"}
    shutil.copyfile(EXAMPLE, files["full"])
    edited(EXAMPLE, files["partial"], clear_round4)

    def break_it(book: openpyxl.Workbook) -> None:
        book["Round 4"]["D4"] = "many"  # Victor Lang's Settlements, table 1: not a number

    edited(EXAMPLE, files["broken"], break_it)
    return files


@pytest.fixture(scope="module")
def live(live_books: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Path]]:
    hall = tmp_path_factory.mktemp("hall")
    workbook = hall / "spring_open.xlsx"
    shutil.copyfile(live_books["partial"], workbook)
    server = Server(workbook, tmp_path_factory.mktemp("logs") / "live.log", free_port())
    yield server, workbook
    server.end()


RANK3 = "document.querySelector('tr[data-rank=\"3\"] th').textContent"
RUBY = "Array.from(document.querySelectorAll('tr.player-row')).find(r => r.querySelector('th').firstChild.textContent === 'Ruby Hughes')"


def test_projector_before_the_save(live: tuple[Server, Path]) -> None:
    server, _ = live
    page = server.get("/").decode()
    assert "Round 4: 4 of 8 tables reported" in page
    assert page.count('data-status="playing"') == 4 and page.count('data-status="reported"') == 4
    # the ranking figure first: Round Points, then the tie-breakers VP and VP %, then Games
    head = page[page.index("<thead>") : page.index("</thead>")]
    assert [h for h in ("Round Points", "VP", "VP %", "Games") if h in head] == ["Round Points", "VP", "VP %", "Games"]
    assert head.index("Round Points") < head.index(">VP<") < head.index("VP %") < head.index("Games")
    assert "<svg" in page and "http://127.0.0.1:" in page  # the QR code and the phone address
    assert "src=" not in page and 'href="http' not in page  # self-contained: nothing fetched from elsewhere


def test_phone_shows_the_next_table_while_playing(live: tuple[Server, Path]) -> None:
    server, _ = live
    assert '["p-ruby-hughes", "ruby hughes", "Ruby Hughes"]' in server.get("/phone").decode()  # the search's index
    card = server.get("/phone/card/p-ruby-hughes").decode()  # the card, fetched by the page as its own fragment
    assert card.startswith('<article class="card player" id="p-ruby-hughes"') and card.count("<article") == 1
    assert "Now: Round 4, table 8" in card
    assert "Did not play" not in card and "did not play" not in card.split("Round 4")[-1]


def test_json_is_the_score_json_document(live: tuple[Server, Path], tmp_path: Path) -> None:
    from sheet_scorer.cli.main import main

    server, workbook = live
    copy = tmp_path / workbook.name
    shutil.copyfile(workbook, copy)
    result = CliRunner().invoke(main, ["score", str(copy), "--json", str(tmp_path / "out.json")])
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert result.exit_code == int(document["provisional"])
    assert json.loads(server.get("/standings.json")) == document
    assert [s["player"] for s in document["standings"][:2]] == ["Yusuf Demir", "Łukasz Nowak"]


def test_a_save_updates_the_projector_in_place(
    live: tuple[Server, Path], browser: Browser, live_books: dict[str, Path]
) -> None:
    server, workbook = live
    browser.size(1920, 1080)
    browser.open(server.base + "/")
    assert browser.js(RUBY + ".querySelector('td.first').textContent") == "9.5"
    # 30 players do not fit 1920×1080 in projector type: a screenful at a time, ranks 1.. first
    pager = browser.wait_for("document.getElementById('pager').textContent")
    visible = browser.js(
        "Array.from(document.querySelectorAll('tr.player-row')).filter(r => r.offsetParent).map(r => +r.dataset.rank)"
    )
    assert visible == list(range(1, len(visible) + 1)) and 25 <= len(visible) < 30
    assert pager == f"Ranks 1–{len(visible)} of 30 · page 1/2"
    assert browser.js("document.documentElement.scrollHeight") <= 1080
    browser.js("window.kept = 42")
    excel_save(live_books["full"].read_bytes(), workbook)
    browser.wait_for(RUBY + ".querySelector('td.first').textContent === '14.5'")
    assert browser.js(RANK3) == "Ruby Hughes"
    assert browser.js("window.kept") == 42  # the same document: updated in place, not reloaded
    assert browser.js("performance.getEntriesByType('navigation').length") == 1
    assert browser.wait_for("document.querySelector('.progress').textContent") == "After Round 4"


def test_a_half_written_save_keeps_the_last_good_view(live: tuple[Server, Path], live_books: dict[str, Path]) -> None:
    server, workbook = live
    server.wait_page("/", "After Round 4")
    before = server.get("/standings.json")
    whole = live_books["full"].read_bytes()
    excel_save(whole[: len(whole) // 2], workbook)  # a save caught half-way: a truncated zip
    page = server.wait_page("/", "could not be read")
    assert "After Round 4" in page and ">Ruby Hughes<" in page and "14.5" in page
    assert server.get("/standings.json") == before
    excel_save(whole, workbook)
    deadline = time.monotonic() + 10
    while "could not be read" in server.get("/").decode():
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_an_error_keeps_the_last_good_standings_with_a_banner(
    live: tuple[Server, Path], live_books: dict[str, Path]
) -> None:
    server, workbook = live
    excel_save(live_books["broken"].read_bytes(), workbook)
    page = server.wait_page("/", "the last good standings")
    banner = page[page.index('<section class="banner') : page.index("</section>")]
    assert "Round 4 D4" in banner and "Settlements" in banner
    assert "After Round 4" in page and '<th scope="row">Ruby Hughes</th>' in page
    assert (
        json.loads(server.get("/standings.json"))["provisional"] is True
    )  # the JSON follows the file, as score --json
    excel_save(live_books["full"].read_bytes(), workbook)
    deadline = time.monotonic() + 10
    while 'class="banner' in server.get("/").decode():
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_phone_view_at_390px(live: tuple[Server, Path], browser: Browser) -> None:
    server, _ = live
    browser.size(390, 844, mobile=True)
    browser.open(server.base + "/phone")
    browser.js(
        "const box = document.getElementById('who'); box.value = 'lukasz'; box.dispatchEvent(new Event('input'))"
    )
    shown = browser.wait_for(
        "Array.from(document.querySelectorAll('.player')).filter(c => !c.hidden).map(c => c.querySelector('h2').textContent)"
    )
    assert shown == ["Łukasz Nowak"]
    # round 4, table 1: 4 settlements + 3 cities × 2 = 10 VP, first of four: 5 round points
    row = browser.js(
        "Array.from(document.querySelectorAll('.player:not([hidden]) tbody tr')).map(r => r.innerText.split('\\t').join('|'))"
    )
    assert any(r.startswith("Round 4|1|1|10|5|") for r in row), row
    assert browser.js("document.documentElement.scrollWidth") <= 390
    assert browser.js("document.querySelector('.player:not([hidden]) .path').textContent").endswith("→ 2")


#: The labels of a phone's card and standings that wrap onto a second line (an inline label: one box per line it
#: is on; a cell's text: its lines' tops).
WRAPPED = """Array.from(document.querySelectorAll('.nb, thead th, .card tbody th')).filter(e => {
  if (e.matches('.nb')) return e.getClientRects().length > 1;
  const r = document.createRange(); r.selectNodeContents(e);
  return new Set(Array.from(r.getClientRects()).map(b => Math.round(b.top))).size > 1;
}).map(e => e.textContent)"""


def test_no_phone_label_breaks_inside_itself(browser: Browser, live_books: dict[str, Path], tmp_path: Path) -> None:
    """In French ("PV %", "Points de ronde 15", the sheets' names) at 390 px, a card and the standings as the phone page
    shows them: no label on two lines, nothing wider than the screen."""
    from sheet_scorer.live.state import LiveState

    state = LiveState(live_books["partial"], "fr", "http://127.0.0.1:1/phone", "")
    state.load()
    pages = state.pages
    assert pages is not None
    card = pages.card("p-lukasz-nowak")
    assert card is not None
    shell = pages.phone.split("<script>")[0]  # the page without its script: the card and the standings put in
    shell = shell.replace('<div id="live"></div>', f'<div id="live">{card[1].decode()}</div>')
    shell = shell.replace('<div id="standings">', f'<div id="standings">{pages.standings_part()[1].decode()}', 1)
    shell = shell.replace('<details class="standings-box"', '<details open class="standings-box"')
    page = tmp_path / "phone.html"
    page.write_text(shell + "</body></html>", encoding="utf-8")
    for width in (390, 320):  # a common phone, and the narrowest still sold
        browser.size(width, 844, mobile=True)
        browser.open(page.as_uri())
        assert browser.js("document.querySelectorAll('.card tbody th').length") >= 4
        shown = browser.js("document.querySelector('.card').innerText")
        assert "Points de ronde 15" in shown and "PV % 112,71" in shown  # round points 2+3+5+5, VP 3+7+10+10
        assert browser.js(WRAPPED) == [], width
        assert browser.js("document.documentElement.scrollWidth") <= width


def test_a_long_title_leaves_the_qr_code_and_its_address_on_the_projector(
    browser: Browser, live_books: dict[str, Path], tmp_path: Path
) -> None:
    """A title that takes two lines is cut there (never three), and the QR code's address stays on the screen."""
    from sheet_scorer.live.state import LiveState

    title = "Spring Open of the Greater Manchester Catan Players' Association 2026 — Qualifying Rounds, Day Two"
    edited(live_books["partial"], tmp_path / "long.xlsx", lambda book: _settings(book, {"Tournament": title}))
    state = LiveState(tmp_path / "long.xlsx", None, "http://192.0.2.1:8000/phone", "<svg viewBox='0 0 10 10'></svg>")
    state.load()
    assert state.pages is not None
    page = tmp_path / "projector.html"
    page.write_text(state.pages.projector, encoding="utf-8")
    browser.size(1920, 1080)
    browser.open(page.as_uri())
    lines = browser.js(
        "(e => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight)))"
        "(document.querySelector('header.top h1'))"
    )
    assert lines == 2
    assert browser.js("document.querySelector('figure.qr .url').getBoundingClientRect().bottom") <= 1080
    assert browser.js("document.querySelector('figure.qr .url').textContent") == "http://192.0.2.1:8000/phone"


def test_only_get_and_no_files(live: tuple[Server, Path]) -> None:
    server, _ = live
    assert server.status("/", "POST") == 405
    assert server.status("/standings.json", "DELETE") == 405
    for path in ("/spring_open.xlsx", "/..%2f..%2fetc%2fpasswd", "/phone/../../spring_open.xlsx", "/static/x"):
        assert server.status(path) == 404


def test_names_are_escaped(tmp_path: Path) -> None:
    from sheet_scorer.live.state import LiveState

    def rename(book: openpyxl.Workbook) -> None:
        for sheet in book.worksheets:
            for row in sheet.iter_rows():
                for cell in row:
                    if cell.value == "Ruby Hughes":
                        cell.value = "<script>alert(1)</script>"

    edited(EXAMPLE, tmp_path / "event.xlsx", rename)
    state = LiveState(tmp_path / "event.xlsx", None, "http://127.0.0.1:1/phone", "")
    state.load()
    assert state.pages is not None
    card = state.pages.card("p-script-alert-1-script")
    assert card is not None
    for page in (state.pages.projector, state.pages.phone, card[1].decode(), state.pages.standings_part()[1].decode()):
        assert "<script>alert(1)" not in page
    for page in (state.pages.projector, card[1].decode(), state.pages.standings_part()[1].decode()):
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e" in state.pages.phone  # the search's index, as JSON


def test_a_busy_port_is_one_line(live: tuple[Server, Path]) -> None:
    server, workbook = live
    second = subprocess.run(
        [
            sys.executable,
            "-m",
            "sheet_scorer",
            "live",
            str(workbook),
            "--host",
            "127.0.0.1",
            "--port",
            str(server.port),
        ],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert second.returncode == 2
    assert second.stderr.strip().count("\n") == 0 and "already in use" in second.stderr


def test_it_never_writes_and_ctrl_c_exits_130(live: tuple[Server, Path], live_books: dict[str, Path]) -> None:
    server, workbook = live
    assert sorted(p.name for p in workbook.parent.iterdir()) == [workbook.name]
    assert workbook.read_bytes() == live_books["full"].read_bytes()  # the last save, as it was written
    code, err = server.interrupt()
    assert code == 130
    assert "Traceback" not in err and err.strip() == "stopped"
    assert sorted(p.name for p in workbook.parent.iterdir()) == [workbook.name]
    assert workbook.read_bytes() == live_books["full"].read_bytes()


def _settings(book: openpyxl.Workbook, values: dict[str, object]) -> None:
    sheet = book["Settings"]
    rows = {sheet.cell(r, 1).value: r for r in range(1, sheet.max_row + 1)}
    for key, value in values.items():
        row = rows.get(key) or sheet.max_row + 1
        sheet.cell(row, 1, key)
        sheet.cell(row, 2, value)


def test_ranking_figure_first_cut_line_and_language(tmp_path: Path) -> None:
    from sheet_scorer.i18n.vocab import STANDINGS_HEADERS
    from sheet_scorer.live.state import LiveState

    edited(
        EXAMPLE,
        tmp_path / "event.xlsx",
        lambda book: _settings(book, {"Ranking": "Wins", "Playoff Size": 8, "Language": "pl"}),
    )
    state = LiveState(tmp_path / "event.xlsx", None, "http://127.0.0.1:1/phone", "")
    assert state.load().kind == "updated"
    assert state.pages is not None
    page = state.pages.projector
    head = page[page.index("<thead>") : page.index("</thead>")]
    order = [STANDINGS_HEADERS[f]["pl"] for f in ("rank", "player", "wins", "vp", "vp_pct", "round_points", "games")]
    assert [head.index(f">{name}<") for name in order] == sorted(head.index(f">{name}<") for name in order)
    # Yusuf Demir won rounds 2 and 3 (5 round points: first alone) and was second in rounds 1 and 4: 2 wins
    row = page[page.index(">Yusuf Demir<") :]
    row = row[: row.index("</tr>")]
    assert '<td class="num first">2</td>' in row and "145,31" in row  # VP % to hundredths, Polish decimal comma
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    cut = body.index('class="cut"')
    assert body[:cut].count('class="player-row') == 8 and "8" in body[cut : body.index("</tr>", cut)]
    assert 'lang="pl"' in page and "Po rundzie: Round 4" in page


def test_a_table_half_filled_is_an_error_one_not_started_is_not(tmp_path: Path) -> None:
    from sheet_scorer.live.state import LiveState
    from sheet_scorer.live.view import blocking_errors, table_status

    def half(book: openpyxl.Workbook) -> None:
        clear_round4(book)
        book["Round 4"]["D20"] = 2  # table 5, Uma Sharma's Settlements only: reported, but not complete

    edited(EXAMPLE, tmp_path / "half.xlsx", half)
    edited(EXAMPLE, tmp_path / "seated.xlsx", clear_round4)
    seated = LiveState(tmp_path / "seated.xlsx", None, "http://127.0.0.1:1/phone", "")
    assert seated.load().kind == "updated" and seated.banner is None
    assert seated.good is not None
    assert [table_status(seated.good)[("Round 4", t)] for t in range(1, 9)] == ["reported"] * 4 + ["playing"] * 4
    halfway = LiveState(tmp_path / "half.xlsx", None, "http://127.0.0.1:1/phone", "")
    assert halfway.load().kind == "errors"
    assert halfway.good is not None
    assert table_status(halfway.good)[("Round 4", 5)] == "problem"
    cells = {p.cell for p in blocking_errors(halfway.good, table_status(halfway.good))}
    assert "E20" in cells and "D20" not in cells  # the empty cells of the started table, not the one filled


def test_an_unreadable_workbook_is_refused_in_one_line(tmp_path: Path) -> None:
    from sheet_scorer.cli.main import main

    (tmp_path / "event.xlsx").write_bytes(b"PK\x03\x04 not really")
    result = CliRunner().invoke(
        main, ["live", str(tmp_path / "event.xlsx"), "--host", "127.0.0.1", "--port", str(free_port())]
    )
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "damaged" in result.output


def test_an_unexpected_failure_of_a_re_read_is_told_and_the_watching_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A re-read failing with no refusal of its own (a bug, not the workbook) is told as unreadable, by the error's
    type, and the watcher reads again a RETRY_SECONDS later (a second; 0.2 s here): the pages never freeze unsaid."""
    import asyncio

    from sheet_scorer.live import server
    from sheet_scorer.live.server import Hub, watch
    from sheet_scorer.live.state import Outcome

    monkeypatch.setattr(server, "RETRY_SECONDS", 0.2)

    workbook = tmp_path / "event.xlsx"
    workbook.write_bytes(b"before")
    told: list[Outcome] = []

    class Flaky:
        path, version, reads = workbook, 0, 0

        def refresh(self, phones: bool = True) -> Outcome:
            self.reads += 1
            if self.reads == 1:
                raise RuntimeError("a bug")
            return Outcome("updated", 0.0)

    async def run() -> None:
        stop = asyncio.Event()

        def tell(outcome: Outcome) -> None:
            told.append(outcome)
            if len(told) == 2:
                stop.set()

        watcher = asyncio.create_task(watch(Flaky(), Hub(), tell, stop))  # type: ignore[arg-type]
        await asyncio.sleep(0.3)
        workbook.write_bytes(b"saved")
        await asyncio.wait_for(watcher, 10)

    asyncio.run(run())
    assert [(o.kind, o.reason) for o in told] == [("unreadable", "RuntimeError"), ("updated", "")]


def test_an_unreadable_save_is_told_in_the_event_s_language(tmp_path: Path) -> None:
    """The banner and the terminal line say why a save could not be read in the event's language, not in English:
    the refusal travels as its key and values (a Phrase), said where it is shown."""
    from sheet_scorer.i18n.text import say
    from sheet_scorer.live.state import LiveState

    workbook = tmp_path / "event.xlsx"
    shutil.copy(EXAMPLE, workbook)
    state = LiveState(workbook, "pl", "http://127.0.0.1:1/phone", "")
    assert state.load().kind == "updated"
    whole = EXAMPLE.read_bytes()
    workbook.write_bytes(whole[: len(whole) // 2])  # a save caught half-way
    outcome = state.refresh()
    assert outcome.kind == "unreadable"
    assert say("pl", "live_unreadable", time="21:00", reason=outcome.reason) == (
        "21:00 nie udało się odczytać skoroszytu (plik jest uszkodzony (niekompletny .xlsx); zapisz go ponownie w Excelu "
        "lub LibreOffice); nadal widać ostatnią poprawną klasyfikację"
    )
    assert state.pages is not None
    banner = state.pages.projector[state.pages.projector.index('class="banner') :]
    banner = banner[: banner.index("</section>")]
    assert "Ostatniego zapisu nie udało się jeszcze odczytać (plik jest uszkodzony (niekompletny .xlsx)" in banner
    assert "damaged" not in banner and "could not" not in banner


# the line after each save gives the seconds in the language's digits, as every other number it prints:
# 0.084 s is "0.08" in English and "0,08" in Portuguese and Polish (two decimals), never "0.08" after Portuguese words.
@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "updated in 0.08 s: After Round 1"),
        ("pt", "atualizado em 0,08 s: After Round 1"),
        ("pl", "zaktualizowano w 1,50 s: After Round 1"),
    ],
)
def test_the_seconds_of_a_save_are_in_the_languages_digits(
    capsys: pytest.CaptureFixture[str], lang: str, expected: str
) -> None:
    import re

    from sheet_scorer.cli.live import _tell
    from sheet_scorer.live.state import Outcome

    _tell(Outcome("updated", 1.5 if lang == "pl" else 0.084, progress="After Round 1"), lang)
    line = capsys.readouterr().out.strip()
    assert re.fullmatch(r"\d\d:\d\d:\d\d " + re.escape(expected), line), line


# a player's phone card goes on through the playoff sheets, as the report's card does. One VP-only round of 8
# (table 1 Ala 12 declared, Bea 9, Cyd 6, Dan 3; table 2 Eva 11 declared, Fil 8, Gil 5, Hal 2), Playoff Size 4: the
# Final holds Ala, Eva, Bea, Fil; Fil 12 (declared), Ala 9, Eva 7, Bea 5 -> Fil 1st, Ala 2nd, Eva 3rd, Bea 4th. A player
# who did not reach the final (Cyd) has no Final step.
def test_the_phone_card_goes_on_through_the_playoffs(tmp_path: Path) -> None:
    from helpers import write_workbook

    from sheet_scorer.api import check_workbook
    from sheet_scorer.live.view import live_context

    head = ["Table", "Player", "VP", "Declared"]
    round_1 = [
        head,
        [1, "Ala", 12, "x"],
        [1, "Bea", 9, ""],
        [1, "Cyd", 6, ""],
        [1, "Dan", 3, ""],
        [2, "Eva", 11, "x"],
        [2, "Fil", 8, ""],
        [2, "Gil", 5, ""],
        [2, "Hal", 2, ""],
    ]
    final = [head, [1, "Ala", 9, ""], [1, "Eva", 7, ""], [1, "Bea", 5, ""], [1, "Fil", 12, "x"]]
    path = write_workbook(
        tmp_path / "event.xlsx", {"Settings": [["Playoff Size", 4]], "Round 1": round_1, "Final": final}
    )
    context = live_context(check_workbook(path), "en", None, "", "http://127.0.0.1:1/phone", "12:00")
    cards = {card["player"]: card["steps"] for card in context["players"]}
    steps = [(s["sheet"], s["table"], s["place"], s["vp"]) for s in cards["Fil"]]
    assert steps == [("Round 1", 2, "2", 8), ("Final", 1, "1", 12)]  # places as shown
    assert [(s["sheet"], s["place"]) for s in cards["Bea"]] == [("Round 1", "2"), ("Final", "4")]
    assert [s["sheet"] for s in cards["Cyd"]] == ["Round 1"]


# Once the Final is scored the projector shows the champion and the final ranking above the qualifying standings (the
# report's one list, docs/rules.md §6). Round 1 (VP only, round points 5/3/2/1): table 1 Ala 12 declared, Bea 9, Cyd 6,
# Dan 3; table 2 Eva 11 declared, Fil 8, Gil 5, Hal 2 -> qualifying rank Ala, Eva (5 points, 12 > 11 VP), Bea, Fil (3),
# Cyd, Gil (2), Dan, Hal (1); Hal has withdrawn (Players sheet), below the cut of 4 anyway. `playoffs` seats the Final:
# Ala, Eva, Bea, Fil. Fil 12 (declared), Ala 9, Eva 7, Bea 5 -> Fil 1st (champion), Ala 2nd, Eva 3rd, Bea 4th; then the
# others by qualifying rank: Cyd 5, Gil 6, Dan 7, Hal 8 (marked withdrawn after round 1).
def test_the_projector_shows_the_champion_and_the_final_ranking_once_the_final_is_scored(tmp_path: Path) -> None:
    import re

    from helpers import run_ok, write_workbook

    from sheet_scorer.live.state import LiveState
    from sheet_scorer.live.view import PROJECTOR, live_context, render

    head = ["Table", "Player", "VP", "Declared"]
    round_1 = [
        head,
        [1, "Ala", 12, "x"],
        [1, "Bea", 9, ""],
        [1, "Cyd", 6, ""],
        [1, "Dan", 3, ""],
        [2, "Eva", 11, "x"],
        [2, "Fil", 8, ""],
        [2, "Gil", 5, ""],
        [2, "Hal", 2, ""],
    ]
    players = [["Player", "Active"]] + [[row[1], "withdrawn" if row[1] == "Hal" else "yes"] for row in round_1[1:]]
    path = write_workbook(
        tmp_path / "event.xlsx", {"Settings": [["Playoff Size", 4]], "Players": players, "Round 1": round_1}
    )
    run_ok("playoffs", path)

    state = LiveState(path, None, "http://127.0.0.1:1/phone", "")
    assert state.load().kind == "updated" and state.pages is not None
    playing = state.pages.projector  # the Final seated, not reported: the projector shows what it showed before
    assert '<p class="champion">' not in playing and '<table class="final-ranking">' not in playing
    assert "Final Ranking" not in playing
    assert 'data-table="1" data-status="playing"' in playing and "<h2>Final</h2>" in playing

    book = openpyxl.load_workbook(path)
    sheet = book["Final"]
    header = [c.value for c in sheet[1]]
    scores = {"Fil": (12, "x"), "Ala": (9, ""), "Eva": (7, ""), "Bea": (5, "")}
    for row in sheet.iter_rows(min_row=2):
        row[header.index("VP")].value, row[header.index("Declared")].value = scores[row[header.index("Player")].value]
    book.save(path)
    assert state.refresh().kind == "updated"
    page = state.pages.projector
    assert '<p class="champion">Champion: <strong>Fil</strong></p>' in page
    final = page[page.index('<table class="final-ranking">') :]
    final = final[: final.index("</table>")]
    rows = re.findall(
        r'data-rank="(\d+)"><td class="rank num"><span class="rank-badge">\d+</span></td><th scope="row">'
        r'([^<]+)(<small class="muted withdrawn"> · ([^<]+)</small>)?</th><td>([^<]+)</td>',
        final,
    )
    assert [(int(r), p, w, s) for r, p, _, w, s in rows] == [
        (1, "Fil", "", "Final"),
        (2, "Ala", "", "Final"),
        (3, "Eva", "", "Final"),
        (4, "Bea", "", "Final"),
        (5, "Cyd", "", "Qualifying"),
        (6, "Gil", "", "Qualifying"),
        (7, "Dan", "", "Qualifying"),
        (8, "Hal", "withdrawn after round 1", "Qualifying"),
    ]
    assert page.index('<p class="champion">') < page.index("Final Ranking") < page.index('<table class="standings">')
    # the phone leads with them too (docs/rules.md §9), and the medals are the final ranking's alone
    phone = state.pages.phone
    assert '<p class="champion">Champion: <strong>Fil</strong></p>' in phone
    assert (
        phone.index('<p class="champion">') < phone.index('<table class="final-ranking') < phone.index('id="standings"')
    )
    assert re.findall(r'data-rank="(\d)"><td class="rank num">', phone[phone.index('<table class="final-ranking') :])[
        :4
    ] == ["1", "2", "3", "4"]
    standings = page[page.index('<table class="standings">') :]
    assert "medal-" not in standings  # the qualifying standings below the final ranking carry no medals

    assert state.good is not None  # the event's language: the report's words, in Polish
    polish = render(
        PROJECTOR, {**live_context(state.good, "pl", None, "", "http://127.0.0.1:1/phone", "12:00"), "version": 1}
    )
    assert '<p class="champion">Mistrz: <strong>Fil</strong></p>' in polish
