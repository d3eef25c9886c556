"""The report's words and the problem messages in English, Polish, Portuguese and French.

Two catalogues, both keyed tables (never sentences glued together from pieces):

* `TEXT[lang][key]` - the report's strings, with `{named}` placeholders; `text(lang, key, **values)`
  looks one up (falling back to English for a missing key or language);
* `MESSAGES[lang][code]` - a translation of every `problems.MESSAGES_EN` message, with the same
  placeholders; `problem_message(problem, lang)` renders one through `problems.render`.

Numbers and dates are formatted by Babel for the language's locale: `format_number(2.5, "pl")`
is `2,5`, `format_pct(116.944, "fr")` is `116,94`, `format_date(date(2026, 4, 18), "pt")` is
`18 de abril de 2026`. The vocabulary of the workbook itself (column and sheet names) stays in
`vocab.py`; the report uses it for the standings headers so the page and the `Standings` sheet
use the same words.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

from babel import Locale
from babel.dates import format_date as _babel_date
from babel.numbers import NumberPattern, parse_pattern

from sheet_scorer.problems import MESSAGES_EN, Problem, render
from sheet_scorer.i18n.vocab import LANGUAGES, PROBLEMS_HEADERS, PROBLEMS_SHEET, SEVERITY_WORDS, STANDINGS_HEADERS, STANDINGS_SHEET

# Babel locale per report language. Portuguese follows the Brazilian words used in the workbook
# vocabulary (Planilha, Bônus); all four write decimals the way the seeds do (2,5 / 2.5).
LOCALES = {"en": "en_GB", "pl": "pl_PL", "pt": "pt_BR", "fr": "fr_FR"}


def language(lang: str | None) -> str:
    """`lang` if it is one of ours, else English."""
    return lang if lang in LANGUAGES else "en"


# --------------------------------------------------------------------------------------------
# Numbers and dates
# --------------------------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _locale(lang: str) -> Locale:
    """The Babel locale of a report language, parsed once."""
    return Locale.parse(LOCALES[language(lang)])


@functools.lru_cache(maxsize=None)
def _pattern(pattern: str) -> NumberPattern:
    return parse_pattern(pattern)


@functools.lru_cache(maxsize=65536)
def _format_decimal(number: float, pattern: str, lang: str) -> str:
    """What `babel.numbers.format_decimal(number, pattern, locale)` gives, cached: a report formats the
    same few values (round points 0, 1, 2.5, ...) tens of thousands of times. A number beyond any count
    (1e308, inf) is shown as Python writes it: Babel's decimals cannot hold it (docs/rules.md §1)."""
    if not abs(number) < 1e15:
        return f"{number:g}"
    return _pattern(pattern).apply(number, _locale(lang))


def _as_number(value: Any) -> float | None:
    """`value` as a float; None when missing (None, NaN, NA)."""
    if value is None:
        return None
    number = float(value)
    return None if number != number else number  # NaN / NA


def format_number(value: Any, lang: str) -> str:
    """Round points and counts: `2.5` -> `2,5` (pl/pt/fr) or `2.5` (en); `16.0` -> `16`; missing -> ''."""
    try:
        number = _as_number(value)
    except (TypeError, ValueError):
        return str(value)
    return "" if number is None else _format_decimal(number, "#,##0.##", language(lang))


def hundredths(value: Any) -> Decimal | None:
    """A VP % (or Mean VP %) to two decimals, half up, from its exact value: 28.125 -> 28.13 (docs/rules.md §4).

    The one rounding of a percentage that every output uses (sheet, report, terminal, JSON). A float is
    taken as the decimal it prints as (116.95, not the binary 116.9499…); a Fraction exactly.
    """
    if value is None or isinstance(value, str):
        return None
    if isinstance(value, float):
        if value != value:
            return None
        exact = Fraction(repr(value))
    else:
        try:
            exact = Fraction(value)
        except (TypeError, ValueError):  # pandas NA
            return None
    return Decimal(math.floor(exact * 100 + Fraction(1, 2))).scaleb(-2)


def format_pct(value: Any, lang: str) -> str:
    """VP percentage with exactly two decimals, half up: `116.944` -> `116.94` / `116,94`; `28.125` -> `28.13`."""
    number = hundredths(value)
    return "" if number is None else _pattern("#,##0.00").apply(number, _locale(language(lang)))


def format_places(places: Any, lang: str) -> str:
    """The `Places` tie-breaker (1st, 2nd, 3rd places; shared ones count 1/k): `2 / 1.5 / 0`."""
    return "" if not isinstance(places, tuple) else " / ".join(format_number(round(float(p), 2), lang) for p in places)


def format_date(value: date | str | None, lang: str) -> str:
    """A `Settings` date in the language's long form (`18 April 2026`); text is shown as written."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        return _babel_date(value, format="long", locale=LOCALES[language(lang)])
    return str(value)


# --------------------------------------------------------------------------------------------
# Report strings
# --------------------------------------------------------------------------------------------

_REPORT: dict[str, dict[str, str]] = {
    "page_title": {
        "en": "{tournament} — standings", "pl": "{tournament} — klasyfikacja",
        "pt": "{tournament} — classificação", "fr": "{tournament} — classement",
    },
    "standings": STANDINGS_SHEET,
    "problems": PROBLEMS_SHEET,
    "rounds": {"en": "Rounds", "pl": "Rundy", "pt": "Rodadas", "fr": "Rondes"},
    "players": {"en": "Players", "pl": "Gracze", "pt": "Jogadores", "fr": "Joueurs"},
    "progression": {
        "en": "Rank progression", "pl": "Przebieg klasyfikacji",
        "pt": "Evolução da classificação", "fr": "Évolution du classement",
    },
    "progression_intro": {
        "en": "Rank of the top {n} after each round, ranked as the standings are, over the rounds played so far.",
        "pl": "Miejsce najlepszych {n} graczy po każdej rundzie, liczone jak klasyfikacja, z rund rozegranych do tej pory.",
        "pt": "Posição dos {n} primeiros após cada rodada, calculada como a classificação, com as rodadas jogadas até então.",
        "fr": "Rang des {n} premiers après chaque ronde, calculé comme le classement, sur les rondes jouées jusque-là.",
    },
    "chart_label": {
        "en": "Line chart: rank after each round of the top {n} players.",
        "pl": "Wykres liniowy: miejsce najlepszych {n} graczy po każdej rundzie.",
        "pt": "Gráfico de linhas: posição dos {n} primeiros jogadores após cada rodada.",
        "fr": "Graphique en courbes : rang des {n} premiers joueurs après chaque ronde.",
    },
    "chart_round": {"en": "R{n}", "pl": "R{n}", "pt": "R{n}", "fr": "R{n}"},
    "chart_axis_log": {
        "en": "Rank (log scale)", "pl": "Miejsce (skala log.)", "pt": "Posição (escala log.)", "fr": "Rang (échelle log.)",
    },
    "chart_cut": {"en": "top {n}", "pl": "top {n}", "pt": "top {n}", "fr": "top {n}"},
    # header statistics
    "stat_date": {"en": "Date", "pl": "Data", "pt": "Data", "fr": "Date"},
    "stat_players": {"en": "Players", "pl": "Gracze", "pt": "Jogadores", "fr": "Joueurs"},
    "stat_rounds": {"en": "Rounds scored", "pl": "Policzone rundy", "pt": "Rodadas pontuadas", "fr": "Rondes comptées"},
    "stat_tables": {"en": "Tables scored", "pl": "Policzone stoły", "pt": "Mesas pontuadas", "fr": "Tables comptées"},
    "of": {"en": "{done} of {total}", "pl": "{done} z {total}", "pt": "{done} de {total}", "fr": "{done} sur {total}"},
    # provisional banner
    "provisional_label": {"en": "PROVISIONAL", "pl": "TYMCZASOWA", "pt": "PROVISÓRIA", "fr": "PROVISOIRE"},
    "provisional_title": {
        "en": "These standings are provisional", "pl": "Ta klasyfikacja jest tymczasowa",
        "pt": "Esta classificação é provisória", "fr": "Ce classement est provisoire",
    },
    "provisional_text": {
        "en": "The tables below have errors and are not scored yet: their players get no points for these games "
              "until the workbook is corrected and scored again.",
        "pl": "Poniższe stoły mają błędy i nie zostały jeszcze policzone: ich gracze nie dostają za te gry punktów, "
              "dopóki skoroszyt nie zostanie poprawiony i policzony ponownie.",
        "pt": "As mesas abaixo têm erros e ainda não foram pontuadas: seus jogadores não recebem pontos por essas "
              "partidas até a planilha ser corrigida e pontuada novamente.",
        "fr": "Les tables ci-dessous comportent des erreurs et ne sont pas encore comptées : leurs joueurs ne "
              "reçoivent aucun point pour ces parties tant que le classeur n'est pas corrigé et recalculé.",
    },
    "other_errors": {"en": "Other errors", "pl": "Inne błędy", "pt": "Outros erros", "fr": "Autres erreurs"},
    "unscored_table": {"en": "{sheet}, table {table}", "pl": "{sheet}, stół {table}", "pt": "{sheet}, mesa {table}", "fr": "{sheet}, table {table}"},
    "unscored_rows": {"en": "{sheet}, row {rows}", "pl": "{sheet}, wiersz {rows}", "pt": "{sheet}, linha {rows}", "fr": "{sheet}, ligne {rows}"},
    # standings
    "rank": STANDINGS_HEADERS["rank"],
    "player": STANDINGS_HEADERS["player"],
    "round_points": STANDINGS_HEADERS["round_points"],
    "vp": STANDINGS_HEADERS["vp"],
    "vp_pct": STANDINGS_HEADERS["vp_pct"],
    "games": STANDINGS_HEADERS["games"],
    "cut_line": {
        "en": "Top {n} advance to the playoffs", "pl": "Najlepszych {n} awansuje do fazy finałowej",
        "pt": "Os {n} primeiros avançam para os playoffs", "fr": "Les {n} premiers accèdent aux phases finales",
    },
    "tie_figure": {
        "en": "Tied with {player} on {tied}; {figure} decides ({mine} vs {theirs})",
        "pl": "Remis z: {player} ({tied}); decyduje {figure} ({mine} wobec {theirs})",
        "pt": "Empate com {player} em {tied}; decide {figure} ({mine} contra {theirs})",
        "fr": "Égalité avec {player} ({tied}) ; départagé par {figure} ({mine} contre {theirs})",
    },
    "tie_name": {
        "en": "Tied with {player} on {tied}; placed by name",
        "pl": "Remis z: {player} ({tied}); decyduje kolejność alfabetyczna",
        "pt": "Empate com {player} em {tied}; decide a ordem alfabética",
        "fr": "Égalité avec {player} ({tied}) ; départagé par ordre alphabétique",
    },
    "adjustments": STANDINGS_HEADERS["adjustments"],
    "adjustments_intro": {
        "en": "Points added to (or, for a penalty, taken from) the players' totals.",
        "pl": "Punkty dodane do sumy gracza (lub, jako kara, odjęte).",
        "pt": "Pontos somados ao total do jogador (ou, numa penalidade, subtraídos).",
        "fr": "Points ajoutés au total du joueur (ou, pour une pénalité, retirés).",
    },
    "reason": STANDINGS_HEADERS["adjustment_notes"],
    "medal_1": {"en": "1st place", "pl": "1. miejsce", "pt": "1º lugar", "fr": "1re place"},
    "medal_2": {"en": "2nd place", "pl": "2. miejsce", "pt": "2º lugar", "fr": "2e place"},
    "medal_3": {"en": "3rd place", "pl": "3. miejsce", "pt": "3º lugar", "fr": "3e place"},
    "no_games": {
        "en": "No games are scored yet.", "pl": "Nie policzono jeszcze żadnej gry.",
        "pt": "Nenhuma partida foi pontuada ainda.", "fr": "Aucune partie n'est encore comptée.",
    },
    # rounds
    "round": {"en": "Round", "pl": "Runda", "pt": "Rodada", "fr": "Ronde"},
    "table": {"en": "Table", "pl": "Stół", "pt": "Mesa", "fr": "Table"},
    "table_n": {"en": "Table {table}", "pl": "Stół {table}", "pt": "Mesa {table}", "fr": "Table {table}"},
    "place": {"en": "Place", "pl": "Miejsce", "pt": "Colocação", "fr": "Place"},
    "points_short": {"en": "Points", "pl": "Punkty", "pt": "Pontos", "fr": "Points"},
    "points_abbr": {"en": "Pts", "pl": "Pkt", "pt": "Pts", "fr": "Pts"},
    "points_n": {"en": "{n} pts", "pl": "{n} pkt", "pt": "{n} pts", "fr": "{n} pts"},
    "not_scored": {"en": "not scored", "pl": "niepoliczony", "pt": "não pontuada", "fr": "non comptée"},
    "bye": {"en": "Bye", "pl": "Pauza", "pt": "Folga", "fr": "Exempt"},
    "army_badge": {"en": "Army", "pl": "Armia", "pt": "Exército", "fr": "Armée"},
    "army_title": {
        "en": "Largest Army (+2 VP)", "pl": "Największa Armia (+2 PZ)",
        "pt": "Maior Exército (+2 PV)", "fr": "Armée la plus puissante (+2 PV)",
    },
    "road_badge": {"en": "Road", "pl": "Droga", "pt": "Estrada", "fr": "Route"},
    "road_title": {
        "en": "Longest Road (+2 VP)", "pl": "Najdłuższa Droga (+2 PZ)",
        "pt": "Maior Estrada (+2 PV)", "fr": "Route la plus longue (+2 PV)",
    },
    "declared_badge": {"en": "Declared", "pl": "Zgłoszone", "pt": "Declarou", "fr": "Déclarée"},
    "declared_title": {
        "en": "Declared victory", "pl": "Zgłoszone zwycięstwo", "pt": "Vitória declarada", "fr": "Victoire déclarée",
    },
    "rounds_legend": {
        "en": "Players in place order. “2=” is a shared place: tied players split the round points of the places they share.",
        "pl": "Gracze w kolejności miejsc. „2=” to miejsce ex aequo: remisujący gracze dzielą punkty rundy za wspólne miejsca.",
        "pt": "Jogadores por ordem de colocação. “2=” é uma colocação empatada: os empatados dividem os pontos de rodada das colocações.",
        "fr": "Joueurs dans l'ordre des places. « 2= » est une place ex æquo : les joueurs à égalité se partagent les points de ronde de ces places.",
    },
    # rounds of a large event (compact layout)
    "compact_note": {
        "en": "A large event ({players} players): this page is kept compact so that it stays quick to open. "
              "Each round is folded: open it to see its tables. There is no separate card per player; "
              "a player's games are in the round tables (open a round and use your browser's Find).",
        "pl": "Duży turniej (liczba graczy: {players}): ta strona jest skrócona, żeby szybko się otwierała. "
              "Każda runda jest zwinięta: rozwiń ją, aby zobaczyć stoły. Nie ma osobnej karty dla każdego gracza; "
              "gry gracza są w tabelach rund (rozwiń rundę i użyj wyszukiwania w przeglądarce).",
        "pt": "Um evento grande ({players} jogadores): esta página é compacta para abrir rapidamente. "
              "Cada rodada está recolhida: abra-a para ver as mesas. Não há um cartão separado por jogador; "
              "as partidas de um jogador estão nas tabelas das rodadas (abra uma rodada e use a busca do navegador).",
        "fr": "Un grand tournoi ({players} joueurs) : cette page est compacte pour s'ouvrir rapidement. "
              "Chaque ronde est repliée : ouvrez-la pour voir ses tables. Il n'y a pas de fiche par joueur ; "
              "les parties d'un joueur sont dans les tableaux des rondes (ouvrez une ronde et utilisez la recherche du navigateur).",
    },
    "compact_legend": {
        "en": "One line per table: players in place order with their VP. “(2=)” is a shared place: tied players split "
              "the round points of the places they share. Each player's round points are in the standings.",
        "pl": "Jeden wiersz na stół: gracze w kolejności miejsc z ich PZ. „(2=)” to miejsce ex aequo: remisujący gracze "
              "dzielą punkty rundy za wspólne miejsca. Punkty rundy każdego gracza są w klasyfikacji.",
        "pt": "Uma linha por mesa: jogadores por ordem de colocação com seus PV. “(2=)” é uma colocação empatada: os "
              "empatados dividem os pontos de rodada das colocações. Os pontos de rodada de cada jogador estão na classificação.",
        "fr": "Une ligne par table : joueurs dans l'ordre des places avec leurs PV. « (2=) » est une place ex æquo : les "
              "joueurs à égalité se partagent les points de ronde de ces places. Les points de ronde de chaque joueur sont dans le classement.",
    },
    "tables_count": {"en": "tables: {n}", "pl": "stoły: {n}", "pt": "mesas: {n}", "fr": "tables : {n}"},
    "not_scored_count": {
        "en": "not scored: {n}", "pl": "niepoliczone: {n}", "pt": "não pontuadas: {n}", "fr": "non comptées : {n}",
    },
    # players
    "opponents": {"en": "Opponents", "pl": "Przeciwnicy", "pt": "Adversários", "fr": "Adversaires"},
    "absent": {"en": "did not play", "pl": "nie grał(a)", "pt": "não jogou", "fr": "n'a pas joué"},
    "back_to_standings": {
        "en": "Back to standings", "pl": "Powrót do klasyfikacji", "pt": "Voltar à classificação", "fr": "Retour au classement",
    },
    # problems
    "severity": PROBLEMS_HEADERS["severity"],
    "sheet": PROBLEMS_HEADERS["sheet"],
    "cell": PROBLEMS_HEADERS["cell"],
    "message": PROBLEMS_HEADERS["message"],
    "error": SEVERITY_WORDS["error"],
    "warning": SEVERITY_WORDS["warning"],
    # `merge` on the terminal (cli/merge.py, merge/plan.py)
    "merge_copy": {
        "en": "{copy}: taken {taken}, already there {already}, conflicts {conflicts}",
        "pl": "{copy}: przeniesione {taken}, już były {already}, konflikty {conflicts}",
        "pt": "{copy}: copiadas {taken}, já presentes {already}, conflitos {conflicts}",
        "fr": "{copy} : reprises {taken}, déjà présentes {already}, conflits {conflicts}",
    },
    "merge_conflict": {
        "en": "conflict '{sheet}'!{cell} ({player}): {value} in {source}, {other} in {other_source}; not taken",
        "pl": "konflikt '{sheet}'!{cell} ({player}): {value} w {source}, {other} w {other_source}; nie przeniesiono",
        "pt": "conflito '{sheet}'!{cell} ({player}): {value} em {source}, {other} em {other_source}; não copiado",
        "fr": "conflit '{sheet}'!{cell} ({player}) : {value} dans {source}, {other} dans {other_source} ; non repris",
    },
    "merge_wrote": {
        "en": "wrote {cells} cells into {event}; the version before is kept beside it as its backup",
        "pl": "zapisano {cells} komórek w {event}; poprzednia wersja została obok jako kopia zapasowa",
        "pt": "{cells} células gravadas em {event}; a versão anterior fica ao lado como backup",
        "fr": "{cells} cellules écrites dans {event} ; la version précédente est gardée à côté comme sauvegarde",
    },
    "merge_nothing": {
        "en": "nothing new to take; {event} is unchanged",
        "pl": "nie ma nic nowego do przeniesienia; {event} bez zmian",
        "pt": "nada de novo para copiar; {event} não foi alterado",
        "fr": "rien de nouveau à reprendre ; {event} est inchangé",
    },
    "merge_dry_run": {
        "en": "dry run: {cells} cells would be written; {event} is unchanged",
        "pl": "próba: zapisanych zostałoby {cells} komórek; {event} bez zmian",
        "pt": "simulação: {cells} células seriam gravadas; {event} não foi alterado",
        "fr": "simulation : {cells} cellules seraient écrites ; {event} est inchangé",
    },
    "merge_skipped": {
        "en": "  '{sheet}' not merged: {message}",
        "pl": "  '{sheet}' nie scalono: {message}",
        "pt": "  '{sheet}' não juntada: {message}",
        "fr": "  '{sheet}' non fusionnée : {message}",
    },
    "merge_event_sheet": {
        "en": "{event}: sheet '{sheet}' cannot be read ({message}); fix it, then merge again",
        "pl": "{event}: nie można odczytać arkusza '{sheet}' ({message}); popraw go i scal ponownie",
        "pt": "{event}: a planilha '{sheet}' não pode ser lida ({message}); corrija-a e junte de novo",
        "fr": "{event} : la feuille '{sheet}' est illisible ({message}) ; corrigez-la, puis fusionnez à nouveau",
    },
    "merge_twice": {
        "en": "{file}: '{sheet}' has {player} twice (rows {rows}); keep one row, then merge again",
        "pl": "{file}: w '{sheet}' gracz {player} jest dwa razy (wiersze {rows}); zostaw jeden wiersz i scal ponownie",
        "pt": "{file}: '{sheet}' tem {player} duas vezes (linhas {rows}); mantenha uma linha e junte de novo",
        "fr": "{file} : '{sheet}' contient {player} deux fois (lignes {rows}) ; gardez une ligne, puis fusionnez à nouveau",
    },
    "merge_no_player": {
        "en": "{copy}: '{sheet}' row {row} has game cells but no player; nothing merged",
        "pl": "{copy}: wiersz {row} w '{sheet}' ma wyniki gry, ale nie ma gracza; nic nie scalono",
        "pt": "{copy}: a linha {row} de '{sheet}' tem dados da partida, mas nenhum jogador; nada foi juntado",
        "fr": "{copy} : la ligne {row} de '{sheet}' a des données de partie mais aucun joueur ; rien n'a été fusionné",
    },
    "merge_unknown_player": {
        "en": "{copy} is not a copy of {event}: '{sheet}' row {row} has {player}, who is not in '{event_sheet}'; nothing merged",
        "pl": "{copy} nie jest kopią {event}: wiersz {row} w '{sheet}' ma gracza {player}, którego nie ma w '{event_sheet}'; nic nie scalono",
        "pt": "{copy} não é uma cópia de {event}: a linha {row} de '{sheet}' tem {player}, que não está em '{event_sheet}'; nada foi juntado",
        "fr": "{copy} n'est pas une copie de {event} : la ligne {row} de '{sheet}' contient {player}, absent de '{event_sheet}' ; rien n'a été fusionné",
    },
    "merge_unknown_table": {
        "en": "{copy} is not a copy of {event}: '{sheet}' row {row} has table {table}, which '{event_sheet}' does not have; nothing merged",
        "pl": "{copy} nie jest kopią {event}: wiersz {row} w '{sheet}' ma stół {table}, którego nie ma w '{event_sheet}'; nic nie scalono",
        "pt": "{copy} não é uma cópia de {event}: a linha {row} de '{sheet}' tem a mesa {table}, que '{event_sheet}' não tem; nada foi juntado",
        "fr": "{copy} n'est pas une copie de {event} : la ligne {row} de '{sheet}' a la table {table}, absente de '{event_sheet}' ; rien n'a été fusionné",
    },
    "merge_unknown_round": {
        "en": "{copy} is not a copy of {event}: its sheet '{sheet}' is round {round}, which {event} does not have; nothing merged",
        "pl": "{copy} nie jest kopią {event}: arkusz '{sheet}' to runda {round}, której {event} nie ma; nic nie scalono",
        "pt": "{copy} não é uma cópia de {event}: a planilha '{sheet}' é a rodada {round}, que {event} não tem; nada foi juntado",
        "fr": "{copy} n'est pas une copie de {event} : sa feuille '{sheet}' est la ronde {round}, absente de {event} ; rien n'a été fusionné",
    },
    "merge_no_match": {
        "en": "{copy} is not a copy of {event}: none of its round sheets' players are in {event}; nothing merged",
        "pl": "{copy} nie jest kopią {event}: żadnego gracza z jego rund nie ma w {event}; nic nie scalono",
        "pt": "{copy} não é uma cópia de {event}: nenhum jogador das suas rodadas está em {event}; nada foi juntado",
        "fr": "{copy} n'est pas une copie de {event} : aucun joueur de ses rondes n'est dans {event} ; rien n'a été fusionné",
    },
    # `split` on the terminal (cli/split.py, merge/split.py)
    "split_wrote": {
        "en": "wrote {copy}: '{sheet}' holds tables {tables} ({players} players); the other tables and rounds are emptied",
        "pl": "zapisano {copy}: '{sheet}' zawiera stoły {tables} ({players} graczy); inne stoły i rundy są wyczyszczone",
        "pt": "{copy} gravado: '{sheet}' tem as mesas {tables} ({players} jogadores); as outras mesas e rodadas foram esvaziadas",
        "fr": "{copy} écrit : '{sheet}' contient les tables {tables} ({players} joueurs) ; les autres tables et rondes sont vidées",
    },
    "split_missing": {
        "en": "'{sheet}' has no table {tables}",
        "pl": "'{sheet}' nie ma stołu {tables}",
        "pt": "'{sheet}' não tem a mesa {tables}",
        "fr": "'{sheet}' n'a pas de table {tables}",
    },
    "split_no_round": {
        "en": "{event} has no sheet for round {round}",
        "pl": "{event} nie ma arkusza rundy {round}",
        "pt": "{event} não tem planilha para a rodada {round}",
        "fr": "{event} n'a pas de feuille pour la ronde {round}",
    },
    "split_no_tables": {
        "en": "'{sheet}' has none of the tables {tables}; nothing written",
        "pl": "'{sheet}' nie ma żadnego ze stołów {tables}; nic nie zapisano",
        "pt": "'{sheet}' não tem nenhuma das mesas {tables}; nada foi gravado",
        "fr": "'{sheet}' n'a aucune des tables {tables} ; rien n'a été écrit",
    },
    "split_same_file": {
        "en": "the judge's copy cannot be {event} itself; name another file with -o",
        "pl": "kopia dla sędziego nie może być samym plikiem {event}; podaj inny plik przez -o",
        "pt": "a cópia do juiz não pode ser o próprio {event}; indique outro arquivo com -o",
        "fr": "la copie de l'arbitre ne peut pas être {event} lui-même ; indiquez un autre fichier avec -o",
    },
    # page furniture
    "contents": {"en": "Contents", "pl": "Spis treści", "pt": "Conteúdo", "fr": "Sommaire"},
    "footer": {
        "en": "Scored from {file} by sheet-scorer.", "pl": "Policzone z pliku {file} przez sheet-scorer.",
        "pt": "Pontuado a partir de {file} pelo sheet-scorer.", "fr": "Calculé à partir de {file} par sheet-scorer.",
    },
}

#: TEXT[lang][key] -> the report string in that language.
TEXT: dict[str, dict[str, str]] = {lang: {key: words[lang] for key, words in _REPORT.items()} for lang in LANGUAGES}


def text(lang: str, key: str, **values: Any) -> str:
    """The report string `key` in `lang` (English when missing), with `{placeholders}` filled."""
    template = TEXT[language(lang)].get(key) or TEXT["en"][key]
    return template.format(**values) if values else template


def ordinal(n: int, lang: str) -> str:
    """A place as a column heading: `1st` / `1.` / `1º` / `1er`."""
    lang = language(lang)
    if lang == "en":
        return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
    if lang == "pt":
        return f"{n}º"
    if lang == "fr":
        return "1er" if n == 1 else f"{n}e"
    return f"{n}."


def translator(lang: str) -> Any:
    """A `t(key, **values)` function bound to `lang`, for templates."""
    def t(key: str, **values: Any) -> str:
        return text(lang, key, **values)
    return t


# --------------------------------------------------------------------------------------------
# Problem messages (one per problems.MESSAGES_EN code, same placeholders)
# --------------------------------------------------------------------------------------------

MESSAGES_PL: dict[str, str] = {
    "no-header-row": "nie znaleziono wiersza nagłówków: arkusz potrzebuje wiersza z co najmniej nagłówkami 'Stół' i 'Gracz'",
    "missing-column": "tabela nie ma kolumny '{column}'",
    "no-score-columns": "tabela nie ma ani liczników gry (Osady … Długość drogi), ani kolumny 'PZ'",
    "duplicate-column": "dwie kolumny mają nagłówek '{column}' ({cells}); zostaw jedną",
    "content-not-kept": "skoroszyt zawiera {parts}, czego kopia z wynikami nie zachowuje; oryginalny plik pozostaje nietknięty",
    "bad-setting": "ustawienie '{key}' ma wartość '{value}', która nie jest prawidłowa",
    "no-room-for-columns": "arkusz ma coś aż w kolumnie {column}, więc kolumny wyliczone nie mieszczą się na prawo od tabeli; wyczyść to, co jest daleko po prawej, i policz ponownie",
    "unknown-setting": "'{key}' nie jest ustawieniem znanym programowi; nie jest używane",
    "bad-tiebreaker": "'{value}' w '{key}' nie jest kryterium rozstrzygania remisów; dozwolone: {valid}",
    "bad-ranking": "ustawienie '{key}' ma wartość '{value}'; dozwolone: {valid}",
    "adjustments-no-header": "nie znaleziono wiersza nagłówka: arkusz potrzebuje wiersza z co najmniej 'Gracz' i 'Punkty'",
    "adjustment-no-player": "wiersz {row} ma korektę, ale nie ma nazwiska gracza",
    "adjustment-points": "{player}: korekta '{value}' nie jest liczbą punktów",
    "adjustment-unknown-player": "{player} nie gra w żadnej rundzie i nie ma go w arkuszu Gracze",
    "adjustment-unknown-round": "{player}: nie ma rundy {value}",
    "duplicate-round": "runda {round} jest także w arkuszu '{other}'; ten arkusz nie jest liczony",
    "empty-cell": "{player}: pole {column} jest puste",
    "not-a-number": "{player}: {column} ma wartość '{value}', która nie jest liczbą",
    "not-whole-number": "{player}: {column} ma wartość {value}, a musi być liczbą całkowitą",
    "date-value": "{player}: {column} zawiera datę ({value}), a nie liczbę",
    "error-value": "{player}: {column} zawiera błąd arkusza {value}",
    "formula-no-value": "{player}: {column} to formuła bez zapisanej wartości; otwórz i zapisz plik w Excelu lub LibreOffice, a potem policz go ponownie",
    "bad-flag": "{player}: {column} ma wartość '{value}'; zaznacz x (lub tak/true/1) albo zostaw puste",
    "bad-table": "{player}: numer stołu '{value}' nie jest liczbą całkowitą równą co najmniej 1",
    "empty-name": "wiersz {row} ma liczniki gry, ale nie ma nazwiska gracza",
    "seat-range": "{player}: pozycja {value} nie istnieje przy stole dla {size} graczy",
    "seat-duplicate": "{player}: pozycję {value} przy stole {table} zajmuje inny gracz",
    "settlements-range": "{player}: osady: {value}, a gracz ma ich od 0 do 5",
    "settlements-min": "{player}: osady: {value} i żadnego miasta, a gracz zawsze ma co najmniej 2 osady",
    "cities-range": "{player}: miasta: {value}, a gracz ma ich od 0 do 4",
    "vp-cards-range": "{player}: karty VP: {value}, a gracz ma ich od 0 do 5",
    "knights-range": "{player}: zagrani rycerze: {value}, a w talii jest ich od 0 do 14",
    "roads-range": "{player}: zbudowane drogi: {value}, a gracz buduje ich od 2 do 15",
    "road-length-range": "{player}: długość drogi {value} przekracza liczbę zbudowanych dróg ({roads})",
    "vp-range": "{player}: {value} PZ, a w grze można mieć od 0 do 22",
    "vp-mismatch": "{player}: wpisano {value} PZ, ale z liczników wychodzi {computed}; wpisana wartość zostaje, sprawdź liczniki",
    "table-size": "liczba graczy przy stole {table}: {size}; przy stole gra 3 lub 4 graczy",
    "table-vp-cards": "karty VP przy stole {table} dają razem {value}; w talii jest 5",
    "table-knights": "rycerze przy stole {table} dają razem {value}; w talii jest 14",
    "army-tie-unmarked": "stół {table}: {players} remisują o Największą Armię (rycerze: {value}); zaznacz dokładnie jednego z nich w kolumnie 'Armia pierwsza'",
    "army-tie-multiple": "stół {table}: {players} mają zaznaczone 'Armia pierwsza'; zaznacz tylko tego, kto pierwszy zdobył Największą Armię",
    "army-first-not-leader": "{player} ma zaznaczone 'Armia pierwsza', ale nie remisuje o największą liczbę rycerzy (3 lub więcej)",
    "road-tie-unmarked": "stół {table}: {players} remisują o Najdłuższą Drogę (długość {value}); zaznacz dokładnie jednego z nich w kolumnie 'Droga pierwsza'",
    "road-tie-multiple": "stół {table}: {players} mają zaznaczone 'Droga pierwsza'; zaznacz tylko tego, kto pierwszy zdobył Najdłuższą Drogę",
    "road-first-not-leader": "{player} ma zaznaczone 'Droga pierwsza', ale nie remisuje o najdłuższą drogę (5 lub więcej)",
    "declared-missing": "stół {table}: {players} osiągnęli {target} PZ; zaznacz tego, kto zgłosił zwycięstwo",
    "declared-multiple": "stół {table}: {players} mają zaznaczone zgłoszenie zwycięstwa; zgłosić je może tylko jeden gracz",
    "declared-below-target": "{player} ma zaznaczone zgłoszone zwycięstwo przy {value} PZ, poniżej progu {target}",
    "no-target": "stół {table}: nikt nie osiągnął {target} PZ; wynik i tak policzono",
    "duplicate-player": "{player} jest także w wierszu {other} tej rundy; gracz gra raz na rundę",
    "unregistered-player": "{player} nie występuje w arkuszu Gracze",
    "name-spelling": "{player} jest też zapisany jako '{other}' (arkusz '{other_sheet}'); używaj jednej pisowni",
    "hidden-row": "{player}: ten wiersz jest ukryty; mimo to jest liczony",
    "bye-with-scores": "{player} ma pauzę, ale liczniki gry są wypełnione; wyczyść je albo wpisz numer stołu",
    "bye-no-name": "wiersz {row} to pauza, ale nie ma nazwiska gracza",
}

MESSAGES_PT: dict[str, str] = {
    "no-header-row": "nenhuma linha de cabeçalho encontrada: a planilha precisa de uma linha com pelo menos os cabeçalhos 'Mesa' e 'Jogador'",
    "missing-column": "a tabela não tem a coluna '{column}'",
    "no-score-columns": "a tabela não tem as contagens da partida (Aldeias … Comprimento da estrada) nem uma coluna 'PV'",
    "duplicate-column": "duas colunas têm o cabeçalho '{column}' ({cells}); mantenha apenas uma",
    "content-not-kept": "a pasta de trabalho tem {parts}, que a cópia pontuada não mantém; seu arquivo original não é alterado",
    "bad-setting": "a configuração '{key}' é '{value}', que não é um valor válido",
    "no-room-for-columns": "a planilha tem algo até a coluna {column}, e as colunas calculadas não cabem à direita da tabela; apague o que está muito à direita e pontue de novo",
    "unknown-setting": "'{key}' não é uma configuração conhecida; não é usada",
    "bad-tiebreaker": "'{value}' em '{key}' não é um critério de desempate; use: {valid}",
    "bad-ranking": "a configuração '{key}' é '{value}'; use um de: {valid}",
    "adjustments-no-header": "nenhuma linha de cabeçalho: a planilha precisa de uma linha com pelo menos 'Jogador' e 'Pontos'",
    "adjustment-no-player": "a linha {row} tem um ajuste mas nenhum nome de jogador",
    "adjustment-points": "{player}: o ajuste '{value}' não é um número de pontos",
    "adjustment-unknown-player": "{player} não joga em nenhuma rodada e não está na planilha Jogadores",
    "adjustment-unknown-round": "{player}: não existe a rodada {value}",
    "duplicate-round": "a rodada {round} também está na planilha '{other}'; esta planilha não é pontuada",
    "empty-cell": "{player}: {column} está vazio",
    "not-a-number": "{player}: {column} é '{value}', que não é um número",
    "not-whole-number": "{player}: {column} é {value}, mas deve ser um número inteiro",
    "date-value": "{player}: {column} contém uma data ({value}), não uma contagem",
    "error-value": "{player}: {column} contém o erro de planilha {value}",
    "formula-no-value": "{player}: {column} é uma fórmula sem valor salvo; abra e salve o arquivo no Excel ou no LibreOffice e pontue-o novamente",
    "bad-flag": "{player}: {column} é '{value}'; marque com x (ou sim/true/1) ou deixe vazio",
    "bad-table": "{player}: o número da mesa '{value}' não é um número inteiro igual ou maior que 1",
    "empty-name": "a linha {row} tem contagens da partida, mas nenhum nome de jogador",
    "seat-range": "{player}: a posição {value} não existe em uma mesa de {size}",
    "seat-duplicate": "{player}: a posição {value} já é de outro jogador na mesa {table}",
    "settlements-range": "{player}: {value} aldeias, mas um jogador tem de 0 a 5",
    "settlements-min": "{player}: {value} aldeias e nenhuma cidade, mas um jogador mantém pelo menos 2 aldeias",
    "cities-range": "{player}: {value} cidades, mas um jogador tem de 0 a 4",
    "vp-cards-range": "{player}: {value} cartas VP, mas um jogador tem de 0 a 5",
    "knights-range": "{player}: {value} cavaleiros jogados, mas o baralho tem de 0 a 14",
    "roads-range": "{player}: {value} estradas construídas, mas um jogador constrói de 2 a 15",
    "road-length-range": "{player}: o comprimento da estrada, {value}, é maior que as {roads} estradas construídas",
    "vp-range": "{player}: {value} PV, mas uma partida dá de 0 a 22",
    "vp-mismatch": "{player}: PV informados como {value}, mas as contagens dão {computed}; o valor informado é mantido, confira as contagens",
    "table-size": "a mesa {table} tem {size} jogadores; uma mesa tem 3 ou 4",
    "table-vp-cards": "as cartas VP da mesa {table} somam {value}; o baralho tem 5",
    "table-knights": "os cavaleiros da mesa {table} somam {value}; o baralho tem 14",
    "army-tie-unmarked": "mesa {table}: {players} empatam no Maior Exército com {value} cavaleiros; marque exatamente um deles em 'Exército primeiro'",
    "army-tie-multiple": "mesa {table}: {players} estão todos marcados em 'Exército primeiro'; marque apenas quem conquistou o Maior Exército primeiro",
    "army-first-not-leader": "{player} está marcado em 'Exército primeiro', mas não está empatado com mais cavaleiros (3 ou mais)",
    "road-tie-unmarked": "mesa {table}: {players} empatam na Maior Estrada com comprimento {value}; marque exatamente um deles em 'Estrada primeiro'",
    "road-tie-multiple": "mesa {table}: {players} estão todos marcados em 'Estrada primeiro'; marque apenas quem conquistou a Maior Estrada primeiro",
    "road-first-not-leader": "{player} está marcado em 'Estrada primeiro', mas não está empatado com a maior estrada (5 ou mais)",
    "declared-missing": "mesa {table}: {players} chegaram a {target} PV; marque quem declarou a vitória",
    "declared-multiple": "mesa {table}: {players} estão todos marcados como tendo declarado vitória; só um pode",
    "declared-below-target": "{player} está marcado como tendo declarado vitória com {value} PV, abaixo da meta de {target}",
    "no-target": "mesa {table}: ninguém chegou a {target} PV; pontuada mesmo assim",
    "duplicate-player": "{player} também está na linha {other} desta rodada; um jogador joga uma vez por rodada",
    "unregistered-player": "{player} não está na planilha Jogadores",
    "name-spelling": "{player} também está escrito '{other}' (planilha '{other_sheet}'); use uma única grafia",
    "hidden-row": "{player}: esta linha está oculta; é pontuada mesmo assim",
    "bye-with-scores": "{player} tem folga, mas as contagens da partida estão preenchidas; apague-as ou informe um número de mesa",
    "bye-no-name": "a linha {row} é uma folga, mas não tem nome de jogador",
}

MESSAGES_FR: dict[str, str] = {
    "no-header-row": "aucune ligne d'en-tête trouvée : la feuille doit avoir une ligne avec au moins les en-têtes 'Table' et 'Joueur'",
    "missing-column": "le tableau n'a pas de colonne '{column}'",
    "no-score-columns": "le tableau n'a ni les décomptes de la partie (Colonies … Longueur de route) ni de colonne 'PV'",
    "duplicate-column": "deux colonnes ont l'en-tête '{column}' ({cells}) ; n'en gardez qu'une",
    "content-not-kept": "le classeur contient {parts}, que la copie calculée ne conserve pas ; votre fichier d'origine n'est pas modifié",
    "bad-setting": "le paramètre '{key}' vaut '{value}', ce qui n'est pas une valeur valide",
    "no-room-for-columns": "la feuille contient quelque chose jusqu'à la colonne {column} : les colonnes calculées ne tiennent pas à droite du tableau ; effacez ce qui est loin à droite, puis recomptez",
    "unknown-setting": "'{key}' n'est pas un paramètre connu ; il n'est pas utilisé",
    "bad-tiebreaker": "'{value}' dans '{key}' n'est pas un critère de départage ; utilisez : {valid}",
    "bad-ranking": "le paramètre '{key}' vaut '{value}' ; utilisez l'un de : {valid}",
    "adjustments-no-header": "aucune ligne d'en-tête : la feuille doit avoir une ligne avec au moins 'Joueur' et 'Points'",
    "adjustment-no-player": "la ligne {row} a un ajustement mais pas de nom de joueur",
    "adjustment-points": "{player} : l'ajustement '{value}' n'est pas un nombre de points",
    "adjustment-unknown-player": "{player} ne joue dans aucune ronde et n'est pas sur la feuille Joueurs",
    "adjustment-unknown-round": "{player} : il n'y a pas de ronde {value}",
    "duplicate-round": "la ronde {round} figure aussi sur la feuille '{other}' ; cette feuille n'est pas comptée",
    "empty-cell": "{player} : {column} est vide",
    "not-a-number": "{player} : {column} vaut '{value}', ce qui n'est pas un nombre",
    "not-whole-number": "{player} : {column} vaut {value}, mais doit être un nombre entier",
    "date-value": "{player} : {column} contient une date ({value}), pas un nombre",
    "error-value": "{player} : {column} contient l'erreur de tableur {value}",
    "formula-no-value": "{player} : {column} est une formule sans valeur enregistrée ; ouvrez et enregistrez le fichier dans Excel ou LibreOffice, puis relancez le calcul",
    "bad-flag": "{player} : {column} vaut '{value}' ; cochez avec x (ou oui/true/1) ou laissez vide",
    "bad-table": "{player} : le numéro de table '{value}' n'est pas un nombre entier supérieur ou égal à 1",
    "empty-name": "la ligne {row} a des décomptes de partie mais pas de nom de joueur",
    "seat-range": "{player} : la position {value} n'existe pas à une table de {size}",
    "seat-duplicate": "{player} : la position {value} est déjà prise par un autre joueur à la table {table}",
    "settlements-range": "{player} : {value} colonies, mais un joueur en a de 0 à 5",
    "settlements-min": "{player} : {value} colonies et aucune ville, mais un joueur garde au moins 2 colonies",
    "cities-range": "{player} : {value} villes, mais un joueur en a de 0 à 4",
    "vp-cards-range": "{player} : {value} cartes VP, mais un joueur en a de 0 à 5",
    "knights-range": "{player} : {value} chevaliers joués, mais la pioche en compte de 0 à 14",
    "roads-range": "{player} : {value} routes construites, mais un joueur en construit de 2 à 15",
    "road-length-range": "{player} : la longueur de route {value} dépasse les {roads} routes construites",
    "vp-range": "{player} : {value} PV, mais une partie en donne de 0 à 22",
    "vp-mismatch": "{player} : PV saisis à {value}, mais les décomptes donnent {computed} ; la valeur saisie est conservée, vérifiez les décomptes",
    "table-size": "la table {table} a {size} joueurs ; une table en compte 3 ou 4",
    "table-vp-cards": "les cartes VP de la table {table} totalisent {value} ; la pioche en contient 5",
    "table-knights": "les chevaliers de la table {table} totalisent {value} ; la pioche en contient 14",
    "army-tie-unmarked": "table {table} : {players} sont à égalité pour l'Armée la plus puissante avec {value} chevaliers ; cochez exactement l'un d'eux dans 'Armée en premier'",
    "army-tie-multiple": "table {table} : {players} sont tous cochés dans 'Armée en premier' ; cochez seulement celui qui a obtenu l'Armée la plus puissante en premier",
    "army-first-not-leader": "{player} est coché dans 'Armée en premier' mais n'est pas à égalité pour le plus de chevaliers (3 ou plus)",
    "road-tie-unmarked": "table {table} : {players} sont à égalité pour la Route la plus longue avec une longueur de {value} ; cochez exactement l'un d'eux dans 'Route en premier'",
    "road-tie-multiple": "table {table} : {players} sont tous cochés dans 'Route en premier' ; cochez seulement celui qui a obtenu la Route la plus longue en premier",
    "road-first-not-leader": "{player} est coché dans 'Route en premier' mais n'est pas à égalité pour la route la plus longue (5 ou plus)",
    "declared-missing": "table {table} : {players} ont atteint {target} PV ; cochez celui qui a déclaré la victoire",
    "declared-multiple": "table {table} : {players} sont tous cochés comme ayant déclaré la victoire ; un seul le peut",
    "declared-below-target": "{player} est coché comme ayant déclaré la victoire avec {value} PV, sous l'objectif de {target}",
    "no-target": "table {table} : personne n'a atteint {target} PV ; comptée quand même",
    "duplicate-player": "{player} figure aussi à la ligne {other} de cette ronde ; un joueur joue une fois par ronde",
    "unregistered-player": "{player} ne figure pas sur la feuille Joueurs",
    "name-spelling": "{player} est aussi écrit '{other}' (feuille '{other_sheet}') ; utilisez une seule orthographe",
    "hidden-row": "{player} : cette ligne est masquée ; elle est comptée quand même",
    "bye-with-scores": "{player} est exempt mais les décomptes de partie sont remplis ; effacez-les ou indiquez un numéro de table",
    "bye-no-name": "la ligne {row} est une exemption mais n'a pas de nom de joueur",
}

#: lang -> code -> message template; English is problems.MESSAGES_EN.
MESSAGES: dict[str, dict[str, str]] = {"pl": MESSAGES_PL, "pt": MESSAGES_PT, "fr": MESSAGES_FR}


def _localised_value(value: Any, lang: str) -> Any:
    """Numbers in a message follow the language (`2,5` in pl/pt/fr); text and whole numbers as they are."""
    if isinstance(value, bool) or not isinstance(value, float):
        return value
    return format_number(value, lang) if value == value else value


def problem_message(problem: Problem, lang: str) -> str:
    """The problem's message in `lang` (English for `en`, an unknown language or a code not translated yet)."""
    lang = language(lang)
    if lang == "en":
        return render(problem, MESSAGES_EN)
    params = {key: _localised_value(value, lang) for key, value in problem.params.items()}
    return render(dataclasses.replace(problem, params=params), MESSAGES[lang])


def severity_word(severity: str, lang: str) -> str:
    return SEVERITY_WORDS.get(severity, {}).get(language(lang), severity)
