"""The one exception of the file-format layer: a package that cannot be opened or read safely."""

from __future__ import annotations


class PackageError(Exception):
    """The input cannot be read or the command was misused: one line for the organiser (exit 2).

    With `key`, the line is `i18n.terminal.say(lang, key, **values)` in the command's language; the
    English text stays the exception's own (`str(error)`) for the Python API and logs. The tournament
    layers know it as `model.WorkbookError` (the same class), so the key and the line are unchanged.
    """

    def __init__(self, message: str, key: str | None = None, **values: object) -> None:
        super().__init__(message)
        self.key, self.values = key, values
        self.lang: str | None = None

    def in_language(self, lang: str | None) -> PackageError:
        """This error, told in `lang`: the workbook's language once it is read (when --lang was not given)."""
        self.lang = lang
        return self
