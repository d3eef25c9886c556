"""The report on a phone (390 px) and on A4 (docs/rules.md §5), measured in headless Chromium.

One browser start measures every view: a harness page holds the reports in iframes (srcdoc, so the
harness may read their layout) at 390 px, and at the A4 text width (188 mm = 711 px) with the print
rules applied to the screen; a script writes what it measured into the page, read with --dump-dom.
One more start prints a real PDF, one takes the 390-px screenshot. Skipped without Chromium unless CI=true.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from sheet_scorer import check_workbook
from sheet_scorer.i18n.text import text
from sheet_scorer.report.html import render_report

if TYPE_CHECKING:
    from cdp import Browser

EXAMPLES = Path(__file__).parent.parent / "example_workbooks"
A4_TEXT_WIDTH = 711  # 210 mm less the 2 x 11 mm margins of the print rules, at 96 px per inch

MEASURE = """
<script>
function inside(r, box) { return r.width > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5; }
function visible(el) { return el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden'; }
function measure(frame) {
  const doc = frame.contentDocument, win = frame.contentWindow, out = {view: frame.id};
  const viewport = {left: 0, right: win.innerWidth};
  out.page_overflow = doc.documentElement.scrollWidth - doc.documentElement.clientWidth;
  out.cut_names = [];
  for (const el of doc.querySelectorAll('.paths .card a[href^="#"], .paths .card h3')) {
    if (el.closest('.back')) continue;
    const card = el.closest('.card').getBoundingClientRect();
    for (const r of el.getClientRects()) if (!inside(r, card) || !inside(r, viewport)) out.cut_names.push(el.textContent);
  }
  out.opponents = [...doc.querySelectorAll('.paths tr.opp a')].map(a => a.textContent);
  const chart = doc.querySelector('.chart-scroll');
  if (chart) {
    const box = chart.getBoundingClientRect(), clip = {left: Math.max(box.left, 0), right: Math.min(box.right, win.innerWidth)};
    const rounds = [...doc.querySelectorAll('svg.chart .round-label')];
    out.last_round_visible = inside(rounds[rounds.length - 1].getBoundingClientRect(), clip);
    const legend = [...doc.querySelectorAll('.chart-legend li')].filter(visible);
    const labels = [...doc.querySelectorAll('svg.chart .line-label')];
    out.labels = labels.length;
    out.labels_in_chart = labels.filter(t => inside(t.getBoundingClientRect(), clip)).length;
    out.labels_in_legend = legend.filter(li => inside(li.getBoundingClientRect(), viewport)).length;
  }
  const first = doc.querySelector('table.standings tbody tr');
  if (first) {  // rank, name, ranking figure and first tie-breaker on screen, the rest behind a visible cue
    out.first_four_right = Math.max(...[...first.children].slice(0, 4).map(c => c.getBoundingClientRect().right));
    out.width = win.innerWidth;
    out.table_wider = doc.querySelector('table.standings').getBoundingClientRect().width > doc.querySelector('.wrap.cue').clientWidth;
    const cue = doc.querySelector('.more-cols');
    out.cue = cue && visible(cue) ? cue.textContent : '';
  }
  out.playoff_overflow = Math.max(0, ...[...doc.querySelectorAll('table.playoff, table.final-ranking')].map(
    t => t.parentElement.scrollWidth - t.parentElement.clientWidth));
  out.playoff_tables = doc.querySelectorAll('table.playoff, table.final-ranking').length;
  out.keys = [...doc.querySelectorAll('.key')].filter(visible).map(k => k.textContent.replace(/\\s+/g, ' ').trim());
  return out;
}
window.addEventListener('load', () => {
  document.getElementById('out').textContent = JSON.stringify([...document.querySelectorAll('iframe')].map(measure));
});
</script>
"""


def as_printed(page: str) -> str:
    """The page with its print rules applied on screen, to measure A4 layout in a frame of the A4 text width."""
    return page.replace("@media print", "@media all")


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[str, object]]:
    """The Polish example (16 long Polish names, 3 rounds: the chart) and the mistakes example (unscored tables: '!')."""
    out = {}
    for name, lang in (("runda_polska", "pl"), ("mistakes", "en")):
        result = check_workbook(EXAMPLES / f"{name}.xlsx")
        out[name] = (render_report(result, lang), result)
    event22 = check_workbook(Path(__file__).parent / "data" / "event22.xlsx")  # run to its final ranking
    out["event22"] = (render_report(event22, "fr"), event22)
    return out


@pytest.fixture(scope="module")
def measured(
    browser: Browser, reports: dict[str, tuple[str, object]], tmp_path_factory: pytest.TempPathFactory
) -> dict[str, dict]:
    folder = tmp_path_factory.mktemp("layout")
    frames = []
    for name, (page, _) in reports.items():
        frames.append(f'<iframe id="{name}-phone" width="390" height="12000" srcdoc="{html.escape(page)}"></iframe>')
        frames.append(
            f'<iframe id="{name}-a4" width="{A4_TEXT_WIDTH}" height="12000" srcdoc="{html.escape(as_printed(page))}"></iframe>'
        )
    harness = folder / "harness.html"
    harness.write_text(
        f"<!DOCTYPE html><html><body style='margin:0'><pre id='out'></pre>{''.join(frames)}{MEASURE}</body></html>",
        encoding="utf-8",
    )
    done = browser.dom(
        harness.as_uri(), 1200, 900, ready="document.getElementById('out').textContent"
    )  # once the measuring script wrote its figures
    found = re.search(r'<pre id="out">(.*?)</pre>', done, re.S)
    assert found and found.group(1), "the measuring script did not run"
    return {view["view"]: view for view in json.loads(html.unescape(found.group(1)))}


VIEWS = ["runda_polska-phone", "runda_polska-a4", "mistakes-phone", "mistakes-a4"]


@pytest.mark.parametrize("view", VIEWS)
def test_every_name_on_the_player_cards_is_whole(measured: dict[str, dict], view: str) -> None:
    assert measured[view]["opponents"], "no opponents measured"
    assert measured[view]["cut_names"] == []
    assert measured[view]["page_overflow"] <= 0


def test_every_opponent_of_the_polish_event_is_listed(measured: dict[str, dict], reports: dict) -> None:
    """16 players, 3 rounds, all at tables of 4: 16 x 3 x 3 opponent names on the cards."""
    assert len(measured["runda_polska-phone"]["opponents"]) == 16 * 3 * 3


@pytest.mark.parametrize("view", ["runda_polska-phone", "runda_polska-a4"])
def test_the_chart_shows_its_last_round_and_every_label_without_scrolling(measured: dict[str, dict], view: str) -> None:
    chart = measured[view]
    assert chart["last_round_visible"] is True
    assert chart["labels"] == 8  # the top 8 of 16
    assert chart["labels_in_chart"] == 8 or chart["labels_in_legend"] == 8


@pytest.mark.parametrize("view", ["mistakes-phone", "mistakes-a4"])
def test_badges_and_the_not_scored_mark_are_explained_on_the_page(measured: dict[str, dict], view: str) -> None:
    keys = " ".join(measured[view]["keys"])
    for key in ("declared_title", "army_title", "road_title", "not_scored_key"):
        assert text("en", key) in keys, key


def test_printed_a4_and_phone_screenshot(browser: Browser, reports: dict, tmp_path: Path) -> None:
    """The real print (A4 PDF) carries every opponent's name whole; the 390-px screenshot is written."""
    page, result = reports["runda_polska"]
    source = tmp_path / "report.html"
    source.write_text(page, encoding="utf-8")
    pdf = tmp_path / "report.pdf"
    browser.print_pdf(source.as_uri(), pdf)
    assert pdf.read_bytes()[:5] == b"%PDF-"
    if shutil.which("pdftotext"):
        words = " ".join(
            subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split()
        )
        # every player, whole: standings 1 + round tables 3 + own card 1 + opponent on 3 cards x 3 rounds = 14
        for name in result.standings["player"]:
            assert words.count(name) >= 1 + 3 + 1 + 3 * 3, name
    shot = tmp_path / "phone.png"
    browser.shot(source.as_uri(), shot, 390, 2000)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(shot.read_bytes()[16:20], "big") == 390  # PNG width


@pytest.mark.parametrize("view", ["runda_polska-phone", "mistakes-phone"])
def test_the_phone_shows_the_ranking_figure_and_first_tiebreaker_and_cues_the_rest(
    measured: dict[str, dict], view: str
) -> None:
    shown = measured[view]
    assert shown["first_four_right"] <= shown["width"]
    assert shown["table_wider"] and shown["cue"].startswith("→")  # more columns beyond the edge, and a line saying so


def test_the_cue_is_not_printed(measured: dict[str, dict]) -> None:
    assert measured["runda_polska-a4"]["cue"] == ""


@pytest.mark.parametrize("view", ["event22-phone", "event22-a4"])
def test_the_playoff_tables_fit_a_phone_and_a4_without_scrolling(measured: dict[str, dict], view: str) -> None:
    shown = measured[view]
    assert shown["playoff_tables"] == 3  # the final ranking, the semifinal, the final
    assert shown["playoff_overflow"] <= 0 and shown["page_overflow"] <= 0 and shown["cut_names"] == []
    assert shown["first_four_right"] <= shown["width"]
