"""What makes the tool fast without changing what it does: templates compiled once and kept, pandera
schemas built once per process, and commands importing only what they use. (Speed itself is measured in bench/.)"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
from helpers import examples, player, round_sheet, write_workbook

from sheet_scorer import check_workbook
from sheet_scorer.report import templating
from sheet_scorer.rules import validate as validation

BROKEN = round_sheet(
    player(1, "Ala", settlements=4, cities=3),
    player(1, "Bob", knights="three"),
    player(1, "Cyd"),
    player(1, "Dan", roads=44),
)


def _folder(tmp_path: Path, source: str) -> Path:
    folder = tmp_path / "templates"
    folder.mkdir(exist_ok=True)
    (folder / "page.j2").write_text(source, encoding="utf-8")
    return folder


def test_a_compiled_template_is_kept_and_the_next_process_does_not_compile_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
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
    assert (
        templating.environment(folder, cache, autoescape=True).get_template("page.j2").render(name="<x>")
        == "<b>&lt;x&gt;</b>"
    )
    # the same template without autoescape must not reuse the escaping code
    assert (
        templating.environment(folder, cache, autoescape=False).get_template("page.j2").render(name="<x>")
        == "<b><x></b>"
    )
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


def test_check_imports_neither_jinja2_nor_the_patcher(import_probe: dict) -> None:
    """`check` of a workbook with errors, in a fresh process (tests/import_probe.py: BROKEN's rows, as here)."""
    step = import_probe["check broken"]
    assert step["exit"] == 1 and "F3" in step["output"] and "G5" in step["output"], step["output"]
    heavy = {"jinja2", "openpyxl", "lxml", "sheet_scorer.xlsx.package", "sheet_scorer.workbook.write"}
    assert (heavy | {"sheet_scorer.report.html"}) & set(step["modules"]) == set()


def test_the_command_does_not_load_pandera_s_data_generator(tmp_path: Path) -> None:
    """pandera imports hypothesis when it is installed; the installed command never generates data. (Also the test
    of `python -m sheet_scorer check`: the installed command's own process, cli.run.)"""
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": BROKEN})
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "sheet_scorer", "check", str(path)], capture_output=True, text=True
    )
    assert done.returncode == 1 and "F3" in done.stdout, done.stderr[-500:]
    assert "pandera.backends" in done.stderr and "hypothesis.core" not in done.stderr  # tried, refused at once


# ------------------------------------------------------------------------------ the reader's plain-form path

import zipfile  # noqa: E402
from dataclasses import asdict  # noqa: E402

from hypothesis import HealthCheck, given  # noqa: E402
from hypothesis import settings as hypothesis_settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from sheet_scorer.model import WorkbookError  # noqa: E402
from sheet_scorer.xlsx import reader as xlsx  # noqa: E402

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
STYLES = (
    f'<styleSheet xmlns="{MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/></numFmts>'
    '<cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="14"/></cellXfs></styleSheet>'
)
STRINGS = f'<sst xmlns="{MAIN}"><si><t>Ala &amp; Ola</t></si><si><r><t>Bo</t></r><r><t>b</t></r></si><si><t>x_x0007_</t></si></sst>'
CELLS = [
    '<c r="{ref}"><v>3</v></c>',
    '<c r="{ref}" t="n"><v>2.5</v></c>',
    '<c r="{ref}" s="1"><v>45000</v></c>',
    '<c r="{ref}" s="2" t="n"><v>0.5</v></c>',
    '<c r="{ref}" s="0"><v>1e400</v></c>',
    '<c r="{ref}"><v>NaN</v></c>',
    '<c r="{ref}"><v> 7 </v></c>',
    '<c r="{ref}"><v>abc</v></c>',
    '<c r="{ref}" t="s"><v>0</v></c>',
    '<c r="{ref}" t="s"><v>1</v></c>',
    '<c r="{ref}" t="s"><v>2</v></c>',
    '<c r="{ref}" t="b"><v>1</v></c>',
    '<c r="{ref}" t="e"><v>#REF!</v></c>',
    '<c r="{ref}" t="e"/>',
    '<c r="{ref}" t="str"><v>text &lt;b&gt;</v></c>',
    '<c r="{ref}" t="d"><v>2026-04-18T10:00:00</v></c>',
    '<c r="{ref}" t="inlineStr"><is><t>Zo&#235; &#x141;</t></is></c>',
    '<c r="{ref}" t="inlineStr"></c>',
    '<c r="{ref}"/>',
    '<c r="{ref}" t="inlineStr"><is><t xml:space="preserve"> a </t></is></c>',
    '<c r="{ref}" t="inlineStr"><is/></c>',
    '<c r="{ref}"><is><t>no type</t></is></c>',
    '<c r="{ref}" t="n"><is><t>ignored</t></is></c>',
    '<c r="{ref}" t="inlineStr"><is><r><t>ri</t></r><r><t>ch</t></r></is></c>',
    '<c r="{ref}"><f>SUBTOTAL(9,A1)</f><v>3</v></c>',
    '<c r="{ref}"><f>A1</f></c>',
    '<c t="n" r="{ref}"><v>4</v></c>',
    "<c><v>5</v></c>",
    '<c r="{ref}" t="s"><v>9</v></c>',
]
ROWS = [
    '<row r="{n}">',
    '<row r="{n}" hidden="1">',
    '<row r="{n}" spans="1:3" ht="20" customHeight="1">',
    "<row>",
    '<row r="0{n}">',
]


def _workbook(path: Path, sheet_data: str, tail: str = "") -> Path:
    rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr(
            "xl/workbook.xml",
            f'<workbook xmlns="{MAIN}" xmlns:r="{rel}"><sheets><sheet name="Round 1" sheetId="1" r:id="rId1"/>'
            "</sheets></workbook>",
        )
        archive.writestr(
            "xl/_rels/workbook.xml.rels",
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{rel}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{rel}/styles" Target="styles.xml"/>'
            f'<Relationship Id="rId3" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
        )
        archive.writestr("xl/styles.xml", STYLES)
        archive.writestr("xl/sharedStrings.xml", STRINGS)
        archive.writestr(
            "xl/worksheets/sheet1.xml",
            f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<worksheet xmlns="{MAIN}"><sheetData>{sheet_data}</sheetData>{tail}</worksheet>',
        )
    return path


def _read_both_ways(path: Path, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every sheet as read with the plain-form path allowed, and as read by the expat handlers alone."""
    found = []
    for plain in (True, False):
        with monkeypatch.context() as patch:
            if not plain:
                patch.setattr(xlsx, "_read_plain_cells", lambda reader, data: False)
            try:
                with xlsx.WorkbookReader(path) as package:
                    found.append([(entry.name, asdict(package.sheet(entry))) for entry in package.sheets])
            except WorkbookError as error:
                found.append(str(error))
    return found


@pytest.mark.parametrize("name", ["spring_open", "mistakes", "runda_polska"])
def test_the_examples_read_the_same_both_ways(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    plain, general = _read_both_ways(Path(__file__).parent.parent / "example_workbooks" / f"{name}.xlsx", monkeypatch)
    assert plain == general and isinstance(plain, list) and plain


@hypothesis_settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    rows=st.lists(
        st.tuples(
            st.integers(1, 40),
            st.sampled_from(ROWS),
            st.lists(st.tuples(st.sampled_from(CELLS), st.sampled_from("ABCDXFD"), st.booleans()), max_size=5),
        ),
        max_size=6,
    ),
    merged=st.booleans(),
    spaced=st.booleans(),
)
def test_the_plain_path_reads_what_the_handlers_read(
    rows: list, merged: bool, spaced: bool, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Any mix of the forms writers use (and some they do not): the same cells, hidden rows, merges and errors."""
    xml = []
    for number, row, cells in sorted(rows, key=lambda r: r[0]):
        xml.append(row.format(n=number))
        for cell, letters, other_row in cells:
            xml.append(cell.format(ref=f"{letters}{number + 1 if other_row else number}"))
        xml.append("</row>")
    tail = '<mergeCells count="1"><mergeCell ref="A1:B3"/></mergeCells>' if merged else ""
    path = _workbook(tmp_path_factory.mktemp("plain") / "f.xlsx", ("\n  " if spaced else "").join(xml), tail)
    plain, general = _read_both_ways(path, monkeypatch)
    assert plain == general


@pytest.mark.parametrize("name", ["spring_open", "runda_polska"])
def test_slices_of_any_size_read_the_same(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plain form is tokenised a slice at a time; a slice ends before any cell, whatever its size."""
    path = Path(__file__).parent.parent / "example_workbooks" / f"{name}.xlsx"
    whole, general = _read_both_ways(path, monkeypatch)
    monkeypatch.setattr(xlsx, "_SLICE", 97)
    sliced, _ = _read_both_ways(path, monkeypatch)
    assert sliced == whole == general


def test_a_huge_sheet_is_tokenised_a_slice_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hostile part of 200,000 empty cells (nothing to keep, nothing counted) never becomes one list of tokens."""
    sizes: list[int] = []
    pattern = xlsx._PLAIN_TOKEN

    class Spy:
        def findall(self, data: bytes, start: int, end: int) -> list:
            found = pattern.findall(data, start, end)
            sizes.append(len(found))
            return found

    monkeypatch.setattr(xlsx, "_PLAIN_TOKEN", Spy())
    path = _workbook(tmp_path / "f.xlsx", '<row r="1">' + '<c r="A1"/>' * 200_000 + '<c r="B1"><v>7</v></c></row>')
    with xlsx.WorkbookReader(path) as package:
        assert package.sheet(package.sheets[0]).rows == {1: {2: 7.0}}
    assert len(sizes) > 1 and max(sizes) < 120_000
