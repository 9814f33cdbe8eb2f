"""Ends Steps 1 and 2: "Step 3: Move Viktor. Roll the die". The Going Rates are fixed here for the rest of the
turn ("This can change each turn, but stays fixed during a particular turn")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import ROLL_FOR_VIKTOR, RollForViktor
from ..components import Phase

if TYPE_CHECKING:
    from ..state import State


_ONLY_ROLL = (ROLL_FOR_VIKTOR,)


class RollForViktorMove(Move["State", RollForViktor]):
    action = RollForViktor

    def legal(self, state: State) -> tuple[RollForViktor, ...]:
        return _ONLY_ROLL

    def apply(self, state: State, action: RollForViktor) -> tuple[State, tuple[Event, ...]]:
        return state._with(going=state.going_rates(), phase=Phase.VIKTOR), ()
