"""The whole event day through the CLI, in Polish and in French (docs/rules.md §1, §3, §5, §6).

22 players in four clubs (the French list from Excel's semicolon, Windows-1252 CSV), four qualifying rounds
ranked by wins, Playoff Size 8:

* round 1 is typed with four mistakes (one a table's knights over the deck), scored, the last line naming the
  scored copy and the command to run, and fixed in the scored copy; scoring the original again must refuse
  instead of throwing the fixes away;
* round 2 is seated and scored before it is played (no false error), then played;
* a player withdraws and a late entry joins before round 3;
* round 3 comes back through two judges' copies (named for the event, without the tool's own sheets), one cell
  in conflict, resolved by the organiser;
* round 4, then the semifinal (a tie for the second place decided by qualifying rank), the final, the final
  ranking, and the report leading with the champion.

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
import pytest
from helpers import run

# The day in each language: the players, and the words the organiser sees, typed here as the rules name them
# (docs/rules.md §1, §5, §6, §7), never read from the tool.
DAYS: dict[str, dict[str, Any]] = {
    "pl": {
        "names": [
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
        ],
        "dropped": "Jan Zieliński",
        "late": "Olga Tokarczuk",
        "csv": ("Gracz,Klub\n", ",", "utf-8"),
        "headers": {
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
        },
        "round": "Runda {n}",
        "settings": "Ustawienia",
        "set": (("Ranking", "Zwycięstwa"), ("Liczba w fazie finałowej", 8)),
        "players": "Gracze",
        "active": ("Aktywny", "wycofany", "tak"),
        "standings": ("Klasyfikacja", "Gracz", "Zwycięstwa"),
        "problems": ("Problemy", "błąd"),
        "conflicts": ("Konflikty", "Rozstrzygnięty", "tak"),
        "stages": ("Półfinał", "Finał", "Ranking końcowy"),
        "withdrawn": ("rezygnacja po rundzie 2", "Rezygnacja", "Po rundzie 2"),
        "next": "Dalej: popraw zaznaczone komórki w {file}, a potem uruchom sheet-scorer score {file}",
        "champion": "Mistrz: <strong>{player}</strong>",
    },
    "fr": {
        "names": [
            "Inès Gauthier",
            "Théo Lefèvre",
            "Chloé Moreau",
            "Hugo Fontaine",
            "Léa Rousseau",
            "Mathis Girard",
            "Zoé Bonnet",
            "Nathan Dupré",
            "Camille Roux",
            "Lucas Mercier",
            "Manon Faure",
            "Enzo Blanc",
            "Sarah Guérin",
            "Louis Muller",
            "Jade Lambert",
            "Raphaël Chevalier",
            "Océane Perrin",
            "Gabriel Morel",
            "Anaïs Dumont",
            "Victor Brun",
            "Juliette Caron",
            "Bastien Noël",
        ],
        "dropped": "Zoé Bonnet",
        "late": "Élise Martin",
        "csv": ("Joueur;Club\n", ";", "cp1252"),  # Excel's CSV in France: semicolons, Windows-1252
        "headers": {
            "table": "Table",
            "seat": "Position",
            "player": "Joueur",
            "settlements": "Colonies",
            "cities": "Villes",
            "cards": "Cartes PV",
            "knights": "Chevaliers",
            "roads": "Routes",
            "length": "Longueur de route",
            "army": "Armée en premier",
            "road": "Route en premier",
            "declared": "Victoire déclarée",
        },
        "round": "Ronde {n}",
        "settings": "Paramètres",
        "set": (("Classement", "Victoires"), ("Taille des phases finales", 8)),
        "players": "Joueurs",
        "active": ("Actif", "abandon", "oui"),
        "standings": ("Classement", "Joueur", "Victoires"),
        "problems": ("Problèmes", "erreur"),
        "conflicts": ("Conflits", "Résolu", "oui"),
        "stages": ("Demi-finale", "Finale", "Classement final"),
        "withdrawn": ("a abandonné après la ronde 2", "Abandon", "Après la ronde 2"),
        "next": "Ensuite\u202f: corrigez les cellules marquées dans {file}, puis lancez sheet-scorer score {file}",
        "champion": "Champion\u202f: <strong>{player}</strong>",
    },
}
# Settlements and cities giving each VP with no bonus (docs/rules.md §2: VP = settlements + 2 × cities).
COUNTS = {10: (2, 4), 9: (3, 3), 8: (2, 3), 7: (3, 2), 6: (2, 2), 5: (3, 1), 4: (2, 1)}


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


def header_row(sheet: Any, h: dict[str, str]) -> tuple[int, dict[str, int]]:
    for row in sheet.iter_rows(min_row=1, max_row=10):
        words = {str(c.value).strip(): c.column for c in row if c.value is not None}
        if h["table"] in words and h["player"] in words:
            return row[0].row, words
    raise AssertionError(f"no header row in {sheet.title}")


def seated(path: Path, sheet_name: str, h: dict[str, str]) -> dict[int, list[str]]:
    """Table -> players in seat order, as the tool seated them."""
    sheet = openpyxl.load_workbook(path)[sheet_name]
    top, cols = header_row(sheet, h)
    tables: dict[int, list[tuple[int, str]]] = defaultdict(list)
    for row in sheet.iter_rows(min_row=top + 1, values_only=True):
        name, table = row[cols[h["player"]] - 1], row[cols[h["table"]] - 1]
        if name and isinstance(table, int):
            tables[table].append((row[cols[h["seat"]] - 1], name))
    return {t: [n for _, n in sorted(seats)] for t, seats in sorted(tables.items())}


def round_vps(number: int, tables: dict[int, list[str]], skill: dict[str, int]) -> dict[int, dict[str, int]]:
    """The game each table plays: the strongest player this round wins with 10, the others 8/6/4 (7/5 at
    a table of 3); at table 1 of round 2 the second and third tie on 6."""
    games = {}
    for table, players in tables.items():
        order = sorted(players, key=lambda p: ((skill[p] * 3 + number * 5 + table) % 23, p))
        vps = [10, 8, 6, 4] if len(players) == 4 else [10, 7, 5]
        if number == 2 and table == 1 and len(players) == 4:
            vps = [10, 6, 6, 4]
        games[table] = dict(zip(order, vps))
    return games


def fill(
    path: Path,
    sheet_name: str,
    h: dict[str, str],
    games: dict[int, dict[str, int]],
    edits: dict[tuple[str, str], Any] | None = None,
) -> None:
    """Type each game into the sheet as a judge would (openpyxl standing in for Excel), then the `edits`."""
    book = openpyxl.load_workbook(path)
    sheet = book[sheet_name]
    top, cols = header_row(sheet, h)
    vps = {name: vp for game in games.values() for name, vp in game.items()}
    for row in sheet.iter_rows(min_row=top + 1):
        name = row[cols[h["player"]] - 1].value
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
            row[cols[h[key]] - 1].value = value
        for (who, key), value in (edits or {}).items():
            if who == name:
                row[cols[h[key]] - 1].value = value
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


def cell_of(path: Path, sheet_name: str, h: dict[str, str], player: str, key: str) -> str:
    sheet = openpyxl.load_workbook(path)[sheet_name]
    top, cols = header_row(sheet, h)
    for row in sheet.iter_rows(min_row=top + 1):
        if row[cols[h["player"]] - 1].value == player:
            return row[cols[h[key]] - 1].coordinate
    raise AssertionError(player)


def sheet_rows(path: Path, name: str) -> tuple[list[Any], list[tuple[Any, ...]]]:
    """The header and the rows of sheet `name`."""
    rows = list(openpyxl.load_workbook(path)[name].iter_rows(values_only=True))
    return list(rows[0]), [r for r in rows[1:] if r[0] is not None]


def errors_of(path: Path, day: dict[str, Any]) -> list[tuple[Any, Any]]:
    """(sheet, cell) of each error on the Problems sheet, in its order."""
    name, error = day["problems"]
    return [(r[1], r[2]) for r in sheet_rows(path, name)[1] if r[0] == error]


# French (Excel's semicolon, Windows-1252 list) with the extended set: the same day, every step, in a second language.
@pytest.mark.parametrize("lang", ["pl", pytest.param("fr", marks=pytest.mark.extended)])
@pytest.mark.usefixtures("quick_seating")
def test_a_club_event_from_new_to_the_final_ranking(tmp_path: Path, lang: str) -> None:
    day = DAYS[lang]
    h, names, dropped, late = day["headers"], day["names"], day["dropped"], day["late"]
    skill = {name: (i * 7) % 23 for i, name in enumerate([*names, late])}
    rnd = day["round"].format
    ref = Reference()
    header, separator, encoding = day["csv"]
    players = tmp_path / "players.csv"
    players.write_text(
        header + "".join(f"{n}{separator}{'ABCD'[i % 4]}\n" for i, n in enumerate(names)), encoding=encoding
    )
    event = tmp_path / "club.xlsx"
    scored = tmp_path / "club.scored.xlsx"
    assert run("new", "--players", players, "--rounds", 4, "--lang", lang, "-o", event).exit_code == 0
    book = openpyxl.load_workbook(event)
    settings = book[day["settings"]]
    values = {row[0].value: row for row in settings.iter_rows()}
    for key, value in day["set"]:
        if key in values:
            values[key][1].value = value
        else:
            settings.append([key, value])
    book.save(event)

    # Round 1 with four mistakes: a word for a number, 7 cities, a Declared mark below the target, and 8 + 7 knights
    # at table 4 (over the deck of 14: told at both knight cells, docs/rules.md §3).
    tables = seated(event, rnd(n=1), h)
    assert sorted(n for ps in tables.values() for n in ps) == sorted(names)
    assert sorted(len(ps) for ps in tables.values()) == [3, 3, 4, 4, 4, 4]
    games = round_vps(1, tables, skill)
    loser = {t: min(g, key=g.get) for t, g in games.items()}
    knights = sorted(games[4], key=games[4].get)[:2]  # the two lowest at table 4
    mistakes = {
        (loser[1], "settlements"): "trois" if lang == "fr" else "trzy",
        (loser[2], "cities"): 7,
        (loser[3], "declared"): "x",
        (knights[0], "knights"): 8,
        (knights[1], "knights"): 7,
    }
    fill(event, rnd(n=1), h, games, mistakes)
    first = run("score", event)
    assert first.exit_code == 1, first.output
    marked = [cell_of(event, rnd(n=1), h, p, k) for p, k in mistakes]
    assert sorted(errors_of(scored, day)) == sorted((rnd(n=1), cell) for cell in marked)
    # the last line says where to fix them and what to run next (docs/rules.md §5)
    assert first.output.rstrip().splitlines()[-1] == day["next"].format(file=scored)

    # The organiser fixes the cells in the scored copy; scoring the original again must not lose them.
    fixes = {t: {loser[t]: games[t][loser[t]]} for t in (1, 2, 3)} | {4: {p: games[4][p] for p in knights}}
    fill(scored, rnd(n=1), h, fixes, {(loser[3], "declared"): None})
    fixed = scored.read_bytes()
    refused = run("score", event)
    assert refused.exit_code == 2 and "club.scored.xlsx" in refused.output
    assert scored.read_bytes() == fixed
    assert run("score", scored).exit_code == 0
    for game in games.values():
        ref.game(game)

    # Round 2 seated, scored before it is played: no error, nothing marked, standings not provisional.
    assert run("seat", scored).exit_code == 0
    early = run("score", scored)
    assert early.exit_code == 0, early.output
    tables = seated(scored, rnd(n=2), h)
    games = round_vps(2, tables, skill)
    fill(scored, rnd(n=2), h, games)
    assert run("score", scored).exit_code == 0
    for game in games.values():
        ref.game(game)

    # A withdrawal and a late entry, then round 3 through two judges' copies with one conflict.
    active, gone, yes = day["active"]
    set_cells(scored, day["players"], {(dropped, active): gone, (late, active): yes})
    assert run("seat", scored).exit_code == 0
    tables = seated(scored, rnd(n=3), h)
    seated_now = [n for ps in tables.values() for n in ps]
    assert dropped not in seated_now and late in seated_now and len(seated_now) == 22
    games = round_vps(3, tables, skill)
    last = max(tables)
    assert run("split", scored, "--round", 3, "--tables", "1-3").exit_code == 0
    assert run("split", scored, "--round", 3, "--tables", f"4-{last}").exit_code == 0
    # named for the event, without the tool's own sheets (docs/rules.md §5)
    judge_a, judge_b = tmp_path / "club.round3.tables1-3.xlsx", tmp_path / f"club.round3.tables4-{last}.xlsx"
    for copy in (judge_a, judge_b):
        kept = openpyxl.load_workbook(copy).sheetnames
        assert day["standings"][0] not in kept and day["problems"][0] not in kept and day["players"] in kept
    fill(judge_a, rnd(n=3), h, {t: games[t] for t in (1, 2, 3)})
    fill(judge_b, rnd(n=3), h, {t: games[t] for t in range(4, last + 1)})
    disputed = next(p for p in tables[2] if games[2][p] != 4)
    fill(scored, rnd(n=3), h, {2: {disputed: 4}})  # the organiser typed another result for one player
    merged = run("merge", scored, judge_a, judge_b)
    assert merged.exit_code == 1, merged.output
    assert day["standings"][0] in openpyxl.load_workbook(scored).sheetnames  # the event keeps its own sheets
    typed, reported = COUNTS[4], COUNTS[games[2][disputed]]
    conflict_cells = [
        cell_of(scored, rnd(n=3), h, disputed, key)
        for key, mine, theirs in zip(("settlements", "cities"), typed, reported)
        if mine != theirs
    ]
    assert conflict_cells  # the two results differ in at least one count
    again = run("score", scored)
    assert again.exit_code == 1
    assert errors_of(scored, day) == [(rnd(n=3), cell) for cell in conflict_cells]
    # Agreed on the judge's value: typed in, and the conflict marked resolved.
    fill(scored, rnd(n=3), h, {2: {disputed: games[2][disputed]}})
    book = openpyxl.load_workbook(scored)
    sheet_name, resolved_word, mark = day["conflicts"]
    conflicts = book[sheet_name]
    header_cells = [c.value for c in conflicts[1]]
    resolved = header_cells.index(resolved_word)
    for row in conflicts.iter_rows(min_row=2):
        if row[0].value:
            row[resolved].value = mark
    book.save(scored)
    assert run("score", scored).exit_code == 0
    for game in games.values():
        ref.game(game)

    # Round 4 and the qualifying standings by wins.
    assert run("seat", scored).exit_code == 0
    tables = seated(scored, rnd(n=4), h)
    games = round_vps(4, tables, skill)
    fill(scored, rnd(n=4), h, games)
    assert run("score", scored).exit_code == 0
    for game in games.values():
        ref.game(game)
    everyone = [*names, late]
    expected = ref.ranking(everyone)
    title, player_column, wins_column = day["standings"]
    header, rows = sheet_rows(scored, title)
    got = [(r[header.index(player_column)], r[header.index(wins_column)]) for r in rows]
    assert [p for p, _ in got] == expected
    assert [Fraction(str(w)) for _, w in got] == [ref.wins[p] for p in expected]
    note, column, cell = day["withdrawn"]
    assert header[-1] == column and {r[1]: r[-1] for r in rows if r[-1]} == {dropped: cell}

    # Playoffs of 8 among the active players: semifinal tables 1-4-5-8 and 2-3-6-7 (docs/rules.md §6).
    semifinal, final_sheet, final_ranking = day["stages"]
    q = [p for p in expected if p != dropped]
    assert run("playoffs", scored).exit_code == 0
    semi = seated(scored, semifinal, h)
    assert {t: sorted(ps) for t, ps in semi.items()} == {
        1: sorted([q[0], q[3], q[4], q[7]]),
        2: sorted([q[1], q[2], q[5], q[6]]),
    }
    # Table 1: ranks 4 and 5 tie for second on 7: rank 4 goes through. Table 2: rank 3 wins, rank 6 second.
    fill(scored, semifinal, h, {1: {q[0]: 10, q[3]: 7, q[4]: 7, q[7]: 5}, 2: {q[1]: 6, q[2]: 10, q[5]: 8, q[6]: 4}})
    assert run("playoffs", scored).exit_code == 0
    final = seated(scored, final_sheet, h)
    assert sorted(final[1]) == sorted([q[0], q[3], q[2], q[5]])
    fill(scored, final_sheet, h, {1: {q[5]: 10, q[0]: 8, q[2]: 7, q[3]: 5}})
    assert run("playoffs", scored).exit_code == 0
    header, rows = sheet_rows(scored, final_ranking)
    order = [r[1] for r in rows]
    assert order[:8] == [q[5], q[0], q[2], q[3], q[1], q[4], q[6], q[7]]
    assert [p for p in order[8:] if p != dropped] == q[8:]
    assert header[-1] == column and {r[1]: r[-1] for r in rows if r[-1]} == {dropped: cell}

    # The withdrawal is marked wherever the ranking is shown: standings and final ranking, JSON and terminal.
    document = tmp_path / "club.json"
    final_run = run("score", scored, "--json", document, "--all")
    assert final_run.exit_code == 0, final_run.output
    data = json.loads(document.read_text(encoding="utf-8"))
    for listing in (data["standings"], data["final_ranking"]):
        marks = {row["player"]: row["withdrawn"] for row in listing}
        assert marks.pop(dropped) == note  # the last round played
        assert set(marks.values()) == {None}
    assert sum(note in line and dropped in line for line in final_run.output.splitlines()) == 2
    # The report leads with the champion (5th qualifier, q[5]) and the final ranking, the only medals (§6).
    page = (tmp_path / "club.standings.html").read_text(encoding="utf-8")
    main = page[page.index("<main>") :]
    lead = main[: main.index('<section id="standings">')]
    assert day["champion"].format(player=q[5]) in lead
    assert "medal-" not in main[main.index('<section id="standings">') : main.index("</section>", len(lead))]
