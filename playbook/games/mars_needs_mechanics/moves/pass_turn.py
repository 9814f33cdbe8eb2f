"""Passing (a primary action): buy nothing; every contestant passing in a row ends the round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Action, Event

from ..actions import PASS, Pass
from ..events import Passed
from ..fields import PASSES_IN_ROW, PRIMARY_DONE

if TYPE_CHECKING:
    from ..state import State


_ONLY = (PASS,)
#: One ``Passed`` event per seat: events are immutable, so every pass of a seat can share it.
_PASSED = tuple(Passed(seat) for seat in range(8))


class PassMove(Move["State", Pass]):
    action = Pass

    def legal(self, state: State) -> tuple[Pass]:
        return _ONLY

    def why_not(self, state: State, action: Pass) -> str:
        return "you must take a Primary Action, once: you already purchased or passed this turn"

    def apply(self, state: State, action: Pass) -> tuple[State, tuple[Event, ...]]:
        fields = list(state)
        fields[PRIMARY_DONE] = True
        fields[PASSES_IN_ROW] = state.passes_in_row + 1
        after = tuple.__new__(type(state), fields)
        events = (_PASSED[state.seat],)
        optional = optional_after_pass(state)
        return after.maybe_end_turn(events) if optional is None else after.after_primary(optional, events)


def optional_after_pass(state: State) -> tuple[Action, ...] | None:
    """The optional actions open once ``state``'s seat passes: those listed after Pass in ``state``'s legal
    actions (``PLAY_PRIMARY`` lists them after it), because passing changes nothing a build, a break down or a
    Claw depends on. ``apply`` has just listed them, so this costs a scan, not a second listing (``None``, to
    list them afresh, if Pass is not among them)."""
    legal = state.legal_actions()
    for place, listed in enumerate(legal):
        if listed is PASS:
            return legal[place + 1 :]
    return None


PASS_MOVE = PassMove()
