"""The organiser's list of players for a new event (docs/rules.md §5): .txt (one name a line), .csv or an
.xlsx column, in the encodings Excel and editors save (names that collide are refused by the rule in `rules.names`).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from sheet_scorer.i18n.vocab import active_value, players_header
from sheet_scorer.model import Registration, WorkbookError
from sheet_scorer.workbook.cells import cell_name
from sheet_scorer.workbook.textfile import decode_text
from sheet_scorer.workbook.values import sheet_values


def read_player_lines(path: Path) -> tuple[list[tuple[Registration, int]], str | None]:
    """The players of a .txt (one name a line), .csv or .xlsx list with the line each is on (for
    `rules.names.refuse_name_clashes`), and the encoding its text was in (None for a workbook): docs/rules.md §5."""
    if not path.is_file():
        raise WorkbookError(key="no_such_file", path=path)
    suffix = path.suffix.lower()
    encoding = None
    if suffix in (".xlsx", ".xlsm"):
        rows = sheet_values(path) or []
    else:
        try:
            data = path.read_bytes()
        except OSError as error:
            raise WorkbookError(key="cannot_read", path=path, reason=error.strerror) from None
        content, encoding = decode_text(path, data)
        tabbed = "\t" in content.partition("\n")[0]  # Excel's "Unicode text" is tab-separated
        rows = _csv_rows(content) if suffix == ".csv" or tabbed else [[line] for line in content.splitlines()]
    players = _registrations(rows, path)
    if not players:
        raise WorkbookError(key="no_player_names", path=path)
    return players, encoding


def _csv_rows(content: str) -> list[list[str]]:
    """CSV rows; separated by tabs when the first line has tabs (Excel's "Unicode text"), by semicolons when it has
    more of them than commas (Excel's CSV in Polish, Portuguese or French)."""
    first = content.partition("\n")[0]
    delimiter = "\t" if "\t" in first else ";" if first.count(";") > first.count(",") else ","
    return list(csv.reader(io.StringIO(content), delimiter=delimiter))


def _registrations(rows: list[list[Any]], path: Path) -> list[tuple[Registration, int]]:
    """Rows of the list `path` -> (registration, line number); a header row naming Player/Name, Club or Active is used
    when there is one."""
    header = players_header(rows[0]) if rows else {}
    columns, start = (header, 1) if header else ({"player": 0}, 0)
    out = []
    for number, row in enumerate(rows[start:], start=start + 1):

        def cell(key: str, row: list[Any] = row) -> str:
            col = columns.get(key)
            return cell_name(row[col]) if col is not None and col < len(row) else ""

        name = cell("player")
        if name:
            active = active_value(cell("active"))
            if active is None:  # the same words as the Players sheet (docs/rules.md §1): one it cannot read is refused
                raise WorkbookError(key="active_unread_line", path=path, line=number, value=cell("active"))
            out.append((Registration(name, cell("club"), active), number))
    return out
