"""`sheet-scorer live`: serve the event's standings on the local network while tables report (docs/rules.md §9).

It only reads the workbook. The terminal gets the addresses, a QR code of the phone page and one line
per save; Ctrl-C stops at once (exit 130), a busy port is told in one line (exit 2).
"""

from __future__ import annotations

import contextlib
import errno
import socket
import sys
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheet_scorer.cli.common import LANGS, WORKBOOK, one_line, run_action
from sheet_scorer.i18n.visible import visible

if TYPE_CHECKING:
    from sheet_scorer.api.live import Outcome
    from sheet_scorer.i18n.codes import MessageKey


def lan_address() -> str:
    """This computer's address on the local network (the one phones reach), else 127.0.0.1.

    Connecting a UDP socket sends nothing; it only asks the system which interface would be used."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, never contacted
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _url(host: str, port: int, path: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{path}"


@click.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="Port to serve on.")
@click.option(
    "--host",
    help="Address to listen on (default: every network of this computer, so phones and localhost both reach it; "
    "127.0.0.1 for this screen only).",
)
@click.option(
    "--lang", type=LANGS, help="Language of the pages and the terminal (default: Settings → Language, else en)."
)
@click.option(
    "--reports",
    is_flag=True,
    help="Also take each table's result from a phone (kept in EVENT.reports.sqlite; merged by `merge --reports`).",
)
@click.option("-v", "--verbose", is_flag=True, help="Show a traceback for unexpected errors.")
def live(workbook: Path, port: int, host: str | None, lang: str | None, reports: bool, verbose: bool) -> None:
    """Serve live standings of WORKBOOK for a projector and phones, following every save; it never writes the workbook."""

    def action() -> int:
        from sheet_scorer.api.live import bind_all
        from sheet_scorer.i18n.terminal import say

        address = host or "0.0.0.0"
        try:
            sockets = bind_all(host, port)
        except OSError as error:
            key: MessageKey = "live_port_busy" if error.errno == errno.EADDRINUSE else "live_cannot_bind"
            click.echo(
                one_line(
                    say(lang, "error", message=say(lang, key, host=address, port=port, reason=error.strerror or error))
                ),
                err=True,
            )
            return 2
        shown = lan_address() if address in ("0.0.0.0", "::") else address  # every interface: phones use the LAN one
        with contextlib.ExitStack() as stack:
            for sock in sockets:
                stack.enter_context(sock)
            return _serve(workbook, sockets, shown, port, lang, reports)

    run_action(verbose, action, lang)


def _serve(
    workbook: Path, sockets: list[socket.socket], address: str, port: int, lang: str | None, reports: bool
) -> int:
    """Read the workbook, print where it is served (and the desk, with reports), serve until Ctrl-C."""
    from sheet_scorer.api.live import open_desk, serve_event, start_live
    from sheet_scorer.i18n.terminal import count, say

    phone = _url(address, port, "/phone")
    start = start_live(workbook, lang, phone)
    told = start.lang
    click.echo(
        one_line(
            say(
                told,
                "live_serving",
                tournament=visible(start.tournament),
                projector=_url(address, port, "/"),
                phone=phone,
            )
        )
    )
    click.echo(say(told, "live_qr"))
    click.echo(start.qr, nl=False)
    if start.first.kind != "updated":  # errors from the start: there is no earlier good view, these are provisional
        click.echo(
            one_line(
                say(
                    told,
                    "checked",
                    file=visible(str(workbook)),
                    errors=count(told, "errors", start.errors),
                    warnings=count(told, "warnings", start.warnings),
                )
            )
        )
    desk = open_desk(start, _url(address, port, "")) if reports else None
    if desk is not None:
        click.echo(one_line(say(told, "live_desk", url=desk.desk_url)))
    click.echo(one_line(say(told, "live_stop", file=visible(str(workbook)))))
    sys.stdout.flush()

    def tell(outcome: Outcome) -> None:
        _tell(outcome, told)

    try:
        serve_event(start, sockets, tell, desk)
    except KeyboardInterrupt:
        click.echo(say(told, "live_stopped"), err=True)
        return 130
    return 0


def _tell(outcome: Outcome, lang: str) -> None:
    """One terminal line per save: updated (with the time it took), unreadable, or with errors."""
    from sheet_scorer.i18n.terminal import count, say
    from sheet_scorer.i18n.text import format_seconds

    now = datetime.now().strftime("%H:%M:%S")
    if outcome.kind == "updated":
        line = say(
            lang, "live_updated", time=now, seconds=format_seconds(outcome.seconds, lang), progress=outcome.progress
        )
    elif outcome.kind == "unreadable":
        line = say(lang, "live_unreadable", time=now, reason=outcome.reason)
    else:
        line = say(lang, "live_errors", time=now, errors=count(lang, "errors", outcome.errors))
    with contextlib.suppress(OSError):  # a terminal gone away must not stop the server
        click.echo(one_line(line))
        sys.stdout.flush()
