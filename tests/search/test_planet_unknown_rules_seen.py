"""Planet Unknown's determinizer reads the rules each seat sees printed (the battery every game gets is
``test_determinizers.py``): each seat's corporation and planet and the designer's track edits."""

from __future__ import annotations

import random

import pytest

from playbook import CHANCE
from playbook.games.planet_unknown import new_game
from playbook.games.planet_unknown.asymmetry_lesson import pairing_rules
from playbook.games.planet_unknown.determinize import determinize, rules_seen
from playbook.games.planet_unknown.variants import corporation_keys, planet_keys


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
