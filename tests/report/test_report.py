"""The HTML standings report and the JSON export (report issue).

Golden files: tests/golden/*.html hold the rendered reports of the example workbooks and of a
workbook built here. They are compared with whitespace between tags and runs of whitespace
ignored. After an intended change to the report, regenerate them with

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/report/test_report.py

and review the diff. The browser test needs a headless Chromium (Debian: `apt-get install
chromium poppler-utils`); without it the test is skipped, except under CI=true, where it fails.
"""

from __future__ import annotations

import difflib
import html as htmllib
import json
import os
import re
import shutil
import string
import subprocess
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

import openpyxl
import pandas as pd
import pytest
from helpers import HEADERS, player, round_sheet, write_workbook
from json_schema import validate
from markupsafe import escape
from paths import ROOT, TESTS

from sheet_scorer import check_workbook
from sheet_scorer.i18n.text import format_date, format_number, format_pct, ordinal, text
from sheet_scorer.model import ScoreResult
from sheet_scorer.problems import MESSAGES_EN, Problem, messages, problem_message
from sheet_scorer.report import html as report
from sheet_scorer.report.export import JSON_SCHEMA, json_document, write_json
from sheet_scorer.report.html import compact_layout, render_report, stream_report
from sheet_scorer.standings.progression import rank_progression

if TYPE_CHECKING:
    from cdp import Browser

GOLDEN = TESTS / "golden"
EXAMPLES = ROOT / "example_workbooks"
SCRIPT_NAME = "<script>alert('x')</script>"


def bye(name: str) -> list[Any]:
    return ["BYE", name] + [""] * (len(HEADERS) - 2)


# Round 1: Bob and Cyd tie for 2nd at table 1 -> (3 + 2) / 2 = 2.5 each; Hal has a bye (2.75).
# Round 2: Gus has a bye. Totals: Ala 8 (18 VP), <script> 8 (16 VP), Eve 8 (15 VP), Bob 7.5, ...
ROUND_1 = round_sheet(
    player(1, "Ala", settlements=4, cities=3),  # 10
    player(1, "Bob", settlements=3),  # 3
    player(1, "Cyd", settlements=3),  # 3
    player(1, "Dan"),  # 2
    player(2, "Eve", settlements=4, cities=3),  # 10
    player(2, SCRIPT_NAME, settlements=2, cities=2),  # 6
    player(2, "Fay", settlements=2, cities=1),  # 4
    player(2, "Gus"),  # 2
    bye("Hal"),
)
ROUND_2 = round_sheet(
    player(1, "Bob", settlements=4, cities=3),  # 10
    player(1, "Eve", settlements=3, cities=1),  # 5
    player(1, "Hal", settlements=2, cities=1),  # 4
    player(1, "Dan"),  # 2
    player(2, SCRIPT_NAME, settlements=4, cities=3),  # 10
    player(2, "Ala", settlements=2, cities=3),  # 8
    player(2, "Cyd", settlements=3),  # 3
    player(2, "Fay"),  # 2
    bye("Gus"),
)
EXPECTED_ORDER = ["Ala", SCRIPT_NAME, "Eve", "Bob", "Hal", "Cyd", "Gus", "Fay", "Dan"]
SETTINGS = [["Tournament", "Club Night & <Friends>"], ["Date", date(2026, 4, 18)]]


def build(path: Path, *, broken: bool = False, settings: list[list[Any]] = SETTINGS) -> Path:
    round_2 = [list(row) for row in ROUND_2]
    if broken:  # Cyd's knights are text: table 2 of Round 2 is not scored
        round_2[7][HEADERS.index("Knights")] = "three"
    return write_workbook(path, {"Settings": settings, "Round 1": ROUND_1, "Round 2": round_2})


@pytest.fixture(scope="module")
def club_night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club night workbook, written once for the module (its tests only read it)."""
    return build(tmp_path_factory.mktemp("club") / "club_night.xlsx")


@pytest.fixture(scope="module")
def broken(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The club night with Cyd's knights as text, written once for the module (its tests only read it)."""
    return build(tmp_path_factory.mktemp("club") / "club_night_broken.xlsx", broken=True)


def standings_in_html(page: str) -> list[str]:
    """Player names of the standings rows, in page order."""
    table = page[
        page.index('<table class="standings">') : page.index("</table>", page.index('<table class="standings">'))
    ]
    return [htmllib.unescape(name) for name in re.findall(r'<th scope="row"><a href="#[^"]*">(.*?)</a>', table, re.S)]


# --------------------------------------------------------------------------------------------
# Content
# --------------------------------------------------------------------------------------------


def test_names_are_escaped(club_night: Path) -> None:
    page = render_report(check_workbook(club_night), "en")
    assert "<script" not in page.lower()
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in page
    assert "Club Night &amp; &lt;Friends&gt;" in page


def test_the_streamed_page_is_the_rendered_page(club_night: Path, tmp_path: Path) -> None:
    """`score` writes the report piece by piece as it renders (stream_report): the same page, escaping included."""
    result = check_workbook(club_night)
    stream_report(result, tmp_path / "page.html", "pl")
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    assert page == render_report(result, "pl")
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;" in page and "<script" not in page.lower()


def test_standings_order(club_night: Path) -> None:
    result = check_workbook(club_night)
    assert list(result.standings["player"]) == EXPECTED_ORDER
    for lang in ("en", "pl", "pt", "fr"):
        assert standings_in_html(render_report(result, lang)) == EXPECTED_ORDER


@pytest.mark.parametrize(
    ("lang", "split", "other"), [("en", "2.5", "2,5"), ("pl", "2,5", "2.5"), ("pt", "2,5", "2.5"), ("fr", "2,5", "2.5")]
)
def test_split_points_use_the_languages_decimal_mark(club_night: Path, lang: str, split: str, other: str) -> None:
    page = render_report(check_workbook(club_night), lang)
    assert f'<html lang="{lang}">' in page
    assert f">{split}<" in page and f">{other}<" not in page
    assert f">{format_number(2.75, lang)}<" in page or f"({format_number(2.75, lang)})" in page  # bye points


def test_header_date_players_rounds(club_night: Path) -> None:
    en, pl = render_report(check_workbook(club_night), "en"), render_report(check_workbook(club_night), "pl")
    assert "18 April 2026" in en and "18 kwietnia 2026" in pl
    assert "<dd>9</dd>" in en and "<dd>2</dd>" in en  # players, rounds scored


def test_provisional_banner_only_with_errors(club_night: Path, broken: Path) -> None:
    clean = render_report(check_workbook(club_night), "en")
    assert "PROVISIONAL" not in clean and 'id="provisional"' not in clean
    result = check_workbook(broken)
    assert result.has_errors
    page = render_report(result, "en")
    banner = page[page.index('id="provisional"') : page.index("</section>", page.index('id="provisional"'))]
    assert "PROVISIONAL" in banner and "Round 2, table 2" in banner
    assert "Cyd: Knights is &#39;three&#39;, which is not a number" in banner
    assert "Round 1, table" not in banner  # scored tables are not listed
    pl = render_report(result, "pl")
    assert "TYMCZASOWA" in pl
    assert "Cyd: w polu „Rycerze” wpisano „three”, a to nie jest liczba" in pl


def test_medals_cut_and_tie_notes(tmp_path: Path) -> None:
    result = check_workbook(build(tmp_path / "cut.xlsx", settings=[*SETTINGS, ["Playoff Size", 4]]))
    page = render_report(result, "en")
    assert page.count('class="player-row medal-') == 3
    assert re.search(r'medal-1[^"]*" data-rank="1"', page)
    assert page.count(' qualified"') == 4 and "Top 4 advance to the playoffs" in page
    cut_row = page.index('<tr class="cut">')
    assert (
        page.rfind('data-rank="4"', 0, cut_row) > page.rfind('data-rank="3"', 0, cut_row)
        and page.find('data-rank="5"') > cut_row
    )
    assert "Tied with Ala on Round Points; VP decides (16 vs 18)" in page
    assert f"Tied with {escape(SCRIPT_NAME)} on Round Points; VP decides (15 vs 16)" in page
    # no cut line when there are no more players than the playoff size
    small = check_workbook(build(tmp_path / "nocut.xlsx", settings=[*SETTINGS, ["Playoff Size", 16]]))
    assert len(small.standings) <= 16 and '<tr class="cut">' not in render_report(small, "en")


@pytest.mark.parametrize(
    ("rows", "cut"),
    [([], None), ([["Playoff Size", 0]], None), ([["Playoff Size", ""]], None), ([["Playoff Size", 4]], 4)],
)
def test_cut_line_only_when_playoff_size_is_set(tmp_path: Path, rows: list[list[Any]], cut: int | None) -> None:
    """docs/rules.md §7: no Playoff Size, 0 or blank: no cut line, and no problem either."""
    result = check_workbook(build(tmp_path / "cut.xlsx", settings=[*SETTINGS, *rows]))
    assert len(result.standings) > 4 and not result.problems
    assert json_document(result)["playoff_cut"] == cut
    assert ('<tr class="cut">' in render_report(result, "en")) == (cut is not None)


def test_cut_line_when_playoff_sheets_exist(tmp_path: Path) -> None:
    """A Final sheet and no Playoff Size: the top 4 (a final only) are marked."""
    path = build(tmp_path / "final.xlsx")
    book = openpyxl.load_workbook(path)
    book.create_sheet("Final")
    book.save(path)
    assert json_document(check_workbook(path))["playoff_cut"] == 4


def test_round_results_show_places_bonuses_and_byes(tmp_path: Path) -> None:
    rows = [list(r) for r in ROUND_1]
    rows[1] = player(1, "Ala", settlements=2, cities=3, knights=3, roads=6, road_length=5)  # 2 + 6 + 2 + 2 = 12
    result = check_workbook(write_workbook(tmp_path / "bonus.xlsx", {"Round 1": rows}))
    page = render_report(result, "en")
    round_1 = page[page.index('id="round-1"') : page.index("</section>", page.index('id="round-1"'))]
    assert re.search(r">2=</td>\s*<th[^>]*><a[^>]*>Bob</a>", round_1) and re.search(
        r">2=</td>\s*<th[^>]*><a[^>]*>Cyd</a>", round_1
    )
    assert 'title="Largest Army (+2 VP)"' in round_1 and 'title="Longest Road (+2 VP)"' in round_1
    assert "Bye:</strong>" in round_1 and ">Hal</a> (2.75)" in round_1


def test_player_paths_link_from_standings(club_night: Path) -> None:
    page = render_report(check_workbook(club_night), "en")
    ids = re.findall(r'<th scope="row"><a href="#([^"]+)">', page)
    assert ids and all(f'<article class="card" id="{i}">' in page for i in ids[: len(EXPECTED_ORDER)])
    card = page[page.index('id="p-ala"') : page.index("</article>", page.index('id="p-ala"'))]
    opponents = [
        re.findall(r">([^<]*)</a>", cell) for cell in re.findall(r'<td colspan="4" class="opp">(.*?)</td>', card, re.S)
    ]
    assert opponents == [["Bob", "Cyd", "Dan"], [str(escape(SCRIPT_NAME)), "Cyd", "Fay"]]  # in place order


def test_svg_chart_is_inline_and_greyscale_readable(club_night: Path) -> None:
    page = render_report(check_workbook(club_night), "en")
    svg = page[page.index("<svg") : page.index("</svg>")]
    assert 'role="img"' in svg and "<title" in svg
    series = svg.count('<g class="series">')
    assert series == 8
    dashes = set(re.findall(r'stroke-dasharray="([^"]+)"', svg))
    assert len(dashes) >= 3  # dash patterns, not colour alone
    assert "1. Ala" in svg  # direct labels


def progression_of(result: ScoreResult, lang: str = "en") -> pd.DataFrame:
    """The rank after each round of every player of `result`, as the chart gets it."""
    rounds = [sheet.name for sheet in result.data.rounds]
    return rank_progression(
        result.results, result.data.settings, result.data.adjustments, lang, rounds, list(result.standings["player"])
    )


def test_rank_progression_ends_at_the_final_rank(club_night: Path) -> None:
    result = check_workbook(club_night)
    progression = progression_of(result)
    assert list(progression.columns) == ["Round 1", "Round 2"]
    assert list(progression["Round 2"]) == list(result.standings["rank"])
    # after round 1: Ala and Eve 5 (10 VP each, name decides), <script> 3, Hal 2.75, Bob and Cyd 2.5 ...
    assert list(progression["Round 1"].sort_values().index[:4]) == ["Ala", "Eve", SCRIPT_NAME, "Hal"]


def test_self_contained_no_network(club_night: Path, broken: Path) -> None:
    for path in (club_night, broken):
        page = render_report(check_workbook(path), "en")
        assert not re.search(r"""(?:src|href|action|xlink:href)\s*=\s*["']?\s*(?:https?:)?//""", page, re.I)
        assert "http://" not in page and "https://" not in page
        for tag in ("<script", "<link", "<img", "<iframe", "@import", "url(", "@font-face"):
            assert tag not in page.lower()


def test_stream_report_and_json(club_night: Path, tmp_path: Path) -> None:
    result = check_workbook(club_night)
    stream_report(result, tmp_path / "out.html", "fr")
    assert (tmp_path / "out.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    write_json(result, tmp_path / "out.json")
    document = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert document == json.loads(json.dumps(json_document(result)))


# --------------------------------------------------------------------------------------------
# JSON export
# --------------------------------------------------------------------------------------------


def test_json_export_validates_against_its_schema(club_night: Path, broken: Path) -> None:
    for path in (club_night, broken):
        document = json_document(check_workbook(path))
        validate(document, JSON_SCHEMA)
        assert document["schema"] == "sheet-scorer/standings" and document["version"] == 2
    result = check_workbook(broken)
    document = json_document(result)
    assert document["provisional"] is True and document["date"] == "2026-04-18"
    assert [row["player"] for row in document["standings"]] == list(result.standings["player"])
    assert document["standings"][0]["rounds"] == {"Round 1": 5.0, "Round 2": 3.0}  # Eve
    table = document["results"][0]["tables"][0]
    assert [(p["player"], p["place"], p["tied"], p["round_points"]) for p in table["players"]] == [
        ("Ala", 1, False, 5.0),
        ("Bob", 2, True, 2.5),
        ("Cyd", 2, True, 2.5),
        ("Dan", 4, False, 1.0),
    ]
    assert document["results"][0]["byes"] == [{"player": "Hal", "round_points": 2.75}]
    unscored = document["results"][1]["tables"][1]
    assert unscored["scored"] is False and all(p["round_points"] is None for p in unscored["players"])
    assert {"code": "not-a-number", "cell": "F8"}.items() <= document["problems"][0].items()
    clean = json_document(check_workbook(club_night))
    assert (
        clean["standings"][1]["tiebreak"] == {"above": "Ala", "by": "vp"} and clean["standings"][0]["tiebreak"] is None
    )


def test_json_schema_keys_are_documented() -> None:
    doc = json_document.__doc__ or ""
    for key in JSON_SCHEMA["properties"]:
        assert re.search(rf"^\s+{key}\s", doc, re.M), f"{key} is not documented in json_document's docstring"


def test_empty_workbook_still_renders(tmp_path: Path) -> None:
    rows = round_sheet(player(1, "Ala", knights="x"), player(1, "Bob"), player(1, "Cyd"))
    result = check_workbook(write_workbook(tmp_path / "empty.xlsx", {"Round 1": rows}))
    page = render_report(result, "en")
    assert "PROVISIONAL" in page and "Round 1, table 1" in page
    validate(json_document(result), JSON_SCHEMA)


# --------------------------------------------------------------------------------------------
# i18n
# --------------------------------------------------------------------------------------------


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", ["pl", "pt", "fr"])
def test_every_problem_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    catalogue = messages(lang)
    assert set(catalogue) == set(MESSAGES_EN)
    for code, english in MESSAGES_EN.items():
        assert _fields(catalogue[code]) == _fields(english), code
        assert catalogue[code] != english, code


def test_problem_message_localises_numbers() -> None:
    """Decimals the language's way, and the column named in the language's words (docs/rules.md §1)."""
    problem = Problem(
        "not-whole-number", "Runda 1", "E5", "Ala", field="cities", params={"column": "Cities", "value": 2.5}
    )
    assert problem_message(problem, "en") == "Ala: Cities is 2.5, but it must be a whole number"
    assert problem_message(problem, "pl") == "Ala: w polu „Miasta” wpisano 2,5, a musi tam być liczba całkowita"
    assert (
        problem_message(problem, "fr")
        == "Ala\u202f: la case «\u202fVilles\u202f» contient 2,5, mais doit contenir un nombre entier"
    )
    assert problem_message(problem, "xx") == problem.message


def test_formatting() -> None:
    assert [format_number(2.5, lang) for lang in ("en", "pl", "pt", "fr")] == ["2.5", "2,5", "2,5", "2,5"]
    assert format_number(16.0, "pl") == "16" and format_number(None, "en") == ""
    assert (
        format_pct(116.94444, "en") == "116.94"
        and format_pct(116.94444, "fr") == "116,94"
        and format_pct(5, "pt") == "5,00"
    )
    assert format_date(date(2026, 4, 18), "pt") == "18 de abril de 2026" and format_date("spring", "en") == "spring"
    assert text("fr", "table_n", table=3) == "Table 3" and text("pt", "points_short") == "Pontos"
    for lang in ("pl", "pt", "fr"):
        assert text(lang, "round_points") in ("Punkty rundy", "Pontos de rodada", "Points de ronde")


# --------------------------------------------------------------------------------------------
# Large events: the compact layout
# --------------------------------------------------------------------------------------------

# Games of a table of 4 as (settlements, cities): 10, 6, 5, 2 VP, or 10, 5, 5, 2 VP (a shared 2nd place).
GAMES = [(4, 3), (2, 2), (3, 1), (2, 0)]
GAMES_TIED = [(4, 3), (3, 1), (3, 1), (2, 0)]
FIRST_NAMES = [
    "Ala",
    "Bartek",
    "Chloe",
    "Dawid",
    "Emma",
    "Finn",
    "Iga",
    "Jakub",
    "Łukasz",
    "Zoë",
    "Théo",
    "Inês",
    "João",
    "Ángela",
    "Renée",
    "Søren",
]
LAST_NAMES = [
    "Nowak",
    "Wiśniewski",
    "Silva",
    "Dubois",
    "Okafor",
    "Walsh",
    "Kelly",
    "Price",
    "Costa",
    "Lima",
    "Moreau",
    "Byrne",
    "Evans",
    "Hughes",
    "Carter",
]


def big_event(path: Path, players: int, rounds: int) -> Path:
    """`players` (a multiple of 4) × `rounds` valid games in tables of 4, written with openpyxl write_only."""
    names = [
        f"{FIRST_NAMES[i % 16]} {LAST_NAMES[i // 16 % 15]}" + (f" {i // 240 + 1}" if i >= 240 else "")
        for i in range(players)
    ]
    names[7] = SCRIPT_NAME
    book = openpyxl.Workbook(write_only=True)
    settings = book.create_sheet("Settings")
    settings.append(["Tournament", "Big Open"])
    settings.append(["Playoff Size", 16])
    for r in range(rounds):
        sheet = book.create_sheet(f"Round {r + 1}")
        sheet.append(HEADERS)
        order = names[r * 37 % players :] + names[: r * 37 % players]  # a different seating each round
        order = order[r % 2 :: 2] + order[1 - r % 2 :: 2]
        for t in range(players // 4):
            games = GAMES_TIED if t % 5 == 0 else GAMES
            shift = (t + r) % 4
            for seat in range(4):
                settlements, cities = games[(seat + shift) % 4]
                sheet.append(player(t + 1, order[4 * t + seat], settlements=settlements, cities=cities))
    book.save(path)
    return path


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> ScoreResult:
    """400 players × 6 rounds: 2,400 result rows, below FULL_LAYOUT_MAX_ROWS."""
    result = check_workbook(big_event(tmp_path_factory.mktemp("big") / "big_open.xlsx", 400, 6))
    assert not result.has_errors and len(result.results) == 2400 and len(result.standings) == 400
    return result


def links_resolve(page: str) -> None:
    """Every in-page link (#id) has its target on the page."""
    targets = set(re.findall(r"""\sid=["']?([^"'\s>]+)""", page))
    missing = set(re.findall(r'href="#([^"]+)"', page)) - targets
    assert not missing, sorted(missing)[:10]


def test_big_event_gets_the_full_page_within_its_budget(big: ScoreResult) -> None:
    assert not compact_layout(big)
    page = render_report(big, "en")
    # everything as for a small event: a card per table and per player; about 0.7 kB per result row
    assert len(page.encode()) < 1_000 * len(big.results), len(page.encode())
    assert standings_in_html(page) == list(big.standings["player"])
    assert page.count('<article class="card" id="p-') == 400
    assert page.count('<section class="round"') == 6 and "<details" not in page
    links_resolve(page)
    svg = page[page.index("<svg") : page.index("</svg>")]
    height = float(re.search(r'viewBox="0 0 \d+ ([\d.]+)"', svg).group(1))
    assert height < 500 and "Rank (log scale)" in svg  # the top 8 came from far down: log rank axis


def compact_standings(page: str) -> list[str]:
    """Player names of the compact standings rows, in page order."""
    table = page[
        page.index('<table class="standings compact">') : page.index(
            "</table>", page.index('<table class="standings compact">')
        )
    ]
    return [htmllib.unescape(name) for name in re.findall(r"<th scope=row>([^<]*)", table)]


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_big_event_compact_layout(big: ScoreResult, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setattr(report, "FULL_LAYOUT_MAX_ROWS", 1000)
    assert compact_layout(big)
    page = render_report(big, lang)
    size = len(page.encode())
    # L (10,000 players × 10 rounds) is 4.4 MB: about 44 bytes per result row with the standings
    assert size < 40_000 + 50 * len(big.results), size
    # the complete standings, in order, with the cut line and escaped names
    assert compact_standings(page) == list(big.standings["player"])
    assert page.count("<tr class=cut>") == 1 and "<script" not in page.lower()
    assert f"<th scope=row>{escape(SCRIPT_NAME)}" in page
    # each round collapsed: one row per table, every player once per round in place order with VP
    assert page.count('<details class="round"') == 6 and "<details open" not in page
    rounds = page[page.index('<section id="rounds">') : page.index("</section>", page.index('<section id="rounds">'))]
    assert rounds.count("<tr><th scope=row>") == 6 * 100
    assert rounds.count(f"<td>{escape(SCRIPT_NAME)}") == 6
    assert f'<th scope="col">{ordinal(4, lang)}</th>' in rounds and "(2=)<td>5" in rounds
    # no card per player; the links that are left (chart, contents) resolve
    assert '<article class="card"' not in page and 'id="players"' not in page
    links_resolve(page)
    assert str(escape(text(lang, "compact_note", players=400))) in page


def test_compact_layout_of_a_small_event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The compact layout shows the same results: places, shared places, byes, an unscored table and why."""
    monkeypatch.setattr(report, "FULL_LAYOUT_MAX_ROWS", 0)
    result = check_workbook(build(tmp_path / "club_night.xlsx", broken=True))
    page = render_report(result, "en")
    assert compact_standings(page) == list(result.standings["player"])
    assert "<tr><th scope=row>1<td>Ala<td>10<td>Bob (2=)<td>3<td>Cyd (2=)<td>3<td>Dan<td>2" in page
    assert '<tr class=bad><th scope=row>2 <span class="pill bad">not scored</span>' in page
    assert "Cyd: Knights is &#39;three&#39;, which is not a number" in page
    assert "Hal (2.75)" in page and "Gus (" in page
    check_golden("club_night.compact.en.html", page)


def test_rank_progression_ends_at_the_final_ranking(big: ScoreResult) -> None:
    full = progression_of(big)
    assert list(full.iloc[:, -1]) == list(big.standings["rank"])


def test_format_number_is_cached_and_still_localised() -> None:
    assert [format_number(v, "fr") for v in (2.5, 2.5, 1234.5, float("nan"), None)] == [
        "2,5",
        "2,5",
        "1\u202f234,5",
        "",
        "",
    ]
    assert format_pct(116.94444, "pl") == "116,94" and format_number("x", "en") == "x"
    assert [ordinal(n, "en") for n in (1, 2, 3, 4, 11, 21)] == ["1st", "2nd", "3rd", "4th", "11th", "21st"]
    assert (ordinal(1, "fr"), ordinal(2, "fr"), ordinal(3, "pt"), ordinal(4, "pl")) == ("1er", "2e", "3.º", "4.")


# --------------------------------------------------------------------------------------------
# Golden files
# --------------------------------------------------------------------------------------------


def normalise(page: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r">\s+<", "><", page)).strip()


STYLE = re.compile(r"<style>(.*?)</style>", re.S)


def check_golden(name: str, page: str) -> None:
    """`page` against golden/`name`, which is stored without its CSS: the CSS is checked once (`check_css`)."""
    check_css(name, STYLE.search(page).group(1))
    page = STYLE.sub("<style></style>", page, count=1)
    golden = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(page, encoding="utf-8")
        return
    assert golden.is_file(), f"{golden} is missing; create it with UPDATE_GOLDEN=1"
    compare(name, golden.read_text(encoding="utf-8"), page)


def compare(name: str, golden: str, rendered: str) -> None:
    """Fail with a short diff when `rendered` differs from `golden` beyond white space."""
    expected, actual = normalise(golden), normalise(rendered)
    if expected != actual:
        diff = difflib.unified_diff(
            expected.replace("><", ">\n<").splitlines(),
            actual.replace("><", ">\n<").splitlines(),
            "golden",
            "rendered",
            lineterm="",
            n=2,
        )
        pytest.fail(f"{name} differs from the golden file (UPDATE_GOLDEN=1 to accept):\n" + "\n".join(list(diff)[:60]))


def check_css(name: str, css: str) -> None:
    """The report's CSS against golden/report.css; a compact page's against report.css plus golden/report.compact.css,
    the lines the compact layout adds (all the golden pages share one stylesheet, so it is stored once)."""
    base = GOLDEN / "report.css"
    if ".compact." not in name:
        if os.environ.get("UPDATE_GOLDEN") == "1":
            base.write_text(css, encoding="utf-8")
            return
        compare("report.css", base.read_text(encoding="utf-8"), css)
        return
    lines, shared = css.splitlines(), base.read_text(encoding="utf-8").splitlines()
    matcher = difflib.SequenceMatcher(None, shared, lines, autojunk=False)
    assert all(op in ("equal", "insert") for op, *_ in matcher.get_opcodes()), (
        "the compact CSS leaves out lines of report.css"
    )
    added = "\n".join(line for op, _, _, j1, j2 in matcher.get_opcodes() if op == "insert" for line in lines[j1:j2])
    extra = GOLDEN / "report.compact.css"
    if os.environ.get("UPDATE_GOLDEN") == "1":
        extra.write_text(added + "\n", encoding="utf-8")
        return
    compare("report.compact.css", extra.read_text(encoding="utf-8"), added)


@pytest.mark.parametrize(("workbook", "lang"), [("spring_open", None), ("runda_polska", None), ("mistakes", None)])
def test_golden_example_reports(workbook: str, lang: str | None) -> None:
    result = check_workbook(EXAMPLES / f"{workbook}.xlsx")
    language = lang or result.data.settings.language
    check_golden(f"{workbook}.{language}.html", render_report(result, language))


@pytest.mark.parametrize("lang", ["en", "pt", "fr"])
def test_golden_built_reports(tmp_path: Path, lang: str) -> None:
    result = check_workbook(build(tmp_path / "club_night.xlsx", broken=lang == "pt"))
    check_golden(f"club_night.{lang}.html", render_report(result, lang))


# --------------------------------------------------------------------------------------------
# In a real browser
# --------------------------------------------------------------------------------------------


def test_report_in_headless_chromium(browser: Browser, tmp_path: Path) -> None:
    result = check_workbook(build(tmp_path / "club_night.xlsx", settings=[*SETTINGS, ["Playoff Size", 4]]))
    page = tmp_path / "report.html"
    stream_report(result, page, "en")
    uri = page.resolve().as_uri()

    dom = browser.dom(uri)
    assert standings_in_html(dom) == EXPECTED_ORDER
    assert "<svg" in dom and 'class="cut"' in dom

    pdf = tmp_path / "report.pdf"
    browser.print_pdf(uri, pdf)
    assert pdf.is_file() and pdf.stat().st_size > 1000 and pdf.read_bytes()[:5] == b"%PDF-"
    if shutil.which("pdftotext"):
        first = subprocess.run(
            ["pdftotext", "-f", "1", "-l", "1", "-layout", str(pdf), "-"],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        ).stdout
        assert "Standings" in first and "Club Night & <Friends>" in first
        positions = [first.find(name) for name in EXPECTED_ORDER]
        assert -1 not in positions and positions == sorted(positions), positions


def test_compact_report_in_headless_chromium(browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser reads the compact markup (no optional end tags) as the intended rows and cells."""
    monkeypatch.setattr(report, "FULL_LAYOUT_MAX_ROWS", 0)
    result = check_workbook(build(tmp_path / "club_night.xlsx", broken=True, settings=[*SETTINGS, ["Playoff Size", 4]]))
    page = tmp_path / "report.html"
    stream_report(result, page, "en")
    dom = browser.dom(page.resolve().as_uri())
    start = dom.index('<table class="standings compact">')
    body = dom[dom.index("<tbody>", start) : dom.index("</tbody>", start)]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
    players = [r for r in rows if "<th" in r]
    assert [htmllib.unescape(re.search(r'<th scope="row">([^<]*)', r).group(1)) for r in players] == list(
        result.standings["player"]
    )
    assert all(len(re.findall(r"<t[dh][ >]", r)) == 6 + 2 for r in players)  # rank, name, 4 totals, 2 rounds
    assert len(rows) == len(players) + 1  # and the cut line
    games = dom[dom.index('<details class="round" id="round-1">') :]
    first = re.search(r"<tbody>\s*<tr>(.*?)</tr>", games, re.S).group(1)
    assert [c.strip() for c in re.findall(r">([^<>]+)</td>", first)] == [
        "Ala",
        "10",
        "Bob (2=)",
        "3",
        "Cyd (2=)",
        "3",
        "Dan",
        "2",
    ]
