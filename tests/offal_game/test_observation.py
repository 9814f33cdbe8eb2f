"""Observations are JSON-able, refuse a seat not in the game, and hide the other hand, The Queue's order and
the tool deck's order."""

from __future__ import annotations

import json
import random

import pytest

from playbook.core import InvalidArgumentError
from playbook.games.offal_game import ToolKind, new_game

from .helpers import CROWBAR, random_play, replace


def test_observation_is_json_and_shows_the_table() -> None:
    state = new_game(2, seed=5)
    obs = state.observation(0)
    assert json.loads(json.dumps(obs)) == obs
    for key in ("spaces", "card_counts", "clog", "reserve", "bag", "customers", "money", "hand", "queue_size"):
        assert key in obs
    assert obs["hand"] == [ToolKind(t).key for t in state.hands[0]]
    names = [[state.rules.customers[c].name for c in mine] for mine in state.customers]
    assert [[c["name"] for c in row] for row in obs["customers"]] == names
    assert obs["queue_size"] == 6 and obs["tool_deck_size"] == 6 and obs["hand_sizes"] == [3, 3]
    assert [(s["card"], s["space"]) for s in obs["spaces"][:2]] == [("Day 3", 1), ("Day 3", 2)]
    assert obs["spaces"][0]["rat_space"] and not obs["spaces"][1]["rat_space"]


@pytest.mark.parametrize("seat", [2, -1, 7, True, 0.0, "0", None])
def test_observation_refuses_a_seat_not_in_the_game(seat: object) -> None:
    with pytest.raises(InvalidArgumentError, match="seat"):
        new_game(2, seed=5).observation(seat)  # type: ignore[arg-type]


def test_observation_hides_the_other_hand() -> None:
    state = new_game(2, seed=5)
    other = replace(state, hands=(state.hands[0], (CROWBAR,) * 3))
    assert state.hands[1] != (CROWBAR,) * 3
    assert state.observation(0) == other.observation(0)
    assert state.observation(1) != other.observation(1)


def test_observation_hides_the_queue_and_tool_deck_order() -> None:
    state = new_game(2, seed=5)
    shuffled = replace(state, queue=tuple(reversed(state.queue)), tool_deck=tuple(reversed(state.tool_deck)))
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
