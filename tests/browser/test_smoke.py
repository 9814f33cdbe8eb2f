"""End-to-end proof of the browser harness, independent of the game views.

A tiny notebook (a Button that increments a Label and the y data of a plotly chart) is opened in
JupyterLab and in Voila in Debian's Chromium; a click, as a person makes it, must change both.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, Request, expect
from support.lab import (
    error_outputs,
    is_loopback_url,
    open_notebook,
    open_voila,
    plotly_data,
    run_all_cells,
    wait_for_output,
    wait_for_plotly,
)
from support.notebooks import (
    DOLLAR_TEXTS,
    REPO_ROOT,
    SMOKE_SOURCE_MARKER,
    SMOKE_TITLE,
    write_dollar_notebook,
    write_smoke_notebook,
)
from support.servers import JupyterServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="session")
def smoke_notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_smoke_notebook(tmp_path_factory.mktemp("smoke") / "smoke.ipynb")


def _y(page: Page) -> list[float]:
    return [float(v) for v in plotly_data(page)[0]["y"]]


def _click_and_check(page: Page, clicks: int) -> None:
    button = page.get_by_role("button", name="Increment")
    for n in range(1, clicks + 1):
        button.click()
        expect(page.locator(".widget-label").filter(has_text=f"clicks: {n}")).to_be_visible()
        page.wait_for_function(
            "(n) => { const p = document.querySelector('.js-plotly-plot');"
            " return p && p.data && Number(p.data[0].y[1]) === n; }",
            arg=n,
        )
        assert _y(page) == [0.0, float(n), float(2 * n)]
        # The chart fits its 320 px column (LiveChart re-fits it when the column's width settles).
        page.wait_for_function(
            "() => { const p = document.querySelector('.js-plotly-plot'); const box = p.closest('.playbook-chart-box');"
            " return !!p._fullLayout && p._fullLayout.width <= box.getBoundingClientRect().width + 1; }"
        )


def _open_rules_panel(page: Page) -> None:
    panel = page.locator(".playbook-rules-panel")
    expect(panel.get_by_text("Rules in brief")).to_be_visible()
    expect(panel.locator("h1", has_text="Smoke rules")).to_be_hidden()  # collapsed until clicked
    panel.get_by_text("Rules in brief").click()
    expect(panel.locator("h1", has_text="Smoke rules")).to_be_visible()
    expect(panel.locator("th", has_text="clicks")).to_be_visible()
    expect(panel.locator("b", has_text="Increment")).to_be_visible()


def test_lab_runs_widgets_and_plotly(
    page: Page, lab_server_factory: Callable[[Path], JupyterServer], smoke_notebook: Path
) -> None:
    lab = lab_server_factory(smoke_notebook.parent)
    open_notebook(page, lab, smoke_notebook.name)
    # Lab shows the source in an editor (the same selector must find nothing in Voila).
    expect(page.locator(".jp-InputArea-editor").filter(has_text="on_click").first).to_be_visible()
    assert run_all_cells(page), error_outputs(page)
    wait_for_output(page)
    wait_for_plotly(page)
    expect(page.locator(".widget-label").filter(has_text="clicks: 0")).to_be_visible()
    trace = plotly_data(page)[0]
    assert trace["name"] == "smoke"
    assert _y(page) == [0.0, 0.0, 0.0]
    _click_and_check(page, clicks=2)
    _open_rules_panel(page)
    assert error_outputs(page) == []


def test_voila_hides_code_and_stays_interactive(
    page: Page, voila_server_factory: Callable[[Path], JupyterServer], smoke_notebook: Path
) -> None:
    requests: list[Request] = []
    failed: list[str] = []
    page.on("request", lambda request: requests.append(request))
    page.on("requestfailed", lambda request: failed.append(request.url))

    app = voila_server_factory(smoke_notebook)
    open_voila(page, app)
    expect(page.get_by_role("heading", name=SMOKE_TITLE)).to_be_visible()
    wait_for_plotly(page)
    expect(page.locator(".widget-label").filter(has_text="clicks: 0")).to_be_visible()
    # Voila shows outputs only: no code cell source, no input area.
    content = page.content()
    assert SMOKE_SOURCE_MARKER not in content
    assert "import ipywidgets" not in content
    assert page.locator(".jp-InputArea-editor, .CodeMirror, .cm-editor").count() == 0
    _click_and_check(page, clicks=2)
    _open_rules_panel(page)
    # Nothing left the machine: every request to another host was aborted by the route.
    outside = [r.url for r in requests if not is_loopback_url(r.url)]
    assert set(outside) <= set(failed)


def test_lab_server_serves_the_repository(page: Page, lab_server: JupyterServer) -> None:
    # A fresh workspace: other tests on this server leave the file browser inside notebooks/.
    page.goto(lab_server.url("lab/workspaces/smoke-listing?reset"), wait_until="domcontentloaded")
    listing = page.locator(".jp-DirListing-content")
    for folder in ("notebooks", "widgets", "playbook"):
        expect(listing.get_by_text(folder, exact=True)).to_be_visible()
    page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.commands)")


# -- dollar signs -----------------------------------------------------------------------------------------
@pytest.fixture(scope="session")
def dollar_notebook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_dollar_notebook(tmp_path_factory.mktemp("dollars") / "dollars.ipynb")


def _expect_dollars_not_mathematics(page: Page) -> None:
    # The control formula is typeset once MathJax has been over the page: only then is "no formula" meaningful.
    expect(page.locator(".dollar-control mjx-container")).to_have_count(1)
    shown = page.locator(".jp-RenderedMarkdown, .jp-OutputArea-output")  # not Lab's hidden cell sources
    for text in DOLLAR_TEXTS:
        expect(shown.filter(has_text=text).first).to_be_visible()
    typeset_elsewhere = page.evaluate(
        "() => [...document.querySelectorAll('mjx-container')].filter(m => !m.closest('.dollar-control'))"
        ".map(m => m.parentElement.textContent.slice(0, 80))"
    )
    assert typeset_elsewhere == [], f"MathJax typeset dollar amounts: {typeset_elsewhere}"


def test_dollar_signs_stay_dollar_signs_in_lab(
    page: Page, lab_server_factory: Callable[[Path], JupyterServer], dollar_notebook: Path
) -> None:
    lab = lab_server_factory(dollar_notebook.parent)
    open_notebook(page, lab, dollar_notebook.name)
    assert run_all_cells(page), error_outputs(page)
    expect(page.locator(".dollar-wrapped")).to_be_visible()
    _expect_dollars_not_mathematics(page)


def test_dollar_signs_stay_dollar_signs_in_voila(
    page: Page, voila_server_factory: Callable[[Path], JupyterServer], dollar_notebook: Path
) -> None:
    app = voila_server_factory(dollar_notebook)
    open_voila(page, app)
    expect(page.locator(".dollar-wrapped")).to_be_visible()
    _expect_dollars_not_mathematics(page)


# -- a way in: the index links every lesson (opened in Lab) and every dashboard (Voila inside Lab) ---------
def test_index_opens_lessons_in_lab_and_dashboards_in_voila(page: Page, lab_server: JupyterServer) -> None:
    open_notebook(page, lab_server, "notebooks/index.ipynb")
    rendered = page.locator(".jp-RenderedMarkdown")
    expect(rendered.get_by_role("heading", name="The games")).to_be_visible()
    dashboard_links = rendered.locator("a[href*='voila/render/widgets/']")
    hrefs = [dashboard_links.nth(i).get_attribute("href") or "" for i in range(dashboard_links.count())]
    dashboards = sorted(p.name for p in (REPO_ROOT / "widgets").glob("*.ipynb"))
    assert sorted(href.rsplit("/", 1)[-1] for href in hrefs) == dashboards
    # A lesson link opens the lesson in Lab.
    rendered.locator("a", has_text="lesson").first.click()
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " return !!(w && w.context && w.context.path === 'notebooks/mars_needs_mechanics.ipynb'); }"
    )
    # A dashboard link is served by Voila's server extension inside Lab.
    first = next(href for href in hrefs if href.endswith("mars_needs_mechanics.ipynb"))
    dashboard = page.context.new_page()
    try:
        response = dashboard.goto(lab_server.url(first), wait_until="domcontentloaded", timeout=180_000)
        assert response is not None and response.status == 200
        expect(dashboard.get_by_role("heading", name="Mars Needs Mechanics").first).to_be_visible(timeout=180_000)
        assert dashboard.locator(".jp-InputArea-editor").count() == 0  # rendered by Voila: no code
    finally:
        dashboard.close(run_before_unload=True)
