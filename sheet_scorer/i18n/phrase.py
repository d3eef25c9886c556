"""Translatable parts of a line, as values of a WorkbookError or of another line: rendered in the line's language
by `i18n.text.say` (a plain module, so the model and the catalogue both use it without importing each other)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from sheet_scorer.i18n.codes import MessageKey


@dataclass(frozen=True)
class Phrase:
    """A translatable part of a line (the reason a file cannot be written): `i18n.text.say` renders it in the
    line's language; a list of them is joined with '; '."""

    key: MessageKey
    values: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def raised(cls, key: str, values: dict[str, Any]) -> Phrase:
        """The Phrase of a refusal raised by its key as text (the format layer, xlsx/, knows no catalogue)."""
        return cls(cast("MessageKey", key), values)


@dataclass(frozen=True)
class Count:
    """A number with its noun (`i18n.text.count`: "3 errors", "3 błędy"), rendered in the line's language."""

    key: str
    n: int
