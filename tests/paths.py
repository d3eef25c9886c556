"""Where the tests' files are, for a test module at any depth under tests/ (the repository, tests/ itself)."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent  # corpus/, data/, golden/ and the shared helpers
ROOT = TESTS.parent  # example_workbooks/, README.md, scripts/
