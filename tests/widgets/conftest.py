"""A table over the fake game, built the way the game views build theirs."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import ipywidgets as w
import plotly.graph_objects as go
import pytest

from playbook.widgets.common import LiveChart, TableView, button, escape

from . import fake_game


def totals_figure(history: list[tuple[int, ...]]) -> go.Figure:
    seats = len(history[0]) if history else 0
    fig = go.Figure()
    for seat in range(seats):
        fig.add_trace(go.Scatter(x=list(range(len(history))), y=[h[seat] for h in history], name=f"seat {seat}"))
    return fig


class FakeTable(TableView):
    game = fake_game  # type: ignore[assignment]

    def __init__(self, *, players: int = 2, seed: int = 1, lineup: Sequence[str] = ("you", "adds one")) -> None:
        super().__init__(agents={"adds one": fake_game.AddOne}, players=players, seed=seed, lineup=lineup)

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
