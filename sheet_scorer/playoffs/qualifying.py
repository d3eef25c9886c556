"""The qualifying rank (docs/rules.md §6): the standings engine over the qualifying rounds only."""

from __future__ import annotations

from sheet_scorer.model import ScoreResult, WorkbookData, WorkbookError


def qualifying_sheets(data: WorkbookData) -> list[str]:
    """The round sheets before the playoffs: those numbered up to `Qualifying Rounds` (default: all)."""
    last = data.settings.qualifying_rounds
    return [s.name for s in data.rounds if last is None or s.number <= last]


def require_qualifying_played(data: WorkbookData) -> None:
    """Refuse to seed the playoffs while a qualifying round named by Settings → Qualifying Rounds has no sheet."""
    last = data.settings.qualifying_rounds or 0
    missing = sorted(set(range(1, last + 1)) - {s.number for s in data.rounds})
    if missing:
        raise WorkbookError(f"Settings say {last} qualifying rounds, but round {missing[0]} has no sheet")


def qualifying_ranking(result: ScoreResult, lang: str | None = None) -> list[str]:
    """Every player of the qualifying rounds, best first, as the standings engine ranks them.

    Computed from the round results (never read from a Standings sheet, which may be stale). This is the
    one call into the engine: a ranking under the event's Ranking/Tiebreakers replaces it here.
    """
    from sheet_scorer.standings.engine import compute_standings

    sheets = qualifying_sheets(result.data)
    results = result.results[result.results["sheet"].isin(sheets)]
    standings = compute_standings(results, sheets, lang or result.data.settings.language)
    return standings["player"].tolist()
