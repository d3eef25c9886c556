"""The long fuzz run: the suite's fuzz tests with many more examples. Run by hand:

    .venv/bin/python bench/fuzz.py            # SHEET_SCORER_FUZZ=long pytest tests/test_fuzz.py

In the suite they run a few seconds each (tests/test_fuzz.py); here thousands of examples each
(about ten minutes on two cores).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

if __name__ == "__main__":
    tests = Path(__file__).resolve().parent.parent / "tests" / "test_fuzz.py"
    env = {**os.environ, "SHEET_SCORER_FUZZ": "long"}
    sys.exit(
        subprocess.call(
            [sys.executable, "-m", "pytest", str(tests), "-q", "--hypothesis-show-statistics", *sys.argv[1:]], env=env
        )
    )
