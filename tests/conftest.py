"""Shared test set-up: the tests' own helpers on the path, the real programs some tests drive, and the package
invariants checked on every workbook the tool writes during a test (tests/written_files.py says how).

LibreOffice, Gnumeric and Chromium are optional on a developer's machine (the tests that need them skip) but
required in CI (CI=true: they fail instead, so a missing install step cannot pass unnoticed).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
# The season's cache of events read (season/cache.py) stays off: no test writes to the user's cache folder, and each
# reads its events itself. The cache's own tests point it at a folder of theirs.
os.environ["SHEET_SCORER_CACHE"] = "off"

from written_files import RECORDER  # found through the path just set

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


_PATCH = pytest.MonkeyPatch()


def pytest_configure(config: pytest.Config) -> None:
    """Record, for the whole run, every workbook the tool puts in place and every package opened."""
    RECORDER.install(_PATCH)


def pytest_unconfigure(config: pytest.Config) -> None:
    _PATCH.undo()


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
def ssconvert() -> str:
    """Gnumeric's converter (Debian: gnumeric), for the round-trip matrix."""
    return _required(shutil.which("ssconvert"), "Gnumeric (ssconvert) is not installed")


@pytest.fixture(scope="session")
def chromium() -> str:
    """A headless Chromium ($CHROMIUM, else the first on PATH; Debian: chromium, poppler-utils for its PDFs)."""
    found = os.environ.get("CHROMIUM") or next((p for name in BROWSERS if (p := shutil.which(name))), None)
    return _required(found, "headless Chromium is not installed")
