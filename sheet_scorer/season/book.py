"""The season workbook (docs/rules.md §10): a new .xlsx written with openpyxl, never an event workbook.

* `Season Standings`: rank, player, season points, events counted, events played, events won, best finish,
  then one column per counted event with the points it gave; a dropped finish (outside a player's best N)
  stays a number but shows in parentheses, grey and italic;
* `Events`: every file in event order with its name, date, players, file and status (counted, or left out and why);
* `Problems`, when the season has any: aliases naming nobody, near-miss spellings across events.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

from sheet_scorer.i18n.text import ordinal, severity_word, text
from sheet_scorer.season.model import Season
from sheet_scorer.workbook.new_event import fonts_in_schema_order
from sheet_scorer.xlsx.cells import column_letter

DROPPED_FORMAT = '"("General")"'  # a dropped finish: still a number (sums, sorting), shown as (12)
GREY = "808080"


def number(value: Fraction) -> int | float:
    """Points as a cell value: an integer when whole."""
    return int(value) if value.denominator == 1 else float(value)


def standings_rows(season: Season) -> tuple[list[str], list[list[Any]], list[list[bool]]]:
    """The Season Standings header, rows and, per row, which event cells hold a dropped finish."""
    lang = season.lang
    counted = season.counted
    header = [
        text(lang, key)
        for key in ("rank", "player", "season_points", "season_counted", "season_played", "season_won", "season_best")
    ] + [e.label for e in counted]
    rows, dropped = [], []
    for row in season.rows:
        cells: list[Any] = [None] * len(counted)
        marks = [False] * len(counted)
        for finish in row.finishes:
            cells[finish.event] = number(finish.points)
            marks[finish.event] = not finish.counted
        best = ordinal(row.best, lang)  # "1st", "2e", "3.", "1.º" (docs/rules.md §10)
        rows.append([row.rank, row.player, number(row.points), row.counted, row.played, row.won, best, *cells])
        dropped.append(marks)
    return header, rows, dropped


def events_rows(season: Season) -> tuple[list[str], list[list[Any]]]:
    """The Events header and one row per file: name, date, players, file, status."""
    lang = season.lang
    header = [text(lang, key) for key in ("season_event", "stat_date", "stat_players", "season_file", "season_status")]
    rows = []
    for entry in season.entries:
        s = entry.summary
        rows.append(
            [
                s.name or None,
                s.date if s.date not in ("", None) else None,
                len(s.ranking) if s.readable else None,
                s.path.name,
                text(lang, entry.status, **entry.values),
            ]
        )
    return header, rows


def save_season_workbook(season: Season, path: Path) -> None:
    """The season workbook saved at `path` as it is."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    lang = season.lang
    book = Workbook()
    sheet = book.active
    sheet.title = text(lang, "season_standings_sheet")
    header, rows, dropped = standings_rows(season)
    sheet.append(header)
    grey = Font(italic=True, color=GREY)
    for row, marks in zip(rows, dropped):
        sheet.append(row)
        for offset, mark in enumerate(marks):
            if mark:
                cell = sheet.cell(sheet.max_row, 8 + offset)
                cell.number_format = DROPPED_FORMAT
                cell.font = grey
    _layout(sheet, [6, 28, 14, 14, 14, 12, 12] + [max(10, min(24, len(h) + 2)) for h in header[7:]], "C2")
    if season.best is not None and season.counted:
        sheet.cell(len(rows) + 3, 2, text(lang, "season_dropped_legend", best=season.best)).font = grey
    events = book.create_sheet(text(lang, "season_events_sheet"))
    header, rows = events_rows(season)
    events.append(header)
    for row in rows:
        events.append(row)
        if isinstance(row[1], date):
            events.cell(events.max_row, 2).number_format = "yyyy-mm-dd"
    _layout(events, [32, 12, 10, 32, 60], "A2")
    if season.notes:
        problems = book.create_sheet(text(lang, "problems"))
        problems.append([text(lang, "severity"), text(lang, "season_where"), text(lang, "message")])
        for note in season.notes:
            problems.append([severity_word(note.severity, lang), note.where, note.message(lang)])
        _layout(problems, [12, 36, 100], "A2")
    fonts_in_schema_order(book)
    book.save(path)


def _layout(sheet: Any, widths: list[int], freeze: str) -> None:
    """Bold header row frozen at `freeze`, column widths in characters."""
    from openpyxl.styles import Font

    for cell in sheet[1]:
        cell.font = Font(bold=True)
    sheet.freeze_panes = freeze
    for index, width in enumerate(widths, start=1):
        sheet.column_dimensions[column_letter(index)].width = width
