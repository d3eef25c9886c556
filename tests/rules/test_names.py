"""Near-miss names (docs/rules.md §1): a spelling one slip away from another player's, caught with a suggestion.

Distances here are counted by hand: folded (accents, case), a swap of two neighbours is one edit.
"""

from __future__ import annotations

import pytest
from helpers import check_sheets, player, round_sheet, write_workbook

from sheet_scorer.rules.names import close_pairs, closest
from sheet_scorer.workbook.cells import folded


def table(*names):
    """A valid 4-player table: 10 VP (2 settlements, 4 cities), then 3, 4 and 2 settlements."""
    return [player(1, name, settlements=s, cities=c) for name, (s, c) in zip(names, ((2, 4), (3, 0), (4, 0), (2, 0)))]


def check_rounds(tmp_path, rounds, players=None):
    sheets = {f"Round {n}": round_sheet(*table(*names)) for n, names in enumerate(rounds, start=1)}
    if players is not None:
        sheets["Players"] = [["Player"], *([p] for p in players)]
    return check_sheets(tmp_path, sheets)


def found(result, code):
    return [(p.sheet, p.cell, p.player, p.params.get("other")) for p in result.problems if p.code == code]


FOUR = ["Katarzyna Dąbrowska", "Anna", "Bartek", "Celina"]


def test_a_transposed_letter_in_one_round_is_flagged_at_its_cell(tmp_path):
    """Round 3, row 2 (B2): 'Dąbrowksa' is one swap from 'Dąbrowska', who plays rounds 1 and 2 only."""
    typo = ["Katarzyna Dąbrowksa", "Anna", "Bartek", "Celina"]
    result = check_rounds(tmp_path, [FOUR, FOUR, typo])
    assert found(result, "name-similar") == [("Round 3", "B2", "Katarzyna Dąbrowksa", "Katarzyna Dąbrowska")]
    assert result.problems[0].severity == "warning"
    message = result.problems[0].message
    assert "Katarzyna Dąbrowksa" in message and "Katarzyna Dąbrowska" in message


def test_a_swap_counts_one_edit_where_levenshtein_counts_two(tmp_path):
    """'Anna'/'Anan': a short name allows one edit; Levenshtein gives 2, so only the swap rule catches it."""
    result = check_rounds(tmp_path, [["Anna", "Bartek", "Celina", "Darek"], ["Anan", "Bartek", "Celina", "Darek"]])
    assert found(result, "name-similar") == [("Round 2", "B2", "Anan", "Anna")]


def test_similar_names_in_the_same_round_are_two_people(tmp_path):
    """'Jan Nowak' and 'Jan Nowik' play side by side in round 1: never flagged."""
    names = ["Jan Nowak", "Jan Nowik", "Celina", "Darek"]
    assert check_rounds(tmp_path, [names, names]).problems == []


def test_names_two_edits_apart_when_short_are_not_flagged(tmp_path):
    """'Ola Bąk' / 'Ala Bąc' (7 letters, 2 edits): too far for a short name."""
    result = check_rounds(
        tmp_path, [["Ola Bąk", "Bartek", "Celina", "Darek"], ["Ala Bąc", "Bartek", "Celina", "Darek"]]
    )
    assert found(result, "name-similar") == []


def test_case_and_accents_only_stay_a_spelling_warning(tmp_path):
    result = check_rounds(tmp_path, [["Łukasz", "Bartek", "Celina", "Darek"], ["lukasz", "Bartek", "Celina", "Darek"]])
    assert found(result, "name-similar") == []
    assert found(result, "name-spelling") == [("Round 2", "B2", "lukasz", "Łukasz")]


def test_two_registered_names_are_never_flagged(tmp_path):
    """Both 'Anna' and 'Anan' are on the Players sheet: two real people."""
    rounds = [["Anna", "Bartek", "Celina", "Darek"], ["Anan", "Bartek", "Celina", "Darek"]]
    result = check_rounds(tmp_path, rounds, players=["Anna", "Anan", "Bartek", "Celina", "Darek"])
    assert result.problems == []


def test_an_unknown_name_names_the_closest_registered_player(tmp_path):
    typo = ["Katarzyna Dąbrowksa", "Anna", "Bartek", "Celina"]
    result = check_rounds(tmp_path, [FOUR, typo], players=FOUR)
    assert found(result, "unregistered-player") == [("Round 2", "B2", "Katarzyna Dąbrowksa", "Katarzyna Dąbrowska")]
    assert found(result, "name-similar") == []
    assert "did you mean 'Katarzyna Dąbrowska'?" in result.problems[0].message
    assert result.has_errors


def test_an_unknown_name_far_from_everyone_gets_no_suggestion(tmp_path):
    result = check_rounds(tmp_path, [FOUR, ["Zbigniew", "Anna", "Bartek", "Celina"]], players=FOUR)
    assert found(result, "unregistered-player") == [("Round 2", "B2", "Zbigniew", None)]


def test_close_pairs_by_hand():
    names = [
        folded(n)
        for n in ("Anna", "Anan", "Annna", "Bob", "Katarzyna Dąbrowska", "katarzyna dabrowksa", "Katarzyna Dąbrowsky")
    ]
    # Anna-Anan swap 1; Anna-Annna insert 1; Anan-Annna 2 (> 1 for a 4-letter name);
    # Dąbrowska-Dąbrowksa swap 1; Dąbrowska-Dąbrowsky 1; Dąbrowksa-Dąbrowsky 2 (19 letters allow 2)
    assert sorted(close_pairs(names)) == [(0, 1, 1), (0, 2, 1), (4, 5, 1), (4, 6, 1), (5, 6, 2)]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Anan", "Anna"),  # 1 swap
        ("BARTEK", "Bartek"),  # 0 edits once folded: the nearest of all
        ("Bartke", "Bartek"),  # 1 swap
        ("Celinka", "Celina"),  # 1 insertion
        ("Kasia", None),  # 'kasia'/'anna': drop k, s->n, i->n = 3 edits > max(2, 5 // 3)
        ("Xyz", None),
    ],
)
def test_closest(name, expected):
    assert closest(name, ["Anna", "Bartek", "Celina"]) == expected


def test_closest_allows_a_third_of_a_long_name():
    """'malgosia wasik' (14 letters, 4 allowed) / 'malgorzata wasik': 'sia' -> 'rzata' is s->r, +z, i->a, +t = 4."""
    assert closest("Małgosia Wąsik", ["Małgorzata Wąsik", "Anna Maślanka"]) == "Małgorzata Wąsik"
    assert closest("Małgosia Wąs", ["Małgorzata Wąsik", "Anna Maślanka"]) is None  # 6 edits > 12 // 3


def test_seating_and_scoring_share_one_player_identity(tmp_path):
    """The Players sheet spelt in NFD and the round sheet in NFC are the same four people for `seat`, as for
    scoring (workbook.cells.name_key); a different name stays a different person."""
    import unicodedata

    from sheet_scorer.seating.event import active_players, clubs_of, seated_round
    from sheet_scorer.workbook.cells import name_key
    from sheet_scorer.workbook.read import read_workbook

    nfd = [unicodedata.normalize("NFD", n) for n in FOUR]
    assert nfd[0] != FOUR[0]  # "ą" decomposed
    sheets = {"Round 1": round_sheet(*table(*FOUR)), "Players": [["Player", "Club"], *([n, "Kraków"] for n in nfd)]}
    data = read_workbook(write_workbook(tmp_path / "event.xlsx", sheets))
    assert set(active_players(data)) == seated_round(data.rounds[0]).players == set(FOUR)
    assert set(clubs_of(data)) == set(FOUR)
    assert name_key(" Anna ") == "Anna" and name_key("Anna") != name_key("Anka")


# --------------------------------------------------------------------------------------------
# a list of players naming one person twice (the rule `new` applies; rules/names)


def test_names_differing_only_by_case_accents_or_spacing_are_refused_as_one_person_twice(tmp_path) -> None:
    from sheet_scorer.model import Registration, WorkbookError
    from sheet_scorer.rules.names import refuse_name_clashes

    path = tmp_path / "players.txt"
    lines = [
        (Registration("Zofia Kamińska", "", True), 1),
        (Registration("Jan Nowak", "", True), 2),
        (Registration("zofia  kaminska", "", True), 3),
    ]
    with pytest.raises(WorkbookError) as refused:
        refuse_name_clashes(path, lines)
    assert refused.value.key == "same_name_twice"
    assert str(refused.value) == f"{path}: the same name twice: line 1 'Zofia Kamińska' and line 3 'zofia  kaminska'"


def test_names_one_letter_apart_are_two_people(tmp_path) -> None:
    from sheet_scorer.model import Registration
    from sheet_scorer.rules.names import refuse_name_clashes

    assert (
        refuse_name_clashes(
            tmp_path / "p.txt",
            [
                (Registration("Jan Nowak", "", True), 1),
                (Registration("Jan Nowacki", "", True), 2),
                (Registration("Jana Nowak", "", True), 3),
            ],
        )
        is None
    )
