"""The events of a season (docs/rules.md §10): which files they are, and each one read and scored once.

Every event goes through the API (`check_workbook`: read, validate and score in memory, nothing
written), in a worker process when `jobs` > 1; only the small `EventSummary` comes back, so a season
of hundreds of workbooks never holds more than `jobs` scored events at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date, datetime
from pathlib import Path

from sheet_scorer.season.cache import cache_folder, cached, store
from sheet_scorer.season.model import EventSummary

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".ods")
_COPIES = (".backup", ".original")  # versions this tool keeps of a replaced workbook: never an event of their own


def event_files(paths: Iterable[Path], skip: Iterable[Path] = ()) -> list[Path]:
    """The files named, a folder standing for its workbooks; the command's own outputs (`skip`) left out.

    In a folder, hidden and lock files (`~$…`) and the `.backup`/`.original` copies are not events, and an
    event's scored copy (`X.scored.xlsx`, where the organiser fixes mistakes) is read instead of `X.xlsx`."""
    skipped = {p.resolve() for p in skip}
    files: list[Path] = []
    for path in paths:
        if not path.is_dir():
            files.append(path)
            continue
        found = sorted(
            p
            for p in path.iterdir()
            if p.is_file()
            and p.suffix.lower() in WORKBOOK_SUFFIXES
            and not p.name.startswith((".", "~$"))
            and not p.stem.endswith(_COPIES)
        )
        scored = {p.with_name(p.name.replace(".scored", "", 1)) for p in found if p.stem.endswith(".scored")}
        files.extend(p for p in found if p not in scored)
    seen: set[Path] = set()
    unique = []
    for path in files:
        where = path.resolve()
        if where not in skipped and where not in seen:
            seen.add(where)
            unique.append(path)
    return unique


def read_event(path: Path) -> EventSummary:
    """One event's final ranking and problem counts, from the season's cache when these bytes were read before
    (`season.cache`); never raises, so one bad file cannot stop the season."""
    from sheet_scorer.api.pool import stopping

    if stopping():  # Ctrl-C came: an event not started is not begun (the season is not written)
        return EventSummary(path, failure="interrupted")
    folder = cache_folder()
    key, kept = cached(path, folder)
    if kept is not None:
        return kept
    summary, named = _read_event(path)
    if folder is not None and key is not None:
        store(folder, key, summary, named)
    return summary


def _read_event(path: Path) -> tuple[EventSummary, bool]:
    """`read_event` from the file itself, and whether the event's name is its Tournament (not its file name)."""
    from sheet_scorer.api.score import check_workbook
    from sheet_scorer.model import WorkbookError
    from sheet_scorer.playoffs.ranking import event_placings

    try:
        result = check_workbook(path)  # the event's own language orders its names (docs/rules.md §4)
        placings = event_placings(result)
    except WorkbookError as error:
        if error.key == "no_round_sheets":
            failed = EventSummary(
                path, failure=str(error), failure_key="season_not_event", season_file=is_season_file(path)
            )
            return failed, False
        return EventSummary(path, failure=str(error), failure_key=error.key, failure_values=dict(error.values)), False
    except Exception as error:  # an unexpected failure in one file is reported with it, not raised
        return EventSummary(path, failure=f"unexpected failure ({type(error).__name__}: {error})"), False
    ranking = tuple(p.player for p in placings) if placings else tuple(result.standings["player"].tolist())
    errors = sum(p.severity == "error" for p in result.problems)
    settings = result.data.settings
    summary = EventSummary(
        path,
        settings.tournament or path.stem,
        settings.date,
        settings.language,
        ranking,
        placings is not None,
        errors,
        len(result.problems) - errors,
    )
    return summary, bool(settings.tournament) and settings.tournament != path.stem  # a Tournament, not the default


def is_season_file(path: Path) -> bool:
    """True for a season workbook (a `Season Standings` sheet in any language): written by this command, not an event."""
    from sheet_scorer.i18n.text import text
    from sheet_scorer.i18n.vocab import LANGUAGES, fold
    from sheet_scorer.xlsx.reader import WorkbookReader

    names = {fold(text(lang, "season_standings_sheet")) for lang in LANGUAGES}
    try:
        with WorkbookReader(path) as book:
            return any(fold(entry.name) in names for entry in book.sheets)
    except Exception:  # not readable as a package: then it is simply not an event
        return False


def read_events(
    paths: list[Path], jobs: int | None = None, done: Callable[[EventSummary], None] | None = None
) -> list[EventSummary]:
    """Every event read once, `jobs` at a time (default: the number of cores); `done` is told of each as it finishes.

    Returned in the order of `paths`. The first event is read in this process; with more jobs the rest share the
    process pool of a batch (`api.pool`: on Ctrl-C the events in hand finish and no other starts), forked after that
    first read so the workers inherit what it imported and set up (pandas, the rules, pandera's backends: about
    0.2 s of CPU a worker would each spend again on its own first event)."""
    from sheet_scorer.api.pool import run_all, workers

    folder = cache_folder()
    read: dict[int, EventSummary] = {}
    for index, path in enumerate(paths):  # the events kept from an earlier run first: no worker, no import for them
        kept = cached(path, folder)[1]
        if kept is not None:
            read[index] = kept
            if done:
                done(kept)
    todo = [index for index in range(len(paths)) if index not in read]
    jobs = workers(jobs, len(todo) - 1)  # the first is read here, whatever `jobs`
    here, in_pool = (todo[:1], todo[1:]) if jobs > 1 else (todo, [])
    for index in here:
        read[index] = read_event(paths[index])
        if done:
            done(read[index])
    if in_pool:
        found = run_all(read_event, [paths[i] for i in in_pool], jobs, None if done is None else lambda _, s: done(s))
        read.update((in_pool[position], summary) for position, summary in found.items())
    return [read[index] for index in range(len(paths))]


def date_key(value: date | str | None) -> tuple[int, str]:
    """Events by `Settings → Date`: real dates (or ISO text) first, in time order; undated events after them."""
    if isinstance(value, datetime):
        value = value.date()
    if isinstance(value, str):
        try:
            value = date.fromisoformat(value.strip())
        except ValueError:
            return 1, ""
    return (0, value.isoformat()) if isinstance(value, date) else (1, "")


def event_order(summary: EventSummary) -> tuple[tuple[int, str], str]:
    """The season's event order (docs/rules.md §10): Settings → Date, then file name."""
    return date_key(summary.date), summary.path.name
