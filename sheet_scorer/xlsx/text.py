"""Text in SpreadsheetML parts: XML entities, and Excel's `_xHHHH_` escapes for characters XML cannot hold.

One decoder for the reader and the patcher alike, so a string means the same text to both.
"""

from __future__ import annotations

import re

_ENTITY = re.compile(r"&(#x[0-9A-Fa-f]+|#[0-9]+|lt|gt|amp|quot|apos);")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
_ESCAPED = re.compile(r"_x([0-9A-Fa-f]{4})_")
_ESCAPED_LITERAL = re.compile(r"_(x[0-9A-Fa-f]{4}_)")
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def unescape(text: str) -> str:
    """XML character references and the five predefined entities resolved."""

    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if code.startswith("#x"):
            return chr(int(code[2:], 16))
        if code.startswith("#"):
            return chr(int(code[1:]))
        return _NAMED[code]

    return _ENTITY.sub(one, text) if "&" in text else text


def shown_text(text: str) -> str:
    """A string as Excel shows it: `_x0007_` is the character it escapes (`_x005F_` a literal '_');
    lone surrogates, which no text file can hold, stay escaped."""
    if "_x" not in text:
        return text
    return _ESCAPED.sub(lambda m: m.group() if 0xD800 <= (code := int(m.group(1), 16)) <= 0xDFFF else chr(code), text)


def ooxml_text(value: str) -> str:
    """Characters XML cannot hold written as `_xHHHH_`, as Excel does (and a literal `_xHHHH_` escaped itself)."""
    value = _ESCAPED_LITERAL.sub(r"_x005F_\1", value)
    return _NOT_XML.sub(lambda m: f"_x{ord(m.group()):04X}_", value)
