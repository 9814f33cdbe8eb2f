"""Purchasing (a primary action): take a market card at its value; its token goes to the front of the line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import BUY, BUY_HOLD, Buy
from ..events import Purchased, ValueRaisedOnPurchase
from ..fields import BOUGHT_MASK, COGS, HANDS, MARKET, ORDER, PASSES_IN_ROW, PRIMARY_DONE, PURCHASES_THIS_ROUND, VALUES
from ..rulebook import move_to_front
from .common import replaced

if TYPE_CHECKING:
    from ..state import State


class BuyMove(Move["State", Buy]):
    action = Buy

    def legal(self, state: State) -> list[Buy]:
        seat = state.seat
        if state.built[seat]:
            cogs = state.cogs[seat] + state.ability_param(seat, "rocket_booster", "discount")
            governor = state.has_built(seat, "governor")
        else:
            cogs, governor = state.cogs[seat], False
        values = state.values
        actions = []
        seen = 0
        for card in state.market:
            bit = 1 << card
            if seen & bit:
                continue
            seen |= bit
            if values[card] <= cogs:
                actions.append(BUY[card])
                if governor:
                    actions.append(BUY_HOLD[card])
        return actions

    def why_not(self, state: State, action: Buy) -> str:
        seat = state.seat
        if state.primary_done:
            return "you must take a Primary Action, once: you already purchased or passed this turn"
        if action.component not in state.market:
            return "select a component card from the market: there is none of that component in the market"
        if action.hold_token and not state.has_built(seat, "governor"):
            return "only the Governor lets a token stay: the token must move to the front of the Order Line"
        price = state.price(seat, action.component)
        return f"You may not go into debt: the card costs {price} cogs and you have {state.cogs[seat]}"

    def apply(self, state: State, action: Buy) -> tuple[State, tuple[Event, ...]]:
        seat = state.seat
        component = action.component
        rules = state.rules
        built = state.built[seat]
        price = state.price(seat, component) if built else state.values[component]
        market = list(state.market)
        market.remove(component)
        hand = list(state.hands[seat])
        hand[component] += 1
        order = state.order if action.hold_token else move_to_front(state.order, component)
        values = state.values
        events: list[Event] = [Purchased(seat, rules.components[component], price, not action.hold_token)]
        rise = state.ability_param(seat, "aether_drive", "rise") if built else 0
        if rise:
            old = values[component]
            new = min(rules.value_max, old + rise)
            values = replaced(values, component, new)
            events.append(ValueRaisedOnPurchase(seat, rules.components[component], old, new))
        cogs = state.cogs
        fields = list(state)
        fields[COGS] = (*cogs[:seat], cogs[seat] - price, *cogs[seat + 1 :])
        hands = state.hands
        fields[HANDS] = (*hands[:seat], tuple(hand), *hands[seat + 1 :])
        fields[MARKET] = tuple(market)
        fields[ORDER] = order
        fields[VALUES] = values
        fields[PRIMARY_DONE] = True
        fields[PASSES_IN_ROW] = 0
        fields[PURCHASES_THIS_ROUND] = state.purchases_this_round + 1
        fields[BOUGHT_MASK] = state.bought_mask | (1 << component)
        after = tuple.__new__(type(state), fields)
        return after.maybe_end_turn(tuple(events))


BUY_MOVE = BuyMove()
