"""Decode a player list saved as text in whatever encoding the organiser's program wrote (docs/rules.md §5).

Excel and Notepad write UTF-8 (with or without a BOM), UTF-16 ("Unicode text", with a BOM), and the
Windows code page of the system's language: Windows-1250 in Poland, Windows-1252 in Portugal and
France; older Linux tools ISO-8859-2. A BOM decides; else valid UTF-8 is UTF-8; else charset-normalizer
(a maintained detector) names the encodings the bytes can be, and among those the one whose letters
are the letters names in the tool's languages use wins: a short list of names is too little text for
any detector's language statistics alone (`Łukasz Żółć` in Windows-1250 also decodes, wrongly, as
Windows-1252 `£ukasz ¯ó³æ`).
"""

from __future__ import annotations

import codecs
from pathlib import Path

from sheet_scorer.model import WorkbookError

CANDIDATES = ("cp1250", "cp1252", "iso8859_2")  # the single-byte code pages organisers' Windows and Linux write
LABELS = {
    "utf_8": "UTF-8",
    "utf_8_sig": "UTF-8 (BOM)",
    "utf_16": "UTF-16",
    "cp1250": "Windows-1250",
    "cp1252": "Windows-1252",
    "iso8859_2": "ISO-8859-2",
}
# Letters of names in Polish, Portuguese, French (and German and Spanish names that turn up). Letters of the
# other languages the code pages serve (Czech `č`, Romanian `ă`) are what a wrong guess produces: `è` read as `č`.
NAME_LETTERS = frozenset("ąćęłńóśźżĄĆĘŁŃÓŚŹŻáâãàçéêíóôõúÁÂÃÀÇÉÊÍÓÔÕÚèëîïœùûüÿæÈËÎÏŒÙÛÜŸÆäöüßÄÖÜñÑ")


def decode_text(path: Path, data: bytes) -> tuple[str, str]:
    """The text of a player list and the name of its encoding; refused in one line when it is not text."""
    if data.startswith(codecs.BOM_UTF8):
        return _checked(path, data[3:].decode("utf-8") if _utf8(data[3:]) else None), LABELS["utf_8_sig"]
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return _checked(path, data.decode("utf-16")), LABELS["utf_16"]
        except UnicodeDecodeError:
            raise _refusal(path) from None
    if _utf8(data):
        return _checked(path, data.decode("utf-8")), LABELS["utf_8"]
    from charset_normalizer import from_bytes

    found = [m.encoding for m in from_bytes(data, cp_isolation=[*CANDIDATES, "utf_16"])]
    decoded = {name: data.decode(name) for name in found if name in (*CANDIDATES, "utf_16")}
    if not decoded:
        raise _refusal(path)
    best = max(decoded, key=lambda name: (_name_score(decoded[name]), -found.index(name)))
    return _checked(path, decoded[best]), LABELS[best]


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _name_score(text: str) -> int:
    """Letters names use, less every other character beyond ASCII (a symbol or a letter of another alphabet)."""
    beyond = [c for c in text if ord(c) > 127]
    return sum(c in NAME_LETTERS for c in beyond) * 2 - len(beyond)


def _checked(path: Path, text: str | None) -> str:
    """Text with no control characters but tabs and line breaks: anything else is a binary file, not a list."""
    if text is None or any((ord(c) < 32 and c not in "\t\r\n") or 0x7F <= ord(c) < 0xA0 for c in text):
        raise _refusal(path)
    return text


def _refusal(path: Path) -> WorkbookError:
    return WorkbookError(key="not_text", path=path)
