"""Real-browser fixtures: Debian's Chromium driven by pytest-playwright against local Jupyter servers.

Every test collected under ``tests/browser/`` is marked ``browser`` (deselect with ``-m "not browser"``).
Fixtures:

* ``browser_type_launch_args`` (session): Debian Chromium at ``/usr/bin/chromium`` with the flags that
  keep it quiet and offline; Playwright's own browser download is never used.
* ``context`` (function): pytest-playwright's context, with every non-loopback request aborted and a
  60 s default timeout. ``page`` comes from it.
* ``lab_server`` (session): JupyterLab rooted at the repository (``notebooks/``, ``widgets/`` inside).
* ``lab_server_factory`` (session): ``lab_server_factory(root_dir) -> JupyterServer``, one server per
  root, stopped at the end of the session.
* ``voila_server_factory`` (session): ``voila_server_factory(notebook) -> JupyterServer``, a standalone
  Voila app for one notebook, one server per notebook, stopped at the end of the session.

Under ``pytest -n 2`` each xdist worker has its own session, so its own servers and browser.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect
from support.lab import allow_only_loopback
from support.notebooks import REPO_ROOT
from support.servers import JupyterServer, start_lab, start_voila

BROWSER_DIR = Path(__file__).resolve().parent
CHROMIUM = os.environ.get("PLAYBOOK_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]
DEFAULT_TIMEOUT_MS = 120_000
# Assertions wait as long as actions do: a machine loaded by other work can take a minute to render a
# dashboard. Every wait in these tests is on page state (a selector, a function of the page), never a sleep.
expect.set_options(timeout=DEFAULT_TIMEOUT_MS)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Hooks in a sub-directory conftest see every item of the session: mark only this directory's.
    for item in items:
        if BROWSER_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        message = f"Debian chromium not found at {CHROMIUM}: run `make chromium` (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    args = [*browser_type_launch_args.get("args", []), *CHROMIUM_ARGS]
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": args}


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    allow_only_loopback(context)
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    return context


def _server_factory(start: Callable[[Path], JupyterServer]) -> Iterator[Callable[[Path], JupyterServer]]:
    servers: dict[Path, JupyterServer] = {}

    def get(path: Path) -> JupyterServer:
        key = Path(path).resolve()
        server = servers.get(key)
        if server is None or server.process.poll() is not None:
            server = servers[key] = start(key)
        return server

    try:
        yield get
    finally:
        for server in servers.values():
            server.stop()


@pytest.fixture(scope="session")
def lab_server_factory() -> Iterator[Callable[[Path], JupyterServer]]:
    yield from _server_factory(start_lab)


@pytest.fixture(scope="session")
def voila_server_factory() -> Iterator[Callable[[Path], JupyterServer]]:
    yield from _server_factory(start_voila)


@pytest.fixture(scope="session")
def lab_server(lab_server_factory: Callable[[Path], JupyterServer]) -> JupyterServer:
    return lab_server_factory(REPO_ROOT)
