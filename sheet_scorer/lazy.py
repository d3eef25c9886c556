"""Public names imported when first asked for (PEP 562's module `__getattr__`): a package lists each name's module,
so that a command loads only what it uses (`sheet-scorer --help` does not pay for pandas)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def attributes(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """`package`'s module `__getattr__`: a name of `homes` imported from its module (relative to `package`)."""

    def __getattr__(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(import_module(f".{homes[name]}", package), name)

    return __getattr__
