"""Near-miss names (docs/rules.md §1): 'Dąbrowksa' in one round beside 'Dąbrowska' in the others.

Names are compared folded (accents and case removed), by optimal-string-alignment distance: a swap
of two neighbouring letters is one edit ('Dąbrowksa'/'Dąbrowska' is 1, plain Levenshtein says 2).
Only names of similar length can be that close, so names are bucketed by folded length and each
bucket is compared with the next few only (bench/names.py: 10,000 names).
"""

from __future__ import annotations

import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from sheet_scorer.i18n.phrase import Phrase
from sheet_scorer.i18n.vocab import strip_accents
from sheet_scorer.model import Registration, WorkbookError
from sheet_scorer.problems import Problem
from sheet_scorer.workbook.cells import clean_name

if TYPE_CHECKING:
    import pandas as pd

MAX_EDITS = 2  # the most edits ever counted as a slip; shorter names get fewer (`allowed_edits`)


def name_key(name: str) -> str:
    """The one identity of a player (scoring, seating, playoffs, merge, season): Unicode NFC, trimmed, inner spaces
    collapsed, invisible characters dropped (`workbook.cells.clean_name`), so NFC/NFD spellings are one person."""
    return unicodedata.normalize("NFC", clean_name(name))


def folded(name: str) -> str:
    """The comparison form of a name: accents and case removed."""
    return strip_accents(name).casefold()


def allowed_edits(name: str) -> int:
    """Edits that still read as the same name: 1 for a short name, 2 from 12 letters on."""
    return 1 if len(name) < 12 else MAX_EDITS


def close_pairs(names: list[str]) -> list[tuple[int, int, int]]:
    """(i, j, distance) for every pair of folded `names` (i < j) within `allowed_edits` of the shorter, 0 excluded."""
    by_length: dict[int, list[int]] = defaultdict(list)
    for index, name in enumerate(names):
        by_length[len(name)].append(index)
    pairs: list[tuple[int, int, int]] = []
    if not names:  # everyone played every round: nothing to compare, and rapidfuzz not even imported (a cold start)
        return pairs
    from rapidfuzz.distance import OSA
    from rapidfuzz.process import cdist

    for length, members in by_length.items():
        others = [j for step in range(MAX_EDITS + 1) for j in by_length.get(length + step, ())]
        distances = cdist(
            [names[i] for i in members],
            [names[j] for j in others],
            scorer=OSA.distance,
            score_cutoff=MAX_EDITS,
            dtype="int8",
            workers=1,
        )
        for a, b in zip(*(distances <= MAX_EDITS).nonzero()):
            i, j, distance = members[a], others[b], int(distances[a, b])
            if i != j and (length < len(names[j]) or i < j) and 0 < distance <= allowed_edits(names[i]):
                pairs.append((i, j, distance))
    return pairs


def closest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate nearest to `name` (folded OSA distance; a case or accent slip is nearest of all), when
    it is within a third of the name's letters (at least 2 edits); else None."""
    from rapidfuzz.distance import OSA
    from rapidfuzz.process import extractOne

    keys = {folded(candidate): candidate for candidate in sorted(candidates, reverse=True)}
    target = folded(name)
    found = extractOne(target, list(keys), scorer=OSA.distance, score_cutoff=max(MAX_EDITS, len(target) // 3))
    return keys[found[0]] if found else None


def near_miss_warnings(frame: pd.DataFrame, registered: frozenset[str] | None) -> list[Problem]:
    """'Did you mean …?' for a name close to another that never plays in a round where the other plays.

    Only names absent from some round can be such a pair, so only they are compared. The rarer
    spelling (fewer rounds; the later one on a draw) is flagged at its first cell. With a
    Players sheet an unknown name is an error that already suggests the closest player, so nothing
    is added here, and two registered names are never flagged.
    """
    if frame.empty or registered is not None:
        return []
    seen = frame.sort_values(["round", "row"], kind="stable")
    rounds: dict[str, set[int]] = defaultdict(set)
    for name, number in zip(seen["player"].tolist(), seen["round"].tolist()):
        rounds[name].add(number)
    firsts = seen.drop_duplicates("player").set_index("player")
    every_round = len(set(seen["round"].tolist()))
    names = [name for name, played in rounds.items() if len(played) < every_round]  # only they can miss each other
    problems = []
    for i, j, distance in close_pairs([folded(n) for n in names]):
        if rounds[names[i]] & rounds[names[j]]:
            continue
        rare, usual = (
            (names[i], names[j]) if (len(rounds[names[i]]), -i) < (len(rounds[names[j]]), -j) else (names[j], names[i])
        )
        first = firsts.loc[rare]
        problems.append(
            Problem(
                "name-similar",
                first["sheet"],
                first["cell"],
                rare,
                params={
                    "other": usual,
                    "other_sheet": firsts.loc[usual, "sheet"],
                    "distance": distance,
                    "row": int(first["row"]),
                },
            )
        )
    return problems


def name_clash_key(name: str) -> str:
    """Names that differ only by case, accents or spacing are one person written twice."""
    return " ".join(folded(name).split())


def refuse_name_clashes(path: Path, players: list[tuple[Registration, int]]) -> None:
    """One line naming every pair of lines that hold the same person written twice."""
    seen: dict[str, tuple[str, int]] = {}
    clashes = []
    for player, line in players:
        key = name_clash_key(player.name)
        if key in seen:
            clashes.append(
                Phrase(
                    "name_clash",
                    {"first_line": seen[key][1], "first": seen[key][0], "second_line": line, "second": player.name},
                )
            )
        else:
            seen[key] = (player.name, line)
    if clashes:
        raise WorkbookError(key="same_name_twice", path=path, clashes=clashes)
