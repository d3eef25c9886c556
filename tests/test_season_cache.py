"""The season's cache of events read (docs/rules.md §10): a second season over the same files reads none of them again
and ranks exactly as the first; an edited or new file is read; a damaged entry is ignored."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from helpers import write_workbook

from sheet_scorer.api import run_season
from sheet_scorer.api import score as api_score
from sheet_scorer.season import cache
from sheet_scorer.season.compute import build_season
from sheet_scorer.season.events import event_files, read_events
from sheet_scorer.season.model import EventSummary, SeasonSettings

VP_HEADERS = ["Table", "Player", "VP", "Declared"]


def one_table_event(path: Path, name: str | None, when: date | None, table: list[tuple[str, int]]) -> Path:
    """An event of one VP-only table (Settings: Tournament and Date when given)."""
    settings: list[list[Any]] = ([["Tournament", name]] if name else []) + ([["Date", when]] if when else [])
    rows: list[list[Any]] = [VP_HEADERS, *([1, player, vp, ""] for player, vp in table)]
    return write_workbook(path, {"Settings": settings, "Round 1": rows})


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache pointed at a folder of the test's own (the suite keeps it off: tests/conftest.py)."""
    kept = tmp_path / "cache"
    monkeypatch.setenv(cache.ENVIRONMENT, str(kept))
    return kept


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The workbooks actually read and scored (`check_workbook` calls), in order."""
    seen: list[Path] = []
    real = api_score.check_workbook

    def counted(path: Path | str, lang: str | None = None) -> Any:
        seen.append(Path(path))
        return real(path, lang)

    monkeypatch.setattr(api_score, "check_workbook", counted)
    return seen


@pytest.fixture
def league(tmp_path: Path) -> Path:
    events = tmp_path / "league"
    events.mkdir()
    one_table_event(events / "spring.xlsx", "Spring Open", date(2026, 3, 14), [("Ann", 12), ("Bob", 9), ("Cy", 7)])
    one_table_event(events / "summer.xlsx", "Summer Cup", date(2026, 6, 20), [("Bob", 12), ("Cy", 9), ("Ann", 7)])
    one_table_event(
        events / "autumn.xlsx", None, None, [("Cy", 12), ("Ann", 9), ("Bob", 13)]
    )  # two at the target: an error
    return events


def test_a_second_season_reads_nothing_and_ranks_the_same(folder: Path, reads: list[Path], league: Path) -> None:
    files = event_files([league])
    first = read_events(files, jobs=1)
    assert sorted(reads) == sorted(files) and len(list(folder.glob("*.json"))) == 3
    second = read_events(files, jobs=1)
    assert len(reads) == 3  # nothing read again
    assert second == first  # every field: path, name, date, language, ranking, final, errors, warnings
    # autumn (by file name first): its one table not scored, so all at 0, by name; spring and summer as played
    assert [s.ranking for s in second] == [("Ann", "Bob", "Cy"), ("Ann", "Bob", "Cy"), ("Bob", "Cy", "Ann")]
    # autumn: Cy 12 and Bob 13 at the target, nobody marked Declared: the error at each of their cells (docs/rules.md §3)
    assert (second[0].name, second[0].errors, second[1].date) == ("autumn", 2, date(2026, 3, 14))
    settings = SeasonSettings()
    assert build_season(second, settings) == build_season(first, settings)


def test_an_edited_or_new_file_is_read_again(folder: Path, reads: list[Path], league: Path) -> None:
    read_events(event_files([league]), jobs=1)
    spring = one_table_event(
        league / "spring.xlsx", "Spring Open", date(2026, 3, 14), [("Ann", 7), ("Bob", 9), ("Cy", 12)]
    )
    winter = one_table_event(
        league / "winter.xlsx", "Winter Open", date(2026, 12, 5), [("Dee", 12), ("Ann", 9), ("Eve", 5)]
    )
    del reads[:]
    again = {s.path.name: s for s in read_events(event_files([league]), jobs=1)}
    assert sorted(reads) == sorted([spring, winter])
    assert again["spring.xlsx"].ranking == ("Cy", "Bob", "Ann") and again["winter.xlsx"].ranking == (
        "Dee",
        "Ann",
        "Eve",
    )


def test_the_same_bytes_under_another_name_keep_their_own_file_name(
    folder: Path, reads: list[Path], league: Path
) -> None:
    """An event without a Tournament is named by its file: a renamed copy is named by its new file."""
    read_events([league / "autumn.xlsx"], jobs=1)
    renamed = Path(shutil.copy(league / "autumn.xlsx", league.parent / "harvest.xlsx"))
    summary = read_events([renamed], jobs=1)[0]
    assert reads == [league / "autumn.xlsx"] and (summary.name, summary.path) == ("harvest", renamed)


@pytest.mark.parametrize("damage", ["not json", '{"name": 3}', "[]", '{"named": true}', ""])
def test_a_damaged_entry_is_ignored_and_replaced(folder: Path, reads: list[Path], league: Path, damage: str) -> None:
    path = league / "summer.xlsx"
    first = read_events([path], jobs=1)[0]
    (entry,) = folder.glob("*.json")
    entry.write_text(damage, encoding="utf-8")
    assert read_events([path], jobs=1)[0] == first and len(reads) == 2  # read again, never fatal
    assert json.loads(entry.read_text(encoding="utf-8"))["ranking"] == ["Bob", "Cy", "Ann"]
    assert read_events([path], jobs=1)[0] == first and len(reads) == 2  # and kept again


def test_another_version_of_the_tool_reads_again(
    folder: Path, reads: list[Path], league: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read_events([league / "spring.xlsx"], jobs=1)
    monkeypatch.setattr(cache, "tool_version", lambda: "99.0")
    read_events([league / "spring.xlsx"], jobs=1)
    assert len(reads) == 2 and len(list(folder.glob("*.json"))) == 2


def test_a_file_that_cannot_be_read_is_not_kept(folder: Path, reads: list[Path], tmp_path: Path) -> None:
    broken = tmp_path / "broken.xlsx"
    broken.write_text("not a workbook")
    summaries = [read_events([broken], jobs=1)[0] for _ in range(2)]
    assert all(not s.readable for s in summaries) and len(reads) == 2 and not list(folder.glob("*.json"))


def test_off_keeps_nothing_and_the_default_is_the_user_cache_folder(
    tmp_path: Path, reads: list[Path], league: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(cache.ENVIRONMENT, "off")
    assert cache.cache_folder() is None
    read_events([league / "spring.xlsx"], jobs=1)
    read_events([league / "spring.xlsx"], jobs=1)
    assert len(reads) == 2
    monkeypatch.delenv(cache.ENVIRONMENT)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(cache.sys, "platform", "linux")
    assert cache.cache_folder() == tmp_path / "xdg" / "sheet-scorer" / "season"


def test_a_cached_season_writes_the_same_season(folder: Path, reads: list[Path], league: Path, tmp_path: Path) -> None:
    """The whole command twice (`run_season`, as `sheet-scorer season` runs it): the same JSON document."""
    outputs = []
    for run in ("first", "second"):
        out = tmp_path / run
        out.mkdir()
        run_season([league], out / "season.xlsx", out / "season.html", json=out / "season.json", jobs=1)
        outputs.append(json.loads((out / "season.json").read_text(encoding="utf-8")))
        assert len(reads) == 3  # the first run reads the three events, the second none
    assert outputs[0] == outputs[1] and len(outputs[0]["events"]) == 3


def test_summaries_round_trip_every_kind_of_date(folder: Path) -> None:
    for when in (date(2026, 1, 2), "spring 2026", None):
        summary = EventSummary(Path("x.xlsx"), "X", when, "pl", ("A", "B"), True, 0, 2)
        cache.store(folder, "k", summary, named=True)
        assert cache.load(folder, "k", Path("x.xlsx")) == summary
