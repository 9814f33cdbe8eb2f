"""Planet Unknown's events: what each step changed, with every field a view needs (squares as row*12+col)."""

from __future__ import annotations

from dataclasses import dataclass

from playbook.core import Event
from playbook.core.engine import round_prefix

from .components import TERRAIN_NAMES


def _sq(square: int) -> str:
    return f"({square // 12},{square % 12})"


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    round: int
    commander: int

    def __str__(self) -> str:
        return f"{round_prefix(self.round)}seat {self.commander} is the station commander"


@dataclass(frozen=True, slots=True)
class StationRotated(Event):
    round: int
    seat: int
    rotation: int

    def __str__(self) -> str:
        return f"{round_prefix(self.round)}seat {self.seat} turns the station to rotation {self.rotation}"


@dataclass(frozen=True, slots=True)
class EventRevealed(Event):
    round: int
    card: int
    colour: str
    effect: str

    def __str__(self) -> str:
        return f"{round_prefix(self.round)}event {self.card} ({self.colour}): {self.effect.replace('_', ' ')}"


@dataclass(frozen=True, slots=True)
class TilePlaced(Event):
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

    def __str__(self) -> str:
        rock = f", meteorite on {_sq(self.meteorite)}" if self.meteorite >= 0 else ""
        return f"{round_prefix(self.round)}seat {self.seat} places a {self.shape} tile at ({self.row},{self.col}){rock}"


@dataclass(frozen=True, slots=True)
class TileTaken(Event):
    round: int
    seat: int
    stack: int
    tile: int
    placed: bool

    def __str__(self) -> str:
        verb = "takes" if self.placed else "cannot place and takes"
        return f"{round_prefix(self.round)}seat {self.seat} {verb} tile {self.tile} from stack {self.stack}"


@dataclass(frozen=True, slots=True)
class TrackerMoved(Event):
    round: int
    seat: int
    track: int
    start: int
    end: int
    reason: str

    def __str__(self) -> str:
        return (
            f"{round_prefix(self.round)}seat {self.seat} {TERRAIN_NAMES[self.track]} tracker {self.start} -> "
            f"{self.end} ({self.reason})"
        )


@dataclass(frozen=True, slots=True)
class GainLost(Event):
    round: int
    seat: int
    gain: str

    def __str__(self) -> str:
        return f"{round_prefix(self.round)}seat {self.seat} loses a {self.gain} (nothing it could do)"


@dataclass(frozen=True, slots=True)
class TokenMoved(Event):
    """A rover, lifepod, meteorite or biomass patch placed, moved, collected or destroyed."""

    round: int
    seat: int
    token: str  # rover, lifepod, meteorite, patch
    verb: str  # placed, moved, collected, destroyed, stored
    start: int  # square or -1
    end: int  # square or -1

    def __str__(self) -> str:
        where = _sq(self.end if self.end >= 0 else self.start) if max(self.start, self.end) >= 0 else ""
        if self.verb == "moved":
            where = f"{_sq(self.start)} -> {_sq(self.end)}"
        return f"{round_prefix(self.round)}seat {self.seat}: {self.token} {self.verb} {where}".rstrip()


@dataclass(frozen=True, slots=True)
class CivCardTaken(Event):
    round: int
    seat: int
    card: int
    name: str
    rank: int

    def __str__(self) -> str:
        return f"{round_prefix(self.round)}seat {self.seat} takes civ card {self.card} {self.name} (rank {self.rank})"


@dataclass(frozen=True, slots=True)
class ObjectivesKept(Event):
    round: int
    seat: int
    count: int

    def __str__(self) -> str:
        return f"{round_prefix(self.round)}seat {self.seat} keeps {self.count} private objective(s)"


@dataclass(frozen=True, slots=True)
class EndTriggered(Event):
    round: int
    reason: str

    def __str__(self) -> str:
        return f"{round_prefix(self.round)}the game will end after this round: {self.reason}"


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    round: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    message: str

    def __str__(self) -> str:
        text = f"{round_prefix(self.round)}game over; scores {list(self.scores)}, winner(s) {list(self.winners)}"
        return text + (f"; {self.message}" if self.message else "")


EVENT_CLASSES = (
    RoundStarted, StationRotated, EventRevealed, TilePlaced, TileTaken, TrackerMoved, GainLost, TokenMoved,
    CivCardTaken, ObjectivesKept, EndTriggered, GameEnded,
)  # fmt: skip
