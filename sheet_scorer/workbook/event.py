"""Files of a new event (`new`) and the seating plan kept in it (`seat`): docs/rules.md §1, §6, §7.

`read_player_list` reads the organiser's list (.txt, .csv or an .xlsx column) and refuses names that
collide; `create_event` writes the workbook (Settings, Players, Round 1 seated, the hidden plan
sheet) with openpyxl; `round_rows` lays out one seated round as a round sheet's rows;
`read_plan` reads the hidden `Seating Plan` sheet back. Workbooks are read with the project's streaming
reader (`xlsx.reader`), under the same limits as every workbook the scorer reads.

The rounds planned but not yet laid out are kept in a hidden sheet `Seating Plan` (Round, Table,
Seat, Player; table `BYE` for a bye), not as round sheets written at once: a round sheet that
exists is a round the scorer reads and the organiser fills in, and unplayed round sheets would make
the standings incomplete. `seat` lays out the next planned round and rewrites the plan.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Any

from sheet_scorer.model import Registration, WorkbookData, WorkbookError, reason_of
from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell, column_letter
from sheet_scorer.workbook.cells import clean_name
from sheet_scorer.workbook.container import check_readable
from sheet_scorer.workbook.files import atomic_target
from sheet_scorer.workbook.textfile import decode_text
from sheet_scorer.xlsx.reader import Package
from sheet_scorer.i18n.vocab import (
    BYE_WORD, COUNT_RANGES, FIGURE_NAMES, FLAGS, LANGUAGES, NO_WORD,
    PLAYERS_HEADERS, PLAYERS_SHEETS, ROUND_HEADERS, ROUND_SHEET_WORD, SETTING_NAMES, SETTINGS_SHEETS,
    YES_WORD, active_value, is_bye, players_header, strip_accents,
)

PLAN_SHEET = "Seating Plan"
PLAYER_LIST_NAME = "PlayerNames"  # the defined name the Player dropdown refers to
ROUND_COLUMNS = tuple(ROUND_HEADERS)  # table, seat, player, the six counts, the three flags
SPARE_ROWS = 40  # validated rows below the players, for late entries and hand-made changes
WIDTHS = {"table": 8, "seat": 8, "player": 28}

Tables = Sequence[Sequence[str]]


def read_player_list(path: Path) -> list[Registration]:
    """The players of a .txt (one name a line), .csv or .xlsx file; duplicate or near-duplicate names refused."""
    return read_player_file(path)[0]


def read_player_file(path: Path) -> tuple[list[Registration], str | None]:
    """The players of a list and the encoding its text was in (None for a workbook): docs/rules.md §5."""
    if not path.is_file():
        raise WorkbookError(key="no_such_file", path=path)
    suffix = path.suffix.lower()
    encoding = None
    if suffix in (".xlsx", ".xlsm"):
        rows = _sheet_values(path) or []
    else:
        try:
            data = path.read_bytes()
        except OSError as error:
            raise WorkbookError(key="cannot_read", path=path, reason=error.strerror) from None
        content, encoding = decode_text(path, data)
        tabbed = "\t" in content.partition("\n")[0]  # Excel's "Unicode text" is tab-separated
        rows = _csv_rows(content) if suffix == ".csv" or tabbed else [[line] for line in content.splitlines()]
    players = _registrations(rows)
    if not players:
        raise WorkbookError(key="no_player_names", path=path)
    _refuse_collisions(path, players)
    return [p for p, _ in players], encoding


def _csv_rows(content: str) -> list[list[str]]:
    """CSV rows; separated by tabs when the first line has tabs (Excel's "Unicode text"), by semicolons when it has
    more of them than commas (Excel's CSV in Polish, Portuguese or French)."""
    first = content.partition("\n")[0]
    delimiter = "\t" if "\t" in first else ";" if first.count(";") > first.count(",") else ","
    return list(csv.reader(io.StringIO(content), delimiter=delimiter))


def _sheet_values(path: Path, sheet: str | None = None) -> list[list[Any]] | None:
    """The values of the sheet named `sheet` (else the first) from A1, rows of lists ('' where empty), as saved:
    merged ranges not filled in, an error value or a formula without a saved value read as ''. None when
    there is no such sheet. Read with the streaming reader (`xlsx`: no DOCTYPE, byte and cell limits)."""
    check_readable(path)
    with Package(path) as book:
        return _values(book, sheet)


def _values(book: Package, sheet: str | None) -> list[list[Any]] | None:
    """`_sheet_values` of a package already open."""
    entry = next((e for e in book.sheets if sheet is None or e.name == sheet), None)
    if entry is None:
        return None
    try:
        rows = book.sheet(entry).dense(entry.name)
    except WorkbookError as error:
        raise WorkbookError(key="in_workbook", path=book.path, reason=reason_of(error)) from None
    return [["" if isinstance(v, (ErrorCell, FormulaCell)) else v for v in row] for row in rows]


def _registrations(rows: list[list[Any]]) -> list[tuple[Registration, int]]:
    """Rows -> (registration, line number); a header row naming Player/Name, Club or Active is used when there is one."""
    header = players_header(rows[0]) if rows else {}
    columns, start = (header, 1) if header else ({"player": 0}, 0)
    out = []
    for number, row in enumerate(rows[start:], start=start + 1):
        def cell(key: str) -> str:
            col = columns.get(key)
            return clean_name(str(row[col])) if col is not None and col < len(row) and row[col] is not None else ""
        name = cell("player")
        if name:
            active = active_value(cell("active"))
            if active is None:  # the same words as the Players sheet (docs/rules.md §1): one it cannot read is refused
                raise WorkbookError(key="active_unread_line",
                                    line=number, value=cell("active"))
            out.append((Registration(name, cell("club"), active), number))
    return out


def name_clash_key(name: str) -> str:
    """Names that differ only by case, accents or spacing are one person written twice."""
    return " ".join(strip_accents(name).casefold().split())


def _refuse_collisions(path: Path, players: list[tuple[Registration, int]]) -> None:
    """One line naming every pair of lines that hold the same person written twice."""
    from sheet_scorer.i18n.phrase import Phrase

    seen: dict[str, tuple[str, int]] = {}
    clashes = []
    for player, line in players:
        key = name_clash_key(player.name)
        if key in seen:
            clashes.append(Phrase("name_clash", {"first_line": seen[key][1], "first": seen[key][0], "second_line": line,
                                                 "second": player.name}))
        else:
            seen[key] = (player.name, line)
    if clashes:
        raise WorkbookError(key="same_name_twice", path=path,
                            clashes=clashes)


def round_sheet_name(number: int, lang: str) -> str:
    return f"{ROUND_SHEET_WORD[lang]} {number}"


def next_round_name(previous: str, number: int) -> str:
    """`Round 4` -> `Round 5`, `R4` -> `R5`: a new round sheet is named like the one before (docs/rules.md §1)."""
    return re.sub(r"\d+\s*$", str(number), previous.rstrip())


def read_header(path: Path, sheet: str, row: int, last_column: int) -> list[Any]:
    """The organiser's header cells of a round sheet (up to `last_column`, or the sheet's widest row if
    narrower), for the next round to repeat."""
    return header_of(_sheet_values(path, sheet) or [], row, last_column)


def header_of(rows: list[list[Any]], row: int, last_column: int) -> list[Any]:
    """`read_header` of a sheet's values already read."""
    width = min(last_column, max(map(len, rows), default=0))
    cells = (rows[row - 1] + [""] * width)[:width] if len(rows) >= row else []
    return [None if isinstance(v, str) and not v.strip() else v for v in cells]


def round_rows(tables: Tables, byes: Sequence[str], lang: str, columns: dict[str, int] | None = None,
               header_row: int = 1, header: list[Any] | None = None) -> list[list[Any]]:
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
    rows.append(list(header) + [None] * (width - len(header)) if header else row({key: ROUND_HEADERS[key][lang] for key in columns}))
    for number, table in enumerate(tables, start=1):
        rows.extend(row({"table": number, "seat": seat, "player": name}) for seat, name in enumerate(table, start=1))
    rows.extend(row({"table": BYE_WORD[lang], "player": name}) for name in byes)
    return rows


def plan_rows(planned: dict[int, tuple[Tables, Sequence[str]]], lang: str = "en") -> list[list[Any]]:
    """The hidden plan sheet's rows in `lang` (headers, the bye's word): round number -> (tables, byes).
    `read_plan` reads the columns by position, so a plan in any language reads back."""
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
    """Round, Table, Seat, Player in `lang` (issue 18: everything the tool writes in the event's language)."""
    return [ROUND_SHEET_WORD[lang], *(ROUND_HEADERS[key][lang] for key in ("table", "seat", "player"))]


def figure_word(key: str, lang: str) -> str:
    """A ranking figure's or tie-breaker's name in `lang`, as the Settings reader reads it back (`FIGURE_NAMES`)."""
    return FIGURE_NAMES[key][LANGUAGES.index(lang)]


def read_plan(path: Path) -> dict[int, tuple[list[list[str]], list[str]]]:
    """The hidden plan sheet of `path` (empty when there is none): round -> (tables in seat order, byes)."""
    return plan_of(_sheet_values(path, PLAN_SHEET))


def plan_of(rows: list[list[Any]] | None) -> dict[int, tuple[list[list[str]], list[str]]]:
    """`read_plan` of the plan sheet's values already read (None: there is no plan sheet)."""
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
    return {number: ([[name for _, name in sorted(seats)] for _, seats in sorted(tables.items())], byes)
            for number, (tables, byes) in plan.items()}


def read_for_seat(path: Path) -> tuple[WorkbookData, dict[int, tuple[list[list[str]], list[str]]], list[Any]]:
    """One read of an event for `seat` (issue 20): what `read.read_workbook` gives, the seating plan (`read_plan`)
    and the last round sheet's header cells (`read_header`), from one opening of the file."""
    from sheet_scorer.workbook.container import check_package
    from sheet_scorer.workbook.read import read_sheets

    check_readable(path)
    with Package(path) as book:
        check_package(book)
        data = read_sheets(path, book)
        book.check_other_parts()  # as `read_workbook`: a damaged part is told before the plan is read
        plan = plan_of(_values(book, PLAN_SHEET))
        last = data.rounds[-1] if data.rounds else None
        header = header_of(_values(book, last.name) or [], last.header_row, last.last_column) if last else []
    return data, plan, header


def create_event(target: Path, players: list[Registration], first: tuple[Tables, Sequence[str]],
                 later: dict[int, tuple[Tables, Sequence[str]]], rounds: int, lang: str,
                 name: str | None, when: date | str | None) -> None:
    """Write a new event workbook: Settings, Players, Round 1 seated and validated, the hidden plan."""
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    _settings_sheet(book, lang, name or target.stem, when, rounds)
    _players_sheet(book, players, lang)
    sheet = book.create_sheet(round_sheet_name(1, lang))
    for row in round_rows(*first, lang):
        sheet.append(row)
    style_round_sheet(sheet, len(players))
    plan = book.create_sheet(PLAN_SHEET)
    for row in plan_rows(later, lang):
        plan.append(row)
    for column, width in plan_widths(plan_header(lang)).items():
        plan.column_dimensions[column_letter(column)].width = width
    plan.sheet_state = "hidden"
    book.active = book.sheetnames.index(sheet.title)
    with atomic_target(target) as temporary:
        book.save(temporary)


def _settings_sheet(book: Any, lang: str, name: str, when: date | str | None, rounds: int) -> None:
    """Every Settings key (docs/rules.md §7) with its default; Playoff Size blank (no playoffs decided yet)."""
    values: dict[str, Any] = {
        "tournament": name, "date": when, "victory_target": 10, "qualifying_rounds": rounds, "table_size": "3-4",
        "playoff_size": None, "language": lang, "points_4": "5, 3, 2, 1", "points_3": "5, 3, 2",
        "ranking": figure_word("round_points", lang),
        "tiebreakers": ", ".join(figure_word(key, lang) for key in ("vp", "vp_pct", "name")), "bye_points": 2.75,
    }
    sheet = book.create_sheet(SETTINGS_SHEETS[LANGUAGES.index(lang)])
    for key, value in values.items():
        sheet.append([SETTING_NAMES[key][lang], value])
        if isinstance(value, date):
            sheet.cell(sheet.max_row, 2).number_format = "yyyy-mm-dd"
    sheet.column_dimensions["A"].width = 26
    sheet.column_dimensions["B"].width = 30


def _players_sheet(book: Any, players: list[Registration], lang: str) -> None:
    """Player, Club, Active; the names are the defined name the Player dropdowns refer to."""
    from openpyxl.styles import Font
    from openpyxl.workbook.defined_name import DefinedName

    title = PLAYERS_SHEETS[LANGUAGES.index(lang)]
    sheet = book.create_sheet(title)
    sheet.append([PLAYERS_HEADERS[key][lang] for key in ("player", "club", "active")])
    for p in players:
        sheet.append([p.name, p.club or None, YES_WORD[lang] if p.active else NO_WORD[lang]])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    sheet.column_dimensions["A"].width = 28
    sheet.column_dimensions["B"].width = 20
    last = len(players) + 1 + SPARE_ROWS  # late entries added below are offered too
    _active_dropdown(sheet, lang, last)
    book.defined_names[PLAYER_LIST_NAME] = DefinedName(PLAYER_LIST_NAME, attr_text=f"'{title}'!$A$2:$A${last}")


def _active_dropdown(sheet: Any, lang: str, last: int) -> None:
    """A drop-down of the event's yes and no words on the Active column (issue 18); other words the scorer reads
    (withdrawn, wycofany, …) may still be typed, so Excel shows no error for them (docs/rules.md §1)."""
    from openpyxl.worksheet.datavalidation import DataValidation

    rule = DataValidation("list", formula1=f'"{YES_WORD[lang]},{NO_WORD[lang]}"', allow_blank=True, showErrorMessage=False)
    rule.add(f"C2:C{last}")
    sheet.add_data_validation(rule)


def style_round_sheet(sheet: Any, players: int) -> None:
    """Bold frozen header, widths, and a data validation on every count, flag, seat and player cell."""
    from openpyxl.styles import Font
    from openpyxl.worksheet.datavalidation import DataValidation

    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = "A2"
    last = players + 1 + SPARE_ROWS
    for index, key in enumerate(ROUND_COLUMNS, start=1):
        letter = column_letter(index)
        sheet.column_dimensions[letter].width = WIDTHS.get(key, max(10, len(str(sheet.cell(1, index).value)) + 2))
        if key in COUNT_RANGES or key == "seat":
            low, high = COUNT_RANGES.get(key, (1, 4))
            rule = DataValidation("whole", operator="between", formula1=str(low), formula2=str(high), allow_blank=True,
                                  showErrorMessage=True, error=f"{low}–{high}")
        elif key in FLAGS:
            rule = DataValidation("list", formula1='"x"', allow_blank=True, showErrorMessage=True, error="x")
        elif key == "player":
            rule = DataValidation("list", formula1=PLAYER_LIST_NAME, allow_blank=True, showErrorMessage=True)
        else:
            continue
        rule.add(f"{letter}2:{letter}{last}")
        sheet.add_data_validation(rule)
