"""One module per kind of action: its legality, its why-not text and its effect side by side.

``MOVES`` maps each action class to its move; ``OPEN_MOVES`` lists the moves open in each phase, in the
order ``legal_actions()`` lists their actions (an agent that always takes the first legal action still
finishes every turn and every game).
"""

from __future__ import annotations

from typing import Any

from playbook.core.engine import Move
from playbook.core.protocol import Action

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

__all__ = ["MOVES", "OPEN_MOVES"]
