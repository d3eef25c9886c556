"""XML parts edited as bytes (the patcher's one XML technology): tags found with regular expressions and
spliced, so every byte the tool does not own stays as it was; used by the package, the workbook, sheet, styles,
shared-string and notes editors."""

from __future__ import annotations

import re

from sheet_scorer.xlsx.errors import PackageError
from sheet_scorer.xlsx.text import ooxml_text, unescape

# A tag's attributes: XML allows a literal '>' inside a quoted value, where it does not end the tag. Every pattern of
# the patcher that finds where a tag ends is built on this (a plain search for '>' would splice inside a value).
ATTRS = rb"(?:[^>\"']|\"[^\"]*\"|'[^']*')*"
TAG = re.compile(rb"<(/?)((?:[A-Za-z_][\w.\-]*:)?)([A-Za-z_][\w.\-]*)(" + ATTRS + rb"?)(/?)>")
_TOKEN = re.compile(rb"(<!--.*?-->|<\?.*?\?>|<!\[CDATA\[.*?\]\]>|<!DOCTYPE[^>]*>)|" + TAG.pattern, re.S)


def children(xml: bytes, start: int, end: int) -> list[tuple[str, int, int]]:
    """The elements directly inside `xml[start:end]`: (local name, start, end) each, in order."""
    found: list[tuple[str, int, int]] = []
    depth, opened, name = 0, 0, ""
    for token in _TOKEN.finditer(xml, start, end):
        if token.group(1):  # a comment, processing instruction or CDATA
            continue
        closing, local, selfclosing = token.group(2), token.group(4), token.group(6)
        if closing:
            depth -= 1
            if depth == 0:
                found.append((name, opened, token.end()))
        elif selfclosing:
            if depth == 0:
                found.append((local.decode(), token.start(), token.end()))
        else:
            if depth == 0:
                opened, name = token.start(), local.decode()
            depth += 1
    return found


def tag_end(xml: bytes, start: int) -> int:
    """Where the tag at `xml[start]` ends, just past its '>' (`TAG`: a '>' inside a quoted value does not end it)."""
    tag = TAG.match(xml, start)
    if tag is None:
        raise PackageError(key="not_xml_part")
    return tag.end()


def content(xml: bytes, start: int, end: int) -> tuple[int, int]:
    """The span of the content of the element at `xml[start:end]` ((end, end) when it is self-closing); its start tag
    ends at the first '>' outside quotes (`TAG`)."""
    tag = TAG.match(xml, start)
    if tag is None or tag.group(5):
        return end, end
    return tag.end(), xml.rindex(b"</", start, end)


def insert_child(xml: bytes, start: int, end: int, name: str, element: bytes, order: tuple[str, ...]) -> bytes:
    """`element` (named `name`) inserted among the children of `xml[start:end]` where `order` (the schema's) puts it."""
    rank = {n: i for i, n in enumerate(order)}
    mine = rank[name]
    for child, child_start, child_end in children(xml, start, end):
        if child not in rank:  # mc:AlternateContent and the like: placed where the element they wrap belongs
            inner = next(
                (
                    t.group(3).decode()
                    for t in TAG.finditer(xml, child_start + 1, child_end)
                    if t.group(3).decode() in rank
                ),
                None,
            )
            child = inner or child
        if rank.get(child, -1) > mine:
            return xml[:child_start] + element + xml[child_start:]
    return xml[:end] + element + xml[end:]


def root_span(xml: bytes) -> tuple[bytes, int, int]:
    """The root element's prefix (b'' or b'x:') and the span of its content."""
    for token in _TOKEN.finditer(xml):
        if token.group(1) or token.group(2):
            continue
        prefix = token.group(3)
        if token.group(6):
            return prefix, token.end(), token.end()
        close = xml.rfind(b"</" + prefix + token.group(4))
        return prefix, token.end(), close if close > token.end() else token.end()
    raise PackageError(key="not_xml_part")


def open_root(xml: bytes) -> bytes:
    """`xml` with a self-closing root (`<styleSheet …/>`, `<Types/>`) written as an element with an end tag, so
    children can be inserted into it."""
    for token in _TOKEN.finditer(xml):
        if token.group(1) or token.group(2):
            continue
        if not token.group(6):
            return xml
        opening = token.group(0)[:-2].rstrip() + b">"
        return xml[: token.start()] + opening + b"</" + token.group(3) + token.group(4) + b">" + xml[token.end() :]
    return xml


def attribute(tag: bytes, name: bytes) -> str | None:
    """The value of attribute `name` in a start tag, unescaped; None when absent."""
    found = re.search(rb"(?:^|\s)" + re.escape(name) + rb"\s*=\s*(\"([^\"]*)\"|'([^']*)')", tag)
    if found is None:
        return None
    raw = found.group(2) if found.group(2) is not None else found.group(3)
    return unescape(raw.decode("utf-8"))


def set_attribute(tag: bytes, name: bytes, value: str | None) -> bytes:
    """A start tag with attribute `name` set to `value` (added before the tag's end if new; None removes it)."""
    pattern = re.compile(rb"(\s)" + re.escape(name) + rb"\s*=\s*(\"[^\"]*\"|'[^']*')")
    if value is None:
        return pattern.sub(b"", tag, count=1)
    text = quoteattr(value).encode("utf-8")
    if pattern.search(tag):
        return pattern.sub(lambda m: m.group(1) + name + b"=" + text, tag, count=1)
    cut = len(tag) - (2 if tag.endswith(b"/>") else 1)
    return tag[:cut] + b" " + name + b"=" + text + tag[cut:]


def escape(text: str) -> str:
    """Text content with &, < and > escaped (xml.sax.saxutils would import urllib: 50 ms at start-up)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text: str) -> str:
    """An attribute value, escaped and in double quotes."""
    return (
        '"'
        + escape(text).replace('"', "&quot;").replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
        + '"'
    )


def text_xml(value: str) -> str:
    """Text for a `<t>` element: `ooxml_text`, XML-escaped."""
    return escape(ooxml_text(value))
