"""BlindDraw (chance): "blind draw that many cubes from the Bag O' Parts", then place them: parts enter Day 1
and push the pipe toward The Clog, rats take Rat spaces."""

from __future__ import annotations

from collections.abc import Iterator

from playbook.core import Event
from playbook.core.engine import Move

from ..actions import BLIND_DRAWS, BlindDraw, malformed
from ..components import Cube, Phase
from ..events import BagEmpty, CubeDrawn, PartsPlaced, PipeShifted, RatPlaced, RatReturned, ShiftedOff
from ..rulebook import bag_add, place_new_parts, place_rat, shift_toward_the_clog
from ..state import BAG, DRAWN, DRAWS_LEFT, PHASE, PIPE, RESERVE, State
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
        """One cube out of the bag into the turn's draws. Most draws leave more to draw, so that path builds
        the new state once from a list of the fields and returns its one event without more ado."""
        kind = action.cube
        bag = list(state.bag)
        bag[kind] -= 1
        values = list(state)
        values[BAG] = tuple(bag)
        values[DRAWN] = (*state.drawn, kind)
        values[DRAWS_LEFT] = left = state.draws_left - 1
        drawn = tuple.__new__(State, values)
        event = CubeDrawn(state.round, kind)
        if left > 0 and any(bag):
            return drawn, (event,)
        events: list[Event] = [event]
        return after_draw(drawn, events), tuple(events)


def after_draw(state: State, events: list[Event]) -> State:
    """Keep drawing while draws are left and the bag holds cubes; then place what was drawn."""
    if state.draws_left > 0 and any(state.bag):
        return state
    if state.draws_left > 0:
        events.append(BagEmpty(state.round, state.draws_left))
    return place_drawn(state, events)


def place_drawn(state: State, events: list[Event]) -> State:
    """Rulebook: shift the pipe toward The Clog, place the new parts from the right of Day 1, then the rats."""
    rules = state.rules
    turn = state.round
    drawn = state.drawn
    parts = tuple([k for k in drawn if k != _RAT])
    rats = len(drawn) - len(parts)
    pipe = state.pipe
    reserve: tuple[int, ...] = ()
    if parts:
        pipe, reserve = shift_toward_the_clog(pipe, len(parts), rules.shift)
        moved = len(state.pipe) - state.pipe.count(_EMPTY) - state.pipe.count(_RAT)
        if moved:
            events.append(PipeShifted(turn, len(parts), moved))
        pipe, overflow = place_new_parts(pipe, parts)
        if overflow:
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
    values = list(state)
    values[PIPE], values[BAG], values[RESERVE], values[DRAWN], values[DRAWS_LEFT] = pipe, bag, reserve, (), 0
    if not reserve:  # what ``after_placement`` does then, in the same copy of the fields: Phase 2 begins
        values[PHASE] = Phase.ORDERS
        return tuple.__new__(State, values)
    return after_placement(tuple.__new__(State, values), events)


BLIND_DRAW = BlindDrawMove()
