"""`sheet-scorer seat`: lay out the next round(s) of an event in its workbook (docs/rules.md §5, §6, §8)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import WORKBOOK, force_option, lang_option, run_action, verbose_option

if TYPE_CHECKING:
    from sheet_scorer.api.seat import SeatingBounds, SeatingReport, SeatResult
    from sheet_scorer.i18n.codes import LineKey


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
                how=how_planned(done),
            )
        )
        echo_report(done.report, done.bounds, done.qualifying, done.club_rounds, language)
        return 0

    run_action(verbose, action, lang)


def how_planned(done: SeatResult) -> str:
    """Whether `seat` kept the stored plan, and if not why (the players who left and joined named)."""
    from sheet_scorer.i18n.terminal import say

    if done.why == "players":
        left, joined = ", ".join(done.left), ", ".join(done.joined)
        key: LineKey = "replanned_left_joined" if left and joined else "replanned_left" if left else "replanned_joined"
        return say(done.lang, key, left=left, joined=joined)
    keys: dict[str, LineKey] = {
        "kept": "plan_kept",
        "none": "planned_fresh",
        "byes": "replanned_byes",
        "better": "replanned_better",
    }
    return say(done.lang, keys[done.why])


def _names(players: tuple[str, ...]) -> str:
    """The first five names, then '…'."""
    return ", ".join(players[:5]) + (" …" if len(players) > 5 else "")


def _beside(lang: str | None, value: int, bound: int) -> str:
    """A figure's best possible: the bound itself when this plan reaches it (so it is reachable), else "at least"
    the bound (counting shows nothing beats it, not that any plan reaches it)."""
    from sheet_scorer.i18n.terminal import say

    return say(lang, "best_possible" if value <= bound else "best_at_least", value=bound)


def echo_report(
    report: SeatingReport, bounds: SeatingBounds, qualifying: int, club_rounds: tuple[int, ...], lang: str | None
) -> None:
    """What the organiser is told about a seating, in `lang`, each figure beside its bound (docs/rules.md §6, in
    the order of its aims): tables of 3, repeated meetings, seats, seat 4, club conflicts and their rounds.
    The repeats' bound assumes the fewest players at tables of 3 in two rounds running, so it is the one without
    that aim when the plan has more."""
    from sheet_scorer.i18n.terminal import count, say

    if report.tables_of_three or report.threes[1]:
        best_share = "–".join(map(str, bounds.threes))
        even = say(lang, "best_possible" if report.threes == bounds.threes else "best_at_most_even", value=best_share)
        low, high = report.threes
        click.echo(
            say(
                lang,
                "threes_share",
                low=low,
                high=high,
                best=even,
                running=report.threes_running,
                best_running=_beside(lang, report.threes_running, bounds.threes_running),
            )
        )
    fewest_runs = report.threes_running <= bounds.threes_running
    least = bounds.repeated_meetings if fewest_runs else bounds.repeats_any_runs
    if report.repeated_meetings:
        click.echo(
            say(
                lang,
                "repeated_meetings",
                n=report.repeated_meetings,
                best=_beside(lang, report.repeated_meetings, least),
                most=report.most_meetings,
            )
        )
    else:
        click.echo(say(lang, "repeated_meetings_none"))
    uneven = len(report.unbalanced_players)
    if report.unbalanced_players:
        why = say(lang, "tables_of_three") if report.tables_of_three else ""
        click.echo(
            say(
                lang,
                "seat_balance_uneven",
                players=count(lang, "players", uneven),
                why=why,
                names=_names(report.unbalanced_players),
                best=_beside(lang, uneven, bounds.uneven_seats),
            )
        )
    else:
        click.echo(say(lang, "seat_balance_even", rounds=count(lang, "rounds", qualifying)))
    if report.no_seat_four:
        missing = report.no_seat_four
        click.echo(
            say(
                lang,
                "seat_four_missing",
                players=count(lang, "players", len(missing)),
                best=_beside(lang, len(missing), bounds.no_seat_four),
                names=_names(missing),
            )
        )
    else:
        click.echo(say(lang, "seat_four_all"))
    rounds = ", ".join(map(str, club_rounds))
    keys: dict[int, LineKey] = {0: "club_conflicts", 1: "club_conflicts_round"}
    key = keys.get(len(club_rounds), "club_conflicts_rounds")
    best = _beside(lang, report.club_conflicts, bounds.club_conflicts)
    click.echo(say(lang, key, n=report.club_conflicts, rounds=rounds, best=best))
