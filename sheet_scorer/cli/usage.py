"""click's own usage errors said in the organiser's language: each kind click reports (a missing or unknown option, a
value it cannot take, an extra argument) is read off the exception and said from the catalogue (docs/rules.md §5).

The language is the command line's `--lang`, the only one known before the command runs; a misuse the tool itself
reports (already said in its language) and a kind click may add later pass through as click words them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from sheet_scorer.i18n.vocab import LANGUAGES

if TYPE_CHECKING:
    from sheet_scorer.i18n.codes import MessageKey

# click's wording of a value an option's type refuses (click.types), and the line the catalogue says it with
_DETAILS: tuple[tuple[re.Pattern[str], MessageKey], ...] = (
    (re.compile(r"'(?P<value>.*)' is not (?:one of )?'.*'\.$"), "usage_not_one_of"),
    (re.compile(r"(?P<value>.*) is not in the range (?P<range>.*)\.$"), "usage_out_of_range"),
    (re.compile(r"'(?P<value>.*)' is not a valid integer(?: range)?\.$"), "usage_not_integer"),
    (re.compile(r"'(?P<value>.*)' does not match the formats? (?P<format>.*)\.$"), "usage_not_date"),
    (re.compile(r"\w+ '(?P<value>.*)' is a directory\.$"), "usage_is_directory"),
)
# click's wording of an option used without its value, or with one it does not take (click.parser)
_OPTION_USE: tuple[tuple[re.Pattern[str], MessageKey], ...] = (
    (re.compile(r"Option '(?P<name>.*)' requires (?:an argument|\d+ arguments)\.$"), "usage_requires_value"),
    (re.compile(r"Option '(?P<name>.*)' does not take a value\.$"), "usage_takes_no_value"),
)
_EXTRA = re.compile(r"Got unexpected extra (?P<many>argument|arguments) \((?P<args>.*)\)$")
_DATE_PARTS = {"%Y": "YYYY", "%m": "MM", "%d": "DD"}


def _say(lang: str | None, key: MessageKey, **values: Any) -> str:
    """The catalogue's line in `lang`, the catalogue loaded only when a usage error is told (`--help` stays instant)."""
    from sheet_scorer.i18n.terminal import say

    return say(lang, key, **values)


def command_lang(args: Sequence[str]) -> str | None:
    """The `--lang` given on the command line (`--lang pl` or `--lang=pl`), when it names a language of the catalogue."""
    for index, arg in enumerate(args):
        value = args[index + 1] if arg == "--lang" and index + 1 < len(args) else arg.partition("=")[2]
        if (arg == "--lang" or arg.startswith("--lang=")) and value in LANGUAGES:
            return value
    return None


def usage_line(error: click.UsageError, lang: str | None) -> str:
    """The whole one-line report of a usage error: what is wrong, then where to look (`--help`), in `lang`."""
    hint = _say(lang, "usage_see_help", command=quoted(lang, f"{error.ctx.command_path} --help")) if error.ctx else ""
    return " ".join(part for part in (_say(lang, "error", message=usage_message(error, lang)), hint) if part)


def usage_message(error: click.UsageError, lang: str | None) -> str:
    """What is wrong, in `lang`: click's message said from the catalogue, or as it is when the tool wrote it."""
    if isinstance(error, click.MissingParameter) and error.param is not None:
        option = error.param.param_type_name == "option"
        key: MessageKey = "usage_missing_option" if option else "usage_missing_argument"
        return _say(lang, key, name=_param_name(error, lang))
    if isinstance(error, click.BadParameter) and error.param is not None:
        return _say(lang, "usage_invalid_value", name=_param_name(error, lang), detail=_detail(error, lang))
    if isinstance(error, click.NoSuchOption):
        return _unknown(lang, "usage_no_such_option", error.option_name, error.possibilities)
    if isinstance(error, click.NoSuchCommand):
        return _unknown(lang, "usage_no_such_command", error.command_name, error.possibilities)
    return _worded(error.message, lang)


def quoted(lang: str | None, text: str) -> str:
    """`text` in the quotation marks of `lang` ('x', „x”, “x”, « x »)."""
    return _say(lang, "usage_quoted", text=text)


def _param_name(error: click.BadParameter, lang: str | None) -> str:
    """The option's names ('-o' / '--output') or the argument's placeholder, each quoted in `lang`."""
    param = error.param
    names = re.findall(r"'([^']*)'", param.get_error_hint(error.ctx)) if param is not None and error.ctx else []
    return " / ".join(quoted(lang, name) for name in names or (param.opts if param is not None else []))


def _detail(error: click.BadParameter, lang: str | None) -> str:
    """Why the value was refused, in `lang`; the tool's own reason (already in `lang`) as it is."""
    param = error.param
    for pattern, key in _DETAILS:
        if found := pattern.match(error.message):
            values = found.groupdict()
            value = quoted(lang, values.pop("value")) if key != "usage_out_of_range" else values.pop("value")
            if key == "usage_not_one_of" and param is not None and isinstance(param.type, click.Choice):
                values["choices"] = ", ".join(quoted(lang, str(c)) for c in param.type.choices)
            if key == "usage_not_date":
                values["format"] = _date_format(values["format"])
            return _say(lang, key, value=value, **values)
    return error.message


def _date_format(formats: str) -> str:
    """click's strftime formats ('%Y-%m-%d') as an organiser reads them (YYYY-MM-DD)."""
    text = formats.strip("'").replace("', '", " / ")
    for part, shown in _DATE_PARTS.items():
        text = text.replace(part, shown)
    return text


def _unknown(lang: str | None, key: MessageKey, name: str | None, near: Sequence[str] | None) -> str:
    """An unknown option or command, and the names it is close to, when there are any."""
    said = _say(lang, key, name=quoted(lang, name or ""))
    if not near:
        return said
    return f"{said} {_say(lang, 'usage_did_you_mean', names=', '.join(quoted(lang, n) for n in sorted(near)))}"


def _worded(message: str, lang: str | None) -> str:
    """A usage error click words in its own text (an option without its value, an extra argument) in `lang`."""
    for pattern, key in _OPTION_USE:
        if found := pattern.match(message):
            return _say(lang, key, name=quoted(lang, found["name"]))
    if found := _EXTRA.match(message):
        many: MessageKey = "usage_extra_arguments" if found["many"] == "arguments" else "usage_extra_argument"
        return _say(lang, many, args=found["args"])
    if message == "Missing command.":
        return _say(lang, "usage_missing_command")
    return message
