"""Each command opens its input workbook once and unpacks each of its parts once (`workbook.read.open_event`):
the reader, the record and fingerprint checks, the merged-cell lookup, the seating plan, the header cells and the
patcher all use that one opening. Files the command writes (and reads back) are not reads of the input."""

from __future__ import annotations

import shutil
import zipfile
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from sheet_scorer import api

EXAMPLE = Path(__file__).resolve().parent.parent / "example_workbooks" / "spring_open.xlsx"  # 30 players, 4 rounds


class Reads:
    """Zip openings and part inflations per file, counted while a command runs."""

    def __init__(self) -> None:
        self.opens: Counter[Path] = Counter()
        self.inflated: Counter[tuple[Path, str]] = Counter()

    def of(self, path: Path) -> tuple[int, dict[str, int]]:
        """(how often `path` was opened as a zip, its parts unpacked more than once)."""
        where = path.resolve()
        return self.opens[where], {part: n for (p, part), n in self.inflated.items() if p == where and n > 1}


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> Iterator[Reads]:
    counted = Reads()
    real_init, real_open = zipfile.ZipFile.__init__, zipfile.ZipFile.open

    def init(self: zipfile.ZipFile, file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> None:
        real_init(self, file, mode, *args, **kwargs)
        name = file if isinstance(file, (str, Path)) else getattr(file, "name", None)
        self._counted_as = Path(name).resolve() if isinstance(name, (str, Path)) and mode == "r" else None
        if self._counted_as is not None:
            counted.opens[self._counted_as] += 1

    def open_part(self: zipfile.ZipFile, name: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        where = getattr(self, "_counted_as", None)
        if where is not None and mode == "r":
            counted.inflated[(where, name if isinstance(name, str) else name.filename)] += 1
        return real_open(self, name, mode, *args, **kwargs)

    monkeypatch.setattr(zipfile.ZipFile, "__init__", init)
    monkeypatch.setattr(zipfile.ZipFile, "open", open_part)
    yield counted


@pytest.fixture
def spring_copy(tmp_path: Path) -> Path:
    return Path(shutil.copy(EXAMPLE, tmp_path / "spring.xlsx"))


def assert_read_once(reads: Reads, *paths: Path) -> None:
    for path in paths:
        opens, twice = reads.of(path)
        assert (path.name, opens, twice) == (path.name, 1, {})


def test_score_and_score_again(spring_copy: Path, reads: Reads) -> None:
    result = api.score_workbook(spring_copy)
    assert_read_once(reads, spring_copy)
    assert result.output == spring_copy.with_name("spring.scored.xlsx") and result.output.is_file()
    reads.opens.clear(), reads.inflated.clear()
    api.score_workbook(result.output)  # a scored copy scored into itself: its record read from the same opening
    assert_read_once(reads, result.output)


@pytest.mark.parametrize("command", ["check", "slips", "playoffs", "seat", "seat --reseat"])
def test_one_opening(spring_copy: Path, reads: Reads, command: str) -> None:
    if command == "seat --reseat":
        api.seat_event(spring_copy)
        reads.opens.clear(), reads.inflated.clear()
    runs: dict[str, Callable[[], Any]] = {
        "check": lambda: api.check_workbook(spring_copy),
        "slips": lambda: api.write_slips(spring_copy, "4"),
        "playoffs": lambda: api.playoff_step(spring_copy),
        "seat": lambda: api.seat_event(spring_copy),
        "seat --reseat": lambda: api.seat_event(spring_copy, reseat=True),
    }
    done = runs[command]()
    assert_read_once(reads, spring_copy)
    if command.startswith("seat"):
        assert done.first == 5  # the example has four rounds: the fifth is seated (and seated again)
        assert "Round 5" in openpyxl.load_workbook(spring_copy, read_only=True).sheetnames
    if command == "slips":
        assert done.target.is_file() and done.sheet == "Round 4"


def test_score_parses_the_style_sheet_once(spring_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader (date formats) and the patcher (the tool's formats) of one `score` share one parse of
    xl/styles.xml (`OpcPackage.model`); the scored copy written, and read back, is not the input. Parsed apart for
    each side, the copy is byte for byte the same."""
    from sheet_scorer.xlsx.opc import OpcPackage

    parsed: Counter[Path] = Counter()
    real = OpcPackage.parse_chunks

    def counting(self: OpcPackage, part: str, *args: Any, **kwargs: Any) -> None:
        if part == "xl/styles.xml":
            parsed[Path(self.path).resolve()] += 1
        real(self, part, *args, **kwargs)

    monkeypatch.setattr(OpcPackage, "parse_chunks", counting)
    result = api.score_workbook(spring_copy)
    assert parsed[spring_copy.resolve()] == 1
    apart = tmp_path / "apart"
    apart.mkdir()
    monkeypatch.setattr(OpcPackage, "model", lambda self, kind, part, build: build())
    again = api.score_workbook(Path(shutil.copy(EXAMPLE, apart / "spring.xlsx")))
    assert parsed[(apart / "spring.xlsx").resolve()] == 2
    assert result.output.read_bytes() == again.output.read_bytes()


def test_split_and_merge(spring_copy: Path, reads: Reads) -> None:
    split = api.split_event(spring_copy, 4, frozenset({1}))
    assert_read_once(reads, spring_copy)
    book = openpyxl.load_workbook(spring_copy)  # the event without one Settlements cell of table 1; the copy has it
    sheet = book["Round 4"]
    assert [c.value for c in sheet[3]][:4] == ["Table", "Seat", "Player", "Settlements"] and sheet["A4"].value == 1
    settlements = sheet["D4"].value
    sheet["D4"] = None
    book.save(spring_copy)
    reads.opens.clear(), reads.inflated.clear()
    merged = api.merge_copies(spring_copy, [split.target])
    assert_read_once(reads, spring_copy, split.target)
    assert {sheet: [(e.cell, e.value) for e in edits] for sheet, edits in merged.edits.items()} == {
        "Round 4": [("D4", settlements)]
    }
    assert openpyxl.load_workbook(spring_copy)["Round 4"]["D4"].value == settlements


def test_live_refresh_and_a_season_event(spring_copy: Path, reads: Reads, tmp_path: Path) -> None:
    from sheet_scorer.live.state import LiveState
    from sheet_scorer.season.events import read_event

    state = LiveState(spring_copy, None, "http://example.invalid/", "<svg/>")
    state.load()
    reads.opens.clear(), reads.inflated.clear()
    assert state.refresh().kind == "updated"
    assert reads.of(spring_copy) == (0, {})  # the live view parses the bytes it read at once: no zip opened on the file
    reads.opens.clear(), reads.inflated.clear()
    summary = read_event(spring_copy)
    assert_read_once(reads, spring_copy)
    assert not summary.failure and len(summary.ranking) == 30


def test_the_qualifying_rank_is_computed_once_a_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`score` ranks the qualifying rounds once (api.check_data) and the JSON, the report and the final
    ranking read it from the result: two runs of the standings engine, the standings and the qualifying rank."""
    import json

    from helpers import write_workbook
    from playoff_books import fill, small_event

    import sheet_scorer.standings.engine as engine

    # Qualifying Rounds 1: Round 1 alone ranks the qualifiers. Round points 5-3-2-1 per table: Ala 5 (12 VP) and
    # Basia 5 (10 VP), then Ewa 3 (9 VP) and Gosia 3 (8 VP): the final of four is Ala, Basia, Ewa, Gosia.
    path = write_workbook(tmp_path / "event.xlsx", small_event([["Playoff Size", 4], ["Qualifying Rounds", 1]]))
    assert api.playoff_step(path).sheet == "Final"
    fill(path, "Final", {"Gosia": (10, "x"), "Ewa": (8, ""), "Basia": (7, ""), "Ala": (6, "")})
    calls: list[int] = []
    real = engine.standings_for

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "standings_for", counting)
    result = api.score_workbook(path, json=tmp_path / "event.json")
    assert len(calls) == 2
    assert result.qualifying[:4] == ["Ala", "Basia", "Ewa", "Gosia"]
    document = json.loads((tmp_path / "event.json").read_text(encoding="utf-8"))
    assert [(p["rank"], p["player"], p["qualifying_rank"]) for p in document["final_ranking"]] == [
        (1, "Gosia", 4),
        (2, "Ewa", 3),
        (3, "Basia", 2),
        (4, "Ala", 1),
        # the others by qualifying rank: Franek 2 points (5 VP), Henio 2 (4 VP), Dorota 1 (3 VP), Czesia 1 (2 VP)
        (5, "Franek", 5),
        (6, "Henio", 6),
        (7, "Dorota", 7),
        (8, "Czesia", 8),
    ]


def test_parts_past_the_keep_limit_are_unpacked_again_to_the_same_copy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A big event's round sheets are not held between the read and the write (`opc.KEEP`): unpacked again, the
    scored copy is byte for byte the one written from the parts kept."""
    import sheet_scorer.workbook.container as container

    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    kept = api.score_workbook(Path(shutil.copy(EXAMPLE, first / "spring.xlsx")))
    monkeypatch.setattr(container, "KEEP", 0)
    again = api.score_workbook(Path(shutil.copy(EXAMPLE, second / "spring.xlsx")))
    assert kept.output.read_bytes() == again.output.read_bytes()  # the same file name: the same record


def _calls(folder: str) -> dict[str, set[str]]:
    """Module (under sheet_scorer/`folder`) -> the names it calls and the string constants it holds."""
    import ast

    import sheet_scorer

    found: dict[str, set[str]] = {}
    for path in (Path(sheet_scorer.__file__).parent / folder).rglob("*.py"):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                names.add(ast.unparse(node.func))
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names.add(node.value)
        found[path.name] = names
    return found


def test_the_input_is_opened_in_one_place() -> None:
    """Above the file format, a workbook is opened by `workbook.container.open_package` (one opening, checked)
    and read through `workbook.read.open_event`; the commands' modules open no package by path themselves."""
    openers = {"zipfile.ZipFile", "OpcPackage", "Package", "Book"}
    for folder in ("merge", "seating", "playoffs", "report", "rules", "standings", "live", "cli"):
        assert {module: names & openers for module, names in _calls(folder).items() if names & openers} == {}, folder


def test_the_settings_problems_are_the_rules() -> None:
    """workbook/ reads the Settings and Adjustments cells; which values hold and the problems at the others are
    `rules.settings`'."""
    codes = {
        "unknown-setting",
        "bad-setting",
        "bad-ranking",
        "bad-playoff-size",
        "bad-tiebreaker",
        "adjustments-no-header",
        "adjustment-no-player",
        "adjustment-points",
        "adjustment-unknown-round",
        "adjustment-unknown-player",
    }
    assert {module: names & codes for module, names in _calls("workbook").items() if names & codes} == {}
    assert _calls("rules")["settings.py"] >= codes
