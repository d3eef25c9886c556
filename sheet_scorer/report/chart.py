"""The rank-progression chart of the report: the standings engine over rounds 1..k for the top players,
drawn as SVG geometry (the template `_chart.svg.j2` only writes it out)."""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING, Any

import pandas as pd

from sheet_scorer.i18n.text import text
from sheet_scorer.report.facts import playoff_cut, qualified, round_names, scored_results
from sheet_scorer.standings.progression import rank_progression

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult

CHART_PLAYERS = 8
#: Above this rank the chart's rank axis is logarithmic (and CHART_LOG_HEIGHT px tall), not 17-34 px a rank.
CHART_LINEAR_MAX = 40
CHART_LOG_HEIGHT = 360.0


# Line styles that stay apart in greyscale: colour (Okabe-Ito), dash pattern, marker shape, filled or hollow.
_STYLES = [
    ("#1f1f1f", "", "circle", True),
    ("#0072b2", "8 4", "square", True),
    ("#d55e00", "2 3", "triangle", True),
    ("#009e73", "10 3 2 3", "diamond", True),
    ("#cc79a7", "", "circle", False),
    ("#b07800", "8 4", "square", False),
    ("#4a90c2", "2 3", "triangle", False),
    ("#6b6b6b", "10 3 2 3", "diamond", False),
]


def _marker(shape: str, x: float, y: float, size: float = 4.5) -> str:
    """An SVG path for a marker centred on (x, y)."""
    s = size
    if shape == "circle":
        return f"M{x - s:.1f},{y:.1f}a{s:.1f},{s:.1f} 0 1,0 {2 * s:.1f},0a{s:.1f},{s:.1f} 0 1,0 {-2 * s:.1f},0z"
    if shape == "square":
        s *= 0.9
        return f"M{x - s:.1f},{y - s:.1f}h{2 * s:.1f}v{2 * s:.1f}h{-2 * s:.1f}z"
    if shape == "triangle":
        s *= 1.15
        return f"M{x:.1f},{y - s:.1f}L{x + s:.1f},{y + s * 0.8:.1f}L{x - s:.1f},{y + s * 0.8:.1f}z"
    s *= 1.2
    return f"M{x:.1f},{y - s:.1f}L{x + s:.1f},{y:.1f}L{x:.1f},{y + s:.1f}L{x - s:.1f},{y:.1f}z"


#: Characters of a direct label ("12. Name") that fit right of the plot: 162 px at 12.5 px type, about 0.55 em a character.
LABEL_CHARS = 23
#: The cut line's label: 11 px type, about 0.58 em a character.
CUT_CHAR_WIDTH = 6.4


def _short(name: str, limit: int = LABEL_CHARS) -> str:
    """A name that fits `limit` characters, shortened by whole words, never cut mid-letter: `Przemysław B.`-style
    (first name, initials of the rest), else the first name with an ellipsis. The full name is in the title."""
    if len(name) <= limit:
        return name
    words = name.split()
    initials = " ".join([words[0], *(w[0] + "." for w in words[1:])]) if len(words) > 1 else name
    return initials if len(initials) <= limit else words[0][: limit - 1] + "…"


def _crosses(box: tuple[float, float, float, float], a: tuple[float, float], b: tuple[float, float]) -> bool:
    """True when the segment a-b passes through the rectangle (x0, y0, x1, y1) (sampled finely: labels are small)."""
    x0, y0, x1, y1 = box
    steps = max(2, int(max(abs(b[0] - a[0]), abs(b[1] - a[1])) / 2))
    return any(
        x0 <= a[0] + (b[0] - a[0]) * i / steps <= x1 and y0 <= a[1] + (b[1] - a[1]) * i / steps <= y1
        for i in range(steps + 1)
    )


def _cut_label(
    label: str, y: float, xs: list[float], lines: list[list[tuple[float, float]]], left: float, right: float
) -> tuple[float, float] | None:
    """Where the cut line's label sits clear of every line and marker: just above or below the dashed line, in a
    gap between rounds; None when no gap is clear (the label then goes under the axis)."""
    width, height, pad = len(label) * CUT_CHAR_WIDTH, 11.0, 7.0
    starts = [left + 4] + [(a + b) / 2 - width / 2 for a, b in itertools.pairwise(xs)] + [right - width - 4]
    for start in starts:
        for baseline in (y - 5, y + 14):
            box = (start - pad, baseline - height - pad / 2, start + width + pad, baseline + pad / 2)
            if box[0] < left - 2 or box[2] > right + 2:
                continue
            if not any(_crosses(box, a, b) for points in lines for a, b in zip(points, points[1:] or points)):
                return round(start, 1), round(baseline, 1)
    return None


def _points(line: dict[str, Any]) -> list[tuple[float, float]]:
    """A line's drawn points, its end repeated so that a one-point line still has a marker to avoid."""
    points = list(line["points"])
    return points + [points[-1]] if len(points) == 1 else points


def rank_chart(
    result: ScoreResult, lang: str, ids: dict[str, str], results: pd.DataFrame | None = None
) -> dict[str, Any] | None:
    """Geometry of the rank-progression chart (top 8 by final rank) for the SVG partial; None without games."""
    results = scored_results(result) if results is None else results
    if not bool(results["game"].any()):
        return None
    players = result.standings["player"].head(CHART_PLAYERS).tolist()
    progression = rank_progression(
        results, result.data.settings, result.data.adjustments, lang, round_names(result), players
    )
    rounds = list(progression.columns)
    if progression.empty or not rounds:
        return None
    top = progression.head(CHART_PLAYERS)
    max_rank = max(int(top.max().max()), len(top))
    left, right, top_margin, bottom = 46, 214, 22, 42
    width = 780
    plot_w = width - left - right
    logarithmic = max_rank > CHART_LINEAR_MAX
    step = min(34.0, max(17.0, 330.0 / max(max_rank - 1, 1))) if max_rank > 1 else 0.0
    plot_h = CHART_LOG_HEIGHT if logarithmic else step * (max_rank - 1) if max_rank > 1 else 40.0
    height = top_margin + plot_h + bottom

    def x(i: int) -> float:
        return left + (plot_w * i / (len(rounds) - 1) if len(rounds) > 1 else plot_w / 2)

    def y(rank: float) -> float:
        if logarithmic:  # a large event: the top 8 may start far down; rank 1..max on a log scale
            return top_margin + plot_h * math.log(rank) / math.log(max_rank)
        return top_margin + (rank - 1) * step if max_rank > 1 else top_margin + plot_h / 2

    if logarithmic:
        ticks = [t for t in (m * 10**e for e in range(7) for m in (1, 2, 5)) if t <= max_rank]
        ticks += [max_rank] if max_rank >= ticks[-1] * 1.25 else []
    else:
        ticks = sorted({1, *range(5, max_rank + 1, 5)} | ({max_rank} if max_rank % 5 >= 2 or max_rank < 5 else set()))
    lines = []
    for index, (player, ranks) in enumerate(top.iterrows()):
        colour, dash, shape, filled = _STYLES[index % len(_STYLES)]
        points = [(x(i), y(int(r))) for i, r in enumerate(ranks) if not pd.isna(r)]  # no rank before a first game
        history = " → ".join("–" if pd.isna(r) else str(int(r)) for r in ranks)
        lines.append(
            {
                "player": player,
                "id": ids.get(player, ""),
                "rank": int(ranks.iloc[-1]),
                "colour": colour,
                "dash": dash,
                "filled": filled,
                "path": "M" + " L".join(f"{px:.1f},{py:.1f}" for px, py in points),
                "markers": [_marker(shape, px, py) for px, py in points],
                "shape": shape,
                "title": f"{player}: {history}",
                "end": points[-1],
                "points": points,
            }
        )
    # Direct labels at the right, pushed apart so that they never overlap.
    gap = 16.0
    ordered = sorted(lines, key=lambda line: line["end"][1])
    previous = -math.inf
    for line in ordered:
        line["label_y"] = max(line["end"][1], previous + gap)
        previous = line["label_y"]
    overflow = ordered[-1]["label_y"] - (top_margin + plot_h + bottom - 14) if ordered else 0
    if overflow > 0:
        for line in ordered:
            line["label_y"] -= overflow
    label_x = left + plot_w + 22
    for line in lines:
        line["label_x"] = label_x
        prefix = f"{line['rank']}. "
        line["label"] = prefix + _short(line["player"], LABEL_CHARS - len(prefix))
        line["full"] = f"{line['rank']}. {line['player']}"
        line["sample"] = _marker(line["shape"], label_x + 12, line["label_y"], 4.0)
    cut = playoff_cut(result)
    advancing = qualified(result, lang) if cut else []  # a dropped player above the cut moves the line down
    cut_rank = (
        int(result.standings.loc[result.standings["player"] == advancing[-1], "rank"].iloc[0]) if advancing else cut
    )
    cut_line = None
    if cut and cut_rank and cut_rank < max_rank:
        label = text(lang, "chart_cut", n=cut)
        cut_y = round(y(cut_rank + 0.5), 1)
        where = _cut_label(
            label, cut_y, [x(i) for i in range(len(rounds))], [[*_points(line)] for line in lines], left, left + plot_w
        )
        if where is None:  # no clear gap on the line: the label goes under the axis, beside a sample of the dashes
            where = (left + 30.0, round(top_margin + plot_h + bottom + 4, 1))
            height += 18
        cut_line = {
            "y": cut_y,
            "label": label,
            "x": where[0],
            "label_y": where[1],
            "below": where[1] > top_margin + plot_h + 20,
        }
    return {
        "width": width,
        "height": round(height, 1),
        "left": left,
        "right": left + plot_w,
        "top": top_margin,
        "bottom": round(top_margin + plot_h, 1),
        "rounds": [
            {"x": round(x(i), 1), "label": text(lang, "chart_round", n=i + 1), "sheet": s} for i, s in enumerate(rounds)
        ],
        "ticks": [{"rank": t, "y": round(y(t), 1)} for t in ticks],
        "cut": cut_line,
        "lines": lines,
        "count": len(lines),
        "axis": text(lang, "chart_axis_log" if logarithmic else "rank"),
    }
