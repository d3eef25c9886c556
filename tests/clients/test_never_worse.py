"""A scored copy is never less openable than the workbook it came from, by any reader (docs/rules.md §5: nothing
the organiser wrote is lost — and that includes being able to open it).

Over tests/corpus/: the real workbooks (given a round sheet by `corpus_tools`, as tests/xlsx/test_corpus.py does), the
organiser's workbook formatted over the computed columns (corpus/organiser/) and scored copies re-saved by
LibreOffice and Gnumeric (corpus/resaved/). Each is scored, then read by openpyxl (with styles), python-calamine,
pandas, LibreOffice and Gnumeric: whichever opens the input must open the scored copy. The package invariants
and the schema validator may find nothing in the copy that the input did not already have. The default run
takes three files and the in-process readers; `pytest -m matrix` takes the whole corpus and every reader.
"""

from __future__ import annotations

import functools
import shutil
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from corpus_tools import add_round_sheet
from matrix_chains import gnumeric_csv, libreoffice_csv, organiser_workbook, read_calamine, read_openpyxl, read_pandas
from paths import TESTS
from xlsx_invariants import added, problems

from sheet_scorer import score_workbook

CORPUS = TESTS / "corpus"
STRICT = {"calamine-strict_iso_paths.xlsx"}  # refused by name (tests/xlsx/test_corpus.py)
OWN_ROUNDS = sorted([*CORPUS.glob("organiser/*.xlsx"), *CORPUS.glob("resaved/*.xlsx")])
FILES = [p for p in sorted(CORPUS.glob("*.xlsx")) if p.name not in STRICT] + OWN_ROUNDS
DEFAULT = {"calamine-errors.xlsx", "organiser_formatted.xlsx", "libreoffice-spring_open.scored.xlsx"}
IN_PROCESS: dict[str, Callable[[Path], None]] = {
    "openpyxl": read_openpyxl,
    "calamine": read_calamine,
    "pandas": read_pandas,
}
READERS = [*IN_PROCESS, "invariants", "validator", "libreoffice", "gnumeric"]


def cases() -> list[object]:
    params = []
    for file in FILES:
        for reader in READERS:
            name = f"{file.name}-{reader}"
            marks = [] if file.name in DEFAULT and reader in (*IN_PROCESS, "invariants") else [pytest.mark.matrix]
            params.append(pytest.param(file, reader, id=name, marks=marks))
    return params


class Scored:
    """Each corpus file scored once (input, scored copy), and the programs' verdicts in one batch each."""

    def __init__(self, folder: Path, request: pytest.FixtureRequest) -> None:
        self.folder, self.request = folder, request

    @functools.cache  # noqa: B019 (one per module)
    def pair(self, file: Path) -> tuple[Path, Path]:
        folder = self.folder / file.stem
        folder.mkdir()
        source = (
            Path(shutil.copy(file, folder / "event.xlsx"))
            if file in OWN_ROUNDS
            else add_round_sheet(file, folder / "event.xlsx")
        )
        score_workbook(source, output=folder / "scored.xlsx", html=folder / "scored.html")
        return source, folder / "scored.xlsx"

    @functools.cache  # noqa: B019
    def libreoffice(self) -> Path:
        """Every wanted input and scored copy as CSV (every sheet), one LibreOffice run."""
        wanted = {
            item.callspec.params["file"]
            for item in self.request.session.items
            if _here(item, self.request) and item.callspec.params["reader"] == "libreoffice"
        }
        batch = self.folder / "libreoffice"
        batch.mkdir()
        files = []
        for file in sorted(wanted):
            source, output = self.pair(file)
            files += [
                shutil.copy(source, batch / f"{file.stem}.input.xlsx"),
                shutil.copy(output, batch / f"{file.stem}.scored.xlsx"),
            ]
        libreoffice_csv([Path(f) for f in files], batch / "csv", self.request.getfixturevalue("soffice"))
        return batch / "csv"


def _here(item: pytest.Item, request: pytest.FixtureRequest) -> bool:
    """A case of this module's parametrized test (not another test of the module or the session)."""
    return item.module is request.module and "reader" in getattr(getattr(item, "callspec", None), "params", {})


@pytest.fixture(scope="module")
def scored(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Scored:
    return Scored(tmp_path_factory.mktemp("never_worse"), request)


@pytest.mark.parametrize(("file", "reader"), cases())
def test_a_scored_copy_opens_wherever_its_input_opens(scored: Scored, file: Path, reader: str) -> None:
    source, output = scored.pair(file)
    if reader in IN_PROCESS:
        if not _opens(IN_PROCESS[reader], source):
            pytest.skip(f"{reader} cannot read the input either")
        IN_PROCESS[reader](output)
    elif reader == "invariants":
        found = added(problems(output), problems(source))
        assert not found, "\n".join(map(str, found[:12]))
    elif reader == "validator":
        from openxml_audit import OpenXmlValidator

        def audit(path: Path) -> set[tuple[str, str]]:
            result = OpenXmlValidator(max_errors=0).validate(str(path))
            return {(str(getattr(e, "part_uri", "")), str(getattr(e, "description", e))) for e in result.errors}

        assert audit(output) <= audit(source)
    elif reader == "libreoffice":
        csv = scored.libreoffice()
        if not list(csv.glob(f"{file.stem}.input-*.csv")):
            pytest.skip("LibreOffice cannot open the input either")
        assert list(csv.glob(f"{file.stem}.scored-*.csv")), f"LibreOffice opened {file.name} but not its scored copy"
    else:
        ssconvert = scored.request.getfixturevalue("ssconvert")
        outdir = output.parent / "gnumeric"
        outdir.mkdir(exist_ok=True)
        before, after = gnumeric_csv(source, outdir, ssconvert), gnumeric_csv(output, outdir, ssconvert)
        if before.returncode != 0 or not list(outdir.glob("event-*.csv")):
            pytest.skip("Gnumeric cannot open the input either")
        assert after.returncode == 0 and list(outdir.glob("scored-*.csv")), after.stderr
        undefined = [line for line in after.stderr.splitlines() if "Undefined" in line and line not in before.stderr]
        assert not undefined, "\n".join(undefined[:12])


def _opens(read: Callable[[Path], None], path: Path) -> bool:
    try:
        read(path)
    except Exception:
        return False
    return True


def test_the_corpus_organiser_workbook_is_the_one_the_matrix_builds(tmp_path: Path) -> None:
    """tests/corpus/organiser/ holds what `matrix_chains.organiser_workbook` makes: the same cells, formats,
    merged title, note, conditional format and table (so the two never drift apart)."""

    def described(path: Path) -> list[object]:
        sheet = openpyxl.load_workbook(path)["Round 1"]
        cells = [
            (c.coordinate, c.value, c.number_format, c.fill.fgColor.rgb, c.border.left.style)
            for row in sheet.iter_rows()
            for c in row
        ]
        return [
            cells,
            sorted(map(str, sheet.merged_cells.ranges)),
            sheet["B3"].comment.text,
            [(str(r.sqref), [rule.operator for rule in r.rules]) for r in sheet.conditional_formatting],
            dict(sheet.tables.items()),
        ]

    assert described(CORPUS / "organiser" / "organiser_formatted.xlsx") == described(
        organiser_workbook(tmp_path / "fresh.xlsx")
    )
