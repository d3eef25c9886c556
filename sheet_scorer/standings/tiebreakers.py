"""Every figure a player can be ranked by (docs/rules.md §4, §7, §8), computed for all players at once.

`player_figures` gives one row per player with each figure as it is shown; `sort_keys` turns a
figure into the exact values the ranking compares (smaller first), so the engine never compares
a rounded display value. VP % is seed 003's: each game's share rounded half up to hundredths,
summed as integers.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sheet_scorer.i18n.vocab import FIGURE_NAMES, strip_accents
from sheet_scorer.model import Adjustment, Settings
from sheet_scorer.rules.score import TABLE_KEYS

#: Every figure, in the order of docs/rules.md §8; "name" is always the last tie-breaker.
FIGURES = tuple(FIGURE_NAMES)
#: Figures where the smaller value ranks first; the others rank the larger value first.
SMALLER_FIRST = frozenset({"penalties", "name"})
PLACES_COUNTED = 3  # Places: more 1st places, then more 2nd, then 3rd

# Letters that Polish sorts as letters of their own, right after their base letter (ł after l, before m).
_POLISH_LETTERS = str.maketrans({c: b + "\U0010ffff" for c, b in zip("ąćęłńóśźż", "acelnoszz")})
_DIGITS = 9  # sums of round points (fifths, quarters, thirds) compared to 1e-9: exact for every points table


def name_order_key(name: str, lang: str = "en") -> tuple[str, str, str]:
    """Alphabetical as a person expects: case ignored, accented letters next to their base letter.

    In Polish, ą ć ę ł ń ó ś ź ż are letters of their own: `Łaba` comes after `Lucyna` and before `Marek`.
    """
    folded = name.casefold()
    primary = folded.translate(_POLISH_LETTERS) if lang == "pl" else folded
    return strip_accents(primary), folded, name


def vp_pct_hundredths(vp: pd.Series, table_vp: pd.Series, table_size: pd.Series) -> pd.Series:
    """Each game's VP share in hundredths of a percent, rounded half up (seed 003: 9 of 24 at 3 -> 2813).

    Share = 100 × VP / table VP, the table VP raised by its average (× 4/3) at a 3-player table.
    """
    numerator = 30000 * vp.astype("int64")
    denominator = table_vp.astype("int64") * np.where(table_size.astype("int64") == 3, 4, 3)
    safe = denominator.where(denominator > 0, 1)
    return ((2 * numerator + safe) // (2 * safe)).where(denominator > 0, 0).astype("int64")


def _place_shares(games: pd.DataFrame) -> pd.DataFrame:
    """Per game row, the share of 1st, 2nd and 3rd place: tied players split the places they share (1/k each)."""
    place = games["place"].astype("int64")
    tied = games.groupby([*[games[k] for k in TABLE_KEYS], place], sort=False)["player"].transform("size").astype("int64")
    shares = {f"place_{p}": np.where((place <= p) & (p < place + tied), 1.0 / tied, 0.0) for p in range(1, PLACES_COUNTED + 1)}
    return pd.DataFrame(shares, index=games.index)


def player_figures(results: pd.DataFrame, settings: Settings, adjustments: list[Adjustment], players: pd.Index) -> pd.DataFrame:
    """Every figure of every player in `players`, from `results` (their rows in the rounds ranked) and `adjustments`.

    Shown figures: round_points (games, byes and adjustments), wins, vp, vp_capped, vp_pct, mean_vp_pct
    (both to hundredths), games, places (a tuple), opponents_points, opponents_opponents_points,
    penalties, adjustments, adjustment_notes. Exact figures for comparing: vp_pct_h, mean_vp_pct_exact.
    """
    out = pd.DataFrame(index=players)
    games = results[results["game"]]
    vp = games["vp"].astype("int64")
    by_player = games.groupby("player", sort=False)
    hundredths = vp_pct_hundredths(games["vp"], games["table_vp"], games["table_size"])
    places = _place_shares(games)
    adjusted = pd.Series([float(a.points) for a in adjustments], index=[a.player for a in adjustments], dtype="float64")
    penalty = adjusted.where(adjusted < 0, 0.0).abs()
    out["round_points"] = (results.groupby("player")["round_points"].sum(min_count=0).reindex(players).fillna(0.0)
                           + adjusted.groupby(level=0).sum().reindex(players).fillna(0.0))
    out["games"] = by_player.size().reindex(players).fillna(0).astype(int)
    out["vp"] = vp.groupby(games["player"]).sum().reindex(players).fillna(0).astype(int)
    out["vp_capped"] = vp.clip(upper=settings.victory_target).groupby(games["player"]).sum().reindex(players).fillna(0).astype(int)
    out["vp_pct_h"] = hundredths.groupby(games["player"]).sum().reindex(players).fillna(0).astype("int64")
    out["vp_pct"] = out["vp_pct_h"] / 100
    games_or_one = out["games"].where(out["games"] > 0, 1)
    out["mean_vp_pct_exact"] = out["vp_pct_h"] / (100 * games_or_one)
    out["mean_vp_pct"] = ((2 * out["vp_pct_h"] + games_or_one) // (2 * games_or_one)) / 100  # half up to hundredths
    shares = places.groupby(games["player"]).sum().reindex(players).fillna(0.0)
    out["wins"] = shares["place_1"]
    out["places"] = list(zip(*(shares[f"place_{p}"] for p in range(1, PLACES_COUNTED + 1))))
    out["opponents_points"] = _opponents_sum(games, out["round_points"])
    out["opponents_opponents_points"] = _opponents_sum(games, out["opponents_points"])
    out["penalties"] = penalty.groupby(level=0).sum().reindex(players).fillna(0.0)
    out["adjustments"] = adjusted.groupby(level=0).sum().reindex(players)
    out["adjustment_notes"] = pd.Series(_notes(adjustments), dtype=object).reindex(players).fillna("")
    return out


def _opponents_sum(games: pd.DataFrame, figure: pd.Series) -> pd.Series:
    """Per player: `figure` of every opponent met at a scored table, once per meeting (seed 004)."""
    mine = games["player"].map(figure).astype("float64")
    table_total = mine.groupby([games[k] for k in TABLE_KEYS], sort=False).transform("sum")
    return (table_total - mine).groupby(games["player"]).sum().reindex(figure.index).fillna(0.0)


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
        names = figures.index.tolist()
        order = sorted(range(len(names)), key=lambda i: name_order_key(names[i], lang))
        rank = np.empty(len(names), dtype=np.int64)
        rank[order] = np.arange(len(names))
        return [rank]
    if figure == "places":
        return [-np.round(np.array([p[k] for p in figures["places"]], dtype=float), _DIGITS) for k in range(PLACES_COUNTED)]
    column = {"vp_pct": "vp_pct_h", "mean_vp_pct": "mean_vp_pct_exact"}.get(figure, figure)
    values = figures[column].to_numpy(dtype=float)
    if column in ("round_points", "wins", "opponents_points", "opponents_opponents_points", "penalties"):
        values = np.round(values, _DIGITS)
    return [values if figure in SMALLER_FIRST else -values]

