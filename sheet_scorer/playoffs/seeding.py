"""Who advances and where they sit (docs/rules.md §6): the top of the qualifying rank, seated by the seeding tables.

Playoff Size 4: the final only. 8: two semifinal tables 1-4-5-8 / 2-3-6-7, the top two of each to the final.
16: four semifinal tables 1-8-9-16 …, the table winners to the final. 32: eight quarterfinal tables
(table t: ranks t, 17−t, 16+t, 33−t), the table winners to two semifinal tables 1-4-5-8 / 2-3-6-7 (by their
qualifying rank), the top two of each to the final.
"""

from __future__ import annotations

from sheet_scorer.i18n.vocab import PLAYOFF_SIZES
from sheet_scorer.model import WorkbookError

#: Semifinal table n holds these qualifying places (docs/rules.md §6): 1-8-9-16, 2-7-10-15, 3-6-11-14, 4-5-12-13.
SEMIFINAL_SEEDS = ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))
#: Two tables of four (Playoff Size 8, and the semifinal after the quarterfinal): 1-4-5-8 and 2-3-6-7.
TWO_TABLE_SEEDS = ((1, 4, 5, 8), (2, 3, 6, 7))
#: Quarterfinal table t (Playoff Size 32): ranks t, 17−t, 16+t, 33−t.
QUARTERFINAL_SEEDS = tuple((t, 17 - t, 16 + t, 33 - t) for t in range(1, 9))
#: Each size's first stage and its seeding table.
FIRST_STAGE = {
    4: ("final", ((1, 2, 3, 4),)),
    8: ("semifinal", TWO_TABLE_SEEDS),
    16: ("semifinal", SEMIFINAL_SEEDS),
    32: ("quarterfinal", QUARTERFINAL_SEEDS),
}
#: Seats of each stage: a quarterfinal sends 8 players on, a semifinal 4 (the final's table).
NEXT_SEATS = {"quarterfinal": 8, "semifinal": 4}
#: Playoff Size when Settings do not say (docs/rules.md §7).
DEFAULT_PLAYOFF_SIZE = 16


def valid_sizes() -> str:
    """`4, 8, 16, 32`: for the messages that refuse any other size."""
    return ", ".join(str(size) for size in PLAYOFF_SIZES)


def check_size(size: int) -> None:
    """Refuse Playoff Size 0 (no playoffs) or a size with no seeding table, in one line."""
    if size == 0:
        raise WorkbookError(key="playoff_size_zero")
    if size not in PLAYOFF_SIZES:
        raise WorkbookError(key="playoff_size_bad", size=size, valid=valid_sizes())


def qualifiers(ranking: list[str], inactive: set[str], size: int) -> list[str]:
    """The best `size` active players in qualifying order: a dropped player's place goes to the next one.

    The one rule of who advances (docs/rules.md §6): the report's cut line and `playoffs` both read it
    (through `qualifying.qualified_players`)."""
    return [name for name in ranking if name not in inactive][:size]


def first_stage_tables(qualified: list[str]) -> tuple[str, list[list[str]]]:
    """The first playoff stage for these qualifiers (best first, as many as the Playoff Size) and its tables."""
    stage, seeds = FIRST_STAGE[len(qualified)]
    return stage, [[qualified[seed - 1] for seed in table] for table in seeds]


def next_stage_tables(advancing: list[str], ranking: list[str]) -> tuple[str, list[list[str]]]:
    """The stage after one whose tables sent `advancing` on: 8 players (quarterfinal winners) sit at two semifinal
    tables 1-4-5-8 / 2-3-6-7 by their qualifying rank; 4 (or 3) make the final."""
    ordered = pick_order(advancing, ranking)
    if len(ordered) == 8:
        return "semifinal", [[ordered[seed - 1] for seed in seeds] for seeds in TWO_TABLE_SEEDS]
    return "final", [ordered]


def advancing_per_table(stage: str, tables: int) -> int:
    """How many of each table of `stage` go on: the next stage's seats shared by the tables (1 or 2)."""
    return max(1, NEXT_SEATS[stage] // max(tables, 1))


def pick_order(players: list[str], ranking: list[str]) -> list[str]:
    """One table's players in the order they pick their seats: by qualifying rank, best first (docs/rules.md §6)."""
    place = {name: index for index, name in enumerate(ranking)}
    return sorted(players, key=lambda name: place.get(name, len(place)))
