"""In-memory tournaments for the standings engine, and a deliberately plain reference ranking.

`scored` turns a tournament written as tables of (name, VP) into the scored results frame, without
any workbook; `reference` ranks such a tournament again with Fractions and loops, sharing no code
with `sheet_scorer.standings` (docs/rules.md §3, §4, §7, §8).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

import pandas as pd

from sheet_scorer.model import Adjustment, Settings
from sheet_scorer.rules.score import score_rounds

Seat = tuple  # (name, vp) or (name, vp, declared)


@dataclass
class Tournament:
    """Rounds of tables of seats, byes per round (1-based round number -> names)."""

    rounds: list[list[list[Seat]]]
    byes: dict[int, list[str]] = field(default_factory=dict)

    def sheets(self) -> list[str]:
        return [f"Round {r}" for r in range(1, len(self.rounds) + 1)]


def scored(t: Tournament, settings: Settings | None = None) -> pd.DataFrame:
    """The results frame `rules.score.score_rounds` gives for `t` (every table valid)."""
    settings = settings if settings is not None else Settings()
    rows = []
    for r, tables in enumerate(t.rounds, start=1):
        for number, table in enumerate(tables, start=1):
            for seat in table:
                rows.append(
                    {
                        "sheet": f"Round {r}",
                        "round": r,
                        "table": number,
                        "player": seat[0],
                        "vp": seat[1],
                        "declared": len(seat) > 2 and bool(seat[2]),
                        "bye": False,
                    }
                )
        for name in t.byes.get(r, []):
            rows.append(
                {
                    "sheet": f"Round {r}",
                    "round": r,
                    "table": None,
                    "player": name,
                    "vp": None,
                    "declared": False,
                    "bye": True,
                }
            )
    frame = pd.DataFrame(rows)
    frame["row"] = range(2, len(frame) + 2)
    frame["vp"] = frame["vp"].astype("Int64")
    frame["table"] = frame["table"].astype("Int64")
    frame["scorable"] = True
    for column in ("army_bonus", "road_bonus"):
        frame[column] = pd.array([pd.NA] * len(frame), dtype="Int64")
    return score_rounds(frame, settings)


# ------------------------------------------------------------------------------------ reference


@dataclass
class Line:
    """One player's figures, exactly."""

    points: Fraction = Fraction(0)
    vp: int = 0
    capped: int = 0
    hundredths: int = 0  # VP % × 100, the sum of each game's share rounded half up
    games: int = 0
    places: list[Fraction] = field(default_factory=lambda: [Fraction(0)] * 3)
    penalties: Fraction = Fraction(0)
    met: list[str] = field(default_factory=list)


def _share_hundredths(vp: int, table: list[Seat]) -> int:
    """100 × VP / table VP (× 3/4 at a table of 3) in hundredths, half up: docs/rules.md §4 by hand."""
    total = Fraction(sum(s[1] for s in table))
    if len(table) == 3:
        total = total * Fraction(4, 3)
    return math.floor(Fraction(100 * vp) / total * 100 + Fraction(1, 2))


def reference_lines(
    t: Tournament, settings: Settings, adjustments: list[Adjustment], upto: int | None = None
) -> dict[str, Line]:
    """Every player's figures over rounds 1..`upto` (all rounds when None); an adjustment without a round
    counts only when every round is ranked."""
    lines: dict[str, Line] = {}
    last = len(t.rounds) if upto is None else upto
    for r in range(1, last + 1):
        for table in t.rounds[r - 1]:
            points = settings.points_4 if len(table) == 4 else settings.points_3
            at_target = [s for s in table if s[1] >= settings.victory_target]

            def key(seat: Seat, at_target: list[Seat] = at_target) -> tuple[int, int]:
                declared = (
                    len(at_target) >= 2 and len(seat) > 2 and bool(seat[2]) and seat[1] >= settings.victory_target
                )
                return (1 if declared else 0, seat[1])

            ordered = sorted(table, key=key, reverse=True)
            i = 0
            while i < len(ordered):
                j = i
                while j < len(ordered) and key(ordered[j]) == key(ordered[i]):
                    j += 1
                share = sum(points[i:j], Fraction(0)) / (j - i)
                for seat in ordered[i:j]:
                    line = lines.setdefault(seat[0], Line())
                    line.points += share
                    for place in range(i, j):
                        if place < 3:
                            line.places[place] += Fraction(1, j - i)
                i = j
            for seat in table:
                line = lines[seat[0]]
                line.vp += seat[1]
                line.capped += min(seat[1], settings.victory_target)
                line.hundredths += _share_hundredths(seat[1], table)
                line.games += 1
                line.met += [s[0] for s in table if s[0] != seat[0]]
        for name in t.byes.get(r, []):
            lines.setdefault(name, Line()).points += settings.bye_points
    for a in adjustments:
        if (a.round is None and last == len(t.rounds)) or (a.round is not None and a.round <= last):
            line = lines.setdefault(a.player, Line())
            line.points += a.points
            if a.points < 0:
                line.penalties -= a.points
    return lines


def reference_figures(lines: dict[str, Line]) -> dict[str, dict[str, object]]:
    """Each player's figures by name, as exact numbers."""
    opponents = {n: sum((lines[o].points for o in line.met), Fraction(0)) for n, line in lines.items()}
    return {
        n: {
            "round_points": line.points,
            "wins": line.places[0],
            "vp": line.vp,
            "vp_capped": line.capped,
            "vp_pct": Fraction(line.hundredths, 100),
            "games": line.games,
            "mean_vp_pct": Fraction(line.hundredths, 100 * line.games) if line.games else Fraction(0),
            "places": tuple(line.places),
            "opponents_points": opponents[n],
            "opponents_opponents_points": sum((opponents[o] for o in line.met), Fraction(0)),
            "penalties": line.penalties,
        }
        for n, line in lines.items()
    }


def reference_order(figures: dict[str, dict[str, object]], settings: Settings) -> list[tuple[str, str]]:
    """(player, the figure that put them ahead of the next one) in rank order; names compared case-insensitively."""
    decide = []
    for figure in (settings.ranking, *settings.tiebreakers):
        if figure != "name" and figure not in decide:
            decide.append(figure)
    decide.append("name")

    def value(name: str, figure: str) -> object:
        if figure == "name":
            return name.casefold()
        if figure == "penalties":
            return figures[name][figure]
        if figure == "places":
            return tuple(-p for p in figures[name]["places"])
        return -figures[name][figure]

    ranked = sorted(figures, key=lambda n: [value(n, f) for f in decide])
    out = []
    for i, name in enumerate(ranked):
        if i + 1 == len(ranked):
            out.append((name, ""))
            continue
        out.append((name, next(f for f in decide if value(name, f) != value(ranked[i + 1], f))))
    return out
