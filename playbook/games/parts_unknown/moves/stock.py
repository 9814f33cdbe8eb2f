"""Step 2 (and set-up): "you can play any card from your hand into an empty shelf" and price it: "You cannot
display more items than you have shelves, and the marked price is the lowest visible price above the Shelf
Space counter." At set-up each player in turn "reveals the cards he wishes to stock, and prices them".

Any Step 2 action ends Step 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import Stock
from ..components import Phase
from ..events import Stocked
from ..table import Table, add, put, shelf_add
from ._common import card_index, column, no_card, step_of

if TYPE_CHECKING:
    from ..state import State


class StockMove(Move["State", Stock]):
    action = Stock

    def legal(self, state: State) -> Sequence[Stock]:
        actions = state.rules.actions
        seat = state.seat
        if state.phase == Phase.PRICE:
            return [action for card in sorted(set(state.chosen[seat])) for action in actions.stock[card]]
        if len(state.displays[seat]) < state.shelves[seat]:
            return actions.for_hand(state.hands[seat])[0]
        return ()

    def why_not(self, state: State, action: Stock) -> str:
        card = card_index(state, action.card)
        if card is None:
            return no_card(action.card)
        seat = state.seat
        if state.phase == Phase.PRICE:
            if card not in state.chosen[seat]:
                return f"{action.card} is not among the cards you chose to stock"
        elif not state.hands[seat][card]:
            return f"you hold no {action.card} in your hand"
        elif len(state.displays[seat]) >= state.shelves[seat]:
            return "you cannot display more items than you have shelves"
        if step_of(state, card, action.price) is None:
            return f"{action.card} can be marked at {column(state, card)}, not ${action.price}"
        return "the rules do not allow it now"

    def apply(self, state: State, action: Stock) -> tuple[State, tuple[Event, ...]]:
        tables = state.rules.tables
        seat = state.seat
        card = tables.index[action.card]
        step = tables.step_of[card][action.price]
        displays = put(state.displays, seat, shelf_add(state.displays[seat], (card, step)))
        event = Stocked(seat, action.card, action.price)
        if state.phase != Phase.PRICE:
            hands = put(state.hands, seat, add(state.hands[seat], card, -1))
            return state._with(phase=Phase.STOCK, hands=hands, displays=displays), (event,)
        chosen = list(state.chosen[seat])
        chosen.remove(card)
        t = Table(state)
        t.displays = displays
        t.chosen = put(state.chosen, seat, tuple(chosen))
        t.events.append(event)
        if not chosen:
            t.priced += 1
            t.next_pricer()
        return t.done()
