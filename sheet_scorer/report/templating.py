"""jinja2 environments for the pages (report, slips), their templates compiled once per user and kept.

Compiling report.html.j2 costs more than rendering a typical event (~0.1 s of a 0.8 s `score`), so the
compiled code is kept in the user's cache folder (jinja2's bytecode cache) and reused by the next run.
A template whose source changed is compiled again (jinja2 compares a checksum of the source); a cache
folder that cannot be created, read or written only means compiling every time, never an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from pathlib import Path
from typing import Any

import jinja2

_OPTIONS = ("autoescape", "trim_blocks", "lstrip_blocks", "undefined", "finalize")


def cache_folder() -> Path | None:
    """Where compiled templates are kept: `%LOCALAPPDATA%\\sheet-scorer` on Windows, else `$XDG_CACHE_HOME/sheet-scorer`
    (`~/.cache/sheet-scorer`); None when no such folder can be made."""
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    elif os.environ.get("XDG_CACHE_HOME"):
        base = Path(os.environ["XDG_CACHE_HOME"])
    else:
        try:
            base = Path.home() / ".cache"
        except (RuntimeError, KeyError):  # no home folder (a service account)
            return None
    folder = base / "sheet-scorer" / f"templates-jinja{jinja2.__version__}"
    try:
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK | os.X_OK) else None


class QuietBytecodeCache(jinja2.FileSystemBytecodeCache):
    """jinja2's file cache, keyed also by the environment's options, that never fails a render: a file it
    cannot read or write (a full disk, another process clearing it, a damaged entry) is compiled instead."""

    def __init__(self, directory: Path, signature: str) -> None:
        super().__init__(str(directory), "%s.cache")
        self.signature = signature

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        """The template's name and file, and the options its code was compiled with (`trim_blocks`, `finalize`…)."""
        return hashlib.sha1(f"{self.signature}\0{name}\0{filename or ''}".encode()).hexdigest()

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with contextlib.suppress(OSError):  # not writable after all: the page is rendered all the same
            super().dump_bytecode(bucket)


_DICT_ATTRIBUTES = frozenset(dir(dict))


class _Environment(jinja2.Environment):
    """jinja2's environment reading `row.field` of a plain dict as its key straight away: jinja2 tries the attribute
    first, and the miss (an exception) on every field of every row was a fifth of rendering the report. The same
    answers: a dict's own attributes (`items`) still win, a missing key is still undefined."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        """`obj.attribute`: a plain dict's key first (no exception per field), else as jinja2 does."""
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


def environment(folder: Path, cache: Path | bool | None = True, **options: Any) -> jinja2.Environment:
    """An environment loading templates from `folder` with `options`; compiled templates kept in `cache`
    (True: `cache_folder()`; None or False: not kept)."""
    where = cache_folder() if cache is True else cache or None
    signature = repr([(key, getattr(options.get(key), "__qualname__", options.get(key))) for key in _OPTIONS])
    bytecode = QuietBytecodeCache(where, signature) if where is not None else None
    return _Environment(loader=jinja2.FileSystemLoader(folder), bytecode_cache=bytecode, **options)
