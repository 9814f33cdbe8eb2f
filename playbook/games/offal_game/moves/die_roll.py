"""DieRoll (chance): the d4 of Phase 1 ("Roll 1d4 and add that value to the number of waiting customers") and
the reserve's d4 ("Roll 1d4 and place that many reserved Day 3 parts on The Clog card spaces")."""

from __future__ import annotations

from playbook.core import Event
from playbook.core.engine import Move

from ..actions import DieRoll, die_rolls, malformed
from ..components import Phase
from ..events import DrawsCounted
from ..rulebook import blind_draw_count
from ..state import DRAWN, DRAWS_LEFT, PHASE, State
from .blind_draw import after_draw
from .reserve import resolve_reserve


class DieRollMove(Move[State, DieRoll]):
    action = DieRoll

    def legal(self, state: State) -> tuple[DieRoll, ...]:
        return die_rolls(state.rules.die_sides)

    def why_not(self, state: State, action: DieRoll) -> str:
        return malformed(action) or f"the d4 shows 1 to {state.rules.die_sides}, not {action.value!r}"

    def apply(self, state: State, action: DieRoll) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = []
        if state.phase == Phase.ROLL_DIE:
            waiting = len(state.customers[state.seat])
            draws = blind_draw_count(action.value, waiting)
            events.append(DrawsCounted(state.round, state.seat, action.value, waiting, draws))
            values = list(state)
            values[PHASE], values[DRAWS_LEFT], values[DRAWN] = Phase.BLIND_DRAW, draws, ()
            new = after_draw(tuple.__new__(State, values), events)
        else:
            new = resolve_reserve(state, action.value, events)
        return new, tuple(events)


DIE_ROLL = DieRollMove()
