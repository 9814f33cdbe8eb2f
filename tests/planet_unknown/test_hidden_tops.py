"""What a seat may place follows from what it sees (review D1, issue 18).

Rulebook, Gameplay: "All players must draft 1 of the 2 tiles in front of them (or their depot indicator)." The
tiles in front of a seat are the tops of its depot's two stacks, so its observation always shows them, including a
top it exposed itself this round by taking an extra tile (civ 5 / 16) before its own draft; a top another seat
exposed stays hidden from the others until the round ends. So every ``PlaceTile`` offered names a stack whose top
the seat sees, that top is the tile it places, and neither the offer nor a ``why_illegal`` text changes when the
tiles it cannot see change.
"""

from __future__ import annotations

import random

import pytest

from playbook.games.planet_unknown import PlaceTile, Rules, State, new_game
from playbook.games.planet_unknown.geometry import placement_masks

STACKS = range(12)
PROBES_PER_STACK = 3


def _hidden_stacks(state: State, seat: int) -> list[int]:
    """Stacks holding a tile whose top the seat's observation hides."""
    tops = state.observation(seat)["stack_tops"]
    return [k for k in STACKS if state.stacks[k] and tops[k] is None]


def _with_other_hidden_tiles(state: State, hidden: list[int]) -> State:
    """The same table with a different tile type on top of each hidden stack (a tile the seat cannot see)."""
    stacks = list(state.stacks)
    for k in hidden:
        stacks[k] = ((stacks[k][0] + 2) % 12, *stacks[k][1:])
    return state._with(stacks=tuple(stacks))


def _probes(state: State) -> list[PlaceTile]:
    """A few placements of every stack's shape (legal or not): the ``why_illegal`` texts compared."""
    c = state.rules.c
    planet = state.rules.planet(state.seat)
    found = []
    for k in STACKS:
        table = placement_masks(planet, c.shape(c.stack_shapes[k])).placements
        step = max(1, len(table) // PROBES_PER_STACK)
        found += [PlaceTile(k, p.orientation, p.row, p.col) for p in table[::step]]
    return found


def _check_decision(state: State) -> int:
    """Assert the D1 property at one decision; return how many offered tiles came from a stack taken this round."""
    seat = state.current_player
    assert seat is not None and seat >= 0
    tops = state.observation(seat)["stack_tops"]
    offered = [a for a in state.legal_actions() if isinstance(a, PlaceTile)]
    for action in offered:
        assert tops[action.stack] is not None, f"{action} offered while seat {seat} sees no top on its stack"
        assert tops[action.stack] == state.stacks[action.stack][0]
    hidden = _hidden_stacks(state, seat)
    if hidden:
        other = _with_other_hidden_tiles(state, hidden)
        assert other.observation(seat) == state.observation(seat)
        assert other.legal_actions() == state.legal_actions()
        for probe in _probes(state):
            if not state.is_legal(probe):
                assert other.why_illegal(probe) == state.why_illegal(probe), probe
    return sum(action.stack in state.taken for action in offered)


def _play(players: int, seed: int, rules: Rules) -> tuple[int, int]:
    """A seeded random game, checked at every decision: (decisions, offers of a tile under a taken one)."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    decisions = under_taken = 0
    while not state.is_terminal:
        under_taken += _check_decision(state)
        decisions += 1
        state = state.apply(rng.choice(state.legal_actions()))[0]
    return decisions, under_taken


#: Seeds where a seat drafts from a stack it took an extra tile from earlier in the round (the D1 situation),
#: except solo (which never met it in 40 seeds) for the property alone.
GAMES = [
    (1, 11, Rules(events=True)),
    (2, 6, Rules(events=True)),
    (3, 17, Rules(events=True)),
    (4, 33, Rules(events=True)),
    (2, 25, Rules(events=True, corporations=("horizon", "cosmos"), planets=("lacuna", "standard"))),
    (3, 37, Rules(events=True, corporations=("jump_drive", "republic", "flux"), planets=("arashi",))),
    (4, 21, Rules(events=True, corporations=("oasis", "wormhole", "makeshift", "standard"), planets=("gaia",))),
]


@pytest.mark.parametrize(("players", "seed", "rules"), GAMES)
def test_every_offered_tile_is_a_top_the_seat_sees(players: int, seed: int, rules: Rules) -> None:
    """Rulebook: "All players must draft 1 of the 2 tiles in front of them": at every decision of random games
    (events on, 1-4 players, several corporations and planets) each offered ``PlaceTile`` names a stack whose top
    the acting seat sees and places that tile; changing the tiles it cannot see changes nothing it is offered or
    told."""
    decisions, _ = _play(players, seed, rules)
    assert decisions > 20


def test_d1_the_tile_under_an_extra_tile_is_seen_by_its_drafter_only() -> None:
    """Review D1: 2 players, seed 6, events on, 65 random steps: seat 0 took civ 16's extra tile from stack 11 in
    the event phase, and now drafts; the tile under it is in front of seat 0, so it sees it, not seat 1."""
    state = new_game(2, seed=6, rules=Rules(events=True))
    rng = random.Random(6)
    for _ in range(65):
        state = state.apply(rng.choice(state.legal_actions()))[0]
    seat = state.current_player
    assert seat == 0 and 11 in state.taken
    offered = [a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.stack == 11]
    assert offered
    assert state.observation(0)["stack_tops"][11] == state.stacks[11][0]
    assert state.observation(1)["stack_tops"][11] is None
    _check_decision(state)
