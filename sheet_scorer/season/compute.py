"""Season points and the season standings (docs/rules.md §10).

A finish in an event of N ranked players gives `N − rank + 1` season points, or the `Season Points`
table's points for that place; with `best` only each player's best `best` finishes count (the earlier
event on equal points). Players are ranked by season points, then events won, then best single finish,
then events played, then name in the §4 order of the season's language (the engine's `name_order_key`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction

from sheet_scorer.i18n.phrase import Phrase
from sheet_scorer.i18n.text import format_date, text
from sheet_scorer.i18n.vocab import LANGUAGES
from sheet_scorer.season.events import date_key, event_order
from sheet_scorer.season.identity import join_aliases, spelling_notes
from sheet_scorer.season.model import EventEntry, EventSummary, Finish, Note, Season, SeasonRow, SeasonSettings
from sheet_scorer.standings.engine import name_order_key


def season_language(lang: str | None, settings: SeasonSettings, summaries: Sequence[EventSummary]) -> str:
    """--lang, else the settings workbook's Language, else the events' own language when they all share one, else English."""
    if lang:
        return lang
    if settings.language:
        return settings.language
    languages = {s.lang for s in summaries if s.readable and s.lang}
    return languages.pop() if len(languages) == 1 and languages <= set(LANGUAGES) else "en"


def event_entries(summaries: Sequence[EventSummary], include_provisional: bool, lang: str) -> list[EventEntry]:
    """Every file in event order (Settings → Date, then file name; files not read last), each counted or left out.

    An event with errors is left out unless `include_provisional`; the same event twice (same name and date)
    is counted once, from the first file in that order."""
    entries = []
    seen: dict[tuple[str, tuple[int, str]], EventSummary] = {}
    for summary in sorted((s for s in summaries if s.readable), key=event_order):
        key = (summary.name.casefold(), date_key(summary.date))
        if key in seen:
            when = format_date(summary.date, lang) or text(lang, "season_no_date")
            entries.append(
                EventEntry(
                    summary,
                    "season_status_duplicate",
                    {"name": summary.name, "date": when, "other": seen[key].path.name},
                )
            )
            continue
        seen[key] = summary
        if summary.errors:
            status = "season_status_provisional_counted" if include_provisional else "season_status_provisional"
            entries.append(EventEntry(summary, status, {"errors": summary.errors}, counted=include_provisional))
        else:
            entries.append(
                EventEntry(summary, "season_status_final" if summary.final else "season_status_standings", counted=True)
            )
    for summary in sorted((s for s in summaries if not s.readable and not s.season_file), key=lambda s: s.path.name):
        # the refusal without its file (the file is in its own column), said in the season's language where it is shown
        reason = (
            Phrase.raised(summary.failure_key, {**summary.failure_values, "path": None})
            if summary.failure_key
            else summary.failure
        )
        entries.append(EventEntry(summary, "season_status_unreadable", {"reason": reason}))
    _label(entries, lang)
    return entries


def _label(entries: list[EventEntry], lang: str) -> None:
    """Each counted event's column heading: its name, with its date when another counted event has the same name."""
    counted = [e for e in entries if e.counted]
    names: defaultdict[str, int] = defaultdict(int)
    for entry in counted:
        names[entry.summary.name.casefold()] += 1
    for entry in counted:
        shown = format_date(entry.summary.date, lang) or text(lang, "season_no_date")
        entry.label = (
            entry.summary.name if names[entry.summary.name.casefold()] == 1 else f"{entry.summary.name} ({shown})"
        )


def points_for(rank: int, players: int, table: dict[int, Fraction] | None) -> Fraction:
    """Season points of a finish: the table's points for the place (0 below it), else N − rank + 1."""
    if table is not None:
        return table.get(rank, Fraction(0))
    return Fraction(players - rank + 1)


def rank_season(finishes: dict[str, list[Finish]], best: int | None, lang: str) -> list[SeasonRow]:
    """The season standings: each player's best `best` finishes counted, then ranked 1..N without shared ranks."""
    rows = []
    for player, mine in finishes.items():
        chosen = sorted(mine, key=lambda f: (-f.points, f.event))
        keep = {f.event for f in (chosen if best is None else chosen[:best])}
        marked = [Finish(f.event, f.rank, f.of, f.points, f.event in keep) for f in sorted(mine, key=lambda f: f.event)]
        rows.append(
            SeasonRow(
                0,
                player,
                sum((f.points for f in marked if f.counted), Fraction(0)),
                len(keep),
                len(marked),
                sum(f.rank == 1 for f in marked),
                min(f.rank for f in marked),
                marked,
            )
        )
    rows.sort(key=lambda r: (-r.points, -r.won, r.best, -r.played, name_order_key(r.player, lang)))
    for rank, row in enumerate(rows, start=1):
        row.rank = rank
    return rows


def build_season(
    summaries: Sequence[EventSummary],
    settings: SeasonSettings,
    best: int | None = None,
    include_provisional: bool = False,
    lang: str | None = None,
) -> Season:
    """The season from events already read: who counts, one person per name (aliases joined), points and ranks."""
    language = season_language(lang, settings, summaries)
    entries = event_entries(summaries, include_provisional, language)
    counted = [e for e in entries if e.counted]
    known = {name for e in counted for name in e.summary.ranking}
    joined, notes = join_aliases(settings.aliases, known)
    finishes: dict[str, list[Finish]] = defaultdict(list)
    events_of: dict[str, list[int]] = defaultdict(list)
    for index, entry in enumerate(counted):
        ranking = entry.summary.ranking
        for rank, name in enumerate(ranking, start=1):
            player = joined.get(name, name)
            if events_of[player][-1:] == [
                index
            ]:  # two spellings joined by an alias both played here: the better finish counts
                notes.append(
                    Note(
                        entry.summary.path.name,
                        "season_alias_both",
                        {"name": name, "other": player, "event": entry.label},
                    )
                )
                continue
            events_of[player].append(index)
            finishes[player].append(
                Finish(index, rank, len(ranking), points_for(rank, len(ranking), settings.points_by_place), True)
            )
    notes += spelling_notes(events_of, [e.label for e in counted])
    title = settings.title or text(language, "season_default_title")
    return Season(
        title,
        language,
        best,
        entries,
        rank_season(finishes, best, language),
        settings.notes + notes,
        settings.points_by_place,
    )
