"""`split`: a judge's copy of the event holding some tables of one round (docs/rules.md §5)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.merge.split import parse_tables, tables_text
from sheet_scorer.workbook.container import open_package

if TYPE_CHECKING:
    from sheet_scorer.merge.split import SplitPlan
    from sheet_scorer.workbook.read import EventRead

__all__ = ["SplitResult", "parse_tables", "split_event"]  # parse_tables: what `--tables` takes (1-4, 1,3,5-7)


@dataclass(frozen=True)
class SplitResult:
    """What `split` wrote: the judge's copy and what it holds (`plan`: the sheet, its tables, the tables missing)."""

    plan: SplitPlan
    target: Path
    lang: str

    @property
    def tables(self) -> str:
        """The tables the copy holds as an organiser writes them (`1-4,7`)."""
        return tables_text(self.plan.tables)

    @property
    def missing(self) -> str:
        """The tables asked for that the round does not have (`5-6`), "" when none."""
        return tables_text(self.plan.missing) if self.plan.missing else ""


def split_event(
    event: Path | str,
    number: int,
    tables: frozenset[int],
    output: Path | str | None = None,
    lang: str | None = None,
    force: bool = False,
) -> SplitResult:
    """A judge's copy of the event holding only `tables` of round `number`; the event itself is not changed."""
    opened = open_package(
        Path(event), patching=True
    )  # a missing or damaged file is told before the heavy imports; its one opening
    try:
        from sheet_scorer.api.policy import refuse_replacing, refuse_working_copy
        from sheet_scorer.merge.split import split_workbook

        def check(read: EventRead) -> None:
            """Refused first when the event's scored copy is where it was carried on (docs/rules.md §5)."""
            refuse_working_copy(read.path, "split", force, lang, read)

        target = Path(output) if output else None
        plan, target, language = split_workbook(opened, number, tables, target, lang, force, check, refuse_replacing)
    finally:
        opened.close()
    return SplitResult(plan, target, language)
