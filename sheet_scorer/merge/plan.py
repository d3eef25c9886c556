"""Which cells of the judges' copies go into the event workbook, and which disagree (docs/rules.md §1, §5).

Rows are matched by round number, player and table, never by position: a judge may sort a sheet,
insert rows, re-save it in LibreOffice, or have headers in another language. Cells are compared as
the organiser means them (3, "3" and 3.0 are one count; x and yes one mark), with the parsing the
checks use (`rules.cells.parse_int` / `parse_flag`). Only the game columns are merged: the
counts, the flags and an entered VP column.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

from sheet_scorer.i18n.vocab import FLAGS, fold, is_bye, round_number
from sheet_scorer.merge.conflicts import Conflict, as_written
from sheet_scorer.model import CellEdit, RoundSheet, WorkbookData, WorkbookError, event_language
from sheet_scorer.problems import Problem, Told
from sheet_scorer.rules.cells import parse_flag, parse_int
from sheet_scorer.rules.progress import game_fields
from sheet_scorer.workbook.cells import cell_name, folded_name, is_blank, name_key, shown
from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell, cell_ref

if TYPE_CHECKING:
    from sheet_scorer.workbook.read import EventRead
    from sheet_scorer.xlsx.opc import OpcPackage

# Read problems that leave a round sheet out of WorkbookData.rounds: its cells cannot be matched.
UNREAD_SHEET = frozenset({"no-header-row", "duplicate-column", "duplicate-round"})


@dataclass
class CopyCounts:
    """What one copy gave: cells taken into the event, cells whose value was already there, conflicts, and
    its round sheets that could not be read (sheet, why) although the event has that round."""

    path: Path
    taken: int = 0
    already: int = 0
    conflicts: int = 0
    skipped: list[Problem] = field(default_factory=list)  # its round sheets that could not be read, and why


@dataclass
class MergePlan:
    """The cells to write into the event (sheet -> edits), per-copy counts and the conflicts."""

    event: Path
    lang: str
    edits: dict[str, list[CellEdit]] = field(default_factory=dict)
    copies: list[CopyCounts] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    new_conflicts: int = 0  # conflicts not listed in the event's Conflicts sheet before this merge
    conflicts_sheet: str = ""  # that sheet's name, once it has rows
    backup: str = ""  # the name of the event's version kept before this merge wrote it (`event.backup.xlsx`)

    @property
    def cells(self) -> int:
        return sum(len(e) for e in self.edits.values())

    @property
    def exit_code(self) -> int:
        """1 when some cells were left out (files disagree, or a copy's round sheet cannot be read; the rest is
        still written), else 0."""
        return int(bool(self.conflicts) or any(c.skipped for c in self.copies))


@dataclass
class _View:
    """A round sheet keyed for matching: player -> Excel row (by `name_key`, and by spelling with case and
    accents ignored where that is unique); by row, its table, its cells and their meanings (plain dicts:
    a merge looks cells up one by one)."""

    sheet: RoundSheet
    file: str
    rows: dict[str, int]
    spellings: dict[str, int | None]
    tables: dict[int, Hashable]
    fields: list[str]
    cells: dict[int, dict[str, Any]]
    meanings: dict[int, dict[str, Hashable]]

    def player(self, row: int) -> str:
        return cell_name(self.cells[row]["player"])

    def find(self, name: str) -> int | None:
        """The row of the player `name` (a judge's `Lukasz` finds the event's `Łukasz`), or None."""
        found = self.rows.get(name_key(name))
        return found if found is not None else self.spellings.get(folded_name(name))


@dataclass(frozen=True)
class _Offer:
    """A filled game cell of a copy, for one event cell."""

    copy: int
    value: Any
    meaning: Hashable


def table_meanings(values: pd.Series) -> pd.Series:
    """Table numbers as integers (3, "3", 3.0 alike); a bye in any language is "bye"; other text folded."""
    numbers = parse_int(values).astype(object)
    words = values.map(lambda v: "bye" if is_bye(v) else fold(str(v)))
    return numbers.where(numbers.notna(), words)


def _cell_meanings(raw: pd.DataFrame, fields: list[str]) -> pd.DataFrame:
    """Each game cell as the organiser means it: a count as int, a flag as bool, anything else as trimmed text."""
    columns = {}
    for name in fields:
        parsed = (parse_flag if name in FLAGS else parse_int)(raw[name]).astype(object)
        columns[name] = parsed.where(parsed.notna(), raw[name].map(lambda v: str(v).strip().casefold()))
    return pd.DataFrame(columns, index=raw.index, dtype=object)


def _view(sheet: RoundSheet, path: Path, lang: str) -> _View:
    """Key a round sheet by player; a player twice in one round cannot be matched, so it is refused."""
    rows: dict[str, int] = {}
    spellings: dict[str, int | None] = {}
    for row, name in sheet.raw["player"].items():
        if is_blank(name):
            continue
        key = name_key(name)
        if key in rows:
            raise WorkbookError(
                key="merge_twice", file=path.name, sheet=sheet.name, player=key, rows=f"{rows[key]}, {row}"
            ).in_language(lang)
        rows[key] = int(row)
        spelling = folded_name(key)
        spellings[spelling] = None if spelling in spellings else int(row)  # two players spelt alike: by exact name only
    fields = game_fields(sheet)
    return _View(
        sheet,
        path.name,
        rows,
        spellings,
        table_meanings(sheet.raw["table"]).to_dict(),
        fields,
        sheet.raw.to_dict("index"),
        _cell_meanings(sheet.raw, fields).to_dict("index"),
    )


def _matched_rows(copy: _View, event: _View, event_file: str, lang: str) -> list[tuple[int, int]]:
    """(copy row, event row) pairs; a player or table the event's round does not have refuses the copy.

    A row with no table in the copy is matched by its player alone.
    """
    pairs = []
    tables = set(event.tables.values())
    for row, values in copy.cells.items():
        name = "" if is_blank(values["player"]) else str(values["player"])
        where = {
            "copy": copy.file,
            "sheet": copy.sheet.name,
            "row": int(row),
            "event": event_file,
            "event_sheet": event.sheet.name,
        }
        if not name:
            if any(not is_blank(values[f]) for f in copy.fields):
                raise WorkbookError(key="merge_no_player", **where).in_language(lang)
            continue
        event_row = event.find(name)
        if event_row is None:
            raise WorkbookError(key="merge_unknown_player", player=copy.player(row), **where).in_language(lang)
        if copy.tables[row] != "" and copy.tables[row] not in tables:
            raise WorkbookError(key="merge_unknown_table", table=shown(values["table"]), **where).in_language(lang)
        pairs.append((int(row), event_row))
    return pairs


def _offers(
    event: dict[int, _View],
    event_file: str,
    copies: list[WorkbookData],
    counts: list[CopyCounts],
    conflicts: list[Conflict],
    lang: str,
) -> dict[tuple[int, int, str], list[_Offer]]:
    """Every filled game cell of every copy, by event cell; refuses a copy that is not of this event.

    A row whose player sits at another table in the event is a conflict on its Table cell and gives nothing.
    """
    offers: dict[tuple[int, int, str], list[_Offer]] = {}
    for index, data in enumerate(copies):
        matched = 0
        counts[index].skipped = [p for p in data.problems if p.code in UNREAD_SHEET and round_number(p.sheet) in event]
        for sheet in data.rounds:
            if sheet.number not in event:
                raise WorkbookError(
                    key="merge_unknown_round",
                    copy=data.path.name,
                    sheet=sheet.name,
                    round=sheet.number,
                    event=event_file,
                ).in_language(lang)
            theirs, ours = _view(sheet, data.path, lang), event[sheet.number]
            pairs = _matched_rows(theirs, ours, event_file, lang)
            matched += len(pairs)
            fields = [f for f in ours.fields if f in theirs.fields]
            for copy_row, event_row in pairs:
                if theirs.tables[copy_row] not in ("", ours.tables[event_row]):
                    conflicts.append(
                        Conflict(
                            ours.sheet.name,
                            cell_ref(ours.sheet.columns["table"], event_row),
                            ours.player(event_row),
                            ours.cells[event_row]["table"],
                            event_file,
                            theirs.cells[copy_row]["table"],
                            data.path.name,
                        )
                    )
                    counts[index].conflicts += 1
                    continue
                for name in fields:
                    value = theirs.cells[copy_row][name]
                    if is_blank(value) or isinstance(value, (FormulaCell, ErrorCell)):  # no value to take
                        continue
                    offer = _Offer(index, value, theirs.meanings[copy_row][name])
                    offers.setdefault((sheet.number, event_row, name), []).append(offer)
        if not matched:
            raise WorkbookError(key="merge_no_match", copy=data.path.name, event=event_file).in_language(lang)
    return offers


def plan_merge(event: WorkbookData, copies: list[WorkbookData], lang: str = "en") -> MergePlan:
    """The cells the copies fill in the event's round sheets, and the cells they disagree on.

    Raises WorkbookError (one line) when a copy is not of this event; then nothing is to be written.
    """
    views = {sheet.number: _view(sheet, event.path, lang) for sheet in event.rounds}
    _check_unread_rounds(event, set(views), copies, lang)
    plan = MergePlan(event.path, lang, copies=[CopyCounts(c.path) for c in copies])
    found: list[Conflict] = []
    offers = _offers(views, event.path.name, copies, plan.copies, found, lang)
    edits: dict[str, list[tuple[int, int, CellEdit]]] = {}
    for (number, row, name), given in offers.items():
        view = views[number]
        edit = _settle(view, row, name, given, [c.path.name for c in copies], plan.copies, found)
        if edit is not None:
            edits.setdefault(view.sheet.name, []).append((row, view.sheet.columns[name], edit))
    plan.edits = {sheet: [edit for _, _, edit in sorted(cells, key=lambda e: e[:2])] for sheet, cells in edits.items()}
    order = {view.sheet.name: number for number, view in views.items()}
    plan.conflicts = sorted(found, key=lambda c: (order[c.sheet], _row_column(c.cell)))
    return plan


def _check_unread_rounds(event: WorkbookData, read: set[int], copies: list[WorkbookData], lang: str) -> None:
    """A round the copies hold whose sheet in the event cannot be read: one line saying why, before anything else."""
    wanted = {sheet.number for data in copies for sheet in data.rounds} - read
    for problem in event.problems:
        if problem.code in UNREAD_SHEET and round_number(problem.sheet) in wanted:
            raise WorkbookError(
                key="merge_event_sheet", event=event.path.name, sheet=problem.sheet, message=Told(problem)
            ).in_language(lang)


def _settle(
    view: _View,
    row: int,
    name: str,
    given: list[_Offer],
    files: list[str],
    counts: list[CopyCounts],
    conflicts: list[Conflict],
) -> CellEdit | None:
    """One event cell and the copies' values for it: the edit taking it, or None (already there, or a conflict).

    A filled event cell is kept: each copy agrees (already there) or conflicts with it. An empty one takes the
    copies' value when they all mean the same; when they do not, it stays empty and each disagreement is listed.
    """
    column = view.sheet.columns[name]
    cell, player, held = cell_ref(column, row), view.player(row), view.cells[row][name]
    if not is_blank(held):
        for offer in given:
            if offer.meaning == view.meanings[row][name]:
                counts[offer.copy].already += 1
            else:
                conflicts.append(
                    Conflict(view.sheet.name, cell, player, held, view.file, offer.value, files[offer.copy])
                )
                counts[offer.copy].conflicts += 1
        return None
    first, rest = given[0], given[1:]
    differing = [o for o in rest if o.meaning != first.meaning]
    for offer in differing:
        conflicts.append(
            Conflict(view.sheet.name, cell, player, first.value, files[first.copy], offer.value, files[offer.copy])
        )
        counts[first.copy].conflicts += 1
        counts[offer.copy].conflicts += 1
    if differing:
        return None
    counts[first.copy].taken += 1
    for offer in rest:
        counts[offer.copy].already += 1
    style_like = cell_ref(column, row - 1) if row - 1 > view.sheet.header_row else None
    return CellEdit(cell, as_written(first.value), style_like)


def _row_column(cell: str) -> tuple[int, str]:
    """Sort key of a cell reference: by row, then by column (`B10` after `C9`)."""
    letters = cell.rstrip("0123456789")
    return int(cell[len(letters) :]), letters.rjust(3)


def merge_workbooks(
    event: Path | OpcPackage,
    copies: list[Path | OpcPackage | WorkbookData],
    lang: str | None = None,
    dry_run: bool = False,
    force: bool = False,
    check: Callable[[EventRead], None] | None = None,
) -> MergePlan:
    """Read the event and its copies, plan the merge and (unless `dry_run`) write the event in place. `check` is
    told of the event as read before anything else (the api's refusals: `api.policy.refuse_working_copy`).

    Conflicts are kept in the event (`merge.conflicts`): listed in its Conflicts sheet and marked at their cells.
    Nothing is written when there is nothing to take and no conflict not listed yet, so re-running a merge
    leaves the event as it is. Each file is opened once (`event` and `copies` may be packages already opened,
    `workbook.container.open_package`; a copy may be a workbook read already, such as a table's report).
    """
    from sheet_scorer.workbook.read import open_event

    with open_event(event, patching=True) as read:  # the event opened and read once, and patched from that opening
        if check is not None:
            check(read)
        return _merge(read, copies, lang, dry_run, force)


def _merge(
    read: EventRead, copies: list[Path | OpcPackage | WorkbookData], lang: str | None, dry_run: bool, force: bool
) -> MergePlan:
    """`merge_workbooks` of the event as read (`workbook.read.open_event`)."""
    from sheet_scorer.merge.conflicts import conflict_marks, conflict_rows, conflicts_sheet, open_conflicts
    from sheet_scorer.model import WorkbookPatch
    from sheet_scorer.workbook.read import read_workbook
    from sheet_scorer.workbook.update import update_workbook

    event, data = read.path, read.data
    found = [copy if isinstance(copy, WorkbookData) else read_workbook(copy) for copy in copies]
    plan = plan_merge(data, found, event_language(lang, data.settings.language))
    rows, plan.new_conflicts = conflict_rows(data, plan.conflicts)
    plan.conflicts = open_conflicts(data, plan.conflicts)  # a dispute already marked Resolved is not raised again
    plan.conflicts_sheet = conflicts_sheet(data, rows, plan.lang).name if rows else ""
    if (plan.edits or plan.new_conflicts) and not dry_run:
        patch = WorkbookPatch(edits=plan.edits, marks=conflict_marks(data, rows, plan.lang))
        if rows:
            patch.sheets.append(conflicts_sheet(data, rows, plan.lang))
        update_workbook(event, patch, command="merge", event=read)
    return plan
