"""Set-up: "Simultaneously, each player chooses up to four cards which he wishes to put on display."

Taken seat by seat, each choice hidden from the others until its owner prices it.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import ChooseStock
from ..components import Phase
from ..events import StockChosen
from ..table import Table, add, put
from ._common import card_index, no_card

if TYPE_CHECKING:
    from ..state import State


class ChooseStockMove(Move["State", ChooseStock]):
    action = ChooseStock

    def legal(self, state: State) -> list[ChooseStock]:
        choose = state.rules.actions.choose
        cards = [c for c, n in enumerate(state.hands[state.seat]) for _ in range(n)]
        limit = min(state.rules.setup_stock, state.shelves[state.seat], len(cards))
        # smallest first, each size in card order: every distinct choice once (a hand may hold copies)
        return [
            choose(combo) for size in range(limit + 1) for combo in sorted(set(itertools.combinations(cards, size)))
        ]

    def why_not(self, state: State, action: ChooseStock) -> str:
        if not isinstance(action.cards, tuple):
            return "list the chosen cards by name"
        picked = [card_index(state, name) for name in action.cards]
        for name, card in zip(action.cards, picked, strict=True):
            if card is None:
                return no_card(name)
        limit = min(state.rules.setup_stock, state.shelves[state.seat])
        if len(action.cards) > limit:
            return f"each player chooses up to {limit} cards to put on display"
        if picked != sorted(picked):  # type: ignore[type-var]
            return "list the chosen cards in card order (as legal_actions() does)"
        return "you can choose only cards in your hand"

    def apply(self, state: State, action: ChooseStock) -> tuple[State, tuple[Event, ...]]:
        t = Table(state)
        seat = state.seat
        index = state.rules.tables.index
        cards = tuple(sorted(index[name] for name in action.cards))
        hand = state.hands[seat]
        for card in cards:
            hand = add(hand, card, -1)
        t.hands = put(t.hands, seat, hand)
        t.chosen = put(t.chosen, seat, cards)
        t.events.append(StockChosen(seat, len(cards)))
        t.choosers += 1
        if t.choosers == state.num_players:
            t.phase = Phase.FIRST_PRICER
            t.seat = 0
        else:
            t.seat = seat + 1
        return t.done()
