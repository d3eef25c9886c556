"""Writing a season (docs/rules.md §10): the workbook, the report and the JSON, all put in place together or none.

The event workbooks are only ever read: an output naming one of them is refused before anything is read."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from sheet_scorer.model import WorkbookError
from sheet_scorer.season.events import WORKBOOK_SUFFIXES, event_files, is_season_file
from sheet_scorer.season.model import Season

DEFAULT_WORKBOOK = Path("season.xlsx")
DEFAULT_PAGE = Path("season.html")


def check_targets(targets: dict[str, Path | None], events: Sequence[Path]) -> None:
    """Refuse, in one line, outputs that cannot be written: a folder, a missing folder, a workbook not ending in .xlsx,
    two outputs in one file, or an output over an event workbook."""
    named = {option: path for option, path in targets.items() if path is not None}
    seen: dict[Path, str] = {}
    inputs = {p.resolve() for p in event_files(events)}
    inputs |= {f.resolve() for p in events if p.is_dir() for f in p.iterdir() if f.suffix.lower() in WORKBOOK_SUFFIXES}
    for option, path in named.items():
        if path.is_dir():
            raise WorkbookError(key="target_is_folder", path=path)
        if not path.parent.is_dir():
            raise WorkbookError(key="no_folder", path=path, folder=path.parent)
        if option == "-o" and path.suffix.lower() != ".xlsx":
            raise WorkbookError(key="season_output_suffix", path=path)
        where = path.resolve()
        if where in seen:
            raise WorkbookError(key="season_output_clash", path=path, first=seen[where], second=option)
        if where in inputs and not is_season_file(path):  # an earlier season workbook in the folder is rewritten
            raise WorkbookError(key="season_output_is_event", path=path, option=option)
        seen[where] = option


def write_season(season: Season, output: Path, html: Path, json: Path | None = None) -> None:
    """Write the season workbook, the HTML report and (with `json`) the JSON document through temporary files."""
    from sheet_scorer.season.book import save_season_workbook
    from sheet_scorer.season.export import write_season_json
    from sheet_scorer.season.html import write_season_page
    from sheet_scorer.workbook.files import write_all

    writers = {
        output: lambda temporary: save_season_workbook(season, temporary),
        html: lambda temporary: write_season_page(season, temporary),
    }
    if json is not None:
        writers[json] = lambda temporary: write_season_json(season, temporary)
    write_all(writers)
