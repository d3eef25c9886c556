"""The workbook as a zip package, before any parser sees it: is it one we can open safely.
Standard library only, so it runs before the heavy imports.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from sheet_scorer.model import WorkbookError

MAX_UNPACKED = 2 * 2**30  # 2 GiB of XML: far beyond any real event (100,000 rows unpack to ~60 MiB)
SUSPICIOUS_UNPACKED = 256 * 2**20
MAX_RATIO = 200  # real workbooks compress 5-30x; zip bombs 1000x and more
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def check_readable(path: Path) -> None:
    """Refuse, with one line, what is not an .xlsx/.xlsm workbook before any parser sees it."""
    if not path.exists():
        raise WorkbookError(f"{path}: no such file")
    if path.is_dir():
        raise WorkbookError(f"{path}: is a folder, not a workbook")
    with path.open("rb") as handle:
        head = handle.read(8)
    if head.startswith(_OLE_MAGIC):
        raise WorkbookError(
            f"{path}: a legacy .xls file or a password-protected workbook; "
            "save it as an .xlsx workbook without a password"
        )
    if not head.startswith(b"PK"):
        kind = "an empty file" if not head else "not an Excel workbook"
        raise WorkbookError(f"{path}: {kind}; sheet-scorer reads .xlsx and .xlsm workbooks")
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError):
        raise WorkbookError(f"{path}: the file is damaged (not a complete .xlsx); save it again from Excel or LibreOffice") from None
    if "xl/workbook.xml" not in {m.filename for m in members}:
        raise WorkbookError(f"{path}: a zip file but not an Excel workbook; sheet-scorer reads .xlsx and .xlsm workbooks")
    unpacked = sum(m.file_size for m in members)
    packed = max(1, sum(m.compress_size for m in members))
    if unpacked > MAX_UNPACKED or (unpacked > SUSPICIOUS_UNPACKED and unpacked / packed > MAX_RATIO):
        raise WorkbookError(
            f"{path}: refusing to open: it unpacks to {unpacked / 2**20:,.0f} MiB from {packed / 2**20:,.1f} MiB "
            "(a damaged or hostile file; a real tournament workbook is far smaller)"
        )
