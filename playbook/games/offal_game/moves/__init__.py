"""One module per action kind, each keeping its legality, its why-not text and its effect together.

Importing this package registers the moves on ``State``: which move handles each action class, and which
moves are open in each phase (in the order their actions are listed).
"""

from __future__ import annotations

from ..actions import (
    BlindDraw,
    DieRoll,
    EndTurn,
    Roll,
    RollReserve,
    Take,
    UseCrowbar,
    UseDrainAuger,
    UseEmbalmingFluid,
    UseFireHose,
    UseMeatHook,
    UseRatTrap,
)
from ..components import Phase
from ..state import State
from .blind_draw import BLIND_DRAW
from .die_roll import DIE_ROLL
from .end_turn import END_TURN
from .reserve import ROLL_RESERVE
from .roll import ROLL
from .take import TAKE
from .tools import CROWBAR, DRAIN_AUGER, EMBALMING_FLUID, FIRE_HOSE, MEAT_HOOK, RAT_TRAP

#: Every tool in every phase where the Plunger moves: each says itself when it may be played.
TOOLS = (RAT_TRAP, DRAIN_AUGER, FIRE_HOSE, MEAT_HOOK, EMBALMING_FLUID, CROWBAR)
State.MOVES = {
    Roll: ROLL,
    DieRoll: DIE_ROLL,
    BlindDraw: BLIND_DRAW,
    RollReserve: ROLL_RESERVE,
    Take: TAKE,
    EndTurn: END_TURN,
    UseRatTrap: RAT_TRAP,
    UseDrainAuger: DRAIN_AUGER,
    UseFireHose: FIRE_HOSE,
    UseMeatHook: MEAT_HOOK,
    UseEmbalmingFluid: EMBALMING_FLUID,
    UseCrowbar: CROWBAR,
}
State.PHASE_MOVES = {
    Phase.START: (ROLL, *TOOLS),
    Phase.ROLL_DIE: (DIE_ROLL,),
    Phase.BLIND_DRAW: (BLIND_DRAW,),
    Phase.RESERVE: (ROLL_RESERVE, *TOOLS),
    Phase.RESERVE_DIE: (DIE_ROLL,),
    Phase.ORDERS: (END_TURN, TAKE, *TOOLS),
    Phase.OVER: (),
}
State.PHASE_LEGALS = {
    phase: tuple(move.legal for move in moves if move not in TOOLS) for phase, moves in State.PHASE_MOVES.items()
}
#: The tools open in each phase with their ``targets``, asked only for the kinds in the hand to move while no
#: tool was played this turn (most turns hold two of the six): what a tool's ``legal`` checks first, so
#: ``legal_actions`` asks the targets directly.
State.PHASE_TOOLS = {
    phase: tuple((move.kind, move.targets) for move in moves if move in TOOLS and phase in move.phases)
    for phase, moves in State.PHASE_MOVES.items()
}
State.PHASE_APPLY = {kind: move.apply for kind, move in State.MOVES.items()}

__all__ = ["State"]
