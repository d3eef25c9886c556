"""What every view of the standings reads (the page, the chart, the JSON): the scored results as plain
values, per table and per round, the cut line, and the standings figures as they are shown."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import TYPE_CHECKING, Any

import pandas as pd

from sheet_scorer.i18n.text import text, typeset
from sheet_scorer.i18n.vocab import strip_accents
from sheet_scorer.playoffs.qualifying import playoff_size, qualified_players
from sheet_scorer.playoffs.qualifying import withdrawn_notes as withdrawn_notes  # re-exported for the views
from sheet_scorer.rules.score import RESULT_COLUMNS
from sheet_scorer.standings.engine import BASE_COLUMNS

if TYPE_CHECKING:
    from sheet_scorer.model import ScoreResult


def missing(value: Any) -> bool:
    return value is None or (not isinstance(value, str) and bool(pd.isna(value)))


def as_int(value: Any) -> int | None:
    return None if missing(value) else int(value)


def as_float(value: Any) -> float | None:
    return None if missing(value) else float(value)


def as_flag(value: Any) -> bool:
    return False if missing(value) else bool(value)


def scored_results(result: ScoreResult) -> pd.DataFrame:
    """`result.results` with its flag columns as plain booleans (also for a workbook where nothing could be read)."""
    return plain_results(result.results)


def playoff_rows(result: ScoreResult) -> pd.DataFrame | None:
    """`result.playoff_results` like `scored_results` (places decided by qualifying rank); None without playoff sheets."""
    return None if result.playoff_results is None else plain_results(result.playoff_results)


def plain_results(results: pd.DataFrame) -> pd.DataFrame:
    """Scored rows with the flag columns as plain booleans."""
    frame = results.reindex(columns=RESULT_COLUMNS)
    flags = {c: frame[c].astype("boolean").fillna(False).astype(bool) for c in ("game", "bye", "scorable", "declared")}
    return frame.assign(**flags)


def round_names(result: ScoreResult) -> list[str]:
    """The round sheets played (one table reported at least), in round order: a round not played yet counts nowhere."""
    return [sheet.name for sheet in result.played_rounds]


def playoff_cut(result: ScoreResult) -> int | None:
    """The cut line's size (docs/rules.md §6, §7): Playoff Size when set, else read from the playoff sheets there are;
    none when neither, or Playoff Size is 0, or there are not more players than that."""
    size = playoff_size(result)
    return size if size and size < len(result.standings) else None


def qualified(result: ScoreResult, lang: str | None = None) -> list[str]:
    """The players above the cut line, best first: active players only (`playoffs.qualifying.qualified_players`, the
    one list `playoffs` seeds from); [] without a cut line."""
    cut = playoff_cut(result)
    return qualified_players(result, cut, lang or result.lang) if cut else []


def progress_note(result: ScoreResult, lang: str) -> str:
    """ "Standings after Round 2; Round 3: 4 of 6 tables reported" while some sheet has tables not reported yet
    (docs/rules.md §3); "" once every table of every sheet is reported. The same line in the terminal, report and JSON."""
    waiting = [p for p in result.progress if p.tables and not p.complete]
    if not waiting:
        return ""
    rounds = [p for p in result.progress if p.kind == "round"]
    first = next((p for p in rounds if p.tables and not p.complete), None)
    parts = []
    if first is not None:
        before = [p for p in rounds if p.number < first.number and p.played]
        parts.append(text(lang, "progress_after", sheet=before[-1].sheet) if before else text(lang, "progress_none"))
    parts += [text(lang, "progress_sheet", sheet=p.sheet, done=p.reported, total=p.tables) for p in waiting]
    return typeset(lang, " ; ".join(parts)) if lang == "fr" else "; ".join(parts)  # French: a narrow space before `;`


def player_ids(names: list[str]) -> dict[str, str]:
    """A stable, unique HTML id per player: `Łukasz Nowak` -> `p-lukasz-nowak`."""
    ids: dict[str, str] = {}
    used: set[str] = set()
    for name in names:
        base = "p-" + (re.sub(r"[^a-z0-9]+", "-", strip_accents(str(name)).lower()).strip("-") or "player")
        candidate, n = base, 2
        while candidate in used:
            candidate, n = f"{base}-{n}", n + 1
        used.add(candidate)
        ids[name] = candidate
    return ids


def shown_figures(result: ScoreResult) -> list[str]:
    """The standings figures after rank and player, in the order shown (docs/rules.md §5): the ranking figure,
    the tie-breakers in their order, the other figures, adjustments (`standings.engine.figure_columns`)."""
    columns = list(result.standings.columns)
    end = columns.index("ahead_by") if "ahead_by" in columns else len(columns)
    return [c for c in columns[:end] if c not in ("rank", "player")]


def extra_figures(result: ScoreResult) -> list[str]:
    """The standings figures in use beyond round points, VP, VP % and games (wins, places, …, adjustments)."""
    return [c for c in shown_figures(result) if c not in BASE_COLUMNS]


def place_labels(places: list[int | None]) -> list[str]:
    """`1`, `2=`, `2=`, `4`: the best of the shared places, `=` when tied."""
    return ["" if p is None else f"{p}{'=' if places.count(p) > 1 else ''}" for p in places]


_TABLE_FIELDS = [
    "sheet",
    "table",
    "row",
    "player",
    "place",
    "vp",
    "round_points",
    "army_bonus",
    "road_bonus",
    "declared",
    "game",
    "scorable",
]


def tables_of(results: pd.DataFrame) -> dict[tuple[str, int], list[dict[str, Any]]]:
    """The game rows of each (sheet, table), in place order (unplaced rows last, by row)."""
    played = results.loc[~results["bye"] & results["table"].notna(), _TABLE_FIELDS]
    played = played.assign(_place=played["place"].astype("Float64").fillna(99.0)).sort_values(
        ["_place", "row"], kind="stable"
    )
    tables: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    keys = zip(played["sheet"].tolist(), played["table"].astype("int64").tolist())
    for key, values in zip(keys, zip(*(played[c].tolist() for c in _TABLE_FIELDS))):
        tables[key].append(dict(zip(_TABLE_FIELDS, values)))
    return dict(tables)


def tables_by_round(
    result: ScoreResult, tables: dict[tuple[str, int], list[dict[str, Any]]]
) -> dict[str, list[tuple[int, list[dict[str, Any]]]]]:
    """`tables_of` grouped once per round sheet: sheet -> [(table, rows)] by table number."""
    rounds: dict[str, list[tuple[int, list[dict[str, Any]]]]] = {sheet.name: [] for sheet in result.played_rounds}
    for (sheet, table), rows in tables.items():
        rounds.setdefault(sheet, []).append((table, rows))
    for items in rounds.values():
        items.sort(key=lambda item: item[0])
    return rounds


def byes_by_round(results: pd.DataFrame) -> dict[str, list[tuple[str, Any]]]:
    """The byes of each round sheet: sheet -> [(player, round points)] in row order."""
    byes = results[results["bye"]]
    out: dict[str, list[tuple[str, Any]]] = defaultdict(list)
    for sheet, player, points in zip(byes["sheet"].tolist(), byes["player"].tolist(), byes["round_points"].tolist()):
        out[sheet].append((player, points))
    return out
