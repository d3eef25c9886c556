"""The HTML standings report: one self-contained page rendered with jinja2 (autoescaped)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import pandas as pd

from .files import write_text_atomically

if TYPE_CHECKING:
    from .api import ScoreResult

TEMPLATE = "report.html.j2"


def template_dir() -> Path:
    """Templates ship inside the wheel (sheet_scorer/templates); in a source checkout they sit at the top."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "templates", here.parent / "templates"):
        if (candidate / TEMPLATE).is_file():
            return candidate
    raise FileNotFoundError(f"report template {TEMPLATE} not found beside {here}")


def _number(value: Any) -> str:
    if value is None or pd.isna(value):
        return ""
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:g}"


def _tables(results: pd.DataFrame) -> list[dict[str, Any]]:
    """Per round, per table: players in place order with their result; ties shown as `2=`."""
    rounds: list[dict[str, Any]] = []
    games = results[~results["bye"]].copy()
    for (sheet, _), round_rows in games.groupby(["sheet", "round"], sort=False):
        tables = []
        for table, rows in round_rows.groupby("table", sort=True):
            rows = rows.sort_values(["place", "row"], na_position="last")
            shared = rows["place"].duplicated(keep=False) & rows["place"].notna()
            players = [
                {
                    "place": "" if pd.isna(r.place) else f"{int(r.place)}{'=' if tie else ''}",
                    "player": r.player, "vp": _number(r.vp), "points": _number(r.round_points),
                    "army": bool(r.army_bonus == 2) if not pd.isna(r.army_bonus) else False,
                    "road": bool(r.road_bonus == 2) if not pd.isna(r.road_bonus) else False,
                    "declared": bool(r.declared) and not pd.isna(r.place) and int(r.place) == 1,
                }
                for r, tie in zip(rows.itertuples(), shared)
            ]
            tables.append({"table": int(table), "scored": bool(rows["game"].all()), "players": players})
        byes = results[(results["sheet"] == sheet) & results["bye"]]
        rounds.append({"sheet": sheet, "tables": tables, "byes": list(byes["player"])})
    return rounds


def render_report(result: ScoreResult, lang: str = "en") -> str:
    """The report page as a string."""
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(template_dir()), autoescape=True, trim_blocks=True, lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    settings = result.data.settings
    standings = [
        {**row, "round_points": _number(row["round_points"]), "vp_pct": f"{row['vp_pct']:.2f}",
         "rounds": [_number(row[s.name]) for s in result.data.rounds]}
        for row in result.standings.to_dict("records")
    ]
    errors = [p for p in result.problems if p.severity == "error"]
    return environment.get_template(TEMPLATE).render(
        lang=lang,
        title=settings.tournament or result.data.path.stem,
        date=str(settings.date) if settings.date else "",
        round_names=[s.name for s in result.data.rounds],
        standings=standings,
        rounds=_tables(result.results) if len(result.results) else [],
        problems=result.problems,
        provisional=bool(errors),
        players=len(result.standings),
    )


def write_report(result: ScoreResult, path: Path, lang: str = "en") -> None:
    write_text_atomically(render_report(result, lang), path)
