"""The live view's state: the last good view, re-scored in this warm process on each save, never an error page.

A save that cannot be read (half-written, locked, truncated zip) or that has errors outside the tables still
playing keeps the last good standings and adds a banner; the JSON document follows the last readable save,
as `score --json` would write it for the file as it is now.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import json
import pickle
import threading
import time
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sheet_scorer.api.score import check_workbook
from sheet_scorer.i18n.phrase import Phrase
from sheet_scorer.live.view import (
    PHONE,
    PHONE_CARD,
    PHONE_HEAD,
    PHONE_STANDINGS,
    PROJECTOR,
    Room,
    blocking_errors,
    phone_context,
    problem_views,
    projector_context,
    render,
    table_status,
)
from sheet_scorer.model import ScoreResult, WorkbookError
from sheet_scorer.report.export import json_document
from sheet_scorer.report.facts import scored_results

if TYPE_CHECKING:
    import pandas as pd

#: What a half-written or locked save raises while it is read (besides the reader's own one-line refusals).
UNREADABLE = (WorkbookError, zipfile.BadZipFile, OSError, EOFError, KeyError, ValueError)


@dataclass(frozen=True)
class Outcome:
    """What one re-read gave: "updated", "errors" or "unreadable", how long it took, and what the terminal tells."""

    kind: str
    seconds: float
    progress: str = ""
    errors: int = 0
    reason: Phrase | str = ""  # why a save could not be read: said in the event's language where it is shown


class Pages:
    """The pages of one state, served as they are until the next save. The projector is rendered at once (it follows
    every save first); the phones' parts are added after it (`add_phones`): the heading, each card's digest and the
    `update` message, with the phone's page, each card and the standings fragment rendered when first asked; each
    encoded (and gzipped) once. `update` is what the event stream sends a phone that saw the previous phone version
    (`after`): the heading and which cards changed (by their content's digest), not the cards themselves."""

    def __init__(self, context: dict[str, Any], result: ScoreResult | None, version: int) -> None:
        self.version, self._context, self._result = version, context, result
        self.projector = render(PROJECTOR, context)
        self.phones_ready = False
        self.after = -1
        self.head = self.update = self.update_all = ""
        self.card_tags: dict[str, str] = {}
        self.standings_tag = ""
        self._phone_base: dict[str, Any] | None = None
        self._cards: dict[str, dict[str, Any]] = {}
        self._encoded: dict[str, tuple[bytes, bytes]] = {}
        self._parts: dict[str, tuple[str, bytes, bytes]] = {}
        self._lock = threading.Lock()  # the whole pages, made in worker threads
        self._standings_lock = threading.Lock()

    def add_phones(self, phone_base: dict[str, Any], previous: Pages | None) -> None:
        """The phones' parts from `phone_base` (`view.phone_context`), and what changed since `previous`."""
        context = self._context = {**self._context, **phone_base}
        self.head = render(PHONE_HEAD, context)
        self._cards = {p["id"]: p for p in context["players"]}
        shared = _pickled([context[k] for k in CARD_SHARED])
        if (
            previous is not None
            and previous._phone_base is phone_base
            and previous.card_tags
            and _same(previous._context, context, CARD_SHARED)
        ):
            self.card_tags = previous.card_tags  # the same save (a banner or a mark changed): the same cards
        else:
            self.card_tags = {key: _digest(shared, _pickled(p)) for key, p in self._cards.items()}
        self.standings_tag = _digest(shared, _pickled([context[k] for k in STANDINGS_SHARED]))
        self._phone_base = phone_base
        if previous is None:
            changed: list[str] | None = None
        else:
            old = previous.card_tags
            changed = sorted({k for k, t in self.card_tags.items() if old.get(k) != t} | (old.keys() - self.card_tags))
            self.after = previous.version
        standings = previous is None or previous.standings_tag != self.standings_tag
        self.update = self._message(changed, standings)
        self.update_all = self._message(None, True)
        self.phones_ready = True

    def _message(self, cards: list[str] | None, standings: bool) -> str:
        """One event's data (one line of JSON): the version, the phone's heading, the cards changed (None: any may
        have; the phone asks again, with its ETags, for those it shows) and whether the standings changed."""
        data = {"v": self.version, "head": self.head, "cards": cards, "standings": standings}
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))

    @functools.cached_property
    def phone(self) -> str:
        """The phone's page: its heading, the search and the players' names (the cards are fetched by it)."""
        return render(PHONE, self._context)

    @functools.cached_property
    def json(self) -> str:
        """`score --json`'s document of the last readable save as text (indented as `report.export.write_json`
        writes it); made when first asked."""
        document = json_document(self._result) if self._result is not None else None
        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"

    def encoded(self, part: str) -> tuple[bytes, bytes]:
        """`part` ("projector", "phone" or "json") as UTF-8 and gzipped."""
        with self._lock:  # asked from worker threads: made once
            if part not in self._encoded:
                self._encoded[part] = _packed(getattr(self, part))
            return self._encoded[part]

    def card(self, key: str) -> tuple[str, bytes, bytes] | None:
        """A player's card by its id: (its digest, UTF-8, gzipped); None for no such player."""
        if key not in self._cards:
            return None
        if key not in self._parts:  # a millisecond's render, in the server's loop: no lock to wait on
            html = render(PHONE_CARD, {**self._context, "p": self._cards[key]})
            self._parts[key] = (self.card_tags[key], *_packed(html))
        return self._parts[key]

    def standings_part(self) -> tuple[str, bytes, bytes]:
        """The standings as the phone shows them: (digest, UTF-8, gzipped)."""
        with self._standings_lock:
            if "" not in self._parts:
                self._parts[""] = (self.standings_tag, *_packed(render(PHONE_STANDINGS, self._context)))
            return self._parts[""]


#: What a card shows besides its own player's figures (and so changes every card when it changes).
CARD_SHARED = ("lang", "headers", "current", "players_text", "provisional", "rounds")
#: What the standings fragment shows.
STANDINGS_SHARED = ("lang", "headers", "pct_columns", "standings", "cut", "provisional", "progress_note")


def _digest(*parts: bytes) -> str:
    """A short digest of what a fragment shows: its ETag, equal across saves while it does not change."""
    return hashlib.blake2b(b"\x00".join(parts), digest_size=9).hexdigest()


def _pickled(value: Any) -> bytes:
    """`value`'s bytes to digest (plain data: strings, numbers, lists, dicts; a fifth of `repr`'s time)."""
    return pickle.dumps(value, protocol=5)


def _same(one: dict[str, Any], other: dict[str, Any], keys: tuple[str, ...]) -> bool:
    return all(one.get(k) == other.get(k) for k in keys)


def _packed(text: str) -> tuple[bytes, bytes]:
    body = text.encode("utf-8")
    return body, gzip.compress(body, compresslevel=6, mtime=0)


class LiveState:
    """The workbook followed, the last good result shown, and the pages rendered from it: the projector's at once
    (`load`, `refresh`), the phones' right after (`finish`)."""

    def __init__(self, path: Path, lang: str | None, phone_url: str, qr_svg: str) -> None:
        self.path, self.lang, self.phone_url, self.qr_svg = Path(path), lang, phone_url, qr_svg
        self.good: ScoreResult | None = None
        self.read: ScoreResult | None = None  # the last save that could be read, errors or not (the tables' reports;
        # `/standings.json` follows it, as `score --json`)
        self.good_at = ""
        self.banner: dict[str, Any] | None = None
        self.version = 0
        self.pages: Pages | None = None  # the projector's, newest
        self.phone_pages: Pages | None = None  # the newest with the phones' parts
        self.shown_progress = ""
        self.marks: dict[int, str] = {}
        self._base: dict[str, Any] = {}
        self._phone_base: dict[str, Any] | None = None
        self._rendering = threading.Lock()

    @property
    def language(self) -> str:
        """--lang, else the workbook's Settings → Language (as read last), else English."""
        return self.lang or (self.good.lang if self.good else "en")

    def load(self) -> Outcome:
        """The first read: an unreadable workbook is refused (WorkbookError, exit 2); errors show with the standings."""
        start = time.perf_counter()
        result = check_workbook(self.path, self.lang, self._content())
        results = scored_results(result)
        status = table_status(result, results)
        errors = blocking_errors(result, status, results)
        self._accept(result, status, results)
        if errors:
            self.banner = {"kind": "errors", "problems": problem_views(errors, self.language), "since": ""}
        self._render()
        self.finish()
        return Outcome("errors" if errors else "updated", time.perf_counter() - start, self._progress(), len(errors))

    def refresh(self, phones: bool = True) -> Outcome:
        """Re-read after a save: a good save replaces the view; otherwise the last good one stays, with a banner.
        Without `phones`, only the projector's page is rendered: the phones' parts are left to `finish`, called next
        (the server tells the projector in between)."""
        start = time.perf_counter()
        try:
            result = check_workbook(self.path, self.lang, self._content())
        except UNREADABLE as error:
            reason = _reason(error)
            banner = {"kind": "unreadable", "reason": reason, "since": self.good_at}
            if banner != self.banner:  # still the same unreadable file: the pages stay as they are
                self.banner = banner
                self._render()
                if phones:
                    self.finish()
            return Outcome("unreadable", time.perf_counter() - start, reason=reason)
        self.read = result
        results = scored_results(result)  # made once, read by every step below
        status = table_status(result, results)
        errors = blocking_errors(result, status, results)
        if errors:
            self.banner = {"kind": "errors", "problems": problem_views(errors, self.language), "since": self.good_at}
            self._render()
            if phones:
                self.finish()
            return Outcome("errors", time.perf_counter() - start, errors=len(errors))
        self._accept(result, status, results)
        self.banner = None
        self._render()
        if phones:
            self.finish()
        return Outcome("updated", time.perf_counter() - start, self._progress())

    def finish(self) -> bool:
        """The phones' parts of the newest pages (their cards computed once per good save); True when added."""
        with self._rendering:
            pages = self.pages
            if pages is None or pages.phones_ready:
                return False
            if self._phone_base is None and self.good is not None:
                self._phone_base = phone_context(self.good, self._base)
            pages.add_phones(self._phone_base or {}, self.phone_pages)
            self.phone_pages = pages
            return True

    def _accept(self, result: ScoreResult, status: dict[tuple[str, int], str], results: pd.DataFrame) -> None:
        """`result` becomes the view shown: its page context is computed once, the banner is added per render."""
        self.good, self.read, self.good_at = result, result, datetime.now().strftime("%H:%M:%S")
        self._base = projector_context(
            result, self.language, None, self.qr_svg, self.phone_url, self.good_at, status, results
        )
        self._phone_base = None

    def _content(self) -> bytes | None:
        """The workbook's bytes, read at once and the file closed (on Windows a file held open blocks Excel's next
        save, a rename); a file that is not there is left to the reader to refuse. An .ods is converted from its file."""
        if self.path.suffix.lower() == ".ods" or not self.path.is_file():
            return None
        return self.path.read_bytes()

    @property
    def room(self) -> Room:
        """The current round of the view shown (the last good save): its sheet and tables, players in seat order.

        A stable read for route groups added beside the live pages (`server.make_app(extra_routes=...)`); a new
        `Room` object replaces it on each good save, so comparing `room.sheet` tells a new round."""
        return self._base.get("room") or Room("", ())

    def set_marks(self, marks: Mapping[int, str]) -> bool:
        """Marks on the current round's tables still playing in the workbook (table -> "phoned": a result sent from
        the table, not in the workbook yet); the pages are rendered again when they change (True). It renders: call
        it from a worker thread (`anyio.to_thread.run_sync`), then `Hub.notify()` so the pages follow."""
        marks = dict(marks)
        if marks == self.marks:
            return False
        self.marks = marks
        self._render()
        self.finish()
        return True

    def _progress(self) -> str:
        return self.shown_progress

    def context(self) -> dict[str, Any]:
        """The template context of the view shown now: the last good save's, its banner, the tables' marks."""
        tables = [
            {**t, "status": self.marks[t["table"]]} if t["status"] == "playing" and t["table"] in self.marks else t
            for t in self._base.get("tables", ())
        ]
        return {**self._base, "tables": tables, "banner": self.banner}

    def _render(self) -> None:
        with self._rendering:  # a save's re-read (a worker thread) and a route's marks may render at once
            context = self.context()
            version = self.version + 1
            context["version"] = version
            pages = Pages(context, self.read, version)
            self.version, self.shown_progress, self.pages = version, context["progress"], pages


def _reason(error: Exception) -> Phrase | str:
    """Why a save could not be read, without the file (the page and the terminal name it): the refusal itself, said
    in the language of the line it is shown in; an unexpected error by its type."""
    if isinstance(error, WorkbookError) and error.key:
        return Phrase.raised(error.key, {**error.values, "path": None})
    return str(error).split(": ", 1)[-1] if isinstance(error, WorkbookError) else type(error).__name__
