"""The words of the workbook contract (SPEC §1, §5, §7) in English, Polish, Portuguese and French.

Headers, sheet names and flag words are compared after `fold`, so case, spaces, accents and
punctuation never matter.
"""

from __future__ import annotations

import re
import unicodedata

LANGUAGES = ("en", "pl", "pt", "fr")
# Settings → Language may name the language in words, in its own language or in English (folded).
LANGUAGE_NAMES = {"english": "en", "polski": "pl", "polish": "pl", "portugues": "pt", "portuguese": "pt",
                  "francais": "fr", "french": "fr"}

# Letters that Unicode does not decompose into base letter + accent.
_UNDECOMPOSED = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae", "œ": "oe"})
_NON_ALNUM = re.compile(r"[^0-9a-z]+")


def strip_accents(text: str) -> str:
    """`Łukasz Żółć` -> `Lukasz Zolc`: the base letters a person reads."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSED))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """Header/keyword comparison form: accents, case, spaces and punctuation removed."""
    return _NON_ALNUM.sub("", strip_accents(text).lower())


# Input columns (SPEC §1): canonical field -> every accepted header.
INPUT_HEADERS: dict[str, tuple[str, ...]] = {
    "table": ("Table", "Stół", "Stol", "Stolik", "Mesa"),
    "seat": ("Seat", "Pozycja", "Posição", "Position"),
    "player": ("Player", "Name", "Gracz", "Jogador", "Joueur", "Player Name"),
    "settlements": ("Settlements", "Osady", "Aldeias", "Colonies"),
    "cities": ("Cities", "Miasta", "Cidades", "Villes"),
    "vp_cards": ("VP Cards", "Dev VP", "VP Dev Cards", "Karty VP", "Cartas VP", "Cartes VP"),
    "knights": ("Knights", "Knights Played", "Rycerze", "Cavaleiros", "Chevaliers"),
    "roads": ("Roads", "Roads Built", "Drogi", "Estradas", "Routes"),
    "road_length": ("Road Length", "Longest Road", "Długość drogi", "Comprimento da estrada", "Longueur de route"),
    "army_first": ("Army First", "Armia pierwsza", "Exército primeiro", "Armée en premier"),
    "road_first": ("Road First", "Droga pierwsza", "Estrada primeiro", "Route en premier"),
    "declared": ("Declared", "Declared Victory", "Zgłoszone zwycięstwo", "Vitória declarada", "Victoire déclarée"),
    "vp": ("VP", "PZ", "PV"),
}
COMPONENTS = ("settlements", "cities", "vp_cards", "knights", "roads", "road_length")
FLAGS = ("army_first", "road_first", "declared")

# Columns the tool adds (SPEC §5), by language. "vp" is shared with the input VP column.
COMPUTED_HEADERS: dict[str, dict[str, str]] = {
    "army_bonus": {"en": "Army Bonus", "pl": "Bonus armii", "pt": "Bônus exército", "fr": "Bonus armée"},
    "road_bonus": {"en": "Road Bonus", "pl": "Bonus drogi", "pt": "Bônus estrada", "fr": "Bonus route"},
    "vp": {"en": "VP", "pl": "PZ", "pt": "PV", "fr": "PV"},
    "place": {"en": "Place", "pl": "Miejsce", "pt": "Colocação", "fr": "Place"},
    "round_points": {"en": "Round Points", "pl": "Punkty rundy", "pt": "Pontos de rodada", "fr": "Points de ronde"},
}
COMPUTED = tuple(COMPUTED_HEADERS)

STANDINGS_HEADERS: dict[str, dict[str, str]] = {
    "rank": {"en": "Rank", "pl": "Miejsce", "pt": "Posição", "fr": "Rang"},
    "player": {"en": "Player", "pl": "Gracz", "pt": "Jogador", "fr": "Joueur"},
    "round_points": COMPUTED_HEADERS["round_points"],
    "vp": COMPUTED_HEADERS["vp"],
    "vp_pct": {"en": "VP %", "pl": "PZ %", "pt": "PV %", "fr": "PV %"},
    "games": {"en": "Games", "pl": "Gry", "pt": "Partidas", "fr": "Parties"},
}
PROBLEMS_HEADERS: dict[str, dict[str, str]] = {
    "severity": {"en": "Severity", "pl": "Waga", "pt": "Gravidade", "fr": "Gravité"},
    "sheet": {"en": "Sheet", "pl": "Arkusz", "pt": "Planilha", "fr": "Feuille"},
    "cell": {"en": "Cell", "pl": "Komórka", "pt": "Célula", "fr": "Cellule"},
    "player": STANDINGS_HEADERS["player"],
    "message": {"en": "Message", "pl": "Komunikat", "pt": "Mensagem", "fr": "Message"},
}
SEVERITY_WORDS: dict[str, dict[str, str]] = {
    "error": {"en": "error", "pl": "błąd", "pt": "erro", "fr": "erreur"},
    "warning": {"en": "warning", "pl": "ostrzeżenie", "pt": "aviso", "fr": "avertissement"},
}

# Sheets (SPEC §1, §5, §8).
STANDINGS_SHEET = {"en": "Standings", "pl": "Klasyfikacja", "pt": "Classificação", "fr": "Classement"}
PROBLEMS_SHEET = {"en": "Problems", "pl": "Problemy", "pt": "Problemas", "fr": "Problèmes"}
# The one line of a Problems sheet once everything is fixed (SPEC §5).
NO_PROBLEMS = {"en": "No problems: every table is scored.", "pl": "Brak problemów: wszystkie stoły są policzone.",
               "pt": "Nenhum problema: todas as mesas foram pontuadas.", "fr": "Aucun problème : toutes les tables sont comptées."}
SETTINGS_SHEETS = ("Settings", "Ustawienia", "Configurações", "Paramètres")
PLAYERS_SHEETS = ("Players", "Gracze", "Jogadores", "Joueurs")
ROUND_WORDS = ("round", "r", "runda", "rodada", "ronde", "tour")

# Cell words (SPEC §1, §8).
TRUE_WORDS = frozenset({"x", "✓", "✔", "yes", "y", "true", "1", "tak", "sim", "oui"})
FALSE_WORDS = frozenset({"", "0", "no", "n", "false", "nie", "nao", "non"})
BYE_WORDS = frozenset({"bye", "pauza", "folga", "exempt"})

# Settings keys (SPEC §7): canonical key -> accepted spellings.
SETTING_KEYS: dict[str, tuple[str, ...]] = {
    "tournament": ("Tournament", "Turniej", "Torneio", "Tournoi"),
    "date": ("Date", "Data"),
    "victory_target": ("Victory Target", "Próg zwycięstwa", "Meta de vitória", "Objectif de victoire"),
    "qualifying_rounds": ("Qualifying Rounds", "Rundy eliminacyjne", "Rodadas classificatórias", "Rondes qualificatives"),
    "playoff_size": ("Playoff Size", "Liczba w fazie finałowej", "Tamanho dos playoffs", "Taille des phases finales"),
    "language": ("Language", "Język", "Idioma", "Langue"),
    "points_4": ("Points 4", "Punkty 4", "Pontos 4", "Points 4"),
    "points_3": ("Points 3", "Punkty 3", "Pontos 3", "Points 3"),
    "ranking": ("Ranking", "Classificação", "Classement"),
    "tiebreakers": ("Tiebreakers", "Tie-breakers", "Rozstrzyganie remisów", "Desempates", "Départages"),
    "bye_points": ("Bye Points", "Punkty za pauzę", "Pontos de folga", "Points d'exemption"),
}


def _index(table: dict[str, tuple[str, ...]]) -> dict[str, str]:
    return {fold(word): key for key, words in table.items() for word in words}


INPUT_HEADER_INDEX = _index(INPUT_HEADERS)
COMPUTED_HEADER_INDEX = {fold(word): key for key, words in COMPUTED_HEADERS.items() for word in words.values()}
SETTING_KEY_INDEX = _index(SETTING_KEYS)
STANDINGS_SHEET_NAMES = frozenset(fold(n) for n in STANDINGS_SHEET.values())
PROBLEMS_SHEET_NAMES = frozenset(fold(n) for n in PROBLEMS_SHEET.values())
SETTINGS_SHEET_NAMES = frozenset(fold(n) for n in SETTINGS_SHEETS)
PLAYERS_SHEET_NAMES = frozenset(fold(n) for n in PLAYERS_SHEETS)
# Players sheet columns beside the name (SPEC §1): the club kept apart when seating, and whether still playing.
PLAYERS_COLUMNS = {fold(w): key for key, words in {
    "club": ("Club", "Team", "Klub", "Drużyna", "Clube", "Equipe", "Équipe"),
    "active": ("Active", "Aktywny", "Ativo", "Actif"),
}.items() for w in words}
# An Active cell that says the player dropped out; anything else (empty included) is active.
INACTIVE_WORDS = frozenset(fold(w) for w in ("no", "n", "false", "0", "nie", "não", "nao", "non", "dropped", "drop"))

_ROUND_NAME = re.compile(r"^(?:%s)\s*0*(\d{1,3})$" % "|".join(sorted(ROUND_WORDS, key=len, reverse=True)))


def round_number(sheet_name: str) -> int | None:
    """`Round 3`, `R3`, `runda 3`, `Tour 03` -> 3; any other sheet name -> None."""
    match = _ROUND_NAME.match(strip_accents(sheet_name).strip().lower())
    return int(match.group(1)) if match else None
