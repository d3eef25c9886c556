"""The QR code of the phone page's address (segno): inline SVG for the projector, text for the terminal."""

from __future__ import annotations

import io

import segno


def qr_svg(url: str) -> str:
    """An inline <svg> of `url`'s QR code, black on white, sized by the page (no external request)."""
    return segno.make(url, error="m").svg_inline(scale=1, border=2, dark="#1c2430", light="#ffffff", omitsize=True)


def qr_text(url: str) -> str:
    """`url`'s QR code drawn with block characters, two modules per line, for a terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()
