"""Write the scored workbook (docs/rules.md §5): the input with everything kept, plus computed columns,
Standings, Problems and marks on faulty cells. Re-scoring rewrites all of these in place.

Marks are a conditional-format rule (so the organiser's own fill is never touched) and a note
appended to the cell's comment after a fixed marker (so their own comment text is kept).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator
from copy import copy
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.comments import Comment
from openpyxl.formatting.formatting import ConditionalFormattingList
from openpyxl.formatting.rule import FormulaRule
from openpyxl.styles import Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.workbook import Workbook
from openpyxl.cell.cell import MergedCell
from openpyxl.worksheet.worksheet import Worksheet

from sheet_scorer.workbook.files import atomic_target
from sheet_scorer.model import SheetPlan, WorkbookError, WritePlan
from sheet_scorer.i18n.vocab import PROBLEMS_HEADERS, PROBLEMS_SHEET_NAMES, STANDINGS_HEADERS, STANDINGS_SHEET_NAMES, fold

MARK_FORMULA = '"sheet-scorer"<>""'  # always true; identifies our own rule on re-scoring
MARK_FILL = PatternFill(start_color="FFFFC7CE", end_color="FFFFC7CE", fill_type="solid")
MARK_FONT = Font(color="FF9C0006")
COMMENT_MARKER = "⚠ sheet-scorer:"
COMMENT_AUTHOR = "sheet-scorer"
_RANK_HEADERS = frozenset(fold(h) for h in STANDINGS_HEADERS["rank"].values())
_SEVERITY_HEADERS = frozenset(fold(h) for h in PROBLEMS_HEADERS["severity"].values())


@contextlib.contextmanager
def _gc_paused() -> Iterator[None]:
    """openpyxl builds millions of small objects; the cyclic collector only slows it down (bench/)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def open_for_writing(path: Path) -> Workbook:
    """The whole workbook, formulas and formatting included; macros kept for .xlsm."""
    try:
        with _gc_paused():
            return load_workbook(path, keep_vba=path.suffix.lower() == ".xlsm", rich_text=True)
    except Exception as exc:  # defusedxml refusals, parts openpyxl cannot parse
        raise WorkbookError(f"{path}: cannot be opened for writing ({type(exc).__name__}: {exc})") from None


def save_atomically(book: Workbook, path: Path) -> None:
    """Save through a temporary file and a rename, so a crash never leaves half a file."""
    with atomic_target(path) as temporary:
        save(book, temporary)


def save(book: Workbook, path: Path) -> None:
    """Save to `path` itself: a temporary file the caller renames once everything else succeeded."""
    with _gc_paused():
        book.save(path)


def write_scored_workbook(source: Path, target: Path, plan: WritePlan) -> None:
    """Write `source` plus everything in `plan` to `target` (which may be `source` only if asked)."""
    book = open_for_writing(source)
    apply_plan(book, plan)
    save_atomically(book, target)


def apply_plan(book: Workbook, plan: WritePlan) -> None:
    """Computed columns and marks into the round sheets; Standings and Problems replaced or added."""
    for sheet in plan.sheets:
        worksheet = book[sheet.name]
        _clear_marks(worksheet)
        _write_computed(worksheet, sheet)
    for sheet in plan.sheets:
        _mark_problems(book[sheet.name], sheet.marks)
    _write_standings(book, plan)
    _write_problems(book, plan)


# ---------------------------------------------------------------- computed columns


def _write_computed(ws: Worksheet, sheet: SheetPlan) -> None:
    header_style = ws.cell(sheet.header_row, sheet.style_column)
    for column in sheet.columns:
        if column.header is not None:
            cell = ws.cell(sheet.header_row, column.column, column.header)
            if header_style.has_style:
                cell._style = copy(header_style._style)
    if sheet.clear_columns:  # values of a previous run: cleared first, so rows that are no longer scored are blank
        columns = set(sheet.clear_columns)
        for (row, column), cell in list(ws._cells.items()):
            if row > sheet.header_row and column in columns:
                cell.value = None
    for column in sheet.columns:
        for row, value in zip(column.rows, column.values):
            ws.cell(row, column.column).value = value


# ---------------------------------------------------------------- marks


def _clear_marks(ws: Worksheet) -> None:
    """Remove the marks of a previous run: our conditional-format rules and our comment notes."""
    kept = ConditionalFormattingList()
    for formatting in ws.conditional_formatting:
        for rule in formatting.rules:
            if list(rule.formula or []) != [MARK_FORMULA]:
                kept.add(str(formatting.sqref), rule)
    ws.conditional_formatting = kept
    for cell in [c for c in ws._cells.values() if c.comment is not None]:
        text = cell.comment.text or ""
        if COMMENT_MARKER not in text:
            continue
        own = text.split(COMMENT_MARKER, 1)[0].rstrip("\n")
        if own:
            cell.comment = Comment(own, cell.comment.author or "")
        else:
            cell.comment = None
    # In a macro workbook openpyxl keeps pointing at the comments' drawing even when none is left to draw.
    if ws.legacy_drawing and "commentsDrawing" in ws.legacy_drawing and not any(c.comment for c in ws._cells.values()):
        ws.legacy_drawing = None


def _comment_cell(ws: Worksheet, ref: str) -> str:
    """Where a cell's note goes: the cell itself, or the first cell of the merged range it is part of."""
    if not isinstance(ws[ref], MergedCell):
        return ref
    merged = next(r for r in ws.merged_cells.ranges if ref in r)
    return merged.start_cell.coordinate


def _mark_problems(ws: Worksheet, marks: list[tuple[str, str]]) -> None:
    notes: dict[str, list[str]] = {}
    for ref, message in marks:
        ws.conditional_formatting.add(ref, FormulaRule(formula=[MARK_FORMULA], fill=MARK_FILL, font=MARK_FONT, stopIfTrue=False))
        ref = _comment_cell(ws, ref)
        if message not in notes.setdefault(ref, []):
            notes[ref].append(message)
    for ref, messages in notes.items():
        cell = ws[ref]
        own = cell.comment.text.rstrip("\n") + "\n\n" if cell.comment is not None and cell.comment.text else ""
        author = cell.comment.author if cell.comment is not None and cell.comment.author else COMMENT_AUTHOR
        text = own + "\n".join(f"{COMMENT_MARKER} {m}" for m in messages)
        cell.comment = Comment(text, author, width=320, height=40 + 40 * len(messages))


# ---------------------------------------------------------------- added sheets


def _own_sheet(book: Workbook, names: frozenset[str], first_headers: frozenset[str]) -> tuple[int, str] | None:
    """The sheet a previous run added (named in any language, its A1 one of our headers), if any."""
    for index, name in enumerate(book.sheetnames):
        if fold(name) in names and fold(str(book[name]["A1"].value or "")) in first_headers:
            return index, name
    return None


def _replace_sheet(book: Workbook, names: frozenset[str], first_headers: frozenset[str], title: str) -> Worksheet:
    """A fresh sheet `title` where a previous run's sheet was, else at the end.

    An organiser's own sheet of that name is never replaced: scoring stops with a clear message.
    """
    found = _own_sheet(book, names, first_headers)
    if found is not None:
        index, name = found
        book.remove(book[name])
        return book.create_sheet(title, index)
    if title.casefold() in {n.casefold() for n in book.sheetnames}:
        raise WorkbookError(f"the workbook already has its own sheet '{title}'; rename it so that sheet-scorer can add its '{title}' sheet")
    return book.create_sheet(title)


def _header(ws: Worksheet, titles: list[str]) -> None:
    ws.append(titles)
    for cell in ws[1]:
        cell.font = Font(bold=True)
    ws.freeze_panes = "A2"


def _text_cell(ws: Worksheet, row: int, column: int, value: str) -> None:
    """Write a string as a string, even when it starts like a formula (`=HYPERLINK(…)`)."""
    cell = ws.cell(row, column)
    cell.value = value
    cell.data_type = "s"


def _write_standings(book: Workbook, plan: WritePlan) -> None:
    ws = _replace_sheet(book, STANDINGS_SHEET_NAMES, _RANK_HEADERS, plan.standings_title)
    _header(ws, plan.standings_header + plan.round_names)
    for offset, record in enumerate(plan.standings_rows, start=2):
        for column, value in enumerate(record, start=1):
            if column == 2:
                _text_cell(ws, offset, column, value)
            else:
                ws.cell(offset, column, value)
        for column in plan.standings_pct_columns:
            ws.cell(offset, column).number_format = "0.00"
    widths = [6, 28, 13, 6, 9, 7] + [max(10, len(n) + 2) for n in plan.standings_header[6:] + plan.round_names]
    for column, width in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(column)].width = width


def _write_problems(book: Workbook, plan: WritePlan) -> None:
    if not plan.problems_rows:
        found = _own_sheet(book, PROBLEMS_SHEET_NAMES, _SEVERITY_HEADERS)
        if found is not None:
            book.remove(book[found[1]])
        return
    ws = _replace_sheet(book, PROBLEMS_SHEET_NAMES, _SEVERITY_HEADERS, plan.problems_title)
    _header(ws, plan.problems_header)
    for offset, values in enumerate(plan.problems_rows, start=2):
        for column, value in enumerate(values, start=1):
            _text_cell(ws, offset, column, value)
    for column, width in enumerate([10, 14, 7, 24, 90], start=1):
        ws.column_dimensions[get_column_letter(column)].width = width
