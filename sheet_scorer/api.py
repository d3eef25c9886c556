"""The public Python API: score or check a workbook from a script or a notebook.

    from sheet_scorer import score_workbook
    result = score_workbook("spring_open.xlsx")
    result.standings        # DataFrame in rank order: rank, player, round_points, vp, vp_pct, games, the other
                            # figures in use (wins, …), ahead_by, one column per round (standings.engine)
    result.results          # DataFrame: one row per player per game, with VP, place, round points
    result.problems         # list[Problem]: code, severity, sheet, cell, player, message
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.workbook.container import check_readable
from sheet_scorer.workbook.convert import convert_to_xlsx, is_ods
from sheet_scorer.model import RoundSheet, ScoreResult, WorkbookData, WorkbookError
from sheet_scorer.problems import Problem
from sheet_scorer.i18n.vocab import LANGUAGES

if TYPE_CHECKING:
    import pandas as pd


def default_outputs(path: Path) -> tuple[Path, Path]:
    """`event.xlsx` -> `event.scored.xlsx`, `event.standings.html`, next to the input.

    A scored copy is scored into itself: once scored, it is where the organiser fixes mistakes (docs/rules.md §5)."""
    stem = path.stem.removesuffix(".scored")
    scored = path if path.stem.endswith(".scored") else path.with_name(f"{path.stem}.scored{path.suffix}")
    return scored, path.with_name(f"{stem}.standings.html")


def _sorted(problems: list[Problem], sheet_names: list[str]) -> list[Problem]:
    order = {name: i for i, name in enumerate(sheet_names)}

    def key(p: Problem) -> tuple[int, int, int, str]:
        """Sheet by tab order; whole-sheet problems first, then by table; by row within a table."""
        rows = p.params.get("rows") or ()
        row = p.row or (min(rows) if rows else 0)
        return order.get(p.sheet, -1), -1 if p.table is None else p.table, row, p.cell
    return sorted(problems, key=key)


def ods_outputs(source: Path) -> tuple[Path, Path]:
    """`event.ods` -> `event.scored.xlsx`, `event.standings.html`: the scored copy of an .ods is an .xlsx."""
    return default_outputs(source.with_suffix(".xlsx"))


def check_workbook(path: Path | str, lang: str | None = None) -> ScoreResult:
    """Read, validate and score in memory; no file is written. `lang` sets the name order (default: Settings).

    An `.ods` is converted to `.xlsx` by LibreOffice first (`workbook.convert`)."""
    if is_ods(Path(path)):
        with tempfile.TemporaryDirectory(prefix="sheet-scorer-") as folder:
            result = check_workbook(convert_to_xlsx([Path(path)], Path(folder))[Path(path)], lang)
        result.converted_from = Path(path)
        return result
    check_readable(Path(path))  # a missing or damaged file is told before the heavy imports
    import pandas as pd

    from sheet_scorer.workbook.read import read_workbook
    from sheet_scorer.rules.score import RESULT_COLUMNS, score_rounds
    from sheet_scorer.rules.validate import validate
    from sheet_scorer.standings.engine import standings_for
    from sheet_scorer.workbook.settings import check_adjustments

    data = read_workbook(Path(path))
    language = lang or data.settings.language
    if language not in LANGUAGES:
        raise WorkbookError(f"unknown language '{language}'; use one of {', '.join(LANGUAGES)}", "unknown_language",
                            language=language, languages=", ".join(LANGUAGES))
    validated = validate(data)
    if validated.frame.empty:
        results = pd.DataFrame(columns=RESULT_COLUMNS).astype({"bye": bool, "game": bool, "scorable": bool})
    else:
        results = score_rounds(validated.frame, data.settings)
    results, playoff_rows = _split_playoffs(data, results)
    players = set(results["player"]) | set(data.registered or ())
    data.adjustments, unknown = check_adjustments(data.adjustments, players, {s.number for s in data.rounds})
    problems = _sorted(validated.problems + unknown, data.sheet_names)
    result = ScoreResult(data, results, results.iloc[:0], problems, lang=language, progress=validated.progress)
    result.standings = standings_for(results, data.settings, data.adjustments, language, [s.name for s in result.played_rounds])
    if playoff_rows is not None:
        from sheet_scorer.playoffs.places import playoff_places
        from sheet_scorer.playoffs.qualifying import qualifying_ranking

        result.playoff_results = playoff_places(playoff_rows, qualifying_ranking(result, language))
    return result


def _split_playoffs(data: WorkbookData, results: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """The round sheets' rows and the playoff sheets' rows (None without playoff sheets): playoff games are
    scored like rounds but never count in the standings (docs/rules.md §6)."""
    if not data.playoffs:
        return results, None
    playoff = results["sheet"].isin({s.name for s in data.playoffs})
    return results[~playoff].reset_index(drop=True), results[playoff].reset_index(drop=True)


def score_workbook(
    path: Path | str, output: Path | str | None = None, html: Path | str | None = None,
    lang: str | None = None, write: bool = True, in_place: bool = False, json: Path | str | None = None,
) -> ScoreResult:
    """Score `path` and (with `write`) write the scored workbook and the HTML report beside it.

    `in_place` writes the scored workbook over `path`; scoring a scored copy (`event.scored.xlsx`)
    updates that copy. A workbook replaced keeps `<name>.backup<suffix>` and, once, `<name>.original<suffix>`.
    `json` also writes the standings, results and problems as JSON (schema in `report.json_document`).
    """
    path = Path(path)
    if not write:
        return check_workbook(path, lang)
    if is_ods(path):
        return _score_ods(path, output, html, lang, in_place, json)
    check_readable(path)
    output_path, html_path = _targets(path, output, html, json, in_place)
    return _score_and_write(path, output_path, html_path, lang, Path(json) if json else None)


def _score_ods(path: Path, output: Path | str | None, html: Path | str | None, lang: str | None, in_place: bool,
               json: Path | str | None) -> ScoreResult:
    """Convert the .ods with LibreOffice, score the .xlsx; the outputs go beside the .ods (docs/rules.md §5)."""
    if in_place:
        raise WorkbookError(f"{path}: --in-place cannot write an .ods; score it without --in-place to get {ods_outputs(path)[0].name}",
                            "ods_in_place", path=path, target=ods_outputs(path)[0].name)
    default_xlsx, default_html = ods_outputs(path)
    with tempfile.TemporaryDirectory(prefix="sheet-scorer-") as folder:
        converted = convert_to_xlsx([path], Path(folder))[path]
        result = score_workbook(converted, output or default_xlsx, html or default_html, lang, json=json)
    result.converted_from = path
    return result


def _targets(path: Path, output: Path | str | None, html: Path | str | None, json: Path | str | None,
             in_place: bool) -> tuple[Path, Path]:
    """The scored workbook and report paths, refused with one line if they cannot be written."""
    default_xlsx, default_html = default_outputs(path)
    output_path = path if in_place else Path(output) if output else default_xlsx
    html_path = Path(html) if html else default_html
    for target in (output_path, html_path, Path(json) if json else None):
        if target is not None and target.is_dir():
            raise WorkbookError(f"{target}: is a folder; name a file to write", "target_is_folder", path=target)
    if output_path.suffix.lower() != path.suffix.lower():  # Excel refuses a file whose contents and extension disagree
        raise WorkbookError(f"{output_path}: the scored workbook must end in {path.suffix.lower()}, like the input",
                            "wrong_suffix", path=output_path, suffix=path.suffix.lower())
    for target in (output_path, html_path, Path(json) if json else None):
        if target is not None and not target.parent.is_dir():
            raise WorkbookError(f"{target}: the folder {target.parent} does not exist", "no_folder", path=target,
                                folder=target.parent)
    if output and not in_place and output_path.resolve() == path.resolve():
        raise WorkbookError(f"{path}: -o names the input itself; use --in-place to write over it (a backup is kept)",
                            "output_is_input", path=path)
    _refuse_clashes(path, {"the scored workbook": output_path, "--html": html_path, "--json": Path(json) if json else None})
    return output_path, html_path


def _refuse_clashes(path: Path, targets: dict[str, Path | None]) -> None:
    """No report over the organiser's workbook, and no two outputs in one file (one would overwrite the other)."""
    seen: dict[Path, str] = {}
    for name, target in targets.items():
        if target is None:
            continue
        where = target.resolve()
        if name != "the scored workbook" and where == path.resolve():
            raise WorkbookError(f"{path}: {name} names the input workbook itself; choose another file", "report_is_input",
                                path=path, option=name)
        if where in seen:
            raise WorkbookError(f"{target}: named for both {seen[where]} and {name}; choose two different files")
        seen[where] = name


def _score_and_write(path: Path, output: Path, html: Path, lang: str | None, json: Path | None) -> ScoreResult:
    """Score, then write the scored workbook, the report and the JSON: all put in place together, or none."""
    from sheet_scorer.report.export import write_json
    from sheet_scorer.report.facts import withdrawn_notes
    from sheet_scorer.report.html import render_report
    from sheet_scorer.workbook.files import write_all
    from sheet_scorer.workbook.plan import plan_writes
    from sheet_scorer.workbook.write import write_to

    result = check_workbook(path, lang)
    language = lang or result.data.settings.language
    result.output, result.html = output, html
    plan = plan_writes(*_all_sheets(result), result.standings, result.problems, language, withdrawn_notes(result, language))
    page = render_report(result, language)
    writers = {output: lambda temporary: write_to(path, temporary, plan),
               html: lambda temporary: temporary.write_text(page, encoding="utf-8")}
    if json:
        writers[json] = lambda temporary: write_json(result, temporary)
    write_all(writers, versions={output})
    return result


def _all_sheets(result: ScoreResult) -> tuple[list[RoundSheet], pd.DataFrame]:
    """The round and playoff sheets with all their rows: both get the computed columns in the scored workbook."""
    import pandas as pd

    if result.playoff_results is None:
        return result.data.rounds, result.results
    rows = pd.concat([result.results, result.playoff_results], ignore_index=True)
    return [*result.data.rounds, *result.data.playoffs], rows
