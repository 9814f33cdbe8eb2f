"""Observations are JSON-able and hide the other hand, The Queue's order and the tool deck's order."""

from __future__ import annotations

import dataclasses
import json
import random

from playbook.games.offal_game import new_game
from playbook.games.offal_game.rules import TOOL_EFFECTS

from .helpers import random_play


def test_observation_is_json_and_shows_the_table() -> None:
    state = new_game(2, seed=5)
    obs = state.observation(0)
    assert json.loads(json.dumps(obs)) == obs
    for key in ("pipe", "card_counts", "clog", "reserve", "bag", "customers", "money", "hand", "queue_size"):
        assert key in obs
    assert obs["hand"] == [TOOL_EFFECTS[t] for t in state.hands[0]]
    assert [[c["id"] for c in row] for row in obs["customers"]] == [list(c) for c in state.customers]
    assert obs["queue_size"] == 6 and obs["tool_deck_size"] == 6 and obs["hand_sizes"] == [3, 3]


def test_observation_hides_the_other_hand() -> None:
    state = new_game(2, seed=5)
    other = dataclasses.replace(state, hands=(state.hands[0], (5, 5, 5)))
    assert state.hands[1] != (5, 5, 5)
    assert state.observation(0) == other.observation(0)
    assert state.observation(1) != other.observation(1)


def test_observation_hides_the_queue_and_tool_deck_order() -> None:
    state = new_game(2, seed=5)
    shuffled = dataclasses.replace(
        state, queue=tuple(reversed(state.queue)), tool_deck=tuple(reversed(state.tool_deck))
    )
    assert shuffled != state
    assert shuffled.observation(0) == state.observation(0) and shuffled.observation(1) == state.observation(1)
    text = json.dumps(state.observation(0))
    assert 'queue"' not in text.replace("queue_size", "")


def test_observations_stay_json_through_a_game() -> None:
    state = new_game(1, seed=9)
    for before, _ in random_play(state, random.Random(3))[::4]:
        obs = before.observation(0)
        assert json.loads(json.dumps(obs)) == obs
        assert sum(obs["bag"].values()) == sum(before.bag)
