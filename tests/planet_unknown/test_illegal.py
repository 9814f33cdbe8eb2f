"""Illegal actions are refused with the right error naming the rule, and the state is left unchanged."""

from __future__ import annotations

import json

import pytest

from playbook.core import IllegalActionError, InvalidActionError
from playbook.games.offal_game import Roll
from playbook.games.planet_unknown import (
    ChooseCivCard,
    MoveRover,
    PlaceTile,
    Rotate,
    TakeTile,
    action_from_dict,
)

from .helpers import BIOMASS_CIV, at_placement, put, set_depot, stack_of, with_board, with_gains


@pytest.fixture
def solo():
    return set_depot(at_placement(1, seed=3), "I4", "i2")


@pytest.fixture
def started(solo):
    return set_depot(put(solo, "I4", BIOMASS_CIV, 0, 6, 6), "I4", "i2")


def refused(state, action, error, words):
    before = json.dumps(state.to_dict(), sort_keys=True)
    with pytest.raises(error, match=words):
        state.apply(action)
    assert json.dumps(state.to_dict(), sort_keys=True) == before


def test_overlap(started):
    refused(started, PlaceTile(stack_of("i2"), 0, 5, 6), IllegalActionError, "on top of other tiles")


def test_off_planet(solo):
    refused(solo, PlaceTile(stack_of("i2"), 0, 0, 0), IllegalActionError, "off the planet's printed grid")
    refused(solo, PlaceTile(stack_of("i2"), 0, 11, 5), IllegalActionError, "grid")


def test_not_adjacent(started):
    refused(started, PlaceTile(stack_of("i2"), 0, 4, 1), IllegalActionError, "orthogonally adjacent")


def test_first_tile_off_the_edge(solo):
    refused(solo, PlaceTile(stack_of("i2"), 0, 5, 6), IllegalActionError, "outside edge")


def test_tile_not_in_your_depot(solo):
    refused(solo, PlaceTile(stack_of("O"), 0, 4, 1), IllegalActionError, "depot")


def test_take_without_placing_while_a_placement_is_legal(solo):
    refused(solo, TakeTile(stack_of("i2")), IllegalActionError, "only when no placement is legal")


def test_rover_step_off_the_planet(solo):
    state = with_gains(with_board(solo, rovers=(3 * 12 + 1,)), movement=2)
    refused(state, MoveRover(3, 1, 3, 0), IllegalActionError, "planet square")
    refused(state, MoveRover(3, 1, 4, 2), IllegalActionError, "orthogonally")


def test_card_of_a_rank_not_reached(solo):
    state = solo._with(phase=solo.phase.CIV, placed=True, civ_queue=((1,),), civ_piles=((1, 2), (8, 9), (15,), (22,)))
    refused(state, ChooseCivCard(8), IllegalActionError, "rank 1")


def test_wrong_phase(solo):
    refused(solo, Rotate(2), IllegalActionError, "not open now")


def test_another_games_action_and_malformed_input(solo):
    refused(solo, Roll(), InvalidActionError, "not an action of this game")
    with pytest.raises(InvalidActionError):
        action_from_dict({"type": "PlaceTile", "stack": "x", "orientation": 0, "row": 0, "col": 0})
    assert action_from_dict(PlaceTile(10, 0, 4, 1).to_dict()) == PlaceTile(10, 0, 4, 1)
