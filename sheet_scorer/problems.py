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

from sheet_scorer.i18n.visible import visible

Severity = Literal["error", "warning"]

WARNING_CODES = frozenset({"name-spelling", "name-similar", "no-target", "hidden-row", "unknown-setting", "table-not-reported"})

# code -> English message; {player}, {value}, {table} ... come from Problem.params. A count agrees with
# its noun through `{value:plural:one=settlement,other=settlements}` (CLDR categories, see `render`).
# A code with a variant (params["variant"]) is looked up as "code.variant".
MESSAGES_EN: dict[str, str] = {
    # sheets and columns
    "no-header-row": "no header row found: the sheet needs a row with at least 'Table' and 'Player' headers",
    "missing-column": "the table has no '{column}' column",
    "no-score-columns": "the table has neither the game counts (Settlements … Road Length) nor a 'VP' column",
    "duplicate-column": "two columns are headed '{column}' ({cells}); keep one",
    "bad-setting": "the setting '{key}' is '{value}', which is not a valid value",
    "no-room-for-columns": "the sheet has something as far right as column {column}, so the computed columns do not fit "
                           "to the right of the table; clear what is far to the right, then score it again",
    "duplicate-round": "round {round} is also on sheet '{other}'; this sheet is not scored",
    "duplicate-playoff": "sheet '{other}' is already this playoff stage; this sheet is not scored",
    "table-not-reported": "table {table} is not reported yet ({players}); it is scored once its results are entered",
    # settings and adjustments (docs/rules.md §7, §8)
    "unknown-setting": "'{key}' is not a setting this tool knows; it is not used",
    "bad-tiebreaker": "'{value}' in '{key}' is not a tie-breaker; use any of: {valid}",
    "bad-playoff-size": "the setting '{key}' is {value}; the playoffs take {valid} players (0 or empty: no playoffs)",
    "bad-active": "{player}: '{column}' is '{value}', which is neither yes nor no (no, withdrawn, dropped: not playing any more)",
    "bad-ranking": "the setting '{key}' is '{value}'; use one of: {valid}",
    "adjustments-no-header": "no header row found: the sheet needs a row with at least 'Player' and 'Points' headers",
    "adjustment-no-player": "row {row} has an adjustment but no player name",
    "adjustment-points": "{player}: the adjustment '{value}' is not a number of points",
    "adjustment-unknown-player": "{player} plays in no round and is not on the Players sheet",
    "adjustment-unknown-round": "{player}: there is no round {value}",
    # cells
    "empty-cell": "{player}: {column} is empty",
    "not-a-number": "{player}: {column} is '{value}', which is not a number",
    "not-whole-number": "{player}: {column} is {value}, but it must be a whole number",
    "date-value": "{player}: {column} holds a date ({value}), not a count",
    "error-value": "{player}: {column} holds the spreadsheet error {value}",
    "formula-no-value": "{player}: {column} is a formula with no saved value; open and save the file in Excel or LibreOffice, then score it again",
    "bad-flag": "{player}: {column} is '{value}'; mark it with x (or yes/true/1) or leave it empty",
    "bad-table": "{player}: the table number '{value}' is not a whole number of 1 or more",
    "empty-name": "row {row} has game counts but no player name",
    # row rules (docs/rules.md §2)
    "seat-range": "{player}: seat {value} does not exist at a table of {size}",
    "seat-duplicate": "{player}: seat {value} is taken by another player at table {table}",
    "settlements-range": "{player}: {value:plural:one=settlement,other=settlements}, but a player has 0 to 5",
    "settlements-min": "{player}: {value:plural:one=settlement,other=settlements} and no city, but a player keeps at least 2 settlements",
    "cities-range": "{player}: {value:plural:one=city,other=cities}, but a player has 0 to 4",
    "vp-cards-range": "{player}: {value:plural:one=VP card,other=VP cards}, but a player has 0 to 5",
    "knights-range": "{player}: {value:plural:one=knight,other=knights} played, but the deck has 0 to 14",
    "roads-range": "{player}: {value:plural:one=road,other=roads} built, but a player builds 2 to 15",
    "road-length-range": "{player}: road length {value} is more than the {roads:plural:one=road,other=roads} built",
    "vp-range": "{player}: {value} VP, but a player ends a game with 2 to 22 (2 settlements or a city at least)",
    "vp-mismatch": "{player}: VP entered as {value}, but the counts give {computed}; the entered value is kept, check the counts",
    # table rules (docs/rules.md §2, §3)
    "table-size": "table {table} has {size:plural:one=player,other=players}; a table has 3 or 4",
    "table-vp-cards": "VP cards at table {table} add up to {value}; the deck has 5",
    "table-knights": "knights at table {table} add up to {value}; the deck has 14",
    "army-tie-unmarked": "table {table}: {players} tie for Largest Army with {value:plural:one=knight,other=knights}; mark exactly one of them '{column}'",
    "army-tie-multiple": "table {table}: {players} are all marked '{column}'; mark only the one who took Largest Army first",
    "army-first-not-leader": "{player} is marked '{column}' but is not tied for the most knights (3 or more)",
    "road-tie-unmarked": "table {table}: {players} tie for Longest Road at length {value}; mark exactly one of them '{column}'",
    "road-tie-multiple": "table {table}: {players} are all marked '{column}'; mark only the one who took Longest Road first",
    "road-first-not-leader": "{player} is marked '{column}' but is not tied for the longest road (5 or more)",
    "declared-missing": "table {table}: {players} reached {target} VP; mark the one who declared victory in '{column}'",
    "declared-missing.target_hint": "table {table}: {players} reached {target} VP; mark the one who declared victory in "
                                    "'{column}'; if this event plays to {hint_target} (Cities & Knights), set Victory Target "
                                    "in Settings",
    "flag-column-missing": "table {table}: {players} need a mark in the '{column}' column, but this sheet has no such column; add it to the header row",
    "flag-column-missing.target_hint": "table {table}: {players} need a mark in the '{column}' column, but this sheet has no "
                                       "such column; add it to the header row, or, if this event plays to {hint_target} "
                                       "(Cities & Knights), set Victory Target in Settings",
    "declared-multiple": "table {table}: {players} are all marked as having declared victory; only one can",
    "declared-below-target": "{player} is marked as having declared victory with {value} VP, below the target of {target}",
    "no-target": "table {table}: nobody reached {target} VP; scored anyway",
    "duplicate-player": "{player} is also on row {other} of this round; a player plays once per round",
    "unregistered-player": "{player} is not on the Players sheet",
    "unregistered-player.closest": "{player} is not on the Players sheet; did you mean '{other}'?",
    "name-similar": "did you mean '{other}'? '{player}' is spelt almost the same and never plays in a round that '{other}' plays in",
    "name-spelling": "{player} is also spelt '{other}' (sheet '{other_sheet}'); use one spelling",
    "hidden-row": "{player}: this row is hidden; it is scored all the same",
    "bye-with-scores": "{player} has a bye but game counts are filled in; clear them or give a table number",
    "bye-no-name": "row {row} is a bye but has no player name",
}


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
