"""The one process pool of the commands that work through many workbooks (`score` of a batch, `season`), with one
Ctrl-C policy: the workbooks in hand finish, no other starts, and the interrupt reaches the caller."""

from __future__ import annotations

import os
import signal
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TypeVar

Item = TypeVar("Item")
Done = TypeVar("Done")

_stopping = False  # set in a worker by Ctrl-C: the workbook in hand finishes, the rest are skipped


def stopping() -> bool:
    """True in a worker once Ctrl-C came: a workbook not started yet is skipped rather than begun."""
    return _stopping


def _finish_current_on_interrupt() -> None:
    """Worker initializer: Ctrl-C sets `_stopping` instead of abandoning a workbook half-way, unless the tool was
    started to ignore it (a background job, `nohup`), as its main process does; a library's warning is not printed
    (only the tool's own lines reach the terminal)."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, _stop)
    warnings.simplefilter("ignore")


def _stop(signum: int, frame: object) -> None:
    global _stopping
    _stopping = True


def workers(jobs: int | None, count: int) -> int:
    """Processes to start: `jobs`, else the number of cores, never more than the workbooks (at least one)."""
    return max(1, min(jobs or os.cpu_count() or 1, count or 1))


def run_all(
    work: Callable[[Item], Done],
    items: Sequence[Item],
    jobs: int,
    done: Callable[[Item, Done], None] | None = None,
) -> dict[int, Done]:
    """`work` of every item in `jobs` worker processes; `done` is told of each as it finishes. Returns index ->
    result. Ctrl-C: the items in hand finish, the others are not started, and KeyboardInterrupt is raised."""
    found: dict[int, Done] = {}
    with ProcessPoolExecutor(max_workers=jobs, initializer=_finish_current_on_interrupt) as pool:
        futures = {pool.submit(work, item): index for index, item in enumerate(items)}
        try:
            for future in as_completed(futures):
                index = futures[future]
                found[index] = future.result()
                if done is not None:
                    done(items[index], found[index])
        except KeyboardInterrupt:
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return found
