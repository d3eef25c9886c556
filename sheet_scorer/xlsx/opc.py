"""Open Packaging Conventions: part names, relationships, content types, and the budgets every part is read under.

The one relationship resolver (`resolve_target`) serves the reader, the package check and the patcher alike,
so a target means the same part to all of them.
"""

from __future__ import annotations

from pathlib import PurePosixPath

# XML the reader unpacks and parses (`reader.py` counts the bytes really unpacked against the same limits):
# a real event of 100,000 rows unpacks to about 60 MiB in all, a round sheet to a tenth of that.
MAX_PART = 128 * 2**20
MAX_TOTAL = 256 * 2**20

CONTENT_TYPES = "[Content_Types].xml"
ROOT_RELS = "_rels/.rels"
NS_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STRICT_RELATIONSHIPS = "http://purl.oclc.org/ooxml/officeDocument/relationships/"
REL_WORKSHEET = NS_REL + "/worksheet"
REL_SHARED_STRINGS = NS_REL + "/sharedStrings"
REL_STYLES = NS_REL + "/styles"
REL_COMMENTS = NS_REL + "/comments"
REL_VML = NS_REL + "/vmlDrawing"
REL_CALC_CHAIN = NS_REL + "/calcChain"
REL_DRAWING = NS_REL + "/drawing"
REL_CUSTOM = NS_REL + "/custom-properties"
_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml."
CT_WORKSHEET = _CT + "worksheet+xml"
CT_SHARED_STRINGS = _CT + "sharedStrings+xml"
CT_STYLES = _CT + "styles+xml"
CT_COMMENTS = _CT + "comments+xml"
CT_VML = "application/vnd.openxmlformats-officedocument.vmlDrawing"
CT_RELATIONSHIPS = "application/vnd.openxmlformats-package.relationships+xml"
CT_CUSTOM = "application/vnd.openxmlformats-officedocument.custom-properties+xml"


def part_folder(part: str) -> PurePosixPath:
    """The folder a part's relative targets start from: xl/worksheets/sheet1.xml -> xl/worksheets."""
    return PurePosixPath(part).parent


def rels_name(part: str) -> str:
    """xl/worksheets/sheet1.xml -> xl/worksheets/_rels/sheet1.xml.rels ('' -> _rels/.rels)."""
    path = PurePosixPath(part)
    return str(path.parent / "_rels" / f"{path.name}.rels")


def is_relationships(name: str) -> bool:
    """A relationships part: `_rels/NAME.rels` beside the part NAME (or the package's own `_rels/.rels`)."""
    folder, _, file = name.rpartition("/")
    return file.endswith(".rels") and (folder == "_rels" or folder.endswith("/_rels"))


def source_part(rels: str) -> str:
    """The part a relationships part belongs to: `xl/_rels/workbook.xml.rels` -> `xl/workbook.xml` ('' for the package)."""
    folder, _, file = rels.rpartition("/")
    parent = folder[:-len("_rels")].rstrip("/")
    name = file[:-len(".rels")]
    return f"{parent}/{name}" if parent and name else name


def resolve_target(source: str, target: str) -> str:
    """A relationship's target as a part name, relative to the source part's folder (or absolute); a `..`
    above the package root stays at the root, as URI resolution has it (RFC 3986 §5.2.4; LibreOffice writes
    `../customXml/item1.xml` in `_rels/.rels`, and Excel reads it as `customXml/item1.xml`)."""
    base = [] if target.startswith("/") else source.split("/")[:-1]
    for piece in target.split("#", 1)[0].lstrip("/").split("/"):
        if piece == "..":
            if base:
                base.pop()
        elif piece not in ("", "."):
            base.append(piece)
    return "/".join(base)


def relative(source: str, part: str) -> str:
    """The target to write in `source`'s relationships for `part` (the inverse of `resolve_target`)."""
    folder = list(part_folder(source).parts)
    parts = part.split("/")
    common = 0
    while common < min(len(folder), len(parts) - 1) and folder[common] == parts[common]:
        common += 1
    return "/".join([".."] * (len(folder) - common) + parts[common:])


def holds(parts: set[str], name: str) -> bool:
    """Whether `parts` (case-folded names) hold part `name` (case ignored; a target may be percent-encoded: `a%20b.xml`)."""
    if name.casefold() in parts:
        return True
    if "%" not in name:
        return False
    from urllib.parse import unquote  # only here: urllib costs start-up time every command would pay

    return unquote(name).casefold() in parts


def is_xml_part(name: str) -> bool:
    """A part the reader parses as XML (pictures and other binary parts are never parsed)."""
    return name.endswith((".xml", ".rels", ".vml"))
