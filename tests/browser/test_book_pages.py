"""The course site read in Chromium from the file system, as someone who downloaded it would read it.

Every request that is not a file:// URL is aborted and recorded, so a chart that needed a CDN (plotly.js,
require.js, a widget manager, MathJax) fails here, and a page that asked the network at all fails the test.
The site is the build tests/test_book.py makes (one per session, shared by the xdist workers).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from support.notebooks import LESSON_DOLLAR_TEXT
from test_book import CHARTED, COURSE_ORDER, build_site
from test_book import Page as BuiltPage

TIMEOUT_MS = 120_000  # a loaded machine can take long to parse plotly.js and draw a lesson's charts


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory, worker_id: str) -> Path:
    base = tmp_path_factory.getbasetemp()
    return build_site((base if worker_id == "master" else base.parent) / "book")


@pytest.fixture
def offsite() -> list[str]:
    """The URLs a page asked for that are not in the build (each aborted)."""
    return []


@pytest.fixture
def context(browser: Browser, offsite: list[str]) -> Iterator[BrowserContext]:
    # Replaces the browser conftest's context (loopback only): these pages are files, and must need nothing else.
    def abort(route: Route) -> None:
        offsite.append(route.request.url)
        route.abort("blockedbyclient")

    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    context.route(lambda url: not url.startswith("file:"), abort)
    yield context
    context.close()


def open_page(page: Page, site: Path, name: str) -> None:
    page.goto((site / f"{name}.html").as_uri(), wait_until="load")
    expect(page.locator("article h1").first).to_be_visible(timeout=TIMEOUT_MS)


@pytest.mark.parametrize("name", CHARTED)
def test_every_chart_of_a_lesson_draws_from_the_file_system(
    page: Page, site: Path, name: str, offsite: list[str]
) -> None:
    open_page(page, site, name)
    page.wait_for_function(
        """() => {
          const charts = [...document.querySelectorAll('.plotly-graph-div')];
          return charts.length > 0 && charts.every((c) => c.querySelector('.main-svg') && c._fullLayout);
        }""",
        timeout=TIMEOUT_MS,
    )
    traces = page.evaluate("() => [...document.querySelectorAll('.plotly-graph-div')].map((c) => c.data.length)")
    assert traces and all(n > 0 for n in traces), f"{name}: a chart drew with no data: {traces}"
    assert offsite == [], f"{name} asked the network for {offsite}"


@pytest.mark.parametrize("name", ["faucets_and_sinks", "parts_unknown"])
def test_dollar_amounts_read_as_dollars_not_maths(page: Page, site: Path, name: str) -> None:
    open_page(page, site, name)
    prose = """() => {
      const article = document.querySelector('article').cloneNode(true);
      article.querySelectorAll('.cell_input, pre, code').forEach((code) => code.remove());  // code may say \\$
      return article.textContent;
    }"""
    text = " ".join(page.evaluate(prose).split())
    if name == "parts_unknown":
        assert LESSON_DOLLAR_TEXT in text
    assert re.search(r"\$\d", text)
    assert "\\$" not in text, "a backslash shows before a dollar"
    maths = page.evaluate("() => document.querySelectorAll('mjx-container, .MathJax, .math, .katex').length")
    assert maths == 0, f"{name} sets {maths} pieces of its text as maths"
    assert page.evaluate("() => typeof window.MathJax") == "undefined"


def _resolves(url: str, site: Path) -> bool:
    parts = urlsplit(url)
    target = Path(unquote(parts.path))
    if not target.is_file() or site.resolve() not in target.resolve().parents:
        return False
    return not parts.fragment or unquote(parts.fragment) in BuiltPage(target).ids


@pytest.mark.parametrize("name", COURSE_ORDER)
def test_every_link_on_a_page_resolves(page: Page, site: Path, name: str, offsite: list[str]) -> None:
    open_page(page, site, name)
    hrefs: list[str] = page.evaluate("() => [...document.querySelectorAll('a[href]')].map((a) => a.href)")
    internal = sorted({href for href in hrefs if href.startswith("file:")})
    assert internal, f"{name} links to no other page"
    broken = [href for href in internal if not _resolves(href, site)]
    assert broken == [], f"{name}: links that lead nowhere in the site: {broken}"
    external = {urlsplit(href).scheme for href in hrefs} - {"file"}
    assert external <= {"https", "mailto"}, f"{name} links with {external}"
    assert offsite == []


def test_next_links_walk_the_course_in_order_with_launch_links_on_each_page(page: Page, site: Path) -> None:
    open_page(page, site, COURSE_ORDER[0])
    visited = []
    while True:
        visited.append(Path(urlsplit(page.url).path).stem)
        launch = page.locator(".playbook-launch a")
        expect(launch).to_have_count(2)
        hrefs = launch.evaluate_all("(links) => links.map((a) => a.href)")
        assert [href.split("?urlpath=")[1].split("/")[0] for href in hrefs] == ["lab", "voila"]
        following = page.locator("a.right-next")
        if following.count() == 0:
            break
        with page.expect_navigation(wait_until="load"):
            following.first.click()
    assert visited == COURSE_ORDER
