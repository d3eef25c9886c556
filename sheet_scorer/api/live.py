"""`live`: the live view of an event (docs/rules.md §9): the listening socket, the state first read, and the server
that re-reads the workbook on every save; `cli/live.py` only prints where it is served and one line a save."""

from __future__ import annotations

import socket
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sheet_scorer.live.qr import qr_svg, qr_text
from sheet_scorer.live.server import bind, serve
from sheet_scorer.live.state import LiveState, Outcome

__all__ = ["LiveStart", "Outcome", "bind", "serve_event", "start_live"]


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


def serve_event(start: LiveStart, sock: socket.socket, told: Callable[[Outcome], None]) -> None:
    """Serve the live view on `sock` until Ctrl-C (KeyboardInterrupt), telling `told` of every save read."""
    import asyncio

    asyncio.run(serve(start.state, sock, told))
