"""Write sheet_scorer/i18n/codes.py: the one catalogue's keys as types, so the type checker knows every code a
Problem may carry and every key a refusal or a line may name (run after adding an entry to i18n/catalogue.py;
tests/i18n/test_catalogue.py fails while the file is out of date)."""

from __future__ import annotations

from pathlib import Path

from sheet_scorer.i18n.catalogue import CATALOGUE

TARGET = Path(__file__).resolve().parent.parent / "sheet_scorer" / "i18n" / "codes.py"
HEAD = '''"""The one catalogue's keys as types (written by scripts/write_codes.py from i18n/catalogue.py; do not edit).

`ProblemCode` is every code a `problems.Problem` may carry (levels error and warning), `RefusalKey` every key of
a `WorkbookError` or a `Phrase`, `LineKey` every line a command prints (`MessageKey` either): the type checker refuses a code the
catalogue does not hold (tests/i18n/test_catalogue.py checks this file is current)."""

from __future__ import annotations

from typing import Literal

'''


def _literal(name: str, levels: tuple[str, ...]) -> str:
    keys = sorted(code for code, entry in CATALOGUE.items() if entry.level in levels)
    return f"{name} = Literal[\n" + "".join(f'    "{key}",\n' for key in keys) + "]\n"


def codes_source() -> str:
    """The text codes.py holds for the catalogue as it is."""
    return HEAD + "\n".join(
        (
            _literal("ProblemCode", ("error", "warning")),
            _literal("RefusalKey", ("refusal",)),
            _literal("LineKey", ("line",)),
            "MessageKey = RefusalKey | LineKey  # what `i18n.text.say` says\n",
        )
    )


if __name__ == "__main__":
    TARGET.write_text(codes_source(), encoding="utf-8")
