"""The live view's server: a Starlette app on Uvicorn, a watchfiles watcher, server-sent events for updates.

Routes (GET only; no part of a request names a file): `/` the projector page, `/phone` the phone page,
`/standings.json` the `score --json` document, `/events` the update stream. Pages are rendered once per
save (`LiveState`), so a request only sends a string.

Other route groups are added beside these with `make_app(..., extra_routes=...)` / `serve(..., extra_routes=...)`
(e.g. the results sent from the tables, docs/rules.md §11); their handlers reach the live state as
`request.app.state.live` (a `LiveState`: `.room` the current round's tables with players in seat order, `.good`
the last good `ScoreResult`, `.set_marks` the tables' marks) and the update hub as `request.app.state.hub`
(`.notify()` after the marks changed).
"""

from __future__ import annotations

import asyncio
import socket
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import anyio
import uvicorn
import watchfiles
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import BaseRoute, Route

if TYPE_CHECKING:  # the state brings pandas; binding the port first stays quick
    from sheet_scorer.live.state import LiveState, Outcome

#: Quiet time after the last file event before the workbook is re-read (Excel's save is several events).
DEBOUNCE_MS = 100
#: After an unreadable save (a file still locked or half-written), it is read again this often until it reads.
RETRY_SECONDS = 1.0
#: A comment line on the event stream this often keeps proxies and phones from dropping it.
KEEPALIVE_SECONDS = 15.0
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'",
}


class Hub:
    """Tells every open event stream that the pages changed; and that the server is stopping."""

    def __init__(self) -> None:
        self.changed = asyncio.Event()
        self.stopping = False

    def notify(self) -> None:
        """Wake the streams waiting now; later waits use a fresh event."""
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()


def make_app(state: LiveState, hub: Hub, extra_routes: Sequence[BaseRoute] = ()) -> Starlette:
    """The Starlette application serving `state`'s pages, and `extra_routes` after them (the state and the hub are
    `app.state.live` and `app.state.hub` to their handlers)."""

    def send(request: Request, part: str, media_type: str) -> Response:
        """One part of the pages shown now, gzipped once per save for every client that accepts it."""
        assert state.pages is not None
        body, packed = state.pages.encoded(part)
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(
                packed,
                media_type=media_type,
                headers={**HEADERS, "Content-Encoding": "gzip", "Vary": "Accept-Encoding"},
            )
        return Response(body, media_type=media_type, headers={**HEADERS, "Vary": "Accept-Encoding"})

    async def projector(request: Request) -> Response:
        return send(request, "projector", "text/html; charset=utf-8")

    async def phone(request: Request) -> Response:
        return send(request, "phone", "text/html; charset=utf-8")

    async def standings(request: Request) -> Response:
        return send(request, "json", "application/json")

    def version() -> int:
        assert state.pages is not None
        return state.pages.version

    async def events(request: Request) -> Response:
        async def stream() -> AsyncIterator[str]:
            seen, quiet = -1, 0.0
            yield "retry: 1000\n\n"
            while not hub.stopping:
                shown = version()
                if shown != seen:
                    seen = shown
                    yield f"event: update\ndata: {shown}\n\n"
                    continue
                waiting = hub.changed
                try:
                    await asyncio.wait_for(waiting.wait(), timeout=0.5)
                except asyncio.TimeoutError:
                    if await request.is_disconnected():
                        return
                    quiet += 0.5
                    if quiet >= KEEPALIVE_SECONDS:
                        quiet = 0.0
                        yield ": keep-alive\n\n"

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={**HEADERS, "X-Accel-Buffering": "no"}
        )

    routes = [
        Route("/", projector, methods=["GET"]),
        Route("/phone", phone, methods=["GET"]),
        Route("/standings.json", standings, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
        *extra_routes,
    ]
    app = Starlette(routes=routes)
    app.state.live, app.state.hub = state, hub
    return app


async def watch(state: LiveState, hub: Hub, told: Callable[[Outcome], None], stop: asyncio.Event) -> None:
    """Re-read the workbook after each save (the folder is watched: Excel and LibreOffice save by rename)."""
    folder, name = state.path.resolve().parent, state.path.name

    def ours(change: watchfiles.Change, path: str) -> bool:
        return Path(path).name == name

    retry = False  # the last read failed: read again every RETRY_SECONDS until it reads
    async for changes in watchfiles.awatch(
        folder,
        watch_filter=ours,
        debounce=DEBOUNCE_MS,
        step=25,
        stop_event=stop,
        rust_timeout=int(RETRY_SECONDS * 1000),
        yield_on_timeout=True,
        recursive=False,
    ):
        if not changes and not retry:
            continue  # the once-a-second wake-up, with nothing to do
        version = state.version
        try:
            outcome = await anyio.to_thread.run_sync(state.refresh)
        except Exception as error:  # an unexpected failure of one re-read must not end the watching
            from sheet_scorer.live.state import Outcome  # (the pages would freeze unsaid): told, and read again

            outcome = Outcome("unreadable", 0.0, reason=type(error).__name__)
        if state.version != version:
            hub.notify()
        if changes or outcome.kind != "unreadable":  # a retry that finds the file as unreadable as before says nothing
            told(outcome)
        retry = outcome.kind == "unreadable"


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, bound before the server starts (a busy port raises OSError here, told in one line)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    if sys.platform == "win32":  # on Windows SO_REUSEADDR would let a second server take a port in use
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_EXCLUSIVEADDRUSE, 1)
    else:  # a restart right after Ctrl-C may reuse the port while old connections linger
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    return sock


async def serve(
    state: LiveState, sock: socket.socket, told: Callable[[Outcome], None], extra_routes: Sequence[BaseRoute] = ()
) -> None:
    """Serve until Ctrl-C (or SIGTERM): Uvicorn on `sock`, the watcher beside it; open streams end at once."""
    hub = Hub()
    config = uvicorn.Config(
        make_app(state, hub, extra_routes),
        log_level="critical",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=1,
        server_header=False,
    )
    server = uvicorn.Server(config)
    stop = asyncio.Event()
    watcher = asyncio.create_task(watch(state, hub, told, stop))

    async def stopper() -> None:
        while not server.should_exit:
            await asyncio.sleep(0.1)
        hub.stopping = True
        stop.set()

    ending = asyncio.create_task(stopper())
    try:
        await server.serve(sockets=[sock])
    finally:
        hub.stopping = True
        stop.set()
        ending.cancel()
        watcher.cancel()
        await asyncio.gather(watcher, ending, return_exceptions=True)
