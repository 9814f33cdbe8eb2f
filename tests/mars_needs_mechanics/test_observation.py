"""``observation(seat)`` never reveals another seat's hand or the deck order, and is JSON-serialisable."""

from __future__ import annotations

import json
import random

import pytest

from playbook.games.mars_needs_mechanics import NUM_TYPES, Built, State, new_game

from .helpers import ALL_MECHANISMS, EMPTY, GEAR, LENS, PISTON, WIRE, base, cost, hand, mech, rules_with


def states_along_a_game(players: int, seed: int, every: int = 7) -> list[State]:
    """Every ``every``-th state of a random game with all ten mechanisms in play."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules_with(*ALL_MECHANISMS))
    seen = []
    step = 0
    while not state.is_terminal:
        if step % every == 0:
            seen.append(state)
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])[0]
        step += 1
    return [*seen, state]


def disguise(state: State, seat: int, rng: random.Random) -> State:
    """The same state as ``seat`` can know it: other hands of the same sizes changed, the deck reshuffled."""
    hands = []
    for other, cards in enumerate(state.hands):
        if other == seat:
            hands.append(cards)
            continue
        new = [0] * NUM_TYPES
        for _ in range(sum(cards)):
            new[rng.randrange(NUM_TYPES)] += 1
        hands.append(tuple(new))
    deck = list(state.deck)
    rng.shuffle(deck)
    return state._replace(hands=tuple(hands), deck=tuple(deck))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observation_hides_other_hands_and_deck_order(players: int) -> None:
    rng = random.Random(players)
    for state in states_along_a_game(players, seed=players * 13):
        for seat in range(players):
            obs = state.observation(seat)
            other = disguise(state, seat, rng).observation(seat)
            obs.pop("deck_top", None)  # X-Ray Goggles: the owner may see the top of the deck (tested below)
            other.pop("deck_top", None)
            assert obs == other
            assert "deck" not in obs and "hands" not in obs
            assert obs["hand"] == list(state.hands[seat])


@pytest.mark.parametrize("players", [2, 4])
def test_observation_is_json_serialisable(players: int) -> None:
    for state in states_along_a_game(players, seed=99 + players, every=3):
        for seat in range(players):
            obs = state.observation(seat)
            assert json.loads(json.dumps(obs)) == obs


def test_deck_top_only_with_x_ray_goggles_and_only_to_owner() -> None:
    rules = rules_with("x_ray_goggles")
    goggles = Built(mech(rules, "x_ray_goggles"), cost(rules, "x_ray_goggles"))
    deck = (GEAR, LENS, WIRE, PISTON, GEAR, GEAR)
    plain = base(3, rules=rules, deck=deck)
    assert all("deck_top" not in plain.observation(seat) for seat in range(3))
    state = plain._replace(built=((), (goggles,), ()))
    assert state.observation(1)["deck_top"] == [GEAR, LENS, WIRE]
    assert "deck_top" not in state.observation(0) and "deck_top" not in state.observation(2)
    assert state.observation(0)["deck_size"] == 6


def test_observation_shows_public_information() -> None:
    state = base(3, hands=(hand(gear=2), hand(lens=1), EMPTY), scrap=(2, 1, 0), cogs=(30, 12, 7))
    obs = state.observation(2)
    assert obs["seat"] == 2 and obs["hand"] == list(EMPTY)
    assert obs["hand_sizes"] == [4, 2, 0]  # card backs (with Scrap) can be counted, their faces not
    assert obs["cogs"] == [30, 12, 7] and obs["order_line"] == list(state.order)
    assert obs["phase"] == "play" and obs["current_player"] == 0
