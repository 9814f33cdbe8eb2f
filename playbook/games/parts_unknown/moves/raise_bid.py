"""Auction: "Players then bid in an open auction ... Anyone may increase the bid at any time. Whoever offers
the most money pays the Bank, and takes the cards."

Played seat by seat from the mover: the seat to move may bid any whole amount above the standing bid, up to
its money, or pass; a seat that passed may bid again after someone raises. The auction closes when every
seat but the high bidder has passed on the standing bid.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import Raise
from ..events import BidRaised
from ..table import Table
from ._common import whole

if TYPE_CHECKING:
    from ..state import State


class RaiseMove(Move["State", Raise]):
    action = Raise

    def legal(self, state: State) -> list[Raise]:
        return state.rules.actions.raises(state.bid + 1, state.money[state.seat])

    def why_not(self, state: State, action: Raise) -> str:
        if not whole(action.amount):
            return "a bid is a whole number of dollars"
        if action.amount <= state.bid:
            return f"a bid must be more than the standing bid of ${state.bid}"
        return f"a bid of ${action.amount} is more money than you have (${state.money[state.seat]})"

    def apply(self, state: State, action: Raise) -> tuple[State, tuple[Event, ...]]:
        t = Table(state)
        t.bid = action.amount
        t.leader = state.seat
        t.passed = 0
        t.events.append(BidRaised(state.seat, action.amount))
        t.next_bidder()
        return t.done()
