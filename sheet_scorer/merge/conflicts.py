"""The Conflicts sheet `merge` keeps in the event (docs/rules.md §5): every cell two files disagree on, listed once
with both values and files and a `Resolved` column, and marked at its cell until the organiser resolves it.

Re-merging adds only conflicts not listed yet (same sheet, cell, values and files, or a copy's value already listed
against the value the event now holds); the rows already there are
written back as they are, with whatever the organiser typed in `Resolved`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sheet_scorer.i18n.vocab import CONFLICTS_HEADERS, CONFLICTS_SHEET
from sheet_scorer.model import ConflictRow, NewSheet, WorkbookData
from sheet_scorer.problems import problem_message
from sheet_scorer.rules.conflicts import conflict_problems
from sheet_scorer.workbook.cells import is_marked, shown

_WIDTHS = [14, 8, 24, 10, 28, 12, 28, 12]


@dataclass(frozen=True)
class Conflict:
    """Two files disagree on one cell of the event: nothing is taken there; the event keeps its value."""

    sheet: str  # the event's round sheet
    cell: str  # the event's cell, like "E7"
    player: str
    value: Any  # the value in the event, or in the first copy that filled the cell
    source: str  # the file holding `value`
    other: Any
    other_source: str

    @property
    def shown_values(self) -> tuple[str, str]:
        """`value` and `other` as the organiser reads them (3.0 is 3)."""
        return shown(self.value), shown(self.other)


def _key(sheet: str, cell: str, value: Any, file: str, other: Any, other_file: str) -> tuple[str, ...]:
    return sheet, cell.upper(), shown(value), file, shown(other), other_file


def as_written(value: Any) -> Any:
    """A value with its type (a number stays a number); a whole float is written as an int."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def conflict_rows(data: WorkbookData, found: list[Conflict]) -> tuple[list[ConflictRow], int]:
    """The Conflicts sheet's rows after this merge (those listed before, then the new ones)
    and how many are new."""
    listed = {_key(r.sheet, r.cell, r.value, r.file, r.other, r.other_file) for r in data.conflicts}
    rows = list(data.conflicts)
    added = 0
    for c in found:
        key = _key(c.sheet, c.cell, c.value, c.source, c.other, c.other_source)
        if key not in listed and not _heard(c, data.conflicts):
            listed.add(key)
            rows.append(
                ConflictRow(c.sheet, c.cell, c.player, c.value, c.source, c.other, c.other_source, None, len(rows) + 2)
            )
            added += 1
    return rows, added


def _heard(conflict: Conflict, rows: list[ConflictRow]) -> bool:
    """True when a row of the cell already lists the copy's value from that copy and the event holds one of the row's
    values: the same dispute, settled or not (re-merging both judges' copies after typing the agreed value)."""
    return _row_of(conflict, rows) is not None


def _row_of(conflict: Conflict, rows: list[ConflictRow]) -> ConflictRow | None:
    """The Conflicts sheet's row that already lists this dispute (see `_heard`), if any."""
    for r in rows:
        if (r.sheet, r.cell.upper()) != (conflict.sheet, conflict.cell.upper()):
            continue
        sides = {(shown(r.value), r.file), (shown(r.other), r.other_file)}
        if (shown(conflict.other), conflict.other_source) in sides and shown(conflict.value) in {v for v, _ in sides}:
            return r
    return None


def open_conflicts(data: WorkbookData, found: list[Conflict]) -> list[Conflict]:
    """The conflicts of this merge the organiser has not settled: a dispute whose row is marked Resolved is not
    raised again when the same copies are merged once more (docs/rules.md §5)."""
    return [c for c in found if (row := _row_of(c, data.conflicts)) is None or not is_marked(row.resolved)]


def conflicts_sheet(data: WorkbookData, rows: list[ConflictRow], lang: str) -> NewSheet:
    """The tool's Conflicts sheet (its name kept if it has one), each Cell linked to the cell it names."""
    name = data.conflicts_sheet or CONFLICTS_SHEET[lang]
    headers = [words[lang] for words in CONFLICTS_HEADERS.values()]
    values = [
        [
            r.sheet,
            r.cell,
            r.player,
            as_written(r.value),
            r.file,
            as_written(r.other),
            r.other_file,
            None if r.resolved in ("", None) else r.resolved,
        ]
        for r in rows
    ]
    sheets = {s.name for s in data.rounds}
    links = {
        f"B{n}": "'" + r.sheet.replace("'", "''") + f"'!{r.cell}"
        for n, r in enumerate(rows, start=2)
        if r.sheet in sheets
    }
    widths = {c: float(max(w, len(h) + 3)) for c, (w, h) in enumerate(zip(_WIDTHS, headers), start=1)}
    return NewSheet(name, [headers, *values], widths=widths, links=links, replace=True)


def conflict_marks(data: WorkbookData, rows: list[ConflictRow], lang: str) -> dict[str, list[tuple[str, str]]]:
    """Round sheet -> the marks of its unresolved conflicts (a sheet whose conflicts are all resolved: none)."""
    listed = WorkbookData(
        data.path,
        data.sheet_names,
        data.rounds,
        data.settings,
        conflicts=rows,
        conflicts_sheet=data.conflicts_sheet or CONFLICTS_SHEET[lang],
    )
    problems = conflict_problems(listed)
    sheets = {s.name for s in data.rounds}
    marks: dict[str, list[tuple[str, str]]] = {r.sheet: [] for r in rows if r.sheet in sheets}
    for sheet, found in problems.items():
        if sheet in sheets:
            marks[sheet] = [(p.cell, problem_message(p, lang)) for p in found]
    return marks
