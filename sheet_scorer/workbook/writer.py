"""Who loads, fills and saves the scored workbook: this process, or a second one started early.

Loading a workbook with its formatting and saving it again is most of what `score` costs
(bench/RESULTS.md). A `BackgroundWriter` starts a Python process that loads the workbook with
openpyxl while this process reads, validates and scores it with pandas, so on two cores the two
overlap. The plan (`model.WritePlan`, plain values) then goes to that process by pipe, and it
applies the plan and saves into a temporary file beside the target. The process imports openpyxl
only, never pandas.

The temporary file takes the target's place only in `finish`, which the caller reaches once the
report has rendered too: a failure or Ctrl-C anywhere before leaves the target as it was and no
temporary file behind.

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
import traceback
from pathlib import Path
from typing import BinaryIO, Protocol

from sheet_scorer.workbook.files import discard, replace_with, temporary_beside
from sheet_scorer.model import WorkbookError, WritePlan

_PACKAGE_ROOT = str(Path(__file__).resolve().parents[2])
# The child's path: this package's root first, and neither '' nor the current folder, so a stray
# openpyxl.py beside the organiser's workbooks is not what the writer process imports.
_SERVE = ("import os, sys; sys.path[:] = [sys.argv[1]] + [p for p in sys.path if p not in ('', os.getcwd())]; "
          "from sheet_scorer.workbook.writer import serve; serve()")
_ANSWER = b"\x00sheet-scorer answer\x00"  # whatever a site hook prints before it is not taken for the answer


class WriterFailure(Exception):
    """An unexpected error in the writer process; `details` is its traceback there, for `-v`."""

    def __init__(self, message: str, details: str) -> None:
        super().__init__(message)
        self.details = details


class Writer(Protocol):
    def start(self, plan: WritePlan, target: Path) -> None:
        """Hand over what to write; returns at once."""

    def finish(self) -> None:
        """Wait until the scored workbook is saved at the target.

        WorkbookError (one line for the organiser) if it could not be; another exception
        (`WriterFailure` from the second process) for an unexpected failure."""

    def close(self) -> None:
        """Stop without writing, if not finished."""


def start_writer(source: Path, overlap: bool) -> Writer:
    """A background writer when asked for and possible, else one that works in this process."""
    if overlap and sys.executable and not getattr(sys, "frozen", False):  # a frozen app cannot run `python -c`
        try:
            return BackgroundWriter(source)
        except OSError:  # no separate interpreter can be started here: same result, one step after the other
            pass
    return InProcessWriter(source)


class InProcessWriter:
    """Loads, fills and saves in this process, when `finish` is called."""

    def __init__(self, source: Path) -> None:
        self._source = source
        self._job: tuple[WritePlan, Path] | None = None

    def start(self, plan: WritePlan, target: Path) -> None:
        self._job = (plan, target)

    def finish(self) -> None:
        from sheet_scorer.workbook.write import write_scored_workbook

        assert self._job is not None, "start() first"
        write_scored_workbook(self._source, self._job[1], self._job[0])

    def close(self) -> None:
        self._job = None


class BackgroundWriter:
    """Starts loading `source` in a second process at once; `start` sends the plan, `finish` waits and commits."""

    def __init__(self, source: Path) -> None:
        self._process = subprocess.Popen([sys.executable, "-c", _SERVE, _PACKAGE_ROOT], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._sender: threading.Thread | None = None
        self._temporary: Path | None = None
        self._target: Path | None = None
        self._send(pickle.dumps(source))

    def _send(self, data: bytes, close: bool = False) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(data)
            stdin.flush()
            if close:
                stdin.close()
        except (OSError, ValueError):  # the process has ended (EPIPE; EINVAL on Windows): finish() says why
            pass

    def start(self, plan: WritePlan, target: Path) -> None:
        """Send the plan from a thread: the pipe takes it only once the workbook is loaded."""
        self._target, self._temporary = target, temporary_beside(target)
        data = pickle.dumps((plan, self._temporary), protocol=pickle.HIGHEST_PROTOCOL)
        self._sender = threading.Thread(target=self._send, args=(data, True), daemon=True)
        self._sender.start()

    def finish(self) -> None:
        assert self._sender is not None and self._temporary is not None and self._target is not None, "start() first"
        self._sender.join()
        answer = self._answer()
        if isinstance(answer, tuple):
            raise WriterFailure(*answer)
        if answer is not None:
            raise WorkbookError(answer)
        replace_with(self._temporary, self._target)
        self._temporary = None

    def _answer(self) -> str | tuple[str, str] | None:
        """The process's answer: None when saved, the one-line error, or an unexpected failure with its traceback.

        The process has ended when this returns."""
        stdout = self._process.stdout
        assert stdout is not None
        output = stdout.read()
        status = self._process.wait()
        _, marker, answer = output.rpartition(_ANSWER)
        try:
            return pickle.loads(answer) if marker else _stopped(status)
        except Exception:  # a damaged answer: nothing the organiser can act on but the fact
            return _stopped(status)

    def close(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        for pipe in (self._process.stdin, self._process.stdout):
            if pipe is not None:
                with contextlib.suppress(OSError):  # unsent bytes to a process that has ended
                    pipe.close()
        if self._temporary is not None:  # not committed: the target stays as it was
            discard(self._temporary)


def _stopped(status: int) -> str:
    return f"the process writing the scored workbook stopped unexpectedly (exit status {status})"


def _serve(requests: BinaryIO, answers: BinaryIO) -> None:
    """The second process: load at once, then apply the plan that arrives, save, answer None or the error."""
    from sheet_scorer.workbook.write import apply_plan, open_for_writing, save

    source: Path = pickle.load(requests)
    error: str | tuple[str, str] | None
    try:
        book, error = open_for_writing(source), None
    except WorkbookError as problem:
        book, error = None, str(problem)
    try:
        plan, temporary = pickle.load(requests)
    except EOFError:  # the main process stopped before writing (a problem found while reading)
        return
    if book is not None:
        try:
            apply_plan(book, plan)
            del plan  # its values are cells now; free them before the save's own peak
            save(book, temporary)
        except WorkbookError as problem:
            error = str(problem)
        except Exception as problem:  # one line for the organiser; the traceback travels along for -v
            error = (f"while writing the scored workbook: {type(problem).__name__}: {problem}", traceback.format_exc())
    try:
        answers.write(_ANSWER + pickle.dumps(error))
        answers.flush()
    except OSError:  # the main process is gone (killed): nobody will put the file in place, so none is left behind
        discard(temporary)


def serve() -> None:
    """Entry point of the second process: requests on stdin, the answer on stdout."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle: it stops this one
    gc.disable()  # a short-lived process holding millions of openpyxl objects: the cyclic collector only slows it
    channel = sys.stdout.buffer
    sys.stdout = sys.stderr  # nothing printed may corrupt the answer
    _serve(sys.stdin.buffer, channel)
    sys.stderr.flush()
    os._exit(0)  # everything is saved and answered; tearing down the workbook's objects would only delay the reply
