"""The outputs tell the whole event. A 22-player Polish event run to its final ranking (tests/event22.py):
slips that print whole (checked in a PDF printed by Chromium, by the positions of its words), the ranking figure
first, the playoffs in the report, JSON and terminal, the terminal's top rows, the chart's labels, and the
grammar and typography of the four languages.

Expected values come from the sheets as written (the Finał sheet's seat 1 wins: event22 types 10 VP there),
from docs/rules.md §5-6 and by hand, never from what the code prints.
"""

from __future__ import annotations

import dataclasses
import html
import itertools
import re
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any

import openpyxl
import pytest
from event22 import HEADERS_PL, built_event
from helpers import run, write_workbook
from json_schema import validate
from merge_books import judge_a, judge_b, make_event

from sheet_scorer.api import check_workbook, find_sheet
from sheet_scorer.i18n.terminal import count, say
from sheet_scorer.i18n.text import typeset
from sheet_scorer.report.chart import LABEL_CHARS, _short, rank_chart
from sheet_scorer.report.export import JSON_SCHEMA, json_document
from sheet_scorer.report.facts import player_ids
from sheet_scorer.report.html import render_report
from sheet_scorer.report.slips import render_slips, slip_columns, slips_context
from sheet_scorer.workbook.read import read_workbook

if TYPE_CHECKING:
    from cdp import Browser

NNBSP = "\u202f"
MM = 72 / 25.4  # PDF points per millimetre


@pytest.fixture(scope="module")
def event22_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return built_event(tmp_path_factory.mktemp("event22"))


@pytest.fixture(scope="module")
def result(event22_book: Path) -> Any:
    return check_workbook(event22_book)


@pytest.fixture(scope="module")
def champion(event22_book: Path) -> str:
    """The player in seat 1 of the Finał sheet: event22 gives seat 1 the 10 declared VP."""
    rows = list(openpyxl.load_workbook(event22_book)["Finał"].iter_rows(values_only=True))
    header = list(rows[0])
    return next(r[header.index("Gracz")] for r in rows[1:] if r[header.index("Pozycja")] == 1)


# --------------------------------------------------------------------------------------------
# 1. Slips
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("which", "expected"),
    [
        ("4", "Runda 4"),
        ("Runda 4", "Runda 4"),
        ("r4", "Runda 4"),
        ("semifinal", "Półfinał"),
        ("Półfinał", "Półfinał"),
        ("POLFINAL", "Półfinał"),
        ("Demi-finale", "Półfinał"),
        ("Final", "Finał"),
        ("finał", "Finał"),
        ("Finale", "Finał"),
    ],
)
def test_round_option_takes_a_number_or_a_sheet_name_in_any_language(
    event22_book: Path, which: str, expected: str
) -> None:
    assert find_sheet(read_workbook(event22_book), which, event22_book).name == expected


def test_a_sheet_that_is_not_there_is_one_polish_line(event22_book: Path) -> None:
    done = run("slips", event22_book, "--round", "Ćwierćfinał")
    assert done.exit_code == 2
    assert done.output.strip().splitlines() == [
        f"Błąd: {event22_book}: brak czytelnego arkusza rundy lub fazy finałowej „Ćwierćfinał”; "
        "arkusze to: Runda 1, Runda 2, Runda 3, Runda 4, Półfinał, Finał"
    ]


def test_slips_are_named_after_the_event_also_when_printed_from_its_scored_copy(
    event22_book: Path, tmp_path: Path
) -> None:
    """`slips klub.xlsx --round 2` and `slips klub.scored.xlsx --round 2` both write `klub.round-2.slips.html` beside
    the file (the scored copy is the same event, as its report `klub.standings.html` is); a playoff stage by its name."""
    import shutil

    for name in ("klub.xlsx", "klub.scored.xlsx"):
        folder = tmp_path / name.replace(".", "_")
        folder.mkdir()
        shutil.copy(event22_book, folder / name)
        assert run("slips", folder / name, "--round", 2).exit_code == 0
        assert run("slips", folder / name, "--round", "Finał").exit_code == 0
        assert sorted(p.name for p in folder.iterdir()) == sorted(
            [name, "klub.round-2.slips.html", "klub.final.slips.html"]
        )


def test_slips_have_every_game_column_headed_as_the_sheet_heads_it(event22_book: Path, tmp_path: Path) -> None:
    data = read_workbook(event22_book)
    for sheet in (data.rounds[3], data.playoffs[0], data.playoffs[1]):
        assert [c["header"] for c in slip_columns(sheet, "en")] == HEADERS_PL[
            3:
        ]  # 6 counts, 3 marks, the sheet's words
    vp_only = write_workbook(
        tmp_path / "vp.xlsx",
        {
            "Round 1": [
                ["Table", "Player", "VP", "Declared Victory", "Notes"],
                [1, "Ala", 10, "x", ""],
                [1, "Bob", 8, "", ""],
                [1, "Cy", 6, "", ""],
            ]
        },
    )
    assert [c["header"] for c in slip_columns(read_workbook(vp_only).rounds[0], "pl")] == ["VP", "Declared Victory"]


def test_a_table_of_five_goes_to_two_landscape_slips_a_page(tmp_path: Path) -> None:
    """Four to a portrait page while every table fits (4 players); a table of 5 (an error the slips still print)
    needs the taller landscape slip, two to a page."""
    rows = [["Table", "Player", "VP", "Declared"], *([t, f"P{t}{i}", "", ""] for t in (1, 2, 3) for i in range(4))]
    four = read_workbook(write_workbook(tmp_path / "four.xlsx", {"Round 1": rows})).rounds[0]
    page = render_slips(four, "T", "en")
    assert "size: A4 portrait" in page and page.count('<div class="page">') == 1
    five = read_workbook(write_workbook(tmp_path / "five.xlsx", {"Round 1": [*rows, [3, "P35", "", ""]]})).rounds[0]
    page = render_slips(five, "T", "en")
    assert "size: A4 landscape" in page and page.count('<div class="page">') == 2  # 3 tables, two a page


def test_the_seating_list_is_sorted_by_surname(tmp_path: Path) -> None:
    rows = [
        ["Table", "Player"],
        [1, "Zofia Adamczyk"],
        [1, "Adam Zieliński"],
        [1, "Łukasz Nowak"],
        [2, "Lucyna Nowak"],
        [2, "Ewa Żak"],
        [2, "Marek Zając"],
    ]
    sheet = read_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": rows})).rounds[0]
    listed = [r["name"] for r in slips_context(sheet, "T", "pl")["by_name"]]
    # Adamczyk; Nowak (Lucyna before Łukasz); Zając; Zieliński; Żak (Ż after Z in a person's alphabet)
    assert listed == ["Zofia Adamczyk", "Lucyna Nowak", "Łukasz Nowak", "Marek Zając", "Adam Zieliński", "Ewa Żak"]
    assert "nazwisk" in render_slips(sheet, "T", "pl") and "by surname" in render_slips(sheet, "T", "en")


def _pdf_words(pdf: Path) -> list[tuple[int, float, float, float, float, str]]:
    """Every word of the PDF with its page and box (points), from poppler's `pdftotext -bbox`."""
    done = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    words, page = [], 0
    for line in done.stdout.splitlines():
        if "<page " in line:
            page += 1
        found = re.search(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>', line)
        if found:
            words.append((page, *(float(found.group(i)) for i in range(1, 5)), html.unescape(found.group(5))))
    return words


def test_every_header_of_every_slip_is_inside_its_slip_on_a4(
    browser: Browser, event22_book: Path, tmp_path: Path
) -> None:
    """Round 4 and the semifinal in Polish, round 1 in English, printed in one Chromium run: on every page, each
    slip's seat/player headers and 9 game headers, and each of its players' names, lie inside the slip's box."""
    data = read_workbook(event22_book)
    documents = [(data.rounds[3], "pl"), (data.playoffs[0], "pl"), (data.rounds[0], "en")]
    pages = [render_slips(sheet, "Turniej", lang) for sheet, lang in documents]
    bodies = [re.search(r"<body>(.*)</body>", page, re.S).group(1) for page in pages]
    combined = tmp_path / "slips.html"
    combined.write_text(
        pages[0].replace(bodies[0], "".join(f'<div style="break-before: page">{b}</div>' for b in bodies)),
        encoding="utf-8",
    )
    pdf = tmp_path / "slips.pdf"
    browser.print_pdf(combined.as_uri(), pdf)
    assert pdf.is_file()
    words = _pdf_words(pdf)
    left, right, bottom = 10 * MM - 1, (210 - 10) * MM + 1, (297 - 10) * MM + 1
    expected = []  # per slip in print order: (title word, table number, header words, player words)
    for sheet, lang in documents:
        context = slips_context(sheet, "Turniej", lang)
        headers = [context["words"]["seat"], context["words"]["player"], *(c["header"] for c in context["columns"])]
        for table in context["tables"]:
            expected.append(
                (
                    context["words"]["table"],
                    str(table["number"]),
                    " ".join(headers).split(),
                    " ".join(table["players"]).replace("-", " ").split(),
                )
            )  # a long name may wrap at its hyphen
    titles = sorted(
        (
            (i, w)
            for i, w in enumerate(words)
            if i + 1 < len(words)
            and w[5] in ("Stół", "Table")
            and words[i + 1][5].isdigit()
            and words[i + 1][0] == w[0]
            and abs(words[i + 1][2] - w[2]) < 1
            and w[4] - w[2] > 14
        ),
        key=lambda item: (item[1][0], item[1][2]),
    )  # the slips' titles (13 pt)
    assert [(w[5], words[i + 1][5]) for i, w in titles] == [(e[0], e[1]) for e in expected]
    per_page: dict[int, int] = {}
    for (_index, title), (_, _, headers, players) in zip(titles, expected):
        per_page[title[0]] = per_page.get(title[0], 0) + 1
        following = [w for _, w in titles if w[0] == title[0] and w[2] > title[2]]
        top, end = title[2] - 3, min((w[2] for w in following), default=bottom)
        inside = [w for w in words if w[0] == title[0] and top <= w[2] and w[4] <= end]
        assert all(left <= w[1] and w[3] <= right for w in inside), [
            w for w in inside if not (left <= w[1] and w[3] <= right)
        ]
        found = [part for w in inside for part in w[5].split("-") if part]
        for word in headers + players:
            assert word in found, (title, word)
    assert sorted(per_page.values(), reverse=True)[:3] == [4, 4, 4]  # four slips to a page
    assert len(per_page) == 2 + 1 + 2  # round 4: 6 tables; semifinal: 4; round 1: 6


# --------------------------------------------------------------------------------------------
# 2. The ranking figure first
# --------------------------------------------------------------------------------------------


def small_event(tmp_path: Path, settings: list[list[Any]]) -> Path:
    """One VP-only round: Ala 10 (declared), Bob 8, Cy 6, Dan 4."""
    rows = [
        ["Table", "Player", "VP", "Declared"],
        [1, "Ala", 10, "x"],
        [1, "Bob", 8, ""],
        [1, "Cy", 6, ""],
        [1, "Dan", 4, ""],
    ]
    return write_workbook(tmp_path / "event.xlsx", {"Settings": [["Key", "Value"], *settings], "Round 1": rows})


@pytest.mark.parametrize(
    ("settings", "figures"),
    [
        ([], ["Round Points", "VP", "VP %", "Games"]),
        ([["Ranking", "Wins"]], ["Wins", "VP", "VP %", "Round Points", "Games"]),
        (
            [["Ranking", "Wins"], ["Tiebreakers", "VP %, Places"]],
            ["Wins", "VP %", "Places", "Round Points", "VP", "Games"],
        ),
        ([["Tiebreakers", "Opponents' Points, VP"]], ["Round Points", "Opponents' Points", "VP", "VP %", "Games"]),
    ],
)
def test_the_columns_follow_the_ranking_settings(tmp_path: Path, settings: list[list[Any]], figures: list[str]) -> None:
    path = small_event(tmp_path, settings)
    done = run("score", path, "--lang", "en")
    assert done.exit_code == 0, done.output
    sheet = [c.value for c in openpyxl.load_workbook(tmp_path / "event.scored.xlsx")["Standings"][1]]
    assert sheet == ["Rank", "Player", *figures, "Round 1"]
    page = (tmp_path / "event.standings.html").read_text(encoding="utf-8")
    thead = re.search(r'<table class="standings">\s*<thead>(.*?)</thead>', page, re.S).group(1)
    shown = [html.unescape(re.sub(r"<[^>]+>", "", h)) for h in re.findall(r"<th scope=\"col\"[^>]*>(.*?)</th>", thead)]
    assert shown[: len(figures) + 2] == ["Rank", "Player", *(f"{f}Pts" if f == "Round Points" else f for f in figures)]
    header = next(line for line in done.output.splitlines() if line.startswith("┃"))
    assert [h.strip() for h in header.strip("┃").split("┃")] == ["Rank", "Player", *figures]
    card = re.search(r'<article class="card" id="p-ala">.*?<span class="summary">(.*?)</span>', page, re.S).group(1)
    assert re.sub(r"<[^>]+>", "", card).startswith(figures[0])  # the player's card leads with the ranking figure


def test_a_misspelt_tiebreaker_is_an_error_not_a_column(tmp_path: Path) -> None:
    result = check_workbook(small_event(tmp_path, [["Tiebreakers", "VP, Wons"]]))
    assert any(p.severity == "error" and p.sheet == "Settings" for p in result.problems)


# --------------------------------------------------------------------------------------------
# 3. Playoffs everywhere
# --------------------------------------------------------------------------------------------


def test_the_report_tells_the_playoffs_in_its_language(result: Any, champion: str) -> None:
    polish = render_report(result, "pl")
    playoffs = polish[
        polish.index('<section id="playoffs">') : polish.index("</section>", polish.index('<section id="playoffs">'))
    ]
    assert (
        playoffs.count('class="pill declared"') == 5 + 1
    )  # a winner at each of 4 semifinal tables and the final; the key
    lead = polish[polish.index('<section id="final-ranking">') : polish.index('<section id="standings">')]
    assert f"Mistrz: <strong>{champion}</strong>" in lead  # the champion leads the page, not the playoffs section
    assert "Mistrz:" not in playoffs
    card = polish[polish.index(f'id="{player_ids([champion])[champion]}"') :]
    card = card[: card.index("</article>")]
    assert '<abbr title="Półfinał">Półfinał</abbr>' in card and '<abbr title="Finał">Finał</abbr>' in card
    assert "<dt>Policzone stoły</dt><dd>29</dd>" in polish  # 6 tables x 4 rounds + 4 semifinal tables + the final
    for lang, semifinal, final in (
        ("fr", "Demi-finale", "Finale"),
        ("pt", "Semifinal", "Final"),
        ("en", "Semifinal", "Final"),
    ):
        page = render_report(result, lang)
        assert f'<h3>{semifinal} <span class="muted">(Półfinał)</span></h3>' in page
        assert f'<h3>{final} <span class="muted">(Finał)</span></h3>' in page


def test_once_the_final_is_scored_the_report_leads_with_the_champion_and_the_final_ranking(
    result: Any, champion: str
) -> None:
    """The final ranking comes first, with the only medals of the page; the qualifying standings follow without
    any; one final ranking on the page (docs/rules.md §6)."""
    from sheet_scorer.playoffs.ranking import event_placings

    page = render_report(result, "en")
    main = page[page.index("<main>") :]
    assert main.index('<section id="final-ranking">') < main.index('<section id="standings">')
    lead = main[: main.index('<section id="standings">')]
    assert f"Champion: <strong>{champion}</strong>" in lead and "<h2>Qualifying standings</h2>" in main
    ranking = [p.player for p in event_placings(result)]
    assert ranking[0] == champion
    rows = re.findall(
        r'<tr(?: class="medal-(\d)")?><td class="rank num">.*?<th scope="row">(?:<a [^>]*>)?([^<]+)<', lead
    )
    assert [name for _, name in rows] == ranking
    assert [medal for medal, _ in rows[:4]] == ["1", "2", "3", ""]
    standings = main[
        main.index('<section id="standings">') : main.index("</section>", main.index('<section id="standings">'))
    ]
    assert "medal-" not in standings and 'rank-badge" title' not in standings
    assert page.count('class="final-ranking"') == 1 and page.count(f"<strong>{champion}</strong>") == 1


def test_before_the_final_the_standings_keep_their_medals(tmp_path: Path) -> None:
    round_1 = [
        ["Table", "Player", "VP", "Declared"],
        [1, "Ala", 10, "x"],
        [1, "Bob", 8, ""],
        [1, "Cyd", 6, ""],
        [1, "Dan", 4, ""],
    ]
    page = render_report(check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": round_1})), "en")
    assert 'id="final-ranking"' not in page and "<h2>Standings</h2>" in page
    assert [m for m in ("medal-1", "medal-2", "medal-3") if m in page] == ["medal-1", "medal-2", "medal-3"]


def test_playoff_ties_are_marked(tmp_path: Path) -> None:
    """A final where Cyd and Dan tie on 9 VP below the target: Cyd (3rd in qualifying) takes 1st; both marked tied."""
    round_1 = [
        ["Table", "Player", "VP", "Declared"],
        [1, "Ala", 10, "x"],
        [1, "Bob", 8, ""],
        [1, "Cyd", 6, ""],
        [1, "Dan", 4, ""],
    ]
    final = [
        ["Table", "Player", "VP", "Declared"],
        [1, "Ala", 7, ""],
        [1, "Bob", 5, ""],
        [1, "Cyd", 9, ""],
        [1, "Dan", 9, ""],
    ]
    page = render_report(
        check_workbook(write_workbook(tmp_path / "e.xlsx", {"Round 1": round_1, "Final": final})), "en"
    )
    table = page[page.index('table class="playoff"') :]
    rows = re.findall(
        r'<th scope="row" class="name">(?:<a[^>]*>)?(\w+)(?:</a>)?(.*?)</th>', table[: table.index("</table>")]
    )
    assert [(name, "pill tied" in rest) for name, rest in rows] == [
        ("Cyd", True),
        ("Dan", True),
        ("Ala", False),
        ("Bob", False),
    ]


def test_json_holds_the_playoff_games_and_the_final_ranking(result: Any, champion: str) -> None:
    document = json_document(result)
    validate(document, JSON_SCHEMA)
    assert document["version"] == 2
    assert [(s["sheet"], s["stage"], len(s["tables"])) for s in document["playoffs"]] == [
        ("Półfinał", "semifinal", 4),
        ("Finał", "final", 1),
    ]
    final = document["playoffs"][1]["tables"][0]["players"]
    assert final[0]["player"] == champion and final[0]["declared"] and [p["vp"] for p in final] == [10, 8, 6, 4]
    assert all(p["round_points"] is None for s in document["playoffs"] for t in s["tables"] for p in t["players"])
    ranking = document["final_ranking"]
    assert [r["rank"] for r in ranking] == list(range(1, 23)) and ranking[0]["player"] == champion
    assert [r["stage"] for r in ranking] == ["final"] * 4 + ["semifinal"] * 12 + ["qualifying"] * 6


def test_json_before_the_final_has_no_final_ranking(tmp_path: Path) -> None:
    document = json_document(check_workbook(small_event(tmp_path, [])))
    validate(document, JSON_SCHEMA)
    assert document["playoffs"] == [] and document["final_ranking"] is None


def test_the_terminal_names_the_champion_and_prints_the_final_ranking(
    event22_book: Path, champion: str, tmp_path: Path
) -> None:
    done = run("score", event22_book, "-o", tmp_path / "out.xlsx", "--html", tmp_path / "out.html")
    assert done.exit_code == 0, done.output
    lines = done.output.splitlines()
    assert lines[0] == (
        "Mistrzostwa Mazowsza 2026: 22 gracze, 4 rundy, policzone stoły: 29 z 29 (5 w fazie finałowej), "
        "0 błędów, 0 ostrzeżeń"
    )  # one line, not wrapped at 80 columns
    assert "Ranking końcowy" in lines and f"Mistrz turnieju: {champion}" in lines
    assert lines.count("… i jeszcze 14 graczy (--all pokazuje wszystkich)") == 2  # 22 - 8, under each table
    every = run(
        "score", event22_book, "-o", tmp_path / "out.xlsx", "--html", tmp_path / "out.html", "--all", "--lang", "en"
    )
    assert sum(line.startswith("│") for line in every.output.splitlines()) == 22 + 22
    assert "more" not in every.output and f"Champion: {champion}" in every.output


def test_no_champion_before_the_final(tmp_path: Path) -> None:
    done = run("score", small_event(tmp_path, []), "--lang", "en")
    assert "Champion" not in done.output and "Final Ranking" not in done.output and "more" not in done.output


@pytest.mark.parametrize(("lang", "table"), [("en", "table 2"), ("pl", "stół 2"), ("pt", "mesa 2"), ("fr", "table 2")])
def test_a_table_problem_names_its_table_once(lang: str, table: str, tmp_path: Path) -> None:
    source = Path(__file__).parent.parent / "example_workbooks" / "mistakes.xlsx"
    copy = tmp_path / "mistakes.xlsx"
    copy.write_bytes(source.read_bytes())
    done = run("score", copy, "--lang", lang)
    told = [line for line in done.output.splitlines() if table in line.lower()]
    assert told and all(line.lower().count(table) == 1 for line in told), told


# --------------------------------------------------------------------------------------------
# 6. The chart
# --------------------------------------------------------------------------------------------


def test_the_cut_label_is_clear_of_every_line_and_marker_and_names_are_never_cut(result: Any) -> None:
    cut_at_4 = dataclasses.replace(
        result,
        data=dataclasses.replace(result.data, settings=dataclasses.replace(result.data.settings, playoff_size=4)),
    )
    chart = rank_chart(cut_at_4, "pl", player_ids(list(result.standings["player"])))
    cut = chart["cut"]
    assert cut is not None and "4" in cut["label"]  # drawn: the top 8 reach below rank 4
    box = (cut["x"] - 2, cut["label_y"] - 11, cut["x"] + len(cut["label"]) * 6.6 + 2, cut["label_y"] + 2)
    for line in chart["lines"]:
        points = line["points"]
        for (x0, y0), (x1, y1) in itertools.pairwise(points):
            for i in range(101):  # the line, and a 5 px marker round each point
                x, y = x0 + (x1 - x0) * i / 100, y0 + (y1 - y0) * i / 100
                assert not (box[0] <= x <= box[2] and box[1] <= y <= box[3]), (line["player"], x, y)
        for x, y in points:
            assert not (box[0] - 5 <= x <= box[2] + 5 and box[1] - 5 <= y <= box[3] + 5), (line["player"], x, y)
    for line in chart["lines"]:
        name, label = line["player"], line["label"].split(". ", 1)[1]
        assert len(line["label"]) <= LABEL_CHARS and line["full"] == f"{line['rank']}. {name}"
        words = name.split()
        assert (
            label == name
            or label.split() == [words[0], *(w[0] + "." for w in words[1:])]
            or (label.endswith("…") and words[0].startswith(label[:-1]))
        )


def test_long_names_are_shortened_by_whole_words_with_the_full_name_kept(result: Any) -> None:
    long_name = "Przemysław Brzęczyszczykiewicz-Wołodyjowski"
    assert _short(long_name, 20) == "Przemysław B." and _short("Katarzyna Wiśniewska", 20) == "Katarzyna Wiśniewska"
    assert _short("Maximilianstanislaus Kowalski", 12) == "Maximilians…"
    page = render_report(result, "pl")
    first = result.standings["player"].iloc[0]
    assert f"<title>1. {first}</title>1. {first}</text>" in page  # hover: the whole name
    assert f'">1. {first}</a></li>' in page  # the legend under the chart (phone and print): the whole name


# --------------------------------------------------------------------------------------------
# 7. Grammar and typography
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "key", "n", "expected"),
    [
        ("pl", "cells_would_be_written", 131, "do zapisania byłoby 131 komórek"),
        ("pl", "cells_would_be_written", 3, "do zapisania byłyby 3 komórki"),
        ("pl", "cells_would_be_written", 1, "do zapisania byłaby 1 komórka"),
        ("pt", "cells_would_be_written", 0, "0 células seriam gravadas"),
        ("pt", "cells_would_be_written", 1, "1 célula seria gravada"),
        ("fr", "cells_would_be_written", 0, "0 cellule serait écrite"),
        ("fr", "cells_would_be_written", 2, "2 cellules seraient écrites"),
        ("en", "cells_would_be_written", 1, "1 cell would be written"),
        ("en", "cells_would_be_written", 0, "0 cells would be written"),
        ("pt", "errors", 0, "0 erros"),
        ("pt", "warnings", 0, "0 avisos"),
        ("pt", "errors", 1, "1 erro"),
        ("pl", "errors", 0, "0 błędów"),
        ("fr", "errors", 0, "0 erreur"),
        ("en", "errors", 0, "0 errors"),
    ],
)
def test_counts_and_their_verbs_agree(lang: str, key: str, n: int, expected: str) -> None:
    assert count(lang, key, n) == expected


def test_merge_names_the_backup_it_kept(tmp_path: Path) -> None:
    event22_book = make_event(tmp_path)
    done = run("merge", event22_book, judge_a(tmp_path), judge_b(tmp_path), "--lang", "pl")
    assert done.exit_code == 0, done.output
    assert (
        done.output.splitlines()[-1]
        == "zapisano 50 komórek w event.xlsx; poprzednia wersja została zachowana jako event.backup.xlsx"
    )
    assert (tmp_path / "event.backup.xlsx").is_file()


def test_french_puts_a_narrow_no_break_space_before_double_signs(result: Any, champion: str) -> None:
    assert typeset("fr", "Joueur : Ala ; « x » ! ?") == f"Joueur{NNBSP}: Ala{NNBSP}; «{NNBSP}x{NNBSP}»{NNBSP}!{NNBSP}?"
    assert typeset("fr", "'Round 1'!C3 http://x") == "'Round 1'!C3 http://x"  # no space before: untouched
    for lang in ("en", "pl", "pt"):
        assert typeset(lang, "a : b ; c") == "a : b ; c"
    page = render_report(result, "fr")
    body = re.sub(r"<[^>]+>", " ", re.sub(r"<(style|svg)\b.*?</\1>", "", page, flags=re.S))
    assert not re.search(r"\w[ \u00a0]?[:;!?](\s|$)", html.unescape(body).replace(NNBSP, "#"))
    assert f"Champion{NNBSP}: <strong>{champion}</strong>" in page
    assert say("fr", "champion", player="Ala") == f"Champion{NNBSP}: Ala"
