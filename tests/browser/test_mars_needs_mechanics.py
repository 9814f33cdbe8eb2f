"""A person plays Mars Needs Mechanics in a real browser: Voila dashboard and the JupyterLab notebook.

The page is driven as a person would (clicking market cards and buttons). A headless twin of the same
table, with the same seed and the same clicks, is the engine's word on what the page must then show.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect
from support.lab import error_outputs, open_notebook, open_voila, run_all_cells, wait_for_plotly
from support.notebooks import REPO_ROOT
from support.servers import JupyterServer

from playbook.widgets.mars_needs_mechanics import MarsNeedsMechanicsTable

pytestmark = pytest.mark.browser
DASHBOARD = REPO_ROOT / "widgets" / "mars_needs_mechanics.ipynb"


def widget_button(page: Locator, label: str) -> Locator:
    """An ipywidgets Button by its label (its title; an icon makes the accessible name inexact)."""
    return page.locator(f"button.widget-button[title='{label}']")


def visible_text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def wait_for_header(page: Locator, twin: MarsNeedsMechanicsTable) -> None:
    expected = visible_text(twin.header.value.split("<span")[0])
    expect(page.locator("h3").filter(has_text="Round").first).to_have_text(expected)


PLAYABLE = ".playbook-mnm-table:not(.playbook-read-only)"


def chart_lines(page: Page, index: int) -> dict[str, tuple[list[float], list[float]]]:
    """The lines of the playable table's index-th chart (0: values, 1: cogs)."""
    traces = page.evaluate(
        """([scope, i]) => Array.from(document.querySelector(scope).querySelectorAll('.js-plotly-plot')[i].data)
             .map(t => ({name: t.name, x: Array.from(t.x), y: Array.from(t.y)}))""",
        [PLAYABLE, index],
    )
    return {t["name"]: ([float(x) for x in t["x"]], [float(y) for y in t["y"]]) for t in traces}


def twin_lines(figure: object) -> dict[str, tuple[list[float], list[float]]]:
    return {t.name: ([float(x) for x in t.x], [float(y) for y in t.y]) for t in figure.data}  # type: ignore[attr-defined]


def wait_for_chart(page: Page, index: int, expected: dict[str, tuple[list[float], list[float]]]) -> None:
    page.wait_for_function(
        """([scope, i, names, lastY]) => { const table = document.querySelector(scope);
             const p = table && table.querySelectorAll('.js-plotly-plot')[i];
             if (!p || !p.data || p.data.length !== names.length) return false;
             return p.data.every((t, k) => t.name === names[k] && Number(Array.from(t.y).at(-1)) === lastY[k]); }""",
        arg=[PLAYABLE, index, list(expected), [ys[-1] for _, ys in expected.values()]],
    )
    assert chart_lines(page, index) == expected


def playable_table(page: Page) -> Locator:
    """The table a person plays (a lesson may also show a replay's read-only table, marked ``playbook-read-only``)."""
    return page.locator(PLAYABLE)


def play_in_both(page: Page, twin: MarsNeedsMechanicsTable, value_chart: int, cogs_chart: int) -> None:
    """Buy the first market card, then pass (and finish selling) until the first round is over.

    Everything is looked up inside the playable table: a lesson may also show a read-only table of a replay.
    """
    table = playable_table(page)
    state = twin.match.state
    assert table.locator(".mnm-card-0").inner_text() == twin.market_box.children[0].description
    table.locator(".mnm-card-0").click()
    twin.market_box.children[0].click()
    assert twin.match.state.cogs != state.cogs  # the purchase cost cogs
    wait_for_header(table, twin)
    for seat in range(twin.match.players):
        expect(table.locator(f".mnm-cogs-{seat}")).to_have_text(str(twin.match.state.cogs[seat]))
    wait_for_chart(page, cogs_chart, twin_lines(twin.cogs_chart))
    for _ in range(12):
        if twin.match.state.round > 1:
            break
        if twin.sell_panel.layout.display is None:
            widget_button(table, "Done selling").click()
            twin.done_selling_button.click()
        elif not twin.end_turn_button.disabled:  # after a purchase that leaves a mechanism buildable
            widget_button(table, "End turn").click()
            twin.end_turn_button.click()
        else:
            widget_button(table, "Pass").click()
            twin.pass_button.click()
        wait_for_header(table, twin)
    assert twin.match.state.round > 1, "the twin's first round did not end"
    wait_for_chart(page, value_chart, twin_lines(twin.value_chart))
    assert all(xs == [0.0, 1.0] for xs, _ in chart_lines(page, value_chart).values()), "round 1 is on the chart"


def test_voila_dashboard_plays_a_round(page: Page, voila_server_factory: Callable[[Path], JupyterServer]) -> None:
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    expect(page.locator(".mnm-card-0")).to_be_visible(timeout=90_000)
    assert page.locator(".jp-InputArea-editor").count() == 0  # no code shown
    wait_for_plotly(page, 1)
    twin = MarsNeedsMechanicsTable(seed=1)
    wait_for_header(playable_table(page), twin)
    play_in_both(page, twin, value_chart=0, cogs_chart=1)
    twin.close()


def test_lab_notebook_table_plays_a_round(page: Page, lab_server: JupyterServer) -> None:
    # Lab autosaves a notebook it ran: run a copy (in the ignored build/), never the committed lesson. Not in
    # test-results/: pytest-playwright empties that folder when each xdist worker starts, under another's feet.
    copy = REPO_ROOT / "build" / "lab-copies" / "mars_needs_mechanics.ipynb"
    copy.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(REPO_ROOT / "notebooks" / "mars_needs_mechanics.ipynb", copy)
    open_notebook(page, lab_server, copy.relative_to(REPO_ROOT).as_posix())
    assert run_all_cells(page), error_outputs(page)
    table = playable_table(page)
    expect(table.locator(".mnm-card-0")).to_be_visible(timeout=90_000)
    assert error_outputs(page) == []
    table.locator(".mnm-card-0").scroll_into_view_if_needed()
    twin = MarsNeedsMechanicsTable(seed=1)
    wait_for_header(table, twin)
    play_in_both(page, twin, value_chart=0, cogs_chart=1)
    twin.close()


def sync_cogs(table: Locator, twin: MarsNeedsMechanicsTable) -> None:
    """Wait until the page shows every seat's cogs as the twin has them (the page has caught up with a click)."""
    for seat in range(twin.match.players):
        expect(table.locator(f".mnm-cogs-{seat}")).to_have_text(str(twin.match.state.cogs[seat]))


def click_card(table: Locator, twin: MarsNeedsMechanicsTable, name: str) -> None:
    """Buy the first market card called ``name`` on the page and at the twin."""
    obs = twin.match.state.observation(twin.seat)
    component = obs["components"].index(name)
    place = obs["market"].index(component)
    card = table.locator(f".mnm-card-{place}")
    expect(card).to_have_text(twin.market_box.children[place].description)
    card.click()
    twin.buy(component)
    sync_cogs(table, twin)


def test_voila_x_ray_goggles_show_the_top_cards_to_their_owner(
    page: Page, voila_server_factory: Callable[[Path], JupyterServer]
) -> None:
    """Issue 19: seed 1, buy Lens, buy Wire, build the X-Ray Goggles: the top 3 cards appear, and the Goggles
    show as built (no Build button left to press)."""
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    table = playable_table(page)
    expect(table.locator(".mnm-card-0")).to_be_visible(timeout=90_000)
    twin = MarsNeedsMechanicsTable(seed=1)
    try:
        wait_for_header(table, twin)
        expect(table.locator(".mnm-deck-top")).to_have_count(0)
        click_card(table, twin, "Lens")
        click_card(table, twin, "Wire")
        build = table.locator("button.widget-button", has_text="Build X-Ray Goggles")
        expect(build).to_be_enabled()
        build.click()
        twin.build_buttons["x_ray_goggles"].click()
        top = twin.match.state.observation(twin.seat)["deck_top"]
        names = " · ".join(twin.game_rules.components[c] for c in top)
        shown = table.locator(".mnm-deck-top")
        expect(shown).to_be_visible()
        expect(shown).to_contain_text(f"the top 3 cards of the Component Deck, top first: {names}")
        expect(table.locator(".mnm-built", has_text="X-Ray Goggles: built")).to_be_visible()
        expect(build).to_be_hidden()
    finally:
        twin.close()


def test_voila_order_line_explorer_takes_a_lower_case_name(
    page: Page, voila_server_factory: Callable[[Path], JupyterServer]
) -> None:
    """Issue 19: typing "lens" in the explorer's tag box was dropped by the browser without a word."""
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    box = page.locator(".jupyter-widget-tagsinput").first
    expect(box).to_be_visible(timeout=90_000)
    first_row = page.locator("table.mnm-explorer-table tbody tr").first
    expect(first_row.locator("td").nth(1)).to_have_text("Aether Tube")  # nothing bought: the start order
    typed = box.locator("input.jupyter-widget-taginput")
    tags = box.locator(".jupyter-widget-tag:not(input)")  # the text box carries the tag class too
    box.click()
    typed.fill("lens")
    typed.press("Enter")
    expect(tags).to_have_text(["Lens"])
    expect(first_row.locator("td").nth(1)).to_have_text("Lens")  # bought: to the front of the Order Line
    size = box.bounding_box()
    assert size is not None
    box.click(position={"x": size["width"] - 4, "y": size["height"] / 2})  # beside the tags: shows the text box
    typed.fill("lenz")
    typed.press("Enter")
    expect(page.locator(".mnm-explorer-note")).to_contain_text("“lenz” is not a component")
    expect(tags).to_have_text(["Lens"])
