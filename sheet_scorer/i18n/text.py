"""The words of every output in English, Polish, Portuguese and French, rendered.

* `TEXT[lang][key]` - the report's strings, with `{named}` placeholders; `text(lang, key, **values)`
  looks one up (falling back to English for a missing key or language);
* `say(lang, key, **values)` - a refusal or a terminal line of the one message catalogue (`i18n.catalogue`),
  and `count(lang, key, n)` a number with its noun agreeing by the language's CLDR plural rule (Babel):
  `1 błąd`, `2 błędy`, `5 błędów`. Only `cli/` says lines (through `i18n.terminal`; tests/test_layout.py):
  below it a line is returned as its key and values, or a `Phrase`, and `text` and `say` render a Phrase or
  Count value in their own language.

A problem's message is rendered by `problems.problem_message` from the same catalogue, with `plural_form` and
`format_number` from here: the column named in the language's words, numbers its way, counts agreeing with
their noun (`{value:plural:one=osadę,few=osady,many=osad,other=osady}`: 1 osadę, 2 osady, 5 osad).

Numbers and dates are formatted by Babel for the language's locale: `format_number(2.5, "pl")`
is `2,5`, `format_pct(116.944, "fr")` is `116,94`, `format_date(date(2026, 4, 18), "pt")` is
`18 de abril de 2026`. The vocabulary of the workbook itself (column and sheet names) stays in
`vocab.py`; the report uses it for the standings headers so the page and the `Standings` sheet
use the same words.
"""

from __future__ import annotations

import functools
import math
import re
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

from babel import Locale
from babel.dates import format_date as _babel_date
from babel.numbers import NumberPattern, parse_pattern

from sheet_scorer.i18n.catalogue import CATALOGUE, NOUNS
from sheet_scorer.i18n.phrase import Count, Phrase
from sheet_scorer.i18n.vocab import (
    FINAL_RANKING_SHEET,
    LANGUAGES,
    PLAYOFF_HEADERS,
    PROBLEMS_HEADERS,
    PROBLEMS_SHEET,
    SEVERITY_WORDS,
    STANDINGS_HEADERS,
    STANDINGS_SHEET,
)

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
    return "" if number is None else _format_hundredths(number, language(lang))


@functools.lru_cache(maxsize=65536)
def _format_hundredths(number: Decimal, lang: str) -> str:
    """`format_pct`'s Babel step, cached: the live view formats every player's VP % again on each save."""
    return _pattern("#,##0.00").apply(number, _locale(lang))


def format_seconds(seconds: float, lang: str) -> str:
    """A duration with two decimals in the language's digits (`live`'s line): `0.18` (en), `0,18` (pl, pt, fr)."""
    return _pattern("0.00").apply(round(seconds, 2), _locale(language(lang)))


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
        "en": "{tournament} — standings",
        "pl": "{tournament} — klasyfikacja",
        "pt": "{tournament} — classificação",
        "fr": "{tournament} — classement",
    },
    "standings": STANDINGS_SHEET,
    "problems": PROBLEMS_SHEET,
    "rounds": {"en": "Rounds", "pl": "Rundy", "pt": "Rodadas", "fr": "Rondes"},
    "players": {"en": "Players", "pl": "Gracze", "pt": "Jogadores", "fr": "Joueurs"},
    "progression": {
        "en": "Rank progression",
        "pl": "Przebieg klasyfikacji",
        "pt": "Evolução da classificação",
        "fr": "Évolution du classement",
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
        "en": "Rank (log scale)",
        "pl": "Miejsce (skala log.)",
        "pt": "Posição (escala log.)",
        "fr": "Rang (échelle log.)",
    },
    "chart_cut": {"en": "top {n}", "pl": "awans: {n}", "pt": "classificados: {n}", "fr": "qualifiés : {n}"},
    # playoffs (docs/rules.md §6)
    "playoffs": {"en": "Playoffs", "pl": "Faza finałowa", "pt": "Playoffs", "fr": "Phases finales"},
    "final_ranking": FINAL_RANKING_SHEET,
    "stage": PLAYOFF_HEADERS["stage"],
    "qualifying_rank": PLAYOFF_HEADERS["qualifying_rank"],
    "playoff_ties": {
        "en": "Ties in playoff games are decided by the qualifying rank.",
        "pl": "Remisy w grach fazy finałowej rozstrzyga miejsce w eliminacjach.",
        "pt": "Empates nas partidas dos playoffs são decididos pela posição na classificatória.",
        "fr": "Les égalités en phases finales sont départagées par le rang en qualifications.",
    },
    # header statistics
    "stat_date": {"en": "Date", "pl": "Data", "pt": "Data", "fr": "Date"},
    "stat_players": {"en": "Players", "pl": "Gracze", "pt": "Jogadores", "fr": "Joueurs"},
    "stat_rounds": {"en": "Rounds scored", "pl": "Policzone rundy", "pt": "Rodadas pontuadas", "fr": "Rondes comptées"},
    "stat_tables": {"en": "Tables scored", "pl": "Policzone stoły", "pt": "Mesas pontuadas", "fr": "Tables comptées"},
    "of": {"en": "{done} of {total}", "pl": "{done} z {total}", "pt": "{done} de {total}", "fr": "{done} sur {total}"},
    # provisional banner
    "provisional_label": {"en": "PROVISIONAL", "pl": "TYMCZASOWA", "pt": "PROVISÓRIA", "fr": "PROVISOIRE"},
    "provisional_title": {
        "en": "These standings are provisional",
        "pl": "Ta klasyfikacja jest tymczasowa",
        "pt": "Esta classificação é provisória",
        "fr": "Ce classement est provisoire",
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
    "unscored_table": {
        "en": "{sheet}, table {table}",
        "pl": "{sheet}, stół {table}",
        "pt": "{sheet}, mesa {table}",
        "fr": "{sheet}, table {table}",
    },
    "unscored_rows": {
        "en": "{sheet}, row {rows}",
        "pl": "{sheet}, wiersz {rows}",
        "pt": "{sheet}, linha {rows}",
        "fr": "{sheet}, ligne {rows}",
    },
    # standings
    "rank": STANDINGS_HEADERS["rank"],
    "player": STANDINGS_HEADERS["player"],
    "round_points": STANDINGS_HEADERS["round_points"],
    "vp": STANDINGS_HEADERS["vp"],
    "vp_pct": STANDINGS_HEADERS["vp_pct"],
    "games": STANDINGS_HEADERS["games"],
    "cut_line": {
        "en": "Top {n} advance to the playoffs",
        "pl": "Najlepszych {n} awansuje do fazy finałowej",
        "pt": "Os {n} primeiros avançam para os playoffs",
        "fr": "Les {n} premiers accèdent aux phases finales",
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
        "en": "No games are scored yet.",
        "pl": "Nie policzono jeszcze żadnej gry.",
        "pt": "Nenhuma partida foi pontuada ainda.",
        "fr": "Aucune partie n'est encore comptée.",
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
    "not_scored_key": {
        "en": "the table has an error, so this game is not scored yet (see Problems)",
        "pl": "stół ma błąd, więc ta gra nie jest jeszcze policzona (zobacz Problemy)",
        "pt": "a mesa tem um erro, então esta partida ainda não foi pontuada (veja Problemas)",
        "fr": "la table comporte une erreur, cette partie n'est donc pas encore comptée (voir Problèmes)",
    },
    "bye": {"en": "Bye", "pl": "Pauza", "pt": "Folga", "fr": "Exempt"},
    "army_badge": {"en": "Army", "pl": "Armia", "pt": "Exército", "fr": "Armée"},
    "army_title": {
        "en": "Largest Army (+2 VP)",
        "pl": "Największa Armia (+2 PZ)",
        "pt": "Maior Exército (+2 PV)",
        "fr": "Armée la plus puissante (+2 PV)",
    },
    "road_badge": {"en": "Road", "pl": "Droga", "pt": "Estrada", "fr": "Route"},
    "road_title": {
        "en": "Longest Road (+2 VP)",
        "pl": "Najdłuższa Droga (+2 PZ)",
        "pt": "Maior Estrada (+2 PV)",
        "fr": "Route la plus longue (+2 PV)",
    },
    "declared_badge": {"en": "Declared", "pl": "Zgłoszone", "pt": "Declarou", "fr": "Déclarée"},
    "declared_title": {
        "en": "Declared victory",
        "pl": "Zgłoszone zwycięstwo",
        "pt": "Vitória declarada",
        "fr": "Victoire déclarée",
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
        "en": "not scored: {n}",
        "pl": "niepoliczone: {n}",
        "pt": "não pontuadas: {n}",
        "fr": "non comptées : {n}",
    },
    # players
    "opponents": {"en": "Opponents", "pl": "Przeciwnicy", "pt": "Adversários", "fr": "Adversaires"},
    "absent": {"en": "did not play", "pl": "bez gry w tej rundzie", "pt": "não jogou", "fr": "n'a pas joué"},
    "back_to_standings": {
        "en": "Back to standings",
        "pl": "Powrót do klasyfikacji",
        "pt": "Voltar à classificação",
        "fr": "Retour au classement",
    },
    # issue 22: the live view (`live`: projector and phone pages)
    "live_title": {
        "en": "{tournament} — live",
        "pl": "{tournament} — na żywo",
        "pt": "{tournament} — ao vivo",
        "fr": "{tournament} — en direct",
    },
    "live_progress": {
        "en": "{sheet}: {reported} of {tables} tables reported",
        "pl": "{sheet}: zgłoszone stoły: {reported} z {tables}",
        "pt": "{sheet}: {reported} de {tables} mesas informadas",
        "fr": "{sheet} : {reported} tables sur {tables} ont rendu leur résultat",
    },
    "live_after": {"en": "After {sheet}", "pl": "Po rundzie: {sheet}", "pt": "Após {sheet}", "fr": "Après {sheet}"},
    "live_reported": {"en": "reported", "pl": "zgłoszony", "pt": "informada", "fr": "rendue"},
    "live_playing": {"en": "playing", "pl": "w grze", "pt": "jogando", "fr": "en cours"},
    "live_phoned": {"en": "sent", "pl": "przesłany", "pt": "enviada", "fr": "envoyée"},
    "live_problem": {"en": "to check", "pl": "do sprawdzenia", "pt": "a verificar", "fr": "à vérifier"},
    "live_updated": {
        "en": "Updated {time}",
        "pl": "Zaktualizowano {time}",
        "pt": "Atualizado às {time}",
        "fr": "Mis à jour à {time}",
    },
    "live_ranks_page": {
        "en": "Ranks {first}–{last} of {total} · page {n}/{pages}",
        "pl": "Miejsca {first}–{last} z {total} · strona {n}/{pages}",
        "pt": "Posições {first}–{last} de {total} · página {n}/{pages}",
        "fr": "Rangs {first} à {last} sur {total} · page {n}/{pages}",
    },
    "live_page": {
        "en": "Page {n} of {total}",
        "pl": "Strona {n} z {total}",
        "pt": "Página {n} de {total}",
        "fr": "Page {n} sur {total}",
    },
    "live_scan": {
        "en": "Your tables and points on your phone",
        "pl": "Twoje stoły i punkty w telefonie",
        "pt": "Suas mesas e pontos no celular",
        "fr": "Vos tables et vos points sur votre téléphone",
    },
    "live_unreadable": {
        "en": "The last save could not be read yet ({reason}); these are the standings as of {time}.",
        "pl": "Ostatniego zapisu nie udało się jeszcze odczytać ({reason}); to klasyfikacja z godziny {time}.",
        "pt": "O último salvamento ainda não pôde ser lido ({reason}); esta é a classificação das {time}.",
        "fr": "Le dernier enregistrement n'a pas encore pu être lu ({reason}) ; voici le classement de {time}.",
    },
    "live_errors": {
        "en": "The workbook has errors; these are the last good standings (as of {time}). To fix:",
        "pl": "Skoroszyt zawiera błędy; to ostatnia poprawna klasyfikacja (z godziny {time}). Do poprawienia:",
        "pt": "A pasta de trabalho tem erros; esta é a última classificação válida (das {time}). A corrigir:",
        "fr": "Le classeur contient des erreurs ; voici le dernier classement valable (de {time}). À corriger :",
    },
    "live_errors_first": {
        "en": "The workbook has errors; the standings are provisional. To fix:",
        "pl": "Skoroszyt zawiera błędy; klasyfikacja jest tymczasowa. Do poprawienia:",
        "pt": "A pasta de trabalho tem erros; a classificação é provisória. A corrigir:",
        "fr": "Le classeur contient des erreurs ; le classement est provisoire. À corriger :",
    },
    "live_find": {"en": "Find yourself", "pl": "Znajdź siebie", "pt": "Encontre-se", "fr": "Trouvez-vous"},
    "live_find_hint": {
        "en": "Type your name",
        "pl": "Wpisz swoje imię i nazwisko",
        "pt": "Digite seu nome",
        "fr": "Tapez votre nom",
    },
    "live_no_match": {
        "en": "No player of that name.",
        "pl": "Nie ma gracza o takim nazwisku.",
        "pt": "Nenhum jogador com esse nome.",
        "fr": "Aucun joueur de ce nom.",
    },
    "live_next_table": {
        "en": "Now: {sheet}, table {table}",
        "pl": "Teraz: {sheet}, stół {table}",
        "pt": "Agora: {sheet}, mesa {table}",
        "fr": "Maintenant : {sheet}, table {table}",
    },
    "live_rank_path": {
        "en": "Rank after each round",
        "pl": "Miejsce po każdej rundzie",
        "pt": "Posição após cada rodada",
        "fr": "Rang après chaque ronde",
    },
    "live_rank_now": {
        "en": "Rank {rank} of {players}",
        "pl": "Miejsce {rank} z {players}",
        "pt": "Posição {rank} de {players}",
        "fr": "Rang {rank} sur {players}",
    },
    # problems
    "severity": PROBLEMS_HEADERS["severity"],
    "sheet": PROBLEMS_HEADERS["sheet"],
    "cell": PROBLEMS_HEADERS["cell"],
    "message": PROBLEMS_HEADERS["message"],
    "error": SEVERITY_WORDS["error"],
    "warning": SEVERITY_WORDS["warning"],
    # issue 18: how far the event has got (docs/rules.md §3) and players who withdrew (docs/rules.md §1)
    "progress_after": {
        "en": "Standings after {sheet}",
        "pl": "Klasyfikacja po: {sheet}",
        "pt": "Classificação após: {sheet}",
        "fr": "Classement après : {sheet}",
    },
    "progress_none": {
        "en": "No round played yet",
        "pl": "Żadna runda nie została jeszcze rozegrana",
        "pt": "Nenhuma rodada jogada ainda",
        "fr": "Aucune ronde jouée pour l'instant",
    },
    "progress_sheet": {
        "en": "{sheet}: {done} of {total} tables reported",
        "pl": "{sheet}: wyniki z {done} z {total} stołów",
        "pt": "{sheet}: {done} de {total} mesas com resultados",
        "fr": "{sheet} : résultats de {done} sur {total} tables",
    },
    "withdrawn_after": {
        "en": "withdrawn after {sheet}",
        "pl": "rezygnacja po: {sheet}",
        "pt": "desistiu após: {sheet}",
        "fr": "abandon après : {sheet}",
    },
    "withdrawn": {"en": "withdrawn", "pl": "rezygnacja", "pt": "desistiu", "fr": "abandon"},
    "status": {"en": "Status", "pl": "Status", "pt": "Situação", "fr": "Statut"},
    # page furniture
    "contents": {"en": "Contents", "pl": "Spis treści", "pt": "Conteúdo", "fr": "Sommaire"},
    "footer": {
        "en": "Scored from {file} by sheet-scorer.",
        "pl": "Policzone z pliku {file} przez sheet-scorer.",
        "pt": "Pontuado a partir de {file} pelo sheet-scorer.",
        "fr": "Calculé à partir de {file} par sheet-scorer.",
    },
    # issue 23: season ranking (`season`, docs/rules.md §10): sheet names, headers, statuses, messages, report words
    "season_default_title": {"en": "Season", "pl": "Sezon", "pt": "Temporada", "fr": "Saison"},
    "season_page_title": {
        "en": "{season} — season standings",
        "pl": "{season} — klasyfikacja sezonu",
        "pt": "{season} — classificação da temporada",
        "fr": "{season} — classement de la saison",
    },
    "season_standings_sheet": {
        "en": "Season Standings",
        "pl": "Klasyfikacja sezonu",
        "pt": "Classificação da temporada",
        "fr": "Classement de la saison",
    },
    "season_events_sheet": {"en": "Events", "pl": "Turnieje", "pt": "Eventos", "fr": "Tournois"},
    "season_points_sheet": {
        "en": "Season Points",
        "pl": "Punkty sezonu",
        "pt": "Pontos da temporada",
        "fr": "Points de la saison",
    },
    "season_aliases_sheet": {"en": "Aliases", "pl": "Aliasy", "pt": "Variantes", "fr": "Alias"},
    "season_alias_name": {"en": "Name", "pl": "Nazwisko", "pt": "Nome", "fr": "Nom"},
    "season_alias_same_as": {"en": "Same as", "pl": "To samo co", "pt": "Mesmo que", "fr": "Même que"},
    "season_points": {
        "en": "Season points",
        "pl": "Punkty sezonu",
        "pt": "Pontos da temporada",
        "fr": "Points de saison",
    },
    "season_counted": {
        "en": "Events counted",
        "pl": "Liczone turnieje",
        "pt": "Eventos contados",
        "fr": "Tournois comptés",
    },
    "season_played": {
        "en": "Events played",
        "pl": "Rozegrane turnieje",
        "pt": "Eventos jogados",
        "fr": "Tournois joués",
    },
    "season_won": {"en": "Events won", "pl": "Wygrane turnieje", "pt": "Eventos vencidos", "fr": "Tournois gagnés"},
    "season_best": {
        "en": "Best finish",
        "pl": "Najlepsze miejsce",
        "pt": "Melhor colocação",
        "fr": "Meilleur classement",
    },
    "season_event": {"en": "Event", "pl": "Turniej", "pt": "Evento", "fr": "Tournoi"},
    "season_events": {"en": "Events", "pl": "Turnieje", "pt": "Eventos", "fr": "Tournois"},
    "season_file": {"en": "File", "pl": "Plik", "pt": "Arquivo", "fr": "Fichier"},
    "season_status": {"en": "Status", "pl": "Stan", "pt": "Situação", "fr": "Statut"},
    "season_status_standings": {
        "en": "counted (standings)",
        "pl": "liczony (klasyfikacja)",
        "pt": "contado (classificação)",
        "fr": "compté (classement)",
    },
    "season_status_final": {
        "en": "counted (final ranking)",
        "pl": "liczony (ranking końcowy)",
        "pt": "contado (classificação final)",
        "fr": "compté (classement final)",
    },
    "season_status_provisional": {
        "en": "left out: provisional (errors: {errors})",
        "pl": "pominięty: tymczasowy (błędy: {errors})",
        "pt": "deixado de fora: provisório (erros: {errors})",
        "fr": "écarté : provisoire (erreurs : {errors})",
    },
    "season_status_provisional_counted": {
        "en": "counted although provisional (errors: {errors})",
        "pl": "liczony mimo że tymczasowy (błędy: {errors})",
        "pt": "contado embora provisório (erros: {errors})",
        "fr": "compté bien que provisoire (erreurs : {errors})",
    },
    "season_status_unreadable": {
        "en": "not read: {reason}",
        "pl": "nieodczytany: {reason}",
        "pt": "não lido: {reason}",
        "fr": "non lu : {reason}",
    },
    "season_status_duplicate": {
        "en": "left out: the same event ({name}, {date}) as {other}",
        "pl": "pominięty: ten sam turniej ({name}, {date}) co {other}",
        "pt": "deixado de fora: o mesmo evento ({name}, {date}) que {other}",
        "fr": "écarté : le même tournoi ({name}, {date}) que {other}",
    },
    "season_no_date": {"en": "no date", "pl": "bez daty", "pt": "sem data", "fr": "sans date"},
    "season_rank_of": {"en": "{rank} of {n}", "pl": "{rank} z {n}", "pt": "{rank} de {n}", "fr": "{rank} sur {n}"},
    "season_dropped_legend": {
        "en": "Only each player's best {best} events count: points in (parentheses), grey and italic, are dropped.",
        "pl": "Liczy się tylko {best} najlepszych turniejów każdego gracza: punkty w (nawiasach), szare i pochylone, są odrzucone.",
        "pt": "Contam só os {best} melhores eventos de cada jogador: pontos entre (parênteses), cinza e em itálico, são descartados.",
        "fr": "Seuls les {best} meilleurs tournois de chaque joueur comptent : les points entre (parenthèses), gris et en italique, sont écartés.",
    },
    "season_points_rule": {
        "en": "Season points for a finish: players ranked in the event − rank + 1.",
        "pl": "Punkty sezonu za miejsce: liczba sklasyfikowanych graczy turnieju − miejsce + 1.",
        "pt": "Pontos da temporada por colocação: jogadores classificados no evento − colocação + 1.",
        "fr": "Points de saison pour un classement : joueurs classés dans le tournoi − rang + 1.",
    },
    "season_points_table": {
        "en": "Season points by place, from the Season Points sheet: {table}; lower places get 0.",
        "pl": "Punkty sezonu za miejsce z arkusza Punkty sezonu: {table}; dalsze miejsca dostają 0.",
        "pt": "Pontos da temporada por colocação, da planilha Pontos da temporada: {table}; colocações abaixo recebem 0.",
        "fr": "Points de saison par place, de la feuille Points de la saison : {table} ; les places suivantes reçoivent 0.",
    },
    "season_order_rule": {
        "en": "Ranked by season points, then events won, then best finish, then events played, then name.",
        "pl": "Kolejność: punkty sezonu, potem wygrane turnieje, najlepsze miejsce, rozegrane turnieje, na końcu nazwisko.",
        "pt": "Ordenado por pontos da temporada, depois eventos vencidos, melhor colocação, eventos jogados e, por fim, nome.",
        "fr": "Classé par points de saison, puis tournois gagnés, meilleur classement, tournois joués, et enfin nom.",
    },
    "season_matrix": {
        "en": "Points by event",
        "pl": "Punkty w turniejach",
        "pt": "Pontos por evento",
        "fr": "Points par tournoi",
    },
    "season_matrix_too_big": {
        "en": "{players} players × {events} events: the table of points by event is in the season workbook ({sheet} sheet); "
        "each player's points are in their season path below.",
        "pl": "{players} graczy × {events} turniejów: tabela punktów w turniejach jest w skoroszycie sezonu (arkusz {sheet}); "
        "punkty każdego gracza są w jego przebiegu sezonu poniżej.",
        "pt": "{players} jogadores × {events} eventos: a tabela de pontos por evento está na pasta da temporada (planilha {sheet}); "
        "os pontos de cada jogador estão no percurso abaixo.",
        "fr": "{players} joueurs × {events} tournois : le tableau des points par tournoi est dans le classeur de la saison (feuille {sheet}) ; "
        "les points de chaque joueur sont dans son parcours ci-dessous.",
    },
    "season_paths": {
        "en": "Season paths",
        "pl": "Przebieg sezonu",
        "pt": "Percurso na temporada",
        "fr": "Parcours de la saison",
    },
    "season_problems": {"en": "Problems", "pl": "Problemy", "pt": "Problemas", "fr": "Problèmes"},
    "season_footer": {
        "en": "Ranked from {n} event workbooks by sheet-scorer.",
        "pl": "Policzone z {n} skoroszytów turniejów przez sheet-scorer.",
        "pt": "Classificado a partir de {n} pastas de eventos pelo sheet-scorer.",
        "fr": "Classé à partir de {n} classeurs de tournois par sheet-scorer.",
    },
    "season_dropped_title": {"en": "not counted", "pl": "nieliczone", "pt": "não contado", "fr": "non compté"},
}

# issue 19: words the report and slips show around the figures, playoffs and chart
_REPORT.update(
    {
        "colon": {"en": ":", "pl": ":", "pt": ":", "fr": " :"},
        "more_columns": {
            "en": "→ Swipe the table sideways for the other columns: {names}",
            "pl": "→ Przesuń tabelę w bok, aby zobaczyć pozostałe kolumny: {names}",
            "pt": "→ Deslize a tabela para o lado para ver as outras colunas: {names}",
            "fr": "→ Faites glisser le tableau sur le côté pour voir les autres colonnes : {names}",
        },
        "champion": {"en": "Champion", "pl": "Mistrz", "pt": "Campeão", "fr": "Champion"},
        "path_playoffs": {"en": "Playoffs", "pl": "Faza finałowa", "pt": "Playoffs", "fr": "Phases finales"},
        "qualifying_rank_abbr": {"en": "Qual.", "pl": "Elim.", "pt": "Class.", "fr": "Qualif."},
        "tied_badge": {"en": "Tie", "pl": "Remis", "pt": "Empate", "fr": "Égalité"},
        "tied_title": {
            "en": "equal VP at the table: the better qualifying rank takes the higher place",
            "pl": "równe PZ przy stole: wyższe miejsce zajmuje gracz z lepszym miejscem w eliminacjach",
            "pt": "PV iguais na mesa: a melhor posição na classificatória fica com a colocação mais alta",
            "fr": "PV égaux à la table : le meilleur rang de qualification prend la place la plus haute",
        },
    }
)

# qa2: the season's problems column: an event's name or a cell of the settings workbook, so not "Cell"
_REPORT.update(
    {
        "season_where": {"en": "Where", "pl": "Gdzie", "pt": "Onde", "fr": "Où"},
    }
)


def typeset(lang: str, words: str) -> str:
    """`words` with the typography of `lang`: in French a narrow no-break space (U+202F) before `:` `;` `!` `?`
    and inside « », as the Imprimerie nationale's rules ask; other languages unchanged.

    Only a space already written before the sign is replaced (a cell like 'Round 1'!C3 or a URL keeps its `!` and `:`)."""
    if language(lang) != "fr":
        return words
    words = re.sub(r"[ \u00a0]+([:;!?])(?=\s|$|[)»”\]])", "\u202f\\1", words)
    return words.replace("« ", "«\u202f").replace(" »", "\u202f»")


#: TEXT[lang][key] -> the report string in that language (French typeset: `typeset`).
TEXT: dict[str, dict[str, str]] = {
    lang: {key: typeset(lang, words[lang]) for key, words in _REPORT.items()} for lang in LANGUAGES
}


def text(lang: str, key: str, **values: Any) -> str:
    """The report string `key` in `lang` (English when missing), with `{placeholders}` filled (a Phrase or Count
    value said in `lang`: a season's reason a file was not read)."""
    template = TEXT[language(lang)].get(key) or TEXT["en"][key]
    return template.format(**{name: _phrase(lang, value) for name, value in values.items()}) if values else template


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


@functools.lru_cache(maxsize=None)
def plural_form(lang: str) -> Any:
    """The CLDR plural rule of `lang` (Babel): `plural_form("pl")(5)` is `many`, `(2)` is `few`.

    Portuguese counts follow CLDR's pt_PT rule (only exactly 1 is singular: `0 erros`, `1,5 pontos`), as
    Brazilian usage also writes them (issue 19); CLDR's pt rule would give `0 erro`. French keeps its own
    (`0 cellule serait écrite`)."""
    return Locale.parse("pt_PT").plural_form if language(lang) == "pt" else _locale(lang).plural_form


def plural(lang: str, count: float, forms: dict[str, str]) -> str:
    """`forms[category]` for `count` in `lang` (`other` when the category is missing), `{n}` filled."""
    template = forms.get(plural_form(language(lang))(count)) or forms["other"]
    return template.format(n=format_number(count, lang))


def severity_word(severity: str, lang: str) -> str:
    """ "error"/"warning" in `lang` (the code itself when unknown): the one word the terminal and the report show."""
    return SEVERITY_WORDS.get(severity, {}).get(language(lang), severity)


# --------------------------------------------------------------------------------------------
# Refusals and terminal lines, from the one catalogue (i18n/catalogue.py)
# --------------------------------------------------------------------------------------------

_LEADING_PATH = re.compile(r"^\{path\}\s*:\s*")


def say(lang: str | None, key: str, **values: Any) -> str:
    """The catalogue's refusal or line `key` in `lang` (English for an unknown language), placeholders filled.

    `path=None` leaves out a refusal's leading `{path}: ` (the file is shown beside it: a season's file not read)."""
    template = CATALOGUE[key].templates[language(lang)]
    if "path" in values and values["path"] is None:
        template, values = _LEADING_PATH.sub("", template), {**values, "path": ""}
    return typeset(language(lang), template).format(**_filled(lang, values))


def _filled(lang: str | None, values: dict[str, Any]) -> dict[str, Any]:
    """`values` with each Phrase said and each Count counted in `lang`; a list of them joined with '; '."""
    return {
        name: "; ".join(_phrase(lang, p) for p in v) if isinstance(v, list) else _phrase(lang, v)
        for name, v in values.items()
    }


def _phrase(lang: str | None, value: Any) -> Any:
    """A Phrase said in `lang`, a Count with its noun in `lang`, a value that says itself (`said_in`, as a problem
    does in a refusal) in `lang`; any other value as it is."""
    if isinstance(value, Count):
        return count(lang, value.key, value.n)
    if hasattr(value, "said_in"):
        return value.said_in(lang)
    return say(lang, value.key, **value.values) if isinstance(value, Phrase) else value


def count(lang: str | None, key: str, n: float) -> str:
    """`n` with its noun agreeing in `lang`: `count("pl", "errors", 5)` is `5 błędów`."""
    return plural(
        language(lang), n, {form: typeset(language(lang), words) for form, words in NOUNS[key][language(lang)].items()}
    )
