"""Control characters shown, never obeyed: what the tool prints or writes shows `\\x07`, not a bell.

A workbook can hold any character (Excel stores them as `_x0007_`); printed raw, ESC[2J clears the
organiser's terminal and an OSC sequence sets its title, and a spreadsheet cell cannot hold them.
The organiser's own cells keep their values; only the text the tool shows passes through `visible`.
"""

from __future__ import annotations

import re

# C0 controls (tab and newlines too: a message is one line), DEL, C1 controls, and the Unicode
# direction overrides that make text display in another order than it is stored.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    """`text` with every control character written out (`\\x1b`, `\\u202e`); other text unchanged."""
    return _CONTROL.sub(_escape, text) if _CONTROL.search(text) else text
