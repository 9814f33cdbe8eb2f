"""Click-to-updated-table latency of every dashboard (``widgets/<game>.ipynb``), in Debian's Chromium.

Run: ``.venv/bin/python benchmarks/clicks.py [--clicks N] [--game NAME] [--no-profile]``; ``run_all.py`` runs the
same measurement and ``tests/browser/test_click_latency.py`` asserts it holds on a page. Goal (issue 20): under
100 ms from a click on the table to the table and its charts showing the move.

How one click is timed, and why so:

- Each dashboard is served by its own Voila (``tests/support/servers.start_voila``) and opened in Chromium. A
  headless twin of the dashboard's first table (same class, same seed) plays the same clicks in this process,
  so it knows what the page must show after each one: the status line, the number of log lines and the newest,
  and every chart's traces (names and y values). A dashboard's bots are seeded, so twin and page agree.
- Before the click the page must show the twin's current state. A script in the page then records
  ``performance.now()`` when the click event arrives (a capture listener on the document) and again when a
  ``MutationObserver`` on the table first sees the page show the twin's new state: the difference is the
  latency, measured by the page's own clock, so Playwright's round trips are not in it.
- The twin's click is timed too ("handler"): the Python work of the move without the kernel, the network and
  the browser. With ``--no-profile`` left off, the slowest dashboard's handler is profiled (pyinstrument), to
  show where the server's share of the time goes.

A click policy per game picks moves a person would make that change the table (buy a card, roll, draw, place a
tile): see ``POLICIES``.
"""

from __future__ import annotations

import argparse
import contextlib
import html
import math
import re
import shutil
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import compare_openspiel as cos
from goals import DASHBOARD_GAMES, goal
from playwright.sync_api import Browser, Page, sync_playwright

from playbook.games import planet_unknown as planet
from playbook.widgets.common import TableView
from playbook.widgets.mars_needs_mechanics import MarsNeedsMechanicsTable
from playbook.widgets.offal_game import OffalTable
from playbook.widgets.parts_unknown import PartsUnknownTable
from playbook.widgets.planet_unknown import PlanetUnknownTable

REPO_ROOT = Path(__file__).resolve().parent.parent
TESTS_DIR = REPO_ROOT / "tests"
if str(TESTS_DIR) not in sys.path:  # the Jupyter server helpers the browser tests use
    sys.path.insert(0, str(TESTS_DIR))

from support.lab import allow_only_loopback, open_voila  # noqa: E402
from support.servers import JupyterServer, start_voila  # noqa: E402

CHROMIUM_ARGS = [  # as tests/browser/conftest.py launches it: quiet, offline
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-dev-shm-usage",
]
LOAD_TIMEOUT_MS = 240_000  # a dashboard renders in seconds on an idle machine, in a minute or more on a busy one
CLICK_TIMEOUT_MS = 60_000  # the most a click is waited for; a test's bound is far lower


def chromium_path() -> str | None:
    """Debian's Chromium (``make chromium``), as the browser tests find it."""
    found = shutil.which("chromium")
    return found or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None)


# -- what the table shows ----------------------------------------------------------------------------------------
def words(markup: str) -> str:
    """The text a page shows for ``markup`` (tags dropped, entities decoded, white space collapsed), as the page
    script reads ``textContent``."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]*>", "", markup))).strip()


def number(value: Any) -> str:
    """A chart value as the page script writes it: whole numbers without a decimal point, else 6 decimals."""
    if value is None:
        return "null"
    as_float = float(value)
    if math.isnan(as_float):
        return "null"
    if as_float.is_integer():
        return str(int(as_float))
    return repr(round(as_float, 6))


def chart_key(spec: Mapping[str, Any]) -> str:
    """A chart's traces (names and y values) as the page script writes them, from the spec the chart shows
    (``LiveChart.spec``: reading it builds no ``go.Figure``)."""
    return ";".join(
        f"{trace.get('name') or ''}|{','.join(number(v) for v in (trace.get('y') or ()))}" for trace in spec["data"]
    )


def table_state(twin: TableView) -> dict[str, Any]:
    """What the page must show for the twin's match: status line, log (count and newest line), charts."""
    lines = twin.log.lines[-twin.log.limit :]
    return {
        "status": words(twin.status.text),
        "log": len(lines),
        "newest": words(html.escape(lines[-1])) if lines else "",
        "charts": sorted(chart_key(chart.spec) for chart in twin.live_charts()),
    }


def root_selector(twin: TableView) -> str:
    """The CSS of the dashboard's playable table: its own ``playbook-*`` class, never a read-only copy."""
    own = next(c for c in twin.widget._dom_classes if c.startswith("playbook-"))
    return f".{own}:not(.playbook-read-only)"


#: ``stateOf(root)`` and ``same(a, b)`` in the page: the page's reading of ``table_state``.
PAGE_STATE_JS = r"""
const words = (s) => (s || '').replace(/\s+/g, ' ').trim();
const num = (v) => { const x = Number(v);
  return (v === null || v === undefined || Number.isNaN(x)) ? 'null'
    : Number.isInteger(x) ? String(x) : String(Math.round(x * 1e6) / 1e6); };
const stateOf = (root) => {
  if (!root) return null;
  const status = root.querySelector('.playbook-status');
  const log = root.querySelector('.playbook-log');
  const lines = log ? log.querySelectorAll('.playbook-log-line') : [];
  const charts = Array.from(root.querySelectorAll('.js-plotly-plot')).map((p) => (p.data || [])
    .map((t) => `${t.name ?? ''}|${Array.from(t.y ?? [], num).join(',')}`).join(';')).sort();
  return {status: words(status && status.textContent), log: lines.length,
          newest: lines.length ? words(lines[0].textContent) : '', charts};
};
const same = (a, b) => !!a && !!b && a.status === b.status && a.log === b.log && a.newest === b.newest
  && a.charts.length === b.charts.length && a.charts.every((c, i) => c === b.charts[i]);
"""


def page_state(page: Page, root: str) -> dict[str, Any] | None:
    state: dict[str, Any] | None = page.evaluate(
        f"(root) => {{ {PAGE_STATE_JS}; return stateOf(document.querySelector(root)); }}", root
    )
    return state


def wait_for_state(page: Page, root: str, expected: Mapping[str, Any], timeout: float = LOAD_TIMEOUT_MS) -> None:
    """Wait until the page's table shows ``expected``; on a timeout, say what differs."""
    try:
        page.wait_for_function(
            f"([root, want]) => {{ {PAGE_STATE_JS}; return same(stateOf(document.querySelector(root)), want); }}",
            arg=[root, dict(expected)],
            timeout=timeout,
        )
    except Exception as err:
        shown = page_state(page, root) or {}
        differs = {k: (shown.get(k), v) for k, v in expected.items() if shown.get(k) != v}
        raise AssertionError(f"the page never showed the twin's table (page, twin): {differs}") from err


PROBE_JS = f"""([root, want]) => {{ {PAGE_STATE_JS};
  const table = document.querySelector(root);
  const probe = {{clicked: null, updated: null}};
  const check = () => {{
    if (probe.clicked !== null && probe.updated === null && same(stateOf(table), want)) {{
      probe.updated = performance.now();
      observer.disconnect();
    }}
  }};
  const observer = new MutationObserver(check);
  observer.observe(table, {{subtree: true, childList: true, attributes: true, characterData: true}});
  document.addEventListener('click', () => {{ probe.clicked = performance.now(); }}, {{capture: true, once: true}});
  window.__playbookClick = {{probe, check}};
}}"""
PROBE_DONE_JS = "() => { const c = window.__playbookClick; c.check(); return c.probe.updated !== null; }"
PROBE_READ_JS = "() => window.__playbookClick.probe.updated - window.__playbookClick.probe.clicked"


# -- what to click -----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Click:
    """A move on the table: the element to click (CSS inside the table) and the same click on the twin.

    ``first``: an element clicked before, untimed, that only the page acts on (Planet Unknown's tray tile), and
    ``ready`` the CSS that shows it took."""

    label: str
    selector: str
    press: Callable[[], object]
    first: str | None = None
    ready: str | None = None


def titled(description: str) -> str:
    """An ipywidgets button by its label (its title: an icon makes the accessible name inexact)."""
    return f"button.widget-button[title='{description}']"


def mars_click(twin: Any) -> Click | None:
    """Buy the first card the market lets you buy; else finish selling, end the turn or pass (the bots move)."""
    for place, card in enumerate(twin.market_box.children):
        if not card.disabled:
            return Click(f"buy {card.description}", f".mnm-card-{place}", card.click)
    if twin.sell_panel.layout.display is None and not twin.done_selling_button.disabled:
        return Click("Done selling", titled("Done selling"), twin.done_selling_button.click)
    for name, widget in (("End turn", twin.end_turn_button), ("Pass", twin.pass_button)):
        if not widget.disabled:
            return Click(name, titled(name), widget.click)
    return None


def offal_click(twin: Any) -> Click | None:
    """Roll; roll the reserve's d4; fill an order (else take parts); else end the turn (the bot plays its own)."""
    if not twin.roll_button.disabled:
        return Click("Roll", ".offal-roll", twin.roll_button.click)
    if not twin.reserve_button.disabled:
        return Click("Roll the reserve", ".offal-roll-reserve", twin.reserve_button.click)
    labels = [getattr(child, "description", "") for child in twin.takes_box.children]
    takes = [i for i, label in enumerate(labels) if "fills the order" in label]
    takes = takes or [i for i, label in enumerate(labels) if label.startswith("Take")]
    if takes:
        return Click(labels[takes[0]], f".offal-take-{takes[0]}", lambda: twin.take(takes[0]))
    if not twin.end_turn_button.disabled:
        return Click("End turn", ".offal-end-turn", twin.end_turn_button.click)
    return None


def parts_click(twin: Any) -> Click | None:
    """Stock the ticked cards (none); draw one card at a time; stock what is drawn; roll for Viktor; pass."""
    if twin.setup_panel.layout.display != "none" and not twin.choose_button.disabled:
        return Click("Stock the ticked cards", titled("Stock the ticked cards"), twin.choose_button.click)
    draw = twin.draw_buttons.get(1)
    if draw is not None and not draw.disabled and draw.layout.display is None:
        return Click("Draw 1", ".pu-draw-1", draw.click)
    candidates = (
        ("Stock at this price", titled("Stock at this price"), twin.stock_button),
        ("Roll for Viktor", ".pu-roll", twin.roll_button),
        ("Pass", ".pu-pass", twin.pass_button),
    )
    for label, selector, widget in candidates:
        if not widget.disabled and widget.layout.display != "none":
            return Click(label, selector, widget.click)
    return None


def planet_click(twin: Any) -> Click | None:
    """Place the first tray tile (unturned) at the middle one of its legal places; or pick an offered square."""
    board = twin.planet
    if board.mode == "square" and board.targets:
        row, col = (int(part) for part in sorted(board.targets)[0].split(","))
        return Click(f"square {row},{col}", f".pu-planet .pu-sq-{row}-{col}", lambda: board.click(row, col))
    if board.mode != "place" or not board.tiles:
        return None
    tile = board.tiles[0]
    shape = tile["orientations"]["0"]
    legal = [
        action
        for action in twin.state.legal_actions()
        if isinstance(action, planet.PlaceTile)
        and action.stack == tile["stack"]
        and action.orientation == shape["canon"]
    ]
    if not legal:
        return None
    action = legal[len(legal) // 2]
    row, col = action.row + shape["cells"][0][1], action.col + shape["cells"][0][0]

    def press() -> None:
        board.select(0)
        board.click(row, col)

    return Click(
        f"place {tile['label']} at {row},{col}",
        f".pu-planet .pu-sq-{row}-{col}",
        press,
        first=".pu-tray-tile-0",
        ready=".pu-tray-tile-0.pu-tray-selected",
    )


@dataclass(frozen=True)
class Dashboard:
    """A dashboard: its notebook, its first table as the notebook builds it, and the clicks to make on it."""

    game: str
    table: Callable[[], TableView]
    next_click: Callable[[Any], Click | None]

    @property
    def notebook(self) -> Path:
        return REPO_ROOT / "widgets" / f"{self.game}.ipynb"


DASHBOARDS: dict[str, Dashboard] = {
    "mars_needs_mechanics": Dashboard("mars_needs_mechanics", lambda: MarsNeedsMechanicsTable(seed=1), mars_click),
    "parts_unknown": Dashboard("parts_unknown", lambda: PartsUnknownTable(seed=1), parts_click),
    "offal_game": Dashboard("offal_game", lambda: OffalTable(seed=1), offal_click),
    "planet_unknown": Dashboard("planet_unknown", lambda: PlanetUnknownTable(seed=1), planet_click),
}
POLICIES = {game: dashboard.next_click for game, dashboard in DASHBOARDS.items()}


# -- measuring ---------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ClickTiming:
    label: str
    milliseconds: float  # click to updated table and charts, by the page's clock
    handler_milliseconds: float  # the twin's Python handler for the same click, headless (CPU time)
    chart_changed: bool


@dataclass
class DashboardResult:
    game: str
    clicks: list[ClickTiming] = field(default_factory=list)
    error: str = ""

    @property
    def median(self) -> float:
        return statistics.median(c.milliseconds for c in self.clicks) if self.clicks else math.nan

    @property
    def handler_median(self) -> float:
        return statistics.median(c.handler_milliseconds for c in self.clicks) if self.clicks else math.nan


def twin_clicks(dashboard: Dashboard, twin: TableView, clicks: int) -> Iterator[tuple[Click, dict[str, Any], float]]:
    """Up to ``clicks`` moves on the twin: each click, the state before it, and its handler's milliseconds
    (the twin is then in the state after it)."""
    for _ in range(clicks):
        click = dashboard.next_click(twin)
        if click is None:
            return
        before = table_state(twin)
        start = time.process_time()  # CPU time: on a loaded machine wall time measures the other processes
        click.press()
        handler = 1000 * (time.process_time() - start)
        if table_state(twin) == before:
            raise AssertionError(f"{dashboard.game}: the click {click.label!r} changed nothing on the table")
        yield click, before, handler


def measure_dashboard(page: Page, server: JupyterServer, dashboard: Dashboard, clicks: int) -> DashboardResult:
    """Open the dashboard and time ``clicks`` moves on its table (see the module docstring)."""
    open_voila(page, server)
    twin = dashboard.table()
    root = root_selector(twin)
    table = page.locator(root).first
    table.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    result = DashboardResult(dashboard.game)
    try:
        wait_for_state(page, root, table_state(twin))
        for click, before, handler in twin_clicks(dashboard, twin, clicks):
            wait_for_state(page, root, before)  # the page has caught up with the previous click
            if click.first is not None:
                table.locator(click.first).first.click()
                table.locator(click.ready or click.first).first.wait_for(state="attached")
            expected = table_state(twin)
            page.evaluate(PROBE_JS, [root, expected])
            table.locator(click.selector).first.click()
            try:
                page.wait_for_function(PROBE_DONE_JS, timeout=CLICK_TIMEOUT_MS)
            except Exception as err:
                shown = page_state(page, root) or {}
                differs = {k: (shown.get(k), v) for k, v in expected.items() if shown.get(k) != v}
                raise AssertionError(f"{dashboard.game}: {click.label!r} never updated the page: {differs}") from err
            milliseconds = float(page.evaluate(PROBE_READ_JS))
            changed = expected["charts"] != before["charts"]
            result.clicks.append(ClickTiming(click.label, milliseconds, handler, changed))
    finally:
        twin.close()
    return result


@contextlib.contextmanager
def chromium() -> Iterator[Browser]:
    path = chromium_path()
    if path is None:
        raise FileNotFoundError("Debian chromium not found: run `make chromium` (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def measure_all(clicks: int, games: Sequence[str] = DASHBOARD_GAMES) -> dict[str, DashboardResult]:
    """Every dashboard, each in its own Voila and browser context; a dashboard that fails says why."""
    results: dict[str, DashboardResult] = {}
    try:
        with chromium() as browser:
            for game in games:
                server = start_voila(DASHBOARDS[game].notebook)
                context = browser.new_context()
                try:
                    allow_only_loopback(context)
                    context.set_default_timeout(LOAD_TIMEOUT_MS)
                    results[game] = measure_dashboard(context.new_page(), server, DASHBOARDS[game], clicks)
                except Exception as err:  # the report goes on with the other dashboards
                    results[game] = DashboardResult(game, error=f"{type(err).__name__}: {str(err)[:300]}")
                finally:
                    context.close()
                    server.stop()
    except Exception as err:  # no browser at all: every dashboard says why
        for game in games:
            results.setdefault(game, DashboardResult(game, error=f"{type(err).__name__}: {str(err)[:300]}"))
    return results


def handler_times(clicks: int, games: Sequence[str] = DASHBOARD_GAMES) -> dict[str, list[float]]:
    """Headless: the milliseconds of each click's Python handler per dashboard (no kernel, no browser)."""
    found = {}
    for game in games:
        twin = DASHBOARDS[game].table()
        try:
            found[game] = [handler for _, _, handler in twin_clicks(DASHBOARDS[game], twin, clicks)]
        finally:
            twin.close()
    return found


def press_clicks(dashboard: Dashboard, twin: TableView, clicks: int) -> None:
    """The twin's handlers alone, as a profile should see them (no reading of the table between clicks)."""
    for _ in range(clicks):
        click = dashboard.next_click(twin)
        if click is None:
            return
        click.press()


def slowest_handler_profile(clicks: int, games: Sequence[str] = DASHBOARD_GAMES) -> cos.Profile:
    """A pyinstrument profile of the click handlers of the dashboard whose handlers are slowest (headless)."""
    times = handler_times(clicks, games)
    slowest = max(times, key=lambda game: statistics.median(times[game]) if times[game] else 0.0)
    twin = DASHBOARDS[slowest].table()
    try:
        median = statistics.median(times[slowest]) if times[slowest] else math.nan
        title = f"{slowest} dashboard, {clicks} click handlers in Python (median {median:.0f} ms each)"
        return cos.profile(title, lambda: press_clicks(DASHBOARDS[slowest], twin, clicks), top=8)
    finally:
        twin.close()


def print_handlers(clicks: int, games: Sequence[str]) -> None:
    """The headless handler figures alone: a quick before/after of a change to a table's redraw."""
    print(f"{'dashboard':22} {'median':>8}  Python handler per click, CPU ms (no kernel, no browser)")
    for game, times in handler_times(clicks, games).items():
        median = statistics.median(times) if times else math.nan
        print(f"{game:22} {median:6.1f}ms  {', '.join(f'{t:.0f}' for t in times)}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clicks", type=int, default=5, help="clicks per dashboard; the median is the figure")
    parser.add_argument("--game", action="append", choices=DASHBOARD_GAMES, help="only this dashboard (repeatable)")
    parser.add_argument("--no-profile", action="store_true", help="skip the profile of the slowest handler")
    parser.add_argument("--handlers", action="store_true", help="only the Python handlers, headless (no browser)")
    args = parser.parse_args(argv)
    games = args.game or list(DASHBOARD_GAMES)
    if args.handlers:
        print_handlers(args.clicks, games)
        return
    results = measure_all(args.clicks, games)
    print(f"{'dashboard':22} {'median':>8}  {'goal':8} {'verdict':7}  clicks (ms) / Python handler alone (ms)")
    for game in games:
        result = results[game]
        chosen = goal(f"click/{game}")
        if not result.clicks:
            print(f"{game:22} {'-':>8}  {chosen.target:8} {'N/A':7}  {result.error}")
            continue
        each = ", ".join(f"{c.milliseconds:.0f}" for c in result.clicks)
        handlers = ", ".join(f"{c.handler_milliseconds:.0f}" for c in result.clicks)
        verdict = chosen.verdict(result.median).value
        print(f"{game:22} {result.median:6.0f}ms  {chosen.target:8} {verdict:7}  {each} / {handlers}")
    if not args.no_profile:
        found = slowest_handler_profile(args.clicks, games)
        print(f"\n{found.title} ({found.milliseconds:.0f} ms profiled)")
        print("  CPU is in (own time):")
        print("\n".join(f"    {spot}" for spot in found.own))
        print("  charged to our code (innermost playbook function on the stack):")
        print("\n".join(f"    {spot}" for spot in found.ours))


if __name__ == "__main__":
    main()
