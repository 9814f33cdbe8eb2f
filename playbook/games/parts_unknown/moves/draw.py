"""Step 1: "You may draw up to seven cards from the top of the deck. The first card is free, but more cards
will cost you more money" (the Card Price Chart; during a Riot "you draw one less than you pay for").

``Draw(k)`` draws k more cards paying the chart's difference, so drawing one at a time costs what drawing
them together does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import Draw
from ..events import CardsDrawn
from ..table import Table
from ._common import whole

if TYPE_CHECKING:
    from ..state import State


class DrawMove(Move["State", Draw]):
    action = Draw

    def legal(self, state: State) -> list[Draw]:
        money = state.money[state.seat]
        totals = state.rules.tables.draw_totals[state.riot]
        drawn = state.drawn
        room = min(len(totals) - 1 - drawn, state.cards_available())
        draws = state.rules.actions.draws
        return [draws[count] for count in range(1, room + 1) if totals[drawn + count] - totals[drawn] <= money]

    def why_not(self, state: State, action: Draw) -> str:
        limit = state.rules.max_draw(state.riot)
        if not whole(action.count) or action.count < 1:
            return "draw at least one card"
        if state.drawn + action.count > limit:
            riot = " during a Riot" if state.riot else ""
            return f"you can't draw more than {limit} cards each turn{riot} (you have drawn {state.drawn})"
        if action.count > state.cards_available():
            return f"only {state.cards_available()} cards are left in the deck and discards"
        cost = state.draw_price(action.count)
        return f"the Card Price Chart asks ${cost} for these cards and you have ${state.money[state.seat]}"

    def apply(self, state: State, action: Draw) -> tuple[State, tuple[Event, ...]]:
        t = Table(state)
        seat = state.seat
        cost = state.draw_price(action.count)
        t.pay_bank(seat, cost)
        t.drawn += action.count
        t.draw_to_hand(seat, action.count)
        t.events.append(CardsDrawn(seat, action.count, cost))
        return t.done()
