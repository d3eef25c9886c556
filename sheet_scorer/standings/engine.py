"""Standings (SPEC §4): round points, game VP, VP percentage, then the name as a person sorts it."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd

from sheet_scorer.i18n.vocab import strip_accents

STANDINGS_COLUMNS = ["rank", "player", "round_points", "vp", "vp_pct", "games"]
_EPSILON = 1e-9


# Letters that Polish sorts as letters of their own, right after their base letter (ł after l, before m).
_POLISH_LETTERS = str.maketrans({c: b + "\U0010ffff" for c, b in zip("ąćęłńóśźż", "acelnoszz")})


def name_order_key(name: str, lang: str = "en") -> tuple[str, str, str]:
    """Alphabetical as a person expects: case ignored, accented letters next to their base letter.

    In Polish, ą ć ę ł ń ó ś ź ż are letters of their own: `Łaba` comes after `Lucyna` and before `Marek`.
    """
    folded = name.casefold()
    primary = folded.translate(_POLISH_LETTERS) if lang == "pl" else folded
    return strip_accents(primary), folded, name


def vp_share(results: pd.DataFrame) -> pd.DataFrame:
    """Each game's VP share as an exact fraction `num/den` of 100 × VP / table VP (3-player tables × 4/3)."""
    vp = results["vp"].astype("int64")
    table_vp = results["table_vp"].astype("int64")
    numerator = 300 * vp
    denominator = np.where(results["table_size"] == 3, 4, 3) * table_vp
    return pd.DataFrame({"num": numerator, "den": denominator}, index=results.index)


def compute_standings(results: pd.DataFrame, round_sheets: list[str], lang: str = "en") -> pd.DataFrame:
    """One row per player, ranked 1..N; a column per round sheet with that round's points."""
    players = pd.Index(results["player"].loc[results["player"] != ""].unique(), name="player")
    games = results[results["game"]]
    share = vp_share(games)
    games = games.assign(share=np.where(share["den"] > 0, share["num"] / share["den"].where(share["den"] > 0, 1), 0.0))
    totals = pd.DataFrame(index=players)
    totals["round_points"] = results.groupby("player")["round_points"].sum(min_count=0).reindex(players).fillna(0.0)
    totals["vp"] = games.groupby("player")["vp"].sum().reindex(players).fillna(0).astype(int)
    totals["vp_pct"] = games.groupby("player")["share"].sum().reindex(players).fillna(0.0)
    totals["games"] = games.groupby("player").size().reindex(players).fillna(0).astype(int)
    per_round = results.groupby(["player", "sheet"])["round_points"].sum(min_count=1).unstack()
    ordered = _rank(totals.reset_index(), games.assign(num=share["num"], den=share["den"]), lang)
    for sheet in round_sheets:
        column = per_round[sheet] if sheet in per_round else pd.Series(dtype=float)
        ordered[sheet] = ordered["player"].map(column)
    return ordered


def _rank(totals: pd.DataFrame, games: pd.DataFrame, lang: str) -> pd.DataFrame:
    """Sort by points, VP, VP % and name; VP % near-ties are settled with exact fractions."""
    totals = totals.assign(
        _points=totals["round_points"].round(9),
        _name=totals["player"].map(lambda n: name_order_key(n, lang)),
    )
    totals = totals.sort_values(["_points", "vp", "vp_pct", "_name"], ascending=[False, False, False, True], kind="stable")
    totals = _settle_near_ties(totals.reset_index(drop=True), games)
    totals.insert(0, "rank", range(1, len(totals) + 1))
    return totals[STANDINGS_COLUMNS].reset_index(drop=True)


def _settle_near_ties(totals: pd.DataFrame, games: pd.DataFrame) -> pd.DataFrame:
    """Re-order runs of players whose float VP % agree to 1e-9 by their exact VP % (SPEC §4)."""
    same = (totals["_points"].diff() == 0) & (totals["vp"].diff() == 0) & (totals["vp_pct"].diff().abs() < _EPSILON)
    if not same.any():
        return totals
    run = (~same).cumsum()
    tied_runs = run[run.duplicated(keep=False)]
    order = list(totals.index)
    pct = _exact_pcts(games, set(totals.loc[tied_runs.index, "player"]))
    for _, members in tied_runs.groupby(tied_runs):
        exact = {i: pct[totals.at[i, "player"]] for i in members.index}
        settled = sorted(members.index, key=lambda i: (-exact[i], totals.at[i, "_name"]))
        order[members.index[0]: members.index[-1] + 1] = settled
    return totals.loc[order].reset_index(drop=True)


def _exact_pcts(games: pd.DataFrame, players: set[str]) -> dict[str, Fraction]:
    """Exact VP % of each of `players`, in one pass over the games (20,000 tied players would take a
    minute one filter at a time: issue 14, never a stall)."""
    exact = dict.fromkeys(players, Fraction(0))
    for player, n, d in zip(games["player"], games["num"], games["den"]):
        if d and player in exact:
            exact[player] += Fraction(int(n), int(d))
    return exact
