"""One LibreOffice for the test session's conversions (tests/office.py): run by the Python LibreOffice ships (its
`uno` module), it starts soffice once and converts each request read from stdin as `soffice --convert-to` would.

Usage: python3 office_server.py SOFFICE PROFILE_URL. Each stdin line is a JSON [to, outdir, [source, ...]], `to` as
for --convert-to ("ods", "xlsx", "csv:<filter>:<options>"); the answer is a line "done" once every source is
stored (a source LibreOffice cannot open or store is named on stderr and skipped, as --convert-to does). At the end
of stdin LibreOffice is told to quit, and ended by its pid if it has not within a while.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import uno  # type: ignore[import-not-found]  # LibreOffice's own Python module
from com.sun.star.beans import PropertyValue  # type: ignore[import-not-found]

FILTERS = {"ods": "calc8", "xlsx": "Calc MS Excel 2007 XML"}  # the filters --convert-to picks for these names
CONNECT_SECONDS = 60


def props(**values: Any) -> tuple[Any, ...]:
    """UNO PropertyValues from keyword arguments."""
    return tuple(PropertyValue(Name=name, Value=value) for name, value in values.items())


def start(program: str, profile: str, pipe: str) -> subprocess.Popen[bytes]:
    """soffice, headless, on its own throwaway profile, listening on a named pipe."""
    return subprocess.Popen(
        [
            program,
            f"-env:UserInstallation={profile}",
            "--headless",
            "--invisible",
            "--norestore",
            "--nologo",
            "--nodefault",
            f"--accept=pipe,name={pipe};urp;",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def connect(pipe: str) -> Any:
    """The desktop of the soffice listening on `pipe`, waiting for it to come up."""
    resolver = uno.getComponentContext().ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", uno.getComponentContext()
    )
    deadline = time.monotonic() + CONNECT_SECONDS
    while True:
        try:
            context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            return context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def convert(desktop: Any, to: str, outdir: Path, source: Path) -> None:
    """`source` stored into `outdir` under its stem and the target's extension, as --convert-to names it."""
    extension, _, filter_spec = to.partition(":")
    name, _, options = filter_spec.partition(":")
    store = props(FilterName=name or FILTERS[extension], **({"FilterOptions": options} if options else {}))
    document = desktop.loadComponentFromURL(source.resolve().as_uri(), "_blank", 0, props(Hidden=True))
    try:
        document.storeToURL((outdir.resolve() / f"{source.stem}.{extension}").as_uri(), store)
    finally:
        document.close(True)


def serve(desktop: Any) -> None:
    """Each request line of stdin converted, answered "done" on stdout."""
    for line in sys.stdin:
        to, outdir, sources = json.loads(line)
        Path(outdir).mkdir(parents=True, exist_ok=True)
        for source in map(Path, sources):
            try:
                convert(desktop, to, Path(outdir), source)
            except Exception as error:
                print(f"cannot convert {source}: {error}", file=sys.stderr, flush=True)
        print("done", flush=True)


def main(program: str, profile: str) -> None:
    """Start soffice, serve stdin's requests, then have soffice quit (ended by its pid if it lingers)."""
    pipe = f"sheet_scorer_tests_{os.getpid()}"  # a session of its own beside any other running
    office = start(program, profile, pipe)
    try:
        desktop = connect(pipe)
        serve(desktop)
        with contextlib.suppress(Exception):  # the bridge goes down as soffice quits
            desktop.terminate()
        office.wait(timeout=30)
    finally:
        if office.poll() is None:
            office.kill()
            office.wait()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
