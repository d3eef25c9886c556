"""The tables' reports on the live server (`live --reports`, docs/rules.md §11): the organiser's desk and each
table's report page, over the journal (`journal.store`); the workbook is never written here.

Routes: `/desk/KEY` (the current round's tables, their links and QR codes, printable as slips; every report and its
status; reject one), `/desk/KEY/tables.json`, `POST /desk/KEY/reject/N`; `/r/TOKEN` (the table's phone page),
`POST /r/TOKEN/check.json` (the rules' verdict, nothing kept) and `POST /r/TOKEN/report.json` (kept, then
answered). Keys and tokens are compared in constant time; the tables' requests are limited per token and per
address, the desk's with a wrong key per address; bodies are limited in size; every name is escaped by the templates.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime
from html import escape
from typing import TYPE_CHECKING, Any

import anyio
from starlette.background import BackgroundTask
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from sheet_scorer.i18n.text import format_number, ordinal, text, translator
from sheet_scorer.i18n.vocab import COLUMN_WORDS
from sheet_scorer.journal.store import Journal, Report, latest, same, table_of
from sheet_scorer.journal.tables import NOT_ROWS, Mistake, Table, check_report, report_rows, round_tables
from sheet_scorer.live.qr import qr_svg
from sheet_scorer.live.server import HEADERS as PAGE_HEADERS
from sheet_scorer.live.server import KEEPALIVE_SECONDS
from sheet_scorer.live.view import render
from sheet_scorer.report.slips import slip_columns
from sheet_scorer.rules.progress import reporting
from sheet_scorer.workbook.cells import shown

if TYPE_CHECKING:
    from sheet_scorer.live.state import LiveState
    from sheet_scorer.model import RoundSheet, WorkbookData

DESK, TABLE = "live_desk.html.j2", "live_report.html.j2"
#: The largest request body a report route reads (a table of 4 with every field is under 1 kB).
MAX_BODY = 16 * 1024
#: Requests a minute to the report routes: from one address (a phone), and for one table's token (its 3-4 phones).
PER_ADDRESS, PER_TOKEN = 60, 30
WINDOW_SECONDS = 60.0
#: The live pages' headers, closed further: the desk and the table's page are never framed and post no form.
REPORT_HEADERS = {
    **PAGE_HEADERS,
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": PAGE_HEADERS["Content-Security-Policy"] + "; frame-ancestors 'none'",
}


class Limiter:
    """At most `limit` requests per key in any `window` seconds (a sliding log; keys not seen for a window are dropped)."""

    def __init__(self, limit: int, window: float = WINDOW_SECONDS) -> None:
        self.limit, self.window = limit, window
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str, now: float | None = None) -> bool:
        """Count one request for `key`; False when it is over the limit (it is then not counted)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            if len(self._seen) > 10_000:  # a flood of addresses or tokens: forget the idle ones
                self._seen = {k: q for k, q in self._seen.items() if q and q[-1] > now - self.window}
            times = self._seen.setdefault(key, deque())
            while times and times[0] <= now - self.window:
                times.popleft()
            if len(times) >= self.limit:
                return False
            times.append(now)
            return True


@dataclass
class Round:
    """The current round as the workbook seats it: the read it is from, its sheet, its tables and their tokens
    (table -> token), and the tables with a game cell filled in the workbook."""

    data: WorkbookData | None = None
    sheet: RoundSheet | None = None
    tables: dict[int, Table] = field(default_factory=dict)
    tokens: dict[int, str] = field(default_factory=dict)
    in_workbook: set[int] = field(default_factory=set)

    def table_for(self, token: str) -> Table | None:
        """The table whose token is `token` (constant-time comparisons), else None (unknown, or of another round)."""
        number = table_of(token, self.tokens)
        return None if number is None else self.tables.get(number)


class Desk:
    """The reports side of the live server: the journal, the current round and its tokens, the limits."""

    def __init__(self, state: LiveState, journal: Journal, base_url: str) -> None:
        self.state, self.journal, self.base_url = state, journal, base_url.rstrip("/")
        self.key = journal.organiser_key()
        self.round = Round()
        self._codes: dict[str, str] = {}
        self.changes = 0  # reports received or rejected since the start: the desk's page follows it
        self.by_address, self.by_token = Limiter(PER_ADDRESS), Limiter(PER_TOKEN)

    @property
    def desk_url(self) -> str:
        return f"{self.base_url}/desk/{self.key}"

    def link(self, token: str) -> str:
        return f"{self.base_url}/r/{token}"

    def qr(self, token: str) -> str:
        """The QR code of a table's link, drawn once (50 tables' codes cost the desk's page a quarter of a second)."""
        if token not in self._codes:
            self._codes[token] = qr_svg(self.link(token))
        return self._codes[token]

    def sync(self) -> None:
        """After each read of the workbook: the current round's tables, their tokens (made once, kept in the
        journal), which are in the workbook already; and the projector's marks of the tables reported by phone."""
        result = self.state.read or self.state.good
        sheet = None
        if result is not None:
            played = [p for p in result.progress if p.kind == "round" and p.tables > 0]
            current = played[-1].sheet if played else None
            sheet = next((s for s in result.data.rounds if s.name == current), None)
        if result is None or sheet is None:
            self.round = Round()
        else:
            tables = {t.number: t for t in round_tables(sheet)}
            state = reporting(sheet)
            filled = {int(t) for t in state.tables[state.filled].dropna()}
            tokens = self.journal.tokens(sheet.name, list(tables))
            self.round = Round(result.data, sheet, tables, tokens, filled & set(tables))
        self.mark()

    def mark(self) -> None:
        """The projector's tiles of the tables a phone reported (docs/rules.md §11: "phoned", not in the workbook yet);
        the pages render again when the marks change (`LiveState.set_marks`: call it from a worker thread)."""
        sheet = self.round.sheet.name if self.round.sheet is not None else None
        counted = latest(self.journal.reports())
        shown = sheet is not None and self.state.room.sheet == sheet  # the projector shows this round's tiles
        self.state.set_marks({t: "phoned" for s, t in counted if shown and s == sheet})

    def status(self, number: int, counted: dict[tuple[str, int], Report]) -> str:
        """ "in workbook" (a game cell of the table is filled there), "reported" (a report counts, not merged yet) or
        "playing" (docs/rules.md §11)."""
        sheet = self.round.sheet
        if number in self.round.in_workbook:
            return "in workbook"
        return "reported" if sheet is not None and (sheet.name, number) in counted else "playing"

    def tables_json(self) -> list[dict[str, Any]]:
        """`GET /desk/KEY/tables.json`: the current round's tables, players in seat order, link and status."""
        counted = latest(self.journal.reports())
        return [
            {
                "round": table.sheet,
                "table": number,
                "players": list(table.players),
                "url": self.link(self.round.tokens[number]),
                "status": self.status(number, counted),
            }
            for number, table in self.round.tables.items()
        ]

    def changed(self) -> None:
        """A report came or was rejected: the projector's marks again, and the desk told (`changes`)."""
        self.mark()
        self.changes += 1


def _fields(sheet: RoundSheet, lang: str) -> list[dict[str, Any]]:
    """The form's fields: the game columns of the table's paper slip, headed as the sheet heads them (else in `lang`)."""
    return [{"field": c["field"], "label": c["header"], "flag": c["mark"]} for c in slip_columns(sheet, lang)]


def _report_views(desk: Desk, lang: str) -> list[dict[str, Any]]:
    """Every report, newest first, with its status and values; a replacing report's changed cells marked."""
    reports = desk.journal.reports()
    counted = latest(reports)
    before: dict[tuple[str, int], Report] = {}
    later: dict[int, int] = {}
    previous: dict[int, Report] = {}
    for report in reports:
        key = (report.sheet, report.table)
        if key in before:
            later[before[key].id] = report.id
            previous[report.id] = before[key]
        before[key] = report
    views = []
    for report in reversed(reports):
        if report.rejected:
            status = text(lang, "desk_rejected")
        elif counted.get((report.sheet, report.table)) is report:
            status = text(lang, "desk_counts")
        else:
            status = text(lang, "desk_replaced", id=later.get(report.id, ""))
        earlier = {r.get("player"): r for r in previous[report.id].rows} if report.id in previous else {}
        fields = [k for k in report.rows[0] if k != "player"] if report.rows else []
        rows = [
            {
                "player": row.get("player", ""),
                "cells": [
                    {
                        "value": _shown(row.get(f)),
                        "changed": bool(earlier) and earlier.get(row.get("player"), {}).get(f) != row.get(f),
                    }
                    for f in fields
                ],
            }
            for row in report.rows
        ]
        views.append(
            {
                "id": report.id,
                "title": text(
                    lang,
                    "desk_report",
                    id=report.id,
                    sheet=report.sheet,
                    table=report.table,
                    time=_local_time(report.received),
                ),
                "status": status,
                "counts": counted.get((report.sheet, report.table)) is report,
                "rejected": bool(report.rejected),
                "headers": [COLUMN_WORDS[f][lang] for f in fields],
                "rows": rows,
            }
        )
    return views


def _shown(value: Any) -> str:
    """A reported value as the desk shows it: a mark ✓, no mark empty, a count as a cell shows it
    (`workbook.cells.shown`: 3.0 is 3)."""
    if value is True:
        return "✓"
    return "" if value is False else shown(value)


def _title(state: LiveState) -> str:
    """The event's name (Settings → Tournament), else the workbook's."""
    result = state.read or state.good
    return (result.data.settings.tournament if result else "") or state.path.stem


def _local_time(received: str) -> str:
    """When a report came (kept in UTC), as the laptop's clock says it."""
    return datetime.fromisoformat(received).astimezone().strftime("%H:%M:%S")


def desk_context(desk: Desk) -> dict[str, Any]:
    """What the desk page shows: the current round's tables as slips (link, QR code), the reports received."""
    state = desk.state
    lang = state.language
    counted = latest(desk.journal.reports())
    sheet = desk.round.sheet
    tables = [
        {
            "number": number,
            "players": list(table.players),
            "url": desk.link(desk.round.tokens[number]),
            "qr": desk.qr(desk.round.tokens[number]),
            "status": desk.status(number, counted),
        }
        for number, table in desk.round.tables.items()
    ]
    return {
        "lang": lang,
        "t": translator(lang),
        "title": _title(state),
        "sheet": sheet.name if sheet else "",
        "tables": tables,
        "pages": [tables[i : i + 4] for i in range(0, len(tables), 4)],
        "reports": _report_views(desk, lang),
        "workbook": state.path.name,
        "version": f"{state.version}.{desk.changes}",
        "events_url": f"/desk/{desk.key}/events",
        "reject_url": f"/desk/{desk.key}/reject/",
    }


def table_context(desk: Desk, sheet: RoundSheet, table: Table, token: str) -> dict[str, Any]:
    """What a table's phone page shows: its players in seat order and a field per game column of `sheet`."""
    state = desk.state
    lang = state.language
    return {
        "lang": lang,
        "t": translator(lang),
        "title": _title(state),
        "heading": text(lang, "report_title", sheet=table.sheet, table=table.number),
        "players": list(table.players),
        "fields": _fields(sheet, lang),
        "check_url": f"/r/{token}/check.json",
        "report_url": f"/r/{token}/report.json",
        "words": {
            key: text(lang, key)
            for key in ("report_fix", "report_summary", "report_confirm", "report_change", "report_again")
        },
        "received": text(lang, "report_received", id="{id}"),
        "failed": text(lang, "report_failed", reason="{reason}"),
        "offline": text(lang, "report_offline"),
        "unknown": text(lang, "report_unknown"),
    }


def _summary(frame: Any, table: Table, lang: str) -> list[dict[str, Any]]:
    """Each player's VP and place at the table as scoring gives them, in seat order, for the phone's summary."""
    order = {player: seat for seat, player in enumerate(table.players)}
    return [
        {
            "player": row["player"],
            "vp": text(lang, "report_vp", vp=format_number(row["vp"], lang)),
            "place": text(lang, "report_place", place=ordinal(int(row["place"]), lang)),
        }
        for row in sorted(frame.to_dict("records"), key=lambda r: order.get(r["player"], len(order)))
    ]


async def _body(request: Request) -> bytes | None:
    """The request body, or None when it is longer than `MAX_BODY` (read no further)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    return body


def report_routes(desk: Desk) -> list[Route]:
    """The desk's and the tables' routes over `desk`, added beside the live pages (`server.make_app(extra_routes=…)`:
    the update hub is `app.state.hub`)."""

    def limited(request: Request, token: str) -> Response | None:
        """429 when this address or this token asked too often in the last minute."""
        address = request.client.host if request.client else ""
        if desk.by_address.allow(address) and desk.by_token.allow(token):
            return None
        return _said("report_wait", 429, {"Retry-After": "10"})

    def _said(key: str, status: int, headers: dict[str, str] | None = None) -> Response:
        """A one-line page in the event's language (a phone that is refused sees why)."""
        lang = desk.state.language
        page = (
            f'<!DOCTYPE html><html lang="{lang}"><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<p style="font: 18px/1.4 system-ui, sans-serif; margin: 1.5rem">{escape(text(lang, key))}</p></html>'
        )
        return HTMLResponse(page, status, headers={**REPORT_HEADERS, **(headers or {})})

    def not_found(json_route: bool) -> Response:
        if json_route:
            return JSONResponse({"error": "unknown-token"}, 404, headers=REPORT_HEADERS)
        return _said("report_unknown", 404)

    def organiser(request: Request) -> Response | None:
        """None for the organiser's key; else 404 (or 429 once this address has guessed too often)."""
        if same(str(request.path_params["key"]), desk.key):
            return None
        address = request.client.host if request.client else ""
        if not desk.by_address.allow(address):
            return _said("report_wait", 429, {"Retry-After": "10"})
        return JSONResponse({"error": "unknown-key"}, 404, headers=REPORT_HEADERS)

    async def desk_page(request: Request) -> Response:
        if refused := organiser(request):
            return refused
        return HTMLResponse(render(DESK, desk_context(desk)), headers=REPORT_HEADERS)

    async def tables(request: Request) -> Response:
        if refused := organiser(request):
            return refused
        return JSONResponse(desk.tables_json(), headers=REPORT_HEADERS)

    async def reject(request: Request) -> Response:
        if refused := organiser(request):
            return refused
        number = str(request.path_params["report"])
        done = number.isdigit() and await anyio.to_thread.run_sync(desk.journal.reject, int(number))
        if not done:
            return JSONResponse({"error": "unknown-report"}, 404, headers=REPORT_HEADERS)
        return JSONResponse(
            {"status": "rejected", "id": int(number)}, headers=REPORT_HEADERS, background=_changed(request)
        )

    def _changed(request: Request) -> BackgroundTask:
        """After the answer: the marks and the desk follow the journal, and every open page is told."""

        async def after() -> None:
            await anyio.to_thread.run_sync(desk.changed)
            request.app.state.hub.notify()

        return BackgroundTask(after)

    async def events(request: Request) -> Response:
        """The desk's update stream: an event whenever the pages or the journal changed (server-sent events)."""
        if refused := organiser(request):
            return refused
        hub = request.app.state.hub

        async def stream() -> AsyncIterator[str]:
            seen = ""
            yield "retry: 1000\n\n"
            while not hub.stopping:
                shown = f"{desk.state.version}.{desk.changes}"
                if shown != seen:
                    seen = shown
                    yield f"event: update\ndata: {shown}\n\n"
                    continue
                try:
                    await asyncio.wait_for(hub.changed.wait(), timeout=KEEPALIVE_SECONDS)
                except asyncio.TimeoutError:
                    if await request.is_disconnected():
                        return
                    yield ": keep-alive\n\n"

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={**REPORT_HEADERS, "X-Accel-Buffering": "no"}
        )

    async def table_page(request: Request) -> Response:
        token = str(request.path_params["token"])
        if refused := limited(request, token):
            return refused
        current = desk.round
        table = current.table_for(token)
        if table is None or current.sheet is None:
            return not_found(False)
        return HTMLResponse(render(TABLE, table_context(desk, current.sheet, table, token)), headers=REPORT_HEADERS)

    async def verdict(request: Request, keep: bool) -> Response:
        """The rules' verdict on a report: 422 with its mistakes; else the summary, or (`keep`) kept and numbered."""
        token = str(request.path_params["token"])
        if refused := limited(request, token):
            return refused
        current = desk.round  # one reading of the workbook for the whole request (a save may land meanwhile)
        table, sheet, data = current.table_for(token), current.sheet, current.data
        if table is None or sheet is None or data is None:
            return not_found(True)
        body = await _body(request)
        if body is None:
            return JSONResponse({"error": "too-large"}, 413, headers=REPORT_HEADERS)
        lang = desk.state.language
        try:
            rows = json.loads(body or b"null").get("rows")
        except (ValueError, AttributeError, UnicodeDecodeError):
            rows = None
        if not isinstance(rows, list):
            mistake = Mistake(None, "", NOT_ROWS, text(lang, "report_not_rows"))
            return JSONResponse({"problems": [mistake.as_json()]}, 422, headers=REPORT_HEADERS)
        mistakes, scored = await anyio.to_thread.run_sync(check_report, data, table, rows, lang)
        if mistakes:
            return JSONResponse({"problems": [m.as_json() for m in mistakes]}, 422, headers=REPORT_HEADERS)
        if not keep:
            return JSONResponse({"status": "checked", "summary": _summary(scored, table, lang)}, headers=REPORT_HEADERS)
        kept = report_rows(sheet, table, rows)
        number = await anyio.to_thread.run_sync(desk.journal.add_report, table.sheet, table.number, kept)
        return JSONResponse({"status": "received", "id": number}, headers=REPORT_HEADERS, background=_changed(request))

    async def check(request: Request) -> Response:
        return await verdict(request, keep=False)

    async def report(request: Request) -> Response:
        return await verdict(request, keep=True)

    return [
        Route("/desk/{key}", desk_page, methods=["GET"]),
        Route("/desk/{key}/tables.json", tables, methods=["GET"]),
        Route("/desk/{key}/events", events, methods=["GET"]),
        Route("/desk/{key}/reject/{report}", reject, methods=["POST"]),
        Route("/r/{token}", table_page, methods=["GET"]),
        Route("/r/{token}/check.json", check, methods=["POST"]),
        Route("/r/{token}/report.json", report, methods=["POST"]),
    ]
