"""Step 1: "you can buy cards from the other players' shelves. Pay the players their marked price, and put
these cards in your hand. Other players can't refuse to sell you the cards they have on display." """

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import BuyCard
from ..events import CardBought
from ..table import add, put, shelf_remove
from ._common import card_index, no_card, step_of, whole

if TYPE_CHECKING:
    from ..state import State


class BuyCardMove(Move["State", BuyCard]):
    action = BuyCard

    def legal(self, state: State) -> list[BuyCard]:
        seat = state.seat
        money = state.money[seat]
        buys_from = state.rules.actions.buys_from
        return [
            action
            for seller, shelf in enumerate(state.displays)
            if seller != seat and shelf
            for price, action in buys_from(seller, shelf)
            if price <= money
        ]

    def why_not(self, state: State, action: BuyCard) -> str:
        seller = action.seller
        if not whole(seller) or not 0 <= seller < state.num_players or seller == state.seat:
            return "you buy cards from the other players' shelves"
        card = card_index(state, action.card)
        if card is None:
            return no_card(action.card)
        step = step_of(state, card, action.price)
        if step is None or (card, step) not in state.displays[seller]:
            return f"seat {seller} shows no {action.card} at ${action.price}"
        return f"the marked price is ${action.price} and you have ${state.money[state.seat]}"

    def apply(self, state: State, action: BuyCard) -> tuple[State, tuple[Event, ...]]:
        seat, seller = state.seat, action.seller
        tables = state.rules.tables
        card = tables.index[action.card]
        step = tables.step_of[card][action.price]
        money = put(state.money, seat, state.money[seat] - action.price)
        money = put(money, seller, money[seller] + action.price)
        new = state._with(
            money=money,
            displays=put(state.displays, seller, shelf_remove(state.displays[seller], (card, step))),
            hands=put(state.hands, seat, add(state.hands[seat], card, 1)),
        )
        return new, (CardBought(seat, seller, action.card, action.price),)
