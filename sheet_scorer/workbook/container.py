"""The workbook as a zip package, before any parser sees it: is it one we can open safely (the checks are the
format's, `xlsx.check`). No heavy import, so it runs before pandas is loaded.
"""

from __future__ import annotations

from pathlib import Path

from sheet_scorer.model import WorkbookError
from sheet_scorer.xlsx.check import DAMAGES, check_members, damaged
from sheet_scorer.xlsx.opc import KEEP, KEEP_READING, OpcPackage

__all__ = ["DAMAGES", "damaged", "open_package"]  # the refusals a package check names, with the opening they guard

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def open_package(path: Path, patching: bool = False, content: bytes | None = None) -> OpcPackage:
    """The one opening of an input workbook for a command: what is not an .xlsx/.xlsm workbook is refused
    in one line before any parser sees it, and the package returned is the one the reader and the patcher then
    share (`workbook.read.open_event`). `patching`: the command patches what it reads, so the parts read are kept
    for the patcher (`opc.KEEP`). `content`: the file's bytes, read at once by the caller, parsed from memory."""
    if content is not None:
        head = content[:8]
    elif not path.exists():
        raise WorkbookError(key="no_such_file", path=path)
    elif path.is_dir():
        raise WorkbookError(key="is_folder", path=path)
    else:
        with path.open("rb") as handle:
            head = handle.read(8)
    if head.startswith(_OLE_MAGIC):
        raise WorkbookError(key="legacy_or_encrypted", path=path)
    if not head.startswith(b"PK"):
        raise WorkbookError(key="empty_file" if not head else "not_a_workbook", path=path)
    package = OpcPackage(path, KEEP if patching else KEEP_READING, content)  # a zip that cannot be opened: `damaged`
    try:
        check_members(path, package.zip.infolist())
    except BaseException:
        package.close()
        raise
    return package
