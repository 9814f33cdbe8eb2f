"""End-to-end proof of the browser harness, independent of the game views.

A tiny notebook (a Button that increments a Label and the y data of a plotly chart) is opened in
JupyterLab and in Voila in Debian's Chromium; a click, as a person makes it, must change both. Dollar
amounts in markdown show as dollars (no backslash, no mathematics) in Lab and in Voila, with and without
the page's scripts. The index links every lesson and dashboard. Opening, closing and running lessons in
Lab leaves the course's notebooks as committed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Request, expect
from support.lab import (
    allow_only_loopback,
    close_current_document,
    error_outputs,
    is_loopback_url,
    open_notebook,
    open_voila,
    plotly_data,
    run_all_cells,
    save_current_document,
    settled_notebook_state,
    wait_for_output,
    wait_for_plotly,
)
from support.notebooks import (
    DOLLAR_TEXTS,
    LESSON_DOLLAR_TEXT,
    REPO_ROOT,
    SMOKE_SOURCE_MARKER,
    SMOKE_TITLE,
    course_repo,
    git,
    prepare_course,
    wait_for_git_status_clean,
    write_dollar_notebook,
    write_smoke_notebook,
)
from support.servers import JupyterServer, lab_server

CONFIG_DIR = REPO_ROOT / "etc" / "jupyter"

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
    _expect_markdown_shows_plain_dollars(page)


def _expect_markdown_shows_plain_dollars(page: Page) -> None:
    """The markdown cells as a person sees them: the lesson's amounts as "$14", and no backslash before one."""
    markdown = page.locator(".jp-RenderedMarkdown, .jp-MarkdownOutput")
    expect(markdown.filter(has_text=LESSON_DOLLAR_TEXT).first).to_be_visible()
    texts = markdown.all_inner_texts()
    shown = "\n".join(texts)
    assert "$" in shown
    assert "\\$" not in shown, [t for t in texts if "\\$" in t]


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


def test_dollar_signs_are_dollars_in_voilas_page_as_sent(
    browser: Browser, voila_server_factory: Callable[[Path], JupyterServer], dollar_notebook: Path
) -> None:
    """Voila renders markdown on its server and sends it in the page, shown by the page's scripts; MathJax
    goes over it only once Voila's app has started. An escaped dollar (``\\$``) would reach the reader with its
    backslash until then, or for good if MathJax fails to load: what is sent must already read "$14"."""
    app = voila_server_factory(dollar_notebook)
    context = browser.new_context(java_script_enabled=False)
    try:
        allow_only_loopback(context)
        page = context.new_page()
        page.goto(app.url(), wait_until="domcontentloaded", timeout=300_000)
        markdown = page.locator(".jp-RenderedMarkdown")
        markdown.first.wait_for(state="attached", timeout=300_000)
        sent = re.sub(r"\s+", " ", " ".join(markdown.all_text_contents()))
        for text in (LESSON_DOLLAR_TEXT, "Feet for $11, then no one will buy them elsewhere for $14", "$16", "$20"):
            assert text in sent, f"{text!r} not in Voila's page as sent: {sent[:400]!r}"
        assert "\\$" not in sent, f"a backslash before a dollar in Voila's page as sent: {sent[:400]!r}"
        assert page.locator("mjx-container").count() == 0
    finally:
        context.close()


# -- a way in: the index links every lesson (opened in Lab) and every dashboard (its notebook, then Voila) -----
#: The notebook tab on show: Lab may restore other tabs (another test's lesson) on the same server, hidden.
SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown"


def _index_links(page: Page) -> dict[str, str]:
    """{link text + target name: href} of the index's links, once Lab has rewritten them (internal anchors aside)."""
    rendered = page.locator(SHOWN)
    expect(rendered.get_by_role("heading", name="The games")).to_be_visible()
    page.wait_for_function(
        f"() => [...document.querySelectorAll('{SHOWN} a[href]:not(.jp-InternalAnchorLink)')]"
        ".every((a) => a.getAttribute('href').startsWith('/') || /^https?:/.test(a.getAttribute('href')))"
    )  # Lab resolves each relative link to the file's URL on this server
    links: dict[str, str] = page.evaluate(
        f"""() => Object.fromEntries([...document.querySelectorAll(
             '{SHOWN} a[href]:not(.jp-InternalAnchorLink)')].map((a) => [
               `${{a.textContent}} ${{a.href.split('?')[0].split('/').pop()}}`, a.href]))"""
    )
    return links


def test_index_opens_lessons_in_lab_and_dashboards_in_voila(page: Page, lab_server: JupyterServer) -> None:
    open_notebook(page, lab_server, "notebooks/index.ipynb")
    links = _index_links(page)
    dashboards = sorted(p.name for p in (REPO_ROOT / "widgets").glob("*.ipynb"))
    for href in links.values():  # every link stays on this server and names a file of the repository
        assert href.startswith(lab_server.url("files/")), href
        assert (REPO_ROOT / href.split("?")[0].removeprefix(lab_server.url("files/"))).is_file(), href
    assert sorted(key.split()[-1] for key in links if key.startswith("dashboard ")) == dashboards
    rendered = page.locator(".jp-RenderedMarkdown")
    # A lesson link opens the lesson in Lab.
    rendered.locator("a", has_text="lesson").first.click()
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " return !!(w && w.context && w.context.path === 'notebooks/mars_needs_mechanics.ipynb'); }"
    )
    # A dashboard link opens the dashboard's notebook, which Voila's server extension renders as the dashboard.
    open_notebook(page, lab_server, "notebooks/index.ipynb")
    page.locator(".jp-RenderedMarkdown").locator("a", has_text="dashboard").first.click()
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " return !!(w && w.context && w.context.path === 'widgets/mars_needs_mechanics.ipynb'); }"
    )
    dashboard = page.context.new_page()
    try:
        url = lab_server.url("voila/render/widgets/mars_needs_mechanics.ipynb")
        response = dashboard.goto(url, wait_until="domcontentloaded", timeout=180_000)
        assert response is not None and response.status == 200
        expect(dashboard.get_by_role("heading", name="Mars Needs Mechanics").first).to_be_visible(timeout=180_000)
        assert dashboard.locator(".jp-InputArea-editor").count() == 0  # rendered by Voila: no code
    finally:
        dashboard.close(run_before_unload=True)


# -- the course's notebooks stay as committed while people open, close and run them ---------------------------
OPENED = ("notebooks/index.ipynb", "notebooks/faucets_and_sinks.ipynb")


def test_opening_closing_and_running_lessons_leaves_the_course_as_committed(page: Page, tmp_path: Path) -> None:
    """A clone set up as make lab sets it up, and Lab with make lab's configuration: opening the index and a
    lesson changes nothing (no "save changes?" on closing them, the same bytes on disk); a student's Run All
    and save leave git status clean."""
    repo = course_repo(tmp_path / "course", OPENED)
    with lab_server(repo, config_path=[CONFIG_DIR]) as lab:
        prepare_course(repo, lab.env)
        _open_run_and_close(page, lab, repo)


def _open_run_and_close(page: Page, lab: JupyterServer, repo: Path) -> None:
    before = {name: (repo / name).read_bytes() for name in OPENED}
    for name in OPENED:
        open_notebook(page, lab, name)
        state = settled_notebook_state(page)
        assert state["path"] == name
        assert not state["dirty"], f"Lab marked {name} modified on opening it: its metadata is {state['metadata']}"
        assert close_current_document(page) == [], f"closing the untouched {name} asked to save it"
        assert (repo / name).read_bytes() == before[name], f"opening and closing {name} changed the file"
    assert git(repo, "status", "--porcelain") == ""

    lesson = OPENED[1]
    open_notebook(page, lab, lesson)
    assert run_all_cells(page), error_outputs(page)
    save_current_document(page)
    saved = json.loads((repo / lesson).read_text(encoding="utf-8"))
    assert any(cell.get("outputs") for cell in saved["cells"]), "the run was not saved with its outputs"
    assert close_current_document(page) == []
    wait_for_git_status_clean(repo)
    assert git(repo, "diff") == ""
