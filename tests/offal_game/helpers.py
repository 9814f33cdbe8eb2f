"""Shared builders for An Offal Game tests: exact situations made with ``State._with``."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from typing import Any

from playbook.core import CHANCE, Action
from playbook.games.offal_game import (
    BlindDraw,
    Card,
    Cube,
    DieRoll,
    End,
    Phase,
    Rules,
    State,
    Take,
    ToolKind,
    UseCrowbar,
    UseEmbalmingFluid,
    UseMeatHook,
    UseRatTrap,
    new_game,
)
from playbook.games.offal_game.components import EMPTY

__all__ = ["EMPTY"]

BONES, ORGANS, BRAINS, HEARTS, RAT = tuple(Cube)
DAY_1, DAY_2, DAY_3, CLOG = tuple(Card)
RAT_TRAP, DRAIN_AUGER, FIRE_HOSE, MEAT_HOOK, EMBALMING_FLUID, CROWBAR = tuple(ToolKind)
START, ROLL_DIE, BLIND_DRAW, RESERVE, RESERVE_DIE, ORDERS, OVER = tuple(Phase)
NOT_OVER, CLOG_FULL, ALL_SERVED, TURN_LIMIT = tuple(End)
# Standard customers by id (rules.customers index: the state keeps ids, actions carry names)
GRAVES, VISCERA, BONE_COLLECTOR, SALLY, GRISTLE, CORTEX, VENTRICLE, MARROW, SUTURE, JED = range(10)
STANDARD = Rules.standard()
#: The rule tests use a small fixed sewer, whatever the data file calibrates: 5 spaces a card, 6 Rat spaces.
PIPE = 15  # Day 1: positions 0-4 (0 = rightmost = entrance), Day 2: 5-9, Day 3: 10-14 (14 = far left)
CLASSIC = dataclasses.replace(
    STANDARD, day_spaces=(5, 5, 5), rat_spaces=(14, 12, 9, 7, 4, 2), solo_customers=2, solo_target=34
)


def name(customer: int) -> str:
    return STANDARD.customers[customer].name


def take(card: int, part: int, *customers: int) -> Take:
    return Take(Card(card), Cube(part), tuple(name(c) for c in customers))


def embalm(card: int, part: int, *customers: int) -> UseEmbalmingFluid:
    return UseEmbalmingFluid(Card(card), Cube(part), tuple(name(c) for c in customers))


def hook(card: int, part: int, customer: int) -> UseMeatHook:
    return UseMeatHook(Card(card), Cube(part), name(customer))


def crowbar(customer: int) -> UseCrowbar:
    return UseCrowbar(name(customer))


def trap(position: int, rules: Rules = CLASSIC) -> UseRatTrap:
    """The Rat Trap action for the rat on pipe ``position`` (named by card and space from the left)."""
    card, space = rules.space_of(position)
    return UseRatTrap(card, space)


def replace(obj: Any, **changes: Any) -> Any:
    """A state with fields changed (``turn`` means ``round``); any other dataclass by ``dataclasses.replace``."""
    if isinstance(obj, State):
        if "turn" in changes:
            changes["round"] = changes.pop("turn")
        return obj._with(**changes)
    return dataclasses.replace(obj, **changes)


def pipe(cells: dict[int, int] | None = None, length: int = PIPE) -> tuple[int, ...]:
    """A pipe from ``{position: cube}``; every other space empty."""
    out = [EMPTY] * length
    for position, cube in (cells or {}).items():
        out[position] = cube
    return tuple(out)


def base(players: int = 2, *, seed: int = 7, rules: Rules | None = None, **changes: Any) -> State:
    """A fresh game (seat 0 to move, before the roll) with fields replaced; the bag keeps 49 cubes unless
    a ``bag`` is given, so pass one when putting cubes elsewhere."""
    state: State = replace(new_game(players, seed=seed, rules=rules or CLASSIC), **changes)
    return state


def balanced_bag(state: State) -> tuple[int, ...]:
    """The bag that makes the cube count 49 again, given everything else in ``state``."""
    rules = state.rules
    out = list(rules.bag)
    for cube in (*state.pipe, *state.reserve, *state.drawn, *state.clog):
        if cube != EMPTY:
            out[cube] -= 1
    for c, n in enumerate(state.filled):
        out[rules.customers[c].part] -= n
    assert min(out) >= 0, out
    return tuple(out)


def balanced(state: State) -> State:
    return state._with(bag=balanced_bag(state))


def at_orders(players: int = 2, **changes: Any) -> State:
    """Phase 2 of seat 0's turn 1 with the given fields, the bag balanced."""
    return balanced(base(players, phase=ORDERS, **changes))


def draw(state: State, cubes: Iterable[int]) -> tuple[State, list[Any]]:
    """Run the blind draws of Phase 1 with exactly these cubes (whatever the d4 said)."""
    cubes = list(cubes)
    state = state._with(phase=BLIND_DRAW, draws_left=len(cubes), drawn=())
    events: list[Any] = []
    for cube in cubes:
        state, new = state.apply(BlindDraw(Cube(cube)))
        events.extend(new)
    return state, events


def run_phase1(state: State, cubes: Iterable[int], reserve_die: int = 4) -> tuple[State, list[Any]]:
    """Blind draws of these cubes, then (declining any tool) the reserve roll if there is one; ends in Phase 2."""
    from playbook.games.offal_game import RollReserve

    state, events = draw(state, cubes)
    if state.phase == RESERVE:
        state, new = state.apply(RollReserve())
        events.extend(new)
    if state.current_player == CHANCE:
        state, new = state.apply(DieRoll(reserve_die))
        events.extend(new)
    assert state.phase == ORDERS
    return state, events


def random_play(state: State, rng: random.Random, max_steps: int = 5000) -> list[tuple[State, Action]]:
    """Random legal play to the end: every (state before, action) pair."""
    history = []
    for _ in range(max_steps):
        if state.is_terminal:
            break
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        history.append((state, action))
        state = state.apply(action)[0]
    return history
