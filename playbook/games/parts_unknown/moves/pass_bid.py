"""Auction: pass on the standing bid (see ``raise_bid``): a seat may come back in after a later raise."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import PASS, Pass
from ..events import Passed
from ..table import Table

if TYPE_CHECKING:
    from ..state import State


_ONLY_PASS = (PASS,)


class PassMove(Move["State", Pass]):
    action = Pass

    def legal(self, state: State) -> tuple[Pass, ...]:
        return _ONLY_PASS

    def apply(self, state: State, action: Pass) -> tuple[State, tuple[Event, ...]]:
        t = Table(state)
        t.passed |= 1 << state.seat
        t.events.append(Passed(state.seat, state.bid))
        t.next_bidder()
        return t.done()
