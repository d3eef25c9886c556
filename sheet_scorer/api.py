"""The public Python API: score or check a workbook from a script or a notebook.

    from sheet_scorer import score_workbook
    result = score_workbook("spring_open.xlsx")
    result.standings        # DataFrame in rank order: rank, player, the ranking figure (round_points or wins),
                            # the tie-breakers in their order, the other figures (round_points, vp, vp_pct,
                            # games), ahead_by, one column per round (standings.engine.figure_columns)
    result.results          # DataFrame: one row per player per game, with VP, place, round points
    result.problems         # list[Problem]: code, severity, sheet, cell, player, message

Every command is a function here, returning a plain result the CLI only prints: `score` (`score_workbook`),
`check` (`check_workbook`), `new`, `seat`, `playoffs`, `merge`, `split`, `slips` (and `season.run.season`, beside
this module: the season reads its events through this façade).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.model import Phrase, RoundSheet, ScoreResult, Settings, WorkbookData, WorkbookError, event_language
from sheet_scorer.problems import Problem
from sheet_scorer.workbook.container import open_package
from sheet_scorer.workbook.convert import convert_to_xlsx, is_ods

if TYPE_CHECKING:
    import pandas as pd

    from sheet_scorer.merge.plan import MergePlan
    from sheet_scorer.merge.split import SplitPlan
    from sheet_scorer.seating.planner import SeatingReport
    from sheet_scorer.workbook.read import EventRead
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


def check_workbook(path: Path | str, lang: str | None = None) -> ScoreResult:
    """Read, validate and score in memory; no file is written. `lang` sets the name order (default: Settings).

    An `.ods` is converted to `.xlsx` by LibreOffice first (`workbook.convert`)."""
    if is_ods(Path(path)):
        with tempfile.TemporaryDirectory(prefix="sheet-scorer-") as folder:
            result = check_workbook(convert_to_xlsx([Path(path)], Path(folder))[Path(path)], lang)
        result.converted_from = Path(path)
        return result
    opened = open_package(Path(path))  # a missing or damaged file is told before the heavy imports
    from sheet_scorer.workbook.read import open_event

    with open_event(opened) as event:
        return check_data(event.data, lang)


def check_data(data: WorkbookData, lang: str | None = None) -> ScoreResult:
    """`check_workbook` of a workbook already read (a command that needs more of the file reads it once)."""
    import pandas as pd

    from sheet_scorer.report.sheets import check_added_sheets
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

        result.qualifying = qualifying_ranking(result, language)  # once a run, carried on the result (issue 20)
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
    opened = open_package(path, patching=True)  # the command's one opening of the file (issue 20)
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
    from sheet_scorer.report.export import write_json
    from sheet_scorer.report.facts import withdrawn_notes
    from sheet_scorer.report.html import stream_report
    from sheet_scorer.report.sheets import plan_writes
    from sheet_scorer.workbook.files import write_all
    from sheet_scorer.workbook.read import open_event
    from sheet_scorer.workbook.record import Record, origin_of, refuse_replacing, refuse_working_copy
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
                *_all_sheets(result), result.standings, result.problems, language, withdrawn_notes(result, language)
            )
        ]

        def workbook(temporary: Path) -> None:
            """The scored copy, patched from the opening read; the input closed once it is written."""
            write_to(path, temporary, plans.pop(), record, event.package)
            event.close()

        # the report renders straight into its file after the workbook is written, in the memory the plan held (let go
        # once written): the page is never held whole and the renderer's and the writer's needs do not add up (issue 21)
        writers = {output: workbook, html: lambda temporary: stream_report(result, temporary, language)}
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


# ---------------------------------------------------------------------------------------------------------------
# The other commands (issue 20): each a library function returning a plain result; `cli/` only parses, prints
# and picks the exit code.
# ---------------------------------------------------------------------------------------------------------------

score, check = score_workbook, check_workbook


@dataclass(frozen=True)
class SeatResult:
    """What `seat` did: the rounds laid out from `first`, for how many players, whether the stored plan was kept,
    and how good the seating is (`report`, over `qualifying` rounds)."""

    path: Path
    first: int
    rounds: int
    reseat: bool
    players: int
    kept_plan: bool
    report: SeatingReport
    qualifying: int
    lang: str


def seat(
    path: Path | str,
    rounds: int = 1,
    seed: int = 0,
    reseat: bool = False,
    force: bool = False,
    by_standings: bool = False,
    lang: str | None = None,
) -> SeatResult:
    """Seat the next `rounds` round(s) of the event in `path` (docs/rules.md §5, §6, §8), or with `reseat` lay out
    again the last round, seated but not played; the workbook is read once and updated in place."""
    from sheet_scorer.workbook.read import open_event

    path = Path(path)
    with open_event(path, patching=True) as event:  # the workbook opened and read once, and patched from that opening
        return _seat(event, rounds, seed, reseat, force, by_standings, lang)


def _seat(
    event: EventRead, rounds: int, seed: int, reseat: bool, force: bool, by_standings: bool, lang: str | None
) -> SeatResult:
    """`seat` of an event read (`workbook.read.open_event`)."""
    from sheet_scorer.seating.event import seat_next, seat_patch, seating_problem, stored_round
    from sheet_scorer.seating.planner import SeatingError, assess
    from sheet_scorer.workbook.record import refuse_working_copy
    from sheet_scorer.workbook.update import update_workbook

    path, data = event.path, event.data
    refuse_working_copy(path, "seat", force, lang, event)
    (plan_sheet, stored), header = event.plan(), event.header()
    result = check_data(data, lang)
    language = result.lang
    if not data.rounds:
        raise WorkbookError(key="seat_no_rounds", path=path).in_language(language)
    last = data.rounds[-1]
    if reseat and (progress := result.progress_of(last.name)) is not None and progress.played:
        raise WorkbookError(key="reseat_played", path=path, sheet=last.name).in_language(language)
    _refuse_unread_active(result)
    played = data.rounds[:-1] if reseat else data.rounds
    if played and not force:
        _refuse_unscored(result, played[-1].name)
    first = last.number if reseat else last.number + 1
    qualifying = data.settings.qualifying_rounds or first + rounds - 1
    horizon = rounds if by_standings else max(rounds, qualifying - first + 1)  # later standings are not known yet
    problem = seating_problem(result, played, horizon, by_standings, seed)
    kept = {} if by_standings else stored
    try:
        seating = seat_next(problem, rounds, [stored_round(kept.get(first + i)) for i in range(problem.rounds)])
    except SeatingError as error:
        raise WorkbookError(key="too_few_players", path=path, n=error.players, least=error.least).in_language(
            language
        ) from None
    update_workbook(
        path,
        seat_patch(last, header, first, seating, reseat, language, plan_sheet, data.sheet_names),
        command="seat",
        event=event,
    )
    return SeatResult(
        path,
        first,
        rounds,
        reseat,
        len(problem.players),
        seating.kept_plan,
        assess(seating.rounds, problem.history, problem.clubs),
        qualifying,
        language,
    )


def _refuse_unread_active(result: ScoreResult) -> None:
    """An Active cell `seat` cannot read: seating would guess who still plays (docs/rules.md §1)."""
    from sheet_scorer.problems import Told

    unread = next((p for p in result.problems if p.code == "bad-active"), None)
    if unread is not None:
        raise WorkbookError(key="seat_active_unread", place=Told(unread, place=True), problem=Told(unread)).in_language(
            result.lang
        )


def _refuse_unscored(result: ScoreResult, sheet: str) -> None:
    """One line when the previous round still has unscored or faulty tables (seat with --force anyway)."""
    from sheet_scorer.i18n.phrase import Count

    waiting = sorted(
        {p.table for p in result.problems if p.sheet == sheet and p.code == "table-not-reported" and p.table}
    )
    if waiting:  # seated, not played yet (docs/rules.md §3): seating the round after it would be a mistake
        tables = ", ".join(str(t) for t in waiting)
        raise WorkbookError(key="seat_unreported", path=result.data.path, sheet=sheet, tables=tables).in_language(
            result.lang
        )
    errors = [p for p in result.problems if p.sheet == sheet and p.severity == "error"]
    if errors:
        tables = ", ".join(str(t) for t in sorted({p.table for p in errors if p.table is not None}))
        if tables:
            raise WorkbookError(
                key="seat_unscored_tables", path=result.data.path, sheet=sheet, tables=tables
            ).in_language(result.lang)
        raise WorkbookError(
            key="seat_unscored_errors", path=result.data.path, sheet=sheet, errors=Count("errors", len(errors))
        ).in_language(result.lang)


@dataclass(frozen=True)
class NewResult:
    """What `new` wrote: the event workbook, its players and planned rounds, the players file's encoding when it
    was not UTF-8, and how good the plan is (`report`)."""

    output: Path
    players: int
    rounds: int
    encoding: str | None
    report: SeatingReport
    lang: str


def new(
    players_file: Path | str,
    output: Path | str,
    rounds: int = 4,
    lang: str = "en",
    name: str | None = None,
    when: date | None = None,
    seed: int = 0,
    force: bool = False,
) -> NewResult:
    """A new event workbook from a list of players: Settings, Players, Round 1 seated, the later rounds planned."""
    from sheet_scorer.rules.names import refuse_name_clashes
    from sheet_scorer.seating.planner import SeatingError, SeatingProblem, assess, plan
    from sheet_scorer.workbook.new_event import create_event
    from sheet_scorer.workbook.players import read_player_lines

    players_file, output = Path(players_file), Path(output)
    language = event_language(lang)
    if output.suffix.lower() != ".xlsx":
        raise WorkbookError(key="new_not_xlsx", path=output)
    if output.exists() and not force:
        raise WorkbookError(key="new_exists", path=output)
    if not output.parent.is_dir():
        raise WorkbookError(key="no_folder", path=output, folder=output.parent)
    numbered, encoding = read_player_lines(players_file)
    refuse_name_clashes(players_file, numbered)
    players = [p for p, _ in numbered]
    clubs = {p.name: p.club for p in players if p.club}
    problem = SeatingProblem(tuple(p.name for p in players if p.active), rounds, clubs, seed=seed)
    try:
        planned = plan(problem)
    except SeatingError as error:
        raise WorkbookError(key="too_few_players", path=players_file, n=error.players, least=error.least) from None
    later = {number: (r.tables, r.byes) for number, r in enumerate(planned[1:], start=2)}
    create_event(output, players, (planned[0].tables, planned[0].byes), later, rounds, language, name, when)
    return NewResult(output, len(problem.players), rounds, encoding, assess(planned, clubs=clubs), language)


@dataclass(frozen=True)
class PlayoffsResult:
    """What `playoffs` wrote: the sheet added (or written again), with how many players."""

    path: Path
    sheet: str
    rewrote: bool
    players: int
    lang: str


def playoffs(path: Path | str, lang: str | None = None, force: bool = False) -> PlayoffsResult:
    """Move the event one step (docs/rules.md §6): the next playoff sheet, or the Final Ranking, written in place."""
    from sheet_scorer.model import WorkbookPatch
    from sheet_scorer.playoffs.step import next_step
    from sheet_scorer.workbook.read import open_event
    from sheet_scorer.workbook.record import refuse_working_copy
    from sheet_scorer.workbook.update import update_workbook

    path = Path(path)
    with open_event(path, patching=True) as event:  # read once, and patched from that opening
        refuse_working_copy(path, "playoffs", force, lang, event)
        result = check_data(event.data, lang)
        if result.has_errors:
            raise _playoffs_refusal(result)
        try:
            sheet = next_step(result, result.lang)
        except WorkbookError as error:
            raise error.in_language(result.lang) from None
        update_workbook(path, WorkbookPatch(sheets=[sheet]), command="playoffs", event=event)
    return PlayoffsResult(
        path,
        sheet.name,
        sheet.replace and sheet.name in result.data.sheet_names,
        len(sheet.rows) - sheet.header_row,
        result.lang,
    )


def _playoffs_refusal(result: ScoreResult) -> WorkbookError:
    """One line naming the first error's place, in the event's language: the next step waits until the workbook has none."""
    from sheet_scorer.problems import Told

    errors = [p for p in result.problems if p.severity == "error"]
    first, lang = errors[0], result.lang
    more = Phrase("playoffs_more", {"errors": len(errors) - 1}) if len(errors) > 1 else ""
    return WorkbookError(
        key="playoffs_refused", place=Told(first, place=True), problem=Told(first), more=more
    ).in_language(lang)


def merge(
    event: Path | str, copies: list[Path | str], lang: str | None = None, dry_run: bool = False, force: bool = False
) -> MergePlan:
    """Fill the event's empty game cells from the judges' copies (docs/rules.md §5); conflicts are kept and named."""
    opened: list[OpcPackage] = []
    try:
        for index, path in enumerate(
            [Path(event), *map(Path, copies)]
        ):  # a missing or damaged file is told before the heavy imports
            opened.append(
                open_package(path, patching=index == 0)
            )  # each file's one opening (issue 20); the event is patched
        from sheet_scorer.merge.plan import merge_workbooks

        return merge_workbooks(opened[0], list(opened[1:]), lang=lang, dry_run=dry_run, force=force)
    finally:
        for package in opened:
            package.close()


@dataclass(frozen=True)
class SplitResult:
    """What `split` wrote: the judge's copy and what it holds (`plan`: the sheet, its tables, the tables missing)."""

    plan: SplitPlan
    target: Path
    lang: str


def split(
    event: Path | str,
    number: int,
    tables: frozenset[int],
    output: Path | str | None = None,
    lang: str | None = None,
    force: bool = False,
) -> SplitResult:
    """A judge's copy of the event holding only `tables` of round `number`; the event itself is not changed."""
    opened = open_package(
        Path(event), patching=True
    )  # a missing or damaged file is told before the heavy imports; its one opening
    try:
        from sheet_scorer.merge.split import split_workbook

        plan, target, language = split_workbook(opened, number, tables, Path(output) if output else None, lang, force)
    finally:
        opened.close()
    return SplitResult(plan, target, language)


@dataclass(frozen=True)
class SlipsResult:
    """What `slips` wrote: the HTML page of the sheet named."""

    target: Path
    sheet: str
    lang: str


def slips(workbook: Path | str, which: str, output: Path | str | None = None, lang: str | None = None) -> SlipsResult:
    """Result slips and seating lists of one round or playoff sheet (`which`: its number or a name in any language)."""
    from sheet_scorer.report.slips import render_slips
    from sheet_scorer.workbook.files import write_text_atomically
    from sheet_scorer.workbook.read import read_workbook

    workbook = Path(workbook)
    data = read_workbook(workbook)
    sheet = find_sheet(data, which, workbook)
    stem = f"round-{sheet.number}" if sheet.kind == "round" else sheet.kind
    event = workbook.stem.removesuffix(
        ".scored"
    )  # slips printed from the scored copy are the event's, as its report is
    target = Path(output) if output else workbook.with_name(f"{event}.{stem}.slips.html")
    language = event_language(lang, data.settings.language)
    write_text_atomically(render_slips(sheet, data.settings.tournament, language), target)
    return SlipsResult(target, sheet.name, language)


def find_sheet(data: WorkbookData, which: str, workbook: Path) -> RoundSheet:
    """The sheet `--round` names: a round number, a round sheet's name (`Runda 3`), or a playoff stage in any of
    the four languages (`semifinal`, `Półfinał`, `Final`); else a one-line refusal naming the sheets there are."""
    from sheet_scorer.i18n.vocab import fold, playoff_stage, round_number

    text = which.strip()
    number = int(text) if text.isdigit() else round_number(text)
    stage = playoff_stage(text)
    for sheet in [*data.rounds, *data.playoffs]:
        if (
            fold(sheet.name) == fold(text)
            or (sheet.kind == "round" and sheet.number == number)
            or (stage and sheet.kind == stage)
        ):
            return sheet
    sheets = ", ".join(s.name for s in [*data.rounds, *data.playoffs]) or "–"
    raise WorkbookError(key="slips_no_sheet", path=workbook, round=text, sheets=sheets).in_language(
        data.settings.language
    )
