"""Problems found in a workbook, as values: a stable code, a place and a plain message.

Problems are data, never exceptions (csvkit / frictionless style). The message is rendered
from the one message catalogue (`i18n.catalogue`: each code's level, field and templates) by its one renderer
(`i18n.text.render`, as refusals and lines are), so tests assert on codes and places, not on wording. This module
says a problem in each language (`problem_message`, `problem_place`); i18n/ knows nothing of it.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any, Literal

from sheet_scorer.i18n.catalogue import CATALOGUE, problem_templates
from sheet_scorer.i18n.codes import ProblemCode
from sheet_scorer.i18n.visible import visible

Severity = Literal["error", "warning"]

_COLUMN_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

WARNING_CODES = frozenset(code for code, entry in CATALOGUE.items() if entry.level == "warning")

# code -> English message (a variant as "code.variant"), from the one catalogue.
MESSAGES_EN: dict[str, str] = problem_templates("en")


@dataclass(frozen=True)
class Problem:
    """One problem: where it is (sheet, cell, player, table) and what is wrong (code + params)."""

    code: ProblemCode  # a code of the one catalogue (the type checker refuses any other)
    sheet: str
    cell: str = ""
    player: str = ""
    table: int | None = None
    field: str | None = None
    params: dict[str, Any] = dataclass_field(default_factory=dict, compare=False, hash=False)

    @property
    def severity(self) -> Severity:
        return "warning" if self.code in WARNING_CODES else "error"

    @property
    def message(self) -> str:
        """The message in English, as `problem_message(self, "en")` says it everywhere."""
        return problem_message(self, "en")

    @property
    def row(self) -> int | None:
        """The Excel row number of the cell, for sorting."""
        number = self.cell.lstrip(_COLUMN_LETTERS)  # a cell reference: its letters, then its row
        if number.isascii() and number.isdigit():
            return int(number)
        digits = "".join(ch for ch in self.cell if ch.isdigit())
        return int(digits) if digits else None


def template_key(problem: Problem) -> str:
    """The catalogue entry of the problem's message: its code, or `code.variant` for a variant (`params["variant"]`)."""
    return f"{problem.code}.{problem.params['variant']}" if "variant" in problem.params else problem.code


def has_errors(problems: list[Problem]) -> bool:
    return any(p.severity == "error" for p in problems)


@functools.cache
def messages(lang: str) -> dict[str, str]:
    """code -> message template in `lang` (a variant as `code.variant`), French typeset, from the one catalogue."""
    from sheet_scorer.i18n.text import typeset  # Babel is loaded only when a problem is told in a language

    return {code: typeset(lang, template) for code, template in problem_templates(lang).items()}


def problem_message(problem: Problem, lang: str) -> str:
    """The problem's message in `lang` (English for `en`, an unknown language or a code not translated yet):
    column names in the language's words, counts agreeing by its CLDR plural rule, decimals its way (`2,5`)."""
    from sheet_scorer.i18n.text import language, render
    from sheet_scorer.i18n.vocab import COLUMN_WORDS

    lang = language(lang)
    params = dict(problem.params)
    if "column" in params and problem.field in COLUMN_WORDS:
        params["column"] = COLUMN_WORDS[problem.field][lang]
    code = template_key(problem)
    template = messages(lang).get(code) or MESSAGES_EN[code]
    values = {"player": problem.player or "?", "table": problem.table, **params}
    return visible(render(lang, template, values, decimals=True))


@dataclass(frozen=True)
class Told:
    """A problem as a part of a refusal's line: its message (or, with `place`, where it is), said in the line's
    language when the line is (`i18n.text.say` renders any value with `said_in`), so the error carries the problem."""

    problem: Problem
    place: bool = False

    def said_in(self, lang: str | None) -> str:
        """The problem's line (or its place, with `place`) in `lang`, rendered only when the error is shown."""
        from sheet_scorer.i18n.text import language

        return (
            problem_place(self.problem, language(lang)) if self.place else problem_message(self.problem, language(lang))
        )


def code_message(code: ProblemCode, values: dict[str, Any], lang: str) -> str:
    """A problem code's message in `lang` from its values alone, for a problem found outside a round sheet (the season's)."""
    return problem_message(Problem(code, "", params=values), lang)


def problem_place(problem: Problem, lang: str = "en") -> str:
    """Where a problem is, as printed: 'Round 1'!C3, or the sheet and table in `lang`, or 'Round 1'."""
    from sheet_scorer.i18n.text import text

    sheet = visible(problem.sheet)
    if problem.cell:
        return f"'{sheet}'!{problem.cell}"
    if problem.table is not None and not names_its_table(problem):
        return text(lang, "unscored_table", sheet=f"'{sheet}'", table=problem.table)
    return f"'{sheet}'"


def names_its_table(problem: Problem) -> bool:
    """True when the problem's message says its table itself ('table 2: …'), so the location need not repeat it."""
    return "{table}" in MESSAGES_EN.get(template_key(problem), "")
