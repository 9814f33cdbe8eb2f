"""Roll: the Plunger starts Phase 1 ("Roll 1d4 ..."); the die itself is a chance step (``die_roll``)."""

from __future__ import annotations

from playbook.core import Event
from playbook.core.engine import Move

from ..actions import Roll
from ..components import Phase
from ..events import TurnStarted
from ..state import State


class RollMove(Move[State, Roll]):
    action = Roll

    def legal(self, state: State) -> tuple[Roll]:
        return _ONLY

    def why_not(self, state: State, action: Roll) -> str:
        return "the turn has already rolled for new parts (rule: Phase 1: Adding new body parts)"

    def apply(self, state: State, action: Roll) -> tuple[State, tuple[Event, ...]]:
        return state.in_phase(Phase.ROLL_DIE), (TurnStarted(state.round, state.seat),)


#: The one action of this kind, built once (an action never changes, so every state lists this one).
_ONLY = (Roll(),)
ROLL = RollMove()
