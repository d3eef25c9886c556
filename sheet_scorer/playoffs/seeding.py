"""Who advances and where they sit (docs/rules.md §6): the top of the qualifying rank, seated 1-8-9-16."""

from __future__ import annotations

from sheet_scorer.model import WorkbookError

#: Semifinal table n holds these qualifying places (seed 003): 1-8-9-16, 2-7-10-15, 3-6-11-14, 4-5-12-13.
SEMIFINAL_SEEDS = ((1, 8, 9, 16), (2, 7, 10, 15), (3, 6, 11, 14), (4, 5, 12, 13))
PLAYOFF_SIZES = (4, 16)
#: Playoff Size when Settings do not say (docs/rules.md §7).
DEFAULT_PLAYOFF_SIZE = 16


def qualifiers(ranking: list[str], inactive: set[str], size: int | None) -> list[str]:
    """The best `size` (default 16) active players in qualifying order: a dropped player's place goes to the next one."""
    size = DEFAULT_PLAYOFF_SIZE if size is None else size
    if size == 0:
        raise WorkbookError("Playoff Size is 0 in Settings: this event has no playoffs", "playoff_size_zero")
    if size not in PLAYOFF_SIZES:
        raise WorkbookError(f"Playoff Size is {size}; the playoffs take 16 (semifinals and final) or 4 (final only)",
                            "playoff_size_bad", size=size)
    active = [name for name in ranking if name not in inactive]
    if len(active) < size:
        raise WorkbookError(
            f"only {len(active)} active players in the qualifying standings, fewer than the Playoff Size of {size}",
            "playoff_too_few", n=len(active), size=size)
    return active[:size]


def semifinal_tables(qualified: list[str]) -> list[list[str]]:
    """Four tables from 16 qualifiers (best first), each in seat-pick order: the better qualifier picks first."""
    return [[qualified[seed - 1] for seed in seeds] for seeds in SEMIFINAL_SEEDS]


def pick_order(players: list[str], ranking: list[str]) -> list[str]:
    """One table's players in the order they pick their seats: by qualifying rank, best first (seed 003)."""
    place = {name: index for index, name in enumerate(ranking)}
    return sorted(players, key=lambda name: place.get(name, len(place)))
