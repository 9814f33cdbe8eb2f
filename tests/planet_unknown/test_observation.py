"""Observations hide the stacks below their tops, the event deck's order and others' private objectives."""

from __future__ import annotations

import json

import pytest

from playbook.core.errors import InvalidArgumentError
from playbook.games.planet_unknown import Phase, PlaceTile, Rules, new_game

from .helpers import at_placement, first_legal_until


def test_observation_is_json_and_public_parts_are_shown():
    state = at_placement(3, seed=2, rules=Rules(events=True, private_objectives=True))
    for seat in range(3):
        obs = state.observation(seat)
        json.dumps(obs)
        assert obs["seat"] == seat and len(obs["boards"]) == 3
        assert obs["civ_piles"] == [list(p) for p in state.civ_piles]
        assert obs["neighbour_objectives"] == list(state.neighbour_objectives)


def test_stacks_show_only_their_tops():
    state = at_placement(2, seed=2)
    obs = state.observation(0)
    assert obs["stack_tops"] == [stack[0] if stack else None for stack in state.stacks]
    assert obs["stack_sizes"] == [len(stack) for stack in state.stacks]
    text = json.dumps(obs)
    assert "stacks" not in obs and str(list(state.stacks[0])) not in text


def test_a_taken_top_stays_hidden_until_the_refill():
    """§3.10: "A taken top is not replaced until the round's refill".\""""
    state = at_placement(2, seed=2)
    place = next(a for a in state.legal_actions() if isinstance(a, PlaceTile))
    state = first_legal_until(state.apply(place)[0], lambda s: s.phase != Phase.PLACE or s.placed is False)
    if state.phase == Phase.PLACE:
        assert state.observation(1)["stack_tops"][place.stack] is None


def test_event_deck_order_hidden():
    state = new_game(2, seed=3, rules=Rules(events=True))
    obs = state.observation(0)
    assert obs["events_left"] == len(state.event_deck)
    assert "event_deck" not in obs and obs["peeked_event"] is None


def test_private_objectives_hidden_from_others():
    state = new_game(3, seed=3, rules=Rules(private_objectives=True))
    state = first_legal_until(state, lambda s: s.phase != Phase.OBJECTIVES)
    mine = state.observation(0)["my_objectives"]
    assert mine == list(state.boards[0].objectives)
    others = json.dumps(state.observation(1))
    assert '"my_objectives": ' + json.dumps(list(state.boards[1].objectives)) in others
    assert all("objectives" not in board for board in state.observation(1)["boards"])


def test_dealt_cards_only_to_their_owner():
    state = new_game(2, seed=3, rules=Rules(private_objectives=True))
    assert state.observation(0)["dealt_objectives"] == list(state.dealt[0])
    assert state.observation(1)["dealt_objectives"] == list(state.dealt[1])


def test_pending_gains_only_for_the_acting_seat():
    state = at_placement(2, seed=2)
    other = 1 - state.current_player
    assert state.observation(other)["pending"] == [] and state.observation(other)["movement"] == 0


def test_bad_seat_refused():
    with pytest.raises(InvalidArgumentError):
        at_placement(2, seed=2).observation(5)


def test_hidden_parts_do_not_change_an_observation():
    """Two tables that differ only in what a seat may not see give that seat the same observation."""
    state = new_game(3, seed=5, rules=Rules(events=True, private_objectives=True))
    state = first_legal_until(state, lambda s: s.phase not in (Phase.OBJECTIVES,))
    stacks = tuple((stack[0], *reversed(stack[1:])) if stack else stack for stack in state.stacks)
    boards = list(state.boards)
    boards[1] = boards[1]._replace(objectives=(99,))
    other = state._with(
        stacks=stacks,
        event_deck=tuple(reversed(state.event_deck)),
        objective_deck=tuple(reversed(state.objective_deck)),
        boards=tuple(boards),
        civ_aside=tuple(reversed(state.civ_aside)),
    )
    assert other != state
    assert json.dumps(other.observation(0), sort_keys=True) == json.dumps(state.observation(0), sort_keys=True)
