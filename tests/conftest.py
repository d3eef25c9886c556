"""Shared test set-up: the tests' own helpers on the path, the real programs some tests drive, the package
invariants checked on every workbook the tool writes during a test (tests/written_files.py says how), and a
quicker seating search for the tests of a command's flow (`quick_seating`).

LibreOffice, Gnumeric and Chromium are optional on a developer's machine (the tests that need them skip) but
required in CI (CI=true: they fail instead, so a missing install step cannot pass unnoticed).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
# The season's cache of events read (season/cache.py) stays off: no test writes to the user's cache folder, and each
# reads its events itself. The cache's own tests point it at a folder of theirs.
os.environ["SHEET_SCORER_CACHE"] = "off"

from hypothesis import settings as hypothesis_settings
from written_files import RECORDER  # found through the path just set

if TYPE_CHECKING:
    from collections.abc import Iterator

    from cdp import Browser
    from office import Batch

# Hypothesis profiles: the default run tries each property on a share of its examples (helpers.examples), the extended
# run (.ci/run's second step: `--hypothesis-profile=extended`) on all of them. The @example cases run in both.
hypothesis_settings.register_profile("quick", max_examples=30)
hypothesis_settings.register_profile("extended", max_examples=100)
hypothesis_settings.load_profile("quick")  # `--hypothesis-profile` (read after this file) overrides it

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


_PATCH = pytest.MonkeyPatch()


def pytest_configure(config: pytest.Config) -> None:
    """Record, for the whole run, every workbook the tool puts in place and every package opened; and hand the files
    out in `FIRST`'s order (pytest-xdist 3.7 and later would otherwise sort them by their number of tests, which put
    a one-test file of several seconds, the event day, last)."""
    RECORDER.install(_PATCH)
    if hasattr(config.option, "loadscopereorder"):
        config.option.loadscopereorder = False


def pytest_unconfigure(config: pytest.Config) -> None:
    _PATCH.undo()


# The files that take longest (a real program's batch, a subprocess per case, a whole event day), run first, longest
# first: each file runs on one worker (`--dist loadfile`, in the order collected), so a long file left to the end keeps
# the run waiting while the other worker has nothing left. The LibreOffice batch (test_corpus) starts the run on one
# worker; the other's first files need none of its outputs.
FIRST = (
    "xlsx/test_corpus.py",
    "live/test_reports_live.py",
    "xlsx/test_hostile_catalogue.py",
    "day/test_event_day.py",
    "live/test_live.py",
    "seating/test_seating_cli.py",
    "seating/test_seating_fairness.py",
    "rules/test_rules.py",
    "live/test_live_room.py",
    "cli/test_cli.py",
    "report/test_report.py",
    "seating/test_seating_optimum.py",
    "season/test_season.py",
    "day/test_event_outputs.py",
    "clients/test_ods.py",
    "workbook/test_files.py",
    "test_layout.py",
    "live/test_reports.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """`FIRST`'s files ahead of the rest, each file's tests in their own order."""
    tests = Path(__file__).parent

    def rank(item: pytest.Item) -> int:
        name = item.path.relative_to(tests).as_posix() if item.path.is_relative_to(tests) else ""
        return FIRST.index(name) if name in FIRST else len(FIRST)

    items.sort(key=rank)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> object:
    """Start each test with nothing recorded (its fixtures' writes are its own)."""
    RECORDER.forget()
    return (yield)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> object:
    """After the test body passed: every workbook the tool wrote for it (fixtures included) keeps the invariants."""
    try:
        outcome = yield
    except BaseException:
        RECORDER.forget()
        raise
    RECORDER.check()
    return outcome


def _required(program: str | None, missing: str) -> str:
    """`program`, or skip the test (fail it in CI) saying what is `missing`."""
    if program is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{missing}; .ci/run must install it")
        pytest.skip(missing)
    return program


@pytest.fixture(scope="session")
def soffice() -> str:
    """LibreOffice's command, found as the tool finds it ($SOFFICE, PATH, the installers' folders; Debian: libreoffice-calc)."""
    from sheet_scorer.workbook.convert import libreoffice

    return _required(libreoffice(), "LibreOffice (soffice) is not installed")


@pytest.fixture(scope="session")
def office(soffice: str, tmp_path_factory: pytest.TempPathFactory) -> Batch:
    """Every registered LibreOffice job converted, one soffice call per format for the session (tests/office.py);
    the pytest-xdist workers share the folder (their base folders' parent) and so the one batch."""
    from office import Batch

    base = tmp_path_factory.getbasetemp()
    return Batch(soffice, (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "libreoffice").make()


@pytest.fixture(scope="session")
def import_probe(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """What each command of tests/import_probe.py's steps loaded, its exit code and output: one fresh process for
    the session, shared by the pytest-xdist workers as the LibreOffice batch is."""
    from import_probe import outcomes

    base = tmp_path_factory.getbasetemp()
    return outcomes((base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "import-probe")


@pytest.fixture(scope="session")
def ssconvert() -> str:
    """Gnumeric's converter (Debian: gnumeric), for the round-trip matrix."""
    return _required(shutil.which("ssconvert"), "Gnumeric (ssconvert) is not installed")


@pytest.fixture(scope="session")
def chromium() -> str:
    """A headless Chromium ($CHROMIUM, else the first on PATH; Debian: chromium, poppler-utils for its PDFs)."""
    found = os.environ.get("CHROMIUM") or next((p for name in BROWSERS if (p := shutil.which(name))), None)
    return _required(found, "headless Chromium is not installed")


@pytest.fixture(scope="session")
def browser(chromium: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """One headless Chromium for the session's pages, prints and screenshots (tests/cdp.py), ended by its pid."""
    from cdp import Browser  # POSIX pipes (fcntl): imported only where a browser is started

    opened = Browser(chromium, tmp_path_factory.mktemp("chromium-profile"))
    yield opened
    opened.close()


@pytest.fixture
def quick_seating(monkeypatch: pytest.MonkeyPatch) -> None:
    """`new` and `seat` plan with a tenth of the search budget: tables as legal and as deterministic, only possibly
    with more repeats (sheet_scorer/seating/planner.py, `plan`). For tests of a command's flow (files, sizes, names,
    messages) that judge the tables the tool wrote, never their quality: tests/seating/ does that at the full budget."""
    from sheet_scorer.seating import planner

    monkeypatch.setattr(planner.plan, "__defaults__", (planner.EVALUATIONS // 10,))
