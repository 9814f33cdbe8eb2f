"""Sell Sets (the round's end): sets of three or more of a type, Scrap filling in at no value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import SellSet
from ..events import SetSold
from ..rulebook import set_value
from .common import replaced

if TYPE_CHECKING:
    from ..state import State


_SALES: dict[tuple[int, int, int], SellSet] = {}


def sale(component: int, cards: int, scrap: int) -> SellSet:
    """The one shared ``SellSet`` instance for these numbers (building a frozen dataclass is the slow part)."""
    action = _SALES.get((component, cards, scrap))
    if action is None:
        action = SellSet(component, cards, scrap)
        if len(_SALES) < 10_000:
            _SALES[(component, cards, scrap)] = action
    return action


class SellSetMove(Move["State", SellSet]):
    action = SellSet

    def legal(self, state: State) -> list[SellSet]:
        seat = state.seat
        hand = state.hands[seat]
        scrap = state.scrap[seat]
        least = state.min_set_size(seat)
        return [
            _SALES.get((component, cards, used)) or sale(component, cards, used)
            for component, held in enumerate(hand)
            for cards in range(1, held + 1)
            for used in range(0, scrap + 1)
            if cards + used >= least
        ]

    def why_not(self, state: State, action: SellSet) -> str:
        seat = state.seat
        rules = state.rules
        least = state.min_set_size(seat)
        held = state.hands[seat][action.component]
        if action.cards > held:
            return f"you hold {held} {rules.components[action.component]}"
        if action.scrap > state.scrap[seat]:
            return f"you hold {state.scrap[seat]} Scrap Metal"
        if action.cards < 1:
            return "a set is of a component type: it needs at least one component card (Scrap only fills in)"
        return f"A set is defined as {least} or more of a component type (Scrap may replace cards)"

    def apply(self, state: State, action: SellSet) -> tuple[State, tuple[Event, ...]]:
        seat = state.seat
        value = state.values[action.component]
        bonus = state.ability_param(seat, "difference_engine", "bonus_per_card")
        earned = set_value(action.cards, value, bonus)
        hand = list(state.hands[seat])
        hand[action.component] -= action.cards
        after = state._with(
            hands=replaced(state.hands, seat, tuple(hand)),
            scrap=replaced(state.scrap, seat, state.scrap[seat] - action.scrap),
            cogs=replaced(state.cogs, seat, state.cogs[seat] + earned),
            discard=state.discard + action.cards + action.scrap,
        )
        event = SetSold(seat, state.rules.components[action.component], action.cards, action.scrap, value, earned)
        if not after.can_sell(seat):
            return after.next_seller((event,))
        return after, (event,)


SELL_SET_MOVE = SellSetMove()
