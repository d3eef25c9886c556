"""What every command shares: one-line failures and exit codes, the option types, problem locations.

Exit status (docs/rules.md §5): 0 done cleanly, 1 done with errors in the workbook, 2 unreadable input or misuse.
"""

from __future__ import annotations

import contextlib
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

LANGS = click.Choice(["en", "pl", "pt", "fr"])
WORKBOOK = click.Path(path_type=Path, dir_okay=True)


def run_action(verbose: bool, action: Callable[[], int]) -> None:
    """Run a command; expected failures become one line on stderr and exit 2, never a traceback."""
    from sheet_scorer.model import WorkbookError

    try:
        code = action()
    except BrokenPipeError:  # the reader went away (`| head`, quitting `less`): stop quietly, as other tools do
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the final flush cannot fail again
        sys.exit(141)  # 128 + SIGPIPE, what a shell reports for a command stopped by a closed pipe
    except KeyboardInterrupt:  # Ctrl-C: output is written by rename, so every file is either whole or untouched
        click.echo("Interrupted: files not yet finished were left as they were.", err=True)
        sys.exit(130)
    except WorkbookError as error:
        click.echo(f"Error: {error}", err=True)
        sys.exit(2)
    except Exception as error:  # an unexpected failure: one line, details with -v
        if verbose:
            traceback.print_exc()
            details = getattr(error, "details", None)  # a failure in the writer process: its own traceback
            if details:
                click.echo(details, err=True)
        click.echo(f"Error: unexpected failure ({type(error).__name__}: {error}); re-run with -v for details", err=True)
        sys.exit(2)
    sys.exit(code)


def where(problem: Any) -> str:
    if problem.cell:
        return f"'{problem.sheet}'!{problem.cell}"
    if problem.table is not None:
        return f"'{problem.sheet}' table {problem.table}"
    return f"'{problem.sheet}'"
