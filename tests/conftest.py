"""Shared test set-up: make ``tests/`` importable so every test can ``import support.servers``.

pytest's default (prepend) import mode only puts the directory of the test module being imported on
sys.path; tests under ``tests/browser/`` need ``tests/`` itself, on every xdist worker.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent

if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))


def pytest_configure(config: pytest.Config) -> None:
    # pytest-playwright's stand-in for pytest-base-url defines a session fixture as an instance method;
    # pytest 9 warns about it on every browser run. Not ours to fix (installing pytest-base-url also does).
    config.addinivalue_line(
        "filterwarnings",
        "ignore:Session-scoped fixtures defined as instance methods:pytest.PytestRemovedIn10Warning",
    )
