"""Step 2: "you can also move stuff ... directly from your hand into your Parts Unknown. This is a face down
grab-bag ... You can never pull cards back out of your Parts Unknown." """

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import DumpFromHand
from ..components import Phase
from ..events import PutInPartsUnknown
from ..table import add, put
from ._common import card_index, no_card

if TYPE_CHECKING:
    from ..state import State


class DumpFromHandMove(Move["State", DumpFromHand]):
    action = DumpFromHand

    def legal(self, state: State) -> tuple[DumpFromHand, ...]:
        return state.rules.actions.for_hand(state.hands[state.seat])[1]

    def why_not(self, state: State, action: DumpFromHand) -> str:
        if card_index(state, action.card) is None:
            return no_card(action.card)
        return f"you hold no {action.card} in your hand"

    def apply(self, state: State, action: DumpFromHand) -> tuple[State, tuple[Event, ...]]:
        seat = state.seat
        card = state.rules.tables.index[action.card]
        new = state._with(
            phase=Phase.STOCK,
            hands=put(state.hands, seat, add(state.hands[seat], card, -1)),
            parts_unknown=put(state.parts_unknown, seat, add(state.parts_unknown[seat], card, 1)),
        )
        return new, (PutInPartsUnknown(seat, "", False),)
