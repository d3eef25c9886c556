"""Real workbooks (tests/corpus/, sources and licences in its README), not only generated ones.

Each file gets a sheet 'Round 1' (added by `corpus_tools`, not by the tool) whose rows Excel would show
formatted as dates from column L on, with one error (C7) that the scored copy marks with a note; then it
is checked and scored. The scored copy must keep every part the tool does not own byte for byte, give
every part a content type and every relationship a target, write its computed numbers in its own
General cell format, and open in LibreOffice. A Strict Open XML workbook is refused by name.
"""

from __future__ import annotations

import csv
import zipfile
from pathlib import Path

import pytest
from corpus_tools import (
    ROUND_PART,
    ROWS,
    add_round_sheet,
    cell_formats,
    content_type,
    content_types,
    part_of,
    relationships,
    section_sizes,
    shared_strings,
    sheet_cells,
)
from office import Batch
from office import job as office_job
from paths import TESTS

from sheet_scorer import WorkbookError, check_workbook, score_workbook

CORPUS = TESTS / "corpus"
STRICT = ["calamine-strict_iso_paths.xlsx"]
FILES = sorted(p.name for p in CORPUS.glob("*.xlsx") if p.name not in STRICT)
ROUND_RELS = "xl/worksheets/_rels/corpusRound1.xml.rels"
# Scored end to end (check, score, report): written by Excel, LibreOffice, Google Sheets.
END_TO_END = [
    "calamine-errors.xlsx",
    "closedxml-TryToLoad_LibreOfficeFileWithDates.xlsx",
    "closedxml-Other_GoogleSheets_file1.xlsx",
]
CT_RELATIONSHIPS = "application/vnd.openxmlformats-package.relationships+xml"
# The parts the tool owns in a scored copy: the workbook and its relationships, the content types, the
# round sheet and its relationships, the style sheet and the shared strings (found per file), and the
# document's custom properties (the fingerprint). Every other part of the input is copied as it was.
# The parts the tool writes: `_rels/.rels` gains the relationship to docProps/custom.xml, where the fingerprint of the
# organiser's cells is kept (docs/rules.md §5).
OWNED = {
    "[Content_Types].xml",
    "xl/workbook.xml",
    "xl/_rels/workbook.xml.rels",
    ROUND_PART,
    ROUND_RELS,
    "docProps/custom.xml",
    "_rels/.rels",
}
# Row of each player in 'Round 1' and the VP by hand (docs/rules.md §2): settlements + 2 x cities.
ALA_ROW, ALA_VP = 2, 10


# The corpus scored once per process, into the folder of whichever asks first: the module's tests or the LibreOffice
# batch (both only read the files afterwards).
SCORED: dict[str, tuple[Path, Path, int, int]] = {}


def scored_once(folder: Path) -> dict[str, tuple[Path, Path, int, int]]:
    """`score_corpus` into `folder`, unless this process scored the corpus already."""
    if not SCORED:
        SCORED.update(score_corpus(folder))
    return SCORED


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path, int, int]]:
    """Each corpus file with its round sheet, checked and scored (`score_corpus`)."""
    return scored_once(tmp_path_factory.mktemp("corpus"))


@office_job("corpus_csv", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true,false,false,-1")
def _scored_corpus(folder: Path, batch: Batch) -> list[Path]:
    """Every scored copy, for LibreOffice to export sheet by sheet, as shown."""
    return [output for _, output, _, _ in scored_once(folder).values()]


def score_corpus(folder: Path) -> dict[str, tuple[Path, Path, int, int]]:
    """Each corpus file with its round sheet: (input, scored copy, exit code of check, of score).

    The round sheet is the same in every file, and so is what the tool writes into it: the files of
    END_TO_END are checked and scored through the API; the others are read (the package check and the
    reader `check` and `score` share) and written with the plan of the first (the patcher), which is
    what differs between them, at a tenth of the time.
    """
    from sheet_scorer.api.score import _all_sheets
    from sheet_scorer.report.sheets import plan_writes
    from sheet_scorer.workbook.read import read_workbook
    from sheet_scorer.workbook.write import write_to

    found = {}
    plan = None
    for name in [*END_TO_END, *(f for f in FILES if f not in END_TO_END)]:
        source = add_round_sheet(CORPUS / name, folder / name)
        output = folder / f"{source.stem}.scored.xlsx"
        if plan is None or name in END_TO_END:
            result = check_workbook(source)
            plan = plan or plan_writes(*_all_sheets(result), result.standings, result.problems, result.lang)
            scored = score_workbook(source, output=output, html=folder / f"{source.stem}.html")
            found[name] = (source, output, result.exit_code, scored.exit_code)
            continue
        data = read_workbook(source)
        assert [(s.name, len(s.raw)) for s in data.rounds] == [("Round 1", len(ROWS))]
        write_to(source, output, plan)
        found[name] = (source, output, 1, 1)
    return found


def test_the_corpus_is_small_and_listed_with_its_licences() -> None:
    readme = (CORPUS / "README.md").read_text(encoding="utf-8")
    files = sorted(CORPUS.glob("*.xlsx"))
    assert 15 <= len(files) <= 30 and sum(f.stat().st_size for f in files) < 3 * 2**20
    for file in files:
        assert f"`{file.name}`" in readme, f"{file.name} is not listed in tests/corpus/README.md"


@pytest.mark.parametrize("name", FILES)
def test_check_and_score_agree_and_find_the_marked_error(name: str, scored: dict) -> None:
    _, output, checked, exit_code = scored[name]
    assert checked == exit_code == 1  # one error: Fay's Settlements 'x'
    assert output.is_file()


@pytest.mark.parametrize("name", FILES)
def test_every_part_the_tool_does_not_own_is_byte_identical(name: str, scored: dict) -> None:
    source, output, _, _ = scored[name]
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(output) as after:
        owned = OWNED | {
            p
            for p in (part_of(before, "xl/workbook.xml", "styles"), part_of(before, "xl/workbook.xml", "sharedStrings"))
            if p
        }
        calc_chain = part_of(before, "xl/workbook.xml", "calcChain")
        kept = {i.filename: i for i in after.infolist()}
        for info in before.infolist():
            if info.filename in owned:
                continue
            if info.filename not in kept:
                assert info.filename == calc_chain, f"{info.filename} was dropped"
                continue
            copy = kept[info.filename]
            assert (copy.CRC, copy.compress_type, copy.file_size) == (info.CRC, info.compress_type, info.file_size), (
                info.filename
            )
            assert after.read(copy) == before.read(info), info.filename


@pytest.mark.parametrize("name", FILES)
def test_every_part_has_a_content_type_and_every_relationship_a_target(name: str, scored: dict) -> None:
    _, output, _, _ = scored[name]
    with zipfile.ZipFile(output) as archive:
        names = archive.namelist()
        assert len(names) == len({n.lower() for n in names}), "a part is in the zip twice"
        defaults, overrides = content_types(archive)
        for part in names:  # but the parts Excel set aside in [trash]/, which Excel writes without one
            if part != "[Content_Types].xml" and not part.endswith("/") and not part.startswith("[trash]/"):
                assert content_type(part, defaults, overrides), f"{part} has no content type"
        assert content_type(ROUND_RELS, defaults, overrides) == CT_RELATIONSHIPS  # the notes' relationships, new
        present = {n.lower() for n in names}
        for rels in (n for n in names if n.endswith(".rels")):
            ids = [rid for rid, _, _ in relationships(archive, rels)]
            assert len(ids) == len(set(ids)), f"{rels}: an id used twice"
            for rid, _, target in relationships(archive, rels):
                assert target is None or target.lower() in present, (
                    f"{rels}: {rid} points to {target}, not in the package"
                )


@pytest.mark.parametrize("name", FILES)
def test_computed_numbers_are_in_the_tools_own_general_format(name: str, scored: dict) -> None:
    """The round sheet's cells from column L are formatted as dates in the input: the computed numbers are not."""
    source, output, _, _ = scored[name]
    with zipfile.ZipFile(source) as before, zipfile.ZipFile(output) as after:
        formats = cell_formats(after, part_of(after, "xl/workbook.xml", "styles"))
        original = cell_formats(before, part_of(before, "xl/workbook.xml", "styles"))
        assert formats[: len(original)] == original  # the organiser's cell formats keep their numbers
        cells = sheet_cells(
            after, ROUND_PART, shared_strings(after, part_of(after, "xl/workbook.xml", "sharedStrings"))
        )
    vp_column = next(
        ref[:-1] for ref, (_, value) in cells.items() if value == "VP" and ref[:-1] > "K" and ref[-1:] == "1"
    )
    assert cells[f"{vp_column}{ALA_ROW}"][1] == ALA_VP
    numbers = [(ref, style) for ref, (style, value) in cells.items() if isinstance(value, float) and ref[:-1] > "K"]
    assert len(numbers) >= 5 * 4  # table 1's four players, five computed columns each
    for ref, style in numbers:
        xf = formats[int(style or 0)]
        assert xf.get("numFmtId") == "0" and xf.get("applyNumberFormat") in ("1", "true"), (ref, xf)


@pytest.mark.parametrize("name", FILES)
def test_every_cell_format_names_parts_of_the_style_sheet_that_exist(name: str, scored: dict) -> None:
    """A cell format naming a font, fill or border the style sheet lacks is damage Excel repairs (an empty
    `<styleSheet/>` gets the sections the tool's formats need)."""
    _, output, _, _ = scored[name]
    with zipfile.ZipFile(output) as archive:
        styles = part_of(archive, "xl/workbook.xml", "styles")
        sizes = section_sizes(archive, styles)
        for index, xf in enumerate(cell_formats(archive, styles)):
            for attribute, section in (
                ("fontId", "fonts"),
                ("fillId", "fills"),
                ("borderId", "borders"),
                ("xfId", "cellStyleXfs"),
            ):
                assert int(xf.get(attribute) or 0) < sizes.get(section, 0), (index, xf, sizes)


@pytest.mark.parametrize("name", STRICT)
def test_strict_open_xml_is_refused_by_name_by_check_and_score(name: str, tmp_path: Path) -> None:
    source = add_round_sheet(CORPUS / name, tmp_path / name)
    for run in (lambda: check_workbook(source), lambda: score_workbook(source, output=tmp_path / "out.xlsx")):
        with pytest.raises(WorkbookError, match="Strict Open XML") as refused:
            run()
        assert refused.value.key == "strict_xml"
    assert not (tmp_path / "out.xlsx").exists()


def test_libreoffice_opens_every_scored_copy(office: Batch) -> None:
    """One LibreOffice run converts every scored copy to CSV, sheet by sheet, as shown: Ala's 10 VP shows as 10."""
    outputs = office.sources("corpus_csv")
    assert len(outputs) == len(FILES)
    exported_to = office.outputs("corpus_csv")
    for output in outputs:
        exported = exported_to / f"{output.stem}-Standings.csv"
        assert exported.is_file(), f"LibreOffice did not open {output.name}"
        with exported.open(encoding="utf-8") as stream:
            rows = list(csv.reader(stream))
        vp = rows[0].index("VP")
        assert next(r for r in rows if r[1] == "Ala")[vp] == str(ALA_VP), output.name
        with (exported_to / f"{output.stem}-Round 1.csv").open(encoding="utf-8") as stream:
            round_rows = list(csv.reader(stream))
        assert round_rows[ALA_ROW - 1][round_rows[0].index("VP", 11)] == str(ALA_VP), output.name
