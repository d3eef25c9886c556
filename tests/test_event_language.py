"""Everything the tool writes in the event's language (docs/rules.md §5): Settings values and the hidden
Seating Plan from `new`, read back in every language; new round sheets after the last round sheet; the columns
the tool adds wide enough for their headers."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from helpers import HEADERS, read_plan, write_workbook
from merge_books import ROUND

from sheet_scorer.api import check_workbook, score_workbook
from sheet_scorer.cli.main import main
from sheet_scorer.i18n.vocab import fold
from sheet_scorer.workbook.read import read_workbook
from sheet_scorer.workbook.seating_plan import PLAN_SHEET

NAMES = ["Ala", "Bartek", "Celina", "Darek", "Ela", "Franek", "Gosia", "Henryk", "Iza"]
SETTINGS = {  # Ranking and Tiebreakers as each language's organiser reads them (docs/rules.md §7)
    "en": ("Settings", "Round Points", "VP, VP %, Name", ["Round", "Table", "Seat", "Player"]),
    "pl": ("Ustawienia", "Punkty rundy", "PZ, PZ %, Nazwisko", ["Runda", "Stół", "Pozycja", "Gracz"]),
    "pt": ("Configurações", "Pontos de rodada", "PV, PV %, Nome", ["Rodada", "Mesa", "Posição", "Jogador"]),
    "fr": ("Paramètres", "Points de ronde", "PV, PV %, Nom", ["Ronde", "Table", "Position", "Joueur"]),
}
# the hidden plan sheet's name and the VP-cards header `new` writes, in each language
PLAN_NAMES = {"en": "Seating Plan", "pl": "Plan rozsadzenia", "pt": "Plano de mesas", "fr": "Plan de table"}
VP_CARDS = {"en": "VP Cards", "pl": "Karty PZ", "pt": "Cartas PV", "fr": "Cartes PV"}


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("new")
    players = folder / "players.txt"
    players.write_text("\n".join(NAMES), encoding="utf-8")
    made = {}
    for lang in SETTINGS:
        made[lang] = folder / f"{lang}.xlsx"
        result = CliRunner().invoke(main, ["new", "--players", str(players), "--lang", lang, "-o", str(made[lang])])
        assert result.exit_code == 0, result.output
    return made


@pytest.mark.parametrize("lang", list(SETTINGS))
def test_settings_values_are_in_the_events_language_and_read_back(events: dict[str, Path], lang: str) -> None:
    sheet, ranking, tiebreakers, _ = SETTINGS[lang]
    values = {row[0]: row[1] for row in openpyxl.load_workbook(events[lang])[sheet].iter_rows(values_only=True)}
    assert ranking in values.values() and tiebreakers in values.values()
    settings = read_workbook(events[lang]).settings
    assert (settings.ranking, settings.tiebreakers, settings.language) == (
        "round_points",
        ("vp", "vp_pct", "name"),
        lang,
    )
    assert [p for p in check_workbook(events[lang]).problems if p.sheet == sheet] == []


@pytest.mark.parametrize("lang", list(SETTINGS))
def test_the_seating_plan_headers_are_localised_and_the_plan_reads_back(events: dict[str, Path], lang: str) -> None:
    book = openpyxl.load_workbook(events[lang])
    plan = book[PLAN_NAMES[lang]]
    assert plan.sheet_state == "hidden" and [c.value for c in plan[1]] == SETTINGS[lang][3]
    assert sum(fold(n) == fold(PLAN_SHEET) for n in book.sheetnames) == (lang == "en")  # one plan sheet, localised
    assert VP_CARDS[lang] in [c.value for c in book[SETTINGS[lang][3][0] + " 1"][1]]
    assert read_plan(events[lang]) == read_plan(events["en"])  # the same seating, read back whatever the language
    assert sorted(read_plan(events[lang])) == [2, 3, 4]


def test_a_misspelt_polish_tiebreaker_is_still_an_error_at_its_cell(tmp_path: Path) -> None:
    path = write_workbook(
        tmp_path / "e.xlsx",
        {"Runda 1": [HEADERS, *ROUND], "Ustawienia": [["Język", "pl"], ["Rozstrzyganie remisów", "PZ, Nazwizko"]]},
    )
    assert [p.code for p in check_workbook(path).problems if p.severity == "error"] == ["bad-tiebreaker"]


def test_a_new_round_goes_after_the_last_round_not_after_standings(events: dict[str, Path], tmp_path: Path) -> None:
    source = tmp_path / "pl.xlsx"
    source.write_bytes(events["pl"].read_bytes())
    scored = score_workbook(source).output  # adds Klasyfikacja and Problemy after Runda 1
    result = CliRunner().invoke(main, ["seat", str(scored), "--force"])
    assert result.exit_code == 0, result.output
    names = openpyxl.load_workbook(scored).sheetnames
    assert names[names.index("Runda 1") + 1] == "Runda 2" and names.index("Runda 2") < names.index("Klasyfikacja")
    assert names[-1] == "Problemy" and read_workbook(scored).fingerprint  # the package still reads as an event


def test_a_defined_name_of_a_later_sheet_still_points_at_it_after_a_round_is_inserted(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": [HEADERS, *ROUND], "Notes": [["a", 1]]})
    book = openpyxl.load_workbook(path)
    book["Notes"].print_area = "A1:B2"  # a defined name with localSheetId = 1 (Notes)
    book.save(path)
    assert CliRunner().invoke(main, ["seat", str(path)]).exit_code == 0
    after = openpyxl.load_workbook(path)
    assert after.sheetnames == ["Round 1", "Round 2", "Notes", "Seating Plan"]
    assert after["Notes"].print_area == "'Notes'!$A$1:$B$2" and not after["Round 2"].print_area


def _widths(path: Path, part: str = "xl/worksheets/sheet1.xml") -> dict[int, float]:
    xml = zipfile.ZipFile(path).read(part).decode()
    found = {}
    for tag in re.findall(r"<col\b[^>]*>", xml):
        attributes = dict(re.findall(r'(\w+)="([^"]*)"', tag))
        for c in range(int(attributes["min"]), int(attributes["max"]) + 1):
            found[c] = float(attributes.get("width", 0))
    return found


@pytest.mark.parametrize(("lang", "header"), [("en", "Round Points"), ("pl", "Punkty rundy")])
def test_the_computed_columns_are_wide_enough_for_their_headers(tmp_path: Path, lang: str, header: str) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": [HEADERS, *ROUND]})
    scored = score_workbook(path, lang=lang).output
    sheet = openpyxl.load_workbook(scored)["Round 1"]
    column = next(c.column for c in sheet[1] if c.value == header)
    assert _widths(scored)[column] >= len(header) + 3
    again = score_workbook(scored, output=tmp_path / "again.xlsx", html=tmp_path / "again.html", lang=lang).output
    assert again.read_bytes() == scored.read_bytes()  # wide enough already: nothing changes


def test_an_organisers_wider_column_is_not_narrowed(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": [HEADERS, *ROUND]})
    book = openpyxl.load_workbook(path)
    book["Round 1"].column_dimensions["P"].width = 40  # where Round Points will go (after K: L M N O P)
    book.save(path)
    scored = score_workbook(path).output
    assert openpyxl.load_workbook(scored)["Round 1"]["P1"].value == "Round Points"
    assert _widths(scored)[16] == 40


def _plan_sheet_renamed(events: dict[str, Path], tmp_path: Path, name: str, own: str | None = None) -> Path:
    """The French event with its plan sheet renamed `name` (None: no plan sheet) and an organiser's sheet `own`."""
    path = tmp_path / "fr.xlsx"
    book = openpyxl.load_workbook(events["fr"])
    if name is None:
        del book[PLAN_NAMES["fr"]]
    else:
        book[PLAN_NAMES["fr"]].title = name
    if own is not None:
        book.create_sheet(own).append(["Table 1 : près de la fenêtre"])
    book.save(path)
    return path


def test_an_event_with_the_old_english_plan_sheet_seats_from_it_and_keeps_one_plan_sheet(
    events: dict[str, Path], tmp_path: Path
) -> None:
    path = _plan_sheet_renamed(events, tmp_path, "Seating Plan")
    planned = read_plan(path)
    assert planned == read_plan(events["fr"]) and sorted(planned) == [2, 3, 4]
    result = CliRunner().invoke(main, ["seat", str(path), "--force"])  # round 1 is not played: --force
    assert result.exit_code == 0, result.output
    book = openpyxl.load_workbook(path)
    round_2 = [r[2] for r in book["Ronde 2"].iter_rows(min_row=2, values_only=True) if r[2]]
    assert round_2 == [name for table in planned[2][0] for name in table] + planned[2][1]
    assert [n for n in book.sheetnames if fold(n) in {"seatingplan", "plandetable"}] == ["Seating Plan"]
    assert book["Seating Plan"].sheet_state == "hidden" and sorted(read_plan(path)) == [3, 4]


def test_an_organisers_sheet_named_like_the_plan_is_neither_read_as_the_plan_nor_replaced(
    events: dict[str, Path], tmp_path: Path
) -> None:
    path = _plan_sheet_renamed(events, tmp_path, None, own="Plan de table")
    assert read_plan(path) == {}
    result = CliRunner().invoke(main, ["seat", str(path), "--force"])
    assert result.exit_code == 0, result.output
    book = openpyxl.load_workbook(path)
    assert [c.value for c in book["Plan de table"][1]] == ["Table 1 : près de la fenêtre"]
    assert book["Plan de table"].sheet_state == "visible"
    assert book["Seating Plan"].sheet_state == "hidden" and sorted(read_plan(path)) == [3, 4]  # the plan, beside it
