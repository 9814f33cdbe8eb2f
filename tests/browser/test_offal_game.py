"""A person plays An Offal Game in a real browser: the Voila dashboard.

The page is driven as a person would (Roll, then a fill button or End turn). A headless twin of the same
table, with the same seed and the same clicks, is the engine's word on what the page must then show: the
header, the Phase 1 summary, the Gore Track and the Clog/money chart.
"""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from support.lab import open_voila, plotly_data, wait_for_plotly
from support.notebooks import REPO_ROOT
from support.servers import JupyterServer

from playbook.games.offal_game import Phase
from playbook.widgets.offal_game import OffalTable

pytestmark = pytest.mark.browser
DASHBOARD = REPO_ROOT / "widgets" / "offal_game.ipynb"
LOAD_TIMEOUT = 90_000
CHART_TIMEOUT = 30_000


def visible_text(markup: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).strip())


def twin_chart(twin: OffalTable) -> dict[str, list[float]]:
    return {t.name: [float(y) for y in t.y] for t in twin.chart.data}


def page_chart(page: Page, index: int = 0) -> dict[str, list[float]]:
    return {t["name"]: [float(y) for y in t["y"]] for t in plotly_data(page, index)}


def wait_for_chart(page: Page, expected: dict[str, list[float]], index: int = 0) -> None:
    with contextlib.suppress(PlaywrightTimeoutError):  # the assertion below then shows the difference
        page.wait_for_function(
            """([i, names, ys]) => { const p = document.querySelectorAll('.js-plotly-plot')[i];
                 if (!p || !p.data || p.data.length !== names.length) return false;
                 return p.data.every((t, k) => t.name === names[k] && Array.from(t.y).length === ys[k].length
                                              && Array.from(t.y).every((v, j) => Number(v) === ys[k][j])); }""",
            arg=[index, list(expected), list(expected.values())],
            timeout=CHART_TIMEOUT,
        )
    assert page_chart(page, index) == expected


def same_view(page: Page, twin: OffalTable) -> None:
    """Header, Phase 1 summary, Gore Track and chart on the page are the twin's."""
    expect(page.locator(".offal-header")).to_have_text(visible_text(twin.header.value), timeout=LOAD_TIMEOUT)
    expect(page.locator(".offal-phase1-text")).to_have_text(visible_text(twin.phase1.value), timeout=LOAD_TIMEOUT)
    status = page.locator(".playbook-status").first
    expect(status).to_have_text(visible_text(twin.status.text), timeout=LOAD_TIMEOUT)
    for seat, money in enumerate(twin.state.money):
        expect(page.locator(f".offal-money-{seat}")).to_have_text(f"${money}", timeout=LOAD_TIMEOUT)
    for card in range(4):
        words = re.search(rf"offal-card-count-{card}'[^>]*>([^<]*)<", twin.pipe.value)
        assert words is not None
        expect(page.locator(f".offal-card-count-{card}").first).to_have_text(words.group(1), timeout=LOAD_TIMEOUT)
    wait_for_chart(page, twin_chart(twin))


def test_voila_dashboard_plays_turns(page: Page, voila_server_factory: Callable[[Path], JupyterServer]) -> None:
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    expect(page.locator(".offal-header")).to_be_visible(timeout=LOAD_TIMEOUT)
    assert page.locator(".jp-InputArea-editor").count() == 0  # no code shown
    wait_for_plotly(page, 1)  # the table's chart and the explorer's
    twin = OffalTable(seed=1)
    same_view(page, twin)
    expect(page.locator(".offal-roll")).to_have_text(twin.roll_button.description, timeout=LOAD_TIMEOUT)

    page.locator(".offal-roll").click()
    twin.roll_button.click()
    if twin.state.phase == Phase.RESERVE:  # parts wait in the reserve: a tool may be played before its d4
        same_view(page, twin)
        page.locator(".offal-roll-reserve").click()
        twin.reserve_button.click()
    assert twin.state.phase == Phase.ORDERS  # Phase 2: the dice and draws were resolved by the seeded match
    same_view(page, twin)
    takes = [b for b in twin.takes_box.children if isinstance(b, type(twin.roll_button))]
    assert page.locator("[class*='offal-take-']").count() == len(takes)

    # Play on as a person would: roll, fill an order when a button says it fills one (else put parts in a body
    # bag), else end the turn
    # (the agent then plays its own turn), until money and The Clog show on the chart.
    for _ in range(30):
        state = twin.state
        if twin.match.is_over or (state.money[0] > 0 and state.clog):
            break
        labels = [getattr(b, "description", "") for b in twin.takes_box.children]
        fills = [i for i, label in enumerate(labels) if "fills the order" in label]
        fills = fills or [i for i, label in enumerate(labels) if label.startswith("Take")]  # else progress
        if not twin.roll_button.disabled:
            page.locator(".offal-roll").click()
            twin.roll_button.click()
        elif not twin.reserve_button.disabled:
            page.locator(".offal-roll-reserve").click()
            twin.reserve_button.click()
        elif fills:
            label = twin.takes_box.children[fills[0]].description
            expect(page.locator(f".offal-take-{fills[0]}")).to_have_text(label, timeout=LOAD_TIMEOUT)
            page.locator(f".offal-take-{fills[0]}").click()
            twin.take(fills[0])
        else:
            page.locator(".offal-end-turn").click()
            twin.end_turn_button.click()
        same_view(page, twin)
    assert twin.state.money[0] > 0 and twin.state.clog, "the twin never filled an order with parts on The Clog"
    chart = page_chart(page)
    assert chart["parts on The Clog"][-1] == len(twin.state.clog)
    assert chart["Plunger 1 (you)"][-1] == twin.state.money[0]
    twin.close()
