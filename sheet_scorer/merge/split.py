"""A judge's copy of the event: one round's sheet holding only the judge's tables (docs/rules.md §1, §5).

The copy is the event workbook, everything kept but the tool's own Standings and Problems sheets, with the rows of
that round's other tables and of the other rounds emptied, so the judge sees and fills only their own; `merge`
takes the copy back by table and player.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.model import CellEdit, RoundSheet, WorkbookData, WorkbookError, WorkbookPatch, event_language
from sheet_scorer.workbook.owned import own_sheets
from sheet_scorer.xlsx.cells import cell_ref

if TYPE_CHECKING:
    from sheet_scorer.workbook.read import EventRead
    from sheet_scorer.workbook.update import Refusal
    from sheet_scorer.xlsx.opc import OpcPackage

MAX_TABLE_IN_RANGE = 9999  # a typing slip like 1-1000000 is refused, not expanded
_RANGE = re.compile(r"(\d+)\s*(?:[-–]\s*(\d+))?")


def parse_tables(spec: str) -> frozenset[int]:
    """`1-4`, `1,3,5-7`, `2` -> the table numbers; ValueError for anything else (`0`, `4-1`, `a`, `1-99999`)."""
    numbers: set[int] = set()
    for part in spec.split(","):
        match = _RANGE.fullmatch(part.strip())
        if not match:
            raise ValueError(spec)
        low, high = int(match[1]), int(match[2] or match[1])
        if low < 1 or high < low or high > MAX_TABLE_IN_RANGE:
            raise ValueError(spec)
        numbers.update(range(low, high + 1))
    return frozenset(numbers)


def tables_text(tables: list[int]) -> str:
    """[1, 2, 3, 4, 7] -> `1-4,7`: the tables as an organiser writes them."""
    runs: list[list[int]] = []
    for number in sorted(tables):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ",".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


@dataclass
class SplitPlan:
    """The judge's copy: which tables of which sheet it holds, the requested tables the round lacks, and the edits."""

    sheet: str
    tables: list[int]
    missing: list[int]
    players: int
    patch: WorkbookPatch


def round_sheet(data: WorkbookData, number: int, lang: str) -> RoundSheet:
    """The event's sheet of round `number`; a round it does not have is a one-line error."""
    for sheet in data.rounds:
        if sheet.number == number:
            return sheet
    raise WorkbookError(key="split_no_round", event=data.path.name, round=number).in_language(lang)


def plan_split(
    data: WorkbookData, sheet: RoundSheet, tables: frozenset[int], covered: dict[str, frozenset[str]], lang: str
) -> SplitPlan:
    """Empty every row of `sheet` whose table is not in `tables`, and every row of the other round sheets
    (the judge fills this round; a stale copy of the others would only come back as conflicts).

    `covered` are, per sheet, cells under a merged range (not its top-left one): they hold nothing and are not written.
    """
    from sheet_scorer.merge.plan import table_meanings  # pandas: not needed to parse --tables

    found = table_meanings(sheet.raw["table"])
    keep = found.map(lambda t: not isinstance(t, str) and t in tables).astype(bool)
    if not keep.any():
        raise WorkbookError(
            key="split_no_table" if len(tables) == 1 else "split_no_tables",
            sheet=sheet.name,
            tables=tables_text(sorted(tables)),
        ).in_language(lang)
    edits = {
        other.name: _emptied(other, [int(r) for r in other.raw.index], covered.get(other.name, frozenset()))
        for other in data.rounds
        if other is not sheet
    }
    edits[sheet.name] = _emptied(sheet, [int(r) for r in sheet.raw.index[~keep]], covered.get(sheet.name, frozenset()))
    present = sorted({int(t) for t in found[keep]})
    # the Standings and Problems sheets are left out: they would be stale in a copy; the merge and the next score
    # bring them back (docs/rules.md §5)
    patch = WorkbookPatch(edits=edits, removed=own_sheets(data.added_sheets))
    return SplitPlan(sheet.name, present, sorted(tables - set(present)), int(keep.sum()), patch)


def _emptied(sheet: RoundSheet, rows: list[int], covered: frozenset[str]) -> list[CellEdit]:
    """Edits emptying `rows` of `sheet` across the organiser's and the tool's columns, merged cells at their top-left."""
    last = max(sheet.last_column, *sheet.columns.values(), *sheet.computed.values())
    cells = (cell_ref(column, row) for row in rows for column in range(1, last + 1))
    return [CellEdit(cell, None) for cell in cells if cell not in covered]


def default_copy(event: Path, number: int, tables: frozenset[int]) -> Path:
    """`event.xlsx` (or its scored copy `event.scored.xlsx`), round 3, tables 1-4 -> `event.round3.tables1-4.xlsx`,
    beside the event: the copy is named for the event, not for which of its files it came from."""
    stem = event.stem.removesuffix(".scored")
    return event.with_name(f"{stem}.round{number}.tables{tables_text(sorted(tables)).replace(',', '_')}{event.suffix}")


def split_workbook(
    event: Path | OpcPackage,
    number: int,
    tables: frozenset[int],
    output: Path | None = None,
    lang: str | None = None,
    force: bool = False,
    check: Callable[[EventRead], None] | None = None,
    refuse: Refusal | None = None,
) -> tuple[SplitPlan, Path, str]:
    """Write the judge's copy of `event` holding only `tables` of round `number`; the event itself is not touched.
    `check` is told of the event as read before anything else, `refuse` asked before the copy replaces a file
    (the api's refusals, `api.policy`).

    Returns the plan, the copy's path and the language the terminal speaks.
    """
    from sheet_scorer.workbook.read import open_event

    with open_event(
        event, patching=True
    ) as read:  # the event opened and read once; the copy is patched from that opening
        if check is not None:
            check(read)
        return _split(read, number, tables, output, lang, force, refuse)


def _split(
    read: EventRead,
    number: int,
    tables: frozenset[int],
    output: Path | None,
    lang: str | None,
    force: bool,
    refuse: Refusal | None = None,
) -> tuple[SplitPlan, Path, str]:
    """`split_workbook` of the event as read (`workbook.read.open_event`)."""
    from sheet_scorer.workbook.update import update_workbook

    event, data = read.path, read.data
    lang = event_language(lang, data.settings.language)
    target = output or default_copy(event, number, tables)
    if target.resolve() == event.resolve():
        raise WorkbookError(key="split_same_file", event=event.name).in_language(lang)
    sheet = round_sheet(data, number, lang)
    plan = plan_split(data, sheet, tables, read.covered_cells([s.name for s in data.rounds]), lang)
    try:
        update_workbook(event, plan.patch, target=target, command="split", force=force, event=read, refuse=refuse)
    except WorkbookError as error:  # a judge's copy filled in since: told in the event's language
        raise error.in_language(error.lang or lang) from None
    return plan, target, lang
