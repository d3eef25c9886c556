"""Bad and hostile files, in-place scoring, batches and JSON output: one clear line, never a traceback."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import player, round_sheet, run, write_workbook
from openpyxl.chart import BarChart, Reference

from sheet_scorer.workbook.container import DAMAGES, damaged

TABLE = round_sheet(player(1, "Ala", settlements=4, cities=3), player(1, "Bob"), player(1, "Cyd"), player(1, "Dan"))
LAUGHS = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
ENTITY_BOMB = f'<?xml version="1.0"?><!DOCTYPE b [<!ENTITY l0 "lol">{LAUGHS}]>'


def _rewrite(source: Path, target: Path, member: str, change: object) -> Path:
    with zipfile.ZipFile(source) as src, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            data = src.read(item.filename)
            dst.writestr(item, change(data.decode()).encode() if item.filename == member else data)
    return target


def _one_line_exit_2(result: object) -> None:
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1 and "Traceback" not in result.output


def test_xml_entity_bomb_is_refused(tmp_path: Path) -> None:
    good = write_workbook(tmp_path / "good.xlsx", {"Round 1": TABLE})
    bomb = _rewrite(
        good,
        tmp_path / "bomb.xlsx",
        "xl/worksheets/sheet1.xml",
        lambda xml: ENTITY_BOMB + xml.split("?>", 1)[-1].replace("<t>Bob</t>", "<t>&l9;</t>"),
    )
    _one_line_exit_2(run("score", bomb))
    assert not (tmp_path / "bomb.scored.xlsx").exists()


def test_zip_bomb_is_refused_before_parsing(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("xl/workbook.xml", "<workbook/>")
        with archive.open("xl/worksheets/sheet1.xml", "w") as member:
            chunk = bytes(2**20)
            for _ in range(300):
                member.write(chunk)
    result = run("check", bomb)
    _one_line_exit_2(result)
    assert "refusing to open" in result.output


def test_truncated_workbook(tmp_path: Path) -> None:
    good = write_workbook(tmp_path / "good.xlsx", {"Round 1": TABLE})
    cut = tmp_path / "cut.xlsx"
    cut.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    _one_line_exit_2(run("score", cut))


def test_in_place_keeps_a_backup(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": TABLE})
    original = path.read_bytes()
    assert run("score", path, "--in-place").exit_code == 0
    assert (tmp_path / "event.backup.xlsx").read_bytes() == original
    assert "Standings" in openpyxl.load_workbook(path).sheetnames


def _with_chart(path: Path) -> Path:
    book = openpyxl.load_workbook(path)
    chart = BarChart()
    chart.add_data(Reference(book["Round 1"], min_col=3, min_row=1, max_row=5), titles_from_data=True)
    book["Round 1"].add_chart(chart, "P2")
    book.save(path)
    return path


def test_charts_are_kept_and_scoring_in_place_is_allowed(tmp_path: Path) -> None:
    """The scored copy is the organiser's package patched: a chart comes through byte for byte, so nothing is refused."""
    path = _with_chart(write_workbook(tmp_path / "event.xlsx", {"Round 1": TABLE}))
    original = path.read_bytes()
    with zipfile.ZipFile(path) as archive:
        chart = archive.read("xl/charts/chart1.xml")
    assert run("score", path, "--in-place").exit_code == 0
    assert (tmp_path / "event.original.xlsx").read_bytes() == original
    with zipfile.ZipFile(path) as archive:
        assert archive.read("xl/charts/chart1.xml") == chart
    assert "Problems" not in openpyxl.load_workbook(path).sheetnames  # no warning about anything lost


def test_check_json(tmp_path: Path) -> None:
    rows = round_sheet(player(1, "Ala", settlements=6), player(1, "Bob"), player(1, "Cyd"))
    result = run("check", "--format", "json", write_workbook(tmp_path / "e.xlsx", {"Round 1": rows}))
    assert result.exit_code == 1
    report = json.loads(result.output)
    assert report["valid"] is False
    assert [(p["code"], p["sheet"], p["cell"], p["player"]) for p in report["problems"]] == [
        ("settlements-range", "Round 1", "C2", "Ala")
    ]


def test_batch_scores_every_file_and_exits_with_the_worst(tmp_path: Path) -> None:
    folder = tmp_path / "day"
    folder.mkdir()
    write_workbook(folder / "a.xlsx", {"Round 1": TABLE})
    write_workbook(
        folder / "b.xlsx", {"Round 1": round_sheet(player(1, "Ala", settlements=6), player(1, "Bob"), player(1, "Cyd"))}
    )
    (folder / "c.xlsx").write_text("not a workbook")
    result = run("score", folder, "--jobs", "2")
    assert result.exit_code == 2
    assert (folder / "a.scored.xlsx").is_file() and (folder / "b.scored.xlsx").is_file()
    assert not (folder / "c.scored.xlsx").exists()
    again = run("score", folder, "--jobs", "1")  # the folder now also holds a.scored.xlsx and b.scored.xlsx
    assert again.exit_code == 2  # c.xlsx is still not a workbook
    scored = re.findall(r"\[\d+/(\d+)\] (\S+): exit", again.output)
    assert sorted(Path(name).name for _, name in scored) == ["a.xlsx", "b.xlsx", "c.xlsx"]  # not the .scored copies
    assert {total for total, _ in scored} == {"3"}
    assert run("score", folder / "a.xlsx", folder / "b.xlsx", "-o", tmp_path / "x.xlsx").exit_code == 2


def test_output_over_the_input_needs_in_place(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": TABLE})
    original = path.read_bytes()
    result = run("score", path, "-o", path)
    _one_line_exit_2(result)
    assert "--in-place" in result.output and path.read_bytes() == original


def test_output_folder_that_does_not_exist(tmp_path: Path) -> None:
    path = write_workbook(tmp_path / "event.xlsx", {"Round 1": TABLE})
    result = run("score", path, "--html", tmp_path / "nowhere" / "r.html")
    _one_line_exit_2(result)
    assert "does not exist" in result.output and not (tmp_path / "event.scored.xlsx").exists()


# ---------------------------------------------------------------- damaged packages


@pytest.mark.parametrize("what", sorted(DAMAGES))
def test_a_damaged_part_is_told_in_each_language_with_the_same_english(what: str) -> None:
    """The English line of each damage is the catalogue's own (no copy drifting apart), and each language has it."""
    from sheet_scorer.i18n.terminal import say
    from sheet_scorer.model import WorkbookError

    with pytest.raises(WorkbookError) as refused:
        damaged(Path("event.xlsx"), "xl/_rels/workbook.xml.rels", what, id="rId7", target="xl/theme/theme1.xml")
    error = refused.value
    assert str(error) == say("en", error.key, **error.values)
    assert str(error).startswith("event.xlsx: the workbook is damaged: part xl/_rels/workbook.xml.rels: ")
    assert say("pl", error.key, **error.values).startswith(
        "event.xlsx: skoroszyt jest uszkodzony: część xl/_rels/workbook.xml.rels: "
    )


def test_a_damaged_package_is_refused_in_the_chosen_language(tmp_path: Path) -> None:
    """A duplicate zip entry, told in Polish with --lang pl: the part and what is wrong with it."""
    good = write_workbook(tmp_path / "good.xlsx", {"Round 1": TABLE})
    with zipfile.ZipFile(good) as src:
        parts = [(i.filename, src.read(i)) for i in src.infolist()]
    damaged_copy = tmp_path / "twice.xlsx"
    with pytest.warns(UserWarning), zipfile.ZipFile(damaged_copy, "w") as dst:
        for name, data in [*parts, parts[0]]:
            dst.writestr(name, data)
    result = run("check", "--lang", "pl", damaged_copy)
    assert result.exit_code == 2
    assert result.output == (
        f"Błąd: {damaged_copy}: skoroszyt jest uszkodzony: część {parts[0][0]}: plik zip zawiera dwa wpisy "
        "o tej nazwie; otwórz go w Excelu lub LibreOffice i zapisz ponownie\n"
    )


def test_a_missing_style_sheet_is_written_where_the_workbook_names_it(tmp_path: Path) -> None:
    """The one dangling relationship the tool repairs: the scored copy gets a style sheet at xl/styles.xml, with its
    content type, and no second styles relationship."""
    good = write_workbook(tmp_path / "good.xlsx", {"Round 1": TABLE})
    source = tmp_path / "no-styles.xlsx"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(source, "w", zipfile.ZIP_DEFLATED) as dst:
        for item in src.infolist():
            if item.filename != "xl/styles.xml":
                dst.writestr(item, src.read(item))
    assert run("score", source, "-o", tmp_path / "out.xlsx", "--html", tmp_path / "out.html").exit_code == 0
    with zipfile.ZipFile(tmp_path / "out.xlsx") as out:
        rels = out.read("xl/_rels/workbook.xml.rels").decode()
        assert rels.count("relationships/styles") == 1 and "xl/styles.xml" in out.namelist()
        assert (
            'PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"'
            in out.read("[Content_Types].xml").decode()
        )


def test_relationship_parts_typed_by_nothing_get_the_usual_default(tmp_path: Path) -> None:
    """A hand-made package whose [Content_Types].xml declares no type for its .rels parts is read, and the
    scored copy declares the Default every writer does, so that each of its parts has a content type."""
    good = write_workbook(tmp_path / "good.xlsx", {"Round 1": TABLE})
    source = _rewrite(
        good,
        tmp_path / "untyped-rels.xlsx",
        "[Content_Types].xml",
        lambda xml: xml.replace(
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>', ""
        ),
    )
    assert 'Extension="rels"' not in zipfile.ZipFile(source).read("[Content_Types].xml").decode()
    assert run("check", source).exit_code == 0
    assert run("score", source, "-o", tmp_path / "out.xlsx", "--html", tmp_path / "out.html").exit_code == 0
    types = zipfile.ZipFile(tmp_path / "out.xlsx").read("[Content_Types].xml").decode()
    assert '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' in types
