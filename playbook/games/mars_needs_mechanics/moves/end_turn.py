"""Ending a turn: after the primary action, once the contestant has built or broken down what it wanted."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import END_TURN, EndTurn

if TYPE_CHECKING:
    from ..state import State


_ONLY = (END_TURN,)


class EndTurnMove(Move["State", EndTurn]):
    action = EndTurn

    def legal(self, state: State) -> tuple[EndTurn]:
        return _ONLY

    def why_not(self, state: State, action: EndTurn) -> str:
        return "you must take a Primary Action (purchase or pass) before your turn ends"

    def apply(self, state: State, action: EndTurn) -> tuple[State, tuple[Event, ...]]:
        return state.end_turn(())


END_TURN_MOVE = EndTurnMove()
