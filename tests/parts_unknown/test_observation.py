"""Observations are JSON-able and hide hands, set-up choices, Parts Unknown piles and the deck."""

from __future__ import annotations

import json

import pytest

from playbook.core.errors import InvalidArgumentError
from playbook.games.parts_unknown import ChooseStock, new_game

from .helpers import counts, scenario, shelf


def test_json_and_own_information() -> None:
    state = scenario(
        3,
        hands=(counts(Feet=2), counts(Cheese=1), counts()),
        parts_unknown=(counts(Zwik=1), counts(Hearts=2), counts()),
        displays=(shelf(("Legs", 1)), (), ()),
    )
    seen = state.observation(0)
    json.dumps(seen)
    assert seen["hand"] == {"Feet": 2} and seen["parts_unknown"] == {"Zwik": 1}
    assert seen["hand_sizes"] == [2, 1, 0] and seen["parts_unknown_sizes"] == [1, 2, 0]
    assert seen["displays"][0] == [["Legs", 24]]


def test_hands_piles_and_deck_hidden() -> None:
    state = scenario(
        3, hands=(counts(Feet=2), counts(Cheese=1), counts()), parts_unknown=(counts(), counts(Hearts=2), counts())
    )
    text = json.dumps(state.observation(0))
    assert 'Cheese": 1' not in text and 'Hearts": 2' not in text
    assert "deck" not in state.observation(0) or "deck_size" in state.observation(0)
    assert all(key != "deck" for key in state.observation(0))
    # the deck order never shows: two states differing only in deck order look the same
    other = state._with(deck=state.deck[::-1])
    assert other.observation(1) == state.observation(1)


def test_setup_choice_hidden_until_priced() -> None:
    state = new_game(2, seed=11)
    hand0 = state.observation(0)["hand"]
    pick = sorted(hand0)[0]
    state = state.apply(ChooseStock((pick,)))[0]
    assert state.observation(0)["chosen"] == [pick]
    seen = state.observation(1)
    assert seen["chosen"] == [] and seen["revealed"] is None
    assert pick not in json.dumps(seen["chosen_sizes"])
    assert seen["chosen_sizes"] == [1, None]


def test_bad_seat_refused() -> None:
    with pytest.raises(InvalidArgumentError):
        new_game(2, seed=1).observation(2)


def test_observation_says_what_a_view_needs() -> None:
    """A view reads only the observation: prices, house dots, draw limits, the end in words."""
    seen = scenario(2).observation(0)
    assert seen["max_draw"] == 7 and seen["drawn_cost"] == 0 and seen["draw_prices"][:3] == [0, 4, 12]
    assert seen["houses"][1]["name"] == "Gizmos" and not seen["houses"][1]["converts"]
    assert seen["board"][1] == ["demand", "Extremities", 3, "3+X"]
    assert seen["over"] is False and seen["end_reason"] == "" and seen["winners"] == []


def test_observation_after_a_riot_lit_by_this_turns_roll() -> None:
    """Seven cards drawn, then the roll lights the Riot (a six-card chart): the observation still reads."""
    state = scenario(2)._with(drawn=7, riot=True)
    seen = state.observation(0)
    assert seen["max_draw"] == 6 and seen["draw_prices"] == [] and seen["drawn_cost"] == 85
