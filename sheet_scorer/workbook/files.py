"""Atomic file replacement: write beside the target, then rename, so a crash leaves the old file whole."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from sheet_scorer.model import WorkbookError


@contextlib.contextmanager
def atomic_target(path: Path) -> Iterator[Path]:
    """Yield a temporary path in `path`'s folder; on success it replaces `path`, on failure it is removed."""
    temporary = temporary_beside(path)
    try:
        yield temporary
        replace_with(temporary, path)
    except BaseException:
        discard(temporary)
        raise


def temporary_beside(path: Path) -> Path:
    """A new empty file in `path`'s folder (same file system, so the final rename is atomic)."""
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=path.suffix, dir=path.parent)
    except PermissionError:
        raise WorkbookError(f"{path}: cannot write in the folder {path.parent} (permission denied)") from None
    os.close(handle)
    return Path(temporary)


def replace_with(temporary: Path, path: Path) -> None:
    """Put the finished `temporary` in place of `path`, with the permissions `path` has or should have."""
    os.chmod(temporary, _mode_for(path))
    try:
        os.replace(temporary, path)
    except PermissionError:  # Windows refuses to replace a file that Excel has open
        raise WorkbookError(f"{path}: cannot be replaced; if it is open in Excel or LibreOffice, close it and score again") from None


def discard(temporary: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temporary)


def write_text_atomically(text: str, path: Path) -> None:
    with atomic_target(path) as temporary:
        temporary.write_text(text, encoding="utf-8")


def _mode_for(path: Path) -> int:
    """The existing file's permissions, else what the user's umask gives a new file (mkstemp's 0600 is too tight)."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
