"""Passing (a primary action): buy nothing; every contestant passing in a row ends the round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import PASS, Pass
from ..events import Passed

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
        after = state._with(primary_done=True, passes_in_row=state.passes_in_row + 1)
        return after.maybe_end_turn((_PASSED[state.seat],))


PASS_MOVE = PassMove()
