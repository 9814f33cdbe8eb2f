"""Parts Unknown's events: what each step changed, as fields (for views and charts) and a sentence (for logs).

Views read the fields, never the sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from playbook.core.protocol import Event

from .components import End


def _cards(count: int) -> str:
    return f"{count} card{'s' if count != 1 else ''}"


@dataclass(frozen=True, slots=True)
class StockChosen(Event):
    seat: int
    count: int

    def __str__(self) -> str:
        return f"Seat {self.seat} secretly chooses {_cards(self.count)} to stock"


@dataclass(frozen=True, slots=True)
class SeatPicked(Event):
    seat: int
    purpose: str  # "price first" or "first turn"

    def __str__(self) -> str:
        what = "to reveal and price first" if self.purpose == "price first" else "to take the first turn"
        return f"Seat {self.seat} is picked at random {what}"


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    round: int

    def __str__(self) -> str:
        return f"Turn {self.round}: seat {self.seat} to play"


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    seat: int
    count: int
    cost: int

    def __str__(self) -> str:
        return f"Seat {self.seat} draws {_cards(self.count)} for ${self.cost}"


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
    cost: int

    def __str__(self) -> str:
        return f"Seat {self.seat} buys a shelf for ${self.cost} (now {self.shelves})"


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
    space: str  # the space kind's word: demand, buyout, auction, ...
    label: str  # the space as printed: "3+X", "Buyout"
    house: str

    def __str__(self) -> str:
        return f"Viktor moves to {self.label} in {self.house}"


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
        return f"Seat {self.seat}'s Parts Unknown sells: {_cards(self.cards)} for ${self.amount}"


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
        return f"Demand for {self.demand} {self.house} ({self.net} after the house's counters): {self.sold} sold{left}"


@dataclass(frozen=True, slots=True)
class CardSold(Event):
    seat: int
    card: str
    count: int
    price: int
    reason: str  # "demand" or "buyout"

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
    owners: tuple[int, ...]  # who showed each card (-1: the revealed card)

    def __str__(self) -> str:
        return f"Auction of {_cards(len(self.cards))}: {', '.join(self.cards)}"


@dataclass(frozen=True, slots=True)
class BidRaised(Event):
    seat: int
    bid: int

    def __str__(self) -> str:
        return f"Seat {self.seat} bids ${self.bid}"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int
    bid: int

    def __str__(self) -> str:
        return f"Seat {self.seat} passes at ${self.bid}"


@dataclass(frozen=True, slots=True)
class AuctionWon(Event):
    seat: int
    price: int
    cards: int

    def __str__(self) -> str:
        return f"Seat {self.seat} wins the auction: {_cards(self.cards)} for ${self.price}"


@dataclass(frozen=True, slots=True)
class AuctionUnclaimed(Event):
    cards: int
    to: str

    def __str__(self) -> str:
        return f"Nobody bids: the {_cards(self.cards)} go to the {self.to}"


@dataclass(frozen=True, slots=True)
class SpaceSwitched(Event):
    space: str
    on: bool

    def __str__(self) -> str:
        return f"{self.space.capitalize()} is {'on' if self.on else 'off'}"


@dataclass(frozen=True, slots=True)
class Converted(Event):
    house: str
    counter: str  # "Surplus" or "Shortage"
    counters: int
    change: int
    population: int

    def __str__(self) -> str:
        return f"{self.house}' {self.counter} of {self.counters} converts: the Town is now {self.population}"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    reason: str  # "town" or "calendar"
    scores: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def why(self) -> str:
        return End[self.reason.upper()].sentence

    def __str__(self) -> str:
        best = self.scores[self.winners[0]] if self.winners else 0
        who = " and ".join(f"seat {s}" for s in self.winners)
        verb = "share the win" if len(self.winners) > 1 else "wins"
        return f"Game over: {self.why}. {who.capitalize()} {verb} with ${best}"
