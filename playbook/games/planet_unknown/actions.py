"""Planet Unknown's actions: frozen dataclasses of data ids and squares, with readable ``str()``.

An action may come from outside (an agent's code, a saved match), so its text reads for any field values of the
right type: a number that names no track, gain or symbol is shown as it is (``track 99``), since that text is
what the refusal quotes. Each class's ``BOUNDS`` says which values its int fields can take at all, and
``out_of_range`` names the first field outside them: ``action_from_dict`` refuses such an action by field, before
any rule indexes a table with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, ClassVar, TypeVar

from playbook.core import Action, ActionCodec, InvalidActionError
from playbook.core.errors import shown

from .components import MAX_TECHS, MAX_TRACK_POSITIONS, TERRAIN_NAMES


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


GAIN_WORDS: dict[int, str] = {
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


#: A pending gain as the action that resolves it names it ("Synergy: advance water", "New rover at row 3,
#: column 4"). Apart from ``GAIN_WORDS`` because those are also the ``reason`` of the ``TrackerMoved`` events a
#: gain makes, which the seeded-game digests pin (tests/planet_unknown/test_random_games_pinned.py).
CHOICE_WORDS: dict[int, str] = {
    Gain.SYNERGY: "Synergy", Gain.ENERGY: "Energy", Gain.ROVER: "New rover", Gain.BIOMASS: "Biomass patch",
    Gain.DIFFERENT: "Advance different trackers", Gain.TWICE: "Advance one tracker twice",
    Gain.TELEPORT: "Teleport a rover", Gain.LINE: "Clear the meteorites of a row or column",
    Gain.METEORITES: "Destroy meteorites", Gain.EXTRA_TILE: "Place an extra tile",
    Gain.ONE_OF: "Advance one of these trackers", Gain.THREE_NO_BENEFIT: "Three steps without benefits",
    Gain.REGRESS: "Move a tracker back", Gain.ADD_METEORITE: "Add a meteorite",
    Gain.DESTROY_ROVER: "Destroy one of your rovers", Gain.DESTROY_LIFEPOD: "Destroy a lifepod",
    Gain.SYNERGY_OR_PEEK: "Synergy, or peek at the next event", Gain.ANY_TRACK: "Advance any tracker",
    Gain.ROTATE: "Turn the station", Gain.DISCARD_OBJECTIVE: "Destroy an objective",
    Gain.REMOVE_SHAPE: "Remove a shape from the station", Gain.STORED_BIOMASS: "Place a stored biomass patch",
    Gain.COLLECT_LIFEPOD: "Collect a lifepod", Gain.COLLECT_METEORITE: "Collect a meteorite",
    Gain.DESTROY_CARRIED: "Destroy the carried meteorite (you may decline)", Gain.LIFEPOD_SLOT: "Lifepod",
    Gain.SHARED_OBJECTIVE: "Tech 6", Gain.DOUBLE_SYNERGY: "Tech 3", Gain.TECH_AS_ENERGY: "Tech 4",
    Gain.ROW: "Tech 5", Gain.PLACE_LIFEPOD: "Lifepod", Gain.MOVE_LIFEPODS: "Move collected lifepods",
    Gain.LOSE_LIFEPOD: "Lose a collected lifepod", Gain.BIOMASS_SPACE: "Biomass", Gain.FLUX_TRACK: "Flux track",
    Gain.TRACKER_STEP: "Tracker step", Gain.TRACKER_REGRESS: "Tech 4",
}  # fmt: skip
#: What choosing a track does to it, for the gains that do not advance it.
CHOICE_VERBS: dict[int, str] = {Gain.REGRESS: "move back", Gain.TRACKER_REGRESS: "move back", Gain.FLUX_TRACK: "choose"}


def square_name(row: int, col: int) -> str:
    """A square in words, as actions and events name it: "row 4, column 7"."""
    return f"row {row}, column {col}"


def choice_words(gain: int) -> str:
    """A pending gain as the action resolving it names it, or ``gain 99`` for a number that names none."""
    return CHOICE_WORDS.get(gain) or gain_words(gain)


TRACK_NAMES = TERRAIN_NAMES[:5]


def track_name(track: int) -> str:
    """A track's name, or ``track 99`` for a number that names none (the text of a malformed action)."""
    return TRACK_NAMES[track] if 0 <= track < len(TRACK_NAMES) else f"track {track}"


def gain_words(gain: int) -> str:
    """A pending gain in words, or ``gain 99`` for a number that names none (the text of a malformed action)."""
    return GAIN_WORDS.get(gain) or f"gain {int(gain)}"


#: The (lowest, highest) value an int field may hold at all, by field name (``out_of_range``).
Bounds = Mapping[str, tuple[int, int]]
GRID_LINE = (0, 11)  # a row or column of the 12 x 12 grid
STACK = (0, 11)  # the 12 stacks of the station
TRACK = (0, len(TRACK_NAMES) - 1)
CARD = (1, 999)  # a card id (the data files bound them: card_data)
POSITION = (0, MAX_TRACK_POSITIONS - 1)  # a space of a track
LIFEPOD_PLACE = (0, len(TRACK_NAMES))  # a track, or the scoring area after them (``SCORING_AREA``)
SQUARE_BOUNDS: Bounds = {"row": GRID_LINE, "col": GRID_LINE}
ROVER_BOUNDS: Bounds = {"row": GRID_LINE, "col": GRID_LINE, "to_row": GRID_LINE, "to_col": GRID_LINE}


class PlanetUnknownAction(Action):
    __slots__ = ()
    game: ClassVar[str] = "planet_unknown"
    #: The values each int field (or each int of a tuple field) can take at all; empty: no int fields.
    BOUNDS: ClassVar[Bounds] = {}


A = TypeVar("A", bound=PlanetUnknownAction)
_SHARED: dict[tuple[Any, ...], Any] = {}


def shared(kind: type[A], *fields: int) -> A:
    """``kind(*fields)``, one object per value: an action never changes once built (``Action``), so the engine
    lists the same objects in every state instead of building ~100 per step (a build costs ~1.5 µs, a lookup
    ~0.2). For the engine's own listings only: ``fields`` are ints and ``Gain`` members, as the rules make them."""
    key = (kind, *fields)
    found: A | None = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= 1 << 17:
            _SHARED.clear()
        found = _SHARED[key] = kind(*fields)
    return found


def out_of_range(action: PlanetUnknownAction) -> str | None:
    """The first field of ``action`` outside its class's ``BOUNDS``, in words; ``None`` when all are inside.

    Why: a rule asked about ``ChooseTrack(track=99)`` would index the track table with 99; a saved match
    holding it must be refused naming the field, not fail with ``IndexError`` while it replays.
    """
    for name, (low, high) in type(action).BOUNDS.items():
        value = getattr(action, name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, int) and not low <= item <= high:
                return f"{type(action).__name__}.{name} must be between {low} and {high}, not {shown(item)}"
    return None


@dataclass(frozen=True, slots=True)
class KeepObjectives(PlanetUnknownAction):
    """Keep these private objective cards (the rest of those dealt go back to the box)."""

    cards: tuple[int, ...]
    BOUNDS: ClassVar[Bounds] = {"cards": CARD}

    def __str__(self) -> str:
        if not self.cards:
            return "keep no objective"
        return f"keep objective{'s' if len(self.cards) > 1 else ''} {', '.join(map(str, self.cards))}"


@dataclass(frozen=True, slots=True)
class Rotate(PlanetUnknownAction):
    """Set the station's rotation 0-5 (the player at position p faces depot (p + rotation) mod 6)."""

    rotation: int
    BOUNDS: ClassVar[Bounds] = {"rotation": (0, 5)}

    def __str__(self) -> str:
        return f"turn the station to rotation {self.rotation}"


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
    BOUNDS: ClassVar[Bounds] = {"stack": STACK, "orientation": (0, 7), **SQUARE_BOUNDS, "skip": (-1, 1)}

    def __str__(self) -> str:
        text = f"place the tile of stack {self.stack} turned {self.orientation} at {square_name(self.row, self.col)}"
        if self.skip == -1:
            return text
        return f"{text}, giving up symbol {'AB'[self.skip] if self.skip in (0, 1) else self.skip}"


@dataclass(frozen=True, slots=True)
class TakeTile(PlanetUnknownAction):
    """No placement is legal: take the top tile of ``stack`` without placing it (the game will end)."""

    stack: int
    BOUNDS: ClassVar[Bounds] = {"stack": STACK}

    def __str__(self) -> str:
        return f"take the tile of stack {self.stack} without placing it (the game will end)"


@dataclass(frozen=True, slots=True)
class Decline(PlanetUnknownAction):
    """Decline an optional gain (Horizon tech 4: keep the carried meteorite)."""

    def __str__(self) -> str:
        return "decline (keep the carried meteorite)"


@dataclass(frozen=True, slots=True)
class UsePower(PlanetUnknownAction):
    """Use the anytime power of your corporation's tech ``level`` (once per round or per game)."""

    level: int
    BOUNDS: ClassVar[Bounds] = {"level": (1, MAX_TECHS)}

    def __str__(self) -> str:
        return f"use the power of tech {self.level}"


@dataclass(frozen=True, slots=True)
class ChooseTrack(PlanetUnknownAction):
    """Resolve a pending ``gain`` by choosing a track (synergy, energy, card and event effects)."""

    track: int
    gain: Gain
    BOUNDS: ClassVar[Bounds] = {"track": TRACK}

    def __str__(self) -> str:
        return f"{choice_words(self.gain)}: {CHOICE_VERBS.get(self.gain, 'advance')} {track_name(self.track)}"


@dataclass(frozen=True, slots=True)
class ChooseSquare(PlanetUnknownAction):
    """Resolve a pending ``gain`` on one square (rover, patch, meteorite, lifepod)."""

    gain: Gain
    row: int
    col: int
    BOUNDS: ClassVar[Bounds] = SQUARE_BOUNDS

    def __str__(self) -> str:
        return f"{choice_words(self.gain)} at {square_name(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class StorePatch(PlanetUnknownAction):
    """Keep a gained biomass patch for later (tech 2)."""

    def __str__(self) -> str:
        return "store the biomass patch for later"


@dataclass(frozen=True, slots=True)
class MoveRover(PlanetUnknownAction):
    """Move the rover on (row, col) one square to (to_row, to_col), spending one movement point."""

    row: int
    col: int
    to_row: int
    to_col: int
    BOUNDS: ClassVar[Bounds] = ROVER_BOUNDS

    def __str__(self) -> str:
        return f"move the rover from {square_name(self.row, self.col)} to {square_name(self.to_row, self.to_col)}"


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
    BOUNDS: ClassVar[Bounds] = ROVER_BOUNDS

    def __str__(self) -> str:
        return f"teleport the rover from {square_name(self.row, self.col)} to {square_name(self.to_row, self.to_col)}"


@dataclass(frozen=True, slots=True)
class ClearLine(PlanetUnknownAction):
    """Civ 17: destroy every meteorite of one row (axis 0) or column (axis 1)."""

    axis: int
    index: int
    BOUNDS: ClassVar[Bounds] = {"axis": (0, 1), "index": GRID_LINE}

    def __str__(self) -> str:
        line = {0: "row", 1: "column"}.get(self.axis, f"line (axis {self.axis})")
        return f"clear the meteorites of {line} {self.index}"


@dataclass(frozen=True, slots=True)
class ChooseCivCard(PlanetUnknownAction):
    card: int
    BOUNDS: ClassVar[Bounds] = {"card": CARD}

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
    BOUNDS: ClassVar[Bounds] = {"stack": STACK}

    def __str__(self) -> str:
        return f"remove stack {self.stack} from the station"


@dataclass(frozen=True, slots=True)
class DiscardObjective(PlanetUnknownAction):
    """Solo event 110: destroy one of your objective cards."""

    card: int
    BOUNDS: ClassVar[Bounds] = {"card": CARD}

    def __str__(self) -> str:
        return f"destroy objective {self.card}"


@dataclass(frozen=True, slots=True)
class StepTracker(PlanetUnknownAction):
    """Makeshift: move the ``tracker`` (by colour) onto ``position`` of the ``column`` track (straight up,
    diagonally up onto a neighbouring track, or sideways with tech 3), gaining that space's benefit."""

    tracker: int
    column: int
    position: int
    BOUNDS: ClassVar[Bounds] = {"tracker": TRACK, "column": TRACK, "position": POSITION}

    def __str__(self) -> str:
        return f"move the {track_name(self.tracker)} tracker to {track_name(self.column)} {self.position}"


@dataclass(frozen=True, slots=True)
class ChooseBiomassSpace(PlanetUnknownAction):
    """Wormhole: land the biomass tracker on ``position``, one of the two spaces of the row it reached (the
    synergy or the biomass patch), gaining that space's benefit."""

    position: int
    BOUNDS: ClassVar[Bounds] = {"position": POSITION}

    def __str__(self) -> str:
        return f"biomass row: land on space {self.position}"


#: Cosmos: the scoring area, as the ``track`` of ``PlaceLifepod`` / ``ChooseLifepod``.
SCORING_AREA = 5


def lifepod_place(track: int, position: int) -> str:
    """Where a Cosmos lifepod lies, in words: a track space or the scoring area (``track`` 5)."""
    return "the scoring area" if track == SCORING_AREA else f"{track_name(track)} space {position}"


@dataclass(frozen=True, slots=True)
class PlaceLifepod(PlanetUnknownAction):
    """Cosmos: put the lifepod of a pending ``place a lifepod`` on an empty space of a track (0-4) or in the
    scoring area (``track`` 5)."""

    track: int
    position: int = 0
    BOUNDS: ClassVar[Bounds] = {"track": LIFEPOD_PLACE, "position": POSITION}

    def __str__(self) -> str:
        return f"lifepod to {lifepod_place(self.track, self.position)}"


@dataclass(frozen=True, slots=True)
class ChooseLifepod(PlanetUnknownAction):
    """Cosmos: the collected lifepod (on a track space, or one in the scoring area: ``track`` 5) that a pending
    ``gain`` moves or loses."""

    gain: Gain
    track: int
    position: int = 0
    BOUNDS: ClassVar[Bounds] = {"track": LIFEPOD_PLACE, "position": POSITION}

    def __str__(self) -> str:
        return f"{gain_words(self.gain)}: the one on {lifepod_place(self.track, self.position)}"


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
    BOUNDS: ClassVar[Bounds] = {"slot": (0, MAX_TECHS)}

    def __str__(self) -> str:
        if self.slot == 0:
            return "lifepod to the scoring area"
        if not 1 <= self.slot <= MAX_TECHS:
            return f"lifepod to tech slot {self.slot}"
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
    BOUNDS: ClassVar[Bounds] = {"card": CARD}

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
    """The action ``data`` describes: its fields' types checked by the codec, their ranges by ``out_of_range``."""
    action = CODEC.from_dict(data)
    problem = out_of_range(action) if isinstance(action, PlanetUnknownAction) else None
    if problem is not None:
        raise InvalidActionError(f"planet_unknown: {problem}")
    return action


def describe(action: Action) -> str:
    return str(action)
