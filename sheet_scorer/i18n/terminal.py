"""What the commands print on the terminal, in English, Polish, Portuguese and French (docs/rules.md §5).

`say(lang, key, **values)` gives a line, a heading or a refusal; `count(lang, key, n)` a number with its noun in
the right plural form for `n` (CLDR rules through Babel: `1 błąd`, `2 błędy`, `5 błędów`). Every command prints
through these, so `--lang` (else the workbook's `Settings` → `Language`, else English) decides the whole
terminal, never the computer's locale.

This module is the command line's door to the one message catalogue (`i18n.catalogue`, rendered by
`i18n.text`): only `cli/` imports it (tests/test_layout.py). Below
the command line a line is returned as its key and values, or a `Phrase`, never said.
"""

from __future__ import annotations

from sheet_scorer.i18n.catalogue import has as has_line
from sheet_scorer.i18n.text import count, say

__all__ = ["count", "has_line", "say"]
