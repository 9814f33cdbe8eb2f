"""A bot that raises does not strand a table: the error stays in view, naming the strategy and the seat, and
the person goes on with Undo or a new game with another player in that seat.

Over every game's table (``playbook.widgets.views.GAME_TABLES``) and the fake game's. What is checked is what
the page shows (``visible_text``: the text of every widget not inside a hidden box), read after the person's
move and after the status messages that follow it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from playbook import StrategyError, strategy
from playbook.core import Match
from playbook.core.protocol import Action
from playbook.widgets.common import HUMAN, TableView
from playbook.widgets.views import GAME_TABLES, TABLE_AGENTS, TABLE_BOTS

from . import fake_game
from .conftest import FakeTable, visible_text

BROKEN = "broken bot"
WHY = "this strategy divides by zero"


@strategy(name=BROKEN, description="Raises whenever it is asked to move.")
def broken_bot(observation: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
    raise ValueError(WHY)


class BrokenBot:
    """The broken bot as a hand-written agent class, for the fake game (whose actions are not saved data)."""

    name = BROKEN

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        raise ValueError(WHY)


class Grumpy:
    """A hand-written agent class (no ``@strategy``): its exception reaches the table as it is."""

    name = "grumpy"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        raise RuntimeError("not today")


def shown_error(table: TableView, why: str = WHY) -> str:
    """The lines of the page that tell of the failure (an empty string when the page does not)."""
    return "\n".join(line for line in visible_text(table.widget).splitlines() if why in line)


def seeds_by_first_mover(game: str) -> dict[int, int]:
    """For each seat that makes the first decision of some two-player game, the first such seed."""
    found: dict[int, int] = {}
    for seed in range(1, 30):
        match = Match(game, players=2, seed=seed)
        match.advance()
        found.setdefault(match.waiting_for() or 0, seed)
    return found


def seed_where(game: str, first: int) -> int:
    """A seed of a two-player game whose first decision is seat ``first``'s."""
    seeds = seeds_by_first_mover(game)
    assert first in seeds, f"{game}: seat {first} never moves first"
    return seeds[first]


def broken_table(game: str, *, seed: int, lineup: Sequence[str]) -> TableView:
    agents = {**TABLE_AGENTS[game], BROKEN: lambda: broken_bot}
    return GAME_TABLES[game](players=2, seed=seed, lineup=lineup, agents=agents)


@pytest.fixture(params=list(GAME_TABLES))
def game_table(request: pytest.FixtureRequest) -> Iterator[TableView]:
    """A game's table: the person in seat 0, who moves first, the broken bot in seat 1."""
    game: str = request.param
    table = broken_table(game, seed=seed_where(game, 0), lineup=(HUMAN, BROKEN))
    yield table
    table.close()


def play_until_stopped(table: TableView, limit: int = 60) -> int:
    """The person plays the first legal action until the bot has failed; returns the moves made."""
    match = table.match
    assert match is not None
    for moves in range(limit):
        if match.state.current_player == 1:
            return moves
        assert match.waiting_for() == 0, f"nobody can move: {table.status.text}"
        assert table.act(match.legal_actions()[0]), table.status.text
    raise AssertionError(f"the broken bot never moved in {limit} moves")


def test_a_raising_bot_stops_the_table_in_view_naming_the_strategy_and_the_seat(game_table: TableView) -> None:
    table = game_table
    moves = play_until_stopped(table)
    match = table.match
    assert match is not None and moves > 0, "the person moves first"
    assert match.waiting_for() is None  # stuck on the bot: nothing for the person to press on the board ...
    error = shown_error(table)
    assert BROKEN in error and "seat 1" in error, table.status.text  # ... but the page says why
    assert "New game" in error and "Undo" in error  # and how to go on
    assert visible_text(table.status.widget).startswith("You: ")  # the person's move itself was played
    table.act(match.legal_actions()[0])  # a click now is refused in the status line ...
    table.refresh()
    assert "not your turn" in table.status.text
    assert shown_error(table) == error, "later status messages must not hide the error"  # ... not here


def test_after_a_bot_fails_undo_gives_the_person_the_move_back(game_table: TableView) -> None:
    table = game_table
    play_until_stopped(table)
    match = table.match
    assert match is not None
    table.undo_button.click()
    assert match.waiting_for() == 0 and table.seat == 0
    assert not shown_error(table)
    assert table.act(match.legal_actions()[0]), table.status.text  # the person plays on ...
    assert BROKEN in shown_error(table)  # ... and the same bot fails again, in view again


def test_after_a_bot_fails_a_new_game_with_another_player_in_its_seat_plays_on(game_table: TableView) -> None:
    table = game_table
    play_until_stopped(table)
    game = next(name for name, cls in GAME_TABLES.items() if type(table) is cls)
    table.new_game_panel.seats[1].value = TABLE_BOTS[game]
    table.new_game_panel.button.click()
    match = table.match
    assert match is not None and match.agents[1] is not broken_bot
    assert not shown_error(table)
    for _ in range(6):  # the person's moves, and the new bot's after each
        if match.is_over:
            break
        assert match.waiting_for() == 0, table.status.text
        assert table.act(match.legal_actions()[0]), table.status.text
        assert not shown_error(table)


@pytest.mark.parametrize("game", list(GAME_TABLES))
def test_a_bot_failing_on_the_first_move_of_a_new_game_is_in_view(game: str) -> None:
    seeds = seeds_by_first_mover(game)
    first = max(seeds)  # the bot in seat 1 when seat 1 ever moves first, else in seat 0
    lineup = (HUMAN, BROKEN) if first == 1 else (BROKEN, HUMAN)
    table = broken_table(game, seed=seeds[first], lineup=lineup)
    try:
        error = shown_error(table)
        assert BROKEN in error and f"seat {first}" in error, table.status.text
        assert "New game, seed" in table.status.text  # the new game's own line did not replace it
        table.new_game_panel.seats[first].value = TABLE_BOTS[game]
        table.new_game_panel.button.click()
        assert table.match is not None and table.match.waiting_for() == 1 - first
        assert not shown_error(table)
    finally:
        table.close()


def test_the_error_names_a_hand_written_agent_and_its_exception(make_table: type[FakeTable]) -> None:
    table = make_table(lineup=("you", "grumpy"), agents={"grumpy": Grumpy})
    table.act(fake_game.Add(1))
    error = shown_error(table, "not today")
    assert "seat 1 (grumpy)" in error and "RuntimeError" in error
    assert visible_text(table.status.widget).startswith("You: add 1")


def test_a_bot_failing_in_a_watched_game_is_shown_when_step_is_pressed(make_table: type[FakeTable]) -> None:
    table = make_table(lineup=("adds one", BROKEN), agents={BROKEN: BrokenBot})
    assert table.watching
    table.step_button.click()  # seat 0 adds one
    assert not shown_error(table)
    table.step_button.click()  # seat 1 raises
    error = shown_error(table)
    assert BROKEN in error and "seat 1" in error
    table.undo_button.click()  # watching: back one step, and the error goes with it
    assert not shown_error(table)


def test_a_broken_strategy_reaches_the_table_as_a_strategy_error_naming_it() -> None:
    """The table's message quotes the engine's: a ``StrategyError`` naming the strategy."""
    with pytest.raises(StrategyError, match=BROKEN):
        broken_bot.choose({}, [fake_game.Add(1)], random.Random(0))
