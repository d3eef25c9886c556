"""The command line (docs/rules.md §5): exit codes 0/1/2, one-line errors, files where asked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from helpers import player, round_sheet, run, tool_command, write_workbook
from paths import ROOT

from sheet_scorer.cli.main import main

# 10 VP (4 settlements, 3 cities) wins; nobody else near.
CLEAN = round_sheet(player(1, "Ala", settlements=4, cities=3), player(1, "Bob"), player(1, "Cyd"), player(1, "Dan"))
BROKEN = round_sheet(player(1, "Ala", settlements=4, cities=3), player(1, "Bob", knights="three"), player(1, "Cyd"))


def test_score_clean_workbook_exits_0(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": CLEAN})
    result = run("score", path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "event.scored.xlsx").is_file() and (tmp_path / "event.standings.html").is_file()
    assert "4 players, 1 round, 1 of 1 tables scored, 0 errors" in result.output


def test_score_with_errors_exits_1_and_still_writes(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": BROKEN})
    result = run("score", path, "-o", tmp_path / "out.xlsx", "--html", tmp_path / "out.html")
    assert result.exit_code == 1
    assert (tmp_path / "out.xlsx").is_file() and (tmp_path / "out.html").is_file()
    assert "'Round 1'!F3" in result.output and "PROVISIONAL" in result.output


def test_check_lists_problems_and_writes_nothing(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": BROKEN})
    result = run("check", path)
    assert result.exit_code == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]
    assert "Round 1\n  table 1\n    error   F3    Bob: Knights is 'three'" in result.output


@pytest.mark.parametrize("args", [["score", "missing.xlsx"], ["check", "missing.xlsx"]])
def test_missing_file_exits_2_with_one_line(tmp_path: Path, args: list[str]) -> None:
    result = CliRunner().invoke(main, [args[0], str(tmp_path / args[1])])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("Error: ") and "Traceback" not in result.output


def test_not_a_workbook_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "scores.xlsx"
    path.write_text("Table,Player\n1,Ala\n")
    result = run("score", path)
    assert result.exit_code == 2 and "not an Excel workbook" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scores.xlsx"]  # nothing written beside it


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["score"], "Missing argument 'WORKBOOKS...'."),
        (["seat"], "Missing argument 'WORKBOOK'."),
        (["slips", "x.xlsx"], "Missing option '--round'."),
        (["frobnicate"], "No such command 'frobnicate'."),
        (["score", "x.xlsx", "--lang", "de"], "Invalid value for '--lang': 'de' is not one of 'en', 'pl', 'pt', 'fr'."),
        (["check", "--nope", "x.xlsx"], "No such option '--nope'"),
        (
            ["score", "a.xlsx", "b.xlsx", "-o", "out.xlsx"],
            "-o/--output, --html and --json name one file; they cannot be used with a batch",
        ),
    ],
)
def test_usage_errors_exit_2_in_one_line(args: list[str], said: str) -> None:
    """click's own usage errors take four lines (usage, hint, blank, error): here one, saying what is wrong (a missing
    argument or option too, whose words click composes when it is shown) and where to look."""
    result = run(*args)
    assert result.exit_code == 2
    assert (
        result.output.startswith(f"Error: {said}") and result.output.count("\n") == 1 and "--help" in result.output
    ), result.output


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["new", "-o", "x.xlsx", "--lang", "pl"], "Błąd: brak opcji „--players”. (zobacz „main new --help”)"),
        (["merge", "--lang", "pt"], "Erro: falta o argumento “EVENT”. (veja “main merge --help”)"),
        (
            ["score", "x.xlsx", "--jbs", "2", "--lang=fr"],
            "Erreur\u202f: l'option «\u202f--jbs\u202f» n'existe pas. (Vouliez-vous dire\u202f: «\u202f--jobs\u202f», "
            "«\u202f--json\u202f»\u202f?) (voir «\u202fmain score --help\u202f»)",
        ),
        (
            ["check", "x.xlsx", "--format", "csv", "--lang", "pl"],
            "Błąd: nieprawidłowa wartość „--format”: „csv” nie jest żadną z wartości „text”, „json”. "
            "(zobacz „main check --help”)",
        ),
        (
            ["new", "--players", "p.txt", "-o", "x.xlsx", "--rounds", "0", "--lang", "pt"],
            "Erro: valor inválido para “--rounds”: 0 está fora do intervalo 1<=x<=30. (veja “main new --help”)",
        ),
        (
            ["new", "--players", "p.txt", "-o", "x.xlsx", "--date", "4.12.2026", "--lang", "pl"],
            "Błąd: nieprawidłowa wartość „--date”: „4.12.2026” nie jest datą w formacie YYYY-MM-DD. "
            "(zobacz „main new --help”)",
        ),
        (
            ["split", "x.xlsx", "--round", "1", "--tables", "zz", "--lang", "pl"],
            "Błąd: nieprawidłowa wartość „--tables”: „zz”: podaj numery stołów, np. 1-4 albo 1,3,5-7 "
            "(zobacz „main split --help”)",
        ),
        (
            ["playoffs", "a.xlsx", "b", "c", "--lang", "pt"],
            "Erro: argumentos extras inesperados (b c) (veja “main playoffs --help”)",
        ),
        (["score", "x.xlsx", "--lang", "pl", "-o"], "Błąd: opcja „-o” wymaga wartości."),
        (["--lang", "pl", "punktuj"], "Błąd: nie ma opcji „--lang”. (zobacz „main --help”)"),
        (["punktuj", "--lang", "pl"], "Błąd: nie ma polecenia „punktuj”. (zobacz „main --help”)"),
    ],
)
def test_usage_errors_follow_the_command_lines_lang(args: list[str], said: str) -> None:
    """A misuse is said in the `--lang` of the command line, wherever it stands (docs/rules.md §5), still one line."""
    result = run(*args)
    assert result.exit_code == 2 and result.output == said + "\n"


@pytest.mark.parametrize("name", ["out.csv", "out.xlsm"])
def test_output_must_be_a_workbook_of_the_inputs_kind(tmp_path: Path, name: str) -> None:
    """An .xlsx saved under .xlsm (or the reverse) is a file Excel refuses to open."""
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": CLEAN})
    result = run("score", path, "-o", tmp_path / name)
    assert result.exit_code == 2 and "must end in .xlsx, like the input" in result.output
    assert not (tmp_path / name).exists()


def test_output_of_another_case_of_the_same_kind_is_fine(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": CLEAN})
    assert run("score", path, "-o", tmp_path / "OUT.XLSX").exit_code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["OUT.XLSX", "event.standings.html", "event.xlsx"]
    assert openpyxl.load_workbook(tmp_path / "OUT.XLSX")["Standings"]["B2"].value in {"Ala", "Bob", "Cyd", "Dan"}


def test_python_dash_m_and_light_start(import_probe: dict) -> None:
    """Importing the command loads no heavy library (a fresh process: tests/import_probe.py). `python -m
    sheet_scorer` itself runs in tests/test_speed.py (check) and tests/workbook/test_files.py (score)."""
    assert {"pandas", "pandera", "openpyxl", "jinja2"} & set(import_probe["import"]["modules"]) == set()


@pytest.mark.parametrize("command", ["score", "check"])
def test_a_missing_file_is_told_before_the_heavy_imports(import_probe: dict, command: str) -> None:
    """Usage errors stay instant: the file is checked before pandas, pandera or openpyxl load."""
    step = import_probe[f"{command} missing"]
    assert step["exit"] == 2 and step["output"].endswith("missing.xlsx: no such file\n"), step["output"]
    assert {"pandas", "pandera", "openpyxl", "jinja2"} & set(step["modules"]) == set()


def test_json_export_and_file_permissions(tmp_path: Path) -> None:
    import json
    import os
    import stat

    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": CLEAN})
    old = os.umask(0o022)
    try:
        result = run("score", path, "--json", tmp_path / "event.json")
    finally:
        os.umask(old)
    assert result.exit_code == 0, result.output
    document = json.loads((tmp_path / "event.json").read_text(encoding="utf-8"))
    assert (document["schema"], document["version"]) == ("sheet-scorer/standings", 2)
    # Ala 4 + 2*3 = 10 VP wins; Bob, Cyd, Dan 2 VP each share 2nd: (3 + 2 + 1) / 3 = 2 points
    assert [(r["player"], r["round_points"]) for r in document["standings"]] == [
        ("Ala", 5),
        ("Bob", 2),
        ("Cyd", 2),
        ("Dan", 2),
    ]
    for name in ("event.scored.xlsx", "event.standings.html", "event.json"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o644


def test_names_that_look_like_terminal_markup_are_printed_as_written(tmp_path: Path) -> None:
    rows = round_sheet(player(1, "[/]"), player(1, "[bold]Bob"), player(1, "Cyd"))
    result = run("score", write_workbook(tmp_path / "event.xlsx", {"Round 1": rows}))
    assert result.exit_code == 0, result.output
    assert "[/]" in result.output and "[bold]Bob" in result.output


def test_a_reader_that_goes_away_stops_the_listing_quietly(tmp_path: Path) -> None:
    """`sheet-scorer check big.xlsx | head -1`: no 'unexpected failure' once head has its line."""
    rows = round_sheet(*[player(t // 4 + 1, f"Player {t}", knights="x") for t in range(2000)])
    path = write_workbook(tmp_path / "big.xlsx", {"Round 1": rows})
    listing = subprocess.Popen(
        [sys.executable, "-m", "sheet_scorer", "check", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert listing.stdout is not None and listing.stderr is not None
    assert listing.stdout.readline() == b"Round 1\n"
    listing.stdout.close()  # more than a pipe's buffer is still to come: the next write fails
    assert listing.wait(timeout=120) == 141
    assert listing.stderr.read() == b""


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT to a process group")
def test_ctrl_c_in_a_batch_finishes_the_workbooks_in_hand_and_starts_no_other(tmp_path: Path) -> None:
    import os
    import signal

    rows = round_sheet(*[player(t // 4 + 1, f"Player {t}") for t in range(64)])
    for index in range(12):
        write_workbook(tmp_path / f"event{index:02}.xlsx", {"Round 1": rows, "Round 2": rows})
    batch = subprocess.Popen(
        tool_command("score", str(tmp_path), "--jobs", "2"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    assert batch.stderr is not None
    first = batch.stderr.readline()  # "[1/12] …: exit 0" once the first workbook is done
    os.killpg(batch.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group gets it
    _, rest = batch.communicate(timeout=120)
    assert first.startswith(b"[1/12]") and batch.returncode == 130
    assert b"Traceback" not in rest and rest.decode().strip().endswith(
        "Interrupted: files not yet finished were left as they were."
    )
    scored = sorted(tmp_path.glob("*.scored.xlsx"))
    assert 1 <= len(scored) <= 4  # the finished one and those in hand (2 workers, 1 racing): not all 12
    for path in scored:  # each one that was written is whole
        assert "Standings" in openpyxl.load_workbook(path).sheetnames


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--html", "{input}"], "--html names the input workbook itself"),
        (["--json", "{input}"], "--json names the input workbook itself"),
        (["-o", "{dir}/out.xlsx", "--html", "{dir}/out.xlsx"], "named for both the scored workbook and --html"),
        (["--html", "{dir}/r.html", "--json", "{dir}/r.html"], "named for both --html and --json"),
    ],
)
def test_an_output_over_the_input_or_over_another_output_is_refused(
    tmp_path: Path, extra: list[str], message: str
) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": CLEAN})
    before = path.read_bytes()
    result = run("score", path, *[e.format(input=path, dir=tmp_path) for e in extra])
    assert result.exit_code == 2 and message in result.output and result.output.count("\n") == 1
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["event.xlsx"]


@pytest.mark.parametrize(
    "encoding", [pytest.param("latin-1", marks=pytest.mark.extended), "cp1252"]
)  # latin-1: extended
def test_output_redirected_in_a_narrow_encoding_keeps_every_name(encoding: str) -> None:
    """`sheet-scorer check x.xlsx > problems.txt` on Windows writes cp1252 by default: Ł must not crash it."""
    import os

    workbook = ROOT / "example_workbooks" / "mistakes.xlsx"
    done = subprocess.run(
        [sys.executable, "-m", "sheet_scorer", "check", str(workbook)],
        capture_output=True,
        env={**os.environ, "PYTHONIOENCODING": encoding},
    )
    assert done.returncode == 1, done.stderr
    assert "is also spelt 'Łukasz Nowak'" in done.stdout.decode("utf-8")


def test_check_does_not_repeat_a_table_its_message_names(tmp_path: Path) -> None:
    # nobody reached 10 VP: a warning whose message says "table 1: …" is not put under a "table 1" line as well
    path = write_workbook(
        tmp_path / "event.xlsx", {"Round 1": [["Table", "Player", "VP"], [1, "Ala", 8], [1, "Bob", 7], [1, "Cyd", 6]]}
    )
    result = run("check", path)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Round 1" and lines[1].split() == [
        "warning",
        "table",
        "1:",
        "nobody",
        "reached",
        "10",
        "VP;",
        "scored",
        "anyway",
    ], result.output
    assert "  table 1" not in lines


@pytest.mark.parametrize(
    ("args", "polish"),
    [
        (["score", "a.xlsx", "b.xlsx", "--lang", "pl", "-o", "out.xlsx"], "nie można ich użyć przy wielu skoroszytach"),
        (["score", "{empty}", "--lang", "pl"], "w tym folderze nie ma skoroszytów .xlsx, .xlsm ani .ods"),
        (["split", "e.xlsx", "--lang", "pl", "--round", "1", "--tables", "4-1"], "„4-1”: podaj numery stołów"),
    ],
)
def test_the_command_lines_own_usage_errors_follow_lang(tmp_path: Path, args: list[str], polish: str) -> None:
    """The usage errors the tool words itself (not click's) are catalogue lines: in Polish with --lang pl, one line."""
    (tmp_path / "empty").mkdir()
    result = run(*(a.replace("{empty}", str(tmp_path / "empty")) for a in args))
    assert result.exit_code == 2
    assert polish in result.output and "cannot be used" not in result.output and "give table" not in result.output
    assert len(result.output.strip().splitlines()) == 1
