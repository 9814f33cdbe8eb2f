"""Closing a view or starting a new game releases every widget model it made.

Counts the kernel's live widget models (``ipywidgets.Widget.widgets``) before and after 50 new games.
"""

from __future__ import annotations

import importlib
from typing import Any

import ipywidgets as w
import pytest

from playbook.widgets.common import LiveChart, close_widgets, live_widgets, replace_children

from .conftest import FakeTable

GAMES = 50
# A table may settle a few models while warming up; the count after 50 games must not grow with them.
SLACK = 5
TABLES = [
    ("playbook.widgets.mars_needs_mechanics", "MarsNeedsMechanicsTable"),
    ("playbook.widgets.offal_game", "OffalTable"),
    ("playbook.widgets.parts_unknown", "PartsUnknownTable"),
]


def test_live_widgets_is_the_model_registry() -> None:
    before = len(live_widgets())
    label = w.Label("x")
    assert live_widgets()[label.model_id] is label
    assert len(live_widgets()) == before + 3  # the label, its layout and its style
    model_id = label.model_id
    label.close()
    assert model_id not in live_widgets()
    close_widgets(label)
    assert len(live_widgets()) == before


def new_games_leave_the_count_flat(table: Any) -> None:
    table.new_game()
    settled = len(live_widgets())
    for seed in range(GAMES):
        table.new_game_panel.seed.value = seed
        table.new_game()
    assert len(live_widgets()) <= settled + SLACK, f"{len(live_widgets()) - settled} models left by {GAMES} games"


def test_fifty_new_games_of_the_fake_table_leave_no_models(make_table: type[FakeTable]) -> None:
    before = len(live_widgets())
    table = make_table()
    for _ in range(3):
        table.actions_box.children[0].click()  # every redraw drops its old buttons without closing them
    new_games_leave_the_count_flat(table)
    table.close()
    assert len(live_widgets()) == before


@pytest.mark.parametrize(("module", "name"), TABLES, ids=[t[1] for t in TABLES])
def test_fifty_new_games_of_a_game_table_leave_no_models(module: str, name: str) -> None:
    before = len(live_widgets())
    table = getattr(importlib.import_module(module), name)(seed=1)
    try:
        new_games_leave_the_count_flat(table)
    finally:
        table.close()
    assert len(live_widgets()) == before, "close() must release every model the table made"


def test_close_widgets_closes_children_layouts_and_styles() -> None:
    before = len(live_widgets())
    box = w.VBox([w.HBox([w.Button(description="a"), w.IntSlider()]), w.HTML("x")])
    assert len(live_widgets()) > before + 5
    close_widgets(box)
    assert len(live_widgets()) == before


def test_replace_children_closes_the_old_children_only() -> None:
    before = len(live_widgets())
    shared = w.Layout(width="10px")
    keep = w.Button(description="keep", layout=shared)
    box = w.HBox([keep, w.Button(description="old", layout=shared)])
    replace_children(box, [keep, w.Button(description="new")])
    assert [c.description for c in box.children] == ["keep", "new"]
    assert shared.model_id in live_widgets(), "a layout still used by a kept child stays open"
    close_widgets(box)
    assert len(live_widgets()) == before


def test_live_chart_close_and_rebuild_release_models() -> None:
    import plotly.graph_objects as go

    before = len(live_widgets())
    chart = LiveChart(go.Figure(go.Scatter(x=[0, 1], y=[1, 2])))
    for _ in range(20):
        chart.rebuild()
        chart.update(go.Figure(go.Bar(x=[0], y=[3])))
    chart.close()
    assert len(live_widgets()) == before
