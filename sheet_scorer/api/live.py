"""`live`: the live view of an event (docs/rules.md §9): the listening socket, the state first read, and the server
that re-reads the workbook on every save; with the tables' reports (docs/rules.md §11) the desk over the journal
beside the workbook. `cli/live.py` only prints where it is served and one line a save."""

from __future__ import annotations

import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from sheet_scorer.journal.store import Journal, journal_path
from sheet_scorer.live.qr import qr_svg, qr_text
from sheet_scorer.live.reports import Desk, report_routes
from sheet_scorer.live.server import bind, bind_all, serve
from sheet_scorer.live.state import LiveState, Outcome

__all__ = ["Desk", "LiveStart", "Outcome", "bind", "bind_all", "open_desk", "serve_event", "start_live"]


@dataclass(frozen=True)
class LiveStart:
    """The live view once the workbook is first read: what the terminal tells before serving."""

    state: LiveState
    first: Outcome  # "updated", or "errors" when the workbook has errors from the start
    lang: str  # --lang, else the workbook's Settings → Language, else English
    tournament: str
    qr: str  # the phone page's QR code as terminal text
    errors: int
    warnings: int


def start_live(workbook: Path, lang: str | None, phone: str) -> LiveStart:
    """Read the workbook once for the live view whose phone page is at `phone` (a WorkbookError when it cannot)."""
    state = LiveState(workbook, lang, phone, qr_svg(phone))
    first = state.load()
    assert state.good is not None
    problems = state.good.problems
    errors = sum(p.severity == "error" for p in problems)
    tournament = state.good.data.settings.tournament or workbook.stem
    return LiveStart(state, first, lang or state.language, tournament, qr_text(phone), errors, len(problems) - errors)


def open_desk(start: LiveStart, base_url: str) -> Desk:
    """The tables' reports for the live view at `base_url`: the journal beside the workbook (made on the first
    start, its organiser key and tokens kept), the current round's tables and the projector's marks."""
    desk = Desk(start.state, Journal(journal_path(start.state.path)), base_url)
    desk.sync()
    return desk


def serve_event(
    start: LiveStart,
    sock: socket.socket | Sequence[socket.socket],
    told: Callable[[Outcome], None],
    desk: Desk | None = None,
) -> None:
    """Serve the live view on `sock` (one socket or several) until Ctrl-C (KeyboardInterrupt), telling `told` of every save read; with a
    `desk`, the tables' report routes too, its round and tokens following each save."""
    import asyncio

    if desk is None:
        asyncio.run(serve(start.state, sock, told))
        return

    def followed(outcome: Outcome) -> None:
        desk.sync()  # the current round and its tokens, as the workbook now seats it
        told(outcome)

    try:
        asyncio.run(serve(start.state, sock, followed, report_routes(desk)))
    finally:
        desk.journal.close()
