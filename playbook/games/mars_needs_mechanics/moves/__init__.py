"""One module per kind of action, each a ``Move``: which actions are legal, why one is not, what it does.

``PLAY_PRIMARY`` / ``PLAY_AFTER_PRIMARY`` / ``SELLING`` are the moves open in each part of a round, in the
order their actions are listed (the order seeded random play depends on).
"""

from __future__ import annotations

from typing import Any

from playbook.core.engine import Move
from playbook.core.protocol import Action

from ..actions import BreakDown, Build, Buy, Claw, DoneSelling, EndTurn, Pass, SellSet
from .break_down import BREAK_DOWN_MOVE
from .build import BUILD_MOVE
from .buy import BUY_MOVE
from .claw import CLAW_MOVE
from .common import malformed, replaced
from .done_selling import DONE_SELLING_MOVE
from .end_turn import END_TURN_MOVE
from .pass_turn import PASS_MOVE
from .sell import SELL_SET_MOVE

MOVES: dict[type[Action], Move[Any, Any]] = {
    Buy: BUY_MOVE,
    Pass: PASS_MOVE,
    Build: BUILD_MOVE,
    BreakDown: BREAK_DOWN_MOVE,
    Claw: CLAW_MOVE,
    EndTurn: END_TURN_MOVE,
    SellSet: SELL_SET_MOVE,
    DoneSelling: DONE_SELLING_MOVE,
}
OPTIONAL: tuple[Move[Any, Any], ...] = (BUILD_MOVE, BREAK_DOWN_MOVE, CLAW_MOVE)
PLAY_PRIMARY: tuple[Move[Any, Any], ...] = (BUY_MOVE, PASS_MOVE, *OPTIONAL)
PLAY_AFTER_PRIMARY: tuple[Move[Any, Any], ...] = (*OPTIONAL, END_TURN_MOVE)
#: With no mechanism built, nothing can be broken down and there is no Claw: the moves left to ask.
PLAY_PRIMARY_UNBUILT: tuple[Move[Any, Any], ...] = (BUY_MOVE, PASS_MOVE, BUILD_MOVE)
PLAY_AFTER_PRIMARY_UNBUILT: tuple[Move[Any, Any], ...] = (BUILD_MOVE, END_TURN_MOVE)
SELLING: tuple[Move[Any, Any], ...] = (SELL_SET_MOVE, DONE_SELLING_MOVE)


__all__ = [
    "MOVES",
    "OPTIONAL",
    "PLAY_AFTER_PRIMARY",
    "PLAY_AFTER_PRIMARY_UNBUILT",
    "PLAY_PRIMARY",
    "PLAY_PRIMARY_UNBUILT",
    "SELLING",
    "malformed",
    "replaced",
]
