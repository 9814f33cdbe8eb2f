"""Planet Unknown's actions: frozen dataclasses of data ids and squares, with readable ``str()``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

from playbook.core import Action, ActionCodec

from .components import TERRAIN_NAMES


class Gain(IntEnum):
    """A pending decision in a player's pool (what it lets the player choose)."""

    SYNERGY = 0  # advance any tracker once, with benefits
    ENERGY = 1  # value: mask of the tracks next to the energy area
    ROVER = 2  # place a new rover on a square of the last tile
    BIOMASS = 3  # place a biomass patch (or store it with the tech)
    DIFFERENT = 4  # value: count | used-tracks mask << 4 (civ 1, 10, 11, 19)
    TWICE = 5  # one tracker twice (civ 2)
    TELEPORT = 6  # civ 14
    LINE = 7  # civ 17: clear the meteorites of one row or column
    METEORITES = 8  # value: how many meteorites to destroy (civ 25)
    EXTRA_TILE = 9  # value 1 with advancement (civ 16), 0 without (civ 5)
    ONE_OF = 10  # value: mask of tracks, advance one once (events 69-78)
    THREE_NO_BENEFIT = 11  # value: mask of tracks (event 68)
    REGRESS = 12  # value: mask | times << 8 (events 85-96, 105, 106)
    ADD_METEORITE = 13  # events 95, 107: on an empty meteor symbol of your tiles
    DESTROY_ROVER = 14  # event 111
    DESTROY_LIFEPOD = 15  # event 113
    SYNERGY_OR_PEEK = 16  # events 117, 118
    ANY_TRACK = 17  # end-of-game civ 23, 24: advance any tracker once (not a synergy)
    ROTATE = 18  # solo event 79
    DISCARD_OBJECTIVE = 19  # solo event 110
    REMOVE_SHAPE = 20  # solo event 116
    STORED_BIOMASS = 21  # end of game: a stored patch that must be placed if it can
    COLLECT_LIFEPOD = 22  # value: how many (civ 13, 18; event 82)
    COLLECT_METEORITE = 23  # value: how many (event 83)
    DESTROY_CARRIED = 24  # value: square; Horizon tech 4, optional (``Decline``)
    LIFEPOD_SLOT = 28  # Jump Drive: a collected lifepod to a locked tech slot or the scoring area (``SlotLifepod``)
    SHARED_OBJECTIVE = 29  # Jump Drive tech 6: value: the drawn objective cards, 8 bits each (``ShareObjective``)
    DOUBLE_SYNERGY = 45  # Jump Drive tech 3: a synergy's tracker advanced twice (in ``ChooseTrack`` only)
    TECH_AS_ENERGY = 46  # Jump Drive tech 4: value: mask of tracks, the tech track or one next to the tech square
    ROW = 47  # Jump Drive tech 5: every benefit of the row at one tracker's height (``ChooseTrack``)
    PLACE_LIFEPOD = 25  # Cosmos: value 0 a lifepod just collected, else where it came from (cosmos.origin)
    MOVE_LIFEPODS = 26  # Cosmos techs 2, 3, 5: value: how many collected lifepods may still move
    LOSE_LIFEPOD = 27  # Cosmos, event 114: which collected lifepod is lost (a track's or the scoring area's)
    BIOMASS_SPACE = 35  # Wormhole: value row | wormhole.NO_SYNERGY; which space of the row (``ChooseBiomassSpace``)
    FLUX_TRACK = 30  # Flux: choose the flux track (set-up, each tech milestone; ``ChooseTrack``)
    TRACKER_STEP = 40  # Makeshift: value tracker | flags (makeshift.NO_BENEFITS, NO_SYNERGY); a ``StepTracker``
    TRACKER_REGRESS = 41  # Makeshift tech 4: value as REGRESS (mask | times << 8)


GAIN_WORDS = {
    Gain.SYNERGY: "synergy", Gain.ENERGY: "energy", Gain.ROVER: "new rover", Gain.BIOMASS: "biomass patch",
    Gain.DIFFERENT: "different trackers", Gain.TWICE: "one tracker twice", Gain.TELEPORT: "teleport",
    Gain.LINE: "clear a line", Gain.METEORITES: "destroy meteorites", Gain.EXTRA_TILE: "extra tile",
    Gain.ONE_OF: "advance one of", Gain.THREE_NO_BENEFIT: "three steps without benefits",
    Gain.REGRESS: "regress", Gain.ADD_METEORITE: "add a meteorite", Gain.DESTROY_ROVER: "destroy a rover",
    Gain.DESTROY_LIFEPOD: "destroy a lifepod", Gain.SYNERGY_OR_PEEK: "synergy or peek",
    Gain.ANY_TRACK: "advance any tracker", Gain.ROTATE: "rotate the station",
    Gain.DISCARD_OBJECTIVE: "destroy an objective", Gain.REMOVE_SHAPE: "remove a shape",
    Gain.STORED_BIOMASS: "stored biomass patch", Gain.COLLECT_LIFEPOD: "collect a lifepod",
    Gain.COLLECT_METEORITE: "collect a meteorite",
    Gain.DESTROY_CARRIED: "destroy the carried meteorite",
    Gain.LIFEPOD_SLOT: "lifepod to a tech slot", Gain.SHARED_OBJECTIVE: "objective for all (tech 6)",
    Gain.DOUBLE_SYNERGY: "synergy twice (tech 3)", Gain.TECH_AS_ENERGY: "tech symbol as energy (tech 4)",
    Gain.ROW: "every benefit of the row of the tracker (tech 5)",
    Gain.PLACE_LIFEPOD: "place a lifepod", Gain.MOVE_LIFEPODS: "move lifepods", Gain.LOSE_LIFEPOD: "lose a lifepod",
    Gain.BIOMASS_SPACE: "biomass row",
    Gain.FLUX_TRACK: "flux track",
    Gain.TRACKER_STEP: "tracker step", Gain.TRACKER_REGRESS: "regress (tech 4)",
}  # fmt: skip


def square_name(row: int, col: int) -> str:
    return f"({row},{col})"


class PlanetUnknownAction(Action):
    __slots__ = ()
    game: ClassVar[str] = "planet_unknown"


@dataclass(frozen=True, slots=True)
class KeepObjectives(PlanetUnknownAction):
    """Keep these private objective cards (the rest of those dealt go back to the box)."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return f"keep objective{'s' if len(self.cards) > 1 else ''} {', '.join(map(str, self.cards))}"


@dataclass(frozen=True, slots=True)
class Rotate(PlanetUnknownAction):
    """Set the station's rotation 0-5 (the player at position p faces depot (p + rotation) mod 6)."""

    rotation: int

    def __str__(self) -> str:
        return f"rotate the station to {self.rotation}"


@dataclass(frozen=True, slots=True)
class PlaceTile(PlanetUnknownAction):
    """Place the top tile of ``stack`` in ``orientation`` (0-7) with its corner at (row, col).

    ``skip`` is -1, or 0 / 1 to give up the A / B symbol's advance (events 104 and 108 only).
    """

    stack: int
    orientation: int
    row: int
    col: int
    skip: int = -1

    def __str__(self) -> str:
        text = f"place the tile of stack {self.stack} turned {self.orientation} at {square_name(self.row, self.col)}"
        return text + ("" if self.skip < 0 else f", giving up symbol {'AB'[self.skip]}")


@dataclass(frozen=True, slots=True)
class TakeTile(PlanetUnknownAction):
    """No placement is legal: take the top tile of ``stack`` without placing it (the game will end)."""

    stack: int

    def __str__(self) -> str:
        return f"take the tile of stack {self.stack} without placing it"


@dataclass(frozen=True, slots=True)
class Decline(PlanetUnknownAction):
    """Decline an optional gain (Horizon tech 4: keep the carried meteorite)."""

    def __str__(self) -> str:
        return "decline (keep the carried meteorite)"


@dataclass(frozen=True, slots=True)
class UsePower(PlanetUnknownAction):
    """Use the anytime power of your corporation's tech ``level`` (once per round or per game)."""

    level: int

    def __str__(self) -> str:
        return f"use the power of tech {self.level}"


@dataclass(frozen=True, slots=True)
class ChooseTrack(PlanetUnknownAction):
    """Resolve a pending ``gain`` by choosing a track (synergy, energy, card and event effects)."""

    track: int
    gain: Gain

    def __str__(self) -> str:
        return f"{GAIN_WORDS[self.gain]}: {TERRAIN_NAMES[self.track]}"


@dataclass(frozen=True, slots=True)
class ChooseSquare(PlanetUnknownAction):
    """Resolve a pending ``gain`` on one square (rover, patch, meteorite, lifepod)."""

    gain: Gain
    row: int
    col: int

    def __str__(self) -> str:
        return f"{GAIN_WORDS[self.gain]} at {square_name(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class StorePatch(PlanetUnknownAction):
    """Keep a gained biomass patch for later (tech 2)."""

    def __str__(self) -> str:
        return "store the biomass patch"


@dataclass(frozen=True, slots=True)
class MoveRover(PlanetUnknownAction):
    """Move the rover on (row, col) one square to (to_row, to_col), spending one movement point."""

    row: int
    col: int
    to_row: int
    to_col: int

    def __str__(self) -> str:
        return f"move a rover {square_name(self.row, self.col)} -> {square_name(self.to_row, self.to_col)}"


@dataclass(frozen=True, slots=True)
class StopRovers(PlanetUnknownAction):
    """Give up the movement points left."""

    def __str__(self) -> str:
        return "stop moving rovers"


@dataclass(frozen=True, slots=True)
class TeleportRover(PlanetUnknownAction):
    """Civ 14: lift the rover on (row, col) and put it on (to_row, to_col)."""

    row: int
    col: int
    to_row: int
    to_col: int

    def __str__(self) -> str:
        return f"teleport a rover {square_name(self.row, self.col)} -> {square_name(self.to_row, self.to_col)}"


@dataclass(frozen=True, slots=True)
class ClearLine(PlanetUnknownAction):
    """Civ 17: destroy every meteorite of one row (axis 0) or column (axis 1)."""

    axis: int
    index: int

    def __str__(self) -> str:
        return f"clear the meteorites of {'row' if self.axis == 0 else 'column'} {self.index}"


@dataclass(frozen=True, slots=True)
class ChooseCivCard(PlanetUnknownAction):
    card: int

    def __str__(self) -> str:
        return f"take civ card {self.card}"


@dataclass(frozen=True, slots=True)
class Peek(PlanetUnknownAction):
    """Events 117/118: look at the next event card instead of a synergy."""

    def __str__(self) -> str:
        return "peek at the next event"


@dataclass(frozen=True, slots=True)
class ChooseStack(PlanetUnknownAction):
    """Solo event 116: remove every tile of this stack (a shape of the current depot) from the station."""

    stack: int

    def __str__(self) -> str:
        return f"remove stack {self.stack} from the station"


@dataclass(frozen=True, slots=True)
class DiscardObjective(PlanetUnknownAction):
    """Solo event 110: destroy one of your objective cards."""

    card: int

    def __str__(self) -> str:
        return f"destroy objective {self.card}"


@dataclass(frozen=True, slots=True)
class StepTracker(PlanetUnknownAction):
    """Makeshift: move the ``tracker`` (by colour) onto ``position`` of the ``column`` track (straight up,
    diagonally up onto a neighbouring track, or sideways with tech 3), gaining that space's benefit."""

    tracker: int
    column: int
    position: int

    def __str__(self) -> str:
        return f"move the {TERRAIN_NAMES[self.tracker]} tracker to {TERRAIN_NAMES[self.column]} {self.position}"


@dataclass(frozen=True, slots=True)
class ChooseBiomassSpace(PlanetUnknownAction):
    """Wormhole: land the biomass tracker on ``position``, one of the two spaces of the row it reached (the
    synergy or the biomass patch), gaining that space's benefit."""

    position: int

    def __str__(self) -> str:
        return f"biomass row: land on space {self.position}"


#: Cosmos: the scoring area, as the ``track`` of ``PlaceLifepod`` / ``ChooseLifepod``.
SCORING_AREA = 5


def lifepod_place(track: int, position: int) -> str:
    """Where a Cosmos lifepod lies, in words: a track space or the scoring area (``track`` 5)."""
    return "the scoring area" if track == SCORING_AREA else f"{TERRAIN_NAMES[track]} space {position}"


@dataclass(frozen=True, slots=True)
class PlaceLifepod(PlanetUnknownAction):
    """Cosmos: put the lifepod of a pending ``place a lifepod`` on an empty space of a track (0-4) or in the
    scoring area (``track`` 5)."""

    track: int
    position: int = 0

    def __str__(self) -> str:
        return f"lifepod to {lifepod_place(self.track, self.position)}"


@dataclass(frozen=True, slots=True)
class ChooseLifepod(PlanetUnknownAction):
    """Cosmos: the collected lifepod (on a track space, or one in the scoring area: ``track`` 5) that a pending
    ``gain`` moves or loses."""

    gain: Gain
    track: int
    position: int = 0

    def __str__(self) -> str:
        return f"{GAIN_WORDS[self.gain]}: the one on {lifepod_place(self.track, self.position)}"


@dataclass(frozen=True, slots=True)
class StopLifepods(PlanetUnknownAction):
    """Cosmos: move no more lifepods (a tech's moves are optional)."""

    def __str__(self) -> str:
        return "move no more lifepods"


@dataclass(frozen=True, slots=True)
class SlotLifepod(PlanetUnknownAction):
    """Jump Drive: put the collected lifepod on tech slot ``slot`` (1-6, unlocking that tech) or, with 0, in the
    scoring area (the only lifepods that score)."""

    slot: int

    def __str__(self) -> str:
        if self.slot == 0:
            return "lifepod to the scoring area"
        return f"lifepod to tech slot {self.slot} (unlocks tech {self.slot})"


@dataclass(frozen=True, slots=True)
class SynergyInstead(PlanetUnknownAction):
    """Jump Drive tech 1 (once per round): take a synergy instead of the pending biomass patch."""

    def __str__(self) -> str:
        return "take a synergy instead of the biomass patch (tech 1)"


@dataclass(frozen=True, slots=True)
class ShareObjective(PlanetUnknownAction):
    """Jump Drive tech 6: keep drawn objective ``card`` as one every player competes for (the others are
    discarded)."""

    card: int

    def __str__(self) -> str:
        return f"keep objective {self.card} for every player to compete for (tech 6)"


ACTION_CLASSES: tuple[type[PlanetUnknownAction], ...] = (
    KeepObjectives, Rotate, PlaceTile, TakeTile, ChooseTrack, ChooseSquare, StorePatch, MoveRover, StopRovers,
    TeleportRover, ClearLine, ChooseCivCard, Peek, ChooseStack, DiscardObjective, UsePower, Decline,
    SlotLifepod, SynergyInstead, ShareObjective,  # Jump Drive
    ChooseBiomassSpace,  # Wormhole
    StepTracker,  # Makeshift
    PlaceLifepod, ChooseLifepod, StopLifepods,  # Cosmos
)  # fmt: skip
CODEC = ActionCodec("planet_unknown", ACTION_CLASSES)


def action_from_dict(data: object) -> Action:
    return CODEC.from_dict(data)


def describe(action: Action) -> str:
    return str(action)
