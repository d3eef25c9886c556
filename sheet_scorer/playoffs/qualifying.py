"""The qualifying rank (docs/rules.md §6): the standings engine over the qualifying rounds only."""

from __future__ import annotations

from sheet_scorer.model import ScoreResult, WorkbookData, WorkbookError


def qualifying_sheets(data: WorkbookData) -> list[str]:
    """The round sheets before the playoffs: the first `Qualifying Rounds` (default: all), in round order."""
    return [s.name for s in data.rounds[: data.settings.qualifying_rounds]]


def require_qualifying_played(data: WorkbookData) -> None:
    """Refuse to seed the playoffs while Settings → Qualifying Rounds names more rounds than there are sheets."""
    count = data.settings.qualifying_rounds
    if count is not None and count > len(data.rounds):
        raise WorkbookError(f"Settings say {count} qualifying rounds, but the workbook has {len(data.rounds)} round sheets")


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
