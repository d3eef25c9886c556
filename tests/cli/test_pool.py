"""The one process pool of a batch and the season (api/pool.py): every item's result by its index, each told as it
finishes, and as many workers as asked but never more than the items."""

from __future__ import annotations

import os
import signal

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


def _told_to_stop(n: int) -> bool:
    """In a worker: Ctrl-C sent to this process alone, then whether the worker took it as "stop after this one"."""
    os.kill(os.getpid(), signal.SIGINT)
    return stopping()


def test_a_worker_stops_on_ctrl_c_unless_the_tool_was_started_to_ignore_it() -> None:
    before = signal.getsignal(signal.SIGINT)
    try:
        # as a terminal starts the tool: Python's own handler, whatever this test run inherited (started by `nohup`
        # or as a shell's background job, pytest itself ignores SIGINT, and so would the worker)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        assert run_all(_told_to_stop, [1], 1) == {0: True}  # a terminal's Ctrl-C: the worker stops after its item
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # as `nohup` or a background job starts the tool
        assert run_all(_told_to_stop, [1], 1) == {0: False}  # ignored, as the main process ignores it
    finally:
        signal.signal(signal.SIGINT, before)
