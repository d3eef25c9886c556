"""Read a tournament workbook (docs/rules.md §1): round sheets, their header row and columns, Settings, Players.

The package is read with a streaming parser (`xlsx.reader`): a sheet costs what its cells cost,
error values and formulas without a saved value come back as ErrorCell/FormulaCell, and the rows
of an Excel Table's totals row are not games.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pandas as pd

if TYPE_CHECKING:
    from sheet_scorer.xlsx.book import Book

from sheet_scorer.i18n.vocab import (
    ADJUSTMENTS_SHEET_NAMES,
    COMPUTED,
    COMPUTED_HEADER_INDEX,
    CONFLICTS_HEADER_INDEX,
    CONFLICTS_SHEET_NAMES,
    INPUT_HEADER_INDEX,
    PLAYERS_SHEET_NAMES,
    PLAYOFF_STAGES,
    PROBLEMS_SHEET_NAMES,
    SETTINGS_SHEET_NAMES,
    STANDINGS_SHEET_NAMES,
    TOTAL_WORDS,
    active_value,
    fold,
    players_header,
    playoff_stage,
    round_number,
)
from sheet_scorer.model import (
    ActiveCell,
    AdjustmentRow,
    ConflictRow,
    Registration,
    RoundSheet,
    SettingCell,
    Settings,
    WorkbookData,
    WorkbookError,
    reason_of,
)
from sheet_scorer.problems import Problem
from sheet_scorer.workbook.cells import cell_name, is_blank
from sheet_scorer.workbook.container import open_package
from sheet_scorer.workbook.fingerprint import Fingerprint, SheetDigest, round_sheet_skip, stream_digest
from sheet_scorer.workbook.seating_plan import find_plan, header_of
from sheet_scorer.workbook.settings import adjustment_rows, read_settings
from sheet_scorer.workbook.values import book_values
from sheet_scorer.xlsx.cells import MAX_COLUMN, cell_ref, column_letter
from sheet_scorer.xlsx.check import check_package
from sheet_scorer.xlsx.merged import covered_cells
from sheet_scorer.xlsx.opc import OpcPackage
from sheet_scorer.xlsx.reader import SheetCells, SheetEntry, SheetFeed, WorkbookReader

_ROW_SHEETS = SETTINGS_SHEET_NAMES | ADJUSTMENTS_SHEET_NAMES | PLAYERS_SHEET_NAMES | CONFLICTS_SHEET_NAMES


def read_workbook(path: Path | str | OpcPackage) -> WorkbookData:
    """Read every sheet the scorer uses; problems of form (no header row, …) are returned as data. `path` may be
    the package a command opened (`container.open_package`); it is closed once read."""
    with open_event(path if isinstance(path, OpcPackage) else Path(path)) as event:
        return event.data


class EventRead:
    """One read of an event workbook: the package opened once, its sheets read (`data`), and what the
    later stages of a command need from the same opening — the package (for the tool's record), a sheet's values, the seating plan,
    a round's header cells, the merged cells, and the package to patch (`book`). Close it when the command is done."""

    def __init__(
        self, package: OpcPackage, reader: WorkbookReader, data: WorkbookData, prints: Fingerprint | None = None
    ) -> None:
        self.path, self.package, self.data = package.path, package, data
        self._reader: WorkbookReader | None = reader  # None once closed
        self.prints = prints or Fingerprint()  # each sheet's part of `data.fingerprint`, as read

    def __enter__(self) -> EventRead:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file (again: nothing); the reader's caches go with it."""
        self._reader = None
        self.package.close()

    def _book(self) -> WorkbookReader:
        """The reader's package, refused once closed (its caches are gone)."""
        if self._reader is None:
            raise ValueError(f"{self.path} was closed")
        return self._reader

    def values(self, sheet: str) -> list[list[Any]] | None:
        """A sheet's values as saved (`values.book_values`); None when there is no such sheet."""
        return book_values(self._book(), sheet)

    def plan(self) -> tuple[str | None, dict[int, tuple[list[list[str]], list[str]]]]:
        """The seating plan kept in the event: its sheet's name (None: there is none) and its rounds (`seating_plan.find_plan`)."""
        return find_plan(self._book())

    def header(self) -> list[Any]:
        """The last round sheet's header cells, for the next round to repeat (`seating_plan.header_of`)."""
        last = self.data.rounds[-1] if self.data.rounds else None
        return header_of(self.values(last.name) or [], last.header_row, last.last_column) if last else []

    def covered_cells(self, sheets: list[str]) -> dict[str, frozenset[str]]:
        """Per sheet, the cells under a merged range other than its top-left one (`xlsx.merged.covered_cells`)."""
        book = self._book()
        return covered_cells(
            self.path, {entry.name: book.sheet(entry).merged for entry in book.sheets if entry.name in sheets}
        )

    def book(self) -> Book:
        """The package opened for patching (`xlsx.book.Book`): the parts read so far are not unpacked again."""
        from sheet_scorer.xlsx.book import Book  # the patcher: only for the commands that write

        return Book(self.path, self.package)


class WrittenSheets:
    """The sheets a command writes into the package patched from `event` (`EventRead.book`), read from their bytes
    as they are written, never from the file written: the written package's fingerprint (`fingerprint`)."""

    def __init__(self, event: EventRead, book: Book) -> None:
        self.event, self.book = event, book
        self._read: dict[str, SheetCells | bytes] = {}
        self._pending: dict[str, bytes] = {}
        self._texts: list[str] | None = None

    def stream(self, name: str, chunks: Iterable[bytes]) -> Iterator[bytes]:
        """The chunks of sheet `name`, passed on as they are written and read on the way."""
        feed = self._feed(name)
        for chunk in chunks:
            feed.feed(chunk)
            yield chunk
        self._read[name] = feed.close()

    def sheet(self, name: str, xml: bytes) -> None:
        """A sheet written whole (`Book.put_sheet`): read once every string it names is in the table."""
        self._pending[name] = xml

    def fingerprint(self) -> str:
        """The fingerprint of the organiser's cells of the package written (`written_fingerprint`)."""
        for name, xml in self._pending.items():
            feed = self._feed(name)
            feed.feed(xml)
            self._read[name] = feed.close()
        self._pending.clear()
        return written_fingerprint(self.event, self.book.sheets, self._read)

    def _feed(self, name: str) -> SheetFeed | _DigestFeed:
        """The reader of one written sheet: its cells, or, for an organiser's own sheet, its digest."""
        if self._texts is None:  # every string is in the table once the package is being written
            self._texts = [*self.event._book().strings(), *self.book.strings.added_texts]  # the reader's, then added
        package = self.book.package.package  # the command's one opening, which the editor holds
        if _context(name, set(), set()) == ("other",):
            return _DigestFeed(package, name, self._texts)
        entry = SheetEntry(name, (self.book.sheet(name) or SheetEntry(name, None)).part)
        return SheetFeed(package, entry, self._texts, self.book.styles.date_styles(), self.event._book().date1904)


class _DigestFeed:
    """An organiser's own sheet digested from its bytes as they are written (`fingerprint.SheetDigest`)."""

    def __init__(self, package: OpcPackage, name: str, strings: list[str]) -> None:
        self._digest = SheetDigest(name, strings)
        h = self._digest
        self._push = package.push_parser(name, h.start, h.end, h.text, namespaces=False)

    def feed(self, chunk: bytes) -> None:
        self._push(chunk, False)

    def close(self) -> bytes:
        self._push(b"", True)
        return self._digest.digest.digest()


def written_fingerprint(event: EventRead, sheets: list[SheetEntry], written: dict[str, SheetCells | bytes]) -> str:
    """The fingerprint of the organiser's cells (docs/rules.md §5) of a package written from `event`, whose sheets
    are `sheets`: each sheet written counted from what was written (`written`: its cells, or an organiser's own
    sheet's digest), every other as it was read (read again from the input only if it now counts otherwise, a
    second sheet of its round number having come before it)."""
    before, reader = event.prints, event._book()
    stored = {entry.name: entry for entry in reader.sheets}
    digest = Fingerprint()
    seen: set[int] = set()
    stages: set[str] = set()
    for entry in sheets:
        name, number, stage = entry.name, round_number(entry.name), playoff_stage(entry.name)
        context = _context(name, seen, stages)
        if number is not None:
            seen.add(number)
        if context == ("tool",):
            continue
        found = written.get(name)
        if found is None and before.contexts.get(name) == context:
            digest.copy(name, before)
            if name in before.accepted and stage is not None:
                stages.add(stage)
            continue
        if found is None:
            old = stored[name]
            found = stream_digest(reader, name, old.part) if context == ("other",) else _sheet_cells(reader, old)
        if isinstance(found, bytes):
            digest.add_digest(name, found)
        elif context == ("rows",) or context[1]:  # a sheet read as rows; a second of its round or stage: whole
            digest.add(name, found)
        elif number is not None:
            _digest_round(digest, name, found, _read_round(name, number, found))
        elif stage is not None:
            sheet = _read_round(name, PLAYOFF_STAGES.index(stage) + 1, found)
            if isinstance(sheet, RoundSheet):
                stages.add(stage)
            _digest_round(digest, name, found, sheet)
    return digest.hexdigest()


def _context(name: str, rounds: set[int], stages: set[str]) -> tuple[object, ...]:
    """How a sheet counts in the fingerprint where it stands, after the round numbers `rounds` and the playoff
    stages `stages` read before it: a round or a playoff (a second one of a number or stage counts whole), a sheet
    read as rows, the tool's own (not at all), or an organiser's own sheet (digested as it streams)."""
    number, stage, folded = round_number(name), playoff_stage(name), fold(name)
    if number is not None:
        return ("round", number in rounds)
    if stage is not None:
        return ("playoff", stage in stages)
    if folded in _ROW_SHEETS:
        return ("rows",)
    if folded in STANDINGS_SHEET_NAMES or folded in PROBLEMS_SHEET_NAMES:
        return ("tool",)
    return ("other",)


def open_event(opened: Path | OpcPackage, patching: bool = False, fingerprint: bool = True) -> EventRead:
    """Open and read an event workbook once (`container.open_package`, unless given the package it opened): the
    package checked, its sheets read, every other part checked; a damaged part is told before anything else is read.
    `patching`: the command then patches it (`EventRead.book`), so what is read is kept for the patcher.
    `fingerprint=False`: the organiser's cells are not fingerprinted (`data.fingerprint` is ''): for a command that
    writes nothing, so records nothing (docs/rules.md §5)."""
    package = opened if isinstance(opened, OpcPackage) else open_package(opened, patching)
    try:
        check_package(package)
        book = WorkbookReader(package)
        prints = Fingerprint(counting=fingerprint)
        data = read_sheets(package.path, book, prints)
        package.check_other_parts()
    except BaseException:
        package.close()
        raise
    return EventRead(package, book, data, prints)


def read_sheets(path: Path, book: WorkbookReader, digest: Fingerprint | None = None) -> WorkbookData:
    """The round, Settings and Players sheets of an opened package; `digest`: the fingerprint to compute into (each
    sheet's part kept, for the fingerprint of a package written from this one, `written_fingerprint`)."""
    problems: list[Problem] = []
    rounds: list[RoundSheet] = []
    settings = Settings(tournament=path.stem)
    setting_cells: list[SettingCell] = []
    players: list[Registration] | None = None
    unread_active: list[ActiveCell] = []
    adjustment_sheets: dict[str, list[AdjustmentRow] | None] = {}
    seen_numbers: dict[int, str] = {}
    playoffs: dict[str, RoundSheet] = {}
    conflicts: list[ConflictRow] = []
    conflicts_sheet = ""
    digest = digest or Fingerprint()  # of the organiser's cells (docs/rules.md §5): every sheet but the tool's own
    added: dict[str, str] = {}
    for entry in book.sheets:
        name = entry.name
        number = round_number(name)
        folded = fold(name)
        stage = playoff_stage(name)
        digest.contexts[name] = _context(name, set(seen_numbers), set(playoffs))
        if number is not None:
            cells = _sheet_cells(book, entry)
            if number in seen_numbers:
                digest.add(name, cells)
                problems.append(
                    Problem("duplicate-round", name, params={"round": number, "other": seen_numbers[number]})
                )
                continue
            seen_numbers[number] = name
            found = _read_round(name, number, cells)
            _digest_round(digest, name, cells, found)
            if isinstance(found, Problem):
                problems.append(found)
            else:
                rounds.append(found)
        elif stage is not None:
            cells = _sheet_cells(book, entry)
            _read_playoff(name, stage, cells, playoffs, problems)
            _digest_round(digest, name, cells, playoffs.get(stage))
            if name == getattr(playoffs.get(stage), "name", None):
                digest.accepted.add(name)
        elif folded in SETTINGS_SHEET_NAMES:
            settings, cells = read_settings(name, _sheet_rows(book, entry, digest), settings)
            setting_cells.extend(cells)
        elif folded in ADJUSTMENTS_SHEET_NAMES:
            adjustment_sheets[name] = adjustment_rows(name, _sheet_rows(book, entry, digest))
        elif folded in PLAYERS_SHEET_NAMES:
            players, unread_active = _read_players(name, _sheet_rows(book, entry, digest))
        elif folded in CONFLICTS_SHEET_NAMES:
            conflicts, conflicts_sheet = _read_conflicts(_sheet_rows(book, entry, digest)), name
        elif folded in STANDINGS_SHEET_NAMES or folded in PROBLEMS_SHEET_NAMES:  # the tool's own, or the organiser's
            first = book.sheet(entry).rows.get(1, {}).get(1) if entry.part else None
            added[name] = first if isinstance(first, str) else ""
        else:  # the organiser's own sheet: in the fingerprint as it streams past
            digest.stream(book, name, entry.part)
    if not rounds and not seen_numbers:
        raise WorkbookError(
            key="no_round_sheets",
            path=path,
        )
    rounds.sort(key=lambda r: r.number)
    return WorkbookData(
        path,
        [e.name for e in book.sheets],
        rounds,
        settings,
        problems,
        players,
        playoffs=sorted(playoffs.values(), key=lambda s: s.number),
        fingerprint=digest.hexdigest(),
        conflicts=conflicts,
        conflicts_sheet=conflicts_sheet,
        added_sheets=added,
        setting_cells=setting_cells,
        adjustment_sheets=adjustment_sheets,
        unread_active=unread_active,
    )


def _read_conflicts(rows: list[list[Any]]) -> list[ConflictRow]:
    """The Conflicts sheet `merge` keeps (docs/rules.md §5): its header row in any language, then a row per cell."""
    for index, row in enumerate(rows):  # noqa: B007 - the header row found is read after the loop
        columns = {CONFLICTS_HEADER_INDEX.get(fold(v)): c for c, v in enumerate(row) if isinstance(v, str)}
        if {"sheet", "cell", "resolved"} <= set(columns):
            break
    else:
        return []

    def cell(row: list[Any], key: str) -> Any:
        col = columns.get(key)
        return row[col] if col is not None and col < len(row) else ""

    return [
        ConflictRow(
            str(cell(row, "sheet")),
            str(cell(row, "cell")).strip().upper(),
            cell_name(cell(row, "player")),
            cell(row, "value"),
            str(cell(row, "file")),
            cell(row, "other"),
            str(cell(row, "other_file")),
            cell(row, "resolved"),
            number,
        )
        for number, row in enumerate(rows[index + 1 :], start=index + 2)
        if not is_blank(cell(row, "sheet")) and not is_blank(cell(row, "cell"))
    ]


def _digest_round(digest: Fingerprint, name: str, cells: SheetCells, sheet: RoundSheet | Problem | None) -> None:
    """A round or playoff sheet's cells into the fingerprint, without the tool's columns (`record.round_sheet_skip`)."""
    if isinstance(sheet, RoundSheet) and sheet.name == name:
        digest.add(name, cells, round_sheet_skip(sheet), sheet.header_row)
    else:
        digest.add(name, cells)


def _sheet_cells(book: WorkbookReader, entry: SheetEntry) -> SheetCells:
    """The sheet's cells, a merged range's value repeated in each of its cells."""
    cells = book.sheet(entry)
    cells.fill_merged(book.budget, entry.name)
    return cells


def _sheet_rows(book: WorkbookReader, entry: SheetEntry, digest: Fingerprint | None = None) -> list[list[Any]]:
    """The sheet's values from A1 as rows of lists ('' where empty), merged ranges filled in (and in `digest`)."""
    try:
        cells = _sheet_cells(book, entry)
        if digest is not None:
            digest.add(entry.name, cells)
        return cells.dense(entry.name)
    except WorkbookError as error:
        raise WorkbookError(key="in_workbook", path=book.path, reason=reason_of(error)) from None


def _find_header(cells: SheetCells) -> int | None:
    """Number of the first row naming at least Table and Player (docs/rules.md §1)."""
    for number in sorted(cells.rows):
        fields = {INPUT_HEADER_INDEX.get(fold(v)) for v in cells.rows[number].values() if isinstance(v, str)}
        if {"table", "player"} <= fields:
            return number
    return None


def _read_round(name: str, number: int, cells: SheetCells) -> RoundSheet | Problem:
    header_row = _find_header(cells)
    if header_row is None:
        return Problem("no-header-row", name)
    header = cells.rows[header_row]
    columns: dict[str, int] = {}
    computed: dict[str, int] = {}
    previous_key = None
    last_column = 0
    duplicates: dict[str, list[int]] = {}
    for col in sorted(header):
        value = header[col]
        if is_blank(value):
            continue
        key = fold(str(value))
        # A VP column straight after Road Bonus is the one a previous run added.
        if key in COMPUTED_HEADER_INDEX and (COMPUTED_HEADER_INDEX[key] != "vp" or previous_key == "road_bonus"):
            computed[COMPUTED_HEADER_INDEX[key]] = col
            previous_key = COMPUTED_HEADER_INDEX[key]
            continue
        previous_key = None
        last_column = col
        field = INPUT_HEADER_INDEX.get(key)
        if field is None:
            continue
        if field in columns:
            duplicates.setdefault(field, [columns[field]]).append(col)
            continue
        columns[field] = col
    body = sorted(r for r in cells.rows if r > header_row)
    last_column = max(last_column, _last_used_column(cells, [header_row, *body], set(computed.values())))
    if max([last_column, *computed.values()]) + len(set(COMPUTED) - set(computed)) > MAX_COLUMN:
        return Problem("no-room-for-columns", name, params={"column": column_letter(last_column)})
    vp_is_computed = "vp" in computed
    if vp_is_computed:
        columns.setdefault("vp", computed["vp"])
    fields = list(columns)
    read = {
        f: c for f, c in columns.items() if not (vp_is_computed and f == "vp")
    }  # our own VP is recomputed, never read back
    games = _game_rows(cells, body, read, columns)
    taken = [columns[f] if f in read else 0 for f in fields]  # no cell is in column 0: a field not read is ''
    blanks = [""] * len(fields)
    frame = pd.DataFrame(
        [list(map(row.get, taken, blanks)) for row in games.values()],  # each row's cells looked up in C
        columns=fields,
        index=list(games),
        dtype=object,
    )
    frame.index.name = "row"
    sheet = RoundSheet(
        name,
        number,
        header_row,
        columns,
        computed,
        frame,
        last_column,
        vp_is_computed,
        frozenset(r for r in cells.hidden if r in games),
        headers={f: " ".join(str(header[c]).split()) for f, c in columns.items() if c in header},
    )
    if duplicates:
        field, cols = next(iter(duplicates.items()))
        return Problem(
            "duplicate-column",
            name,
            cell_ref(cols[1], header_row),
            params={"column": str(header[cols[0]]), "cells": ", ".join(cell_ref(c, header_row) for c in cols)},
        )
    return sheet


def _read_playoff(
    name: str, stage: str, cells: SheetCells, found: dict[str, RoundSheet], problems: list[Problem]
) -> None:
    """A playoff sheet (docs/rules.md §6) is read like a round sheet and tagged with its stage; a second one is reported."""
    if stage in found:
        problems.append(Problem("duplicate-playoff", name, params={"other": found[stage].name}))
        return
    sheet = _read_round(name, PLAYOFF_STAGES.index(stage) + 1, cells)
    if isinstance(sheet, Problem):
        problems.append(sheet)
        return
    sheet.kind = stage
    found[stage] = sheet


def _game_rows(
    cells: SheetCells, body: list[int], read: dict[str, int], columns: dict[str, int]
) -> dict[int, dict[int, Any]]:
    """The rows below the header with something in a column read, without a table's totals row: the rows in
    an Excel Table's totals range, and the last rows when they hold SUBTOTAL formulas or a total label."""
    wanted = list(read.values())
    games = {
        r: cells.rows[r]
        for r in body
        if r not in cells.totals_rows and any(not is_blank(cells.rows[r].get(c)) for c in wanted)
    }
    labels = [columns[f] for f in ("table", "player") if f in columns]
    for number in sorted(games, reverse=True):
        row = games[number]
        if number in cells.subtotal_rows or any(
            isinstance(label := row.get(c), str) and fold(label) in TOTAL_WORDS for c in labels
        ):
            del games[number]
        else:
            break
    return games


def _last_used_column(cells: SheetCells, body: list[int], skip: set[int]) -> int:
    """The right-most column holding anything from the header row down (the computed columns go right of it)."""
    used = 0
    for number in body:
        row = cells.rows[number]
        last = max(row)
        if last > used:
            used = max((c for c in row if c not in skip and c > used), default=used)
    return used


def _read_players(sheet: str, rows: list[list[Any]]) -> tuple[list[Registration], list[ActiveCell]]:
    """The registration list: the column headed Player/Name (else the first), with Club/Team and Active if present.

    An Active cell holding a word that is neither yes nor no in any of the four languages is returned as read (the
    player stays active meanwhile); whether it holds is `rules.players`' (docs/rules.md §1)."""
    columns: dict[str, int] = {}
    start = 0
    for index, row in enumerate(rows):
        found = players_header(row)
        if found:
            columns, start = found, index + 1
            break
    name_col = columns.get("player", 0)

    def cell(row: list[Any], key: str) -> Any:
        col = columns.get(key)
        return row[col] if col is not None and col < len(row) else None

    players, unread = [], []
    for number, row in enumerate(rows[start:], start=start + 1):
        if name_col >= len(row) or is_blank(row[name_col]):
            continue
        name, raw = cell_name(row[name_col]), cell(row, "active")
        active = active_value(None if is_blank(raw) else raw)
        if active is None:
            column = str(rows[start - 1][columns["active"]])
            unread.append(ActiveCell(sheet, cell_ref(columns["active"] + 1, number), number, name, raw, column))
        players.append(Registration(name, cell_name(cell(row, "club")), active is not False))
    return players, unread
