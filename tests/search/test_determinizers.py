"""Every registered game's determinizer (``playbook.games.<game>.determinize``): worlds the seat cannot tell apart.

Why it matters: the search bot simulates only these worlds, so a world that showed the seat something other
than its observation would let it plan on information it does not have (or miss what it does). One battery,
driven by the game registry: a new game with a determinizer is covered without a line here.
"""

from __future__ import annotations

from functools import partial

import pytest

from playbook.games import available
from playbook.search.registry import determinizer
from search.positions import check_determinizer, same_world_for_same_seed, worlds_differ

GAMES = available()


@pytest.mark.parametrize("game", GAMES)
def test_a_world_gives_the_seat_its_own_observation_over_random_positions(game: str) -> None:
    """Every seat, many random positions: the rebuilt state's observation for that seat equals the true one's,
    and the engine's consistency check (every card, cube or tile in one place) accepts it."""
    assert check_determinizer(game, determinizer(game).determinize, games=3) >= 60


@pytest.mark.parametrize("game", GAMES)
def test_what_the_seat_cannot_see_is_drawn_not_copied(game: str) -> None:
    """Worlds drawn with different seeds differ in what the seat cannot see (``unseen``) at most positions."""
    module = determinizer(game)
    tried, differ = worlds_differ(game, module.determinize, partial(module.unseen))
    assert tried >= 5
    assert differ >= tried // 2


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_world(game: str) -> None:
    assert same_world_for_same_seed(game, determinizer(game).determinize)


@pytest.mark.parametrize("game", GAMES)
def test_search_defaults_are_a_budget(game: str) -> None:
    defaults = determinizer(game).SEARCH_DEFAULTS
    assert defaults["iterations"] >= 1
    assert defaults["rollout_depth"] >= 1
