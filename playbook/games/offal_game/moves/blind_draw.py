"""BlindDraw (chance): "blind draw that many cubes from the Bag O' Parts", then place them: parts enter Day 1
and push the pipe toward The Clog, rats take Rat spaces."""

from __future__ import annotations

from collections.abc import Iterator

from playbook.core import Event
from playbook.core.engine import Move

from ..actions import BLIND_DRAWS, BlindDraw, malformed
from ..components import Cube
from ..events import BagEmpty, CubeDrawn, PartsPlaced, PipeShifted, RatPlaced, RatReturned, ShiftedOff
from ..rulebook import bag_add, place_new_parts, place_rat, shift_toward_the_clog
from ..state import State
from .reserve import after_placement

_RAT = 4
_EMPTY = -1


class BlindDrawMove(Move[State, BlindDraw]):
    action = BlindDraw

    def legal(self, state: State) -> Iterator[BlindDraw]:
        return (BLIND_DRAWS[cube] for cube, count in enumerate(state.bag) if count)

    def why_not(self, state: State, action: BlindDraw) -> str:
        problem = malformed(action)
        if problem:
            return problem
        return f"the Bag O' Parts holds no {Cube(action.cube).plural} now (rule: Phase 1: blind draws)"

    def apply(self, state: State, action: BlindDraw) -> tuple[State, tuple[Event, ...]]:
        kind = action.cube
        bag = list(state.bag)
        bag[kind] -= 1
        events: list[Event] = [CubeDrawn(state.round, kind)]
        state = state._with(bag=tuple(bag), drawn=(*state.drawn, kind), draws_left=state.draws_left - 1)
        return after_draw(state, events), tuple(events)


def after_draw(state: State, events: list[Event]) -> State:
    """Keep drawing while draws are left and the bag holds cubes; then place what was drawn."""
    if state.draws_left > 0 and sum(state.bag) > 0:
        return state
    if state.draws_left > 0:
        events.append(BagEmpty(state.round, state.draws_left))
    return place_drawn(state, events)


def place_drawn(state: State, events: list[Event]) -> State:
    """Rulebook: shift the pipe toward The Clog, place the new parts from the right of Day 1, then the rats."""
    rules = state.rules
    turn = state.round
    parts = tuple(k for k in state.drawn if k != _RAT)
    rats = len(state.drawn) - len(parts)
    pipe, reserve = shift_toward_the_clog(state.pipe, len(parts), rules.shift)
    moved = sum(1 for cube in state.pipe if cube not in (_EMPTY, _RAT))
    if parts and moved:
        events.append(PipeShifted(turn, len(parts), moved))
    pipe, overflow = place_new_parts(pipe, parts)
    reserve = reserve + overflow
    if reserve:
        events.append(ShiftedOff(turn, reserve))
    if parts:
        events.append(PartsPlaced(turn, parts[: len(parts) - len(overflow)]))
    bag = state.bag
    for _ in range(rats):
        pipe, position, displaced = place_rat(pipe, rules.rat_spaces)
        if position < 0:
            events.append(RatReturned(turn))
            bag = bag_add(bag, _RAT, 1)
            continue
        card, space = rules.space_of(position)
        events.append(RatPlaced(turn, card, space, displaced))
        if displaced != _EMPTY:
            bag = bag_add(bag, displaced, 1)
    state = state._with(pipe=pipe, bag=bag, reserve=reserve, drawn=(), draws_left=0)
    return after_placement(state, events)


BLIND_DRAW = BlindDrawMove()
