"""Who loads, fills and saves the scored workbook: this process, or a second one started early.

Loading a workbook with its formatting and saving it again is most of what `score` costs
(bench/RESULTS.md). A `BackgroundWriter` starts a Python process that loads the workbook with
openpyxl while this process reads, validates and scores it with pandas, so on two cores the two
overlap. The plan (`model.WritePlan`, plain values) then goes to that process by pipe, and it
applies the plan and saves. The process imports openpyxl only, never pandas.

`InProcessWriter` does the same in this process, after scoring: a batch already keeps every
core busy with one workbook each.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import BinaryIO, Protocol

from .model import WorkbookError, WritePlan

_PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent)
# The current folder is dropped from the path first: a stray openpyxl.py beside the organiser's
# workbooks must not be what the writer process imports.
_SERVE = "import sys; del sys.path[0]; from sheet_scorer.writer import serve; serve()"


def start_writer(source: Path, overlap: bool) -> Writer:
    """A background writer when asked for and possible, else one that works in this process."""
    if overlap and sys.executable:
        try:
            return BackgroundWriter(source)
        except OSError:  # no separate interpreter can be started here (an embedded Python): same result, slower
            pass
    return InProcessWriter(source)


class Writer(Protocol):
    def start(self, plan: WritePlan, target: Path) -> None:
        """Hand over what to write; returns at once."""

    def finish(self) -> None:
        """Wait until the scored workbook is saved; WorkbookError if it could not be."""

    def close(self) -> None:
        """Stop without writing, if not finished."""


class InProcessWriter:
    """Loads, fills and saves in this process, when `finish` is called."""

    def __init__(self, source: Path) -> None:
        self._source = source
        self._job: tuple[WritePlan, Path] | None = None

    def start(self, plan: WritePlan, target: Path) -> None:
        self._job = (plan, target)

    def finish(self) -> None:
        from .write import write_scored_workbook

        assert self._job is not None, "start() first"
        write_scored_workbook(self._source, self._job[1], self._job[0])

    def close(self) -> None:
        self._job = None


class BackgroundWriter:
    """Starts loading `source` in a second process at once; `start` sends the plan, `finish` waits."""

    def __init__(self, source: Path) -> None:
        environment = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [_PACKAGE_ROOT, os.environ.get("PYTHONPATH")]))}
        self._process = subprocess.Popen(
            [sys.executable, "-c", _SERVE], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=environment,
        )
        self._sender: threading.Thread | None = None
        self._send(pickle.dumps(source))

    def _send(self, data: bytes, close: bool = False) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(data)
            stdin.flush()
            if close:
                stdin.close()
        except (BrokenPipeError, ValueError):  # the process has ended; finish() says why
            pass

    def start(self, plan: WritePlan, target: Path) -> None:
        """Send the plan from a thread: the pipe takes it only once the workbook is loaded."""
        data = pickle.dumps((plan, target), protocol=pickle.HIGHEST_PROTOCOL)
        self._sender = threading.Thread(target=self._send, args=(data, True), daemon=True)
        self._sender.start()

    def finish(self) -> None:
        assert self._sender is not None, "start() first"
        self._sender.join()
        stdout = self._process.stdout
        assert stdout is not None
        try:
            error = pickle.load(stdout)
        except (EOFError, pickle.UnpicklingError):
            error = f"the process writing the scored workbook stopped unexpectedly (exit status {self._process.wait()})"
        self._process.wait()
        if error:
            raise WorkbookError(error)

    def close(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        for pipe in (self._process.stdin, self._process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):  # unsent bytes to a process that has ended
                    pipe.close()


def _serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """The second process: load at once, then apply the plan that arrives, save, answer None or the error."""
    from .write import apply_plan, open_for_writing, save_atomically

    source: Path = pickle.load(requests)
    try:
        book, error = open_for_writing(source), None
    except WorkbookError as problem:
        book, error = None, str(problem)
    try:
        plan, target = pickle.load(requests)
    except EOFError:  # the main process stopped before writing (a problem found while reading)
        return
    if book is not None:
        try:
            apply_plan(book, plan)
            del plan  # its values are cells now; free them before the save's own peak
            save_atomically(book, target)
        except WorkbookError as problem:
            error = str(problem)
        except Exception as problem:  # reported by the main process as one line, never a traceback
            error = f"unexpected failure while writing {target} ({type(problem).__name__}: {problem})"
    pickle.dump(error, answers)
    answers.flush()


def serve() -> None:
    """Entry point of the second process: requests on stdin, the answer on stdout."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle: it stops this one
    gc.disable()  # a short-lived process holding millions of openpyxl objects: the cyclic collector only slows it
    channel = sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing printed may corrupt the answer
    _serve(sys.stdin.buffer, channel)
    sys.stderr.flush()
    os._exit(0)  # everything is saved and answered; tearing down the workbook's objects would only delay the reply
