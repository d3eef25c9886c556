"""Check every cell, row and table of the round sheets against the rules, with pandera (docs/rules.md §1–§3).

Two lazy passes per sheet, each collecting every failure:
1. cell schema on the raw values: is each count a whole number, each flag a flag, each name there;
2. rule schema on the typed values: ranges, row rules, and table rules written as row-aligned
   `groupby(...).transform(...)` checks, so each failure comes back with its Excel row number.
Failures become `Problem` values; the frame carries a `scorable` column (no error at its table).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any, cast

import numpy as np
import pandas as pd
import pandera.pandas as pa
from pandas.core.groupby import DataFrameGroupBy
from pandera.api.base.checks import CheckResult

from sheet_scorer.i18n.catalogue import (
    CATALOGUE as PROBLEM_CODES,  # the one catalogue: a problem code carries its field
)
from sheet_scorer.i18n.codes import ProblemCode
from sheet_scorer.i18n.vocab import COLUMN_WORDS, COMPONENTS, COUNT_RANGES, FLAGS
from sheet_scorer.model import RoundProgress, RoundSheet, Settings, WorkbookData
from sheet_scorer.problems import WARNING_CODES, Problem
from sheet_scorer.rules.cells import blank_cells, bye_cells, parse_flag, parse_ints
from sheet_scorer.rules.conflicts import conflict_problems
from sheet_scorer.rules.names import closest, near_miss_warnings
from sheet_scorer.rules.players import judge_active
from sheet_scorer.rules.progress import reporting
from sheet_scorer.rules.score import TABLE_KEYS, TITLES, at_target, game_vp, table_codes, titles
from sheet_scorer.workbook.cells import cell_name, folded, is_blank, name_key
from sheet_scorer.xlsx.cells import ErrorCell, FormulaCell, cell_ref, column_letter

#: VP typed on a VP-only sheet (docs/rules.md §1): a player always keeps 2 VP (two settlements or a city), at most 22.
VP_ONLY_RANGE = (2, 22)
#: Cities & Knights plays to 13: the target the declared-victory error suggests setting (docs/rules.md §3).
CITIES_AND_KNIGHTS_TARGET = 13
COLUMN_NAMES = {field: words["en"] for field, words in COLUMN_WORDS.items()}
_DATE_TYPES = (datetime, date, time, timedelta)
_SPREADSHEET_ERRORS = frozenset(
    {"#REF!", "#N/A", "#VALUE!", "#DIV/0!", "#NAME?", "#NUM!", "#NULL!", "#SPILL!", "#CALC!", "#GETTING_DATA"}
)


@dataclass
class Validated:
    """All game rows of all round sheets, typed, with `sheet`, `round`, `row`, `bye`, `scorable`."""

    frame: pd.DataFrame
    problems: list[Problem]
    progress: list[RoundProgress] = field(default_factory=list)  # one per round and playoff sheet (docs/rules.md §3)


# ---------------------------------------------------------------- cell values


def _blank(values: pd.Series) -> pd.Series:
    """`rules.cells.blank_cells` as a Series on the rows' index, for a pandera check."""
    return pd.Series(blank_cells(values), index=values.index)


def int_cell_code(value: Any) -> ProblemCode:
    """Why a count cell is not a whole number: the problem code for its message."""
    if isinstance(value, FormulaCell):
        return "formula-no-value"
    if isinstance(value, ErrorCell) or (isinstance(value, str) and value.strip().upper() in _SPREADSHEET_ERRORS):
        return "error-value"
    if isinstance(value, _DATE_TYPES):
        return "date-value"
    if is_blank(value):
        return "empty-cell"
    if isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value):
        return "not-whole-number"
    number = pd.to_numeric(str(value).strip().replace(",", "."), errors="coerce")
    return "not-whole-number" if pd.notna(number) else "not-a-number"


def _special(values: pd.Series) -> pd.Series:
    return values.map(lambda v: isinstance(v, (FormulaCell, ErrorCell)))


# The typed rows of the frame the cell schema is checking (`_typed`): its checks read the parse made once there.
_TYPED: ContextVar[pd.DataFrame] = ContextVar("sheet_scorer_typed")


def _parsed(column: str) -> pd.Series:
    """The typed values of `column` in the frame being checked."""
    return _TYPED.get()[column]


@functools.lru_cache(maxsize=16)
def _cell_schema(columns: tuple[str, ...], vp_only: bool) -> pa.DataFrameSchema:
    """Is every cell readable as what its column holds? Built once per set of columns (a process scoring again,
    the live view, reuses it); checks read the parse made once in `_typed` (`_TYPED`)."""

    def whole(column: str, allow_blank: bool) -> pa.Check:
        typed_column = column if column != "vp" else "vp_entered"
        if allow_blank:
            return pa.Check(lambda s: _parsed(typed_column).notna() | _blank(s), name="int-cell")
        return pa.Check(lambda s: _parsed(typed_column).notna(), name="int-cell")

    checks: dict[str, list[pa.Check]] = {
        "table": [pa.Check(lambda s: (_parsed("table") >= 1).fillna(False), name="bad-table")],
        "player": [pa.Check(lambda s: ~_blank(s) & ~_special(s), name="empty-name")],
        "seat": [whole("seat", allow_blank=True)],
        "vp": [whole("vp", allow_blank=not vp_only)],
        **{f: [pa.Check(lambda s: parse_flag(s).notna(), name="flag-cell")] for f in FLAGS},
    }
    if not vp_only:
        checks.update({c: [whole(c, allow_blank=False)] for c in COMPONENTS})
    return pa.DataFrameSchema({c: pa.Column(checks=checks[c], nullable=True) for c in columns if c in checks})


# ---------------------------------------------------------------- rules


def _checked(typed: pd.DataFrame, vp_only: bool) -> pd.DataFrame:
    """`typed` with every count that fails its own row check set missing.

    Table rules read these values, so one mistake gives one error (docs/rules.md §2–§3): 44 settlements
    are reported as 44 settlements, not also as a player at the target who did not declare.
    """
    checked = typed.copy()
    if vp_only:
        checked["vp"] = typed["vp"].where(typed["vp"].between(*VP_ONLY_RANGE))
        return checked
    for column, (low, high) in COUNT_RANGES.items():
        checked[column] = typed[column].where(typed[column].between(low, high))
    checked["settlements"] = checked["settlements"].where(
        ~((typed["cities"] == 0) & (typed["settlements"] < 2)).fillna(False)
    )
    checked["road_length"] = checked["road_length"].where(~(typed["road_length"] > typed["roads"]).fillna(False))
    return checked


def _table_facts(typed: pd.DataFrame, target: int, vp_only: bool, bad_flags: pd.DataFrame) -> pd.DataFrame:
    """Per-row facts about the row's table, each one vectorised over the rows' table numbers.

    The rule checks compare these columns, so every table rule fails on the rows of its table.
    A table with a value a rule needs that is missing or failed its own check is `incomplete_*` for
    that rule: its cell is reported already. Failed checks are a count out of its row's range
    (`_checked`), a table total over the deck (VP cards, knights), a flag cell that is not a flag.
    """
    tables = table_codes(typed)
    size = int(tables.max()) + 1 if len(tables) else 0

    def per_table(values: pd.Series | None, how: str) -> np.ndarray:
        """'size', 'sum' or 'any' of `values` over each row's table, row-aligned (missing values add nothing):
        numpy on the table numbers, where a pandas groupby-transform cost more than the rest of the fact."""
        if values is None:
            seated: np.ndarray = np.bincount(tables, minlength=size)[tables]
            return seated
        total: np.ndarray = np.bincount(tables, weights=values.fillna(0).to_numpy(dtype="float64"), minlength=size)[
            tables
        ]
        return total > 0 if how == "any" else total.astype("int64")

    checked = _checked(typed, vp_only)
    facts: dict[str, Any] = {"table_size": per_table(None, "size")}
    if not vp_only:
        for column, deck in (("vp_cards", 5), ("knights", 14)):
            facts[f"table_{column}"] = per_table(checked[column], "sum")
            facts[f"incomplete_{column}"] = per_table(checked[column].isna(), "any")
            checked[column] = checked[column].where(~(facts[f"table_{column}"] > deck))
        held = titles(checked)
        checked = pd.concat([checked.drop(columns=["army_bonus", "road_bonus", "vp"]), game_vp(checked, held)], axis=1)
        for prefix, (value, _, first) in TITLES.items():
            facts[f"incomplete_{prefix}"] = per_table(checked[value].isna() | bad_flags[first], "any")
            for column in ("leader", "leaders", "flagged"):
                facts[f"{prefix}_{column}"] = held[prefix][column].to_numpy()
    facts["declared_count"] = per_table(typed["declared"], "sum")
    facts["incomplete_vp"] = per_table(checked["vp"].isna() | bad_flags["declared"], "any")
    facts["checked_vp"] = checked["vp"]
    return pd.concat([pd.DataFrame(facts, index=typed.index), at_target(checked, target)], axis=1)


def _rule(code: str, ok: Callable[[pd.DataFrame], pd.Series], needs: str | None = None) -> pa.Check:
    """A dataframe check named by its problem code; with `needs`, incomplete tables pass (already reported).

    `ignore_na=False`: the check fills its own gaps, and no row is missing every value (`sheet`, `row` are always
    there), so pandera's pass over the whole frame for all-missing rows, once per check, finds nothing."""

    def check(df: pd.DataFrame) -> pd.Series:
        """Which rows pass the rule (unknown counts as passing; incomplete rows pass with `needs`)."""
        passed = ok(df).to_numpy(dtype=bool, na_value=True)  # a rule that cannot be told passes (numpy: no copies)
        if needs is not None:
            passed = passed | df[f"incomplete_{needs}"].to_numpy(dtype=bool)
        return pd.Series(passed, index=df.index)

    return pa.Check(check, name=code, ignore_na=False)


def _title_rules(prefix: str, first: str) -> list[pa.Check]:
    """Tie markers of one title: an unmarked tie, a tie marked twice, a marker on a non-leader."""
    leader, leaders, flagged = f"{prefix}_leader", f"{prefix}_leaders", f"{prefix}_flagged"
    return [
        _rule(f"{prefix}-tie-unmarked", lambda df: ~(df[leader] & (df[leaders] >= 2) & (df[flagged] == 0)), prefix),
        _rule(
            f"{prefix}-tie-multiple",
            lambda df: ~(df[leader] & df[first] & (df[leaders] >= 2) & (df[flagged] >= 2)),
            prefix,
        ),
        _rule(f"{prefix}-first-not-leader", lambda df: ~(df[first] & ~df[leader]), prefix),
    ]


def _in_range(low: int, high: int, code: str) -> pa.Column:
    return pa.Column(checks=[pa.Check(lambda s: s.between(low, high), name=code)], nullable=True)


@functools.lru_cache(maxsize=16)
def _rule_schema(vp_only: bool, registered: frozenset[str] | None) -> pa.DataFrameSchema:
    """Row and table rules of docs/rules.md §2–§3 for one round sheet, over the typed rows and their `_table_facts`;
    built once per registration list (a process scoring the same event again reuses it)."""
    checks = [
        _rule("table-size", lambda df: df["table_size"].isin([3, 4])),
        _rule("duplicate-player", lambda df: ~(df.duplicated(["sheet", "player"], keep=False) & (df["player"] != ""))),
        _rule("seat-range", lambda df: df["seat"] <= df["table_size"]),
        _rule("seat-duplicate", lambda df: df["seat"].isna() | ~df.duplicated([*TABLE_KEYS, "seat"], keep=False)),
        _rule("declared-below-target", lambda df: ~(df["declared"] & ~df["reached"]), "vp"),
        _rule("declared-multiple", lambda df: ~(df["declared"] & (df["declared_count"] >= 2)), "vp"),
        _rule(
            "declared-missing",
            lambda df: ~(df["reached"] & (df["reached_count"] >= 2) & (df["declared_count"] == 0)),
            "vp",
        ),
        _rule("no-target", lambda df: df["reached_count"] > 0, "vp"),
    ]
    if registered is not None:
        checks.append(_rule("unregistered-player", lambda df: df["player"].isin(registered) | (df["player"] == "")))
    columns = {"seat": pa.Column(checks=[pa.Check(lambda s: s >= 1, name="seat-range")], nullable=True)}
    if vp_only:
        columns["vp"] = _in_range(*VP_ONLY_RANGE, "vp-range")
    else:
        columns.update({c: _in_range(*COUNT_RANGES[c], f"{c.replace('_', '-')}-range") for c in COMPONENTS})
        checks += [
            _rule("settlements-min", lambda df: ~((df["cities"] == 0) & (df["settlements"] < 2))),
            _rule("road-length-range", lambda df: ~(df["road_length"] > df["roads"])),
            _rule("table-vp-cards", lambda df: df["table_vp_cards"] <= 5, "vp_cards"),
            _rule("table-knights", lambda df: df["table_knights"] <= 14, "knights"),
            _rule(
                "vp-mismatch",
                lambda df: df["vp_entered"].isna() | df["checked_vp"].isna() | (df["vp_entered"] == df["vp"]),
            ),
            *_title_rules("army", "army_first"),
            *_title_rules("road", "road_first"),
        ]
    return pa.DataFrameSchema(columns, checks=checks)


# ---------------------------------------------------------------- problems from failures

# Table-level codes (`table=True` in the one table of codes): the field whose cells get marked, from that table,
# and the value shown in the message, computed here for all failing tables at once (None: the message has none).
_TABLE_VALUES: dict[str, Callable[[DataFrameGroupBy], pd.Series | None]] = {
    "table-size": lambda tables: tables.size(),
    "table-vp-cards": lambda tables: tables["vp_cards"].sum(),
    "table-knights": lambda tables: tables["knights"].sum(),
    "army-tie-unmarked": lambda tables: tables["knights"].max(),
    "army-tie-multiple": lambda tables: None,
    "road-tie-unmarked": lambda tables: tables["road_length"].max(),
    "road-tie-multiple": lambda tables: None,
    "declared-missing": lambda tables: None,
    "declared-multiple": lambda tables: None,
    "no-target": lambda tables: None,
}
TABLE_CODES: dict[str, tuple[str, Callable[[DataFrameGroupBy], pd.Series | None]]] = {
    code: (str(PROBLEM_CODES[code].field), value_of) for code, value_of in _TABLE_VALUES.items()
}
# Row-level codes whose cell is not the column pandera names.
ROW_CODE_FIELDS = {code: kind.field for code, kind in PROBLEM_CODES.items() if kind.field and not kind.table}


def _failures(schema: pa.DataFrameSchema, frame: pd.DataFrame) -> pd.DataFrame:
    """(row, column, check) of every failure, one per cell: the table checks first (column ''), then each column's.

    Each check runs as pandera runs it (`Check.__call__`: a column check on the column's values, missing values left
    out unless it says `ignore_na=False`), and its failing rows are read from its output at once: no failure case is
    built, reshaped and sorted one by one, so a thousand warnings cost about what a thousand valid rows do."""
    found: list[tuple[pd.Index, str, str]] = []

    def collect(result: CheckResult, column: str, check: pa.Check) -> None:
        """The rows a check failed on; none when it passed or gave no row-aligned answer (pandera names no row then)."""
        if not result.check_passed and result.failure_cases is not None:
            found.append((result.failure_cases.index, column, str(check.name)))

    for check in schema.checks:
        collect(check(frame), "", check)
    for name, column in schema.columns.items():
        if name in frame:
            for check in column.checks:
                collect(check(frame, name), name, check)
    if not found:
        return pd.DataFrame(columns=["index", "column", "check"])
    return pd.DataFrame(
        {
            "index": np.concatenate([rows.to_numpy(dtype="int64") for rows, _, _ in found]),
            "column": np.repeat([column for _, column, _ in found], [len(rows) for rows, _, _ in found]),
            "check": np.repeat([check for _, _, check in found], [len(rows) for rows, _, _ in found]),
        }
    )


def _problem_code(check: str) -> ProblemCode:
    """A check's name as the problem code it reports: the schemas name each check by its code."""
    return cast("ProblemCode", check)


def _cell_problems(
    parts: list[_Sheet], part_of: np.ndarray, failures: pd.DataFrame, games: pd.DataFrame, typed: pd.DataFrame
) -> list[list[Problem]]:
    """A problem for each cell that is not what its column holds, for all sheets at once (`failures`' index: positions
    in the stacked `games`, raw, and `typed`; `part_of`: each position's sheet): each sheet's in failure order."""
    found: list[list[Problem]] = [[] for _ in parts]
    if failures.empty:
        return found
    at = failures["index"].to_numpy(dtype="int64")
    owners = part_of[at].tolist()
    rows = typed["row"].to_numpy()[at].tolist()
    names = _names(games["player"].to_numpy()[at].tolist(), typed["player"].to_numpy()[at].tolist())
    numbers = _numbers_or_none(typed["table"].take(at))
    cells: list[Any] = [None] * len(at)  # each failing cell's value, a column at a time
    for column, where in failures.groupby("column", sort=False).indices.items():
        for position, value in zip(where.tolist(), games[column].to_numpy()[at[where]], strict=True):
            cells[position] = value
    kinds: dict[tuple[type, Any], ProblemCode] = {}  # `int_cell_code` once per distinct value: the same slip recurs
    letters = _letters(parts)
    sheets = [part.sheet.name for part in parts]
    for column, check, part, row, name, table, value in zip(
        failures["column"].tolist(), failures["check"].tolist(), owners, rows, names, numbers, cells, strict=True
    ):
        key = (type(value), value)
        kind = kinds.get(key) or kinds.setdefault(key, int_cell_code(value))
        code = _cell_code(check, kind)
        found[part].append(
            Problem(
                code,
                sheets[part],
                f"{letters[part][column]}{row}",
                name,
                table,
                field=column,
                params={"value": value, "column": COLUMN_NAMES[column], "row": row},
            )
        )
    return found


@functools.cache
def _cell_code(check: str, kind: ProblemCode) -> ProblemCode:
    """The code of a cell that failed `check`, its value being of `kind` (`int_cell_code`): a formula without a value
    or an error value is told as such in any column, an empty Table cell as empty."""
    code = {"int-cell": kind, "flag-cell": "bad-flag"}.get(check) or _problem_code(check)
    if code in ("bad-table", "bad-flag", "empty-name") and kind in ("formula-no-value", "error-value"):
        return kind
    return "empty-cell" if code == "bad-table" and kind == "empty-cell" else code


def _names(written: list[Any], keys: list[str]) -> list[str]:
    """Each failing row's name as written, cleaned (`cell_name`): a plain ASCII text's is its name key already (the
    key only adds Unicode normalisation), so only the other cells are cleaned again."""
    return [
        key if type(value) is str and value.isascii() else cell_name(value)
        for value, key in zip(written, keys, strict=True)
    ]


def _letters(parts: list[_Sheet]) -> list[dict[str, str]]:
    """Each sheet's column letters by field: a problem's cell is its column's letters and its row (`cell_ref`), the
    letters worked out once per column rather than once per problem."""
    return [{name: column_letter(column) for name, column in part.sheet.columns.items()} for part in parts]


def _rule_problems(
    parts: list[_Sheet], part_of: np.ndarray, failures: pd.DataFrame, checked: pd.DataFrame, settings: Settings
) -> list[list[Problem]]:
    """A problem for each rule broken, for all sheets at once (`failures`' index: positions in the stacked `checked`,
    the typed rows and their `_table_facts`): one per table for a table rule, one per row for a row rule. Each
    sheet's problems come check by check in the order its checks first failed there, each check's by row."""
    found: list[list[Problem]] = [[] for _ in parts]
    if failures.empty:  # the usual event: no grouping of nothing
        return found
    failures = failures.assign(part=part_of[failures["index"].to_numpy(dtype="int64")])
    per_check = failures.drop_duplicates(["index", "check"])
    firsts = per_check.drop_duplicates(["part", "check"])  # each sheet's first failure of each check: order and field
    fields: dict[str, dict[int, str]] = {}
    for part, check, column in zip(firsts["part"].tolist(), firsts["check"].tolist(), firsts["column"].tolist()):
        fields.setdefault(check, {})[part] = ROW_CODE_FIELDS.get(check) or column
    rows = checked["row"].to_numpy()
    made: dict[str, list[list[Problem]]] = {}
    for check, positions in per_check.groupby("check", sort=False)["index"]:
        at = np.unique(positions.to_numpy(dtype="int64"))
        at = at[np.lexsort((rows[at], part_of[at]))]  # sheet by sheet, each by row
        if check in TABLE_CODES:
            made[check] = _table_problems(parts, _problem_code(check), at, part_of, checked, settings)
        else:
            made[check] = _row_problems(parts, check, fields[check], at, part_of, checked, settings)
    for part, check in zip(firsts["part"].tolist(), firsts["check"].tolist()):
        found[part] += made[check][part]
    return found


def _row_problems(
    parts: list[_Sheet],
    check: str,
    fields: dict[int, str],
    at: np.ndarray,
    part_of: np.ndarray,
    checked: pd.DataFrame,
    settings: Settings,
) -> list[list[Problem]]:
    """A row rule's problems at its failing positions `at` (sheet by sheet, each by row), each at its field's cell
    (`fields`: by sheet): every value a message reads taken for all the failing rows at once."""
    made: list[list[Problem]] = [[] for _ in parts]
    owners = part_of[at].tolist()
    rows = checked["row"].to_numpy()[at].tolist()
    wanted = list(dict.fromkeys(["player", "table", *fields.values(), "vp_entered", "vp", "roads"]))
    values = {c: checked[c].take(at).to_numpy(dtype=object).tolist() for c in wanted}  # as a row's record holds them
    shown = {"vp-mismatch": "vp_entered", "declared-below-target": "vp"}.get(check)
    if shown is not None or len(set(fields.values())) == 1:
        value = values[shown or next(iter(fields.values()))]
    else:
        value = [values[fields[part]][i] for i, part in enumerate(owners)]
    sizes = (
        np.where(checked["table"].notna().to_numpy()[at], checked["table_size"].to_numpy()[at], 0).tolist()
        if check == "seat-range"  # the table's rows (a row with no table number: none)
        else [0] * len(at)
    )
    others = _other_rows(at, part_of, checked) if check == "duplicate-player" else [""] * len(at)
    target, code = settings.victory_target, _problem_code(check)
    tables = _numbers_or_none(checked["table"].take(at))
    letters = _letters(parts)
    # each failing sheet's name, the field's column letters and the field's name in the message
    where = {k: (parts[k].sheet.name, letters[k][field], COLUMN_NAMES[field]) for k, field in fields.items()}
    extra = {"road-length-range": ("roads", values["roads"]), "vp-mismatch": ("computed", values["vp"])}.get(check)
    for i, (part, row, player, table, size, other) in enumerate(
        zip(owners, rows, values["player"], tables, sizes, others, strict=True)
    ):
        sheet, letter, column = where[part]
        params: dict[str, Any] = {"value": value[i], "target": target, "row": row, "column": column}
        if extra is not None:
            params[extra[0]] = extra[1][i]
        elif check == "seat-range":
            params["size"] = int(size)
        elif check == "duplicate-player":
            params["other"] = other
        made[part].append(Problem(code, sheet, f"{letter}{row}", player, table, fields[part], params=params))
    return made


def _other_rows(at: np.ndarray, part_of: np.ndarray, checked: pd.DataFrame) -> list[str]:
    """For each failing row of duplicate-player, the other rows of its sheet with the same player, in sheet order."""
    players = checked["player"].to_numpy()
    wanted = set(zip(part_of[at].tolist(), players[at].tolist(), strict=True))
    near = np.flatnonzero(np.isin(part_of, part_of[at]) & checked["player"].isin({p for _, p in wanted}).to_numpy())
    rows_of: dict[tuple[int, Any], list[int]] = {}
    for part, player, row in zip(
        part_of[near].tolist(), players[near].tolist(), checked["row"].to_numpy()[near].tolist(), strict=True
    ):
        if (part, player) in wanted:
            rows_of.setdefault((part, player), []).append(row)
    rows = checked["row"].to_numpy()[at].tolist()
    return [
        ", ".join(str(r) for r in rows_of.get((part, player), ()) if r != row)
        for part, player, row in zip(part_of[at].tolist(), players[at].tolist(), rows, strict=True)
    ]


# The cells that cause a table-level error, of the table's failing rows (docs/rules.md §3): the problem is told at each
# of them. Unlisted codes (the no-target warning) stay one problem for the whole table.
_CAUSING_ROWS: dict[str, Callable[[pd.DataFrame], pd.Series]] = {
    "table-size": lambda rows: rows["table"].notna(),  # every row's Table cell counts the table
    "table-vp-cards": lambda rows: rows["vp_cards"].fillna(0) > 0,  # the cards counted in the total
    "table-knights": lambda rows: rows["knights"].fillna(0) > 0,
    **dict.fromkeys(
        (
            "army-tie-unmarked",
            "army-tie-multiple",
            "road-tie-unmarked",
            "road-tie-multiple",
            "declared-missing",
            "declared-multiple",
        ),
        lambda rows: rows["player"].notna(),  # the tied, the marked, the players at the target: each row failed
    ),
}


# What a table rule's problems read of its failing rows (`_TABLE_VALUES`, `_CAUSING_ROWS`, the message's players).
_TABLE_COLUMNS = ["row", "player", "table", "vp_cards", "knights", "road_length"]


def _table_problems(
    parts: list[_Sheet],
    check: ProblemCode,
    at: np.ndarray,
    part_of: np.ndarray,
    checked: pd.DataFrame,
    settings: Settings,
) -> list[list[Problem]]:
    """A table rule's problems at its failing positions `at`, each sheet's in table order: one at each cell that
    causes it, with its player (docs/rules.md §3), or one for the table when the flag column is missing (at the
    header) or no cell causes it (nobody at the target). The value each message shows is worked out for all the
    failing tables of all sheets at once."""
    made: list[list[Problem]] = [[] for _ in parts]
    field, value_of = TABLE_CODES[check]
    failed = checked[_TABLE_COLUMNS].iloc[at].assign(part=part_of[at])
    failed = failed[failed["table"].notna()]
    grouped = failed.groupby(["part", "table"], sort=True)
    values = value_of(grouped)
    # Several players at the target and none marked Declared: would `Victory Target` 13 (Cities & Knights) settle the
    # table? Yes when the target is below 13 and at most one player reached 13 (then no mark is needed).
    hint = (
        (checked["vp"] >= CITIES_AND_KNIGHTS_TARGET).groupby([part_of, checked["table"]]).sum()
        if check == "declared-missing" and settings.victory_target < CITIES_AND_KNIGHTS_TARGET
        else None
    )
    absent = [field in FLAGS and field not in part.sheet.columns for part in parts]
    causing = _CAUSING_ROWS.get(check)
    causes = causing(failed).to_numpy(dtype=bool) if causing is not None else None
    players, rows = failed["player"].tolist(), failed["row"].tolist()
    indices = grouped.indices
    for part, table in sorted(indices):
        at_table = indices[part, table]
        sheet = parts[part].sheet
        params = {
            "players": tuple(players[i] for i in at_table),
            "count": len(at_table),
            "value": None if values is None else int(values[part, table]),
            "size": len(at_table),
            "column": COLUMN_NAMES[field],
            "target": settings.victory_target,
            "rows": tuple(int(rows[i]) for i in at_table),
        }
        if hint is not None and int(hint.get((part, table), 0)) <= 1:
            params.update(variant="target_hint", hint_target=CITIES_AND_KNIGHTS_TARGET)
        column = sheet.columns.get(field)
        if causes is None or absent[part] or column is None:
            code = "flag-column-missing" if absent[part] else check
            header = cell_ref(sheet.columns["table"], sheet.header_row) if absent[part] else ""
            made[part].append(Problem(code, sheet.name, header, "", int(table), field, params=params))
            continue
        made[part] += [
            Problem(check, sheet.name, cell_ref(column, int(rows[i])), players[i], int(table), field, params=params)
            for i in at_table
            if causes[i]
        ]
    return made


def _numbers_or_none(values: pd.Series) -> list[int | None]:
    """Each value as an int, None where it is missing: a problem's table number, for all its rows at once."""
    missing = values.isna().to_numpy(dtype=bool).tolist()
    return [None if gone else int(value) for value, gone in zip(values.tolist(), missing, strict=True)]


# ---------------------------------------------------------------- per sheet and workbook


def _typed(raw: pd.DataFrame, vp_only: bool) -> pd.DataFrame:
    """The typed values of stacked game rows (columns `sheet`, `round`, `row` and the fields), parsed once."""
    typed = raw[["row", "sheet", "round"]].copy()
    numbers = parse_ints(raw[["table", "seat", "vp", *(() if vp_only else COMPONENTS)]])
    typed["table"] = numbers["table"]
    typed["player"] = raw["player"].map(name_key)
    typed["seat"] = numbers["seat"]
    for flag in FLAGS:
        typed[flag] = parse_flag(raw[flag]).fillna(False).astype(bool)
    entered = numbers["vp"]
    if vp_only:
        for column in COMPONENTS:
            typed[column] = pd.Series(pd.NA, index=raw.index, dtype="Int64")
        typed["vp_entered"] = entered
        typed["vp"] = entered
        typed["army_bonus"] = typed["road_bonus"] = pd.Series(pd.NA, index=raw.index, dtype="Int64")
        return typed
    for column in COMPONENTS:
        typed[column] = numbers[column]
    typed["vp_entered"] = entered
    return pd.concat([typed, game_vp(typed)], axis=1)


def _missing_columns(sheet: RoundSheet) -> list[Problem]:
    if sheet.vp_only:
        return []
    absent = [c for c in COMPONENTS if c not in sheet.columns]
    if len(absent) == len(COMPONENTS):
        return [Problem("no-score-columns", sheet.name)]
    return [Problem("missing-column", sheet.name, field=c, params={"column": COLUMN_NAMES[c]}) for c in absent]


def _byes(sheet: RoundSheet) -> tuple[pd.Series, list[Problem]]:
    """Bye rows (docs/rules.md §8) and a problem for each bye row that also has game counts or has no name."""
    bye = pd.Series(bye_cells(sheet.raw["table"]), index=sheet.raw.index)
    if not bye.any():  # most sheets: nothing below to look at
        return bye, []
    score_columns = [c for c in (*COMPONENTS, "vp") if c in sheet.raw]
    rows = sheet.raw.loc[bye]
    filled = ~pd.DataFrame({c: blank_cells(rows[c]) for c in score_columns}, index=rows.index).all(axis=1)
    problems = [
        Problem(
            "bye-with-scores",
            sheet.name,
            cell_ref(sheet.columns["table"], int(row)),
            cell_name(sheet.raw.at[row, "player"]),
            field="table",
            params={"row": int(row)},
        )
        for row in filled.index[filled]
    ]
    nameless = sheet.raw.loc[bye, "player"].map(lambda v: not cell_name(v))
    problems += [
        Problem("bye-no-name", sheet.name, cell_ref(sheet.columns["player"], int(row)), params={"row": int(row)})
        for row in nameless.index[nameless]
    ]
    return bye, problems


@dataclass
class _Sheet:
    """One round sheet on its way through validation: its game rows raw and typed, its byes, its problems."""

    sheet: RoundSheet
    games: pd.DataFrame
    bye: pd.Series
    problems: list[Problem]
    typed: pd.DataFrame = field(default_factory=pd.DataFrame)


def _prepare(sheet: RoundSheet) -> _Sheet:
    raw = sheet.raw.assign(**{c: "" for c in (*FLAGS, "seat", "vp") if c not in sheet.raw})
    bye, problems = _byes(sheet)
    return _Sheet(sheet, raw[~bye], bye, problems)


def _validate_kind(parts: list[_Sheet], settings: Settings, registered: frozenset[str] | None) -> None:
    """Both pandera passes over all sheets of one kind (counts, or VP only) at once; problems go to each sheet."""
    if not parts:
        return
    vp_only = parts[0].sheet.vp_only
    games = pd.concat(
        [p.games.assign(sheet=p.sheet.name, round=p.sheet.number).reset_index() for p in parts], ignore_index=True
    )
    typed = _typed(games, vp_only)
    ends = np.cumsum([len(p.games) for p in parts])
    for part, start, end in zip(parts, [0, *ends[:-1]], ends, strict=True):  # each sheet's rows: one slice of them
        part.typed = typed.iloc[start:end].set_index("row")
    token = _TYPED.set(typed)
    try:
        cell_failures = _failures(_cell_schema(tuple(games.columns), vp_only), games)
    finally:
        _TYPED.reset(token)
    bad_flags = pd.DataFrame({f: parse_flag(games[f]).isna() for f in FLAGS})
    checked = pd.concat([typed, _table_facts(typed, settings.victory_target, vp_only, bad_flags)], axis=1)
    rule_failures = _failures(_rule_schema(vp_only, registered), checked)
    part_of = np.repeat(np.arange(len(parts)), [len(p.games) for p in parts])  # each stacked row's sheet
    cells = _cell_problems(parts, part_of, cell_failures, games, typed)
    rules = _rule_problems(parts, part_of, rule_failures, checked, settings)
    for part, at_cells, at_rules in zip(parts, cells, rules, strict=True):
        part.problems += at_cells + at_rules


def _bye_player_problems(
    sheet: RoundSheet, byes: pd.DataFrame, games: pd.DataFrame, registered: frozenset[str] | None
) -> list[Problem]:
    """A bye's player must not also play (or have another bye) in the round, and must be registered (docs/rules.md §3)."""
    column = sheet.columns["player"]
    everyone = pd.concat([games["player"], byes["player"]])
    twice = byes["player"].isin(games["player"]) | byes["player"].duplicated(keep=False)
    problems = [
        Problem(
            "duplicate-player",
            sheet.name,
            cell_ref(column, int(row)),
            name,
            params={
                "row": int(row),
                "other": ", ".join(str(r) for r in everyone.index[(everyone == name) & (everyone.index != row)]),
            },
        )
        for row, name in byes["player"][twice].items()
    ]
    if registered is not None:
        unknown = ~byes["player"].isin(registered)
        problems += [
            Problem("unregistered-player", sheet.name, cell_ref(column, int(row)), name, params={"row": int(row)})
            for row, name in byes["player"][unknown].items()
        ]
    return problems


def _finish(parts: list[_Sheet], registered: frozenset[str] | None) -> tuple[pd.DataFrame, list[Problem]]:
    """All sheets' games and byes as one frame (sheet by sheet, each by row; index reset, `row` and `cell` kept) with
    `scorable`, and every sheet's problems in sheet order. One frame for all sheets: per sheet, joining, sorting and
    marking cost a small event more than its validation's checks."""
    pieces: list[pd.DataFrame] = []
    owners: list[np.ndarray] = []
    kept: list[pd.DataFrame] = []
    empty: list[int] = []
    no_byes = None
    for part in parts:
        sheet, raw, bye, problems = part.sheet, part.sheet.raw, part.bye, part.problems
        byes = pd.DataFrame(
            {
                "sheet": sheet.name,
                "round": sheet.number,
                "player": raw.loc[bye, "player"].map(name_key),
            },
            index=raw.index[bye],
        )
        if len(byes):
            problems += _bye_player_problems(sheet, byes, part.typed, registered)
        problems += [
            Problem(
                "hidden-row",
                sheet.name,
                cell_ref(sheet.columns["player"], row),
                cell_name(raw.at[row, "player"]),
                params={"row": row},
            )
            for row in sorted(sheet.hidden_rows)
        ]
        if len(part.typed) + len(byes):  # a sheet with no rows adds none (nor its columns' types)
            if len(part.typed):
                pieces.append(part.typed.assign(bye=False))
                owners.append(np.full(len(part.typed), len(kept)))
            else:
                empty.append(part.typed.assign(bye=False))
            if len(byes):
                pieces.append(byes.assign(bye=True))
                owners.append(np.full(len(byes), len(kept)))
            else:
                no_byes = byes.assign(bye=True)
            kept.append(part)
    if not pieces:
        return pd.DataFrame(), [p for part in parts for p in part.problems]
    # The sheets without byes joined as one empty piece: the columns' types come out as they did sheet by sheet
    # (flags and names as objects where a bye row has none), at the cost of one piece rather than one per sheet.
    frame = pd.concat(pieces + empty + ([] if no_byes is None else [no_byes]))
    part_of = np.concatenate(owners)
    order = np.lexsort((frame.index.to_numpy(dtype="int64"), part_of))  # by sheet, then by row (rows are unique)
    frame, part_of = frame.iloc[order], part_of[order]
    scorable = _scorable(frame, part_of, [part.problems for part in kept])
    frame["scorable"] = pd.array(scorable, dtype="boolean")  # the nullable type scoring has always read
    letters = [part.sheet.columns["player"] for part in kept]
    frame["cell"] = [cell_ref(letters[k], row) for k, row in zip(part_of.tolist(), frame.index.tolist())]
    tables = frame["table"].to_numpy(dtype="float64", na_value=np.nan)
    positions = {id(part): k for k, part in enumerate(kept)}
    problems = []
    for part in parts:
        unscored = set(tables[(part_of == positions.get(id(part), -1)) & ~scorable & ~np.isnan(tables)].tolist())
        problems += [p for p in part.problems if not (p.code == "no-target" and p.table in unscored)]
    return frame.rename_axis("row").reset_index(), problems


def _scorable(frame: pd.DataFrame, part_of: np.ndarray, problems: list[list[Problem]]) -> np.ndarray:
    """False for every row of a table with an error (`frame`: the sheets' rows, `part_of`: each row's sheet position,
    `problems`: each sheet's).

    A row whose table number cannot be read belongs to the table above or below it, most likely:
    both are left unscored rather than scored one player short.

    A (sheet, row) and a (sheet, table) are each one number: sheet position × (rows or distinct tables) + row or
    table code, so any table number a sheet holds (a huge one, a negative one) stays its sheet's own.
    """
    rows = frame.index.to_numpy(dtype="int64")
    bye = frame["bye"].to_numpy(dtype=bool)
    tables = frame["table"].to_numpy(dtype="float64", na_value=np.nan)
    known = ~np.isnan(tables)
    span = int(rows.max()) + 1 if len(rows) else 1
    codes, values = pd.factorize(tables)  # a missing table: -1
    code_of = {float(v): i for i, v in enumerate(values)}
    width = max(len(values), 1)
    table_keys = np.where(known, part_of * width + codes, -1)

    def table_key(k: int, table: Any) -> int | None:
        """Table `table` of part `k` as one number (as `table_keys` holds it), so tables are compared across parts."""
        code = code_of.get(float(table))
        return None if code is None else k * width + code

    error_rows: list[int] = []  # each error's (sheet, row) as one number, and its (sheet, table): one pass over them
    tables_with_errors: set[tuple[int, Any]] = set()
    for k, found in enumerate(problems):
        for p in found:
            if p.code in WARNING_CODES:
                continue
            if "row" in p.params and 0 <= (row := int(p.params["row"])) < span:
                error_rows.append(k * span + row)
            if p.table is not None:
                tables_with_errors.add((k, p.table))
    bad_row = np.isin(part_of * span + rows, error_rows)
    bad_tables = {table_key(k, table) for k, table in tables_with_errors}  # once per table, not once per error
    bad_tables |= set(table_keys[bad_row & ~bye & known].tolist())
    lost = ~bye & ~known
    for k in np.unique(part_of[lost]).tolist():  # a lost row: the tables above and below it (rare)
        games = pd.Series(tables[(part_of == k) & ~bye])
        gone = games.isna()
        bad_tables |= {table_key(k, t) for t in (*games.ffill()[gone].dropna(), *games.bfill()[gone].dropna())}
    in_bad_table = known & np.isin(table_keys, [key for key in bad_tables if key is not None])
    scorable: np.ndarray = ~(bad_row | in_bad_table | lost)
    return scorable


def _spelling_warnings(frame: pd.DataFrame) -> list[Problem]:
    """Names that differ only by case or accents, across all rounds: a warning naming both spellings."""
    if frame.empty:
        return []
    names = pd.unique(frame["player"].to_numpy())
    if len({folded(name) for name in names}) == len(names):  # the usual event: no two spellings of one name
        return []
    firsts = frame.drop_duplicates("player")[["player", "sheet", "row", "cell"]]
    firsts = firsts.assign(folded=firsts["player"].map(folded))
    clashes = firsts[firsts.duplicated("folded", keep=False)]
    problems = []
    for _, group in clashes.groupby("folded", sort=False):
        first = group.iloc[0]
        for _, other in group.iloc[1:].iterrows():
            problems.append(
                Problem(
                    "name-spelling",
                    other["sheet"],
                    other["cell"],
                    other["player"],
                    params={"other": first["player"], "other_sheet": first["sheet"], "row": int(other["row"])},
                )
            )
    return problems


def validate(data: WorkbookData) -> Validated:
    """Validate every round sheet; the frame holds all rows of all rounds (index reset, `row` kept).

    Sheets missing a count column are reported and skipped; the others are checked together.
    """
    registered = frozenset(name_key(n) for n in data.registered) if data.registered is not None else None
    problems = list(data.problems) + judge_active(data.unread_active)  # the Players sheet's Active cells (§1)
    conflicts = conflict_problems(data)  # unresolved merge conflicts: errors at their cells (docs/rules.md §5)
    parts = []
    progress = []
    for sheet in [*data.rounds, *data.playoffs]:  # playoff sheets are checked by the same rules (docs/rules.md §6)
        state = reporting(sheet)
        progress.append(state.progress)
        missing = _missing_columns(sheet)
        problems += missing
        if missing:
            continue
        problems += state.warnings()  # seated, nothing filled in yet: not an error (docs/rules.md §3)
        if state.played:
            parts.append(_prepare(_reported_part(sheet, state.waiting)))
            parts[-1].problems.extend(conflicts.pop(sheet.name, []))
    problems += [p for found in conflicts.values() for p in found]
    for vp_only in (False, True):
        _validate_kind([p for p in parts if p.sheet.vp_only == vp_only], data.settings, registered)
    frame, found = _finish(parts, registered)
    problems += found
    if registered is not None:
        problems = [_with_closest(p, registered) if p.code == "unregistered-player" else p for p in problems]
    return Validated(frame, problems + _spelling_warnings(frame) + near_miss_warnings(frame, registered), progress)


def _reported_part(sheet: RoundSheet, waiting: pd.Series) -> RoundSheet:
    """`sheet` without the rows of its tables not reported yet: those are neither checked nor scored."""
    if not waiting.any():
        return sheet
    return dataclasses.replace(
        sheet, raw=sheet.raw[~waiting], hidden_rows=frozenset(r for r in sheet.hidden_rows if not waiting.get(r, False))
    )


def _with_closest(problem: Problem, registered: frozenset[str]) -> Problem:
    """An unknown name's error naming the closest registered player, when one is a likely slip."""
    suggestion = closest(problem.player, sorted(registered))
    if suggestion is None:
        return problem
    return dataclasses.replace(problem, params={**problem.params, "other": suggestion, "variant": "closest"})
