"""A solo game says it is one: no "against bots" when there are none.

Issue 19: An Offal Game for one player, no bots, said "You play seat 0 against bots" in its New game panel.
"""

from __future__ import annotations

import pytest

from playbook.widgets.views import GAME_TABLES

from .conftest import visible_text
from .game_tables import make_table

SOLO_GAMES = [game for game, table in GAME_TABLES.items() if table.game.INFO.min_players == 1]


def test_some_game_has_a_solo_mode() -> None:
    assert "offal_game" in SOLO_GAMES


@pytest.mark.parametrize("game", SOLO_GAMES)
def test_a_solo_game_says_you_play_alone(game: str) -> None:
    table = make_table(game, players=1, seed=1, lineup=("you",))
    try:
        panel = table.new_game_panel
        assert panel.describe() == "You play seat 0 alone: a solo game. seat 0: a person."
        assert "bot" not in visible_text(panel.who)
        panel.players.value = 2  # a second seat, a bot by default: against bots again
        assert panel.describe().startswith("You play seat 0 against bots.")
    finally:
        table.close()
