"""The live view's server: a Starlette app on Uvicorn, a watchfiles watcher, server-sent events for updates.

Routes (GET only; no part of a request names a file): `/` the projector page, `/phone` the phone page (its player
cards `/phone/card/ID` and its standings `/phone/standings`, fetched as fragments with an ETag), `/standings.json`
the `score --json` document, `/events` the update stream (a small JSON per save: the phone's heading, which cards
changed). Pages are rendered once per save (`LiveState`), so a request only sends bytes.

A hall's load (docs/rules.md §9): the open-file limit is raised to the hard limit at start; connections are capped
below it with room kept for the projector (`Doors`); a connection whose request is not complete within
`REQUEST_SECONDS` is closed (`RoomProtocol`), an idle one after `IDLE_SECONDS`; the projector's stream is woken
before the phones' on each save.

Other route groups are added beside these with `make_app(..., extra_routes=...)` / `serve(..., extra_routes=...)`
(e.g. the results sent from the tables, docs/rules.md §11); their handlers reach the live state as
`request.app.state.live` (a `LiveState`: `.room` the current round's tables with players in seat order, `.good`
the last good `ScoreResult`, `.set_marks` the tables' marks) and the update hub as `request.app.state.hub`
(`.notify()` after the marks changed).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import anyio
import h11
import uvicorn
import watchfiles
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import BaseRoute, Route
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

if TYPE_CHECKING:  # the state brings pandas; binding the port first stays quick
    from sheet_scorer.live.state import LiveState, Outcome, Pages

#: Quiet time after the last file event before the workbook is re-read (Excel's save is several events).
DEBOUNCE_MS = 50
#: After an unreadable save (a file still locked or half-written), it is read again this often until it reads.
RETRY_SECONDS = 1.0
#: A comment line on the event stream this often keeps proxies and phones from dropping it.
KEEPALIVE_SECONDS = 15.0
#: A request's line and headers (and a body) must have arrived this long after the connection opened or its last
#: answer was sent; else the connection is closed (a client sending a byte now and then holds nothing).
REQUEST_SECONDS = 10.0
#: A kept-alive connection with no new request is closed after this long.
IDLE_SECONDS = 5
#: The largest request head taken (bytes); a GET needs a fraction of it.
HEAD_BYTES = 16 * 1024
#: Open files kept for everything but connections (the workbook, the watcher, a journal, logs).
SPARE_FILES = 64
#: At most this many connections, however high the open-file limit.
MOST_CONNECTIONS = 4000
#: Requests kept for the projector's page and stream when phones fill every other place.
PROJECTOR_ROOM = 8
#: A phone turned away (every place taken) is asked to come back after this long.
RETRY_AFTER_SECONDS = 5
HEADERS = {
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; "
    "img-src data:; connect-src 'self'; base-uri 'none'; form-action 'none'",
}


def raise_file_limit() -> int | None:
    """Raise this process's open-file soft limit to its hard limit (a Mac starts at 256, which 300 phones exceed);
    the limit now, or None where the system has none to read (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = [hard] if hard != resource.RLIM_INFINITY else []
    for target in [*wanted, 10240]:  # macOS refuses more than OPEN_MAX (10240) when the hard limit is unlimited
        if target <= soft and soft != resource.RLIM_INFINITY:
            break
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            break
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)


def connection_limit(files: int | None) -> int:
    """How many connections may be open at once: the open-file limit less the files kept aside, at most
    `MOST_CONNECTIONS`, at least enough for the projector and a few phones."""
    room = MOST_CONNECTIONS if files is None else files - SPARE_FILES
    return max(PROJECTOR_ROOM * 4, min(room, MOST_CONNECTIONS))


class RoomProtocol(H11Protocol):
    """Uvicorn's h11 protocol with a deadline for each request: one whose head (or body) is not complete within
    `REQUEST_SECONDS` of the connection opening or of its last answer is closed. Uvicorn's own keep-alive timer is
    reset by every byte received, so it alone would let a slow client hold a connection for ever."""

    _deadline: asyncio.TimerHandle | None = None

    # uvicorn's H11Protocol narrows asyncio's BaseTransport to Transport (and ignores the override there too)
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(REQUEST_SECONDS, self._too_slow)

    def _too_slow(self) -> None:
        """Close the connection unless a whole request has arrived and is being answered."""
        self._deadline = None
        answering = self.cycle is not None and not self.cycle.response_complete
        if answering and self.conn.their_state is h11.DONE:
            return  # an answer under way (an event stream): its own end re-arms the deadline
        if not self.transport.is_closing():
            self.transport.close()


class Doors:
    """Lets requests in while there is room: the phones' (and every other route's) up to three quarters of the
    connection limit less `PROJECTOR_ROOM` (the last quarter is for connections still sending their request, idle or
    being turned away: Uvicorn's own limit refuses every request, the projector's too, once that is full); the
    projector's page and stream in the room kept for them. The rest get a short 503 with Retry-After (the pages
    open their stream again a few seconds later)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.places = {"projector": PROJECTOR_ROOM, "phone": max(1, limit * 3 // 4 - PROJECTOR_ROOM)}
        self.inside = {"projector": 0, "phone": 0}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        door = "projector" if projector_request(scope["path"], scope.get("query_string", b"")) else "phone"
        if self.inside[door] >= self.places[door]:
            await Response(
                "busy\n",
                status_code=503,
                media_type="text/plain",
                headers={**HEADERS, "Retry-After": str(RETRY_AFTER_SECONDS)},
            )(scope, receive, send)
            return
        self.inside[door] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.inside[door] -= 1


def projector_request(path: str, query: bytes) -> bool:
    """The projector's page, or its event stream (`/events?projector`)."""
    return path == "/" or (path == "/events" and b"projector" in query)


class Hub:
    """Tells every open event stream that the pages changed, the projector's first; and that the server is stopping."""

    def __init__(self) -> None:
        self.changed = asyncio.Event()
        self.first = asyncio.Event()
        self.stopping = False

    def notify(self) -> None:
        """Wake the streams waiting now, the projector's before the phones'; later waits use fresh events."""
        self.notify_projector()
        self.notify_phones()

    def notify_projector(self) -> None:
        """Wake the projector's streams (its page is ready before the phones' parts)."""
        first, self.first = self.first, asyncio.Event()
        first.set()

    def notify_phones(self) -> None:
        """Wake the phones' streams."""
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()


def make_app(state: LiveState, hub: Hub, extra_routes: Sequence[BaseRoute] = ()) -> Starlette:
    """The Starlette application serving `state`'s pages, and `extra_routes` after them (the state and the hub are
    `app.state.live` and `app.state.hub` to their handlers)."""

    def send(request: Request, body: bytes, packed: bytes, media_type: str, tag: str = "") -> Response:
        """Bytes of the pages shown now (gzipped once per save for every client that accepts it); with `tag`, an
        ETag, and 304 to a client holding it already."""
        headers = {**HEADERS, "Vary": "Accept-Encoding"}
        if tag:
            headers = {**headers, "Cache-Control": "no-cache", "ETag": f'"{tag}"'}
            if request.headers.get("if-none-match", "").strip() in (f'"{tag}"', f'W/"{tag}"'):
                return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(packed, media_type=media_type, headers={**headers, "Content-Encoding": "gzip"})
        return Response(body, media_type=media_type, headers=headers)

    async def part(request: Request, pages: Pages | None, name: str, media_type: str) -> Response:
        """A whole page or document, made in a worker thread when first asked (a 1,000-player JSON takes 0.3 s)."""
        assert pages is not None
        return send(request, *await anyio.to_thread.run_sync(pages.encoded, name), media_type)

    async def projector(request: Request) -> Response:
        return await part(request, state.pages, "projector", "text/html; charset=utf-8")

    async def phone(request: Request) -> Response:
        return await part(request, state.phone_pages, "phone", "text/html; charset=utf-8")

    async def phone_slash(request: Request) -> Response:
        """`/phone/` to `/phone`: a path-only Location, never built from the Host header."""
        return Response(status_code=307, headers={**HEADERS, "Location": "/phone"})

    async def card(request: Request) -> Response:
        assert state.phone_pages is not None
        found = state.phone_pages.card(request.path_params["player"])
        if found is None:
            return Response("not found\n", status_code=404, media_type="text/plain", headers=HEADERS)
        tag, body, packed = found
        return send(request, body, packed, "text/html; charset=utf-8", tag)

    async def phone_standings(request: Request) -> Response:
        assert state.phone_pages is not None
        tag, body, packed = await anyio.to_thread.run_sync(state.phone_pages.standings_part)
        return send(request, body, packed, "text/html; charset=utf-8", tag)

    async def standings(request: Request) -> Response:
        return await part(request, state.pages, "json", "application/json")

    async def events(request: Request) -> Response:
        first = projector_request(request.url.path, request.url.query.encode())

        async def stream() -> AsyncIterator[str]:
            seen = -1
            yield "retry: 2000\n\n"
            while not hub.stopping:
                pages = state.pages if first else state.phone_pages
                assert pages is not None
                if pages.version != seen:
                    message = pages.update if seen == pages.after and seen >= 0 else pages.update_all
                    if first:  # the projector fetches its page again: the version is all it needs
                        message = json.dumps({"v": pages.version})
                    seen = pages.version
                    yield f"event: update\ndata: {message}\n\n"
                    continue
                waiting = hub.first if first else hub.changed
                try:
                    await asyncio.wait_for(waiting.wait(), timeout=KEEPALIVE_SECONDS)
                except asyncio.TimeoutError:
                    yield ": keep-alive\n\n"  # a client gone is told by the server (the stream is cancelled)

        return StreamingResponse(
            stream(), media_type="text/event-stream", headers={**HEADERS, "X-Accel-Buffering": "no"}
        )

    routes = [
        Route("/", projector, methods=["GET"]),
        Route("/phone", phone, methods=["GET"]),
        Route("/phone/", phone_slash, methods=["GET"]),
        Route("/phone/card/{player:str}", card, methods=["GET"]),
        Route("/phone/standings", phone_standings, methods=["GET"]),
        Route("/standings.json", standings, methods=["GET"]),
        Route("/events", events, methods=["GET"]),
        *extra_routes,
    ]
    app = Starlette(routes=routes)
    app.router.redirect_slashes = False  # Starlette's would build its Location from the Host header
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
            outcome = await anyio.to_thread.run_sync(state.refresh, False)
            if state.version != version:
                hub.notify_projector()  # the projector's page is ready: it follows first
                if await anyio.to_thread.run_sync(state.finish):
                    hub.notify_phones()
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
    if family == socket.AF_INET6:
        with contextlib.suppress(OSError, AttributeError):  # an IPv6 address only: the IPv4 one is bound apart
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
    try:
        sock.bind((host, port))
        sock.listen(1024)  # a hall's phones arrive together after each save
    except OSError:
        sock.close()
        raise
    return sock


def bind_all(host: str | None, port: int) -> list[socket.socket]:
    """`host`'s socket; without one every IPv4 interface (the phones' network and this laptop's `localhost`) and,
    where the system has it, IPv6's loopback too (a browser may try `localhost` as ::1 first)."""
    if host:
        return [bind(host, port)]
    sockets = [bind("0.0.0.0", port)]
    if socket.has_ipv6:
        with contextlib.suppress(OSError):
            sockets.append(bind("::1", port))
    return sockets


async def serve(
    state: LiveState,
    sock: socket.socket | Sequence[socket.socket],
    told: Callable[[Outcome], None],
    extra_routes: Sequence[BaseRoute] = (),
) -> None:
    """Serve until Ctrl-C (or SIGTERM): Uvicorn on `sock` (one socket or several), the watcher beside it; the open
    file limit raised first and the connections capped below it; open streams end at once."""
    hub = Hub()
    limit = connection_limit(raise_file_limit())
    config = uvicorn.Config(
        Doors(make_app(state, hub, extra_routes), limit),
        http=RoomProtocol,
        limit_concurrency=limit,  # Doors turns phones away first; Uvicorn's own 503 (and close) guards the files
        timeout_keep_alive=IDLE_SECONDS,
        h11_max_incomplete_event_size=HEAD_BYTES,
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
        hub.notify()
        stop.set()

    ending = asyncio.create_task(stopper())
    try:
        await server.serve(sockets=[sock] if isinstance(sock, socket.socket) else list(sock))
    finally:
        hub.stopping = True
        stop.set()
        ending.cancel()
        watcher.cancel()
        await asyncio.gather(watcher, ending, return_exceptions=True)
