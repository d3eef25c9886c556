"""Test-side tools for real workbooks (tests/corpus/): add a round sheet to a package without the tool's
own patcher, and read a package's content types, relationships and styles with ElementTree, so the
tests judge the tool's output by the Open Packaging Conventions and not by its own code.
"""

from __future__ import annotations

import posixpath
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

CT_WORKSHEET = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
REL_WORKSHEET = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
NS_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
ROUND_PART = "xl/worksheets/corpusRound1.xml"
HEADERS = [
    "Table",
    "Player",
    "Settlements",
    "Cities",
    "VP Cards",
    "Knights",
    "Roads",
    "Road Length",
    "Army First",
    "Road First",
    "Declared",
]
# Table 1 scores: Ala 4 settlements + 3 cities = 10 VP, the others 2 each. Table 2: Fay's Settlements is
# the text 'x', an error marked at C7 (a note on the cell: comments, VML and the sheet's relationships).
ROWS = [
    [1, "Ala", 4, 3],
    [1, "Bob", 2, 0],
    [1, "Cyd", 2, 0],
    [1, "Dan", 2, 0],
    [2, "Eve", 2, 0],
    [2, "Fay", "x", 0],
    [2, "Gus", 2, 0],
    [2, "Hal", 2, 0],
]
MARKED_CELL = "C7"


def _cell(ref: str, value: object) -> str:
    if isinstance(value, str):
        return f'<c r="{ref}" t="inlineStr"><is><t>{value}</t></is></c>'
    return f'<c r="{ref}"><v>{value}</v></c>'


def round_sheet_xml(date_style: int | None = None) -> bytes:
    """The round sheet: HEADERS in row 1, ROWS below (Roads 2, Road Length 1, the other counts 0); with
    `date_style`, columns L to T of every row are empty cells formatted as dates, as when an organiser
    formats whole rows (where the computed columns go)."""
    rows = [HEADERS] + [[t, name, s, c, 0, 0, 2, 1] for t, name, s, c in ROWS]
    styled = "".join(f'<c r="{chr(64 + c)}{{r}}" s="{date_style}"/>' for c in range(12, 21)) if date_style else ""
    body = "".join(
        f'<row r="{r}">'
        + "".join(_cell(f"{chr(64 + c)}{r}", v) for c, v in enumerate(row, start=1))
        + styled.format(r=r)
        + "</row>"
        for r, row in enumerate(rows, start=1)
    )
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/'
        f'spreadsheetml/2006/main" xmlns:r="{NS_REL}"><sheetData>{body}</sheetData></worksheet>'
    ).encode()


def add_round_sheet(source: Path, target: Path) -> Path:
    """`source` with a sheet 'Round 1' appended to its tabs (workbook.xml, its relationships, a content type)."""
    with zipfile.ZipFile(source) as src:
        parts = {info.filename: src.read(info) for info in src.infolist()}
    workbook = parts["xl/workbook.xml"].decode("utf-8")
    prefix = re.search(r"<(\w+:)?workbook\b", workbook).group(1) or ""
    element = f'<{prefix}sheet xmlns:r="{NS_REL}" name="Round 1" sheetId="999" r:id="rIdCorpusRound1"/>'
    closing = re.search(rf"</{re.escape(prefix)}sheets>", workbook)
    if closing:
        workbook = workbook[: closing.start()] + element + workbook[closing.start() :]
    else:
        empty = re.search(rf"<{re.escape(prefix)}sheets\s*/>", workbook)
        workbook = workbook[: empty.start()] + f"<{prefix}sheets>{element}</{prefix}sheets>" + workbook[empty.end() :]
    parts["xl/workbook.xml"] = workbook.encode("utf-8")
    rels = parts["xl/_rels/workbook.xml.rels"].decode("utf-8")
    closing = re.search(r"</(\w+:)?Relationships>", rels)
    rels = (
        rels[: closing.start()] + f'<{closing.group(1) or ""}Relationship Id="rIdCorpusRound1" Type="{REL_WORKSHEET}" '
        'Target="worksheets/corpusRound1.xml"/>' + rels[closing.start() :]
    )
    parts["xl/_rels/workbook.xml.rels"] = rels.encode("utf-8")
    types = parts["[Content_Types].xml"].decode("utf-8")
    closing = re.search(r"</(\w+:)?Types>", types)
    types = (
        types[: closing.start()]
        + f'<{closing.group(1) or ""}Override PartName="/{ROUND_PART}" ContentType="{CT_WORKSHEET}"/>'
        + types[closing.start() :]
    )
    parts["[Content_Types].xml"] = types.encode("utf-8")
    date_style = _add_date_format(parts)
    parts[ROUND_PART] = round_sheet_xml(date_style)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as dst:
        for name, data in parts.items():
            dst.writestr(name, data)
    return target


def _add_date_format(parts: dict[str, bytes]) -> int | None:
    """A date cell format (built-in 14, m/d/yyyy) appended to the style sheet's cellXfs; its index (None
    without a style sheet holding cellXfs)."""
    if "xl/styles.xml" not in parts:
        return None
    styles = parts["xl/styles.xml"].decode("utf-8")
    found = re.search(r"<(\w+:)?cellXfs\b[^>]*?(/?)>", styles)
    if found is None or found.group(2):
        return None
    prefix = found.group(1) or ""
    close = styles.index(f"</{prefix}cellXfs>", found.end())
    index = len(re.findall(rf"<{re.escape(prefix)}xf\b", styles[found.end() : close]))
    xf = f'<{prefix}xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    opening = re.sub(r'\scount="\d+"', f' count="{index + 1}"', found.group(0))
    parts["xl/styles.xml"] = (
        styles[: found.start()] + opening + styles[found.end() : close] + xf + styles[close:]
    ).encode("utf-8")
    return index


# ---------------------------------------------------------------- reading a package independently


def local(tag: str) -> str:
    return tag.rpartition("}")[2]


def content_types(archive: zipfile.ZipFile) -> tuple[dict[str, str], dict[str, str]]:
    """(Default by lower-case extension, Override by lower-case part name without '/')."""
    root = ElementTree.fromstring(archive.read("[Content_Types].xml"))
    defaults = {e.get("Extension", "").lower(): e.get("ContentType", "") for e in root if local(e.tag) == "Default"}
    overrides = {
        e.get("PartName", "").lstrip("/").lower(): e.get("ContentType", "") for e in root if local(e.tag) == "Override"
    }
    return defaults, overrides


def content_type(part: str, defaults: dict[str, str], overrides: dict[str, str]) -> str | None:
    if part.lower() in overrides:
        return overrides[part.lower()]
    file = part.rpartition("/")[2]
    return defaults.get(file.rpartition(".")[2].lower()) if "." in file else None


def relationships(archive: zipfile.ZipFile, rels: str) -> list[tuple[str, str, str | None]]:
    """(id, type, target part or None when external) of each relationship in part `rels`, targets resolved
    as URIs are (RFC 3986: a '..' above the root stays at the root)."""
    folder = rels.rpartition("/")[0]
    source_folder = folder[: -len("_rels")].rstrip("/")
    found = []
    for element in ElementTree.fromstring(archive.read(rels)):
        target = element.get("Target", "")
        if element.get("TargetMode") == "External" or target.startswith("#"):  # not a part: a place in this document
            found.append((element.get("Id", ""), element.get("Type", ""), None))
            continue
        joined = target.lstrip("/") if target.startswith("/") else posixpath.join(source_folder, target)
        pieces: list[str] = []
        for piece in joined.split("/"):
            if piece == "..":
                if pieces:
                    pieces.pop()
            elif piece not in ("", "."):
                pieces.append(piece)
        found.append((element.get("Id", ""), element.get("Type", ""), "/".join(pieces)))
    return found


def part_of(archive: zipfile.ZipFile, source: str, kind: str) -> str | None:
    """The target of `source`'s first relationship of type …/`kind`."""
    folder, _, name = source.rpartition("/")
    rels = f"{folder}/_rels/{name}.rels" if folder else f"_rels/{name}.rels"
    if rels not in archive.namelist():
        return None
    return next((t for _, k, t in relationships(archive, rels) if k.endswith("/" + kind) and t), None)


def cell_formats(archive: zipfile.ZipFile, styles: str | None) -> list[dict[str, str]]:
    """The attributes of each cellXfs entry."""
    if styles is None or styles not in archive.namelist():
        return []
    root = ElementTree.fromstring(archive.read(styles))
    section = next((e for e in root if local(e.tag) == "cellXfs"), None)
    return [dict(xf.attrib) for xf in section] if section is not None else []


def section_sizes(archive: zipfile.ZipFile, styles: str | None) -> dict[str, int]:
    """How many fonts, fills, borders and cell style formats the style sheet holds."""
    if styles is None or styles not in archive.namelist():
        return {}
    root = ElementTree.fromstring(archive.read(styles))
    return {local(e.tag): len(e) for e in root if local(e.tag) in ("fonts", "fills", "borders", "cellStyleXfs")}


def sheet_cells(archive: zipfile.ZipFile, part: str, strings: list[str]) -> dict[str, tuple[str | None, object]]:
    """ref -> (style index or None, value) of each cell with a value: numbers as float, text as str."""
    found: dict[str, tuple[str | None, object]] = {}
    for cell in ElementTree.fromstring(archive.read(part)).iter():
        if local(cell.tag) != "c":
            continue
        kind = cell.get("t")
        value = next((e.text for e in cell if local(e.tag) == "v"), None)
        inline = "".join(e.text or "" for e in cell.iter() if local(e.tag) == "t")
        if kind == "s" and value is not None:
            found[cell.get("r", "")] = (cell.get("s"), strings[int(value)])
        elif kind == "inlineStr":
            found[cell.get("r", "")] = (cell.get("s"), inline)
        elif value is not None:
            found[cell.get("r", "")] = (cell.get("s"), float(value) if kind in (None, "n") else value)
    return found


def shared_strings(archive: zipfile.ZipFile, part: str | None) -> list[str]:
    if part is None or part not in archive.namelist():
        return []
    return [
        "".join(t.text or "" for t in si.iter() if local(t.tag) == "t" and "rPh" not in t.tag)
        for si in ElementTree.fromstring(archive.read(part))
    ]
