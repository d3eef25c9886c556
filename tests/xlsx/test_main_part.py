"""The package's main part is the one its officeDocument relationship names (docs/rules.md §5: a workbook Excel
opens is read; a damaged one is refused in one line naming the part), and the fonts the tool adds are written
with their children in the schema's order."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import run
from paths import ROOT

from sheet_scorer import api

EXAMPLE = ROOT / "example_workbooks" / "spring_open.xlsx"  # 30 players, 4 rounds


def _parts(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def _write(path: Path, parts: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return path


def _wtf_layout(target: Path) -> Path:
    """The example laid out as SheetJS's `wtf_path.xlsx` is: the workbook part at `wtf/workbook.xml`, its
    relationships beside it pointing back into `xl/`, found through `_rels/.rels` as Excel finds it."""
    parts = _parts(EXAMPLE)
    parts["wtf/workbook.xml"] = parts.pop("xl/workbook.xml")
    rels = parts.pop("xl/_rels/workbook.xml.rels").decode()
    parts["wtf/_rels/workbook.xml.rels"] = re.sub(
        r'Target="(?!/)([^"]+)"', lambda m: f'Target="../xl/{m.group(1)}"', rels
    ).encode()
    parts["_rels/.rels"] = parts["_rels/.rels"].replace(b"xl/workbook.xml", b"wtf/workbook.xml")
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(b"/xl/workbook.xml", b"/wtf/workbook.xml")
    assert b"wtf/workbook.xml" in parts["_rels/.rels"] and b"/wtf/workbook.xml" in parts["[Content_Types].xml"]
    return _write(target, parts)


def test_a_workbook_part_elsewhere_is_found_by_its_relationship_and_scored_as_the_usual_layout(tmp_path: Path) -> None:
    usual = api.score_workbook(EXAMPLE, output=tmp_path / "usual.xlsx", html=tmp_path / "usual.html")
    moved = _wtf_layout(tmp_path / "wtf_path.xlsx")
    scored = api.score_workbook(moved)
    assert scored.exit_code == usual.exit_code == 0
    assert scored.standings[["rank", "player", "round_points", "vp"]].equals(
        usual.standings[["rank", "player", "round_points", "vp"]]
    )
    written = _parts(scored.output)
    assert "xl/workbook.xml" not in written and b"<sheet " in written["wtf/workbook.xml"]
    rels = written["wtf/_rels/workbook.xml.rels"].decode()
    targets = re.findall(r'Target="([^"]+)"', rels)
    assert len(targets) == len(re.findall(r"<Relationship ", rels)) and targets
    # every part the workbook names (the Standings sheet the tool added among them) is where its target points
    parts = [t.removeprefix("/") if t.startswith("/") else t.removeprefix("../") for t in targets]
    assert [p for p in parts if p not in written] == [] and "xl/worksheets/sheet8.xml" in parts
    assert api.check_workbook(scored.output).exit_code == 0  # and the scored copy reads again


def test_a_package_without_the_workbooks_relationships_is_refused_in_one_line(tmp_path: Path) -> None:
    parts = _parts(EXAMPLE)
    del parts["xl/_rels/workbook.xml.rels"]
    broken = _write(tmp_path / "norels.xlsx", parts)
    for command in ("check", "score"):
        result = run(command, broken)
        assert result.exit_code == 2, result.output
        assert result.output.startswith("Error: ") and result.output.count("\n") == 1
        assert "xl/_rels/workbook.xml.rels" in result.output and "damaged" in result.output
    assert not (tmp_path / "norels.scored.xlsx").exists()


@pytest.mark.parametrize(
    ("main", "refusal"),
    [("word/document.xml", "not an Excel workbook"), (None, "names no main part")],
)
def test_a_package_whose_main_part_is_no_workbook_is_refused(tmp_path: Path, main: str | None, refusal: str) -> None:
    """A document's main part (a .docx renamed) is not a workbook; a package naming no main part is damaged."""
    parts = _parts(EXAMPLE)
    root = parts["_rels/.rels"].decode()
    if main is None:
        root = re.sub(r"<Relationship [^>]*officeDocument[^>]*/>", "", root)
    else:
        parts[main] = b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'
        types = (
            parts["[Content_Types].xml"]
            .decode()
            .replace(
                "</Types>",
                f'<Override PartName="/{main}" ContentType="application/vnd.openxmlformats-officedocument'
                '.wordprocessingml.document.main+xml"/></Types>',
            )
        )
        parts["[Content_Types].xml"] = types.encode()
        root = root.replace("xl/workbook.xml", main)
    parts["_rels/.rels"] = root.encode()
    result = run("check", _write(tmp_path / "other.xlsx", parts))
    assert result.exit_code == 2 and result.output.count("\n") == 1 and refusal in result.output, result.output


def _fonts(path: Path) -> list[bytes]:
    """The contents of the style sheet's fonts (not the conditional formats' fonts in dxfs)."""
    block = re.search(rb"<fonts\b[^>]*>(.*?)</fonts>", _parts(path)["xl/styles.xml"], re.S)
    assert block is not None
    return re.findall(rb"<font>(.*?)</font>", block.group(1))


FONT_ORDER = ["b", "i", "strike", "condense", "extend", "outline", "shadow", "u", "vertAlign", "sz", "color", "name"]
FONT_ORDER += ["family", "charset", "scheme"]


def test_the_fonts_the_tool_adds_list_their_children_in_the_schemas_order(tmp_path: Path) -> None:
    """The example's font 0 lists name, family, color, sz, scheme: the bold and link fonts the tool adds keep its
    size, name, family and scheme (not its colour), and list them in CT_Font's order after b, u and the link's blue."""
    source = EXAMPLE.with_name("mistakes.xlsx")  # errors: the Problems sheet links to their cells
    fonts = _fonts(source)
    assert [re.findall(rb"<(\w+)", f) for f in fonts[:1]] == [[b"name", b"family", b"color", b"sz", b"scheme"]]
    result = api.score_workbook(source, output=tmp_path / "s.xlsx", html=tmp_path / "s.html")
    added = _fonts(result.output)[len(fonts) :]
    children = [[c.decode() for c in re.findall(rb"<(\w+)", font)] for font in added]
    assert children == [["b", "sz", "name", "family", "scheme"], ["u", "sz", "color", "name", "family", "scheme"]]
    assert all(child == sorted(child, key=FONT_ORDER.index) for child in children)
    book = openpyxl.load_workbook(result.output)
    assert book["Standings"]["A1"].font.b and book["Standings"]["A1"].font.sz == 11
    assert book["Problems"]["C2"].font.u == "single" and book["Problems"]["C2"].font.color.rgb == "FF0563C1"


def test_each_relationships_part_is_parsed_once_by_the_check_and_the_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """`<Relationship>` has one reading (`OpcPackage.relationships`), shared by the package check and the reader."""
    from collections import Counter
    from typing import Any

    from sheet_scorer.xlsx.opc import OpcPackage

    parsed: Counter[str] = Counter()
    real = OpcPackage.parse_chunks

    def counting(self: OpcPackage, part: str, *args: Any, **kwargs: Any) -> None:
        parsed[part] += 1
        real(self, part, *args, **kwargs)

    monkeypatch.setattr(OpcPackage, "parse_chunks", counting)
    assert api.check_workbook(EXAMPLE).exit_code == 0
    rels = {part: n for part, n in parsed.items() if part.endswith(".rels")}
    assert rels and set(rels.values()) == {1}, rels
    assert {"_rels/.rels", "xl/_rels/workbook.xml.rels"} <= set(rels)


def test_relationship_types_are_compared_by_constant_in_one_module() -> None:
    """No module but xlsx/opc.py spells a relationship type or reads a `<Relationship>` element: every other module
    compares `Relationship.kind` with opc's constants (Strict Open XML's namespace read as the transitional one)."""
    import ast

    import sheet_scorer

    kinds = ("worksheet", "sharedStrings", "styles", "table", "officeDocument", "comments", "vmlDrawing", "drawing")
    found: dict[str, set[str]] = {}
    for path in Path(sheet_scorer.__file__).parent.rglob("*.py"):
        constants = {
            node.value
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
        }
        spelled = {c for c in constants if c == "Relationship" or any(c.endswith(f"/{k}") for k in kinds)}
        if spelled:
            found[path.name] = spelled
    assert found == {"opc.py": found.get("opc.py", set())} and "Relationship" in found["opc.py"]


def test_no_class_name_is_defined_twice_in_the_format_and_workbook_layers() -> None:
    """One package object, viewed by two role objects named for their roles (the reader and the editor)."""
    import ast
    from collections import Counter

    import sheet_scorer

    root = Path(sheet_scorer.__file__).parent
    names = Counter(
        node.name
        for folder in ("xlsx", "workbook")
        for path in (root / folder).rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    )
    assert [name for name, n in names.items() if n > 1] == []
    assert {"OpcPackage", "WorkbookReader", "PackageEditor"} <= set(names) and "Package" not in names
