"""The qualifying rank (docs/rules.md §6): the standings engine over the qualifying rounds only."""

from __future__ import annotations

from sheet_scorer.model import ScoreResult, WorkbookData, WorkbookError


def require_qualifying_played(data: WorkbookData) -> None:
    """Refuse to seed the playoffs while a qualifying round named by Settings → Qualifying Rounds has no sheet."""
    last = data.settings.qualifying_rounds or 0
    missing = sorted(set(range(1, last + 1)) - {s.number for s in data.rounds})
    if missing:
        raise WorkbookError(f"Settings say {last} qualifying rounds, but round {missing[0]} has no sheet",
                            "qualifying_round_missing", last=last, missing=missing[0])


def qualifying_ranking(result: ScoreResult, lang: str | None = None) -> list[str]:
    """Every player of the qualifying rounds, best first, as the standings engine ranks them under the event's
    Ranking and Tiebreakers.

    Computed from the round results (never read from a Standings sheet, which may be stale): the one call
    into the engine for the playoffs.
    """
    from sheet_scorer.standings.engine import qualifying_sheets, standings_for

    data = result.data
    sheets = qualifying_sheets(data.rounds, data.settings)
    standings = standings_for(result.results, data.settings, data.adjustments, lang or data.settings.language, sheets)
    return standings["player"].tolist()
