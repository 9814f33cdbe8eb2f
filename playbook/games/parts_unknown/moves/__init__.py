"""One module per kind of action: its legality, its why-not text and its effect side by side.

``MOVES`` maps each action class to its move; ``OPEN_MOVES`` lists the moves open in each phase, in the
order ``legal_actions()`` lists their actions (an agent that always takes the first legal action still
finishes every turn and every game).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from playbook.core.engine import Move
from playbook.core.protocol import Action

from ..actions import ROLL_FOR_VIKTOR as ROLL_FOR_VIKTOR_ACTION
from ..components import Phase
from .buy_card import BuyCardMove
from .buy_shelf import BuyShelfMove
from .choose_stock import ChooseStockMove
from .draw import DrawMove
from .dump_from_hand import DumpFromHandMove
from .dump_from_shelf import DumpFromShelfMove
from .pass_bid import PassMove
from .pick_seat import PickSeatMove
from .raise_bid import RaiseMove
from .reprice import RepriceMove
from .roll import RollMove
from .roll_for_viktor import RollForViktorMove
from .stock import StockMove

CHOOSE_STOCK = ChooseStockMove()
PICK_SEAT = PickSeatMove()
DRAW = DrawMove()
BUY_CARD = BuyCardMove()
BUY_SHELF = BuyShelfMove()
STOCK = StockMove()
REPRICE = RepriceMove()
DUMP_FROM_HAND = DumpFromHandMove()
DUMP_FROM_SHELF = DumpFromShelfMove()
ROLL_FOR_VIKTOR = RollForViktorMove()
ROLL = RollMove()
RAISE = RaiseMove()
PASS = PassMove()

#: Repricing is free and unlimited, so an agent that always took the first action could reprice forever:
#: Roll for Viktor comes before the Step 2 moves, and Step 1's moves are each bounded (seven draws, money).
_STEP_2 = (ROLL_FOR_VIKTOR, STOCK, REPRICE, DUMP_FROM_SHELF, DUMP_FROM_HAND)
OPEN_MOVES: dict[Phase, tuple[Move[Any, Any], ...]] = {
    Phase.CHOOSE: (CHOOSE_STOCK,),
    Phase.FIRST_PRICER: (PICK_SEAT,),
    Phase.PRICE: (STOCK,),
    Phase.FIRST_PLAYER: (PICK_SEAT,),
    Phase.BUY: (DRAW, BUY_CARD, BUY_SHELF, *_STEP_2),
    Phase.STOCK: _STEP_2,
    Phase.VIKTOR: (ROLL,),
    Phase.AUCTION: (RAISE, PASS),
    Phase.OVER: (),
}
MOVES: dict[type[Action], Move[Any, Any]] = {
    move.action: move
    for move in (
        CHOOSE_STOCK,
        PICK_SEAT,
        DRAW,
        BUY_CARD,
        BUY_SHELF,
        STOCK,
        REPRICE,
        DUMP_FROM_HAND,
        DUMP_FROM_SHELF,
        ROLL_FOR_VIKTOR,
        ROLL,
        RAISE,
        PASS,
    )
}

if TYPE_CHECKING:
    from ..state import State

_ONLY_ROLL = (ROLL_FOR_VIKTOR_ACTION,)


def step_two_actions(state: State) -> tuple[Action, ...]:
    """The Step 2 moves' actions joined in ``OPEN_MOVES`` order (Roll for Viktor, Stock, Reprice, Dump from
    Shelf, Dump from Hand) from the lists each move reads (``ActionCache.for_hand`` and ``for_shelf``, kept
    per hand and per shelf): most steps of a game are Step 2's, and ``legal_actions`` runs on every state."""
    seat = state.seat
    shelf = state.displays[seat]
    actions = state.rules.actions
    stocks, hand_dumps = actions.for_hand(state.hands[seat])
    shelf_actions = actions.for_shelf(shelf)[2]
    if len(shelf) < state.shelves[seat]:
        return (*_ONLY_ROLL, *stocks, *shelf_actions, *hand_dumps)
    return (*_ONLY_ROLL, *shelf_actions, *hand_dumps)


Lister = Callable[["State"], Iterable[Action]]
#: Per phase, what ``legal_actions`` joins: each open move's ``legal``, with Step 2's moves as one memoised
#: list (``step_two_actions``). The same actions in the same order as ``OPEN_MOVES`` (a test checks it).
LISTERS: dict[Phase, tuple[Lister, ...]] = {
    phase: (
        (*(move.legal for move in moves[: -len(_STEP_2)]), step_two_actions)
        if moves[-len(_STEP_2) :] == _STEP_2
        else tuple(move.legal for move in moves)
    )
    for phase, moves in OPEN_MOVES.items()
}

__all__ = ["LISTERS", "MOVES", "OPEN_MOVES", "step_two_actions"]
