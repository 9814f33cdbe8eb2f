"""Breaking down (an optional action): a mechanism built on an earlier turn returns its cards to hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import BreakDown
from ..events import MechanismBrokenDown
from ..fields import BROKE_THIS_TURN, BUILT, HANDS
from .common import replaced

if TYPE_CHECKING:
    from ..state import State

_BREAK: dict[str, BreakDown] = {}


def break_down_action(key: str) -> BreakDown:
    action = _BREAK.get(key)
    if action is None:
        action = _BREAK[key] = BreakDown(key)
    return action


class BreakDownMove(Move["State", BreakDown]):
    action = BreakDown

    def legal(self, state: State) -> list[BreakDown]:
        built = state.built[state.seat]
        if not built or state.broke_this_turn:
            return []
        return [
            _BREAK.get(b.mechanism) or break_down_action(b.mechanism)
            for b in built
            if b.mechanism != state.built_this_turn and b.mechanism != "automaton"
        ]

    def why_not(self, state: State, action: BreakDown) -> str:
        if action.mechanism == "automaton":
            return "the Automaton can't be broken down once it is built"
        if state.broke_this_turn:
            return "You may break down a mechanism once on a turn"
        if action.mechanism == state.built_this_turn:
            return "You may not build and break down the same mechanism on the same turn"
        return "you can break down only a mechanism you have built"

    def apply(self, state: State, action: BreakDown) -> tuple[State, tuple[Event, ...]]:
        seat = state.seat
        key = action.mechanism
        built = state.built[seat]
        kept = tuple([b for b in built if b.mechanism != key])
        for removed in built:
            if removed.mechanism == key:
                break
        hand = tuple([h + c for h, c in zip(state.hands[seat], removed.cards, strict=True)])
        fields = list(state)
        fields[HANDS] = replaced(state.hands, seat, hand)
        fields[BUILT] = replaced(state.built, seat, kept)
        fields[BROKE_THIS_TURN] = key
        after = tuple.__new__(type(state), fields)
        name = state.rules.by_key[action.mechanism].name
        return after.maybe_end_turn((MechanismBrokenDown(seat, name, action.mechanism),))


BREAK_DOWN_MOVE = BreakDownMove()
