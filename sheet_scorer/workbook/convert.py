"""LibreOffice files (`.ods`) in, `.xlsx` out: a headless LibreOffice converts them (docs/rules.md §1).

Reading an `.ods` for its values alone would lose the organiser's formatting in the scored copy;
LibreOffice's own conversion keeps what Excel can hold. Many files go through one LibreOffice
start (it costs seconds), with a throwaway profile so a running LibreOffice is never disturbed,
and a time limit after which the process group this module started is ended by its id.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from sheet_scorer.model import WorkbookError

ODS_SUFFIXES = (".ods",)
PROGRAMS = ("soffice", "libreoffice")
SECONDS_PER_CALL = 60  # LibreOffice's start, then SECONDS_PER_FILE for each file
SECONDS_PER_FILE = 20


def is_ods(path: Path) -> bool:
    return path.suffix.lower() in ODS_SUFFIXES


# Where the LibreOffice installers put the program, for systems that do not add it to PATH.
KNOWN_LOCATIONS = (
    Path(os.environ.get("PROGRAMFILES", "C:/Program Files")) / "LibreOffice/program/soffice.exe",
    Path(os.environ.get("PROGRAMFILES(X86)", "C:/Program Files (x86)")) / "LibreOffice/program/soffice.exe",
    Path("/Applications/LibreOffice.app/Contents/MacOS/soffice"),
)


def libreoffice() -> str | None:
    """The LibreOffice program: $SOFFICE, else on PATH, else where its installer puts it (Windows, macOS)."""
    on_path = next((found for name in PROGRAMS if (found := shutil.which(name))), None)
    installed = next((str(p) for p in KNOWN_LOCATIONS if p.is_file()), None)
    return os.environ.get("SOFFICE") or on_path or installed


def convert_to_xlsx(sources: list[Path], folder: Path) -> dict[Path, Path]:
    """Each `.ods` in `sources` converted to `folder/<stem>.xlsx`, with as few LibreOffice starts as
    names allow (two files of one name need two). One line (WorkbookError) when it cannot be done."""
    for source in sources:
        if not source.is_file():
            raise WorkbookError(key="no_such_file", path=source)
    program = libreoffice()
    if program is None:
        raise WorkbookError(key="ods_no_libreoffice", path=sources[0])
    converted: dict[Path, Path] = {}
    pending = list(dict.fromkeys(sources))
    while pending:
        batch, stems = [], set()
        for source in pending:
            if source.stem not in stems:
                stems.add(source.stem)
                batch.append(source)
        pending = [p for p in pending if p not in batch]
        call_folder = Path(tempfile.mkdtemp(prefix="call-", dir=folder))
        _run(program, batch, call_folder)
        for source in batch:
            target = call_folder / f"{source.stem}.xlsx"
            if not target.is_file():
                raise WorkbookError(key="ods_not_converted", path=source)
            converted[source] = target
    return converted


def _run(program: str, sources: list[Path], folder: Path) -> None:
    """One headless LibreOffice run converting `sources` into `folder`, within its time limit."""
    profile = folder / "profile"
    command = [
        program,
        f"-env:UserInstallation={profile.as_uri()}",
        "--headless",
        "--norestore",
        "--nolockcheck",
        "--convert-to",
        "xlsx",
        "--outdir",
        str(folder),
        *(str(s.resolve()) for s in sources),
    ]
    limit = SECONDS_PER_CALL + SECONDS_PER_FILE * len(sources)
    process = subprocess.Popen(
        command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        process.wait(timeout=limit)
    except BaseException as stop:  # the time limit, or Ctrl-C: end what was started here, by its id
        _end(process)
        if isinstance(stop, subprocess.TimeoutExpired):
            raise WorkbookError(key="ods_timeout", path=sources[0], seconds=limit) from None
        raise
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def _end(process: subprocess.Popen[bytes]) -> None:
    """End LibreOffice started by `_run`: its whole session (it starts a helper process) where there are sessions."""
    with contextlib.suppress(ProcessLookupError):
        if hasattr(os, "killpg"):
            os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()
    process.wait()
