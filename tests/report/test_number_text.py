"""Numbers as the report, sheets and messages write them (docs/rules.md §4: VP % to hundredths, half up), in each
language's digits: the formatter compiled once per language writes what Babel writes, to the byte."""

from __future__ import annotations

import math
import random
from decimal import Decimal
from fractions import Fraction

import pytest
from babel.numbers import format_decimal

from sheet_scorer.i18n.text import LOCALES, _formatter, format_number, format_pct, format_seconds, hundredths

NBSP, NNBSP = "\u00a0", "\u202f"  # Polish groups with a no-break space, French with a narrow one


@pytest.mark.parametrize(
    ("lang", "pct", "number", "big"),
    [
        ("en", "1,234.50", "2.5", "1,234,567.25"),
        ("pl", f"1{NBSP}234,50", "2,5", f"1{NBSP}234{NBSP}567,25"),
        ("pt", "1.234,50", "2,5", "1.234.567,25"),
        ("fr", f"1{NNBSP}234,50", "2,5", f"1{NNBSP}234{NNBSP}567,25"),
    ],
)
def test_each_language_writes_its_own_digits(lang: str, pct: str, number: str, big: str) -> None:
    assert format_pct(1234.5, lang) == pct
    assert format_number(2.5, lang) == number
    assert format_number(1234567.25, lang) == big
    assert format_number(16.0, lang) == "16"  # a whole number without decimals
    assert format_pct(28.125, lang) == "28.13".replace(".", "," if lang != "en" else ".")  # half up
    assert format_seconds(0.18, lang) == ("0.18" if lang == "en" else "0,18")


def test_rounding_and_signs() -> None:
    assert format_pct(116.944, "fr") == "116,94" and format_pct(116.945, "en") == "116.95"
    assert format_pct(-0.125, "fr") == "-0,12"  # floor(x + 1/2): a half goes up, towards +∞
    assert format_pct(-0.126, "en") == "-0.13"
    assert format_pct(-0.004, "pl") == "0,00"  # rounds to zero: no minus sign
    assert format_pct(Fraction(1, 3), "en") == "0.33" and format_pct(None, "en") == format_pct(math.nan, "en") == ""
    assert format_number(1e15, "en") == "1e+15" and format_number(math.inf, "fr") == "inf"  # beyond any count


def test_hundredths_of_a_float_is_the_decimal_it_prints_as_rounded_half_up() -> None:
    """The float path against the exact rule worked out with fractions: floor(100 × x + 1/2) / 100."""
    rng = random.Random(20261203)
    values = [0.005, 0.015, 2.675, 28.125, -28.125, 1e-9, -1e-9, 999999999999999.9, 0.0, -0.0]
    values += [round(rng.uniform(-500, 500), rng.randint(0, 6)) for _ in range(5000)]
    values += [rng.uniform(-1, 1) * 10 ** rng.randint(-10, 14) for _ in range(5000)]
    for value in values:
        exact = Decimal(math.floor(Fraction(repr(value)) * 100 + Fraction(1, 2))).scaleb(-2)
        got = hundredths(value)
        assert got == exact and str(got) == str(exact), value


@pytest.mark.parametrize("pattern", ["#,##0.##", "#,##0.00", "0.00"])
@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_the_compiled_formatter_writes_what_babel_writes(pattern: str, lang: str) -> None:
    rng = random.Random(hash((pattern, lang)) & 0xFFFF)
    numbers: list[float | Decimal] = [0.0, -0.0, 1.0, -1.5, 0.005, 999.995, 1000.0, 123456789.125, math.inf, -math.inf]
    numbers += [rng.uniform(-1e7, 1e7) for _ in range(300)] + [round(rng.uniform(0, 200), 2) for _ in range(300)]
    numbers += [Decimal(rng.randint(-(10**9), 10**9)).scaleb(-2) for _ in range(300)]
    compiled = _formatter(pattern, lang)
    for number in numbers:
        assert compiled(number) == format_decimal(number, pattern, locale=LOCALES[lang]), number


def test_only_plain_decimal_patterns_are_compiled() -> None:
    with pytest.raises(ValueError, match="plain decimal"):
        _formatter("#,##0.00 ¤", "en")
