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
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_text_atomically(text: str, path: Path) -> None:
    with atomic_target(path) as temporary:
        temporary.write_text(text, encoding="utf-8")
