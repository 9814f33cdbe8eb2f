"""Parts Unknown: shopkeepers price body parts for Viktor Frankenstein's Scientists (2-6 players).

What it teaches: the *going rate*. Only the lowest marked price of a card type can sell, so a store that
undercuts takes the whole demand and everyone above it sells nothing; the Scientists who buy once at a price
buy everything at that price, so a crowd at one price overshoots the demand (a Surplus that grows the
Town) while too few cards leave a Shortage (that shrinks it). Drawing cards gets dearer with every card
(a convex cost curve), shelves are capital that pays back only if the Town survives, and Parts Unknown is a
liquidation channel: guaranteed, at half the going rate.

Rulings (where the rulebook is ambiguous or silent; ``Rules`` option in brackets where a table might differ)

========================================  ================================================================
Question                                  Ruling
========================================  ================================================================
The marked price ("the lowest visible     The price is the step the counter sits on, as the Cheese example
price above the Shelf Space counter")     says (counter over 24 -> $24). A price is a step index 0..3 of
                                          the card's column, 0 the dearest.
Which corner sells Parts Unknown? ("In    The corner that also grows the Town (the "end of the month")
addition, passing this space clears...")  [``parts_unknown_corner``: growth | other | both].
Parts Unknown price when the Monster is   Half the category's going rate (its single cheapest card); with
on                                        no card of the category shown, half the card's own lowest step.
Which going rate do Parts Unknown sales   The going rates are fixed when Step 3 begins (the die is rolled)
and demands use during a turn?            and hold for the whole turn, Roll Again included ("stays fixed
                                          during a particular turn"); cards repriced later do not count.
Excess counters when the dots are full    All of the house's counters go away and the Town changes by one
                                          ("those counters go away") [``excess_conversion``: clear | carry
                                          (extras stay) | repeat (one Townesfolk per full set of dots)].
A Surplus larger than the new demand      The demand is used up and what remains of the Surplus stays.
Gizmos' dots                              Gizmos never converts, so its Surplus and Shortage just carry.
The revealed Buyout card                  It goes to the discards [``buyout_card``: discard | bottom of the
                                          deck]. Buyout sells the mover's own matching cards too.
"Matching" (Buyout, Auction)              The same card type (the rulebook: "if you turn over a Zwik, then
                                          everyone's Zwiks sell").
Auction: who bids, in what order, ties    Every player, the mover first, then to the left; each in turn
                                          raises the high bid by one of ``auction_raises`` or drops out
                                          for good. A raise must beat the high bid, so there are no ties.
                                          The last one in pays the Bank. Owners of pooled cards get nothing
                                          ("taken away").
An auction nobody bids on                 The pool goes to the discards [``unclaimed_auction``: discard |
                                          owners (shown cards back to their owners' hands)].
Zwik's category                           Gizmos (it is no body part).
Landing on a lit Riot/Monster             It goes out: "exactly one lap" [``relanding_restarts``: it stays
                                          lit for another lap].
Riot drawing                              k cards cost the chart's price for k+1, so at most six a turn.
Drawing                                   ``Draw(k)`` draws k more cards paying the chart's difference, so
                                          drawing one at a time costs what drawing them together does.
Step 1 then Step 2                        Any Step 2 action (stock, reprice, Parts Unknown) ends Step 1;
                                          ``RollForViktor`` ends Step 2.
The Bank                                  Never runs out ("a few thousand bucks": $10,000, may go negative).
Simultaneous set-up choice                Taken seat by seat, each choice hidden until its owner prices it.
The random seats (first pricer, first     Chance steps, so they are public random outcomes.
player)
Town at zero and Calendar at Start in     The Town's end wins: no Shelf Space bonus.
one turn
Ties for most money                       Shared: every seat with the top score wins.
========================================  ================================================================
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from pathlib import Path
from typing import Any

from playbook.core.data import DataReader, load_toml
from playbook.core.errors import IllegalActionError, InvalidActionError
from playbook.core.protocol import CHANCE, Action, ActionCodec, Event, GameInfo, Json

# --- constants ------------------------------------------------------------------------------------------

DATA_DIR = Path(__file__).parent / "data"
STEPS = 4  # every price column has four steps, 0 the dearest
SPACE_KINDS = ("demand", "calendar", "calendar_growth", "buyout", "auction", "roll_again", "riot", "monster")
DEMAND, CALENDAR, CALENDAR_GROWTH, BUYOUT, AUCTION, ROLL_AGAIN, RIOT, MONSTER = range(len(SPACE_KINDS))
PHASES = ("choose", "first_pricer", "price", "first_player", "buy", "stock", "viktor", "auction", "over")
P_CHOOSE, P_FIRST_PRICER, P_PRICE, P_FIRST_PLAYER, P_BUY, P_STOCK, P_VIKTOR, P_AUCTION, P_OVER = range(9)
PU_CORNERS = ("growth", "other", "both")
EXCESS_MODES = ("clear", "carry", "repeat")
BUYOUT_CARD = ("discard", "bottom")
UNCLAIMED = ("discard", "owners")

INFO = GameInfo(
    name="parts_unknown",
    title="Parts Unknown",
    min_players=2,
    max_players=6,
    has_chance=True,
    has_hidden_information=True,
    summary="Going rates and demand: the cheapest shelf sells, crowds at one price make surpluses.",
)


# --- rules and component data ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardType:
    """One card type: its name, its category (index) and its price column of four descending steps."""

    name: str
    category: int
    prices: tuple[int, ...]
    count: int


@dataclass(frozen=True, slots=True)
class House:
    """One board section: the house's category, its spaces (kind, a) and its Surplus and Shortage dots."""

    name: str
    category: int
    spaces: tuple[tuple[str, int], ...]
    surplus_dots: int
    shortage_dots: int
    converts: bool


class Tables:
    """Look-ups derived from ``Rules`` once (names, categories, prices, boards per layout)."""

    __slots__ = ("boards", "category", "index", "lowest", "names", "num_types", "prices", "rules", "type_ids")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.names = tuple(c.name for c in rules.cards)
        self.index = {name: i for i, name in enumerate(self.names)}
        self.category = tuple(c.category for c in rules.cards)
        self.prices = tuple(c.prices for c in rules.cards)
        self.lowest = tuple(min(c.prices) for c in rules.cards)
        self.num_types = len(rules.cards)
        self.type_ids = tuple(range(self.num_types))
        self.boards: dict[tuple[int, ...], tuple[tuple[int, int, int], ...]] = {}

    def board(self, layout: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
        """The loop of spaces ``(kind, house, a)`` for a layout (house indices in the order Viktor moves)."""
        board = self.boards.get(layout)
        if board is None:
            board = tuple(
                (SPACE_KINDS.index(kind), house, amount)
                for house in layout
                for kind, amount in self.rules.houses[house].spaces
            )
            self.boards[layout] = board
        return board


@dataclass(frozen=True)
class Rules:
    """Every tunable number, the rulings' options and the component data; ``Rules.standard()`` is the box."""

    categories: tuple[str, ...]
    cards: tuple[CardType, ...]
    houses: tuple[House, ...]
    calendar_length: int = 12
    min_players: int = 2
    max_players: int = 6
    starting_money: int = 40
    starting_shelves: int = 4
    starting_town: int = 4
    hand_size: int = 6
    setup_stock: int = 4
    shelf_cost: int = 40
    shelf_value: int = 15
    draw_prices: tuple[int, ...] = (0, 4, 12, 24, 40, 60, 85)
    riot_penalty: int = 1
    die_sides: int = 6
    bank_money: int = 10_000
    auction_raises: tuple[int, ...] = (1, 5, 10)
    parts_unknown_corner: str = "growth"
    excess_conversion: str = "clear"
    buyout_card: str = "discard"
    unclaimed_auction: str = "discard"
    relanding_restarts: bool = False
    shuffle_houses: bool = False

    @staticmethod
    def standard() -> Rules:
        """The rulebook's game with the reconstructed data in ``data/*.toml``."""
        return _standard_rules()

    @classmethod
    def from_toml(cls, path: str | Path) -> Rules:
        """A variant: a TOML file with any of the keys of ``to_dict`` (or of the data files); the rest standard."""
        path = Path(path)
        return cls.from_dict(_flatten(load_toml(path)), source=path.name)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, source: str = "rules") -> Rules:
        """Rules from a dict shaped like ``to_dict()``; missing keys take the standard values."""
        merged = {**_standard_rules().to_dict(), **dict(data)}
        return _rules_from_reader(DataReader(source, merged))

    def to_dict(self) -> dict[str, Json]:
        out: dict[str, Json] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "cards":
                out["cards"] = [
                    {
                        "name": c.name,
                        "category": self.categories[c.category],
                        "prices": list(c.prices),
                        "count": c.count,
                    }
                    for c in value
                ]
            elif f.name == "houses":
                out["houses"] = [
                    {
                        "name": h.name,
                        "category": self.categories[h.category],
                        "converts": h.converts,
                        "surplus_dots": h.surplus_dots,
                        "shortage_dots": h.shortage_dots,
                        "spaces": [[k, a] for k, a in h.spaces],
                    }
                    for h in value
                ]
            elif isinstance(value, tuple):
                out[f.name] = list(value)
            else:
                out[f.name] = value
        return out

    @cached_property
    def tables(self) -> Tables:
        return Tables(self)

    def card(self, name: str) -> int:
        """The index of a card type by name (``InvalidActionError`` if there is none)."""
        index = self.tables.index.get(name)
        if index is None:
            raise InvalidActionError(f"{name!r} is not a card of Parts Unknown")
        return index

    def draw_cost(self, count: int, riot: bool = False) -> int:
        """Total price of drawing ``count`` cards in one turn (see ``draw_cost``)."""
        return draw_cost(count, self.draw_prices, self.riot_penalty if riot else 0)

    def max_draw(self, riot: bool = False) -> int:
        return len(self.draw_prices) - (self.riot_penalty if riot else 0)


_STANDARD: list[Rules] = []
_FLAT_TABLES = {"bank": {"money": "bank_money"}, "auction": {"raises": "auction_raises"}}


def _flatten(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The data files' shape (``[bank] money``, ``[rulings]``, ``[[cards]]``) as ``to_dict``'s flat shape."""
    out: dict[str, Any] = {}
    for key, value in raw.items():
        if key in _FLAT_TABLES and isinstance(value, dict):
            for inner, name in _FLAT_TABLES[key].items():
                if inner in value:
                    out[name] = value[inner]
        elif key == "rulings" and isinstance(value, dict):
            out.update(value)
        elif key == "reconstructed" or key.startswith("note"):
            continue
        else:
            out[key] = value
    return out


def _standard_rules() -> Rules:
    if not _STANDARD:
        merged: dict[str, Any] = {}
        for name in ("rules.toml", "board.toml", "cards.toml"):
            merged.update(_flatten(load_toml(DATA_DIR / name)))
        _STANDARD.append(_rules_from_reader(DataReader("data/*.toml", merged)))
    return _STANDARD[0]


def _choice(reader: DataReader, key: str, options: tuple[str, ...], default: str) -> str:
    value = reader.get(key, str, default)
    if value not in options:
        raise reader.fail(key, f"must be one of {', '.join(options)}, not {value!r}")
    return value


def _int_tuple(reader: DataReader, key: str, default: tuple[int, ...]) -> tuple[int, ...]:
    raw = reader.get(key, list, list(default))
    if not raw or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in raw):
        raise reader.fail(key, f"must be a non-empty list of whole numbers >= 0, not {raw!r}")
    return tuple(raw)


def _flag(reader: DataReader, key: str, default: bool) -> bool:
    if key not in reader.data:
        return default
    return reader.get(key, bool)


def _rules_from_reader(r: DataReader) -> Rules:
    categories = tuple(r.get("categories", list))
    if len(categories) < 1 or not all(isinstance(c, str) for c in categories):
        raise r.fail("categories", "must list the category names")
    cards = []
    for row in r.items("cards"):
        category = row.get("category", str)
        if category not in categories:
            raise row.fail("category", f"must be one of {', '.join(categories)}, not {category!r}")
        prices = _int_tuple(row, "prices", ())
        if len(prices) != STEPS or any(a <= b for a, b in itertools.pairwise(prices)) or prices[-1] < 1:
            raise row.fail("prices", f"must be {STEPS} positive prices, strictly descending, not {list(prices)}")
        cards.append(CardType(row.get("name", str), categories.index(category), prices, row.int_in("count", 0, 1000)))
    names = [c.name for c in cards]
    if len(set(names)) != len(names):
        raise r.fail("cards", "name a card type twice")
    houses = []
    for row in r.items("houses"):
        category = row.get("category", str)
        if category not in categories:
            raise row.fail("category", f"must be one of {', '.join(categories)}, not {category!r}")
        spaces = []
        for index, space in enumerate(row.get("spaces", list)):
            if (
                not isinstance(space, list | tuple)
                or len(space) != 2
                or space[0] not in SPACE_KINDS
                or not isinstance(space[1], int)
            ):
                raise row.fail(f"spaces[{index}]", f"must be [kind, a] with kind one of {', '.join(SPACE_KINDS)}")
            spaces.append((str(space[0]), int(space[1])))
        converts = _flag(row, "converts", True)
        surplus = row.int_in("surplus_dots", 0, 100)
        shortage = row.int_in("shortage_dots", 0, 100)
        if converts and (surplus < 1 or shortage < 1):
            raise row.fail("surplus_dots", "a house that converts needs at least one Surplus and one Shortage dot")
        houses.append(
            House(row.get("name", str), categories.index(category), tuple(spaces), surplus, shortage, converts)
        )
    kinds = [k for h in houses for k, _ in h.spaces]
    if kinds.count("monster") != 1:
        raise r.fail("houses", "must hold exactly one monster space (Viktor starts there)")
    if not any(k in ("calendar", "calendar_growth") for k in kinds):
        raise r.fail("houses", "must hold an Advance the Calendar corner, or the game never ends")
    min_players = r.int_in("min_players", 1, 12, 2)
    max_players = r.int_in("max_players", min_players, 12, 6)
    draw_prices = _int_tuple(r, "draw_prices", (0, 4, 12, 24, 40, 60, 85))
    if any(a > b for a, b in itertools.pairwise(draw_prices)):
        raise r.fail("draw_prices", "must not fall: more cards never cost less")
    raises = _int_tuple(r, "auction_raises", (1, 5, 10))
    if min(raises) < 1 or len(set(raises)) != len(raises):
        raise r.fail("auction_raises", "must be distinct raises of at least $1")
    rules = Rules(
        categories=categories,
        cards=tuple(cards),
        houses=tuple(houses),
        calendar_length=r.int_in("calendar_length", 1, 1000),
        min_players=min_players,
        max_players=max_players,
        starting_money=r.int_in("starting_money", 0, 1_000_000),
        starting_shelves=r.int_in("starting_shelves", 0, 100),
        starting_town=r.int_in("starting_town", 1, 1000),
        hand_size=r.int_in("hand_size", 0, 100),
        setup_stock=r.int_in("setup_stock", 0, 100),
        shelf_cost=r.int_in("shelf_cost", 0, 1_000_000),
        shelf_value=r.int_in("shelf_value", 0, 1_000_000),
        draw_prices=draw_prices,
        riot_penalty=r.int_in("riot_penalty", 0, len(draw_prices) - 1, 1),
        die_sides=r.int_in("die_sides", 1, 100, 6),
        bank_money=r.int_in("bank_money", 0, 10**12, 10_000),
        auction_raises=tuple(sorted(raises)),
        parts_unknown_corner=_choice(r, "parts_unknown_corner", PU_CORNERS, "growth"),
        excess_conversion=_choice(r, "excess_conversion", EXCESS_MODES, "clear"),
        buyout_card=_choice(r, "buyout_card", BUYOUT_CARD, "discard"),
        unclaimed_auction=_choice(r, "unclaimed_auction", UNCLAIMED, "discard"),
        relanding_restarts=_flag(r, "relanding_restarts", False),
        shuffle_houses=_flag(r, "shuffle_houses", False),
    )
    if sum(c.count for c in rules.cards) < rules.hand_size * max_players:
        raise r.fail("cards", f"too few cards to deal {rules.hand_size} to {max_players} players")
    return rules


# --- actions ---------------------------------------------------------------------------------------------


class PuAction(Action):
    __slots__ = ()
    game = INFO.name


@dataclass(frozen=True, slots=True)
class ChooseStock(PuAction):
    """Set-up: secretly choose up to four cards of your hand to stock (names; revealed when you price)."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return "choose " + (", ".join(self.cards) if self.cards else "nothing") + " to stock"


@dataclass(frozen=True, slots=True)
class PickSeat(PuAction):
    """Chance: a random seat (who prices first at set-up; who takes the first turn)."""

    seat: int

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
    """Step 1: buy ``card`` from ``seller``'s shelf where it is priced at ``step``, at its marked price."""

    seller: int
    card: str
    step: int

    def __str__(self) -> str:
        return f"buy {self.card} (step {self.step}) from seat {self.seller}"


@dataclass(frozen=True, slots=True)
class BuyShelf(PuAction):
    """Step 1: pay $40 to the Bank for another Shelf Space counter."""

    def __str__(self) -> str:
        return "buy a shelf"


@dataclass(frozen=True, slots=True)
class Stock(PuAction):
    """Step 2 (and set-up): put ``card`` from hand on an empty shelf, priced at ``step`` of its column."""

    card: str
    step: int

    def __str__(self) -> str:
        return f"stock {self.card} at step {self.step}"


@dataclass(frozen=True, slots=True)
class Reprice(PuAction):
    """Step 2: move the Shelf Space counter on a shown ``card`` from ``step`` to ``new_step``."""

    card: str
    step: int
    new_step: int

    def __str__(self) -> str:
        return f"reprice {self.card} from step {self.step} to step {self.new_step}"


@dataclass(frozen=True, slots=True)
class DumpFromHand(PuAction):
    """Step 2: put ``card`` from hand face down into your Parts Unknown (never to come back)."""

    card: str

    def __str__(self) -> str:
        return f"put {self.card} from hand into Parts Unknown"


@dataclass(frozen=True, slots=True)
class DumpFromShelf(PuAction):
    """Step 2: move a shown ``card`` (priced at ``step``) into your Parts Unknown; the shelf is freed."""

    card: str
    step: int

    def __str__(self) -> str:
        return f"put {self.card} (step {self.step}) from the shelf into Parts Unknown"


@dataclass(frozen=True, slots=True)
class RollForViktor(PuAction):
    """End Steps 1 and 2: the die is rolled for Viktor (a chance step follows)."""

    def __str__(self) -> str:
        return "roll for Viktor"


@dataclass(frozen=True, slots=True)
class Roll(PuAction):
    """Chance: the die shows ``value``."""

    value: int

    def __str__(self) -> str:
        return f"the die shows {self.value}"


@dataclass(frozen=True, slots=True)
class Bid(PuAction):
    """Auction: raise the high bid by ``raise_by`` dollars (the first bid is ``raise_by``)."""

    raise_by: int

    def __str__(self) -> str:
        return f"raise the bid by ${self.raise_by}"


@dataclass(frozen=True, slots=True)
class DropOut(PuAction):
    """Auction: stop bidding for good."""

    def __str__(self) -> str:
        return "drop out of the auction"


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
    Bid,
    DropOut,
)
_CODEC = ActionCodec(INFO.name, ACTION_CLASSES)
BUY_SHELF = BuyShelf()
ROLL_FOR_VIKTOR = RollForViktor()
DROP_OUT = DropOut()


def action_from_dict(data: Mapping[str, Json]) -> Action:
    """An action from its ``to_dict()`` form (``InvalidActionError`` if it is not one of this game)."""
    return _CODEC.from_dict(data)


# --- events ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StockChosen(Event):
    seat: int
    count: int

    def __str__(self) -> str:
        return f"Seat {self.seat} secretly chooses {self.count} card(s) to stock"


@dataclass(frozen=True, slots=True)
class SeatPicked(Event):
    seat: int
    purpose: str

    def __str__(self) -> str:
        return f"Seat {self.seat} is picked at random {self.purpose}"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int

    def __str__(self) -> str:
        return f"Turn {self.turn}: seat {self.seat} to play"


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    seat: int
    count: int
    cost: int

    def __str__(self) -> str:
        return f"Seat {self.seat} draws {self.count} card(s) for ${self.cost}"


@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    cards: int

    def __str__(self) -> str:
        return f"The {self.cards} discards are shuffled into a new deck"


@dataclass(frozen=True, slots=True)
class CardBought(Event):
    buyer: int
    seller: int
    card: str
    price: int

    def __str__(self) -> str:
        return f"Seat {self.buyer} buys {self.card} from seat {self.seller} for ${self.price}"


@dataclass(frozen=True, slots=True)
class ShelfBought(Event):
    seat: int
    shelves: int

    def __str__(self) -> str:
        return f"Seat {self.seat} buys a shelf (now {self.shelves})"


@dataclass(frozen=True, slots=True)
class Stocked(Event):
    seat: int
    card: str
    price: int

    def __str__(self) -> str:
        return f"Seat {self.seat} stocks {self.card} at ${self.price}"


@dataclass(frozen=True, slots=True)
class Repriced(Event):
    seat: int
    card: str
    old_price: int
    price: int

    def __str__(self) -> str:
        return f"Seat {self.seat} reprices {self.card} from ${self.old_price} to ${self.price}"


@dataclass(frozen=True, slots=True)
class PutInPartsUnknown(Event):
    """``card`` is empty when it came from the hand (face down: nobody else sees it)."""

    seat: int
    card: str
    from_shelf: bool

    def __str__(self) -> str:
        what = self.card if self.from_shelf else "a card from hand"
        return f"Seat {self.seat} puts {what} into Parts Unknown"


@dataclass(frozen=True, slots=True)
class DieRolled(Event):
    seat: int
    value: int

    def __str__(self) -> str:
        return f"Seat {self.seat} rolls {self.value} for Viktor"


@dataclass(frozen=True, slots=True)
class ViktorMoved(Event):
    start: int
    end: int
    space: str
    house: str

    def __str__(self) -> str:
        return f"Viktor moves to space {self.end} ({self.space}, {self.house})"


@dataclass(frozen=True, slots=True)
class CalendarAdvanced(Event):
    position: int
    length: int
    finished: bool

    def __str__(self) -> str:
        tail = ": back at Start, the game ends after this turn" if self.finished else ""
        return f"The Calendar advances to {self.position} of {self.length}{tail}"


@dataclass(frozen=True, slots=True)
class TownChanged(Event):
    population: int
    change: int
    reason: str

    def __str__(self) -> str:
        return f"The Town {'grows' if self.change > 0 else 'shrinks'} to {self.population} ({self.reason})"


@dataclass(frozen=True, slots=True)
class PartsUnknownSold(Event):
    seat: int
    cards: int
    amount: int

    def __str__(self) -> str:
        return f"Seat {self.seat}'s Parts Unknown sells: {self.cards} card(s) for ${self.amount}"


@dataclass(frozen=True, slots=True)
class DemandResolved(Event):
    house: str
    demand: int
    net: int
    sold: int
    surplus: int
    shortage: int

    def __str__(self) -> str:
        left = f", Surplus {self.surplus}" if self.surplus else (f", Shortage {self.shortage}" if self.shortage else "")
        return f"Demand for {self.demand} {self.house} (net {self.net}): {self.sold} sold{left}"


@dataclass(frozen=True, slots=True)
class CardSold(Event):
    seat: int
    card: str
    count: int
    price: int
    reason: str

    def __str__(self) -> str:
        return f"Seat {self.seat} sells {self.count} {self.card} at ${self.price} ({self.reason})"


@dataclass(frozen=True, slots=True)
class CardRevealed(Event):
    card: str
    space: str

    def __str__(self) -> str:
        return f"{self.space.capitalize()}: the top card is {self.card}"


@dataclass(frozen=True, slots=True)
class AuctionOpened(Event):
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"Auction of {len(self.cards)} card(s): {', '.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class BidRaised(Event):
    seat: int
    bid: int

    def __str__(self) -> str:
        return f"Seat {self.seat} bids ${self.bid}"


@dataclass(frozen=True, slots=True)
class DroppedOut(Event):
    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} drops out of the auction"


@dataclass(frozen=True, slots=True)
class AuctionWon(Event):
    seat: int
    price: int
    cards: int

    def __str__(self) -> str:
        return f"Seat {self.seat} wins the auction: {self.cards} card(s) for ${self.price}"


@dataclass(frozen=True, slots=True)
class AuctionUnclaimed(Event):
    cards: int
    to: str

    def __str__(self) -> str:
        return f"Nobody bids: the {self.cards} card(s) go to the {self.to}"


@dataclass(frozen=True, slots=True)
class SpaceSwitched(Event):
    space: str
    on: bool

    def __str__(self) -> str:
        return f"{self.space.capitalize()} is {'on' if self.on else 'off'}"


@dataclass(frozen=True, slots=True)
class Converted(Event):
    house: str
    counter: str
    counters: int
    population: int

    def __str__(self) -> str:
        return f"{self.house}' {self.counter} of {self.counters} converts: the Town is now {self.population}"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    reason: str
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        why = "the Town is empty" if self.reason == "town" else "the Calendar is back at Start"
        return f"Game over ({why}): scores {list(self.scores)}, winner(s) {list(self.winners)}"


# --- rule functions ---------------------------------------------------------------------------------------


def draw_cost(count: int, prices: Sequence[int] = (0, 4, 12, 24, 40, 60, 85), penalty: int = 0) -> int:
    """ "The prices for drawing cards are given in the Card Price Chart ... If Riot is on, subtract one card."

    The total price of drawing ``count`` cards in a turn; during a Riot (``penalty=1``) k cards cost the
    chart's price of k+1 ("if you pay $4, you only draw one card").
    """
    if count <= 0:
        return 0
    return prices[count - 1 + penalty]


def marked_price(prices: Sequence[int], step: int) -> int:
    """ "The marked price" of a card: the step of its price column that the Shelf Space counter marks."""
    return prices[step]


def going_rates(offers: Sequence[tuple[int, int]], num_types: int) -> tuple[int, ...]:
    """ "The lowest marked price for a particular card type is called the Going Rate."

    ``offers`` are ``(type, price)`` of every card on display; 0 means no going rate for that type.
    """
    rates = [0] * num_types
    for card, price in offers:
        if rates[card] == 0 or price < rates[card]:
            rates[card] = price
    return tuple(rates)


def rates_in_force(rates: Sequence[int], category: Sequence[int], monster: bool) -> tuple[int, ...]:
    """ "If the Monster space is on ... the single cheapest item in a particular category sets the Going Rate
    for the entire category." Without the Monster the per-type rates stand."""
    if not monster:
        return tuple(rates)
    cheapest: dict[int, int] = {}
    for card, rate in enumerate(rates):
        if rate and (category[card] not in cheapest or rate < cheapest[category[card]]):
            cheapest[category[card]] = rate
    return tuple(cheapest.get(category[card], 0) for card in range(len(rates)))


def parts_unknown_value(rate: int, lowest_price: int) -> int:
    """ "Cards in Parts Unknown sell for half the Going Rate, rounding down. If there are no cards on the board
    to establish a Going Rate, then these cards sell for half their minimum price." """
    return (rate if rate else lowest_price) // 2


@dataclass(frozen=True, slots=True)
class DemandOutcome:
    """One demand's resolution: what sold (indices into the offers, cheapest first) and what is left."""

    demand: int
    net: int
    sold: tuple[int, ...]
    surplus: int
    shortage: int


def resolve_demand(
    base: int,
    population: int,
    surplus: int,
    shortage: int,
    offers: Sequence[tuple[int, int, int]],
    rates: Sequence[int],
) -> DemandOutcome:
    """ "Viktor ... creates a demand for a+X"; "the Surplus counters are immediately removed, and that amount is
    subtracted from whatever demand he creates" (a Shortage is added); "Only cards at the Going Rate can
    sell"; "if the Scientists buy one item, they will buy everything in that category at that price, even if
    it means exceeding the demand" (a Surplus); "Shortages arise when there is more demand than can be met."

    ``offers`` are ``(seller, type, price)`` of the demanded category's cards on display, ``rates`` the
    going rate in force per type. The Scientists buy price level by price level, cheapest first, while some
    demand is left.
    """
    demand = base + population
    net = demand - surplus + shortage
    if net <= 0:
        return DemandOutcome(demand, net, (), -net, 0)
    eligible = sorted((price, index) for index, (_, card, price) in enumerate(offers) if price == rates[card])
    remaining = net
    sold: list[int] = []
    position = 0
    while remaining > 0 and position < len(eligible):
        level = eligible[position][0]
        while position < len(eligible) and eligible[position][0] == level:
            sold.append(eligible[position][1])
            position += 1
            remaining -= 1
    return DemandOutcome(demand, net, tuple(sold), max(0, -remaining), max(0, remaining))


def convert(counters: int, dots: int, mode: str = "clear") -> tuple[int, int]:
    """ "If all of the Surplus dots in a particular house are covered, then those counters go away, and one
    counter is added to the Town" (Shortage: one person is removed). Returns (Townesfolk changed, counters
    left); see the rulings for ``mode``."""
    if dots <= 0 or counters < dots:
        return 0, counters
    if mode == "carry":
        return 1, counters - dots
    if mode == "repeat":
        return counters // dots, counters % dots
    return 1, 0


def end_scores(money: Sequence[int], shelves: Sequence[int], reason: str, shelf_value: int = 15) -> tuple[int, ...]:
    """ "If the entire Town disappears ... the player with the most money wins. If, however, the Calendar Pawn
    runs its entire course, then each Shelf Space counts as $15 towards your score." """
    if reason == "calendar":
        return tuple(m + shelf_value * s for m, s in zip(money, shelves, strict=True))
    return tuple(money)


# --- state -----------------------------------------------------------------------------------------------

Shelf = tuple[tuple[int, int], ...]  # one store's shown cards: (type, step), sorted


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _add(counts: tuple[int, ...], card: int, delta: int) -> tuple[int, ...]:
    return (*counts[:card], counts[card] + delta, *counts[card + 1 :])


def _shelf_remove(shelf: Shelf, item: tuple[int, int]) -> Shelf:
    index = shelf.index(item)
    return shelf[:index] + shelf[index + 1 :]


def _shelf_add(shelf: Shelf, item: tuple[int, int]) -> Shelf:
    return tuple(sorted((*shelf, item)))


@dataclass(frozen=True, slots=True)
class State:
    """An immutable snapshot. Hands, Parts Unknown piles and the discards are counts per card type; a
    store's shelf is a sorted tuple of ``(type, step)``; the deck is a tuple of types, top first."""

    rules: Rules
    num_players: int
    phase: int
    turn: int  # whose turn it is (Steps 1-3)
    actor: int  # the seat to act in the current phase
    round: int  # the turn number, 0 during set-up
    money: tuple[int, ...]
    bank: int
    shelves: tuple[int, ...]
    displays: tuple[Shelf, ...]
    hands: tuple[tuple[int, ...], ...]
    unknown: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    seed: int
    reshuffles: int
    layout: tuple[int, ...]
    viktor: int
    calendar: int
    town: int
    surplus: tuple[int, ...]  # per house (index into rules.houses)
    shortage: tuple[int, ...]
    riot: bool
    monster: bool
    drawn: int
    going: tuple[int, ...]  # the going rates fixed for Step 3 of this turn (0: none)
    chosen: tuple[tuple[int, ...], ...]  # set-up: each seat's secret choice, until priced
    choosers: int
    first_pricer: int
    priced: int
    pool: tuple[int, ...]  # auction: the cards (types)
    pool_owners: tuple[int, ...]  # auction: who showed each pooled card (-1: the revealed card)
    bid: int
    leader: int
    bidders: int  # bitmask of seats still bidding
    calendar_done: bool
    end: str  # "", "town" or "calendar"

    # -- protocol ---------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == P_OVER:
            return None
        if phase in (P_VIKTOR, P_FIRST_PRICER, P_FIRST_PLAYER):
            return CHANCE
        return self.actor

    @property
    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    @property
    def board(self) -> tuple[tuple[int, int, int], ...]:
        return self.rules.tables.board(self.layout)

    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        if self.phase == P_VIKTOR:
            sides = self.rules.die_sides
            return tuple((Roll(v), 1 / sides) for v in range(1, sides + 1))
        if self.phase in (P_FIRST_PRICER, P_FIRST_PLAYER):
            n = self.num_players
            return tuple((PickSeat(s), 1 / n) for s in range(n))
        return ()

    def scores(self) -> tuple[int, ...]:
        """Money; once the Calendar has ended the game, plus $15 per Shelf Space."""
        return end_scores(self.money, self.shelves, self.end, self.rules.shelf_value)

    def winners(self) -> tuple[int, ...]:
        """The seats with the most money (shared on a tie) once the game is over; () before."""
        if self.phase != P_OVER:
            return ()
        scores = self.scores()
        best = max(scores)
        return tuple(s for s, v in enumerate(scores) if v == best)

    # -- reading helpers -----------------------------------------------------------------------------------
    def marked_price(self, card: int, step: int) -> int:
        return self.rules.tables.prices[card][step]

    def going_rates(self) -> tuple[int, ...]:
        """The going rate of every card type from the cards on display now (0: none shown)."""
        return _shown_rates(self.rules, self.displays)

    def cards_available(self) -> int:
        return len(self.deck) + sum(self.discard)

    def draw_price(self, count: int) -> int:
        """What drawing ``count`` more cards costs the mover now (the chart's difference)."""
        return _draw_price(self.rules, self.drawn, self.riot, count)

    # -- legality -----------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == P_BUY:
            return self._buy_actions() + self._stock_actions()
        if phase == P_STOCK:
            return self._stock_actions()
        if phase == P_AUCTION:
            return self._auction_actions()
        if phase == P_CHOOSE:
            return self._choose_actions()
        if phase == P_PRICE:
            names = self.rules.tables.names
            return [Stock(names[c], s) for c in sorted(set(self.chosen[self.actor])) for s in range(STEPS)]
        return []

    def _choose_actions(self) -> list[Action]:
        names = self.rules.tables.names
        cards = [c for c, n in enumerate(self.hands[self.actor]) for _ in range(n)]
        limit = min(self.rules.setup_stock, self.shelves[self.actor], len(cards))
        combos: set[tuple[int, ...]] = set()
        for size in range(limit + 1):
            combos.update(itertools.combinations(cards, size))
        return [ChooseStock(tuple(names[c] for c in combo)) for combo in sorted(combos, key=lambda c: (len(c), c))]

    def _buy_actions(self) -> list[Action]:
        seat = self.actor
        money = self.money[seat]
        tables = self.rules.tables
        names = tables.names
        prices = tables.prices
        actions: list[Action] = []
        room = min(self.rules.max_draw(self.riot) - self.drawn, self.cards_available())
        for count in range(1, room + 1):
            if self.draw_price(count) > money:
                break
            actions.append(Draw(count))
        for seller, shelf in enumerate(self.displays):
            if seller == seat:
                continue
            for card, step in sorted(set(shelf)):
                if prices[card][step] <= money:
                    actions.append(BuyCard(seller, names[card], step))
        if money >= self.rules.shelf_cost:
            actions.append(BUY_SHELF)
        return actions

    def _stock_actions(self) -> list[Action]:
        seat = self.actor
        names = self.rules.tables.names
        hand = self.hands[seat]
        shelf = self.displays[seat]
        in_hand = [c for c, n in enumerate(hand) if n]
        actions: list[Action] = []
        if len(shelf) < self.shelves[seat]:
            actions.extend(Stock(names[c], s) for c in in_hand for s in range(STEPS))
        for card, step in sorted(set(shelf)):
            name = names[card]
            actions.extend(Reprice(name, step, s) for s in range(STEPS) if s != step)
            actions.append(DumpFromShelf(name, step))
        actions.extend(DumpFromHand(names[c]) for c in in_hand)
        actions.append(ROLL_FOR_VIKTOR)
        return actions

    def _auction_actions(self) -> list[Action]:
        room = self.money[self.actor] - self.bid
        return [Bid(r) for r in self.rules.auction_raises if r <= room] + [DROP_OUT]

    def why_illegal(self, action: Action) -> str | None:
        """The rule ``action`` breaks now, in words, or ``None`` when it is legal (agrees with legal_actions)."""
        if not isinstance(action, PuAction):
            raise InvalidActionError(f"{action!r} is not a Parts Unknown action")
        phase = self.phase
        if phase == P_OVER:
            return "the game is over"
        rules = self.rules
        tables = rules.tables
        seat = self.actor
        if isinstance(action, Roll | PickSeat):
            if self.current_player != CHANCE:
                return "only chance rolls the die or picks a random seat"
            if isinstance(action, Roll):
                if phase != P_VIKTOR:
                    return "the die is rolled only in Step 3 (Move Viktor)"
                if not 1 <= action.value <= rules.die_sides:
                    return f"a {rules.die_sides}-sided die shows 1 to {rules.die_sides}"
                return None
            if phase == P_VIKTOR:
                return "Step 3 needs a die roll"
            return None if 0 <= action.seat < self.num_players else f"there is no seat {action.seat}"
        if self.current_player == CHANCE:
            return "chance moves next (a die roll or a random seat)"
        if isinstance(action, ChooseStock):
            if phase != P_CHOOSE:
                return "cards are chosen for stocking only before the first turn"
            counts = [0] * tables.num_types
            picked = [self._card(name) for name in action.cards]
            for card in picked:
                counts[card] += 1
            if picked != sorted(picked):
                return "list the chosen cards in card order (as legal_actions() does)"
            if any(c > h for c, h in zip(counts, self.hands[seat], strict=True)):
                return "you can choose only cards in your hand"
            limit = min(rules.setup_stock, self.shelves[seat])
            if len(action.cards) > limit:
                return f"each player chooses up to {limit} cards to put on display"
            return None
        if isinstance(action, Bid | DropOut):
            if phase != P_AUCTION:
                return "there is no auction going on"
            if isinstance(action, Bid):
                if action.raise_by not in rules.auction_raises:
                    return f"a raise is one of ${', $'.join(map(str, rules.auction_raises))}"
                if self.bid + action.raise_by > self.money[seat]:
                    return f"a bid of ${self.bid + action.raise_by} is more money than you have (${self.money[seat]})"
            return None
        if phase == P_PRICE:
            if not isinstance(action, Stock):
                return "before the first turn each player in turn reveals and prices his chosen cards"
            card = self._card(action.card)
            if card not in self.chosen[seat]:
                return f"{action.card} is not among the cards you chose to stock"
            return None if 0 <= action.step < STEPS else f"a price column has steps 0 to {STEPS - 1}"
        if phase not in (P_BUY, P_STOCK):
            return "it is not a turn's Step 1 or 2"
        if isinstance(action, Draw | BuyCard | BuyShelf):
            if phase != P_BUY:
                return "Step 1 (Buy Stuff) is over: you already stocked, priced or used Parts Unknown this turn"
            return self._why_not_buy(action)
        if isinstance(action, RollForViktor):
            return None
        return self._why_not_stock(action)

    def _card(self, name: str) -> int:
        return self.rules.card(name)

    def _why_not_buy(self, action: Draw | BuyCard | BuyShelf) -> str | None:
        rules = self.rules
        seat = self.actor
        money = self.money[seat]
        if isinstance(action, Draw):
            limit = rules.max_draw(self.riot)
            if action.count < 1:
                return "draw at least one card"
            if self.drawn + action.count > limit:
                riot = " during a Riot" if self.riot else ""
                return f"You can't draw more than {limit} cards each turn{riot} (you have drawn {self.drawn})"
            if action.count > self.cards_available():
                return f"only {self.cards_available()} cards are left in the deck and discards"
            cost = self.draw_price(action.count)
            if cost > money:
                return f"the Card Price Chart asks ${cost} for these cards and you have ${money}"
            return None
        if isinstance(action, BuyShelf):
            if money < rules.shelf_cost:
                return f"a shelf costs ${rules.shelf_cost} and you have ${money}"
            return None
        if not 0 <= action.seller < self.num_players or action.seller == seat:
            return "you buy cards from the other players' shelves"
        card = self._card(action.card)
        if not 0 <= action.step < STEPS or (card, action.step) not in self.displays[action.seller]:
            return f"seat {action.seller} shows no {action.card} at step {action.step}"
        price = self.marked_price(card, action.step)
        if price > money:
            return f"the marked price is ${price} and you have ${money}"
        return None

    def _why_not_stock(self, action: Action) -> str | None:
        seat = self.actor
        if isinstance(action, Stock | DumpFromHand):
            card = self._card(action.card)
            if not self.hands[seat][card]:
                return f"you hold no {action.card} in your hand"
            if isinstance(action, Stock):
                if not 0 <= action.step < STEPS:
                    return f"a price column has steps 0 to {STEPS - 1}"
                if len(self.displays[seat]) >= self.shelves[seat]:
                    return "You cannot display more items than you have shelves"
            return None
        if isinstance(action, Reprice | DumpFromShelf):
            card = self._card(action.card)
            if (card, action.step) not in self.displays[seat]:
                return f"you show no {action.card} at step {action.step}"
            if isinstance(action, Reprice) and (not 0 <= action.new_step < STEPS or action.new_step == action.step):
                return f"reprice to another step of the column, 0 to {STEPS - 1}"
            return None
        return "that is not an action of Steps 1 and 2"

    # -- transitions --------------------------------------------------------------------------------------
    def apply(self, action: Action) -> tuple[State, tuple[Event, ...]]:
        """The next state and the events; ``IllegalActionError`` (naming the rule) leaves this state as it is."""
        problem = self.why_illegal(action)
        if problem is not None:
            who = "chance" if self.current_player == CHANCE else f"seat {self.actor}"
            raise IllegalActionError(f"{action} ({who}): {problem}")
        work = _Work(self)
        work.do(action)
        return work.freeze(), tuple(work.events)

    # -- views --------------------------------------------------------------------------------------------
    def observation(self, seat: int) -> dict[str, Json]:
        """What ``seat`` sees: everything on the table; its own hand, set-up choice and Parts Unknown; only the
        sizes of the other hands, Parts Unknown piles and the deck."""
        rules = self.rules
        tables = rules.tables
        names = tables.names
        prices = tables.prices
        n = self.num_players

        def counts(values: tuple[int, ...]) -> dict[str, int]:
            return {names[c]: v for c, v in enumerate(values) if v}

        current = self.current_player
        auction: dict[str, Json] | None = None
        if self.phase == P_AUCTION:
            pool = [0] * tables.num_types
            for card in self.pool:
                pool[card] += 1
            auction = {
                "cards": counts(tuple(pool)),
                "bid": self.bid,
                "leader": self.leader,
                "bidders": [s for s in range(n) if self.bidders >> s & 1],
            }
        revealed = self.actor if self.phase == P_PRICE else -1
        rates = self.going_rates()
        return {
            "game": INFO.name,
            "seat": seat,
            "phase": PHASES[self.phase],
            "current_player": current,
            "turn": self.turn,
            "round": self.round,
            "num_players": n,
            "money": list(self.money),
            "shelves": list(self.shelves),
            "displays": [[[names[c], s, prices[c][s]] for c, s in shelf] for shelf in self.displays],
            "hand": counts(self.hands[seat]),
            "hand_sizes": [sum(h) for h in self.hands],
            "parts_unknown": counts(self.unknown[seat]),
            "parts_unknown_sizes": [sum(u) for u in self.unknown],
            "chosen": [names[c] for c in self.chosen[seat]],
            "chosen_sizes": [len(c) if s < self.choosers else None for s, c in enumerate(self.chosen)],
            "revealed": (
                {"seat": revealed, "cards": [names[c] for c in self.chosen[revealed]]} if revealed >= 0 else None
            ),
            "deck_size": len(self.deck),
            "discards": counts(self.discard),
            "going_rates": {names[c]: r for c, r in enumerate(rates) if r},
            "going_rates_in_force": {names[c]: r for c, r in enumerate(self.going) if r},
            "town": self.town,
            "viktor": self.viktor,
            "calendar": self.calendar % rules.calendar_length,
            "calendar_moves": self.calendar,
            "calendar_length": rules.calendar_length,
            "calendar_done": self.calendar_done,
            "surplus": {h.name: self.surplus[i] for i, h in enumerate(rules.houses)},
            "shortage": {h.name: self.shortage[i] for i, h in enumerate(rules.houses)},
            "riot": self.riot,
            "monster": self.monster,
            "drawn": self.drawn,
            "draw_prices": [self.draw_price(k) for k in range(1, max(0, rules.max_draw(self.riot) - self.drawn) + 1)],
            "shelf_cost": rules.shelf_cost,
            "auction": auction,
            "board": [[SPACE_KINDS[k], rules.houses[h].name, a] for k, h, a in self.board],
            "cards": {
                c.name: {"category": rules.categories[c.category], "prices": list(c.prices)} for c in rules.cards
            },
            "scores": list(self.scores()),
            "end": self.end,
        }

    def to_dict(self) -> dict[str, Json]:
        out: dict[str, Json] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = value.to_dict() if isinstance(value, Rules) else _listify(value)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> State:
        try:
            values = {f.name: _tuplify(data[f.name]) for f in fields(cls) if f.name != "rules"}
            rules = Rules.from_dict(data["rules"])
        except KeyError as exc:
            raise InvalidActionError(f"a Parts Unknown state needs the field {exc.args[0]!r}") from exc
        return cls(rules=rules, **values)

    def __repr__(self) -> str:
        return (
            f"State(parts_unknown, players={self.num_players}, turn {self.round}, phase={PHASES[self.phase]}, "
            f"money={list(self.money)}, town={self.town})"
        )


def _shown_rates(rules: Rules, displays: tuple[Shelf, ...]) -> tuple[int, ...]:
    prices = rules.tables.prices
    return going_rates(
        [(card, prices[card][step]) for shelf in displays for card, step in shelf], rules.tables.num_types
    )


def _draw_price(rules: Rules, drawn: int, riot: bool, count: int) -> int:
    return rules.draw_cost(drawn + count, riot) - rules.draw_cost(drawn, riot)


def _listify(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listify(v) for v in value]
    return value


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


FIELD_NAMES = tuple(f.name for f in fields(State))


class _Work:
    """A mutable copy of a ``State`` that one ``apply`` changes and then freezes (never seen outside)."""

    rules: Rules
    num_players: int
    phase: int
    turn: int
    actor: int
    round: int
    money: tuple[int, ...]
    bank: int
    shelves: tuple[int, ...]
    displays: tuple[Shelf, ...]
    hands: tuple[tuple[int, ...], ...]
    unknown: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    seed: int
    reshuffles: int
    layout: tuple[int, ...]
    viktor: int
    calendar: int
    town: int
    surplus: tuple[int, ...]
    shortage: tuple[int, ...]
    riot: bool
    monster: bool
    drawn: int
    going: tuple[int, ...]
    chosen: tuple[tuple[int, ...], ...]
    choosers: int
    first_pricer: int
    priced: int
    pool: tuple[int, ...]
    pool_owners: tuple[int, ...]
    bid: int
    leader: int
    bidders: int
    calendar_done: bool
    end: str

    def __init__(self, state: State) -> None:
        for name in FIELD_NAMES:
            setattr(self, name, getattr(state, name))
        self.events: list[Event] = []
        self.tables = self.rules.tables

    def freeze(self) -> State:
        return State(*[getattr(self, name) for name in FIELD_NAMES])

    # -- money and cards ------------------------------------------------------------------------------------
    def pay_bank(self, seat: int, amount: int) -> None:
        self.money = _set(self.money, seat, self.money[seat] - amount)
        self.bank += amount

    def bank_pays(self, seat: int, amount: int) -> None:
        self.money = _set(self.money, seat, self.money[seat] + amount)
        self.bank -= amount

    def to_hand(self, seat: int, card: int, count: int = 1) -> None:
        self.hands = _set(self.hands, seat, _add(self.hands[seat], card, count))

    def to_discard(self, card: int, count: int = 1) -> None:
        self.discard = _add(self.discard, card, count)

    def top_card(self) -> int:
        """Take the top card of the deck, reshuffling the discards when it has run out; -1 if none are left."""
        if not self.deck:
            total = sum(self.discard)
            if not total:
                return -1
            cards = [c for c, n in enumerate(self.discard) for _ in range(n)]
            random.Random(self.seed * 1_000_003 + self.reshuffles).shuffle(cards)
            self.deck = tuple(cards)
            self.discard = (0,) * self.tables.num_types
            self.reshuffles += 1
            self.events.append(DeckReshuffled(total))
        card = self.deck[0]
        self.deck = self.deck[1:]
        return card

    # -- dispatch -------------------------------------------------------------------------------------------
    def do(self, action: Action) -> None:
        index = self.rules.card
        seat = self.actor
        tables = self.tables
        if isinstance(action, Stock):
            card = index(action.card)
            if self.phase == P_PRICE:
                chosen = list(self.chosen[seat])
                chosen.remove(card)
                self.chosen = _set(self.chosen, seat, tuple(chosen))
            else:
                self.phase = P_STOCK
                self.to_hand(seat, card, -1)
            self.displays = _set(self.displays, seat, _shelf_add(self.displays[seat], (card, action.step)))
            self.events.append(Stocked(seat, action.card, tables.prices[card][action.step]))
            if self.phase == P_PRICE and not self.chosen[seat]:
                self.priced += 1
                self.next_pricer()
        elif isinstance(action, Reprice):
            card = index(action.card)
            self.phase = P_STOCK
            shelf = _shelf_remove(self.displays[seat], (card, action.step))
            self.displays = _set(self.displays, seat, _shelf_add(shelf, (card, action.new_step)))
            self.events.append(
                Repriced(seat, action.card, tables.prices[card][action.step], tables.prices[card][action.new_step])
            )
        elif isinstance(action, DumpFromHand):
            card = index(action.card)
            self.phase = P_STOCK
            self.to_hand(seat, card, -1)
            self.unknown = _set(self.unknown, seat, _add(self.unknown[seat], card, 1))
            self.events.append(PutInPartsUnknown(seat, "", False))
        elif isinstance(action, DumpFromShelf):
            card = index(action.card)
            self.phase = P_STOCK
            self.displays = _set(self.displays, seat, _shelf_remove(self.displays[seat], (card, action.step)))
            self.unknown = _set(self.unknown, seat, _add(self.unknown[seat], card, 1))
            self.events.append(PutInPartsUnknown(seat, action.card, True))
        elif isinstance(action, Draw):
            cost = _draw_price(self.rules, self.drawn, self.riot, action.count)
            self.pay_bank(seat, cost)
            self.drawn += action.count
            for _ in range(action.count):
                self.to_hand(seat, self.top_card(), 1)
            self.events.append(CardsDrawn(seat, action.count, cost))
        elif isinstance(action, BuyCard):
            card = index(action.card)
            price = tables.prices[card][action.step]
            self.pay_bank(seat, price)
            self.bank_pays(action.seller, price)  # the buyer pays the seller (through the Bank, net zero)
            self.displays = _set(
                self.displays, action.seller, _shelf_remove(self.displays[action.seller], (card, action.step))
            )
            self.to_hand(seat, card, 1)
            self.events.append(CardBought(seat, action.seller, action.card, price))
        elif isinstance(action, BuyShelf):
            self.pay_bank(seat, self.rules.shelf_cost)
            self.shelves = _add(self.shelves, seat, 1)
            self.events.append(ShelfBought(seat, self.shelves[seat]))
        elif isinstance(action, RollForViktor):
            self.going = _shown_rates(self.rules, self.displays)
            self.phase = P_VIKTOR
        elif isinstance(action, Roll):
            self.roll(action.value)
        elif isinstance(action, Bid):
            self.bid += action.raise_by
            self.leader = seat
            self.events.append(BidRaised(seat, self.bid))
            self.next_bidder()
        elif isinstance(action, DropOut):
            self.bidders &= ~(1 << seat)
            self.events.append(DroppedOut(seat))
            self.next_bidder()
        elif isinstance(action, ChooseStock):
            cards = tuple(sorted(index(name) for name in action.cards))
            hand = self.hands[seat]
            for card in cards:
                hand = _add(hand, card, -1)
            self.hands = _set(self.hands, seat, hand)
            self.chosen = _set(self.chosen, seat, cards)
            self.events.append(StockChosen(seat, len(cards)))
            self.choosers += 1
            if self.choosers == self.num_players:
                self.phase = P_FIRST_PRICER
            else:
                self.actor = seat + 1
        elif isinstance(action, PickSeat):
            if self.phase == P_FIRST_PRICER:
                self.events.append(SeatPicked(action.seat, "to reveal and price first"))
                self.first_pricer = action.seat
                self.priced = 0
                self.next_pricer()
            else:
                self.events.append(SeatPicked(action.seat, "to take the first turn"))
                self.start_turn(action.seat, 1)

    # -- set-up -------------------------------------------------------------------------------------------
    def next_pricer(self) -> None:
        n = self.num_players
        while self.priced < n:
            seat = (self.first_pricer + self.priced) % n
            if self.chosen[seat]:
                self.phase = P_PRICE
                self.actor = seat
                return
            self.priced += 1
        self.phase = P_FIRST_PLAYER

    # -- turns --------------------------------------------------------------------------------------------
    def start_turn(self, seat: int, number: int) -> None:
        self.turn = seat
        self.actor = seat
        self.round = number
        self.phase = P_BUY
        self.drawn = 0
        self.going = (0,) * self.tables.num_types
        self.events.append(TurnStarted(seat, number))

    def end_turn(self) -> None:
        """ "Converting Surplus and Shortage: This will happen at the end of every turn." Then the ends."""
        rules = self.rules
        for house_index in self.layout:
            house = rules.houses[house_index]
            if not house.converts:
                continue
            gained, left = convert(self.surplus[house_index], house.surplus_dots, rules.excess_conversion)
            if gained:
                counters = self.surplus[house_index]
                self.surplus = _set(self.surplus, house_index, left)
                self.town += gained
                self.events.append(Converted(house.name, "Surplus", counters, self.town))
            lost, left = convert(self.shortage[house_index], house.shortage_dots, rules.excess_conversion)
            if lost:
                counters = self.shortage[house_index]
                self.shortage = _set(self.shortage, house_index, left)
                self.town = max(0, self.town - lost)
                self.events.append(Converted(house.name, "Shortage", counters, self.town))
        if self.town <= 0:
            self.finish("town")
        elif self.calendar_done:
            self.finish("calendar")
        else:
            self.start_turn((self.turn + 1) % self.num_players, self.round + 1)

    def finish(self, reason: str) -> None:
        self.end = reason
        self.phase = P_OVER
        scores = end_scores(self.money, self.shelves, reason, self.rules.shelf_value)
        best = max(scores)
        self.events.append(GameEnded(reason, scores, tuple(s for s, v in enumerate(scores) if v == best)))

    # -- Step 3: Viktor -------------------------------------------------------------------------------------
    def rates(self) -> tuple[int, ...]:
        return rates_in_force(self.going, self.tables.category, self.monster)

    def roll(self, value: int) -> None:
        rules = self.rules
        board = self.rules.tables.board(self.layout)
        self.events.append(DieRolled(self.turn, value))
        start = self.viktor
        length = len(board)
        end = (start + value) % length
        kind, house, amount = board[end]
        self.events.append(ViktorMoved(start, end, SPACE_KINDS[kind], rules.houses[house].name))
        for step in range(1, value + 1):
            position = (start + step) % length
            here = board[position][0]
            landing = step == value
            if here in (CALENDAR, CALENDAR_GROWTH):
                self.corner(here)
            elif here in (RIOT, MONSTER):
                self.persistent(here, landing)
        self.viktor = end
        if kind == DEMAND:
            self.demand(house, amount)
        elif kind == BUYOUT:
            self.buyout()
        elif kind == AUCTION:
            if self.open_auction():
                return
        elif kind == ROLL_AGAIN:
            return  # the phase stays P_VIKTOR: chance rolls again
        self.end_turn()

    def corner(self, kind: int) -> None:
        """ "Both spaces advance the Calendar Pawn. One of them also grows the Town by one." """
        rules = self.rules
        self.calendar += 1
        finished = self.calendar >= rules.calendar_length and not self.calendar_done
        if finished:
            self.calendar_done = True
        self.events.append(CalendarAdvanced(self.calendar % rules.calendar_length, rules.calendar_length, finished))
        if kind == CALENDAR_GROWTH:
            self.town += 1
            self.events.append(TownChanged(self.town, 1, "Advance the Calendar grows the Town"))
        where = rules.parts_unknown_corner
        if where == "both" or (where == "growth") == (kind == CALENDAR_GROWTH):
            self.sell_parts_unknown()

    def sell_parts_unknown(self) -> None:
        """ "All Parts Unknown sell immediately ... for half the Going Rate, rounding down." """
        rates = self.rates()
        lowest = self.tables.lowest
        for seat, pile in enumerate(self.unknown):
            cards = sum(pile)
            if not cards:
                continue
            amount = sum(n * parts_unknown_value(rates[c], lowest[c]) for c, n in enumerate(pile) if n)
            self.bank_pays(seat, amount)
            self.discard = tuple(d + p for d, p in zip(self.discard, pile, strict=True))
            self.unknown = _set(self.unknown, seat, (0,) * len(pile))
            self.events.append(PartsUnknownSold(seat, cards, amount))

    def persistent(self, kind: int, landing: bool) -> None:
        """ "If Viktor lands on one of these spaces, mark it ... the effect is on until Viktor lands there again,
        or passes over it again." """
        on = self.riot if kind == RIOT else self.monster
        if not landing and not on:
            return
        new = (not on or self.rules.relanding_restarts) if landing else False
        if kind == RIOT:
            self.riot = new
        else:
            self.monster = new
        self.events.append(SpaceSwitched(SPACE_KINDS[kind], new))

    def sell(self, seat: int, card: int, step: int) -> int:
        price = self.tables.prices[card][step]
        self.displays = _set(self.displays, seat, _shelf_remove(self.displays[seat], (card, step)))
        self.bank_pays(seat, price)
        self.to_discard(card)
        return price

    def demand(self, house: int, amount: int) -> None:
        rules = self.rules
        tables = self.tables
        category = rules.houses[house].category
        prices = tables.prices
        items = [
            (seat, card, step)
            for seat, shelf in enumerate(self.displays)
            for card, step in shelf
            if tables.category[card] == category
        ]
        offers = [(seat, card, prices[card][step]) for seat, card, step in items]
        outcome = resolve_demand(amount, self.town, self.surplus[house], self.shortage[house], offers, self.rates())
        sales: dict[tuple[int, int, int], int] = {}
        for index in outcome.sold:
            seat, card, step = items[index]
            price = self.sell(seat, card, step)
            sales[(seat, card, price)] = sales.get((seat, card, price), 0) + 1
        self.surplus = _set(self.surplus, house, outcome.surplus)
        self.shortage = _set(self.shortage, house, outcome.shortage)
        self.events.append(
            DemandResolved(
                rules.houses[house].name,
                outcome.demand,
                outcome.net,
                len(outcome.sold),
                outcome.surplus,
                outcome.shortage,
            )
        )
        for (seat, card, price), count in sales.items():
            self.events.append(CardSold(seat, tables.names[card], count, price, "demand"))

    def buyout(self) -> None:
        """ "Reveal the top card of the deck. All the cards on display which match that card sell immediately,
        at their marked price." """
        card = self.top_card()
        if card < 0:
            return
        self.events.append(CardRevealed(self.tables.names[card], "buyout"))
        for seat, shelf in enumerate(self.displays):
            for shown, step in shelf:
                if shown == card:
                    price = self.sell(seat, card, step)
                    self.events.append(CardSold(seat, self.tables.names[card], 1, price, "buyout"))
        if self.rules.buyout_card == "bottom":
            self.deck = (*self.deck, card)
        else:
            self.to_discard(card)

    def open_auction(self) -> bool:
        """ "Turn over the top card ... Every matching card which is currently on display is taken away and
        thrown into a pool, along with the card itself. Players then bid in an open auction." """
        card = self.top_card()
        if card < 0:
            return False
        names = self.tables.names
        self.events.append(CardRevealed(names[card], "auction"))
        pool = [card]
        owners = [-1]
        for seat, shelf in enumerate(self.displays):
            matching = [item for item in shelf if item[0] == card]
            if matching:
                self.displays = _set(self.displays, seat, tuple(item for item in shelf if item[0] != card))
                pool.extend(card for _ in matching)
                owners.extend(seat for _ in matching)
        self.pool = tuple(pool)
        self.pool_owners = tuple(owners)
        self.events.append(AuctionOpened(tuple(names[c] for c in pool)))
        self.phase = P_AUCTION
        self.bid = 0
        self.leader = -1
        self.bidders = (1 << self.num_players) - 1
        self.actor = self.turn
        return True

    def next_bidder(self) -> None:
        n = self.num_players
        others = self.bidders & ~(1 << self.leader) if self.leader >= 0 else self.bidders
        if not others:
            self.close_auction()
            return
        seat = self.actor
        for _ in range(n):
            seat = (seat + 1) % n
            if others >> seat & 1:
                self.actor = seat
                return

    def close_auction(self) -> None:
        pool = self.pool
        if self.leader >= 0:
            self.pay_bank(self.leader, self.bid)
            for card in pool:
                self.to_hand(self.leader, card, 1)
            self.events.append(AuctionWon(self.leader, self.bid, len(pool)))
        elif self.rules.unclaimed_auction == "owners":
            for card, owner in zip(pool, self.pool_owners, strict=True):
                if owner >= 0:
                    self.to_hand(owner, card, 1)
                else:
                    self.to_discard(card)
            self.events.append(AuctionUnclaimed(len(pool), "owners' hands"))
        else:
            for card in pool:
                self.to_discard(card)
            self.events.append(AuctionUnclaimed(len(pool), "discards"))
        self.pool = ()
        self.pool_owners = ()
        self.bid = 0
        self.leader = -1
        self.bidders = 0
        self.actor = self.turn
        self.end_turn()


# --- set-up ----------------------------------------------------------------------------------------------


def new_game(players: int, *, seed: int, rules: Rules | None = None) -> State:
    """ "Assemble the board ... Put 4 Townesfolk ... Give each player $40 ... four Shelf Space counters ...
    Shuffle the deck, and deal six cards to each player." The first chance step picks nobody yet: each seat
    in turn secretly chooses up to four cards to stock."""
    rules = rules or Rules.standard()
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidActionError(f"Parts Unknown takes {rules.min_players}-{rules.max_players} players, not {players}")
    rng = random.Random(seed)
    tables = rules.tables
    layout = list(range(len(rules.houses)))
    if rules.shuffle_houses:
        rng.shuffle(layout)
    deck = [c for c, card in enumerate(rules.cards) for _ in range(card.count)]
    rng.shuffle(deck)
    hands = []
    for seat in range(players):
        counts = [0] * tables.num_types
        for card in deck[seat * rules.hand_size : (seat + 1) * rules.hand_size]:
            counts[card] += 1
        hands.append(tuple(counts))
    board = tables.board(tuple(layout))
    monster = next(i for i, space in enumerate(board) if space[0] == MONSTER)
    houses = len(rules.houses)
    return State(
        rules=rules,
        num_players=players,
        phase=P_CHOOSE,
        turn=0,
        actor=0,
        round=0,
        money=(rules.starting_money,) * players,
        bank=rules.bank_money - rules.starting_money * players,
        shelves=(rules.starting_shelves,) * players,
        displays=((),) * players,
        hands=tuple(hands),
        unknown=((0,) * tables.num_types,) * players,
        deck=tuple(deck[players * rules.hand_size :]),
        discard=(0,) * tables.num_types,
        seed=rng.getrandbits(32),
        reshuffles=0,
        layout=tuple(layout),
        viktor=monster,
        calendar=0,
        town=rules.starting_town,
        surplus=(0,) * houses,
        shortage=(0,) * houses,
        riot=False,
        monster=False,
        drawn=0,
        going=(0,) * tables.num_types,
        chosen=((),) * players,
        choosers=0,
        first_pricer=0,
        priced=0,
        pool=(),
        pool_owners=(),
        bid=0,
        leader=-1,
        bidders=0,
        calendar_done=False,
        end="",
    )


def state_from_dict(data: Mapping[str, Any]) -> State:
    return State.from_dict(data)


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    return Rules.from_dict(data)


def rules_from_toml(path: str | Path) -> Rules:
    return Rules.from_toml(path)
