"""Plain data passed between the stages: what was read, and the event's settings."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sheet_scorer.i18n.phrase import Phrase
from sheet_scorer.i18n.vocab import COMPONENTS, LANGUAGES
from sheet_scorer.problems import Problem, has_errors
from sheet_scorer.xlsx.errors import PackageError

if TYPE_CHECKING:  # pandas is imported only where frames are built, so light commands start fast
    import pandas as pd


WorkbookError = PackageError  # the format layer's error, by the name the tournament layers use (its English line:
# `sheet_scorer/__init__.py`)


def reason_of(error: PackageError) -> Phrase | str:
    """A refusal as a part of another line (the file it was found in): its key and values, said in that line's language."""
    return Phrase.raised(error.key, error.values) if error.key else str(error)


def event_language(lang: str | None, workbook: str | None = None) -> str:
    """The one rule for the language a command speaks and writes (docs/rules.md §5): `--lang`, else the
    workbook's Settings → Language, else English; an unknown one is refused in one line."""
    language = lang or workbook or "en"
    if language not in LANGUAGES:
        raise WorkbookError(key="unknown_language", language=language, languages=", ".join(LANGUAGES))
    return language


@dataclass(frozen=True)
class Settings:
    """The Settings sheet (docs/rules.md §7), with its defaults.

    `ranking` and `tiebreakers` hold the canonical keys of `i18n.vocab.FIGURE_NAMES` ("round_points",
    "vp_pct", …); `playoff_size` None means not set (no cut line), 0 means no playoffs.
    """

    tournament: str = ""
    date: date | str | None = None
    victory_target: int = 10
    qualifying_rounds: int | None = None
    table_size: str = "3-4"
    playoff_size: int | None = None
    language: str = "en"
    points_4: tuple[Fraction, ...] = (Fraction(5), Fraction(3), Fraction(2), Fraction(1))
    points_3: tuple[Fraction, ...] = (Fraction(5), Fraction(3), Fraction(2))
    ranking: str = "round_points"
    tiebreakers: tuple[str, ...] = ("vp", "vp_pct", "name")
    bye_points: Fraction = Fraction(11, 4)


@dataclass(frozen=True)
class SettingCell:
    """One key/value row of a Settings sheet as read (`workbook.settings`): the setting it names (None: no setting of
    ours), its label and value as written, its row, and the value read as that setting's type (None: not readable as
    one; for Tiebreakers, (the names understood, the words that are none)). Whether it holds is `rules.settings`'."""

    sheet: str
    row: int
    key: str | None
    label: str
    value: Any
    parsed: Any


@dataclass(frozen=True)
class AdjustmentRow:
    """One row of an Adjustments sheet below its header, as read (`workbook.settings`): the Player name cleaned, the
    Round and Points cells as written and read as numbers (`round`: None when empty, 0 when no round number; `points`:
    None when empty or no number), and the Player, Round and Points columns (1-based; with no Round column, the
    Player's), for problems at their cells. Whether it holds is `rules.settings`' (`judge_adjustments`)."""

    sheet: str
    row: int
    player: str
    round_value: Any
    points_value: Any
    round: int | None
    points: Fraction | None
    reason: str
    columns: tuple[int, int, int]


@dataclass(frozen=True)
class Adjustment:
    """One row of the Adjustments sheet (docs/rules.md §8): points added to a player's total (negative: a penalty)."""

    player: str
    round: int | None  # None: the Round cell is empty (an adjustment for the event as a whole)
    points: Fraction
    reason: str = ""
    sheet: str = ""
    row: int = 0
    columns: tuple[int, int] = (1, 2)  # the Player and Round columns, for problems at their cells


@dataclass
class RoundSheet:
    """One round sheet as read: where its table is and its raw cell values.

    `raw` holds one row per non-empty table row, indexed by Excel row number, with a column per
    canonical field found (values exactly as stored in the cell; '' for empty).
    `columns` maps each canonical input field to its 1-based column; `computed` the same for
    columns a previous run added (Army Bonus … Round Points).
    """

    name: str
    number: int
    header_row: int
    columns: dict[str, int]
    computed: dict[str, int]
    raw: pd.DataFrame
    last_column: int
    vp_is_computed: bool = False
    hidden_rows: frozenset[int] = frozenset()
    kind: str = "round"  # or a playoff stage, "quarterfinal" / "semifinal" / "final" (`number` is then the stage's place in that order)
    headers: dict[str, str] = field(default_factory=dict)  # each input field's header as the organiser wrote it (slips)

    @property
    def vp_only(self) -> bool:
        return "vp" in self.columns and not any(c in self.columns for c in COMPONENTS)


@dataclass(frozen=True)
class Registration:
    """One row of the Players sheet (docs/rules.md §1): the name, the club (kept apart when seating), active or dropped."""

    name: str
    club: str = ""
    active: bool = True


@dataclass(frozen=True)
class ActiveCell:
    """A Players sheet's Active cell holding a word that is neither yes nor no in any of the four languages, as read
    (`workbook.read`): its sheet, cell and row, whose it is, its value and its column's header. The player stays
    active meanwhile; `rules.players` judges it (docs/rules.md §1)."""

    sheet: str
    cell: str
    row: int
    player: str
    value: Any
    column: str


@dataclass(frozen=True)
class ConflictRow:
    """One row of the Conflicts sheet `merge` keeps: a cell two files disagree on, until marked resolved."""

    sheet: str
    cell: str
    player: str
    value: Any
    file: str
    other: Any
    other_file: str
    resolved: Any = None  # the Resolved cell as typed (a flag word marks the conflict resolved)
    row: int = 0  # its row in the Conflicts sheet


@dataclass
class WorkbookData:
    """Everything the scorer needs from a workbook, and the problems met while reading it."""

    path: Path
    sheet_names: list[str]
    rounds: list[RoundSheet]
    settings: (
        Settings  # the event's name, date and language as read, the rest default until `api.check_data` judges them
    )
    problems: list[Problem] = field(default_factory=list)
    players: list[Registration] | None = None  # the Players sheet's rows, when there is one
    adjustments: list[Adjustment] = field(
        default_factory=list
    )  # the Adjustments sheet's rows that hold (`api.check_data`)
    playoffs: list[RoundSheet] = field(
        default_factory=list
    )  # Semifinal, Final: scored like rounds, never in the standings
    fingerprint: str = ""  # of the organiser's cells (workbook.record): no edit is ever thrown away; '' from `check`
    conflicts: list[ConflictRow] = field(default_factory=list)  # the Conflicts sheet's rows (merge, docs/rules.md §5)
    conflicts_sheet: str = ""  # its name, when there is one
    added_sheets: dict[str, str] = field(default_factory=dict)  # sheets named like Standings/Problems: name -> A1 text
    setting_cells: list[SettingCell] = field(
        default_factory=list
    )  # the Settings rows as read, judged by `rules.settings`
    # the Adjustments sheets' rows as read (None: a sheet without its header row), judged by `rules.settings`
    adjustment_sheets: dict[str, list[AdjustmentRow] | None] = field(default_factory=dict)
    unread_active: list[ActiveCell] = field(default_factory=list)  # Active cells neither yes nor no: `rules.players`

    @property
    def registered(self) -> list[str] | None:
        """The names on the Players sheet (None: there is none), from its rows: one reading of the sheet."""
        return None if self.players is None else [p.name for p in self.players]


@dataclass
class ColumnValues:
    """One computed column of a round sheet: its header and the value for each Excel row."""

    column: int
    header: str | None  # None: the organiser's own column (their VP), whose header stays
    rows: list[int] = field(default_factory=list)
    values: list[Any] = field(default_factory=list)


@dataclass
class SheetPlan:
    """What changes in one round sheet."""

    name: str
    header_row: int
    style_column: int  # the new headers copy the style of this header cell (Player)
    clear_columns: list[int]  # a previous run's columns, emptied below the header first
    columns: list[ColumnValues]
    marks: list[tuple[str, str]]  # (cell, message) of each error, in the order reported


@dataclass
class WritePlan:
    """Everything written into the workbook: round sheets, Standings, Problems."""

    sheets: list[SheetPlan]
    standings_title: str
    standings_header: list[str]
    standings_rows: list[list[Any]]
    round_names: list[str]
    problems_title: str
    problems_header: list[str]
    problems_rows: list[list[str]]
    standings_pct_columns: list[int] = field(default_factory=lambda: [5])  # 1-based columns shown as 0.00 (VP %)
    provisional: str = ""  # written right of the Standings header row while the standings are provisional
    no_problems: str = ""  # the Problems sheet's one line once everything is fixed
    notes_header: str = ""  # a last Standings column ("Withdrawn": after round k) when some player withdrew


@dataclass(frozen=True)
class RoundProgress:
    """How far one round or playoff sheet has got: tables seated and tables reported (docs/rules.md §3).

    A table is reported once any of its game cells is filled; a sheet with no game cell filled is
    not played yet and counts nowhere (games, rounds, chart)."""

    sheet: str
    kind: str  # "round", or a playoff stage ("semifinal", "final", …)
    number: int
    tables: int
    reported: int
    played: bool  # any game cell filled, a bye row aside: the one definition (`rules.progress.Reporting.played`)

    @property
    def complete(self) -> bool:
        return self.reported == self.tables


@dataclass(frozen=True)
class NextStep:
    """After errors: the file whose cells the organiser corrects and the file to score next, as the paths were typed
    (docs/rules.md §5); `in_place` when that file is not a scored copy, so scoring it again writes over it."""

    fix_in: Path
    score: Path
    in_place: bool = False
    checked: bool = False  # told by `check` (the cells are listed, not marked)


@dataclass
class ScoreResult:
    """What scoring a workbook gives: standings, per-game results, problems and the files written."""

    data: WorkbookData
    results: pd.DataFrame
    standings: pd.DataFrame
    problems: list[Problem]
    output: Path | None = None
    html: Path | None = None
    lang: str = (
        "en"  # the language of the files and the terminal: --lang, else Settings, else English (docs/rules.md §5)
    )
    converted_from: Path | None = None  # the .ods that LibreOffice converted into the workbook scored
    playoff_results: pd.DataFrame | None = (
        None  # the playoff sheets' rows, like `results`, places decided (docs/rules.md §6)
    )
    progress: list[RoundProgress] = field(
        default_factory=list
    )  # one per round and playoff sheet, in order (docs/rules.md §3)
    qualifying: list[str] | None = None  # the qualifying rank in `lang`, once computed (playoffs.qualifying_ranking)
    next_step: NextStep | None = None  # with errors: where to fix them and what to run next (docs/rules.md §5)

    @property
    def played_rounds(self) -> list[RoundSheet]:
        """The round sheets with at least one table reported (docs/rules.md §3): a round not played yet counts nowhere."""
        if not self.progress:
            return list(self.data.rounds)
        played = {p.sheet for p in self.progress if p.played}
        return [sheet for sheet in self.data.rounds if sheet.name in played]

    def progress_of(self, sheet: str) -> RoundProgress | None:
        """How far the sheet named `sheet` has got; None for a sheet the scorer did not read as a round or playoff."""
        return next((p for p in self.progress if p.sheet == sheet), None)

    @property
    def has_errors(self) -> bool:
        """True when some table could not be scored: the standings are provisional."""
        return has_errors(self.problems)

    @property
    def exit_code(self) -> int:
        """0 scored cleanly (warnings allowed), 1 scored with errors (docs/rules.md §5)."""
        return int(self.has_errors)


@dataclass
class CellEdit:
    """A value the tool writes into a cell of an existing sheet (`seat`, `playoffs`, `merge`)."""

    cell: str  # like "E7"
    value: Any  # None empties the cell
    style_like: str | None = None  # a cell of the same sheet whose style a new cell takes (its neighbour above)


@dataclass
class NewSheet:
    """A sheet the tool adds, or replaces when a sheet of that name is the tool's own.

    `rows` are values from A1 down. `layout_from` names a sheet whose layout the new one copies
    (column widths, header row styles, data validations, frozen panes): a new round sheet is laid
    out like the previous one.
    """

    name: str
    rows: list[list[Any]]
    layout_from: str | None = None
    header_row: int = 1  # the row whose cells are bold and frozen above the data
    widths: dict[int, float] = field(default_factory=dict)  # 1-based column -> width in characters
    links: dict[str, str] = field(
        default_factory=dict
    )  # cell -> where it links inside the workbook, like "'Round 1'!E7"
    replace: bool = False  # True: a sheet of this name is the tool's and is rewritten
    hidden: bool = False


@dataclass
class WorkbookPatch:
    """What a command that extends an event changes in its workbook; everything else stays as it is."""

    edits: dict[str, list[CellEdit]] = field(default_factory=dict)  # sheet name -> cells written
    sheets: list[NewSheet] = field(default_factory=list)
    marks: dict[str, list[tuple[str, str]]] = field(
        default_factory=dict
    )  # sheet -> the tool's marks (cell, note), replacing its old ones
    removed: list[str] = field(
        default_factory=list
    )  # the tool's own sheets left out (a judge's copy: docs/rules.md §5)
