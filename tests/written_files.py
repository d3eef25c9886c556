"""Every workbook the tool writes during the tests, checked against the package invariants (tests/xlsx_invariants.py).

How a file is known to be the tool's: every output the tool writes is put in place by
`sheet_scorer.workbook.files.replace_with` (the atomic rename), so that function is wrapped for the whole
session and the bytes of each .xlsx/.xlsm it puts in place are kept as written. A file the test makes itself
(an input, a damaged package for a refusal, a copy the test edits after the tool wrote it) never passes
through it, so it is never judged; a file the tool wrote and the test later damages is judged as the tool
wrote it. What the input already had is subtracted: every package opened with `zipfile` while the test runs
(the tool opens its inputs so) is kept too, and an output fails only on problems none of the packages opened
before it was written had (a read-back of the output itself comes after, so it excuses nothing; an input that is
itself an earlier output counts with what it was allowed to carry). Not seen: files
written by another process (a command run with `subprocess`, batch workers) — their tests check what they need.

conftest.py checks after each test's body, so a failure fails the test (and an `xfail` applies to it).
"""

from __future__ import annotations

import hashlib
import os
import zipfile
from pathlib import Path
from typing import Any

import pytest
from xlsx_invariants import Invariant, added, problems

SUFFIXES = (".xlsx", ".xlsm")
_LARGEST = 32 * 2**20  # inputs larger than this are not kept (none of the tests' tool outputs is near it)


class Recorder:
    """The tool's writes and the packages opened since the last check (each with the moment, a count, it happened),
    and what each output judged so far may carry."""

    def __init__(self) -> None:
        self.moment = 0
        self.written: list[tuple[Path, bytes, int]] = []
        self.opened: dict[str, tuple[int, bytes]] = {}
        self.carried: dict[str, list[Invariant]] = {}

    def install(self, patch: pytest.MonkeyPatch) -> None:
        """Wrap the tool's atomic rename and `zipfile.ZipFile` for the session."""
        from sheet_scorer.workbook import files

        replace_with, open_zip = files.replace_with, zipfile.ZipFile.__init__

        def recording_replace(temporary: Path, path: Path) -> None:
            replace_with(temporary, path)
            if Path(path).suffix.lower() in SUFFIXES:
                self.moment += 1
                self.written.append((Path(path), Path(path).read_bytes(), self.moment))

        def recording_open(archive: zipfile.ZipFile, file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> None:
            open_zip(archive, file, mode, *args, **kwargs)
            name = file if isinstance(file, (str, os.PathLike)) else getattr(file, "name", None)
            if mode == "r" and isinstance(name, (str, os.PathLike)):
                self.keep(Path(name))

        patch.setattr(files, "replace_with", recording_replace)
        patch.setattr(zipfile.ZipFile, "__init__", recording_open)

    def keep(self, path: Path) -> None:
        try:
            if path.stat().st_size <= _LARGEST and not path.name.endswith(".sheet-scorer-tmp"):
                data = path.read_bytes()
                self.moment += 1
                self.opened.setdefault(_digest(data), (self.moment, data))
        except OSError:
            pass

    def forget(self) -> None:
        self.written, self.opened = [], {}

    def check(self) -> None:
        """Fail on every problem a tool output written since the last check added to what was opened before it was
        written (its inputs: a read-back of the output itself comes after); then forget them."""
        written, opened = self.written, self.opened
        self.forget()
        failures = []
        for path, data, moment in written:
            found = every = _problems(data)
            if found:
                inputs = [(digest, raw) for digest, (seen, raw) in opened.items() if seen < moment]
                found = added(found, [p for digest, raw in inputs for p in self.allowed(digest, raw)])
            self.carried[_digest(data)] = [p for p in every if p not in found]
            if found:
                failures.append(
                    f"{path.name} (written by the tool) breaks:\n" + "\n".join(f"  {p}" for p in found[:12])
                )
        if failures:
            pytest.fail("package invariants (tests/xlsx_invariants.py):\n" + "\n".join(failures), pytrace=False)

    def allowed(self, digest: str, data: bytes) -> list[Invariant]:
        """What an input may pass on: an earlier output what it carried, any other package its own problems."""
        return self.carried[digest] if digest in self.carried else _problems(data)


def _digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


# The problems of each package judged, by its digest: the same bytes come back again and again (an input many tests
# write alike, the same workbook scored by several tests), and `problems` depends on nothing else.
_JUDGED: dict[str, list[Invariant]] = {}


def _problems(data: bytes) -> list[Invariant]:
    """`problems(data)`, judged once per distinct package in this process."""
    digest = _digest(data)
    if digest not in _JUDGED:
        _JUDGED[digest] = problems(data)
    return list(_JUDGED[digest])


RECORDER = Recorder()
