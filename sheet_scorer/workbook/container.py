"""The workbook as a zip package, before any parser sees it: is it one we can open safely.
Standard library only, so it runs before the heavy imports.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any, NoReturn

from sheet_scorer.model import WorkbookError
from sheet_scorer.xlsx.opc import (
    CONTENT_TYPES,
    KEEP,
    KEEP_READING,
    MAX_PART,
    MAX_TOTAL,
    ROOT_RELS,
    STRICT_RELATIONSHIPS,
    OpcPackage,
    PartName,
    holds,
    is_xml_part,
)

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def open_package(path: Path, patching: bool = False, content: bytes | None = None) -> OpcPackage:
    """The one opening of an input workbook for a command (issue 20): what is not an .xlsx/.xlsm workbook is refused
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
        _check_members(path, package.zip.infolist())
    except BaseException:
        package.close()
        raise
    return package


def _check_members(path: Path, members: list[zipfile.ZipInfo]) -> None:
    """The zip's directory: a workbook part, within the budgets, each part once, content types and relationships."""
    if "xl/workbook.xml" not in {m.filename for m in members}:
        raise WorkbookError(key="zip_not_workbook", path=path)
    xml = [m for m in members if is_xml_part(m.filename)]
    unpacked = sum(m.file_size for m in xml)
    largest = max(xml, key=lambda m: m.file_size)
    if unpacked > MAX_TOTAL or largest.file_size > MAX_PART:
        raise WorkbookError(key="too_large", path=path)
    _check_entries(path, members)


def _check_entries(path: Path, members: list[zipfile.ZipInfo]) -> None:
    """Each part once (part names ignore case), and the two parts every package needs: its content types
    and its own relationships. A copy written from a package without them would need Excel's repair too."""
    seen: set[str] = set()
    for member in members:
        folded = member.filename.casefold()
        if folded in seen:
            damaged(path, member.filename, "twice")
        seen.add(folded)
    for needed, what in ((CONTENT_TYPES, "missing_types"), (ROOT_RELS, "missing_rels")):
        if needed.casefold() not in seen:
            damaged(path, needed, what)


# What can be wrong with a part: each is the catalogue refusal `damaged_<what>` (i18n.catalogue), said in the command's language.
DAMAGES = (
    "twice",
    "missing_types",
    "missing_rels",
    "untyped",
    "id_twice",
    "no_target",
    "dangling",
    "main_elsewhere",
    "no_main",
)


def damaged(path: Path, part: str, what: str, **values: str) -> NoReturn:
    """Refuse a damaged package in one line naming the part and what is wrong with it (a key of DAMAGES)."""
    raise WorkbookError(key=f"damaged_{what}", path=path, part=part, **values)


def check_package(book: Any) -> None:
    """Refuse, in one line naming the part, a package Excel would have to repair: a part without a content
    type, a relationship to a part the package does not hold, a relationship id used twice, a main part
    elsewhere than `xl/workbook.xml`; and a Strict Open XML workbook, which the tool does not write.

    `book` is the reader's opened package (`xlsx.reader.Package`): its parts are parsed with its budgets and DOCTYPE
    refusal. `check` and `score` both read through here, so what one refuses the other refuses too.
    """
    path, names = book.path, book.names
    types = book.content_types(names)
    for name in sorted(names):
        if name == CONTENT_TYPES or name.endswith("/") or name.startswith("[trash]/"):  # parts Excel set aside
            continue
        if types[name] is None and not PartName(name).is_relationships:
            damaged(path, name, "untyped")  # relationship parts without one get the usual Default in the scored copy
    folded = {n.casefold() for n in names}
    strict = False
    for rels in sorted(n for n in names if PartName(n).is_relationships):
        strict |= _check_relationships(book, rels, folded)
    if strict:
        raise WorkbookError(key="strict_xml", path=path)


def _check_relationships(book: Any, rels: str, parts: set[str]) -> bool:
    """Every internal relationship of `rels` names a part the package holds, each by an id of its own;
    True when its relationships are Strict Open XML's. The one exception is the workbook's style sheet:
    the scored copy always has one, written where the relationship points (`book.Book`)."""
    path = book.path
    source = PartName(rels).source
    ids: set[str] = set()
    problems: list[tuple[str, dict[str, str]]] = []
    main: list[str] = []
    strict: list[bool] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag.rpartition(" ")[2] != "Relationship" or problems:
            return
        rid, kind, target = attrs.get("Id", ""), attrs.get("Type", ""), attrs.get("Target")
        if rid in ids:
            problems.append(("id_twice", {"id": rid[:40]}))
        ids.add(rid)
        if kind.startswith(STRICT_RELATIONSHIPS):
            strict.append(True)
        if attrs.get("TargetMode") == "External" or (target or "").startswith("#"):  # a place in this document
            return
        if target is None:
            problems.append(("no_target", {"id": rid[:40]}))
            return
        name = source.resolve(target)
        if source == "" and kind.endswith("/officeDocument"):
            main.append(name)
        if not holds(parts, name) and not (source == "xl/workbook.xml" and kind.endswith("/styles")):
            problems.append(("dangling", {"id": rid[:40], "target": name[:80]}))

    book.parse(rels, start)
    if strict:
        return True
    if problems:
        damaged(path, rels, problems[0][0], **problems[0][1])
    if source == "" and main != ["xl/workbook.xml"]:
        damaged(path, rels, "main_elsewhere" if main else "no_main")
    return False
