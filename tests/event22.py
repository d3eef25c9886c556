"""A whole Polish event of 22 players, built as an organiser would run it: four qualifying rounds
with every count and mark, Playoff Size 16, the semifinal (4 tables) and the final added by `playoffs` and typed in.

Every table is decided by VP with one player at the target (10 VP, declared): no declared-victory dispute,
no bonus ties. Round r, table t: the players in seat order are the r-th deterministic shuffle of PLAYERS.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import openpyxl
from click.testing import CliRunner
from helpers import write_workbook

HEADERS_PL = [
    "Stół",
    "Pozycja",
    "Gracz",
    "Osady",
    "Miasta",
    "Karty VP",
    "Rycerze",
    "Drogi",
    "Długość drogi",
    "Armia pierwsza",
    "Droga pierwsza",
    "Zgłoszone zwycięstwo",
]
PLAYERS = [
    "Przemysław Brzęczyszczykiewicz-Wołodyjowski",
    "Katarzyna Wiśniewska",
    "Łukasz Nowak",
    "Zofia Kowalczyk",
    "Jan Zieliński",
    "Agnieszka Szymańska",
    "Piotr Woźniak",
    "Małgorzata Dąbrowska-Kamińska",
    "Tomasz Lewandowski",
    "Anna Kamińska",
    "Marek Wójcik",
    "Ewa Jankowska",
    "Paweł Mazur",
    "Joanna Krawczyk",
    "Krzysztof Piotrowski",
    "Magdalena Grabowska",
    "Michał Pawłowski",
    "Barbara Michalska",
    "Grzegorz Nowicki",
    "Aleksandra Adamczyk",
    "Wojciech Dudek",
    "Ola Zając",
]
# VP -> (settlements, cities): every VP a player can reach without a bonus.
SHAPES = {10: (2, 4), 9: (3, 3), 8: (2, 3), 7: (3, 2), 6: (2, 2), 5: (3, 1), 4: (2, 1), 3: (3, 0)}


def seat_row(table: int, seat: int, name: str, vp: int, knights: int = 1) -> list[Any]:
    settlements, cities = SHAPES[vp]
    return [table, seat, name, settlements, cities, 0, knights, 4, 3, "", "", "x" if vp >= 10 else ""]


def qualifying_round(number: int) -> list[list[Any]]:
    """Tables of 4, 4, 4, 4, 3, 3; at each the winner has 10 VP, the others fewer (seeded by the round)."""
    rng = random.Random(number)
    names = PLAYERS[:]
    rng.shuffle(names)
    rows: list[list[Any]] = [HEADERS_PL]
    start = 0
    for table, size in enumerate((4, 4, 4, 4, 3, 3), start=1):
        vps = [10, *rng.sample([9, 8, 7, 6, 5, 4, 3], size - 1)]
        rng.shuffle(vps)
        rows += [
            seat_row(table, seat, name, vp)
            for seat, (name, vp) in enumerate(zip(names[start : start + size], vps), start=1)
        ]
        start += size
    return rows


def fill_playoff(path: Path, sheet_name: str) -> None:
    """Type the counts of each playoff table (the sheet `playoffs` adds has the rounds' columns): seat 1 wins on
    10 VP declared, then 8, 6, 4 VP by seat."""
    book = openpyxl.load_workbook(path)
    sheet = book[sheet_name]
    header = [c.value for c in sheet[1]]
    seats: dict[Any, int] = {}
    for row in sheet.iter_rows(min_row=2):
        table = row[header.index("Stół")].value
        if table is None:
            continue
        seats[table] = seats.get(table, 0) + 1
        vp = {1: 10, 2: 8, 3: 6, 4: 4}[seats[table]]
        for column, value in zip(HEADERS_PL[3:], seat_row(table, seats[table], "", vp)[3:]):
            row[header.index(column)].value = None if value == "" else value
    book.save(path)


#: The event as `build_event` leaves it, kept so that the tests need not run `playoffs` three times
#: (`python tests/event22.py` writes it again).
BUILT = Path(__file__).parent / "data" / "event22.xlsx"


def built_event(folder: Path) -> Path:
    """A copy of BUILT in `folder` (tests may write beside it)."""
    target = folder / "mazowsze.xlsx"
    target.write_bytes(BUILT.read_bytes())
    return target


def build_event(folder: Path) -> Path:
    """The event run to its final ranking: `playoffs` three times, the playoff sheets typed in between."""
    from sheet_scorer.cli.main import main

    settings = [
        ["Klucz", "Wartość"],
        ["Turniej", "Mistrzostwa Mazowsza 2026"],
        ["Język", "pl"],
        ["Liczba w fazie finałowej", 16],
    ]
    path = write_workbook(
        folder / "mazowsze.xlsx", {"Ustawienia": settings, **{f"Runda {n}": qualifying_round(n) for n in range(1, 5)}}
    )
    for stage in ("Półfinał", "Finał", None):
        step = CliRunner().invoke(main, ["playoffs", str(path)])
        assert step.exit_code == 0, step.output
        if stage:
            fill_playoff(path, stage)
    return path


if __name__ == "__main__":
    import shutil
    import sys
    import tempfile

    sys.path.insert(0, str(Path(__file__).parent))
    with tempfile.TemporaryDirectory() as folder:
        shutil.copy(build_event(Path(folder)), BUILT)
    print(BUILT)
