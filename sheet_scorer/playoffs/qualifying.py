"""The qualifying rank and who advances (docs/rules.md §6): the standings engine over the qualifying rounds only,
and the one function the report's cut line, the qualifying list and `playoffs` all read (`qualified_players`)."""

from __future__ import annotations

from sheet_scorer.i18n.text import text
from sheet_scorer.i18n.vocab import playoff_stage
from sheet_scorer.model import ScoreResult, WorkbookData, WorkbookError, event_language
from sheet_scorer.playoffs.seeding import qualifiers
from sheet_scorer.rules.names import name_key


def require_qualifying_played(result: ScoreResult) -> None:
    """Refuse to seed the playoffs while a qualifying round has no sheet (Settings → Qualifying Rounds) or has
    tables not reported yet (docs/rules.md §3): a round seated but not played is not a qualifying round played."""
    data = result.data
    last = data.settings.qualifying_rounds or 0
    missing = sorted(set(range(1, last + 1)) - {s.number for s in data.rounds})
    if missing:
        raise WorkbookError(key="qualifying_round_missing", last=last, missing=missing[0])
    for progress in result.progress:
        counts = (
            progress.number <= last if last else progress.played
        )  # not set: the rounds played are the qualifying ones
        if progress.kind == "round" and counts and progress.tables and not progress.complete:
            raise WorkbookError(
                key="stage_unreported", sheet=progress.sheet, done=progress.reported, total=progress.tables
            )


def qualifying_ranking(result: ScoreResult, lang: str | None = None) -> list[str]:
    """Every player of the qualifying rounds, best first, as the standings engine ranks them under the event's
    Ranking and Tiebreakers (in `lang`'s name order: else the event's language).

    Computed from the round results (never read from a Standings sheet, which may be stale): the one call
    into the engine for the playoffs. The rounds played count; a round seated but not played does not.
    """
    from sheet_scorer.standings.engine import qualifying_sheets, standings_for

    data = result.data
    language = event_language(lang, data.settings.language)
    if language == result.lang and result.qualifying is not None:
        return list(result.qualifying)  # computed once a run, carried on the result
    played = result.played_rounds
    sheets = qualifying_sheets(played, data.settings)
    if sheets == [s.name for s in played] and language == result.lang and len(result.standings):
        ranking = result.standings["player"].tolist()  # the same rounds as the standings: the same order
    else:
        ranking = standings_for(result.results, data.settings, data.adjustments, language, sheets)["player"].tolist()
    if language == result.lang:
        result.qualifying = ranking
    return list(ranking)


def inactive_players(data: WorkbookData) -> set[str]:
    """The players the Players sheet marks as no longer active (dropped, withdrawn: docs/rules.md §1)."""
    return {name_key(p.name) for p in data.players or [] if not p.active}


def withdrawn_notes(result: ScoreResult, lang: str, column: bool = False) -> dict[str, str]:
    """Players marked not active on the Players sheet -> "withdrawn after round 2" (the last round they played), in
    `lang`: the report, the terminal, the live view and the JSON mark them alike; with `column`, the words of the
    sheets' Withdrawn column ("After round 2") for the Standings and Final Ranking sheets (docs/rules.md §1, §6)."""
    gone = inactive_players(result.data)
    if not gone or result.results.empty:
        return {}
    rows = result.results[result.results["player"].isin(gone)]
    last = rows.groupby("player")["round"].max()
    after, never = ("withdrawn_after_cell", "withdrawn_cell") if column else ("withdrawn_after", "withdrawn")
    notes = {}
    for player in result.standings["player"]:
        if player in gone:
            notes[player] = text(lang, after, round=int(last[player])) if player in last.index else text(lang, never)
    return notes


def qualified_players(result: ScoreResult, size: int, lang: str | None = None) -> list[str]:
    """The `size` players who advance, best first: the active players at the top of the qualifying rank.

    The one list behind the report's cut line and qualifying marks, the JSON and the `playoffs` seeding."""
    return qualifiers(qualifying_ranking(result, lang), inactive_players(result.data), size)


def playoff_size(result: ScoreResult) -> int | None:
    """Playoff Size when set (None when 0: no playoffs); else read from the playoff sheets there are: a quarterfinal
    means 32, a semifinal of 2 tables 8 and of 4 tables 16, a final alone 4; None without playoff sheets."""
    size = result.data.settings.playoff_size
    if size is not None:
        return size or None
    stages = {playoff_stage(name) for name in result.data.sheet_names} - {None}
    if "quarterfinal" in stages:
        return 32
    if "semifinal" in stages:
        semifinal = next((p for p in result.progress if p.kind == "semifinal"), None)
        return 8 if semifinal is not None and semifinal.tables == 2 else 16
    return 4 if "final" in stages else None
