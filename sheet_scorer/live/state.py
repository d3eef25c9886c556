"""The live view's state: the last good view, re-scored in this warm process on each save, never an error page.

A save that cannot be read (half-written, locked, truncated zip) or that has errors outside the tables still
playing keeps the last good standings and adds a banner; the JSON document follows the last readable save,
as `score --json` would write it for the file as it is now.
"""

from __future__ import annotations

import json
import time
import zipfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sheet_scorer.api import check_workbook
from sheet_scorer.live.view import PHONE, PROJECTOR, blocking_errors, live_context, problem_views, render, table_status
from sheet_scorer.model import ScoreResult, WorkbookError
from sheet_scorer.report.export import json_document

#: What a half-written or locked save raises while it is read (besides the reader's own one-line refusals).
UNREADABLE = (WorkbookError, zipfile.BadZipFile, OSError, EOFError, KeyError, ValueError)


@dataclass(frozen=True)
class Outcome:
    """What one re-read gave: "updated", "errors" or "unreadable", how long it took, and what the terminal tells."""

    kind: str
    seconds: float
    progress: str = ""
    errors: int = 0
    reason: str = ""


@dataclass(frozen=True)
class Pages:
    """The rendered pages and JSON of one state, served as they are until the next save."""

    projector: str
    phone: str
    json: bytes
    version: int


class LiveState:
    """The workbook followed, the last good result shown, and the pages rendered from it."""

    def __init__(self, path: Path, lang: str | None, phone_url: str, qr_svg: str) -> None:
        self.path, self.lang, self.phone_url, self.qr_svg = Path(path), lang, phone_url, qr_svg
        self.good: ScoreResult | None = None
        self.good_at = ""
        self.banner: dict[str, Any] | None = None
        self.document: dict[str, Any] | None = None
        self.version = 0
        self.pages: Pages | None = None
        self.shown_progress = ""
        self.good_status: dict[tuple[str, int], str] | None = None

    @property
    def language(self) -> str:
        """--lang, else the workbook's Settings → Language (as read last), else English."""
        return self.lang or (self.good.lang if self.good else "en")

    def load(self) -> Outcome:
        """The first read: an unreadable workbook is refused (WorkbookError, exit 2); errors show with the standings."""
        start = time.perf_counter()
        result = check_workbook(self.path, self.lang)
        status = table_status(result)
        errors = blocking_errors(result, status)
        self._accept(result, status)
        if errors:
            self.banner = {"kind": "errors", "problems": problem_views(errors, self.language), "since": ""}
        self._render()
        return Outcome("errors" if errors else "updated", time.perf_counter() - start, self._progress(), len(errors))

    def refresh(self) -> Outcome:
        """Re-read after a save: a good save replaces the view; otherwise the last good one stays, with a banner."""
        start = time.perf_counter()
        try:
            result = check_workbook(self.path, self.lang)
        except UNREADABLE as error:
            reason = str(error).split(": ", 1)[-1] if isinstance(error, WorkbookError) else type(error).__name__
            self.banner = {"kind": "unreadable", "reason": reason, "since": self.good_at}
            self._render()
            return Outcome("unreadable", time.perf_counter() - start, reason=reason)
        self.document = json_document(result)
        status = table_status(result)
        errors = blocking_errors(result, status)
        if errors:
            self.banner = {"kind": "errors", "problems": problem_views(errors, self.language), "since": self.good_at}
            self._render()
            return Outcome("errors", time.perf_counter() - start, errors=len(errors))
        self._accept(result, status)
        self.banner = None
        self._render()
        return Outcome("updated", time.perf_counter() - start, self._progress())

    def _accept(self, result: ScoreResult, status: dict[tuple[str, int], str]) -> None:
        self.good, self.good_status, self.good_at = result, status, datetime.now().strftime("%H:%M:%S")
        self.document = json_document(result)

    def _progress(self) -> str:
        return self.shown_progress

    def context(self) -> dict[str, Any]:
        """The template context of the view shown now."""
        assert self.good is not None
        return live_context(self.good, self.language, self.banner, self.qr_svg, self.phone_url, self.good_at, self.good_status)

    def _render(self) -> None:
        context = self.context()
        self.version += 1
        context["version"] = self.version
        self.shown_progress = context["progress"]
        document = json.dumps(self.document, ensure_ascii=False, indent=2) + "\n"
        self.pages = Pages(render(PROJECTOR, context), render(PHONE, context), document.encode("utf-8"), self.version)

