"""Replay any game from any move: a slider over the steps, the table as it stood, and "Play from here".

A teacher hands out a game file (``Match.to_json()``); a student loads it (``Match.from_json``), scrubs to
the move where the game turned, and forks it (``Match.fork(step)``) to try another line. The view never
mutates the match it replays: every position it shows is a fork, and "Play from here" hands a fresh fork to
a table (or any ``play`` callback) with the person in the chosen seat.

What a position shows is whatever ``render(match, seat)`` draws: ``table_replay(TableClass, match)`` uses the
game's own table, read-only (``TableView.on_match(...).read_only()``); without a renderer it is the seat's
observation as a table of fields, so a replay works for every registered game. A chart, when given, gets a
cursor at the step's round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from playbook.core import Match
from playbook.core.engine import check_int
from playbook.core.protocol import CHANCE, Json

from .common import LiveChart, View, close_widgets, escape, no_math

PositionRenderer = Callable[[Match, int], w.Widget]
FigureFactory = Callable[[Match], Any]


def observation_table(match: Match, seat: int) -> w.Widget:
    """What ``seat`` saw at this point of the match, field by field (the default position renderer)."""
    observation = match.state.observation(seat)
    rows = "".join(
        f"<tr><th style='text-align:left'>{escape(_words(key))}</th><td>{_value(value)}</td></tr>"
        for key, value in observation.items()
    )
    return w.HTML(no_math(f"<table class='playbook-observation'>{rows}</table>"))


def _words(key: str) -> str:
    return key.replace("_", " ")


def _value(value: Json) -> str:
    if isinstance(value, Mapping):
        return "; ".join(f"{escape(_words(str(k)))}: {_value(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        return ", ".join(_value(v) for v in value) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return escape(value)


class ReplayViewer(View):
    """A slider over the steps of ``match``; the position at each step; "Play from here" forks it."""

    def __init__(
        self,
        match: Match,
        *,
        seat: int = 0,
        render: PositionRenderer | None = None,
        figure: FigureFactory | None = None,
        play: Callable[[Match, int], Any] | None = None,
    ) -> None:
        self.match = match
        self.seat = check_int(seat, "seat", 0, match.players - 1)
        self.render = render or observation_table
        self.figure = figure
        self.play = play
        self.total = len(match.steps)
        self.forks: list[Match] = []
        self.opened_tables: list[Any] = []
        self.slider = w.IntSlider(
            value=self.total, min=0, max=self.total, description="step", layout=w.Layout(width="36em")
        )
        self.slider.observe(lambda _: self.show(), names="value")
        self.seat_picker = w.Dropdown(
            options=[(f"seat {s}", s) for s in range(match.players)], value=self.seat, description="seen by"
        )
        self.seat_picker.observe(lambda _: self._set_seat(), names="value")
        self.heading = w.HTML()
        self.events = w.HTML()
        self.position = w.Box()
        self.play_button = w.Button(description="Play from here", icon="play", button_style="primary")
        self.play_button.on_click(lambda _: self.play_from_here())
        self.chart = LiveChart(figure(match)) if figure is not None else None
        parts: list[w.Widget] = [w.HBox([self.slider, self.seat_picker, self.play_button]), self.heading, self.events]
        if self.chart is not None:
            parts.append(self.chart.box)
        parts.append(self.position)
        self.widget = w.VBox(parts)
        self.show()

    @property
    def step(self) -> int:
        return int(self.slider.value)

    def at(self, step: int) -> Match:
        """The match as it stood after ``step`` steps: a fork, with the original's agents."""
        return self.match.fork(step)

    def _set_seat(self) -> None:
        self.seat = int(self.seat_picker.value)
        self.show()

    def show(self) -> None:
        step = self.step
        position = self.at(step)
        state = position.state
        mover = state.current_player
        who = "the game is over" if mover is None else ("chance" if mover == CHANCE else f"seat {mover}")
        self.heading.value = no_math(
            f"<b>Step {step} of {self.total}</b>, round {state.round}: next to move: {escape(who)}"
        )
        happened = [record.event for record in self.match.events if record.step == step - 1]
        self.events.value = no_math(
            "<div class='playbook-log'>"
            + ("".join(f"<div>{escape(event)}</div>" for event in happened) or "<i>no events at this step</i>")
            + "</div>"
        )
        old = self.position.children
        self.position.children = (self.render(position, self.seat),)
        close_widgets(*old)
        if self.chart is not None and self.figure is not None:
            figure = self.figure(self.match)
            figure.add_vline(x=state.round, line_dash="dot", line_color="#555")
            self.chart.update(figure)

    def play_from_here(self) -> Match:
        """A fork at the slider's step with nobody's agent in the viewer's seat, handed to ``play``."""
        agents = {seat: agent for seat, agent in self.match.agents.items() if seat != self.seat}
        fork = self.match.fork(self.step, agents=agents)
        self.forks.append(fork)
        if self.play is not None:
            self.play(fork, self.seat)
        return fork


def table_replay(
    table_class: Any,
    match: Match,
    seat: int = 0,
    *,
    figure: FigureFactory | None = None,
) -> ReplayViewer:
    """A ``ReplayViewer`` whose positions are the game's own table, read-only, and whose "Play from here"
    opens that table below the viewer on the fork, the person in the viewer's seat.

    ``table_class`` is a ``TableView`` subclass (``on_match``, ``read_only``, ``play_on``);
    ``viewer.opened_tables`` keeps the table opened last.
    """
    holder = w.Box()
    opened: list[Any] = []

    def render(position: Match, seen_by: int) -> w.Widget:
        widget: w.Widget = table_class.on_match(position, seen_by, subscribe=False).read_only()
        return widget

    def play(fork: Match, person: int) -> None:
        for table in opened:
            table.close()
        opened.clear()
        opened.append(table_class.on_match(fork, person, subscribe=True).play_on())
        holder.children = (opened[0].widget,)

    viewer = ReplayViewer(match, seat=seat, render=render, figure=figure, play=play)
    viewer.widget.children = (*viewer.widget.children, holder)
    viewer.opened_tables = opened
    return viewer
