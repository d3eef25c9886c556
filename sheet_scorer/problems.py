"""Problems found in a workbook, as values: a stable code, a place and a plain message.

Problems are data, never exceptions (csvkit / frictionless style). The message is rendered
from a catalogue keyed by code, so tests assert on codes and places, not on wording.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any, Literal

from sheet_scorer.i18n.problem_codes import PROBLEM_CODES, messages
from sheet_scorer.i18n.visible import visible

Severity = Literal["error", "warning"]

WARNING_CODES = frozenset(code for code, kind in PROBLEM_CODES.items() if kind.level == "warning")

# code -> English message (a variant as "code.variant"), from the one table of problem codes.
MESSAGES_EN: dict[str, str] = messages("en")


@dataclass(frozen=True)
class Problem:
    """One problem: where it is (sheet, cell, player, table) and what is wrong (code + params)."""

    code: str
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
        return render(self, MESSAGES_EN)

    @property
    def row(self) -> int | None:
        """The Excel row number of the cell, for sorting."""
        digits = "".join(ch for ch in self.cell if ch.isdigit())
        return int(digits) if digits else None


def english_plural(number: float) -> str:
    """The CLDR plural category of `number` in English: `one` for exactly 1, else `other`."""
    return "one" if number == 1 else "other"


class _MessageFormatter(string.Formatter):
    """`str.format` plus the `plural:` spec, and numbers written by the language's own rule."""

    def __init__(self, plural_form: Callable[[float], str], number: Callable[[Any], str]) -> None:
        super().__init__()
        self.plural_form, self.number = plural_form, number

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec.startswith("plural:"):
            forms = dict(part.split("=", 1) for part in format_spec.removeprefix("plural:").split(","))
            numeric = isinstance(value, (int, float)) and not isinstance(value, bool) and value == value
            category = self.plural_form(value) if numeric else "other"
            return f"{self.number(value)} {forms.get(category, forms['other'])}"
        if isinstance(value, float) and not format_spec:
            return self.number(value)
        return super().format_field(value, format_spec)


def render(problem: Problem, catalogue: dict[str, str], plural_form: Callable[[float], str] = english_plural,
           number: Callable[[Any], str] = str) -> str:
    """The problem's message from `catalogue` (English for a code it lacks), counts agreeing by `plural_form`."""
    code = f"{problem.code}.{problem.params['variant']}" if "variant" in problem.params else problem.code
    template = catalogue.get(code) or MESSAGES_EN[code]
    values = {"player": problem.player or "?", "table": problem.table, **problem.params}
    return visible(_MessageFormatter(plural_form, number).format(template, **values))


def has_errors(problems: list[Problem]) -> bool:
    return any(p.severity == "error" for p in problems)
