"""Every workbook the tool writes opens in every reader, first run or after a round trip (the round-trip matrix).

Producers (tests/matrix_chains.py: the bundled example scored; `new` then `seat`, in English, Polish and French; `split` then `merge`;
`playoffs` to the Final Ranking; an organiser's workbook formatted over the computed columns, scored) ×
re-savers between runs (none, openpyxl, LibreOffice .xlsx, LibreOffice .ods and back, the .ods itself given to
`score`, Gnumeric) × the tool again (`score`) × readers (openpyxl with styles, python-calamine, pandas, the package invariants of
tests/xlsx_invariants.py, the schema validator openxml-audit, LibreOffice's and Gnumeric's CSV export
compared with the figures). Each file is judged against the file the tool made it from: a reader that already
fails on the input is no failure of the tool (the cell skips, saying so), and only the problems the tool
added count. LibreOffice runs once per step for all the files; Gnumeric once per file.

The default run takes a small slice (two producers, no re-saver or openpyxl, the in-process readers);
`pytest -m matrix` runs the rest (.ci/run does, after the default run).
"""

from __future__ import annotations

import functools
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import HEADERS, run
from matrix_chains import (
    ORGANISER_VP,
    PRODUCERS,
    csv_sheet,
    gnumeric_csv,
    gnumeric_said,
    libreoffice_csv,
    read_calamine,
    read_openpyxl,
    read_pandas,
    resave_gnumeric,
    resave_libreoffice,
    resave_ods,
    resave_openpyxl,
)
from xlsx_invariants import added, problems

# "ods-score": LibreOffice's .ods scored as it is (`score EVENT.ods`: the tool has LibreOffice convert it), judged
# against the .xlsx LibreOffice makes of the same .ods ("ods").
RESAVERS = ["none", "openpyxl", "libreoffice", "ods", "ods-score", "gnumeric"]
READERS = ["openpyxl", "calamine", "pandas", "invariants", "validator", "libreoffice-csv", "gnumeric-csv"]
IN_PROCESS = {"openpyxl": read_openpyxl, "calamine": read_calamine, "pandas": read_pandas}
DEFAULT_SLICE = {
    "producers": {"example", "organiser"},
    "resavers": {"none", "openpyxl"},
    "readers": {"openpyxl", "calamine", "pandas", "invariants"},
}


def stages() -> list[tuple[str, str, str]]:
    """(producer, re-saver, stage): the producer's own output ('first'), and the tool again after each re-saver."""
    found = [(p, "none", "first") for p in PRODUCERS]
    return found + [(p, r, "again") for p in PRODUCERS for r in RESAVERS]


def cell_id(producer: str, resaver: str, stage: str, reader: str) -> str:
    return f"{producer}-first-{reader}" if stage == "first" else f"{producer}-{resaver}-again-{reader}"


def cells() -> list[object]:
    """Every cell of the matrix, the ones outside the default slice marked `matrix`."""
    params = []
    for producer, resaver, stage in stages():
        for reader in READERS:
            name = cell_id(producer, resaver, stage, reader)
            in_slice = (
                producer in DEFAULT_SLICE["producers"]
                and resaver in DEFAULT_SLICE["resavers"]
                and reader in DEFAULT_SLICE["readers"]
            )
            marks = [] if in_slice else [pytest.mark.matrix]
            params.append(pytest.param(producer, resaver, stage, reader, id=name, marks=marks))
    return params


class Matrix:
    """The files of the matrix, made on first use and only for the cells the run selected, batched per program."""

    def __init__(
        self, folder: Path, wanted: set[tuple[str, str, str]], soffice: Callable[[], str], ssconvert: Callable[[], str]
    ) -> None:
        self.folder, self.wanted, self.soffice, self.ssconvert = folder, wanted, soffice, ssconvert

    def producers(self) -> list[str]:
        return sorted({p for p, _, _ in self.wanted})

    @functools.cache  # noqa: B019 (one Matrix per module)
    def produced(self, producer: str) -> tuple[Path, Path]:
        """(input, output) of the producer, the output under a name of its own."""
        folder = self.folder / "produce" / producer
        folder.mkdir(parents=True)
        source, output = PRODUCERS[producer](folder)
        named = self.folder / "produced" / f"{producer}.xlsx"
        named.parent.mkdir(exist_ok=True)
        shutil.copy(output, named)
        return source, named

    @functools.cache  # noqa: B019
    def resaved(self, resaver: str) -> dict[str, Path | BaseException]:
        """Each wanted producer's output re-saved (or why it could not be), all in one batch."""
        also = {"ods-score"} if resaver == "ods" else set()
        names = [p for p in self.producers() if {(p, r, "again") for r in {resaver, *also}} & self.wanted]
        outdir = self.folder / f"resaved-{resaver}"
        outdir.mkdir()
        sources = [self.produced(p)[1] for p in names]
        found: dict[str, Path | BaseException] = {}
        if resaver == "none":
            return dict(zip(names, sources))
        if resaver == "ods-score":
            made = self.resaved("ods")
            return {
                p: made[p] if isinstance(made[p], BaseException) else made[p].parent / "ods" / f"{p}.ods" for p in made
            }
        if resaver == "openpyxl":
            for name, source in zip(names, sources):
                try:
                    resave_openpyxl([source], outdir)
                    found[name] = outdir / source.name
                except Exception as error:  # the re-saver cannot read the tool's output: that cell's failure
                    found[name] = error
            return found
        if resaver == "gnumeric":
            resave_gnumeric(sources, outdir, self.ssconvert())
        else:
            (resave_libreoffice if resaver == "libreoffice" else resave_ods)(sources, outdir, self.soffice())
        for name, source in zip(names, sources):
            target = outdir / source.name
            found[name] = target if target.is_file() else FileNotFoundError(f"{resaver} wrote no {target.name}")
        return found

    @functools.cache  # noqa: B019
    def again(self, producer: str, resaver: str) -> tuple[Path, Path]:
        """(input, output) of `score` run on the re-saved file."""
        resaved = self.resaved(resaver)[producer]
        if isinstance(resaved, BaseException):
            pytest.fail(f"{resaver} could not re-save the tool's output: {resaved!r}")
        folder = self.folder / "again" / f"{producer}-{resaver}"
        folder.mkdir(parents=True)
        source = Path(shutil.copy(resaved, folder / f"event{resaved.suffix}"))
        result = run("score", source, "-o", folder / "again.xlsx", "--html", folder / "again.html")
        assert result.exit_code in (0, 1), result.output  # 1: the event's own mistakes, reported
        if resaver == "ods-score":  # judged against the .xlsx LibreOffice makes of that .ods, as the tool has it made
            source = self.resaved("ods")[producer]
            assert isinstance(source, Path), source
        return source, folder / "again.xlsx"

    def files(self, producer: str, resaver: str, stage: str) -> tuple[Path, Path]:
        return self.produced(producer) if stage == "first" else self.again(producer, resaver)

    @functools.cache  # noqa: B019
    def libreoffice_csv(self) -> Path:
        """Every wanted file and its input as CSV, one LibreOffice run."""
        outdir = self.folder / "csv-libreoffice"
        outdir.mkdir()
        judged = self.folder / "judged"
        judged.mkdir(exist_ok=True)
        batch = []
        for producer, resaver, stage in sorted(self.wanted):
            try:
                source, output = self.files(producer, resaver, stage)
            except (Exception, pytest.fail.Exception):  # that cell reports it
                continue
            name = cell_id(producer, resaver, stage, "x")
            batch += [shutil.copy(output, judged / f"{name}.xlsx"), shutil.copy(source, judged / f"{name}.input.xlsx")]
        libreoffice_csv([Path(b) for b in batch], outdir, self.soffice())
        return outdir


@pytest.fixture(scope="module")
def matrix(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Matrix:
    """The matrix of the cells this run selected (the default slice, or `-m matrix`'s)."""
    wanted = {
        tuple(item.callspec.params[k] for k in ("producer", "resaver", "stage"))
        for item in request.session.items
        if item.module is request.module and "reader" in getattr(getattr(item, "callspec", None), "params", {})
    }

    def soffice() -> str:
        return request.getfixturevalue("soffice")

    def ssconvert() -> str:
        return request.getfixturevalue("ssconvert")

    return Matrix(tmp_path_factory.mktemp("matrix"), wanted, soffice, ssconvert)


@pytest.mark.parametrize(("producer", "resaver", "stage", "reader"), cells())
def test_every_reader_opens_what_the_tool_wrote(
    matrix: Matrix, producer: str, resaver: str, stage: str, reader: str
) -> None:
    source, output = matrix.files(producer, resaver, stage)
    if reader in IN_PROCESS:
        _judge(IN_PROCESS[reader], source, output, reader)
    elif reader == "invariants":
        found = added(problems(output), problems(source))
        assert not found, "\n".join(map(str, found[:12]))
    elif reader == "validator":
        pytest.importorskip("openxml_audit")
        extra = _audit(output) - _audit(source)
        assert not extra, "\n".join(sorted(map(str, extra))[:12])
    elif reader == "libreoffice-csv":
        outdir = matrix.libreoffice_csv()
        name = cell_id(producer, resaver, stage, "x")
        _judge_csv(output, outdir / name, outdir / f"{name}.input", "LibreOffice", producer)
    else:
        outdir = matrix.folder / "csv-gnumeric" / cell_id(producer, resaver, stage, "x")
        (outdir / "input").mkdir(parents=True)
        ssconvert = matrix.ssconvert()
        said = gnumeric_csv(output, outdir, ssconvert)
        before = gnumeric_csv(source, outdir / "input", ssconvert)
        new = gnumeric_said(said) - gnumeric_said(before)
        assert said.returncode == 0 or before.returncode != 0, said.stderr
        assert not new, "Gnumeric, reading what the tool wrote, says:\n" + "\n".join(sorted(new))
        _judge_csv(output, outdir / output.stem, outdir / "input" / source.stem, "Gnumeric", producer)


def _judge(read: Callable[[Path], None], source: Path, output: Path, reader: str) -> None:
    """`read` opens the output, or it could not open the input either (then the cell skips, saying so)."""
    try:
        read(output)
    except Exception as error:
        try:
            read(source)
        except Exception:
            pytest.skip(f"{reader} cannot read the input either")
        raise AssertionError(f"{reader} cannot read what the tool wrote: {error!r}") from error


def _audit(path: Path) -> set[tuple[str, str]]:
    from openxml_audit import OpenXmlValidator

    result = OpenXmlValidator(max_errors=0).validate(str(path))
    return {(str(getattr(e, "part_uri", "")), str(getattr(e, "description", e))) for e in result.errors}


def _judge_csv(output: Path, prefix: Path, input_prefix: Path, program: str, producer: str) -> None:
    """The program exported every sheet of the output, and its Standings and round VP say what the workbook holds
    (the players and their round points as calamine reads them, the organiser's VP as worked out by hand). An output the program exports
    nothing of fails, unless it exported nothing of the input either."""
    from python_calamine import CalamineWorkbook

    exported = list(prefix.parent.glob(f"{prefix.name}-*.csv"))
    if not exported and not list(input_prefix.parent.glob(f"{input_prefix.name}-*.csv")):
        pytest.skip(f"{program} exports nothing of the input either")
    book = CalamineWorkbook.from_path(str(output))
    assert len(exported) == len(book.sheet_names), f"{program} exported {len(exported)} of {book.sheet_names}"
    if "Standings" in book.sheet_names:
        rows, stored = (
            csv_sheet(prefix.parent / f"{prefix.name}-Standings.csv"),
            book.get_sheet_by_name("Standings").to_python(),
        )
        for column in ("Player", "Round Points"):  # the names, and the figure the standings are ranked by
            shown, held = rows[0].index(column), stored[0].index(column)
            assert [_figure(r[shown]) for r in rows[1:] if len(r) > shown and r[shown] != ""] == [
                _figure(r[held]) for r in stored[1:] if len(r) > held and r[held] != ""
            ], column
    if producer == "organiser":
        rows = csv_sheet(prefix.parent / f"{prefix.name}-Round 1.csv")
        header = next(r for r in rows if "Player" in r)
        vp = header.index("VP", len(HEADERS))
        shown = {r[1]: float(r[vp]) for r in rows[rows.index(header) + 1 :] if len(r) > vp and r[1] in ORGANISER_VP}
        assert shown == {k: float(v) for k, v in ORGANISER_VP.items()}


def _figure(value: object) -> object:
    """A cell as a number where it is one (CSV gives text, calamine numbers), else as text."""
    try:
        return round(float(value), 9)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return str(value)
