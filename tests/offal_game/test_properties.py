"""Hypothesis over random legal play, 1 and 2 players: invariants at every step, replay, JSON round trips."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playbook.core import CHANCE, IllegalActionError
from playbook.games.offal_game import ACTION_CLASSES, RollReserve, State, action_from_dict, new_game

from .helpers import RAT, random_play, take

games = st.tuples(st.integers(1, 2), st.integers(0, 2**32 - 1), st.integers(0, 2**32 - 1))


@settings(max_examples=40, deadline=None)
@given(games)
def test_random_play_keeps_every_invariant(game: tuple[int, int, int]) -> None:
    players, seed, choices = game
    state = new_game(players, seed=seed)
    history = random_play(state, random.Random(choices))
    final = history[-1][0].apply(history[-1][1])[0]
    assert final.is_terminal and final.current_player is None
    previous_money = state.money
    for before, action in history:
        snapshot = before.to_dict()
        assert before.cube_total() == 49  # bag, pipe, reserve, drawn, Clog, body bags
        assert sum(before.bag) >= 0 and min(before.bag) >= 0
        assert sum(1 for c in before.pipe if c == RAT) + before.bag[RAT] <= 9
        assert all(a >= b for a, b in zip(before.money, previous_money, strict=True))  # money only rises
        previous_money = before.money
        if before.current_player == CHANCE:
            outcomes = before.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert tuple(a for a, _ in outcomes) == before.legal_actions()
        after, events = before.apply(action)
        assert events or isinstance(action, RollReserve)
        assert all(str(e).startswith(f"Turn {before.round}:") for e in events)
        assert before.to_dict() == snapshot  # never mutated
        assert after.cube_total() == 49
    assert final.cube_total() == 49
    assert sum(len(s) for s in final.served) + sum(len(c) for c in final.customers) + len(final.queue) == 10


@settings(max_examples=25, deadline=None)
@given(games)
def test_replay_and_json_round_trip(game: tuple[int, int, int]) -> None:
    players, seed, choices = game
    history = random_play(new_game(players, seed=seed), random.Random(choices))
    actions = [action for _, action in history]
    replayed = new_game(players, seed=seed)
    for (before, action), step in zip(history, range(len(history)), strict=True):
        assert replayed == before
        if step % 7 == 0:
            assert State.from_dict(json.loads(json.dumps(before.to_dict()))) == before
            json.dumps(before.observation(0))
        decoded = action_from_dict(json.loads(json.dumps(action.to_dict())))
        assert decoded == action
        replayed = replayed.apply(decoded)[0]
    assert replayed.is_terminal
    assert State.from_dict(json.loads(json.dumps(replayed.to_dict()))) == replayed
    assert len(actions) == len(history)


@settings(max_examples=20, deadline=None)
@given(games)
def test_legal_actions_agree_with_apply(game: tuple[int, int, int]) -> None:
    """``apply`` accepts exactly ``legal_actions()``: every legal action applies; near misses are refused."""
    players, seed, choices = game
    rng = random.Random(choices)
    for before, _ in random_play(new_game(players, seed=seed), rng)[::5]:
        legal = before.legal_actions()
        for action in legal:
            before.apply(action)
        candidates = [take(card, part, c) for card in range(4) for part in range(4) for c in range(10)]
        candidates += [cls() for cls in ACTION_CLASSES if not _fields(cls)]
        for action in candidates:
            if action in legal:
                continue
            try:
                before.apply(action)
            except IllegalActionError:
                continue
            raise AssertionError(f"{action} applied but is not legal")


def _fields(cls: type) -> tuple[str, ...]:
    import dataclasses

    return tuple(f.name for f in dataclasses.fields(cls))
