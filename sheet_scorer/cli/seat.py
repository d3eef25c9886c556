"""`sheet-scorer seat`: lay out the next round(s) of an event in its workbook (docs/rules.md §5, §6, §8)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import WORKBOOK, force_option, lang_option, run_action, verbose_option

if TYPE_CHECKING:
    from sheet_scorer.api.seat import SeatingReport


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option(
    "--rounds", "count", type=click.IntRange(min=1, max=30), default=1, show_default=True, help="Round sheets to add."
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Seed of the seating search (same seed, same seating)."
)
@click.option("--reseat", is_flag=True, help="Replace the last round, seated but not yet played (no-shows).")
@force_option(
    "Seat even though the previous round has unscored or faulty tables, or WORKBOOK.scored.xlsx "
    "has edits WORKBOOK does not have."
)
@click.option(
    "--by",
    "by",
    type=click.Choice(["plan", "standings"]),
    default="plan",
    show_default=True,
    help="'standings': players of similar standing share tables (Swiss-like), still avoiding repeats; "
    "only the rounds laid out are planned.",
)
@lang_option(
    "Language of the words written (the bye), of the name order and of the terminal (default: Settings → Language, else en)."
)
@verbose_option
def seat(
    workbook: Path, count: int, seed: int, reseat: bool, force: bool, by: str, lang: str | None, verbose: bool
) -> None:
    """Seat the next round(s) of WORKBOOK, which is updated (its previous version kept as .backup)."""

    def action() -> int:
        from sheet_scorer.api import seat_event
        from sheet_scorer.i18n.terminal import count as count_of
        from sheet_scorer.i18n.terminal import say

        done = seat_event(workbook, count, seed, reseat, force, by == "standings", lang)
        language = done.lang
        click.echo(
            say(
                language,
                "reseated" if done.reseat else "seated",
                path=done.path,
                rounds=count_of(language, "rounds", done.rounds),
                first=done.first,
                players=count_of(language, "players", done.players),
                how=say(language, "plan_kept" if done.kept_plan else "replanned"),
            )
        )
        echo_report(done.report, done.qualifying, language)
        return 0

    run_action(verbose, action, lang)


def echo_report(report: SeatingReport, qualifying: int, lang: str | None) -> None:
    """What the organiser is told about a seating, in `lang`: repeated meetings, seat balance, club conflicts."""
    from sheet_scorer.i18n.terminal import count, say

    if report.repeated_meetings:
        click.echo(say(lang, "repeated_meetings", n=report.repeated_meetings, most=report.most_meetings))
    else:
        click.echo(say(lang, "repeated_meetings_none"))
    if report.unbalanced_players:
        shown = ", ".join(report.unbalanced_players[:5]) + (" …" if len(report.unbalanced_players) > 5 else "")
        why = say(lang, "tables_of_three") if report.tables_of_three else ""
        click.echo(
            say(
                lang,
                "seat_balance_uneven",
                players=count(lang, "players", len(report.unbalanced_players)),
                why=why,
                names=shown,
            )
        )
    else:
        click.echo(say(lang, "seat_balance_even", rounds=count(lang, "rounds", qualifying)))
    click.echo(say(lang, "club_conflicts", n=report.club_conflicts))
