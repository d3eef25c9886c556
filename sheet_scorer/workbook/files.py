"""Atomic file replacement: write beside the target, then rename, so a crash leaves the old file whole.

Temporary files are named `.NAME.<process id>.<random>.sheet-scorer-tmp`: a run removes those of
runs whose process is gone (killed part-way), never one another live run is still writing.
Several outputs (scored workbook, report, JSON) are written first and put in place together, so a
full disk part-way leaves every output as it was. A file replaced keeps its previous version as
NAME.backup.xlsx and its very first as NAME.original.xlsx (docs/rules.md §5).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator, Set
from pathlib import Path

from sheet_scorer.i18n.codes import MessageKey
from sheet_scorer.model import WorkbookError

TEMPORARY_SUFFIX = ".sheet-scorer-tmp"
_TEMPORARY = re.compile(r"^\..*\.(\d+)\.[A-Za-z0-9_]+" + re.escape(TEMPORARY_SUFFIX) + "$")
_tidied: set[Path] = set()


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


def write_all(writers: dict[Path, Callable[[Path], None]], versions: Set[Path] = frozenset()) -> None:
    """Write every target through its own temporary file, then put them all in place.

    Nothing is replaced unless every file was written whole; the targets in `versions` that exist
    keep their previous version (`keep_versions`) just before they are replaced."""
    temporaries: dict[Path, Path] = {}
    kept: list[Path] = []
    try:
        for target, write in writers.items():
            temporaries[target] = temporary_beside(target)
            try:
                write(temporaries[target])
            except OSError as error:
                raise write_error(target, error) from None
        for target in writers:
            if target in versions and target.exists():
                kept += keep_versions(target)
        for target, temporary in temporaries.items():
            replace_with(temporary, target)
    except BaseException:
        for path in kept:  # versions made for a replacement that did not happen
            discard(path)
        raise
    finally:
        for temporary in temporaries.values():
            discard(temporary)


def backup_path(path: Path) -> Path:
    """NAME.backup.xlsx: where the version before a replacement of `path` is kept (docs/rules.md §5)."""
    return path.with_name(f"{path.stem}.backup{path.suffix}")


def keep_versions(path: Path) -> list[Path]:
    """Before `path` is replaced: NAME.original.xlsx once (the first version), NAME.backup.xlsx every time.

    Returns the files that did not exist before (removed again if the replacement fails)."""
    original = path.with_name(f"{path.stem}.original{path.suffix}")
    backup = backup_path(path)
    created = [p for p in (original, backup) if not p.exists()]
    try:
        if not original.exists():
            shutil.copy2(path, original)
        shutil.copy2(path, backup)
    except OSError as error:
        for made in created:
            discard(made)
        raise write_error(backup, error) from None
    return created


def temporary_beside(path: Path) -> Path:
    """A new empty file in `path`'s folder (same file system, so the final rename is atomic)."""
    remove_abandoned(path.parent)
    try:
        handle, temporary = tempfile.mkstemp(
            prefix=f".{path.name}.{os.getpid()}.", suffix=TEMPORARY_SUFFIX, dir=path.parent
        )
    except OSError as error:
        raise write_error(path, error, folder=True) from None
    os.close(handle)
    return Path(temporary)


def remove_abandoned(folder: Path) -> None:
    """Remove this tool's temporary files in `folder` whose writing process has ended (once per folder and run)."""
    folder = folder.resolve()
    if folder in _tidied or os.name == "nt":  # os.kill(pid, 0) is no liveness test on Windows
        return
    _tidied.add(folder)
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            found = _TEMPORARY.match(entry.name)
            if found and not _alive(int(found.group(1))):
                discard(Path(entry.path))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def replace_with(temporary: Path, path: Path) -> None:
    """Put the finished `temporary` in place of `path`, with the permissions `path` has or should have."""
    try:
        os.chmod(temporary, _mode_for(path))
        os.replace(temporary, path)
    except PermissionError:  # Windows refuses to replace a file that Excel has open
        raise WorkbookError(key="cannot_replace", path=path) from None
    except OSError as error:
        raise write_error(path, error) from None


_REASON_KEYS: dict[int, MessageKey] = {
    errno.ENOSPC: "reason_disk_full",
    errno.EROFS: "reason_read_only",
    errno.EACCES: "reason_denied",
    errno.EPERM: "reason_denied",
    errno.EISDIR: "reason_is_folder",
    errno.ENOENT: "reason_no_folder",
    errno.EDQUOT: "reason_quota",
}


def write_error(path: Path, error: OSError, folder: bool = False) -> WorkbookError:
    """The one-line error for a file-system failure while writing `path`, translatable when its cause is known."""
    from sheet_scorer.i18n.phrase import Phrase

    key = _REASON_KEYS.get(error.errno or 0)
    if key is None:  # the system's own words for a rarer failure stay as they are
        return WorkbookError(
            key="cannot_write_folder" if folder else "cannot_write",
            path=path,
            folder=path.parent,
            reason=error.strerror or type(error).__name__,
        )
    reason = Phrase(key, {"folder": path.parent})
    if folder:
        return WorkbookError(key="cannot_write_folder", path=path, folder=path.parent, reason=reason)
    return WorkbookError(key="cannot_write", path=path, reason=reason)


def discard(temporary: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temporary)


def write_text_atomically(text: str, path: Path) -> None:
    with atomic_target(path) as temporary:
        try:
            temporary.write_text(text, encoding="utf-8")
        except OSError as error:
            raise write_error(path, error) from None


def _mode_for(path: Path) -> int:
    """The existing file's permissions, else what the user's umask gives a new file (mkstemp's 0600 is too tight)."""
    try:
        return path.stat().st_mode & 0o777
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
