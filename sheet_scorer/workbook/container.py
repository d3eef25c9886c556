"""The workbook as a zip package, before any parser sees it: is it one we can open safely.
Standard library only, so it runs before the heavy imports.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from sheet_scorer.model import WorkbookError

# XML the reader unpacks and parses (`xlsx.py` counts the bytes really unpacked against the same limits):
# a real event of 100,000 rows unpacks to about 60 MiB in all, a round sheet to a tenth of that.
MAX_PART = 128 * 2**20
MAX_TOTAL = 256 * 2**20
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def check_readable(path: Path) -> None:
    """Refuse, with one line, what is not an .xlsx/.xlsm workbook before any parser sees it."""
    if not path.exists():
        raise WorkbookError(f"{path}: no such file", "no_such_file", path=path)
    if path.is_dir():
        raise WorkbookError(f"{path}: is a folder, not a workbook", "is_folder", path=path)
    with path.open("rb") as handle:
        head = handle.read(8)
    if head.startswith(_OLE_MAGIC):
        raise WorkbookError(
            f"{path}: a legacy .xls file or a password-protected workbook; "
            "save it as an .xlsx workbook without a password", "legacy_or_encrypted", path=path
        )
    if not head.startswith(b"PK"):
        kind = "an empty file" if not head else "not an Excel workbook"
        raise WorkbookError(f"{path}: {kind}; sheet-scorer reads .xlsx and .xlsm workbooks",
                            "empty_file" if not head else "not_a_workbook", path=path)
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError):
        raise WorkbookError(f"{path}: the file is damaged (not a complete .xlsx); save it again from Excel or LibreOffice",
                            "damaged", path=path) from None
    if "xl/workbook.xml" not in {m.filename for m in members}:
        raise WorkbookError(f"{path}: a zip file but not an Excel workbook; sheet-scorer reads .xlsx and .xlsm workbooks",
                            "zip_not_workbook", path=path)
    xml = [m for m in members if is_xml_part(m.filename)]
    unpacked = sum(m.file_size for m in xml)
    largest = max(xml, key=lambda m: m.file_size)
    if unpacked > MAX_TOTAL or largest.file_size > MAX_PART:
        packed = max(1, sum(m.compress_size for m in members))
        raise WorkbookError(
            f"{path}: refusing to open: its XML unpacks to {unpacked / 2**20:,.0f} MiB from {packed / 2**20:,.1f} MiB "
            f"({largest.filename}: {largest.file_size / 2**20:,.0f} MiB; a damaged or hostile file, a real tournament "
            f"workbook is far smaller: at most {MAX_TOTAL // 2**20} MiB in all and {MAX_PART // 2**20} MiB per part); "
            "save it again from Excel or LibreOffice", "too_large", path=path
        )


def is_xml_part(name: str) -> bool:
    """A part the reader parses as XML (pictures and other binary parts are never parsed)."""
    return name.endswith((".xml", ".rels", ".vml"))

