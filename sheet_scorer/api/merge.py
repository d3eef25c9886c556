"""`merge`: the judges' copies, or the tables' reports, merged into the event, conflicts kept and named
(docs/rules.md §5, §11)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.journal.store import journal_path
from sheet_scorer.workbook.container import open_package

if TYPE_CHECKING:
    from sheet_scorer.merge.plan import MergePlan as MergePlan  # the CLI names it through the api
    from sheet_scorer.model import WorkbookData
    from sheet_scorer.workbook.read import EventRead
    from sheet_scorer.xlsx.opc import OpcPackage


def merge_copies(
    event: Path | str, copies: list[Path | str], lang: str | None = None, dry_run: bool = False, force: bool = False
) -> MergePlan:
    """Fill the event's empty game cells from the judges' copies (docs/rules.md §5); conflicts are kept and named."""
    opened: list[OpcPackage] = []
    try:
        for index, path in enumerate(
            [Path(event), *map(Path, copies)]
        ):  # a missing or damaged file is told before the heavy imports
            opened.append(open_package(path, patching=index == 0))  # each file's one opening; the event is patched
        return _merged(opened[0], list(opened[1:]), lang, dry_run, force)
    finally:
        for package in opened:
            package.close()


def merge_reports(
    event: Path | str,
    copies: Sequence[Path | str] = (),
    lang: str | None = None,
    dry_run: bool = False,
    force: bool = False,
) -> MergePlan:
    """Fill the event's empty game cells from the tables' reports in `EVENT.reports.sqlite` (docs/rules.md §11): the
    latest report of each table not rejected, merged as a judge's copy is (with the judges' `copies`, if any);
    conflicts are kept and named."""
    from sheet_scorer.model import WorkbookError

    event = Path(event)
    journal = journal_path(event)
    opened = open_package(event, patching=True)  # a missing or damaged event is told first
    if not journal.is_file():
        opened.close()
        raise WorkbookError(key="merge_no_journal", journal=journal.name, event=event.name)
    try:
        from sheet_scorer.journal.copies import report_copy
        from sheet_scorer.journal.store import Journal, latest

        with Journal(journal, readonly=True) as kept:
            counted = sorted(latest(kept.reports()).values(), key=lambda r: r.id)
        given: list[Path | OpcPackage | WorkbookData] = [*map(Path, copies)]
        given += [report_copy(journal, report) for report in counted]
        return _merged(opened, given, lang, dry_run, force)
    finally:
        opened.close()


def _merged(
    event: OpcPackage, copies: list[Path | OpcPackage | WorkbookData], lang: str | None, dry_run: bool, force: bool
) -> MergePlan:
    """The merge of `copies` into the opened event, refused first when its scored copy is where the event was
    carried on (docs/rules.md §5); the plan names the backup kept."""
    from sheet_scorer.api.policy import refuse_working_copy
    from sheet_scorer.merge.plan import merge_workbooks
    from sheet_scorer.workbook.files import backup_path

    def check(read: EventRead) -> None:
        refuse_working_copy(read.path, "merge", force, lang, read)

    plan = merge_workbooks(event, copies, lang=lang, dry_run=dry_run, force=force, check=check)
    plan.backup = backup_path(plan.event).name
    return plan
