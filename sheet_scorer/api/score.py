"""`score` and `check`: read, validate and score a workbook; `score` also writes the scored copy, the report and
the JSON (docs/rules.md §5)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.i18n.phrase import Phrase
from sheet_scorer.model import (
    NextStep,
    RoundSheet,
    ScoreResult,
    Settings,
    WorkbookData,
    WorkbookError,
    event_language,
)
from sheet_scorer.problems import Problem
from sheet_scorer.workbook.container import open_package
from sheet_scorer.workbook.convert import convert_to_xlsx, is_ods

if TYPE_CHECKING:
    import pandas as pd

    from sheet_scorer.xlsx.opc import OpcPackage


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


def check_workbook(path: Path | str, lang: str | None = None, content: bytes | None = None) -> ScoreResult:
    """Read, validate and score in memory; no file is written. `lang` sets the name order (default: Settings).

    `content`: the file's bytes, read at once (an .xlsx parsed from memory: the file is not held open while it is
    read, which on Windows would block a save's rename). An `.ods` is converted to `.xlsx` by LibreOffice first
    (`workbook.convert`)."""
    if is_ods(Path(path)):
        with tempfile.TemporaryDirectory(prefix="sheet-scorer-") as folder:
            result = check_workbook(convert_to_xlsx([Path(path)], Path(folder))[Path(path)], lang)
        result.converted_from = Path(path)
    else:
        opened = open_package(Path(path), content=content)  # a missing or damaged file is told before the heavy imports
        from sheet_scorer.workbook.read import open_event

        with open_event(opened, fingerprint=False) as event:  # nothing is written: no record, no fingerprint
            result = check_data(event.data, lang)
    if result.has_errors:  # the cells are fixed in the file checked, which is then scored (docs/rules.md §5)
        result.next_step = NextStep(Path(path), Path(path), checked=True)
    return result


def check_data(data: WorkbookData, lang: str | None = None) -> ScoreResult:
    """`check_workbook` of a workbook already read (a command that needs more of the file reads it once)."""
    import pandas as pd

    from sheet_scorer.api.policy import check_added_sheets
    from sheet_scorer.rules.score import RESULT_COLUMNS, score_rounds
    from sheet_scorer.rules.settings import check_adjustments, judge_adjustments, judge_settings
    from sheet_scorer.rules.validate import validate
    from sheet_scorer.standings.engine import standings_for

    data.settings, setting_problems = judge_settings(data.setting_cells, Settings(tournament=data.path.stem))
    language = event_language(lang, data.settings.language)
    check_added_sheets(
        data.path, data.sheet_names, data.added_sheets, language
    )  # what `score` would refuse, `check` refuses too
    validated = validate(data)
    if validated.frame.empty:
        results = pd.DataFrame(columns=RESULT_COLUMNS).astype({"bye": bool, "game": bool, "scorable": bool})
    else:
        results = score_rounds(validated.frame, data.settings)
    results, playoff_rows = _split_playoffs(data, results)
    players = set(results["player"]) | set(data.registered or ())
    adjustments, adjustment_problems = judge_adjustments(data.adjustment_sheets)
    data.adjustments, unknown = check_adjustments(adjustments, players, {s.number for s in data.rounds})
    problems = _sorted(setting_problems + validated.problems + adjustment_problems + unknown, data.sheet_names)
    result = ScoreResult(data, results, results.iloc[:0], problems, lang=language, progress=validated.progress)
    result.standings = standings_for(
        results, data.settings, data.adjustments, language, [s.name for s in result.played_rounds]
    )
    if playoff_rows is not None:
        from sheet_scorer.playoffs.places import playoff_places
        from sheet_scorer.playoffs.qualifying import qualifying_ranking

        result.qualifying = qualifying_ranking(result, language)  # once a run, carried on the result
        result.playoff_results = playoff_places(playoff_rows, result.qualifying)
    return result


def _split_playoffs(data: WorkbookData, results: pd.DataFrame) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    """The round sheets' rows and the playoff sheets' rows (None without playoff sheets): playoff games are
    scored like rounds but never count in the standings (docs/rules.md §6)."""
    if not data.playoffs:
        return results, None
    playoff = results["sheet"].isin({s.name for s in data.playoffs})
    return results[~playoff].reset_index(drop=True), results[playoff].reset_index(drop=True)


def score_workbook(
    path: Path | str,
    output: Path | str | None = None,
    html: Path | str | None = None,
    lang: str | None = None,
    write: bool = True,
    in_place: bool = False,
    json: Path | str | None = None,
    force: bool = False,
) -> ScoreResult:
    """Score `path` and (with `write`) write the scored workbook and the HTML report beside it.

    `in_place` writes the scored workbook over `path`; scoring a scored copy (`event.scored.xlsx`)
    updates that copy. A workbook replaced keeps `<name>.backup<suffix>` and, once, `<name>.original<suffix>`.
    `json` also writes the standings, results and problems as JSON (schema in `report.json_document`).
    A scored copy holding edits `path` does not have is not replaced unless `force` (docs/rules.md §5).
    """
    path = Path(path)
    if not write:
        return check_workbook(path, lang)
    if is_ods(path):
        return _score_ods(path, output, html, lang, in_place, json, force)
    opened = open_package(path, patching=True)  # the command's one opening of the file
    try:
        output_path, html_path = _targets(path, output, html, json, in_place)
    except BaseException:
        opened.close()
        raise
    return _score_and_write(opened, output_path, html_path, lang, Path(json) if json else None, force)


def _score_ods(
    path: Path,
    output: Path | str | None,
    html: Path | str | None,
    lang: str | None,
    in_place: bool,
    json: Path | str | None,
    force: bool = False,
) -> ScoreResult:
    """Convert the .ods with LibreOffice, score the .xlsx; the outputs go beside the .ods (docs/rules.md §5)."""
    if in_place:
        raise WorkbookError(key="ods_in_place", path=path, target=ods_outputs(path)[0].name)
    default_xlsx, default_html = ods_outputs(path)
    with tempfile.TemporaryDirectory(prefix="sheet-scorer-") as folder:
        converted = convert_to_xlsx([path], Path(folder))[path]
        result = score_workbook(converted, output or default_xlsx, html or default_html, lang, json=json, force=force)
    result.converted_from = path
    return result


def _targets(
    path: Path, output: Path | str | None, html: Path | str | None, json: Path | str | None, in_place: bool
) -> tuple[Path, Path]:
    """The scored workbook and report paths, refused with one line if they cannot be written."""
    default_xlsx, default_html = default_outputs(path)
    output_path = path if in_place else Path(output) if output else default_xlsx
    html_path = Path(html) if html else default_html
    for target in (output_path, html_path, Path(json) if json else None):
        if target is not None and target.is_dir():
            raise WorkbookError(key="target_is_folder", path=target)
    if output_path.suffix.lower() != path.suffix.lower():  # Excel refuses a file whose contents and extension disagree
        raise WorkbookError(key="wrong_suffix", path=output_path, suffix=path.suffix.lower())
    for target in (output_path, html_path, Path(json) if json else None):
        if target is not None and not target.parent.is_dir():
            raise WorkbookError(key="no_folder", path=target, folder=target.parent)
    if output and not in_place and output_path.resolve() == path.resolve():
        raise WorkbookError(key="output_is_input", path=path)
    _refuse_clashes(
        path, {"the scored workbook": output_path, "--html": html_path, "--json": Path(json) if json else None}
    )
    return output_path, html_path


def _refuse_clashes(path: Path, targets: dict[str, Path | None]) -> None:
    """No report over the organiser's workbook, and no two outputs in one file (one would overwrite the other)."""
    seen: dict[Path, str] = {}
    for name, target in targets.items():
        if target is None:
            continue
        where = target.resolve()
        if name != "the scored workbook" and where == path.resolve():
            raise WorkbookError(key="report_is_input", path=path, option=name)
        if where in seen:
            raise WorkbookError(key="named_twice", path=target, first=_option(seen[where]), second=_option(name))
        seen[where] = name


def _option(name: str) -> Phrase | str:
    """An output as a refusal names it: its option, or the scored workbook in the line's language."""
    return Phrase("the_scored_workbook") if name == "the scored workbook" else name


def _score_and_write(
    opened: OpcPackage, output: Path, html: Path, lang: str | None, json: Path | None, force: bool = False
) -> ScoreResult:
    """Score, then write the scored workbook, the report and the JSON: all put in place together, or none.
    The workbook is read and patched from one opening (`opened`, closed here).

    Refused first (docs/rules.md §5) when `path` has a scored copy holding edits it does not have."""
    from sheet_scorer.api.policy import refuse_replacing, refuse_working_copy
    from sheet_scorer.report.export import write_json
    from sheet_scorer.report.facts import withdrawn_notes
    from sheet_scorer.report.html import stream_report
    from sheet_scorer.report.sheets import plan_writes
    from sheet_scorer.workbook.files import write_all
    from sheet_scorer.workbook.read import open_event
    from sheet_scorer.workbook.record import Record, origin_of
    from sheet_scorer.workbook.write import write_to

    path = opened.path
    with open_event(opened) as event:
        result = check_data(event.data, lang)
        language = result.lang
        record = Record(result.data.fingerprint, origin_of(path, result.data.fingerprint, event.package))
        try:
            refuse_replacing(output, path, record.fingerprint, record.origin, "score", force)
            if output != default_outputs(path)[0]:
                refuse_working_copy(path, "score", force, event=event)
        except WorkbookError as error:
            raise error.in_language(language) from None
        result.output, result.html = output, html
        plans = [
            plan_writes(
                *_all_sheets(result),
                result.standings,
                result.problems,
                language,
                withdrawn_notes(result, language, column=True),
            )
        ]

        def workbook(temporary: Path) -> None:
            """The scored copy, patched from the opening read; the input closed once it is written."""
            write_to(path, temporary, plans.pop(), record, event.package)
            event.close()

        # the report renders straight into its file after the workbook is written, in the memory the plan held (let go
        # once written): the page is never held whole and the renderer's and the writer's needs do not add up
        writers = {output: workbook, html: lambda temporary: stream_report(result, temporary, language)}
        if json:
            writers[json] = lambda temporary: write_json(result, temporary)
        write_all(writers, versions={output})
    if result.has_errors:  # the marked cells are fixed in the scored copy, which is then scored (docs/rules.md §5)
        result.next_step = NextStep(output, output, in_place=not output.stem.endswith(".scored"))
    return result


def _all_sheets(result: ScoreResult) -> tuple[list[RoundSheet], pd.DataFrame]:
    """The round and playoff sheets with all their rows: both get the computed columns in the scored workbook."""
    import pandas as pd

    if result.playoff_results is None:
        return result.data.rounds, result.results
    rows = pd.concat([result.results, result.playoff_results], ignore_index=True)
    return [*result.data.rounds, *result.data.playoffs], rows
