"""The season report on a phone (390 px), measured in headless Chromium: the season points column is on screen
(the standings' long Polish header and long names do not push it out). Skipped without Chromium unless CI=true."""

from __future__ import annotations

import html
import json
import re
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from click.testing import CliRunner
from season_books import season_event

from sheet_scorer.cli.main import main

if TYPE_CHECKING:
    from cdp import Browser

MEASURE = """
<script>
window.addEventListener('load', () => {
  const doc = document.querySelector('iframe').contentDocument;
  const cells = [...doc.querySelectorAll('table.standings td.points, table.standings thead th:nth-child(3)')];
  document.getElementById('out').textContent = JSON.stringify({
    right: Math.max(...cells.map(c => c.getBoundingClientRect().right)), width: doc.documentElement.clientWidth,
    wrap_overflow: doc.querySelector('#standings .wrap').scrollWidth - doc.querySelector('#standings .wrap').clientWidth});
});
</script>
"""


def test_the_season_points_fit_a_phone(browser: Browser, tmp_path: Path) -> None:
    names = ["Grzegorz Brzęczyszczykiewicz", "Agnieszka Kamińska", "Krzysztof Dąbrowski", "Magdalena Zielińska"]
    season_event(tmp_path / "a.xlsx", "Jesień", date(2026, 1, 1), [list(zip(names, (12, 9, 7, 5)))])
    out = CliRunner().invoke(
        main,
        [
            "season",
            str(tmp_path / "a.xlsx"),
            "--lang",
            "pl",
            "-o",
            str(tmp_path / "s.xlsx"),
            "--html",
            str(tmp_path / "s.html"),
        ],
    )
    assert out.exit_code == 0, out.output
    page = (tmp_path / "s.html").read_text(encoding="utf-8")
    harness = tmp_path / "harness.html"
    harness.write_text(
        f"<!DOCTYPE html><html><body style='margin:0'><pre id='out'></pre><iframe width='390' height='3000' "
        f'srcdoc="{html.escape(page)}"></iframe>{MEASURE}</body></html>',
        encoding="utf-8",
    )
    done = browser.dom(
        harness.as_uri(), 800, 900, ready="document.getElementById('out').textContent"
    )  # once the measuring script wrote its figures
    found = re.search(r'<pre id="out">(.*?)</pre>', done, re.S)
    assert found and found.group(1)
    measured = json.loads(html.unescape(found.group(1)))
    assert measured["right"] <= measured["width"] and measured["wrap_overflow"] <= 0, measured
