"""The words of every output in English, Polish, Portuguese and French, rendered.

* `TEXT[lang][key]` - the report's strings (the one catalogue's `WORDS`, and the workbook's vocabulary it repeats,
  drawn from `vocab`), with `{named}` placeholders; `text(lang, key, **values)` looks one up (falling back to
  English for a missing key or language);
* `say(lang, key, **values)` - a refusal or a terminal line of the one message catalogue (`i18n.catalogue`),
  and `count(lang, key, n)` a number with its noun agreeing by the language's CLDR plural rule (Babel):
  `1 błąd`, `2 błędy`, `5 błędów`. Only `cli/` says lines (through `i18n.terminal`; tests/test_layout.py):
  below it a line is returned as its key and values, or a `Phrase`, and `text` and `say` render a Phrase or
  Count value in their own language.

A problem's message is rendered by `problems.problem_message` from the same catalogue through the one renderer
(`render`, which fills refusals, lines and report words too): the column named in the language's words, numbers its way, counts agreeing with
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
import string
from collections.abc import Callable
from datetime import date, datetime
from decimal import ROUND_HALF_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any, cast

from babel import Locale
from babel.dates import format_date as _babel_date
from babel.numbers import (
    get_decimal_quantum,
    get_decimal_symbol,
    get_group_symbol,
    get_infinity_symbol,
    parse_pattern,
)

from sheet_scorer.i18n.catalogue import CATALOGUE, NOUNS, WORDS
from sheet_scorer.i18n.codes import MessageKey
from sheet_scorer.i18n.phrase import Count, Phrase
from sheet_scorer.i18n.vocab import (
    COLUMN_WORDS,
    COMPUTED_HEADERS,
    FINAL_RANKING_SHEET,
    LANGUAGES,
    PLAYOFF_HEADERS,
    PROBLEMS_HEADERS,
    PROBLEMS_SHEET,
    SETTING_NAMES,
    SEVERITY_WORDS,
    SLIP_WORDS,
    STANDINGS_HEADERS,
    STANDINGS_SHEET,
)

# Babel locale per report language. Portuguese follows the Brazilian words used in the workbook
# vocabulary (Planilha, Bônus); all four write decimals the way each language's scoring pages do (2,5 / 2.5).
LOCALES = {"en": "en_GB", "pl": "pl_PL", "pt": "pt_BR", "fr": "fr_FR"}


def language(lang: str | None) -> str:
    """`lang` if it is one of ours, else English."""
    return lang if lang in LANGUAGES else "en"


# --------------------------------------------------------------------------------------------
# Numbers and dates
# --------------------------------------------------------------------------------------------


@functools.cache
def _locale(lang: str) -> Locale:
    """The Babel locale of a report language, parsed once."""
    return Locale.parse(LOCALES[language(lang)])


@functools.cache
def _formatter(pattern: str, lang: str) -> Callable[[Decimal | float], str]:
    """Babel's `NumberPattern.apply(value, locale)` for one plain decimal pattern (`#,##0.00`) in one language,
    compiled once: the pattern parsed and the locale's group and decimal symbols looked up here, not for every
    number (a 10,000-player report formats some 50,000). The same steps as Babel's, so the same text to the byte."""
    parsed = parse_pattern(pattern)
    locale = _locale(lang)
    pieces = "".join((*parsed.prefix, *parsed.suffix))
    if parsed.exp_prec or "@" in parsed.pattern or "'" in pieces or "¤" in pieces:
        raise ValueError(f"{pattern!r} is not a plain decimal pattern")
    group, point, infinity = get_group_symbol(locale), get_decimal_symbol(locale), get_infinity_symbol(locale)
    quantum, scale = get_decimal_quantum(parsed.frac_prec[1]), parsed.scale
    (least_digits, _), (least_decimals, most_decimals) = parsed.int_prec, parsed.frac_prec
    first_group, next_groups = parsed.grouping
    prefix, suffix = parsed.prefix, parsed.suffix

    def whole_part(digits: str) -> str:
        digits = "0" * (least_digits - len(digits)) + digits
        grouped, size = "", first_group
        while len(digits) > size:
            grouped = group + digits[-size:] + grouped
            digits, size = digits[:-size], next_groups
        return digits + grouped

    def fraction_part(digits: str) -> str:
        digits += "0" * (least_decimals - len(digits))
        if most_decimals == 0 or (least_decimals == 0 and int(digits) == 0):
            return ""
        while len(digits) > least_decimals and digits[-1] == "0":
            digits = digits[:-1]
        return point + digits

    def apply(value: Decimal | float) -> str:
        number = (value if isinstance(value, Decimal) else Decimal(str(value))).scaleb(scale)
        negative = int(number.is_signed())
        number = abs(number).normalize()
        if number.is_infinite():
            text = infinity
        else:
            whole, _, fraction = f"{number.quantize(quantum):f}".partition(".")
            text = whole_part(whole) + fraction_part(fraction or "0")
        return prefix[negative] + text + suffix[negative]

    return apply


@functools.lru_cache(maxsize=65536)
def _format_decimal(number: float, pattern: str, lang: str) -> str:
    """What `babel.numbers.format_decimal(number, pattern, locale)` gives, cached: a report formats the
    same few values (round points 0, 1, 2.5, ...) tens of thousands of times. A number beyond any count
    (1e308, inf) is shown as Python writes it: Babel's decimals cannot hold it (docs/rules.md §1)."""
    if not abs(number) < 1e15:
        return f"{number:g}"
    return _formatter(pattern, lang)(number)


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


_HUNDREDTH = Decimal("0.01")


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
        if abs(value) < 1e15:  # the decimal it prints as, rounded by Decimal: as exact, and a report rounds thousands
            shown = Decimal(float.__repr__(value))
            rounded = shown.quantize(_HUNDREDTH, rounding=ROUND_HALF_UP if shown >= 0 else ROUND_HALF_DOWN)
            return abs(rounded) if rounded.is_zero() else rounded  # floor(x + 1/2): half up, towards +inf; never -0
        exact = Fraction(repr(value))
    else:
        try:
            exact = Fraction(value)
        except (TypeError, ValueError):  # pandas NA
            return None
    return Decimal(math.floor(exact * 100 + Fraction(1, 2))).scaleb(-2)


def format_pct(value: Any, lang: str) -> str:
    """VP percentage with exactly two decimals, half up: `116.944` -> `116.94` / `116,94`; `28.125` -> `28.13`."""
    return (_float_pct if type(value) is float else _pct)(value, language(lang))


def _pct(value: Any, lang: str) -> str:
    """`format_pct` in one of our languages."""
    number = hundredths(value)
    return "" if number is None else _formatter("#,##0.00", lang)(number)


# `_pct` of a float, cached: a report shows each player's VP % several times over, and players share values.
_float_pct = functools.lru_cache(maxsize=65536)(_pct)


def format_seconds(seconds: float, lang: str) -> str:
    """A duration with two decimals in the language's digits (`live`'s line): `0.18` (en), `0,18` (pl, pt, fr)."""
    return _formatter("0.00", language(lang))(round(seconds, 2))


def format_places(places: Any, lang: str) -> str:
    """The `Places` tie-breaker (1st, 2nd, 3rd places; shared ones count 1/k): `2 / 1.5 / 0`."""
    return "" if not isinstance(places, tuple) else " / ".join(format_number(round(float(p), 2), lang) for p in places)


def figure_text(figure: str, value: Any, lang: str) -> str:
    """A standings figure as shown: percentages to hundredths half up, Places as `2 / 1.5 / 0`, numbers as numbers."""
    if figure in ("vp_pct", "mean_vp_pct"):
        return format_pct(value, lang)
    if figure == "places":
        return format_places(value, lang)
    if figure == "adjustment_notes":
        return str(value)
    return format_number(value, lang)


def figure_name(figure: str, lang: str) -> str:
    """The name of a figure in `lang`, as the Standings sheet heads its column."""
    return STANDINGS_HEADERS[figure][lang]


def format_date(value: date | str | None, lang: str) -> str:
    """A `Settings` date in the language's long form (`18 April 2026`); text is shown as written."""
    if value is None or value == "":
        return ""
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, date):
        return _babel_date(value, format="long", locale=LOCALES[language(lang)])
    return str(value)


def typeset(lang: str, words: str) -> str:
    """`words` with the typography of `lang`: in French a narrow no-break space (U+202F) before `:` `;` `!` `?`
    and inside « », as the Imprimerie nationale's rules ask; other languages unchanged.

    Only a space already written before the sign is replaced (a cell like 'Round 1'!C3 or a URL keeps its `!` and `:`)."""
    if language(lang) != "fr":
        return words
    words = re.sub(r"[ \u00a0]+([:;!?])(?=\s|$|[)»”\]])", "\u202f\\1", words)
    return words.replace("« ", "«\u202f").replace(" »", "\u202f»")


#: The report's words that are the workbook's own vocabulary (its sheet and column names): drawn from `vocab`, one copy.
_VOCABULARY: dict[str, dict[str, str]] = {
    "table": COLUMN_WORDS["table"],
    "round": SLIP_WORDS["round"],
    "place": COMPUTED_HEADERS["place"],
    "stat_date": SETTING_NAMES["date"],
    "standings": STANDINGS_SHEET,
    "problems": PROBLEMS_SHEET,
    "final_ranking": FINAL_RANKING_SHEET,
    "stage": PLAYOFF_HEADERS["stage"],
    "qualifying_rank": PLAYOFF_HEADERS["qualifying_rank"],
    "rank": STANDINGS_HEADERS["rank"],
    "player": STANDINGS_HEADERS["player"],
    "round_points": STANDINGS_HEADERS["round_points"],
    "vp": STANDINGS_HEADERS["vp"],
    "vp_pct": STANDINGS_HEADERS["vp_pct"],
    "games": STANDINGS_HEADERS["games"],
    "adjustments": STANDINGS_HEADERS["adjustments"],
    "reason": STANDINGS_HEADERS["adjustment_notes"],
    "severity": PROBLEMS_HEADERS["severity"],
    "sheet": PROBLEMS_HEADERS["sheet"],
    "cell": PROBLEMS_HEADERS["cell"],
    "message": PROBLEMS_HEADERS["message"],
    "error": SEVERITY_WORDS["error"],
    "warning": SEVERITY_WORDS["warning"],
}

#: TEXT[lang][key] -> the report string in that language (French typeset: `typeset`).
TEXT: dict[str, dict[str, str]] = {
    lang: {key: typeset(lang, words[lang]) for key, words in {**WORDS, **_VOCABULARY}.items()} for lang in LANGUAGES
}


def text(lang: str, key: str, **values: Any) -> str:
    """The report string `key` in `lang` (English when missing), with `{placeholders}` filled (a Phrase or Count
    value said in `lang`: a season's reason a file was not read)."""
    template = TEXT[language(lang)].get(key) or TEXT["en"][key]
    return (
        render(lang, template, {name: _phrase(lang, value) for name, value in values.items()}) if values else template
    )


def ordinal(n: int, lang: str) -> str:
    """A place as its ordinal: `1st` / `1.` / `1.º` / `1er` (a column heading, the season's best finish)."""
    lang = language(lang)
    if lang == "en":
        return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
    if lang == "pt":
        return f"{n}.º"
    if lang == "fr":
        return "1er" if n == 1 else f"{n}e"
    return f"{n}."


def name_list(names: tuple[str, ...] | list[str], lang: str) -> str:
    """Names listed as `lang` lists them (CLDR through Babel): "A and B", "A, B i C", "A e B", "A et B"."""
    from babel.lists import format_list

    return format_list(list(names), locale=_locale(lang)) if names else ""


def translator(lang: str) -> Any:
    """A `t(key, **values)` function bound to `lang`, for templates."""

    def t(key: str, **values: Any) -> str:
        return text(lang, key, **values)

    return t


@functools.cache
def plural_form(lang: str) -> Any:
    """The CLDR plural rule of `lang` (Babel): `plural_form("pl")(5)` is `many`, `(2)` is `few`.

    Portuguese counts follow CLDR's pt_PT rule (only exactly 1 is singular: `0 erros`, `1,5 pontos`), as
    Brazilian usage also writes them; CLDR's pt rule would give `0 erro`. French keeps its own
    (`0 cellule serait écrite`)."""
    return Locale.parse("pt_PT").plural_form if language(lang) == "pt" else _locale(lang).plural_form


class _Renderer(string.Formatter):
    """The one renderer of the catalogue's templates (problems, refusals, lines, report words): `str.format` plus the
    `plural:` spec (`{n:plural:one=cell,other=cells}`, by the language's CLDR category, the number its way), the
    `pick:` spec (words chosen by the exact number, the number not said: `{n:pick:2=both,other=all}`), a tuple of
    names listed the language's way (`name_list`: "A and B", "A, B i C"), and, for a problem, a decimal written the
    language's way (`2,5`)."""

    def __init__(self, lang: str, decimals: bool) -> None:
        super().__init__()
        self.lang, self.decimals = lang, decimals

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("plural:"):
            forms = _forms(format_spec.removeprefix("plural:"))
            category = plural_form(self.lang)(value) if _numeric(value) and value == value else "other"
            return f"{self._number(value)} {forms.get(category, forms['other'])}"
        if format_spec.startswith("pick:"):
            forms = _forms(format_spec.removeprefix("pick:"))
            return forms.get(str(value), forms["other"])
        if isinstance(value, tuple):
            return name_list(tuple(str(v) for v in value), self.lang)
        if self.decimals and isinstance(value, float) and not format_spec:
            return self._number(value)
        return super().format_field(value, format_spec)

    def _number(self, value: Any) -> str:
        return format_number(value, self.lang) if _numeric(value) else str(value)


def _forms(spec: str) -> dict[str, str]:
    """`one=knight,other=knights` as {category or number: words}."""
    return dict(part.split("=", 1) for part in spec.split(","))


def _numeric(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def render(lang: str | None, template: str, values: dict[str, Any], decimals: bool = False) -> str:
    """`template` with `values` filled in `lang` by the one renderer (`decimals`: a problem's numbers the
    language's way); a count in a `plural:` field agrees by the language's CLDR plural rule (`plural_form`)."""
    return _Renderer(language(lang), decimals).format(template, **values)


def plural(lang: str, count: float, forms: dict[str, str]) -> str:
    """`forms[category]` for `count` in `lang` (`other` when the category is missing), `{n}` filled."""
    template = forms.get(plural_form(language(lang))(count)) or forms["other"]
    return render(lang, template, {"n": format_number(count, lang)})


def severity_word(severity: str, lang: str) -> str:
    """ "error"/"warning" in `lang` (the code itself when unknown): the one word the terminal and the report show."""
    return SEVERITY_WORDS.get(severity, {}).get(language(lang), severity)


# --------------------------------------------------------------------------------------------
# Refusals and terminal lines, from the one catalogue (i18n/catalogue.py)
# --------------------------------------------------------------------------------------------

_LEADING_PATH = re.compile(r"^\{path\}\s*:\s*")


def say(lang: str | None, key: MessageKey, **values: Any) -> str:
    """The catalogue's refusal or line `key` in `lang` (English for an unknown language), placeholders filled.

    `path=None` leaves out a refusal's leading `{path}: ` (the file is shown beside it: a season's file not read)."""
    template = CATALOGUE[key].templates[language(lang)]
    if "path" in values and values["path"] is None:
        template, values = _LEADING_PATH.sub("", template), {**values, "path": ""}
    return render(lang, typeset(language(lang), template), _filled(lang, values))


def english_line(key: str, values: dict[str, Any]) -> str | None:
    """The catalogue's English line `key` with `values` (None for a key it does not hold): a refusal's `str(error)`."""
    return say("en", cast("MessageKey", key), **values) if key in CATALOGUE else None  # a key the format layer gave


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
