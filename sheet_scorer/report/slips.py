"""Printable result slips and seating lists for one round or playoff sheet (`slips`): self-contained HTML, like the report.

One slip per table, the width of the page: table number, players in seat order, an empty box for every
game column of the sheet (its counts and marks, or VP and marks on a VP-only sheet) headed with the
sheet's own header words, and signature lines; four to an A4 page, portrait, or two to a landscape
page when the columns or the players cannot fit (`landscape`). Then the seating by surname (the one
name order of `standings.engine`, on the last word of each name) and by table, to pin on the wall.
No scripts, fonts or network requests.
"""

from __future__ import annotations

from typing import Any

from sheet_scorer.i18n.text import typeset
from sheet_scorer.i18n.vocab import COMPONENTS, FLAGS, ROUND_HEADERS, SLIP_WORDS
from sheet_scorer.model import RoundSheet
from sheet_scorer.report.html import render_page
from sheet_scorer.seating.event import seated_round
from sheet_scorer.standings.engine import name_order_key

TEMPLATE = "slips.html.j2"
#: Game columns a portrait slip holds (besides seat and player); more, or a table of more than four, go landscape.
PORTRAIT_COLUMNS = 10
PORTRAIT_PLAYERS = 4


def slip_columns(sheet: RoundSheet, lang: str) -> list[dict[str, Any]]:
    """The game columns a judge fills, in the sheet's order, each headed as the sheet heads it (else in `lang`):
    the counts and marks; VP and marks on a VP-only sheet (docs/rules.md §1)."""
    fields = ("vp", *FLAGS) if sheet.vp_only else (*COMPONENTS, *FLAGS)
    present = sorted((f for f in fields if f in sheet.columns), key=lambda f: sheet.columns[f])
    return [
        {"field": f, "header": sheet.headers.get(f) or ROUND_HEADERS.get(f, {}).get(lang, f), "mark": f in FLAGS}
        for f in present
    ]


def surname_key(name: str, lang: str) -> tuple[Any, ...]:
    """Order by surname (the last word of the name), then by the whole name, as a person expects (§4 collation)."""
    words = name.split()
    return (name_order_key(words[-1] if words else name, lang), name_order_key(name, lang))


def slips_context(sheet: RoundSheet, tournament: str, lang: str) -> dict[str, Any]:
    """What the slips page shows: tables in seat order, byes, and the list by surname (table, seat)."""
    seated = seated_round(sheet)
    tables: list[dict[str, Any]] = [{"number": n, "players": list(t)} for n, t in enumerate(seated.tables, start=1)]
    by_name = sorted(
        [{"name": p, "table": t["number"], "seat": s} for t in tables for s, p in enumerate(t["players"], start=1)]
        + [{"name": p, "table": SLIP_WORDS["bye"][lang], "seat": ""} for p in seated.byes],
        key=lambda row: surname_key(row["name"], lang),
    )
    words = {key: value[lang] for key, value in SLIP_WORDS.items()}
    columns = slip_columns(sheet, lang)
    landscape = len(columns) > PORTRAIT_COLUMNS or any(len(t["players"]) > PORTRAIT_PLAYERS for t in tables)
    per_page = 2 if landscape else 4
    return {
        "lang": lang,
        "tournament": tournament,
        "round": sheet.name,
        "tables": tables,
        "byes": list(seated.byes),
        "by_name": by_name,
        "words": words,
        "columns": columns,
        "landscape": landscape,
        "colon": typeset(lang, " :" if lang == "fr" else ":"),
        "pages": [tables[i : i + per_page] for i in range(0, len(tables), per_page)],
    }


def render_slips(sheet: RoundSheet, tournament: str, lang: str) -> str:
    """The slips page as one HTML string."""
    return render_page(TEMPLATE, slips_context(sheet, tournament, lang))
