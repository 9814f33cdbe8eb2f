"""What the bots' speed work (issue 20) must keep: an observation's lists are the caller's own (no cache may hand
out a list another observation shares), and a decision context's lazy values are computed once."""

from __future__ import annotations

import json
import random

from playbook.games.planet_unknown import new_game
from playbook.games.planet_unknown.agents import CivRacer, RoverHunter
from playbook.games.planet_unknown.memo import lazy
from playbook.games.planet_unknown.state import State


def _positions(seed: int, steps: int) -> list[State]:
    """The states of a bot game's first ``steps`` steps (the bots keep both boards changing)."""
    bots = [RoverHunter(), CivRacer()]
    rng = random.Random(seed)
    state = new_game(2, seed=seed)
    found = [state]
    while not state.is_terminal and len(found) < steps:
        seat = state.current_player
        assert seat is not None
        state = state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rng))[0]
        found.append(state)
    return found


def test_a_caller_that_changes_its_observation_changes_no_later_one() -> None:
    state = _positions(seed=3, steps=40)[-1]
    first = state.observation(0)
    expected = json.dumps(state.observation(0))
    board = first["boards"][1]
    board["covered"][0] = 4095
    board["terrain"]["civ"].append(1)
    board["trackers"][0] = 99
    board["active_techs"].append(6)
    assert json.dumps(state.observation(0)) == expected


def test_a_board_view_shares_no_list_with_another_view_of_the_same_board() -> None:
    state = _positions(seed=5, steps=30)[-1]
    one, two = state.observation(0)["boards"][0], state.observation(1)["boards"][0]
    assert one == two
    for key, value in one.items():
        if isinstance(value, (list, dict)):
            assert value is not two[key], key
    assert one["terrain"]["water"] is not two["terrain"]["water"]


class _Counted:
    def __init__(self) -> None:
        self.calls = 0

    @lazy
    def value(self) -> int:
        """A value that counts its computations."""
        self.calls += 1
        return 41 + self.calls


def test_a_lazy_value_is_computed_at_the_first_read_only() -> None:
    counted = _Counted()
    assert counted.calls == 0
    assert counted.value == 42
    assert counted.value == 42
    assert counted.calls == 1
    assert _Counted.__dict__["value"].__doc__ == "A value that counts its computations."
