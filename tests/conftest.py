"""Shared test set-up: the tests' own helpers on the path, and the real programs some tests drive.

LibreOffice and Chromium are optional on a developer's machine (the tests that need them skip) but
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

BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


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
def chromium() -> str:
    """A headless Chromium ($CHROMIUM, else the first on PATH; Debian: chromium, poppler-utils for its PDFs)."""
    found = os.environ.get("CHROMIUM") or next((p for name in BROWSERS if (p := shutil.which(name))), None)
    return _required(found, "headless Chromium is not installed")
