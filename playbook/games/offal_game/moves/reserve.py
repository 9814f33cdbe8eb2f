"""RollReserve: with parts in the reserve the Plunger may play a tool before the reserve's d4 ("Each Plunger
may use one of their tool cards at any point during their turn"), then rolls it. The helpers here resolve
the reserve: onto The Clog by the d4, or back in the bag after a Fire Hose."""

from __future__ import annotations

from playbook.core import Event
from playbook.core.engine import Move

from ..actions import RollReserve
from ..components import Phase
from ..events import ClogFull, ReserveResolved
from ..rulebook import bag_plus, clog_is_full, reserve_to_the_clog
from ..state import State

_ORDERS, _RESERVE_DIE = Phase.ORDERS, Phase.RESERVE_DIE


class RollReserveMove(Move[State, RollReserve]):
    action = RollReserve

    def legal(self, state: State) -> tuple[RollReserve]:
        return _ONLY

    def apply(self, state: State, action: RollReserve) -> tuple[State, tuple[Event, ...]]:
        return state.in_phase(_RESERVE_DIE), ()


def after_placement(state: State, events: list[Event]) -> State:
    """After the new parts are placed: the reserve waits for its d4 (with a moment for a tool first, when
    one can be played), is washed away by a Fire Hose, or there is none and Phase 2 begins."""
    if not state.reserve:
        return state.in_phase(_ORDERS)
    if state.flushed:
        return wash_reserve(state, events)
    if not state.tool_used and state.hands[state.seat]:
        waiting = state._with(phase=Phase.RESERVE)
        if any(True for move in State.PHASE_MOVES[Phase.RESERVE][1:] for _ in move.legal(waiting)):
            return waiting
    return state.in_phase(_RESERVE_DIE)


def wash_reserve(state: State, events: list[Event]) -> State:
    """Fire Hose: every reserved part goes back in the bag; none reaches The Clog."""
    events.append(ReserveResolved(state.round, 0, (), state.reserve))
    return state._with(bag=bag_plus(state.bag, state.reserve), reserve=(), phase=Phase.ORDERS)


def resolve_reserve(state: State, die: int, events: list[Event]) -> State:
    """The reserve's d4: that many reserved parts onto The Clog, the rest back in the bag."""
    rules = state.rules
    clog, placed, back = reserve_to_the_clog(state.reserve, die, state.clog, rules.clog_spaces)
    events.append(ReserveResolved(state.round, die, placed, back))
    full = state.clog_full
    if not full and clog_is_full(clog, rules.clog_spaces):
        full = True
        events.append(ClogFull(state.round, state.seat))
    return state._with(clog=clog, bag=bag_plus(state.bag, back), reserve=(), clog_full=full, phase=Phase.ORDERS)


#: The one action of this kind, built once (an action never changes, so every state lists this one).
_ONLY = (RollReserve(),)
ROLL_RESERVE = RollReserveMove()
