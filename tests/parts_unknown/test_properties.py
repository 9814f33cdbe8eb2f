"""Hypothesis over random legal play for 2-6 players: conservation, immutability, replay, round trips."""

from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playbook.core import CHANCE
from playbook.core.match import sample_chance
from playbook.games.parts_unknown import (
    BuyCard,
    Draw,
    DumpFromShelf,
    End,
    Pass,
    Raise,
    Reprice,
    State,
    Stock,
    action_from_dict,
    new_game,
)

from .helpers import RULES, T, total_cards, total_money

SETTINGS = settings(max_examples=25, deadline=None)


def _walk(players: int, seed: int, steps: int) -> tuple[list[State], list[object]]:
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    states, actions = [state], []
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.current_player == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)[0]
        states.append(state)
        actions.append(action)
    return states, actions


@SETTINGS
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_money_cards_town_conserved(players: int, seed: int) -> None:
    """Every dollar is between the players and the Bank; all 96 cards are somewhere; the Town is never negative."""
    states, _ = _walk(players, seed, 1500)
    for state in states:
        assert total_money(state) == RULES.bank_money
        assert total_cards(state) == 96
        assert state.town >= 0
        # "If the Town's population reaches zero, the game ends immediately": no state plays on at zero
        assert state.town > 0 or (state.is_terminal and state.end == End.TOWN)
        assert state.winners() == () or state.is_terminal
        assert all(m >= 0 for m in state.money)
        assert all(len(shelf) <= n for shelf, n in zip(state.displays, state.shelves, strict=True))


@SETTINGS
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_states_never_mutated_and_replay(players: int, seed: int) -> None:
    """``apply`` never changes the state it is called on; replaying the actions gives equal states."""
    states, actions = _walk(players, seed, 400)
    replay = new_game(players, seed=seed)
    for before, action, after in zip(states, actions, states[1:], strict=False):
        snapshot = copy.deepcopy(before.to_dict())
        again = before.apply(action)[0]  # type: ignore[arg-type]
        assert before.to_dict() == snapshot
        assert again == after
        replay = replay.apply(action)[0]  # type: ignore[arg-type]
        assert replay == after


@SETTINGS
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_json_round_trips(players: int, seed: int) -> None:
    """``to_dict``/``from_dict`` through JSON give equal states; actions round-trip through ``action_from_dict``."""
    states, actions = _walk(players, seed, 300)
    for state in states[::7]:
        assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        for seat in range(players):
            json.dumps(state.observation(seat))
    for action in actions:
        assert action_from_dict(json.loads(json.dumps(action.to_dict()))) == action  # type: ignore[attr-defined]


def _candidates(state: State) -> list[object]:
    names = T.names
    out: list[object] = [Draw(k) for k in range(0, 9)]
    for card in range(T.num_types):
        prices = [*T.prices[card], 0, 1000]
        for index, price in enumerate(prices):
            out.append(Stock(names[card], price))
            out.append(DumpFromShelf(names[card], price))
            out.append(Reprice(names[card], price, prices[(index + 1) % len(prices)]))
            for seller in range(state.num_players):
                out.append(BuyCard(seller, names[card], price))
    out.extend(Raise(amount) for amount in (-1, 0, 1, 50, 5000))
    out.append(Pass())
    return out


@SETTINGS
@given(st.integers(2, 6), st.integers(0, 2**32 - 1))
def test_why_illegal_agrees_with_legal_actions(players: int, seed: int) -> None:
    """``apply``'s fast check refuses exactly what ``legal_actions()`` leaves out."""
    states, _ = _walk(players, seed, 300)
    for state in states[::5]:
        if state.current_player == CHANCE or state.is_terminal:
            continue
        legal = set(state.legal_actions())
        for action in legal:
            assert state.why_illegal(action) is None, action  # type: ignore[arg-type]
        for action in _candidates(state):
            assert (state.why_illegal(action) is None) == (action in legal), action  # type: ignore[arg-type]
