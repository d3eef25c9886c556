"""What the commands print on the terminal, in English, Polish, Portuguese and French (docs/rules.md §5).

`say(lang, key, **values)` gives a line or a heading; `count(lang, key, n)` a number with its noun in
the right plural form for `n` (CLDR rules through Babel: `1 błąd`, `2 błędy`, `5 błędów`). Every
command prints through these, so `--lang` (else the workbook's `Settings` → `Language`, else English)
decides the whole terminal, never the computer's locale.
"""

from __future__ import annotations

from typing import Any

from sheet_scorer.i18n.text import language, plural, typeset
from sheet_scorer.i18n.phrase import Count, Phrase  # noqa: F401  (Phrase: imported from here by the modules that use it)

_LINES: dict[str, dict[str, str]] = {
    "summary": {
        "en": "{tournament}: {players}, {rounds}, {scored} of {tables} tables scored, {errors}, {warnings}",
        "pl": "{tournament}: {players}, {rounds}, policzone stoły: {scored} z {tables}, {errors}, {warnings}",
        "pt": "{tournament}: {players}, {rounds}, {scored} de {tables} mesas pontuadas, {errors}, {warnings}",
        "fr": "{tournament} : {players}, {rounds}, {scored} tables comptées sur {tables}, {errors}, {warnings}",
    },
    # issue 19: playoffs in the summary, the champion, one problem a line
    "summary_playoffs": {
        "en": "{tournament}: {players}, {rounds}, {scored} of {tables} tables scored ({playoffs}), {errors}, {warnings}",
        "pl": "{tournament}: {players}, {rounds}, policzone stoły: {scored} z {tables} ({playoffs}), {errors}, {warnings}",
        "pt": "{tournament}: {players}, {rounds}, {scored} de {tables} mesas pontuadas ({playoffs}), {errors}, {warnings}",
        "fr": "{tournament} : {players}, {rounds}, {scored} tables comptées sur {tables} ({playoffs}), {errors}, {warnings}",
    },
    "champion": {"en": "Champion: {player}", "pl": "Mistrz turnieju: {player}", "pt": "Campeão: {player}",
                 "fr": "Champion : {player}"},
    "problem_at": {"en": "{where}: {message}", "pl": "{where}: {message}", "pt": "{where}: {message}", "fr": "{where} : {message}"},
    "more_problems": {
        "en": "… and {n} more: see the {sheet} sheet",
        "pl": "… i jeszcze {n}: zobacz arkusz „{sheet}”",
        "pt": "… e mais {n}: veja a planilha “{sheet}”",
        "fr": "… et {n} de plus : voir la feuille « {sheet} »",
    },
    "wrote": {"en": "wrote {first} and {second}", "pl": "zapisano {first} i {second}",
              "pt": "gravados {first} e {second}", "fr": "écrits : {first} et {second}"},
    "checked": {"en": "{file}: {errors}, {warnings}", "pl": "{file}: {errors}, {warnings}",
                "pt": "{file}: {errors}, {warnings}", "fr": "{file} : {errors}, {warnings}"},
    "converted_scored": {
        "en": "{source}: a LibreOffice file, converted by LibreOffice to .xlsx and scored; the scored copy is {target}",
        "pl": "{source}: plik LibreOffice, przekonwertowany przez LibreOffice na .xlsx i policzony; kopia z wynikami to {target}",
        "pt": "{source}: arquivo do LibreOffice, convertido pelo LibreOffice em .xlsx e pontuado; a cópia pontuada é {target}",
        "fr": "{source} : fichier LibreOffice, converti par LibreOffice en .xlsx et calculé ; la copie calculée est {target}",
    },
    "converted_checked": {
        "en": "{source}: a LibreOffice file, converted by LibreOffice to .xlsx and checked",
        "pl": "{source}: plik LibreOffice, przekonwertowany przez LibreOffice na .xlsx i sprawdzony",
        "pt": "{source}: arquivo do LibreOffice, convertido pelo LibreOffice em .xlsx e verificado",
        "fr": "{source} : fichier LibreOffice, converti par LibreOffice en .xlsx et vérifié",
    },
    "converted_batch": {
        "en": "converted by LibreOffice to .xlsx and scored: {files}",
        "pl": "przekonwertowane przez LibreOffice na .xlsx i policzone: {files}",
        "pt": "convertidos pelo LibreOffice em .xlsx e pontuados: {files}",
        "fr": "convertis par LibreOffice en .xlsx et calculés : {files}",
    },
    # issue 22: `live` (cli/live.py)
    "live_serving": {
        "en": "{tournament}: live standings on {projector} (projector) and {phone} (phones)",
        "pl": "{tournament}: klasyfikacja na żywo pod {projector} (projektor) i {phone} (telefony)",
        "pt": "{tournament}: classificação ao vivo em {projector} (projetor) e {phone} (celulares)",
        "fr": "{tournament} : classement en direct sur {projector} (projecteur) et {phone} (téléphones)",
    },
    "live_qr": {"en": "Phones can scan this:", "pl": "Telefony mogą zeskanować ten kod:", "pt": "Os celulares podem ler este código:",
                "fr": "Les téléphones peuvent scanner ce code :"},
    "live_stop": {"en": "Following {file}; press Ctrl-C to stop.", "pl": "Śledzę plik {file}; Ctrl-C kończy.",
                  "pt": "Acompanhando {file}; pressione Ctrl-C para parar.", "fr": "Suivi de {file} ; Ctrl-C pour arrêter."},
    "live_updated": {"en": "{time} updated in {seconds} s: {progress}", "pl": "{time} zaktualizowano w {seconds} s: {progress}",
                     "pt": "{time} atualizado em {seconds} s: {progress}", "fr": "{time} mis à jour en {seconds} s : {progress}"},
    "live_unreadable": {
        "en": "{time} could not read the workbook ({reason}); still showing the last good standings",
        "pl": "{time} nie udało się odczytać skoroszytu ({reason}); nadal widać ostatnią poprawną klasyfikację",
        "pt": "{time} não foi possível ler a pasta de trabalho ({reason}); a última classificação válida continua exibida",
        "fr": "{time} impossible de lire le classeur ({reason}) ; le dernier classement valable reste affiché",
    },
    "live_errors": {
        "en": "{time} the workbook has {errors}; still showing the last good standings",
        "pl": "{time} skoroszyt zawiera: {errors}; nadal widać ostatnią poprawną klasyfikację",
        "pt": "{time} a pasta de trabalho tem {errors}; a última classificação válida continua exibida",
        "fr": "{time} le classeur contient {errors} ; le dernier classement valable reste affiché",
    },
    "live_port_busy": {
        "en": "{host}:{port} is already in use (another live view?); choose another port with --port",
        "pl": "{host}:{port} jest już zajęty (inny widok na żywo?); wybierz inny port opcją --port",
        "pt": "{host}:{port} já está em uso (outra visualização ao vivo?); escolha outra porta com --port",
        "fr": "{host}:{port} est déjà utilisé (un autre affichage en direct ?) ; choisissez un autre port avec --port",
    },
    "live_cannot_bind": {
        "en": "cannot listen on {host}:{port}: {reason}", "pl": "nie można nasłuchiwać na {host}:{port}: {reason}",
        "pt": "não é possível escutar em {host}:{port}: {reason}", "fr": "impossible d'écouter sur {host}:{port} : {reason}",
    },
    "live_stopped": {"en": "stopped", "pl": "zatrzymano", "pt": "parado", "fr": "arrêté"},
    # one-line refusals (WorkbookError with a key)
    "no_such_file": {"en": "{path}: no such file", "pl": "{path}: nie ma takiego pliku", "pt": "{path}: arquivo inexistente",
                     "fr": "{path} : fichier introuvable"},
    "ods_no_libreoffice": {
        "en": "{path}: a LibreOffice file, and LibreOffice is not installed to convert it; open it in LibreOffice, "
              "choose File > Save As > 'Excel 2007-365 (.xlsx)', and score the .xlsx",
        "pl": "{path}: plik LibreOffice, a LibreOffice nie jest zainstalowany, by go przekonwertować; otwórz go w LibreOffice, "
              "wybierz Plik > Zapisz jako > „Excel 2007-365 (.xlsx)” i policz plik .xlsx",
        "pt": "{path}: arquivo do LibreOffice, e o LibreOffice não está instalado para convertê-lo; abra-o no LibreOffice, "
              "escolha Arquivo > Salvar como > “Excel 2007-365 (.xlsx)” e pontue o .xlsx",
        "fr": "{path} : fichier LibreOffice, et LibreOffice n'est pas installé pour le convertir ; ouvrez-le dans LibreOffice, "
              "choisissez Fichier > Enregistrer sous > « Excel 2007-365 (.xlsx) » et calculez le .xlsx",
    },
    "ods_not_converted": {
        "en": "{path}: LibreOffice could not convert it to .xlsx; open it in LibreOffice and save it as .xlsx",
        "pl": "{path}: LibreOffice nie zdołał go przekonwertować na .xlsx; otwórz go w LibreOffice i zapisz jako .xlsx",
        "pt": "{path}: o LibreOffice não conseguiu convertê-lo em .xlsx; abra-o no LibreOffice e salve-o como .xlsx",
        "fr": "{path} : LibreOffice n'a pas pu le convertir en .xlsx ; ouvrez-le dans LibreOffice et enregistrez-le en .xlsx",
    },
    "ods_timeout": {
        "en": "{path}: LibreOffice did not finish converting within {seconds} s; open the file in LibreOffice and save it as .xlsx",
        "pl": "{path}: LibreOffice nie skończył konwersji w {seconds} s; otwórz plik w LibreOffice i zapisz go jako .xlsx",
        "pt": "{path}: o LibreOffice não terminou a conversão em {seconds} s; abra o arquivo no LibreOffice e salve-o como .xlsx",
        "fr": "{path} : LibreOffice n'a pas terminé la conversion en {seconds} s ; ouvrez le fichier dans LibreOffice et enregistrez-le en .xlsx",
    },
    "ods_in_place": {
        "en": "{path}: --in-place cannot write an .ods; score it without --in-place to get {target}",
        "pl": "{path}: --in-place nie zapisze pliku .ods; policz go bez --in-place, a powstanie {target}",
        "pt": "{path}: --in-place não grava um .ods; pontue-o sem --in-place para obter {target}",
        "fr": "{path} : --in-place ne peut pas écrire un .ods ; calculez-le sans --in-place pour obtenir {target}",
    },
    # issue 20: damaged packages named by their part, and Strict Open XML refused by name
    "part_encoding": {
        "en": "{path}: part {part} declares an encoding that cannot be read ({reason}); open and save the file in Excel or LibreOffice",
        "pl": "{path}: część {part} deklaruje kodowanie, którego nie da się odczytać ({reason}); otwórz i zapisz plik w Excelu "
              "lub LibreOffice",
        "pt": "{path}: a parte {part} declara uma codificação que não pode ser lida ({reason}); abra e salve o arquivo no Excel "
              "ou no LibreOffice",
        "fr": "{path} : la partie {part} déclare un encodage illisible ({reason}) ; ouvrez et enregistrez le fichier dans Excel "
              "ou LibreOffice",
    },
    "strict_xml": {
        "en": "{path}: saved as 'Strict Open XML Spreadsheet', which sheet-scorer does not write; open it in Excel and save it "
              "as 'Excel Workbook (.xlsx)'",
        "pl": "{path}: zapisany jako „Arkusz kalkulacyjny Strict Open XML”, którego sheet-scorer nie zapisuje; otwórz go w Excelu "
              "i zapisz jako „Skoroszyt programu Excel (.xlsx)”",
        "pt": "{path}: salvo como “Planilha Strict Open XML”, formato que o sheet-scorer não grava; abra-o no Excel e salve-o "
              "como “Pasta de Trabalho do Excel (.xlsx)”",
        "fr": "{path} : enregistré au format « Feuille de calcul Strict Open XML », que sheet-scorer n'écrit pas ; ouvrez-le "
              "dans Excel et enregistrez-le en « Classeur Excel (.xlsx) »",
    },
    "own_sheet_clash": {
        "en": "{path}: the workbook already has its own sheet '{sheet}'; rename it so that sheet-scorer can add its '{title}' sheet",
        "pl": "{path}: skoroszyt ma już własny arkusz „{sheet}”; zmień jego nazwę, aby sheet-scorer mógł dodać swój arkusz „{title}”",
        "pt": "{path}: a pasta de trabalho já tem uma planilha própria “{sheet}”; renomeie-a para que o sheet-scorer possa "
              "adicionar a sua planilha “{title}”",
        "fr": "{path} : le classeur a déjà sa propre feuille « {sheet} » ; renommez-la pour que sheet-scorer puisse ajouter "
              "sa feuille « {title} »",
    },
    "two_sheets_clash": {
        "en": "{path}: the workbook has two sheets that would both be named '{title}'; rename the organiser's one",
        "pl": "{path}: skoroszyt ma dwa arkusze, które miałyby tę samą nazwę „{title}”; zmień nazwę arkusza organizatora",
        "pt": "{path}: a pasta de trabalho tem duas planilhas que teriam o mesmo nome “{title}”; renomeie a do organizador",
        "fr": "{path} : le classeur a deux feuilles qui s'appelleraient toutes deux « {title} » ; renommez celle de l'organisateur",
    },
    "error": {"en": "Error: {message}", "pl": "Błąd: {message}", "pt": "Erro: {message}", "fr": "Erreur : {message}"},
    "unexpected": {
        "en": "Error: unexpected failure ({message}); re-run with -v for details",
        "pl": "Błąd: nieoczekiwana awaria ({message}); uruchom ponownie z -v, aby zobaczyć szczegóły",
        "pt": "Erro: falha inesperada ({message}); execute novamente com -v para ver os detalhes",
        "fr": "Erreur : échec inattendu ({message}) ; relancez avec -v pour les détails",
    },
    "interrupted": {
        "en": "Interrupted: files not yet finished were left as they were.",
        "pl": "Przerwano: pliki, których zapis się nie skończył, pozostały bez zmian.",
        "pt": "Interrompido: os arquivos ainda não concluídos ficaram como estavam.",
        "fr": "Interrompu : les fichiers pas encore terminés sont restés tels quels.",
    },
    # batch
    "scoring": {"en": "Scoring", "pl": "Liczenie", "pt": "Pontuando", "fr": "Calcul"},
    "progress": {"en": "[{done}/{total}] {path}: exit {code}", "pl": "[{done}/{total}] {path}: kod wyjścia {code}",
                 "pt": "[{done}/{total}] {path}: código de saída {code}", "fr": "[{done}/{total}] {path} : code de sortie {code}"},
    "file": {"en": "File", "pl": "Plik", "pt": "Arquivo", "fr": "Fichier"},
    "output": {"en": "Output", "pl": "Wynik", "pt": "Saída", "fr": "Sortie"},
    "players": {"en": "Players", "pl": "Gracze", "pt": "Jogadores", "fr": "Joueurs"},
    "rounds": {"en": "Rounds", "pl": "Rundy", "pt": "Rodadas", "fr": "Rondes"},
    "errors": {"en": "Errors", "pl": "Błędy", "pt": "Erros", "fr": "Erreurs"},
    "warnings": {"en": "Warnings", "pl": "Ostrzeżenia", "pt": "Avisos", "fr": "Avertissements"},
    "not_scored": {"en": "not scored: {reason}", "pl": "niepoliczony: {reason}", "pt": "não pontuado: {reason}",
                   "fr": "non calculé : {reason}"},
    "interrupted_one": {"en": "interrupted", "pl": "przerwano", "pt": "interrompido", "fr": "interrompu"},
    # `new`, `seat`, `slips` (cli/new.py, cli/seat.py, cli/slips.py)
    "new_wrote": {
        "en": "{file}: {players}, round 1 seated, rounds 2–{rounds} planned",
        "pl": "{file}: {players}, runda 1 rozsadzona, rundy 2–{rounds} zaplanowane",
        "pt": "{file}: {players}, rodada 1 com os lugares definidos, rodadas 2–{rounds} planejadas",
        "fr": "{file} : {players}, ronde 1 placée, rondes 2 à {rounds} planifiées",
    },
    "new_wrote_one": {
        "en": "{file}: {players}, round 1 seated",
        "pl": "{file}: {players}, runda 1 rozsadzona",
        "pt": "{file}: {players}, rodada 1 com os lugares definidos",
        "fr": "{file} : {players}, ronde 1 placée",
    },
    # QA: two rounds are "round 2 planned", not "rounds 2–2"
    "new_wrote_two": {
        "en": "{file}: {players}, round 1 seated, round 2 planned",
        "pl": "{file}: {players}, runda 1 rozsadzona, runda 2 zaplanowana",
        "pt": "{file}: {players}, rodada 1 com os lugares definidos, rodada 2 planejada",
        "fr": "{file} : {players}, ronde 1 placée, ronde 2 planifiée",
    },
    "new_not_xlsx": {
        "en": "{path}: the new workbook must end in .xlsx",
        "pl": "{path}: nazwa nowego skoroszytu musi kończyć się na .xlsx",
        "pt": "{path}: o nome da nova pasta de trabalho deve terminar em .xlsx",
        "fr": "{path} : le nom du nouveau classeur doit se terminer par .xlsx",
    },
    "new_exists": {
        "en": "{path}: already exists; choose another name or use --force",
        "pl": "{path}: taki plik już istnieje; wybierz inną nazwę albo użyj --force",
        "pt": "{path}: já existe; escolha outro nome ou use --force",
        "fr": "{path} : existe déjà ; choisissez un autre nom ou utilisez --force",
    },
    "not_utf8": {"en": "{path}: not UTF-8 text; save it as UTF-8", "pl": "{path}: to nie jest tekst w UTF-8; zapisz go w kodowaniu UTF-8",
                 "pt": "{path}: não é texto UTF-8; salve-o como UTF-8", "fr": "{path} : pas du texte UTF-8 ; enregistrez-le en UTF-8"},
    "no_player_names": {"en": "{path}: no player names found", "pl": "{path}: nie znaleziono nazwisk graczy",
                        "pt": "{path}: nenhum nome de jogador encontrado", "fr": "{path} : aucun nom de joueur trouvé"},
    "same_name_twice": {"en": "{path}: the same name twice: {clashes}", "pl": "{path}: dwa razy to samo imię i nazwisko: {clashes}",
                        "pt": "{path}: o mesmo nome duas vezes: {clashes}", "fr": "{path} : le même nom deux fois : {clashes}"},
    "name_clash": {
        "en": "line {first_line} '{first}' and line {second_line} '{second}'",
        "pl": "wiersz {first_line} „{first}” i wiersz {second_line} „{second}”",
        "pt": "linha {first_line} “{first}” e linha {second_line} “{second}”",
        "fr": "ligne {first_line} « {first} » et ligne {second_line} « {second} »",
    },
    "too_few_players": {
        "en": "{path}: {n} active player(s): at least {least} are needed for a table",
        "pl": "{path}: liczba aktywnych graczy: {n}; do stołu potrzeba co najmniej {least}",
        "pt": "{path}: jogadores ativos: {n}; uma mesa precisa de pelo menos {least}",
        "fr": "{path} : joueurs actifs : {n} ; une table en demande au moins {least}",
    },
    "seated": {
        "en": "{path}: seated {rounds} from round {first} ({players}, {how})",
        "pl": "{path}: rozsadzono od rundy {first}: {rounds} ({players}, {how})",
        "pt": "{path}: lugares definidos para {rounds} a partir da rodada {first} ({players}, {how})",
        "fr": "{path} : placement de {rounds} à partir de la ronde {first} ({players}, {how})",
    },
    "reseated": {
        "en": "{path}: re-seated {rounds} from round {first} ({players}, {how})",
        "pl": "{path}: ponownie rozsadzono od rundy {first}: {rounds} ({players}, {how})",
        "pt": "{path}: lugares redefinidos para {rounds} a partir da rodada {first} ({players}, {how})",
        "fr": "{path} : nouveau placement de {rounds} à partir de la ronde {first} ({players}, {how})",
    },
    "plan_kept": {"en": "stored plan kept", "pl": "zachowano zapisany plan", "pt": "plano guardado mantido",
                  "fr": "plan enregistré conservé"},
    "replanned": {"en": "re-planned", "pl": "zaplanowano od nowa", "pt": "replanejado", "fr": "replanifié"},
    "seat_no_rounds": {
        "en": "{path}: no readable round sheet to continue from",
        "pl": "{path}: brak czytelnego arkusza rundy, od którego można kontynuować",
        "pt": "{path}: nenhuma planilha de rodada legível a partir da qual continuar",
        "fr": "{path} : aucune feuille de ronde lisible à partir de laquelle continuer",
    },
    "reseat_played": {
        "en": "{path}: '{sheet}' already has results; --reseat only replaces a round not yet played",
        "pl": "{path}: arkusz „{sheet}” ma już wyniki; --reseat zastępuje tylko rundę jeszcze nierozegraną",
        "pt": "{path}: “{sheet}” já tem resultados; --reseat só substitui uma rodada ainda não jogada",
        "fr": "{path} : « {sheet} » a déjà des résultats ; --reseat ne remplace qu'une ronde pas encore jouée",
    },
    "seat_unscored_tables": {
        "en": "{path}: '{sheet}' is not fully scored (table(s) {tables}); fix it and run seat again, or use --force",
        "pl": "{path}: arkusz „{sheet}” nie jest w pełni policzony (stoły: {tables}); popraw go i uruchom seat ponownie albo użyj --force",
        "pt": "{path}: “{sheet}” não está totalmente pontuada (mesas: {tables}); corrija-a e execute seat de novo, ou use --force",
        "fr": "{path} : « {sheet} » n'est pas entièrement calculée (tables : {tables}) ; corrigez-la et relancez seat, ou utilisez --force",
    },
    "seat_unscored_errors": {
        "en": "{path}: '{sheet}' is not fully scored ({errors}); fix it and run seat again, or use --force",
        "pl": "{path}: arkusz „{sheet}” nie jest w pełni policzony ({errors}); popraw go i uruchom seat ponownie albo użyj --force",
        "pt": "{path}: “{sheet}” não está totalmente pontuada ({errors}); corrija-a e execute seat de novo, ou use --force",
        "fr": "{path} : « {sheet} » n'est pas entièrement calculée ({errors}) ; corrigez-la et relancez seat, ou utilisez --force",
    },
    "repeated_meetings_none": {"en": "  repeated meetings: 0", "pl": "  powtórzone spotkania: 0",
                               "pt": "  encontros repetidos: 0", "fr": "  rencontres répétées : 0"},
    "repeated_meetings": {
        "en": "  repeated meetings: {n} (the fewest found; no pair more than {most} times)",
        "pl": "  powtórzone spotkania: {n} (najmniej, ile udało się znaleźć; żadna para nie gra ze sobą więcej niż {most} razy)",
        "pt": "  encontros repetidos: {n} (o mínimo encontrado; nenhum par se encontra mais de {most} vezes)",
        "fr": "  rencontres répétées : {n} (le minimum trouvé ; aucune paire ne se rencontre plus de {most} fois)",
    },
    "seat_balance_uneven": {
        "en": "  seat balance: {players} not on every seat evenly{why}: {names}",
        "pl": "  rozkład miejsc: nierówno na poszczególnych miejscach – {players}{why}: {names}",
        "pt": "  equilíbrio de lugares: {players} sem passar por cada lugar por igual{why}: {names}",
        "fr": "  équilibre des places : {players} pas sur chaque place de façon égale{why} : {names}",
    },
    "tables_of_three": {"en": " (tables of 3 have no seat 4)", "pl": " (przy stołach na 3 osoby nie ma miejsca 4)",
                        "pt": " (mesas de 3 não têm o lugar 4)", "fr": " (les tables de 3 n'ont pas de place 4)"},
    "seat_balance_even": {
        "en": "  seat balance: every player on each seat as evenly as {rounds} allow",
        "pl": "  rozkład miejsc: każda osoba na każdym miejscu tak równo, jak pozwala liczba rund ({rounds})",
        "pt": "  equilíbrio de lugares: cada jogador em cada lugar tão por igual quanto {rounds} permitem",
        "fr": "  équilibre des places : chaque joueur sur chaque place aussi également que {rounds} le permettent",
    },
    "club_conflicts": {"en": "  club conflicts: {n}", "pl": "  konflikty klubowe: {n}", "pt": "  conflitos de clube: {n}",
                       "fr": "  conflits de club : {n}"},
    # issue 19: --round takes a number or a sheet name
    "slips_no_sheet": {
        "en": "{path}: has no readable round or playoff sheet '{round}'; the sheets are: {sheets}",
        "pl": "{path}: brak czytelnego arkusza rundy lub fazy finałowej „{round}”; arkusze to: {sheets}",
        "pt": "{path}: não tem planilha legível de rodada ou playoff “{round}”; as planilhas são: {sheets}",
        "fr": "{path} : aucune feuille lisible de ronde ou de phase finale « {round} » ; les feuilles sont : {sheets}",
    },
    "slips_wrote": {"en": "{file}: slips for {sheet}", "pl": "{file}: karty wyników dla arkusza „{sheet}”",
                    "pt": "{file}: fichas de resultado de “{sheet}”", "fr": "{file} : fiches de résultats de « {sheet} »"},
    # `merge` (cli/merge.py, merge/plan.py)
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
        "en": "{cells} into {event}; the version before is kept as {backup}",
        "pl": "{cells} w {event}; poprzednia wersja została zachowana jako {backup}",
        "pt": "{cells} em {event}; a versão anterior foi guardada como {backup}",
        "fr": "{cells} dans {event} ; la version précédente est gardée sous le nom {backup}",
    },
    "merge_nothing": {
        "en": "nothing new to take; {event} is unchanged",
        "pl": "nie ma nic nowego do przeniesienia; {event} bez zmian",
        "pt": "nada de novo para copiar; {event} não foi alterado",
        "fr": "rien de nouveau à reprendre ; {event} est inchangé",
    },
    "merge_dry_run": {
        "en": "dry run: {cells}; {event} is unchanged",
        "pl": "próba: {cells}; {event} bez zmian",
        "pt": "simulação: {cells}; {event} não foi alterado",
        "fr": "simulation : {cells} ; {event} est inchangé",
    },
    "merge_skipped": {
        "en": "  '{sheet}' not merged: {message}",
        "pl": "  nie scalono arkusza „{sheet}”: {message}",
        "pt": "  “{sheet}” não juntada: {message}",
        "fr": "  « {sheet} » non fusionnée : {message}",
    },
    "merge_event_sheet": {
        "en": "{event}: sheet '{sheet}' cannot be read ({message}); fix it, then merge again",
        "pl": "{event}: nie można odczytać arkusza „{sheet}” ({message}); popraw go i scal ponownie",
        "pt": "{event}: a planilha “{sheet}” não pode ser lida ({message}); corrija-a e junte de novo",
        "fr": "{event} : la feuille « {sheet} » est illisible ({message}) ; corrigez-la, puis fusionnez à nouveau",
    },
    "merge_twice": {
        "en": "{file}: '{sheet}' has {player} twice (rows {rows}); keep one row, then merge again",
        "pl": "{file}: w arkuszu „{sheet}” {player} występuje dwa razy (wiersze {rows}); zostaw jeden wiersz i scal ponownie",
        "pt": "{file}: “{sheet}” tem {player} duas vezes (linhas {rows}); mantenha uma linha e junte de novo",
        "fr": "{file} : « {sheet} » contient {player} deux fois (lignes {rows}) ; gardez une ligne, puis fusionnez à nouveau",
    },
    "merge_no_player": {
        "en": "{copy}: '{sheet}' row {row} has game cells but no player; nothing merged",
        "pl": "{copy}: wiersz {row} w arkuszu „{sheet}” ma wyniki gry, ale brak w nim gracza; nic nie scalono",
        "pt": "{copy}: a linha {row} de “{sheet}” tem dados da partida, mas nenhum jogador; nada foi juntado",
        "fr": "{copy} : la ligne {row} de « {sheet} » a des données de partie mais aucun joueur ; rien n'a été fusionné",
    },
    "merge_unknown_player": {
        "en": "{copy} is not a copy of {event}: '{sheet}' row {row} has {player}, who is not in '{event_sheet}'; nothing merged",
        "pl": "{copy} nie jest kopią {event}: w wierszu {row} arkusza „{sheet}” jest {player}, a w „{event_sheet}” nie; nic nie scalono",
        "pt": "{copy} não é uma cópia de {event}: a linha {row} de “{sheet}” tem {player}, que não está em “{event_sheet}”; nada foi juntado",
        "fr": "{copy} n'est pas une copie de {event} : la ligne {row} de « {sheet} » contient {player}, absent de « {event_sheet} » ; rien n'a été fusionné",
    },
    "merge_unknown_table": {
        "en": "{copy} is not a copy of {event}: '{sheet}' row {row} has table {table}, which '{event_sheet}' does not have; nothing merged",
        "pl": "{copy} nie jest kopią {event}: wiersz {row} arkusza „{sheet}” ma stół {table}, którego nie ma w „{event_sheet}”; nic nie scalono",
        "pt": "{copy} não é uma cópia de {event}: a linha {row} de “{sheet}” tem a mesa {table}, que “{event_sheet}” não tem; nada foi juntado",
        "fr": "{copy} n'est pas une copie de {event} : la ligne {row} de « {sheet} » a la table {table}, absente de « {event_sheet} » ; rien n'a été fusionné",
    },
    "merge_unknown_round": {
        "en": "{copy} is not a copy of {event}: its sheet '{sheet}' is round {round}, which {event} does not have; nothing merged",
        "pl": "{copy} nie jest kopią {event}: arkusz „{sheet}” to runda {round}, której {event} nie ma; nic nie scalono",
        "pt": "{copy} não é uma cópia de {event}: a planilha “{sheet}” é a rodada {round}, que {event} não tem; nada foi juntado",
        "fr": "{copy} n'est pas une copie de {event} : sa feuille « {sheet} » est la ronde {round}, absente de {event} ; rien n'a été fusionné",
    },
    "merge_no_match": {
        "en": "{copy} is not a copy of {event}: none of its round sheets' players are in {event}; nothing merged",
        "pl": "{copy} nie jest kopią {event}: żadnego gracza z jego rund nie ma w {event}; nic nie scalono",
        "pt": "{copy} não é uma cópia de {event}: nenhum jogador das suas rodadas está em {event}; nada foi juntado",
        "fr": "{copy} n'est pas une copie de {event} : aucun joueur de ses rondes n'est dans {event} ; rien n'a été fusionné",
    },
    # `split` (cli/split.py, merge/split.py)
    "split_wrote": {
        "en": "wrote {copy}: '{sheet}' holds tables {tables} ({players}); the other tables and rounds are emptied",
        "pl": "zapisano {copy}: arkusz „{sheet}” zawiera stoły {tables} ({players}); inne stoły i rundy są wyczyszczone",
        "pt": "{copy} gravado: “{sheet}” tem as mesas {tables} ({players}); as outras mesas e rodadas foram esvaziadas",
        "fr": "{copy} écrit : « {sheet} » contient les tables {tables} ({players}) ; les autres tables et rondes sont vidées",
    },
    "split_missing": {
        "en": "'{sheet}' has no table {tables}",
        "pl": "w arkuszu „{sheet}” nie ma stołu {tables}",
        "pt": "“{sheet}” não tem a mesa {tables}",
        "fr": "« {sheet} » n'a pas de table {tables}",
    },
    "split_no_round": {
        "en": "{event} has no sheet for round {round}",
        "pl": "{event} nie ma arkusza rundy {round}",
        "pt": "{event} não tem planilha para a rodada {round}",
        "fr": "{event} n'a pas de feuille pour la ronde {round}",
    },
    "split_no_tables": {
        "en": "'{sheet}' has none of the tables {tables}; nothing written",
        "pl": "w arkuszu „{sheet}” nie ma żadnego ze stołów {tables}; nic nie zapisano",
        "pt": "“{sheet}” não tem nenhuma das mesas {tables}; nada foi gravado",
        "fr": "« {sheet} » n'a aucune des tables {tables} ; rien n'a été écrit",
    },
    "split_same_file": {
        "en": "the judge's copy cannot be {event} itself; name another file with -o",
        "pl": "kopia dla sędziego nie może być samym plikiem {event}; podaj inny plik przez -o",
        "pt": "a cópia do juiz não pode ser o próprio {event}; indique outro arquivo com -o",
        "fr": "la copie de l'arbitre ne peut pas être {event} lui-même ; indiquez un autre fichier avec -o",
    },
    # refusals of the workbook itself (workbook/container.py, xlsx.py, read.py, files.py, api.py)
    "is_folder": {"en": "{path}: is a folder, not a workbook", "pl": "{path}: to folder, a nie skoroszyt",
                  "pt": "{path}: é uma pasta, não uma pasta de trabalho", "fr": "{path} : est un dossier, pas un classeur"},
    "legacy_or_encrypted": {
        "en": "{path}: a legacy .xls file or a password-protected workbook; save it as an .xlsx workbook without a password",
        "pl": "{path}: stary plik .xls albo skoroszyt chroniony hasłem; zapisz go jako skoroszyt .xlsx bez hasła",
        "pt": "{path}: um arquivo .xls antigo ou uma pasta de trabalho protegida por senha; salve-a como .xlsx sem senha",
        "fr": "{path} : un ancien fichier .xls ou un classeur protégé par mot de passe ; enregistrez-le en .xlsx sans mot de passe",
    },
    "empty_file": {
        "en": "{path}: an empty file; sheet-scorer reads .xlsx and .xlsm workbooks",
        "pl": "{path}: pusty plik; sheet-scorer czyta skoroszyty .xlsx i .xlsm",
        "pt": "{path}: um arquivo vazio; o sheet-scorer lê pastas de trabalho .xlsx e .xlsm",
        "fr": "{path} : un fichier vide ; sheet-scorer lit les classeurs .xlsx et .xlsm",
    },
    "not_a_workbook": {
        "en": "{path}: not an Excel workbook; sheet-scorer reads .xlsx and .xlsm workbooks",
        "pl": "{path}: to nie jest skoroszyt Excela; sheet-scorer czyta skoroszyty .xlsx i .xlsm",
        "pt": "{path}: não é uma pasta de trabalho do Excel; o sheet-scorer lê pastas de trabalho .xlsx e .xlsm",
        "fr": "{path} : pas un classeur Excel ; sheet-scorer lit les classeurs .xlsx et .xlsm",
    },
    "zip_not_workbook": {
        "en": "{path}: a zip file but not an Excel workbook; sheet-scorer reads .xlsx and .xlsm workbooks",
        "pl": "{path}: archiwum zip, ale nie skoroszyt Excela; sheet-scorer czyta skoroszyty .xlsx i .xlsm",
        "pt": "{path}: um arquivo zip, mas não uma pasta de trabalho do Excel; o sheet-scorer lê pastas de trabalho .xlsx e .xlsm",
        "fr": "{path} : un fichier zip mais pas un classeur Excel ; sheet-scorer lit les classeurs .xlsx et .xlsm",
    },
    "damaged": {
        "en": "{path}: the file is damaged (not a complete .xlsx); save it again from Excel or LibreOffice",
        "pl": "{path}: plik jest uszkodzony (niekompletny .xlsx); zapisz go ponownie w Excelu lub LibreOffice",
        "pt": "{path}: o arquivo está danificado (.xlsx incompleto); salve-o de novo no Excel ou no LibreOffice",
        "fr": "{path} : le fichier est endommagé (.xlsx incomplet) ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
    },
    "too_large": {
        "en": "{path}: refusing to open: far larger than any tournament workbook (a damaged or hostile file); save it again from Excel or LibreOffice",
        "pl": "{path}: odmowa otwarcia: plik jest dużo większy niż jakikolwiek skoroszyt turnieju (uszkodzony lub złośliwy); zapisz go ponownie w Excelu lub LibreOffice",
        "pt": "{path}: abertura recusada: muito maior que qualquer pasta de trabalho de torneio (arquivo danificado ou hostil); salve-o de novo no Excel ou no LibreOffice",
        "fr": "{path} : ouverture refusée : bien plus grand que tout classeur de tournoi (fichier endommagé ou hostile) ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
    },
    "no_round_sheets": {
        "en": "{path}: no round sheets; name each round's sheet 'Round 1', 'Round 2', … (or Runda/Rodada/Ronde N)",
        "pl": "{path}: brak arkuszy rund; nazwij arkusz każdej rundy „Runda 1”, „Runda 2”, … (albo Round/Rodada/Ronde N)",
        "pt": "{path}: nenhuma planilha de rodada; chame a planilha de cada rodada de “Rodada 1”, “Rodada 2”, … (ou Round/Runda/Ronde N)",
        "fr": "{path} : aucune feuille de ronde ; nommez la feuille de chaque ronde « Ronde 1 », « Ronde 2 », … (ou Round/Runda/Rodada N)",
    },
    "unknown_language": {
        "en": "unknown language '{language}'; use one of {languages}",
        "pl": "nieznany język „{language}”; użyj jednego z: {languages}",
        "pt": "idioma desconhecido “{language}”; use um destes: {languages}",
        "fr": "langue inconnue « {language} » ; utilisez l'une de : {languages}",
    },
    "cannot_replace": {
        "en": "{path}: cannot be replaced; if it is open in Excel or LibreOffice, close it and score again",
        "pl": "{path}: nie można go zastąpić; jeśli jest otwarty w Excelu lub LibreOffice, zamknij go i policz ponownie",
        "pt": "{path}: não pode ser substituído; se estiver aberto no Excel ou no LibreOffice, feche-o e pontue de novo",
        "fr": "{path} : ne peut pas être remplacé ; s'il est ouvert dans Excel ou LibreOffice, fermez-le et relancez le calcul",
    },
    "cannot_write": {
        "en": "{path}: cannot be written ({reason})",
        "pl": "{path}: nie można zapisać ({reason})",
        "pt": "{path}: não pode ser gravado ({reason})",
        "fr": "{path} : ne peut pas être écrit ({reason})",
    },
    "cannot_write_folder": {
        "en": "{path}: cannot write in the folder {folder} ({reason})",
        "pl": "{path}: nie można zapisywać w folderze {folder} ({reason})",
        "pt": "{path}: não é possível gravar na pasta {folder} ({reason})",
        "fr": "{path} : impossible d'écrire dans le dossier {folder} ({reason})",
    },
    "reason_disk_full": {"en": "the disk is full; free some space and score again",
                         "pl": "dysk jest pełny; zwolnij trochę miejsca i policz ponownie",
                         "pt": "o disco está cheio; libere espaço e pontue de novo",
                         "fr": "le disque est plein ; libérez de la place et relancez le calcul"},
    "reason_read_only": {"en": "the folder is on a read-only disk; choose another with -o",
                         "pl": "folder jest na dysku tylko do odczytu; wybierz inny przez -o",
                         "pt": "a pasta está num disco somente leitura; escolha outra com -o",
                         "fr": "le dossier est sur un disque en lecture seule ; choisissez-en un autre avec -o"},
    "reason_denied": {"en": "permission denied", "pl": "brak uprawnień", "pt": "permissão negada", "fr": "permission refusée"},
    "reason_is_folder": {"en": "a folder has that name; choose another file with -o",
                         "pl": "folder ma taką nazwę; wybierz inny plik przez -o",
                         "pt": "uma pasta tem esse nome; escolha outro arquivo com -o",
                         "fr": "un dossier porte ce nom ; choisissez un autre fichier avec -o"},
    "reason_no_folder": {"en": "the folder {folder} does not exist", "pl": "folder {folder} nie istnieje",
                         "pt": "a pasta {folder} não existe", "fr": "le dossier {folder} n'existe pas"},
    "reason_quota": {"en": "the disk quota is used up; free some space and score again",
                     "pl": "limit miejsca na dysku został wyczerpany; zwolnij trochę miejsca i policz ponownie",
                     "pt": "a cota de disco se esgotou; libere espaço e pontue de novo",
                     "fr": "le quota disque est épuisé ; libérez de la place et relancez le calcul"},
    "no_folder": {
        "en": "{path}: the folder {folder} does not exist",
        "pl": "{path}: folder {folder} nie istnieje",
        "pt": "{path}: a pasta {folder} não existe",
        "fr": "{path} : le dossier {folder} n'existe pas",
    },
    "target_is_folder": {"en": "{path}: is a folder; name a file to write", "pl": "{path}: to folder; podaj plik do zapisania",
                         "pt": "{path}: é uma pasta; indique um arquivo para gravar",
                         "fr": "{path} : est un dossier ; indiquez un fichier à écrire"},
    "wrong_suffix": {
        "en": "{path}: the scored workbook must end in {suffix}, like the input",
        "pl": "{path}: nazwa skoroszytu z wynikami musi kończyć się na {suffix}, jak plik wejściowy",
        "pt": "{path}: o nome da pasta de trabalho pontuada deve terminar em {suffix}, como a de entrada",
        "fr": "{path} : le nom du classeur calculé doit se terminer par {suffix}, comme celui d'entrée",
    },
    "output_is_input": {
        "en": "{path}: -o names the input itself; use --in-place to write over it (a backup is kept)",
        "pl": "{path}: -o wskazuje sam plik wejściowy; użyj --in-place, by go nadpisać (kopia zapasowa zostanie zachowana)",
        "pt": "{path}: -o indica o próprio arquivo de entrada; use --in-place para sobrescrevê-lo (um backup é mantido)",
        "fr": "{path} : -o désigne le fichier d'entrée lui-même ; utilisez --in-place pour l'écraser (une sauvegarde est gardée)",
    },
    "playoffs_added": {
        "en": "{path}: added the sheet '{sheet}' ({players}); the version before is {backup}",
        "pl": "{path}: dodano arkusz „{sheet}” ({players}); poprzednia wersja to {backup}",
        "pt": "{path}: planilha “{sheet}” adicionada ({players}); a versão anterior é {backup}",
        "fr": "{path} : feuille « {sheet} » ajoutée ({players}) ; la version précédente est {backup}",
    },
    "playoffs_rewrote": {
        "en": "{path}: rewrote the sheet '{sheet}' ({players}); the version before is {backup}",
        "pl": "{path}: zapisano od nowa arkusz „{sheet}” ({players}); poprzednia wersja to {backup}",
        "pt": "{path}: planilha “{sheet}” reescrita ({players}); a versão anterior é {backup}",
        "fr": "{path} : feuille « {sheet} » réécrite ({players}) ; la version précédente est {backup}",
    },
    "playoffs_refused": {
        "en": "{place}: {problem}{more}; fix it, then run playoffs again",
        "pl": "{place}: {problem}{more}; popraw to i uruchom playoffs ponownie",
        "pt": "{place}: {problem}{more}; corrija e execute playoffs de novo",
        "fr": "{place} : {problem}{more} ; corrigez-le, puis relancez playoffs",
    },
    "playoffs_more": {
        "en": " (and {errors} more; `sheet-scorer check` lists them)",
        "pl": " (i jeszcze {errors}; wypisze je `sheet-scorer check`)",
        "pt": " (e mais {errors}; `sheet-scorer check` lista todos)",
        "fr": " (et {errors} de plus ; `sheet-scorer check` les liste)",
    },
    "playoff_size_zero": {
        "en": "Playoff Size is 0 in Settings: this event has no playoffs",
        "pl": "ustawienie „Liczba w fazie finałowej” ma wartość 0: to wydarzenie nie ma fazy finałowej",
        "pt": "o Tamanho dos playoffs é 0 nas Configurações: este evento não tem playoffs",
        "fr": "la Taille des phases finales vaut 0 dans les Paramètres : cet événement n'a pas de phases finales",
    },
    "playoff_size_bad": {
        "en": "Playoff Size is {size}; the playoffs take {valid} players",
        "pl": "ustawienie „Liczba w fazie finałowej” ma wartość {size}; do fazy finałowej przechodzi {valid} osób",
        "pt": "o Tamanho dos playoffs é {size}; os playoffs levam {valid} jogadores",
        "fr": "la Taille des phases finales vaut {size} ; les phases finales prennent {valid} joueurs",
    },
    "playoff_too_few": {
        "en": "only {n} active players in the qualifying standings, fewer than the Playoff Size of {size}",
        "pl": "aktywne osoby w klasyfikacji eliminacji: {n}, czyli mniej niż „Liczba w fazie finałowej” ({size})",
        "pt": "jogadores ativos na classificação das eliminatórias: {n}, menos que o Tamanho dos playoffs ({size})",
        "fr": "joueurs actifs au classement des qualifications : {n}, moins que la Taille des phases finales ({size})",
    },
    "qualifying_round_missing": {
        "en": "Settings say {last} qualifying rounds, but round {missing} has no sheet",
        "pl": "według ustawień eliminacje mają {last} rund(y), ale runda {missing} nie ma arkusza",
        "pt": "as Configurações indicam {last} rodadas eliminatórias, mas a rodada {missing} não tem planilha",
        "fr": "les Paramètres indiquent {last} rondes de qualification, mais la ronde {missing} n'a pas de feuille",
    },
    "final_needs_winners": {
        "en": "'{sheet}' has {n} table winners; a final needs 3 or 4",
        "pl": "arkusz „{sheet}” ma zwycięzców stołów: {n}; finał potrzebuje 3 albo 4",
        "pt": "“{sheet}” tem {n} vencedores de mesa; uma final precisa de 3 ou 4",
        "fr": "« {sheet} » a {n} gagnants de table ; une finale en demande 3 ou 4",
    },
    "playoff_not_played": {
        "en": "'{sheet}' has no scored games yet; fill in its results, then run playoffs again",
        "pl": "arkusz „{sheet}” nie ma jeszcze policzonych gier; wpisz wyniki i uruchom playoffs ponownie",
        "pt": "“{sheet}” ainda não tem jogos pontuados; preencha os resultados e execute playoffs de novo",
        "fr": "« {sheet} » n'a pas encore de parties calculées ; saisissez les résultats, puis relancez playoffs",
    },
    "report_is_input": {
        "en": "{path}: {option} names the input workbook itself; choose another file",
        "pl": "{path}: {option} wskazuje sam skoroszyt wejściowy; wybierz inny plik",
        "pt": "{path}: {option} indica a própria pasta de trabalho de entrada; escolha outro arquivo",
        "fr": "{path} : {option} désigne le classeur d'entrée lui-même ; choisissez un autre fichier",
    },
    # issue 20: the refusals that were English only (api), every line now a key of this catalogue
    "named_twice": {
        "en": "{path}: named for both {first} and {second}; choose two different files",
        "pl": "{path}: wskazany zarówno jako {first}, jak i {second}; wybierz dwa różne pliki",
        "pt": "{path}: indicado ao mesmo tempo para {first} e para {second}; escolha dois arquivos diferentes",
        "fr": "{path} : désigné à la fois pour {first} et pour {second} ; choisissez deux fichiers différents",
    },
    "the_scored_workbook": {
        "en": "the scored workbook",
        "pl": "policzony skoroszyt",
        "pt": "a pasta de trabalho pontuada",
        "fr": "le classeur calculé",
    },
    # issue 23: `season` (cli/season.py, docs/rules.md §10)
    "season_reading": {"en": "Reading events", "pl": "Czytanie turniejów", "pt": "Lendo eventos", "fr": "Lecture des tournois"},
    "season_summary": {
        "en": "{season}: {counted} counted of {files} read, {players}",
        "pl": "{season}: policzono {counted} z {files} odczytanych plików, {players}",
        "pt": "{season}: {counted} contados de {files} lidos, {players}",
        "fr": "{season} : {counted} comptés sur {files} lus, {players}",
    },
    "season_file_line": {"en": "{file}: {status}", "pl": "{file}: {status}", "pt": "{file}: {status}", "fr": "{file} : {status}"},
    "season_problem_line": {"en": "{severity} {where}: {message}", "pl": "{severity} {where}: {message}",
                            "pt": "{severity} {where}: {message}", "fr": "{severity} {where} : {message}"},
    "season_left_out": {
        "en": "left out of the season: {files}; the season is written from the rest",
        "pl": "pominięte w sezonie: {files}; sezon zapisano z pozostałych",
        "pt": "deixados de fora da temporada: {files}; a temporada foi gravada com os demais",
        "fr": "écartés de la saison : {files} ; la saison est écrite à partir des autres",
    },
    "season_include_hint": {
        "en": "an event with errors counts only with --include-provisional (its provisional ranking)",
        "pl": "turniej z błędami liczy się tylko z --include-provisional (jego tymczasowa klasyfikacja)",
        "pt": "um evento com erros só conta com --include-provisional (sua classificação provisória)",
        "fr": "un tournoi avec des erreurs ne compte qu'avec --include-provisional (son classement provisoire)",
    },
    "season_wrote_three": {"en": "wrote {first}, {second} and {third}", "pl": "zapisano {first}, {second} i {third}",
                           "pt": "gravados {first}, {second} e {third}", "fr": "écrits : {first}, {second} et {third}"},
    "season_empty_folder": {
        "en": "{path}: no .xlsx, .xlsm or .ods workbooks in this folder",
        "pl": "{path}: w tym folderze nie ma skoroszytów .xlsx, .xlsm ani .ods",
        "pt": "{path}: nenhuma pasta de trabalho .xlsx, .xlsm ou .ods nesta pasta",
        "fr": "{path} : aucun classeur .xlsx, .xlsm ou .ods dans ce dossier",
    },
    "season_output_clash": {
        "en": "{path}: named for both {first} and {second}; choose two different files",
        "pl": "{path}: wskazany i jako {first}, i jako {second}; wybierz dwa różne pliki",
        "pt": "{path}: indicado para {first} e para {second}; escolha dois arquivos diferentes",
        "fr": "{path} : désigné à la fois pour {first} et {second} ; choisissez deux fichiers différents",
    },
    "season_output_is_event": {
        "en": "{path}: {option} names one of the event workbooks; choose another file",
        "pl": "{path}: {option} wskazuje jeden ze skoroszytów turniejów; wybierz inny plik",
        "pt": "{path}: {option} indica uma das pastas de eventos; escolha outro arquivo",
        "fr": "{path} : {option} désigne l'un des classeurs de tournois ; choisissez un autre fichier",
    },
    "season_output_suffix": {
        "en": "{path}: the season workbook must end in .xlsx", "pl": "{path}: skoroszyt sezonu musi mieć rozszerzenie .xlsx",
        "pt": "{path}: a pasta da temporada deve terminar em .xlsx", "fr": "{path} : le classeur de la saison doit se terminer par .xlsx",
    },
    "season_not_event": {
        "en": "not an event workbook (no round sheets)", "pl": "to nie skoroszyt turnieju (brak arkuszy rund)",
        "pt": "não é uma pasta de evento (sem planilhas de rodada)", "fr": "pas un classeur de tournoi (aucune feuille de ronde)",
    },
    # issue 18: tables not reported yet stop `seat` and `playoffs` from going on (docs/rules.md §3, §6)
    "seat_unreported": {
        "en": "{path}: '{sheet}' has tables not reported yet ({tables}); enter their results and run seat again, "
              "use --reseat to seat that round again, or --force",
        "pl": "{path}: arkusz „{sheet}” ma stoły bez wyników ({tables}); wpisz wyniki i uruchom seat ponownie, "
              "użyj --reseat, aby rozsadzić tę rundę od nowa, albo --force",
        "pt": "{path}: “{sheet}” tem mesas ainda sem resultados ({tables}); lance os resultados e execute seat de novo, "
              "use --reseat para refazer os lugares dessa rodada, ou --force",
        "fr": "{path} : « {sheet} » a des tables sans résultats ({tables}) ; saisissez-les et relancez seat, "
              "utilisez --reseat pour replacer cette ronde, ou --force",
    },
    "seat_active_unread": {
        "en": "{place}: {problem}; fix it (who still plays decides the seating), then run seat again",
        "pl": "{place}: {problem}; popraw to (od tego zależy, kogo rozsadzić), potem uruchom seat ponownie",
        "pt": "{place}: {problem}; corrija (disso depende quem recebe lugar), depois execute seat de novo",
        "fr": "{place} : {problem} ; corrigez-le (il décide qui est placé), puis relancez seat",
    },
    "active_unread_line": {
        "en": "the players list, line {line}: '{value}' in the Active column is neither yes nor no (no, withdrawn, dropped: not playing)",
        "pl": "lista graczy, wiersz {line}: „{value}” w kolumnie Aktywny to ani tak, ani nie (nie, wycofany, rezygnacja: nie gra)",
        "pt": "lista de jogadores, linha {line}: “{value}” na coluna Ativo não é sim nem não (não, desistiu, retirado: não joga)",
        "fr": "liste des joueurs, ligne {line} : « {value} » dans la colonne Actif n'est ni oui ni non (non, abandon, forfait : ne joue pas)",
    },
    "stage_unreported": {
        "en": "'{sheet}': {done} of {total} tables reported; enter the other results, then run playoffs again",
        "pl": "arkusz „{sheet}”: wyniki z {done} z {total} stołów; wpisz pozostałe wyniki i uruchom playoffs ponownie",
        "pt": "“{sheet}”: {done} de {total} mesas com resultados; lance os outros resultados e execute playoffs de novo",
        "fr": "« {sheet} » : résultats de {done} tables sur {total} ; saisissez les autres résultats, puis relancez playoffs",
    },
    # issue 18: no edit thrown away (workbook/record.py), conflicts kept (merge/), player lists in any encoding
    "edited_since": {
        "en": "{target}: has edits that {source} does not have (made after sheet-scorer wrote it); {command} {name} to "
              "carry on from it, or add --force to replace it (kept as {backup})",
        "pl": "{target}: ma poprawki, których nie ma {source} (wprowadzone po zapisaniu przez sheet-scorer); uruchom "
              "{command} {name}, aby pracować dalej na nim, albo dodaj --force, aby go zastąpić (kopia: {backup})",
        "pt": "{target}: tem alterações que {source} não tem (feitas depois de o sheet-scorer o gravar); execute {command} "
              "{name} para continuar a partir dele, ou acrescente --force para substituí-lo (guardado como {backup})",
        "fr": "{target} : contient des modifications que {source} n'a pas (faites après son écriture par sheet-scorer) ; "
              "lancez {command} {name} pour continuer à partir de lui, ou ajoutez --force pour le remplacer (conservé sous {backup})",
    },
    "edited_copy": {
        "en": "{target}: has results that {source} does not have yet; merge them first (sheet-scorer merge {source} "
              "{name}), or add --force to replace it (kept as {backup})",
        "pl": "{target}: ma wyniki, których {source} jeszcze nie ma; najpierw je scal (sheet-scorer merge {source} "
              "{name}) albo dodaj --force, aby go zastąpić (kopia: {backup})",
        "pt": "{target}: tem resultados que {source} ainda não tem; junte-os primeiro (sheet-scorer merge {source} "
              "{name}), ou acrescente --force para substituí-lo (guardado como {backup})",
        "fr": "{target} : contient des résultats que {source} n'a pas encore ; fusionnez-les d'abord (sheet-scorer merge "
              "{source} {name}), ou ajoutez --force pour le remplacer (conservé sous {backup})",
    },
    "working_copy": {
        "en": "{path}: {copy} is this event's working copy (written from it, with edits {name} does not have); run "
              "{command} {copy}, or add --force to use {name} anyway",
        "pl": "{path}: kopią roboczą tego turnieju jest {copy} (zapisana z niego, z poprawkami, których {name} nie ma); "
              "uruchom {command} {copy} albo dodaj --force, aby mimo to użyć {name}",
        "pt": "{path}: a cópia de trabalho deste evento é {copy} (gravada a partir dele, com alterações que {name} não tem); "
              "execute {command} {copy}, ou acrescente --force para usar {name} mesmo assim",
        "fr": "{path} : la copie de travail de cet événement est {copy} (écrite à partir de lui, avec des modifications que "
              "{name} n'a pas) ; lancez {command} {copy}, ou ajoutez --force pour utiliser {name} quand même",
    },
    "not_text": {
        "en": "{path}: cannot be read as a list of names; in Excel choose Save As → \"CSV UTF-8 (Comma delimited)\" "
              "and give that file",
        "pl": "{path}: nie da się odczytać jako listy nazwisk; w Excelu wybierz Zapisz jako → „CSV UTF-8 (rozdzielany "
              "przecinkami)” (CSV UTF-8 (Comma delimited)) i podaj ten plik",
        "pt": "{path}: não pode ser lido como lista de nomes; no Excel escolha Salvar como → “CSV UTF-8 (Delimitado por "
              "vírgulas)” (CSV UTF-8 (Comma delimited)) e indique esse arquivo",
        "fr": "{path} : illisible comme liste de noms ; dans Excel choisissez Enregistrer sous → « CSV UTF-8 (délimité par "
              "des virgules) » (CSV UTF-8 (Comma delimited)) et donnez ce fichier",
    },
    "new_encoding": {"en": "{path}: read as {encoding}", "pl": "{path}: odczytano jako {encoding}",
                     "pt": "{path}: lido como {encoding}", "fr": "{path} : lu comme {encoding}"},
    "merge_conflicts_kept": {
        "en": "{conflicts} kept in the event: marked at their cells and listed in the sheet '{sheet}'; type the agreed "
              "value, then mark the row in the '{resolved}' column",
        "pl": "{conflicts} w turnieju: zaznaczone w komórkach i wypisane w arkuszu „{sheet}”; wpisz uzgodnioną wartość, "
              "potem oznacz wiersz w kolumnie „{resolved}”",
        "pt": "{conflicts} no evento: marcados nas células e listados na planilha “{sheet}”; digite o valor acordado e "
              "marque a linha na coluna “{resolved}”",
        "fr": "{conflicts} dans l'événement : marqués à leurs cellules et listés dans la feuille « {sheet} » ; saisissez "
              "la valeur convenue, puis marquez la ligne dans la colonne « {resolved} »",
    },
    # qa2: `split` of one table says "table 3", not "tables 3"
    "split_wrote_one": {
        "en": "wrote {copy}: '{sheet}' holds table {tables} ({players}); the other tables and rounds are emptied",
        "pl": "zapisano {copy}: arkusz „{sheet}” zawiera stół {tables} ({players}); inne stoły i rundy są wyczyszczone",
        "pt": "{copy} gravado: “{sheet}” tem a mesa {tables} ({players}); as outras mesas e rodadas foram esvaziadas",
        "fr": "{copy} écrit : « {sheet} » contient la table {tables} ({players}) ; les autres tables et rondes sont vidées",
    },
}

# key -> lang -> CLDR category -> "{n} noun"; `other` also covers fractions.
_COUNTS: dict[str, dict[str, dict[str, str]]] = {
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
    # issue 19: the verb agrees with the count (CLDR plural categories)
    "cells_written": {
        "en": {"one": "wrote {n} cell", "other": "wrote {n} cells"},
        "pl": {"one": "zapisano {n} komórkę", "few": "zapisano {n} komórki", "many": "zapisano {n} komórek",
               "other": "zapisano {n} komórki"},
        "pt": {"one": "{n} célula gravada", "other": "{n} células gravadas"},
        "fr": {"one": "{n} cellule écrite", "other": "{n} cellules écrites"},
    },
    "cells_would_be_written": {
        "en": {"one": "{n} cell would be written", "other": "{n} cells would be written"},
        "pl": {"one": "do zapisania byłaby {n} komórka", "few": "do zapisania byłyby {n} komórki",
               "many": "do zapisania byłoby {n} komórek", "other": "do zapisania byłoby {n} komórki"},
        "pt": {"one": "{n} célula seria gravada", "other": "{n} células seriam gravadas"},
        "fr": {"one": "{n} cellule serait écrite", "other": "{n} cellules seraient écrites"},
    },
    "playoff_tables": {
        "en": {"one": "{n} in the playoffs", "other": "{n} in the playoffs"},
        "pl": {"one": "{n} w fazie finałowej", "few": "{n} w fazie finałowej", "many": "{n} w fazie finałowej",
               "other": "{n} w fazie finałowej"},
        "pt": {"one": "{n} nos playoffs", "other": "{n} nos playoffs"},
        "fr": {"one": "{n} en phase finale", "other": "{n} en phases finales"},
    },
    "more_players": {
        "en": {"one": "… and {n} more (--all shows every player)", "other": "… and {n} more (--all shows every player)"},
        "pl": {"one": "… i jeszcze {n} gracz (--all pokazuje wszystkich)", "few": "… i jeszcze {n} graczy (--all pokazuje wszystkich)",
               "many": "… i jeszcze {n} graczy (--all pokazuje wszystkich)", "other": "… i jeszcze {n} gracza (--all pokazuje wszystkich)"},
        "pt": {"one": "… e mais {n} jogador (--all mostra todos)", "other": "… e mais {n} jogadores (--all mostra todos)"},
        "fr": {"one": "… et {n} joueur de plus (--all les montre tous)", "other": "… et {n} joueurs de plus (--all les montre tous)"},
    },
    "conflicts": {  # issue 18
        "en": {"one": "{n} conflict", "other": "{n} conflicts"},
        "pl": {"one": "{n} konflikt", "few": "{n} konflikty", "many": "{n} konfliktów", "other": "{n} konfliktu"},
        "pt": {"one": "{n} conflito", "other": "{n} conflitos"},
        "fr": {"one": "{n} conflit", "other": "{n} conflits"},
    },
    "workbooks": {
        "en": {"one": "{n} workbook", "other": "{n} workbooks"},
        "pl": {"one": "{n} skoroszyt", "few": "{n} skoroszyty", "many": "{n} skoroszytów", "other": "{n} skoroszytu"},
        "pt": {"one": "{n} pasta de trabalho", "other": "{n} pastas de trabalho"},
        "fr": {"one": "{n} classeur", "other": "{n} classeurs"},
    },
    # issue 23: `season`
    "events": {
        "en": {"one": "{n} event", "other": "{n} events"},
        "pl": {"one": "{n} turniej", "few": "{n} turnieje", "many": "{n} turniejów", "other": "{n} turnieju"},
        "pt": {"one": "{n} evento", "other": "{n} eventos"},
        "fr": {"one": "{n} tournoi", "other": "{n} tournois"},
    },
}


# issue 20: a damaged part, named with what is wrong with it (workbook.container.DAMAGES)
_DAMAGED = {
    "en": "{path}: the workbook is damaged: part {part}: %s; open it in Excel or LibreOffice and save it again",
    "pl": "{path}: skoroszyt jest uszkodzony: część {part}: %s; otwórz go w Excelu lub LibreOffice i zapisz ponownie",
    "pt": "{path}: a pasta de trabalho está danificada: parte {part}: %s; abra-a no Excel ou no LibreOffice e salve-a novamente",
    "fr": "{path} : le classeur est endommagé : partie {part} : %s ; ouvrez-le dans Excel ou LibreOffice et enregistrez-le à nouveau",
}
_DAMAGES = {
    "twice": {"en": "the zip holds two entries of that name", "pl": "plik zip zawiera dwa wpisy o tej nazwie",
              "pt": "o zip contém duas entradas com esse nome", "fr": "le zip contient deux entrées de ce nom"},
    "missing_types": {"en": "missing (the list of content types)", "pl": "brak (lista typów zawartości)",
                      "pt": "ausente (a lista de tipos de conteúdo)", "fr": "absente (la liste des types de contenu)"},
    "missing_rels": {"en": "missing (the package's relationships)", "pl": "brak (relacje pakietu)",
                     "pt": "ausente (as relações do pacote)", "fr": "absente (les relations du paquet)"},
    "untyped": {"en": "has no content type in [Content_Types].xml", "pl": "nie ma typu zawartości w [Content_Types].xml",
                "pt": "não tem tipo de conteúdo em [Content_Types].xml", "fr": "n'a pas de type de contenu dans [Content_Types].xml"},
    "id_twice": {"en": "relationship id '{id}' is used twice", "pl": "identyfikator relacji „{id}” występuje dwa razy",
                 "pt": "o id de relação “{id}” é usado duas vezes", "fr": "l'identifiant de relation « {id} » est utilisé deux fois"},
    "no_target": {"en": "relationship '{id}' has no target", "pl": "relacja „{id}” nie ma celu",
                  "pt": "a relação “{id}” não tem destino", "fr": "la relation « {id} » n'a pas de cible"},
    "dangling": {"en": "relationship '{id}' points to {target}, which is not in the package",
                 "pl": "relacja „{id}” wskazuje na {target}, którego nie ma w pakiecie",
                 "pt": "a relação “{id}” aponta para {target}, que não está no pacote",
                 "fr": "la relation « {id} » pointe vers {target}, absent du paquet"},
    "main_elsewhere": {"en": "its main part is not xl/workbook.xml", "pl": "jego główna część to nie xl/workbook.xml",
                       "pt": "a parte principal não é xl/workbook.xml", "fr": "sa partie principale n'est pas xl/workbook.xml"},
    "no_main": {"en": "names no main part (officeDocument)", "pl": "nie wskazuje części głównej (officeDocument)",
                "pt": "não indica a parte principal (officeDocument)", "fr": "n'indique aucune partie principale (officeDocument)"},
}
_LINES.update({f"damaged_{what}": {lang: frame % words[lang] for lang, frame in _DAMAGED.items()}
               for what, words in _DAMAGES.items()})


# issue 20 item 3: the refusals that were English only (xlsx/ and workbook/), now keyed like every other line
_LINES.update({
    "in_workbook": {"en": "{path}: {reason}", "pl": "{path}: {reason}", "pt": "{path}: {reason}", "fr": "{path} : {reason}"},
    "cannot_read": {"en": "{path}: cannot be read ({reason})", "pl": "{path}: nie można odczytać ({reason})",
                    "pt": "{path}: não pode ser lido ({reason})", "fr": "{path} : illisible ({reason})"},
    "no_sheet_named": {"en": "{path}: has no sheet '{name}'", "pl": "{path}: nie ma arkusza „{name}”",
                       "pt": "{path}: não tem a planilha “{name}”", "fr": "{path} : n'a pas de feuille « {name} »"},
    "no_worksheet": {"en": "{path}: has no worksheet '{name}'", "pl": "{path}: nie ma arkusza „{name}”",
                     "pt": "{path}: não tem a planilha “{name}”", "fr": "{path} : n'a pas de feuille de calcul « {name} »"},
    "sheet_exists": {"en": "{path}: already has a sheet '{name}'", "pl": "{path}: ma już arkusz „{name}”",
                     "pt": "{path}: já tem uma planilha “{name}”", "fr": "{path} : a déjà une feuille « {name} »"},
    "lacks_part": {
        "en": "{path}: the workbook lacks the part {part}; save it again from Excel or LibreOffice",
        "pl": "{path}: w skoroszycie brak części {part}; zapisz go ponownie w Excelu lub LibreOffice",
        "pt": "{path}: falta à pasta de trabalho a parte {part}; salve-a de novo no Excel ou no LibreOffice",
        "fr": "{path} : il manque au classeur la partie {part} ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
    },
    "no_sheets_listed": {
        "en": "{path}: workbook.xml lists no sheets; save it again from Excel or LibreOffice",
        "pl": "{path}: workbook.xml nie wymienia żadnych arkuszy; zapisz go ponownie w Excelu lub LibreOffice",
        "pt": "{path}: workbook.xml não lista nenhuma planilha; salve-a de novo no Excel ou no LibreOffice",
        "fr": "{path} : workbook.xml ne liste aucune feuille ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
    },
    "notes_damaged": {
        "en": "the notes of sheet '{sheet}' are damaged; save the workbook again from Excel or LibreOffice",
        "pl": "notatki arkusza „{sheet}” są uszkodzone; zapisz skoroszyt ponownie w Excelu lub LibreOffice",
        "pt": "as notas da planilha “{sheet}” estão danificadas; salve a pasta de trabalho de novo no Excel ou no LibreOffice",
        "fr": "les notes de la feuille « {sheet} » sont endommagées ; enregistrez le classeur à nouveau depuis Excel ou LibreOffice",
    },
    "merged_too_many": {
        "en": "{path}: sheet '{sheet}' has merged ranges over more than {limit:,} cells; unmerge them and try again",
        "pl": "{path}: arkusz „{sheet}” ma scalone zakresy obejmujące ponad {limit:,} komórek; rozdziel je i spróbuj ponownie",
        "pt": "{path}: a planilha “{sheet}” tem intervalos mesclados com mais de {limit:,} células; desfaça a mesclagem e tente de novo",
        "fr": "{path} : la feuille « {sheet} » a des plages fusionnées de plus de {limit:,} cellules ; annulez la fusion et réessayez",
    },
    "part_doctype": {
        "en": "{path}: part {part} declares a DOCTYPE or entities, which workbooks never do (a hostile or damaged file); "
              "save it again from Excel or LibreOffice",
        "pl": "{path}: część {part} deklaruje DOCTYPE lub encje, czego skoroszyty nigdy nie robią (plik złośliwy lub uszkodzony); "
              "zapisz go ponownie w Excelu lub LibreOffice",
        "pt": "{path}: a parte {part} declara um DOCTYPE ou entidades, o que pastas de trabalho nunca fazem (arquivo hostil ou "
              "danificado); salve-o de novo no Excel ou no LibreOffice",
        "fr": "{path} : la partie {part} déclare un DOCTYPE ou des entités, ce que les classeurs ne font jamais (fichier hostile "
              "ou endommagé) ; enregistrez-le à nouveau depuis Excel ou LibreOffice",
    },
    "part_damaged": {
        "en": "{path}: part {part} is damaged ({reason}); save the file again from Excel or LibreOffice",
        "pl": "{path}: część {part} jest uszkodzona ({reason}); zapisz plik ponownie w Excelu lub LibreOffice",
        "pt": "{path}: a parte {part} está danificada ({reason}); salve o arquivo de novo no Excel ou no LibreOffice",
        "fr": "{path} : la partie {part} est endommagée ({reason}) ; enregistrez le fichier à nouveau depuis Excel ou LibreOffice",
    },
    "part_not_xml": {
        "en": "{path}: part {part} is not well-formed XML ({reason}, line {line}); open and save the file in Excel or LibreOffice",
        "pl": "{path}: część {part} nie jest poprawnym XML ({reason}, wiersz {line}); otwórz i zapisz plik w Excelu lub LibreOffice",
        "pt": "{path}: a parte {part} não é XML bem formado ({reason}, linha {line}); abra e salve o arquivo no Excel ou no LibreOffice",
        "fr": "{path} : la partie {part} n'est pas du XML bien formé ({reason}, ligne {line}) ; ouvrez et enregistrez le fichier "
              "dans Excel ou LibreOffice",
    },
    "not_xml_part": {"en": "a part of the workbook is not XML", "pl": "część skoroszytu nie jest w formacie XML",
                     "pt": "uma parte da pasta de trabalho não é XML", "fr": "une partie du classeur n'est pas du XML"},
    "entry_too_large": {
        "en": "{part}: a part larger than 4 GiB; not a tournament workbook",
        "pl": "{part}: część większa niż 4 GiB; to nie jest skoroszyt turnieju",
        "pt": "{part}: uma parte maior que 4 GiB; não é uma pasta de trabalho de torneio",
        "fr": "{part} : une partie de plus de 4 Gio ; ce n'est pas un classeur de tournoi",
    },
    "entry_damaged": {
        "en": "{part}: damaged zip entry; save the workbook again from Excel or LibreOffice",
        "pl": "{part}: uszkodzony wpis zip; zapisz skoroszyt ponownie w Excelu lub LibreOffice",
        "pt": "{part}: entrada zip danificada; salve a pasta de trabalho de novo no Excel ou no LibreOffice",
        "fr": "{part} : entrée zip endommagée ; enregistrez le classeur à nouveau depuis Excel ou LibreOffice",
    },
    "entry_cut_short": {
        "en": "{part}: the zip entry is cut short; the workbook is damaged",
        "pl": "{part}: wpis zip jest urwany; skoroszyt jest uszkodzony",
        "pt": "{part}: a entrada zip está truncada; a pasta de trabalho está danificada",
        "fr": "{part} : l'entrée zip est tronquée ; le classeur est endommagé",
    },
    "too_many_cells": {
        "en": "{path}: refusing to open: sheet '{sheet}' takes the workbook past {limit:,} filled cells (far beyond any "
              "tournament); delete what is not the event's and score it again",
        "pl": "{path}: odmowa otwarcia: arkusz „{sheet}” przekracza w skoroszycie {limit:,} wypełnionych komórek (dużo więcej "
              "niż w jakimkolwiek turnieju); usuń to, co nie należy do turnieju, i policz ponownie",
        "pt": "{path}: abertura recusada: a planilha “{sheet}” leva a pasta de trabalho além de {limit:,} células preenchidas "
              "(muito além de qualquer torneio); apague o que não é do evento e pontue de novo",
        "fr": "{path} : ouverture refusée : la feuille « {sheet} » porte le classeur au-delà de {limit:,} cellules remplies "
              "(bien plus que tout tournoi) ; supprimez ce qui n'est pas du tournoi et recalculez",
    },
    "cells_too_far": {
        "en": "sheet '{sheet}' has cells as far as {cell} in many rows; delete what is not part of its list and score it again",
        "pl": "arkusz „{sheet}” ma w wielu wierszach komórki sięgające aż {cell}; usuń to, co nie należy do listy, i policz ponownie",
        "pt": "a planilha “{sheet}” tem células até {cell} em muitas linhas; apague o que não faz parte da lista e pontue de novo",
        "fr": "la feuille « {sheet} » a des cellules jusqu'en {cell} sur de nombreuses lignes ; supprimez ce qui n'appartient "
              "pas à sa liste et recalculez",
    },
    "sheet_no_data": {
        "en": "sheet '{sheet}' has no cell data element; save the workbook again from Excel or LibreOffice",
        "pl": "arkusz „{sheet}” nie ma elementu z danymi komórek; zapisz skoroszyt ponownie w Excelu lub LibreOffice",
        "pt": "a planilha “{sheet}” não tem elemento de dados de células; salve a pasta de trabalho de novo no Excel ou no LibreOffice",
        "fr": "la feuille « {sheet} » n'a pas d'élément de données de cellules ; enregistrez le classeur à nouveau depuis "
              "Excel ou LibreOffice",
    },
    "sheet_cut_short": {
        "en": "sheet '{sheet}' is cut short; save the workbook again from Excel or LibreOffice",
        "pl": "arkusz „{sheet}” jest urwany; zapisz skoroszyt ponownie w Excelu lub LibreOffice",
        "pt": "a planilha “{sheet}” está truncada; salve a pasta de trabalho de novo no Excel ou no LibreOffice",
        "fr": "la feuille « {sheet} » est tronquée ; enregistrez le classeur à nouveau depuis Excel ou LibreOffice",
    },
})
_SHEET_DAMAGED = {
    "en": "{path}: sheet '{sheet}' is damaged: %s; open and save it in Excel or LibreOffice",
    "pl": "{path}: arkusz „{sheet}” jest uszkodzony: %s; otwórz go i zapisz w Excelu lub LibreOffice",
    "pt": "{path}: a planilha “{sheet}” está danificada: %s; abra-a e salve-a no Excel ou no LibreOffice",
    "fr": "{path} : la feuille « {sheet} » est endommagée : %s ; ouvrez-la et enregistrez-la dans Excel ou LibreOffice",
}
_SHEET_DAMAGES = {
    "ref": {"en": "cell reference '{ref}' is outside the grid (A1 to XFD1048576)",
            "pl": "adres komórki „{ref}” wychodzi poza siatkę (A1 do XFD1048576)",
            "pt": "a referência de célula “{ref}” está fora da grade (A1 a XFD1048576)",
            "fr": "la référence de cellule « {ref} » est hors de la grille (A1 à XFD1048576)"},
    "row": {"en": "row number '{row}' is outside the grid (1 to 1048576)",
            "pl": "numer wiersza „{row}” wychodzi poza siatkę (1 do 1048576)",
            "pt": "o número de linha “{row}” está fora da grade (1 a 1048576)",
            "fr": "le numéro de ligne « {row} » est hors de la grille (1 à 1048576)"},
    "string": {"en": "cell {cell} points to shared string '{index}', which does not exist",
               "pl": "komórka {cell} wskazuje na wspólny tekst „{index}”, który nie istnieje",
               "pt": "a célula {cell} aponta para o texto compartilhado “{index}”, que não existe",
               "fr": "la cellule {cell} renvoie au texte partagé « {index} », qui n'existe pas"},
}
_LINES.update({f"sheet_damaged_{what}": {lang: frame % words[lang] for lang, frame in _SHEET_DAMAGED.items()}
               for what, words in _SHEET_DAMAGES.items()})


def has_line(key: str) -> bool:
    """True when the catalogue holds the line `key`."""
    return key in _LINES


def say(lang: str | None, key: str, **values: Any) -> str:
    """The terminal line `key` in `lang` (English for an unknown language), placeholders filled."""
    filled = {name: "; ".join(_phrase(lang, p) for p in v) if isinstance(v, list) else _phrase(lang, v)
              for name, v in values.items()}
    return typeset(language(lang), _LINES[key][language(lang)]).format(**filled)


def _phrase(lang: str | None, value: Any) -> Any:
    """A Phrase said in `lang`, a Count with its noun in `lang`; any other value as it is."""
    if isinstance(value, Count):
        return count(lang, value.key, value.n)
    return say(lang, value.key, **value.values) if isinstance(value, Phrase) else value


def count(lang: str | None, key: str, n: float) -> str:
    """`n` with its noun agreeing in `lang`: `count("pl", "errors", 5)` is `5 błędów`."""
    return plural(language(lang), n, {form: typeset(language(lang), words) for form, words in _COUNTS[key][language(lang)].items()})
