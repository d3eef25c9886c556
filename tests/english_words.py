"""English words a translated terminal line must not contain (docs/rules.md §5), found outside file paths."""

from __future__ import annotations

import re
from pathlib import Path

# Words and fragments of the English interface; none may appear in a Polish run (word boundaries, any case).
ENGLISH = [
    "error",
    "errors",
    "warning",
    "warnings",
    "player",
    "players",
    "round",
    "rounds",
    "table",
    "tables",
    "scored",
    "wrote",
    "standings",
    "rank",
    "provisional",
    "settlement",
    "settlements",
    "cities",
    "knights",
    "declared",
    "army first",
    "did you mean",
    "mark",
    "true",
    "yes",
    "and",
    "of",
    "more",
    "see",
    "sheet",
    "spelt",
    "reached",
    "points",
    "is",
    "the",
    "but",
    "not",
    "file",
    "output",
    "workbooks",
    "exit",
]


def english_in(output: str, folder: Path) -> list[str]:
    """English words left in `output`, once the paths of the files (named by docs/rules.md §5: .scored, .standings) are removed."""
    text = re.sub(r"\S*" + re.escape(folder.name) + r"\S*", " ", output.replace("\n", " "))
    text = re.sub(r"\S+\.(?:xlsx|html)\b", " ", text)
    text = re.sub(r"sheet-scorer (?:score|check)\b", " ", text)  # the command to run next is typed as it is
    return [word for word in ENGLISH if re.search(rf"(?<![\w']){re.escape(word)}(?![\w'])", text, re.IGNORECASE)]
