"""The shared-string table (`xl/sharedStrings.xml`): look strings up, append the ones the tool needs.

The organiser's strings stay where they are (cells keep pointing at them); a string the table already
holds is reused, so scoring again appends nothing.
"""

from __future__ import annotations

import re

from sheet_scorer.xlsx.opc import NS_MAIN
from sheet_scorer.xlsx.splice import ATTRS, root_span, set_attribute, text_xml
from sheet_scorer.xlsx.text import shown_text, unescape

_ITEM = re.compile(rb"<((?:[\w.\-]+:)?)si\b" + ATTRS + rb"?(?:/>|>(.*?)</\1si>)", re.S)
_PLAIN = re.compile(
    rb"\s*<((?:[\w.\-]+:)?)t\b" + ATTRS + rb">([^<]*)</\1t>\s*|\s*<(?:[\w.\-]+:)?t\b" + ATTRS + rb"/>\s*"
)
EMPTY = (
    b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="'
    + NS_MAIN.encode()
    + b'" count="0" uniqueCount="0"></sst>'
)


class SharedStrings:
    """Index lookups and appends on one shared-string table."""

    def __init__(self, xml: bytes | None) -> None:
        self._xml = xml or EMPTY
        self.created = xml is None
        self._items: list[bytes] = []
        self._index: dict[bytes, int] = {}
        for item in _ITEM.finditer(self._xml):
            inner = item.group(2) or b""
            plain = _PLAIN.fullmatch(inner)
            if plain is not None:
                self._index.setdefault(plain.group(2) or b"", len(self._items))
            self._items.append(inner)
        self._added: list[bytes] = []
        self.added_texts: list[str] = []  # the appended strings' texts, as a reader of the written table reads them

    def index(self, text: str) -> int:
        """The index of `text` as a plain string, appended when the table does not hold it yet."""
        key = text_xml(text).encode("utf-8")
        found = self._index.get(key)
        if found is None:
            found = self._index[key] = len(self._items)
            space = b' xml:space="preserve"' if text != text.strip() or "\n" in text else b""
            self._items.append(b"<t" + space + b">" + key + b"</t>")
            self._added.append(self._items[-1])
            self.added_texts.append(shown_text(unescape(key.decode("utf-8"))))
        return found

    @property
    def changed(self) -> bool:
        return bool(self._added) or self.created

    def xml(self) -> bytes:
        """The table with the appended strings (and its counts) when any were appended."""
        if not self._added:
            return self._xml
        prefix, start, end = root_span(self._xml)
        added = b"".join(
            b"<"
            + prefix
            + b"si>"
            + (item.replace(b"<t", b"<" + prefix + b"t").replace(b"</t>", b"</" + prefix + b"t>") if prefix else item)
            + b"</"
            + prefix
            + b"si>"
            for item in self._added
        )
        opening = self._xml.rfind(b"<", 0, start)
        head = self._xml[opening:start]
        if head.endswith(b"/>"):  # <sst …/>: an empty table written as one tag
            head = head[:-2] + b">"
            tail = b"</" + prefix + b"sst>"
            end = start
        else:
            tail = b""
        count = len(self._items)
        head = set_attribute(head, b"uniqueCount", str(count))
        old_count = re.search(rb'\scount="(\d+)"', head)
        head = set_attribute(head, b"count", str(max(count, int(old_count.group(1)) if old_count else 0)))
        return self._xml[:opening] + head + self._xml[start:end] + added + tail + self._xml[end:]
