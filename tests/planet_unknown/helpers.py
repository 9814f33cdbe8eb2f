"""Builders for Planet Unknown tests: exact situations made with ``State._with`` and the engine's own code."""

from __future__ import annotations

import random
from typing import Any

from playbook.core import Action, Event
from playbook.games.planet_unknown import Phase, Rules, State, new_game
from playbook.games.planet_unknown.board import Board
from playbook.games.planet_unknown.flow import settle
from playbook.games.planet_unknown.geometry import placement_index
from playbook.games.planet_unknown.planet import place_tile
from playbook.games.planet_unknown.work import POSITIONS, Pending, Work

C = Rules.standard().c
# tile types: pair index * 2 (+1 with the meteorite symbol)
CIV_ENERGY, ENERGY_WATER, ROVER_TECH, TECH_BIOMASS, WATER_ROVER, BIOMASS_CIV = 0, 2, 4, 6, 8, 10


def bit(row: int, col: int) -> int:
    return 1 << (row * 12 + col)


def bits(*squares: tuple[int, int]) -> int:
    return sum(bit(r, c) for r, c in squares)


def stack_of(shape: str) -> int:
    return C.stack_shapes.index(shape)


def first_legal_until(state: State, done: Any) -> State:
    while not done(state):
        state = state.apply(state.legal_actions()[0])[0]
    return state


def at_placement(players: int = 1, seed: int = 1, rules: Rules | None = None) -> State:
    """A new game advanced (first legal actions) to the first seat's tile placement."""
    state = new_game(players, seed=seed, rules=rules)
    return first_legal_until(state, lambda s: s.phase == Phase.PLACE and not s.placed)


def set_depot(state: State, exterior: str, interior: str, ext_tile: int = 0, int_tile: int = 0) -> State:
    """Turn the station so the acting seat faces these two shapes, with these tile types on top."""
    e = C.exterior.index(exterior)
    i = C.interior.index(interior)
    rotation = (e - POSITIONS[state.num_players][state.seat]) % 6
    stacks = list(state.stacks)
    stacks[e] = (ext_tile, *stacks[e][1:])
    stacks[6 + i] = (int_tile, *stacks[6 + i][1:])
    return state._with(rotation=rotation, shift=(i - e) % 6, stacks=tuple(stacks))


def with_board(state: State, seat: int = 0, **changes: Any) -> State:
    boards = list(state.boards)
    boards[seat] = boards[seat]._replace(**changes)
    return state._with(boards=tuple(boards))


def board(state: State, seat: int = 0) -> Board:
    return state.boards[seat]


def put(state: State, shape: str, tile: int, orientation: int, row: int, col: int, seat: int = 0) -> State:
    """Put a tile on a seat's planet without advancing (an older tile of a test position)."""
    w = Work(state)
    stack = stack_of(shape)
    w.stacks[stack] = (tile, *w.stacks[stack])
    p = placement_index(C.planet, C.shape(shape))[(orientation, row, col)]
    place_tile(w, seat, stack, p, advances=False)
    w.taken = frozenset()
    return w.finish()[0]


def with_gains(state: State, *pending: Pending, movement: int = 0) -> State:
    return state._with(pending=tuple(pending), movement=movement)


def run(state: State, fn: Any, *args: Any, settle_after: bool = False) -> tuple[State, tuple[Event, ...]]:
    """Call a rules function on a ``Work`` copy of ``state`` (acting seat) and freeze the result."""
    w = Work(state)
    fn(w, *args)
    if settle_after:
        settle(w)
    return w.finish()


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state = state.apply(action)[0]
    return state


def random_play(players: int, seed: int, rules: Rules | None = None, limit: int = 100_000) -> list[State]:
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    states = [state]
    for _ in range(limit):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])[0]
        states.append(state)
    return states
