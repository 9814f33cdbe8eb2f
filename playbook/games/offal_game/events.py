"""What each step of An Offal Game changed, as events: fields for charts and views, a sentence for the log.

Every event carries ``round`` (the turn counter: each Plunger's turn is one, so its sentence starts "Turn 3: ",
not "Round") and, where a Plunger is concerned, ``seat``. Views read these fields, never the sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from playbook.core import Event
from playbook.core.engine import turn_prefix

from .components import CARD_NAMES, EMPTY, Cube, cubes_words, plunger, with_article


class OffalEvent(Event):
    __slots__ = ()


@dataclass(frozen=True, slots=True)
class TurnStarted(OffalEvent):
    round: int
    seat: int

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}{plunger(self.seat)} rolls for new parts"


@dataclass(frozen=True, slots=True)
class DrawsCounted(OffalEvent):
    round: int
    seat: int
    die: int
    customers: int
    draws: int

    def __str__(self) -> str:
        return (
            f"{turn_prefix(self.round)}the d4 shows {self.die} + {self.customers} waiting customers: "
            f"{self.draws} blind draws"
        )


@dataclass(frozen=True, slots=True)
class CubeDrawn(OffalEvent):
    round: int
    cube: Cube

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}{with_article(Cube(self.cube).singular)} comes out of the Bag O' Parts"


@dataclass(frozen=True, slots=True)
class BagEmpty(OffalEvent):
    round: int
    lost_draws: int

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}the Bag O' Parts is empty; {self.lost_draws} draws are lost"


@dataclass(frozen=True, slots=True)
class PipeShifted(OffalEvent):
    round: int
    spaces: int
    moved: int

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}{self.moved} parts shifted toward The Clog to make room for {self.spaces}"


@dataclass(frozen=True, slots=True)
class ShiftedOff(OffalEvent):
    round: int
    parts: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"{turn_prefix(self.round)}{len(self.parts)} parts shifted off Day 3 into the reserve "
            f"({cubes_words(self.parts)})"
        )


@dataclass(frozen=True, slots=True)
class PartsPlaced(OffalEvent):
    round: int
    parts: tuple[int, ...]

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}{cubes_words(self.parts)} enter the pipe from the right of Day 1"


@dataclass(frozen=True, slots=True)
class RatPlaced(OffalEvent):
    """A rat took a Rat space: ``card`` and ``space`` (1 = the card's far left) name it; ``displaced`` is the
    part it sent back to the bag (``-1`` for none)."""

    round: int
    card: int
    space: int
    displaced: int

    def __str__(self) -> str:
        where = f"the Rat space {self.space} from the left of {CARD_NAMES[self.card]}"
        text = f"{turn_prefix(self.round)}a rat takes {where}"
        if self.displaced != EMPTY:
            text += f"; the {Cube(self.displaced).singular} there goes back in the bag"
        return text


@dataclass(frozen=True, slots=True)
class RatReturned(OffalEvent):
    round: int

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}every Rat space holds a rat; the rat goes back in the bag"


@dataclass(frozen=True, slots=True)
class ReserveResolved(OffalEvent):
    round: int
    die: int
    to_clog: tuple[int, ...]
    to_bag: tuple[int, ...]

    def __str__(self) -> str:
        roll = f"the d4 shows {self.die}" if self.die else "the Fire Hose washes the reserve away"
        return (
            f"{turn_prefix(self.round)}{roll}: {len(self.to_clog)} reserved parts onto The Clog, "
            f"{len(self.to_bag)} back in the bag"
        )


@dataclass(frozen=True, slots=True)
class ClogFull(OffalEvent):
    round: int
    seat: int

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}The Clog is full; {plunger(self.seat)} finishes this turn, then the game ends"


@dataclass(frozen=True, slots=True)
class PartsTaken(OffalEvent):
    """A take: ``into`` pairs each customer's name with the parts put in its body bag."""

    round: int
    seat: int
    card: int
    part: Cube
    count: int
    into: tuple[tuple[str, int], ...]
    returned: int

    def __str__(self) -> str:
        bags = ", ".join(f"{n} into {name}'s body bag" for name, n in self.into)
        back = f", {self.returned} back in the bag" if self.returned else ""
        return (
            f"{turn_prefix(self.round)}{plunger(self.seat)} takes {Cube(self.part).count_words(self.count)} "
            f"from {CARD_NAMES[self.card]}: {bags}{back}"
        )


@dataclass(frozen=True, slots=True)
class OrderFilled(OffalEvent):
    round: int
    seat: int
    name: str
    money: int
    total: int

    def __str__(self) -> str:
        return (
            f"{turn_prefix(self.round)}{plunger(self.seat)} fills {self.name}'s order: +${self.money} on the "
            f"Gore Track (now ${self.total})"
        )


@dataclass(frozen=True, slots=True)
class CustomerArrived(OffalEvent):
    round: int
    seat: int
    name: str

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}{self.name} comes from The Queue to {plunger(self.seat)}"


@dataclass(frozen=True, slots=True)
class ToolPlayed(OffalEvent):
    """A tool card played: ``tool`` is its key (``rat_trap`` ...), ``name`` its card name."""

    round: int
    seat: int
    tool: str
    name: str
    detail: str
    clog_cleared: int = 0  # parts a Drain Auger sent from The Clog back to the bag

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}{plunger(self.seat)} plays the {self.name}: {self.detail}"


@dataclass(frozen=True, slots=True)
class ToolDrawn(OffalEvent):
    round: int
    seat: int
    reshuffled: bool

    def __str__(self) -> str:
        shuffle = "the tool discards are shuffled into a new deck; " if self.reshuffled else ""
        return f"{turn_prefix(self.round)}{shuffle}{plunger(self.seat)} draws a new tool"


@dataclass(frozen=True, slots=True)
class TurnEnded(OffalEvent):
    round: int
    seat: int

    def __str__(self) -> str:
        return f"{turn_prefix(self.round)}{plunger(self.seat)} ends the turn"


@dataclass(frozen=True, slots=True)
class GameEnded(OffalEvent):
    """The end: ``reason`` is the ``End`` key (``clog_full`` ...), ``words`` says it as the board shows it."""

    round: int
    reason: str
    words: str
    money: tuple[int, ...]
    winners: tuple[int, ...]
    solo_target: int = 0

    def __str__(self) -> str:
        scores = ", ".join(f"{plunger(s)} ${m}" for s, m in enumerate(self.money))
        if len(self.money) == 1:
            verdict = "wins" if self.winners else "loses"
            result = f"Plunger 1 {verdict} (the solo target is ${self.solo_target})"
        elif len(self.winners) > 1:
            result = " and ".join(plunger(s) for s in self.winners) + " tie and share the win"
        else:
            result = f"{plunger(self.winners[0])} wins" if self.winners else "nobody wins"
        return f"{turn_prefix(self.round)}game over because {self.words}: {scores}; {result}"


EVENT_CLASSES: tuple[type[OffalEvent], ...] = (
    TurnStarted,
    DrawsCounted,
    CubeDrawn,
    BagEmpty,
    PipeShifted,
    ShiftedOff,
    PartsPlaced,
    RatPlaced,
    RatReturned,
    ReserveResolved,
    ClogFull,
    PartsTaken,
    OrderFilled,
    CustomerArrived,
    ToolPlayed,
    ToolDrawn,
    TurnEnded,
    GameEnded,
)
