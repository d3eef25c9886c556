"""The words of the workbook contract (docs/rules.md §1, §5, §7) in English, Polish, Portuguese and French.

Headers, sheet names and flag words are compared after `fold`, so case, spaces, accents and
punctuation never matter.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

LANGUAGES = ("en", "pl", "pt", "fr")
# Settings → Language may name the language in words, in its own language or in English (folded).
LANGUAGE_NAMES = {
    "english": "en",
    "polski": "pl",
    "polish": "pl",
    "portugues": "pt",
    "portuguese": "pt",
    "francais": "fr",
    "french": "fr",
}

# Letters that Unicode does not decompose into base letter + accent.
_UNDECOMPOSED = str.maketrans(
    {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae", "œ": "oe"}
)
_NON_ALNUM = re.compile(r"[^0-9a-z]+")


def strip_accents(text: str) -> str:
    """`Łukasz Żółć` -> `Lukasz Zolc`: the base letters a person reads."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_UNDECOMPOSED))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def fold(text: str) -> str:
    """Header/keyword comparison form: accents, case, spaces and punctuation removed."""
    return _NON_ALNUM.sub("", strip_accents(text).lower())


# Input columns (docs/rules.md §1's table): canonical field -> its one name per language, what the tool writes
# (headers of the sheets it lays out) and what its messages call the column.
COLUMN_WORDS: dict[str, dict[str, str]] = {
    field: dict(zip(LANGUAGES, words))
    for field, words in {
        "table": ("Table", "Stół", "Mesa", "Table"),
        "seat": ("Seat", "Pozycja", "Posição", "Position"),
        "player": ("Player", "Gracz", "Jogador", "Joueur"),
        "settlements": ("Settlements", "Osady", "Aldeias", "Colonies"),
        "cities": ("Cities", "Miasta", "Cidades", "Villes"),
        "vp_cards": ("VP Cards", "Karty PZ", "Cartas PV", "Cartes PV"),
        "knights": ("Knights", "Rycerze", "Cavaleiros", "Chevaliers"),
        "roads": ("Roads", "Drogi", "Estradas", "Routes"),
        "road_length": ("Road Length", "Długość drogi", "Comprimento da estrada", "Longueur de route"),
        "army_first": ("Army First", "Armia pierwsza", "Exército primeiro", "Armée en premier"),
        "road_first": ("Road First", "Droga pierwsza", "Estrada primeiro", "Route en premier"),
        "declared": ("Declared", "Zgłoszone zwycięstwo", "Vitória declarada", "Victoire déclarée"),
        "vp": ("VP", "PZ", "PV", "PV"),
    }.items()
}
# Input columns: canonical field -> every accepted header, the names above first, then the other spellings read.
_OTHER_INPUT_HEADERS: dict[str, tuple[str, ...]] = {
    "table": ("Stol", "Stolik"),
    "player": ("Name", "Player Name"),
    "vp_cards": ("Dev VP", "VP Dev Cards", "Karty VP", "Cartas VP", "Cartes VP"),  # the spellings before PZ/PV read too
    "knights": ("Knights Played",),
    "roads": ("Roads Built",),
    "road_length": ("Longest Road",),
    "declared": ("Declared Victory",),
}
INPUT_HEADERS: dict[str, tuple[str, ...]] = {
    field: (*dict.fromkeys(words.values()), *_OTHER_INPUT_HEADERS.get(field, ()))
    for field, words in COLUMN_WORDS.items()
}
COMPONENTS = ("settlements", "cities", "vp_cards", "knights", "roads", "road_length")
FLAGS = ("army_first", "road_first", "declared")
#: The cells a table judge fills in after the game: the counts, the VP and the three marks.
GAME_FIELDS = (*COMPONENTS, "vp", *FLAGS)

# Columns the tool adds (docs/rules.md §5), by language. "vp" is shared with the input VP column.
COMPUTED_HEADERS: dict[str, dict[str, str]] = {
    "army_bonus": {"en": "Army Bonus", "pl": "Bonus armii", "pt": "Bônus exército", "fr": "Bonus armée"},
    "road_bonus": {"en": "Road Bonus", "pl": "Bonus drogi", "pt": "Bônus estrada", "fr": "Bonus route"},
    "vp": COLUMN_WORDS["vp"],
    "place": {"en": "Place", "pl": "Miejsce", "pt": "Colocação", "fr": "Place"},
    "round_points": {"en": "Round Points", "pl": "Punkty rundy", "pt": "Pontos de rodada", "fr": "Points de ronde"},
}
COMPUTED = tuple(COMPUTED_HEADERS)

STANDINGS_HEADERS: dict[str, dict[str, str]] = {
    "rank": {"en": "Rank", "pl": "Miejsce", "pt": "Posição", "fr": "Rang"},
    "player": COLUMN_WORDS["player"],
    "round_points": COMPUTED_HEADERS["round_points"],
    "vp": COMPUTED_HEADERS["vp"],
    "vp_pct": {"en": "VP %", "pl": "PZ %", "pt": "PV %", "fr": "PV %"},
    "games": {"en": "Games", "pl": "Gry", "pt": "Partidas", "fr": "Parties"},
}
PROBLEMS_HEADERS: dict[str, dict[str, str]] = {
    "severity": {"en": "Severity", "pl": "Rodzaj", "pt": "Gravidade", "fr": "Gravité"},
    "sheet": {"en": "Sheet", "pl": "Arkusz", "pt": "Planilha", "fr": "Feuille"},
    "cell": {"en": "Cell", "pl": "Komórka", "pt": "Célula", "fr": "Cellule"},
    "player": STANDINGS_HEADERS["player"],
    "message": {"en": "Message", "pl": "Komunikat", "pt": "Mensagem", "fr": "Message"},
}
SEVERITY_WORDS: dict[str, dict[str, str]] = {
    "error": {"en": "error", "pl": "błąd", "pt": "erro", "fr": "erreur"},
    "warning": {"en": "warning", "pl": "ostrzeżenie", "pt": "aviso", "fr": "avertissement"},
}

# Sheets (docs/rules.md §1, §5, §8).
STANDINGS_SHEET = {"en": "Standings", "pl": "Klasyfikacja", "pt": "Classificação", "fr": "Classement"}
PROBLEMS_SHEET = {"en": "Problems", "pl": "Problemy", "pt": "Problemas", "fr": "Problèmes"}
# The one line of a Problems sheet once everything is fixed (docs/rules.md §5).
NO_PROBLEMS = {
    "en": "No problems: every table is scored.",
    "pl": "Brak problemów: wszystkie stoły są policzone.",
    "pt": "Nenhum problema: todas as mesas foram pontuadas.",
    "fr": "Aucun problème : toutes les tables sont comptées.",
}
SETTINGS_SHEETS = ("Settings", "Ustawienia", "Configurações", "Paramètres")
PLAYERS_SHEETS = ("Players", "Gracze", "Jogadores", "Joueurs")
ROUND_WORDS = ("round", "r", "runda", "rodada", "ronde", "tour")

# Cell words (docs/rules.md §1, §8).
TRUE_WORDS = frozenset({"x", "✓", "✔", "yes", "y", "true", "1", "tak", "sim", "oui"})
FALSE_WORDS = frozenset({"", "0", "no", "n", "false", "nie", "nao", "non"})
BYE_WORDS = frozenset({"bye", "pauza", "folga", "exempt"})


def is_bye(value: object) -> bool:
    """The one reading of a bye (docs/rules.md §8): a Table cell holding a bye word in any language (a number never is)."""
    return isinstance(value, str) and fold(value) in BYE_WORDS


# A label under the games that makes a row a total, not a player (an Excel Table's total row, a hand-made sum).
TOTAL_WORDS = frozenset(
    fold(w) for w in ("total", "totals", "sum", "grand total", "suma", "razem", "łącznie", "soma", "totaux")
)

# Settings keys (docs/rules.md §7): canonical key -> its one name per language, as `new` writes it.
SETTING_NAMES: dict[str, dict[str, str]] = {
    "tournament": {"en": "Tournament", "pl": "Turniej", "pt": "Torneio", "fr": "Tournoi"},
    "date": {"en": "Date", "pl": "Data", "pt": "Data", "fr": "Date"},
    "victory_target": {
        "en": "Victory Target",
        "pl": "Próg zwycięstwa",
        "pt": "Meta de vitória",
        "fr": "Objectif de victoire",
    },
    "qualifying_rounds": {
        "en": "Qualifying Rounds",
        "pl": "Rundy eliminacyjne",
        "pt": "Rodadas classificatórias",
        "fr": "Rondes qualificatives",
    },
    "table_size": {"en": "Table Size", "pl": "Wielkość stołów", "pt": "Tamanho das mesas", "fr": "Taille des tables"},
    "playoff_size": {
        "en": "Playoff Size",
        "pl": "Liczba w fazie finałowej",
        "pt": "Tamanho dos playoffs",
        "fr": "Taille des phases finales",
    },
    "language": {"en": "Language", "pl": "Język", "pt": "Idioma", "fr": "Langue"},
    "points_4": {"en": "Points 4", "pl": "Punkty 4", "pt": "Pontos 4", "fr": "Points 4"},
    "points_3": {"en": "Points 3", "pl": "Punkty 3", "pt": "Pontos 3", "fr": "Points 3"},
    "ranking": {"en": "Ranking", "pl": "Ranking", "pt": "Classificação", "fr": "Classement"},
    "tiebreakers": {"en": "Tiebreakers", "pl": "Rozstrzyganie remisów", "pt": "Desempates", "fr": "Départages"},
    "bye_points": {"en": "Bye Points", "pl": "Punkty za pauzę", "pt": "Pontos de folga", "fr": "Points d'exemption"},
}
# ... and every spelling the reader accepts: those names, then the other spellings read.
SETTING_KEYS: dict[str, tuple[str, ...]] = {
    key: (*dict.fromkeys(words.values()), *{"tiebreakers": ("Tie-breakers",)}.get(key, ()))
    for key, words in SETTING_NAMES.items()
}

# What ranks first (docs/rules.md §7 `Ranking`) and the tie-breakers (docs/rules.md §8 `Tiebreakers`), in the order of
# the contract: canonical key -> its name in en, pl, pt, fr (the English one first), then other spellings.
FIGURE_NAMES: dict[str, tuple[str, ...]] = {
    "round_points": ("Round Points", "Punkty rundy", "Pontos de rodada", "Points de ronde", "Points"),
    "wins": ("Wins", "Zwycięstwa", "Vitórias", "Victoires", "Wygrane"),
    "vp": ("VP", "PZ", "PV", "PV", "Victory Points"),
    "vp_capped": ("VP Capped", "PZ ograniczone", "PV limitados", "PV plafonnés", "Capped VP"),
    "vp_pct": ("VP %", "PZ %", "PV %", "PV %", "VP Percentage", "Procent PZ", "Porcentagem de PV", "Pourcentage de PV"),
    "mean_vp_pct": ("Mean VP %", "Średni PZ %", "PV % médio", "PV % moyen", "Average VP %"),
    "places": ("Places", "Miejsca", "Colocações", "Places"),
    "opponents_points": (
        "Opponents' Points",
        "Punkty przeciwników",
        "Pontos dos adversários",
        "Points des adversaires",
        "Opponent Points",
    ),
    "opponents_opponents_points": (
        "Opponents' Opponents' Points",
        "Punkty przeciwników przeciwników",
        "Pontos dos adversários dos adversários",
        "Points des adversaires des adversaires",
        "Opponent Opponent Points",
    ),
    "penalties": ("Penalties", "Kary", "Penalidades", "Pénalités"),
    "name": ("Name", "Nazwisko", "Nome", "Nom", "Imię", "Player", "Gracz"),
}
RANKINGS = ("round_points", "wins")


def figure_fold(text: str) -> str:
    """A ranking or tie-breaker name compared like a header, with `%` kept apart (`VP %` is not `VP`)."""
    return fold(text.replace("%", " pct "))


FIGURE_INDEX = {figure_fold(word): key for key, words in FIGURE_NAMES.items() for word in words}
# The Adjustments sheet (docs/rules.md §8) and its columns.
ADJUSTMENTS_SHEETS = ("Adjustments", "Korekty", "Ajustes", "Ajustements")
ADJUSTMENT_COLUMNS: dict[str, tuple[str, ...]] = {
    "player": ("Player", "Name", "Gracz", "Jogador", "Joueur"),
    "round": ("Round", "Runda", "Rodada", "Ronde", "Tour"),
    "points": ("Points", "Punkty", "Pontos", "Pkt"),
    "reason": ("Reason", "Powód", "Motivo", "Raison"),
}
TABLE_SIZES = ("3-4", "4")
# Standings columns of the tie-breakers in use and of the adjustments (docs/rules.md §5, §8), by language.
STANDINGS_HEADERS.update(
    {
        key: dict(zip(LANGUAGES, names))
        for key, names in FIGURE_NAMES.items()
        if key not in STANDINGS_HEADERS and key != "name"
    }
)
STANDINGS_HEADERS["adjustments"] = dict(zip(LANGUAGES, ADJUSTMENTS_SHEETS))
STANDINGS_HEADERS["adjustment_notes"] = dict(zip(LANGUAGES, ADJUSTMENT_COLUMNS["reason"]))


def _index(table: dict[str, tuple[str, ...]]) -> dict[str, str]:
    return {fold(word): key for key, words in table.items() for word in words}


INPUT_HEADER_INDEX = _index(INPUT_HEADERS)
COMPUTED_HEADER_INDEX = {fold(word): key for key, words in COMPUTED_HEADERS.items() for word in words.values()}
SETTING_KEY_INDEX = _index(SETTING_KEYS)
STANDINGS_SHEET_NAMES = frozenset(fold(n) for n in STANDINGS_SHEET.values())
PROBLEMS_SHEET_NAMES = frozenset(fold(n) for n in PROBLEMS_SHEET.values())
SETTINGS_SHEET_NAMES = frozenset(fold(n) for n in SETTINGS_SHEETS)
PLAYERS_SHEET_NAMES = frozenset(fold(n) for n in PLAYERS_SHEETS)
ADJUSTMENTS_SHEET_NAMES = frozenset(fold(n) for n in ADJUSTMENTS_SHEETS)
ADJUSTMENT_COLUMN_INDEX = _index(ADJUSTMENT_COLUMNS)
# Players sheet columns (docs/rules.md §1): the name, the club kept apart when seating, and whether still playing;
# one name per language as `new` writes them ...
PLAYERS_HEADERS: dict[str, dict[str, str]] = {
    "player": COLUMN_WORDS["player"],
    "club": {"en": "Club", "pl": "Klub", "pt": "Clube", "fr": "Club"},
    "active": {"en": "Active", "pl": "Aktywny", "pt": "Ativo", "fr": "Actif"},
}
# ... and every header the reader accepts (folded): those names, then the other spellings read, and a list's
# full-name headings (the round sheets' Player/Name words are read too, `players_header`).
PLAYERS_COLUMNS = {
    fold(w): key
    for key, words in {
        "club": (*PLAYERS_HEADERS["club"].values(), "Team", "Drużyna", "Equipe", "Équipe"),
        "active": tuple(PLAYERS_HEADERS["active"].values()),
        "player": (
            "Full Name",
            "Participant",
            "Imię i nazwisko",
            "Nazwisko i imię",
            "Zawodnik",
            "Uczestnik",
            "Nome completo",
            "Participante",
            "Nom complet",
            "Prénom et nom",
            "Prénom nom",
        ),
    }.items()
    for w in words
}


def players_header(row: list[Any]) -> dict[str, int]:
    """A players list's header row -> its columns by key ({} when the row is not a header). A row naming Club or
    Active but no name column has the names in the first column it does not name ("Imię;Klub"): never a player."""
    found = {
        PLAYERS_COLUMNS.get(fold(v)) or INPUT_HEADER_INDEX.get(fold(v)): c
        for c, v in enumerate(row)
        if isinstance(v, str)
    }
    columns = {k: c for k, c in found.items() if k}
    if "player" not in columns and ("club" in columns or "active" in columns):
        columns["player"] = next(c for c in range(len(row) + 1) if c not in columns.values())
    return columns if "player" in columns else {}


# the Players sheet's Active cell (docs/rules.md §1), one vocabulary for every language: still playing,
# or dropped out / withdrawn. Compared folded (case, accents, spaces ignored); an empty cell is active.
ACTIVE_WORDS: dict[bool, dict[str, tuple[str, ...]]] = {
    True: {
        "en": ("yes", "y", "true", "1", "x", "✓", "✔", "active"),
        "pl": ("tak", "aktywny", "aktywna", "gra"),
        "pt": ("sim", "s", "ativo", "ativa"),
        "fr": ("oui", "o", "actif", "active"),
    },
    False: {
        "en": ("no", "n", "false", "0", "withdrawn", "dropped", "drop", "out", "inactive"),
        "pl": ("nie", "wycofany", "wycofana", "wycofał się", "wycofała się", "rezygnacja", "nieaktywny", "nieaktywna"),
        "pt": ("não", "nao", "desistiu", "desistente", "retirado", "retirada", "inativo", "inativa"),
        "fr": ("non", "abandon", "retiré", "retirée", "forfait", "inactif", "inactive"),
    },
}
_ACTIVE_INDEX = {
    fold(w) if fold(w) else w: active for active, words in ACTIVE_WORDS.items() for ws in words.values() for w in ws
}
INACTIVE_WORDS = frozenset(word for word, active in _ACTIVE_INDEX.items() if not active)


def active_value(value: object) -> bool | None:
    """An Active cell read: True (playing; an empty cell too), False (dropped out, withdrawn), None (not understood)."""
    if value is None or isinstance(value, bool):
        return True if value is None else value
    if isinstance(value, (int, float)):
        return True if value == 1 else False if value == 0 else None
    text = str(value).strip()
    if not text:
        return True
    return _ACTIVE_INDEX.get(fold(text) or text)


# Playoff sheets (docs/rules.md §1, §6): the stage of each, in order, and the names the tool gives and recognises.
PLAYOFF_STAGES = ("quarterfinal", "semifinal", "final")
#: Playoff Size values (docs/rules.md §6, §7): 4 the final only; 8 and 16 semifinals and final; 32 quarterfinals too.
PLAYOFF_SIZES = (4, 8, 16, 32)
PLAYOFF_SHEETS: dict[str, dict[str, str]] = {
    "quarterfinal": {"en": "Quarterfinal", "pl": "Ćwierćfinał", "pt": "Quartas de final", "fr": "Quart de finale"},
    "semifinal": {"en": "Semifinal", "pl": "Półfinał", "pt": "Semifinal", "fr": "Demi-finale"},
    "final": {"en": "Final", "pl": "Finał", "pt": "Final", "fr": "Finale"},
}
PLAYOFF_SHEET_INDEX = {fold(n): stage for stage, names in PLAYOFF_SHEETS.items() for n in names.values()}
FINAL_RANKING_SHEET = {
    "en": "Final Ranking",
    "pl": "Ranking końcowy",
    "pt": "Classificação final",
    "fr": "Classement final",
}
FINAL_RANKING_SHEET_NAMES = frozenset(fold(n) for n in FINAL_RANKING_SHEET.values())
# Where a player finished (the Stage column of Final Ranking) and the columns `playoffs` writes.
STAGE_WORDS: dict[str, dict[str, str]] = {
    "final": PLAYOFF_SHEETS["final"],
    "semifinal": PLAYOFF_SHEETS["semifinal"],
    "quarterfinal": PLAYOFF_SHEETS["quarterfinal"],
    "qualifying": {"en": "Qualifying", "pl": "Eliminacje", "pt": "Classificatória", "fr": "Qualifications"},
}
PLAYOFF_HEADERS: dict[str, dict[str, str]] = {
    "rank": STANDINGS_HEADERS["rank"],
    "player": STANDINGS_HEADERS["player"],
    "stage": {"en": "Stage", "pl": "Etap", "pt": "Fase", "fr": "Phase"},
    "qualifying_rank": {
        "en": "Qualifying Rank",
        "pl": "Miejsce w eliminacjach",
        "pt": "Posição na classificatória",
        "fr": "Rang en qualifications",
    },
    "pick": {"en": "Seat Pick", "pl": "Wybór pozycji", "pt": "Escolha da posição", "fr": "Choix de position"},
}


def playoff_stage(sheet_name: str) -> str | None:
    """`Final`, `Finał`, `Demi-finale` … -> its stage (`final`, `semifinal`); any other sheet name -> None."""
    return PLAYOFF_SHEET_INDEX.get(fold(sheet_name))


_ROUND_NAME = re.compile(r"^(?:{})\s*0*(\d{{1,3}})$".format("|".join(sorted(ROUND_WORDS, key=len, reverse=True))))


def round_number(sheet_name: str) -> int | None:
    """`Round 3`, `R3`, `runda 3`, `Tour 03` -> 3; any other sheet name -> None."""
    match = _ROUND_NAME.match(strip_accents(sheet_name).strip().lower())
    return int(match.group(1)) if match else None


# What `new`, `seat` and `slips` write (docs/rules.md §1, §6, §7): one word per language, in LANGUAGES order
# where a tuple above already lists them so (SETTINGS_SHEETS, PLAYERS_SHEETS).
ROUND_SHEET_WORD = {"en": "Round", "pl": "Runda", "pt": "Rodada", "fr": "Ronde"}
BYE_WORD = {"en": "BYE", "pl": "Pauza", "pt": "Folga", "fr": "Exempt"}
# The columns of a round sheet the tool lays out (`new`, `seat`): the input columns but VP (computed there).
ROUND_HEADERS: dict[str, dict[str, str]] = {field: words for field, words in COLUMN_WORDS.items() if field != "vp"}
# Whole-number range of each count (docs/rules.md §2), for the data validation of new round sheets.
COUNT_RANGES = {
    "settlements": (0, 5),
    "cities": (0, 4),
    "vp_cards": (0, 5),
    "knights": (0, 14),
    "roads": (2, 15),
    "road_length": (0, 15),
}
YES_WORD = {"en": "yes", "pl": "tak", "pt": "sim", "fr": "oui"}
NO_WORD = {"en": "no", "pl": "nie", "pt": "não", "fr": "non"}
# Words of the printed result slips and seating lists (`slips`).
SLIP_WORDS: dict[str, dict[str, str]] = {
    "title": {"en": "Result slips", "pl": "Karty wyników", "pt": "Fichas de resultado", "fr": "Fiches de résultat"},
    "round": ROUND_SHEET_WORD,
    "table": ROUND_HEADERS["table"],
    "seat": ROUND_HEADERS["seat"],
    "player": ROUND_HEADERS["player"],
    "signature": {"en": "Signature", "pl": "Podpis", "pt": "Assinatura", "fr": "Signature"},
    "by_name": {
        "en": "Seating by surname",
        "pl": "Rozsadzenie według nazwisk",
        "pt": "Lugares por sobrenome",
        "fr": "Placement par nom de famille",
    },
    "by_table": {
        "en": "Seating by table",
        "pl": "Rozsadzenie według stołów",
        "pt": "Lugares por mesa",
        "fr": "Placement par table",
    },
    "bye": BYE_WORD,
}


# the Conflicts sheet `merge` keeps (docs/rules.md §5): one row per cell two files disagree on.
CONFLICTS_SHEET = {"en": "Conflicts", "pl": "Konflikty", "pt": "Conflitos", "fr": "Conflits"}
CONFLICTS_SHEET_NAMES = frozenset(fold(n) for n in CONFLICTS_SHEET.values())
CONFLICTS_HEADERS: dict[str, dict[str, str]] = {
    "sheet": PROBLEMS_HEADERS["sheet"],
    "cell": PROBLEMS_HEADERS["cell"],
    "player": STANDINGS_HEADERS["player"],
    "value": {"en": "Value", "pl": "Wartość", "pt": "Valor", "fr": "Valeur"},
    "file": {"en": "File", "pl": "Plik", "pt": "Arquivo", "fr": "Fichier"},
    "other": {"en": "Other value", "pl": "Druga wartość", "pt": "Outro valor", "fr": "Autre valeur"},
    "other_file": {"en": "Other file", "pl": "Drugi plik", "pt": "Outro arquivo", "fr": "Autre fichier"},
    "resolved": {"en": "Resolved", "pl": "Rozstrzygnięty", "pt": "Resolvido", "fr": "Résolu"},
}
CONFLICTS_HEADER_INDEX = {fold(word): key for key, words in CONFLICTS_HEADERS.items() for word in words.values()}

# the hidden sheet `new` and `seat` keep the rounds planned but not laid out in (docs/rules.md §6), named in
# the event's language like every sheet the tool adds; any of these names is read (events written before the
# names were localised have `Seating Plan`).
SEATING_PLAN_SHEET = {"en": "Seating Plan", "pl": "Plan rozsadzenia", "pt": "Plano de mesas", "fr": "Plan de table"}
SEATING_PLAN_SHEET_NAMES = frozenset(fold(n) for n in SEATING_PLAN_SHEET.values())
