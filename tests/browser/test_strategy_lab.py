"""The strategy lab in a real browser: the Offal dashboard's Strategy lab tab, a knob moved, a tournament run.

A person switches to the **Strategy lab** tab, moves the ``age_until`` slider two steps with the arrow keys (an
ipywidgets slider is a noUiSlider: its handle takes the keyboard), and presses **Run tournament**. A headless
``StrategyLab`` with the same game, seed, games, opponents and knob is the engine's word on what the page's
leaderboard chart (win rate by strategy, with intervals) must then hold. Every wait is on page state.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from support.lab import open_voila
from support.notebooks import REPO_ROOT
from support.servers import JupyterServer

from playbook.games import offal_game as og
from playbook.games.offal_game.agents import TunedPlunger
from playbook.widgets.lab import StrategyLab
from playbook.widgets.offal_game import DEFAULT_AGENTS

pytestmark = pytest.mark.browser
DASHBOARD = REPO_ROOT / "widgets" / "offal_game.ipynb"
LOAD_TIMEOUT = 120_000
RUN_TIMEOUT = 120_000
LAB = ".playbook-strategy-lab"
#: What the dashboard's ``LabTabs(seed=1)`` builds: the lab's defaults (games 40, the first three opponents).
SEED, GAMES, PLAYERS = 1, 40, 2


def twin_leaderboard(age_until: int) -> list[dict[str, Any]]:
    twin = StrategyLab(og, TunedPlunger, DEFAULT_AGENTS, players=PLAYERS, games=GAMES, seed=SEED)
    twin.knobs["age_until"].value = age_until
    assert twin.run() is not None
    traces = [{"x": [str(v) for v in t.x], "y": [round(float(v), 9) for v in t.y]} for t in twin.win_chart.data]
    twin.close()
    return traces


def page_leaderboard(page: Page) -> list[dict[str, Any]]:
    traces: list[dict[str, Any]] = page.evaluate(
        """(lab) => {
          const plot = document.querySelector(lab + ' .js-plotly-plot');
          if (!plot || !plot.data) return [];
          const plain = (v) => (ArrayBuffer.isView(v) ? Array.from(v) : Array.from(v || []));
          return plot.data.map((t) => ({x: plain(t.x).map(String), y: plain(t.y).map(Number)}));
        }""",
        LAB,
    )
    return [{"x": t["x"], "y": [round(float(v), 9) for v in t["y"]]} for t in traces]


def test_moving_a_knob_and_running_draws_the_headless_leaderboard(
    page: Page, voila_server_factory: Callable[[Path], JupyterServer]
) -> None:
    app = voila_server_factory(DASHBOARD)
    open_voila(page, app)
    tab = page.locator(".playbook-lab-tabs .lm-TabBar-tab", has_text="Strategy lab")
    expect(tab).to_be_visible(timeout=LOAD_TIMEOUT)
    tab.click()
    lab = page.locator(LAB)
    expect(lab).to_be_visible(timeout=LOAD_TIMEOUT)
    assert page.locator(".jp-InputArea-editor").count() == 0  # no code shown

    age_slider = lab.locator(".widget-slider", has_text="age until")
    expect(age_slider.locator(".widget-readout")).to_have_text("1", timeout=LOAD_TIMEOUT)
    handle = age_slider.locator(".noUi-handle")
    handle.focus()
    handle.press("ArrowRight")
    expect(age_slider.locator(".widget-readout")).to_have_text("2", timeout=LOAD_TIMEOUT)
    handle.press("ArrowRight")
    expect(age_slider.locator(".widget-readout")).to_have_text("3", timeout=LOAD_TIMEOUT)

    expected = twin_leaderboard(age_until=3)
    assert expected and expected[0]["x"], "the headless lab drew no leaderboard"
    assert expected != twin_leaderboard(age_until=1), "the knob must change the leaderboard for the test to see it"
    lab.get_by_role("button", name="Run tournament").click()
    want = [[t["x"], t["y"]] for t in expected]
    with contextlib.suppress(PlaywrightTimeoutError):  # the assertion below then shows the difference
        page.wait_for_function(
            """([lab, want]) => {
                 const p = document.querySelector(lab + ' .js-plotly-plot');
                 if (!p || !p.data || p.data.length !== want.length) return false;
                 const plain = (v) => (ArrayBuffer.isView(v) ? Array.from(v) : Array.from(v || []));
                 return p.data.every((t, k) =>
                   JSON.stringify(plain(t.x).map(String)) === JSON.stringify(want[k][0])
                   && plain(t.y).every((v, j) => Math.abs(Number(v) - want[k][1][j]) < 1e-9)); }""",
            arg=[LAB, want],
            timeout=RUN_TIMEOUT,
        )
    assert page_leaderboard(page) == expected
    # the settings tried are kept in the history table, with the knob as moved
    expect(lab.locator("table")).to_contain_text("age_until", timeout=RUN_TIMEOUT)
    expect(lab.locator("table tbody tr")).to_have_count(1, timeout=RUN_TIMEOUT)
