"""Problems found in a workbook, as values: a stable code, a place and a plain message.

Problems are data, never exceptions (csvkit / frictionless style). The message is rendered
from a catalogue keyed by code, so tests assert on codes and places, not on wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any, Literal

from sheet_scorer.i18n.visible import visible

Severity = Literal["error", "warning"]

WARNING_CODES = frozenset({"name-spelling", "no-target", "hidden-row", "content-not-kept", "unknown-setting"})

# code -> English message; {player}, {value}, {table} ... come from Problem.params.
MESSAGES_EN: dict[str, str] = {
    # sheets and columns
    "no-header-row": "no header row found: the sheet needs a row with at least 'Table' and 'Player' headers",
    "missing-column": "the table has no '{column}' column",
    "no-score-columns": "the table has neither the game counts (Settlements … Road Length) nor a 'VP' column",
    "duplicate-column": "two columns are headed '{column}' ({cells}); keep one",
    "content-not-kept": "the workbook has {parts}, which the scored copy does not keep; your original file is untouched",
    "bad-setting": "the setting '{key}' is '{value}', which is not a valid value",
    "no-room-for-columns": "the sheet has something as far right as column {column}, so the computed columns do not fit "
                           "to the right of the table; clear what is far to the right, then score it again",
    "duplicate-round": "round {round} is also on sheet '{other}'; this sheet is not scored",
    # settings and adjustments (docs/rules.md §7, §8)
    "unknown-setting": "'{key}' is not a setting this tool knows; it is not used",
    "bad-tiebreaker": "'{value}' in '{key}' is not a tie-breaker; use any of: {valid}",
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
    "settlements-range": "{player}: {value} settlements, but a player has 0 to 5",
    "settlements-min": "{player}: {value} settlements and no city, but a player keeps at least 2 settlements",
    "cities-range": "{player}: {value} cities, but a player has 0 to 4",
    "vp-cards-range": "{player}: {value} VP cards, but a player has 0 to 5",
    "knights-range": "{player}: {value} knights played, but the deck has 0 to 14",
    "roads-range": "{player}: {value} roads built, but a player builds 2 to 15",
    "road-length-range": "{player}: road length {value} is more than the {roads} roads built",
    "vp-range": "{player}: {value} VP, but a game gives 0 to 22",
    "vp-mismatch": "{player}: VP entered as {value}, but the counts give {computed}; the entered value is kept, check the counts",
    # table rules (docs/rules.md §2, §3)
    "table-size": "table {table} has {size} players; a table has 3 or 4",
    "table-vp-cards": "VP cards at table {table} add up to {value}; the deck has 5",
    "table-knights": "knights at table {table} add up to {value}; the deck has 14",
    "army-tie-unmarked": "table {table}: {players} tie for Largest Army with {value} knights; mark exactly one of them 'Army First'",
    "army-tie-multiple": "table {table}: {players} are all marked 'Army First'; mark only the one who took Largest Army first",
    "army-first-not-leader": "{player} is marked 'Army First' but is not tied for the most knights (3 or more)",
    "road-tie-unmarked": "table {table}: {players} tie for Longest Road at length {value}; mark exactly one of them 'Road First'",
    "road-tie-multiple": "table {table}: {players} are all marked 'Road First'; mark only the one who took Longest Road first",
    "road-first-not-leader": "{player} is marked 'Road First' but is not tied for the longest road (5 or more)",
    "declared-missing": "table {table}: {players} reached {target} VP; mark the one who declared victory",
    "declared-multiple": "table {table}: {players} are all marked as having declared victory; only one can",
    "declared-below-target": "{player} is marked as having declared victory with {value} VP, below the target of {target}",
    "no-target": "table {table}: nobody reached {target} VP; scored anyway",
    "duplicate-player": "{player} is also on row {other} of this round; a player plays once per round",
    "unregistered-player": "{player} is not on the Players sheet",
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


def render(problem: Problem, catalogue: dict[str, str]) -> str:
    """The problem's message from `catalogue`, falling back to English for a missing code."""
    template = catalogue.get(problem.code) or MESSAGES_EN[problem.code]
    values = {"player": problem.player or "?", "table": problem.table, **problem.params}
    return visible(template.format(**values))


def has_errors(problems: list[Problem]) -> bool:
    return any(p.severity == "error" for p in problems)
