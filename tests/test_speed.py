"""Issue 21, what makes the tool fast without changing what it does: templates compiled once and kept, pandera
schemas built once per process, and commands importing only what they use. (Speed itself is measured in bench/.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
from helpers import player, round_sheet, write_workbook

from sheet_scorer import check_workbook
from sheet_scorer.report import templating
from sheet_scorer.rules import validate as validation

BROKEN = round_sheet(player(1, "Ala", settlements=4, cities=3), player(1, "Bob", knights="three"), player(1, "Cyd"),
                     player(1, "Dan", roads=44))


def _folder(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "templates"
    folder.mkdir(exist_ok=True)
    (folder / "page.j2").write_text(source, encoding="utf-8")
    return folder


def test_a_compiled_template_is_kept_and_the_next_process_does_not_compile_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder, cache = _folder(tmp_path, "<b>{{ name }}</b>"), tmp_path / "cache"
    cache.mkdir()
    first = templating.environment(folder, cache, autoescape=True).get_template("page.j2").render(name="A & B")
    assert first == "<b>A &amp; B</b>"
    assert len(list(cache.iterdir())) == 1
    fresh = templating.environment(folder, cache, autoescape=True)

    def no_compiling(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again although the cache holds it")

    monkeypatch.setattr(fresh, "compile", no_compiling)
    assert fresh.get_template("page.j2").render(name="A & B") == first


def test_a_changed_template_or_other_options_are_compiled_again(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    folder = _folder(tmp_path, "<b>{{ name }}</b>")
    assert templating.environment(folder, cache, autoescape=True).get_template("page.j2").render(name="<x>") == "<b>&lt;x&gt;</b>"
    # the same template without autoescape must not reuse the escaping code
    assert templating.environment(folder, cache, autoescape=False).get_template("page.j2").render(name="<x>") == "<b><x></b>"
    _folder(tmp_path, "<i>{{ name }}</i>")
    assert templating.environment(folder, cache, autoescape=True).get_template("page.j2").render(name="y") == "<i>y</i>"


def test_a_cache_that_cannot_be_used_only_means_compiling(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = _folder(tmp_path, "{{ 1 + 2 }}")
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    monkeypatch.delenv("LOCALAPPDATA", raising=False)
    assert templating.cache_folder() is None
    assert templating.environment(folder).get_template("page.j2").render() == "3"
    # a folder that vanished after the environment was made, and a damaged entry
    gone = templating.environment(folder, tmp_path / "gone")
    assert gone.get_template("page.j2").render() == "3"
    cache = tmp_path / "cache"
    cache.mkdir()
    templating.environment(folder, cache).get_template("page.j2").render()
    for entry in cache.iterdir():
        entry.write_bytes(b"j2 damaged")
    assert templating.environment(folder, cache).get_template("page.j2").render() == "3"


def test_the_cache_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv("LOCALAPPDATA", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert templating.cache_folder() == tmp_path / "sheet-scorer" / f"templates-jinja{jinja2.__version__}"


def test_schemas_are_built_once_and_give_the_same_problems_every_time(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": BROKEN})
    first = check_workbook(path)
    built = validation._cell_schema.cache_info().misses + validation._rule_schema.cache_info().misses
    second = check_workbook(path)
    assert validation._cell_schema.cache_info().misses + validation._rule_schema.cache_info().misses == built
    found = [(p.code, p.cell) for p in first.problems]
    assert found == [(p.code, p.cell) for p in second.problems]
    # Bob's knights "three" (C3 is Settlements: knights are column F) and Dan's 44 roads, each at its cell
    assert {"F3", "G5"} <= {cell for _, cell in found}


def test_check_imports_neither_jinja2_nor_the_patcher(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": BROKEN})
    heavy = "{'jinja2', 'openpyxl', 'lxml', 'sheet_scorer.workbook.package', 'sheet_scorer.workbook.write', 'sheet_scorer.report.html'}"
    probe = ("import sys; from click.testing import CliRunner; from sheet_scorer.cli.main import main; "
             "r = CliRunner().invoke(main, ['check', sys.argv[1]]); "
             f"print(r.exit_code, sorted({heavy} & set(sys.modules)))")
    done = subprocess.run([sys.executable, "-c", probe, str(path)], capture_output=True, text=True)
    assert done.stdout.strip() == "1 []", done.stderr


def test_the_command_does_not_load_pandera_s_data_generator(tmp_path: Path) -> None:
    """pandera imports hypothesis when it is installed; the installed command never generates data."""
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": BROKEN})
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "sheet_scorer", "check", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 1 and "F3" in done.stdout, done.stderr[-500:]
    assert "pandera.backends" in done.stderr and "hypothesis.core" not in done.stderr  # tried, refused at once
