"""LibreOffice for the whole test session: every test's inputs converted in one soffice call per target format.

A test module registers the files it wants converted (`job`, at import); the first test that asks for an output
(the `libreoffice` fixture, tests/conftest.py) builds every registered job's inputs and converts them all, one call
per format. A job of several steps (xlsx -> ods -> xlsx) takes its next step in the next round of calls, and a job
`after` another is built from that one's outputs in the round after it; a job that follows none starts in the
round where its steps add the fewest calls (`_starts`). The pytest-xdist workers share one batch:
the first converts under a lock, the others read its outputs. Where LibreOffice's Python (`uno`) is installed, all
the calls go to one soffice kept running for the batch (tests/office_server.py), so LibreOffice starts once.
"""

from __future__ import annotations

import fcntl
import json
import select
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from helpers import soffice_convert
from paths import TESTS

Build = Callable[[Path, "Batch"], list[Path]]
UNO_PYTHON = "/usr/bin/python3"  # the Python LibreOffice's `uno` module is built for (Debian: python3-uno)
SEPARATOR = "--"  # between a job's name and its file's name while the files of every job share one folder


@dataclass(frozen=True)
class Job:
    """Files to convert: built by `build` into a folder of the job's own, then through each format of `steps`."""

    build: Build
    steps: tuple[str, ...]
    after: str | None


JOBS: dict[str, Job] = {}


def job(name: str, *steps: str, after: str | None = None) -> Callable[[Build], Build]:
    """Register `build(folder, batch)` -> the files to convert under `name`, converted through `steps` in turn."""

    def register(build: Build) -> Build:
        JOBS[name] = Job(build, steps, after)
        return build

    return register


class Batch:
    """The converted files of every registered job, made once per session (by one soffice call per format)."""

    def __init__(self, program: str, root: Path) -> None:
        self.program, self.root = program, root
        self._server: subprocess.Popen[str] | None = None
        self._start: dict[str, int] = {}  # the round each job is built in (`_starts`)

    def sources(self, name: str) -> list[Path]:
        """The files job `name` built (before any conversion)."""
        return [Path(line) for line in (self.root / name / "sources").read_text(encoding="utf-8").splitlines()]

    def outputs(self, name: str, step: int = -1) -> Path:
        """The folder of job `name`'s files after `step` (the last by default), named as LibreOffice names them."""
        return self.root / name / f"step{step % len(JOBS[name].steps)}"

    def make(self) -> Batch:
        """Convert every job once, unless another worker did: the lock makes the others wait for its outputs."""
        self.root.mkdir(parents=True, exist_ok=True)
        with (self.root / ".lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if (self.root / "failed").exists():
                raise RuntimeError("the LibreOffice batch failed in another worker (its error is reported there)")
            if not (self.root / "done").exists():
                try:
                    self._convert_all()
                except BaseException:
                    (self.root / "failed").touch()
                    raise
                (self.root / "done").touch()
        return self

    def _convert_all(self) -> None:
        """Round by round: build the jobs whose turn it is, then one call per format for every file due a step."""
        self._server = _office_server(self.program, self.root / "profile")
        try:
            self._rounds()
        finally:
            if self._server is not None:
                self._server.stdin.close()
                self._server.wait(timeout=60)

    def _rounds(self) -> None:
        """Each round's jobs built, then converted by format."""
        start = self._start = _starts()
        inputs: dict[str, list[Path]] = {}
        for turn in range(max(start[n] + len(JOBS[n].steps) for n in JOBS)):
            for name in (n for n in JOBS if start[n] == turn):
                folder = self.root / name / "in"
                folder.mkdir(parents=True)
                inputs[name] = JOBS[name].build(folder, self)
                (self.root / name / "sources").write_text("".join(f"{p}\n" for p in inputs[name]), encoding="utf-8")
            due = [(n, JOBS[n].steps[turn - start[n]]) for n in inputs if 0 <= turn - start[n] < len(JOBS[n].steps)]
            for to in dict.fromkeys(step for _, step in due):
                names = [n for n, step in due if step == to]
                for name, made in self._convert(turn, to, {n: inputs[n] for n in names}).items():
                    inputs[name] = made

    def _convert(self, turn: int, to: str, files: dict[str, list[Path]]) -> dict[str, list[Path]]:
        """One soffice call for all `files` (by job); each job's outputs moved to its own folder, names restored."""
        call = self.root / f"call{turn}-{to.split(':')[0]}-{len(list(self.root.glob(f'call{turn}-*')))}"
        staged = call / "in"
        staged.mkdir(parents=True)
        for name, paths in files.items():
            for path in paths:
                shutil.copy2(path, staged / f"{name}{SEPARATOR}{path.name}")
        timeout = 120 + 10 * sum(len(p) for p in files.values())
        if self._server is None:
            soffice_convert(self.program, sorted(staged.iterdir()), to, call / "out", self.root / "profile", timeout)
        else:
            request = [to, str(call / "out"), [str(p) for p in sorted(staged.iterdir())]]
            self._server.stdin.write(json.dumps(request) + "\n")
            self._server.stdin.flush()
            ready, _, _ = select.select([self._server.stdout], [], [], timeout)  # a hung LibreOffice fails, in time
            if not ready:
                self._server.kill()  # this batch's own server, by its process
                raise RuntimeError(f"the LibreOffice server gave no answer in {timeout} s")
            if self._server.stdout.readline().strip() != "done":
                raise RuntimeError(f"the LibreOffice server stopped (exit {self._server.wait()})")
        made: dict[str, list[Path]] = {}
        for name in files:
            step = self.root / name / f"step{turn - self._start[name]}"
            step.mkdir()
            for output in sorted((call / "out").glob(f"{name}{SEPARATOR}*")):
                made.setdefault(name, []).append(output.rename(step / output.name.split(SEPARATOR, 1)[1]))
        return made


def _starts() -> dict[str, int]:
    """The round in which each job is built, so that the batch makes as few soffice calls (one per round and format)
    as it can: a job `after` another right after that one's last step; each job with the jobs after it placed, the
    longest first, at the earliest round that adds the fewest calls to those already due. (xlsx -> ods of one job
    and ods -> xlsx of another: 3 calls over 3 rounds, not 4 over 2; each LibreOffice start is most of a second.)"""

    def offset(name: str) -> int:
        before = JOBS[name].after
        return 0 if before is None else offset(before) + len(JOBS[before].steps)

    def root(name: str) -> str:
        before = JOBS[name].after
        return name if before is None else root(before)

    groups: dict[str, list[str]] = {}
    for name in JOBS:
        groups.setdefault(root(name), []).append(name)
    calls = {
        first: {(offset(n) + i, step) for n in names for i, step in enumerate(JOBS[n].steps)}
        for first, names in groups.items()
    }
    span = max((turn + 1 for due in calls.values() for turn, _ in due), default=0)
    due: set[tuple[int, str]] = set()
    start: dict[str, int] = {}
    for first in sorted(groups, key=lambda g: -len(calls[g])):  # stable: registration order among equals
        shift = min(range(span), key=lambda s: (len({(t + s, f) for t, f in calls[first]} - due), s))
        due |= {(t + shift, f) for t, f in calls[first]}
        start |= {name: offset(name) + shift for name in groups[first]}
    return start


def _office_server(program: str, profile: Path) -> subprocess.Popen[str] | None:
    """One soffice for all the batch's calls (tests/office_server.py: a start saved per call), else None (then a
    soffice start per call) where LibreOffice's Python `uno` module is missing."""
    if (
        not Path(UNO_PYTHON).is_file()
        or subprocess.run([UNO_PYTHON, "-c", "import uno"], capture_output=True).returncode
    ):
        return None
    return subprocess.Popen(
        [UNO_PYTHON, str(TESTS / "office_server.py"), program, profile.as_uri()],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
