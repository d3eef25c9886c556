"""`sheet-scorer split`: a judge's copy of the event holding only their tables of one round."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import (
    WORKBOOK,
    command_line_lang,
    force_option,
    lang_option,
    output_option,
    run_action,
    verbose_option,
)

if TYPE_CHECKING:
    from sheet_scorer.i18n.codes import MessageKey


def _tables(context: click.Context, parameter: click.Parameter, value: str) -> frozenset[int]:
    """`--tables 1-4` / `1,3,5-7` as table numbers; anything else is a usage error (exit 2)."""
    from sheet_scorer.api.split import parse_tables
    from sheet_scorer.i18n.terminal import say

    try:
        return parse_tables(value)
    except ValueError:  # in --lang (a usage error is met before the workbook is read)
        raise click.BadParameter(say(command_line_lang(context), "bad_tables_option", value=value)) from None


@click.command()
@click.argument("event", type=WORKBOOK)
@click.option(
    "--round", "number", type=click.IntRange(min=1), required=True, help="The round whose tables the judge fills."
)
@click.option("--tables", required=True, callback=_tables, help="The judge's tables, like 1-4 or 1,3,5-7.")
@output_option("The judge's copy (default: EVENT.roundN.tablesT.xlsx beside EVENT).")
@lang_option("Language of the terminal (default: Settings → Language, else en).")
@force_option(
    "Replace a judge's copy holding edits of its own (kept as .backup), or split "
    "EVENT although EVENT.scored.xlsx has edits it does not have."
)
@verbose_option
def split(
    event: Path, number: int, tables: frozenset[int], output: Path | None, lang: str | None, force: bool, verbose: bool
) -> None:
    """Write a judge's copy of EVENT holding only the given tables of one round (the rows of the other tables
    and of the other rounds emptied).

    EVENT is not changed; the filled copy comes back with `sheet-scorer merge EVENT COPY`.
    """

    def action() -> int:
        from sheet_scorer.api import split_event
        from sheet_scorer.i18n.terminal import count, say

        done = split_event(event, number, tables, output, lang, force)
        plan, language = done.plan, done.lang
        if plan.missing:
            click.echo(say(language, "split_missing", sheet=plan.sheet, tables=done.missing))
        key: MessageKey = "split_wrote_one" if len(plan.tables) == 1 else "split_wrote"  # "table 3", "tables 1-4"
        click.echo(
            say(
                language,
                key,
                copy=done.target,
                sheet=plan.sheet,
                tables=done.tables,
                players=count(language, "players", plan.players),
            )
        )
        return 0

    run_action(verbose, action, lang)
