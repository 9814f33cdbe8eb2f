"""Step 2: "you can adjust the prices on anything you have on display." """

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import Reprice
from ..components import Phase
from ..events import Repriced
from ..table import put, shelf_add, shelf_remove
from ._common import card_index, column, no_card, step_of

if TYPE_CHECKING:
    from ..state import State


class RepriceMove(Move["State", Reprice]):
    action = Reprice

    def legal(self, state: State) -> tuple[Reprice, ...]:
        return state.rules.actions.for_shelf(state.displays[state.seat])[0]

    def why_not(self, state: State, action: Reprice) -> str:
        card = card_index(state, action.card)
        if card is None:
            return no_card(action.card)
        step = step_of(state, card, action.price)
        if step is None or (card, step) not in state.displays[state.seat]:
            return f"you show no {action.card} at ${action.price}"
        return f"reprice to another price of the column ({column(state, card)})"

    def apply(self, state: State, action: Reprice) -> tuple[State, tuple[Event, ...]]:
        tables = state.rules.tables
        seat = state.seat
        card = tables.index[action.card]
        steps = tables.step_of[card]
        shelf = shelf_remove(state.displays[seat], (card, steps[action.price]))
        displays = put(state.displays, seat, shelf_add(shelf, (card, steps[action.new_price])))
        new = state._with(phase=Phase.STOCK, displays=displays)
        return new, (Repriced(seat, action.card, action.price, action.new_price),)
