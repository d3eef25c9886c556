"""`merge`: the judges' copies merged into the event, conflicts kept and named (docs/rules.md §5)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.workbook.container import open_package

if TYPE_CHECKING:
    from sheet_scorer.merge.plan import MergePlan as MergePlan  # the CLI names it through the api
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
        from sheet_scorer.api.policy import refuse_working_copy
        from sheet_scorer.merge.plan import merge_workbooks
        from sheet_scorer.workbook.files import backup_path

        def check(read: EventRead) -> None:
            """Refused first when the event's scored copy is where it was carried on (docs/rules.md §5)."""
            refuse_working_copy(read.path, "merge", force, lang, read)

        plan = merge_workbooks(opened[0], list(opened[1:]), lang=lang, dry_run=dry_run, force=force, check=check)
        plan.backup = backup_path(plan.event).name
        return plan
    finally:
        for package in opened:
            package.close()
