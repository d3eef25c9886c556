"""The one process pool of a batch and the season (api/pool.py): every item's result by its index, each told as it
finishes, and as many workers as asked but never more than the items."""

from __future__ import annotations

from sheet_scorer.api.pool import run_all, stopping, workers


def _square(n: int) -> int:
    return n * n


def test_every_item_is_worked_once_and_told_as_it_finishes() -> None:
    told: list[tuple[int, int]] = []
    found = run_all(_square, [3, 1, 4], 2, lambda item, result: told.append((item, result)))
    assert found == {0: 9, 1: 1, 2: 16}
    assert sorted(told) == [(1, 1), (3, 9), (4, 16)]
    assert not stopping()  # Ctrl-C is a worker's flag: this process never set it


def test_workers_are_the_jobs_asked_never_more_than_the_items() -> None:
    assert workers(8, 3) == 3 and workers(2, 10) == 2 and workers(None, 0) == 1 and workers(1, 5) == 1
