"""EndTurn: Phase 2 ends and the next Plunger starts, unless The Clog filled this turn ("the current Plunger
finishes the turn, then the game ends") or the safety limit of turns is reached."""

from __future__ import annotations

from playbook.core import Event
from playbook.core.engine import Move

from ..actions import EndTurn
from ..components import End, Phase
from ..events import TurnEnded
from ..state import FLUSHED, PHASE, ROUND, SEAT, TOOL_USED, State


class EndTurnMove(Move[State, EndTurn]):
    action = EndTurn

    def legal(self, state: State) -> tuple[EndTurn]:
        return _ONLY

    def apply(self, state: State, action: EndTurn) -> tuple[State, tuple[Event, ...]]:
        events: list[Event] = [TurnEnded(state.round, state.seat)]
        if state.clog_full:
            return state.game_over(End.CLOG_FULL, events), tuple(events)
        if state.round >= state.rules.max_turns:
            return state.game_over(End.TURN_LIMIT, events), tuple(events)
        values = list(state)
        values[ROUND] = state.round + 1
        values[SEAT] = (state.seat + 1) % state.num_players
        values[PHASE] = Phase.START
        values[TOOL_USED] = values[FLUSHED] = False
        return tuple.__new__(State, values), tuple(events)


#: The one action of this kind, built once (an action never changes, so every state lists this one).
_ONLY = (EndTurn(),)
END_TURN = EndTurnMove()
