"""What the commands print on the terminal, in English, Polish, Portuguese and French (docs/rules.md §5).

`say(lang, key, **values)` gives a line or a heading; `count(lang, key, n)` a number with its noun in
the right plural form for `n` (CLDR rules through Babel: `1 błąd`, `2 błędy`, `5 błędów`). Every
command prints through these, so `--lang` (else the workbook's `Settings` → `Language`, else English)
decides the whole terminal, never the computer's locale.
"""

from __future__ import annotations

from typing import Any

from sheet_scorer.i18n.text import language, plural

_LINES: dict[str, dict[str, str]] = {
    "summary": {
        "en": "{tournament}: {players}, {rounds}, {scored} of {tables} tables scored, {errors}, {warnings}",
        "pl": "{tournament}: {players}, {rounds}, policzone stoły: {scored} z {tables}, {errors}, {warnings}",
        "pt": "{tournament}: {players}, {rounds}, {scored} de {tables} mesas pontuadas, {errors}, {warnings}",
        "fr": "{tournament} : {players}, {rounds}, {scored} tables comptées sur {tables}, {errors}, {warnings}",
    },
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
        "pl": {"one": "{n} gracz", "few": "{n} graczy", "many": "{n} graczy", "other": "{n} gracza"},
        "pt": {"one": "{n} jogador", "other": "{n} jogadores"},
        "fr": {"one": "{n} joueur", "other": "{n} joueurs"},
    },
    "rounds": {
        "en": {"one": "{n} round", "other": "{n} rounds"},
        "pl": {"one": "{n} runda", "few": "{n} rundy", "many": "{n} rund", "other": "{n} rundy"},
        "pt": {"one": "{n} rodada", "other": "{n} rodadas"},
        "fr": {"one": "{n} ronde", "other": "{n} rondes"},
    },
    "workbooks": {
        "en": {"one": "{n} workbook", "other": "{n} workbooks"},
        "pl": {"one": "{n} skoroszyt", "few": "{n} skoroszyty", "many": "{n} skoroszytów", "other": "{n} skoroszytu"},
        "pt": {"one": "{n} pasta de trabalho", "other": "{n} pastas de trabalho"},
        "fr": {"one": "{n} classeur", "other": "{n} classeurs"},
    },
}


def say(lang: str | None, key: str, **values: Any) -> str:
    """The terminal line `key` in `lang` (English for an unknown language), placeholders filled."""
    return _LINES[key][language(lang)].format(**values)


def count(lang: str | None, key: str, n: float) -> str:
    """`n` with its noun agreeing in `lang`: `count("pl", "errors", 5)` is `5 błędów`."""
    return plural(language(lang), n, _COUNTS[key][language(lang)])
