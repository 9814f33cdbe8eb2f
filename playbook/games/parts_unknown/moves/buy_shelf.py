"""Step 1: "Buying Shelf Space: For $40, you can add another shelf to your store. Pay the money to the Bank,
and take another Shelf Space counter. You can add as many extra shelves as you like." """

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import BUY_SHELF, BuyShelf
from ..events import ShelfBought
from ..table import add, put

if TYPE_CHECKING:
    from ..state import State


_ONLY_SHELF = (BUY_SHELF,)


class BuyShelfMove(Move["State", BuyShelf]):
    action = BuyShelf

    def legal(self, state: State) -> tuple[BuyShelf, ...]:
        return _ONLY_SHELF if state.money[state.seat] >= state.rules.shelf_cost else ()

    def why_not(self, state: State, action: BuyShelf) -> str:
        return f"a shelf costs ${state.rules.shelf_cost} and you have ${state.money[state.seat]}"

    def apply(self, state: State, action: BuyShelf) -> tuple[State, tuple[Event, ...]]:
        seat = state.seat
        cost = state.rules.shelf_cost
        shelves = add(state.shelves, seat, 1)
        new = state._with(
            money=put(state.money, seat, state.money[seat] - cost), bank=state.bank + cost, shelves=shelves
        )
        return new, (ShelfBought(seat, shelves[seat], cost),)
