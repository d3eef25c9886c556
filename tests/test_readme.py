"""README stays the organiser's reference: every sheet name and Settings key the tool
accepts, in all four languages, is in it, and its Windows lines use the Windows paths."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheet_scorer.i18n.vocab import (
    ADJUSTMENTS_SHEETS,
    PLAYERS_SHEETS,
    PLAYOFF_SHEETS,
    PROBLEMS_SHEET,
    SETTING_KEYS,
    SETTINGS_SHEETS,
    STANDINGS_SHEET,
)

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")

NAMES = sorted(
    {
        *SETTINGS_SHEETS,
        *PLAYERS_SHEETS,
        *ADJUSTMENTS_SHEETS,
        *STANDINGS_SHEET.values(),
        *PROBLEMS_SHEET.values(),
        *(word for words in SETTING_KEYS.values() for word in words),
        *(word for words in PLAYOFF_SHEETS.values() for word in words.values()),
    }
)


@pytest.mark.parametrize("name", NAMES)
def test_every_sheet_name_and_settings_key_is_in_the_readme(name: str) -> None:
    assert name in README


def test_windows_commands_use_the_scripts_folder() -> None:
    assert ".venv\\Scripts\\pip install -e ." in README and ".venv\\Scripts\\sheet-scorer score" in README


def test_the_fix_and_rescore_walk_through_follows_the_file_naming() -> None:
    """docs/rules.md §5: scoring EVENT.scored.xlsx updates it, keeping NAME.backup.xlsx and NAME.original.xlsx."""
    for name in (
        "sheet-scorer score club.scored.xlsx",
        "club.scored.backup.xlsx",
        "club.scored.original.xlsx",
        "club.standings.html",
    ):
        assert name in README, name
