"""What a click on a game's table costs its charts (issue 20: click to updated table and chart under 100 ms).

A click used to rebuild every chart as a ``go.Figure`` (every property validated, the template copied) and
resend it whole: most of a click's time. Now a table redraws its charts from plain specs: no figure is built
on a click, a chart whose figure did not change sends nothing, and a layout that did not change is kept (the
same object), so only the traces are new (the page gets them patched into the chart it drew: ``ChartFitter``).
What the charts show must not change: after the clicks each chart equals the chart of a fresh table put on the
same position.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import plotly.graph_objects as go
import pytest

from playbook.charts.common import template_json
from playbook.widgets.common import TableView
from playbook.widgets.views import GAME_TABLES, TABLE_BOTS

from .game_tables import make_table

CLICKS = 6


@pytest.fixture
def figure_builds(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every ``go.Figure`` built while the test runs (``make_subplots`` included), by where it was built."""
    builds: list[str] = []
    original = go.Figure.__init__

    def counting(self: go.Figure, *args: Any, **kwargs: Any) -> None:
        builds.append("figure")
        original(self, *args, **kwargs)

    monkeypatch.setattr(go.Figure, "__init__", counting)
    yield builds


def person_table(game: str) -> TableView:
    """A person in seat 0 against the game's bot, as a dashboard seats them."""
    return make_table(game, players=2, seed=1, lineup=("you", TABLE_BOTS[game]))


def click(table: TableView) -> None:
    """The person's first legal move, as its button plays it (``act``: the move, the bots, one redraw)."""
    assert table.match is not None and not table.match.is_over
    assert table.act(table.match.legal_actions()[0])


@pytest.mark.parametrize("game", list(GAME_TABLES))
def test_a_click_builds_no_figure_and_keeps_an_unchanged_layout(game: str, figure_builds: list[str]) -> None:
    table = person_table(game)
    try:
        charts = list(table.live_charts())
        assert charts
        sent = [chart.sent for chart in charts]
        for _ in range(CLICKS):
            if table.match is None or table.match.is_over:
                break
            before = [chart.spec for chart in charts]
            figure_builds.clear()
            click(table)
            assert not figure_builds, f"{game}: a click built {len(figure_builds)} figures"
            for chart, old in zip(charts, before, strict=True):
                if chart.spec["layout"] == old["layout"]:
                    assert chart.spec["layout"] is old["layout"], f"{game}: an unchanged layout was rebuilt"
                if chart.spec is old:
                    continue
                assert chart.spec != old, f"{game}: a chart resent a figure equal to the one shown"
        assert [chart.sent for chart in charts] != sent, f"{game}: no click changed a chart"
    finally:
        table.close()


@pytest.mark.parametrize("game", list(GAME_TABLES))
def test_spec_charts_share_one_template(game: str) -> None:
    """A spec chart carries the one cached template (sent by reference, never copied per click)."""
    table = person_table(game)
    try:
        click(table)
        for chart in table.live_charts():
            assert chart.spec["layout"]["template"] is template_json()
    finally:
        table.close()


@pytest.mark.parametrize("game", list(GAME_TABLES))
def test_charts_after_clicks_equal_a_fresh_table_at_the_same_position(game: str) -> None:
    table = person_table(game)
    fresh: TableView | None = None
    try:
        for _ in range(CLICKS):
            if table.match is None or table.match.is_over:
                break
            click(table)
        match = table.match
        assert match is not None
        fresh = GAME_TABLES[game].on_match(match.fork(len(match.steps)), table.seat, subscribe=True).play_on()
        assert fresh.match is not None and len(fresh.match.steps) == len(match.steps)
        shown = [chart.spec for chart in table.live_charts()]
        assert shown == [chart.spec for chart in fresh.live_charts()]
        # and what a test or the economy CSV reads of them (a go.Figure made from the spec) is the same data
        for chart, spec in zip(table.live_charts(), shown, strict=True):
            assert [(t.name, list(t.y)) for t in chart.data] == [(t.get("name"), t.get("y")) for t in spec["data"]]
    finally:
        table.close()
        if fresh is not None:
            fresh.close()
