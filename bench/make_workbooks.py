"""Generate realistic, valid tournament workbooks for the benchmark (bench/run.py). Run by hand:

    .venv/bin/python bench/make_workbooks.py [FOLDER]        # default /tmp/sheet_scorer_bench

Writes into FOLDER:

* ``S.xlsx``  -     64 players x  5 rounds (    320 table rows)
* ``M.xlsx``  -  1,000 players x 10 rounds ( 10,000 table rows)
* ``L.xlsx``  - 10,000 players x 10 rounds (100,000 table rows)
* ``M2.xlsx``, ``L2.xlsx`` - the same sizes laid out as organisers' workbooks come
  (`write_organiser_workbook`): openpyxl's normal mode, a title above every other round table, columns
  in a shuffled order, one extra organiser column
* ``M3.xlsx``, ``L3.xlsx`` - the same sizes in the organiser's own layout (`write_own_layout_workbook`): no Players
  sheet, a title row above every round table, the columns in one shuffled order, a Notes column, and 6 % of the
  tables time-limited (nobody reached the target: one "no-target" warning each, so thousands at L3)
* ``M3F.xlsx``, ``L3F.xlsx`` - that layout with 10 % of the rows carrying one mistake each (one error per row)
* ``M3C.xlsx``, ``L3C.xlsx`` - that layout without a problem (no time-limited table): the clean path
  bench/problems.py measures the others against
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

So ``sheet-scorer check`` must report 0 errors and 0 warnings (M3, M3F: exactly the warnings and errors
written); ``--verify`` runs it on S, M, M3 and M3F.
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


def time_limited(players: list[dict], rng: random.Random) -> list[dict]:
    """The game cut short by the clock (docs/rules.md §3): nobody at the target, so nobody declared. Whoever is at 10
    or more gives back settlements and cities until 7 to 9 VP; still a valid game, with a "no-target" warning."""
    for p in players:
        p["declared"] = ""
        cap = TARGET - rng.randint(1, 3)
        while _game_vp(p) > cap:
            if p["cities"] > 0 and rng.random() < 0.5:
                p["cities"] -= 1  # a city back to a settlement: -1 VP (-2 with 5 settlements on the board)
                p["settlements"] = max(p["settlements"] + (p["settlements"] < 5), 0 if p["cities"] else 2)
            elif p["settlements"] > (0 if p["cities"] else 2):
                p["settlements"] -= 1
            elif p["vp_cards"]:
                p["vp_cards"] -= 1
            else:
                p["cities"] -= 1
        assert 0 <= p["settlements"] <= 5 and 0 <= p["cities"] <= 4 and (p["cities"] or p["settlements"] >= 2), p
    return players


def round_rows(
    names: list[str], rng: random.Random, no_target: float = 0.0, stopped: list[int] | None = None
) -> Iterator[list]:
    """Table rows of one round: a random seating into tables of 4 (and 3); a share `no_target` of the tables
    stopped by the clock before anybody reached the target (`time_limited`, their numbers added to `stopped`)."""
    order = names[:]
    rng.shuffle(order)
    start = 0
    for table, size in enumerate(table_sizes(len(order)), start=1):
        game = play_game(size, rng)
        if no_target and rng.random() < no_target:
            game = time_limited(game, rng)
            if stopped is not None:
                stopped.append(table)
        for seat, (name, p) in enumerate(zip(order[start : start + size], game, strict=True), start=1):
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
    """The other kind of workbook: saved by openpyxl's normal (not write-only) mode, as a script or an
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


#: Time-limited games in the organiser's own workbook: a share of the tables where nobody reached the target.
NO_TARGET_SHARE = 0.06
#: Rows with one mistake each in the faulty variant of that workbook.
FAULTY_SHARE = 0.10
#: The organiser's own layout (`write_own_layout_workbook`): label -> (share of time-limited tables, of faulty rows).
#: C: the same layout with no problem at all, the clean path the others are measured against (bench/problems.py).
OWN_LAYOUT = {
    "M3": (NO_TARGET_SHARE, 0.0),
    "M3F": (NO_TARGET_SHARE, FAULTY_SHARE),
    "M3C": (0.0, 0.0),
    "L3": (NO_TARGET_SHARE, 0.0),
    "L3F": (NO_TARGET_SHARE, FAULTY_SHARE),
    "L3C": (0.0, 0.0),
}


def _fault(row: dict[str, object], rng: random.Random) -> None:
    """One mistake in one cell of a valid row, each giving exactly one error (docs/rules.md §2): a count out of its
    range, a word or a fraction where a whole number goes, an empty count, a road longer than the roads, a seat past
    the table's size, a flag that is not a flag."""
    faults = [
        ("Settlements", 6),
        ("Cities", "two"),
        ("Cities", None),
        ("VP Cards", 6),
        ("Roads", 7.5),
        ("Seat", 7),
        ("Declared", "maybe"),
    ]
    if int(row["Roads"]) < 15:  # type: ignore[call-overload]
        faults.append(("Road Length", int(row["Roads"]) + 1))  # type: ignore[call-overload]
    column, value = rng.choice(faults)
    row[column] = value


def write_own_layout_workbook(
    path: Path,
    players: int,
    rounds: int,
    seed: int,
    title: str,
    no_target: float = NO_TARGET_SHARE,
    faulty: float = 0.0,
) -> tuple[Path, int, int]:
    """The workbook as organisers lay it out themselves (docs/rules.md §1): no Players sheet, a title row above every
    round table, the columns in the organiser's own (shuffled) order, one order for the whole workbook, a Notes column
    (mostly empty), flags left empty; `no_target` of the tables time-limited (nobody at the target: one warning
    each) and, with `faulty`, that share of the rows with one mistake each (`_fault`). Saved by openpyxl's normal mode.
    Returns the path, the number of time-limited tables and of faulty rows."""
    from openpyxl import Workbook as FullWorkbook

    rng = random.Random(seed)
    names = player_names(players, rng)
    book = FullWorkbook()
    settings = book.active
    settings.title = "Settings"
    for row in (["Tournament", title], ["Date", "2026-04-18"], ["Victory Target", TARGET], ["Language", "en"]):
        settings.append(row)
    headers = [*HEADERS, ORGANISER_COLUMN]
    order = headers[:]
    rng.shuffle(order)
    bold = Font(bold=True)
    short = faults = seen = 0
    for number in range(1, rounds + 1):
        ws = book.create_sheet(f"Round {number}")
        ws.append([f"{title} - Round {number}"])
        ws["A1"].font = Font(bold=True, size=14)
        ws.append(order)
        for cell in ws[2]:
            cell.font = bold
        stopped: list[int] = []
        rows = [
            dict(zip(headers, (*values, rng.choice(NOTES) if rng.random() < 0.2 else ""), strict=True))
            for values in round_rows(names, rng, no_target, stopped)
        ]
        seated: dict[object, list[dict[str, object]]] = {}
        for row in rows:
            seated.setdefault(row["Table"], []).append(row)
        for table in seated.values() if faulty else ():
            # One mistake at a table at most, on a player who neither declared nor could hold a title (no title moves
            # to another player when the cell is lost): one error each.
            bystanders = [r for r in table if not r["Declared"] and r["Knights"] < 3 and r["Road Length"] < 5]  # type: ignore[operator]
            seen += len(table)
            if bystanders and faults < faulty * seen and rng.random() < 0.8:  # `faulty` of the rows, spread out
                _fault(rng.choice(bystanders), rng)
                faults += 1
        for row in rows:
            ws.append([None if row[h] == "" else row[h] for h in order])
        short += len(stopped)
    path.parent.mkdir(parents=True, exist_ok=True)
    book.save(path)
    return path, short, faults


#: What `generate` wrote in the own layout this run: label -> (time-limited tables, faulty rows), for `verify`.
WRITTEN: dict[str, tuple[int, int]] = {}


def generate(folder: Path, large: bool = True, batch: bool = True, only: set[str] | None = None) -> list[Path]:
    """Every workbook of the module docstring (`only`: just those labels, e.g. {"M3", "L3"})."""
    written = []
    for label, (players, rounds) in SIZES.items():
        if label == "L" and not large:
            continue
        for own, (no_target, faulty) in OWN_LAYOUT.items():
            if own[0] == label and (only is None or own in only):
                started = time.perf_counter()
                path, short, faults = write_own_layout_workbook(
                    folder / f"{own}.xlsx", players, rounds, hash_seed(own), f"Club {own}", no_target, faulty
                )
                written.append(path)
                WRITTEN[own] = short, faults
                print(
                    f"{path}: {players} players x {rounds} rounds (own layout), {short} time-limited tables, "
                    f"{faults} faulty rows, in {time.perf_counter() - started:.1f} s"
                )
        if only is None or label in only:
            started = time.perf_counter()
            written.append(
                write_workbook(folder / f"{label}.xlsx", players, rounds, seed=hash_seed(label), title=f"Bench {label}")
            )
            print(f"{written[-1]}: {players} players x {rounds} rounds in {time.perf_counter() - started:.1f} s")
        if label != "S" and (only is None or f"{label}2" in only):
            started = time.perf_counter()
            written.append(
                write_organiser_workbook(
                    folder / f"{label}2.xlsx", players, rounds, seed=hash_seed(label) + 2, title=f"Organiser {label}"
                )
            )
            print(
                f"{written[-1]}: {players} players x {rounds} rounds (organiser's layout) in {time.perf_counter() - started:.1f} s"
            )
    if batch and only is None:
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
    """`sheet-scorer check` must report 0 errors and 0 warnings (exit 0) on the generated workbooks; on the own
    layout (M3, M3F: `WRITTEN` counts) one "no-target" warning per time-limited table and one error per faulty row
    (a faulty row at a time-limited table leaves that table unscored: its warning may go)."""
    import json

    executable = Path(sys.executable).with_name("sheet-scorer")
    ok = True
    for label in labels:
        path = folder / f"{label}.xlsx"
        if label in WRITTEN:
            done = subprocess.run([str(executable), "check", str(path), "--format", "json"], capture_output=True)
            problems = json.loads(done.stdout)["problems"]
            errors = sum(p["severity"] == "error" for p in problems)
            no_target = sum(p["code"] == "no-target" for p in problems)
            short, faults = WRITTEN[label]
            print(
                f"check {label}: {errors} error(s) for {faults} faulty rows, {no_target} no-target for {short} tables"
            )
            ok &= errors == faults and len(problems) == errors + no_target
            ok &= no_target == short if not faults else no_target <= short
            continue
        done = subprocess.run([str(executable), "check", str(path)], capture_output=True, text=True)
        last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr.strip()
        print(f"check {label}: exit {done.returncode}: {last}")
        ok &= done.returncode == 0 and "0 errors, 0 warnings" in last
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", type=Path, default=DEFAULT_FOLDER)
    parser.add_argument("--no-large", action="store_true", help="skip L (100,000 rows)")
    parser.add_argument("--no-batch", action="store_true", help="skip the 50 S workbooks")
    parser.add_argument("--only", help="comma-separated labels to write, e.g. M3,M3F,L3,L3F (the own layout)")
    parser.add_argument("--verify", action="store_true", help="run `sheet-scorer check` on S and M afterwards")
    args = parser.parse_args()
    only = set(args.only.split(",")) if args.only else None
    written = generate(args.folder, large=not args.no_large, batch=not args.no_batch, only=only)
    if args.verify and not verify(
        args.folder, tuple(p.stem for p in written if p.stem in ("S", "M", "M3", "M3F", "M3C"))
    ):
        sys.exit(1)


if __name__ == "__main__":
    main()
