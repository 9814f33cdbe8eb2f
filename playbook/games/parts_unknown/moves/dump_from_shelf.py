"""Step 2: "you can also move stuff from your shelves ... into your Parts Unknown" (the shelf is freed), and
"you can never pull cards from your Shelves back into your hand." """

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import DumpFromShelf
from ..components import Phase
from ..events import PutInPartsUnknown
from ..table import add, put, shelf_remove
from ._common import card_index, no_card, step_of

if TYPE_CHECKING:
    from ..state import State


class DumpFromShelfMove(Move["State", DumpFromShelf]):
    action = DumpFromShelf

    def legal(self, state: State) -> tuple[DumpFromShelf, ...]:
        return state.rules.actions.for_shelf(state.displays[state.seat])[1]

    def why_not(self, state: State, action: DumpFromShelf) -> str:
        card = card_index(state, action.card)
        if card is None:
            return no_card(action.card)
        step = step_of(state, card, action.price)
        return f"you show no {action.card} at ${action.price}" if step is not None else "no such price"

    def apply(self, state: State, action: DumpFromShelf) -> tuple[State, tuple[Event, ...]]:
        seat = state.seat
        tables = state.rules.tables
        card = tables.index[action.card]
        step = tables.step_of[card][action.price]
        new = state._with(
            phase=Phase.STOCK,
            displays=put(state.displays, seat, shelf_remove(state.displays[seat], (card, step))),
            parts_unknown=put(state.parts_unknown, seat, add(state.parts_unknown[seat], card, 1)),
        )
        return new, (PutInPartsUnknown(seat, action.card, True),)
