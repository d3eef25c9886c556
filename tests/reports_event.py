"""An event for the tables' reports (docs/rules.md §11): round 1 played, round 2 seated and not played.

Round 1: six tables (4, 4, 4, 4, 3, 3 players), each table's players in seat order at 10, 7, 5 and 3 VP
(settlements/cities 2/4, 3/2, 3/1, 3/0: VP = settlements + 2 × cities, docs/rules.md §2), so round points
5, 3, 2, 1 at a table of four and 5, 3, 2 at a table of three (docs/rules.md §3). Round 2 seats the same
22 players again, each table rotated; its tables report from phones.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from helpers import HEADERS, write_workbook

#: A game's counts by finishing position at the table: (settlements, cities) giving 10, 7, 5, 3 VP.
COUNTS = [(2, 4), (3, 2), (3, 1), (3, 0)]
VP = [10, 7, 5, 3]
POINTS = {4: [5, 3, 2, 1], 3: [5, 3, 2]}
SIZES = [4, 4, 4, 4, 3, 3]
NAMES = [
    "Anna Nowak", "Bruno Costa", "Chloé Martin", "Dawid Wiśniewski", "Emma Brown", "Felipe Souza",
    "Gaspard Petit", "Hanna Kowalska", "Isla Morgan", "João Silva", "Karol <b>Zieliński</b>", "Léa Bernard",
    "Marta Lewandowska", "Noah Smith", "Olivia Jones", "Pedro Santos", "Quentin Moreau", "Rosa Dias",
    "Sam O'Brien", "Tomasz Wójcik", "Ugo Laurent", "Vera Lima",
]  # fmt: skip
SEATED = HEADERS[:1] + ["Seat"] + HEADERS[1:]


def round1_tables() -> list[list[str]]:
    tables, start = [], 0
    for size in SIZES:
        tables.append(NAMES[start : start + size])
        start += size
    return tables


def round2_tables() -> list[list[str]]:
    """Round 2: player k of each round-1 table moves k tables on (a different table for everyone but seat 1)."""
    first = round1_tables()
    seats: list[list[str]] = [[] for _ in SIZES]
    for t, players in enumerate(first):
        for k, name in enumerate(players):
            seats[(t + k) % len(SIZES)].append(name)
    return seats


def game_row(table: int, seat: int, name: str, place: int) -> list[Any]:
    settlements, cities = COUNTS[place]
    return [table, seat, name, settlements, cities, 0, 0, 2, 1, "", "", "x" if place == 0 else ""]


def write_event(path: Path, round2: list[list[Any]] | None = None) -> Path:
    """The event: round 1 played as above, round 2 seated (`round2`: its rows, when given, as they are)."""
    r1 = [SEATED] + [game_row(t, s + 1, n, s) for t, ps in enumerate(round1_tables(), 1) for s, n in enumerate(ps)]
    seated = [[t, s + 1, n] for t, ps in enumerate(round2_tables(), 1) for s, n in enumerate(ps)]
    r2 = [SEATED] + (round2 if round2 is not None else seated)
    return write_workbook(path, {"Round 1": r1, "Round 2": r2})


def report(players: list[str], places: list[int] | None = None) -> dict[str, Any]:
    """A table's report body (docs/rules.md §11): players in seat order finishing in `places` (default seat order)."""
    places = places if places is not None else list(range(len(players)))
    rows = []
    for name, place in zip(players, places):
        settlements, cities = COUNTS[place]
        rows.append(
            {
                "player": name,
                "settlements": settlements,
                "cities": cities,
                "vp_cards": 0,
                "knights": 0,
                "roads": 2,
                "road_length": 1,
                "army_first": False,
                "road_first": False,
                "declared": place == 0,
            }
        )
    return {"rows": rows}
