"""Planet Unknown's events: what each step changed, with every field a view needs (squares as row*12+col).

Each event words itself once, in ``sentence(name)``: ``str(event)`` is ``"Round 3: "`` and the sentence with
seats named "seat 0", and a view passes its own names ("you", "Seat 1 (track racer)") instead of wording the
event a second time. A sentence reads for any seat name: who won is "won by ...", never a verb to agree with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from playbook.core import Event
from playbook.core.engine import round_prefix

from .components import TERRAIN_NAMES

#: How a sentence names a seat: ``seat_name`` in ``str(event)``, a view's own names in its log.
SeatName = Callable[[int], str]
#: Why the game ends after the round (``EndTriggered.reason``), in words.
END_WORDS = {
    "cannot_place": "a player could not place a tile",
    "depot_empty": "a depot was emptied",
    "last_event": "the last event card was drawn",
}


def seat_name(seat: int) -> str:
    """A seat as ``str(event)`` names it."""
    return f"seat {seat}"


def square_words(square: int) -> str:
    """A square (row * 12 + col) in words: "row 4, column 7"."""
    return f"row {square // 12}, column {square % 12}"


def winners_words(winners: Sequence[int], name: SeatName = seat_name) -> str:
    """Who won, in words that need no verb to agree with the name ("won by you", "shared by seat 0 and seat 2")."""
    if not winners:
        return "nobody won"
    names = " and ".join(name(seat) for seat in winners)
    return f"won by {names}" if len(winners) == 1 else f"the victory shared by {names}"


class PlanetUnknownEvent(Event):
    """An event that words itself once: ``sentence(name)`` with seats named by ``name``; ``str`` adds the round."""

    __slots__ = ()
    round: int

    def sentence(self, name: SeatName = seat_name) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return f"{round_prefix(self.round)}{self.sentence()}"


@dataclass(frozen=True, slots=True)
class RoundStarted(PlanetUnknownEvent):
    round: int
    commander: int

    def sentence(self, name: SeatName = seat_name) -> str:
        return f"{name(self.commander)} is the station commander"


@dataclass(frozen=True, slots=True)
class StationRotated(PlanetUnknownEvent):
    round: int
    seat: int
    rotation: int

    def sentence(self, name: SeatName = seat_name) -> str:
        return f"{name(self.seat)} turns the station to rotation {self.rotation}"


@dataclass(frozen=True, slots=True)
class EventRevealed(PlanetUnknownEvent):
    round: int
    card: int
    colour: str
    effect: str

    def sentence(self, name: SeatName = seat_name) -> str:
        return f"event card {self.card} ({self.colour}): {self.effect.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class TilePlaced(PlanetUnknownEvent):
    round: int
    seat: int
    stack: int
    tile: int
    shape: str
    orientation: int
    row: int
    col: int
    squares: tuple[int, ...]
    terrains: tuple[int, ...]  # the terrain of each square
    meteorite: int  # square, or -1

    def sentence(self, name: SeatName = seat_name) -> str:
        terrains = " and ".join(dict.fromkeys(TERRAIN_NAMES[t] for t in self.terrains))
        rock = f"; a meteorite lands on {square_words(self.meteorite)}" if self.meteorite >= 0 else ""
        article = "an" if self.shape[:1].upper() in tuple("AEFHILMNORSX") else "a"
        where = f"row {self.row}, column {self.col}"
        return f"{name(self.seat)} places {article} {self.shape} tile ({terrains}) at {where}{rock}"


@dataclass(frozen=True, slots=True)
class TileTaken(PlanetUnknownEvent):
    round: int
    seat: int
    stack: int
    tile: int
    placed: bool

    def sentence(self, name: SeatName = seat_name) -> str:
        if self.placed:
            return f"{name(self.seat)} takes tile {self.tile} from stack {self.stack}"
        return f"{name(self.seat)} cannot place a tile: tile {self.tile} of stack {self.stack} is taken unplaced"


@dataclass(frozen=True, slots=True)
class TrackerMoved(PlanetUnknownEvent):
    round: int
    seat: int
    track: int
    start: int
    end: int
    reason: str

    def sentence(self, name: SeatName = seat_name) -> str:
        reason = self.reason.replace("_", " ")
        return f"{name(self.seat)}: {TERRAIN_NAMES[self.track]} tracker {self.start} → {self.end} ({reason})"


@dataclass(frozen=True, slots=True)
class GainLost(PlanetUnknownEvent):
    round: int
    seat: int
    gain: str

    def sentence(self, name: SeatName = seat_name) -> str:
        return f"{name(self.seat)} loses a {self.gain.replace('_', ' ')} (nothing it could do)"


@dataclass(frozen=True, slots=True)
class TokenMoved(PlanetUnknownEvent):
    """A rover, lifepod, meteorite or biomass patch placed, moved, collected or destroyed."""

    round: int
    seat: int
    token: str  # rover, lifepod, meteorite, patch
    verb: str  # placed, moved, collected, destroyed, stored
    start: int  # square or -1
    end: int  # square or -1

    def sentence(self, name: SeatName = seat_name) -> str:
        if self.verb == "moved":
            return f"{name(self.seat)}: {self.token} moves from {square_words(self.start)} to {square_words(self.end)}"
        token = "biomass patch" if self.token == "patch" else self.token
        where = self.end if self.end >= 0 else self.start
        at = f" at {square_words(where)}" if where >= 0 else ""
        return f"{name(self.seat)}: {token} {self.verb}{at}"


@dataclass(frozen=True, slots=True)
class CivCardTaken(PlanetUnknownEvent):
    round: int
    seat: int
    card: int
    name: str
    rank: int

    def sentence(self, name: SeatName = seat_name) -> str:
        return f"{name(self.seat)} takes the civ card {self.name} (card {self.card}, rank {self.rank})"


@dataclass(frozen=True, slots=True)
class ObjectivesKept(PlanetUnknownEvent):
    round: int
    seat: int
    count: int

    def sentence(self, name: SeatName = seat_name) -> str:
        return f"{name(self.seat)} keeps {self.count} private objective(s)"


@dataclass(frozen=True, slots=True)
class EndTriggered(PlanetUnknownEvent):
    round: int
    reason: str

    def sentence(self, name: SeatName = seat_name) -> str:
        return f"the game ends after this round: {END_WORDS.get(self.reason, self.reason.replace('_', ' '))}"


@dataclass(frozen=True, slots=True)
class GameEnded(PlanetUnknownEvent):
    round: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    message: str

    def sentence(self, name: SeatName = seat_name) -> str:
        scores = ", ".join(f"{name(seat)} {score}" for seat, score in enumerate(self.scores))
        text = f"game over: {scores}; {winners_words(self.winners, name)}"
        return text + (f"; {self.message}" if self.message else "")


EVENT_CLASSES = (
    RoundStarted, StationRotated, EventRevealed, TilePlaced, TileTaken, TrackerMoved, GainLost, TokenMoved,
    CivCardTaken, ObjectivesKept, EndTriggered, GameEnded,
)  # fmt: skip
