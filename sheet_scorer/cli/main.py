"""The `sheet-scorer` command: a thin click layer over `sheet_scorer.api`, one module per command.

Heavy libraries are imported inside the commands, so `--help` and usage errors stay instant.
"""

from __future__ import annotations

import contextlib
import gc
import io
import os
import sys

import click

from sheet_scorer.cli.check import check
from sheet_scorer.cli.common import OneLineGroup
from sheet_scorer.cli.live import live
from sheet_scorer.cli.merge import merge
from sheet_scorer.cli.new import new
from sheet_scorer.cli.playoffs import playoffs
from sheet_scorer.cli.score import score
from sheet_scorer.cli.season import season
from sheet_scorer.cli.seat import seat
from sheet_scorer.cli.slips import slips
from sheet_scorer.cli.split import split


def run() -> None:
    """The `sheet-scorer` command: `main`, then an exit that skips tearing down what was computed.

    Everything is written and closed by then; freeing a scored event's objects one by one only
    makes the organiser wait (0.4 s for 10,000 rows, bench/). Tests call `main` through CliRunner.
    """
    _unicode_safe_output()
    _lean_process()
    try:
        main(prog_name="sheet-scorer")
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):  # a closed pipe has nothing left to receive
            stream.flush()
    os._exit(code)


def _lean_process() -> None:
    """What the installed command's own process does not need (a program importing sheet_scorer is left alone):
    hypothesis, which pandera imports when it is installed (a test tool) for data generation the command never
    uses (0.1 s of every run), and collecting garbage after every few hundred objects."""
    # A None entry makes `import hypothesis` raise ImportError (the import system's documented behaviour); typeshed
    # types sys.modules' values as modules only.
    sys.modules.setdefault("hypothesis", None)  # type: ignore[arg-type]
    # Importing pandas, pandera and the rest makes ~180,000 objects, few of them garbage: Python's default cyclic
    # collection every 700 new objects traverses them again and again, and even every 50,000 cost a small event's run
    # three collections (~50 ms, a tenth of it). The first collection after 1,000,000 new objects: a small event's
    # whole run makes none, a big one still collects (the peak memory of a 100,000-row event did not move, bench/),
    # and so does a process that runs long (the live view).
    gc.set_threshold(1_000_000, 10, 10)


def _unicode_safe_output() -> None:
    """Names like Łukasz must never crash the output: UTF-8 into a file or a pipe (Windows would use
    cp1252 there), and '?' for what a terminal's own encoding cannot show."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            if not isinstance(stream, io.TextIOWrapper):  # replaced by a test runner or an embedding program
                continue
            if stream.isatty():
                stream.reconfigure(errors="replace")
            else:
                stream.reconfigure(encoding="utf-8")


@click.group(cls=OneLineGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sheet-scorer")
def main() -> None:
    """Score Catan tournaments from the organiser's Excel workbook."""


main.add_command(score)
main.add_command(check)
main.add_command(live)
main.add_command(merge)
main.add_command(split)
main.add_command(playoffs)
main.add_command(new)
main.add_command(seat)
main.add_command(slips)
main.add_command(season)
