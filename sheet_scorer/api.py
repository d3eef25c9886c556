"""The public Python API: score or check a workbook from a script or a notebook.

    from sheet_scorer import score_workbook
    result = score_workbook("spring_open.xlsx")
    result.standings        # DataFrame: rank, player, round_points, vp, vp_pct, games, one column per round
    result.results          # DataFrame: one row per player per game, with VP, place, round points
    result.problems         # list[Problem]: code, severity, sheet, cell, player, message
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from .model import WorkbookData, WorkbookError
from .problems import Problem, has_errors
from .read import read_workbook, unkept_parts
from .score import RESULT_COLUMNS, score_rounds
from .standings import compute_standings
from .validate import validate
from .vocab import LANGUAGES


@dataclass
class ScoreResult:
    """What scoring a workbook gives: standings, per-game results, problems and the files written."""

    data: WorkbookData
    results: pd.DataFrame
    standings: pd.DataFrame
    problems: list[Problem]
    output: Path | None = None
    html: Path | None = None

    @property
    def has_errors(self) -> bool:
        """True when some table could not be scored: the standings are provisional."""
        return has_errors(self.problems)

    @property
    def exit_code(self) -> int:
        """0 scored cleanly (warnings allowed), 1 scored with errors (SPEC §5)."""
        return int(self.has_errors)


def default_outputs(path: Path) -> tuple[Path, Path]:
    """`event.xlsx` -> `event.scored.xlsx`, `event.standings.html`, next to the input."""
    stem = path.stem.removesuffix(".scored")
    return path.with_name(f"{path.stem}.scored{path.suffix}"), path.with_name(f"{stem}.standings.html")


def _sorted(problems: list[Problem], sheet_names: list[str]) -> list[Problem]:
    order = {name: i for i, name in enumerate(sheet_names)}

    def key(p: Problem) -> tuple[int, int, int, str]:
        """Sheet by tab order; whole-sheet problems first, then by table; by row within a table."""
        rows = p.params.get("rows") or ()
        row = p.row or (min(rows) if rows else 0)
        return order.get(p.sheet, -1), -1 if p.table is None else p.table, row, p.cell
    return sorted(problems, key=key)


def check_workbook(path: Path | str, lang: str | None = None) -> ScoreResult:
    """Read, validate and score in memory; no file is written. `lang` sets the name order (default: Settings)."""
    data = read_workbook(Path(path))
    language = lang or data.settings.language
    if language not in LANGUAGES:
        raise WorkbookError(f"unknown language '{language}'; use one of {', '.join(LANGUAGES)}")
    validated = validate(data)
    problems = _sorted(validated.problems, data.sheet_names)
    if validated.frame.empty:
        results = pd.DataFrame(columns=RESULT_COLUMNS).astype({"bye": bool, "game": bool, "scorable": bool})
        standings = pd.DataFrame(columns=["rank", "player", "round_points", "vp", "vp_pct", "games"])
        return ScoreResult(data, results, standings, problems)
    results = score_rounds(validated.frame, data.settings)
    standings = compute_standings(results, [s.name for s in data.rounds], language)
    return ScoreResult(data, results, standings, problems)


def score_workbook(
    path: Path | str, output: Path | str | None = None, html: Path | str | None = None,
    lang: str | None = None, write: bool = True, in_place: bool = False, json: Path | str | None = None,
) -> ScoreResult:
    """Score `path` and (with `write`) write the scored workbook and the HTML report beside it.

    `in_place` writes the scored workbook over `path`, after copying it to `<name>.backup<suffix>`;
    `json` also writes the standings, results and problems as JSON (schema in `report.json_document`).
    """
    from .files import write_text_atomically
    from .report import render_report, write_json
    from .write import write_scored_workbook

    path = Path(path)
    result = check_workbook(path, lang)
    language = lang or result.data.settings.language
    if not write:
        return result
    default_xlsx, default_html = default_outputs(path)
    result.output = path if in_place else Path(output) if output else default_xlsx
    result.html = Path(html) if html else default_html
    if result.output.suffix.lower() not in (".xlsx", ".xlsm"):
        raise WorkbookError(f"{result.output}: the scored workbook must end in .xlsx or .xlsm")
    for target in (result.output, result.html, Path(json) if json else None):
        if target is not None and not target.parent.is_dir():
            raise WorkbookError(f"{target}: the folder {target.parent} does not exist")
    if not in_place and result.output.resolve() == path.resolve():
        raise WorkbookError(f"{path}: -o names the input itself; use --in-place to write over it (a backup is kept)")
    lost = unkept_parts(path)
    if lost and result.output.resolve() == path.resolve():
        raise WorkbookError(f"{path}: has {', '.join(lost)}, which scoring in place would remove; score to a new file instead")
    if lost:
        result.problems.insert(0, Problem("content-not-kept", "", params={"parts": " and ".join(lost)}))
    if in_place:
        shutil.copy2(path, path.with_name(f"{path.stem}.backup{path.suffix}"))
    page = render_report(result, language)  # before openpyxl loads the workbook: the two never peak together
    write_scored_workbook(path, result.output, result.data.rounds, result.results, result.standings, result.problems, language)
    write_text_atomically(page, result.html)
    if json:
        write_json(result, Path(json))
    return result
