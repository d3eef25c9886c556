"""No edit is ever thrown away and no sheet of the organiser's is overwritten (docs/rules.md §5): what the commands
refuse, in one line (exit 2), before they write. The record in each file and the fingerprint of the organiser's cells
are read and written in workbook/ (I/O only, `workbook.record`); the judgement and its refusals are here, beside the
api that applies them."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.i18n.vocab import PROBLEMS_SHEET, STANDINGS_SHEET, fold
from sheet_scorer.model import WorkbookError
from sheet_scorer.workbook.owned import ADDED_SHEETS
from sheet_scorer.workbook.record import current_fingerprint, origin_of, read_record

if TYPE_CHECKING:
    from sheet_scorer.workbook.read import EventRead


# ---------------------------------------------------------------- no edit thrown away


def holds_newer_edits(target: Path, new_fingerprint: str, new_origin: str) -> bool:
    """Whether replacing `target` by cells with `new_fingerprint` from `new_origin` loses an edit: `target` was
    written by the tool and its organiser cells are neither the new ones nor unedited since the tool wrote them.
    Unedited, they are lost only when `target` is where they were last edited or extended (its record's origin
    is itself, and not `new_origin`); a copy of another file's cells, never edited, carries no edit of its own."""
    record = read_record(target)
    if record is None:
        return False
    current = current_fingerprint(target, record)
    if current == new_fingerprint:
        return False
    if current == record.fingerprint:  # as the tool wrote it
        return record.origin == target.name and record.origin != new_origin
    return True


def refuse_replacing(
    target: Path, source: Path, new_fingerprint: str, new_origin: str, command: str, force: bool
) -> None:
    """One line (exit 2) when writing `target` from `source` would throw away edits made in `target`."""
    if force or not target.exists() or target.resolve() == source.resolve():
        return
    if not holds_newer_edits(target, new_fingerprint, new_origin):
        return
    if command == "split":  # a judge's copy filled in
        raise WorkbookError(
            key="edited_copy",
            target=target,
            source=source.name,
            name=target.name,
            backup=f"{target.stem}.backup{target.suffix}",
        )
    raise WorkbookError(
        key="edited_since",
        target=target,
        source=source.name,
        command=command,
        name=target.name,
        backup=f"{target.stem}.backup{target.suffix}",
    )


def working_copy(path: Path, event: EventRead | None = None) -> Path | None:
    """`EVENT.scored.xlsx` when it is the working copy of `EVENT.xlsx`: written by the tool, newer, and holding
    edits `EVENT.xlsx` does not have; else None. `event`: `path` as the command read it (not read again)."""
    if path.stem.endswith(".scored"):
        return None
    copy = path.with_name(f"{path.stem}.scored{path.suffix}")
    try:
        if not copy.is_file() or copy.stat().st_mtime < path.stat().st_mtime:
            return None
    except OSError:
        return None
    if read_record(copy) is None:
        return None
    if event is not None:
        current = event.data.fingerprint
        return copy if holds_newer_edits(copy, current, origin_of(path, current, event.package)) else None
    from sheet_scorer.workbook.read import read_workbook

    try:
        data = read_workbook(path)
    except WorkbookError:
        return None
    current = data.fingerprint
    return copy if holds_newer_edits(copy, current, origin_of(path, current)) else None


def refuse_working_copy(
    path: Path, command: str, force: bool, lang: str | None = None, event: EventRead | None = None
) -> None:
    """One line (exit 2) when `path` is given while its scored copy is where the event was carried on.
    `event`: `path` as the command read it (its fingerprint and language, not read again)."""
    if force:
        return
    copy = working_copy(path, event)
    if copy is not None:
        language = lang or (event.data.settings.language if event is not None else _event_language(path))
        raise WorkbookError(key="working_copy", path=path, copy=copy.name, name=path.name, command=command).in_language(
            language
        )


def _event_language(path: Path) -> str | None:
    """The event's language (Settings → Language) for a refusal told before the command reads the workbook."""
    from sheet_scorer.workbook.read import read_workbook

    try:
        return read_workbook(path).settings.language
    except WorkbookError:
        return None


# ---------------------------------------------------------------- the sheets the tool adds


def added_sheet_clash(path: Path, sheet_names: list[str], own: str | None, title: str) -> WorkbookError | None:
    """Why the tool cannot write its sheet `title` (None when it can): the organiser has a sheet of that name
    that is not the tool's own (`own`, from a previous run). Refused rather than written under another name:
    re-scoring finds its sheets by name, the Problems sheet's links and the report name them, and an
    organiser's sheet is never overwritten. `check` and `score` both ask here."""
    taken = [n for n in sheet_names if n.casefold() == title.casefold()]
    if own is None and taken:
        return WorkbookError(key="own_sheet_clash", path=path, sheet=taken[0], title=title)
    if own is not None and own.casefold() != title.casefold() and taken:
        return WorkbookError(key="two_sheets_clash", path=path, title=title)
    return None


def check_added_sheets(path: Path, sheet_names: list[str], first_cells: dict[str, str], lang: str) -> None:
    """Refuse, as `score` would, a workbook where the Standings or Problems sheet cannot be written: the organiser
    has their own sheet of that name (`first_cells`: A1 of each sheet named like one the tool adds)."""
    for kind, title in (("standings", STANDINGS_SHEET[lang]), ("problems", PROBLEMS_SHEET[lang])):
        names, headers = ADDED_SHEETS[kind]
        own = next((n for n, a1 in first_cells.items() if fold(n) in names and fold(a1) in headers), None)
        clash = added_sheet_clash(path, sheet_names, own, title)
        if clash is not None:
            raise clash
