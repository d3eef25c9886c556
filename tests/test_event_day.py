"""The whole event day through the CLI, in Polish (docs/rules.md §1, §3, §5, §6).

22 players in four clubs, four qualifying rounds ranked by wins, Playoff Size 8:

* round 1 is typed with three mistakes, scored, and fixed in the scored copy; scoring the original
  again must refuse instead of throwing the fixes away;
* round 2 is seated and scored before it is played (no false error), then played;
* a player withdraws and a late entry joins before round 3;
* round 3 comes back through two judges' copies, one cell in conflict, resolved by the organiser;
* round 4, then the semifinal (a tie for the second place decided by qualifying rank), the final and
  the final ranking.

Every expected figure is computed here from the results the test typed, by `Reference` below (the
rules of docs/rules.md §3, §4, §6 written out again with Fractions and Decimals), never read back from the tool.
"""

from __future__ import annotations

import json
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
from helpers import run

NAMES = [
    "Anna Kowalska",
    "Łukasz Nowak",
    "Marek Wiśniewski",
    "Zofia Wójcik",
    "Piotr Kamiński",
    "Ewa Lewandowska",
    "Jan Zieliński",
    "Katarzyna Szymańska",
    "Tomasz Woźniak",
    "Agnieszka Dąbrowska",
    "Michał Kozłowski",
    "Magdalena Jankowska",
    "Paweł Mazur",
    "Joanna Kwiatkowska",
    "Krzysztof Krawczyk",
    "Barbara Piotrowska",
    "Andrzej Grabowski",
    "Małgorzata Nowakowska",
    "Grzegorz Pawłowski",
    "Dorota Michalska",
    "Stanisław Król",
    "Halina Wieczorek",
]
DROPPED = "Jan Zieliński"
LATE = "Olga Tokarczuk"
# Round sheet headers as `new --lang pl` writes them (docs/rules.md §1).
H = {
    "table": "Stół",
    "seat": "Pozycja",
    "player": "Gracz",
    "settlements": "Osady",
    "cities": "Miasta",
    "cards": "Karty PZ",
    "knights": "Rycerze",
    "roads": "Drogi",
    "length": "Długość drogi",
    "army": "Armia pierwsza",
    "road": "Droga pierwsza",
    "declared": "Zgłoszone zwycięstwo",
}
# Settlements and cities giving each VP with no bonus (docs/rules.md §2: VP = settlements + 2 × cities).
COUNTS = {10: (2, 4), 9: (3, 3), 8: (2, 3), 7: (3, 2), 6: (2, 2), 5: (3, 1), 4: (2, 1)}
SKILL = {name: (i * 7) % 23 for i, name in enumerate([*NAMES, LATE])}


def fold(name: str) -> str:
    """The §4 name order written out again: case and accents ignored (ł as l)."""
    plain = unicodedata.normalize("NFD", name.replace("ł", "l").replace("Ł", "L"))
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold()


def half_up(value: Fraction) -> Decimal:
    return (Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


@dataclass
class Reference:
    """The standings of docs/rules.md §3–§4 under `Ranking: Wins`, from the games as typed."""

    wins: dict[str, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    points: dict[str, Fraction] = field(default_factory=lambda: defaultdict(Fraction))
    vp: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    pct: dict[str, Decimal] = field(default_factory=lambda: defaultdict(Decimal))

    def game(self, table: dict[str, int]) -> None:
        scale = {4: (5, 3, 2, 1), 3: (5, 3, 2)}[len(table)]
        total = Fraction(sum(table.values())) * (Fraction(4, 3) if len(table) == 3 else 1)
        ordered = sorted(table.values(), reverse=True)
        for name, vp in table.items():
            places = [i for i, v in enumerate(ordered) if v == vp]  # the places this VP shares (0-based)
            self.points[name] += Fraction(sum(scale[i] for i in places), len(places))
            self.wins[name] += Fraction(1, len(places)) if places[0] == 0 else 0
            self.vp[name] += vp
            self.pct[name] += half_up(Fraction(100 * vp) / total)

    def ranking(self, players: list[str]) -> list[str]:
        return sorted(players, key=lambda p: (-self.wins[p], -self.vp[p], -self.pct[p], fold(p)))


def header_row(sheet: Any) -> tuple[int, dict[str, int]]:
    for row in sheet.iter_rows(min_row=1, max_row=10):
        words = {str(c.value).strip(): c.column for c in row if c.value is not None}
        if H["table"] in words and H["player"] in words:
            return row[0].row, words
    raise AssertionError(f"no header row in {sheet.title}")


def seated(path: Path, sheet_name: str) -> dict[int, list[str]]:
    """Table -> players in seat order, as the tool seated them."""
    sheet = openpyxl.load_workbook(path)[sheet_name]
    top, cols = header_row(sheet)
    tables: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for row in sheet.iter_rows(min_row=top + 1, values_only=True):
        name, table = row[cols[H["player"]] - 1], row[cols[H["table"]] - 1]
        if name and isinstance(table, int):
            tables[table].append((row[cols[H["seat"]] - 1], name))
    return {t: [n for _, n in sorted(seats)] for t, seats in sorted(tables.items())}


def round_vps(number: int, tables: dict[int, list[str]]) -> dict[int, dict[str, int]]:
    """The game each table plays: the strongest player this round wins with 10, the others 8/6/4 (7/5 at
    a table of 3); at table 1 of round 2 the second and third tie on 6."""
    games = {}
    for table, players in tables.items():
        order = sorted(players, key=lambda p: ((SKILL[p] * 3 + number * 5 + table) % 23, p))
        vps = [10, 8, 6, 4] if len(players) == 4 else [10, 7, 5]
        if number == 2 and table == 1 and len(players) == 4:
            vps = [10, 6, 6, 4]
        games[table] = dict(zip(order, vps))
    return games


def fill(
    path: Path,
    sheet_name: str,
    games: dict[int, dict[str, int]],
    edits: dict[tuple[str, str], Any] | None = None,
) -> None:
    """Type each game into the sheet as a judge would (openpyxl standing in for Excel), then the `edits`."""
    book = openpyxl.load_workbook(path)
    sheet = book[sheet_name]
    top, cols = header_row(sheet)
    vps = {name: vp for game in games.values() for name, vp in game.items()}
    for row in sheet.iter_rows(min_row=top + 1):
        name = row[cols[H["player"]] - 1].value
        if name not in vps:
            continue
        settlements, cities = COUNTS[vps[name]]
        for key, value in (
            ("settlements", settlements),
            ("cities", cities),
            ("cards", 0),
            ("knights", 0),
            ("roads", 2),
            ("length", 1),
        ):
            row[cols[H[key]] - 1].value = value
        for (who, key), value in (edits or {}).items():
            if who == name:
                row[cols[H[key]] - 1].value = value
    book.save(path)


def set_cells(path: Path, sheet_name: str, where: dict[tuple[str, str], Any]) -> None:
    """Change cells of `sheet_name` as the organiser would: (row's first cell text, column header) -> value."""
    book = openpyxl.load_workbook(path)
    sheet = book[sheet_name]
    header = [c.value for c in sheet[1]]
    for (first, column), value in where.items():
        rows = [r for r in sheet.iter_rows(min_row=2) if r[0].value == first]
        if rows:
            rows[0][header.index(column)].value = value
        else:
            sheet.append([first if i == 0 else (value if h == column else None) for i, h in enumerate(header)])
    book.save(path)


def cell_of(path: Path, sheet_name: str, player: str, key: str) -> str:
    sheet = openpyxl.load_workbook(path)[sheet_name]
    top, cols = header_row(sheet)
    for row in sheet.iter_rows(min_row=top + 1):
        if row[cols[H["player"]] - 1].value == player:
            return row[cols[H[key]] - 1].coordinate
    raise AssertionError(player)


def standings(path: Path) -> list[tuple[str, Any]]:
    """(player, wins) of the Klasyfikacja sheet in rank order."""
    sheet = openpyxl.load_workbook(path)["Klasyfikacja"]
    header = [c.value for c in sheet[1]]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    return [(r[header.index("Gracz")], r[header.index("Zwycięstwa")]) for r in rows if r[0] is not None]


def test_a_polish_club_event_from_new_to_the_final_ranking(tmp_path: Path) -> None:
    ref = Reference()
    players = tmp_path / "gracze.csv"
    players.write_text(
        "Gracz,Klub\n" + "".join(f"{n},{'ABCD'[i % 4]}\n" for i, n in enumerate(NAMES)), encoding="utf-8"
    )
    event = tmp_path / "klub.xlsx"
    scored = tmp_path / "klub.scored.xlsx"
    assert run("new", "--players", players, "--rounds", 4, "--lang", "pl", "-o", event).exit_code == 0
    book = openpyxl.load_workbook(event)
    settings = book["Ustawienia"]
    values = {row[0].value: row for row in settings.iter_rows()}
    for key, value in (("Ranking", "Zwycięstwa"), ("Liczba w fazie finałowej", 8)):
        if key in values:
            values[key][1].value = value
        else:
            settings.append([key, value])
    book.save(event)

    # Round 1 with three mistakes: a word for a number, 7 cities, a Declared mark below the target.
    tables = seated(event, "Runda 1")
    assert sorted(n for ps in tables.values() for n in ps) == sorted(NAMES)
    assert sorted(len(ps) for ps in tables.values()) == [3, 3, 4, 4, 4, 4]
    games = round_vps(1, tables)
    loser = {t: min(g, key=g.get) for t, g in games.items()}
    mistakes = {(loser[1], "settlements"): "trzy", (loser[2], "cities"): 7, (loser[3], "declared"): "x"}
    fill(event, "Runda 1", games, mistakes)
    first = run("score", event)
    assert first.exit_code == 1, first.output
    marked = {cell_of(event, "Runda 1", p, k) for p, k in mistakes}
    problems = openpyxl.load_workbook(scored)["Problemy"]
    assert {r[2] for r in problems.iter_rows(min_row=2, values_only=True) if r[0] == "błąd"} == marked

    # The organiser fixes the three cells in the scored copy; scoring the original again must not lose them.
    fill(scored, "Runda 1", {t: {loser[t]: games[t][loser[t]]} for t in (1, 2, 3)}, {(loser[3], "declared"): None})
    fixed = scored.read_bytes()
    refused = run("score", event)
    assert refused.exit_code == 2 and "klub.scored.xlsx" in refused.output
    assert scored.read_bytes() == fixed
    assert run("score", scored).exit_code == 0
    for game in games.values():
        ref.game(game)

    # Round 2 seated, scored before it is played: no error, nothing marked, standings not provisional.
    assert run("seat", scored).exit_code == 0
    early = run("score", scored)
    assert early.exit_code == 0, early.output
    tables = seated(scored, "Runda 2")
    games = round_vps(2, tables)
    fill(scored, "Runda 2", games)
    assert run("score", scored).exit_code == 0
    for game in games.values():
        ref.game(game)

    # A withdrawal and a late entry, then round 3 through two judges' copies with one conflict.
    set_cells(scored, "Gracze", {(DROPPED, "Aktywny"): "wycofany", (LATE, "Aktywny"): "tak"})
    assert run("seat", scored).exit_code == 0
    tables = seated(scored, "Runda 3")
    seated_now = [n for ps in tables.values() for n in ps]
    assert DROPPED not in seated_now and LATE in seated_now and len(seated_now) == 22
    games = round_vps(3, tables)
    last = max(tables)
    judge_a, judge_b = tmp_path / "sedzia_a.xlsx", tmp_path / "sedzia_b.xlsx"
    assert run("split", scored, "--round", 3, "--tables", "1-3", "-o", judge_a).exit_code == 0
    assert run("split", scored, "--round", 3, "--tables", f"4-{last}", "-o", judge_b).exit_code == 0
    fill(judge_a, "Runda 3", {t: games[t] for t in (1, 2, 3)})
    fill(judge_b, "Runda 3", {t: games[t] for t in range(4, last + 1)})
    disputed = next(p for p in tables[2] if games[2][p] != 4)
    fill(scored, "Runda 3", {2: {disputed: 4}})  # the organiser typed another result for one player
    merged = run("merge", scored, judge_a, judge_b)
    assert merged.exit_code == 1, merged.output
    typed, reported = COUNTS[4], COUNTS[games[2][disputed]]
    conflict_cells = [
        cell_of(scored, "Runda 3", disputed, key)
        for key, mine, theirs in zip(("settlements", "cities"), typed, reported)
        if mine != theirs
    ]
    assert conflict_cells  # the two results differ in at least one count
    again = run("score", scored)
    assert again.exit_code == 1
    errors = [
        r for r in openpyxl.load_workbook(scored)["Problemy"].iter_rows(min_row=2, values_only=True) if r[0] == "błąd"
    ]
    assert [(r[1], r[2]) for r in errors] == [("Runda 3", cell) for cell in conflict_cells]
    # Agreed on the judge's value: typed in, and the conflict marked resolved.
    fill(scored, "Runda 3", {2: {disputed: games[2][disputed]}})
    book = openpyxl.load_workbook(scored)
    conflicts = next(book[n] for n in book.sheetnames if n.startswith("Konflikt"))
    header = [c.value for c in conflicts[1]]
    resolved = next(i for i, h in enumerate(header) if h and h == "Rozstrzygnięty")
    for row in conflicts.iter_rows(min_row=2):
        if row[0].value:
            row[resolved].value = "tak"
    book.save(scored)
    assert run("score", scored).exit_code == 0
    for game in games.values():
        ref.game(game)

    # Round 4 and the qualifying standings by wins.
    assert run("seat", scored).exit_code == 0
    tables = seated(scored, "Runda 4")
    games = round_vps(4, tables)
    fill(scored, "Runda 4", games)
    assert run("score", scored).exit_code == 0
    for game in games.values():
        ref.game(game)
    everyone = [*NAMES, LATE]
    expected = ref.ranking(everyone)
    got = standings(scored)
    assert [p for p, _ in got] == expected
    assert [Fraction(str(w)) for _, w in got] == [ref.wins[p] for p in expected]

    # Playoffs of 8 among the active players: semifinal tables 1-4-5-8 and 2-3-6-7 (docs/rules.md §6).
    q = [p for p in expected if p != DROPPED]
    assert run("playoffs", scored).exit_code == 0
    semi = seated(scored, "Półfinał")
    assert {t: sorted(ps) for t, ps in semi.items()} == {
        1: sorted([q[0], q[3], q[4], q[7]]),
        2: sorted([q[1], q[2], q[5], q[6]]),
    }
    # Table 1: ranks 4 and 5 tie for second on 7: rank 4 goes through. Table 2: rank 3 wins, rank 6 second.
    fill(scored, "Półfinał", {1: {q[0]: 10, q[3]: 7, q[4]: 7, q[7]: 5}, 2: {q[1]: 6, q[2]: 10, q[5]: 8, q[6]: 4}})
    assert run("playoffs", scored).exit_code == 0
    final = seated(scored, "Finał")
    assert sorted(final[1]) == sorted([q[0], q[3], q[2], q[5]])
    fill(scored, "Finał", {1: {q[5]: 10, q[0]: 8, q[2]: 7, q[3]: 5}})
    assert run("playoffs", scored).exit_code == 0
    ranking = openpyxl.load_workbook(scored)["Ranking końcowy"]
    order = [r[1] for r in ranking.iter_rows(min_row=2, values_only=True) if r[1]]
    assert order[:8] == [q[5], q[0], q[2], q[3], q[1], q[4], q[6], q[7]]
    assert [p for p in order[8:] if p != DROPPED] == q[8:]

    # The withdrawal is marked wherever the ranking is shown: standings and final ranking, JSON and terminal.
    document = tmp_path / "klub.json"
    final_run = run("score", scored, "--json", document, "--all")
    assert final_run.exit_code == 0, final_run.output
    data = json.loads(document.read_text(encoding="utf-8"))
    for listing in (data["standings"], data["final_ranking"]):
        marks = {row["player"]: row["withdrawn"] for row in listing}
        assert marks.pop(DROPPED) == "rezygnacja po rundzie 2"  # the last round he played
        assert set(marks.values()) == {None}
    assert sum("rezygnacja po rundzie 2" in line and DROPPED in line for line in final_run.output.splitlines()) == 2
