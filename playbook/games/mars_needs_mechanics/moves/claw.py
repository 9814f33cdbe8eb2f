"""Pneumatic Claw (an optional action, once a turn): a market card goes under the deck, the top card in."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import CLAW, Claw
from ..events import MarketClawed

if TYPE_CHECKING:
    from ..state import State


class ClawMove(Move["State", Claw]):
    action = Claw

    def legal(self, state: State) -> list[Claw]:
        if not state.built[state.seat] or state.clawed_this_turn or not state.deck or not state.market:
            return []
        if not state.has_built(state.seat, "pneumatic_claw"):
            return []
        actions = []
        seen = 0
        for card in state.market:
            if not seen & (1 << card):
                seen |= 1 << card
                actions.append(CLAW[card])
        return actions

    def why_not(self, state: State, action: Claw) -> str:
        if not state.has_built(state.seat, "pneumatic_claw"):
            return "only the Pneumatic Claw sends a market card under the deck"
        if state.clawed_this_turn:
            return "the Pneumatic Claw works once per turn"
        if not state.deck:
            return "the Pneumatic Claw needs a card in the deck to take the sent card's place"
        return "there is no such card in the market"

    def apply(self, state: State, action: Claw) -> tuple[State, tuple[Event, ...]]:
        market = list(state.market)
        place = market.index(action.component)
        drawn = state.deck[0]
        market[place] = drawn
        after = state._with(market=tuple(market), deck=(*state.deck[1:], action.component), clawed_this_turn=True)
        names = state.rules.components
        return after.maybe_end_turn((MarketClawed(state.seat, names[action.component], names[drawn]),))


CLAW_MOVE = ClawMove()
