"""The speed paths give what the plain definitions give: ``legal_actions`` (Step 2's joined list, the memoised
per-hand, per-shelf and per-seller lists) equals every open move's ``legal`` joined in ``OPEN_MOVES`` order, and
an observation built from the memos equals one built afresh and is a copy the caller may change."""

from __future__ import annotations

import random

from playbook.core import CHANCE
from playbook.core.match import sample_chance
from playbook.games.parts_unknown import State, new_game
from playbook.games.parts_unknown.components import Tables
from playbook.games.parts_unknown.moves import OPEN_MOVES

from .helpers import RULES


def _states(players: int, seed: int, steps: int = 300) -> list[State]:
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    seen = [state]
    for _ in range(steps):
        if state.is_terminal:
            break
        if state.current_player == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)[0]
        seen.append(state)
    return seen


def _plain_legal(state: State) -> list[object]:
    return [action for move in OPEN_MOVES[state.phase] for action in move.legal(state)]


def test_legal_actions_are_the_open_moves_lists_joined_in_order() -> None:
    """Every phase's list, across random play at 2, 4 and 6 seats, equals the moves' lists joined."""
    phases = set()
    for players, seed in ((2, 1), (4, 2), (6, 3)):
        for state in _states(players, seed):
            assert list(state.legal_actions()) == _plain_legal(state), state
            phases.add(state.phase)
    assert len(phases) >= 7  # set-up, Steps 1 to 3 and auctions were all reached


def test_memoised_lists_are_shared_by_states_with_the_same_hand_and_shelf() -> None:
    """Two Step 2 states with the same hand and shelf list the same objects (one build per hand and shelf)."""
    for state in _states(4, 5):
        if state.phase.word == "stock":
            again = state._with(round=state.round)  # an equal state, another object: the legal slot misses
            assert again is not state
            first = state.legal_actions()
            second = again.legal_actions()
            assert first == second
            assert all(a is b for a, b in zip(first, second, strict=True))
            return
    raise AssertionError("no Step 2 state reached")


def _fresh_tables_observation(state: State, seat: int) -> dict[str, object]:
    """The observation with every memo emptied first: what a first build gives."""
    tables: Tables = state.rules.tables
    tables.named.clear()
    return dict(state.observation(seat))


def test_observations_from_memos_equal_fresh_ones() -> None:
    for state in _states(6, 7)[::11]:
        for seat in range(state.num_players):
            remembered = dict(state.observation(seat))
            assert remembered == _fresh_tables_observation(state, seat)


def test_an_observation_is_the_callers_copy() -> None:
    """Changing one observation's lists and dicts leaves the next observation (and the memos) alone."""
    state = next(s for s in _states(4, 8) if s.phase.word == "stock" and any(s.displays) and any(s.hands[s.seat]))
    seat = state.seat
    first = state.observation(seat)
    expected = dict(state.observation(seat))
    first["hand"].clear()
    first["going_rates"].clear()
    first["displays"][0].append(["Feet", 1])
    for shown in first["displays"]:
        for item in shown:
            item[1] = -1
    first["cards"][RULES.cards[0].name]["prices"].append(0)
    first["board"][0][0] = "changed"
    first["houses"][0]["surplus"] = 99
    assert state.observation(seat) == expected
