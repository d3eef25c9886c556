"""`sheet-scorer merge`: take the judges' copies' game cells into the event workbook; conflicts are named."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import WORKBOOK, force_option, lang_option, run_action, verbose_option

if TYPE_CHECKING:
    from sheet_scorer.api.merge import MergePlan


@click.command()
@click.argument("event", type=WORKBOOK)
@click.argument("copies", nargs=-1, type=WORKBOOK)
@click.option(
    "--reports", is_flag=True, help="Merge the tables' reports kept in EVENT.reports.sqlite (by `live --reports`)."
)
@click.option("--dry-run", is_flag=True, help="Say what would be taken and the conflicts; write nothing.")
@lang_option("Language of the terminal (default: Settings → Language, else en).")
@force_option("Merge into EVENT even when EVENT.scored.xlsx has edits EVENT does not have.")
@verbose_option
def merge(
    event: Path, copies: tuple[Path, ...], reports: bool, dry_run: bool, lang: str | None, force: bool, verbose: bool
) -> None:
    """Fill EVENT's empty game cells from the judges' COPIES (or, with --reports, the tables' latest reports not
    rejected), matched by round, table and player.

    A cell two files disagree on is not taken and is listed (exit 1, as when a copy's round sheet
    cannot be read); a copy of another event is refused and nothing is written (exit 2). EVENT is updated in place, its version before kept as
    EVENT.backup.xlsx (and the first one as EVENT.original.xlsx).
    """

    def action() -> int:
        from sheet_scorer.api import merge_copies, merge_reports
        from sheet_scorer.model import WorkbookError

        if reports:
            plan = merge_reports(event, list(copies), lang=lang, dry_run=dry_run, force=force)
        elif copies:
            plan = merge_copies(event, list(copies), lang=lang, dry_run=dry_run, force=force)
        else:
            raise WorkbookError(key="merge_nothing_given", event=event.name)
        _report(plan, dry_run)
        return plan.exit_code

    run_action(verbose, action, lang)


def _report(plan: MergePlan, dry_run: bool) -> None:
    """Per copy: cells taken, already there, conflicts; then each conflict; then what was written."""
    from sheet_scorer.i18n.terminal import count, say
    from sheet_scorer.problems import Told

    lang = plan.lang
    for counts in plan.copies:
        click.echo(
            say(
                lang,
                "merge_copy",
                copy=counts.path.name,
                taken=counts.taken,
                already=counts.already,
                conflicts=counts.conflicts,
            )
        )
        for problem in counts.skipped:
            click.echo(say(lang, "merge_skipped", sheet=problem.sheet, message=Told(problem)))
    for c in plan.conflicts:
        value, other = c.shown_values
        click.echo(
            say(
                lang,
                "merge_conflict",
                sheet=c.sheet,
                cell=c.cell,
                player=c.player,
                value=value,
                source=c.source,
                other=other,
                other_source=c.other_source,
            )
        )
    if plan.conflicts and plan.conflicts_sheet and not dry_run:
        from sheet_scorer.i18n.vocab import CONFLICTS_HEADERS

        click.echo(
            say(
                lang,
                "merge_conflicts_kept",
                conflicts=count(lang, "conflicts_kept", len(plan.conflicts)),
                sheet=plan.conflicts_sheet,
                resolved=CONFLICTS_HEADERS["resolved"][lang],
            )
        )
    if dry_run:
        click.echo(
            say(lang, "merge_dry_run", cells=count(lang, "cells_would_be_written", plan.cells), event=plan.event.name)
        )
    elif plan.cells or plan.new_conflicts:  # conflicts alone are written too (the Conflicts sheet, the marks)
        click.echo(
            say(
                lang,
                "merge_wrote",
                cells=count(lang, "cells_written", plan.cells),
                event=plan.event.name,
                backup=plan.backup,
            )
        )
    else:
        click.echo(say(lang, "merge_nothing", event=plan.event.name))
