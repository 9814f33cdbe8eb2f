"""Helpers for the batteries that run over every game's table and views (``playbook.widgets.views.GAME_TABLES``
and ``GAME_VIEWS``): tables in set positions, seeded bot games, what a person can see and press."""

from __future__ import annotations

import datetime as dt
import html
import importlib
import random
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from playbook.core import Match, RandomAgent
from playbook.core.protocol import Action
from playbook.widgets.common import TableView, widget_tree
from playbook.widgets.views import GAME_TABLES, TABLE_BOTS

GAMES = list(GAME_TABLES)


def strategies(game: str) -> tuple[type, ...]:
    """The game's built-in strategies, as its agents module lists them (``agents.STRATEGIES``)."""
    return tuple(importlib.import_module(f"playbook.games.{game}.agents").STRATEGIES)


def bot_match(game: str, players: int = 2, seed: int = 3) -> Match:
    """A seeded game of the game's first built-in strategies (not the random agent), played to the end."""
    bots = [s for s in strategies(game) if getattr(s, "name", "") != "random"]
    match = Match(game, players=players, seed=seed, agents={seat: bots[seat % len(bots)]() for seat in range(players)})
    match.advance()
    return match


def plain(markup: str) -> str:
    """What a person reads in an HTML value: tags dropped, entities turned back into characters."""
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def make_table(game: str, **kwargs: Any) -> TableView:
    """``GAME_TABLES[game](**kwargs)``: a game's table has default bots, so none need be passed."""
    table_class: Callable[..., TableView] = GAME_TABLES[game]
    return table_class(**kwargs)


def finished_match(game: str, seed: int = 2) -> Match:
    """A two-seat game played to its end: a person (random legal moves) in seat 0, a random bot in seat 1."""
    match = Match(game, players=2, seed=seed, agents={1: RandomAgent()})
    rng = random.Random(seed)
    match.advance()
    while not match.is_over:
        match.play(rng.choice(list(match.legal_actions())))
        match.advance()
    return match


def table_before_the_last_move(game: str) -> tuple[TableView, Action]:
    """A table one person's move before the end of ``finished_match``, and that move."""
    match = finished_match(game)
    last = max(i for i, step in enumerate(match.steps) if step.actor == "player")
    table = GAME_TABLES[game].on_match(match.fork(last), 0, subscribe=True).play_on()
    return table, match.steps[last].action


def person_table(game: str, moves: int = 3) -> TableView:
    """A person in seat 0 against the game's bot, ``moves`` of the person's moves in (the first legal one)."""
    table = make_table(game, players=2, seed=1, lineup=("you", TABLE_BOTS[game]))
    assert table.match is not None
    for _ in range(moves):
        if table.match.is_over:
            break
        table.act(table.match.legal_actions()[0])
    return table


def bot_table(game: str) -> TableView:
    """A bot game to watch: the game's bot in both seats, nothing played yet."""
    bot = TABLE_BOTS[game]
    return make_table(game, players=2, seed=1, lineup=(bot, bot))


def visible_controls(root: w.Widget) -> list[w.Widget]:
    """Every widget with a ``disabled`` trait that a person can see (no hidden box around it)."""
    found: list[w.Widget] = []
    stack = [root]
    while stack:
        widget = stack.pop()
        layout = getattr(widget, "layout", None)
        if layout is not None and layout.display == "none":
            continue
        if "disabled" in widget.trait_names():
            found.append(widget)
        stack.extend(getattr(widget, "children", ()))
    return found


def shared_controls(table: TableView) -> set[int]:
    """The controls that may act at game over: the New game panel and what follows it, Undo, the save bar."""
    section = table.widget.children[list(table.widget.children).index(table.new_game_panel.widget) :]
    roots: list[Any] = [*section, table.undo_button]
    files = getattr(table, "files", None)
    if files is not None:
        roots += [files.widget, files.replay_area]
    return set(widget_tree(*roots))


def board_controls(table: TableView) -> list[w.Widget]:
    """The visible controls of the board: every visible control but the shared ones."""
    shared = shared_controls(table)
    return [widget for widget in visible_controls(table.widget) if id(widget) not in shared]


def describe_control(widget: w.Widget) -> tuple[str, str, tuple[str, ...]]:
    return type(widget).__name__, str(getattr(widget, "description", "")), tuple(widget._dom_classes)


def upload_value(name: str, data: bytes) -> tuple[dict[str, Any], ...]:
    """A ``FileUpload`` value as the browser delivers one file (ipywidgets 8)."""
    return (
        {
            "name": name,
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": dt.datetime.now(dt.UTC),
        },
    )
