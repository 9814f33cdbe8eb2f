"""Chance: "starting with a random player ... each player reveals" and "determine a random player to take the
first turn of the game"."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import PickSeat
from ..components import Phase
from ..events import SeatPicked
from ..table import Table

if TYPE_CHECKING:
    from ..state import State


class PickSeatMove(Move["State", PickSeat]):
    action = PickSeat

    def legal(self, state: State) -> tuple[PickSeat, ...]:
        return state.rules.actions.seats[: state.num_players]

    def why_not(self, state: State, action: PickSeat) -> str:
        return f"there is no seat {action.seat!r} in a {state.num_players}-player game"

    def apply(self, state: State, action: PickSeat) -> tuple[State, tuple[Event, ...]]:
        t = Table(state)
        if state.phase == Phase.FIRST_PRICER:
            t.events.append(SeatPicked(action.seat, "price first"))
            t.first_pricer = action.seat
            t.priced = 0
            t.next_pricer()
        else:
            t.events.append(SeatPicked(action.seat, "first turn"))
            t.start_turn(action.seat, 1)
        return t.done()
