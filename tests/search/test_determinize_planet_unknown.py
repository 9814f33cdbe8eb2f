"""The planet_unknown determinizer (``playbook.games.planet_unknown.determinize``): worlds the seat cannot tell apart.

Why it matters: the search bot simulates only these worlds, so a world that showed the seat something other
than its observation would let it plan on information it does not have (or miss what it does).
"""

from __future__ import annotations

from typing import Any

from playbook.games.planet_unknown.determinize import SEARCH_DEFAULTS, determinize
from search.positions import check_determinizer, same_world_for_same_seed, worlds_differ

GAME = "planet_unknown"


def test_a_world_gives_the_seat_its_own_observation_over_random_positions() -> None:
    """Every seat, many random positions: the rebuilt state's observation for that seat equals the true one's,
    and the engine's consistency check (every card, cube or tile in one place) accepts it."""
    assert check_determinizer(GAME, determinize, games=2) >= 60


def test_what_the_seat_cannot_see_is_drawn_not_copied() -> None:
    """Worlds drawn with different seeds differ in the station's stacks below their tops at most positions."""
    tried, differ = worlds_differ(GAME, determinize, hidden)
    assert tried >= 5
    assert differ >= tried // 2


def test_the_same_seed_gives_the_same_world() -> None:
    assert same_world_for_same_seed(GAME, determinize)


def test_search_defaults_are_a_budget() -> None:
    assert SEARCH_DEFAULTS["iterations"] >= 1
    assert SEARCH_DEFAULTS["rollout_depth"] >= 1


def hidden(world: Any, seat: int) -> Any:
    return world.stacks
