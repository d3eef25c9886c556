"""Build small workbooks for tests: sheets as lists of rows, written with openpyxl."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl

HEADERS = ["Table", "Player", "Settlements", "Cities", "VP Cards", "Knights", "Roads", "Road Length",
           "Army First", "Road First", "Declared"]


def player(table: int, name: str, settlements: int = 2, cities: int = 0, vp_cards: int = 0, knights: int = 0,
           roads: int = 2, road_length: int = 1, army_first: str = "", road_first: str = "", declared: str = "") -> list[Any]:
    """One round-sheet row in HEADERS order; defaults are the smallest valid game (2 VP)."""
    return [table, name, settlements, cities, vp_cards, knights, roads, road_length, army_first, road_first, declared]


def write_workbook(path: Path, sheets: dict[str, list[list[Any]]]) -> Path:
    """Write `sheets` (name -> rows, header included) to `path` and return it."""
    book = openpyxl.Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        sheet = book.create_sheet(name)
        for row in rows:
            sheet.append(row)
    book.save(path)
    return path


def round_sheet(*rows: list[Any], headers: list[str] = HEADERS) -> list[list[Any]]:
    return [headers, *rows]
