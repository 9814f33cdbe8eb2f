"""Parts every playable table shares: a status line, a log in words, undo, a new-game panel and live charts.

A table is a plain class composed of widgets (after ipywidgets' Variable Inspector example): it subscribes
to its ``Match``, redraws from the match's state and events, and can ``close()``. Click handlers only turn
clicks into actions; the engine decides legality, and its message lands in the status line. No traceback
ever reaches the person: anything unexpected is shown as one line too.

Who plays (``TableView``)
    The New game panel gives each seat "you" (a person) or a bot and says who is who. One person: the
    table shows that seat. Several people: a hot-seat game; ``self.seat`` follows ``match.waiting_for()``,
    so whoever is to move gets the controls (``self.hot_seat`` is True; name seats with
    ``self.player_label(seat)``, never a bare "you"). No person: a game to watch; ``self.watching`` is
    True, nothing is played until **Step** (one bot move) or **Play to end** is pressed
    (``self.watch_bar``, placed in the New game panel unless the view puts it elsewhere), and no shared
    text says "you". Undo never leaves a bot to move with nothing to press: it takes back the last
    person's move, and then lets bots and chance move again up to a person's decision.

Widget models are released (``TableView``)
    Every widget a table makes inside its life-cycle methods (``build``, ``refresh``, ``new_game``,
    ``act``, ``undo``) is registered. After each of them, registered widgets no longer reachable from the
    view (its attributes, their ``children``, ``layout``, ``style`` and other widget-valued traits) are
    closed; ``close()`` closes every one. Keep any widget you need later on an attribute of the view (a
    list or dict of widgets is fine), not only in a closure. ``close_widgets(*widgets)`` closes widgets
    with everything inside them; ``replace_children(box, new)`` swaps a box's children and closes the
    old ones.

Dollar signs (``money``, ``no_math``, ``label_dollars``)
    JupyterLab and Voila typeset a pair of ``$`` as LaTeX, so "Feet for $11, not $14" comes out as
    mathematics. Measured in Chromium (Lab 4.6, Voila 0.5): markdown cells, ``Label`` values, the
    ``description`` of a checkbox (every description label shares its code) and ``HTMLMath`` are typeset;
    ``HTML`` values, ``Button`` descriptions and dropdown options are not. So:

    - ``HTML`` / ``HTMLMath``: amounts as ``money(11)`` (a span MathJax skips), or any markup through
      ``no_math(html)``; ``StatusLine`` and ``EventLog`` already do this.
    - ``Label`` values and widget ``description``s: ``label_dollars("Pay $11 or $14")`` (writes ``\\$``,
      which MathJax shows as ``$``). Not for ``Button`` descriptions, which would show the backslash.
    - Markdown cells: write ``\\\\$11`` (two backslashes: markdown keeps one for MathJax), or wrap the
      passage in ``<span class="tex2jax_ignore mathjax_ignore">...</span>``. ``\\$11`` and ``&#36;11``
      are NOT enough: both reach MathJax as a bare ``$``.

Charts (``LiveChart``)
    ``LiveChart(figure)`` shows a plotly figure through plotly's own JupyterLab/Voila renderer (shipped in
    the plotly wheel: no network) inside an ``ipywidgets.Output``; ``update(figure)`` replaces it. The figure
    lives in the widget's synced state, so a page loaded or reloaded at any moment (Voila renders after the
    notebook ran) shows the current data, and no plotly.js bundle travels per chart. Figures lose any fixed
    width and fit their column. Place ``chart.box``; read ``chart.data`` (the shown figure's traces).
"""

from __future__ import annotations

import contextlib
import functools
import html
import json
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import Any, TypeVar

import anywidget
import ipywidgets as w
from ipywidgets.widgets import widget as _widget_module

from playbook.core.agents import AgentLike
from playbook.core.errors import PlaybookError
from playbook.core.match import Match
from playbook.core.protocol import CHANCE, Action, Event

HUMAN = "you"
AgentFactory = Callable[[], AgentLike]
PLOTLY_MIME = "application/vnd.plotly.v1+json"
NO_MATH_CLASSES = "tex2jax_ignore mathjax_ignore"
"""Classes MathJax 2 (``tex2jax_ignore``) and MathJax 3 (``mathjax_ignore``) do not typeset inside."""

_F = TypeVar("_F", bound=Callable[..., Any])


def escape(text: object) -> str:
    return html.escape(str(text))


# -- dollar signs ----------------------------------------------------------------------------------------
def no_math(markup: str) -> str:
    """HTML that JupyterLab's and Voila's MathJax leave alone, so a ``$`` in it stays a dollar sign."""
    return f"<span class='playbook-no-math {NO_MATH_CLASSES}'>{markup}</span>"


def money(amount: object) -> str:
    """An amount of dollars for an ``HTML`` widget: ``money(12)`` shows "$12" (and "-$3" for -3)."""
    sign = ""
    if isinstance(amount, int | float) and not isinstance(amount, bool) and amount < 0:
        sign, amount = "-", -amount
    return no_math(f"{sign}&#36;{escape(amount)}")


def label_dollars(text: str) -> str:
    """Plain text for a ``Label`` value or a widget ``description`` (typeset by MathJax): ``$`` stays ``$``."""
    return text.replace("\\$", "$").replace("$", "\\$")


# -- releasing widget models -----------------------------------------------------------------------------
def live_widgets() -> dict[str, w.Widget]:
    """The kernel's registry of open widget models (``ipywidgets.Widget.widgets``), without the warning."""
    instances: dict[str, w.Widget] = _widget_module._instances
    return instances


def _widget_parts(widget: w.Widget) -> Iterator[w.Widget]:
    """The widgets a widget holds in its synced traits: children, layout, style, and any other."""
    for key in widget.keys:
        if key.startswith("_"):
            continue
        value = getattr(widget, key, None)
        if isinstance(value, w.Widget):
            yield value
        elif isinstance(value, list | tuple):
            yield from (item for item in value if isinstance(item, w.Widget))


def _safe_widget_attribute(item: object) -> object:
    """``item.widget`` if it has one; None for anything else, whatever its ``__getattr__`` does."""
    try:
        return vars(item).get("widget") or getattr(type(item), "widget", None)
    except Exception:
        return None


def widget_tree(*roots: object) -> dict[int, w.Widget]:
    """Every widget reachable from roots: widgets and their parts, lists/tuples/sets/dicts of them, and the
    attributes of helper objects that have a ``widget`` attribute (``LiveChart``, ``StatusLine`` ...)."""
    found: dict[int, w.Widget] = {}
    seen: set[int] = set()
    stack: list[object] = list(roots)
    while stack:
        item = stack.pop()
        if id(item) in seen or item is None or isinstance(item, str | bytes | int | float):
            continue
        seen.add(id(item))
        if isinstance(item, w.Widget):
            found[id(item)] = item
            stack.extend(_widget_parts(item))
        elif isinstance(item, Mapping):
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif hasattr(item, "__dict__") and isinstance(_safe_widget_attribute(item), w.Widget):
            stack.extend(vars(item).values())
    return found


def close_widgets(*roots: object) -> None:
    """Close every widget reachable from roots (see ``widget_tree``), children, layouts and styles included."""
    for widget in widget_tree(*roots).values():
        widget.close()


def replace_children(box: w.Box, children: Sequence[w.Widget]) -> None:
    """Set a box's children and close the old children (deeply) that are not among the new ones."""
    keep = widget_tree(*children)
    old = [child for child in box.children if id(child) not in keep]
    box.children = tuple(children)
    for widget in widget_tree(*old).values():
        if id(widget) not in keep:
            widget.close()


class WidgetRegistry:
    """The widgets an owner made; closes the ones the owner no longer reaches.

    ``with registry.collect():`` records every widget model opened inside the block (the kernel runs one
    callback at a time, so these are the owner's). ``sweep(roots)`` closes recorded widgets not reachable
    from roots; ``close_all()`` closes every recorded one.
    """

    def __init__(self) -> None:
        self.made: dict[str, w.Widget] = {}
        self._depth = 0

    @contextlib.contextmanager
    def collect(self) -> Iterator[bool]:
        """Record widgets made in the block; yields True for the outermost block (the one that should sweep)."""
        outermost = self._depth == 0
        before = set(live_widgets()) if outermost else set()
        self._depth += 1
        try:
            yield outermost
        finally:
            self._depth -= 1
            if outermost:
                live = live_widgets()
                for model_id in set(live) - before:
                    self.made[model_id] = live[model_id]

    def sweep(self, *roots: object) -> int:
        """Close recorded widgets not reachable from roots; returns how many were closed."""
        reachable = widget_tree(*roots)
        live = live_widgets()
        closed = 0
        for model_id, widget in list(self.made.items()):
            if model_id not in live or live[model_id] is not widget:
                del self.made[model_id]  # closed already
            elif id(widget) not in reachable:
                widget.close()
                del self.made[model_id]
                closed += 1
        return closed

    def close_all(self) -> None:
        for widget in list(self.made.values()):
            widget.close()
        self.made.clear()


# -- shared parts of a table -----------------------------------------------------------------------------
class StatusLine:
    """One line that says what just happened or which rule was broken."""

    def __init__(self) -> None:
        self.widget = w.HTML(value="", layout=w.Layout(min_height="24px"))
        self.widget.add_class("playbook-status")

    @property
    def text(self) -> str:
        return str(self.widget.value)

    def info(self, message: str) -> None:
        self.widget.value = no_math(f"<span style='color:#333'>{escape(message)}</span>")

    def error(self, message: str) -> None:
        self.widget.value = no_math(f"<span style='color:#b00020'><b>Not allowed:</b> {escape(message)}</span>")


class EventLog:
    """The events of the match in words, newest first, kept to the last ``limit`` lines.

    ``lines`` is in the order things happened (oldest first); the page shows the newest at the top, so the
    latest move is always in view without scrolling.
    """

    def __init__(self, limit: int = 200, height: str = "180px") -> None:
        self.limit = limit
        self.lines: list[str] = []
        self.widget = w.HTML(layout=w.Layout(height=height, overflow="auto", border="1px solid #ddd"))
        self.widget.add_class("playbook-log")

    def reset(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)[-self.limit :]
        self._render()

    def _render(self) -> None:
        newest_first = [f"<div class='playbook-log-line'>{escape(line)}</div>" for line in reversed(self.lines)]
        caption = "<div style='color:#888'>newest first</div>" if self.lines else ""
        body = "".join(newest_first)
        self.widget.value = no_math(
            f"<div style='font-family:monospace;font-size:12px;padding:4px'>{caption}{body}</div>"
        )


class NewGamePanel:
    """Seed, number of players and an agent (or "you") per seat; says who is who; the button starts a game.

    A seat set to "you" is played by a person at this screen: one such seat is you against bots, several
    are a hot-seat game, none is a bot game to watch. ``who`` states which it will be.
    """

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
        self.who = w.HTML()
        self.who.add_class("playbook-who")
        self.button = w.Button(description="New game", icon="refresh", button_style="info")
        self.button.on_click(lambda _: on_new_game())
        self.players.observe(lambda _: self._show_seats(), names="value")
        for dropdown in self.seats:
            dropdown.observe(lambda _: self._describe(), names="value")
        self._show_seats()
        self.widget = w.VBox(
            [
                w.HBox([self.seed, self.players, self.button]),
                w.HBox(self.seats[:3]),
                w.HBox(self.seats[3:]),
                self.who,
            ]
        )

    def _show_seats(self) -> None:
        for index, dropdown in enumerate(self.seats):
            dropdown.layout.display = None if index < self.players.value else "none"
        self._describe()

    def lineup(self) -> list[str]:
        return [self.seats[i].value for i in range(self.players.value)]

    def describe(self) -> str:
        """Who is who in the game the button would start, in one sentence."""
        lineup = self.lineup()
        people = [seat for seat, name in enumerate(lineup) if name == HUMAN]
        parts = [f"seat {seat}: {'a person' if name == HUMAN else f'{name} (bot)'}" for seat, name in enumerate(lineup)]
        if not people:
            mode = "No person plays: a bot game to watch with Step and Play to end."
        elif len(people) == 1:
            mode = f"You play seat {people[0]} against bots."
        else:
            mode = (
                f"Hot seat: {len(people)} people share this screen (seats {_and(people)}); "
                "whoever is to move gets the controls."
            )
        return f"{mode} " + "; ".join(parts) + "."

    def _describe(self) -> None:
        self.who.value = no_math(f"<small>{escape(self.describe())}</small>")


def _and(items: Sequence[object]) -> str:
    text = [str(item) for item in items]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " and " + text[-1]


def _tracked(method: _F) -> _F:
    """Run a life-cycle method inside the view's widget registry; the outermost call sweeps afterwards."""

    @functools.wraps(method)
    def wrapper(self: TableView, *args: Any, **kwargs: Any) -> Any:
        registry = self.__dict__.get("_widgets")
        if registry is None or self.__dict__.get("_closed"):
            return method(self, *args, **kwargs)
        with registry.collect() as outermost:
            if method.__name__ == "refresh":
                self._sync_seat()
            result = method(self, *args, **kwargs)
        if outermost and self.__dict__.get("_built"):
            registry.sweep(self)
        return result

    wrapper.__playbook_tracked__ = True  # type: ignore[attr-defined]
    return wrapper  # type: ignore[return-value]


_TRACKED_METHODS = ("build", "refresh", "new_game", "act", "undo", "step", "play_to_end")


class TableView:
    """The shared life cycle of a playable table; subclasses build and redraw the board.

    Subclasses define ``build()`` (make ``self.widget``) and ``refresh()`` (redraw from ``self.match``),
    show the board of ``self.seat`` and enable its controls when ``self.match.waiting_for() == self.seat``.
    See the module docstring for hot seat, watching bot games, undo and releasing widgets.
    """

    game: ModuleType
    widget: w.Widget

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in _TRACKED_METHODS:
            method = cls.__dict__.get(name)
            if callable(method) and not getattr(method, "__playbook_tracked__", False):
                setattr(cls, name, _tracked(method))

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
        self._widgets = WidgetRegistry()
        self._built = False
        self._closed = False
        with self._widgets.collect():
            self.agent_factories = dict(agents)
            self.rules = rules
            self.game_rules = rules if rules is not None else self.game.Rules.standard()
            self.describe = describe
            self.status = StatusLine()
            self.log = EventLog()
            self.undo_button = w.Button(description="Undo", icon="undo")
            self.undo_button.on_click(lambda _: self.undo())
            self.step_button = w.Button(description="Step", icon="step-forward", tooltip="One bot move")
            self.step_button.on_click(lambda _: self.step())
            self.play_to_end_button = w.Button(description="Play to end", icon="fast-forward")
            self.play_to_end_button.on_click(lambda _: self.play_to_end())
            self.watch_bar = w.HBox([w.HTML("<b>Watch the bots:</b>"), self.step_button, self.play_to_end_button])
            self.watch_bar.add_class("playbook-watch-bar")
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
            if id(self.watch_bar) not in widget_tree(self.widget):
                panel = self.new_game_panel.widget
                panel.children = (self.watch_bar, *panel.children)
            self._built = True
            self.new_game()
        self._widgets.sweep(self)

    # -- who plays -------------------------------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        """The seats people play, in seat order (none: a bot game to watch)."""
        if self.match is None:
            return [seat for seat, name in enumerate(self.new_game_panel.lineup()) if name == HUMAN]
        return [seat for seat in range(self.match.players) if seat not in self.match.agents]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def watching(self) -> bool:
        return not self.humans

    def player_label(self, seat: int) -> str:
        """How shared text names a seat: "you" (the one person), "seat 2" (hot seat), "seat 1 (hoarder)"."""
        if self.match is not None and seat in self.match.agents:
            agent = self.match.agents[seat]
            return f"seat {seat} ({getattr(agent, 'name', type(agent).__name__)})"
        if len(self.humans) == 1:
            return HUMAN
        return f"seat {seat}"

    def _sync_seat(self) -> None:
        """Show the seat of the person to move (hot seat); otherwise keep the seat shown."""
        match = self.match
        if match is None:
            return
        mover = match.waiting_for()
        if mover is not None:
            self.seat = mover
        elif self.seat not in self.humans and self.humans:
            self.seat = self.humans[0]

    # -- life cycle ------------------------------------------------------------------------------------
    def build(self) -> None:
        """Create the board's widgets; ``self.widget`` must exist afterwards."""
        raise NotImplementedError

    def refresh(self) -> None:
        """Redraw every label, button and chart from ``self.match``."""
        raise NotImplementedError

    @_tracked
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
        if humans:
            self._guard(self.match.advance)
        else:
            self._guard(self._resolve_chance)
        self._acting = False
        self._sync_seat()
        seed = self.new_game_panel.seed.value
        if not humans:
            self.status.info(f"New game, seed {seed}: bots play every seat. Press Step or Play to end to watch.")
        elif len(humans) == 1:
            self.status.info(f"New game, seed {seed}: you play seat {self.seat}.")
        else:
            self.status.info(
                f"New game, seed {seed}: hot seat for seats {_and(humans)}. Seat {self.seat} moves first; "
                "each person plays when the table shows their seat."
            )
        self.watch_bar.layout.display = None if not humans else "none"
        self.refresh()

    def close(self) -> None:
        """Stop listening to the match and close every widget model this view made or shows."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        close_widgets(self)
        self._widgets.close_all()
        self._closed = True

    # -- actions ---------------------------------------------------------------------------------------
    @_tracked
    def act(self, action: Action) -> bool:
        """Play the person's action, then let agents and chance move; errors go to the status line."""
        match = self.match
        if match is None:
            return False
        if match.is_over:
            self.status.error("the game is over: start a new game")
            return False
        mover = match.waiting_for()
        if mover is None:
            self.status.error(
                "no person is to move: press Step to watch the bots" if self.watching else "it is not your turn"
            )
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
        who = "You" if not self.hot_seat else f"Seat {mover}"
        message = f"{who}: {self.describe(action)}"
        self._acting = True
        self._guard(match.advance)
        self._acting = False
        following = match.waiting_for()
        if self.hot_seat and following is not None and following != mover:
            message += f" — seat {following} to move: pass the screen."
        self.status.info(message)
        self.refresh()
        return True

    @_tracked
    def undo(self) -> None:
        """Take back the last person's move (and what bots and chance did after it).

        Never leaves a bot to move with nothing to press: with no person's move left to take back nothing
        changes, and after taking one back bots and chance move on again up to a person's decision. In a
        bot game being watched, Undo takes back the last step.
        """
        match = self.match
        if match is None:
            return
        people_moves = any(step.actor == "player" for step in match.steps)
        if not self.watching and not people_moves:
            self.status.info("Nothing to undo: no move made at this table yet.")
            self.refresh()
            return
        self._acting = True
        removed = match.undo()
        if not self.watching and match.waiting_for() is None and not match.is_over:
            self._guard(match.advance)
        self._acting = False
        self._sync_seat()
        if not removed:
            self.status.info("Nothing to undo.")
        elif self.hot_seat:
            self.status.info(f"Undone: seat {self.seat} to move again.")
        else:
            self.status.info("Undone.")
        self.refresh()

    @_tracked
    def step(self) -> None:
        """Watch one bot move (with any chance before it); a person to move is left to move."""
        match = self.match
        if match is None:
            return
        if match.is_over:
            self.status.info("The game is over: start a new game.")
            return
        before = len(match.steps)
        self._acting = True
        self._guard(self._step_once)
        self._acting = False
        moved = [s for s in match.steps[before:] if s.actor == "agent"]
        if moved:
            last = moved[-1]
            seat = last.seat if last.seat is not None else 0
            self.status.info(f"{self.player_label(seat).capitalize()}: {self.describe(last.action)}")
        elif match.waiting_for() is not None:
            self.status.info(f"{self.player_label(match.waiting_for() or 0).capitalize()} to move.")
        self.refresh()

    @_tracked
    def play_to_end(self) -> None:
        """Let bots and chance play until a person must move or the game ends."""
        match = self.match
        if match is None:
            return
        self._acting = True
        self._guard(match.advance)
        self._acting = False
        self.status.info("Played to the end." if match.is_over else "Played up to a person's move.")
        self.refresh()

    def _step_once(self) -> None:
        match = self.match
        assert match is not None
        moved = False
        while True:
            seat = match.state.current_player
            if seat is None or (seat != CHANCE and (seat not in match.agents or moved)):
                return
            moved = moved or seat != CHANCE
            match.advance(max_steps=1)

    def _resolve_chance(self) -> None:
        match = self.match
        assert match is not None
        while match.state.current_player == CHANCE:
            match.advance(max_steps=1)

    def _guard(self, call: Callable[[], object]) -> None:
        try:
            call()
        except Exception as exc:
            self.status.error(f"unexpected problem: {exc}")

    def _on_events(self, match: Match, events: tuple[Event, ...]) -> None:
        if not self._acting:
            self.refresh()

    def live_charts(self) -> Sequence[LiveChart]:
        """The view's charts (kept for views that list them; a ``LiveChart`` is always current)."""
        return ()

    def _ipython_display_(self) -> None:
        from IPython.display import display

        for chart in self.live_charts():
            chart.rebuild()
        display(self.widget)  # type: ignore[no-untyped-call]


def button(description: str, on_click: Callable[[], None], **kwargs: Any) -> w.Button:
    widget = w.Button(description=description, **kwargs)
    widget.on_click(lambda _: on_click())
    return widget


def replace_traces(widget: Any, figure: Any) -> None:
    """Swap a shown plotly ``FigureWidget``'s traces (and title) for a new figure's, in one message.

    Kept for code that still holds a ``FigureWidget``; the tables use ``LiveChart``.
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


# -- charts ----------------------------------------------------------------------------------------------
def _plain(value: Any) -> Any:
    """JSON-safe plain data: arrays become lists (not plotly's base64 typed arrays), NaN and inf None."""
    if isinstance(value, Mapping):
        if "bdata" in value and "dtype" in value:  # plotly's base64 typed array: decode to a list
            return _plain(_typed_array(value))
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str | int):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    tolist = getattr(value, "tolist", None)
    if callable(tolist):
        return _plain(tolist())
    isoformat = getattr(value, "isoformat", None)
    if callable(isoformat):
        return isoformat()
    return str(value)


def _typed_array(spec: Mapping[str, Any]) -> Any:
    import base64

    import numpy as np

    array = np.frombuffer(base64.b64decode(spec["bdata"]), dtype=np.dtype(spec["dtype"]).newbyteorder("<"))
    shape = spec.get("shape")
    if shape:
        array = array.reshape([int(n) for n in str(shape).split(",")] if isinstance(shape, str) else shape)
    return array


def figure_spec(figure: Any) -> dict[str, Any]:
    """A plotly figure as the JSON plotly's renderer draws: no fixed width (it fits its column), responsive."""
    spec = _plain(figure.to_plotly_json() if hasattr(figure, "to_plotly_json") else figure)
    layout = spec.setdefault("layout", {})
    layout.pop("width", None)
    layout["autosize"] = True
    spec["config"] = {"responsive": True, "displaylogo": False, **spec.get("config", {})}
    json.dumps(spec)  # fail here, in Python, rather than in the comm layer
    return {"data": spec.get("data", []), "layout": layout, "config": spec["config"]}


def figure_output(figure: Any) -> dict[str, Any]:
    """A display_data output holding the figure for plotly's mime renderer (text fallback elsewhere)."""
    title = getattr(getattr(getattr(figure, "layout", None), "title", None), "text", None) or "chart"
    return {
        "output_type": "display_data",
        "data": {PLOTLY_MIME: figure_spec(figure), "text/plain": f"<plotly chart: {title}>"},
        "metadata": {},
    }


class ChartOutput(w.Output):  # type: ignore[misc]
    """An ``Output`` widget that shows one plotly figure; ``show(figure)`` replaces it, ``data`` reads it."""

    def __init__(self, figure: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.figure = figure
        if figure is not None:
            self.show(figure)

    def show(self, figure: Any) -> None:
        self.figure = figure
        self.outputs = (figure_output(figure),)

    @property
    def data(self) -> Any:
        return self.figure.data if self.figure is not None else ()


_FIT_ESM = """
// Plotly fits a chart to its container when it draws it, and again when the window is resized
// (config.responsive). A table's layout can still narrow a chart's column after the first draw (its
// other widgets render later): watch the column and re-fit when its width changes.
export default {
  render({ el }) {
    let observer = null;
    let frame = 0;
    let last = -1;
    const refit = (box) => {
      for (const plot of box.querySelectorAll(".js-plotly-plot")) {
        const width = plot.getBoundingClientRect().width;
        if (plot._fullLayout && width > 0 && Math.abs(plot._fullLayout.width - width) > 1) {
          window.dispatchEvent(new Event("resize"));
          return;
        }
      }
    };
    const start = () => {
      const box = el.closest(".playbook-chart-box");
      if (!box) {
        frame = requestAnimationFrame(start);
        return;
      }
      observer = new ResizeObserver((entries) => {
        const width = Math.round(entries[entries.length - 1].contentRect.width);
        if (width !== last) {
          last = width;
          frame = requestAnimationFrame(() => refit(box));
        }
      });
      observer.observe(box);
      // A chart drawn after the last size change (a new figure) is checked when it appears.
      const drawn = new MutationObserver(() => refit(box));
      drawn.observe(box, { childList: true, subtree: true });
      const stop = observer.disconnect.bind(observer);
      observer.disconnect = () => { stop(); drawn.disconnect(); };
    };
    el.style.display = "none";
    start();
    return () => {
      cancelAnimationFrame(frame);
      if (observer) observer.disconnect();
    };
  },
};
"""


class ChartFitter(anywidget.AnyWidget):
    """An invisible widget that re-fits the plotly charts of its ``.playbook-chart-box`` to the box's width."""

    _esm = _FIT_ESM


class LiveChart:
    """A plotly chart that is current whenever and wherever it is shown.

    The figure is the ``outputs`` state of an ``ipywidgets.Output`` and is drawn by plotly's own mime
    renderer (shipped in the plotly wheel as the ``jupyterlab-plotly`` extension, so plotly.js comes from
    the Jupyter server, never from the network, and once per page, not once per chart). State is what a
    page renders from, so a Voila page, a reloaded page or a second display all show the latest figure.

    A plotly ``FigureWidget`` (an anywidget) is not used: it carries the ~4.6 MB plotly.js bundle in every
    chart's state, its updates are one-off messages its state never sees, and on a slow machine its model
    sometimes failed to initialise ("[anywidget] Failed to initialize model"), after which it never updated.
    """

    def __init__(self, figure: Any) -> None:
        self.figure = figure
        self.widget = self._new_widget()
        self.fitter = ChartFitter()
        self.box = w.Box([self.widget, self.fitter], layout=w.Layout(width="100%", min_width="0"))
        self.box.add_class("playbook-chart-box")

    def _new_widget(self) -> ChartOutput:
        widget = ChartOutput(self.figure, layout=w.Layout(width="100%", min_width="0"))
        widget.add_class("playbook-chart")
        return widget

    def update(self, figure: Any) -> None:
        self.figure = figure
        self.widget.show(figure)

    def rebuild(self) -> None:
        """A fresh widget holding the latest figure (the state is always current; this is cheap and kept for
        views that call it before display)."""
        old = self.widget
        self.widget = self._new_widget()
        self.box.children = (self.widget, self.fitter)
        close_widgets(old)

    def close(self) -> None:
        close_widgets(self.box)

    @property
    def data(self) -> Any:
        return self.figure.data
