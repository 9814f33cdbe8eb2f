"""Done selling: the contestant keeps the rest of its hand; the next contestant sells."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import DONE_SELLING, DoneSelling

if TYPE_CHECKING:
    from ..state import State


_ONLY = (DONE_SELLING,)


class DoneSellingMove(Move["State", DoneSelling]):
    action = DoneSelling

    def legal(self, state: State) -> tuple[DoneSelling]:
        return _ONLY

    def apply(self, state: State, action: DoneSelling) -> tuple[State, tuple[Event, ...]]:
        return state.next_seller(())


DONE_SELLING_MOVE = DoneSellingMove()
