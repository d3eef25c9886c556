"""Player lists for `new` in the encodings organisers' programs write (docs/rules.md §5): real encoded
bytes of Polish, French and Portuguese names, the encoding named in the summary, undecodable files refused."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import read_players

from sheet_scorer.cli.main import main
from sheet_scorer.i18n.terminal import say
from sheet_scorer.model import WorkbookError

POLISH = ["Łukasz Żółć", "Grzegorz Brzęczyszczykiewicz", "Świętosław Kaczmarek", "Joanna Ściegienna", "Źdźisław Ąbek"]
FRENCH = ["Françoise Lefèvre", "Jérôme Bœuf", "Anaïs Côté", "Gaëlle Noël"]
PORTUGUESE = ["João Conceição", "António Gonçalves", "Inês Simões", "Sebastião Araújo"]


def _csv(names: list[str], separator: str = ";") -> str:
    """What Excel writes: a header, then one name and club a line, CRLF line ends."""
    return (
        "\r\n".join([f"Player{separator}Club", *(f"{n}{separator}Club {i % 2}" for i, n in enumerate(names))]) + "\r\n"
    )


CASES = [
    ("utf-8", POLISH, b"", "UTF-8"),
    ("utf-8", FRENCH, codecs.BOM_UTF8, "UTF-8 (BOM)"),
    ("cp1250", POLISH, b"", "Windows-1250"),  # Excel "CSV (comma delimited)" on a Polish Windows
    ("iso8859_2", POLISH, b"", "ISO-8859-2"),
    ("cp1252", FRENCH, b"", "Windows-1252"),  # ... on a French Windows
    ("cp1252", PORTUGUESE, b"", "Windows-1252"),  # ... on a Portuguese one
]


@pytest.mark.parametrize(("encoding", "names", "bom", "label"), CASES)
def test_a_list_in_each_encoding_reads_every_name_exactly(
    tmp_path: Path, encoding: str, names: list[str], bom: bytes, label: str
) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes(bom + _csv(names).encode(encoding))
    players, found = read_players(path)
    assert [p.name for p in players] == names and found == label
    assert [p.club for p in players] == [f"Club {i % 2}" for i in range(len(names))]


def test_excels_unicode_text_is_utf16_with_tabs(tmp_path: Path) -> None:
    path = tmp_path / "players.txt"
    path.write_bytes(_csv(POLISH + FRENCH, "\t").encode("utf-16"))  # Python writes the BOM, as Excel does
    players, found = read_players(path)
    assert [p.name for p in players] == POLISH + FRENCH and found == "UTF-16"
    assert players[0].club == "Club 0"


def test_a_plain_text_list_in_windows_1250(tmp_path: Path) -> None:
    path = tmp_path / "players.txt"
    path.write_bytes("\r\n".join(POLISH).encode("cp1250"))
    players, found = read_players(path)
    assert [p.name for p in players] == POLISH and found == "Windows-1250"


@pytest.mark.parametrize(
    "data",
    [bytes(range(256)) * 4, b"PK\x03\x04\x14\x00\x00\x00\x08\x00" + bytes(200), codecs.BOM_UTF8 + b"Ala\n\xff\xfe\xfa"],
)
def test_what_cannot_be_decoded_is_refused_naming_the_excel_option(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes(data)
    with pytest.raises(WorkbookError) as raised:
        read_players(path)
    assert raised.value.key == "not_text" and "CSV UTF-8 (Comma delimited)" in str(raised.value)


def test_new_names_the_encoding_and_refuses_in_one_line(tmp_path: Path) -> None:
    good = tmp_path / "players.csv"
    good.write_bytes(_csv(POLISH + ["Anna Nowak", "Piotr Wiśniewski", "Ewa Kowalska"]).encode("cp1250"))
    result = CliRunner().invoke(
        main, ["new", "--players", str(good), "--lang", "pl", "-o", str(tmp_path / "club.xlsx")]
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == say("pl", "new_encoding", path=good, encoding="Windows-1250")
    bad = tmp_path / "bad.csv"
    bad.write_bytes(bytes(range(256)) * 4)
    refused = CliRunner().invoke(main, ["new", "--players", str(bad), "-o", str(tmp_path / "x.xlsx")])
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1
    assert "CSV UTF-8 (Comma delimited)" in refused.output and not (tmp_path / "x.xlsx").exists()


@pytest.mark.parametrize(
    ("header", "names", "clubs"),
    [
        # the name column headed with a word the tool does not know: the header row is still a header (Club is known)
        ("Imię i nazwisko;Klub", POLISH[:2], ["Club 0", "Club 1"]),
        ("Nom complet;Équipe;Actif", FRENCH[:2], ["Club 0", "Club 1"]),
        # a known name header stays as it was; no header at all: every line a name
        ("Gracz;Klub", POLISH[:2], ["Club 0", "Club 1"]),
    ],
)
def test_a_header_row_is_never_read_as_a_player(
    tmp_path: Path, header: str, names: list[str], clubs: list[str]
) -> None:
    rows = [f"{n};Club {i}" + (";oui" if header.count(";") == 2 else "") for i, n in enumerate(names)]
    path = tmp_path / "players.csv"
    path.write_bytes("\r\n".join([header, *rows]).encode("cp1250" if names is POLISH[:2] else "utf-8"))
    players, _ = read_players(path)
    assert [p.name for p in players] == names and [p.club for p in players] == clubs


def test_a_list_without_a_header_keeps_its_first_line(tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_text("Anna Nowak;Kraków\nJan Kowalski;Łódź\n", encoding="utf-8")
    players, _ = read_players(path)
    assert [p.name for p in players] == ["Anna Nowak", "Jan Kowalski"] and players[0].club == ""


def test_a_one_column_list_headed_imie_i_nazwisko(tmp_path: Path) -> None:
    path = tmp_path / "players.csv"
    path.write_bytes("Imię i nazwisko\r\nAnna Nowak\r\nJan Kowalski\r\n".encode("cp1250"))
    players, _ = read_players(path)
    assert [p.name for p in players] == ["Anna Nowak", "Jan Kowalski"]
