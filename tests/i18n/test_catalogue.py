"""The one message catalogue: every key the package names is an entry in all four languages, of
the level its use asks for, and no entry is left unused; the catalogue itself is plain data."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from paths import ROOT

from sheet_scorer.i18n.catalogue import CATALOGUE, NOUNS
from sheet_scorer.i18n.phrase import Phrase
from sheet_scorer.i18n.text import say, text

PACKAGE = ROOT / "sheet_scorer"
CATALOGUE_FILE = PACKAGE / "i18n" / "catalogue.py"
LANGS = {"en", "pl", "pt", "fr"}
# What a key named at each kind of site must be.
LEVELS = {"refusal": {"refusal"}, "phrase": {"refusal"}, "line": {"line", "refusal"}, "problem": {"error", "warning"}}


def _module_dicts(tree: ast.Module) -> dict[str, ast.Dict]:
    found = {}
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value
    return found


class Unread(Exception):
    """A key expression the scan cannot follow to a string (`_keys_of` with `strict`)."""


def _keys_of(
    expr: ast.expr | None, tree: ast.Module, seen: tuple[str, ...] = (), strict: bool = False
) -> list[tuple[str, bool]]:
    """The keys an expression can be, as (key, True), or (prefix, False) for an f-string's head; none for a key
    passed through from elsewhere (`error.key`, a parameter), which was checked where it was named. With `strict`
    (a refusal's own `key=`, which nothing passes on), such a key is `Unread`."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [(expr.value, True)]
    if isinstance(expr, ast.IfExp):
        return _keys_of(expr.body, tree, seen, strict) + _keys_of(expr.orelse, tree, seen, strict)
    if isinstance(expr, ast.JoinedStr) and expr.values and isinstance(expr.values[0], ast.Constant):
        return [(str(expr.values[0].value), False)]
    if isinstance(expr, (ast.Tuple, ast.List, ast.Set)):
        return [k for e in expr.elts for k in _keys_of(e, tree, seen, strict)]
    if isinstance(expr, ast.Dict):
        return [k for e in expr.values for k in _keys_of(e, tree, seen, strict)]
    if (
        isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "get"
    ):  # {…}.get(x, default)
        base = expr.func.value
        table = _module_dicts(tree).get(base.id) if isinstance(base, ast.Name) else base
        found = _keys_of(table, tree, seen, strict) if isinstance(table, ast.Dict) else []
        if strict and not isinstance(table, ast.Dict):
            raise Unread(ast.unparse(expr))
        return found + [k for a in expr.args[1:] for k in _keys_of(a, tree, seen, strict)]
    if isinstance(expr, ast.Name) and expr.id not in seen:  # a local name: what it is assigned or iterates over
        values = [
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == expr.id for t in n.targets)
        ]
        values += [
            n.iter
            for n in ast.walk(tree)
            if isinstance(n, ast.For) and isinstance(n.target, ast.Name) and n.target.id == expr.id
        ]
        if strict and not values:
            raise Unread(expr.id)
        return [k for v in values for k in _keys_of(v, tree, (*seen, expr.id), strict)]
    if strict:
        raise Unread(ast.unparse(expr) if expr is not None else "no key=")
    return []


def named_keys() -> tuple[list[tuple[str, int, str, str, bool]], list[tuple[str, int, str]]]:
    """(file, line, kind, key, whole) for every key the package names: `WorkbookError(key=…)`/`PackageError(key=…)`
    (refusal), `Phrase(…)` (phrase), `say(lang, …)` (line), `count(lang, …)`/`Count(…)` (noun), `Problem(…)` (problem);
    and (file, line, why) for each refusal raised otherwise than by a key the scan reads, with values as keywords."""
    named: list[tuple[str, int, str, str, bool]] = []
    wrong: list[tuple[str, int, str]] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        found, faults = keys_in(ast.parse(path.read_text(encoding="utf-8")), str(path.relative_to(PACKAGE.parent)))
        named += found
        wrong += faults
    return named, wrong


def keys_in(tree: ast.Module, where: str) -> tuple[list[tuple[str, int, str, str, bool]], list[tuple[str, int, str]]]:
    """`named_keys` of one module."""
    named: list[tuple[str, int, str, str, bool]] = []
    wrong: list[tuple[str, int, str]] = []
    sayers, counters = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("sheet_scorer.i18n.terminal", "sheet_scorer.i18n.text"):
            sayers |= {a.asname or a.name for a in node.names if a.name == "say"}
            counters |= {a.asname or a.name for a in node.names if a.name == "count"}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None)
        keywords = {k.arg: k.value for k in node.keywords}
        if name in ("WorkbookError", "PackageError"):
            if node.args:
                wrong.append((where, node.lineno, "a positional message (an English copy) instead of key= and values"))
            try:
                found = _keys_of(keywords.get("key"), tree, strict=True)
            except Unread as unread:
                wrong.append((where, node.lineno, f"a key the scan cannot read: {unread}"))
                continue
            named += [(where, node.lineno, "refusal", key, whole) for key, whole in found]
            continue
        if name == "Phrase":
            kind, exprs = "phrase", node.args[:1] or [keywords.get("key")]
        elif name == "Count":
            kind, exprs = "noun", node.args[:1] or [keywords.get("key")]
        elif name in counters:
            kind, exprs = "noun", node.args[1:2]
        elif name in sayers:
            kind, exprs = "line", node.args[1:2]
        elif name == "Problem":
            kind, exprs = "problem", node.args[:1] or [keywords.get("code")]
        else:
            continue
        for expr in exprs:
            named += [(where, node.lineno, kind, key, whole) for key, whole in _keys_of(expr, tree)]
    return named, wrong


@pytest.fixture(scope="module")
def scanned() -> tuple[list[tuple[str, int, str, str, bool]], list[tuple[str, int, str]]]:
    return named_keys()


@pytest.fixture(scope="module")
def named(scanned) -> list[tuple[str, int, str, str, bool]]:
    return scanned[0]


def test_every_refusal_is_raised_by_a_key_with_its_values_and_no_english_copy(scanned) -> None:
    """Every `WorkbookError`/`PackageError` the package raises names its catalogue key (one the scan reads to a string:
    none passed through, none missing) and its values as keywords, never a message of its own."""
    named, wrong = scanned
    assert wrong == []
    assert sum(kind == "refusal" for _, _, kind, _, _ in named) > 50  # the scan sees the package's refusals


def test_the_refusal_scan_catches_an_english_copy_a_missing_key_and_a_key_it_cannot_read() -> None:
    source = (
        "WorkbookError('the file is damaged', key='damaged', path=p)\n"
        "PackageError(path=p)\n"
        "WorkbookError(key=error.key, **error.values)\n"
        "WorkbookError(key=given, path=p)\n"
        "WorkbookError(key='merge_' + what, path=p)\n"
        "WorkbookError(key='damaged' if bad else f'lacks_{what}', path=p)\n"
    )
    named, wrong = keys_in(ast.parse(source), "m.py")
    assert [(line, why.split(":")[0]) for _, line, why in wrong] == [
        (1, "a positional message (an English copy) instead of key= and values"),
        (2, "a key the scan cannot read"),
        (3, "a key the scan cannot read"),
        (4, "a key the scan cannot read"),
        (5, "a key the scan cannot read"),
    ]
    assert [(line, key, whole) for _, line, _, key, whole in named] == [
        (1, "damaged", True),
        (6, "damaged", True),
        (6, "lacks_", False),
    ]


def test_every_key_the_package_names_is_an_entry_of_its_level_in_four_languages(named) -> None:
    kinds = {kind for _, _, kind, _, _ in named}
    assert kinds == {"refusal", "phrase", "line", "noun", "problem"} and len(named) > 200  # the scan sees the package
    for where, line, kind, key, whole in named:
        pool = NOUNS if kind == "noun" else CATALOGUE
        found = [k for k in pool if (k == key if whole else k.startswith(key))]
        assert found, f"{where}:{line}: {kind} {key!r} is not in i18n.catalogue"
        for name in found:
            if kind == "noun":
                assert set(NOUNS[name]) == LANGS, (where, line, name)
            else:
                entry = CATALOGUE[name]
                assert entry.level in LEVELS[kind], f"{where}:{line}: {name!r} is a {entry.level}, named as a {kind}"
                assert set(entry.templates) == LANGS, (where, line, name)


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_entry_has_four_languages_with_the_same_placeholders() -> None:
    for code, entry in CATALOGUE.items():
        assert entry.code == code and entry.level in ("error", "warning", "refusal", "line"), code
        for templates in (entry.templates, *entry.variants.values()):
            assert set(templates) == LANGS, code
            assert all(_fields(templates[lang]) == _fields(templates["en"]) for lang in LANGS), code
        assert not (entry.field or entry.table or entry.variants) or entry.level in ("error", "warning"), code


def test_no_entry_is_unused() -> None:
    """Every code and noun is a string the package's source holds, outside the catalogue: whole, or matching an
    f-string (`f"damaged_{what}"`, `f"{prefix}-tie-unmarked"`). A line nobody says is removed, not kept (a cheap
    check: a key that is also some other string, such as the noun `cells`, passes)."""
    constants, patterns = set(), []
    for path in PACKAGE.rglob("*.py"):
        if path in (CATALOGUE_FILE, CATALOGUE_FILE.with_name("codes.py")):  # codes.py names every key: as types only
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                constants.add(node.value)
            elif isinstance(node, ast.JoinedStr) and any(isinstance(v, ast.Constant) for v in node.values):
                patterns.append(
                    re.compile(
                        "".join(re.escape(str(v.value)) if isinstance(v, ast.Constant) else ".+" for v in node.values)
                    )
                )
    unused = [k for k in [*CATALOGUE, *NOUNS] if k not in constants and not any(p.fullmatch(k) for p in patterns)]
    assert unused == []


def test_the_catalogue_is_plain_data() -> None:
    """It imports nothing of the package (no problems, no model: those render from it) and no library."""
    imported = {
        a.name
        for node in ast.walk(ast.parse(CATALOGUE_FILE.read_text(encoding="utf-8")))
        if isinstance(node, ast.Import)
        for a in node.names
    }
    imported |= {
        node.module
        for node in ast.walk(ast.parse(CATALOGUE_FILE.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
    }
    assert imported <= {"__future__", "dataclasses", "typing"}


def test_a_refusal_told_beside_its_file_leaves_the_file_out() -> None:
    """A season's file not read: the refusal without its leading '{path}: ', in the season's language (French
    typeset once: 'non lu : …', not 'non lu : : illisible')."""
    reason = Phrase("cannot_read", {"path": None, "reason": "zip"})
    assert say("en", "cannot_read", path=None, reason="zip") == "cannot be read (zip)"
    assert text("en", "season_status_unreadable", reason=reason) == "not read: cannot be read (zip)"
    assert text("pl", "season_status_unreadable", reason=reason) == "nieodczytany: nie można odczytać (zip)"
    assert text("fr", "season_status_unreadable", reason=reason) == "non lu\u202f: illisible (zip)"
    assert say("fr", "cannot_read", path="a.xlsx", reason="zip") == "a.xlsx\u202f: illisible (zip)"


def test_a_refusal_carries_its_problem_and_says_it_in_the_language_it_is_told_in() -> None:
    """A refusal naming a problem holds the problem itself (`problems.Told`), not words rendered when it was raised:
    the same error reads in Polish on a Polish terminal and in English as `str(error)`."""
    from sheet_scorer.i18n.text import say
    from sheet_scorer.model import WorkbookError
    from sheet_scorer.problems import Problem, Told

    problem = Problem("no-header-row", "Runda 2")
    error = WorkbookError(key="merge_event_sheet", event="klub.xlsx", sheet="Runda 2", message=Told(problem))
    assert say("pl", error.key, **error.values) == (
        "klub.xlsx: nie można odczytać arkusza „Runda 2” (nie znaleziono wiersza nagłówków: arkusz potrzebuje wiersza "
        "z co najmniej nagłówkami „Stół” i „Gracz”); popraw go i scal ponownie"
    )
    assert str(error) == (
        "klub.xlsx: sheet 'Runda 2' cannot be read (no header row found: the sheet needs a row with at least "
        "'Table' and 'Player' headers); fix it, then merge again"
    )
    assert Told(Problem("bad-int", "Runda 2", cell="D7"), place=True).said_in("fr") == "'Runda 2'!D7"


def test_the_catalogues_keys_as_types_are_current() -> None:
    """i18n/codes.py (ProblemCode, RefusalKey, LineKey) is what scripts/write_codes.py writes from the catalogue as
    it is, and a Problem's code is typed by it: a code the catalogue lacks is refused by the type checker."""
    import importlib.util
    import typing

    from sheet_scorer.i18n import codes
    from sheet_scorer.problems import Problem

    script = ROOT / "scripts" / "write_codes.py"
    spec = importlib.util.spec_from_file_location("write_codes", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert (Path(codes.__file__).read_text(encoding="utf-8")) == module.codes_source()
    problem_codes = {c for c, m in CATALOGUE.items() if m.level in ("error", "warning")}
    assert set(typing.get_args(codes.ProblemCode)) == problem_codes and "vp-mismatch" in problem_codes
    assert set(typing.get_args(codes.RefusalKey)) == {c for c, m in CATALOGUE.items() if m.level == "refusal"}
    assert typing.get_type_hints(Problem)["code"] == codes.ProblemCode
