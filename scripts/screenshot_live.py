"""Screenshot the live view's projector page at 1920×1080 (README "On the day", docs/live.png).

    .venv/bin/python scripts/screenshot_live.py [--out docs/live.png] [--lang en]

A copy of example_workbooks/spring_open.xlsx with round 4 half reported (tables 5–8 still playing) goes
to a temporary folder; `sheet-scorer live` serves it on 127.0.0.1 and a headless Chromium takes the picture.
Needs Chromium (`apt-get install chromium`, or CHROMIUM=/path/to/chrome).
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import openpyxl
from screenshot_report import ROOT, browser_command, find_browser


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "live.png")
    parser.add_argument("--lang", choices=["en", "pl", "pt", "fr"])
    args = parser.parse_args()
    browser = find_browser()
    if browser is None:
        sys.exit("no headless Chromium found; install chromium or set CHROMIUM")
    with tempfile.TemporaryDirectory(prefix="sheet-scorer-live-") as folder:
        workbook = Path(folder) / "spring_open.xlsx"
        book = openpyxl.load_workbook(ROOT / "example_workbooks" / "spring_open.xlsx")
        for row in book["Round 4"].iter_rows(min_row=4):
            if row[0].value in (5, 6, 7, 8):
                for cell in row[3:12]:
                    cell.value = None
        book.save(workbook)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        command = [
            sys.executable,
            "-m",
            "sheet_scorer",
            "live",
            str(workbook),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ]
        server = subprocess.Popen([*command, *(["--lang", args.lang] if args.lang else [])], stdout=subprocess.DEVNULL)
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/standings.json", timeout=5).read()
                    break
                except OSError:
                    time.sleep(0.1)
            subprocess.run(
                browser_command(
                    browser,
                    Path(folder) / "profile",
                    "--window-size=1920,1080",
                    f"--screenshot={args.out.resolve()}",
                    f"http://127.0.0.1:{port}/",
                ),
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=120,
            )
        finally:
            server.terminate()
            server.wait(10)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
