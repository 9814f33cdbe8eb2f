"""Every view gives back what it takes: closing it releases every widget model it made and the view itself.

Driven by ``playbook.widgets.views.VIEW_EXAMPLES``, the one list of view classes (every table, explorer,
strategy lab, replay viewer, sweep explorer and lab tabs of every game, a table on asymmetric planets too);
a test walks the package so that a view class missing from the list fails here. Counts are the kernel's
live widget models (``ipywidgets.Widget.widgets``) and the comm registry; "freed" is a dead weak reference
after a garbage collection, not a memory threshold.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import pytest

import playbook.widgets
from playbook.core import Match, RandomAgent
from playbook.widgets.common import LiveChart, TableView, View, close_widgets, live_widgets, replace_children
from playbook.widgets.mars_needs_mechanics import MarsNeedsMechanicsTable, replay
from playbook.widgets.parts_unknown import GoingRateExplorer
from playbook.widgets.planet_unknown import PlanetUnknownTable
from playbook.widgets.views import GAME_TABLES, VIEW_BASES, VIEW_EXAMPLES, ViewExample

from .conftest import FakeTable, build_and_close, open_models

GAMES = 20
# A table may settle a few models while warming up; the count after 20 games must not grow with them.
SLACK = 5
CYCLES = 3


def package_classes() -> Iterator[type]:
    """Every class defined in a module of ``playbook.widgets``."""
    for info in pkgutil.walk_packages(playbook.widgets.__path__, "playbook.widgets."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if inspect.isclass(value) and value.__module__ == module.__name__:
                yield value


# -- every view, from the one list -------------------------------------------------------------------------
@pytest.mark.parametrize("example", VIEW_EXAMPLES, ids=[e.name for e in VIEW_EXAMPLES])
def test_closing_a_view_gives_back_every_model_and_the_view(example: ViewExample) -> None:
    before = open_models()
    view = example.build()
    assert type(view) is example.view_class
    assert open_models() != before, "a view shows widgets"
    view.close()
    del view
    refs = build_and_close(example.build, CYCLES - 1)
    assert open_models() == before, "close() must release every widget model the view made"
    assert not [ref for ref in refs if ref() is not None], "a closed view must be garbage"


def test_thirty_planet_unknown_tables_leave_no_table_alive() -> None:
    """The planet's anywidget once watched its code file, and the watcher held every table ever built."""
    before = open_models()
    refs = build_and_close(lambda: PlanetUnknownTable(players=2, lineup=("you", "track racer")), 30)
    assert sum(ref() is not None for ref in refs) == 0
    assert open_models() == before


def test_the_list_holds_every_view_class_of_the_package() -> None:
    views = {cls for cls in package_classes() if issubclass(cls, View) and cls not in VIEW_BASES}
    listed = {example.view_class for example in VIEW_EXAMPLES}
    assert len(views) >= 20
    missing = sorted(cls.__qualname__ for cls in views - listed)
    assert not missing, f"add these views to playbook.widgets.views.VIEW_EXAMPLES: {missing}"
    assert set(GAME_TABLES.values()) == {cls for cls in views if issubclass(cls, TableView)}


def test_every_displayable_class_of_the_package_is_a_view() -> None:
    """A class that shows itself in a notebook is a view: it must be built on ``View`` to release its models."""
    shown = [cls for cls in package_classes() if "_ipython_display_" in vars(cls) and not issubclass(cls, View)]
    assert not shown, f"build these on playbook.widgets.common.View: {shown}"


def test_no_anywidget_of_the_package_reads_its_code_from_a_file() -> None:
    """Given a path, anywidget watches the file and holds every instance for ever: pass the text."""
    anywidgets = [cls for cls in package_classes() if issubclass(cls, anywidget.AnyWidget)]
    assert len(anywidgets) >= 2
    for cls in anywidgets:
        for key in ("_esm", "_css"):
            code = cls.__dict__.get(key)
            assert code is None or type(code) is str, f"{cls.__name__}.{key} is a {type(code).__name__}"


# -- what ownership means ------------------------------------------------------------------------------------
class Holder(View):
    """A view holding a nested box and a plotly ``FigureWidget``, and reading another view it was given."""

    def __init__(self, table: FakeTable | None = None) -> None:
        self.table = table
        self.figure = go.FigureWidget(go.Scatter(x=[0, 1], y=[1, 2]))
        self.rows = w.VBox([w.HBox([w.Button(description="a"), w.IntSlider()])])
        self.widget = w.VBox([self.rows, self.figure])

    def redraw_the_table(self) -> None:
        """Calls a method of the table that makes new buttons: they are the table's, not this view's."""
        if self.table is not None:
            self.table.refresh()


def test_a_view_closes_its_children_and_plotly_figure_widgets() -> None:
    before = open_models()
    refs = build_and_close(Holder, 3)
    assert open_models() == before
    assert not [ref for ref in refs if ref() is not None]


def test_a_view_never_closes_a_view_it_was_only_given(make_table: type[FakeTable]) -> None:
    table = make_table()
    holder = Holder(table)
    holder.redraw_the_table()
    buttons = table.actions_box.children
    holder.close()
    assert table.widget.comm is not None and all(b.comm is not None for b in buttons)
    buttons[0].click()
    assert table.match is not None and any(step.actor == "player" for step in table.match.steps)


def test_a_replay_viewer_closes_the_tables_it_opened_and_stops_their_listening() -> None:
    before = open_models()
    match = Match("mars_needs_mechanics", players=2, seed=3, agents={0: RandomAgent(), 1: RandomAgent()})
    match.advance(max_steps=8)
    viewer = replay(match, seat=0)
    fork = viewer.play_from_here()
    assert fork._subscribers and isinstance(viewer.opened_tables[0], MarsNeedsMechanicsTable)
    viewer.close()
    assert not fork._subscribers
    assert open_models() == before


def test_a_view_that_fails_to_build_gives_back_what_it_made() -> None:
    class Broken(View):
        def __init__(self) -> None:
            self.widget = w.VBox([w.Button(description="made")])
            raise ValueError("a view that cannot be built")

    before = open_models()
    with pytest.raises(ValueError, match="cannot be built"):
        Broken()
    assert open_models() == before


def test_removing_piles_from_the_going_rate_explorer_closes_their_rows() -> None:
    explorer = GoingRateExplorer()
    try:
        settled = open_models()
        for _ in range(5):
            explorer.add_row()
        for _ in range(5):
            explorer.remove_row(explorer.rows[-1])
        assert open_models() == settled
    finally:
        explorer.close()


# -- new games ---------------------------------------------------------------------------------------------
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


def new_games_leave_the_count_flat(table: TableView) -> None:
    table.new_game()
    settled = len(live_widgets())
    for seed in range(GAMES):
        table.new_game_panel.seed.value = seed
        table.new_game()
    assert len(live_widgets()) <= settled + SLACK, f"{len(live_widgets()) - settled} models left by {GAMES} games"


def test_twenty_new_games_of_the_fake_table_leave_no_models(make_table: type[FakeTable]) -> None:
    before = len(live_widgets())
    table = make_table()
    for _ in range(3):
        table.actions_box.children[0].click()  # every redraw drops its old buttons without closing them
    new_games_leave_the_count_flat(table)
    table.close()
    assert len(live_widgets()) == before


@pytest.mark.parametrize("game", list(GAME_TABLES))
def test_twenty_new_games_of_a_game_table_leave_no_models(game: str) -> None:
    before = len(live_widgets())
    table = GAME_TABLES[game](seed=1)
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
    before = len(live_widgets())
    chart = LiveChart(go.Figure(go.Scatter(x=[0, 1], y=[1, 2])))
    for _ in range(20):
        chart.rebuild()
        chart.update(go.Figure(go.Bar(x=[0], y=[3])))
    chart.close()
    assert len(live_widgets()) == before
