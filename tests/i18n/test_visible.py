"""Control characters are shown, never obeyed: `i18n.visible` and where its text goes."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from helpers import player, round_sheet, write_workbook

from sheet_scorer.cli.main import main
from sheet_scorer.i18n.visible import visible
from sheet_scorer.problems import Problem


def test_control_characters_are_written_out() -> None:
    assert visible("Ala\x07") == "Ala\\x07"
    assert visible("\x1b[2J\x1b]0;title\x07") == "\\x1b[2J\\x1b]0;title\\x07"
    assert visible("a\tb\nc\r\x7f\x9b") == "a\\x09b\\x0ac\\x0d\\x7f\\x9b"
    assert visible("abc\u202edef") == "abc\\u202edef"  # right-to-left override


def test_ordinary_text_is_unchanged() -> None:
    for text in ("Łukasz Wiśniewski", "José", "🎲 Ala  Nowak", "a\\x07", ""):
        assert visible(text) == text


def test_problem_messages_show_control_characters() -> None:
    problem = Problem("empty-cell", "Round 1", "C3", "Bob\x1b[2J", params={"column": "Settlements"})
    assert problem.message == "Bob\\x1b[2J: Settlements is empty"


def test_check_prints_no_raw_control_character(tmp_path: Path) -> None:
    rows = round_sheet(player(1, "Ala", settlements=6), player(1, "Bob"), player(1, "Cyd"))
    path = write_workbook(tmp_path / "e.xlsx", {"Round 1": rows})
    import zipfile

    patched = tmp_path / "ctl.xlsx"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(patched, "w") as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            dst.writestr(item, data.replace(b"<t>Ala</t>", b"<t>Ala_x001B_[2J_x0007_</t>"))
    result = CliRunner().invoke(main, ["check", str(patched)])
    assert result.exit_code == 1
    assert "Ala\\x1b[2J\\x07" in result.output and "\x1b" not in result.output and "\x07" not in result.output
