"""The package checks every reading starts with: the zip's directory (each part once, within the budgets, content
types and relationships present) and the parts Excel would have to repair (a part without a content type, a
relationship to nothing, an id used twice, no main part, a workbook without its relationships), each refused in one
line naming the part (`damaged`), and a Strict Open XML package, which the tool does not write.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import NoReturn

from sheet_scorer.xlsx.errors import PackageError
from sheet_scorer.xlsx.opc import (
    CONTENT_TYPES,
    CT_WORKBOOKS,
    DEFAULT_MAIN,
    MAX_PART,
    MAX_TOTAL,
    REL_STYLES,
    ROOT_RELS,
    STRICT_RELATIONSHIPS,
    OpcPackage,
    PartName,
    holds,
    is_xml_part,
)


def check_members(path: Path, members: list[zipfile.ZipInfo]) -> None:
    """The zip's directory: a package (or a workbook part where every writer puts it), within the budgets, each part
    once, content types and relationships. Which part is the workbook the package's relationships say
    (`check_package`)."""
    names = {m.filename for m in members}
    if ROOT_RELS not in names and DEFAULT_MAIN not in names:
        raise PackageError(key="zip_not_workbook", path=path)
    xml = [m for m in members if is_xml_part(m.filename)]
    unpacked = sum(m.file_size for m in xml)
    largest = max(xml, key=lambda m: m.file_size)
    if unpacked > MAX_TOTAL or largest.file_size > MAX_PART:
        raise PackageError(key="too_large", path=path)
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
    "no_main",
    "no_workbook_rels",
)


def damaged(path: Path, part: str, what: str, **values: str) -> NoReturn:
    """Refuse a damaged package in one line naming the part and what is wrong with it (a key of DAMAGES)."""
    raise PackageError(key=f"damaged_{what}", path=path, part=part, **values)


def check_package(book: OpcPackage) -> None:
    """Refuse, in one line naming the part, a package Excel would have to repair: a part without a content
    type, a relationship to a part the package does not hold, a relationship id used twice, no main part, a
    workbook without the relationships that say where its sheets are; a package whose main part is not a workbook
    (a document, a presentation); and a Strict Open XML workbook, which the tool does not write.

    `book` is the opened package: its parts are parsed with its budgets and DOCTYPE refusal. `check` and `score`
    both read through here, so what one refuses the other refuses too.
    """
    path, names = book.path, book.names
    types = book.content_types(names)
    for name in sorted(names):
        if name == CONTENT_TYPES or name.endswith("/") or name.startswith("[trash]/"):  # parts Excel set aside
            continue
        if types[name] is None and not PartName(name).is_relationships:
            damaged(path, name, "untyped")  # relationship parts without one get the usual Default in the scored copy
    folded = {n.casefold() for n in names}
    main = book.main_part()
    strict = False
    for rels in sorted(n for n in names if PartName(n).is_relationships):
        strict |= _check_relationships(book, rels, folded, main)
    if strict:
        raise PackageError(key="strict_xml", path=path)
    if main is None:
        damaged(path, ROOT_RELS, "no_main")
    if types.get(main) not in CT_WORKBOOKS:
        raise PackageError(key="zip_not_workbook", path=path)
    if PartName(main).rels not in names:
        damaged(path, PartName(main).rels, "no_workbook_rels")


def _check_relationships(book: OpcPackage, rels: str, parts: set[str], main: str | None) -> bool:
    """Every internal relationship of `rels` names a part the package holds, each by an id of its own;
    True when its relationships are Strict Open XML's. The one exception is the style sheet of the workbook
    (`main`): the scored copy always has one, written where the relationship points (`book.Book`).
    The relationships are the package's one reading of them (`OpcPackage.relationships`)."""
    source = PartName(rels).source
    found = book.relationships(source)
    if any(r.type.startswith(STRICT_RELATIONSHIPS) for r in found):
        return True
    ids: set[str] = set()
    for r in found:
        if r.rid in ids:
            damaged(book.path, rels, "id_twice", id=r.rid[:40])
        ids.add(r.rid)
        if not r.internal:
            continue
        if r.written is None:
            damaged(book.path, rels, "no_target", id=r.rid[:40])
        if not holds(parts, r.target) and not (source == main and r.kind == REL_STYLES):
            damaged(book.path, rels, "dangling", id=r.rid[:40], target=r.target[:80])
    return False
