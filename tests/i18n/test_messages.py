"""One message model: refusals once English only, now catalogue keys said in each of the four
languages, and the one table of problem codes. (That every raise site names a key with values and no English copy
is checked by the scan of every key, tests/i18n/test_catalogue.py.)"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from sheet_scorer.i18n.catalogue import CATALOGUE
from sheet_scorer.i18n.terminal import say
from sheet_scorer.model import WorkbookError
from sheet_scorer.xlsx import reader as xlsx

LANGS = {"en", "pl", "pt", "fr"}
MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def _package(path: Path, sheet_data: str, head: bytes = b"") -> Path:
    """A minimal hand-written workbook: one sheet 'Round 1' holding `sheet_data` (its XML preceded by `head`)."""
    rels = (
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" '
        'Target="worksheets/sheet1.xml"/>'
    )
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{MAIN_NS}" xmlns:r="http://schemas.openxmlformats.org/'
            'officeDocument/2006/relationships"><sheets><sheet name="Round 1" sheetId="1" r:id="rId1"/>'
            "</sheets></workbook>",
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>',
        )
        archive.writestr(
            "xl/worksheets/sheet1.xml",
            head + f'<worksheet xmlns="{MAIN_NS}"><sheetData>{sheet_data}</sheetData></worksheet>'.encode(),
        )
    return path


def _refusal(path: Path) -> WorkbookError:
    with pytest.raises(WorkbookError) as refused, xlsx.WorkbookReader(path) as package:
        package.sheet(package.sheets[0])
    return refused.value


@pytest.mark.parametrize(
    ("data", "polish"),
    [
        ('<row r="1"><c r="XFE1"><v>1</v></c></row>', "adres komórki „XFE1” wychodzi poza siatkę (A1 do XFD1048576)"),
        ('<row r="0"><c><v>1</v></c></row>', "numer wiersza „0” wychodzi poza siatkę (1 do 1048576)"),
    ],
)
def test_a_damaged_sheet_is_refused_in_polish(tmp_path: Path, data: str, polish: str) -> None:
    """Formerly English only: the reader's damaged-sheet refusal, now a key said in Polish."""
    path = _package(tmp_path / "zly.xlsx", data)
    error = _refusal(path)
    assert say("pl", error.key, **error.values) == (
        f"{path}: arkusz „Round 1” jest uszkodzony: {polish}; otwórz go i zapisz w Excelu lub LibreOffice"
    )


def test_a_doctype_is_refused_in_polish_and_french(tmp_path: Path) -> None:
    path = _package(tmp_path / "d.xlsx", "", head=b'<!DOCTYPE w [<!ENTITY x SYSTEM "file:///etc/passwd">]>')
    error = _refusal(path)
    assert say("pl", error.key, **error.values) == (
        f"{path}: część xl/worksheets/sheet1.xml deklaruje DOCTYPE lub encje, czego skoroszyty nigdy nie robią "
        "(plik złośliwy lub uszkodzony); zapisz go ponownie w Excelu lub LibreOffice"
    )
    assert say("fr", error.key, **error.values) == (
        f"{path}\u202f: la partie xl/worksheets/sheet1.xml déclare un DOCTYPE ou des entités, ce que les classeurs ne font "
        "jamais (fichier hostile ou endommagé)\u202f; enregistrez-le à nouveau depuis Excel ou LibreOffice"
    )
    assert str(error) == (
        f"{path}: part xl/worksheets/sheet1.xml declares a DOCTYPE or entities, which workbooks never do "
        "(a hostile or damaged file); save it again from Excel or LibreOffice"
    )


def test_a_missing_sheet_is_refused_in_polish(tmp_path: Path) -> None:
    from sheet_scorer.xlsx.book import Book

    path = _package(tmp_path / "b.xlsx", '<row r="1"><c r="A1"><v>1</v></c></row>')
    with pytest.raises(WorkbookError) as refused:
        Book(path).worksheet("Runda 2")
    error = refused.value
    assert say("pl", error.key, **error.values) == f"{path}: nie ma arkusza „Runda 2”"
    assert str(error) == f"{path}: has no worksheet 'Runda 2'"


def test_each_problem_code_is_defined_once_with_its_level_field_and_four_languages() -> None:
    """The one table of problem codes: the old views (warnings, table rules, row fields, catalogues) derive from it."""
    from sheet_scorer.problems import MESSAGES_EN, WARNING_CODES, Problem, messages
    from sheet_scorer.rules.validate import ROW_CODE_FIELDS, TABLE_CODES

    PROBLEM_CODES = {code: entry for code, entry in CATALOGUE.items() if entry.level in ("error", "warning")}
    assert {
        "name-spelling",
        "name-similar",
        "no-target",
        "hidden-row",
        "unknown-setting",
        "table-not-reported",
        "season_alias_both",
        "season_name_similar",
        "season_name_spelling",
    } == WARNING_CODES
    assert set(TABLE_CODES) == {c for c, kind in PROBLEM_CODES.items() if kind.table}
    assert TABLE_CODES["table-knights"][0] == "knights" and TABLE_CODES["no-target"][0] == "vp"
    assert ROW_CODE_FIELDS["settlements-min"] == "settlements" and ROW_CODE_FIELDS["seat-duplicate"] == "seat"
    for code, kind in PROBLEM_CODES.items():
        assert set(kind.templates) == LANGS and all(set(words) == LANGS for words in kind.variants.values()), code
    assert MESSAGES_EN["declared-missing.target_hint"].endswith("set Victory Target in Settings")
    assert (
        Problem("no-target", "Round 1").severity == "warning" and Problem("table-size", "Round 1").severity == "error"
    )
    assert messages("fr")["no-target"].startswith("table {table}\u202f: ")  # French typeset once, from the table


@pytest.mark.parametrize("first", ["sheet_scorer.xlsx.errors", "sheet_scorer.model", "sheet_scorer.api"])
def test_the_english_line_of_a_refusal_does_not_depend_on_what_was_imported_first(first: str) -> None:
    """`str(error)` is the catalogue's English line however the package was entered (the format layer's error raised
    before the model or the terminal words were ever imported included)."""
    import subprocess
    import sys

    probe = (
        f"import {first}\n"
        "from sheet_scorer.xlsx.errors import PackageError\n"
        "print(PackageError(key='unknown_language', language='de', languages='en, pl'))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout == "unknown language 'de'; use one of en, pl\n"


@pytest.mark.parametrize(
    ("lang", "n", "said"),
    [("pl", 1, "1 stół"), ("pl", 3, "3 stoły"), ("pl", 5, "5 stołów"), ("pl", 22, "22 stoły"), ("en", 1, "1 table")],
)
def test_the_one_renderer_agrees_a_count_by_the_languages_plural_rule(lang: str, n: int, said: str) -> None:
    """CLDR (Polish): one for 1, few for 2-4 and 22-24, many for 5-21; English: one for 1, other else."""
    from sheet_scorer.i18n.text import render

    template = (
        "{n:plural:one=stół,few=stoły,many=stołów,other=stołu}" if lang == "pl" else "{n:plural:one=table,other=tables}"
    )
    assert render(lang, template, {"n": n}) == said
