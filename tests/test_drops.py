"""Players who drop out (docs/rules.md §1, §6): Active read in four languages, an unreadable cell
reported, the drop-down `new` writes, withdrawn players marked, and one list of who advances.

The event (VP-only, one round): table 1 Ala 12 (declared), Bea 9, Cyd 6, Dan 3; table 2 Eva 11 (declared),
Fil 8, Gil 5, Hal 2. Standings: Ala (5 pts, 12 VP), Eva (5, 11), Bea (3, 9), Fil (3, 8), Cyd (2, 6), Gil (2, 5),
Dan (1, 3), Hal (1, 2).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from click.testing import CliRunner
from helpers import write_workbook

from sheet_scorer.api import check_workbook
from sheet_scorer.cli.main import main
from sheet_scorer.i18n.vocab import active_value
from sheet_scorer.report.html import report_context

HEADER = ["Table", "Player", "VP", "Declared"]
ROUND_1 = [
    HEADER,
    [1, "Ala", 12, "x"],
    [1, "Bea", 9, ""],
    [1, "Cyd", 6, ""],
    [1, "Dan", 3, ""],
    [2, "Eva", 11, "x"],
    [2, "Fil", 8, ""],
    [2, "Gil", 5, ""],
    [2, "Hal", 2, ""],
]
NAMES = ["Ala", "Bea", "Cyd", "Dan", "Eva", "Fil", "Gil", "Hal"]


def players(active: dict[str, Any], header: str = "Active") -> list[list[Any]]:
    return [["Player", header]] + [[n, active.get(n, "yes")] for n in NAMES]


@pytest.mark.parametrize(
    "word",
    [
        "no",
        "N",
        "false",
        "0",
        0,
        False,
        "Withdrawn",
        "dropped",
        "drop",
        "nie",
        "wycofany",
        "Wycofana",
        "rezygnacja",
        "não",
        "NAO",
        "desistiu",
        "desistente",
        "retirado",
        "non",
        "abandon",
        "retiré",
        "Retirée",
        "forfait",
    ],
)
def test_words_for_no_in_four_languages(word: Any) -> None:
    assert active_value(word) is False


@pytest.mark.parametrize(
    "word", ["yes", "Y", "true", "1", 1, True, "x", "tak", "sim", "oui", "Aktywny", "ativo", "actif", "", None, "  "]
)
def test_words_for_yes_and_an_empty_cell(word: Any) -> None:
    assert active_value(word) is True


@pytest.mark.parametrize("word", ["later", "maybe", "2", "?", "nein"])
def test_anything_else_is_not_understood(word: Any) -> None:
    assert active_value(word) is None


def test_an_unreadable_active_cell_is_an_error_at_that_cell(tmp_path: Path) -> None:
    path = write_workbook(
        tmp_path / "event.xlsx", {"Gracze": players({"Bea": "potem", "Cyd": "wycofany"}, "Aktywny"), "Runda 1": ROUND_1}
    )
    result = check_workbook(path)
    errors = [(p.code, p.sheet, p.cell, p.player) for p in result.problems if p.severity == "error"]
    assert errors == [("bad-active", "Gracze", "B3", "Bea")]
    assert "'potem'" in result.problems[0].message and "'Aktywny'" in result.problems[0].message
    assert {p.name: p.active for p in result.data.players} == {n: n != "Cyd" for n in NAMES}


def test_the_reader_keeps_an_unreadable_active_cell_and_the_rules_judge_it(tmp_path: Path) -> None:
    """workbook/ reads (the cell as written, its player still active); rules/ makes it an error: read, then judged."""
    from sheet_scorer.model import ActiveCell
    from sheet_scorer.rules.players import judge_active
    from sheet_scorer.workbook.read import read_workbook

    path = write_workbook(
        tmp_path / "event.xlsx", {"Gracze": players({"Bea": "potem", "Cyd": "wycofany"}, "Aktywny"), "Runda 1": ROUND_1}
    )
    data = read_workbook(path)
    assert data.unread_active == [ActiveCell("Gracze", "B3", 3, "Bea", "potem", "Aktywny")]
    assert not any(p.code == "bad-active" for p in data.problems)
    judged = judge_active(data.unread_active)
    assert [(p.code, p.sheet, p.cell, p.player) for p in judged] == [("bad-active", "Gracze", "B3", "Bea")]
    assert judge_active([]) == []


def test_cut_line_qualifying_list_and_playoffs_are_one_list(tmp_path: Path) -> None:
    # Eva (2nd) withdrew: with Playoff Size 4 the qualifiers are Ala, Bea, Fil, Cyd, and the cut comes after Cyd.
    path = write_workbook(
        tmp_path / "event.xlsx",
        {"Settings": [["Playoff Size", 4]], "Players": players({"Eva": "wycofana"}), "Round 1": ROUND_1},
    )
    result = check_workbook(path)
    rows = report_context(result, "en")["standings"]
    assert [r["player"] for r in rows if r["qualified"]] == ["Ala", "Bea", "Fil", "Cyd"]
    assert [r["player"] for r in rows if r["cut_after"]] == ["Cyd"]
    assert [r["withdrawn"] for r in rows][:2] == ["", "withdrawn after round 1"]
    from sheet_scorer.report.export import json_document

    assert json_document(result)["qualified"] == ["Ala", "Bea", "Fil", "Cyd"]
    out = CliRunner().invoke(main, ["playoffs", str(path)])
    assert out.exit_code == 0, out.output
    final = list(openpyxl.load_workbook(path)["Final"].iter_rows(values_only=True))[1:]
    assert [r[2] for r in final] == ["Ala", "Bea", "Fil", "Cyd"]


def test_withdrawn_players_are_marked_in_the_sheet_report_and_json(tmp_path: Path) -> None:
    # Eva plays round 1 only; Hal plays both rounds and then drops out.
    round_2 = [
        HEADER,
        [1, "Ala", 11, "x"],
        [1, "Bea", 8, ""],
        [1, "Fil", 5, ""],
        [1, "Hal", 2, ""],
        [2, "Cyd", 10, "x"],
        [2, "Dan", 7, ""],
        [2, "Gil", 4, ""],
    ]
    path = write_workbook(
        tmp_path / "event.xlsx",
        {"Players": players({"Eva": "withdrawn", "Hal": "non"}), "Round 1": ROUND_1, "Round 2": round_2},
    )
    out = CliRunner().invoke(main, ["score", str(path), "--lang", "pl", "--json", str(tmp_path / "event.json")])
    assert out.exit_code == 0, out.output
    sheet = list(openpyxl.load_workbook(tmp_path / "event.scored.xlsx")["Klasyfikacja"].iter_rows(values_only=True))
    assert sheet[0][-1] == "Rezygnacja"  # the sheet's column: "Withdrawn", holding "After round k" (docs/rules.md §1)
    status = {row[1]: row[-1] for row in sheet[1:]}
    assert status == {**{n: None for n in NAMES}, "Eva": "Po rundzie 1", "Hal": "Po rundzie 2"}
    document = json.loads((tmp_path / "event.json").read_text(encoding="utf-8"))
    assert {s["player"]: s["withdrawn"] for s in document["standings"] if s["withdrawn"]} == {
        "Eva": "rezygnacja po rundzie 1",
        "Hal": "rezygnacja po rundzie 2",
    }
    page = (tmp_path / "event.standings.html").read_text(encoding="utf-8")
    assert "rezygnacja po rundzie 1" in page and "rezygnacja po rundzie 2" in page
    # each player's card says it too, in its heading; a player still in (Ala) has no mark
    headings = dict(re.findall(r'<article class="card" id="p-(\w+)">\s*<header><h3>(.*?)</h3>', page))
    assert "rezygnacja po rundzie 1" in headings["eva"] and "rezygnacja po rundzie 2" in headings["hal"]
    assert "rezygnacja" not in headings["ala"] and len(headings) == len(NAMES)
    # the terminal's standings mark them too, beside the name (Hal 8th of 8: shown among the top rows)
    lines = {line.split("│")[2].strip() for line in out.output.splitlines() if line.count("│") > 3}
    assert {"Eva · rezygnacja po rundzie 1", "Hal · rezygnacja po rundzie 2", "Ala"} <= lines


def test_no_withdrawn_column_when_nobody_withdrew(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Players": players({}), "Round 1": ROUND_1})
    assert CliRunner().invoke(main, ["score", str(path)]).exit_code == 0
    header = next(openpyxl.load_workbook(tmp_path / "event.scored.xlsx")["Standings"].iter_rows(values_only=True))
    assert "Withdrawn" not in header


@pytest.mark.parametrize(
    ("lang", "yes", "no"), [("en", "yes", "no"), ("pl", "tak", "nie"), ("pt", "sim", "não"), ("fr", "oui", "non")]
)
def test_new_writes_a_drop_down_on_active(tmp_path: Path, lang: str, yes: str, no: str) -> None:
    names = tmp_path / "players.txt"
    names.write_text("\n".join(f"Gracz {i}" for i in range(8)) + "\n", encoding="utf-8")
    out = CliRunner().invoke(main, ["new", "--players", str(names), "-o", str(tmp_path / "event.xlsx"), "--lang", lang])
    assert out.exit_code == 0, out.output
    book = openpyxl.load_workbook(tmp_path / "event.xlsx")
    sheet = book[{"en": "Players", "pl": "Gracze", "pt": "Jogadores", "fr": "Joueurs"}[lang]]
    rules = [(v.type, v.formula1, str(v.sqref)) for v in sheet.data_validations.dataValidation]
    assert rules == [("list", f'"{yes},{no}"', "C2:C49")]  # 8 players + header + 40 spare rows
    assert sheet["C2"].value == yes


def test_seat_refuses_while_an_active_cell_cannot_be_read(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Players": players({"Bea": "later"}), "Round 1": ROUND_1})
    before = path.read_bytes()
    out = CliRunner().invoke(main, ["seat", str(path)])
    assert out.exit_code == 2 and "'Players'!B3" in out.output and "'later'" in out.output
    assert len(out.output.strip().splitlines()) == 1 and path.read_bytes() == before
    book = openpyxl.load_workbook(path)
    book["Players"]["B3"] = "wycofana"
    book.save(path)
    out = CliRunner().invoke(main, ["seat", str(path)])
    assert out.exit_code == 0, out.output
    seated = [r[1] for r in openpyxl.load_workbook(path)["Round 2"].iter_rows(min_row=2, values_only=True) if r[1]]
    assert sorted(seated) == [n for n in NAMES if n != "Bea"]


def test_new_reads_the_active_words_and_refuses_one_it_cannot_read(tmp_path: Path) -> None:
    names = tmp_path / "players.csv"
    names.write_text(
        "Gracz;Aktywny\n" + "".join(f"Gracz {i};tak\n" for i in range(8)) + "Ola;wycofana\n", encoding="utf-8"
    )
    out = CliRunner().invoke(main, ["new", "--players", str(names), "-o", str(tmp_path / "event.xlsx"), "--lang", "pl"])
    assert out.exit_code == 0, out.output
    seated = [
        r[2] for r in openpyxl.load_workbook(tmp_path / "event.xlsx")["Runda 1"].iter_rows(min_row=2, values_only=True)
    ]
    assert "Ola" not in seated and len([p for p in seated if p]) == 8
    names.write_text("Player,Active\nAla,yes\nBea,soon\nCyd,no\n", encoding="utf-8")
    refused = CliRunner().invoke(main, ["new", "--players", str(names), "-o", str(tmp_path / "other.xlsx")])
    assert refused.exit_code == 2 and not (tmp_path / "other.xlsx").exists()
    # the refusal names the list's file, as `new`'s other refusals do (Bea's word is on line 3, under the header)
    assert refused.output == (
        f"Error: {names}: line 3: 'soon' in the Active column is neither yes nor no "
        "(no, withdrawn, dropped: not playing)\n"
    )
    names.write_bytes("Jogador;Ativo\r\nJoão;talvez\r\nAna;não\r\n".encode("cp1252"))  # Excel's CSV, Portuguese Windows
    refused = CliRunner().invoke(
        main, ["new", "--players", str(names), "-o", str(tmp_path / "other.xlsx"), "--lang", "pt"]
    )
    assert refused.exit_code == 2 and refused.output == (
        f"Erro: {names}: linha 2: “talvez” na coluna Ativo não é sim nem não (não, desistiu, retirado: não joga)\n"
    )


@pytest.mark.parametrize("heading", ["Imię i nazwisko", "Uczestnik", "Nom complet", "Nome completo", "Full Name"])
def test_a_players_sheet_headed_with_a_full_name_word_reads_its_active_column(tmp_path: Path, heading: str) -> None:
    # the heading row is not a player, and Cyd's 'wycofany' is read (before: the header a player, Active ignored)
    rows = [[heading, "Klub", "Aktywny"]] + [[n, "", "wycofany" if n == "Cyd" else "tak"] for n in NAMES]
    path = write_workbook(tmp_path / "event.xlsx", {"Gracze": rows, "Runda 1": ROUND_1})
    result = check_workbook(path)
    assert {p.name: p.active for p in result.data.players} == {n: n != "Cyd" for n in NAMES}


def test_a_players_sheet_with_an_unknown_name_heading_beside_club(tmp_path: Path) -> None:
    rows = [["Kto", "Klub"]] + [[n, "K1" if n < "E" else "K2"] for n in NAMES]
    path = write_workbook(tmp_path / "event.xlsx", {"Gracze": rows, "Runda 1": ROUND_1})
    result = check_workbook(path)
    assert [(p.name, p.club) for p in result.data.players] == [(n, "K1" if n < "E" else "K2") for n in NAMES]


# the live projector marks the same qualifiers as the report and `playoffs` (a withdrawn player above the cut is
# passed over) and says who withdrew; with nobody withdrawn the cut is the top four by rank.
@pytest.mark.parametrize(
    ("active", "advancing", "marks"),
    [
        ({"Eva": "wycofana"}, ["Ala", "Bea", "Fil", "Cyd"], {"Eva": "withdrawn after round 1"}),
        ({}, ["Ala", "Eva", "Bea", "Fil"], {}),
    ],
)
def test_the_live_projector_reads_the_one_list_of_qualifiers(
    tmp_path: Path, active: dict[str, str], advancing: list[str], marks: dict[str, str]
) -> None:
    from sheet_scorer.live.state import LiveState
    from sheet_scorer.live.view import live_context

    path = write_workbook(
        tmp_path / "event.xlsx", {"Settings": [["Playoff Size", 4]], "Players": players(active), "Round 1": ROUND_1}
    )
    context = live_context(check_workbook(path), "en", None, "", "http://127.0.0.1:1/phone", "12:00")
    rows = context["standings"]
    assert [r["player"] for r in rows if r["qualified"]] == advancing
    assert [r["player"] for r in rows if r["cut_after"]] == advancing[-1:]
    assert {r["player"]: r["withdrawn"] for r in rows if r["withdrawn"]} == marks
    state = LiveState(path, None, "http://127.0.0.1:1/phone", "")
    assert state.load().kind == "updated" and state.pages is not None
    page = state.pages.projector
    assert (
        '<th scope="row">Eva<small class="muted withdrawn"> · withdrawn after round 1</small></th>' in page
    ) == bool(marks)
