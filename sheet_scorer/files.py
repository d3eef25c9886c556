"""Atomic file replacement: write beside the target, then rename, so a crash leaves the old file whole."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def atomic_target(path: Path) -> Iterator[Path]:
    """Yield a temporary path in `path`'s folder; on success it replaces `path`, on failure it is removed."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=path.suffix, dir=path.parent)
    os.close(handle)
    try:
        yield Path(temporary)
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


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
