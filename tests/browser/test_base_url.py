"""The index works under any base URL: JupyterLab as JupyterHub and Binder run it, under ``/user/someone/``.

Lab starts on a copy of the course with ``--ServerApp.base_url=/user/someone/``, Jupyter's XSRF checks on and
make lab's configuration (etc/jupyter/), set up as make lab sets a clone up (scripts/prepare_notebooks.sh).
The server's root opens the index; every link on it must stay under the base URL and answer 200; a lesson
link opens the lesson in Lab; a dashboard link opens the dashboard's notebook, whose toolbar button "Render
with Voilà" shows the dashboard, served by Voila's server extension under the base URL, with no code and
without a trust prompt. JupyterLab turns every relative link into ``<base>files/<path>`` and opens that path
in Lab when clicked, and leaves a link starting with ``/`` to the site's root, so no link on the index can
point at ``<base>voila/render/...`` itself: the dashboard is one click further, from its notebook.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page, expect
from support.lab import wait_for_kernel_idle
from support.notebooks import REPO_ROOT, course_repo, dashboards, prepare_course
from support.servers import JupyterServer, kernel_pids, lab_server, wait_for_kernels

pytestmark = pytest.mark.browser

BASE_URL = "/user/someone/"
CONFIG_DIR = REPO_ROOT / "etc" / "jupyter"
INDEX = "notebooks/index.ipynb"
LOAD_TIMEOUT = 300_000  # ms: Voila runs a dashboard's notebook before it sends the page

_CURRENT_PATH = """(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!(w && w.context && w.context.path === path); }"""


@pytest.fixture(scope="module")
def hub_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterServer]:
    repo = course_repo(tmp_path_factory.mktemp("hub") / "course")
    with lab_server(repo, config_path=[CONFIG_DIR], base_url=BASE_URL, check_xsrf=True) as lab:
        prepare_course(repo, lab.env)  # before any notebook is opened, in this server's data directory
        yield lab


def _title(notebook: Path) -> str:
    first = next(cell for cell in nbformat.read(notebook, as_version=4).cells if cell.cell_type == "markdown")
    return str(first.source.lstrip().splitlines()[0].removeprefix("# ").strip())


def _open_index(page: Page, lab: JupyterServer, landing: bool = False) -> dict[str, str]:
    """Open the index and return {link text + file name: href}. ``landing``: the way a person lands on it (the
    server's root, which make lab's configuration sends to the index); else in a fresh workspace, so the
    documents an earlier test opened are not restored."""
    url = lab.url() if landing else lab.url(f"lab/workspaces/base-url-test/tree/{INDEX}?reset")
    page.goto(url, wait_until="domcontentloaded", timeout=LOAD_TIMEOUT)
    page.wait_for_function(_CURRENT_PATH, arg=INDEX, timeout=LOAD_TIMEOUT)
    if landing:
        assert page.url.split("?")[0] == lab.url(f"lab/tree/{INDEX}")
    expect(page.locator(".jp-RenderedMarkdown").get_by_role("heading", name="The games")).to_be_visible()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.jp-RenderedMarkdown a[href]:not(.jp-InternalAnchorLink)')]"
        ".every((a) => a.getAttribute('href').startsWith('/') || /^https?:/.test(a.getAttribute('href')))"
    )  # Lab has resolved every relative link
    links: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll(
             '.jp-RenderedMarkdown a[href]:not(.jp-InternalAnchorLink)')].map((a) => [
               `${a.textContent} ${a.href.split('?')[0].split('/').pop()}`, a.href]))"""
    )
    return links


def test_every_link_on_the_index_stays_under_the_base_url_and_answers(page: Page, hub_lab: JupyterServer) -> None:
    links = _open_index(page, hub_lab, landing=True)
    lessons = sorted(p.name for p in (REPO_ROOT / "notebooks").glob("*.ipynb") if p.name != "index.ipynb")
    targets = {key.split()[-1] for key in links}
    assert set(lessons) <= targets and {p.name for p in dashboards()} <= targets, links
    for key, href in links.items():
        assert href.startswith(hub_lab.base_url), f"{key!r} leads out of {BASE_URL}: {href}"
        response = page.request.get(href)
        assert response.status == 200, f"{key!r}: GET {href} -> {response.status}"


def test_a_lesson_link_opens_the_lesson_in_lab(page: Page, hub_lab: JupyterServer) -> None:
    _open_index(page, hub_lab)
    page.locator(".jp-RenderedMarkdown").get_by_role("link", name="Faucets and sinks").click()
    page.wait_for_function(_CURRENT_PATH, arg="notebooks/faucets_and_sinks.ipynb")
    page.locator("#jp-main-dock-panel .lm-TabBar-tab", has_text="index.ipynb").click()  # back to the index
    page.wait_for_function(_CURRENT_PATH, arg=INDEX)
    page.locator(".jp-RenderedMarkdown:visible").locator("a", has_text="lesson").first.click()
    page.wait_for_function(_CURRENT_PATH, arg="notebooks/mars_needs_mechanics.ipynb")
    lesson_url = f"{BASE_URL}lab/workspaces/base-url-test/tree/notebooks/mars_needs_mechanics.ipynb"
    assert page.url.split("?")[0].endswith(lesson_url)


def _dashboard_notebook_from_the_index(page: Page, lab: JupyterServer, name: str) -> str:
    """Click the index's "dashboard" link for widgets/<name>; return the id of the notebook panel it opens."""
    row = page.locator(".jp-RenderedMarkdown tr").filter(has=page.locator(f"a[href*='/files/{name}']"))
    row.get_by_role("link", name="dashboard").click()
    page.wait_for_function(_CURRENT_PATH, arg=name)
    wait_for_kernel_idle(page)
    notebook_id: str = page.evaluate("() => window.jupyterapp.shell.currentWidget.id")
    return notebook_id


def _close_all_but_the_index(page: Page, lab: JupyterServer) -> None:
    """Close every tab but the index and shut down every kernel but the index's (Lab's sessions API)."""
    page.evaluate(
        """async (keep) => {
          const app = window.jupyterapp;
          for (const w of [...app.shell.widgets('main')].filter((w) => w.context && w.context.path !== keep)) w.close();
          const sessions = app.serviceManager.sessions;
          await sessions.refreshRunning();
          const kept = [...sessions.running()].filter((s) => s.path === keep).map((s) => s.kernel && s.kernel.id);
          await app.serviceManager.kernels.refreshRunning();
          for (const k of [...app.serviceManager.kernels.running()]) {
            if (!kept.includes(k.id)) await app.serviceManager.kernels.shutdown(k.id);
          }
        }""",
        INDEX,
    )
    wait_for_kernels(lab, at_most=1, timeout=60)


@pytest.mark.parametrize("dashboard", dashboards(), ids=lambda p: p.stem)
def test_a_dashboard_link_leads_to_the_dashboard_in_voila(page: Page, hub_lab: JupyterServer, dashboard: Path) -> None:
    name = f"widgets/{dashboard.name}"
    before = (hub_lab.root_dir / name).read_bytes()
    _open_index(page, hub_lab)
    notebook_id = _dashboard_notebook_from_the_index(page, hub_lab, name)
    voila_url = hub_lab.url(f"voila/render/{name}")
    with page.expect_response(lambda r: r.url.split("?")[0] == voila_url, timeout=LOAD_TIMEOUT) as answer:
        page.locator(f"[id='{notebook_id}'] [data-jp-item-name='voilaRender'] button").click()
    assert answer.value.status == 200
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").all_inner_texts()
    preview = page.frame_locator(f"iframe[src$='{BASE_URL}voila/render/{name}']")
    expect(preview.get_by_role("heading", name=_title(dashboard)).first).to_be_visible(timeout=LOAD_TIMEOUT)
    expect(preview.locator(".jp-OutputArea-output").first).to_be_visible(timeout=LOAD_TIMEOUT)
    assert preview.locator(".jp-InputArea-editor, .cm-editor").count() == 0  # Voila: no code
    _close_all_but_the_index(page, hub_lab)
    assert (hub_lab.root_dir / name).read_bytes() == before, f"showing {name} as a dashboard changed the file"


def test_a_dashboard_in_a_browser_tab_of_its_own_gives_its_kernel_back(page: Page, hub_lab: JupyterServer) -> None:
    """View > Open with Voilà in New Browser Tab: the dashboard under the base URL; closing the tab ends its kernel
    within seconds (the tab holds Lab's _xsrf cookie, so Jupyter accepts the page's shutdown request)."""
    dashboard = dashboards()[0]
    name = f"widgets/{dashboard.name}"
    _open_index(page, hub_lab)
    _dashboard_notebook_from_the_index(page, hub_lab, name)
    kernels = len(kernel_pids(hub_lab))  # the index's and the dashboard notebook's
    page.locator("#jp-menu-panel, .lm-MenuBar").get_by_text("View", exact=True).first.click()
    with page.context.expect_page(timeout=LOAD_TIMEOUT) as opened:
        page.locator(".lm-Menu-content").get_by_text("Open with Voilà in New Browser Tab").click()
    tab = opened.value
    try:
        tab.wait_for_load_state("domcontentloaded", timeout=LOAD_TIMEOUT)
        assert tab.url.split("?")[0] == hub_lab.url(f"voila/render/{name}")
        expect(tab.get_by_role("heading", name=_title(dashboard)).first).to_be_visible(timeout=LOAD_TIMEOUT)
        expect(tab.locator(".jp-OutputArea-output").first).to_be_visible(timeout=LOAD_TIMEOUT)
        assert len(kernel_pids(hub_lab)) == kernels + 1
    finally:
        tab.close(run_before_unload=True)
    wait_for_kernels(hub_lab, at_most=kernels, timeout=30)
    _close_all_but_the_index(page, hub_lab)
