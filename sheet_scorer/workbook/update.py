"""Apply a `WorkbookPatch` to an event workbook: the one way `seat`, `playoffs` and `merge` write.

The file is replaced atomically; the version before is kept as NAME.backup.xlsx and the very first
version replaced as NAME.original.xlsx, never overwritten (docs/rules.md §5, docs/rules.md).
"""

from __future__ import annotations

import shutil
from copy import copy
from pathlib import Path

from sheet_scorer.model import NewSheet, WorkbookError, WorkbookPatch
from sheet_scorer.workbook.files import atomic_target


def keep_versions(path: Path) -> None:
    """Before `path` is replaced: NAME.original.xlsx once (the first version), NAME.backup.xlsx every time."""
    original = path.with_name(f"{path.stem}.original{path.suffix}")
    if not original.exists():
        shutil.copy2(path, original)
    shutil.copy2(path, path.with_name(f"{path.stem}.backup{path.suffix}"))


def update_workbook(path: Path, patch: WorkbookPatch, target: Path | None = None) -> Path:
    """Write `path` with `patch` applied to `target` (default: `path` itself, keeping its versions)."""
    from openpyxl import load_workbook

    target = target or path
    book = load_workbook(path, keep_vba=path.suffix.lower() == ".xlsm", keep_links=True, rich_text=True)
    for name, edits in patch.edits.items():
        if name not in book.sheetnames:
            raise WorkbookError(f"{path}: has no sheet '{name}'")
        sheet = book[name]
        for edit in edits:
            cell = sheet[edit.cell]
            if edit.style_like and not cell.has_style:
                cell._style = copy(sheet[edit.style_like]._style)
            cell.value = edit.value
    for new in patch.sheets:
        _add_sheet(book, new, path)
    if target.resolve() == path.resolve():
        keep_versions(path)
    with atomic_target(target) as temporary:
        book.save(temporary)
    return target


def _add_sheet(book, new: NewSheet, path: Path) -> None:  # type: ignore[no-untyped-def]
    """Add `new` (or rewrite the tool's own sheet of that name), laid out like `layout_from` if given."""
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    if new.name in book.sheetnames:
        if not new.replace:
            raise WorkbookError(f"{path}: already has a sheet '{new.name}'")
        del book[new.name]
    if new.layout_from:
        source = book[new.layout_from]
        sheet = book.copy_worksheet(source)
        sheet.title = new.name
        sheet.delete_rows(1, sheet.max_row)
        sheet.freeze_panes = source.freeze_panes  # copy_worksheet copies neither these nor the validations
        for rule in source.data_validations.dataValidation:
            sheet.add_data_validation(copy(rule))
    else:
        sheet = book.create_sheet(new.name)
    for r, values in enumerate(new.rows, start=1):
        for c, value in enumerate(values, start=1):
            sheet.cell(r, c, value)
    if not new.layout_from and new.rows:
        for cell in sheet[new.header_row]:
            cell.font = Font(bold=True)
        sheet.freeze_panes = sheet.cell(new.header_row + 1, 1)
    for column, width in new.widths.items():
        sheet.column_dimensions[get_column_letter(column)].width = width
    for ref, where in new.links.items():
        sheet[ref].hyperlink = f"#{where}"
    if new.hidden:
        sheet.sheet_state = "hidden"
