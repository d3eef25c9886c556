"""(Re)build the example workbooks in this folder: deterministic, openpyxl only.

    python example_workbooks/generate.py

Writes three workbooks next to this script:

* ``spring_open.xlsx``  - an English event: 30 players, 4 rounds (six tables of 4 and two of 3
  per round), a title row and a blank row above each header row, an organiser "Notes" column
  and "Notes" sheet, ``Settings`` and ``Players`` sheets. Every game is valid; the event
  includes a Largest Army tie marked in Army First (Round 1 table 3), a Longest Road tie marked
  in Road First (Round 2 table 5), a VP tie for 2nd at a table of 4 (Round 2 table 1), a
  declared victory where the declarer has fewer VP than another player at 10+ (Round 3 table 2)
  and a VP tie at a table of 3 (Round 4 table 7). ``sheet-scorer check`` reports nothing.
* ``runda_polska.xlsx`` - a Polish-headed event: 16 players, ``Runda 1``..``Runda 3``, flags
  written as "tak" and as "x", an ``Ustawienia`` sheet. Every game is valid.
* ``mistakes.xlsx``     - a small English event (12 players, 2 rounds) with the typical mistakes
  below planted in known cells; every other table is valid. Round sheets have the title in
  row 1, a blank row 2, the header in row 3 and table rows from row 4 (table 1 rows 4-7,
  table 2 rows 8-11, table 3 rows 12-15). Columns: A Table, B Seat, C Player, D Settlements,
  E Cities, F VP Cards, G Knights, H Roads, I Road Length, J Army First, K Road First,
  L Declared, M Notes.

Planted mistakes in ``mistakes.xlsx`` and what ``sheet-scorer check`` must report
(table-level problems have no cell; they are reported for the whole table):

    | sheet   | cell / table | value / situation                                   | code               | severity |
    |---------|--------------|-----------------------------------------------------|--------------------|----------|
    | Round 1 | D4           | Settlements = 6 (Alice Carter)                      | settlements-range  | error    |
    | Round 1 | I6           | Road Length 7 with only 5 Roads (Chloe Evans)       | road-length-range  | error    |
    | Round 1 | table 2      | Emma Walsh and Finn Gallagher both 4 knights,       | army-tie-unmarked  | error    |
    |         |              | nobody marked in Army First                         |                    |          |
    | Round 2 | G4           | Knights = "three" (Emma Walsh)                      | not-a-number       | error    |
    | Round 2 | E5           | Cities = 2.5 (Alice Carter)                         | not-whole-number   | error    |
    | Round 2 | table 2      | knights 6 + 4 + 3 + 2 = 15 at the table; one error  | table-knights      | error    |
    |         |              | only: Ben Okafor's 11 VP (with Largest Army) beside |                    |          |
    |         |              | Finn Gallagher's 10 and no Declared mark would need |                    |          |
    |         |              | a flag, but who holds the army depends on the       |                    |          |
    |         |              | knights that are wrong (one mistake, one error)     |                    |          |
    | Round 2 | C12          | "lukasz nowak"; Round 1 has "Łukasz Nowak"          | name-spelling      | warning  |

The same list is the ``PLANTED`` constant below; the script checks that each planted value is
in its documented cell. ``tests/test_examples.py`` asserts that the tool reports exactly these.
"""

from __future__ import annotations

import io
import itertools
import random
import re
import zipfile
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

import openpyxl
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter

HERE = Path(__file__).resolve().parent
SEED = 20260418
TARGET = 10

# (sheet, cell or table number, code) - see the table in the module docstring.
PLANTED: list[tuple[str, str | int, str]] = [
    ("Round 1", "D4", "settlements-range"),
    ("Round 1", "I6", "road-length-range"),
    ("Round 1", 2, "army-tie-unmarked"),
    ("Round 2", "G4", "not-a-number"),
    ("Round 2", "E5", "not-whole-number"),
    ("Round 2", 2, "table-knights"),
    ("Round 2", "C12", "name-spelling"),
]

EN_HEADERS = [
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
    "Notes",
]
PL_HEADERS = [
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
    "Uwagi",
]
WIDTHS = [7, 6, 22, 12, 8, 9, 9, 8, 12, 11, 11, 10, 42]
HEADER_ROW = 3  # title in row 1, blank row 2

HEADER_FONT = Font(bold=True, color="FFFFFFFF")
HEADER_FILL = PatternFill(start_color="FF2F5597", end_color="FF2F5597", fill_type="solid")
TITLE_FONT = Font(bold=True, size=14)
THIN = Side(style="thin", color="FFBFBFBF")
TABLE_FILL = PatternFill(start_color="FFEAF1FB", end_color="FFEAF1FB", fill_type="solid")


# ---------------------------------------------------------------- one player's game


@dataclass
class Game:
    """One player's row: the counts a table judge enters, the flags and an organiser note."""

    settlements: int | float | str
    cities: int | float | str
    vp_cards: int | float | str
    knights: int | float | str
    roads: int | float | str
    road_length: int | float | str
    army_first: str = ""
    road_first: str = ""
    declared: str = ""
    note: str = ""

    def counts(self) -> list:
        return [self.settlements, self.cities, self.vp_cards, self.knights, self.roads, self.road_length]


def G(s, c, v, k, roads, length, army="", road="", declared="", note="") -> Game:
    return Game(s, c, v, k, roads, length, army, road, declared, note)


def _holder(values: list[int], flags: list[str], minimum: int) -> int | None:
    """Index of the title holder (docs/rules.md §2): sole eligible leader, or the flagged one of tied leaders."""
    best = max(values)
    if best < minimum:
        return None
    leaders = [i for i, v in enumerate(values) if v == best]
    if len(leaders) == 1:
        return leaders[0]
    flagged = [i for i in leaders if flags[i]]
    assert len(flagged) == 1, f"title tie {leaders} needs exactly one flag"
    return flagged[0]


def table_vp(games: list[Game]) -> list[int]:
    """Game VP of every player at a valid table (an independent re-statement of docs/rules.md §2)."""
    army = _holder([g.knights for g in games], [g.army_first for g in games], 3)
    road = _holder([g.road_length for g in games], [g.road_first for g in games], 5)
    return [g.settlements + 2 * g.cities + g.vp_cards + 2 * (i == army) + 2 * (i == road) for i, g in enumerate(games)]


def assert_valid(games: list[Game], where: str) -> None:
    """Every rule of docs/rules.md §2-§3 that a valid table must meet, plus 'somebody reached the target'."""
    assert len(games) in (3, 4), where
    for g in games:
        for value in g.counts():
            assert isinstance(value, int), where
        assert 0 <= g.settlements <= 5 and 0 <= g.cities <= 4 and 0 <= g.vp_cards <= 5, where
        assert g.cities > 0 or g.settlements >= 2, where
        assert 2 <= g.roads <= 15 and 0 <= g.road_length <= g.roads, where
    assert sum(g.vp_cards for g in games) <= 5, where
    assert sum(g.knights for g in games) <= 14, where
    for first, value, minimum in (("army_first", "knights", 3), ("road_first", "road_length", 5)):
        values = [getattr(g, value) for g in games]
        leaders = [i for i, v in enumerate(values) if v == max(values) and v >= minimum]
        flagged = [i for i, g in enumerate(games) if getattr(g, first)]
        assert all(i in leaders for i in flagged), f"{where}: {first} on a non-leader"
        if len(leaders) >= 2:
            assert len(flagged) == 1, f"{where}: tie for {value} needs one {first}"
    vp = table_vp(games)
    reached = [i for i, v in enumerate(vp) if v >= TARGET]
    declared = [i for i, g in enumerate(games) if g.declared]
    assert reached, f"{where}: nobody reached {TARGET}"
    assert all(i in reached for i in declared) and len(declared) <= 1, where
    if len(reached) >= 2:
        assert len(declared) == 1, f"{where}: two players at {TARGET}+ need a Declared mark"


# ---------------------------------------------------------------- random valid games


def _split_vp(rng: random.Random, base: int, max_cards: int) -> tuple[int, int, int] | None:
    """Settlements, cities, VP cards adding up to `base` VP (cities count 2), realistic and valid."""
    options = []
    for cards in range(0, min(max_cards, base, 2) + 1):
        for cities in range(0, 5):
            settlements = base - cards - 2 * cities
            if 0 <= settlements <= 5 and (cities > 0 or settlements >= 2) and settlements + cities >= 2:
                options.append((settlements, cities, cards))
    if not options:
        return None
    weights = [(6 if cards == 0 else 2 if cards == 1 else 1) * (3 if 1 <= c <= 3 else 1) for _, c, cards in options]
    return rng.choices(options, weights)[0]


def _unique_leader(values: list[int], minimum: int) -> bool:
    best = max(values)
    return best < minimum or values.count(best) == 1


def random_table(rng: random.Random, size: int) -> list[Game]:
    """A valid table with exactly one player at 10+ VP and no title ties (so no flags needed)."""
    while True:
        knights = [rng.choices(range(7), [30, 25, 18, 12, 8, 5, 2])[0] for _ in range(size)]
        roads = [rng.randint(4, 13) for _ in range(size)]
        lengths = [rng.randint(max(1, r // 2), r) for r in roads]
        if sum(knights) > 14 or not _unique_leader(knights, 3) or not _unique_leader(lengths, 5):
            continue
        army = _holder(knights, [""] * size, 3)
        road = _holder(lengths, [""] * size, 5)
        bonus = [2 * (i == army) + 2 * (i == road) for i in range(size)]
        winner = rng.randrange(size)
        cards_left = 5
        games: list[Game] = []
        for i in range(size):
            target = rng.choices([10, 11, 12], [6, 3, 1])[0] if i == winner else rng.randint(bonus[i] + 2, 9)
            split = _split_vp(rng, target - bonus[i], cards_left)
            if split is None:
                break
            settlements, cities, cards = split
            cards_left -= cards
            games.append(Game(settlements, cities, cards, knights[i], roads[i], lengths[i]))
        else:
            vp = table_vp(games)
            if sum(v >= TARGET for v in vp) == 1:
                return games


# ---------------------------------------------------------------- seating


def seat_rounds(rng: random.Random, players: list[str], sizes: list[int], rounds: int) -> list[list[list[str]]]:
    """Tables for every round (players in seat order), nobody meeting an opponent twice.

    A randomised greedy fill with restarts; seats inside a table are then given so that each
    player repeats a starting seat as rarely as possible.
    """
    for _ in range(10_000):
        met: dict[str, set[str]] = defaultdict(set)
        schedule = []
        for _round in range(rounds):
            tables = _one_round(rng, players, sizes, met)
            if tables is None:
                break
            for table in tables:
                for p in table:
                    met[p].update(q for q in table if q != p)
            schedule.append(tables)
        else:
            return _assign_seats(rng, schedule)
    raise RuntimeError("no seating without repeated opponents found")


def _one_round(
    rng: random.Random, players: list[str], sizes: list[int], met: dict[str, set[str]]
) -> list[list[str]] | None:
    for _ in range(200):
        remaining = players[:]
        rng.shuffle(remaining)
        tables = []
        for size in sizes:
            table: list[str] = []
            for p in remaining:
                if not any(q in met[p] for q in table):
                    table.append(p)
                    if len(table) == size:
                        break
            if len(table) < size:
                break
            remaining = [p for p in remaining if p not in table]
            tables.append(table)
        else:
            return tables
    return None


def _assign_seats(rng: random.Random, schedule: list[list[list[str]]]) -> list[list[list[str]]]:
    seats_had: dict[str, list[int]] = defaultdict(list)
    seated = []
    for tables in schedule:
        round_tables = []
        for table in tables:
            orders = list(itertools.permutations(table))
            rng.shuffle(orders)
            best = min(orders, key=lambda order: sum(seats_had[p].count(s) for s, p in enumerate(order, start=1)))
            for s, p in enumerate(best, start=1):
                seats_had[p].append(s)
            round_tables.append(list(best))
        seated.append(round_tables)
    return seated


# ---------------------------------------------------------------- writing


def style_round_sheet(sheet, title: str, headers: list[str]) -> None:
    sheet["A1"] = title
    sheet["A1"].font = TITLE_FONT
    for col, header in enumerate(headers, start=1):
        cell = sheet.cell(HEADER_ROW, col, header)
        cell.font = HEADER_FONT
        cell.fill = HEADER_FILL
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        cell.border = Border(bottom=THIN)
        sheet.column_dimensions[get_column_letter(col)].width = WIDTHS[col - 1]
    sheet.row_dimensions[HEADER_ROW].height = 30
    sheet.freeze_panes = sheet.cell(HEADER_ROW + 1, 1)


def write_round(sheet, title: str, headers: list[str], tables: list[tuple[list[str], list[Game]]]) -> dict[str, int]:
    """Write the tables (players in seat order with their games); returns player -> Excel row."""
    style_round_sheet(sheet, title, headers)
    row = HEADER_ROW + 1
    rows = {}
    for number, (players, games) in enumerate(tables, start=1):
        for seat, (name, game) in enumerate(zip(players, games), start=1):
            values = [number, seat, name, *game.counts(), game.army_first, game.road_first, game.declared, game.note]
            for col, value in enumerate(values, start=1):
                cell = sheet.cell(row, col, None if value == "" else value)  # unmarked flag: a blank cell
                if number % 2 == 0:
                    cell.fill = TABLE_FILL
                if col != 3 and col != len(values):
                    cell.alignment = Alignment(horizontal="center")
            rows[name] = row
            row += 1
    return rows


def write_key_values(book, name: str, pairs: list[tuple[str, object]], headers: tuple[str, str]) -> None:
    sheet = book.create_sheet(name)
    sheet.append(list(headers))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for key, value in pairs:
        sheet.append([key, value])
        if isinstance(value, date):
            sheet.cell(sheet.max_row, 2).number_format = "yyyy-mm-dd"
    sheet.column_dimensions["A"].width = 18
    sheet.column_dimensions["B"].width = 28


def new_book() -> openpyxl.Workbook:
    book = openpyxl.Workbook()
    book.remove(book.active)
    book.properties.creator = "example_workbooks/generate.py"
    return book


FIXED_TIME = datetime(2026, 1, 1, 12, 0, 0)


def save(book: openpyxl.Workbook, path: Path) -> None:
    """Save with fixed document and zip timestamps, so re-running the script gives identical bytes."""
    buffer = io.BytesIO()
    book.save(buffer)
    stamp = FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ")
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>" + stamp.encode(), data)
            fixed = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME.timetuple()[:6])
            fixed.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(fixed, data)


def play_event(
    rng: random.Random, seating: list[list[list[str]]], special: dict[tuple[int, int], list[Game]], sheet_name: str
) -> list[list[tuple[list[str], list[Game]]]]:
    """Games for every table of every round: hand-made `special` tables, random valid ones elsewhere."""
    event = []
    for r, tables in enumerate(seating, start=1):
        played = []
        for t, players in enumerate(tables, start=1):
            games = special.get((r, t)) or random_table(rng, len(players))
            assert len(games) == len(players), (r, t)
            assert_valid(games, f"{sheet_name} {r} table {t}")
            played.append((players, games))
        event.append(played)
    return event


def sprinkle_notes(rng: random.Random, event, notes: list[str], count: int) -> None:
    """Organiser notes on a few random rows that have none."""
    rows = [g for tables in event for _, games in tables for g in games if not g.note]
    for game, note in zip(rng.sample(rows, count), itertools.cycle(notes)):
        game.note = note


# ---------------------------------------------------------------- spring_open.xlsx

SPRING_PLAYERS = [
    "Alice Carter",
    "Ben Okafor",
    "Chloe Evans",
    "Daniel Reid",
    "Emma Walsh",
    "Finn Gallagher",
    "Grace Liu",
    "Harry Patel",
    "Isla Morgan",
    "Jack Thompson",
    "Kate Brennan",
    "Liam O'Connor",
    "Łukasz Nowak",
    "Mia Rossi",
    "Noah Fischer",
    "Olivia Grant",
    "Priya Shah",
    "Quinn Taylor",
    "Ruby Hughes",
    "Sam Whitaker",
    "José Ferreira",
    "Tom Baxter",
    "Uma Sharma",
    "Victor Lang",
    "Will Foster",
    "Zoë Hart",
    "Renée Dubois",
    "Søren Madsen",
    "Yusuf Demir",
    "Hannah Price",
]

# Hand-made tables (round, table) -> games in seat order; the rest are random valid games.
SPRING_SPECIAL: dict[tuple[int, int], list[Game]] = {
    # Largest Army tie: seats 1 and 2 both played 4 knights; seat 1 got there first.
    # VP: 2+4+2(army)+2(road 7) = 10, 3+2+1 = 6, 2+2 = 4, 4+2+1 = 7.
    (1, 3): [
        G(2, 2, 0, 4, 9, 7, army="x", note="4 knights each with seat 2; had the army first"),
        G(3, 1, 1, 4, 6, 4),
        G(2, 1, 0, 1, 7, 5),
        G(4, 1, 1, 2, 5, 3),
    ],
    # VP tie for 2nd at a table of 4: 3+4+1+2(army) = 10, 3+2+2(road) = 7, 3+4 = 7, 2+2 = 4.
    (2, 1): [
        G(3, 2, 1, 3, 6, 4),
        G(3, 1, 0, 1, 8, 6),
        G(3, 2, 0, 2, 5, 4),
        G(2, 1, 0, 0, 4, 2),
    ],
    # Longest Road tie at 7 between seats 1 and 2; seat 2 built it first.
    # VP: 3+4 = 7, 2+6+2(road) = 10, 3+2+1+2(army) = 8, 2+2 = 4.
    (2, 5): [
        G(3, 2, 0, 1, 10, 7),
        G(2, 3, 0, 2, 9, 7, road="x", note="road of 7 first, seat 1 matched it later"),
        G(3, 1, 1, 3, 6, 4),
        G(2, 1, 0, 0, 4, 3),
    ],
    # Declared victory: seat 1 declares with 2+6+2(army) = 10; seat 3 then shows
    # 3+4+2+2(road) = 11. Seat 1 is 1st (5 points), seat 3 2nd (3), seat 4 (7 VP) 3rd, seat 2 (5 VP) 4th.
    (3, 2): [
        G(2, 3, 0, 4, 7, 4, declared="x", note="declared on turn 38"),
        G(3, 1, 0, 1, 5, 3),
        G(3, 2, 2, 2, 11, 8, note="revealed 2 VP cards after the declaration: 11 VP"),
        G(4, 1, 1, 2, 6, 5),
    ],
    # VP tie at a table of 3: 2+6+2(army) = 10, 2+4 = 6, 2+2+2(road) = 6 -> 2nd place shared, 2.5 each.
    (4, 7): [
        G(2, 3, 0, 3, 7, 4),
        G(2, 2, 0, 1, 5, 3),
        G(2, 1, 0, 0, 9, 6),
    ],
}

SPRING_NOTES = [
    "arrived 10 min late",
    "judge call: robber placement, play continued",
    "asked for a rules check on trades",
    "swapped seats with a neighbour table by mistake, corrected",
    "prefers not to sit near the window",
    "score sheet signed",
    "game ended on time limit extension",
    "dice tower used",
]


def build_spring_open(path: Path) -> None:
    rng = random.Random(SEED)
    assert len(set(SPRING_PLAYERS)) == 30
    seating = seat_rounds(rng, SPRING_PLAYERS, [4, 4, 4, 4, 4, 4, 3, 3], 4)
    event = play_event(rng, seating, SPRING_SPECIAL, "Round")
    sprinkle_notes(rng, event, SPRING_NOTES, 10)

    book = new_book()
    write_key_values(
        book,
        "Settings",
        [
            ("Tournament", "Spring Open 2026"),
            ("Date", date(2026, 4, 18)),
            ("Victory Target", 10),
            ("Language", "en"),
        ],
        ("Setting", "Value"),
    )
    players = book.create_sheet("Players")
    players.append(["Player"])
    players["A1"].font = Font(bold=True)
    for name in sorted(SPRING_PLAYERS):
        players.append([name])
    players.column_dimensions["A"].width = 24
    for r, tables in enumerate(event, start=1):
        write_round(book.create_sheet(f"Round {r}"), f"Spring Open 2026 — Round {r}", EN_HEADERS, tables)
    notes = book.create_sheet("Notes")
    for line in [
        "Organiser notes — Spring Open 2026",
        "",
        "Venue: community hall, doors open 9:00, round 1 starts 9:30.",
        "Rounds are 90 minutes; a game still running at time finishes the current round of turns.",
        "Table judges: fill Army First / Road First only when two players tie for the title.",
        "Mark Declared on the player who declared victory.",
        "Lunch break after round 2 (45 min).",
        "Prizes: top 3 plus a draw among all players who played 4 rounds.",
    ]:
        notes.append([line])
    notes["A1"].font = Font(bold=True, size=13)
    notes.column_dimensions["A"].width = 90
    save(book, path)


# ---------------------------------------------------------------- runda_polska.xlsx

POLISH_PLAYERS = [
    "Łukasz Żmuda",
    "Małgorzata Wąsik",
    "Paweł Śliwiński",
    "Agnieszka Bąk",
    "Grzegorz Łęcki",
    "Zofia Kołodziej",
    "Michał Żurawski",
    "Katarzyna Dąbrowska",
    "Wojciech Pietrzak",
    "Jolanta Świątek",
    "Krzysztof Gołębiowski",
    "Anna Maślanka",
    "Tomasz Wróbel",
    "Dorota Kaźmierczak",
    "Jarosław Zieliński",
    "Beata Jaśkiewicz",
]

POLISH_SPECIAL: dict[tuple[int, int], list[Game]] = {
    # Largest Army tie at 5 knights between seats 1 and 2, seat 1 marked "tak".
    # VP: 2+6+2(army) = 10, 4+2+1 = 7, 3+2+2(road 6) = 7, 2+2 = 4.
    (1, 2): [
        G(2, 3, 0, 5, 7, 4, army="tak", note="pierwszy z 5 rycerzami"),
        G(4, 1, 1, 5, 5, 3),
        G(3, 1, 0, 1, 8, 6),
        G(2, 1, 0, 2, 4, 2),
    ],
    # Longest Road tie at 8 between seats 1 and 2, seat 2 marked "x".
    # VP: 3+4+1 = 8, 2+6+2(road) = 10, 3+2+2(army) = 7, 2+2 = 4.
    (2, 4): [
        G(3, 2, 1, 2, 11, 8),
        G(2, 3, 0, 1, 10, 8, road="x", note="droga 8 zbudowana wcześniej"),
        G(3, 1, 0, 4, 6, 4),
        G(2, 1, 0, 0, 5, 3),
    ],
    # Declared victory, marked "tak": seat 3 declares with 2+6+2(army) = 10; seat 2 has 4+4+1+2(road) = 11.
    (3, 1): [
        G(3, 1, 0, 1, 6, 4),
        G(4, 2, 1, 1, 10, 7, note="odkrył kartę PZ po zgłoszeniu"),
        G(2, 3, 0, 3, 7, 4, declared="tak", note="zgłosił zwycięstwo"),
        G(3, 1, 0, 2, 5, 3),
    ],
}

POLISH_NOTES = ["spóźnienie 5 min", "sędzia: spór o złodzieja", "protokół podpisany", "gra dokończona po czasie"]


def build_runda_polska(path: Path) -> None:
    rng = random.Random(SEED + 1)
    assert len(set(POLISH_PLAYERS)) == 16
    seating = seat_rounds(rng, POLISH_PLAYERS, [4, 4, 4, 4], 3)
    event = play_event(rng, seating, POLISH_SPECIAL, "Runda")
    sprinkle_notes(rng, event, POLISH_NOTES, 5)

    book = new_book()
    write_key_values(
        book,
        "Ustawienia",
        [
            ("Turniej", "Turniej Catan — Runda Polska 2026"),
            ("Data", date(2026, 3, 14)),
            ("Próg zwycięstwa", 10),
            ("Język", "pl"),
        ],
        ("Ustawienie", "Wartość"),
    )
    for r, tables in enumerate(event, start=1):
        write_round(book.create_sheet(f"Runda {r}"), f"Runda Polska 2026 — Runda {r}", PL_HEADERS, tables)
    save(book, path)


# ---------------------------------------------------------------- mistakes.xlsx

MISTAKES_ROUNDS: list[list[tuple[list[str], list[Game]]]] = [
    [  # Round 1
        (
            ["Alice Carter", "Ben Okafor", "Chloe Evans", "Daniel Reid"],
            [
                G(6, 0, 0, 1, 7, 4),  # D4: 6 settlements (settlements-range)
                G(2, 3, 0, 3, 9, 6),  # 2+6+2(army) = 10
                G(3, 1, 0, 0, 5, 7),  # I6: road length 7 > 5 roads (road-length-range)
                G(4, 1, 0, 2, 6, 3),
            ],
        ),
        (
            ["Emma Walsh", "Finn Gallagher", "Grace Liu", "Harry Patel"],
            [  # army tie at 4, no Army First
                G(2, 3, 1, 4, 8, 6),  # 2+6+1+2(road) = 11 (13 if marked)
                G(3, 2, 0, 4, 6, 4),  # 7 (9 if marked)
                G(3, 1, 1, 1, 5, 3),
                G(2, 1, 0, 2, 4, 4),
            ],
        ),
        (
            ["Łukasz Nowak", "Isla Morgan", "Jack Thompson", "Kate Brennan"],
            [  # valid
                G(3, 2, 1, 3, 7, 5),  # 3+4+1+2(army) = 10
                G(2, 2, 0, 1, 8, 6),  # 2+4+2(road) = 8
                G(4, 1, 0, 2, 6, 4),
                G(3, 0, 1, 0, 5, 3),
            ],
        ),
    ],
    [  # Round 2
        (
            ["Emma Walsh", "Alice Carter", "Isla Morgan", "Jack Thompson"],
            [
                G(3, 2, 0, "three", 7, 5),  # G4: "three" knights (not-a-number)
                G(2, 2.5, 0, 1, 6, 4),  # E5: 2.5 cities (not-whole-number)
                G(2, 3, 1, 2, 9, 7),  # 2+6+1+2(road) = 11
                G(3, 1, 0, 1, 5, 3),
            ],
        ),
        (
            ["Ben Okafor", "Finn Gallagher", "Kate Brennan", "Harry Patel"],
            [  # 11 and 10 VP, no Declared; 15 knights
                G(2, 3, 1, 6, 8, 5),  # 2+6+1+2(army) = 11
                G(2, 3, 0, 4, 10, 8),  # 2+6+2(road) = 10
                G(3, 1, 1, 3, 6, 4),
                G(4, 0, 0, 2, 5, 3),
            ],
        ),
        (
            ["lukasz nowak", "Chloe Evans", "Daniel Reid", "Grace Liu"],
            [  # valid; C12 spelt differently (name-spelling)
                G(2, 2, 0, 0, 6, 4),
                G(3, 2, 1, 3, 9, 7),  # 3+4+1+2+2 = 12
                G(4, 1, 1, 2, 5, 5),
                G(3, 1, 0, 1, 7, 4),
            ],
        ),
    ],
]


def build_mistakes(path: Path) -> None:
    book = new_book()
    write_key_values(
        book,
        "Settings",
        [
            ("Tournament", "Club Night — mistakes example"),
            ("Date", date(2026, 5, 9)),
            ("Language", "en"),
        ],
        ("Setting", "Value"),
    )
    for r, tables in enumerate(MISTAKES_ROUNDS, start=1):
        write_round(book.create_sheet(f"Round {r}"), f"Club Night — Round {r}", EN_HEADERS, tables)
    # The planted values really are where the docstring says.
    expected_cells = {
        ("Round 1", "D4"): 6,
        ("Round 1", "I6"): 7,
        ("Round 2", "G4"): "three",
        ("Round 2", "E5"): 2.5,
        ("Round 2", "C12"): "lukasz nowak",
        ("Round 1", "C12"): "Łukasz Nowak",
    }
    for (sheet, cell), value in expected_cells.items():
        assert book[sheet][cell].value == value, (sheet, cell, book[sheet][cell].value)
    assert book["Round 1"]["H6"].value == 5
    assert sum(book["Round 2"].cell(row, 7).value for row in range(8, 12)) == 15
    save(book, path)


def main() -> None:
    build_spring_open(HERE / "spring_open.xlsx")
    build_runda_polska(HERE / "runda_polska.xlsx")
    build_mistakes(HERE / "mistakes.xlsx")
    for name in ("spring_open.xlsx", "runda_polska.xlsx", "mistakes.xlsx"):
        print(f"wrote {HERE / name}")


if __name__ == "__main__":
    main()
