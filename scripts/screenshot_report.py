"""Score example_workbooks/spring_open.xlsx into a temporary folder and screenshot its report.

    .venv/bin/python scripts/screenshot_report.py [WORKBOOK] [--out docs/report.png] [--lang en]
                                                  [--size 1200,1600]

Needs a headless Chromium (`apt-get install chromium`, or set CHROMIUM=/path/to/chrome). The
workbook is never written to: the scored workbook and the report go to a temporary folder.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")


def find_browser() -> str | None:
    """The headless browser to use: $CHROMIUM, else the first Chromium-like program on PATH."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    return next((path for name in BROWSERS if (path := shutil.which(name))), None)


def browser_command(browser: str, profile: Path, *args: str) -> list[str]:
    """A headless Chromium command line that makes no network request and leaves nothing behind."""
    return [
        browser,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--disable-extensions",
        "--no-first-run",
        "--no-default-browser-check",
        "--hide-scrollbars",
        "--mute-audio",
        f"--user-data-dir={profile}",
        *args,
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workbook", nargs="?", type=Path, default=ROOT / "example_workbooks" / "spring_open.xlsx")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "report.png")
    parser.add_argument("--lang", default=None, help="report language (default: the workbook's Settings)")
    parser.add_argument("--size", default="1200,1600", help="window size WIDTH,HEIGHT in CSS pixels")
    args = parser.parse_args(argv)

    browser = find_browser()
    if browser is None:
        print(
            "error: no headless Chromium found; install it (apt-get install chromium) or set CHROMIUM", file=sys.stderr
        )
        return 2
    sys.path.insert(0, str(ROOT))
    from sheet_scorer import score_workbook

    with tempfile.TemporaryDirectory(prefix="sheet-scorer-shot-") as folder:
        tmp = Path(folder)
        copy = tmp / args.workbook.name
        shutil.copyfile(args.workbook, copy)
        result = score_workbook(copy, lang=args.lang)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        out = args.out.resolve()
        command = browser_command(
            browser,
            tmp / "profile",
            f"--screenshot={out}",
            f"--window-size={args.size}",
            result.html.resolve().as_uri(),
        )
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0 or not out.is_file():
            print(f"error: {browser} failed ({done.returncode}): {done.stderr.strip()[-500:]}", file=sys.stderr)
            return 1
    print(f"{out} ({out.stat().st_size} bytes) from {args.workbook}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
