"""The parts every table shows: a status line, the log in words, the New game panel and buttons."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import ipywidgets as w

from playbook.core.agents import AgentLike

from .text import escape, no_math

HUMAN = "you"
AgentFactory = Callable[[], AgentLike]


def _and(items: Sequence[object]) -> str:
    text = [str(item) for item in items]
    return text[0] if len(text) == 1 else ", ".join(text[:-1]) + " and " + text[-1]


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

    def error(self, message: str, heading: str = "Not allowed:") -> None:
        """A refusal in red; ``heading`` names what went wrong ("Could not load:" for a game file)."""
        self.widget.value = no_math(f"<span style='color:#b00020'><b>{escape(heading)}</b> {escape(message)}</span>")


class ErrorArea:
    """A problem that stopped the game (a bot that raised), in a box of its own under the status line.

    It is separate from the status line so that the messages which follow ("You: buy Wire", "it is not your
    turn") cannot hide it; it stays until the table clears it (Undo, a new game). Hidden while empty.
    """

    def __init__(self) -> None:
        self.widget = w.HTML(value="", layout=w.Layout(display="none"))
        self.widget.add_class("playbook-error")

    @property
    def text(self) -> str:
        return str(self.widget.value)

    @property
    def shown(self) -> bool:
        return bool(self.widget.layout.display != "none")

    def show(self, message: str) -> None:
        self.widget.value = no_math(
            "<div role='alert' style='border:2px solid #b00020;background:#fdecea;color:#5f0010;padding:6px 8px;"
            f"border-radius:4px'><b>Stopped:</b> {escape(message)}</div>"
        )
        self.widget.layout.display = None

    def clear(self) -> None:
        self.widget.value = ""
        self.widget.layout.display = "none"


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

    A seat set to "you" is played by a person at this screen: one such seat is you against bots (or alone, in a
    solo game), several are a hot-seat game, none is a bot game to watch. ``who`` states which it will be.
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
        self.button = button("New game", on_new_game, icon="refresh", button_style="info")
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

    def show_game(self, *, players: int, seed: int, lineup: Sequence[str]) -> None:
        """Show the set-up of a game the table did not start here (a fork, a loaded file): its seed, its number
        of players and who plays each seat, so that the panel says what the table plays and New game
        starts the same line-up again. A name the seats do not offer yet is added to their choices."""
        for name in lineup:
            self.add_choice(name)
        self.seed.value = seed
        self.players.value = players
        for dropdown, name in zip(self.seats, lineup, strict=False):
            dropdown.value = name
        self._describe()

    def add_choice(self, name: str) -> None:
        """Offer ``name`` in every seat's dropdown (a bot the table was handed rather than one of its own)."""
        if name not in self.agent_names:
            self.agent_names.append(name)
            for dropdown in self.seats:
                value = dropdown.value  # new options reset a dropdown to its first choice
                dropdown.options = list(self.agent_names)
                dropdown.value = value
            self._describe()

    def remove_choice(self, name: str) -> None:
        """Stop offering ``name``; a seat that had it gets the first bot instead."""
        if name not in self.agent_names or name == HUMAN:
            return
        self.agent_names.remove(name)
        fallback = self.agent_names[min(1, len(self.agent_names) - 1)]
        for dropdown in self.seats:
            value = dropdown.value if dropdown.value != name else fallback
            dropdown.options = list(self.agent_names)
            dropdown.value = value
        self._describe()

    def describe(self) -> str:
        """Who is who in the game the button would start, in one sentence."""
        lineup = self.lineup()
        people = [seat for seat, name in enumerate(lineup) if name == HUMAN]
        parts = [f"seat {seat}: {'a person' if name == HUMAN else f'{name} (bot)'}" for seat, name in enumerate(lineup)]
        if not people:
            mode = "No person plays: a bot game to watch with Step and Play to end."
        elif len(lineup) == 1:  # a game whose rulebook has a solo mode (min_players 1): nobody to play against
            mode = f"You play seat {people[0]} alone: a solo game."
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


def _counted(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


def undo_words(
    *,
    watching: bool,
    people: int,
    chance: bool,
    last: str | None = None,
    whose: str | None = None,
    bot_moves: int = 0,
    chance_steps: int = 0,
) -> str:
    """What Undo takes back, in one line for its caption and tooltip: one action (a single buy, one tile or one
    rover move, not a whole turn) and every bot move and roll made since; in a bot game, one step.

    With ``last`` (the person's last action in words) the line names it and counts what went after it
    ("...: move the rover from C4 to D5, and the 2 bot moves since"), because a person who meant to take back a
    whole tile placement, or forgot that the bots moved meanwhile, is told before pressing. ``whose`` says
    whose action it was (default "your", or "the last person's" in a hot-seat game).
    """
    if watching:
        return "Undo: the last step only."
    whose = whose or ("your" if people == 1 else "the last person's")
    since_kind = "bot move and roll" if chance else "bot move"
    if last is None:
        return f"Undo: {whose} last action only, not the whole turn, and every {since_kind} since."
    since = [_counted(bot_moves, "bot move", "bot moves")] if bot_moves else []
    if chance_steps:
        since.append(_counted(chance_steps, "roll or draw", "rolls or draws"))
    after = f", and the {_and(since)} since" if since else ""
    return f"Undo takes back {whose} last action only, not the whole turn: {last}{after}."


#: How many characters of a description fit ipywidgets' default 80px label (13px font); a longer one is cut
#: ("Corporati...") unless the widget's style gives the label the width its text needs.
LABEL_FITS = 10


def button(description: str, on_click: Callable[[], object], **kwargs: Any) -> w.Button:
    """A button as wide as its text, calling ``on_click()`` when pressed.

    ipywidgets gives every button 148px whatever its text, so "Into Parts Unknown" showed as "Into Parts
    Unkno...", and a description set later ("Buy a shelf · $40") can outgrow any fixed width. Every button of
    the package is made here with ``layout.width`` "auto" unless the caller gives a width of its own.
    """
    layout = kwargs.pop("layout", None) or w.Layout()
    if not layout.width:
        layout.width = "auto"
    widget = w.Button(description=description, layout=layout, **kwargs)
    widget.on_click(lambda _: on_click())
    return widget


Described = TypeVar("Described", bound=w.DOMWidget)


def labelled(widget: Described) -> Described:
    """``widget`` with its description shown whole: a description longer than the default label holds
    (``LABEL_FITS`` characters) gets the width its text needs (``description_width`` "initial"), unless the
    caller chose a label width itself (a form aligning its labels). A control with a long description goes
    through here, so no label is cut short ("Seat 0 plan...")."""
    style = getattr(widget, "style", None)
    description = getattr(widget, "description", "")
    too_long = isinstance(description, str) and len(description) > LABEL_FITS
    if too_long and style is not None and hasattr(style, "description_width") and not style.description_width:
        style.description_width = "initial"
    return widget


@dataclass(frozen=True)
class Choice:
    """One button of a ``ButtonRow`` as a redraw wants it shown."""

    description: str
    tooltip: str = ""
    disabled: bool = False
    button_style: str = ""
    button_color: str | None = None
    text_color: str | None = None
    #: CSS classes beyond the row's own ``<prefix>-<place>`` (a seller's ``pu-buy-2``).
    classes: tuple[str, ...] = ()


class ButtonRow:
    """A box of buttons a table redraws on every click (market cards, parts to take, cards on sale), kept.

    Why: a redraw that made new buttons sent the page three new widget models per button (the button, its
    layout, its style) and closed as many, and the page built, laid out and tore down their views: most of the
    messages of a click. A ``ButtonRow`` keeps one button per place, sets on it only what changed (a traitlet
    set to its own value sends nothing) and shows the first ``len(choices)``; the others wait unshown. A press
    calls ``on_press(place)``: the caller maps the place to what the button shows now.
    """

    def __init__(self, box: w.Box, on_press: Callable[[int], object], *, prefix: str, **button_kwargs: Any) -> None:
        self.box = box
        #: ``widget``: what makes the row a helper a ``View`` walks into, so the buttons waiting unshown stay
        #: the view's (kept, and closed with it) rather than swept as dropped.
        self.widget = box
        self.on_press = on_press
        self.prefix = prefix
        self.button_kwargs = button_kwargs
        #: Every button made, by place; the shown ones are the first ``len(box.children)``.
        self.buttons: list[w.Button] = []

    def _button(self, place: int) -> w.Button:
        while len(self.buttons) <= place:
            index = len(self.buttons)
            kwargs = dict(self.button_kwargs)
            layout = w.Layout(**kwargs.pop("layout", {}))  # a layout of its own per button: a shared one is one model
            made = button("", functools.partial(self.on_press, index), layout=layout, **kwargs)
            made.add_class(f"{self.prefix}-{index}")
            self.buttons.append(made)
        return self.buttons[place]

    def show(self, choices: Sequence[Choice], *, empty: Sequence[w.Widget] = ()) -> list[w.Button]:
        """Show one button per choice (``empty`` when there is none); returns the buttons shown."""
        shown = [self._button(place) for place in range(len(choices))]
        for place, (widget, choice) in enumerate(zip(shown, choices, strict=True)):
            classes = (f"{self.prefix}-{place}", *choice.classes)
            set_changed(
                widget,
                description=choice.description,
                tooltip=choice.tooltip,
                disabled=choice.disabled,
                button_style=choice.button_style,
                _dom_classes=classes,
            )
            set_changed(widget.style, button_color=choice.button_color, text_color=choice.text_color)
        children = tuple(shown) if shown else tuple(empty)
        if children != tuple(self.box.children):
            self.box.children = children
        return shown


def set_changed(widget: w.Widget, **values: Any) -> None:
    """Set the traits of ``widget`` that differ from ``values``, in one message (none when nothing differs:
    ``hold_sync`` alone sends an empty update)."""
    changed = {name: value for name, value in values.items() if getattr(widget, name) != value}
    if len(changed) == 1:
        setattr(widget, *next(iter(changed.items())))
    elif changed:
        with widget.hold_sync():
            for name, value in changed.items():
                setattr(widget, name, value)


def bot_menu(
    strategies: Sequence[type[AgentLike]], *, random: type[AgentLike] | None = None, random_first: bool = False
) -> dict[str, AgentFactory]:
    """A table's bots by their own names (``Agent.name``), from the game's ``agents.STRATEGIES``: the menu is
    never retyped, so a strategy added to a game is offered at its table under the name its results use.

    The random agent (``random``, or the one ``strategies`` holds) comes first or last as the table always
    offered it: the New game panel fills a seat its line-up leaves out with the menu's first bot."""
    named = {str(getattr(agent, "name", agent.__name__)): agent for agent in strategies}
    chance = named.pop("random", random)
    menu: dict[str, AgentFactory] = dict(named.items())
    if chance is not None:
        menu = {"random": chance, **menu} if random_first else {**menu, "random": chance}
    return menu
