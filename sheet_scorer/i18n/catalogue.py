"""The one message catalogue: every line a user can see is a code with its level, the field
whose cell it marks and its template in each language (frictionless-style: code, level, field, {lang: template}).

Levels:

* `error`, `warning` - a problem found in a workbook, shown at a cell (`problems.Problem`: its severity, its
  message, the cell it marks); a count agrees with its noun through `{value:plural:one=…,few=…,many=…,other=…}`
  (CLDR categories by Babel), a code with a variant (`params["variant"]`) has that variant's templates under
  `variants`, and a table-level rule (one problem per table, not per row) says `table=True`;
* `refusal` - a `WorkbookError(key=…, **values)`'s line (the input cannot be read or the command was misused:
  exit 2), or a part of one (a `Phrase`: why a file cannot be written);
* `line` - what a command prints (said by `cli/` only, through `i18n.terminal`).

`WORDS` holds the words the report, the season, the slips and the live pages show around the figures
(`i18n.text.text`, key -> language -> words), and `NOUNS` the nouns said with a number (`i18n.text.count`: "1 błąd", "2 błędy", "5 błędów"). Each language
uses its own quotation marks („…” pl, “…” pt, « … » fr) and is phrased so that no word has to agree with a
player's gender; French is typeset (narrow no-break spaces) when rendered (`i18n.text.typeset`). Rendering lives
elsewhere (`problems` for a Problem, `i18n.text.say` for a refusal or a line); `tests/i18n/test_catalogue.py` checks
that every key the package names is here in all four languages and that no entry is unused.

Every command imports this module: it is plain literals, and importing it only builds the dict.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Literal

Level = Literal["error", "warning", "refusal", "line"]


@dataclass(frozen=True)
class Message:
    """One thing a user can see: how grave it is, which field's cell it marks, and its template in each language."""

    code: str
    level: Level
    templates: dict[str, str]  # lang -> template (en, pl, pt, fr)
    field: str | None = None  # a problem's field whose cell is marked, when not the failing cell's own column
    table: bool = False  # a table-level rule: one problem per table, not per row
    variants: dict[str, dict[str, str]] = dataclass_field(default_factory=dict)  # variant -> lang -> template


def _code(
    code: str,
    level: Level = "error",
    *,
    field: str | None = None,
    table: bool = False,
    variants: dict[str, dict[str, str]] | None = None,
    **templates: str,
) -> Message:
    """A problem code (level error or warning), its templates given by language."""
    return Message(code, level, templates, field, table, variants or {})


CATALOGUE: dict[str, Message] = {
    m.code: m
    for m in [
        # ---- problems shown at a cell (level error or warning) ----
        _code(
            "no-header-row",
            en="no header row found: the sheet needs a row with at least 'Table' and 'Player' headers",
            pl="nie znaleziono wiersza nagłówków: arkusz potrzebuje wiersza z co najmniej nagłówkami „Stół” i „Gracz”",
            pt="nenhuma linha de cabeçalho encontrada: a planilha precisa de uma linha com pelo menos os cabeçalhos “Mesa” e “Jogador”",
            fr="aucune ligne d'en-tête trouvée : la feuille doit avoir une ligne avec au moins les en-têtes « Table » et « Joueur »",
        ),
        _code(
            "missing-column",
            en="the table has no '{column}' column",
            pl="tabela nie ma kolumny „{column}”",
            pt="a tabela não tem a coluna “{column}”",
            fr="le tableau n'a pas de colonne « {column} »",
        ),
        _code(
            "no-score-columns",
            en="the table has neither the game counts (Settlements … Road Length) nor a 'VP' column",
            pl="tabela nie ma ani liczników gry (Osady … Długość drogi), ani kolumny „PZ”",
            pt="a tabela não tem as contagens da partida (Aldeias … Comprimento da estrada) nem uma coluna “PV”",
            fr="le tableau n'a ni les décomptes de la partie (Colonies … Longueur de route) ni de colonne « PV »",
        ),
        _code(
            "duplicate-column",
            en="two columns are headed '{column}' ({cells}); keep one",
            pl="dwie kolumny mają nagłówek „{column}” ({cells}); zostaw jedną",
            pt="duas colunas têm o cabeçalho “{column}” ({cells}); mantenha apenas uma",
            fr="deux colonnes ont l'en-tête « {column} » ({cells}) ; n'en gardez qu'une",
        ),
        _code(
            "bad-setting",
            en="the setting '{key}' is '{value}', which is not a valid value",
            pl="ustawienie „{key}” ma nieprawidłową wartość „{value}”",
            pt="a configuração “{key}” tem o valor “{value}”, que não é válido",
            fr="le paramètre « {key} » vaut « {value} », ce qui n'est pas une valeur valide",
        ),
        _code(
            "no-room-for-columns",
            en="the sheet has something as far right as column {column}, so the computed columns do not fit to the right of the table; clear what is far to the right, then score it again",
            pl="arkusz ma coś aż w kolumnie {column}, więc kolumny wyliczone nie mieszczą się na prawo od tabeli; wyczyść to, co jest daleko po prawej, i policz ponownie",
            pt="a planilha tem algo até a coluna {column}, e as colunas calculadas não cabem à direita da tabela; apague o que está muito à direita e pontue de novo",
            fr="la feuille contient quelque chose jusqu'à la colonne {column} : les colonnes calculées ne tiennent pas à droite du tableau ; effacez ce qui est loin à droite, puis recomptez",
        ),
        _code(
            "duplicate-round",
            en="round {round} is also on sheet '{other}'; this sheet is not scored",
            pl="runda {round} jest także w arkuszu „{other}”; ten arkusz nie jest liczony",
            pt="a rodada {round} também está na planilha “{other}”; esta planilha não é pontuada",
            fr="la ronde {round} figure aussi sur la feuille « {other} » ; cette feuille n'est pas comptée",
        ),
        _code(
            "duplicate-playoff",
            en="sheet '{other}' is already this playoff stage; this sheet is not scored",
            pl="arkusz „{other}” jest już tym etapem fazy finałowej; ten arkusz nie jest liczony",
            pt="a planilha “{other}” já é esta fase dos playoffs; esta planilha não é pontuada",
            fr="la feuille « {other} » est déjà cette phase finale ; cette feuille n'est pas comptée",
        ),
        _code(
            "table-not-reported",
            "warning",
            en="table {table} is not reported yet ({players}); it is scored once its results are entered",
            pl="stół {table} nie ma jeszcze wyników ({players}); zostanie policzony, gdy zostaną wpisane",
            pt="a mesa {table} ainda não tem resultados ({players}); será pontuada quando forem lançados",
            fr="la table {table} n'a pas encore de résultats ({players}) ; elle sera comptée dès qu'ils seront saisis",
        ),
        # settings and adjustments (docs/rules.md §7, §8)
        _code(
            "unknown-setting",
            "warning",
            en="'{key}' is not a setting this tool knows; it is not used",
            pl="„{key}” nie jest ustawieniem znanym programowi; nie jest używane",
            pt="“{key}” não é uma configuração conhecida; não é usada",
            fr="« {key} » n'est pas un paramètre connu ; il n'est pas utilisé",
        ),
        _code(
            "bad-tiebreaker",
            en="'{value}' in '{key}' is not a tie-breaker; use any of: {valid}",
            pl="„{value}” w „{key}” nie jest kryterium rozstrzygania remisów; dozwolone: {valid}",
            pt="“{value}” em “{key}” não é um critério de desempate; use: {valid}",
            fr="« {value} » dans « {key} » n'est pas un critère de départage ; utilisez : {valid}",
        ),
        _code(
            "bad-playoff-size",
            en="the setting '{key}' is {value}; the playoffs take {valid} players (0 or empty: no playoffs)",
            pl="ustawienie „{key}” ma wartość {value}; do fazy finałowej przechodzi {valid} osób (0 lub puste: bez fazy finałowej)",
            pt="a configuração “{key}” é {value}; os playoffs levam {valid} jogadores (0 ou vazio: sem playoffs)",
            fr="le paramètre « {key} » vaut {value} ; les phases finales prennent {valid} joueurs (0 ou vide : pas de phases finales)",
        ),
        _code(
            "bad-active",
            en="{player}: '{column}' is '{value}', which is neither yes nor no (no, withdrawn, dropped: not playing any more)",
            pl="{player}: w polu „{column}” wpisano „{value}”, a to ani tak, ani nie (nie, wycofany, rezygnacja: już nie gra)",
            pt="{player}: o campo “{column}” contém “{value}”, que não é sim nem não (não, desistiu, retirado: não joga mais)",
            fr="{player} : la case « {column} » contient « {value} », qui n'est ni oui ni non (non, abandon, forfait : ne joue plus)",
        ),
        _code(
            "bad-ranking",
            en="the setting '{key}' is '{value}'; use one of: {valid}",
            pl="ustawienie „{key}” ma wartość „{value}”; dozwolone: {valid}",
            pt="a configuração “{key}” é “{value}”; use um de: {valid}",
            fr="le paramètre « {key} » vaut « {value} » ; utilisez l'un de : {valid}",
        ),
        _code(
            "adjustments-no-header",
            en="no header row found: the sheet needs a row with at least 'Player' and 'Points' headers",
            pl="nie znaleziono wiersza nagłówków: arkusz potrzebuje wiersza z co najmniej nagłówkami „Gracz” i „Punkty”",
            pt="nenhuma linha de cabeçalho: a planilha precisa de uma linha com pelo menos “Jogador” e “Pontos”",
            fr="aucune ligne d'en-tête : la feuille doit avoir une ligne avec au moins « Joueur » et « Points »",
        ),
        _code(
            "adjustment-no-player",
            en="row {row} has an adjustment but no player name",
            pl="wiersz {row} ma korektę, ale nie ma nazwiska gracza",
            pt="a linha {row} tem um ajuste mas nenhum nome de jogador",
            fr="la ligne {row} a un ajustement mais pas de nom de joueur",
        ),
        _code(
            "adjustment-points",
            en="{player}: the adjustment '{value}' is not a number of points",
            pl="{player}: korekta „{value}” nie jest liczbą punktów",
            pt="{player}: o ajuste “{value}” não é um número de pontos",
            fr="{player} : l'ajustement « {value} » n'est pas un nombre de points",
        ),
        _code(
            "adjustment-unknown-player",
            en="{player} plays in no round and is not on the Players sheet",
            pl="{player}: tego nazwiska nie ma w żadnej rundzie ani w arkuszu „Gracze”",
            pt="{player}: esse nome não joga em nenhuma rodada e não está na planilha “Jogadores”",
            fr="{player} : ce nom ne joue dans aucune ronde et ne figure pas sur la feuille « Joueurs »",
        ),
        _code(
            "adjustment-unknown-round",
            en="{player}: there is no round {value}",
            pl="{player}: nie ma rundy {value}",
            pt="{player}: não existe a rodada {value}",
            fr="{player} : il n'y a pas de ronde {value}",
        ),
        # cells
        _code(
            "empty-cell",
            en="{player}: {column} is empty",
            pl="{player}: pole „{column}” jest puste",
            pt="{player}: o campo “{column}” está vazio",
            fr="{player} : la case « {column} » est vide",
        ),
        _code(
            "not-a-number",
            en="{player}: {column} is '{value}', which is not a number",
            pl="{player}: w polu „{column}” wpisano „{value}”, a to nie jest liczba",
            pt="{player}: o campo “{column}” contém “{value}”, que não é um número",
            fr="{player} : la case « {column} » contient « {value} », qui n'est pas un nombre",
        ),
        _code(
            "not-whole-number",
            en="{player}: {column} is {value}, but it must be a whole number",
            pl="{player}: w polu „{column}” wpisano {value}, a musi tam być liczba całkowita",
            pt="{player}: o campo “{column}” contém {value}, mas deve ser um número inteiro",
            fr="{player} : la case « {column} » contient {value}, mais doit contenir un nombre entier",
        ),
        _code(
            "date-value",
            en="{player}: {column} holds a date ({value}), not a count",
            pl="{player}: w polu „{column}” jest data ({value}), a nie liczba",
            pt="{player}: o campo “{column}” contém uma data ({value}), não uma contagem",
            fr="{player} : la case « {column} » contient une date ({value}), pas un nombre",
        ),
        _code(
            "error-value",
            en="{player}: {column} holds the spreadsheet error {value}",
            pl="{player}: w polu „{column}” jest błąd arkusza {value}",
            pt="{player}: o campo “{column}” contém o erro de planilha {value}",
            fr="{player} : la case « {column} » contient l'erreur de tableur {value}",
        ),
        _code(
            "formula-no-value",
            en="{player}: {column} is a formula with no saved value; open and save the file in Excel or LibreOffice, then score it again",
            pl="{player}: w polu „{column}” jest formuła bez zapisanej wartości; otwórz i zapisz plik w Excelu lub LibreOffice, a potem policz go ponownie",
            pt="{player}: o campo “{column}” é uma fórmula sem valor salvo; abra e salve o arquivo no Excel ou no LibreOffice e pontue-o novamente",
            fr="{player} : la case « {column} » est une formule sans valeur enregistrée ; ouvrez et enregistrez le fichier dans Excel ou LibreOffice, puis relancez le calcul",
        ),
        _code(
            "bad-flag",
            en="{player}: {column} is '{value}'; mark it with x (or yes/true/1) or leave it empty",
            pl="{player}: w polu „{column}” wpisano „{value}”; zaznacz je znakiem x (albo tak/1) lub zostaw puste",
            pt="{player}: o campo “{column}” contém “{value}”; marque com x (ou sim/1) ou deixe vazio",
            fr="{player} : la case « {column} » contient « {value} » ; cochez-la avec x (ou oui/1) ou laissez-la vide",
        ),
        _code(
            "bad-table",
            en="{player}: the table number '{value}' is not a whole number of 1 or more",
            pl="{player}: numer stołu „{value}” nie jest liczbą całkowitą od 1 wzwyż",
            pt="{player}: o número da mesa “{value}” não é um número inteiro igual ou maior que 1",
            fr="{player} : le numéro de table « {value} » n'est pas un nombre entier supérieur ou égal à 1",
        ),
        _code(
            "empty-name",
            en="row {row} has game counts but no player name",
            pl="wiersz {row}: są liczniki gry, ale nie ma nazwiska gracza",
            pt="a linha {row} tem contagens da partida, mas nenhum nome de jogador",
            fr="la ligne {row} a des décomptes de partie mais pas de nom de joueur",
        ),
        # row rules (docs/rules.md §2)
        _code(
            "seat-range",
            field="seat",
            en="{player}: seat {value} does not exist at a table of {size}",
            pl="{player}: pozycji {value} nie ma przy stole na {size}",
            pt="{player}: a posição {value} não existe em uma mesa de {size}",
            fr="{player} : la position {value} n'existe pas à une table de {size}",
        ),
        _code(
            "seat-duplicate",
            field="seat",
            en="{player}: seat {value} is taken by another player at table {table}",
            pl="{player}: pozycja {value} przy stole {table} jest już zajęta",
            pt="{player}: a posição {value} da mesa {table} já está ocupada",
            fr="{player} : la position {value} à la table {table} est déjà prise",
        ),
        _code(
            "settlements-range",
            en="{player}: {value:plural:one=settlement,other=settlements}, but a player has 0 to 5",
            pl="{player}: wpisano {value:plural:one=osadę,few=osady,many=osad,other=osady}, a można mieć od 0 do 5",
            pt="{player}: {value:plural:one=aldeia,other=aldeias}, mas cada jogador tem de 0 a 5",
            fr="{player} : {value:plural:one=colonie,other=colonies}, mais chaque joueur en a de 0 à 5",
        ),
        _code(
            "settlements-min",
            field="settlements",
            en="{player}: {value:plural:one=settlement,other=settlements} and no city, but a player keeps at least 2 settlements",
            pl="{player}: wpisano {value:plural:one=osadę,few=osady,many=osad,other=osady} i żadnego miasta, a bez miast zostają co najmniej 2 osady",
            pt="{player}: {value:plural:one=aldeia,other=aldeias} e nenhuma cidade, mas sem cidades restam pelo menos 2 aldeias",
            fr="{player} : {value:plural:one=colonie,other=colonies} et aucune ville, mais sans ville il reste au moins 2 colonies",
        ),
        _code(
            "cities-range",
            en="{player}: {value:plural:one=city,other=cities}, but a player has 0 to 4",
            pl="{player}: wpisano {value:plural:one=miasto,few=miasta,many=miast,other=miasta}, a można mieć od 0 do 4",
            pt="{player}: {value:plural:one=cidade,other=cidades}, mas cada jogador tem de 0 a 4",
            fr="{player} : {value:plural:one=ville,other=villes}, mais chaque joueur en a de 0 à 4",
        ),
        _code(
            "vp-cards-range",
            en="{player}: {value:plural:one=VP card,other=VP cards}, but a player has 0 to 5",
            pl="{player}: wpisano {value:plural:one=kartę PZ,few=karty PZ,many=kart PZ,other=karty PZ}, a można mieć od 0 do 5",
            pt="{player}: {value:plural:one=carta PV,other=cartas PV}, mas cada jogador tem de 0 a 5",
            fr="{player} : {value:plural:one=carte PV,other=cartes PV}, mais chaque joueur en a de 0 à 5",
        ),
        _code(
            "knights-range",
            en="{player}: {value:plural:one=knight,other=knights} played, but the deck has 0 to 14",
            pl="{player}: wpisano {value:plural:one=zagranego rycerza,few=zagranych rycerzy,many=zagranych rycerzy,other=zagranego rycerza}, a w talii jest ich 14",
            pt="{player}: {value:plural:one=cavaleiro jogado,other=cavaleiros jogados}, mas o baralho tem 14",
            fr="{player} : {value:plural:one=chevalier joué,other=chevaliers joués}, mais la pioche en compte 14",
        ),
        _code(
            "roads-range",
            en="{player}: {value:plural:one=road,other=roads} built, but a player builds 2 to 15",
            pl="{player}: wpisano {value:plural:one=zbudowaną drogę,few=zbudowane drogi,many=zbudowanych dróg,other=zbudowanej drogi}, a buduje się od 2 do 15",
            pt="{player}: {value:plural:one=estrada construída,other=estradas construídas}, mas cada jogador constrói de 2 a 15",
            fr="{player} : {value:plural:one=route construite,other=routes construites}, mais chaque joueur en construit de 2 à 15",
        ),
        _code(
            "road-length-range",
            field="road_length",
            en="{player}: road length {value} is more than the {roads:plural:one=road,other=roads} built",
            pl="{player}: długość drogi {value} przekracza liczbę zbudowanych dróg ({roads})",
            pt="{player}: o comprimento da estrada, {value}, é maior que o número de estradas construídas ({roads})",
            fr="{player} : la longueur de route {value} dépasse le nombre de routes construites ({roads})",
        ),
        _code(
            "vp-range",
            en="{player}: {value} VP, but a player ends a game with 2 to 22 (2 settlements or a city at least)",
            pl="{player}: wpisano {value} PZ, a grę kończy się z 2 do 22 PZ (co najmniej 2 osady albo miasto)",
            pt="{player}: {value} PV, mas uma partida termina com 2 a 22 (pelo menos 2 aldeias ou uma cidade)",
            fr="{player} : {value} PV, mais une partie se termine avec 2 à 22 PV (au moins 2 colonies ou une ville)",
        ),
        _code(
            "vp-mismatch",
            field="vp",
            en="{player}: VP entered as {value}, but the counts give {computed}; the entered value is kept, check the counts",
            pl="{player}: wpisano {value} PZ, ale z liczników wychodzi {computed}; wpisana wartość zostaje, sprawdź liczniki",
            pt="{player}: PV informados como {value}, mas as contagens dão {computed}; o valor informado é mantido, confira as contagens",
            fr="{player} : PV saisis à {value}, mais les décomptes donnent {computed} ; la valeur saisie est conservée, vérifiez les décomptes",
        ),
        # table rules (docs/rules.md §2, §3)
        _code(
            "table-size",
            field="table",
            table=True,
            en="table {table} has {size:plural:one=player,other=players}; a table has 3 or 4",
            pl="liczba graczy przy stole {table}: {size}; przy stole gra 3 lub 4 graczy",
            pt="a mesa {table} tem {size:plural:one=jogador,other=jogadores}; uma mesa tem 3 ou 4",
            fr="la table {table} a {size:plural:one=joueur,other=joueurs} ; une table en compte 3 ou 4",
        ),
        _code(
            "table-vp-cards",
            field="vp_cards",
            table=True,
            en="{player}: VP cards at table {table} add up to {value}; the deck has 5",
            pl="{player}: karty PZ przy stole {table}: razem {value}, a w talii jest ich 5",
            pt="{player}: as cartas PV da mesa {table} somam {value}; o baralho tem 5",
            fr="{player} : les cartes PV de la table {table} totalisent {value} ; la pioche en contient 5",
        ),
        _code(
            "table-knights",
            field="knights",
            table=True,
            en="{player}: knights at table {table} add up to {value}; the deck has 14",
            pl="{player}: zagrani rycerze przy stole {table}: razem {value}, a w talii jest ich 14",
            pt="{player}: os cavaleiros da mesa {table} somam {value}; o baralho tem 14",
            fr="{player} : les chevaliers de la table {table} totalisent {value} ; la pioche en contient 14",
        ),
        _code(
            "army-tie-unmarked",
            field="army_first",
            table=True,
            en="table {table}: {players} tie for Largest Army with {value:plural:one=knight,other=knights}; mark exactly one of them '{column}'",
            pl="stół {table}: remis o Największą Armię ({value:plural:one=rycerz,few=rycerze,many=rycerzy,other=rycerza}) między: {players}; zaznacz w kolumnie „{column}” dokładnie jedną z tych osób",
            pt="mesa {table}: empate no Maior Exército ({value:plural:one=cavaleiro,other=cavaleiros}) entre {players}; marque exatamente uma dessas pessoas em “{column}”",
            fr="table {table} : égalité pour l'Armée la plus puissante ({value:plural:one=chevalier,other=chevaliers}) entre {players} ; cochez « {column} » pour une seule de ces personnes",
        ),
        _code(
            "army-tie-multiple",
            field="army_first",
            table=True,
            en="table {table}: {players} are {count:pick:2=both,other=all} marked '{column}'; mark only the one who took Largest Army first",
            pl="stół {table}: kolumna „{column}” jest zaznaczona u {count:pick:2=obu osób,other=kilku osób} ({players}); zaznacz tylko tę, która pierwsza zdobyła Największą Armię",
            pt="mesa {table}: “{column}” está marcado para {count:pick:2=as duas pessoas,other=várias pessoas} ({players}); marque apenas quem conquistou o Maior Exército primeiro",
            fr="table {table} : « {column} » est coché pour {count:pick:2=les deux personnes,other=plusieurs personnes} ({players}) ; cochez seulement la personne qui a obtenu l'Armée la plus puissante en premier",
        ),
        _code(
            "army-first-not-leader",
            field="army_first",
            en="{player} is marked '{column}' but is not tied for the most knights (3 or more)",
            pl="{player}: zaznaczono „{column}”, a zaznacza się to tylko przy remisie o najwięcej rycerzy (co najmniej 3)",
            pt="{player}: “{column}” está marcado, mas só se marca em um empate com mais cavaleiros (3 ou mais)",
            fr="{player} : « {column} » est coché, mais il ne se coche qu'en cas d'égalité pour le plus de chevaliers (3 ou plus)",
        ),
        _code(
            "road-tie-unmarked",
            field="road_first",
            table=True,
            en="table {table}: {players} tie for Longest Road at length {value}; mark exactly one of them '{column}'",
            pl="stół {table}: remis o Najdłuższą Drogę (długość {value}) między: {players}; zaznacz w kolumnie „{column}” dokładnie jedną z tych osób",
            pt="mesa {table}: empate na Maior Estrada (comprimento {value}) entre {players}; marque exatamente uma dessas pessoas em “{column}”",
            fr="table {table} : égalité pour la Route la plus longue (longueur {value}) entre {players} ; cochez « {column} » pour une seule de ces personnes",
        ),
        _code(
            "road-tie-multiple",
            field="road_first",
            table=True,
            en="table {table}: {players} are {count:pick:2=both,other=all} marked '{column}'; mark only the one who took Longest Road first",
            pl="stół {table}: kolumna „{column}” jest zaznaczona u {count:pick:2=obu osób,other=kilku osób} ({players}); zaznacz tylko tę, która pierwsza zdobyła Najdłuższą Drogę",
            pt="mesa {table}: “{column}” está marcado para {count:pick:2=as duas pessoas,other=várias pessoas} ({players}); marque apenas quem conquistou a Maior Estrada primeiro",
            fr="table {table} : « {column} » est coché pour {count:pick:2=les deux personnes,other=plusieurs personnes} ({players}) ; cochez seulement la personne qui a obtenu la Route la plus longue en premier",
        ),
        _code(
            "road-first-not-leader",
            field="road_first",
            en="{player} is marked '{column}' but is not tied for the longest road (5 or more)",
            pl="{player}: zaznaczono „{column}”, a zaznacza się to tylko przy remisie o najdłuższą drogę (co najmniej 5)",
            pt="{player}: “{column}” está marcado, mas só se marca em um empate com a maior estrada (5 ou mais)",
            fr="{player} : « {column} » est coché, mais il ne se coche qu'en cas d'égalité pour la route la plus longue (5 ou plus)",
        ),
        _code(
            "declared-missing",
            field="declared",
            table=True,
            en="table {table}: {players} reached {target} VP; mark the one who declared victory in '{column}'",
            pl="stół {table}: co najmniej {target} PZ mają: {players}; zaznacz w kolumnie „{column}” jedną osobę, tę, która zgłosiła zwycięstwo",
            pt="mesa {table}: {players} têm {target} PV ou mais; marque em “{column}” quem declarou a vitória",
            fr="table {table} : {players} ont au moins {target} PV ; cochez « {column} » pour la personne qui a déclaré la victoire",
            variants={
                "target_hint": dict(
                    en="table {table}: {players} reached {target} VP; mark the one who declared victory in '{column}'; if this event plays to {hint_target} (Cities & Knights), set Victory Target in Settings",
                    pl="stół {table}: co najmniej {target} PZ mają: {players}; zaznacz w kolumnie „{column}” jedną osobę, tę, która zgłosiła zwycięstwo; jeśli gra się do {hint_target} (Miasta i Rycerze), ustaw „Próg zwycięstwa” w arkuszu Ustawienia",
                    pt="mesa {table}: {players} têm {target} PV ou mais; marque em “{column}” quem declarou a vitória; se este evento vai até {hint_target} (Cidades e Cavaleiros), defina a Meta de vitória nas Configurações",
                    fr="table {table} : {players} ont au moins {target} PV ; cochez « {column} » pour la personne qui a déclaré la victoire ; si cet événement se joue en {hint_target} (Villes et Chevaliers), réglez l'Objectif de victoire dans les Paramètres",
                ),
            },
        ),
        _code(
            "flag-column-missing",
            en="table {table}: {players} need a mark in the '{column}' column, but this sheet has no such column; add it to the header row",
            pl="stół {table}: trzeba zaznaczyć kolumnę „{column}” ({players}), ale arkusz nie ma takiej kolumny; dodaj ją w wierszu nagłówków",
            pt="mesa {table}: é preciso marcar a coluna “{column}” ({players}), mas esta planilha não tem essa coluna; acrescente-a à linha de cabeçalho",
            fr="table {table} : il faut cocher la colonne « {column} » ({players}), mais cette feuille n'a pas cette colonne ; ajoutez-la à la ligne d'en-tête",
            variants={
                "target_hint": dict(
                    en="table {table}: {players} need a mark in the '{column}' column, but this sheet has no such column; add it to the header row, or, if this event plays to {hint_target} (Cities & Knights), set Victory Target in Settings",
                    pl="stół {table}: trzeba zaznaczyć kolumnę „{column}” ({players}), ale arkusz nie ma takiej kolumny; dodaj ją w wierszu nagłówków albo, jeśli gra się do {hint_target} (Miasta i Rycerze), ustaw „Próg zwycięstwa” w arkuszu Ustawienia",
                    pt="mesa {table}: é preciso marcar a coluna “{column}” ({players}), mas esta planilha não tem essa coluna; acrescente-a à linha de cabeçalho ou, se este evento vai até {hint_target} (Cidades e Cavaleiros), defina a Meta de vitória nas Configurações",
                    fr="table {table} : il faut cocher la colonne « {column} » ({players}), mais cette feuille n'a pas cette colonne ; ajoutez-la à la ligne d'en-tête ou, si cet événement se joue en {hint_target} (Villes et Chevaliers), réglez l'Objectif de victoire dans les Paramètres",
                ),
            },
        ),
        _code(
            "declared-multiple",
            field="declared",
            table=True,
            en="table {table}: {players} are {count:pick:2=both,other=all} marked as having declared victory; only one can",
            pl="stół {table}: zgłoszenie zwycięstwa jest zaznaczone u {count:pick:2=obu osób,other=kilku osób} ({players}); zgłosić je może tylko jedna",
            pt="mesa {table}: a vitória declarada está marcada para {count:pick:2=as duas pessoas,other=várias pessoas} ({players}); só uma pode declarar",
            fr="table {table} : la victoire déclarée est cochée pour {count:pick:2=les deux personnes,other=plusieurs personnes} ({players}) ; une seule peut la déclarer",
        ),
        _code(
            "declared-below-target",
            field="declared",
            en="{player} is marked as having declared victory with {value} VP, below the target of {target}",
            pl="{player}: zaznaczono zgłoszenie zwycięstwa przy {value} PZ, poniżej progu {target} PZ",
            pt="{player}: vitória declarada marcada com {value} PV, abaixo da meta de {target}",
            fr="{player} : victoire déclarée cochée avec {value} PV, sous l'objectif de {target}",
        ),
        _code(
            "no-target",
            "warning",
            field="vp",
            table=True,
            en="table {table}: nobody reached {target} VP; scored anyway",
            pl="stół {table}: nikt nie ma {target} PZ; wynik mimo to policzono",
            pt="mesa {table}: ninguém chegou a {target} PV; pontuada mesmo assim",
            fr="table {table} : personne n'a atteint {target} PV ; comptée quand même",
        ),
        _code(
            "duplicate-player",
            field="player",
            en="{player} is also on row {other} of this round; a player plays once per round",
            pl="{player}: to samo nazwisko jest w wierszu {other} tej rundy; w każdej rundzie gra się raz",
            pt="{player}: o mesmo nome está na linha {other} desta rodada; cada pessoa joga uma vez por rodada",
            fr="{player} : le même nom figure à la ligne {other} de cette ronde ; chaque personne joue une fois par ronde",
        ),
        _code(
            "unregistered-player",
            field="player",
            en="{player} is not on the Players sheet",
            pl="{player}: tej osoby nie ma w arkuszu „Gracze”",
            pt="{player}: esse nome não está na planilha “Jogadores”",
            fr="{player} : ce nom ne figure pas sur la feuille « Joueurs »",
            variants={
                "closest": dict(
                    en="{player} is not on the Players sheet; did you mean '{other}'?",
                    pl="{player}: tej osoby nie ma w arkuszu „Gracze”; czy chodziło o „{other}”?",
                    pt="{player}: esse nome não está na planilha “Jogadores”; você quis dizer “{other}”?",
                    fr="{player} : ce nom ne figure pas sur la feuille « Joueurs » ; vouliez-vous dire « {other} » ?",
                ),
            },
        ),
        _code(
            "name-similar",
            "warning",
            en="did you mean '{other}'? '{player}' is spelt almost the same and never plays in a round that '{other}' plays in",
            pl="czy chodziło o „{other}”? Zapis „{player}” jest prawie taki sam, a oba nigdy nie występują w tej samej rundzie",
            pt="você quis dizer “{other}”? “{player}” se escreve quase igual e nunca joga numa rodada em que “{other}” joga",
            fr="vouliez-vous dire « {other} » ? « {player} » s'écrit presque pareil et ne joue jamais dans une ronde où « {other} » joue",
        ),
        _code(
            "name-spelling",
            "warning",
            en="{player} is also spelt '{other}' (sheet '{other_sheet}'); use one spelling",
            pl="„{player}” i „{other}” (arkusz „{other_sheet}”) różnią się tylko wielkością liter lub znakami diakrytycznymi; używaj jednej pisowni",
            pt="“{player}” e “{other}” (planilha “{other_sheet}”) só diferem em maiúsculas ou acentos; use uma única grafia",
            fr="« {player} » et « {other} » (feuille « {other_sheet} ») ne diffèrent que par les majuscules ou les accents ; utilisez une seule orthographe",
        ),
        _code(
            "hidden-row",
            "warning",
            en="{player}: this row is hidden; it is scored all the same",
            pl="{player}: ten wiersz jest ukryty; mimo to jest liczony",
            pt="{player}: esta linha está oculta; é pontuada mesmo assim",
            fr="{player} : cette ligne est masquée ; elle est comptée quand même",
        ),
        _code(
            "bye-with-scores",
            en="{player} has a bye but game counts are filled in; clear them or give a table number",
            pl="{player}: pauza, a liczniki gry są wypełnione; wyczyść je albo wpisz numer stołu",
            pt="{player}: folga, mas as contagens da partida estão preenchidas; apague-as ou informe um número de mesa",
            fr="{player} : exempt, mais les décomptes de partie sont remplis ; effacez-les ou indiquez un numéro de table",
        ),
        _code(
            "bye-no-name",
            en="row {row} is a bye but has no player name",
            pl="wiersz {row} to pauza bez nazwiska gracza",
            pt="a linha {row} é uma folga sem nome de jogador",
            fr="la ligne {row} est une exemption sans nom de joueur",
        ),
        # a merge conflict stays until resolved (docs/rules.md §5)
        _code(
            "merge-conflict",
            en="{player}: the files disagree: {value} in {file}, {other} in {other_file}; type the agreed value, then mark row {line} of '{conflicts_sheet}' resolved",
            pl="{player}: pliki się różnią: {value} w {file}, {other} w {other_file}; wpisz uzgodnioną wartość, potem oznacz wiersz {line} arkusza „{conflicts_sheet}” jako rozstrzygnięty",
            pt="{player}: os arquivos divergem: {value} em {file}, {other} em {other_file}; digite o valor acordado e marque a linha {line} de “{conflicts_sheet}” como resolvida",
            fr="{player} : les fichiers divergent : {value} dans {file}, {other} dans {other_file} ; saisissez la valeur convenue, puis marquez la ligne {line} de « {conflicts_sheet} » comme résolue",
        ),
        # ---- season problems: found in the season workbook or across events; `season.model.Note` ----
        _code(
            "season_alias_both",
            "warning",
            en="“{name}” and “{other}” both play in {event}, but the Aliases sheet makes them one person; the better finish counts",
            pl="„{name}” i „{other}” grają w turnieju {event}, a arkusz Aliasy czyni z nich jedną osobę; liczy się lepsze miejsce",
            pt="“{name}” e “{other}” jogam em {event}, mas a planilha Variantes os torna uma só pessoa; conta a melhor colocação",
            fr="« {name} » et « {other} » jouent tous deux à {event}, mais la feuille Alias en fait une seule personne ; le meilleur classement compte",
        ),
        _code(
            "season_alias_nobody",
            en="“{name}” names nobody in the season's events",
            pl="„{name}” nie wskazuje nikogo z turniejów sezonu",
            pt="“{name}” não indica ninguém dos eventos da temporada",
            fr="« {name} » ne désigne personne des tournois de la saison",
        ),
        _code(
            "season_alias_nobody_closest",
            en="“{name}” names nobody in the season's events; did you mean “{other}”?",
            pl="„{name}” nie wskazuje nikogo z turniejów sezonu; czy chodziło o „{other}”?",
            pt="“{name}” não indica ninguém dos eventos da temporada; você quis dizer “{other}”?",
            fr="« {name} » ne désigne personne des tournois de la saison ; vouliez-vous dire « {other} » ?",
        ),
        _code(
            "season_alias_incomplete",
            en="an alias needs both a Name and a Same as; this row is not used",
            pl="alias potrzebuje obu komórek, Nazwisko i To samo co; ten wiersz nie jest użyty",
            pt="uma variante precisa de Nome e de Mesmo que; esta linha não é usada",
            fr="un alias demande un Nom et un Même que ; cette ligne n'est pas utilisée",
        ),
        _code(
            "season_points_no_header",
            en="no header row: the sheet needs a row with “Place” and “Points”",
            pl="brak wiersza nagłówka: arkusz potrzebuje wiersza z „Miejsce” i „Punkty”",
            pt="nenhuma linha de cabeçalho: a planilha precisa de uma linha com “Colocação” e “Pontos”",
            fr="aucune ligne d'en-tête : la feuille doit avoir une ligne avec « Place » et « Points »",
        ),
        _code(
            "season_aliases_no_header",
            en="no header row: the sheet needs a row with “Name” and “Same as”",
            pl="brak wiersza nagłówka: arkusz potrzebuje wiersza z „Nazwisko” i „To samo co”",
            pt="nenhuma linha de cabeçalho: a planilha precisa de uma linha com “Nome” e “Mesmo que”",
            fr="aucune ligne d'en-tête : la feuille doit avoir une ligne avec « Nom » et « Même que »",
        ),
        _code(
            "season_bad_place",
            en="the place “{value}” is not a whole number from 1 up",
            pl="miejsce „{value}” nie jest liczbą całkowitą od 1 wzwyż",
            pt="a colocação “{value}” não é um número inteiro a partir de 1",
            fr="la place « {value} » n'est pas un nombre entier à partir de 1",
        ),
        _code(
            "season_bad_points",
            en="the points “{value}” are not a number",
            pl="punkty „{value}” nie są liczbą",
            pt="os pontos “{value}” não são um número",
            fr="les points « {value} » ne sont pas un nombre",
        ),
        _code(
            "season_duplicate_place",
            en="place {value} is given twice; the first row is used",
            pl="miejsce {value} podano dwa razy; liczy się pierwszy wiersz",
            pt="a colocação {value} aparece duas vezes; vale a primeira linha",
            fr="la place {value} figure deux fois ; la première ligne compte",
        ),
        _code(
            "season_name_similar",
            "warning",
            en="did you mean “{other}” ({other_event})? “{player}” ({event}) is spelt almost the same and never plays in an event where “{other}” plays; if they are one person, add the row “{player}” | “{other}” under the headers Name | Same as to an Aliases sheet in a settings workbook of its own, and pass that file with --settings FILE",
            pl="czy chodziło o „{other}” ({other_event})? „{player}” ({event}) pisze się prawie tak samo i nigdy nie gra w turnieju, w którym gra „{other}”; jeśli to jedna osoba, dodaj wiersz „{player}” | „{other}” pod nagłówkami Nazwisko | To samo co w arkuszu Aliasy osobnego skoroszytu ustawień i podaj ten plik przez --settings PLIK",
            pt="você quis dizer “{other}” ({other_event})? “{player}” ({event}) se escreve quase igual e nunca joga num evento em que “{other}” joga; se for a mesma pessoa, acrescente a linha “{player}” | “{other}” sob os cabeçalhos Nome | Mesmo que a uma planilha Variantes numa pasta de trabalho de configurações à parte, e passe esse arquivo com --settings ARQUIVO",
            fr="vouliez-vous dire « {other} » ({other_event}) ? « {player} » ({event}) s'écrit presque pareil et ne joue jamais dans un tournoi où « {other} » joue ; s'il s'agit d'une seule personne, ajoutez la ligne « {player} » | « {other} » sous les en-têtes Nom | Même que à une feuille Alias d'un classeur de paramètres à part, et passez ce fichier avec --settings FICHIER",
        ),
        _code(
            "season_name_spelling",
            "warning",
            en="“{player}” ({event}) and “{other}” ({other_event}) differ only in case or accents; they are counted as two players until the row “{player}” | “{other}” under the headers Name | Same as, in an Aliases sheet of a settings workbook of its own passed with --settings FILE, joins them",
            pl="„{player}” ({event}) i „{other}” ({other_event}) różnią się tylko wielkością liter lub znakami diakrytycznymi; liczone są jako dwie osoby, dopóki ich nie połączy wiersz „{player}” | „{other}” pod nagłówkami Nazwisko | To samo co w arkuszu Aliasy osobnego skoroszytu ustawień, podanego przez --settings PLIK",
            pt="“{player}” ({event}) e “{other}” ({other_event}) só diferem em maiúsculas ou acentos; contam como dois jogadores até que os una a linha “{player}” | “{other}” sob os cabeçalhos Nome | Mesmo que, numa planilha Variantes de uma pasta de trabalho de configurações à parte, passada com --settings ARQUIVO",
            fr="« {player} » ({event}) et « {other} » ({other_event}) ne diffèrent que par les majuscules ou les accents ; ils comptent comme deux joueurs tant que ne les réunit pas la ligne « {player} » | « {other} » sous les en-têtes Nom | Même que, dans une feuille Alias d'un classeur de paramètres à part, passé avec --settings FICHIER",
        ),
        # ---- refusals (a WorkbookError's line, exit 2, and the parts of one) and terminal lines ----
        Message(
            "summary",
            "line",
            {
                "en": "{tournament}: {players}, {rounds}, {scored} of {tables} tables scored, {errors}, {warnings}",
                "pl": "{tournament}: {players}, {rounds}, policzone stoły: {scored} z {tables}, {errors}, {warnings}",
                "pt": "{tournament}: {players}, {rounds}, {scored} de {tables} mesas pontuadas, {errors}, {warnings}",
                "fr": "{tournament} : {players}, {rounds}, {scored} tables comptées sur {tables}, {errors}, {warnings}",
            },
        ),
        # playoffs in the summary, the champion, one problem a line
        Message(
            "summary_playoffs",
            "line",
            {
                "en": "{tournament}: {players}, {rounds}, {scored} of {tables} tables scored ({playoffs}), {errors}, {warnings}",
                "pl": "{tournament}: {players}, {rounds}, policzone stoły: {scored} z {tables} ({playoffs}), {errors}, {warnings}",
                "pt": "{tournament}: {players}, {rounds}, {scored} de {tables} mesas pontuadas ({playoffs}), {errors}, {warnings}",
                "fr": "{tournament} : {players}, {rounds}, {scored} tables comptées sur {tables} ({playoffs}), {errors}, {warnings}",
            },
        ),
        Message(
            "champion",
            "line",
            {
                "en": "Champion: {player}",
                "pl": "Mistrz turnieju: {player}",
                "pt": "Campeão: {player}",
                "fr": "Champion : {player}",
            },
        ),
        Message(
            "problem_at",
            "line",
            {
                "en": "{where}: {message}",
                "pl": "{where}: {message}",
                "pt": "{where}: {message}",
                "fr": "{where} : {message}",
            },
        ),
        Message(
            "more_problems",
            "line",
            {
                "en": "… and {n} more: see the {sheet} sheet",
                "pl": "… i jeszcze {n}: zobacz arkusz „{sheet}”",
                "pt": "… e mais {n}: veja a planilha “{sheet}”",
                "fr": "… et {n} de plus : voir la feuille « {sheet} »",
            },
        ),
        Message(
            "wrote",
            "line",
            {
                "en": "wrote {first} and {second}",
                "pl": "zapisano {first} i {second}",
                "pt": "gravados {first} e {second}",
                "fr": "écrits : {first} et {second}",
            },
        ),
        Message(
            "checked",
            "line",
            {
                "en": "{file}: {errors}, {warnings}",
                "pl": "{file}: {errors}, {warnings}",
                "pt": "{file}: {errors}, {warnings}",
                "fr": "{file} : {errors}, {warnings}",
            },
        ),
        # the next step after errors (docs/rules.md §5): the file to correct and the command to run next
        Message(
            "next_step",
            "line",
            {
                "en": "Next: fix the marked cells in {file}, then run {command}",
                "pl": "Dalej: popraw zaznaczone komórki w {file}, a potem uruchom {command}",
                "pt": "A seguir: corrija as células marcadas em {file} e depois execute {command}",
                "fr": "Ensuite : corrigez les cellules marquées dans {file}, puis lancez {command}",
            },
        ),
        Message(
            "next_step_checked",
            "line",
            {
                "en": "Next: fix the cells listed above in {file}, then run {command}",
                "pl": "Dalej: popraw wymienione wyżej komórki w {file}, a potem uruchom {command}",
                "pt": "A seguir: corrija as células listadas acima em {file} e depois execute {command}",
                "fr": "Ensuite : corrigez les cellules listées ci-dessus dans {file}, puis lancez {command}",
            },
        ),
        Message(
            "converted_scored",
            "line",
            {
                "en": "{source}: a LibreOffice file, converted by LibreOffice to .xlsx and scored; the scored copy is {target}",
                "pl": "{source}: plik LibreOffice, przekonwertowany przez LibreOffice na .xlsx i policzony; kopia z wynikami to {target}",
                "pt": "{source}: arquivo do LibreOffice, convertido pelo LibreOffice em .xlsx e pontuado; a cópia pontuada é {target}",
                "fr": "{source} : fichier LibreOffice, converti par LibreOffice en .xlsx et calculé ; la copie calculée est {target}",
            },
        ),
        Message(
            "converted_checked",
            "line",
            {
                "en": "{source}: a LibreOffice file, converted by LibreOffice to .xlsx and checked",
                "pl": "{source}: plik LibreOffice, przekonwertowany przez LibreOffice na .xlsx i sprawdzony",
                "pt": "{source}: arquivo do LibreOffice, convertido pelo LibreOffice em .xlsx e verificado",
                "fr": "{source} : fichier LibreOffice, converti par LibreOffice en .xlsx et vérifié",
            },
        ),
        Message(
            "converted_batch",
            "line",
            {
                "en": "converted by LibreOffice to .xlsx and scored: {files}",
                "pl": "przekonwertowane przez LibreOffice na .xlsx i policzone: {files}",
                "pt": "convertidos pelo LibreOffice em .xlsx e pontuados: {files}",
                "fr": "convertis par LibreOffice en .xlsx et calculés : {files}",
            },
        ),
        # `live` (cli/live.py)
        Message(
            "live_serving",
            "line",
            {
                "en": "{tournament}: live standings on {projector} (projector) and {phone} (phones)",
                "pl": "{tournament}: klasyfikacja na żywo pod {projector} (projektor) i {phone} (telefony)",
                "pt": "{tournament}: classificação ao vivo em {projector} (projetor) e {phone} (celulares)",
                "fr": "{tournament} : classement en direct sur {projector} (projecteur) et {phone} (téléphones)",
            },
        ),
        Message(
            "live_qr",
            "line",
            {
                "en": "Phones can scan this:",
                "pl": "Telefony mogą zeskanować ten kod:",
                "pt": "Os celulares podem ler este código:",
                "fr": "Les téléphones peuvent scanner ce code :",
            },
        ),
        Message(
            "live_stop",
            "line",
            {
                "en": "Following {file}; press Ctrl-C to stop.",
                "pl": "Śledzę plik {file}; Ctrl-C kończy.",
                "pt": "Acompanhando {file}; pressione Ctrl-C para parar.",
                "fr": "Suivi de {file} ; Ctrl-C pour arrêter.",
            },
        ),
        Message(
            "live_updated",
            "line",
            {
                "en": "{time} updated in {seconds} s: {progress}",
                "pl": "{time} zaktualizowano w {seconds} s: {progress}",
                "pt": "{time} atualizado em {seconds} s: {progress}",
                "fr": "{time} mis à jour en {seconds} s : {progress}",
            },
        ),
        Message(
            "live_unreadable",
            "line",
            {
                "en": "{time} could not read the workbook ({reason}); still showing the last good standings",
                "pl": "{time} nie udało się odczytać skoroszytu ({reason}); nadal widać ostatnią poprawną klasyfikację",
                "pt": "{time} não foi possível ler a pasta de trabalho ({reason}); a última classificação válida continua exibida",
                "fr": "{time} impossible de lire le classeur ({reason}) ; le dernier classement valable reste affiché",
            },
        ),
        Message(
            "live_errors",
            "line",
            {
                "en": "{time} the workbook has {errors}; still showing the last good standings",
                "pl": "{time} skoroszyt zawiera: {errors}; nadal widać ostatnią poprawną klasyfikację",
                "pt": "{time} a pasta de trabalho tem {errors}; a última classificação válida continua exibida",
                "fr": "{time} le classeur contient {errors} ; le dernier classement valable reste affiché",
            },
        ),
        Message(
            "live_port_busy",
            "line",
            {
                "en": "{host}:{port} is already in use (another live view?); choose another port with --port",
                "pl": "{host}:{port} jest już zajęty (inny widok na żywo?); wybierz inny port opcją --port",
                "pt": "{host}:{port} já está em uso (outra visualização ao vivo?); escolha outra porta com --port",
                "fr": "{host}:{port} est déjà utilisé (un autre affichage en direct ?) ; choisissez un autre port avec --port",
            },
        ),
        Message(
            "live_cannot_bind",
            "line",
            {
                "en": "cannot listen on {host}:{port}: {reason}",
                "pl": "nie można nasłuchiwać na {host}:{port}: {reason}",
                "pt": "não é possível escutar em {host}:{port}: {reason}",
                "fr": "impossible d'écouter sur {host}:{port} : {reason}",
            },
        ),
        Message(
            "live_desk",
            "line",
            {
                "en": "desk: {url}",
                "pl": "biuro turnieju: {url}",
                "pt": "mesa da organização: {url}",
                "fr": "bureau : {url}",
            },
        ),
        Message("live_stopped", "line", {"en": "stopped", "pl": "zatrzymano", "pt": "parado", "fr": "arrêté"}),
        # one-line refusals (WorkbookError with a key)
        Message(
            "no_such_file",
            "refusal",
            {
                "en": "{path}: no such file",
                "pl": "{path}: nie ma takiego pliku",
                "pt": "{path}: arquivo inexistente",
                "fr": "{path} : fichier introuvable",
            },
        ),
        Message(
            "ods_no_libreoffice",
            "refusal",
            {
                "en": "{path}: a LibreOffice file, and LibreOffice is not installed to convert it; open it in LibreOffice, "
                "choose File > Save As > 'Excel 2007-365 (.xlsx)', and score the .xlsx",
                "pl": "{path}: plik LibreOffice, a LibreOffice nie jest zainstalowany, by go przekonwertować; otwórz go w LibreOffice, "
                "wybierz Plik > Zapisz jako > „Excel 2007-365 (.xlsx)” i policz plik .xlsx",
                "pt": "{path}: arquivo do LibreOffice, e o LibreOffice não está instalado para convertê-lo; abra-o no LibreOffice, "
                "escolha Arquivo > Salvar como > “Excel 2007-365 (.xlsx)” e pontue o .xlsx",
                "fr": "{path} : fichier LibreOffice, et LibreOffice n'est pas installé pour le convertir ; ouvrez-le dans LibreOffice, "
                "choisissez Fichier > Enregistrer sous > « Excel 2007-365 (.xlsx) » et calculez le .xlsx",
            },
        ),
        Message(
            "ods_not_converted",
            "refusal",
            {
                "en": "{path}: LibreOffice could not convert it to .xlsx; open it in LibreOffice and save it as .xlsx",
                "pl": "{path}: LibreOffice nie zdołał go przekonwertować na .xlsx; otwórz go w LibreOffice i zapisz jako .xlsx",
                "pt": "{path}: o LibreOffice não conseguiu convertê-lo em .xlsx; abra-o no LibreOffice e salve-o como .xlsx",
                "fr": "{path} : LibreOffice n'a pas pu le convertir en .xlsx ; ouvrez-le dans LibreOffice et enregistrez-le en .xlsx",
            },
        ),
        Message(
            "ods_timeout",
            "refusal",
            {
                "en": "{path}: LibreOffice did not finish converting within {seconds} s; open the file in LibreOffice and save it as .xlsx",
                "pl": "{path}: LibreOffice nie skończył konwersji w {seconds} s; otwórz plik w LibreOffice i zapisz go jako .xlsx",
                "pt": "{path}: o LibreOffice não terminou a conversão em {seconds} s; abra o arquivo no LibreOffice e salve-o como .xlsx",
                "fr": "{path} : LibreOffice n'a pas terminé la conversion en {seconds} s ; ouvrez le fichier dans LibreOffice et enregistrez-le en .xlsx",
            },
        ),
        Message(
            "ods_in_place",
            "refusal",
            {
                "en": "{path}: --in-place cannot write an .ods; score it without --in-place to get {target}",
                "pl": "{path}: --in-place nie zapisze pliku .ods; policz go bez --in-place, a powstanie {target}",
                "pt": "{path}: --in-place não grava um .ods; pontue-o sem --in-place para obter {target}",
                "fr": "{path} : --in-place ne peut pas écrire un .ods ; calculez-le sans --in-place pour obtenir {target}",
            },
        ),
        # damaged packages named by their part, and Strict Open XML refused by name
        Message(
            "part_encoding",
            "refusal",
            {
                "en": "{path}: part {part} declares an encoding that cannot be read ({reason}); open and save the file in Excel or LibreOffice",
                "pl": "{path}: część {part} deklaruje kodowanie, którego nie da się odczytać ({reason}); otwórz i zapisz plik w Excelu "
                "lub LibreOffice",
                "pt": "{path}: a parte {part} declara uma codificação que não pode ser lida ({reason}); abra e salve o arquivo no Excel "
                "ou no LibreOffice",
                "fr": "{path} : la partie {part} déclare un encodage illisible ({reason}) ; ouvrez et enregistrez le fichier dans Excel "
                "ou LibreOffice",
            },
        ),
        Message(
            "strict_xml",
            "refusal",
            {
                "en": "{path}: saved as 'Strict Open XML Spreadsheet', which sheet-scorer does not write; open it in Excel and save it "
                "as 'Excel Workbook (.xlsx)'",
                "pl": "{path}: zapisany jako „Arkusz kalkulacyjny Strict Open XML”, którego sheet-scorer nie zapisuje; otwórz go w Excelu "
                "i zapisz jako „Skoroszyt programu Excel (.xlsx)”",
                "pt": "{path}: salvo como “Planilha Strict Open XML”, formato que o sheet-scorer não grava; abra-o no Excel e salve-o "
                "como “Pasta de Trabalho do Excel (.xlsx)”",
                "fr": "{path} : enregistré au format « Feuille de calcul Strict Open XML », que sheet-scorer n'écrit pas ; ouvrez-le "
                "dans Excel et enregistrez-le en « Classeur Excel (.xlsx) »",
            },
        ),
        Message(
            "own_sheet_clash",
            "refusal",
            {
                "en": "{path}: the workbook already has its own sheet '{sheet}'; rename it so that sheet-scorer can add its '{title}' sheet",
                "pl": "{path}: skoroszyt ma już własny arkusz „{sheet}”; zmień jego nazwę, aby sheet-scorer mógł dodać swój arkusz „{title}”",
                "pt": "{path}: a pasta de trabalho já tem uma planilha própria “{sheet}”; renomeie-a para que o sheet-scorer possa "
                "adicionar a sua planilha “{title}”",
                "fr": "{path} : le classeur a déjà sa propre feuille « {sheet} » ; renommez-la pour que sheet-scorer puisse ajouter "
                "sa feuille « {title} »",
            },
        ),
        Message(
            "two_sheets_clash",
            "refusal",
            {
                "en": "{path}: the workbook has two sheets that would both be named '{title}'; rename the organiser's one",
                "pl": "{path}: skoroszyt ma dwa arkusze, które miałyby tę samą nazwę „{title}”; zmień nazwę arkusza organizatora",
                "pt": "{path}: a pasta de trabalho tem duas planilhas que teriam o mesmo nome “{title}”; renomeie a do organizador",
                "fr": "{path} : le classeur a deux feuilles qui s'appelleraient toutes deux « {title} » ; renommez celle de l'organisateur",
            },
        ),
        Message(
            "error",
            "line",
            {"en": "Error: {message}", "pl": "Błąd: {message}", "pt": "Erro: {message}", "fr": "Erreur : {message}"},
        ),
        Message(
            "unexpected",
            "line",
            {
                "en": "Error: unexpected failure ({message}); re-run with -v for details",
                "pl": "Błąd: nieoczekiwana awaria ({message}); uruchom ponownie z -v, aby zobaczyć szczegóły",
                "pt": "Erro: falha inesperada ({message}); execute novamente com -v para ver os detalhes",
                "fr": "Erreur : échec inattendu ({message}) ; relancez avec -v pour les détails",
            },
        ),
        Message(
            "interrupted",
            "line",
            {
                "en": "Interrupted: files not yet finished were left as they were.",
                "pl": "Przerwano: pliki, których zapis się nie skończył, pozostały bez zmian.",
                "pt": "Interrompido: os arquivos ainda não concluídos ficaram como estavam.",
                "fr": "Interrompu : les fichiers pas encore terminés sont restés tels quels.",
            },
        ),
        # click's usage errors, said in the command line's --lang (cli/usage.py)
        Message(
            "usage_see_help",
            "line",
            {"en": "(see {command})", "pl": "(zobacz {command})", "pt": "(veja {command})", "fr": "(voir {command})"},
        ),
        Message(
            "usage_quoted",
            "line",
            {"en": "'{text}'", "pl": "„{text}”", "pt": "“{text}”", "fr": "« {text} »"},
        ),
        Message(
            "usage_missing_argument",
            "line",
            {
                "en": "Missing argument {name}.",
                "pl": "brak argumentu {name}.",
                "pt": "falta o argumento {name}.",
                "fr": "il manque l'argument {name}.",
            },
        ),
        Message(
            "usage_missing_option",
            "line",
            {
                "en": "Missing option {name}.",
                "pl": "brak opcji {name}.",
                "pt": "falta a opção {name}.",
                "fr": "il manque l'option {name}.",
            },
        ),
        Message(
            "usage_missing_command",
            "line",
            {
                "en": "Missing command.",
                "pl": "brak polecenia.",
                "pt": "falta o comando.",
                "fr": "il manque la commande.",
            },
        ),
        Message(
            "usage_no_such_option",
            "line",
            {
                "en": "No such option {name}.",
                "pl": "nie ma opcji {name}.",
                "pt": "não existe a opção {name}.",
                "fr": "l'option {name} n'existe pas.",
            },
        ),
        Message(
            "usage_no_such_command",
            "line",
            {
                "en": "No such command {name}.",
                "pl": "nie ma polecenia {name}.",
                "pt": "não existe o comando {name}.",
                "fr": "la commande {name} n'existe pas.",
            },
        ),
        Message(
            "usage_did_you_mean",
            "line",
            {
                "en": "(Did you mean: {names}?)",
                "pl": "(Czy chodziło o: {names}?)",
                "pt": "(Quis dizer: {names}?)",
                "fr": "(Vouliez-vous dire : {names} ?)",
            },
        ),
        Message(
            "usage_invalid_value",
            "line",
            {
                "en": "Invalid value for {name}: {detail}",
                "pl": "nieprawidłowa wartość {name}: {detail}",
                "pt": "valor inválido para {name}: {detail}",
                "fr": "valeur invalide pour {name} : {detail}",
            },
        ),
        Message(
            "usage_not_one_of",
            "line",
            {
                "en": "{value} is not one of {choices}.",
                "pl": "{value} nie jest żadną z wartości {choices}.",
                "pt": "{value} não é nenhum dos valores {choices}.",
                "fr": "{value} n'est aucune des valeurs {choices}.",
            },
        ),
        Message(
            "usage_out_of_range",
            "line",
            {
                "en": "{value} is not in the range {range}.",
                "pl": "{value} jest poza zakresem {range}.",
                "pt": "{value} está fora do intervalo {range}.",
                "fr": "{value} n'est pas dans l'intervalle {range}.",
            },
        ),
        Message(
            "usage_not_integer",
            "line",
            {
                "en": "{value} is not a whole number.",
                "pl": "{value} nie jest liczbą całkowitą.",
                "pt": "{value} não é um número inteiro.",
                "fr": "{value} n'est pas un nombre entier.",
            },
        ),
        Message(
            "usage_not_date",
            "line",
            {
                "en": "{value} is not a date written {format}.",
                "pl": "{value} nie jest datą w formacie {format}.",
                "pt": "{value} não é uma data no formato {format}.",
                "fr": "{value} n'est pas une date au format {format}.",
            },
        ),
        Message(
            "usage_is_directory",
            "line",
            {
                "en": "{value} is a folder, not a file.",
                "pl": "{value} to folder, a nie plik.",
                "pt": "{value} é uma pasta, não um arquivo.",
                "fr": "{value} est un dossier, pas un fichier.",
            },
        ),
        Message(
            "usage_requires_value",
            "line",
            {
                "en": "Option {name} requires an argument.",
                "pl": "opcja {name} wymaga wartości.",
                "pt": "a opção {name} requer um valor.",
                "fr": "l'option {name} demande une valeur.",
            },
        ),
        Message(
            "usage_takes_no_value",
            "line",
            {
                "en": "Option {name} does not take a value.",
                "pl": "opcja {name} nie przyjmuje wartości.",
                "pt": "a opção {name} não aceita valor.",
                "fr": "l'option {name} ne prend pas de valeur.",
            },
        ),
        Message(
            "usage_extra_argument",
            "line",
            {
                "en": "Got unexpected extra argument ({args})",
                "pl": "nieoczekiwany dodatkowy argument ({args})",
                "pt": "argumento extra inesperado ({args})",
                "fr": "argument supplémentaire inattendu ({args})",
            },
        ),
        Message(
            "usage_extra_arguments",
            "line",
            {
                "en": "Got unexpected extra arguments ({args})",
                "pl": "nieoczekiwane dodatkowe argumenty ({args})",
                "pt": "argumentos extras inesperados ({args})",
                "fr": "arguments supplémentaires inattendus ({args})",
            },
        ),
        # batch
        Message("scoring", "line", {"en": "Scoring", "pl": "Liczenie", "pt": "Pontuando", "fr": "Calcul"}),
        Message(
            "progress",
            "line",
            {
                "en": "[{done}/{total}] {path}: exit {code}",
                "pl": "[{done}/{total}] {path}: kod wyjścia {code}",
                "pt": "[{done}/{total}] {path}: código de saída {code}",
                "fr": "[{done}/{total}] {path} : code de sortie {code}",
            },
        ),
        Message("file", "line", {"en": "File", "pl": "Plik", "pt": "Arquivo", "fr": "Fichier"}),
        Message("output", "line", {"en": "Output", "pl": "Wynik", "pt": "Saída", "fr": "Sortie"}),
        Message("players", "line", {"en": "Players", "pl": "Gracze", "pt": "Jogadores", "fr": "Joueurs"}),
        Message("rounds", "line", {"en": "Rounds", "pl": "Rundy", "pt": "Rodadas", "fr": "Rondes"}),
        Message("errors", "line", {"en": "Errors", "pl": "Błędy", "pt": "Erros", "fr": "Erreurs"}),
        Message("warnings", "line", {"en": "Warnings", "pl": "Ostrzeżenia", "pt": "Avisos", "fr": "Avertissements"}),
        Message(
            "not_scored",
            "line",
            {
                "en": "not scored: {reason}",
                "pl": "niepoliczony: {reason}",
                "pt": "não pontuado: {reason}",
                "fr": "non calculé : {reason}",
            },
        ),
        Message(
            "interrupted_one",
            "line",
            {"en": "interrupted", "pl": "przerwano", "pt": "interrompido", "fr": "interrompu"},
        ),
        # `new`, `seat`, `slips` (cli/new.py, cli/seat.py, cli/slips.py)
        Message(
            "new_wrote",
            "line",
            {
                "en": "{file}: {players}, round 1 seated, rounds 2–{rounds} planned",
                "pl": "{file}: {players}, runda 1 rozsadzona, rundy 2–{rounds} zaplanowane",
                "pt": "{file}: {players}, rodada 1 com os lugares definidos, rodadas 2–{rounds} planejadas",
                "fr": "{file} : {players}, ronde 1 placée, rondes 2 à {rounds} planifiées",
            },
        ),
        Message(
            "new_wrote_one",
            "line",
            {
                "en": "{file}: {players}, round 1 seated",
                "pl": "{file}: {players}, runda 1 rozsadzona",
                "pt": "{file}: {players}, rodada 1 com os lugares definidos",
                "fr": "{file} : {players}, ronde 1 placée",
            },
        ),
        # QA: two rounds are "round 2 planned", not "rounds 2–2"
        Message(
            "new_wrote_two",
            "line",
            {
                "en": "{file}: {players}, round 1 seated, round 2 planned",
                "pl": "{file}: {players}, runda 1 rozsadzona, runda 2 zaplanowana",
                "pt": "{file}: {players}, rodada 1 com os lugares definidos, rodada 2 planejada",
                "fr": "{file} : {players}, ronde 1 placée, ronde 2 planifiée",
            },
        ),
        Message(
            "new_not_xlsx",
            "refusal",
            {
                "en": "{path}: the new workbook must end in .xlsx",
                "pl": "{path}: nazwa nowego skoroszytu musi kończyć się na .xlsx",
                "pt": "{path}: o nome da nova pasta de trabalho deve terminar em .xlsx",
                "fr": "{path} : le nom du nouveau classeur doit se terminer par .xlsx",
            },
        ),
        Message(
            "new_exists",
            "refusal",
            {
                "en": "{path}: already exists; choose another name or use --force",
                "pl": "{path}: taki plik już istnieje; wybierz inną nazwę albo użyj --force",
                "pt": "{path}: já existe; escolha outro nome ou use --force",
                "fr": "{path} : existe déjà ; choisissez un autre nom ou utilisez --force",
            },
        ),
        Message(
            "no_player_names",
            "refusal",
            {
                "en": "{path}: no player names found",
                "pl": "{path}: nie znaleziono nazwisk graczy",
                "pt": "{path}: nenhum nome de jogador encontrado",
                "fr": "{path} : aucun nom de joueur trouvé",
            },
        ),
        Message(
            "same_name_twice",
            "refusal",
            {
                "en": "{path}: the same name twice: {clashes}",
                "pl": "{path}: dwa razy to samo imię i nazwisko: {clashes}",
                "pt": "{path}: o mesmo nome duas vezes: {clashes}",
                "fr": "{path} : le même nom deux fois : {clashes}",
            },
        ),
        Message(
            "name_clash",
            "refusal",
            {
                "en": "line {first_line} '{first}' and line {second_line} '{second}'",
                "pl": "wiersz {first_line} „{first}” i wiersz {second_line} „{second}”",
                "pt": "linha {first_line} “{first}” e linha {second_line} “{second}”",
                "fr": "ligne {first_line} « {first} » et ligne {second_line} « {second} »",
            },
        ),
        Message(
            "too_few_players",
            "refusal",
            {
                "en": "{path}: {n} active player(s): at least {least} are needed for a table",
                "pl": "{path}: liczba aktywnych graczy: {n}; do stołu potrzeba co najmniej {least}",
                "pt": "{path}: jogadores ativos: {n}; uma mesa precisa de pelo menos {least}",
                "fr": "{path} : joueurs actifs : {n} ; une table en demande au moins {least}",
            },
        ),
        Message(
            "seated",
            "line",
            {
                "en": "{path}: seated {rounds} from round {first} ({players}, {how})",
                "pl": "{path}: rozsadzono od rundy {first}: {rounds} ({players}, {how})",
                "pt": "{path}: lugares definidos para {rounds} a partir da rodada {first} ({players}, {how})",
                "fr": "{path} : placement de {rounds} à partir de la ronde {first} ({players}, {how})",
            },
        ),
        Message(
            "reseated",
            "line",
            {
                "en": "{path}: re-seated {rounds} from round {first} ({players}, {how})",
                "pl": "{path}: ponownie rozsadzono od rundy {first}: {rounds} ({players}, {how})",
                "pt": "{path}: lugares redefinidos para {rounds} a partir da rodada {first} ({players}, {how})",
                "fr": "{path} : nouveau placement de {rounds} à partir de la ronde {first} ({players}, {how})",
            },
        ),
        Message(
            "plan_kept",
            "line",
            {
                "en": "stored plan kept",
                "pl": "zachowano zapisany plan",
                "pt": "plano guardado mantido",
                "fr": "plan enregistré conservé",
            },
        ),
        Message(
            "planned_fresh",
            "line",
            {
                "en": "planned: no stored plan for these rounds",
                "pl": "zaplanowano: brak zapisanego planu tych rund",
                "pt": "planejado: sem plano guardado para estas rodadas",
                "fr": "planifié : aucun plan enregistré pour ces rondes",
            },
        ),
        Message(
            "replanned_left",
            "line",
            {
                "en": "re-planned: {left} left",
                "pl": "zaplanowano od nowa – rezygnacje: {left}",
                "pt": "replanejado – desistências: {left}",
                "fr": "replanifié – départs : {left}",
            },
        ),
        Message(
            "replanned_joined",
            "line",
            {
                "en": "re-planned: {joined} joined",
                "pl": "zaplanowano od nowa – dołączenia: {joined}",
                "pt": "replanejado – entradas: {joined}",
                "fr": "replanifié – arrivées : {joined}",
            },
        ),
        Message(
            "replanned_left_joined",
            "line",
            {
                "en": "re-planned: {left} left, {joined} joined",
                "pl": "zaplanowano od nowa – rezygnacje: {left}; dołączenia: {joined}",
                "pt": "replanejado – desistências: {left}; entradas: {joined}",
                "fr": "replanifié – départs : {left} ; arrivées : {joined}",
            },
        ),
        Message(
            "replanned_byes",
            "line",
            {
                "en": "re-planned: the byes change",
                "pl": "zaplanowano od nowa: zmieniają się pauzy",
                "pt": "replanejado: as folgas mudam",
                "fr": "replanifié : les exemptions changent",
            },
        ),
        Message(
            "replanned_better",
            "line",
            {
                "en": "re-planned: after the rounds played a new plan is better than the stored one",
                "pl": "zaplanowano od nowa: po rozegranych rundach nowy plan jest lepszy od zapisanego",
                "pt": "replanejado: após as rodadas jogadas um plano novo é melhor que o guardado",
                "fr": "replanifié : après les rondes jouées un nouveau plan est meilleur que celui enregistré",
            },
        ),
        Message(
            "seat_no_rounds",
            "refusal",
            {
                "en": "{path}: no readable round sheet to continue from",
                "pl": "{path}: brak czytelnego arkusza rundy, od którego można kontynuować",
                "pt": "{path}: nenhuma planilha de rodada legível a partir da qual continuar",
                "fr": "{path} : aucune feuille de ronde lisible à partir de laquelle continuer",
            },
        ),
        Message(
            "reseat_played",
            "refusal",
            {
                "en": "{path}: '{sheet}' already has results; --reseat only replaces a round not yet played",
                "pl": "{path}: arkusz „{sheet}” ma już wyniki; --reseat zastępuje tylko rundę jeszcze nierozegraną",
                "pt": "{path}: “{sheet}” já tem resultados; --reseat só substitui uma rodada ainda não jogada",
                "fr": "{path} : « {sheet} » a déjà des résultats ; --reseat ne remplace qu'une ronde pas encore jouée",
            },
        ),
        Message(
            "seat_unscored_tables",
            "refusal",
            {
                "en": "{path}: '{sheet}' is not fully scored (table(s) {tables}); fix it and run seat again, or use --force",
                "pl": "{path}: arkusz „{sheet}” nie jest w pełni policzony (stoły: {tables}); popraw go i uruchom seat ponownie albo użyj --force",
                "pt": "{path}: “{sheet}” não está totalmente pontuada (mesas: {tables}); corrija-a e execute seat de novo, ou use --force",
                "fr": "{path} : « {sheet} » n'est pas entièrement calculée (tables : {tables}) ; corrigez-la et relancez seat, ou utilisez --force",
            },
        ),
        Message(
            "seat_unscored_errors",
            "refusal",
            {
                "en": "{path}: '{sheet}' is not fully scored ({errors}); fix it and run seat again, or use --force",
                "pl": "{path}: arkusz „{sheet}” nie jest w pełni policzony ({errors}); popraw go i uruchom seat ponownie albo użyj --force",
                "pt": "{path}: “{sheet}” não está totalmente pontuada ({errors}); corrija-a e execute seat de novo, ou use --force",
                "fr": "{path} : « {sheet} » n'est pas entièrement calculée ({errors}) ; corrigez-la et relancez seat, ou utilisez --force",
            },
        ),
        Message(
            "repeated_meetings_none",
            "line",
            {
                "en": "  repeated meetings: 0 (best possible: 0)",
                "pl": "  powtórzone spotkania: 0 (najlepiej możliwe: 0)",
                "pt": "  encontros repetidos: 0 (melhor possível: 0)",
                "fr": "  rencontres répétées : 0 (au mieux : 0)",
            },
        ),
        Message(
            "repeated_meetings",
            "line",
            {
                "en": "  repeated meetings: {n} ({best}; no pair more than {most} times)",
                "pl": "  powtórzone spotkania: {n} ({best}; żadna para nie gra ze sobą więcej niż {most} razy)",
                "pt": "  encontros repetidos: {n} ({best}; nenhum par se encontra mais de {most} vezes)",
                "fr": "  rencontres répétées : {n} ({best} ; aucune paire ne se rencontre plus de {most} fois)",
            },
        ),
        Message(
            "best_possible",
            "line",
            {
                "en": "best possible: {value}",
                "pl": "najlepiej możliwe: {value}",
                "pt": "melhor possível: {value}",
                "fr": "au mieux : {value}",
            },
        ),
        # a count no plan beats, by counting, that this plan does not reach: perhaps no plan does
        Message(
            "best_at_least",
            "line",
            {
                "en": "best possible: at least {value}",
                "pl": "najlepiej możliwe: co najmniej {value}",
                "pt": "melhor possível: pelo menos {value}",
                "fr": "au mieux : au moins {value}",
            },
        ),
        # the most even share of the tables of 3, by counting, that this plan does not reach
        Message(
            "best_at_most_even",
            "line",
            {
                "en": "best possible: no more even than {value}",
                "pl": "najlepiej możliwe: nie równiej niż {value}",
                "pt": "melhor possível: não mais equilibrado que {value}",
                "fr": "au mieux : pas plus égal que {value}",
            },
        ),
        Message(
            "seat_balance_uneven",
            "line",
            {
                "en": "  seat balance: {players} not on every seat evenly ({best}{why}): {names}",
                "pl": "  rozkład miejsc: nierówno na poszczególnych miejscach – {players} ({best}{why}): {names}",
                "pt": "  equilíbrio de lugares: {players} sem passar por cada lugar por igual ({best}{why}): {names}",
                "fr": "  équilibre des places : {players} pas sur chaque place de façon égale ({best}{why}) : {names}",
            },
        ),
        Message(
            "tables_of_three",
            "line",
            {
                "en": "; tables of 3 have no seat 4",
                "pl": "; przy stołach na 3 osoby nie ma miejsca 4",
                "pt": "; mesas de 3 não têm o lugar 4",
                "fr": " ; les tables de 3 n'ont pas de place 4",
            },
        ),
        Message(
            "seat_balance_even",
            "line",
            {
                "en": "  seat balance: every player on each seat as evenly as {rounds} allow",
                "pl": "  rozkład miejsc: każda osoba na każdym miejscu tak równo, jak pozwala liczba rund ({rounds})",
                "pt": "  equilíbrio de lugares: cada jogador em cada lugar tão por igual quanto {rounds} permitem",
                "fr": "  équilibre des places : chaque joueur sur chaque place aussi également que {rounds} le permettent",
            },
        ),
        Message(
            "threes_share",
            "line",
            {
                "en": "  tables of 3 per player: {low}–{high} ({best}); in two rounds running: {running} ({best_running})",
                "pl": "  stoły na 3 osoby na gracza: {low}–{high} ({best}); dwie rundy z rzędu: {running} ({best_running})",
                "pt": "  mesas de 3 por jogador: {low}–{high} ({best}); em duas rodadas seguidas: {running} ({best_running})",
                "fr": "  tables de 3 par joueur : {low}–{high} ({best}) ; deux rondes de suite : {running} ({best_running})",
            },
        ),
        Message(
            "seat_four_all",
            "line",
            {
                "en": "  seat 4: every player at a table of 4 starts on it at least once (best possible)",
                "pl": "  miejsce 4: każda osoba grająca przy stole na 4 zaczyna z niego co najmniej raz (najlepiej możliwe)",
                "pt": "  lugar 4: cada jogador numa mesa de 4 começa nele pelo menos uma vez (melhor possível)",
                "fr": "  place 4 : chaque joueur à une table de 4 y commence au moins une fois (au mieux)",
            },
        ),
        Message(
            "seat_four_missing",
            "line",
            {
                "en": "  seat 4: {players} never start on it ({best}): {names}",
                "pl": "  miejsce 4: nigdy z niego nie zaczyna – {players} ({best}): {names}",
                "pt": "  lugar 4: {players} nunca começam nele ({best}): {names}",
                "fr": "  place 4 : {players} n'y commencent jamais ({best}) : {names}",
            },
        ),
        Message(
            "club_conflicts",
            "line",
            {
                "en": "  club conflicts: {n} ({best})",
                "pl": "  konflikty klubowe: {n} ({best})",
                "pt": "  conflitos de clube: {n} ({best})",
                "fr": "  conflits de club : {n} ({best})",
            },
        ),
        Message(
            "club_conflicts_round",
            "line",
            {
                "en": "  club conflicts: {n} in round {rounds} ({best})",
                "pl": "  konflikty klubowe: {n} w rundzie {rounds} ({best})",
                "pt": "  conflitos de clube: {n} na rodada {rounds} ({best})",
                "fr": "  conflits de club : {n} à la ronde {rounds} ({best})",
            },
        ),
        Message(
            "club_conflicts_rounds",
            "line",
            {
                "en": "  club conflicts: {n} in rounds {rounds} ({best})",
                "pl": "  konflikty klubowe: {n} w rundach {rounds} ({best})",
                "pt": "  conflitos de clube: {n} nas rodadas {rounds} ({best})",
                "fr": "  conflits de club : {n} aux rondes {rounds} ({best})",
            },
        ),
        # --round takes a number or a sheet name
        Message(
            "slips_no_sheet",
            "refusal",
            {
                "en": "{path}: has no readable round or playoff sheet '{round}'; the sheets are: {sheets}",
                "pl": "{path}: brak czytelnego arkusza rundy lub fazy finałowej „{round}”; arkusze to: {sheets}",
                "pt": "{path}: não tem planilha legível de rodada ou playoff “{round}”; as planilhas são: {sheets}",
                "fr": "{path} : aucune feuille lisible de ronde ou de phase finale « {round} » ; les feuilles sont : {sheets}",
            },
        ),
        Message(
            "slips_wrote",
            "line",
            {
                "en": "{file}: slips for {sheet}",
                "pl": "{file}: karty wyników dla arkusza „{sheet}”",
                "pt": "{file}: fichas de resultado de “{sheet}”",
                "fr": "{file} : fiches de résultats de « {sheet} »",
            },
        ),
        # `merge` (cli/merge.py, merge/plan.py)
        Message(
            "merge_copy",
            "line",
            {
                "en": "{copy}: taken {taken}, already there {already}, conflicts {conflicts}",
                "pl": "{copy}: przeniesione {taken}, już były {already}, konflikty {conflicts}",
                "pt": "{copy}: copiadas {taken}, já presentes {already}, conflitos {conflicts}",
                "fr": "{copy} : reprises {taken}, déjà présentes {already}, conflits {conflicts}",
            },
        ),
        Message(
            "merge_conflict",
            "line",
            {
                "en": "conflict '{sheet}'!{cell} ({player}): {value} in {source}, {other} in {other_source}; not taken",
                "pl": "konflikt '{sheet}'!{cell} ({player}): {value} w {source}, {other} w {other_source}; nie przeniesiono",
                "pt": "conflito '{sheet}'!{cell} ({player}): {value} em {source}, {other} em {other_source}; não copiado",
                "fr": "conflit '{sheet}'!{cell} ({player}) : {value} dans {source}, {other} dans {other_source} ; non repris",
            },
        ),
        Message(
            "merge_wrote",
            "line",
            {
                "en": "{cells} into {event}; the version before is kept as {backup}",
                "pl": "{cells} w {event}; poprzednia wersja została zachowana jako {backup}",
                "pt": "{cells} em {event}; a versão anterior foi guardada como {backup}",
                "fr": "{cells} dans {event} ; la version précédente est gardée sous le nom {backup}",
            },
        ),
        Message(
            "merge_nothing",
            "line",
            {
                "en": "nothing new to take; {event} is unchanged",
                "pl": "nie ma nic nowego do przeniesienia; {event} bez zmian",
                "pt": "nada de novo para copiar; {event} não foi alterado",
                "fr": "rien de nouveau à reprendre ; {event} est inchangé",
            },
        ),
        Message(
            "merge_dry_run",
            "line",
            {
                "en": "dry run: {cells}; {event} is unchanged",
                "pl": "próba: {cells}; {event} bez zmian",
                "pt": "simulação: {cells}; {event} não foi alterado",
                "fr": "simulation : {cells} ; {event} est inchangé",
            },
        ),
        Message(
            "merge_skipped",
            "line",
            {
                "en": "  '{sheet}' not merged: {message}",
                "pl": "  nie scalono arkusza „{sheet}”: {message}",
                "pt": "  “{sheet}” não juntada: {message}",
                "fr": "  « {sheet} » non fusionnée : {message}",
            },
        ),
        Message(
            "merge_event_sheet",
            "refusal",
            {
                "en": "{event}: sheet '{sheet}' cannot be read ({message}); fix it, then merge again",
                "pl": "{event}: nie można odczytać arkusza „{sheet}” ({message}); popraw go i scal ponownie",
                "pt": "{event}: a planilha “{sheet}” não pode ser lida ({message}); corrija-a e junte de novo",
                "fr": "{event} : la feuille « {sheet} » est illisible ({message}) ; corrigez-la, puis fusionnez à nouveau",
            },
        ),
        Message(
            "merge_twice",
            "refusal",
            {
                "en": "{file}: '{sheet}' has {player} twice (rows {rows}); keep one row, then merge again",
                "pl": "{file}: w arkuszu „{sheet}” {player} występuje dwa razy (wiersze {rows}); zostaw jeden wiersz i scal ponownie",
                "pt": "{file}: “{sheet}” tem {player} duas vezes (linhas {rows}); mantenha uma linha e junte de novo",
                "fr": "{file} : « {sheet} » contient {player} deux fois (lignes {rows}) ; gardez une ligne, puis fusionnez à nouveau",
            },
        ),
        Message(
            "merge_no_player",
            "refusal",
            {
                "en": "{copy}: '{sheet}' row {row} has game cells but no player; nothing merged",
                "pl": "{copy}: wiersz {row} w arkuszu „{sheet}” ma wyniki gry, ale brak w nim gracza; nic nie scalono",
                "pt": "{copy}: a linha {row} de “{sheet}” tem dados da partida, mas nenhum jogador; nada foi juntado",
                "fr": "{copy} : la ligne {row} de « {sheet} » a des données de partie mais aucun joueur ; rien n'a été fusionné",
            },
        ),
        Message(
            "merge_unknown_player",
            "refusal",
            {
                "en": "{copy} is not a copy of {event}: '{sheet}' row {row} has {player}, who is not in '{event_sheet}'; nothing merged",
                "pl": "{copy} nie jest kopią {event}: w wierszu {row} arkusza „{sheet}” jest {player}, a w „{event_sheet}” nie; nic nie scalono",
                "pt": "{copy} não é uma cópia de {event}: a linha {row} de “{sheet}” tem {player}, que não está em “{event_sheet}”; nada foi juntado",
                "fr": "{copy} n'est pas une copie de {event} : la ligne {row} de « {sheet} » contient {player}, absent de « {event_sheet} » ; rien n'a été fusionné",
            },
        ),
        Message(
            "merge_unknown_table",
            "refusal",
            {
                "en": "{copy} is not a copy of {event}: '{sheet}' row {row} has table {table}, which '{event_sheet}' does not have; nothing merged",
                "pl": "{copy} nie jest kopią {event}: wiersz {row} arkusza „{sheet}” ma stół {table}, którego nie ma w „{event_sheet}”; nic nie scalono",
                "pt": "{copy} não é uma cópia de {event}: a linha {row} de “{sheet}” tem a mesa {table}, que “{event_sheet}” não tem; nada foi juntado",
                "fr": "{copy} n'est pas une copie de {event} : la ligne {row} de « {sheet} » a la table {table}, absente de « {event_sheet} » ; rien n'a été fusionné",
            },
        ),
        Message(
            "merge_unknown_round",
            "refusal",
            {
                "en": "{copy} is not a copy of {event}: its sheet '{sheet}' is round {round}, which {event} does not have; nothing merged",
                "pl": "{copy} nie jest kopią {event}: arkusz „{sheet}” to runda {round}, której {event} nie ma; nic nie scalono",
                "pt": "{copy} não é uma cópia de {event}: a planilha “{sheet}” é a rodada {round}, que {event} não tem; nada foi juntado",
                "fr": "{copy} n'est pas une copie de {event} : sa feuille « {sheet} » est la ronde {round}, absente de {event} ; rien n'a été fusionné",
            },
        ),
        Message(
            "merge_no_journal",
            "refusal",
            {
                "en": "{event} has no reports from the tables: {journal} is not beside it (start 'sheet-scorer live {event} --reports')",
                "pl": "{event} nie ma zgłoszeń ze stołów: obok nie ma pliku {journal} (uruchom „sheet-scorer live {event} --reports”)",
                "pt": "{event} não tem envios das mesas: {journal} não está ao lado (inicie “sheet-scorer live {event} --reports”)",
                "fr": "{event} n'a aucun envoi des tables : {journal} n'est pas à côté (lancez « sheet-scorer live {event} --reports »)",
            },
        ),
        Message(
            "merge_nothing_given",
            "refusal",
            {
                "en": "name the judges' copies to merge into {event}, or give --reports to merge the tables' reports",
                "pl": "podaj kopie sędziów do scalenia z {event} albo --reports, aby scalić zgłoszenia ze stołów",
                "pt": "indique as cópias dos juízes a juntar em {event}, ou use --reports para juntar os envios das mesas",
                "fr": "indiquez les copies des arbitres à fusionner dans {event}, ou --reports pour fusionner les envois des tables",
            },
        ),
        Message(
            "merge_no_match",
            "refusal",
            {
                "en": "{copy} is not a copy of {event}: none of its round sheets' players are in {event}; nothing merged",
                "pl": "{copy} nie jest kopią {event}: żadnego gracza z jego rund nie ma w {event}; nic nie scalono",
                "pt": "{copy} não é uma cópia de {event}: nenhum jogador das suas rodadas está em {event}; nada foi juntado",
                "fr": "{copy} n'est pas une copie de {event} : aucun joueur de ses rondes n'est dans {event} ; rien n'a été fusionné",
            },
        ),
        # `split` (cli/split.py, merge/split.py)
        # `split` of one table says "table 3", not "tables 3"
        Message(
            "split_wrote_one",
            "line",
            {
                "en": "wrote {copy}: '{sheet}' holds table {tables} ({players}); the other tables and rounds are emptied",
                "pl": "zapisano {copy}: arkusz „{sheet}” zawiera stół {tables} ({players}); inne stoły i rundy są wyczyszczone",
                "pt": "{copy} gravado: “{sheet}” tem a mesa {tables} ({players}); as outras mesas e rodadas foram esvaziadas",
                "fr": "{copy} écrit : « {sheet} » contient la table {tables} ({players}) ; les autres tables et rondes sont vidées",
            },
        ),
        Message(
            "split_wrote",
            "line",
            {
                "en": "wrote {copy}: '{sheet}' holds tables {tables} ({players}); the other tables and rounds are emptied",
                "pl": "zapisano {copy}: arkusz „{sheet}” zawiera stoły {tables} ({players}); inne stoły i rundy są wyczyszczone",
                "pt": "{copy} gravado: “{sheet}” tem as mesas {tables} ({players}); as outras mesas e rodadas foram esvaziadas",
                "fr": "{copy} écrit : « {sheet} » contient les tables {tables} ({players}) ; les autres tables et rondes sont vidées",
            },
        ),
        Message(
            "split_missing",
            "line",
            {
                "en": "'{sheet}' has no table {tables}",
                "pl": "w arkuszu „{sheet}” nie ma stołu {tables}",
                "pt": "“{sheet}” não tem a mesa {tables}",
                "fr": "« {sheet} » n'a pas de table {tables}",
            },
        ),
        Message(
            "split_no_round",
            "refusal",
            {
                "en": "{event} has no sheet for round {round}",
                "pl": "{event} nie ma arkusza rundy {round}",
                "pt": "{event} não tem planilha para a rodada {round}",
                "fr": "{event} n'a pas de feuille pour la ronde {round}",
            },
        ),
        Message(
            "split_no_tables",
            "refusal",
            {
                "en": "'{sheet}' has none of the tables {tables}; nothing written",
                "pl": "w arkuszu „{sheet}” nie ma żadnego ze stołów {tables}; nic nie zapisano",
                "pt": "“{sheet}” não tem nenhuma das mesas {tables}; nada foi gravado",
                "fr": "« {sheet} » n'a aucune des tables {tables} ; rien n'a été écrit",
            },
        ),
        Message(
            "split_no_table",
            "refusal",
            {
                "en": "'{sheet}' has no table {tables}; nothing written",
                "pl": "w arkuszu „{sheet}” nie ma stołu {tables}; nic nie zapisano",
                "pt": "“{sheet}” não tem a mesa {tables}; nada foi gravado",
                "fr": "« {sheet} » n'a pas de table {tables} ; rien n'a été écrit",
            },
        ),
        Message(
            "split_same_file",
            "refusal",
            {
                "en": "the judge's copy cannot be {event} itself; name another file with -o",
                "pl": "kopia dla sędziego nie może być samym plikiem {event}; podaj inny plik przez -o",
                "pt": "a cópia do juiz não pode ser o próprio {event}; indique outro arquivo com -o",
                "fr": "la copie de l'arbitre ne peut pas être {event} lui-même ; indiquez un autre fichier avec -o",
            },
        ),
        # refusals of the workbook itself (workbook/container.py, xlsx.py, read.py, files.py, api/)
        Message(
            "is_folder",
            "refusal",
            {
                "en": "{path}: is a folder, not a workbook",
                "pl": "{path}: to folder, a nie skoroszyt",
                "pt": "{path}: é uma pasta, não uma pasta de trabalho",
                "fr": "{path} : est un dossier, pas un classeur",
            },
        ),
        Message(
            "legacy_or_encrypted",
            "refusal",
            {
                "en": "{path}: a legacy .xls file or a password-protected workbook; save it as an .xlsx workbook without a password",
                "pl": "{path}: stary plik .xls albo skoroszyt chroniony hasłem; zapisz go jako skoroszyt .xlsx bez hasła",
                "pt": "{path}: um arquivo .xls antigo ou uma pasta de trabalho protegida por senha; salve-a como .xlsx sem senha",
                "fr": "{path} : un ancien fichier .xls ou un classeur protégé par mot de passe ; enregistrez-le en .xlsx sans mot de passe",
            },
        ),
        Message(
            "empty_file",
            "refusal",
            {
                "en": "{path}: an empty file; sheet-scorer reads .xlsx and .xlsm workbooks",
                "pl": "{path}: pusty plik; sheet-scorer czyta skoroszyty .xlsx i .xlsm",
                "pt": "{path}: um arquivo vazio; o sheet-scorer lê pastas de trabalho .xlsx e .xlsm",
                "fr": "{path} : un fichier vide ; sheet-scorer lit les classeurs .xlsx et .xlsm",
            },
        ),
        Message(
            "not_a_workbook",
            "refusal",
            {
                "en": "{path}: not an Excel workbook; sheet-scorer reads .xlsx and .xlsm workbooks",
                "pl": "{path}: to nie jest skoroszyt Excela; sheet-scorer czyta skoroszyty .xlsx i .xlsm",
                "pt": "{path}: não é uma pasta de trabalho do Excel; o sheet-scorer lê pastas de trabalho .xlsx e .xlsm",
                "fr": "{path} : pas un classeur Excel ; sheet-scorer lit les classeurs .xlsx et .xlsm",
            },
        ),
        Message(
            "zip_not_workbook",
            "refusal",
            {
                "en": "{path}: a zip file but not an Excel workbook; sheet-scorer reads .xlsx and .xlsm workbooks",
                "pl": "{path}: archiwum zip, ale nie skoroszyt Excela; sheet-scorer czyta skoroszyty .xlsx i .xlsm",
                "pt": "{path}: um arquivo zip, mas não uma pasta de trabalho do Excel; o sheet-scorer lê pastas de trabalho .xlsx e .xlsm",
                "fr": "{path} : un fichier zip mais pas un classeur Excel ; sheet-scorer lit les classeurs .xlsx et .xlsm",
            },
        ),
        Message(
            "damaged",
            "refusal",
            {
                "en": "{path}: the file is damaged (not a complete .xlsx); save it again from Excel or LibreOffice",
                "pl": "{path}: plik jest uszkodzony (niekompletny .xlsx); zapisz go ponownie w Excelu lub LibreOffice",
                "pt": "{path}: o arquivo está danificado (.xlsx incompleto); salve-o de novo no Excel ou no LibreOffice",
                "fr": "{path} : le fichier est endommagé (.xlsx incomplet) ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
            },
        ),
        Message(
            "too_large",
            "refusal",
            {
                "en": "{path}: refusing to open: far larger than any tournament workbook (a damaged or hostile file); save it again from Excel or LibreOffice",
                "pl": "{path}: odmowa otwarcia: plik jest dużo większy niż jakikolwiek skoroszyt turnieju (uszkodzony lub złośliwy); zapisz go ponownie w Excelu lub LibreOffice",
                "pt": "{path}: abertura recusada: muito maior que qualquer pasta de trabalho de torneio (arquivo danificado ou hostil); salve-o de novo no Excel ou no LibreOffice",
                "fr": "{path} : ouverture refusée : bien plus grand que tout classeur de tournoi (fichier endommagé ou hostile) ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
            },
        ),
        Message(
            "no_round_sheets",
            "refusal",
            {
                "en": "{path}: no round sheets; name each round's sheet 'Round 1', 'Round 2', … (or Runda/Rodada/Ronde N)",
                "pl": "{path}: brak arkuszy rund; nazwij arkusz każdej rundy „Runda 1”, „Runda 2”, … (albo Round/Rodada/Ronde N)",
                "pt": "{path}: nenhuma planilha de rodada; chame a planilha de cada rodada de “Rodada 1”, “Rodada 2”, … (ou Round/Runda/Ronde N)",
                "fr": "{path} : aucune feuille de ronde ; nommez la feuille de chaque ronde « Ronde 1 », « Ronde 2 », … (ou Round/Runda/Rodada N)",
            },
        ),
        # usage errors the command line finds before any workbook is read (`--lang` only)
        Message(
            "batch_one_file_options",
            "refusal",
            {
                "en": "-o/--output, --html and --json name one file; they cannot be used with a batch",
                "pl": "-o/--output, --html i --json wskazują jeden plik; nie można ich użyć przy wielu skoroszytach",
                "pt": "-o/--output, --html e --json indicam um arquivo; não podem ser usados com um lote",
                "fr": "-o/--output, --html et --json désignent un seul fichier ; ils ne s'emploient pas avec un lot",
            },
        ),
        Message(
            "no_workbooks_in_folder",
            "refusal",
            {
                "en": "{path}: no .xlsx, .xlsm or .ods workbooks in this folder",
                "pl": "{path}: w tym folderze nie ma skoroszytów .xlsx, .xlsm ani .ods",
                "pt": "{path}: nenhuma pasta de trabalho .xlsx, .xlsm ou .ods nesta pasta",
                "fr": "{path} : aucun classeur .xlsx, .xlsm ou .ods dans ce dossier",
            },
        ),
        Message(
            "bad_tables_option",
            "refusal",
            {
                "en": "'{value}': give table numbers like 1-4 or 1,3,5-7",
                "pl": "„{value}”: podaj numery stołów, np. 1-4 albo 1,3,5-7",
                "pt": "“{value}”: indique números de mesa como 1-4 ou 1,3,5-7",
                "fr": "« {value} » : indiquez des numéros de table comme 1-4 ou 1,3,5-7",
            },
        ),
        Message(
            "unknown_language",
            "refusal",
            {
                "en": "unknown language '{language}'; use one of {languages}",
                "pl": "nieznany język „{language}”; użyj jednego z: {languages}",
                "pt": "idioma desconhecido “{language}”; use um destes: {languages}",
                "fr": "langue inconnue « {language} » ; utilisez l'une de : {languages}",
            },
        ),
        Message(
            "cannot_replace",
            "refusal",
            {
                "en": "{path}: cannot be replaced; if it is open in Excel or LibreOffice, close it and score again",
                "pl": "{path}: nie można go zastąpić; jeśli jest otwarty w Excelu lub LibreOffice, zamknij go i policz ponownie",
                "pt": "{path}: não pode ser substituído; se estiver aberto no Excel ou no LibreOffice, feche-o e pontue de novo",
                "fr": "{path} : ne peut pas être remplacé ; s'il est ouvert dans Excel ou LibreOffice, fermez-le et relancez le calcul",
            },
        ),
        Message(
            "cannot_write",
            "refusal",
            {
                "en": "{path}: cannot be written ({reason})",
                "pl": "{path}: nie można zapisać ({reason})",
                "pt": "{path}: não pode ser gravado ({reason})",
                "fr": "{path} : ne peut pas être écrit ({reason})",
            },
        ),
        Message(
            "cannot_write_folder",
            "refusal",
            {
                "en": "{path}: cannot write in the folder {folder} ({reason})",
                "pl": "{path}: nie można zapisywać w folderze {folder} ({reason})",
                "pt": "{path}: não é possível gravar na pasta {folder} ({reason})",
                "fr": "{path} : impossible d'écrire dans le dossier {folder} ({reason})",
            },
        ),
        Message(
            "reason_disk_full",
            "refusal",
            {
                "en": "the disk is full; free some space and score again",
                "pl": "dysk jest pełny; zwolnij trochę miejsca i policz ponownie",
                "pt": "o disco está cheio; libere espaço e pontue de novo",
                "fr": "le disque est plein ; libérez de la place et relancez le calcul",
            },
        ),
        Message(
            "reason_read_only",
            "refusal",
            {
                "en": "the folder is on a read-only disk; choose another with -o",
                "pl": "folder jest na dysku tylko do odczytu; wybierz inny przez -o",
                "pt": "a pasta está num disco somente leitura; escolha outra com -o",
                "fr": "le dossier est sur un disque en lecture seule ; choisissez-en un autre avec -o",
            },
        ),
        Message(
            "reason_denied",
            "refusal",
            {"en": "permission denied", "pl": "brak uprawnień", "pt": "permissão negada", "fr": "permission refusée"},
        ),
        Message(
            "reason_is_folder",
            "refusal",
            {
                "en": "a folder has that name; choose another file with -o",
                "pl": "folder ma taką nazwę; wybierz inny plik przez -o",
                "pt": "uma pasta tem esse nome; escolha outro arquivo com -o",
                "fr": "un dossier porte ce nom ; choisissez un autre fichier avec -o",
            },
        ),
        Message(
            "reason_no_folder",
            "refusal",
            {
                "en": "the folder {folder} does not exist",
                "pl": "folder {folder} nie istnieje",
                "pt": "a pasta {folder} não existe",
                "fr": "le dossier {folder} n'existe pas",
            },
        ),
        Message(
            "reason_quota",
            "refusal",
            {
                "en": "the disk quota is used up; free some space and score again",
                "pl": "limit miejsca na dysku został wyczerpany; zwolnij trochę miejsca i policz ponownie",
                "pt": "a cota de disco se esgotou; libere espaço e pontue de novo",
                "fr": "le quota disque est épuisé ; libérez de la place et relancez le calcul",
            },
        ),
        Message(
            "no_folder",
            "refusal",
            {
                "en": "{path}: the folder {folder} does not exist",
                "pl": "{path}: folder {folder} nie istnieje",
                "pt": "{path}: a pasta {folder} não existe",
                "fr": "{path} : le dossier {folder} n'existe pas",
            },
        ),
        Message(
            "target_is_folder",
            "refusal",
            {
                "en": "{path}: is a folder; name a file to write",
                "pl": "{path}: to folder; podaj plik do zapisania",
                "pt": "{path}: é uma pasta; indique um arquivo para gravar",
                "fr": "{path} : est un dossier ; indiquez un fichier à écrire",
            },
        ),
        Message(
            "wrong_suffix",
            "refusal",
            {
                "en": "{path}: the scored workbook must end in {suffix}, like the input",
                "pl": "{path}: nazwa skoroszytu z wynikami musi kończyć się na {suffix}, jak plik wejściowy",
                "pt": "{path}: o nome da pasta de trabalho pontuada deve terminar em {suffix}, como a de entrada",
                "fr": "{path} : le nom du classeur calculé doit se terminer par {suffix}, comme celui d'entrée",
            },
        ),
        Message(
            "output_is_input",
            "refusal",
            {
                "en": "{path}: -o names the input itself; use --in-place to write over it (a backup is kept)",
                "pl": "{path}: -o wskazuje sam plik wejściowy; użyj --in-place, by go nadpisać (kopia zapasowa zostanie zachowana)",
                "pt": "{path}: -o indica o próprio arquivo de entrada; use --in-place para sobrescrevê-lo (um backup é mantido)",
                "fr": "{path} : -o désigne le fichier d'entrée lui-même ; utilisez --in-place pour l'écraser (une sauvegarde est gardée)",
            },
        ),
        Message(
            "playoffs_added",
            "line",
            {
                "en": "{path}: added the sheet '{sheet}' ({players}); the version before is {backup}",
                "pl": "{path}: dodano arkusz „{sheet}” ({players}); poprzednia wersja to {backup}",
                "pt": "{path}: planilha “{sheet}” adicionada ({players}); a versão anterior é {backup}",
                "fr": "{path} : feuille « {sheet} » ajoutée ({players}) ; la version précédente est {backup}",
            },
        ),
        Message(
            "playoffs_rewrote",
            "line",
            {
                "en": "{path}: rewrote the sheet '{sheet}' ({players}); the version before is {backup}",
                "pl": "{path}: zapisano od nowa arkusz „{sheet}” ({players}); poprzednia wersja to {backup}",
                "pt": "{path}: planilha “{sheet}” reescrita ({players}); a versão anterior é {backup}",
                "fr": "{path} : feuille « {sheet} » réécrite ({players}) ; la version précédente est {backup}",
            },
        ),
        Message(
            "playoffs_refused",
            "refusal",
            {
                "en": "{place}: {problem}{more}; fix it, then run playoffs again",
                "pl": "{place}: {problem}{more}; popraw to i uruchom playoffs ponownie",
                "pt": "{place}: {problem}{more}; corrija e execute playoffs de novo",
                "fr": "{place} : {problem}{more} ; corrigez-le, puis relancez playoffs",
            },
        ),
        Message(
            "playoffs_more",
            "refusal",
            {
                "en": " (and {errors} more; `sheet-scorer check` lists them)",
                "pl": " (i jeszcze {errors}; wypisze je `sheet-scorer check`)",
                "pt": " (e mais {errors}; `sheet-scorer check` lista todos)",
                "fr": " (et {errors} de plus ; `sheet-scorer check` les liste)",
            },
        ),
        Message(
            "playoff_size_zero",
            "refusal",
            {
                "en": "Playoff Size is 0 in Settings: this event has no playoffs",
                "pl": "ustawienie „Liczba w fazie finałowej” ma wartość 0: to wydarzenie nie ma fazy finałowej",
                "pt": "o Tamanho dos playoffs é 0 nas Configurações: este evento não tem playoffs",
                "fr": "la Taille des phases finales vaut 0 dans les Paramètres : cet événement n'a pas de phases finales",
            },
        ),
        Message(
            "playoff_size_bad",
            "refusal",
            {
                "en": "Playoff Size is {size}; the playoffs take {valid} players",
                "pl": "ustawienie „Liczba w fazie finałowej” ma wartość {size}; do fazy finałowej przechodzi {valid} osób",
                "pt": "o Tamanho dos playoffs é {size}; os playoffs levam {valid} jogadores",
                "fr": "la Taille des phases finales vaut {size} ; les phases finales prennent {valid} joueurs",
            },
        ),
        Message(
            "playoff_too_few_unset",
            "refusal",
            {
                "en": "only {n} active players in the qualifying standings, fewer than {size}, the playoffs used when "
                "Settings → Playoff Size is blank; set Playoff Size to {fits}, or 0 for no playoffs",
                "pl": "aktywne osoby w klasyfikacji eliminacji: {n}, czyli mniej niż {size} – tyle przyjmuje się, gdy "
                "„Liczba w fazie finałowej” w Ustawieniach jest pusta; wpisz tam {fits} albo 0, jeśli bez fazy finałowej",
                "pt": "jogadores ativos na classificação das eliminatórias: {n}, menos que {size}, o tamanho usado quando "
                "Configurações → Tamanho dos playoffs está em branco; defina-o como {fits}, ou 0 para não haver playoffs",
                "fr": "joueurs actifs au classement des qualifications : {n}, moins que {size}, la taille retenue quand "
                "Paramètres → Taille des phases finales est vide ; indiquez-y {fits}, ou 0 s'il n'y a pas de phases finales",
            },
        ),
        Message(
            "playoff_too_few",
            "refusal",
            {
                "en": "only {n} active players in the qualifying standings, fewer than the Playoff Size of {size}",
                "pl": "aktywne osoby w klasyfikacji eliminacji: {n}, czyli mniej niż „Liczba w fazie finałowej” ({size})",
                "pt": "jogadores ativos na classificação das eliminatórias: {n}, menos que o Tamanho dos playoffs ({size})",
                "fr": "joueurs actifs au classement des qualifications : {n}, moins que la Taille des phases finales ({size})",
            },
        ),
        Message(
            "qualifying_round_missing",
            "refusal",
            {
                "en": "Settings say {last} qualifying rounds, but round {missing} has no sheet",
                "pl": "według ustawień eliminacje mają {last} rund(y), ale runda {missing} nie ma arkusza",
                "pt": "as Configurações indicam {last} rodadas eliminatórias, mas a rodada {missing} não tem planilha",
                "fr": "les Paramètres indiquent {last} rondes de qualification, mais la ronde {missing} n'a pas de feuille",
            },
        ),
        Message(
            "final_needs_winners",
            "refusal",
            {
                "en": "'{sheet}' has {n} table winners; a final needs 3 or 4",
                "pl": "arkusz „{sheet}” ma zwycięzców stołów: {n}; finał potrzebuje 3 albo 4",
                "pt": "“{sheet}” tem {n} vencedores de mesa; uma final precisa de 3 ou 4",
                "fr": "« {sheet} » a {n} gagnants de table ; une finale en demande 3 ou 4",
            },
        ),
        Message(
            "playoff_not_played",
            "refusal",
            {
                "en": "'{sheet}' has no scored games yet; fill in its results, then run playoffs again",
                "pl": "arkusz „{sheet}” nie ma jeszcze policzonych gier; wpisz wyniki i uruchom playoffs ponownie",
                "pt": "“{sheet}” ainda não tem jogos pontuados; preencha os resultados e execute playoffs de novo",
                "fr": "« {sheet} » n'a pas encore de parties calculées ; saisissez les résultats, puis relancez playoffs",
            },
        ),
        Message(
            "report_is_input",
            "refusal",
            {
                "en": "{path}: {option} names the input workbook itself; choose another file",
                "pl": "{path}: {option} wskazuje sam skoroszyt wejściowy; wybierz inny plik",
                "pt": "{path}: {option} indica a própria pasta de trabalho de entrada; escolha outro arquivo",
                "fr": "{path} : {option} désigne le classeur d'entrée lui-même ; choisissez un autre fichier",
            },
        ),
        # the refusals that were English only (api), every line now a key of this catalogue
        Message(
            "named_twice",
            "refusal",
            {
                "en": "{path}: named for both {first} and {second}; choose two different files",
                "pl": "{path}: wskazany zarówno jako {first}, jak i {second}; wybierz dwa różne pliki",
                "pt": "{path}: indicado ao mesmo tempo para {first} e para {second}; escolha dois arquivos diferentes",
                "fr": "{path} : désigné à la fois pour {first} et pour {second} ; choisissez deux fichiers différents",
            },
        ),
        Message(
            "the_scored_workbook",
            "refusal",
            {
                "en": "the scored workbook",
                "pl": "policzony skoroszyt",
                "pt": "a pasta de trabalho pontuada",
                "fr": "le classeur calculé",
            },
        ),
        # `season` (cli/season.py, docs/rules.md §10)
        Message(
            "season_reading",
            "line",
            {"en": "Reading events", "pl": "Czytanie turniejów", "pt": "Lendo eventos", "fr": "Lecture des tournois"},
        ),
        Message(
            "season_summary",
            "line",
            {
                "en": "{season}: {counted} counted of {files} read, {players}",
                "pl": "{season}: policzono {counted} z {files} odczytanych plików, {players}",
                "pt": "{season}: {counted} na classificação (arquivos lidos: {files}), {players}",
                "fr": "{season} : {counted} au classement (classeurs lus : {files}), {players}",
            },
        ),
        Message(
            "season_file_line",
            "line",
            {"en": "{file}: {status}", "pl": "{file}: {status}", "pt": "{file}: {status}", "fr": "{file} : {status}"},
        ),
        Message(
            "season_problem_line",
            "line",
            {
                "en": "{severity} {where}: {message}",
                "pl": "{severity} {where}: {message}",
                "pt": "{severity} {where}: {message}",
                "fr": "{severity} {where} : {message}",
            },
        ),
        Message(
            "season_left_out",
            "line",
            {
                "en": "left out of the season: {files}; the season is written from the rest",
                "pl": "pominięte w sezonie: {files}; sezon zapisano z pozostałych",
                "pt": "deixados de fora da temporada: {files}; a temporada foi gravada com os demais",
                "fr": "écartés de la saison : {files} ; la saison est écrite à partir des autres",
            },
        ),
        Message(
            "season_include_hint",
            "line",
            {
                "en": "an event with errors counts only with --include-provisional (its provisional ranking)",
                "pl": "turniej z błędami liczy się tylko z --include-provisional (jego tymczasowa klasyfikacja)",
                "pt": "um evento com erros só conta com --include-provisional (sua classificação provisória)",
                "fr": "un tournoi avec des erreurs ne compte qu'avec --include-provisional (son classement provisoire)",
            },
        ),
        Message(
            "season_wrote_three",
            "line",
            {
                "en": "wrote {first}, {second} and {third}",
                "pl": "zapisano {first}, {second} i {third}",
                "pt": "gravados {first}, {second} e {third}",
                "fr": "écrits : {first}, {second} et {third}",
            },
        ),
        Message(
            "season_empty_folder",
            "refusal",
            {
                "en": "{path}: no .xlsx, .xlsm or .ods workbooks in this folder",
                "pl": "{path}: w tym folderze nie ma skoroszytów .xlsx, .xlsm ani .ods",
                "pt": "{path}: nenhuma pasta de trabalho .xlsx, .xlsm ou .ods nesta pasta",
                "fr": "{path} : aucun classeur .xlsx, .xlsm ou .ods dans ce dossier",
            },
        ),
        Message(
            "season_output_clash",
            "refusal",
            {
                "en": "{path}: named for both {first} and {second}; choose two different files",
                "pl": "{path}: wskazany i jako {first}, i jako {second}; wybierz dwa różne pliki",
                "pt": "{path}: indicado para {first} e para {second}; escolha dois arquivos diferentes",
                "fr": "{path} : désigné à la fois pour {first} et {second} ; choisissez deux fichiers différents",
            },
        ),
        Message(
            "season_output_is_event",
            "refusal",
            {
                "en": "{path}: {option} names one of the event workbooks; choose another file",
                "pl": "{path}: {option} wskazuje jeden ze skoroszytów turniejów; wybierz inny plik",
                "pt": "{path}: {option} indica uma das pastas de eventos; escolha outro arquivo",
                "fr": "{path} : {option} désigne l'un des classeurs de tournois ; choisissez un autre fichier",
            },
        ),
        Message(
            "season_output_suffix",
            "refusal",
            {
                "en": "{path}: the season workbook must end in .xlsx",
                "pl": "{path}: skoroszyt sezonu musi mieć rozszerzenie .xlsx",
                "pt": "{path}: a pasta da temporada deve terminar em .xlsx",
                "fr": "{path} : le classeur de la saison doit se terminer par .xlsx",
            },
        ),
        Message(
            "season_not_event",
            "refusal",
            {
                "en": "not an event workbook (no round sheets)",
                "pl": "to nie skoroszyt turnieju (brak arkuszy rund)",
                "pt": "não é uma pasta de evento (sem planilhas de rodada)",
                "fr": "pas un classeur de tournoi (aucune feuille de ronde)",
            },
        ),
        # tables not reported yet stop `seat` and `playoffs` from going on (docs/rules.md §3, §6)
        Message(
            "seat_unreported",
            "refusal",
            {
                "en": "{path}: '{sheet}' has tables not reported yet ({tables}); enter their results and run seat again, "
                "use --reseat to seat that round again, or --force",
                "pl": "{path}: arkusz „{sheet}” ma stoły bez wyników ({tables}); wpisz wyniki i uruchom seat ponownie, "
                "użyj --reseat, aby rozsadzić tę rundę od nowa, albo --force",
                "pt": "{path}: “{sheet}” tem mesas ainda sem resultados ({tables}); lance os resultados e execute seat de novo, "
                "use --reseat para refazer os lugares dessa rodada, ou --force",
                "fr": "{path} : « {sheet} » a des tables sans résultats ({tables}) ; saisissez-les et relancez seat, "
                "utilisez --reseat pour replacer cette ronde, ou --force",
            },
        ),
        Message(
            "seat_active_unread",
            "refusal",
            {
                "en": "{place}: {problem}; fix it (who still plays decides the seating), then run seat again",
                "pl": "{place}: {problem}; popraw to (od tego zależy, kogo rozsadzić), potem uruchom seat ponownie",
                "pt": "{place}: {problem}; corrija (disso depende quem recebe lugar), depois execute seat de novo",
                "fr": "{place} : {problem} ; corrigez-le (il décide qui est placé), puis relancez seat",
            },
        ),
        Message(
            "active_unread_line",
            "refusal",
            {  # names the list's file, as new's other refusals do
                "en": "{path}: line {line}: '{value}' in the Active column is neither yes nor no (no, withdrawn, dropped: not playing)",
                "pl": "{path}: wiersz {line}: „{value}” w kolumnie Aktywny to ani tak, ani nie (nie, wycofany, rezygnacja: nie gra)",
                "pt": "{path}: linha {line}: “{value}” na coluna Ativo não é sim nem não (não, desistiu, retirado: não joga)",
                "fr": "{path} : ligne {line} : « {value} » dans la colonne Actif n'est ni oui ni non (non, abandon, forfait : ne joue pas)",
            },
        ),
        Message(
            "stage_unreported",
            "refusal",
            {
                "en": "'{sheet}': {done} of {total} tables reported; enter the other results, then run playoffs again",
                "pl": "arkusz „{sheet}”: wyniki z {done} z {total} stołów; wpisz pozostałe wyniki i uruchom playoffs ponownie",
                "pt": "“{sheet}”: {done} de {total} mesas com resultados; lance os outros resultados e execute playoffs de novo",
                "fr": "« {sheet} » : résultats de {done} tables sur {total} ; saisissez les autres résultats, puis relancez playoffs",
            },
        ),
        # no edit thrown away (workbook/record.py), conflicts kept (merge/), player lists in any encoding
        Message(
            "edited_since",
            "refusal",
            {
                "en": "{target}: has edits that {source} does not have (made after sheet-scorer wrote it); {command} {name} to "
                "carry on from it, or add --force to replace it (kept as {backup})",
                "pl": "{target}: ma poprawki, których nie ma {source} (wprowadzone po zapisaniu przez sheet-scorer); uruchom "
                "{command} {name}, aby pracować dalej na nim, albo dodaj --force, aby go zastąpić (kopia: {backup})",
                "pt": "{target}: tem alterações que {source} não tem (feitas depois de o sheet-scorer o gravar); execute {command} "
                "{name} para continuar a partir dele, ou acrescente --force para substituí-lo (guardado como {backup})",
                "fr": "{target} : contient des modifications que {source} n'a pas (faites après son écriture par sheet-scorer) ; "
                "lancez {command} {name} pour continuer à partir de lui, ou ajoutez --force pour le remplacer (conservé sous {backup})",
            },
        ),
        Message(
            "edited_copy",
            "refusal",
            {
                "en": "{target}: has results that {source} does not have yet; merge them first (sheet-scorer merge {source} "
                "{name}), or add --force to replace it (kept as {backup})",
                "pl": "{target}: ma wyniki, których {source} jeszcze nie ma; najpierw je scal (sheet-scorer merge {source} "
                "{name}) albo dodaj --force, aby go zastąpić (kopia: {backup})",
                "pt": "{target}: tem resultados que {source} ainda não tem; junte-os primeiro (sheet-scorer merge {source} "
                "{name}), ou acrescente --force para substituí-lo (guardado como {backup})",
                "fr": "{target} : contient des résultats que {source} n'a pas encore ; fusionnez-les d'abord (sheet-scorer merge "
                "{source} {name}), ou ajoutez --force pour le remplacer (conservé sous {backup})",
            },
        ),
        Message(
            "working_copy",
            "refusal",
            {
                "en": "{path}: {copy} is this event's working copy (written from it, with edits {name} does not have); run "
                "{command} {copy}, or add --force to use {name} anyway",
                "pl": "{path}: kopią roboczą tego turnieju jest {copy} (zapisana z niego, z poprawkami, których {name} nie ma); "
                "uruchom {command} {copy} albo dodaj --force, aby mimo to użyć {name}",
                "pt": "{path}: a cópia de trabalho deste evento é {copy} (gravada a partir dele, com alterações que {name} não tem); "
                "execute {command} {copy}, ou acrescente --force para usar {name} mesmo assim",
                "fr": "{path} : la copie de travail de cet événement est {copy} (écrite à partir de lui, avec des modifications que "
                "{name} n'a pas) ; lancez {command} {copy}, ou ajoutez --force pour utiliser {name} quand même",
            },
        ),
        Message(
            "not_text",
            "refusal",
            {
                "en": '{path}: cannot be read as a list of names; in Excel choose Save As → "CSV UTF-8 (Comma delimited)" '
                "and give that file",
                "pl": "{path}: nie da się odczytać jako listy nazwisk; w Excelu wybierz Zapisz jako → „CSV UTF-8 (rozdzielany "
                "przecinkami)” (CSV UTF-8 (Comma delimited)) i podaj ten plik",
                "pt": "{path}: não pode ser lido como lista de nomes; no Excel escolha Salvar como → “CSV UTF-8 (Delimitado por "
                "vírgulas)” (CSV UTF-8 (Comma delimited)) e indique esse arquivo",
                "fr": "{path} : illisible comme liste de noms ; dans Excel choisissez Enregistrer sous → « CSV UTF-8 (délimité par "
                "des virgules) » (CSV UTF-8 (Comma delimited)) et donnez ce fichier",
            },
        ),
        Message(
            "new_encoding",
            "line",
            {
                "en": "{path}: read as {encoding}",
                "pl": "{path}: odczytano jako {encoding}",
                "pt": "{path}: lido como {encoding}",
                "fr": "{path} : lu comme {encoding}",
            },
        ),
        Message(
            "merge_conflicts_kept",
            "line",
            {  # {conflicts} is NOUNS["conflicts_kept"], agreeing with its number
                "en": "{conflicts} in the sheet '{sheet}'; type the agreed value, then mark the row in the '{resolved}' column",
                "pl": "{conflicts} w arkuszu „{sheet}”; wpisz uzgodnioną wartość, potem oznacz wiersz w kolumnie „{resolved}”",
                "pt": "{conflicts} na planilha “{sheet}”; digite o valor acordado e marque a linha na coluna “{resolved}”",
                "fr": "{conflicts} dans la feuille « {sheet} » ; saisissez la valeur convenue, puis marquez la ligne dans la colonne « {resolved} »",
            },
        ),
        # a damaged part, named with what is wrong with it (workbook.container.DAMAGES)
        Message(
            "damaged_twice",
            "refusal",
            {
                "en": "{path}: the workbook is damaged: part {part}: the zip holds two entries of that name; open it in Excel or LibreOffice and save it again",
                "pl": "{path}: skoroszyt jest uszkodzony: część {part}: plik zip zawiera dwa wpisy o tej nazwie; otwórz go w Excelu lub LibreOffice i zapisz ponownie",
                "pt": "{path}: a pasta de trabalho está danificada: parte {part}: o zip contém duas entradas com esse nome; abra-a no Excel ou no LibreOffice e salve-a novamente",
                "fr": "{path} : le classeur est endommagé : partie {part} : le zip contient deux entrées de ce nom ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
            },
        ),
        Message(
            "damaged_missing_types",
            "refusal",
            {
                "en": "{path}: the workbook is damaged: part {part}: missing (the list of content types); open it in Excel or LibreOffice and save it again",
                "pl": "{path}: skoroszyt jest uszkodzony: część {part}: brak (lista typów zawartości); otwórz go w Excelu lub LibreOffice i zapisz ponownie",
                "pt": "{path}: a pasta de trabalho está danificada: parte {part}: ausente (a lista de tipos de conteúdo); abra-a no Excel ou no LibreOffice e salve-a novamente",
                "fr": "{path} : le classeur est endommagé : partie {part} : absente (la liste des types de contenu) ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
            },
        ),
        Message(
            "damaged_missing_rels",
            "refusal",
            {
                "en": "{path}: the workbook is damaged: part {part}: missing (the package's relationships); open it in Excel or LibreOffice and save it again",
                "pl": "{path}: skoroszyt jest uszkodzony: część {part}: brak (relacje pakietu); otwórz go w Excelu lub LibreOffice i zapisz ponownie",
                "pt": "{path}: a pasta de trabalho está danificada: parte {part}: ausente (as relações do pacote); abra-a no Excel ou no LibreOffice e salve-a novamente",
                "fr": "{path} : le classeur est endommagé : partie {part} : absente (les relations du paquet) ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
            },
        ),
        Message(
            "damaged_untyped",
            "refusal",
            {
                "en": "{path}: the workbook is damaged: part {part}: has no content type in [Content_Types].xml; open it in Excel or LibreOffice and save it again",
                "pl": "{path}: skoroszyt jest uszkodzony: część {part}: nie ma typu zawartości w [Content_Types].xml; otwórz go w Excelu lub LibreOffice i zapisz ponownie",
                "pt": "{path}: a pasta de trabalho está danificada: parte {part}: não tem tipo de conteúdo em [Content_Types].xml; abra-a no Excel ou no LibreOffice e salve-a novamente",
                "fr": "{path} : le classeur est endommagé : partie {part} : n'a pas de type de contenu dans [Content_Types].xml ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
            },
        ),
        Message(
            "damaged_id_twice",
            "refusal",
            {
                "en": "{path}: the workbook is damaged: part {part}: relationship id '{id}' is used twice; open it in Excel or LibreOffice and save it again",
                "pl": "{path}: skoroszyt jest uszkodzony: część {part}: identyfikator relacji „{id}” występuje dwa razy; otwórz go w Excelu lub LibreOffice i zapisz ponownie",
                "pt": "{path}: a pasta de trabalho está danificada: parte {part}: o id de relação “{id}” é usado duas vezes; abra-a no Excel ou no LibreOffice e salve-a novamente",
                "fr": "{path} : le classeur est endommagé : partie {part} : l'identifiant de relation « {id} » est utilisé deux fois ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
            },
        ),
        Message(
            "damaged_no_target",
            "refusal",
            {
                "en": "{path}: the workbook is damaged: part {part}: relationship '{id}' has no target; open it in Excel or LibreOffice and save it again",
                "pl": "{path}: skoroszyt jest uszkodzony: część {part}: relacja „{id}” nie ma celu; otwórz go w Excelu lub LibreOffice i zapisz ponownie",
                "pt": "{path}: a pasta de trabalho está danificada: parte {part}: a relação “{id}” não tem destino; abra-a no Excel ou no LibreOffice e salve-a novamente",
                "fr": "{path} : le classeur est endommagé : partie {part} : la relation « {id} » n'a pas de cible ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
            },
        ),
        Message(
            "damaged_dangling",
            "refusal",
            {
                "en": "{path}: the workbook is damaged: part {part}: relationship '{id}' points to {target}, which is not in the package; open it in Excel or LibreOffice and save it again",
                "pl": "{path}: skoroszyt jest uszkodzony: część {part}: relacja „{id}” wskazuje na {target}, którego nie ma w pakiecie; otwórz go w Excelu lub LibreOffice i zapisz ponownie",
                "pt": "{path}: a pasta de trabalho está danificada: parte {part}: a relação “{id}” aponta para {target}, que não está no pacote; abra-a no Excel ou no LibreOffice e salve-a novamente",
                "fr": "{path} : le classeur est endommagé : partie {part} : la relation « {id} » pointe vers {target}, absent du paquet ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
            },
        ),
        Message(
            "damaged_no_workbook_rels",
            "refusal",
            {
                "en": "{path}: the workbook is damaged: part {part}: missing (the workbook's relationships, which say where its sheets are); open it in Excel or LibreOffice and save it again",
                "pl": "{path}: skoroszyt jest uszkodzony: część {part}: brak (relacje skoroszytu, które wskazują, gdzie są jego arkusze); otwórz go w Excelu lub LibreOffice i zapisz ponownie",
                "pt": "{path}: a pasta de trabalho está danificada: parte {part}: ausente (as relações da pasta de trabalho, que dizem onde estão as suas planilhas); abra-a no Excel ou no LibreOffice e salve-a novamente",
                "fr": "{path} : le classeur est endommagé : partie {part} : absente (les relations du classeur, qui disent où sont ses feuilles) ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
            },
        ),
        Message(
            "damaged_no_main",
            "refusal",
            {
                "en": "{path}: the workbook is damaged: part {part}: names no main part (officeDocument); open it in Excel or LibreOffice and save it again",
                "pl": "{path}: skoroszyt jest uszkodzony: część {part}: nie wskazuje części głównej (officeDocument); otwórz go w Excelu lub LibreOffice i zapisz ponownie",
                "pt": "{path}: a pasta de trabalho está danificada: parte {part}: não indica a parte principal (officeDocument); abra-a no Excel ou no LibreOffice e salve-a novamente",
                "fr": "{path} : le classeur est endommagé : partie {part} : n'indique aucune partie principale (officeDocument) ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
            },
        ),
        # the refusals that were English only (xlsx/ and workbook/), now keyed like every other line
        Message(
            "in_workbook",
            "refusal",
            {"en": "{path}: {reason}", "pl": "{path}: {reason}", "pt": "{path}: {reason}", "fr": "{path} : {reason}"},
        ),
        Message(
            "cannot_read",
            "refusal",
            {
                "en": "{path}: cannot be read ({reason})",
                "pl": "{path}: nie można odczytać ({reason})",
                "pt": "{path}: não pode ser lido ({reason})",
                "fr": "{path} : illisible ({reason})",
            },
        ),
        Message(
            "no_sheet_named",
            "refusal",
            {
                "en": "{path}: has no sheet '{name}'",
                "pl": "{path}: nie ma arkusza „{name}”",
                "pt": "{path}: não tem a planilha “{name}”",
                "fr": "{path} : n'a pas de feuille « {name} »",
            },
        ),
        Message(
            "no_worksheet",
            "refusal",
            {
                "en": "{path}: has no worksheet '{name}'",
                "pl": "{path}: nie ma arkusza „{name}”",
                "pt": "{path}: não tem a planilha “{name}”",
                "fr": "{path} : n'a pas de feuille de calcul « {name} »",
            },
        ),
        Message(
            "sheet_exists",
            "refusal",
            {
                "en": "{path}: already has a sheet '{name}'",
                "pl": "{path}: ma już arkusz „{name}”",
                "pt": "{path}: já tem uma planilha “{name}”",
                "fr": "{path} : a déjà une feuille « {name} »",
            },
        ),
        Message(
            "lacks_part",
            "refusal",
            {
                "en": "{path}: the workbook lacks the part {part}; save it again from Excel or LibreOffice",
                "pl": "{path}: w skoroszycie brak części {part}; zapisz go ponownie w Excelu lub LibreOffice",
                "pt": "{path}: falta à pasta de trabalho a parte {part}; salve-a de novo no Excel ou no LibreOffice",
                "fr": "{path} : il manque au classeur la partie {part} ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
            },
        ),
        Message(
            "no_sheets_listed",
            "refusal",
            {
                "en": "{path}: workbook.xml lists no sheets; save it again from Excel or LibreOffice",
                "pl": "{path}: workbook.xml nie wymienia żadnych arkuszy; zapisz go ponownie w Excelu lub LibreOffice",
                "pt": "{path}: workbook.xml não lista nenhuma planilha; salve-a de novo no Excel ou no LibreOffice",
                "fr": "{path} : workbook.xml ne liste aucune feuille ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
            },
        ),
        Message(
            "notes_damaged",
            "refusal",
            {
                "en": "the notes of sheet '{sheet}' are damaged; save the workbook again from Excel or LibreOffice",
                "pl": "notatki arkusza „{sheet}” są uszkodzone; zapisz skoroszyt ponownie w Excelu lub LibreOffice",
                "pt": "as notas da planilha “{sheet}” estão danificadas; salve a pasta de trabalho de novo no Excel ou no LibreOffice",
                "fr": "les notes de la feuille « {sheet} » sont endommagées ; enregistrez le classeur à nouveau depuis Excel ou LibreOffice",
            },
        ),
        Message(
            "merged_too_many",
            "refusal",
            {
                "en": "{path}: sheet '{sheet}' has merged ranges over more than {limit:,} cells; unmerge them and try again",
                "pl": "{path}: arkusz „{sheet}” ma scalone zakresy obejmujące ponad {limit:,} komórek; rozdziel je i spróbuj ponownie",
                "pt": "{path}: a planilha “{sheet}” tem intervalos mesclados com mais de {limit:,} células; desfaça a mesclagem e tente de novo",
                "fr": "{path} : la feuille « {sheet} » a des plages fusionnées de plus de {limit:,} cellules ; annulez la fusion et réessayez",
            },
        ),
        Message(
            "part_doctype",
            "refusal",
            {
                "en": "{path}: part {part} declares a DOCTYPE or entities, which workbooks never do (a hostile or damaged file); "
                "save it again from Excel or LibreOffice",
                "pl": "{path}: część {part} deklaruje DOCTYPE lub encje, czego skoroszyty nigdy nie robią (plik złośliwy lub uszkodzony); "
                "zapisz go ponownie w Excelu lub LibreOffice",
                "pt": "{path}: a parte {part} declara um DOCTYPE ou entidades, o que pastas de trabalho nunca fazem (arquivo hostil ou "
                "danificado); salve-o de novo no Excel ou no LibreOffice",
                "fr": "{path} : la partie {part} déclare un DOCTYPE ou des entités, ce que les classeurs ne font jamais (fichier hostile "
                "ou endommagé) ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
            },
        ),
        Message(
            "part_damaged",
            "refusal",
            {
                "en": "{path}: part {part} is damaged ({reason}); save the file again from Excel or LibreOffice",
                "pl": "{path}: część {part} jest uszkodzona ({reason}); zapisz plik ponownie w Excelu lub LibreOffice",
                "pt": "{path}: a parte {part} está danificada ({reason}); salve o arquivo de novo no Excel ou no LibreOffice",
                "fr": "{path} : la partie {part} est endommagée ({reason}) ; enregistrez le fichier à nouveau depuis Excel ou LibreOffice",
            },
        ),
        Message(
            "part_not_xml",
            "refusal",
            {
                "en": "{path}: part {part} is not well-formed XML ({reason}, line {line}); open and save the file in Excel or LibreOffice",
                "pl": "{path}: część {part} nie jest poprawnym XML ({reason}, wiersz {line}); otwórz i zapisz plik w Excelu lub LibreOffice",
                "pt": "{path}: a parte {part} não é XML bem formado ({reason}, linha {line}); abra e salve o arquivo no Excel ou no LibreOffice",
                "fr": "{path} : la partie {part} n'est pas du XML bien formé ({reason}, ligne {line}) ; ouvrez et enregistrez le fichier "
                "dans Excel ou LibreOffice",
            },
        ),
        Message(
            "not_xml_part",
            "refusal",
            {
                "en": "a part of the workbook is not XML",
                "pl": "część skoroszytu nie jest w formacie XML",
                "pt": "uma parte da pasta de trabalho não é XML",
                "fr": "une partie du classeur n'est pas du XML",
            },
        ),
        Message(
            "entry_too_large",
            "refusal",
            {
                "en": "{part}: a part larger than 4 GiB; not a tournament workbook",
                "pl": "{part}: część większa niż 4 GiB; to nie jest skoroszyt turnieju",
                "pt": "{part}: uma parte maior que 4 GiB; não é uma pasta de trabalho de torneio",
                "fr": "{part} : une partie de plus de 4 Gio ; ce n'est pas un classeur de tournoi",
            },
        ),
        Message(
            "entry_damaged",
            "refusal",
            {
                "en": "{part}: damaged zip entry; save the workbook again from Excel or LibreOffice",
                "pl": "{part}: uszkodzony wpis zip; zapisz skoroszyt ponownie w Excelu lub LibreOffice",
                "pt": "{part}: entrada zip danificada; salve a pasta de trabalho de novo no Excel ou no LibreOffice",
                "fr": "{part} : entrée zip endommagée ; enregistrez le classeur à nouveau depuis Excel ou LibreOffice",
            },
        ),
        Message(
            "entry_cut_short",
            "refusal",
            {
                "en": "{part}: the zip entry is cut short; the workbook is damaged",
                "pl": "{part}: wpis zip jest urwany; skoroszyt jest uszkodzony",
                "pt": "{part}: a entrada zip está truncada; a pasta de trabalho está danificada",
                "fr": "{part} : l'entrée zip est tronquée ; le classeur est endommagé",
            },
        ),
        Message(
            "too_many_cells",
            "refusal",
            {
                "en": "{path}: refusing to open: sheet '{sheet}' takes the workbook past {limit:,} filled cells (far beyond any "
                "tournament); delete what is not the event's and score it again",
                "pl": "{path}: odmowa otwarcia: arkusz „{sheet}” przekracza w skoroszycie {limit:,} wypełnionych komórek (dużo więcej "
                "niż w jakimkolwiek turnieju); usuń to, co nie należy do turnieju, i policz ponownie",
                "pt": "{path}: abertura recusada: a planilha “{sheet}” leva a pasta de trabalho além de {limit:,} células preenchidas "
                "(muito além de qualquer torneio); apague o que não é do evento e pontue de novo",
                "fr": "{path} : ouverture refusée : la feuille « {sheet} » porte le classeur au-delà de {limit:,} cellules remplies "
                "(bien plus que tout tournoi) ; supprimez ce qui n'est pas du tournoi et recalculez",
            },
        ),
        Message(
            "cells_too_far",
            "refusal",
            {
                "en": "sheet '{sheet}' has cells as far as {cell} in many rows; delete what is not part of its list and score it again",
                "pl": "arkusz „{sheet}” ma w wielu wierszach komórki sięgające aż {cell}; usuń to, co nie należy do listy, i policz ponownie",
                "pt": "a planilha “{sheet}” tem células até {cell} em muitas linhas; apague o que não faz parte da lista e pontue de novo",
                "fr": "la feuille « {sheet} » a des cellules jusqu'en {cell} sur de nombreuses lignes ; supprimez ce qui n'appartient "
                "pas à sa liste et recalculez",
            },
        ),
        Message(
            "sheet_no_data",
            "refusal",
            {
                "en": "sheet '{sheet}' has no cell data element; save the workbook again from Excel or LibreOffice",
                "pl": "arkusz „{sheet}” nie ma elementu z danymi komórek; zapisz skoroszyt ponownie w Excelu lub LibreOffice",
                "pt": "a planilha “{sheet}” não tem elemento de dados de células; salve a pasta de trabalho de novo no Excel ou no LibreOffice",
                "fr": "la feuille « {sheet} » n'a pas d'élément de données de cellules ; enregistrez le classeur à nouveau depuis "
                "Excel ou LibreOffice",
            },
        ),
        Message(
            "sheet_cut_short",
            "refusal",
            {
                "en": "sheet '{sheet}' is cut short; save the workbook again from Excel or LibreOffice",
                "pl": "arkusz „{sheet}” jest urwany; zapisz skoroszyt ponownie w Excelu lub LibreOffice",
                "pt": "a planilha “{sheet}” está truncada; salve a pasta de trabalho de novo no Excel ou no LibreOffice",
                "fr": "la feuille « {sheet} » est tronquée ; enregistrez le classeur à nouveau depuis Excel ou LibreOffice",
            },
        ),
        # a damaged sheet, named with what is wrong with it (xlsx.reader)
        Message(
            "sheet_damaged_ref",
            "refusal",
            {
                "en": "{path}: sheet '{sheet}' is damaged: cell reference '{ref}' is outside the grid (A1 to XFD1048576); open and save it in Excel or LibreOffice",
                "pl": "{path}: arkusz „{sheet}” jest uszkodzony: adres komórki „{ref}” wychodzi poza siatkę (A1 do XFD1048576); otwórz go i zapisz w Excelu lub LibreOffice",
                "pt": "{path}: a planilha “{sheet}” está danificada: a referência de célula “{ref}” está fora da grade (A1 a XFD1048576); abra-a e salve-a no Excel ou no LibreOffice",
                "fr": "{path} : la feuille « {sheet} » est endommagée : la référence de cellule « {ref} » est hors de la grille (A1 à XFD1048576) ; ouvrez-la et enregistrez-la dans Excel ou LibreOffice",
            },
        ),
        Message(
            "sheet_damaged_row",
            "refusal",
            {
                "en": "{path}: sheet '{sheet}' is damaged: row number '{row}' is outside the grid (1 to 1048576); open and save it in Excel or LibreOffice",
                "pl": "{path}: arkusz „{sheet}” jest uszkodzony: numer wiersza „{row}” wychodzi poza siatkę (1 do 1048576); otwórz go i zapisz w Excelu lub LibreOffice",
                "pt": "{path}: a planilha “{sheet}” está danificada: o número de linha “{row}” está fora da grade (1 a 1048576); abra-a e salve-a no Excel ou no LibreOffice",
                "fr": "{path} : la feuille « {sheet} » est endommagée : le numéro de ligne « {row} » est hors de la grille (1 à 1048576) ; ouvrez-la et enregistrez-la dans Excel ou LibreOffice",
            },
        ),
        Message(
            "sheet_damaged_string",
            "refusal",
            {
                "en": "{path}: sheet '{sheet}' is damaged: cell {cell} points to shared string '{index}', which does not exist; open and save it in Excel or LibreOffice",
                "pl": "{path}: arkusz „{sheet}” jest uszkodzony: komórka {cell} wskazuje na wspólny tekst „{index}”, który nie istnieje; otwórz go i zapisz w Excelu lub LibreOffice",
                "pt": "{path}: a planilha “{sheet}” está danificada: a célula {cell} aponta para o texto compartilhado “{index}”, que não existe; abra-a e salve-a no Excel ou no LibreOffice",
                "fr": "{path} : la feuille « {sheet} » est endommagée : la cellule {cell} renvoie au texte partagé « {index} », qui n'existe pas ; ouvrez-la et enregistrez-la dans Excel ou LibreOffice",
            },
        ),
    ]
}

# key -> lang -> CLDR category -> "{n} noun"; `other` also covers fractions.
NOUNS: dict[str, dict[str, dict[str, str]]] = {
    "errors": {
        "en": {"one": "{n} error", "other": "{n} errors"},
        "pl": {"one": "{n} błąd", "few": "{n} błędy", "many": "{n} błędów", "other": "{n} błędu"},
        "pt": {"one": "{n} erro", "other": "{n} erros"},
        "fr": {"one": "{n} erreur", "other": "{n} erreurs"},
    },
    "warnings": {
        "en": {"one": "{n} warning", "other": "{n} warnings"},
        "pl": {"one": "{n} ostrzeżenie", "few": "{n} ostrzeżenia", "many": "{n} ostrzeżeń", "other": "{n} ostrzeżenia"},
        "pt": {"one": "{n} aviso", "other": "{n} avisos"},
        "fr": {"one": "{n} avertissement", "other": "{n} avertissements"},
    },
    "players": {
        "en": {"one": "{n} player", "other": "{n} players"},
        "pl": {"one": "{n} gracz", "few": "{n} gracze", "many": "{n} graczy", "other": "{n} gracza"},
        "pt": {"one": "{n} jogador", "other": "{n} jogadores"},
        "fr": {"one": "{n} joueur", "other": "{n} joueurs"},
    },
    "rounds": {
        "en": {"one": "{n} round", "other": "{n} rounds"},
        "pl": {"one": "{n} runda", "few": "{n} rundy", "many": "{n} rund", "other": "{n} rundy"},
        "pt": {"one": "{n} rodada", "other": "{n} rodadas"},
        "fr": {"one": "{n} ronde", "other": "{n} rondes"},
    },
    "cells": {
        "en": {"one": "{n} cell", "other": "{n} cells"},
        "pl": {"one": "{n} komórka", "few": "{n} komórki", "many": "{n} komórek", "other": "{n} komórki"},
        "pt": {"one": "{n} célula", "other": "{n} células"},
        "fr": {"one": "{n} cellule", "other": "{n} cellules"},
    },
    # the verb agrees with the count (CLDR plural categories)
    "cells_written": {
        "en": {"one": "wrote {n} cell", "other": "wrote {n} cells"},
        "pl": {
            "one": "zapisano {n} komórkę",
            "few": "zapisano {n} komórki",
            "many": "zapisano {n} komórek",
            "other": "zapisano {n} komórki",
        },
        "pt": {"one": "{n} célula gravada", "other": "{n} células gravadas"},
        "fr": {"one": "{n} cellule écrite", "other": "{n} cellules écrites"},
    },
    "cells_would_be_written": {
        "en": {"one": "{n} cell would be written", "other": "{n} cells would be written"},
        "pl": {
            "one": "do zapisania byłaby {n} komórka",
            "few": "do zapisania byłyby {n} komórki",
            "many": "do zapisania byłoby {n} komórek",
            "other": "do zapisania byłoby {n} komórki",
        },
        "pt": {"one": "{n} célula seria gravada", "other": "{n} células seriam gravadas"},
        "fr": {"one": "{n} cellule serait écrite", "other": "{n} cellules seraient écrites"},
    },
    "playoff_tables": {
        "en": {"one": "{n} in the playoffs", "other": "{n} in the playoffs"},
        "pl": {
            "one": "{n} w fazie finałowej",
            "few": "{n} w fazie finałowej",
            "many": "{n} w fazie finałowej",
            "other": "{n} w fazie finałowej",
        },
        "pt": {"one": "{n} nos playoffs", "other": "{n} nos playoffs"},
        "fr": {"one": "{n} en phase finale", "other": "{n} en phases finales"},
    },
    "more_players": {
        "en": {
            "one": "… and {n} more (--all shows every player)",
            "other": "… and {n} more (--all shows every player)",
        },
        "pl": {
            "one": "… i jeszcze {n} gracz (--all pokazuje wszystkich)",
            "few": "… i jeszcze {n} graczy (--all pokazuje wszystkich)",
            "many": "… i jeszcze {n} graczy (--all pokazuje wszystkich)",
            "other": "… i jeszcze {n} gracza (--all pokazuje wszystkich)",
        },
        "pt": {
            "one": "… e mais {n} jogador (--all mostra todos)",
            "other": "… e mais {n} jogadores (--all mostra todos)",
        },
        "fr": {
            "one": "… et {n} joueur de plus (--all les montre tous)",
            "other": "… et {n} joueurs de plus (--all les montre tous)",
        },
    },
    "conflicts_kept": {  # the participles agree with the number (1 conflict: its cell)
        "en": {
            "one": "{n} conflict kept in the event: marked at its cell and listed",
            "other": "{n} conflicts kept in the event: marked at their cells and listed",
        },
        "pl": {
            "one": "{n} konflikt w turnieju: zaznaczony w komórce i wypisany",
            "few": "{n} konflikty w turnieju: zaznaczone w komórkach i wypisane",
            "many": "{n} konfliktów w turnieju: zaznaczone w komórkach i wypisane",
            "other": "{n} konfliktu w turnieju: zaznaczone w komórkach i wypisane",
        },
        "pt": {
            "one": "{n} conflito no evento: marcado na célula e listado",
            "other": "{n} conflitos no evento: marcados nas células e listados",
        },
        "fr": {
            "one": "{n} conflit dans l'événement : marqué à sa cellule et listé",
            "other": "{n} conflits dans l'événement : marqués à leurs cellules et listés",
        },
    },
    "workbooks": {
        "en": {"one": "{n} workbook", "other": "{n} workbooks"},
        "pl": {"one": "{n} skoroszyt", "few": "{n} skoroszyty", "many": "{n} skoroszytów", "other": "{n} skoroszytu"},
        "pt": {"one": "{n} pasta de trabalho", "other": "{n} pastas de trabalho"},
        "fr": {"one": "{n} classeur", "other": "{n} classeurs"},
    },
    # `season`
    "events": {
        "en": {"one": "{n} event", "other": "{n} events"},
        "pl": {"one": "{n} turniej", "few": "{n} turnieje", "many": "{n} turniejów", "other": "{n} turnieju"},
        "pt": {"one": "{n} evento", "other": "{n} eventos"},
        "fr": {"one": "{n} tournoi", "other": "{n} tournois"},
    },
}


# --------------------------------------------------------------------------------------------
# The report's words (and the season's, the slips', the live pages'): key -> lang -> words, said by `i18n.text.text`
# --------------------------------------------------------------------------------------------

WORDS: dict[str, dict[str, str]] = {
    "page_title": {
        "en": "{tournament} — standings",
        "pl": "{tournament} — klasyfikacja",
        "pt": "{tournament} — classificação",
        "fr": "{tournament} — classement",
    },
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
    "playoff_ties": {
        "en": "Ties in playoff games are decided by the qualifying rank.",
        "pl": "Remisy w grach fazy finałowej rozstrzyga miejsce w eliminacjach.",
        "pt": "Empates nas partidas dos playoffs são decididos pela posição na classificatória.",
        "fr": "Les égalités en phases finales sont départagées par le rang en qualifications.",
    },
    # header statistics
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
    "adjustments_intro": {
        "en": "Points added to (or, for a penalty, taken from) the players' totals.",
        "pl": "Punkty dodane do sumy gracza (lub, jako kara, odjęte).",
        "pt": "Pontos somados ao total do jogador (ou, numa penalidade, subtraídos).",
        "fr": "Points ajoutés au total du joueur (ou, pour une pénalité, retirés).",
    },
    "medal_1": {"en": "1st place", "pl": "1. miejsce", "pt": "1.º lugar", "fr": "1re place"},
    "medal_2": {"en": "2nd place", "pl": "2. miejsce", "pt": "2.º lugar", "fr": "2e place"},
    "medal_3": {"en": "3rd place", "pl": "3. miejsce", "pt": "3.º lugar", "fr": "3e place"},
    # the standings' heading once the Final is scored and the final ranking leads the report (docs/rules.md §6)
    "qualifying_standings": {
        "en": "Qualifying standings",
        "pl": "Klasyfikacja eliminacji",
        "pt": "Classificação da fase classificatória",
        "fr": "Classement des qualifications",
    },
    "no_games": {
        "en": "No games are scored yet.",
        "pl": "Nie policzono jeszcze żadnej gry.",
        "pt": "Nenhuma partida foi pontuada ainda.",
        "fr": "Aucune partie n'est encore comptée.",
    },
    # rounds
    "table_n": {"en": "Table {table}", "pl": "Stół {table}", "pt": "Mesa {table}", "fr": "Table {table}"},
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
    # the live view (`live`: projector and phone pages)
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
    # how far the event has got (docs/rules.md §3) and players who withdrew (docs/rules.md §1)
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
    # a withdrawal beside a player's name, and in the sheets' column headed by the word (docs/rules.md §1)
    "withdrawn_after": {
        "en": "withdrawn after round {round}",
        "pl": "rezygnacja po rundzie {round}",
        "pt": "desistiu após a rodada {round}",
        "fr": "a abandonné après la ronde {round}",
    },
    "withdrawn": {"en": "withdrawn", "pl": "rezygnacja", "pt": "desistiu", "fr": "a abandonné"},
    "withdrawn_column": {"en": "Withdrawn", "pl": "Rezygnacja", "pt": "Desistência", "fr": "Abandon"},
    "withdrawn_after_cell": {
        "en": "After round {round}",
        "pl": "Po rundzie {round}",
        "pt": "Após a rodada {round}",
        "fr": "Après la ronde {round}",
    },
    "withdrawn_cell": {
        "en": "Before playing",
        "pl": "Przed pierwszą grą",
        "pt": "Antes de jogar",
        "fr": "Avant de jouer",
    },
    # page furniture
    "contents": {"en": "Contents", "pl": "Spis treści", "pt": "Conteúdo", "fr": "Sommaire"},
    "footer": {
        "en": "Scored from {file} by sheet-scorer.",
        "pl": "Policzone z pliku {file} przez sheet-scorer.",
        "pt": "Pontuado a partir de {file} pelo sheet-scorer.",
        "fr": "Calculé à partir de {file} par sheet-scorer.",
    },
    # season ranking (`season`, docs/rules.md §10): sheet names, headers, statuses, messages, report words
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

# words the report and slips show around the figures, playoffs and chart
WORDS.update(
    {
        "colon": {"en": ":", "pl": ":", "pt": ":", "fr": " :"},
        "more_columns": {
            "en": "→ Swipe the table sideways for the other columns: {names}",
            "pl": "→ Przesuń tabelę w bok, aby zobaczyć pozostałe kolumny: {names}",
            "pt": "→ Deslize a tabela para o lado para ver as outras colunas: {names}",
            "fr": "→ Faites glisser le tableau sur le côté pour voir les autres colonnes : {names}",
        },
        "champion": {"en": "Champion", "pl": "Mistrz", "pt": "Campeão", "fr": "Champion"},
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

# the season's problems column: an event's name or a cell of the settings workbook, so not "Cell"
WORDS.update(
    {
        "season_where": {"en": "Where", "pl": "Gdzie", "pt": "Onde", "fr": "Où"},
    }
)

# docs/rules.md §11: results reported from the tables' phones (the table's page and the organiser's desk)
WORDS.update(
    {
        "report_title": {
            "en": "{sheet}, table {table}",
            "pl": "{sheet}, stół {table}",
            "pt": "{sheet}, mesa {table}",
            "fr": "{sheet}, table {table}",
        },
        "report_intro": {
            "en": "Enter the table's result, then check it.",
            "pl": "Wpisz wynik stołu, a potem go sprawdź.",
            "pt": "Digite o resultado da mesa e depois confira.",
            "fr": "Saisissez le résultat de la table, puis vérifiez-le.",
        },
        "report_check": {"en": "Check", "pl": "Sprawdź", "pt": "Conferir", "fr": "Vérifier"},
        "report_fix": {
            "en": "Please correct the fields marked below.",
            "pl": "Popraw zaznaczone poniżej pola.",
            "pt": "Corrija os campos marcados abaixo.",
            "fr": "Corrigez les cases signalées ci-dessous.",
        },
        "report_summary": {
            "en": "Is this the result? Confirm to send it to the organiser.",
            "pl": "Czy to jest wynik? Potwierdź, aby wysłać go organizatorowi.",
            "pt": "Este é o resultado? Confirme para enviá-lo à organização.",
            "fr": "Est-ce bien le résultat ? Confirmez pour l'envoyer à l'organisation.",
        },
        "report_confirm": {"en": "Confirm", "pl": "Potwierdź", "pt": "Confirmar", "fr": "Confirmer"},
        "report_change": {"en": "Change", "pl": "Zmień", "pt": "Alterar", "fr": "Modifier"},
        "report_received": {
            "en": "Received (report {id}). The organiser adds it to the standings.",
            "pl": "Otrzymano (zgłoszenie {id}). Organizator doda je do klasyfikacji.",
            "pt": "Recebido (envio {id}). A organização o incluirá na classificação.",
            "fr": "Reçu (envoi {id}). L'organisation l'ajoutera au classement.",
        },
        "report_again": {
            "en": "Sending again replaces this table's earlier result.",
            "pl": "Ponowne wysłanie zastępuje wcześniejszy wynik tego stołu.",
            "pt": "Enviar de novo substitui o resultado anterior desta mesa.",
            "fr": "Un nouvel envoi remplace le résultat précédent de cette table.",
        },
        "report_failed": {
            "en": "Not sent ({reason}); please try again.",
            "pl": "Nie wysłano ({reason}); spróbuj ponownie.",
            "pt": "Não enviado ({reason}); tente de novo.",
            "fr": "Non envoyé ({reason}) ; veuillez réessayer.",
        },
        "report_offline": {
            "en": "no connection to the organiser's computer",
            "pl": "brak połączenia z komputerem organizatora",
            "pt": "sem conexão com o computador da organização",
            "fr": "pas de connexion avec l'ordinateur de l'organisation",
        },
        "report_unknown": {
            "en": "This link is not a table of the round being played.",
            "pl": "Ten link nie prowadzi do stołu rozgrywanej rundy.",
            "pt": "Este link não é de uma mesa da rodada em jogo.",
            "fr": "Ce lien n'est pas celui d'une table de la ronde en cours.",
        },
        "report_wait": {
            "en": "Too many requests from this phone or for this table: please wait a minute, then try again.",
            "pl": "Zbyt wiele żądań z tego telefonu lub dla tego stołu: odczekaj minutę i spróbuj ponownie.",
            "pt": "Pedidos demais deste celular ou para esta mesa: espere um minuto e tente de novo.",
            "fr": "Trop de demandes de ce téléphone ou pour cette table : attendez une minute, puis réessayez.",
        },
        "report_not_rows": {
            "en": "the report holds no rows of players",
            "pl": "zgłoszenie nie zawiera wierszy graczy",
            "pt": "o envio não contém linhas de jogadores",
            "fr": "l'envoi ne contient aucune ligne de joueur",
        },
        "report_not_here": {
            "en": "'{player}' is not at this table, or is named twice",
            "pl": "„{player}” nie gra przy tym stole albo występuje dwa razy",
            "pt": "“{player}” não está nesta mesa ou aparece duas vezes",
            "fr": "« {player} » n'est pas à cette table, ou figure deux fois",
        },
        "report_missing": {
            "en": "'{player}' plays at this table but is not in the report",
            "pl": "„{player}” gra przy tym stole, ale nie ma go w zgłoszeniu",
            "pt": "“{player}” joga nesta mesa, mas não está no envio",
            "fr": "« {player} » joue à cette table mais ne figure pas dans l'envoi",
        },
        "report_vp": {"en": "{vp} VP", "pl": "{vp} PZ", "pt": "{vp} PV", "fr": "{vp} PV"},
        "report_place": {
            "en": "{place} place",
            "pl": "{place} miejsce",
            "pt": "{place} lugar",
            "fr": "{place} place",
        },
        "desk_title": {
            "en": "{tournament} — desk",
            "pl": "{tournament} — biuro turnieju",
            "pt": "{tournament} — mesa da organização",
            "fr": "{tournament} — bureau",
        },
        "desk_tables": {
            "en": "Tables of {sheet}",
            "pl": "Stoły: {sheet}",
            "pt": "Mesas: {sheet}",
            "fr": "Tables : {sheet}",
        },
        "desk_no_round": {
            "en": "No round is seated yet.",
            "pl": "Żadna runda nie jest jeszcze rozstawiona.",
            "pt": "Nenhuma rodada tem mesas ainda.",
            "fr": "Aucune ronde n'est encore placée.",
        },
        "desk_print": {
            "en": "Print the slips (one per table)",
            "pl": "Drukuj karteczki (po jednej na stół)",
            "pt": "Imprimir as fichas (uma por mesa)",
            "fr": "Imprimer les fiches (une par table)",
        },
        "desk_scan": {
            "en": "Scan to report this table's result",
            "pl": "Zeskanuj, aby zgłosić wynik tego stołu",
            "pt": "Escaneie para informar o resultado desta mesa",
            "fr": "Scannez pour rendre le résultat de cette table",
        },
        "desk_in_workbook": {"en": "in workbook", "pl": "w skoroszycie", "pt": "na planilha", "fr": "dans le classeur"},
        "desk_reports": {
            "en": "Reports received",
            "pl": "Otrzymane zgłoszenia",
            "pt": "Envios recebidos",
            "fr": "Envois reçus",
        },
        "desk_no_reports": {
            "en": "No report received yet.",
            "pl": "Nie otrzymano jeszcze żadnego zgłoszenia.",
            "pt": "Nenhum envio recebido ainda.",
            "fr": "Aucun envoi reçu pour l'instant.",
        },
        "desk_counts": {"en": "counts", "pl": "obowiązuje", "pt": "vale", "fr": "retenu"},
        "desk_replaced": {
            "en": "replaced by report {id}",
            "pl": "zastąpione zgłoszeniem {id}",
            "pt": "substituído pelo envio {id}",
            "fr": "remplacé par l'envoi {id}",
        },
        "desk_rejected": {"en": "rejected", "pl": "odrzucone", "pt": "rejeitado", "fr": "rejeté"},
        "desk_reject": {"en": "Reject", "pl": "Odrzuć", "pt": "Rejeitar", "fr": "Rejeter"},
        "desk_report": {
            "en": "Report {id} · {sheet}, table {table} · {time}",
            "pl": "Zgłoszenie {id} · {sheet}, stół {table} · {time}",
            "pt": "Envio {id} · {sheet}, mesa {table} · {time}",
            "fr": "Envoi {id} · {sheet}, table {table} · {time}",
        },
        "desk_merge": {
            "en": "The workbook takes the reports only when you run:",
            "pl": "Skoroszyt przyjmuje zgłoszenia dopiero po poleceniu:",
            "pt": "A planilha só recebe os envios quando você executa:",
            "fr": "Le classeur ne reçoit les envois que lorsque vous lancez :",
        },
        "desk_eyebrow": {"en": "Desk", "pl": "Biuro turnieju", "pt": "Mesa da organização", "fr": "Bureau"},
    }
)


# One copy of the words a command line, the report and the season all show.
WORDS.update(
    {
        "players": CATALOGUE["players"].templates,
        "stat_players": CATALOGUE["players"].templates,
        "rounds": CATALOGUE["rounds"].templates,
        "path_playoffs": WORDS["playoffs"],
        "season_events": WORDS["season_events_sheet"],
        "season_file": CATALOGUE["file"].templates,
    }
)


def message(code: str) -> Message:
    """The entry `code` (a KeyError names a code the catalogue lacks)."""
    return CATALOGUE[code]


def has(code: str) -> bool:
    """True when the catalogue holds `code`."""
    return code in CATALOGUE


def problem_templates(lang: str) -> dict[str, str]:
    """Every problem code's template in `lang` (a variant as `code.variant`), the table a Problem is rendered from."""
    found = {}
    for code, entry in CATALOGUE.items():
        if entry.level in ("error", "warning"):
            found[code] = entry.templates[lang]
            found.update({f"{code}.{variant}": words[lang] for variant, words in entry.variants.items()})
    return found
