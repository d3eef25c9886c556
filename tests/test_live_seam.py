"""The live app's seam for other route groups (docs/rules.md §9, §11): extra routes beside the pages, the state
and the hub reachable from their handlers, the current round's tables with players in seat order, and marks on
tables still playing.

The event is the bundled Spring Open with round 4's tables 5–8 cleared (still playing); their players and seats
are read here from the sheet's cells with openpyxl, independently of the tool's reader.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import openpyxl
import pytest
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "example_workbooks" / "spring_open.xlsx"
PLAYING = (5, 6, 7, 8)


def _seats_by_sheet(path: Path) -> dict[int, list[str]]:
    """Round 4's tables -> players in Seat order, read from the cells (header on row 3)."""
    sheet = openpyxl.load_workbook(path)["Round 4"]
    tables: dict[int, list[tuple[int, str]]] = {}
    for row in sheet.iter_rows(min_row=4, values_only=True):
        if isinstance(row[0], int):
            tables.setdefault(row[0], []).append((row[1], row[2]))
    return {t: [name for _, name in sorted(seats)] for t, seats in tables.items()}


@pytest.fixture(scope="module")
def half_reported_round(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 4 with tables 5–8 not reported, and table 2's rows written in reverse seat order."""
    book = openpyxl.load_workbook(EXAMPLE)
    sheet = book["Round 4"]
    rows = [r for r in sheet.iter_rows(min_row=4) if r[0].value is not None]
    for row in rows:
        if row[0].value in PLAYING:
            for cell in row[3:12]:
                cell.value = None
    two = [r for r in rows if r[0].value == 2]
    values = [[c.value for c in r] for r in two]
    for row, source in zip(two, reversed(values), strict=True):
        for cell, value in zip(row, source, strict=True):
            cell.value = value
    path = tmp_path_factory.mktemp("seam") / "event.xlsx"
    book.save(path)
    return path


def _get(app, path: str) -> tuple[int, bytes]:
    """One GET through the ASGI app, answered in this process (no socket)."""
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1")],
        "http_version": "1.1",
        "scheme": "http",
        "server": ("127.0.0.1", 80),
        "client": ("127.0.0.1", 1),
        "root_path": "",
    }
    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


def test_the_room_lists_the_current_round_s_tables_in_seat_order(half_reported_round: Path) -> None:
    from sheet_scorer.live.state import LiveState

    state = LiveState(half_reported_round, None, "http://127.0.0.1:1/phone", "")
    state.load()
    room = state.room
    expected = _seats_by_sheet(half_reported_round)
    assert room.sheet == "Round 4"
    assert [t.table for t in room.tables] == sorted(expected)
    for table in room.tables:
        assert list(table.players) == expected[table.table], table.table
        assert table.status == ("playing" if table.table in PLAYING else "reported")
    assert room.table(2) is not None and room.table(99) is None
    first_row = next(
        r
        for r in openpyxl.load_workbook(half_reported_round)["Round 4"].iter_rows(min_row=4, values_only=True)
        if r[0] == 2
    )
    assert first_row[1] != 1 and first_row[2] != room.tables[1].players[0]  # rows out of seat order: seats decide


def test_extra_routes_reach_the_state_and_the_marks_show_on_the_projector(half_reported_round: Path) -> None:
    from sheet_scorer.live.server import Hub, make_app
    from sheet_scorer.live.state import LiveState

    async def tables(request: Request) -> JSONResponse:
        room = request.app.state.live.room
        assert isinstance(request.app.state.hub, Hub)
        return JSONResponse({"round": room.sheet, "tables": [[t.table, list(t.players)] for t in room.tables]})

    state = LiveState(half_reported_round, None, "http://127.0.0.1:1/phone", "")
    state.load()
    app = make_app(state, Hub(), [Route("/extra/tables.json", tables, methods=["GET"])])
    status, body = _get(app, "/extra/tables.json")
    assert status == 200
    assert b'"round":"Round 4"' in body
    assert _get(app, "/phone")[0] == 200  # the live pages are still there

    before = state.version
    assert state.set_marks({5: "phoned", 1: "phoned"}) is True
    assert state.set_marks({5: "phoned", 1: "phoned"}) is False  # the same marks: nothing rendered again
    assert state.version == before + 1
    page = state.pages.projector if state.pages else ""
    assert 'data-table="5" data-status="phoned"' in page
    assert 'data-table="1" data-status="reported"' in page  # reported in the workbook: the mark does not hide that
    assert 'data-table="6" data-status="playing"' in page
