"""Click to updated table and chart, in every dashboard, in Chromium (issue 20).

The measurement is ``benchmarks/clicks.py``'s (the page's own clock, from the click event to the moment a
MutationObserver sees the table show what a headless twin of it shows after the same click). This test records
the figures (printed, and written as JSON under the test's tmp directory) and asserts what must hold on a busy CI
machine: every click updates the table (status line, log and charts, as the twin has them), at least one of them
redraws a chart, and the median update arrives within a generous bound. The 100 ms goal itself is the benchmark's to
report (``make benchmark``), not a timed test's.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

import pytest
from playwright.sync_api import Page
from support.notebooks import REPO_ROOT
from support.servers import JupyterServer

from playbook.games import available

pytestmark = pytest.mark.browser

BENCHMARKS = REPO_ROOT / "benchmarks"
if str(BENCHMARKS) not in sys.path:  # benchmarks/ is a folder of scripts, not a package
    sys.path.insert(0, str(BENCHMARKS))
clicks = importlib.import_module("clicks")

CLICKS = 3
#: What the median click must manage on a loaded 2-core CI machine (one click may take longer: the first move of a
#: game can cost several times the next ones); the goal, 100 ms, is the benchmark's to report.
BOUND_MS = 5_000


def test_every_dashboard_has_a_click_policy() -> None:
    assert sorted(clicks.DASHBOARDS) == sorted(available())
    for game, dashboard in clicks.DASHBOARDS.items():
        assert dashboard.notebook == REPO_ROOT / "widgets" / f"{game}.ipynb"
        assert dashboard.notebook.exists()


@pytest.mark.parametrize("game", available())
def test_a_click_updates_the_table_and_chart_in_time(
    game: str, page: Page, voila_server_factory: Callable[[Path], JupyterServer], tmp_path: Path
) -> None:
    dashboard = clicks.DASHBOARDS[game]
    result = clicks.measure_dashboard(page, voila_server_factory(dashboard.notebook), dashboard, CLICKS)
    record = {"game": game, "median_ms": result.median, "clicks": [asdict(c) for c in result.clicks]}
    (tmp_path / f"click_latency_{game}.json").write_text(json.dumps(record, indent=1), encoding="utf-8")
    print(f"{game}: click to updated table, ms: {[round(c.milliseconds) for c in result.clicks]}")
    assert len(result.clicks) == CLICKS, f"the policy ran out of moves after {len(result.clicks)} clicks"
    assert any(c.chart_changed for c in result.clicks), "no click redrew a chart: the chart was never timed"
    assert all(timing.milliseconds > 0 for timing in result.clicks)  # timed from the click event to the update
    assert result.median < BOUND_MS, result.clicks
