"""Generate realistic, valid tournament workbooks for the benchmark (bench/run.py). Run by hand:

    .venv/bin/python bench/make_workbooks.py [FOLDER]        # default /tmp/sheet_scorer_bench

Writes into FOLDER:

* ``S.xlsx``  -     64 players x  5 rounds (    320 table rows)
* ``M.xlsx``  -  1,000 players x 10 rounds ( 10,000 table rows)
* ``L.xlsx``  - 10,000 players x 10 rounds (100,000 table rows)
* ``M2.xlsx``, ``L2.xlsx`` - the same sizes laid out as organisers' workbooks come (issue 21,
  `write_organiser_workbook`): openpyxl's normal mode, a title above every other round table, columns
  in a shuffled order, one extra organiser column
* ``batch/S_01.xlsx`` .. ``batch/S_50.xlsx`` - 50 S-sized workbooks (different seeds)

Each workbook looks like one an organiser keeps: a ``Settings`` sheet, a ``Players`` sheet (the
registration list, so every name is checked against it), and one ``Round N`` sheet per round with
a title row, a blank row, a bold header row (Table, Seat, Player, Settlements, Cities, VP Cards,
Knights, Roads, Road Length, Army First, Road First, Declared) and one row per player, tables of
4 (3-player tables only when the player count needs them, docs/rules.md §6). Every game obeys docs/rules.md §2-§3:

* settlements 0..5, at least 2 without a city; cities 0..4; VP cards 0..5 per player and per
  table; knights at most 14 per table; roads 2..15; road length 0..roads;
* a tie for Largest Army / Longest Road among eligible players is marked with one ``x`` in
  Army First / Road First (ties happen, as in real events);
* somebody at each table reaches 10 VP (no "nobody reached the target" warning); when two or
  more players are at 10+, exactly one is marked Declared.

So ``sheet-scorer check`` must report 0 errors and 0 warnings; ``--verify`` runs it on S and M.
Written with openpyxl's write_only mode; deterministic (fixed seeds).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

DEFAULT_FOLDER = Path("/tmp/sheet_scorer_bench")
SIZES = {"S": (64, 5), "M": (1_000, 10), "L": (10_000, 10)}
BATCH_COUNT = 50
TARGET = 10
HEADERS = [
    "Table",
    "Seat",
    "Player",
    "Settlements",
    "Cities",
    "VP Cards",
    "Knights",
    "Roads",
    "Road Length",
    "Army First",
    "Road First",
    "Declared",
]
WIDTHS = [7, 6, 24, 12, 8, 9, 9, 8, 12, 11, 11, 10]

FIRST = [
    "Ala",
    "Anna",
    "Bartek",
    "Ben",
    "Chloe",
    "Carlos",
    "Dawid",
    "Emma",
    "Ewa",
    "Finn",
    "Filip",
    "Gabriela",
    "Hugo",
    "Iga",
    "Igor",
    "Jakub",
    "Joana",
    "Julia",
    "Kamil",
    "Kasia",
    "Lucas",
    "Łukasz",
    "Marek",
    "Maria",
    "Mateus",
    "Nina",
    "Oliver",
    "Ola",
    "Paweł",
    "Pedro",
    "Rafael",
    "Rita",
    "Sofia",
    "Szymon",
    "Tomasz",
    "Tiago",
    "Wiktor",
    "Zofia",
    "Amélie",
    "Théo",
    "Élodie",
    "Inês",
    "João",
    "Ângela",
    "Zoë",
    "Noël",
    "Agnieszka",
    "Michał",
]
LAST = [
    "Nowak",
    "Kowalski",
    "Wiśniewski",
    "Wójcik",
    "Kamiński",
    "Lewandowski",
    "Zieliński",
    "Szymański",
    "Woźniak",
    "Dąbrowski",
    "Silva",
    "Santos",
    "Oliveira",
    "Souza",
    "Pereira",
    "Costa",
    "Rodrigues",
    "Almeida",
    "Nascimento",
    "Lima",
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
    "Carter",
    "Walsh",
    "Okafor",
    "Gallagher",
    "Evans",
    "Murphy",
    "Byrne",
    "Kelly",
    "Hughes",
    "Price",
]


def fold_name(name: str) -> str:
    """How sheet_scorer tells spellings apart (case and accents ignored): generated names must differ here."""
    table = str.maketrans({"ł": "l", "Ł": "L"})
    decomposed = unicodedata.normalize("NFKD", name.translate(table))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def player_names(count: int, rng: random.Random) -> list[str]:
    """`count` distinct, realistic names: `First Last`, then `First M. Last` once those run out."""
    initials = [""] + [f"{chr(c)}. " for c in range(ord("A"), ord("Z") + 1)]
    names: list[str] = []
    seen: set[str] = set()
    for initial in initials:
        pairs = [f"{first} {initial}{last}" for first in FIRST for last in LAST]
        rng.shuffle(pairs)
        for name in pairs:
            key = fold_name(name)
            if key not in seen:
                seen.add(key)
                names.append(name)
                if len(names) == count:
                    return names
    raise ValueError(f"cannot make {count} distinct names")


def table_sizes(players: int) -> list[int]:
    """Tables of 4 with as many tables of 3 as needed (docs/rules.md §6: n = 1 mod 4 -> three of them, ...)."""
    threes = (4 - players % 4) % 4
    if players < 3 * threes:
        raise ValueError(f"{players} players cannot sit at tables of 3 and 4")
    return [4] * ((players - 3 * threes) // 4) + [3] * threes


def _game_vp(p: dict[str, int]) -> int:
    return p["settlements"] + 2 * p["cities"] + p["vp_cards"] + p["army"] + p["road"]


def _award(players: list[dict], value: str, minimum: int, bonus: str, flag: str, rng: random.Random) -> None:
    """Give the 2-VP title to the eligible leader; a tie is marked with one `x` on the first holder."""
    eligible = [p for p in players if p[value] >= minimum]
    if not eligible:
        return
    best = max(p[value] for p in eligible)
    leaders = [p for p in eligible if p[value] == best]
    holder = rng.choice(leaders)
    holder[bonus] = 2
    if len(leaders) > 1:
        holder[flag] = "x"


def play_game(size: int, rng: random.Random) -> list[dict]:
    """One valid game at a table of `size` players, in seat order."""
    players = []
    for _ in range(size):
        cities = rng.choices(range(5), weights=[30, 30, 22, 12, 6])[0]
        settlements = rng.randint(2 if cities == 0 else 0, 5) if rng.random() < 0.3 else rng.randint(2, 4)
        settlements = max(settlements - cities // 2, 0 if cities else 2)
        roads = rng.randint(4, 15)
        players.append(
            {
                "settlements": settlements,
                "cities": cities,
                "vp_cards": 0,
                "knights": rng.choices(range(7), weights=[20, 20, 18, 16, 12, 8, 6])[0],
                "roads": roads,
                "road_length": rng.randint(min(2, roads), roads),
                "army": 0,
                "road": 0,
                "army_first": "",
                "road_first": "",
                "declared": "",
            }
        )
    while sum(p["knights"] for p in players) > 14:  # at most 14 knights at the table
        max(players, key=lambda p: p["knights"])["knights"] -= 1
    for _ in range(rng.choices(range(6), weights=[25, 30, 22, 12, 7, 4])[0]):  # at most 5 VP cards at the table
        rng.choice(players)["vp_cards"] += 1
    _award(players, "knights", 3, "army", "army_first", rng)
    _award(players, "road_length", 5, "road", "road_first", rng)
    # The game ends when somebody reaches the target: raise the winner to 10 (sometimes 11).
    winner = max(players, key=_game_vp)
    goal = TARGET + (rng.random() < 0.15)
    while _game_vp(winner) < goal:
        if winner["cities"] < 4 and winner["settlements"] > 0 and rng.random() < 0.6:
            winner["settlements"] -= 1  # upgrade a settlement to a city: +1 VP
            winner["cities"] += 1
        elif winner["settlements"] < 5:
            winner["settlements"] += 1
        else:  # 5 settlements, fewer than 4 cities
            winner["settlements"] -= 1
            winner["cities"] += 1
    at_target = [p for p in players if _game_vp(p) >= TARGET]
    if len(at_target) >= 2:
        rng.choice(at_target)["declared"] = "x"
    for p in players:
        assert 0 <= p["settlements"] <= 5 and 0 <= p["cities"] <= 4 and (p["cities"] or p["settlements"] >= 2), p
        assert 2 <= p["roads"] <= 15 and 0 <= p["road_length"] <= p["roads"], p
    assert sum(p["vp_cards"] for p in players) <= 5 and sum(p["knights"] for p in players) <= 14
    return players


def round_rows(names: list[str], rng: random.Random) -> Iterator[list]:
    """Table rows of one round: a random seating into tables of 4 (and 3)."""
    order = names[:]
    rng.shuffle(order)
    start = 0
    for table, size in enumerate(table_sizes(len(order)), start=1):
        for seat, (name, p) in enumerate(zip(order[start : start + size], play_game(size, rng)), start=1):
            yield [
                table,
                seat,
                name,
                p["settlements"],
                p["cities"],
                p["vp_cards"],
                p["knights"],
                p["roads"],
                p["road_length"],
                p["army_first"],
                p["road_first"],
                p["declared"],
            ]
        start += size


def write_workbook(path: Path, players: int, rounds: int, seed: int, title: str) -> Path:
    rng = random.Random(seed)
    names = player_names(players, rng)
    book = Workbook(write_only=True)
    bold = Font(bold=True)
    big = Font(bold=True, size=14)

    def styled(ws, value, font):
        cell = WriteOnlyCell(ws, value=value)
        cell.font = font
        return cell

    settings = book.create_sheet("Settings")
    settings.column_dimensions["A"].width = 18
    settings.column_dimensions["B"].width = 30
    settings.append([styled(settings, "Key", bold), styled(settings, "Value", bold)])
    for row in (["Tournament", title], ["Date", "2026-04-18"], ["Victory Target", TARGET], ["Language", "en"]):
        settings.append(row)

    registry = book.create_sheet("Players")
    registry.column_dimensions["A"].width = 6
    registry.column_dimensions["B"].width = 24
    registry.append([styled(registry, "No.", bold), styled(registry, "Player", bold)])
    for number, name in enumerate(sorted(names, key=fold_name), start=1):
        registry.append([number, name])

    for number in range(1, rounds + 1):
        ws = book.create_sheet(f"Round {number}")
        for index, width in enumerate(WIDTHS):
            ws.column_dimensions[chr(65 + index)].width = width
        ws.freeze_panes = "A4"
        ws.append([styled(ws, f"{title} - Round {number}", big)])
        ws.append([])
        ws.append([styled(ws, h, bold) for h in HEADERS])
        for row in round_rows(names, rng):
            ws.append(row)
    path.parent.mkdir(parents=True, exist_ok=True)
    book.save(path)
    return path


ORGANISER_COLUMN = "Notes"
NOTES = ("late", "swapped seats", "judge called", "checked", "arrived R2", "photo", "left early", "")


def write_organiser_workbook(path: Path, players: int, rounds: int, seed: int, title: str) -> Path:
    """The other kind of workbook (issue 21): saved by openpyxl's normal (not write-only) mode, as a script or an
    organiser's tool would; a title row above the round table in every other round (the others start at row 1),
    the columns in a shuffled order (one order per round), one extra organiser column (Notes: mostly empty, some
    text), flags left empty rather than written as empty strings. The same games as `write_workbook`."""
    from openpyxl import Workbook as FullWorkbook

    rng = random.Random(seed)
    names = player_names(players, rng)
    book = FullWorkbook()
    settings = book.active
    settings.title = "Settings"
    bold = Font(bold=True)
    for row in (
        ["Key", "Value"],
        ["Tournament", title],
        ["Date", "2026-04-18"],
        ["Victory Target", TARGET],
        ["Language", "en"],
    ):
        settings.append(row)
    settings["A1"].font = settings["B1"].font = bold
    registry = book.create_sheet("Players")
    registry.append(["No.", "Player"])
    for number, name in enumerate(sorted(names, key=fold_name), start=1):
        registry.append([number, name])
    for number in range(1, rounds + 1):
        ws = book.create_sheet(f"Round {number}")
        headers = [*HEADERS, ORGANISER_COLUMN]
        order = list(range(len(headers)))
        rng.shuffle(order)
        if number % 2:
            ws.append([f"{title} - Round {number}"])
            ws["A1"].font = Font(bold=True, size=14)
        ws.append([headers[i] for i in order])
        for cell in ws[ws.max_row]:
            cell.font = bold
        for row in round_rows(names, rng):
            note = rng.choice(NOTES) if rng.random() < 0.2 else ""
            values = [v if v != "" else None for v in (*row, note)]
            ws.append([values[i] for i in order])
    path.parent.mkdir(parents=True, exist_ok=True)
    book.save(path)
    return path


def generate(folder: Path, large: bool = True, batch: bool = True) -> list[Path]:
    written = []
    for label, (players, rounds) in SIZES.items():
        if label == "L" and not large:
            continue
        started = time.perf_counter()
        written.append(
            write_workbook(folder / f"{label}.xlsx", players, rounds, seed=hash_seed(label), title=f"Bench {label}")
        )
        print(f"{written[-1]}: {players} players x {rounds} rounds in {time.perf_counter() - started:.1f} s")
        if label != "S":
            started = time.perf_counter()
            written.append(
                write_organiser_workbook(
                    folder / f"{label}2.xlsx", players, rounds, seed=hash_seed(label) + 2, title=f"Organiser {label}"
                )
            )
            print(
                f"{written[-1]}: {players} players x {rounds} rounds (organiser's layout) in {time.perf_counter() - started:.1f} s"
            )
    if batch:
        started = time.perf_counter()
        for index in range(1, BATCH_COUNT + 1):
            players, rounds = SIZES["S"]
            written.append(
                write_workbook(
                    folder / "batch" / f"S_{index:02d}.xlsx",
                    players,
                    rounds,
                    seed=1000 + index,
                    title=f"Bench batch {index}",
                )
            )
        print(f"{folder / 'batch'}: {BATCH_COUNT} S workbooks in {time.perf_counter() - started:.1f} s")
    return written


def hash_seed(label: str) -> int:
    return 20260418 + sum(ord(c) for c in label)


def verify(folder: Path, labels: tuple[str, ...] = ("S", "M")) -> bool:
    """`sheet-scorer check` must report 0 errors and 0 warnings (exit 0) on the generated workbooks."""
    executable = Path(sys.executable).with_name("sheet-scorer")
    ok = True
    for label in labels:
        path = folder / f"{label}.xlsx"
        done = subprocess.run([str(executable), "check", str(path)], capture_output=True, text=True)
        last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()
        print(f"check {label}: exit {done.returncode}: {last}")
        ok &= done.returncode == 0 and "0 error(s), 0 warning(s)" in last
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("--no-large", action="store_true", help="skip L (100,000 rows)")
    parser.add_argument("--no-batch", action="store_true", help="skip the 50 S workbooks")
    parser.add_argument("--verify", action="store_true", help="run `sheet-scorer check` on S and M afterwards")
    args = parser.parse_args()
    generate(args.folder, large=not args.no_large, batch=not args.no_batch)
    if args.verify and not verify(args.folder):
        sys.exit(1)


if __name__ == "__main__":
    main()
