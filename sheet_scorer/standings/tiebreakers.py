"""Every figure a player can be ranked by (docs/rules.md §4, §7, §8), computed for all players at once.

`player_figures` gives one row per player with each figure as it is shown; `sort_keys` turns a
figure into the exact values the ranking compares (smaller first), so the engine never compares
a rounded display value. VP % is docs/rules.md §4's: each game's share rounded half up to hundredths,
summed as integers.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sheet_scorer.i18n.vocab import strip_accents
from sheet_scorer.model import Adjustment, Settings
from sheet_scorer.rules.score import TABLE_KEYS

#: Figures where the smaller value ranks first; the others rank the larger value first.
SMALLER_FIRST = frozenset({"penalties", "name"})
PLACES_COUNTED = 3  # Places: more 1st places, then more 2nd, then 3rd

# Letters that Polish sorts as letters of their own, right after their base letter (ł after l, before m).
_POLISH_LETTERS = str.maketrans({c: b + "\U0010ffff" for c, b in zip("ąćęłńóśźż", "acelnoszz")})
_DIGITS = 9  # sums of round points (fifths, quarters, thirds) compared to 1e-9: exact for every points table


@functools.lru_cache(maxsize=1 << 16)
def name_order_key(name: str, lang: str = "en") -> tuple[str, str, str]:
    """Alphabetical as a person expects: case ignored, accented letters next to their base letter.

    In Polish, ą ć ę ł ń ó ś ź ż are letters of their own: `Łaba` comes after `Lucyna` and before `Marek`.
    """
    folded = name.casefold()
    primary = folded.translate(_POLISH_LETTERS) if lang == "pl" else folded
    return strip_accents(primary), folded, name


@functools.lru_cache(maxsize=4)
def name_ranks(names: tuple[str, ...], lang: str) -> np.ndarray:
    """Each name's position in name order; kept for the next call, which ranks the same players (the chart)."""
    order = sorted(range(len(names)), key=lambda i: name_order_key(names[i], lang))
    rank = np.empty(len(names), dtype=np.int64)
    rank[order] = np.arange(len(names))
    rank.flags.writeable = False  # shared by every caller of the cache: none may change it for the next
    return rank


def vp_pct_hundredths(vp: np.ndarray, table_vp: np.ndarray, table_size: np.ndarray) -> np.ndarray:
    """Each game's VP share in hundredths of a percent, rounded half up (docs/rules.md §4: 9 of 24 at 3 -> 2813).

    Share = 100 × VP / table VP, the table VP raised by its average (× 4/3) at a 3-player table.
    """
    numerator = 30000 * vp.astype(np.int64)
    denominator = table_vp.astype(np.int64) * np.where(table_size == 3, 4, 3)
    safe = np.where(denominator > 0, denominator, 1)
    return np.where(denominator > 0, (2 * numerator + safe) // (2 * safe), 0)


def _place_shares(table: np.ndarray, place: np.ndarray) -> list[np.ndarray]:
    """Per game row, its share of 1st, 2nd and 3rd place: tied players split the places they share (1/k each)."""
    _, group, tied = np.unique(table * 8 + place, return_inverse=True, return_counts=True)
    tied = tied[group]
    return [np.where((place <= p) & (p < place + tied), 1.0 / tied, 0.0) for p in range(1, PLACES_COUNTED + 1)]


def player_figures(
    rows: pd.DataFrame, settings: Settings, adjustments: list[Adjustment], players: pd.Index
) -> pd.DataFrame:
    """Every figure of every player in `players`, from `rows` (their results in the rounds ranked) and `adjustments`.

    Shown figures: round_points (games, byes and adjustments), wins, vp, vp_capped, vp_pct, mean_vp_pct
    (both to hundredths), games, places (a tuple), opponents_points, opponents_opponents_points,
    penalties, adjustments, adjustment_notes. Exact figures for comparing: vp_pct_h, mean_vp_pct_exact.
    Sums are numpy bincounts over each row's player number (`Played`, `Totals`).
    """
    played = Played.of(rows, players.get_indexer(rows["player"]))
    return figures_from(
        players, Totals.of(played, len(players), settings.victory_target), played.who, played.table, adjustments
    )


#: The columns of a results frame `Played.of` reads.
PLAYED_COLUMNS = ["game", *TABLE_KEYS, "vp", "table_vp", "table_size", "place", "round_points"]


@dataclass
class Played:
    """Rows of results as arrays: each counted row's player number and round points (byes too), and each
    game row's player number, table (0, 1, … within these rows), VP, VP % share and place shares."""

    code: np.ndarray
    points: np.ndarray
    who: np.ndarray
    table: np.ndarray
    vp: np.ndarray
    hundredths: np.ndarray
    shares: list[np.ndarray]

    @classmethod
    def of(cls, rows: pd.DataFrame, code: np.ndarray) -> Played:
        """`rows` with `code`, each row's player number (-1: not ranked, such as an empty name)."""
        return cls.of_arrays(cls.arrays(rows), code)

    @staticmethod
    def arrays(rows: pd.DataFrame) -> dict[str, np.ndarray]:
        """The columns of `rows` `of_arrays` reads, as numpy arrays (missing numbers 0): read once, a caller taking
        several subsets of the same rows (the rank progression, round by round) slices these instead."""
        arrays = {"game": rows["game"].to_numpy(dtype=bool)}
        arrays.update({k: rows[k].to_numpy() for k in TABLE_KEYS})
        arrays.update(
            {k: rows[k].to_numpy(dtype="float64", na_value=0) for k in ("vp", "table_vp", "table_size", "place")}
        )
        arrays["round_points"] = rows["round_points"].to_numpy(dtype="float64", na_value=0.0)
        return arrays

    @classmethod
    def of_arrays(cls, rows: dict[str, np.ndarray], code: np.ndarray) -> Played:
        """`of` from the rows' `arrays`."""
        counted = code >= 0
        game = rows["game"] & counted
        who = code[game]
        sheet, number = (rows[k][game] for k in TABLE_KEYS)
        table = pd.factorize(pd.factorize(sheet)[0] * (1 << 32) + number.astype(np.int64))[0] if who.size else who
        vp = rows["vp"][game].astype(np.int64)
        hundredths = vp_pct_hundredths(vp, rows["table_vp"][game], rows["table_size"][game])
        shares = _place_shares(table, rows["place"][game].astype(np.int64))
        points = np.nan_to_num(rows["round_points"][counted])
        return cls(code[counted], points, who, table, vp, hundredths, shares)


@dataclass
class Totals:
    """The figures that are sums over games, per player: the totals after round k are those after round k-1
    plus round k's (the rank progression adds them up round by round instead of ranking every prefix afresh)."""

    round_points: np.ndarray
    games: np.ndarray
    vp: np.ndarray
    vp_capped: np.ndarray
    vp_pct_h: np.ndarray
    places: list[np.ndarray]

    @classmethod
    def of(cls, played: Played, n: int, target: int) -> Totals:
        """The sums over `played` for players 0..n-1."""

        def per_player(values: np.ndarray, where: np.ndarray = played.who) -> np.ndarray:
            return np.bincount(where, weights=values, minlength=n) if where.size else np.zeros(n)

        return cls(
            per_player(played.points, played.code),
            per_player(np.ones(played.who.size)),
            per_player(played.vp),
            per_player(np.minimum(played.vp, target)),
            per_player(played.hundredths),
            [per_player(share) for share in played.shares],
        )

    def __add__(self, other: Totals) -> Totals:
        return Totals(
            self.round_points + other.round_points,
            self.games + other.games,
            self.vp + other.vp,
            self.vp_capped + other.vp_capped,
            self.vp_pct_h + other.vp_pct_h,
            [a + b for a, b in zip(self.places, other.places)],
        )


def figures_from(
    players: pd.Index, totals: Totals, who: np.ndarray, table: np.ndarray, adjustments: list[Adjustment]
) -> pd.DataFrame:
    """`player_figures` from the sums over the games (`totals`), who met whom (`who` at `table`, the games
    ranked) and the adjustments counted."""
    n = len(players)
    adjusted = np.zeros(n)
    penalties = np.zeros(n)
    for a in adjustments:
        adjusted[players.get_loc(a.player)] += float(a.points)
        penalties[players.get_loc(a.player)] += max(-float(a.points), 0.0)
    round_points = totals.round_points + adjusted
    games = totals.games.astype(np.int64)
    vp_pct_h = totals.vp_pct_h.astype(np.int64)
    games_or_one = np.maximum(games, 1)
    opponents_points = _opponents_sum(who, table, round_points, n)
    # One frame made from whole columns: the chart's progression makes one per round, and adding ~17 columns
    # one by one cost more than working them out.
    return pd.DataFrame(
        {
            "round_points": round_points,
            "games": games,
            "vp": totals.vp.astype(np.int64),
            "vp_capped": totals.vp_capped.astype(np.int64),
            "vp_pct_h": vp_pct_h,
            "vp_pct": vp_pct_h / 100,
            "mean_vp_pct_exact": vp_pct_h / (100 * games_or_one),
            "mean_vp_pct": ((2 * vp_pct_h + games_or_one) // (2 * games_or_one)) / 100,  # half up to hundredths
            "wins": totals.places[0],
            "places": list(zip(*totals.places)),
            "opponents_points": opponents_points,
            "opponents_opponents_points": _opponents_sum(who, table, opponents_points, n),
            "penalties": penalties,
            "adjustments": np.where(
                np.isin(np.arange(n), [players.get_loc(a.player) for a in adjustments]), adjusted, np.nan
            ),
            "adjustment_notes": pd.Series(_notes(adjustments), dtype=object).reindex(players).fillna(""),
        },
        index=players,
    )


def _opponents_sum(who: np.ndarray, table: np.ndarray, figure: np.ndarray, n: int) -> np.ndarray:
    """Per player: `figure` of every opponent met at a scored table, once per meeting (docs/rules.md §8)."""
    if not who.size:
        return np.zeros(n)
    mine = figure[who]
    table_total = np.bincount(table, weights=mine)[table]
    return np.bincount(who, weights=table_total - mine, minlength=n)


def _notes(adjustments: list[Adjustment]) -> dict[str, str]:
    """Per player, each adjustment as `R2: -3 (reason)`, joined by `; `."""
    notes: dict[str, list[str]] = {}
    for a in adjustments:
        points = f"{float(a.points):+g}".replace("-", "−")
        where = f"R{a.round}: " if a.round is not None else ""
        notes.setdefault(a.player, []).append(f"{where}{points}" + (f" ({a.reason})" if a.reason else ""))
    return {player: "; ".join(items) for player, items in notes.items()}


def sort_keys(figures: pd.DataFrame, figure: str, lang: str) -> list[np.ndarray]:
    """The exact values `figure` is compared by, smaller first (a figure where more is better is negated)."""
    if figure == "name":
        return [name_ranks(tuple(figures.index), lang)]
    if figure == "places":
        return [
            -np.round(np.array([p[k] for p in figures["places"]], dtype=float), _DIGITS) for k in range(PLACES_COUNTED)
        ]
    column = {"vp_pct": "vp_pct_h", "mean_vp_pct": "mean_vp_pct_exact"}.get(figure, figure)
    values = figures[column].to_numpy(dtype=float)
    if column in ("round_points", "wins", "opponents_points", "opponents_opponents_points", "penalties"):
        values = np.round(values, _DIGITS)
    return [values if figure in SMALLER_FIRST else -values]
