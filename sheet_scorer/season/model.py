"""Plain data of a season (docs/rules.md §10): events as read, notes, and the ranked players."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

from sheet_scorer.i18n.codes import ProblemCode
from sheet_scorer.problems import WARNING_CODES, code_message


@dataclass(frozen=True)
class EventSummary:
    """What one event workbook gives the season: small and picklable (it comes back from a worker process).

    `ranking` is the event's final ranking, best first; `failure_key`/`failure_values` say why the file
    could not be read (a refusal of the one catalogue, `i18n.catalogue`), `failure` the same in English."""

    path: Path
    name: str = ""
    date: date | str | None = None
    lang: str | None = None
    ranking: tuple[str, ...] = ()
    final: bool = False  # the ranking is the playoffs' final ranking (docs/rules.md §6)
    errors: int = 0
    warnings: int = 0
    failure: str = ""
    failure_key: str | None = None
    failure_values: dict[str, Any] = field(default_factory=dict)
    season_file: bool = False  # a season workbook this command wrote: not an event, skipped quietly

    @property
    def readable(self) -> bool:
        return not self.failure


@dataclass
class EventEntry:
    """One file of the season in event order, with what became of it: counted, or left out and why."""

    summary: EventSummary
    status: str  # an `i18n.text` key: season_status_standings, _final, _provisional, _provisional_counted, _unreadable, _duplicate
    values: dict[str, Any] = field(
        default_factory=dict
    )  # its placeholders (an unreadable file's reason: a Phrase, said by `text`)
    counted: bool = False
    label: str = ""  # the column heading of a counted event (its name; with the date when two share a name)

    @property
    def left_out(self) -> bool:
        return not self.counted


@dataclass(frozen=True)
class Note:
    """A season problem: an alias naming nobody (error at its cell), a near-miss spelling across events (warning), …

    `key` is a problem code of the one catalogue (`i18n.catalogue`, which gives its level and its words); `where`
    says where it is (a file, a cell of the settings workbook)."""

    where: str
    key: ProblemCode
    values: dict[str, Any] = field(default_factory=dict)

    @property
    def severity(self) -> str:
        """ "error" or "warning", as the catalogue says for the code."""
        return "warning" if self.key in WARNING_CODES else "error"

    def message(self, lang: str) -> str:
        """The note's words in `lang`, rendered as every problem is."""
        return code_message(self.key, self.values, lang)


@dataclass(frozen=True)
class Alias:
    """One row of the Aliases sheet: `name` is the same person as `same_as`."""

    name: str
    same_as: str
    row: int
    where_name: str
    where_same_as: str


@dataclass
class SeasonSettings:
    """The settings workbook (`--settings`): season title, language, points by place, aliases, and its problems."""

    title: str = ""
    language: str | None = None
    points_by_place: dict[int, Fraction] | None = None  # None: N − rank + 1
    aliases: list[Alias] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


@dataclass(frozen=True)
class Finish:
    """A player's finish in one counted event: rank of `of` players, the season points it gave, counted or dropped."""

    event: int  # index into `Season.counted`
    rank: int
    of: int
    points: Fraction
    counted: bool


@dataclass
class SeasonRow:
    """One line of the season standings."""

    rank: int
    player: str
    points: Fraction
    counted: int
    played: int
    won: int
    best: int
    finishes: list[Finish]


@dataclass
class Season:
    """The season as the command writes it."""

    title: str
    lang: str
    best: int | None
    entries: list[EventEntry]  # every file, in event order (unreadable files last)
    rows: list[SeasonRow]
    notes: list[Note]
    points_by_place: dict[int, Fraction] | None = None

    @property
    def counted(self) -> list[EventEntry]:
        return [e for e in self.entries if e.counted]

    @property
    def left_out(self) -> list[EventEntry]:
        return [e for e in self.entries if e.left_out]

    @property
    def read(self) -> list[EventEntry]:
        """The files read as event workbooks (counted or not): every entry but those that could not be read."""
        return [e for e in self.entries if e.status != "season_status_unreadable"]

    @property
    def exit_code(self) -> int:
        """1 when a file was left out or a setting is wrong (the season is still written), else 0 (docs/rules.md §10)."""
        return int(bool(self.left_out) or any(n.severity == "error" for n in self.notes))
