"""The notes part is edited as bytes, like every part the patcher writes (one XML technology per job):
the organiser's notes keep every byte (prefix, quotes, white space, CDATA, entities); the tool's runs, notes and
author are spliced in, and taken out again when the problems are fixed. Read through the package's expat path."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
import pytest
from helpers import player, round_sheet, with_part, write_workbook
from openpyxl.comments import Comment

from sheet_scorer import WorkbookError, score_workbook
from sheet_scorer.model import CellEdit, WorkbookPatch
from sheet_scorer.workbook.update import update_workbook

MARKER = "⚠ sheet-scorer:"
# An organiser's notes part as a hand-made or older tool might write it: a prefix, single quotes, indentation,
# a CDATA section and an entity. B2 has a note with no problem; C2 a note on a cell with a problem (6 settlements).
ORGANISER = (
    b"<?xml version='1.0' encoding='UTF-8'?>\n"
    b"<x:comments xmlns:x='http://schemas.openxmlformats.org/spreadsheetml/2006/main'>\n"
    b"  <x:authors>\n    <x:author>Marta</x:author>\n  </x:authors>\n"
    b"  <x:commentList>\n"
    b"    <x:comment ref='B2' authorId='0'><x:text><x:t><![CDATA[Ala & Bob <late>]]></x:t></x:text></x:comment>\n"
    b'    <x:comment ref="C2" authorId="0"><x:text><x:r><x:t xml:space="preserve">judge: recounted &amp; '
    b"checked</x:t></x:r></x:text></x:comment>\n"
    b"  </x:commentList>\n</x:comments>"
)
RUN = re.compile(
    rb'<x:r><x:rPr><x:sz val="9"/><x:color indexed="81"/><x:rFont val="Tahoma"/><x:family val="2"/></x:rPr>'
    rb'<x:t xml:space="preserve">([^<]*)</x:t></x:r>'
)


def _notes_part(path: Path) -> str:
    with zipfile.ZipFile(path) as archive:
        return next(n for n in archive.namelist() if re.fullmatch(r"xl/comments.*\.xml", n))


@pytest.fixture(scope="module")
def two_problems_and_notes(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A round where Ala (C2) and Bob (C3) have 6 and 7 settlements (at most 5): two problems; the notes part replaced
    by `ORGANISER`."""
    folder = tmp_path_factory.mktemp("notes")
    rows = round_sheet(player(1, "Ala", settlements=6), player(1, "Bob", settlements=7), player(1, "Cyd"))
    path = write_workbook(folder / "event.xlsx", {"Round 1": rows})
    book = openpyxl.load_workbook(path)
    book["Round 1"]["B2"].comment = Comment("placeholder", "Marta")
    book["Round 1"]["C2"].comment = Comment("placeholder", "Marta")
    book.save(path)
    part = _notes_part(path)
    with_part(path, part, ORGANISER)
    return path, part


def test_the_tools_runs_note_and_author_are_spliced_into_the_organisers_bytes(
    two_problems_and_notes: tuple[Path, str],
) -> None:
    path, part = two_problems_and_notes
    scored = score_workbook(path, output=path.with_name("scored.xlsx"), html=path.with_name("scored.html"))
    assert scored.exit_code == 1
    with zipfile.ZipFile(scored.output) as archive:
        out = archive.read(part)
    texts = [t.decode() for t in RUN.findall(out)]
    assert len(texts) == 2
    assert texts[0].startswith("\n\n" + MARKER) and "\n\n" not in texts[0][2:]  # appended to Marta's C2 note
    assert texts[1].startswith(MARKER)  # C3's own note
    expected = (
        ORGANISER.replace(
            b"</x:author>\n  </x:authors>", b"</x:author>\n  <x:author>sheet-scorer</x:author></x:authors>"
        )
        .replace(b"checked</x:t></x:r></x:text>", b"checked</x:t></x:r>RUN</x:text>")
        .replace(
            b"</x:comment>\n  </x:commentList>",
            b'</x:comment>\n  <x:comment ref="C3" authorId="1"><x:text>RUN</x:text></x:comment></x:commentList>',
        )
    )
    assert RUN.sub(b"RUN", out) == expected
    ws = openpyxl.load_workbook(scored.output)["Round 1"]
    assert ws["B2"].comment.text == "Ala & Bob <late>"
    assert ws["C2"].comment.text.startswith("judge: recounted & checked\n\n" + MARKER)


def test_fixed_and_scored_again_the_organisers_notes_are_back_byte_for_byte(
    two_problems_and_notes: tuple[Path, str],
) -> None:
    path, part = two_problems_and_notes
    scored = score_workbook(path, output=path.with_name("first.xlsx"), html=path.with_name("first.html")).output
    update_workbook(scored, WorkbookPatch(edits={"Round 1": [CellEdit("C2", 5), CellEdit("C3", 4)]}))
    fixed = score_workbook(scored, output=path.with_name("fixed.xlsx"), html=path.with_name("fixed.html"))
    assert fixed.exit_code == 0
    with zipfile.ZipFile(fixed.output) as archive:
        out = archive.read(part)
    # The tool's run and its note are gone with nothing of the organiser's touched; its name stays among the authors.
    assert out == ORGANISER.replace(
        b"</x:author>\n  </x:authors>", b"</x:author>\n  <x:author>sheet-scorer</x:author></x:authors>"
    )


def test_a_notes_part_in_utf16_is_written_back_in_utf8_with_the_organisers_text(
    tmp_path: Path, two_problems_and_notes: tuple[Path, str]
) -> None:
    """Spliced bytes are UTF-8: a part in another encoding (read by expat) is converted once, its declaration too."""
    source, part = two_problems_and_notes
    path = tmp_path / "utf16.xlsx"
    path.write_bytes(source.read_bytes())
    text = ORGANISER.decode().replace("encoding='UTF-8'", "encoding='UTF-16'").replace("Marta", "Małgorzata")
    with_part(path, part, text.encode("utf-16"))
    scored = score_workbook(path, html=tmp_path / "utf16.html")
    with zipfile.ZipFile(scored.output) as archive:
        out = archive.read(part)
    assert out.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<x:comments ')
    assert "<x:author>Małgorzata</x:author>".encode() in out and len(RUN.findall(out)) == 2
    ws = openpyxl.load_workbook(scored.output)["Round 1"]
    assert ws["B2"].comment.text == "Ala & Bob <late>" and ws["B2"].comment.author == "Małgorzata"


def test_a_notes_part_declaring_a_doctype_is_refused_by_name(
    tmp_path: Path, two_problems_and_notes: tuple[Path, str]
) -> None:
    source, part = two_problems_and_notes
    path = tmp_path / "doctype.xlsx"
    path.write_bytes(source.read_bytes())
    with_part(path, part, ORGANISER.replace(b"\n<x:comments", b'\n<!DOCTYPE x [<!ENTITY a "b">]>\n<x:comments', 1))
    with pytest.raises(WorkbookError, match="DOCTYPE") as refused:
        score_workbook(path, html=tmp_path / "doctype.html")
    assert part in str(refused.value) and "\n" not in str(refused.value)
