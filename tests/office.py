"""LibreOffice for the whole test session: every test's inputs converted in one soffice call per target format.

A test module registers the files it wants converted (`job`, at import); the first test that asks for an output
(the `libreoffice` fixture, tests/conftest.py) builds every registered job's inputs and converts them all, one call
per format. A job of several steps (xlsx -> ods -> xlsx) takes its next step in the next round of calls, and a job
`after` another is built from that one's outputs in the round after it. The pytest-xdist workers share one batch:
the first converts under a lock, the others read its outputs.
"""

from __future__ import annotations

import fcntl
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from helpers import soffice_convert

Build = Callable[[Path, "Batch"], list[Path]]
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
            if not (self.root / "done").exists():
                self._convert_all()
                (self.root / "done").touch()
        return self

    def _convert_all(self) -> None:
        """Round by round: build the jobs whose turn it is, then one call per format for every file due a step."""
        start = {name: self._round(name) for name in JOBS}
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

    def _round(self, name: str) -> int:
        """The round in which job `name` is built: after the last step of the job it follows."""
        before = JOBS[name].after
        return 0 if before is None else self._round(before) + len(JOBS[before].steps)

    def _convert(self, turn: int, to: str, files: dict[str, list[Path]]) -> dict[str, list[Path]]:
        """One soffice call for all `files` (by job); each job's outputs moved to its own folder, names restored."""
        call = self.root / f"call{turn}-{to.split(':')[0]}-{len(list(self.root.glob(f'call{turn}-*')))}"
        staged = call / "in"
        staged.mkdir(parents=True)
        for name, paths in files.items():
            for path in paths:
                shutil.copy2(path, staged / f"{name}{SEPARATOR}{path.name}")
        timeout = 120 + 10 * sum(len(p) for p in files.values())
        soffice_convert(self.program, sorted(staged.iterdir()), to, call / "out", self.root / "profile", timeout)
        made: dict[str, list[Path]] = {}
        for name in files:
            step = self.root / name / f"step{turn - self._round(name)}"
            step.mkdir()
            for output in sorted((call / "out").glob(f"{name}{SEPARATOR}*")):
                made.setdefault(name, []).append(output.rename(step / output.name.split(SEPARATOR, 1)[1]))
        return made
