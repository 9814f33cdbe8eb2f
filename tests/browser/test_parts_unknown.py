"""Parts Unknown in a real browser: the Voila dashboard's going-rate explorer answers a price change.

A person picks another price for Ann's Feet in the explorer's first row; the "What sells" chart must then
show what ``economy.demand_resolution`` says for the changed market.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from support.lab import open_voila, plotly_data, wait_for_plotly
from support.notebooks import REPO_ROOT
from support.servers import JupyterServer

from playbook.games.parts_unknown import economy

pytestmark = pytest.mark.browser

DASHBOARD = REPO_ROOT / "widgets" / "parts_unknown.ipynb"
MARKET = "Ann: 2 Feet at ${ann}\nBob: 2 Feet at $14\nCy: 3 Hands at $18"  # the dashboard's market


def sold_per_pile(ann: int) -> list[int]:
    """Cards sold from each pile of the dashboard's market (demand 2 + X = 6 Extremities)."""
    market = MARKET.format(ann=ann)
    outcome = economy.demand_resolution(market, 6, category="Extremities")
    sold = {(o.seller, o.card, o.price): o.count for o in outcome.sold}
    return [sold.get((o.seller, o.card, o.price), 0) for o in economy.parse_market(market)]


def wait_for_sold(page: Page, expected: list[int]) -> None:
    page.wait_for_function(
        "(want) => { const p = document.querySelectorAll('.playbook-pu-explorer .js-plotly-plot')[0];"
        " return p && p.data && p.data.length > 0 && JSON.stringify(Array.from(p.data[0].y).map(Number))"
        " === JSON.stringify(want); }",
        arg=expected,
    )


def test_changing_a_price_in_the_explorer_redraws_what_sells(
    page: Page, voila_server_factory: Callable[[Path], JupyterServer]
) -> None:
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    expect(page.get_by_role("heading", name="Parts Unknown").first).to_be_visible()
    wait_for_plotly(page)
    before = sold_per_pile(11)
    assert before == [2, 0, 3]  # Bob's $14 Feet are above the $11 going rate
    wait_for_sold(page, before)
    assert [float(v) for v in plotly_data(page)[0]["y"]] == before

    page.locator(".pu-price-0 select").select_option(label="$14")  # Ann now asks what Bob asks

    after = sold_per_pile(14)
    assert after == [2, 2, 3]
    wait_for_sold(page, after)
    assert [float(v) for v in plotly_data(page)[0]["y"]] == after
    expect(page.locator(".pu-explorer-summary")).to_contain_text("Surplus of 1")
    expect(page.locator(".pu-explorer-table")).to_contain_text("Ann: 2 Feet at $14")


def test_the_dashboard_table_takes_a_click(page: Page, voila_server_factory: Callable[[Path], JupyterServer]) -> None:
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    table = page.locator(".playbook-pu-table")
    table.wait_for(state="visible")  # the widgets render some seconds after the page
    expect(table.get_by_role("heading")).to_contain_text("to move: you")
    table.get_by_role("button", name="Stock the ticked cards").click()  # nothing ticked: keep the hand hidden
    expect(table.get_by_role("heading")).to_contain_text("Step 1 (Buy Stuff)")
    expect(table.locator(".playbook-status")).to_contain_text("You: choose nothing to stock")
    table.get_by_role("button", name="Draw 2: $4 (+$4)").click()
    expect(table.locator(".playbook-status")).to_contain_text("You: draw 2 cards")
    expect(table.get_by_role("button", name="Draw 1: $8 (+$8)")).to_be_visible()
    # Dollar amounts in the table's HTML stay dollar signs: nothing in the table is typeset as mathematics.
    expect(table.locator(".pu-money-0")).to_contain_text("$36")
    expect(table.locator(".pu-draw-1")).to_contain_text("$8")
    typeset = page.evaluate(
        "() => [...document.querySelectorAll('.playbook-pu-table mjx-container, .playbook-pu-table .MathJax')]"
        ".map(m => m.parentElement.textContent.slice(0, 80))"
    )
    assert typeset == [], f"MathJax typeset dollar amounts: {typeset}"
