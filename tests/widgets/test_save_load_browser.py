"""Save and Load a game in a real browser: Chromium against a Voila page showing a table.

The headless tests drive the download button by the message its click sends; here the page's own click
must make Chromium save a file (the button's ES module asks the kernel, and saves what comes back through a
``Blob`` URL), and a file chosen in the browser's file picker must resume on the table (ipywidgets'
``FileUpload``). A headless twin with the same seed and moves is the engine's word on what the page shows.

Marked ``browser``, as ``tests/browser`` is: Debian Chromium at ``/usr/bin/chromium``, only loopback
requests, every wait on page state.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from support.lab import allow_only_loopback, open_voila
from support.servers import JupyterServer, voila_server

from playbook.core import Match
from playbook.widgets.offal_game import OffalTable

pytestmark = pytest.mark.browser
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
TIMEOUT_MS = 120_000  # a loaded 2-core machine can take a minute to render a dashboard


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Debian chromium not found at {CHROMIUM}: run `make chromium` (apt-get install chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def context(context: BrowserContext) -> BrowserContext:
    allow_only_loopback(context)
    context.set_default_timeout(TIMEOUT_MS)
    return context


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    notebook = tmp_path_factory.mktemp("dashboard") / "table.ipynb"
    cell: dict[str, Any] = {
        "cell_type": "code",
        "id": "table",
        "execution_count": None,
        "metadata": {},
        "outputs": [],
        "source": "from playbook.widgets.offal_game import OffalTable\nOffalTable(seed=1)",
    }
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    book = {"cells": [cell], "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
    notebook.write_text(json.dumps(book), encoding="utf-8")
    with voila_server(notebook) as server:
        yield server


def text_of(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


def download(page: Page) -> tuple[str, bytes]:
    with page.expect_download(timeout=TIMEOUT_MS) as info:
        page.locator(".playbook-save button").click()
    saved = info.value
    return saved.suggested_filename, Path(saved.path()).read_bytes()


def test_save_downloads_the_game_and_load_resumes_a_saved_one(page: Page, app: JupyterServer, tmp_path: Path) -> None:
    open_voila(page, app)
    expect(page.locator(".playbook-save button")).to_be_visible(timeout=TIMEOUT_MS)
    fresh = OffalTable(seed=1)
    twin = OffalTable(seed=1)
    try:
        # Save: the page's table has played nothing yet, as a fresh twin
        name, data = download(page)
        assert name == "offal_game-seed1-step0.json" and data.decode() == fresh.match.to_json()  # type: ignore[union-attr]
        # a seat's copy, chosen in the page's dropdown
        page.locator(".playbook-files-bar select").first.select_option(label="seat 1's copy (only what seat 1 saw)")
        name, data = download(page)
        assert name.endswith("-seat1.json") and json.loads(data)["seat"] == 1 and "seed" not in json.loads(data)

        # Load: a game the twin played on, chosen in the browser's file picker, resumes on the page's table
        assert twin.match is not None
        twin.act(twin.match.legal_actions()[0])
        saved = tmp_path / "my-game.json"
        saved.write_text(twin.match.to_json(), encoding="utf-8")
        with page.expect_file_chooser(timeout=TIMEOUT_MS) as chooser:
            page.locator(".playbook-load").click()
        chooser.value.set_files(str(saved))
        status = page.locator(".playbook-status").first
        expect(status).to_contain_text("Loaded my-game.json", timeout=TIMEOUT_MS)
        expect(page.locator(".offal-header").first).to_have_text(text_of(twin.header.value), timeout=TIMEOUT_MS)
        # and Save now downloads the resumed game, step for step
        page.locator(".playbook-files-bar select").first.select_option(index=0)
        name, data = download(page)
        assert Match.from_json(data).history == twin.match.history
    finally:
        fresh.close()
        twin.close()
