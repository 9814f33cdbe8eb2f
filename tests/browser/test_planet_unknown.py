"""A person places a Planet Unknown tile in a real browser: the Voila dashboard.

The page is driven as a person would: focus the planet, press R to turn the tile, click a square. A headless
twin of the same table, with the same seed and the same calls (``select``, ``rotate``, ``click``), is the
engine's word on what the page must then show: the header, the status line and the tracks chart's data.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from support.lab import open_voila, plotly_data, wait_for_plotly
from support.notebooks import REPO_ROOT
from support.servers import JupyterServer

from playbook.games import planet_unknown as pu
from playbook.widgets.planet_unknown import PlanetUnknownTable, html_text

pytestmark = pytest.mark.browser
DASHBOARD = REPO_ROOT / "widgets" / "planet_unknown.ipynb"
LOAD_TIMEOUT = 90_000
CHART_TIMEOUT = 30_000


def chart_series(traces: Any) -> list[tuple[str, list[int]]]:
    return [(str(t["name"]), [int(y) for y in t["y"]]) for t in traces]


def twin_chart(twin: PlanetUnknownTable) -> list[tuple[str, list[int]]]:
    return chart_series([{"name": t.name, "y": list(t.y)} for t in twin.tracks_chart.data])


def wait_for_tracks_chart(page: Page, expected: list[tuple[str, list[int]]]) -> None:
    with contextlib.suppress(PlaywrightTimeoutError):  # the assertion below then shows the difference
        page.wait_for_function(
            """(ys) => { const p = document.querySelector('.pu-tracks-chart .js-plotly-plot');
                 if (!p || !p.data || p.data.length !== ys.length) return false;
                 return p.data.every((t, k) => Array.from(t.y).length === ys[k].length
                                              && Array.from(t.y).every((v, j) => Number(v) === ys[k][j])); }""",
            arg=[ys for _, ys in expected],
            timeout=CHART_TIMEOUT,
        )
    index = page.evaluate(
        "() => Array.from(document.querySelectorAll('.js-plotly-plot'))"
        ".indexOf(document.querySelector('.pu-tracks-chart .js-plotly-plot'))"
    )
    assert chart_series(plotly_data(page, index)) == expected


def same_view(page: Page, twin: PlanetUnknownTable) -> None:
    expect(page.locator(".pu-header-text")).to_have_text(html_text(twin.header.value), timeout=LOAD_TIMEOUT)
    expect(page.locator(".playbook-status").first).to_have_text(html_text(twin.status.text), timeout=LOAD_TIMEOUT)
    wait_for_tracks_chart(page, twin_chart(twin))


def test_voila_dashboard_places_a_tile_by_clicking(
    page: Page, voila_server_factory: Callable[[Path], JupyterServer]
) -> None:
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    expect(page.locator(".pu-square").first).to_be_visible(timeout=LOAD_TIMEOUT)
    assert page.locator(".jp-InputArea-editor").count() == 0  # no code shown
    wait_for_plotly(page, 0)
    twin = PlanetUnknownTable(seed=1)
    same_view(page, twin)
    assert twin.match is not None

    # turn the first tile once with the R key, then click where the twin's legal placement puts its first square
    twin.planet.select(0)
    twin.planet.rotate()
    tile = twin.planet.tiles[0]
    shape = tile["orientations"][str(twin.planet.orientation)]
    legal = [
        a
        for a in twin.state.legal_actions()
        if isinstance(a, pu.PlaceTile) and a.stack == tile["stack"] and a.orientation == shape["canon"]
    ]
    assert legal, "no legal placement in that orientation"
    action = legal[len(legal) // 2]
    row, col = action.row + shape["cells"][0][1], action.col + shape["cells"][0][0]
    square = page.locator(f".pu-sq-{row}-{col}")
    page.locator(".pu-tray-tile-0").click()
    page.locator(".pu-sq-6-6").hover()  # the middle of an empty planet: the first tile must touch the edge
    expect(page.locator(".pu-preview-text").first).to_contain_text("Not legal here", timeout=LOAD_TIMEOUT)
    assert page.locator(".pu-prev-free, .pu-prev-bad").count() > 0
    square.hover()
    page.keyboard.press("r")
    words = twin.planet.legal[str(action.stack)][f"{action.orientation},{action.row},{action.col}"]
    expect(page.locator(".pu-preview-text").first).to_have_text(f"Here: {words}", timeout=LOAD_TIMEOUT)
    square.click()
    steps = len(twin.match.steps)
    twin.planet.click(row, col)
    assert twin.match.steps[steps].action == action and twin.match.steps[steps].actor == "player"
    same_view(page, twin)
    expect(page.locator(f".pu-sq-{row}-{col}")).to_have_class(re.compile(r"\bpu-covered\b"), timeout=LOAD_TIMEOUT)
    mine = [t for t in twin.tracks_chart.data if t.name == "seat 0 (you)"]
    trackers = twin.state.observation(0)["boards"][0]["trackers"]
    assert [int(t.y[-1]) for t in mine] == list(trackers)
    assert sum(trackers) > 0
    twin.close()


def test_voila_dashboard_starts_a_game_on_another_planet(
    page: Page, voila_server_factory: Callable[[Path], JupyterServer]
) -> None:
    """Issue 14: a person picks a non-standard planet and corporation for their seat and presses New game; the
    page then draws that planet (Lacuna's holes, its legend) and that corporation's board, as the twin does."""
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    expect(page.locator(".pu-square").first).to_be_visible(timeout=LOAD_TIMEOUT)
    twin = PlanetUnknownTable(seed=1)
    twin.seat_setup.choose(0, "lacuna", "oasis")
    twin.new_game_panel.button.click()
    assert twin.observation["planets"][0] == "lacuna"
    page.locator(".pu-planet-choice-0 select").select_option(label="Lacuna")
    page.locator(".pu-corporation-choice-0 select").select_option(label="Oasis Ultd.")
    page.get_by_role("button", name="New game").first.click()
    holes = sum(1 for cell in twin.planet.cells if cell.get("h"))
    expect(page.locator(".pu-planet .pu-hole")).to_have_count(holes, timeout=LOAD_TIMEOUT)
    expect(page.locator(".pu-planet-legend").first).to_contain_text("Planet Lacuna", timeout=LOAD_TIMEOUT)
    expect(page.locator(".pu-corporation-board").first).to_contain_text("Oasis Ultd.", timeout=LOAD_TIMEOUT)
    same_view(page, twin)
    on_planet = sum(1 for cell in twin.planet.cells if cell["p"])
    assert page.locator(".pu-planet .pu-land, .pu-planet .pu-ice").count() == on_planet
    twin.close()


#: Every square of the live planet that carries a preview class (``pu-prev-*``) or a preview ghost: the class
#: list is matched by its prefix, so a preview class added later is checked too.
PREVIEW_MARKS = """() => Array.from(document.querySelectorAll('.pu-planet .pu-square'))
    .filter((sq) => Array.from(sq.classList).some((c) => c.startsWith('pu-prev-')) || sq.querySelector('.pu-ghost'))
    .map((sq) => sq.className)"""


def test_the_preview_leaves_no_trail_when_the_pointer_leaves_the_planet(
    page: Page, voila_server_factory: Callable[[Path], JupyterServer]
) -> None:
    """Issue 19 (review item 2): sweeping the pointer along row 6 then off the planet used to leave ten dashed red
    squares (``pu-prev-free`` was never taken off); now no square keeps any preview class or ghost."""
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    planet = page.locator(".pu-planet").first
    expect(planet.locator(".pu-tray-tile-0")).to_be_visible(timeout=LOAD_TIMEOUT)
    planet.locator(".pu-tray-tile-0").click()
    expect(planet.locator(".pu-tray-tile-0")).to_have_class(re.compile(r"\bpu-tray-selected\b"), timeout=LOAD_TIMEOUT)
    drawn: set[str] = set()
    for col in range(12):
        planet.locator(f".pu-sq-6-{col}").hover()
        # the preview follows the pointer: the hovered square is part of the tile drawn under it
        expect(planet.locator(f".pu-sq-6-{col}")).to_have_class(re.compile(r"\bpu-prev-"), timeout=LOAD_TIMEOUT)
        drawn.update(re.findall(r"pu-prev-\w+", " ".join(page.evaluate(PREVIEW_MARKS))))
    assert "pu-prev-free" in drawn  # the middle of an empty planet: illegal on free squares (dashed red)
    page.locator(".pu-header-text").hover()  # off the planet
    with contextlib.suppress(PlaywrightTimeoutError):  # the assertion below then names what stayed
        page.wait_for_function(f"() => ({PREVIEW_MARKS})().length === 0", timeout=CHART_TIMEOUT)
    assert page.evaluate(PREVIEW_MARKS) == []
    expect(page.locator(".pu-preview-text").first).to_have_text("")
