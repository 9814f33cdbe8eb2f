"""Parts Unknown's actions and ``describe``, each action in a person's words.

Actions carry data: card names and dollar prices as printed on the cards, and seats; never a position in
a Python list. So a saved game reads the same after the card data changes order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from playbook.core.protocol import Action, ActionCodec, Json

from .components import INFO, Rules


class PuAction(Action):
    __slots__ = ()
    game = INFO.name
    is_chance: ClassVar[bool] = False


def _money(amount: int) -> str:
    return f"${amount}"


@dataclass(frozen=True, slots=True)
class ChooseStock(PuAction):
    """Set-up: secretly choose up to four cards of your hand to stock (names, in card order)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        cards = self.cards if isinstance(self.cards, tuple) else (self.cards,)
        return "choose " + (", ".join(map(str, cards)) if cards else "nothing") + " to stock"


@dataclass(frozen=True, slots=True)
class PickSeat(PuAction):
    """Chance: a random seat (who prices first at set-up; who takes the first turn)."""

    seat: int
    is_chance: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"seat {self.seat} picked at random"


@dataclass(frozen=True, slots=True)
class Draw(PuAction):
    """Step 1: draw ``count`` more cards, paying the Card Price Chart's difference to the Bank."""

    count: int

    def __str__(self) -> str:
        return f"draw {self.count} card{'s' if self.count != 1 else ''}"


@dataclass(frozen=True, slots=True)
class BuyCard(PuAction):
    """Step 1: buy ``card`` from ``seller``'s shelf, where it is marked at ``price`` dollars."""

    seller: int
    card: str
    price: int

    def __str__(self) -> str:
        return f"buy {self.card} from seat {self.seller} for {_money(self.price)}"


@dataclass(frozen=True, slots=True)
class BuyShelf(PuAction):
    """Step 1: pay the Bank for another Shelf Space counter."""

    def __str__(self) -> str:
        return "buy a shelf"


@dataclass(frozen=True, slots=True)
class Stock(PuAction):
    """Step 2 (and set-up): put ``card`` on an empty shelf, marked at ``price`` (a price of its column)."""

    card: str
    price: int

    def __str__(self) -> str:
        return f"stock {self.card} at {_money(self.price)}"


@dataclass(frozen=True, slots=True)
class Reprice(PuAction):
    """Step 2: move the Shelf Space counter on a shown ``card`` from ``price`` to ``new_price``."""

    card: str
    price: int
    new_price: int

    def __str__(self) -> str:
        return f"reprice {self.card} from {_money(self.price)} to {_money(self.new_price)}"


@dataclass(frozen=True, slots=True)
class DumpFromHand(PuAction):
    """Step 2: put ``card`` from hand face down into your Parts Unknown (never to come back)."""

    card: str

    def __str__(self) -> str:
        return f"put {self.card} from your hand into Parts Unknown"


@dataclass(frozen=True, slots=True)
class DumpFromShelf(PuAction):
    """Step 2: move a shown ``card`` (marked at ``price``) into your Parts Unknown; the shelf is freed."""

    card: str
    price: int

    def __str__(self) -> str:
        return f"put {self.card} ({_money(self.price)}) from the shelf into Parts Unknown"


@dataclass(frozen=True, slots=True)
class RollForViktor(PuAction):
    """End Steps 1 and 2: the die is rolled for Viktor (a chance step follows)."""

    def __str__(self) -> str:
        return "roll for Viktor"


@dataclass(frozen=True, slots=True)
class Roll(PuAction):
    """Chance: the die shows ``value``."""

    value: int
    is_chance: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"the die shows {self.value}"


@dataclass(frozen=True, slots=True)
class Raise(PuAction):
    """Auction: bid ``amount`` dollars, more than the standing bid ("Anyone may increase the bid at any time")."""

    amount: int

    def __str__(self) -> str:
        return f"bid {_money(self.amount)}"


@dataclass(frozen=True, slots=True)
class Pass(PuAction):
    """Auction: let the standing bid stand for now (a seat may bid again after a later raise)."""

    def __str__(self) -> str:
        return "pass on the standing bid"


ACTION_CLASSES: tuple[type[Action], ...] = (
    ChooseStock,
    PickSeat,
    Draw,
    BuyCard,
    BuyShelf,
    Stock,
    Reprice,
    DumpFromHand,
    DumpFromShelf,
    RollForViktor,
    Roll,
    Raise,
    Pass,
)
_CODEC = ActionCodec(INFO.name, ACTION_CLASSES)
BUY_SHELF = BuyShelf()
ROLL_FOR_VIKTOR = RollForViktor()
PASS = Pass()


def action_from_dict(data: Mapping[str, Json]) -> Action:
    """An action from its ``to_dict()`` form (``InvalidActionError`` if it is not one of this game)."""
    return _CODEC.from_dict(data)


def describe(action: Action, rules: Rules | None = None) -> str:
    """An action in a person's words (prices in dollars, seats by number)."""
    if isinstance(action, BuyShelf):
        cost = (rules or Rules.standard()).shelf_cost
        return f"buy a shelf for {_money(cost)}"
    if isinstance(action, PickSeat):
        return f"seat {action.seat} is picked at random"
    return str(action)
