"""The seating plan kept in an event (`seat`): docs/rules.md §1, §6, §7. `round_rows` lays out one seated round
as a round sheet's rows; `find_plan` reads the hidden `Seating Plan` sheet back.

The rounds planned but not yet laid out are kept in a hidden sheet `Seating Plan` (`Plan rozsadzenia`,
`Plano de mesas`, `Plan de table`: the event's language; Round, Table, Seat, Player; table `BYE` for a
bye), not as round sheets written at once: a round sheet that exists is a round the scorer reads and the
organiser fills in, and unplayed round sheets would make the standings incomplete. `seat` lays out the
next planned round and rewrites the plan.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from sheet_scorer.i18n.vocab import (
    BYE_WORD,
    LANGUAGES,
    ROUND_HEADERS,
    ROUND_SHEET_WORD,
    SEATING_PLAN_SHEET,
    SEATING_PLAN_SHEET_NAMES,
    fold,
    is_bye,
)
from sheet_scorer.workbook.cells import clean_name
from sheet_scorer.workbook.values import book_values
from sheet_scorer.xlsx.reader import WorkbookReader

PLAN_SHEET = SEATING_PLAN_SHEET["en"]  # the English name, which events written before it was localised have


ROUND_COLUMNS = tuple(ROUND_HEADERS)  # table, seat, player, the six counts, the three flags


WIDTHS = {"table": 8, "seat": 8, "player": 28}

Tables = Sequence[Sequence[str]]


def next_round_name(previous: str, number: int) -> str:
    """`Round 4` -> `Round 5`, `R4` -> `R5`: a new round sheet is named like the one before (docs/rules.md §1)."""
    return re.sub(r"\d+\s*$", str(number), previous.rstrip())


def header_of(rows: list[list[Any]], row: int, last_column: int) -> list[Any]:
    """The organiser's header cells of a round sheet's values (`rows`) at `row` (up to `last_column`, or the sheet's
    widest row if narrower), for the next round to repeat (`EventRead.header`)."""
    width = min(last_column, max(map(len, rows), default=0))
    cells = (rows[row - 1] + [""] * width)[:width] if len(rows) >= row else []
    return [None if isinstance(v, str) and not v.strip() else v for v in cells]


def round_rows(
    tables: Tables,
    byes: Sequence[str],
    lang: str,
    columns: dict[str, int] | None = None,
    header_row: int = 1,
    header: list[Any] | None = None,
) -> list[list[Any]]:
    """A seated round as sheet rows from A1: the header at `header_row`, one row per player in table and
    seat order, then the byes. `columns` (canonical -> 1-based column) and `header` (the header cells)
    follow a previous round's layout."""
    columns = columns or {key: i for i, key in enumerate(ROUND_COLUMNS, start=1)}
    width = max(max(columns.values()), len(header or ()))

    def row(values: dict[str, Any]) -> list[Any]:
        cells: list[Any] = [None] * width
        for key, value in values.items():
            if key in columns:
                cells[columns[key] - 1] = value
        return cells

    rows: list[list[Any]] = [[] for _ in range(header_row - 1)]
    rows.append(
        list(header) + [None] * (width - len(header))
        if header
        else row({key: ROUND_HEADERS[key][lang] for key in columns})
    )
    for number, table in enumerate(tables, start=1):
        rows.extend(row({"table": number, "seat": seat, "player": name}) for seat, name in enumerate(table, start=1))
    rows.extend(row({"table": BYE_WORD[lang], "player": name}) for name in byes)
    return rows


def plan_rows(planned: Mapping[int, tuple[Tables, Sequence[str]]], lang: str = "en") -> list[list[Any]]:
    """The hidden plan sheet's rows in `lang` (headers, the bye's word): round number -> (tables, byes).
    `find_plan` reads the columns by position, so a plan in any language reads back."""
    rows: list[list[Any]] = [plan_header(lang)]
    for number, (tables, byes) in sorted(planned.items()):
        for t, table in enumerate(tables, start=1):
            rows.extend([number, t, s, name] for s, name in enumerate(table, start=1))
        rows.extend([number, BYE_WORD[lang], None, name] for name in byes)
    return rows


def plan_widths(header: list[Any]) -> dict[int, float]:
    """The plan sheet's columns wide enough for their headers, and the names."""
    return {c: float(max(WIDTHS["player"] if c == 4 else 8, len(str(h)) + 3)) for c, h in enumerate(header, start=1)}


def plan_header(lang: str) -> list[str]:
    """Round, Table, Seat, Player in `lang` (everything the tool writes in the event's language)."""
    return [ROUND_SHEET_WORD[lang], *(ROUND_HEADERS[key][lang] for key in ("table", "seat", "player"))]


_PLAN_HEADERS = frozenset(tuple(fold(str(h)) for h in plan_header(lang)) for lang in LANGUAGES)


def find_plan(book: WorkbookReader) -> tuple[str | None, dict[int, tuple[list[list[str]], list[str]]]]:
    """The event's plan sheet in an open package: its name (None when there is none) and its rounds. It is the sheet
    named as in any language (`Plan de table`, `Seating Plan` …) whose first row is the plan's header in any
    language: an organiser's own sheet that happens to have such a name is neither read as the plan nor replaced."""
    for entry in book.sheets:
        if fold(entry.name) in SEATING_PLAN_SHEET_NAMES:
            rows = book_values(book, entry.name) or []
            if rows and tuple(fold(str(v)) for v in rows[0][:4]) in _PLAN_HEADERS:
                return entry.name, plan_of(rows)
    return None, {}


def plan_sheet_name(found: str | None, sheet_names: Sequence[str], lang: str) -> str:
    """The name to write the plan under: the plan sheet the event has (`found`, kept under its name so an event
    keeps one plan sheet whatever `--lang`), else the plan's name in `lang`, else the English one when an
    organiser's sheet already has that name (else that name all the same: writing it is then refused)."""
    if found is not None:
        return found
    taken = {name.casefold() for name in sheet_names}
    return next(
        (name for name in (SEATING_PLAN_SHEET[lang], PLAN_SHEET) if name.casefold() not in taken),
        SEATING_PLAN_SHEET[lang],
    )


def plan_of(rows: list[list[Any]] | None) -> dict[int, tuple[list[list[str]], list[str]]]:
    """The plan sheet's values read as round -> (tables in seat order, byes) (None: there is no plan sheet)."""
    if rows is None:
        return {}
    plan: dict[int, tuple[dict[Any, list[tuple[int, str]]], list[str]]] = {}
    for row in rows[1:]:
        if len(row) < 4 or not isinstance(row[0], (int, float)) or not str(row[3]).strip():
            continue
        tables, byes = plan.setdefault(int(row[0]), ({}, []))
        if is_bye(row[1]):
            byes.append(clean_name(str(row[3])))
        else:
            tables.setdefault(int(row[1]), []).append((int(row[2] or 0), clean_name(str(row[3]))))
    return {
        number: ([[name for _, name in sorted(seats)] for _, seats in sorted(tables.items())], byes)
        for number, (tables, byes) in plan.items()
    }
