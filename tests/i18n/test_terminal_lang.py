"""The terminal in the organiser's language (docs/rules.md §5): --lang, else Settings → Language, else English.

A Polish club's workbook with three realistic mistakes (44 settlements, a Declared cell reading
'może', a misspelt name in round 2) is checked and scored; nothing English may reach the terminal.
"""

from __future__ import annotations

import errno
import re
import string
from pathlib import Path

import pytest
from babel import Locale
from click.testing import CliRunner
from english_words import ENGLISH, english_in
from helpers import run_text as run
from helpers import write_workbook

from sheet_scorer.cli.main import main
from sheet_scorer.i18n.catalogue import CATALOGUE, NOUNS
from sheet_scorer.i18n.terminal import count, say
from sheet_scorer.problems import Problem, problem_message
from sheet_scorer.workbook.files import write_error

# The one catalogue's refusals and lines, and its nouns (i18n.catalogue).
_LINES = {key: entry.templates for key, entry in CATALOGUE.items() if entry.level in ("refusal", "line")}
_COUNTS = NOUNS

HEADERS_PL = [
    "Stół",
    "Gracz",
    "Osady",
    "Miasta",
    "Karty VP",
    "Rycerze",
    "Drogi",
    "Długość drogi",
    "Armia pierwsza",
    "Droga pierwsza",
    "Zgłoszone zwycięstwo",
]


def row(table, name, settlements=2, cities=0, declared=""):
    return [table, name, settlements, cities, 0, 0, 2, 1, "", "", declared]


def polish_event(folder: Path, language: str | None = "Polski") -> Path:
    """Round 1: table 1 clean (Zofia 10 VP declared), table 2 with 44 settlements for Piotr.
    Round 2: table 1 with Declared 'może' on Zofia (she and Agnieszka have 10 and 11 VP), and
    'Katarzyna Dąbrowksa' for Katarzyna Dąbrowska."""
    round_1 = [
        HEADERS_PL,
        row(1, "Zofia Kamińska", 2, 4, "x"),
        row(1, "Agnieszka Bąk", 3),
        row(1, "Katarzyna Dąbrowska", 4),
        row(1, "Jan Nowak"),
        row(2, "Piotr Zieliński", 44),
        row(2, "Łukasz Wójcik", 3),
        row(2, "Marek Lis", 4),
        row(2, "Ewa Kruk"),
    ]
    round_2 = [
        HEADERS_PL,
        row(1, "Zofia Kamińska", 2, 4, "może"),
        row(1, "Agnieszka Bąk", 3, 4),
        row(1, "Katarzyna Dąbrowksa", 4),
        row(1, "Jan Nowak"),
        row(2, "Piotr Zieliński", 2, 4, "x"),
        row(2, "Łukasz Wójcik", 3),
        row(2, "Marek Lis", 4),
        row(2, "Ewa Kruk"),
    ]
    sheets = {"Runda 1": round_1, "Runda 2": round_2}
    if language:
        sheets["Ustawienia"] = [["Turniej", "Turniej klubowy"], ["Język", language]]
    return write_workbook(folder / "turniej.xlsx", sheets)


def test_check_in_polish_has_no_english(tmp_path: Path) -> None:
    code, output = run("check", polish_event(tmp_path, language=None), "--lang", "pl")
    assert code == 1
    assert english_in(output, tmp_path) == [], output
    # the three mistakes, each once, in Polish: 44 settlements (few form), the non-flag, the near-miss name
    assert "Piotr Zieliński: wpisano 44 osady, a można mieć od 0 do 5" in output
    assert "„może”" in output and "czy chodziło o „Katarzyna Dąbrowska”?" in output
    assert output.count("błąd ") == 2 and "zgłosiła" not in output  # no second error for the same mistakes
    *_, total, step = output.rstrip().splitlines()
    assert total.endswith("turniej.xlsx: 2 błędy, 1 ostrzeżenie")
    assert step.startswith("Dalej: popraw wymienione wyżej komórki w ")


# English words that are also French words (or Portuguese), allowed there.
SAME_WORD = {"pt": set(), "fr": {"table", "tables", "points"}}


@pytest.mark.parametrize("lang", ["pt", "fr"])
def test_check_and_score_in_portuguese_and_french_have_no_english(tmp_path: Path, lang: str) -> None:
    event = polish_event(tmp_path, language=None)
    for command in ("check", "score"):
        code, output = run(command, event, "--lang", lang)
        assert code == 1
        assert [w for w in english_in(output, tmp_path) if w not in SAME_WORD[lang]] == [], output


def test_score_follows_the_settings_language(tmp_path: Path) -> None:
    code, output = run("score", polish_event(tmp_path))
    assert code == 1
    assert english_in(output, tmp_path) == [], output
    assert (
        "Klasyfikacja (TYMCZASOWA)" in output and "9 graczy, 2 rundy" in output
    )  # 8 and the misspelt name, warned only and "policzone stoły: 2 z 4" in output


def test_lang_option_wins_over_settings(tmp_path: Path) -> None:
    _code, output = run("check", polish_event(tmp_path), "--lang", "en")
    assert "2 errors, 1 warning" in output and "błąd" not in output


def test_batch_table_in_polish(tmp_path: Path) -> None:
    event = polish_event(tmp_path)
    code, output = run("score", event, event.with_name("brak.xlsx"), "--lang", "pl", "--jobs", "1")
    assert code == 2
    assert "2 skoroszyty" in output and "Plik" in output and "Ostrzeżenia" in output
    assert "niepoliczony:" in output and "nie ma takiego pliku" in output


def test_one_line_error_in_polish(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(tmp_path / "brak.xlsx"), "--lang", "pl"])
    assert result.exit_code == 2 and result.output == f"Błąd: {tmp_path / 'brak.xlsx'}: nie ma takiego pliku\n"


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (1, "1 błąd"),
        (2, "2 błędy"),
        (4, "4 błędy"),
        (5, "5 błędów"),
        (12, "12 błędów"),
        (22, "22 błędy"),
        (25, "25 błędów"),
    ],
)
def test_polish_plural_of_errors(n: int, expected: str) -> None:
    """Polish: one for 1; few for 2-4 and 22-24 (not 12-14); many otherwise (CLDR)."""
    assert count("pl", "errors", n) == expected


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("pl", 1, "Ala: wpisano 1 osadę, a można mieć od 0 do 5"),
        ("pl", 2, "Ala: wpisano 2 osady, a można mieć od 0 do 5"),
        ("pl", 6, "Ala: wpisano 6 osad, a można mieć od 0 do 5"),
        ("pt", 1, "Ala: 1 aldeia, mas cada jogador tem de 0 a 5"),
        ("pt", 6, "Ala: 6 aldeias, mas cada jogador tem de 0 a 5"),
        ("fr", 1, "Ala\u202f: 1 colonie, mais chaque joueur en a de 0 à 5"),
        ("fr", 6, "Ala\u202f: 6 colonies, mais chaque joueur en a de 0 à 5"),
        ("en", 1, "Ala: 1 settlement, but a player has 0 to 5"),
    ],
)
def test_counts_agree_with_their_noun(lang: str, n: int, expected: str) -> None:
    problem = Problem(
        "settlements-range", "R1", "C2", "Ala", field="settlements", params={"value": n, "column": "Settlements"}
    )
    assert problem_message(problem, lang) == expected


@pytest.mark.parametrize(
    ("lang", "opening", "closing"), [("pl", "„", "”"), ("pt", "“", "”"), ("fr", "«\u202f", "\u202f»")]
)
def test_each_language_quotes_its_own_way(lang: str, opening: str, closing: str) -> None:
    problem = Problem("bad-flag", "R1", "K2", "Ala", field="declared", params={"value": "?", "column": "Declared"})
    message = problem_message(problem, lang)
    assert f"{opening}?{closing}" in message and "'" not in message.replace("l'", "").replace("d'", "")


# --------------------------------------------------------------------------------------------
# new, seat, slips, merge, split in Polish; translated refusals; the catalogue itself
# --------------------------------------------------------------------------------------------

# More of the English interface: what new/seat/slips/merge/split print.
ENGLISH_EVENT = [
    "seated",
    "planned",
    "repeated",
    "meetings",
    "balance",
    "club",
    "conflicts",
    "conflict",
    "slips",
    "taken",
    "already",
    "there",
    "cells",
    "dry",
    "holds",
    "emptied",
    "kept",
    "nothing",
    "unchanged",
    "backup",
    "version",
    "wrote",
    "copy",
    "into",
    "for",
    "every",
    "evenly",
]


def english_left(output: str, folder: Path) -> list[str]:
    text = re.sub(r"\S*" + re.escape(folder.name) + r"\S*", " ", output.replace("\n", " "))
    text = re.sub(r"\S+\.(?:xlsx|html)\b", " ", text)
    text = re.sub(r"sheet-scorer (?:score|check)\b", " ", text)  # the command to run next is typed as it is
    return [w for w in ENGLISH + ENGLISH_EVENT if re.search(rf"(?<![\w']){re.escape(w)}(?![\w'])", text, re.IGNORECASE)]


def test_new_seat_and_slips_in_polish_have_no_english(tmp_path: Path) -> None:
    players = tmp_path / "gracze.txt"
    players.write_text(
        "\n".join(
            [
                "Zofia Kamińska",
                "Agnieszka Bąk",
                "Katarzyna Dąbrowska",
                "Jan Nowak",
                "Piotr Zieliński",
                "Łukasz Wójcik",
                "Marek Lis",
                "Ewa Kruk",
                "Ola Sowa",
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    event = tmp_path / "turniej.xlsx"
    code, output = run("new", "--players", players, "--rounds", 3, "--lang", "pl", "-o", event)
    assert code == 0, output
    assert english_left(output, tmp_path) == [], output
    assert "9 graczy, runda 1 rozsadzona, rundy 2–3 zaplanowane" in output  # 9: the CLDR 'many' form
    assert "konflikty klubowe: 0" in output
    # the Settings sheet `new` wrote says Polski: seat and slips follow it without --lang
    code, output = run("seat", event, "--force")
    assert code == 0, output
    assert english_left(output, tmp_path) == [], output
    assert "1 runda (9 graczy, zachowano zapisany plan)" in output
    code, output = run("slips", event, "--round", 1)
    assert code == 0 and english_left(output, tmp_path) == [], output
    assert output.rstrip().endswith("karty wyników dla arkusza „Runda 1”")
    code, output = run("seat", event, "--reseat", "--force")  # round 2 is laid out but not played: re-seated
    assert code == 0 and english_left(output, tmp_path) == [], output
    assert "ponownie rozsadzono od rundy 2: 1 runda" in output


@pytest.mark.parametrize(
    ("lang", "rounds", "line"),
    [
        (
            "fr",
            1,
            "e.xlsx : placement de 1 ronde à partir de la ronde 2 (9 joueurs, replanifié : les exemptions changent)",
        ),  # not "1 ronde placées"
        (
            "fr",
            2,
            "e.xlsx : placement de 2 rondes à partir de la ronde 2 (9 joueurs, replanifié : les exemptions changent)",
        ),
        ("pl", 1, "e.xlsx: rozsadzono od rundy 2: 1 runda (9 graczy, zaplanowano od nowa: zmieniają się pauzy)"),
        ("pl", 2, "e.xlsx: rozsadzono od rundy 2: 2 rundy (9 graczy, zaplanowano od nowa: zmieniają się pauzy)"),
    ],
)
def test_the_seat_summary_agrees_with_its_number(lang: str, rounds: int, line: str) -> None:
    from sheet_scorer.i18n.terminal import count, say

    assert (
        say(
            lang,
            "seated",
            path="e.xlsx",
            first=2,
            rounds=count(lang, "rounds", rounds),
            players=count(lang, "players", 9),
            how=say(lang, "replanned_byes"),
        ).replace("\u202f", " ")
        == line
    )


def test_seat_refusal_in_polish(tmp_path: Path) -> None:
    """Round 1 has two faulty tables (44 settlements; 'może' in Declared): seat refuses in Polish."""
    code, output = run("seat", polish_event(tmp_path), "--lang", "pl")
    assert code == 2
    assert (
        "arkusz „Runda 2” nie jest w pełni policzony (stoły: 1); popraw go i uruchom seat ponownie albo użyj --force"
        in output
    )
    assert english_left(output, tmp_path) == [], output


def split_and_merge_event(folder: Path) -> Path:
    """Round 1 with its tables seated and no results, in a workbook whose Settings say Polski."""
    seated = [
        [t, name, *[""] * 9]
        for t, name in [
            (1, "Zofia Kamińska"),
            (1, "Agnieszka Bąk"),
            (1, "Jan Nowak"),
            (2, "Piotr Zieliński"),
            (2, "Łukasz Wójcik"),
            (2, "Marek Lis"),
        ]
    ]
    return write_workbook(
        folder / "turniej.xlsx", {"Runda 1": [HEADERS_PL, *seated], "Ustawienia": [["Język", "Polski"]]}
    )


def test_split_and_merge_in_polish_have_no_english(tmp_path: Path) -> None:
    event = split_and_merge_event(tmp_path)
    code, output = run("split", event, "--round", 1, "--tables", "1,3")
    assert code == 0 and english_left(output, tmp_path) == [], output
    assert (
        "w arkuszu „Runda 1” nie ma stołu 3" in output and "zawiera stół 1 (3 gracze)" in output
    )  # one table: stół; 3: the CLDR 'few' form
    judge = write_workbook(
        tmp_path / "sedzia.xlsx",
        {
            "Runda 1": [
                HEADERS_PL,
                row(1, "Zofia Kamińska", 2, 4, "x"),
                row(1, "Agnieszka Bąk", 3),
                row(1, "Jan Nowak", 4),
            ]
        },
    )
    code, output = run("merge", event, judge, "--dry-run")
    assert code == 0 and english_left(output, tmp_path) == [], output
    # Table 1's game cells: Zofia 6 counts + Declared, Agnieszka and Jan 6 counts each = 19 (the CLDR 'many' form)
    assert output.splitlines() == [
        "sedzia.xlsx: przeniesione 19, już były 0, konflikty 0",
        "próba: do zapisania byłoby 19 komórek; turniej.xlsx bez zmian",
    ]


def test_a_damaged_file_is_refused_in_polish_and_french(tmp_path: Path) -> None:
    empty = tmp_path / "pusty.xlsx"
    empty.write_bytes(b"")
    cut = tmp_path / "uciety.xlsx"
    cut.write_bytes(b"PK\x03\x04" + bytes(40))  # a zip header and nothing after it
    assert run("check", empty, "--lang", "pl") == (
        2,
        f"Błąd: {empty}: pusty plik; sheet-scorer czyta skoroszyty .xlsx i .xlsm\n",
    )
    code, output = run("score", cut, "--lang", "fr")
    assert (code, output) == (
        2,
        f"Erreur\u202f: {cut}\u202f: le fichier est endommagé (.xlsx incomplet)\u202f; "
        "enregistrez-le à nouveau depuis Excel ou LibreOffice\n",
    )
    # without --lang: English, word for word as before
    assert run("check", empty) == (2, f"Error: {empty}: an empty file; sheet-scorer reads .xlsx and .xlsm workbooks\n")


def test_a_missing_output_folder_is_refused_in_portuguese(tmp_path: Path) -> None:
    target = tmp_path / "nada" / "saida.xlsx"
    code, output = run("score", polish_event(tmp_path), "-o", target, "--lang", "pt")
    assert (code, output) == (2, f"Erro: {target}: a pasta {target.parent} não existe\n")


@pytest.mark.parametrize(
    ("number", "key", "polish"),
    [
        (
            errno.ENOSPC,
            "cannot_write",
            "{path}: nie można zapisać (dysk jest pełny; zwolnij trochę miejsca i policz ponownie)",
        ),
        (errno.EACCES, "cannot_write_folder", "{path}: nie można zapisywać w folderze {folder} (brak uprawnień)"),
    ],
)
def test_a_write_failure_gives_its_reason_in_the_language(tmp_path: Path, number: int, key: str, polish: str) -> None:
    path = tmp_path / "wynik.xlsx"
    error = write_error(path, OSError(number, "system words"), folder=key == "cannot_write_folder")
    assert error.key == key
    assert say("pl", error.key, **error.values) == polish.format(path=path, folder=tmp_path)
    assert str(error) == say("en", error.key, **error.values)  # the English line is the exception's own text


def test_a_rare_write_failure_keeps_the_systems_words(tmp_path: Path) -> None:
    error = write_error(tmp_path / "w.xlsx", OSError(errno.EMLINK, "Too many links"))
    assert str(error) == f"{tmp_path / 'w.xlsx'}: cannot be written (Too many links)"
    assert say("pl", error.key, **error.values) == f"{tmp_path / 'w.xlsx'}: nie można zapisać (Too many links)"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", sorted(_LINES))
def test_every_terminal_line_is_in_four_languages_with_the_same_placeholders(key: str) -> None:
    assert set(_LINES[key]) == {"en", "pl", "pt", "fr"}
    for lang in ("pl", "pt", "fr"):
        template = _LINES[key][lang]
        assert _fields(template) == _fields(_LINES[key]["en"]), (key, lang)
        # a name is quoted the language's way („…”, “…”, « … »); '…'! is only a cell reference ('Runda 1'!C3)
        assert re.search(r"'\{\w+\}'(?!!)", template) is None, (key, lang)


@pytest.mark.parametrize("key", sorted(_COUNTS))
def test_every_count_has_each_plural_form_of_each_language(key: str) -> None:
    for lang in ("en", "pl", "pt", "fr"):
        forms = _COUNTS[key][lang]
        # Portuguese and French 'many' is the millions form ("1 milhão de jogadores"); 'other' stands in for it
        needed = set(Locale.parse(lang).plural_form.tags) - ({"many"} if lang in ("pt", "fr") else set())
        assert set(forms) == needed | {"other"}, (key, lang)
        assert all(_fields(form) == {"n"} for form in forms.values()), (key, lang)


def test_polish_counts_of_players_and_cells() -> None:
    """Nominative after 2-4 (gracze, komórki), genitive plural after 5-21 (graczy, komórek): CLDR few/many."""
    assert [count("pl", "players", n) for n in (1, 3, 5, 22)] == ["1 gracz", "3 gracze", "5 graczy", "22 gracze"]
    assert [count("pl", "cells", n) for n in (1, 4, 12, 24)] == ["1 komórka", "4 komórki", "12 komórek", "24 komórki"]


def test_a_name_written_twice_in_the_player_list_is_refused_in_polish(tmp_path: Path) -> None:
    players = tmp_path / "gracze.txt"
    players.write_text("Zofia Kamińska\nJan Nowak\nzofia kaminska\nEwa Kruk\nJAN NOWAK\n", encoding="utf-8")
    code, output = run("new", "--players", players, "--lang", "pl", "-o", tmp_path / "t.xlsx")
    assert code == 2 and not (tmp_path / "t.xlsx").exists()
    assert output == (
        f"Błąd: {players}: dwa razy to samo imię i nazwisko: wiersz 1 „Zofia Kamińska” i wiersz 3 "
        "„zofia kaminska”; wiersz 2 „Jan Nowak” i wiersz 5 „JAN NOWAK”\n"
    )
    code, output = run("new", "--players", players, "-o", tmp_path / "t.xlsx")  # English, as before
    assert output == (
        f"Error: {players}: the same name twice: line 1 'Zofia Kamińska' and line 3 'zofia kaminska'; "
        "line 2 'Jan Nowak' and line 5 'JAN NOWAK'\n"
    )


# --------------------------------------------------------------------------------------------
# playoffs in Polish
# --------------------------------------------------------------------------------------------

PLAYOFF_ENGLISH = ["added", "rewrote", "sheet", "fix", "run", "again", "active", "fewer", "than", "Size", "Semifinal"]


def polish_qualifying(folder: Path, settings: list[list[object]]) -> Path:
    """Two tables of four, VP only: Ala 12 and Basia 10 win their tables (docs/rules.md §6)."""
    header = ["Stół", "Gracz", "PZ", "Zgłoszone zwycięstwo"]
    rows = [
        header,
        [1, "Ala", 12, ""],
        [1, "Ewa", 9, ""],
        [1, "Franek", 5, ""],
        [1, "Czesia", 2, ""],
        [2, "Basia", 10, ""],
        [2, "Gosia", 8, ""],
        [2, "Henio", 4, ""],
        [2, "Dorota", 3, ""],
    ]
    return write_workbook(folder / "turniej.xlsx", {"Ustawienia": [["Język", "Polski"], *settings], "Runda 1": rows})


def test_playoffs_in_polish_has_no_english(tmp_path: Path) -> None:
    path = polish_qualifying(tmp_path, [["Liczba w fazie finałowej", 4]])
    code, output = run("playoffs", path)
    assert code == 0, output
    # Playoff Size 4 goes straight to the final (the Polish name of the sheet), four players counted in Polish.
    assert "„Finał”" in output and "4 gracze" in output and "turniej.backup.xlsx" in output
    assert [w for w in english_left(output, tmp_path) if w in PLAYOFF_ENGLISH + ENGLISH + ENGLISH_EVENT] == []


def test_playoffs_refusal_in_polish(tmp_path: Path) -> None:
    # Eight players cannot fill the default Playoff Size of 16.
    path = polish_qualifying(tmp_path, [])
    code, output = run("playoffs", path)
    assert code == 2 and output.count("\n") == 1
    assert "aktywne osoby w klasyfikacji eliminacji: 8, czyli mniej niż 16" in output and "wpisz tam 4 / 8" in output
    assert [w for w in english_left(output, tmp_path) if w in PLAYOFF_ENGLISH + ENGLISH] == []


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("pl", "8 graczy, runda 1 rozsadzona, runda 2 zaplanowana"),  # not "rundy 2–2 zaplanowane"
        ("fr", "8 joueurs, ronde 1 placée, ronde 2 planifiée"),
    ],
)
def test_new_over_two_rounds_names_round_2(tmp_path: Path, lang: str, line: str) -> None:
    players = tmp_path / "p.txt"
    players.write_text("\n".join(["Ala", "Bob", "Cyd", "Dan", "Eva", "Fil", "Gil", "Hal"]) + "\n", encoding="utf-8")
    code, output = run("new", "--players", players, "--rounds", 2, "--lang", lang, "-o", tmp_path / "e.xlsx")
    assert code == 0 and line in output.replace("\u202f", " "), output


def test_a_refusal_is_a_key_and_values_and_its_english_text_comes_from_the_catalogue(tmp_path: Path) -> None:
    """One message model: `str(error)` is the catalogue's English line (no second copy), and a refusal that
    was English only is told in the organiser's language too."""
    from sheet_scorer.i18n.phrase import Count
    from sheet_scorer.model import WorkbookError

    error = WorkbookError(key="seat_unscored_errors", path="e.xlsx", sheet="Round 1", errors=Count("errors", 2))
    assert str(error) == "e.xlsx: 'Round 1' is not fully scored (2 errors); fix it and run seat again, or use --force"
    assert say("pl", error.key, **error.values).endswith(
        "(2 błędy); popraw go i uruchom seat ponownie albo użyj --force"
    )
    assert str(WorkbookError("a line of its own")) == "a line of its own"
    event = write_workbook(
        tmp_path / "event.xlsx", {"Round 1": [["Table", "Player", "VP"], [1, "Ala", 10], [1, "Bob", 5], [1, "Cyd", 4]]}
    )
    code, output = run("score", event, "-o", tmp_path / "out.xlsx", "--html", tmp_path / "out.xlsx", "--lang", "pl")
    assert (
        code == 2
        and output
        == f"Błąd: {tmp_path / 'out.xlsx'}: wskazany zarówno jako policzony skoroszyt, jak i --html; "
        "wybierz dwa różne pliki\n"
    )
