"""The tables of a round as its sheet seats them, and a table's report checked as `score` checks the sheet
(docs/rules.md §1-§3, §11): the report's values put into that table's rows of the round sheet, validated by
`rules.validate` with the event's settings; one problem per mistake, at its player and field."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

import pandas as pd

from sheet_scorer.i18n.vocab import FLAGS
from sheet_scorer.model import RoundSheet, WorkbookData
from sheet_scorer.problems import Problem, problem_message
from sheet_scorer.report.slips import slip_columns
from sheet_scorer.rules.cells import parse_int, table_numbers
from sheet_scorer.rules.score import score_rounds
from sheet_scorer.rules.validate import validate
from sheet_scorer.workbook.cells import is_marked, name_key

#: The problem code of a report whose rows do not name the table's players, each once (docs/rules.md §11).
WRONG_PLAYERS = "report-players"
#: The problem code of a request that is not a report (no JSON object with a list of rows).
NOT_ROWS = "report-rows"
#: The fields of the seating, the organiser's own: a mistake there is the workbook's, told by `score`, not the phone's.
SEATING = frozenset({"table", "seat", "player"})


@dataclass(frozen=True)
class Table:
    """One table of a round sheet: its number, its players in seat order (else row order) and their Excel rows."""

    sheet: str
    number: int
    players: tuple[str, ...]
    rows: tuple[int, ...]


@dataclass(frozen=True)
class Mistake:
    """One mistake of a report, at its player (None: the table as a whole) and field, said in the event's language."""

    player: str | None
    field: str
    code: str
    message: str

    def as_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def report_fields(sheet: RoundSheet) -> list[str]:
    """The game columns a table reports: the ones its paper slip has (`report.slips.slip_columns`: the counts and
    marks, or VP and marks on a VP-only sheet), in the sheet's order."""
    return [column["field"] for column in slip_columns(sheet, "en")]


def round_tables(sheet: RoundSheet) -> list[Table]:
    """The numbered tables of `sheet` (byes and unreadable Table cells aside), by number, players in seat order."""
    raw = sheet.raw
    if not len(raw) or "table" not in raw.columns or "player" not in raw.columns:
        return []
    numbers = table_numbers(raw["table"])
    seats = parse_int(raw["seat"]) if "seat" in raw.columns else pd.Series(pd.NA, index=raw.index, dtype="Int64")
    seated: dict[int, list[tuple[float, int, str]]] = {}
    for row, number, seat, name in zip(raw.index, numbers, seats, raw["player"]):
        player = name_key(name)
        if pd.isna(number) or not player:
            continue
        seated.setdefault(int(number), []).append((float("inf") if pd.isna(seat) else float(seat), int(row), player))
    return [
        Table(sheet.name, n, tuple(p for _, _, p in sorted(s)), tuple(r for _, r, _ in sorted(s)))
        for n, s in sorted(seated.items())
    ]


def _player_mistakes(table: Table, rows: Any, lang: str) -> list[Mistake] | None:
    """A mistake for each row that names no player of the table, or one twice, and for each player left out."""
    from sheet_scorer.i18n.text import text

    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        return [Mistake(None, "", NOT_ROWS, text(lang, "report_not_rows"))]
    given = [name_key(r.get("player")) for r in rows]
    wrong = [
        Mistake(p or None, "player", WRONG_PLAYERS, text(lang, "report_not_here", player=p))
        for p in given
        if p not in table.players or given.count(p) > 1
    ]
    wrong += [
        Mistake(p, "player", WRONG_PLAYERS, text(lang, "report_missing", player=p))
        for p in table.players
        if p not in given
    ]
    return wrong or None


def _cell(value: Any) -> Any:
    """A reported value as a cell would hold it: numbers, marks and text as sent; nothing (null) an empty cell."""
    if value is None:
        return ""
    return value if isinstance(value, (bool, int, float, str)) else str(value)


def _mark(value: Any) -> bool:
    """A flag as kept: marked or not (a report is kept only once its flags read as flags, `workbook.cells.flag`)."""
    return is_marked(_cell(value))


def _table_sheet(sheet: RoundSheet, table: Table, rows: list[dict[str, Any]]) -> RoundSheet:
    """`sheet` holding only `table`'s rows, its game cells as the report gives them (a field left out is empty)."""
    by_player = {name_key(r.get("player")): r for r in rows}
    raw = sheet.raw.loc[list(table.rows)].copy()
    for field in report_fields(sheet):
        raw[field] = [_cell(by_player[p].get(field)) for p in table.players]
    return dataclasses.replace(sheet, raw=raw.astype(object), hidden_rows=frozenset())


def _at_field(problem: Problem, lang: str) -> str:
    """The problem's message as `score` says it, less the leading `Player:` (it is shown at that player's field)."""
    message = problem_message(problem, lang)
    if problem.player:
        message = re.sub(rf"^{re.escape(problem.player)}\s*:\s*", "", message)
    return message


def check_report(data: WorkbookData, table: Table, rows: Any, lang: str) -> tuple[list[Mistake], pd.DataFrame]:
    """A table's report checked by the rules `score` uses: its mistakes (none: it can be kept) and, when there are
    none, the table's scored rows (VP, place, round points) for the summary the phone confirms."""
    wrong = _player_mistakes(table, rows, lang)
    if wrong:
        return wrong, pd.DataFrame()
    sheet = next(s for s in data.rounds if s.name == table.sheet)
    alone = WorkbookData(data.path, [sheet.name], [_table_sheet(sheet, table, rows)], data.settings)
    validated = validate(alone)
    mistakes = [
        Mistake(p.player or None, p.field or "", p.code, _at_field(p, lang))
        for p in validated.problems
        if p.severity == "error" and p.field not in SEATING
    ]
    if mistakes or validated.frame.empty:
        return mistakes, pd.DataFrame()
    return [], score_rounds(validated.frame, data.settings)


def report_rows(sheet: RoundSheet, table: Table, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The report as kept: one row per player in seat order, with the sheet's game fields only (flags as marks)."""
    by_player = {name_key(r.get("player")): r for r in rows}
    kept = []
    for player in table.players:
        row: dict[str, Any] = {"player": player}
        for field in report_fields(sheet):
            value = by_player[player].get(field)
            row[field] = _mark(value) if field in FLAGS else _cell(value)
        kept.append(row)
    return kept
