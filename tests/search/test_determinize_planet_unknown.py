"""The planet_unknown determinizer (``playbook.games.planet_unknown.determinize``): worlds the seat cannot tell apart.

Why it matters: the search bot simulates only these worlds, so a world that showed the seat something other
than its observation would let it plan on information it does not have (or miss what it does).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from playbook import CHANCE
from playbook.games.planet_unknown import new_game
from playbook.games.planet_unknown.asymmetry_lesson import pairing_rules
from playbook.games.planet_unknown.determinize import SEARCH_DEFAULTS, determinize, rules_seen
from playbook.games.planet_unknown.variants import corporation_keys, planet_keys
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


@pytest.mark.parametrize("key", [*corporation_keys(), *planet_keys()])
def test_a_world_plays_the_rivals_printed_corporation_or_planet(key: str) -> None:
    """The rules a seat sees printed (each seat's corporation and planet, the track edits) are the world's rules:
    a rival's Oasis Ultd. or Wormhole Corp. board is not rebuilt on the standard tracks, so a rollout scores it."""
    field = "corporations" if key in corporation_keys() else "planets"
    for seat in (0, 1):
        rules = pairing_rules(field, key, 1 - seat, (("cosmos", "civ", 2, "M4"),) if key == "cosmos" else ())
        state = new_game(2, seed=5, rules=rules)
        rng = random.Random(key)
        for _ in range(40):
            if state.current_player is None:
                break
            actions = state.legal_actions() if state.current_player != CHANCE else [state.chance_outcomes()[0][0]]
            state, _events = state.apply(rng.choice(actions))
        if state.current_player in (None, CHANCE):
            continue
        seen = state.observation(seat)
        assert rules_seen(seen) == state.rules
        world = determinize(seen, None, random.Random(1))
        assert world.observation(seat) == seen
        assert world.scores() is not None
