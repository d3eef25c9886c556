"""What every command shares: one-line failures and exit codes, the option types, problem locations.

Exit status (docs/rules.md §5): 0 done cleanly, 1 done with errors in the workbook, 2 unreadable input or misuse.
"""

from __future__ import annotations

import contextlib
import os
import re
import sys
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import click

from sheet_scorer.cli.usage import command_lang, usage_line
from sheet_scorer.i18n.visible import visible
from sheet_scorer.i18n.vocab import LANGUAGES

if TYPE_CHECKING:
    from sheet_scorer.i18n.codes import MessageKey
    from sheet_scorer.model import NextStep
    from sheet_scorer.problems import Problem


class _OneLineUsageError(click.UsageError):
    """A misuse of the command told in one line (click's own takes four: usage, hint, blank, error), in the
    language of the command line's `--lang`."""

    def __init__(self, error: click.UsageError, lang: str | None) -> None:
        super().__init__(error.message, error.ctx)
        self.line = one_line(usage_line(error, lang))

    def show(self, file: Any = None) -> None:
        click.echo(self.line, err=True)


class OneLineGroup(click.Group):
    """The command group whose usage errors, and those of its commands, take one line (exit 2)."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        lang = command_lang(args)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            raise _OneLineUsageError(error, lang) from None
        ctx.meta[_USAGE_LANG] = lang
        return ctx

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            raise _OneLineUsageError(error, ctx.meta.get(_USAGE_LANG)) from None


_USAGE_LANG = "sheet_scorer.usage_lang"  # the command line's --lang, kept for a usage error of the command itself


def command_line_lang(ctx: click.Context) -> str | None:
    """The command line's `--lang` wherever it stands: a value is checked before the options after it are read."""
    return cast("str | None", ctx.meta.get(_USAGE_LANG))


def one_line(text: object) -> str:
    """Text as one terminal line: runs of spaces and line breaks become one space, control characters shown; a
    no-break space (French typography's, before `:` and inside « ») stays as it is."""
    return visible(_BREAKS.sub(" ", str(text)).strip(" "))


_BREAKS = re.compile(r"[^\S\u00a0\u2007\u202f]+")  # white space but the no-break spaces


LANGS = click.Choice(list(LANGUAGES))  # the catalogue's languages
WORKBOOK = click.Path(path_type=Path, dir_okay=True)
FILE = click.Path(path_type=Path, dir_okay=False)

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def lang_option(help: str, **kwargs: Any) -> Decorator:
    """Every command's `--lang` (en, pl, pt, fr); `help` says what it sets (the default: `model.event_language`)."""
    return click.option("--lang", type=LANGS, help=help, **kwargs)


def force_option(help: str) -> Decorator:
    """Every command's `--force`; `help` says what it overrides."""
    return click.option("--force", is_flag=True, help=help)


def output_option(help: str, required: bool = False) -> Decorator:
    """Every command's `-o/--output`: the one file it writes."""
    return click.option("-o", "--output", type=FILE, required=required, help=help)


verbose_option: Decorator = click.option(
    "-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors."
)


def run_action(verbose: bool, action: Callable[[], int], lang: str | None = None) -> None:
    """Run a command; expected failures become one line on stderr (in `lang`) and exit 2, never a traceback."""
    from sheet_scorer.i18n.terminal import say
    from sheet_scorer.model import WorkbookError

    try:
        with (
            warnings.catch_warnings()
        ):  # a library's warning (pandas, openpyxl) is not the organiser's business: only the tool's own lines
            warnings.simplefilter("ignore")
            code = action()
    except BrokenPipeError:  # the reader went away (`| head`, quitting `less`): stop quietly, as other tools do
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the final flush cannot fail again
        sys.exit(141)  # 128 + SIGPIPE, what a shell reports for a command stopped by a closed pipe
    except KeyboardInterrupt:  # Ctrl-C: output is written by rename, so every file is either whole or untouched
        click.echo(say(lang, "interrupted"), err=True)
        sys.exit(130)
    except WorkbookError as error:
        told = lang or error.lang
        click.echo(
            one_line(say(told, "error", message=say(told, _key(error.key), **error.values) if error.key else error)),
            err=True,
        )
        sys.exit(2)
    except Exception as error:  # an unexpected failure: one line, details with -v
        if verbose:
            traceback.print_exc()
            details = getattr(error, "details", None)  # a failure in the writer process: its own traceback
            if details:
                click.echo(details, err=True)
        click.echo(say(lang, "unexpected", message=f"{type(error).__name__}: {one_line(error)}"), err=True)
        sys.exit(2)
    sys.exit(code)


def shell_word(path: Path) -> str:
    """A path as it is typed in a command: in double quotes when it holds a space or a shell character (every shell,
    cmd.exe and PowerShell included, reads a double-quoted path whole)."""
    text = visible(str(path))
    return f'"{text}"' if not text or any(c.isspace() or c in "&|;<>()$`'!*?[]{}~#%^" for c in text) else text


def say_next_step(step: NextStep | None, lang: str | None) -> str | None:
    """The one line that ends a run with errors: the file to fix and the exact command to run next (docs/rules.md §5)."""
    from sheet_scorer.i18n.terminal import say

    if step is None:
        return None
    command = f"sheet-scorer score {shell_word(step.score)}" + (" --in-place" if step.in_place else "")
    key: MessageKey = "next_step_checked" if step.checked else "next_step"
    return say(lang, key, file=shell_word(step.fix_in), command=command)


def _key(key: str) -> MessageKey:
    """A refusal's key as the catalogue's: the format layer (xlsx/) raises it as text, knowing no catalogue."""
    return cast("MessageKey", key)


def where(problem: Problem, lang: str = "en") -> str:
    """Where a problem is, as printed (`problems.problem_place`)."""
    from sheet_scorer.problems import problem_place

    return problem_place(problem, lang)
