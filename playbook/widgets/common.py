"""Parts every playable table shares: a status line, a log in words, undo and a new-game panel.

A table is a plain class composed of widgets (after ipywidgets' Variable Inspector example): it subscribes
to its ``Match``, redraws from the match's state and events, and can ``close()``. Click handlers only turn
clicks into actions; the engine decides legality, and its message lands in the status line. No traceback
ever reaches the person: anything unexpected is shown as one line too.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

import ipywidgets as w

from playbook.core.agents import AgentLike
from playbook.core.errors import PlaybookError
from playbook.core.match import Match
from playbook.core.protocol import Action, Event

HUMAN = "you"
AgentFactory = Callable[[], AgentLike]


def escape(text: object) -> str:
    return html.escape(str(text))


class StatusLine:
    """One line that says what just happened or which rule was broken."""

    def __init__(self) -> None:
        self.widget = w.HTML(value="", layout=w.Layout(min_height="24px"))
        self.widget.add_class("playbook-status")

    @property
    def text(self) -> str:
        return self.widget.value

    def info(self, message: str) -> None:
        self.widget.value = f"<span style='color:#333'>{escape(message)}</span>"

    def error(self, message: str) -> None:
        self.widget.value = f"<span style='color:#b00020'><b>Not allowed:</b> {escape(message)}</span>"


class EventLog:
    """The events of the match in words, newest at the bottom, kept to the last ``limit`` lines."""

    def __init__(self, limit: int = 200, height: str = "180px") -> None:
        self.limit = limit
        self.lines: list[str] = []
        self.widget = w.HTML(layout=w.Layout(height=height, overflow="auto", border="1px solid #ddd"))
        self.widget.add_class("playbook-log")

    def reset(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)[-self.limit :]
        self._render()

    def _render(self) -> None:
        body = "<br>".join(escape(line) for line in self.lines)
        self.widget.value = f"<div style='font-family:monospace;font-size:12px;padding:4px'>{body}</div>"


class NewGamePanel:
    """Seed, number of players and an agent (or "you") per seat; the button starts a new match."""

    def __init__(
        self,
        *,
        agents: Mapping[str, AgentFactory],
        min_players: int,
        max_players: int,
        players: int,
        seed: int,
        lineup: Sequence[str],
        on_new_game: Callable[[], None],
    ) -> None:
        self.agent_names = [HUMAN, *agents]
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="160px"))
        self.players = w.Dropdown(
            options=list(range(min_players, max_players + 1)),
            value=players,
            description="Players",
            layout=w.Layout(width="160px"),
        )
        self.seats = [
            w.Dropdown(
                options=self.agent_names,
                value=lineup[i] if i < len(lineup) else self.agent_names[min(1, len(self.agent_names) - 1)],
                description=f"Seat {i}",
                layout=w.Layout(width="220px"),
            )
            for i in range(max_players)
        ]
        self.button = w.Button(description="New game", icon="refresh", button_style="info")
        self.button.on_click(lambda _: on_new_game())
        self.players.observe(lambda _: self._show_seats(), names="value")
        self._show_seats()
        self.widget = w.VBox(
            [w.HBox([self.seed, self.players, self.button]), w.HBox(self.seats[:3]), w.HBox(self.seats[3:])]
        )

    def _show_seats(self) -> None:
        for index, dropdown in enumerate(self.seats):
            dropdown.layout.display = None if index < self.players.value else "none"

    def lineup(self) -> list[str]:
        return [self.seats[i].value for i in range(self.players.value)]


class TableView:
    """The shared life cycle of a playable table; subclasses build and redraw the board."""

    game: ModuleType

    def __init__(
        self,
        *,
        agents: Mapping[str, AgentFactory],
        players: int,
        seed: int,
        lineup: Sequence[str],
        rules: Any = None,
        describe: Callable[[Action], str] = str,
    ) -> None:
        self.agent_factories = dict(agents)
        self.rules = rules
        self.game_rules = rules if rules is not None else self.game.Rules.standard()
        self.describe = describe
        self.status = StatusLine()
        self.log = EventLog()
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.undo_button.on_click(lambda _: self.undo())
        self.new_game_panel = NewGamePanel(
            agents=self.agent_factories,
            min_players=self.game.INFO.min_players,
            max_players=self.game.INFO.max_players,
            players=players,
            seed=seed,
            lineup=lineup,
            on_new_game=self.new_game,
        )
        self.match: Match | None = None
        self._acting = False
        self._unsubscribe: Callable[[], None] | None = None
        self.seat = 0
        self.build()
        self.new_game()

    # -- life cycle ------------------------------------------------------------------------------------
    def build(self) -> None:
        """Create the board's widgets; ``self.widget`` must exist afterwards."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Redraw every label, button and chart from ``self.match``."""
        raise NotImplementedError

    def new_game(self) -> None:
        lineup = self.new_game_panel.lineup()
        agents = {seat: self.agent_factories[name]() for seat, name in enumerate(lineup) if name != HUMAN}
        humans = [seat for seat, name in enumerate(lineup) if name == HUMAN]
        self.seat = humans[0] if humans else 0
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.match = Match(
            self.game, players=len(lineup), seed=int(self.new_game_panel.seed.value), rules=self.rules, agents=agents
        )
        self._unsubscribe = self.match.subscribe(self._on_events)
        self._acting = True
        self._guard(self.match.advance)
        self._acting = False
        self.status.info(f"New game, seed {self.new_game_panel.seed.value}: you play seat {self.seat}.")
        self.refresh()

    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.widget.close()

    # -- actions ---------------------------------------------------------------------------------------
    def act(self, action: Action) -> bool:
        """Play the person's action, then let agents and chance move; errors go to the status line."""
        match = self.match
        if match is None:
            return False
        if match.is_over:
            self.status.error("the game is over: start a new game")
            return False
        if match.waiting_for() is None:
            self.status.error("it is not your turn")
            return False
        self._acting = True  # one redraw per click, not one per notification
        try:
            match.play(action)
        except PlaybookError as exc:
            self.status.error(str(exc))
            return False
        except Exception as exc:  # a bug must still not show a traceback to a student
            self.status.error(f"unexpected problem: {exc}")
            return False
        finally:
            self._acting = False
        self.status.info(f"You: {self.describe(action)}")
        self._acting = True
        self._guard(match.advance)
        self._acting = False
        self.refresh()
        return True

    def undo(self) -> None:
        if self.match is None:
            return
        removed = self.match.undo()
        self.status.info("Undone." if removed else "Nothing to undo.")
        self.refresh()

    def _guard(self, call: Callable[[], object]) -> None:
        try:
            call()
        except Exception as exc:
            self.status.error(f"unexpected problem: {exc}")

    def _on_events(self, match: Match, events: tuple[Event, ...]) -> None:
        if not self._acting:
            self.refresh()

    def live_charts(self) -> Sequence[LiveChart]:
        """The view's charts, rebuilt with current data just before the view is displayed."""
        return ()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        for chart in self.live_charts():
            chart.rebuild()
        display(self.widget)


def button(description: str, on_click: Callable[[], None], **kwargs: Any) -> w.Button:
    widget = w.Button(description=description, **kwargs)
    widget.on_click(lambda _: on_click())
    return widget


def replace_traces(widget: Any, figure: Any) -> None:
    """Swap a shown plotly ``FigureWidget``'s traces (and title) for a new figure's, in one message.

    Build every FigureWidget with its data before its first display (``LiveChart`` does), then update it
    only through this.
    """
    with widget.batch_update():
        if len(widget.data) == len(figure.data) and all(
            old.type == new.type for old, new in zip(widget.data, figure.data, strict=True)
        ):
            for old, new in zip(widget.data, figure.data, strict=True):
                old.update(new.to_plotly_json())
        else:
            widget.data = ()
            for trace in figure.data:
                widget.add_trace(trace)
        widget.layout.title = figure.layout.title


class LiveChart:
    """A plotly FigureWidget that is current whenever and wherever it is shown.

    Updates to a FigureWidget travel as one-off messages; its stored state keeps the data it was built
    with. A view rendered later (Voila renders after the notebook ran; a figure displayed again) would show
    that stale figure. So ``update`` sends messages to a chart already on screen, and ``rebuild`` (called
    by the views just before they are displayed) builds a fresh FigureWidget from the latest figure.
    """

    def __init__(self, figure: Any) -> None:
        import plotly.graph_objects as go

        self._go = go
        self.figure = figure
        self.widget = go.FigureWidget(figure)
        self.box = w.Box([self.widget])

    def update(self, figure: Any) -> None:
        self.figure = figure
        replace_traces(self.widget, figure)

    def rebuild(self) -> None:
        old = self.widget
        self.widget = self._go.FigureWidget(self.figure)
        self.box.children = (self.widget,)
        old.close()

    @property
    def data(self) -> Any:
        return self.widget.data
