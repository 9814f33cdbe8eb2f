"""Properties of random legal play for 2, 3 and 4 players (hypothesis: a seed and a list of choice indices)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from playbook.games.mars_needs_mechanics import Rules, State, new_game

from .helpers import ALL_MECHANISMS, card_total

MAX_STEPS = 3000  # a game ends well within this: every purchase uses a deck card, idle rounds end it
RULE_SETS = {"starter": Rules.standard(), "all ten": Rules.standard().with_mechanisms(list(ALL_MECHANISMS))}

plays = st.fixed_dictionaries(
    {
        "seed": st.integers(min_value=0, max_value=2**32 - 1),
        "choices": st.lists(st.integers(min_value=0, max_value=1000), min_size=1, max_size=60),
        "rules": st.sampled_from(sorted(RULE_SETS)),
    }
)


def check_state(state: State, players: int) -> None:
    rules = state.rules
    assert card_total(state) == sum(rules.copies) + rules.scrap_per_player * players == 56 + 2 * players
    assert all(c >= 0 for c in state.cogs)
    assert all(rules.value_min <= v <= rules.value_max for v in state.values)
    assert sorted(state.order) == list(range(7))
    assert len(state.market) <= rules.market_size


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(play=plays)
def test_random_legal_play(players: int, play: dict) -> None:
    seed, choices = play["seed"], play["choices"]
    rules = RULE_SETS[play["rules"]]
    state = new_game(players, seed=seed, rules=rules)
    start = state
    actions = []
    step = 0
    while not state.is_terminal:
        assert step < MAX_STEPS, "the game did not end"
        check_state(state, players)
        legal = state.legal_actions()
        assert legal, "a live state always has a legal action"
        for action in legal:
            assert state.why_illegal(action) is None
        before = state.to_dict()
        if step % 5 == 0:  # every legal action applies (checked on a sample of steps to keep this fast)
            for action in legal:
                state.apply(action)
            assert state.to_dict() == before
        action = legal[choices[step % len(choices)] % len(legal)]
        new_state, events = state.apply(action)
        assert state.to_dict() == before, "apply mutated the state"
        assert isinstance(events, tuple)
        if step % 10 == 0:
            assert State.from_dict(json.loads(json.dumps(new_state.to_dict()))) == new_state
        actions.append(action)
        state = new_state
        step += 1
    check_state(state, players)
    assert state.legal_actions() == () and state.current_player is None
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    assert len(state.winners()) == 1 and state.winners()[0] == state.ranking()[0]
    # replay of (seed, actions) gives an equal state
    replay = new_game(players, seed=seed, rules=rules)
    assert replay == start
    for action in actions:
        replay = replay.apply(action)[0]
    assert replay == state
