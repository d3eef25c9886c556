"""One person across events (docs/rules.md §1, §10): names match by their identity (`rules.validate.name_key`),
the Aliases sheet joins other spellings, and near-misses across events are reported, never joined by guess."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from sheet_scorer.i18n.codes import ProblemCode
from sheet_scorer.rules.names import close_pairs, closest
from sheet_scorer.season.model import Alias, Note
from sheet_scorer.workbook.cells import folded, name_key


def join_aliases(aliases: Sequence[Alias], known: set[str]) -> tuple[dict[str, str], list[Note]]:
    """Spelling -> the spelling it is counted under, and an error at each alias cell naming nobody in `known`.

    `Name` is counted under `Same as`; chains (A as B, B as C) end at the last. A row with a cell naming
    nobody is not used."""
    parent: dict[str, str] = {}

    def root(name: str) -> str:
        while parent.get(name, name) != name:
            name = parent[name]
        return name

    notes = []
    for alias in aliases:
        name, same = name_key(alias.name), name_key(alias.same_as)
        bad = [
            (value, at) for value, at in ((name, alias.where_name), (same, alias.where_same_as)) if value not in known
        ]
        for value, at in bad:
            other = closest(value, known)
            notes.append(
                Note(
                    at,
                    "season_alias_nobody_closest" if other else "season_alias_nobody",
                    {"name": value, "other": other} if other else {"name": value},
                )
            )
        if not bad and root(name) != root(same):
            parent[root(name)] = root(same)
    return {name: root(name) for name in parent}, notes


def spelling_notes(events_of: dict[str, list[int]], event_names: Sequence[str]) -> list[Note]:
    """'Did you mean' warnings for names close to each other (a slip of a letter or two, or of case or accents)
    that never play in the same event; the rarer spelling (fewer events, later first event on a draw) is named first."""
    names = list(events_of)
    keys = [folded(n) for n in names]
    pairs: list[tuple[int, int, ProblemCode]] = [(i, j, "season_name_similar") for i, j, _ in close_pairs(keys)]
    same: dict[str, list[int]] = defaultdict(list)
    for index, key in enumerate(keys):
        same[key].append(index)
    pairs += [(group[0], other, "season_name_spelling") for group in same.values() for other in group[1:]]
    notes = []
    for i, j, key in pairs:
        a, b = names[i], names[j]
        if set(events_of[a]) & set(events_of[b]):
            continue  # both play in one event: two people
        rare, usual = (
            (a, b) if (len(events_of[a]), -events_of[a][0]) < (len(events_of[b]), -events_of[b][0]) else (b, a)
        )
        notes.append(
            Note(
                event_names[events_of[rare][0]],
                key,
                {
                    "player": rare,
                    "event": event_names[events_of[rare][0]],
                    "other": usual,
                    "other_event": event_names[events_of[usual][0]],
                },
            )
        )
    return sorted(notes, key=lambda n: (n.values["player"], n.values["other"]))
