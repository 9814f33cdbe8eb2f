"""What a step changed, as events: each has the fields a view or a chart needs and a sentence in words.

Views read the fields (``seat``, ``component``, ``price`` ...), never the sentence. Sentences carry no
round prefix: the log adds ``Round n:`` from the record.
"""

from __future__ import annotations

from dataclasses import dataclass

from playbook.core.protocol import Event


@dataclass(frozen=True, slots=True)
class Purchased(Event):
    seat: int
    component: str
    price: int
    token_moved: bool

    def __str__(self) -> str:
        moved = "to the front of the Order Line" if self.token_moved else "token stays"
        return f"Seat {self.seat} buys {self.component} for {self.price} cogs ({moved})"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int

    def __str__(self) -> str:
        return f"Seat {self.seat} passes"


@dataclass(frozen=True, slots=True)
class MechanismBuilt(Event):
    seat: int
    mechanism: str
    cards: int
    key: str = ""

    def __str__(self) -> str:
        return f"Seat {self.seat} builds the {self.mechanism} from {self.cards} cards"


@dataclass(frozen=True, slots=True)
class MechanismBrokenDown(Event):
    seat: int
    mechanism: str
    key: str = ""

    def __str__(self) -> str:
        return f"Seat {self.seat} breaks down the {self.mechanism}"


@dataclass(frozen=True, slots=True)
class MarketClawed(Event):
    seat: int
    sent: str
    drawn: str

    def __str__(self) -> str:
        return f"Seat {self.seat} claws {self.sent} under the deck; {self.drawn} takes its place"


@dataclass(frozen=True, slots=True)
class ValueRaisedOnPurchase(Event):
    seat: int
    component: str
    old: int
    new: int

    def __str__(self) -> str:
        return f"Aether Drive: {self.component} {self.old} -> {self.new}"


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    round: int
    reason: str
    purchases: int

    def __str__(self) -> str:
        return f"Round {self.round} ends: {self.reason} ({self.purchases} purchases)"


@dataclass(frozen=True, slots=True)
class ValueAdjusted(Event):
    round: int
    component: str
    position: int
    old: int
    new: int

    @property
    def change(self) -> int:
        return self.new - self.old

    def __str__(self) -> str:
        sign = f"{self.new - self.old:+d}" if self.new != self.old else "±0"
        return f"{self.component} {sign} ({self.old} -> {self.new}), place {self.position + 1}"


@dataclass(frozen=True, slots=True)
class SetSold(Event):
    seat: int
    component: str
    cards: int
    scrap: int
    value: int
    cogs: int

    def __str__(self) -> str:
        extra = f" + {self.scrap} Scrap" if self.scrap else ""
        return f"Seat {self.seat} sells {self.cards} {self.component}{extra} at {self.value} for {self.cogs} cogs"


@dataclass(frozen=True, slots=True)
class Restocked(Event):
    round: int
    cards: int
    deck_left: int

    def __str__(self) -> str:
        return f"{self.cards} cards restock the market ({self.deck_left} left in the deck)"


@dataclass(frozen=True, slots=True)
class FirstPlayerPassed(Event):
    seat: int

    def __str__(self) -> str:
        return f"The First Player Marker passes to seat {self.seat}"


@dataclass(frozen=True, slots=True)
class AutomatonPaid(Event):
    seat: int
    cogs: int

    def __str__(self) -> str:
        return f"Seat {self.seat}'s Automaton is worth {self.cogs} cogs"


@dataclass(frozen=True, slots=True)
class CompetitionEnded(Event):
    """The end: why (in words), the winner after the tie breaks, and every seat's final cogs."""

    reason: str
    winner: int
    cogs: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"The competition ends: {self.reason}. Seat {self.winner} wins with {self.cogs[self.winner]} cogs"


EVENT_CLASSES = (
    Purchased,
    Passed,
    MechanismBuilt,
    MechanismBrokenDown,
    MarketClawed,
    ValueRaisedOnPurchase,
    RoundEnded,
    ValueAdjusted,
    SetSold,
    Restocked,
    FirstPlayerPassed,
    AutomatonPaid,
    CompetitionEnded,
)
