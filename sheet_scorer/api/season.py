"""`season`: read the events as `check` does (`season.events`, through `api.score.check_workbook`), rank the season,
write its files (docs/rules.md §10); `cli/season.py` only parses, prints and picks the exit code."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sheet_scorer.model import WorkbookError
from sheet_scorer.season.model import EventSummary, Season

__all__ = ["EventSummary", "Season", "SeasonResult", "run_season"]


@dataclass(frozen=True)
class SeasonResult:
    """What `season` wrote: the season (ranking, events counted and left out, problems) and the files."""

    season: Season
    written: list[Path]

    @property
    def exit_code(self) -> int:
        return self.season.exit_code


def run_season(
    events: list[Path | str],
    output: Path | str | None = None,
    html: Path | str | None = None,
    best: int | None = None,
    settings: Path | str | None = None,
    jobs: int | None = None,
    include_provisional: bool = False,
    json: Path | str | None = None,
    lang: str | None = None,
    started: Callable[[int], None] | None = None,
    done: Callable[[EventSummary], None] | None = None,
) -> SeasonResult:
    """Rank players across events (docs/rules.md §10) and write the season workbook, its report (and `json`).

    `started` is told how many event files will be read, `done` of each as it is read (a progress bar)."""
    from sheet_scorer.season.compute import build_season
    from sheet_scorer.season.events import event_files, read_events
    from sheet_scorer.season.model import SeasonSettings
    from sheet_scorer.season.settings import read_season_settings
    from sheet_scorer.season.write import DEFAULT_PAGE, DEFAULT_WORKBOOK, check_targets, write_season

    paths = [Path(p) for p in events]
    workbook = Path(output or DEFAULT_WORKBOOK)
    page = Path(html) if html else workbook.with_suffix(".html") if output else DEFAULT_PAGE  # beside -o, its name
    json_path = Path(json) if json else None
    check_targets({"-o": workbook, "--html": page, "--json": json_path}, paths)
    read_settings = read_season_settings(Path(settings)) if settings else SeasonSettings()
    for folder in (p for p in paths if p.is_dir()):
        if not event_files([folder], [workbook, page]):
            raise WorkbookError(key="season_empty_folder", path=folder)
    written = [workbook, page, *([json_path] if json_path else [])]
    files = event_files(paths, written)
    if started is not None:
        started(len(files))
    result = build_season(read_events(files, jobs, done), read_settings, best, include_provisional, lang)
    write_season(result, workbook, page, json_path)
    return SeasonResult(result, written)
