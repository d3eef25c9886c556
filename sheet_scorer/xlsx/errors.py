"""The one exception of the file-format layer: a package that cannot be opened or read safely."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar


class PackageError(Exception):
    """The input cannot be read or the command was misused: one line for the organiser (exit 2).

    With `key`, the line is `i18n.terminal.say(lang, key, **values)` in the command's language, and the
    exception's own text (`str(error)`, for the Python API and logs) is the catalogue's English line: one
    message model, no second copy. `message` is only for a line the catalogue does not hold.
    The tournament layers know this class as `model.WorkbookError`; `english` is set by the package itself
    (`sheet_scorer/__init__.py`, run before any of its modules), since the catalogue lives above this layer, which
    knows no words of its own.
    """

    english: ClassVar[Callable[[str, dict[str, object]], str | None] | None] = None

    def __init__(self, message: str | None = None, /, key: str | None = None, **values: object) -> None:
        super().__init__(message if message is not None else key)
        self.key, self.values = key, values
        self.lang: str | None = None

    def __str__(self) -> str:
        if self.key and PackageError.english is not None:
            line = PackageError.english(self.key, self.values)
            if line is not None:
                return line
        return super().__str__()

    def in_language(self, lang: str | None) -> PackageError:
        """This error, told in `lang`: the workbook's language once it is read (when --lang was not given)."""
        self.lang = lang
        return self
