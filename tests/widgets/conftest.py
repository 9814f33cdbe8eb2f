"""A table over the fake game, built the way the game views build theirs."""

from __future__ import annotations

import gc
import html
import re
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence

import comm
import ipywidgets as w
import plotly.graph_objects as go
import pytest

from playbook.widgets.common import AgentFactory, LiveChart, TableView, View, button, escape, live_widgets

from . import fake_game


def totals_figure(history: list[tuple[int, ...]]) -> go.Figure:
    seats = len(history[0]) if history else 0
    fig = go.Figure()
    for seat in range(seats):
        fig.add_trace(go.Scatter(x=list(range(len(history))), y=[h[seat] for h in history], name=f"seat {seat}"))
    return fig


class FakeTable(TableView):
    game = fake_game  # type: ignore[assignment]

    def __init__(
        self,
        *,
        players: int = 2,
        seed: int = 1,
        lineup: Sequence[str] = ("you", "adds one"),
        agents: Mapping[str, AgentFactory] | None = None,
    ) -> None:
        super().__init__(
            agents={"adds one": fake_game.AddOne, **(agents or {})}, players=players, seed=seed, lineup=lineup
        )

    def build(self) -> None:
        self.header = w.HTML()
        self.actions_box = w.HBox()
        self.chart = LiveChart(totals_figure([]))
        self.widget = w.VBox(
            [
                self.header,
                self.actions_box,
                self.undo_button,
                self.status.widget,
                self.chart.box,
                self.log.widget,
                self.new_game_panel.widget,
            ]
        )

    def refresh(self) -> None:
        match = self.match
        if match is None or not hasattr(self, "header"):
            return
        mover = match.waiting_for()
        self.header.value = f"<b>{escape(self.player_label(self.seat))}</b> totals {list(match.state.totals)}"
        # New buttons every redraw, old ones dropped without closing: the registry must release them.
        legal = match.legal_actions() if mover is not None else []
        self.actions_box.children = [button(str(a), lambda a=a: self.act(a)) for a in legal]
        self.chart.update(totals_figure([s.totals for s in match]))
        self.log.reset([str(r.event) for r in match.events])


@pytest.fixture
def make_table() -> Iterator[type[FakeTable]]:
    made: list[FakeTable] = []

    class Tracked(FakeTable):
        def __init__(self, **kwargs: object) -> None:
            super().__init__(**kwargs)  # type: ignore[arg-type]
            made.append(self)

    yield Tracked
    for table in made:
        table.close()


def open_models() -> tuple[int, int]:
    """How many widget models the kernel holds: (ipywidgets' live models, the comm registry's open comms)."""
    return len(live_widgets()), len(comm.get_comm_manager().comms)


def build_and_close(build: Callable[[], View], times: int) -> list[weakref.ref[View]]:
    """Build and close a view ``times`` times; weak references to the closed views, after a garbage collection."""
    refs: list[weakref.ref[View]] = []
    for _ in range(times):
        view = build()
        refs.append(weakref.ref(view))
        view.close()
        del view
    gc.collect()
    return refs


def visible_text(root: w.Widget) -> str:
    """What a person can read on a view: the text of every HTML, label and button not inside a hidden box."""
    parts: list[str] = []
    stack = [root]
    while stack:
        widget = stack.pop()
        layout = getattr(widget, "layout", None)
        if layout is not None and layout.display == "none":
            continue
        if isinstance(widget, w.HTML | w.HTMLMath | w.Label):
            parts.append(html.unescape(re.sub(r"<[^>]+>", "", str(widget.value))))
        elif isinstance(widget, w.Button):
            parts.append(str(widget.description))
        stack.extend(reversed(getattr(widget, "children", ())))
    return "\n".join(parts)
