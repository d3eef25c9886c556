"""The public Python API, one module per command: every command is a function returning a plain result the CLI
only prints.

    from sheet_scorer import score_workbook
    result = score_workbook("spring_open.xlsx")
    result.standings        # DataFrame in rank order: rank, player, the ranking figure (round_points or wins),
                            # the tie-breakers in their order, the other figures (round_points, vp, vp_pct,
                            # games), ahead_by, one column per round (standings.engine.figure_columns)
    result.results          # DataFrame: one row per player per game, with VP, place, round points
    result.problems         # list[Problem]: code, severity, sheet, cell, player, message

`score` and `check` (`score_workbook`, `check_workbook`: api/score.py), a batch (`score_batch`), `new`
(`new_event`), `seat` (`seat_event`), `playoffs` (`playoff_step`), `merge` (`merge_copies`;
`merge --reports`: `merge_reports`), `split`
(`split_event`), `slips` (`write_slips`), `season` (`run_season`) and `live` (api/live.py, imported by itself: it
loads the web server). A batch and the season share one process pool (api/pool.py).

Each function is imported from its module when first asked for (`__getattr__`), so that a command loads only its own
(`score` neither the batch's process pool nor the season's cache).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sheet_scorer.lazy import attributes

if TYPE_CHECKING:
    from sheet_scorer.api.batch import BatchEntry, BatchResult, score_batch
    from sheet_scorer.api.merge import merge_copies, merge_reports
    from sheet_scorer.api.new import NewResult, new_event
    from sheet_scorer.api.playoffs import PlayoffsResult, playoff_step
    from sheet_scorer.api.score import check_data, check_workbook, default_outputs, ods_outputs, score_workbook
    from sheet_scorer.api.season import SeasonResult, run_season
    from sheet_scorer.api.seat import SeatResult, seat_event
    from sheet_scorer.api.slips import SlipsResult, find_sheet, write_slips
    from sheet_scorer.api.split import SplitResult, split_event

_HOMES = {  # each name's module
    "BatchEntry": "batch",
    "BatchResult": "batch",
    "score_batch": "batch",
    "merge_copies": "merge",
    "merge_reports": "merge",
    "NewResult": "new",
    "new_event": "new",
    "PlayoffsResult": "playoffs",
    "playoff_step": "playoffs",
    "check_data": "score",
    "check_workbook": "score",
    "default_outputs": "score",
    "ods_outputs": "score",
    "score_workbook": "score",
    "SeasonResult": "season",
    "run_season": "season",
    "SeatResult": "seat",
    "seat_event": "seat",
    "SlipsResult": "slips",
    "find_sheet": "slips",
    "write_slips": "slips",
    "SplitResult": "split",
    "split_event": "split",
}

__all__ = [
    "BatchEntry",
    "BatchResult",
    "NewResult",
    "PlayoffsResult",
    "SeasonResult",
    "SeatResult",
    "SlipsResult",
    "SplitResult",
    "check_data",
    "check_workbook",
    "default_outputs",
    "find_sheet",
    "merge_copies",
    "merge_reports",
    "new_event",
    "ods_outputs",
    "playoff_step",
    "run_season",
    "score_batch",
    "score_workbook",
    "seat_event",
    "split_event",
    "write_slips",
]

__getattr__ = attributes(__name__, _HOMES)
