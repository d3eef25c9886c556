"""Validation, scoring and standings run no Python function per table or per group (issue: speed at every size).

Every groupby must use a built-in kernel by name (`transform("sum")`), never `apply`, `agg(func)` or
`transform(func)`, which call Python once per table and cost seconds on big events.
"""

from __future__ import annotations

import pytest
from pandas.core.groupby.generic import DataFrameGroupBy, SeriesGroupBy
from paths import ROOT

from sheet_scorer import check_workbook

EXAMPLES = ROOT / "example_workbooks"


@pytest.fixture
def no_python_per_group(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    calls: list[str] = []
    for cls in (DataFrameGroupBy, SeriesGroupBy):
        for method in ("apply", "agg", "aggregate", "transform", "filter"):
            original = getattr(cls, method)

            def guard(self, func=None, *args, _original=original, _name=f"{cls.__name__}.{method}", **kwargs):
                if callable(func):
                    calls.append(_name)
                return _original(self, func, *args, **kwargs)

            monkeypatch.setattr(cls, method, guard)
    return calls


@pytest.mark.parametrize("name", ["spring_open.xlsx", "mistakes.xlsx", "runda_polska.xlsx"])
def test_no_per_group_python_calls(no_python_per_group: list[str], name: str) -> None:
    result = check_workbook(EXAMPLES / name)
    assert len(result.standings) > 0
    assert no_python_per_group == []
