"""Printable result slips and seating lists for one round (`slips`): self-contained HTML, like the report.

One slip per table (table number, players in seat order, an empty box for every count and flag,
signature lines), four to an A4 page; then the seating by name (alphabetical, the one name order
of `standings.engine`) and by table, to pin on the wall. No scripts, fonts or network requests.
"""

from __future__ import annotations

import functools
from typing import Any

import jinja2

from sheet_scorer.model import RoundSheet
from sheet_scorer.report.html import template_dir
from sheet_scorer.report.templating import environment
from sheet_scorer.seating.event import seated_round
from sheet_scorer.standings.engine import name_order_key
from sheet_scorer.i18n.vocab import COMPONENTS, FLAGS, ROUND_HEADERS, SLIP_WORDS

TEMPLATE = "slips.html.j2"


def slips_context(sheet: RoundSheet, tournament: str, lang: str) -> dict[str, Any]:
    """What the slips page shows: tables in seat order, byes, and the list by name (table, seat)."""
    seated = seated_round(sheet)
    tables = [{"number": n, "players": list(t)} for n, t in enumerate(seated.tables, start=1)]
    by_name = sorted(
        [{"name": p, "table": t["number"], "seat": s} for t in tables for s, p in enumerate(t["players"], start=1)]
        + [{"name": p, "table": SLIP_WORDS["bye"][lang], "seat": ""} for p in seated.byes],
        key=lambda row: name_order_key(row["name"], lang))
    words = {key: value[lang] for key, value in SLIP_WORDS.items()}
    columns = [ROUND_HEADERS[key][lang] for key in (*COMPONENTS, *FLAGS)]
    return {"lang": lang, "tournament": tournament, "round": sheet.name, "tables": tables, "byes": list(seated.byes),
            "by_name": by_name, "words": words, "columns": columns, "pages": [tables[i:i + 4] for i in range(0, len(tables), 4)]}


def render_slips(sheet: RoundSheet, tournament: str, lang: str) -> str:
    """The slips page as one HTML string."""
    return _environment().get_template(TEMPLATE).render(**slips_context(sheet, tournament, lang))


@functools.lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    """The slips' environment, once per process; its compiled template kept for the next run (`templating`)."""
    return environment(template_dir(), autoescape=True, trim_blocks=True, lstrip_blocks=True)
