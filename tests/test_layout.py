"""The package's import graph: no cycle, and data flows one way (README "Development")."""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import sheet_scorer

PACKAGE = Path(sheet_scorer.__file__).parent


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for all the checks below."""
    return ast.parse(path.read_text(encoding="utf-8"))


# Lower layers never import higher ones; new stages (seating/, playoffs/, merge/) sit beside standings.
# xlsx/ (the file format) is the lowest: the model's WorkbookError is its PackageError.
# i18n/ (the words and the one message catalogue) sits below the model and the problems that it renders.
LAYERS = {
    "lazy": -2,  # the packages' lazy public names (PEP 562), below everything
    "xlsx": -1,
    "i18n": -0.5,
    "model": 0,
    "problems": 0,
    "workbook": 1,
    "rules": 2,
    "standings": 3,
    "seating": 4,
    "playoffs": 4,
    "merge": 4,
    "journal": 4,  # the tables' reports (docs/rules.md §11): beside merge, which takes them into the workbook
    "report": 4,
    "api": 5,
    "season": 5,
    "cli": 6,
    "__init__": 7,
    "__main__": 7,
}

LAYERS["live"] = 5  # the live view serves what `api` scores, and `api.live` fronts it for `cli`


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def imports() -> dict[str, set[str]]:
    """Module -> the sheet_scorer modules it imports (anywhere in it, at run time; not under TYPE_CHECKING); found
    once per process, the tests only read it."""
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        tree = parsed(path)
        skipped = {
            id(n)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for n in ast.walk(node)
        }
        found = set()
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sheet_scorer"):
                found.add(node.module)
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name.startswith("sheet_scorer")}
        graph[module_name(path)] = found
    return graph


def layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS[parts[1]] if len(parts) > 1 else LAYERS["__init__"]


def test_no_import_cycle() -> None:
    graph = imports()
    state: dict[str, int] = {}

    def visit(module: str, path: list[str]) -> None:
        if state.get(module) == 1:
            raise AssertionError("import cycle: " + " -> ".join([*path, module]))
        if state.get(module) == 2:
            return
        state[module] = 1
        for target in sorted(graph.get(module, ())):
            if target in graph:
                visit(target, [*path, module])
        state[module] = 2

    for module in sorted(graph):
        visit(module, [])


def test_data_flows_one_way() -> None:
    upward = [
        (m, t) for m, targets in imports().items() for t in targets if m != "sheet_scorer" and layer(t) > layer(m)
    ]
    assert upward == []


def test_the_file_format_knows_no_tournament() -> None:
    """xlsx/ imports only itself: no model, problems, i18n or any stage."""
    outside = [
        (m, t)
        for m, targets in imports().items()
        if m.startswith("sheet_scorer.xlsx")
        for t in targets
        if not t.startswith("sheet_scorer.xlsx")
    ]
    assert outside == []


def test_the_patcher_and_the_reader_share_one_package_layer() -> None:
    """One relationship resolver, cell-reference parser, text decoder, sheet entry and shared-string reader:
    none defined twice under xlsx/ or workbook/."""
    defined: dict[str, list[str]] = {}
    for folder in ("xlsx", "workbook"):
        for path in (PACKAGE / folder).glob("*.py"):
            for node in parsed(path).body:
                if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in {
                    "resolve_target",
                    "resolve",
                    "parse_ref",
                    "parse_range",
                    "rels_name",
                    "relative",
                    "column_index",
                    "PartName",
                    "column_letter",
                    "unescape",
                    "ooxml_text",
                    "SheetEntry",
                    "Relationship",
                    "read_strings",
                    "read_workbook_part",
                }:
                    defined.setdefault(node.name, []).append(module_name(path))
    assert {name: where for name, where in defined.items() if len(where) > 1} == {}
    assert set(defined) == {
        "PartName",
        "parse_ref",
        "parse_range",
        "column_index",
        "column_letter",
        "unescape",
        "ooxml_text",
        "SheetEntry",
        "Relationship",
        "read_strings",
        "read_workbook_part",
    }


def test_the_reader_and_the_patcher_open_packages_the_same_way() -> None:
    """One OPC package layer: the reader and the editor hold an `OpcPackage` (composition, not a subclass each) and
    unpack, parse and refuse a DOCTYPE only through it; neither defines a reading of its own."""
    from sheet_scorer.xlsx import opc, package, reader

    for cls in (reader.WorkbookReader, package.PackageEditor):
        assert not issubclass(cls, opc.OpcPackage)
        assert not {"parse_chunks", "push_parser", "_chunks", "_refuse_doctype", "main_part"} & set(vars(cls))
    assert "relationships" not in vars(reader.WorkbookReader)


# Only the command line prints: click, rich and the terminal catalogue belong to cli/.
TERMINAL_ONLY = ("click", "rich", "sheet_scorer.i18n.terminal")
# Modules that still compose terminal lines below the CLI (none left; the list may only shrink).
TERMINAL_LEFT: set[str] = set()


def every_import(path: Path) -> set[str]:
    """Every module `path` imports, anywhere in it (also inside functions and under TYPE_CHECKING)."""
    found: set[str] = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def test_only_the_cli_imports_click_rich_or_the_terminal_catalogue() -> None:
    outside = {}
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        if name.startswith(("sheet_scorer.cli", "sheet_scorer.i18n.terminal")) or name in TERMINAL_LEFT:
            continue
        used = {m for m in every_import(path) if any(m == t or m.startswith(f"{t}.") for t in TERMINAL_ONLY)}
        if used:
            outside[name] = sorted(used)
    assert outside == {}
    still = {
        m
        for m in TERMINAL_LEFT
        if any(i.startswith(TERMINAL_ONLY) for i in every_import(PACKAGE.parent / (m.replace(".", "/") + ".py")))
    }
    assert still == TERMINAL_LEFT, f"{sorted(TERMINAL_LEFT - still)} no longer print: take them off TERMINAL_LEFT"


def test_below_the_cli_nothing_says_a_line() -> None:
    """The renderer of the one catalogue's lines and refusals (`say`, `count`) is not reached around
    `i18n.terminal` either: outside cli/ and i18n/ no module imports it from `i18n.text`.
    A refusal travels as a key and values (a WorkbookError, a Phrase) and is said by whoever shows it."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        name = module_name(path)
        if name.startswith(("sheet_scorer.cli", "sheet_scorer.i18n")):
            continue
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ImportFrom) and node.module == "sheet_scorer.i18n.text":
                said = sorted({a.name for a in node.names} & {"say", "count", "_phrase", "_filled"})
                if said:
                    found[name] = said
    assert found == {}


# The tournament workbook's I/O: workbook/ reads and writes, it neither judges nor presents.
NOT_IN_WORKBOOK = (
    "sheet_scorer.rules",
    "sheet_scorer.report",
    "sheet_scorer.standings",
    "sheet_scorer.seating",
    "sheet_scorer.playoffs",
    "sheet_scorer.merge",
    "sheet_scorer.i18n.text",
    "pandera",
    "jinja2",
)


def test_the_workbook_is_io_only() -> None:
    """Nothing under workbook/ imports a rule, a stage, the report, the report's words (`i18n.text`), pandera or
    jinja2, anywhere in it (also inside functions): the rules live in rules/, the write plan in report/sheets."""
    found = {}
    for path in (PACKAGE / "workbook").glob("*.py"):
        used = {m for m in every_import(path) if any(m == t or m.startswith(f"{t}.") for t in NOT_IN_WORKBOOK)}
        if used:
            found[module_name(path)] = sorted(used)
    assert found == {}
    assert not (PACKAGE / "workbook" / "plan.py").exists() and not (PACKAGE / "workbook" / "event.py").exists()


def test_the_no_edit_lost_policy_sits_beside_the_api() -> None:
    """workbook/ reads and writes the record and the fingerprint; what a command refuses so that no edit is lost
    and no organiser's sheet overwritten is `api.policy`'s, and the Active cells are judged in rules/."""
    policy = {"holds_newer_edits", "refuse_replacing", "working_copy", "refuse_working_copy", "added_sheet_clash"}
    defined = {
        (module_name(path), node.name)
        for path in PACKAGE.rglob("*.py")
        for node in parsed(path).body
        if isinstance(node, ast.FunctionDef) and (node.name in policy or node.name == "check_added_sheets")
    }
    assert {m for m, _ in defined} == {"sheet_scorer.api.policy"}
    assert {n for _, n in defined} == policy | {"check_added_sheets"}
    codes = {
        module_name(path)
        for path in (PACKAGE / "workbook").glob("*.py")
        if {"bad-active", "own_sheet_clash", "two_sheets_clash", "edited_since", "edited_copy", "working_copy"}
        & set(_constants(path))
    }
    assert codes == set()


# One XML technology per job (xlsx/__init__.py says why): expat reads, byte-splicing patches, nothing else.
@functools.cache
def _nodes(path: Path) -> list[ast.AST]:
    """Every node of `path`'s syntax tree (parsed once for the tests below)."""
    return list(ast.walk(parsed(path)))


def _constants(path: Path) -> list[str]:
    """The text of every str and bytes literal in `path`."""
    return [
        node.value if isinstance(node.value, str) else node.value.decode("latin-1")
        for node in _nodes(path)
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes))
    ]


def _names(path: Path) -> set[str]:
    """Every name and attribute name `path` uses or imports."""
    found: set[str] = set()
    for node in _nodes(path):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            found |= {a.name for a in node.names}
    return found


def test_one_xml_parser_and_no_lxml() -> None:
    """Only the package layer (`xlsx/opc.py`) creates XML parsers (expat, with the budgets and DOCTYPE refusal);
    no module imports lxml, ElementTree, minidom or SAX, and the installed package does not depend on lxml."""
    import tomllib

    parsers = {
        name: sorted(m for m in every_import(path) if m.startswith(("lxml", "xml", "defusedxml")))
        for path in PACKAGE.rglob("*.py")
        if (name := module_name(path))
    }
    assert {name: found for name, found in parsers.items() if found} == {"sheet_scorer.xlsx.opc": ["xml.parsers"]}
    project = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert not [d for d in project["dependencies"] if d.startswith("lxml")]


def test_one_style_sheet_reader() -> None:
    """The style sheet is found and read in one place (`xlsx/styles.py`, `read_style_sheet`): the reader's date styles
    and the patcher's formats come from the same parse; no other module names the part or its relationship."""
    where = {
        module_name(path)
        for path in PACKAGE.rglob("*.py")
        if any("styles.xml" in text or text.endswith("/styles") for text in _constants(path))
        or {"REL_STYLES", "CT_STYLES"} & _names(path)
    }
    # opc defines the constants; the package check (xlsx.check) excuses a dangling styles relationship, never reads it
    assert where == {"sheet_scorer.xlsx.styles", "sheet_scorer.xlsx.opc", "sheet_scorer.xlsx.check"}
    users = {module_name(path) for path in PACKAGE.rglob("*.py") if "read_style_sheet" in _names(path)}
    assert users == {"sheet_scorer.xlsx.reader", "sheet_scorer.xlsx.book"}


def test_one_merged_range_parser() -> None:
    """A `<mergeCell>` is parsed in `xlsx/merged.py` only (the reader's two paths and the patcher call it); elsewhere
    the name stands only in the worksheet's element order (`mergeCells`)."""
    where = {
        module_name(path): sorted({t for t in _constants(path) if "mergeCell" in t and " " not in t})  # not prose
        for path in PACKAGE.rglob("*.py")
    }
    assert {m: found for m, found in where.items() if found} == {
        "sheet_scorer.xlsx.merged": ["mergeCell"],
        "sheet_scorer.xlsx.sheetxml": ["mergeCells"],
    }
    users = {module_name(path) for path in PACKAGE.rglob("*.py") if {"merged_range", "merged_ranges"} & _names(path)}
    assert users == {
        "sheet_scorer.xlsx.merged",
        "sheet_scorer.xlsx.reader",
        "sheet_scorer.xlsx.sheetxml",
        "sheet_scorer.workbook.write",
    }


def test_one_withdrawn_mark_for_the_standings_and_the_final_ranking() -> None:
    """ "withdrawn after round 2" is worked out once, in playoffs/qualifying (the lowest module both report/ and
    playoffs/ import), and read by the Standings sheet's writer and the Final Ranking sheet alike: no second copy."""
    defined = [
        module_name(path)
        for path in PACKAGE.rglob("*.py")
        for node in parsed(path).body
        if isinstance(node, ast.FunctionDef) and node.name == "withdrawn_notes"
    ]
    assert defined == ["sheet_scorer.playoffs.qualifying"]
    assert "sheet_scorer.playoffs.qualifying" in imports()["sheet_scorer.playoffs.step"]


# References stay inside the repository: code, tests and docs cite docs/rules.md sections, never a contract, an
# example set or a tracker entry kept elsewhere (the patterns are split so this file does not match itself).
OUTSIDE_REFERENCES = re.compile(
    "|".join(
        (
            r"\b" + "SP" + r"EC\b",  # the contract the project started from
            r"\bse" + r"eds? \d{3}\b",  # its numbered example sets
            r"\b[Ii]" + r"ssues? #?\d+",  # a tracker entry
            r"\bq" + r"a\d\b",  # a review round
        )
    )
)


def test_references_point_inside_the_repository() -> None:
    """The package, the tests, the benchmarks, README.md and docs/ cite docs/rules.md sections, never a reference the
    repository does not hold."""
    root = PACKAGE.parent
    files = [
        *PACKAGE.rglob("*.py"),
        *(root / "tests").rglob("*.py"),
        *(root / "tests").rglob("*.md"),
        *(root / "bench").rglob("*.py"),
        *(root / "bench").rglob("*.md"),
        *(root / "docs").rglob("*.md"),
        root / "README.md",
    ]
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if OUTSIDE_REFERENCES.search(line)
    ]
    assert found == []
    assert "## §9 The live view (`live`)" in (root / "docs" / "rules.md").read_text(encoding="utf-8")


# The command line's one front door: it parses, calls the api, prints and picks the exit code.
CLI_MAY_IMPORT = (
    "sheet_scorer.cli",
    "sheet_scorer.api",
    "sheet_scorer.i18n",
    "sheet_scorer.model",
    "sheet_scorer.problems",
)


def test_the_cli_goes_through_the_api() -> None:
    """cli/ imports nothing of the package but api, i18n, model and problems, anywhere in it (also inside functions
    and under TYPE_CHECKING): every command, a batch, `season` and `live` included, is an api function."""
    found = {}
    for path in (PACKAGE / "cli").glob("*.py"):
        used = {
            m
            for m in every_import(path)
            if m.startswith("sheet_scorer") and not any(m == t or m.startswith(f"{t}.") for t in CLI_MAY_IMPORT)
        }
        if used:
            found[module_name(path)] = sorted(used)
    assert found == {}


def test_every_command_has_its_api_module() -> None:
    """A module of api/ per command, `season`, `live` and a batch included, and one process pool for them."""
    from sheet_scorer.cli.main import main

    modules = {path.stem for path in (PACKAGE / "api").glob("*.py")}
    commands = set(main.commands) - {"check"}  # `check` is `score` without writing (api/score.py)
    assert commands <= modules and {"batch", "pool"} <= modules
    pools = {
        module_name(path)
        for path in PACKAGE.rglob("*.py")
        if "ProcessPoolExecutor" in _names(path) or "multiprocessing" in every_import(path)
    }
    assert pools == {"sheet_scorer.api.pool"}


def test_no_class_name_is_defined_twice() -> None:
    """Each class name names one class in the package (a reader does not meet two `Outcome`s)."""
    where: dict[str, list[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ClassDef):
                where.setdefault(node.name, []).append(module_name(path))
    twice = {name: places for name, places in where.items() if len(places) > 1}
    assert twice == {} or set(twice) == {"Package"}  # xlsx/: the reader's and the patcher's package, one to come


def test_one_renderer_for_problems_refusals_and_lines() -> None:
    """One formatter fills every template of the catalogue (`i18n.text.render`): problems, refusals, lines and report
    words; the CLDR plural rule is asked in that module only."""
    formatters = {
        module_name(path)
        for path in PACKAGE.rglob("*.py")
        for node in ast.walk(parsed(path))
        if isinstance(node, ast.ClassDef) and any("Formatter" in ast.unparse(base) for base in node.bases)
    }
    assert formatters == {"sheet_scorer.i18n.text"}
    plural_rules = {module_name(path) for path in PACKAGE.rglob("*.py") if "plural_form" in _names(path)}
    assert plural_rules == {"sheet_scorer.i18n.text"}
