"""The browser tests wait on page state, never on fixed sleeps (they must pass on a machine busy with other work).

A fixed wait is either too short on a loaded machine (a flaky failure) or wasted time on an idle one. Waits
are Playwright's auto-waiting locators, ``expect(...)``, ``page.wait_for_function``/``wait_for_selector`` and
polling loops bounded by a deadline in ``tests/support/servers.py`` (process and HTTP state, not the page).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.notebooks import REPO_ROOT

BROWSER_FILES = [
    *sorted((REPO_ROOT / "tests" / "browser").glob("*.py")),
    *sorted((REPO_ROOT / "tests" / "widgets").glob("*_browser.py")),  # browser tests of the shared table parts
    REPO_ROOT / "tests" / "support" / "lab.py",
]
FIXED_WAITS = re.compile(r"\btime\.sleep\(|\bwait_for_timeout\(|\basyncio\.sleep\(|^\s*from time import sleep", re.M)


@pytest.mark.parametrize("path", BROWSER_FILES, ids=lambda p: str(p.relative_to(REPO_ROOT)))
def test_no_fixed_waits(path: Path) -> None:
    found = [m.group(0).strip() for m in FIXED_WAITS.finditer(path.read_text(encoding="utf-8"))]
    assert not found, f"{path.name} waits a fixed time ({found}): wait on page state instead"
