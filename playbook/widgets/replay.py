"""Replay any game from any move: a slider over the steps, the table as it stood, and "Play from here".

A teacher hands out a game file (``Match.to_json()``); a student loads it (``Match.from_json``), scrubs to
the move where the game turned, and forks it (``Match.fork(step)``) to try another line. The view never
mutates the match it replays: every position it shows is a fork, and "Play from here" hands a fresh fork to
a table (or any ``play`` callback) with the person in the chosen seat.

What a position shows is whatever ``render(match, seat)`` draws: ``table_replay(TableClass, match)`` uses the
game's own table, read-only (``TableView.on_match(...).read_only()``); without a renderer it is the seat's
observation as a table of fields, so a replay works for every registered game. A chart, when given, gets a
cursor at the step's round.

Playing from here replaces the replay: when ``play`` returns a table (a view, or a widget), the viewer hides
the read-only position, the events and the chart and shows that table right under its heading, so the
playable table is the one on screen; the slider waits until **Back to the replay** closes that table.

A seat's copy (``Match.to_json(seat=k)``, read back as ``SeatRecord``) holds no seed, so it cannot be forked
or drawn by the game's table: ``RecordReplay`` scrubs it step by step, showing what that seat saw (its
observation as a table of fields) and the events of each step, read-only.

The module imports the shared parts from their own modules (not the ``common`` package), because
``common.table`` opens replays of a table's own game: the package and this module import each other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from playbook.core import InvalidArgumentError, Match
from playbook.core.engine import check_int
from playbook.core.match import SeatRecord
from playbook.core.protocol import CHANCE, Json

from .common.charts import LiveChart
from .common.panels import button
from .common.registry import close_widgets
from .common.text import escape, no_math
from .common.view import View

PositionRenderer = Callable[[Match, int], w.Widget]
FigureFactory = Callable[[Match], Any]


def observation_html(observation: Mapping[str, Json]) -> str:
    """An observation as a table of fields in words (what a seat saw, for any game)."""
    rows = "".join(
        f"<tr><th style='text-align:left'>{escape(_words(key))}</th><td>{_value(value)}</td></tr>"
        for key, value in observation.items()
    )
    return no_math(f"<table class='playbook-observation'>{rows}</table>")


def observation_table(match: Match, seat: int) -> w.Widget:
    """What ``seat`` saw at this point of the match, field by field (the default position renderer)."""
    return w.HTML(observation_html(match.state.observation(seat)))


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
    """A slider over the steps of ``match``; the position at each step; "Play from here" forks it.

    ``play(fork, seat)`` gets the fork; when it returns a view (a table) or a widget, the viewer shows it in
    place of the read-only position (see the module docstring) and keeps it in ``opened_tables``.

    ``seats`` limits the seats it may be seen by (default: every seat): a table replaying its own game offers
    only the seats its people play, so that the replay never shows a bot's hidden cards to the person
    playing against it.
    """

    def __init__(
        self,
        match: Match,
        *,
        seat: int = 0,
        render: PositionRenderer | None = None,
        figure: FigureFactory | None = None,
        play: Callable[[Match, int], Any] | None = None,
        seats: Sequence[int] | None = None,
    ) -> None:
        self.match = match
        self.seat = check_int(seat, "seat", 0, match.players - 1)
        shown_seats = (
            list(range(match.players)) if not seats else [check_int(s, "seats", 0, match.players - 1) for s in seats]
        )
        if self.seat not in shown_seats:
            raise InvalidArgumentError(f"seat {self.seat} is not among the seats the replay may show: {shown_seats}")
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
            options=[(f"seat {s}", s) for s in shown_seats], value=self.seat, description="seen by"
        )
        self.seat_picker.observe(lambda _: self._set_seat(), names="value")
        self.heading = w.HTML()
        self.heading.add_class("playbook-replay-heading")
        self.events = w.HTML()
        self.position = w.Box()
        self.play_button = button("Play from here", lambda: self.play_from_here(), icon="play", button_style="primary")
        self.back_button = button(
            "Back to the replay",
            lambda: self.back_to_replay(),
            icon="undo",
            tooltip="Close the table played from here and scrub the replay again",
            layout=w.Layout(display="none", width="auto"),
        )
        self.chart = LiveChart(figure(match)) if figure is not None else None
        replay_parts: list[w.Widget] = [self.events]
        if self.chart is not None:
            replay_parts.append(self.chart.box)
        replay_parts.append(self.position)
        #: The read-only replay (events, chart, position), hidden while a table plays on from a step.
        self.replay_box = w.VBox(replay_parts)
        #: The playable table on a fork, shown in place of the replay.
        self.play_area = w.VBox(layout=w.Layout(display="none"))
        self.play_area.add_class("playbook-play-from-here")
        controls = w.HBox([self.slider, self.seat_picker, self.play_button, self.back_button])
        # Last, as tables have always been placed (below the replay): while it is shown the replay is hidden,
        # so it sits right under the heading either way.
        self.widget = w.VBox([controls, self.heading, self.replay_box, self.play_area])
        self.show()

    @property
    def step(self) -> int:
        return int(self.slider.value)

    @property
    def playing(self) -> bool:
        """True while a table plays on from a step in place of the replay."""
        return bool(self.play_area.layout.display != "none")

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
        """A fork at the slider's step with nobody's agent in the viewer's seat, handed to ``play``; a table
        it returns replaces the replay on screen."""
        agents = {seat: agent for seat, agent in self.match.agents.items() if seat != self.seat}
        fork = self.match.fork(self.step, agents=agents)
        self.forks.append(fork)
        if self.play is not None:
            opened = self.play(fork, self.seat)
            shown = opened if isinstance(opened, w.Widget) else getattr(opened, "widget", None)
            if isinstance(shown, w.Widget):
                self._close_tables()
                if isinstance(opened, View):
                    self.opened_tables.append(opened)
                self._show_playing(shown)
        return fork

    def back_to_replay(self) -> None:
        """Close the table played from a step and show the replay again, at the step it left."""
        self._close_tables()
        old = self.play_area.children
        self.play_area.children = ()
        close_widgets(*old)
        self.play_area.layout.display = "none"
        self.replay_box.layout.display = None
        self.back_button.layout.display = "none"
        for control in (self.slider, self.seat_picker, self.play_button):
            control.disabled = False
        self.play_button.layout.display = None
        self.show()

    def _show_playing(self, table: w.Widget) -> None:
        old = [child for child in self.play_area.children if child is not table]
        self.play_area.children = (table,)
        close_widgets(*old)
        self.play_area.layout.display = None
        self.replay_box.layout.display = "none"
        for control in (self.slider, self.seat_picker, self.play_button):
            control.disabled = True
        self.play_button.layout.display = "none"
        self.back_button.layout.display = None
        self.heading.value = no_math(
            f"<b>Playing on from step {self.step} of {self.total}</b> as seat {self.seat}: the table below is "
            "yours to play. <b>Back to the replay</b> closes it."
        )

    def _close_tables(self) -> None:
        for table in self.opened_tables:
            table.close()
        self.opened_tables.clear()


def table_replay(
    table_class: Any,
    match: Match,
    seat: int = 0,
    *,
    figure: FigureFactory | None = None,
    seats: Sequence[int] | None = None,
) -> ReplayViewer:
    """A ``ReplayViewer`` whose positions are the game's own table, read-only, and whose "Play from here"
    opens that table on the fork in place of the read-only copy, the person in the viewer's seat.

    ``table_class`` is a ``TableView`` subclass (``on_match``, ``read_only``, ``play_on``);
    ``viewer.opened_tables`` keeps the table opened last.
    """

    def render(position: Match, seen_by: int) -> w.Widget:
        widget: w.Widget = table_class.on_match(position, seen_by, subscribe=False).read_only()
        return widget

    def play(fork: Match, person: int) -> Any:
        return table_class.on_match(fork, person, subscribe=True).play_on()

    return ReplayViewer(match, seat=seat, render=render, figure=figure, play=play, seats=seats)


class RecordReplay:
    """A seat's copy of a game (``SeatRecord``) step by step, read-only: what that seat saw, and the events.

    A helper with a ``widget`` (like ``StatusLine``), shown and released by the view that holds it; its
    redraws change the values of the widgets it made, never make new ones.
    """

    def __init__(self, record: SeatRecord, *, title: str = "") -> None:
        self.record = record
        self.total = len(record.steps)
        self.slider = w.IntSlider(
            value=self.total, min=0, max=self.total, description="step", layout=w.Layout(width="36em")
        )
        self.slider.observe(lambda _: self.show(), names="value")
        label = title or "A seat's copy"
        self.title = w.HTML(
            no_math(
                f"<b>{escape(label)}</b>: what seat {record.seat} saw, step by "
                "step (read-only: a seat's copy holds no seed, so it cannot be played on)."
            )
        )
        self.heading = w.HTML()
        self.heading.add_class("playbook-replay-heading")
        self.events = w.HTML()
        self.position = w.HTML()
        self.widget = w.VBox([self.title, self.slider, self.heading, self.events, self.position])
        self.widget.add_class("playbook-record-replay")
        self.show()

    @property
    def step(self) -> int:
        return int(self.slider.value)

    def show(self) -> None:
        """Draw the seat's observation after the slider's step, and what happened at that step."""
        step = self.step
        observation = self.record.observations[step]
        shown_round = observation.get("round") if isinstance(observation, Mapping) else None
        moved = ""
        happened: list[str] = []
        if step:
            done = self.record.steps[step - 1]
            own = done.get("seat") == self.record.seat
            moved = "chance" if done.get("by") == "chance" else f"seat {done.get('seat')}"
            moved = f": {moved} moved" + (" (this seat's own move)" if own else "")
            events = done.get("events")
            happened = (
                [str(event.get("text", "")) for event in events if isinstance(event, Mapping)]
                if isinstance(events, list)
                else []
            )
        where = f", round {shown_round}" if shown_round is not None else ""
        self.heading.value = no_math(f"<b>Step {step} of {self.total}</b>{where}{escape(moved)}")
        self.events.value = no_math(
            "<div class='playbook-log'>"
            + ("".join(f"<div>{escape(line)}</div>" for line in happened) or "<i>no events at this step</i>")
            + "</div>"
        )
        self.position.value = observation_html(observation) if isinstance(observation, Mapping) else ""
