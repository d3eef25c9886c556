"""The live server's test helpers: a free local port, and a save made the way Excel saves (docs/rules.md §9)."""

from __future__ import annotations

import os
import socket
from pathlib import Path


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def excel_save(content: bytes, workbook: Path) -> None:
    """Save as Excel does: write a temporary file beside the workbook, then rename it over the workbook."""
    temporary = workbook.with_name("~$temp" + workbook.stem[:3] + ".tmp")
    temporary.write_bytes(content)
    os.replace(temporary, workbook)
