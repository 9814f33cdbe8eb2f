"""Chance, Step 3: the die shows a number and Viktor walks that many spaces; the spaces he passes and the one
he lands on act (see ``Table.roll``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import Roll
from ..table import Table

if TYPE_CHECKING:
    from ..state import State


class RollMove(Move["State", Roll]):
    action = Roll

    def legal(self, state: State) -> tuple[Roll, ...]:
        return state.rules.actions.rolls

    def why_not(self, state: State, action: Roll) -> str:
        sides = state.rules.die_sides
        return f"a {sides}-sided die shows 1 to {sides}, not {action.value!r}"

    def apply(self, state: State, action: Roll) -> tuple[State, tuple[Event, ...]]:
        t = Table(state)
        t.roll(action.value)
        return t.done()
