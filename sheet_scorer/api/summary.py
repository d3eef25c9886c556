"""What `score` prints of a scored event besides its standings (docs/rules.md §5): the tables scored, how far the
event has got, the figures shown, the players who withdrew and, once the Final is scored, the final ranking."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult
    from sheet_scorer.playoffs.ranking import Placing


@dataclass(frozen=True)
class ScoreSummary:
    """The terminal's figures of one scored event, worked out once here so that the command line only prints."""

    tables_scored: int  # tables scored, rounds and playoffs
    tables: int  # tables in all, rounds and playoffs
    playoff_tables: int  # of those, the playoff sheets' tables
    errors: int
    warnings: int
    progress: str  # "Standings after Round 2; Round 3: 4 of 6 tables reported", "" once every table is reported
    figures: list[str]  # the standings figures shown, the ranking figure first (docs/rules.md §5)
    withdrawn: dict[str, str] = field(default_factory=dict)  # player -> "withdrawn after Round 2"
    final_ranking: list[Placing] = field(default_factory=list)  # once the Final is scored (docs/rules.md §6)


def summarise(result: ScoreResult) -> ScoreSummary:
    """The summary `score` prints of `result`, in `result.lang`."""
    from sheet_scorer.playoffs.ranking import event_placings
    from sheet_scorer.report.facts import progress_note, shown_figures, withdrawn_notes

    scored, tables, playoff = _tables(result)
    errors = sum(p.severity == "error" for p in result.problems)
    return ScoreSummary(
        scored,
        tables,
        playoff,
        errors,
        len(result.problems) - errors,
        progress_note(result, result.lang),
        [f for f in shown_figures(result) if f != "adjustment_notes"],
        withdrawn_notes(result, result.lang),
        event_placings(result) or [],
    )


def _tables(result: ScoreResult) -> tuple[int, int, int]:
    """Tables scored, tables in all (rounds and playoffs), and of those the playoff tables."""
    import pandas as pd

    frames = [f for f in (result.results, result.playoff_results) if f is not None and len(f)]
    if not frames:
        return 0, 0, 0
    rows = pd.concat(frames, ignore_index=True)
    games = rows[~rows["bye"].astype(bool) & rows["table"].notna()]
    tables = games.groupby(["sheet", "table"])["game"].all()
    playoff = {s.name for s in result.data.playoffs}
    return int(tables.sum()), len(tables), sum(sheet in playoff for sheet, _ in tables.index)
