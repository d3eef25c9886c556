"""The cold start: the faster forms of the validation's building blocks give the values worked out by hand,
and a clean event's `score` loads only what it uses. (Speed itself is measured by bench/cold.py.)"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import jinja2
import pandas as pd
import pytest

from sheet_scorer.report import templating
from sheet_scorer.rules.score import title_holders
from sheet_scorer.workbook import cells

# Cells as organisers type them, and what `parse_int` makes of each (docs/rules.md §1): whole numbers only.
TYPED = [3, "3.0", " 4 ", 2.5, "three", None, True, date(2026, 4, 18), 7.0, ""]
WHOLE = [3, 3, 4, None, None, None, None, None, 7, None]


def test_parse_ints_reads_every_column_as_parse_int_does() -> None:
    frame = pd.DataFrame({"a": TYPED, "b": list(reversed(TYPED))}, index=range(5, 5 + len(TYPED)))
    parsed = cells.parse_ints(frame)
    assert list(parsed.columns) == ["a", "b"] and list(parsed.index) == list(frame.index)
    assert all(str(parsed[c].dtype) == "Int64" for c in parsed)
    assert [None if pd.isna(v) else v for v in parsed["a"]] == WHOLE
    assert [None if pd.isna(v) else v for v in parsed["b"]] == list(reversed(WHOLE))


def test_title_holders_by_hand() -> None:
    """Largest Army needs 3 knights. Table 1: two players tie on 4, one marked first -> the marked one holds it.
    Table 2: nobody reaches 3 -> no leader. Table 3: one player alone on 5 -> holds it unmarked. A row without
    a table number is a table of its own."""
    frame = pd.DataFrame(
        {
            "sheet": ["R1"] * 9,
            "table": pd.array([1, 1, 1, 2, 2, 3, 3, 3, None], dtype="Int64"),
            "knights": pd.array([4, 4, 2, 2, 1, 5, None, 3, 6], dtype="Int64"),
            "army_first": [False, True, False, False, False, False, False, False, False],
        },
        index=range(2, 11),
    )
    held = title_holders(frame, "knights", 3, "army_first")
    assert held["leader"].tolist() == [True, True, False, False, False, True, False, False, True]
    assert held["leaders"].tolist() == [2, 2, 2, 0, 0, 1, 1, 1, 1]
    assert held["flagged"].tolist() == [1, 1, 1, 0, 0, 0, 0, 0, 0]
    assert held["holder"].tolist() == [False, True, False, False, False, True, False, False, True]
    assert list(held.index) == list(frame.index)


def test_the_report_environment_reads_dict_fields_as_jinja2_does(tmp_path: Path) -> None:
    env = templating.environment(tmp_path, cache=False, undefined=jinja2.StrictUndefined)
    row = {"player": "Ala", "items": 5}
    # a key is read by its name; a dict's own method still wins over a key of the same name, as in jinja2
    assert (
        env.from_string("{{ row.player }} {{ row['items'] }} {{ row.items() | list | length }}").render(row=row)
        == "Ala 5 2"
    )
    with pytest.raises(jinja2.UndefinedError):
        env.from_string("{{ row.missing }}").render(row=row)
    assert env.from_string("{{ row.real }}").render(row=2.5) == "2.5"  # anything else: jinja2's own lookup


def test_a_clean_event_s_score_loads_neither_rapidfuzz_nor_lxml(import_probe: dict) -> None:
    """rapidfuzz is for comparing names absent from some round (lxml is no longer used at all: notes go through expat): a clean event loads neither.
    The event (tests/import_probe.py): Ala declares 10 VP over Bob, Cyd and Dan, scored in a fresh process."""
    step = import_probe["score clean"]
    assert step["exit"] == 0 and "4 players, 1 round, 1 of 1 tables scored, 0 errors" in step["output"], step["output"]
    assert {"rapidfuzz", "lxml"} & set(step["modules"]) == set()
