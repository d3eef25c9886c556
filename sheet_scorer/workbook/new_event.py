"""A new event's workbook (`new`): Settings, Players, Round 1 seated and validated, the hidden seating plan
(docs/rules.md §1, §6, §7); the project's one openpyxl writer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Any

from sheet_scorer.i18n.vocab import (
    COUNT_RANGES,
    FIGURE_NAMES,
    FLAGS,
    LANGUAGES,
    NO_WORD,
    PLAYERS_HEADERS,
    PLAYERS_SHEETS,
    ROUND_SHEET_WORD,
    SEATING_PLAN_SHEET,
    SETTING_NAMES,
    SETTINGS_SHEETS,
    YES_WORD,
)
from sheet_scorer.model import Registration
from sheet_scorer.workbook.files import atomic_target
from sheet_scorer.workbook.seating_plan import (
    ROUND_COLUMNS,
    WIDTHS,
    Tables,
    plan_header,
    plan_rows,
    plan_widths,
    round_rows,
)
from sheet_scorer.xlsx.cells import column_letter
from sheet_scorer.xlsx.styles import FONT_ORDER

PLAYER_LIST_NAME = "PlayerNames"  # the defined name the Player dropdown refers to


SPARE_ROWS = 40  # validated rows below the players, for late entries and hand-made changes


def round_sheet_name(number: int, lang: str) -> str:
    return f"{ROUND_SHEET_WORD[lang]} {number}"


def figure_word(key: str, lang: str) -> str:
    """A ranking figure's or tie-breaker's name in `lang`, as the Settings reader reads it back (`FIGURE_NAMES`)."""
    return FIGURE_NAMES[key][LANGUAGES.index(lang)]


def create_event(
    target: Path,
    players: list[Registration],
    first: tuple[Tables, Sequence[str]],
    later: Mapping[int, tuple[Tables, Sequence[str]]],
    rounds: int,
    lang: str,
    name: str | None,
    when: date | str | None,
) -> None:
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
    plan = book.create_sheet(SEATING_PLAN_SHEET[lang])
    for row in plan_rows(later, lang):
        plan.append(row)
    for column, width in plan_widths(plan_header(lang)).items():
        plan.column_dimensions[column_letter(column)].width = width
    plan.sheet_state = "hidden"
    book.active = book.sheetnames.index(sheet.title)
    fonts_in_schema_order(book)
    with atomic_target(target) as temporary:
        book.save(temporary)


def fonts_in_schema_order(book: Any) -> None:
    """Have openpyxl write each font's children in the schema's order (CT_Font: `xlsx.styles.FONT_ORDER`), as Excel
    and LibreOffice do; openpyxl writes the name first, which a schema validator flags. Copies: openpyxl's shared
    default font is left as it is."""
    import copy

    from openpyxl.styles.fonts import Font
    from openpyxl.utils.indexed_list import IndexedList

    class SchemaOrderFont(Font):
        __elements__ = FONT_ORDER
        __nested__ = Font.__nested__  # openpyxl's metaclass works these out from the class's own attributes only
        __attrs__ = Font.__attrs__
        __namespaced__ = Font.__namespaced__

    fonts = []
    for font in book._fonts:
        ordered = copy.copy(font)
        ordered.__class__ = SchemaOrderFont
        fonts.append(ordered)
    book._fonts = IndexedList(fonts)


def _settings_sheet(book: Any, lang: str, name: str, when: date | str | None, rounds: int) -> None:
    """Every Settings key (docs/rules.md §7) with its default; Playoff Size blank (no playoffs decided yet)."""
    values: dict[str, Any] = {
        "tournament": name,
        "date": when,
        "victory_target": 10,
        "qualifying_rounds": rounds,
        "table_size": "3-4",
        "playoff_size": None,
        "language": lang,
        "points_4": "5, 3, 2, 1",
        "points_3": "5, 3, 2",
        "ranking": figure_word("round_points", lang),
        "tiebreakers": ", ".join(figure_word(key, lang) for key in ("vp", "vp_pct", "name")),
        "bye_points": 2.75,
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
    """A drop-down of the event's yes and no words on the Active column; other words the scorer reads
    (withdrawn, wycofany, …) may still be typed, so Excel shows no error for them (docs/rules.md §1)."""
    from openpyxl.worksheet.datavalidation import DataValidation

    rule = DataValidation(
        "list", formula1=f'"{YES_WORD[lang]},{NO_WORD[lang]}"', allow_blank=True, showErrorMessage=False
    )
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
            rule = DataValidation(
                "whole",
                operator="between",
                formula1=str(low),
                formula2=str(high),
                allow_blank=True,
                showErrorMessage=True,
                error=f"{low}–{high}",
            )
        elif key in FLAGS:
            rule = DataValidation("list", formula1='"x"', allow_blank=True, showErrorMessage=True, error="x")
        elif key == "player":
            rule = DataValidation("list", formula1=PLAYER_LIST_NAME, allow_blank=True, showErrorMessage=True)
        else:
            continue
        rule.add(f"{letter}2:{letter}{last}")
        sheet.add_data_validation(rule)
