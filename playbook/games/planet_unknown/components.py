"""Planet Unknown's components and ``Rules``: enums, the data read from ``data/*.toml``, and the rulings.

RULINGS TABLE (ambiguity -> ruling -> ``Rules`` option)

=============================================  =====================================================  ================
Ambiguity                                      Ruling                                                 Rules option
=============================================  =====================================================  ================
Placement is simultaneous (rulebook)           Players place one after another, clockwise from the    --
                                               commander; each finishes placing and resolving gains
                                               before the next. Every placement is public, so a seat
                                               sees the earlier seats' tiles of the round (as at a
                                               table); it cannot change what it may place (each seat
                                               has its own depot).
Order of resolving gains (FAQ A3)              A tile's direct advances are taken at once, in symbol  --
                                               order; each choice they cause (energy, synergy,
                                               rover, movement, biomass, card and event effects)
                                               joins a pool the player resolves in any order. A
                                               choice with one outcome is taken at once, one with
                                               none is lost (``GainLost`` event).
Rover movement banking (FAQ A3'')              Movement points add up in the turn's pool; they are    --
                                               spent step by step or dropped (``StopRovers``); what
                                               is left when the turn's pool is empty is lost.
Movement with no rover on the planet           Kept while a new-rover gain is pending (rover space 6  --
                                               gives "m2 + Rov"); lost only when no rover can move.
Events 104/108 and extra tiles (civ 5, 16)     "One resource" limits the round's own placement; an    --
                                               extra tile advances as its card says.
Tech 4 doubling, tech live when?               Techs are read when the tile is placed (before its     --
                                               own advances).
Which tile is "in the depot" for civ 5 / 16    The current top of either stack of your depot (the     --
                                               tile under one you took this round included); the
                                               round's event restriction applies to it as well.
A top exposed this round                       Seen at once by the seat whose depot holds it (only    --
                                               it can have exposed it: an extra tile of civ 5 / 16),
                                               which may draft it in its own placement that round
                                               ("draft 1 of the 2 tiles in front of them"); hidden
                                               from the other seats until the round ends.
Civ milestones in the event and end phases     Resolved by each seat right after its own event or     --
                                               end-of-game gains, clockwise from the commander.
Civ piles and civ cards kept                   Public (issue 11: everything on the table but the      --
                                               stacks, the event deck and private objectives is
                                               public), so "reveal the civ cards" (§3.9) is a no-op.
Advancing onto a space again after regressing  Its benefits are claimed again ("Advance: ... Claim   named in the
                                               any benefit under the tracker"; "Regress: ... DO NOT   ruling
                                               claim"): a civ milestone reached twice takes a card of
                                               its rank twice while the pile lasts (an empty pile
                                               gives none). ``reclaim_benefits_after_regression``
                                               False: a space pays only the first time its tracker
                                               reaches it (``Board.reached``; the base tracks' own
                                               advance, not a corporation's own move).
Event 114 / 115: which token                   Collected tokens are alike: one is removed.            --
Event 112: which card of each rank             Random, from a seed derived from the game seed.        --
Event 117/118 peek                             The next event card is shown to that player only.      --
Events 95/107 with tech 5                      The optional event meteorite is always declined.       --
Drawn colour split (BGA)                       green 0-13, then orange 0-min(13, 20-green), red the   ``event_split``
                                               rest, capped by the red pool (deck may be < 20).
Solo target without events                     0 (the raw total is the score).                        ``solo_target``
Solo "win"                                     ``winners()`` is (0,) when score - target >= 0.        --
The commander                                  Drawn from the seed.                                   --
Solo: rotation                                 One depot step per round, automatic (section 3.10).    --
"Do Not" restrictions that would end the game  Ignored for a player who can place only without them;  --
                                               never applied to biomass patches.
Cannot place, one stack left                   The tile is taken without a choice.                    --
First tile after a biomass patch               Still the first tile: it must cover an edge square     --
                                               (§3.3: "first" means no tile on the planet yet).
A single legal placement                       Still a decision (placing is never automatic: finding  --
                                               out would cost a second listing every turn).
Orientations that give the same tile           Only the first of equal orientations (same squares,    --
                                               terrains, symbols and meteor square) is listed.
Event 65 (solo extra rover)                    The rover joins the supply; its placement is a
                                               pending rover gain on the tile placed that round.      --
A game that never ends                         Impossible: each round takes tiles from the station.   --
Asymmetric planets (issue 14)                  Chosen per seat: one name per seat, one for all, or    ``planets``
                                               none (KSB-4156). ``standard.toml``'s [planet] stays
                                               KSB-4156's: other edges are refused there.
K'Aax toxic squares and teleports              A teleport is not a step: it may end on an uncovered   --
                                               toxic square (as Tartarus's teleports cross the chasm).
Cerberus sub-planets, Gaia cities: "covered"   A biomass patch covers a square as a tile does (as     --
                                               for rows and columns).
Petra: tie-break and "cover all ice"           Uncovered currents count as uncovered squares in the   --
                                               tie-break; with no ice the ice private objective is
                                               met (nothing is left uncovered) (inference).
Corporations (issue 14)                        Chosen per seat like planets; all 8 play. One whose    ``corporations``
                                               rules are not all coded is refused, naming what is
                                               missing (``variants.missing_rules``).
Republic: when to regress (and tech 4)         When the milestone is reached (its card is claimed in  --
                                               the civ phase, section 3.1).
Republic tech 2 with its own rank's pile empty The next rank's top card is still offered.             --
Republic tech 3 vs a pending civ 14 teleport   The same jump uses the free teleport first.            --
Republic tech 5: "all remaining civ cards"     The cards left in the 4 piles (not the set-aside       --
                                               ones); immediate effects apply as at any claim.
Horizon tech 2 "at round start"                Used before placing, counting the rovers carrying then --
                                               (only the round's event can have changed them).
Horizon: a teleport, and event 83's collection A teleport leaves the carried meteorite behind (not a  --
                                               step); a card or event collects a meteorite directly.
Horizon: carried onto a bare square            The meteorite stays there; a tile or patch placed      --
                                               later goes under it (the rover on it is destroyed).
Oasis: blocking and hopping                    Advances only (a regression ignores other trackers);   --
                                               a hop lands on the next free space and gains its
                                               benefits only; a blocked advance is lost.
Horizon tech 1 vs the rulebook's "ignore     The tech's own text wins: a rover-terrain tile skips   --
adjacency" entry                               the planet's rule and the event restriction too.
Horizon: destroyed on water                    Tech 4 only, and the player may decline (reference).   --
Oasis tech 3 "a tile covering no ice"          Any placed tile that advances, whatever its terrains.  --
Cosmos: rover space 15 and lifepods (BGA)      May hold a lifepod (rulebook: any empty space); only   --
                                               the scoring area's lifepods count as collected; a
                                               lifted lifepod goes elsewhere; event 114: the player
                                               picks which is lost.
Cosmos tech 2, tech 3 (inference)              Any placed tile counts, an extra tile too; free        --
                                               energy steps need a movement point to start and at
                                               most 12 a round are free.
Flux: set-up and milestones (inference)        The flux track is chosen in the objectives phase; a    --
                                               milestone reached without benefits chooses none;
                                               reaching tech 3 loses tech 2.
Flux tech 1, tech 2 (BGA vs FAQ A9)            Tech 1 counts rovers at round start; tech 2 pays       ``flux_pays_
                                               every space passed (FAQ A9); BGA pays the milestone    passed_spaces``
                                               only.
Jump Drive: lifepods on tech slots             A slotted lifepod leaves the collected count; only     --
                                               the scoring area scores (inference).
Jump Drive tech 4 tech-as-energy (BGA)         A choice each time (the card says may), not automatic  --
                                               as on BGA.
Jump Drive tech 5, tech 6                      Tech 5: the row of a tracker now, medals are not       --
                                               benefits; tech 6 solo: the player is the sole leader
                                               (5 points).
Wormhole: 'a new area' (BGA)                   A tile joining two biomass areas counts as expanding;  --
                                               the first biomass tile gives nothing; targeted
                                               synergies work under event 122 and Unionization.
Wormhole: which space of a row                 The player's choice after each advance with benefits;  --
                                               a regression or an advance without benefits keeps the
                                               side.
Wormhole techs 1-2, 4 (inference)              Tech 1's reset has no use limit; a patch on a tile     --
                                               hides its symbol; tech 2 doubles patches gained in
                                               the placement turn; tech 4 destroys, not collects.
Makeshift: moves and tops (inference)          Each advance is the player's choice of free spaces     --
                                               (one: taken at once); rover 16 is rover 15 again;
                                               Unionization lifts straight up; tech 2 adds to track-
                                               space movement only; 'tracker at the top' reads
                                               height 15 on any track.
An edited corporations.toml or planets.toml    Refused, naming the first changed key (issue 18): the  ``track_edits``
                                               corporation and planet code, bots and views read the
                                               package's copy by key, so an edit would play in part.
                                               Tracks change with ``track_edits``, the standard
                                               planet and board in standard.toml.
Limits of a variant (not in the rulebook)      An event deck of 1-60 cards, a solo target of 0-1000,  --
                                               tracks of 2-32 spaces, at most 6 techs, card ids
                                               1-999; ``Rules(...)`` refuses what a save could not
                                               hold (``check_options``), as ``from_dict`` does.
=============================================  =====================================================  ================
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import IntEnum
from pathlib import Path
from typing import Any, NamedTuple

from playbook.core import DataReader, load_toml
from playbook.core.errors import RulesDataError, shown
from playbook.core.protocol import Json
from playbook.core.serialize import record_misfit

from .memo import per_object

DATA = Path(__file__).parent / "data"
#: Seats a game has at most (``setup.INFO``): ``Rules(planets=...)`` names one per seat, or one for every seat.
MAX_SEATS = 6
#: Techs a corporation has at most (Jump Drive's six tech slots): the range of ``UsePower.level``.
MAX_TECHS = 6
#: Positions a track has at most: Cosmos keeps each track's lifepods as bits of one 32-bit field.
MAX_TRACK_POSITIONS = 32
#: The most event cards a deck may hold (``Rules.event_deck_size``), and the highest solo target.
MAX_EVENT_DECK = 60
MAX_SOLO_TARGET = 1000


class Terrain(IntEnum):
    """The six terrains; the first five are also the tracked resources (``Track``)."""

    CIV = 0
    WATER = 1
    BIOMASS = 2
    ROVER = 3
    TECH = 4
    ENERGY = 5


class Track(IntEnum):
    CIV = 0
    WATER = 1
    BIOMASS = 2
    ROVER = 3
    TECH = 4


TERRAIN_NAMES = ("civ", "water", "biomass", "rover", "tech", "energy")
TRACKS = tuple(Track)


class Phase(IntEnum):
    OBJECTIVES = 0  # players keep private objectives
    ROTATE = 1
    EVENT = 2
    PLACE = 3
    CIV = 4
    END = 5  # end-of-game items
    OVER = 6


class EndReason(IntEnum):
    """Why the game ends after this round (none yet, or one of the three triggers of section 3.9)."""

    NONE = 0
    CANNOT_PLACE = 1
    DEPOT_EMPTY = 2
    LAST_EVENT = 3


class Space(NamedTuple):
    """One position of a track: its medal and benefits."""

    medal: int = 0
    synergy: bool = False
    civ: bool = False
    biomass: bool = False
    tech: bool = False
    rover: bool = False
    movement: int = 0


class Shape(NamedTuple):
    name: str
    cells: tuple[tuple[int, int, int, bool], ...]  # (x, y, part 0=A/1=B, symbol)
    meteor: tuple[int, int]


class Planet(NamedTuple):
    """A planet: the standard-shaped table (name, rows, medals, edge) plus the hook values of ``planets.toml``
    (defaults: KSB-4156's behaviour). Special squares are bitboards in ``special`` (see ``planets.py``)."""

    name: str
    rows: tuple[str, ...]
    row_medals: tuple[int, ...]
    column_medals: tuple[int, ...]
    edge: str
    key: str = "standard"
    first_tile: str = "edge"
    placement: str = "none"
    patches: str = "follow_placement"
    rovers: str = "standard"
    completion: str = "all_squares"
    energy_terrain: str = "tiles"
    scoring: str = "none"
    scoring_value: int = 0
    slide: str = ""
    special: tuple[tuple[str, int], ...] = ()  # named bitboards: ring, first, cities, toxic, currents, west, ...
    quadrants: tuple[tuple[int, int], ...] = ()  # (bitboard, forbidden symbol terrain)

    def mask(self, name: str) -> int:
        found: int = _named(self.special).get(name, 0)
        return found


class Corporation(NamedTuple):
    """A corporation board: its standard-shaped table plus the civ rank map and hook values (``variants.py``)."""

    name: str
    tracks: tuple[tuple[Space, ...], ...]  # 5 tracks
    techs: tuple[str, ...]
    rovers: int
    meteorite_supply: int
    biomass_supply: int
    key: str = "standard"
    civ_ranks: tuple[int, ...] = (0, 1, 2, 3, 4)  # civ card rank by number of civ milestones reached
    hooks: tuple[tuple[str, str], ...] = ()
    water_path: tuple[tuple[int, int], ...] = ()  # Oasis: the water tracker's step i stands on (track, position)
    biomass_rows: tuple[tuple[int, int], ...] = ()  # Wormhole: the biomass track's rows of two spaces (wormhole.py)
    synergy_targets: tuple[tuple[int, int], ...] = ()  # Wormhole: (biomass space, track) of each Syn->X space

    def hook(self, name: str) -> str:
        """A hook value ("" when the corporation does not set it: Universal Coalition's behaviour).

        Universal Coalition sets none, and the rules ask on every step: it answers without a look-up."""
        if not self.hooks:
            return ""
        found: str = _named(self.hooks).get(name, "")
        return found


@per_object
def _named(pairs: tuple[tuple[str, Any], ...]) -> dict[str, Any]:
    """A planet's named bitboards or a corporation's hooks as a dict, made once per tuple (the rules ask often)."""
    return dict(pairs)


class CivCard(NamedTuple):
    id: int
    rank: int
    name: str
    effect: str
    value: int


class Objective(NamedTuple):
    id: int
    neighbour: str
    neighbour_what: str
    private: str
    private_what: str


class EventCard(NamedTuple):
    id: int
    colour: str
    solo_only: bool
    effect: str
    arg: str


class Scoring(NamedTuple):
    commerce: tuple[int, ...]
    lifepod: int
    meteorites_per_point: int
    neighbour_win: int
    neighbour_tie: int
    private: int
    solo_base: int
    solo_bands: tuple[int, ...]
    solo_green: tuple[int, ...]
    solo_orange: tuple[int, ...]
    solo_red: tuple[int, ...]


COLOURS = ("green", "orange", "red")
CIV_EFFECTS = (
    "advance_different", "advance_twice", "biomass", "movement", "extra_tile", "medals", "collect_lifepods",
    "teleport", "clear_line", "unionization", "medal_per_patch", "medals_and_advance", "destroy_meteorites",
    "lifepods_double", "meteorite_repo", "commerce",
)  # fmt: skip
EVENT_EFFECTS = (
    "solo_extra_rover", "solo_extra_civ", "solo_extra_objective", "advance_three_no_benefit", "advance_one_of",
    "solo_rotate", "biomass", "synergy", "collect_lifepod", "collect_meteorite", "regress_one_of",
    "add_meteorite", "regress_any", "rovers_avoid", "no_edge", "one_resource", "no_milestones",
    "solo_destroy_objective", "destroy_rover", "remove_civ_cards", "destroy_lifepod", "lose_lifepod",
    "lose_meteorite", "solo_remove_shape", "synergy_or_peek", "no_matching_neighbours", "no_ice", "no_synergy",
)  # fmt: skip
#: What an event's argument (the last column of ``cards.toml``'s events) holds, by effect: "tracks" a comma list
#: of track names, "times" how many regressions (1-5), "terrain" one terrain name; any other effect takes "".
EVENT_ARGUMENTS = {
    "advance_three_no_benefit": "tracks", "advance_one_of": "tracks", "regress_one_of": "tracks",
    "regress_any": "times", "rovers_avoid": "terrain",
}  # fmt: skip
#: Tech effects the engine implements (Universal Coalition's five; the asymmetric ones are a later issue).
TECH_EFFECTS = (
    "ignore_adjacency", "store_biomass", "rover_movement_plus_one", "double_water", "meteor_shield",
    "movement_on_civ_tile", "civ_next_rank_card", "rover_jump_civ", "synergy_per_civ_milestone", "keep_two_civ_cards",
    "rover_tile_ignores_restrictions", "movement_per_carrying_rover", "biomass_per_meteorite",
    "destroy_carried_on_water", "advance_rover", "jump_blocking_tracker", "movement_per_rover_on_water",
    "water_without_ice", "biomass_per_water_symbol", "synergy_per_water_symbol",
)  # fmt: skip
#: Edge definitions the engine implements (section 3.3; Lacuna and Oblivion's are a later issue).
EDGE_RULES = ("fewer_than_4_neighbours",)
NEIGHBOUR_KINDS = (
    "edge_symbols", "largest_area", "areas", "fewest_symbols", "tracks_at_top", "most_meteorites",
    "most_lifepods", "fewest_meteorites", "fewest_lifepods",
)  # fmt: skip
PRIVATE_KINDS = (
    "square3", "area_symbols", "rect2x5", "track_top", "max_energy_symbols", "meteorites",
    "lifepods_over_meteorites", "ice_covered", "land_covered",
)  # fmt: skip


@dataclass(frozen=True)
class Components:
    """Everything read from the data files (planet, corporation, tiles, cards)."""

    terrain_pairs: tuple[tuple[int, int], ...]
    exterior: tuple[str, ...]
    interior: tuple[str, ...]
    tiles_per_stack: int
    shapes: tuple[Shape, ...]
    planet: Planet
    corporation: Corporation
    civ: tuple[CivCard, ...]
    objectives: tuple[Objective, ...]
    objective_numbers: tuple[tuple[str, int], ...]
    events: tuple[EventCard, ...]
    scoring: Scoring
    source: str = field(default="", compare=False, repr=False)

    def shape(self, name: str) -> Shape:
        return self._shape_named[name] if name in self._shape_named else next(s for s in self.shapes if s.name == name)

    @functools.cached_property
    def _shape_named(self) -> dict[str, Shape]:
        """The shapes by name, the first of a name as ``shape`` finds it (the engine asks every step)."""
        found: dict[str, Shape] = {}
        for shape in self.shapes:
            found.setdefault(shape.name, shape)
        return found

    @functools.cached_property
    def stack_shapes(self) -> tuple[str, ...]:
        """The shape of stacks 0..11: exterior E0..E5 then interior I0..I5 (fields never change: made once)."""
        return self.exterior + self.interior

    def civ_card(self, card: int) -> CivCard:
        found: CivCard = _index(self.civ)[card]
        return found

    def event(self, card: int) -> EventCard:
        found: EventCard = _index(self.events)[card]
        return found

    def objective(self, card: int) -> Objective:
        found: Objective = _index(self.objectives)[card]
        return found

    def number(self, key: str) -> int:
        return dict(self.objective_numbers)[key]


@functools.cache
def _index(cards: tuple[Any, ...]) -> dict[int, Any]:
    return {card.id: card for card in cards}


@dataclass(frozen=True)
class Rules:
    """Options of a game and its component data; ``Rules.standard()`` reads ``data/standard.toml``.

    ``events``: use the event deck module. ``event_split``: the (green, orange, red) counts of the 20-card
    deck, or ``None`` to draw them (BGA). ``private_objectives``: the multiplayer private objective module.
    ``solo_target``: the solo target, or ``None`` for the reference's table (0 without events).
    ``planets`` / ``corporations``: each seat's planet / corporation key (``variants.py``), one per seat or one
    for every seat; ``()`` or ``"standard"`` is KSB-4156 / Universal Coalition. ``track_edits``: ``tuning.py``.

    ``Rules(...)`` and ``Rules.from_dict`` are one door: both refuse a bad option in ``__post_init__``
    (``check_options``), with a ``RulesDataError`` naming it, so no ``Rules`` plays that its own save would not
    load. It runs once per ``Rules``, never per game step (``Rules.standard()`` is built once). ``data``
    changed in Python after it was read (``dataclasses.replace(rules.c, planet=...)``) is saved as the data files
    that read back as it (``card_data.component_files``), so its match replays with it.
    """

    events: bool = False
    event_split: tuple[int, int, int] | None = None
    private_objectives: bool = False
    solo_target: int | None = None
    event_deck_size: int = 20
    data: Components | None = field(default=None, compare=True, repr=False)
    planets: tuple[str, ...] = ()
    corporations: tuple[str, ...] = ()
    track_edits: tuple[tuple[str, str, int, str], ...] = ()  # a designer's track spaces (tuning.py)
    flux_pays_passed_spaces: bool = True  # Flux tech 2: every space passed pays (FAQ A9); False: BGA, milestone only
    reclaim_benefits_after_regression: bool = True  # a space landed on again pays again; False: once (rulings)

    def __post_init__(self) -> None:
        for name, value in check_options(self).items():  # lists from JSON become tuples, None data the standard
            object.__setattr__(self, name, value)

    @property
    def c(self) -> Components:
        assert self.data is not None
        return self.data

    def seats(self, players: int) -> tuple[tuple[Planet, ...], tuple[Corporation, ...]]:
        """Every seat's planet and corporation, worked out once per ``Rules`` and player count."""
        cache: dict[int, tuple[tuple[Planet, ...], tuple[Corporation, ...]]] = self.__dict__.setdefault("_seats", {})
        found = cache.get(players)
        if found is None:
            found = cache[players] = (
                tuple(self.planet(seat) for seat in range(players)),
                tuple(self.corporation(seat) for seat in range(players)),
            )
        return found

    def planet(self, seat: int) -> Planet:
        """The planet of ``seat``: ``planets`` names one per seat (or one for every seat); ``()`` is KSB-4156."""
        from .variants import chosen, planet_entry

        key = chosen(self.planets, seat)
        return self.c.planet if key == "standard" else planet_entry(key)

    def corporation(self, seat: int) -> Corporation:
        """The corporation of ``seat``; ``()`` or ``"standard"`` is Universal Coalition (``variants.py`` refuses,
        by name, a corporation whose hooks or techs the engine does not implement)."""
        from .tuning import edited
        from .variants import chosen, corporation_entry

        key = chosen(self.corporations, seat)
        found = self.c.corporation if key in ("standard", "universal_coalition") else corporation_entry(key)
        return edited(found, self.track_edits) if self.track_edits else found

    @classmethod
    def standard(cls) -> Rules:
        return _standard_rules()

    @classmethod
    def from_toml(cls, standard: str | Path | None = None, cards: str | Path | None = None, **options: Any) -> Rules:
        """Rules whose components come from copies of ``standard.toml`` and ``cards.toml`` (either may be
        left out to use the package's own)."""
        base = load_toml(standard) if standard is not None else load_toml(DATA / "standard.toml")
        deck = load_toml(cards) if cards is not None else load_toml(DATA / "cards.toml")
        names = (Path(standard or "standard.toml").name, Path(cards or "cards.toml").name)
        return cls(data=components_from_files(base, deck, names), **options)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from ``to_dict()``: unknown keys refused here, every option by ``__post_init__`` (the same check
        as ``Rules(...)``); a missing key takes its default."""
        from .card_data import _mapping

        if not isinstance(data, Mapping):
            raise RulesDataError(f"rules: must be an object, not {type(data).__name__}")
        DataReader("rules", data).check_keys(RULES_KEYS)
        options = {key: data[key] for key in RULES_KEYS if key in data and key != "data"}
        raw = data.get("data")
        if raw is not None:
            raw = _mapping(raw)
            files = (_mapping(raw.get("standard")), _mapping(raw.get("cards")))
            options["data"] = components_from_files(*files, ("rules.data.standard", "rules.data.cards"))
        return cls(**options)

    def to_dict(self) -> dict[str, Json]:
        raw = None if self.c == standard_components() else json.loads(self.c.source)
        return {
            "events": self.events,
            "event_split": None if self.event_split is None else list(self.event_split),
            "private_objectives": self.private_objectives,
            "solo_target": self.solo_target,
            "event_deck_size": self.event_deck_size,
            "data": raw,
            "planets": list(self.planets),
            "corporations": list(self.corporations),
            "track_edits": [list(edit) for edit in self.track_edits],
            "flux_pays_passed_spaces": self.flux_pays_passed_spaces,
            "reclaim_benefits_after_regression": self.reclaim_benefits_after_regression,
        }


RULES_KEYS = tuple(option.name for option in fields(Rules))


def check_options(rules: Rules) -> dict[str, Any]:
    """Refuse, with a ``RulesDataError`` naming the option, any value ``rules`` cannot play or save; return the
    options in their stored form (tuples, the standard components for ``data=None``)."""
    from .tuning import check_track_edits
    from .variants import check_choices

    reader = DataReader("rules", {option.name: getattr(rules, option.name) for option in fields(rules)})
    for flag in ("events", "private_objectives", "flux_pays_passed_spaces", "reclaim_benefits_after_regression"):
        reader.get(flag, bool)
    deck_size = reader.int_in("event_deck_size", 1, MAX_EVENT_DECK)
    if rules.solo_target is not None:
        reader.int_in("solo_target", 0, MAX_SOLO_TARGET)
    data = standard_components() if rules.data is None else rules.data
    if not isinstance(data, Components):
        raise reader.fail(
            "data", f"must be the components read from data files (Rules.from_toml), not {shown(data, 60)}"
        )
    data = _saveable(reader, data)
    planets, corporations = _seat_names(reader, "planets"), _seat_names(reader, "corporations")
    for key, choice in (("planets", (planets, ())), ("corporations", ((), corporations))):
        try:
            check_choices(*choice)
        except RulesDataError as error:  # "planet 'x' is unknown": say which option holds it
            raise reader.fail(key, f"names one the engine cannot play: {error}") from error
    return {
        "event_split": _event_split(reader, deck_size),
        "data": data,
        "planets": planets,
        "corporations": corporations,
        "track_edits": check_track_edits(rules.track_edits, data.corporation),
    }


def _saveable(reader: DataReader, data: Components) -> Components:
    """``data`` with the data files a save holds: those it was read from, or, for components changed in Python
    after reading (``dataclasses.replace(rules.c, planet=...)``), files written from them and read back, so the
    saved match replays with the same components. What the data files cannot hold is refused."""
    from .card_data import component_files

    if data == standard_components() or data == _read_source(data.source):
        return data
    planet, corporation = data.planet, data.corporation
    if not (isinstance(planet, Planet) and isinstance(corporation, Corporation)):
        raise reader.fail("data", "must hold a Planet and a Corporation")
    if planet != Planet(*planet[:5]) or corporation != Corporation(*corporation[:6]):
        raise reader.fail(
            "data",
            "holds a planet or corporation with its own rules, which the data files cannot hold: choose it "
            "with planets= or corporations=",
        )
    misfit = record_misfit(data)
    if misfit is not None:
        raise reader.fail("data", f"holds a value its type does not allow: {misfit}")
    base, deck = component_files(data)
    try:
        again = components_from_files(base, deck, ("rules.data.standard", "rules.data.cards"))
    except RulesDataError as error:
        raise reader.fail("data", f"was changed into components the data files refuse: {error}") from error
    if again != data:
        raise reader.fail("data", "holds what the data files cannot (it does not read back the same)")
    return again


@functools.cache
def _read_source(source: str) -> Components | None:
    """The components the saved files ``source`` read as (``None`` if they are not two readable data files)."""
    try:
        files = json.loads(source)
        return components_from_files(files["standard"], files["cards"], ("rules.data.standard", "rules.data.cards"))
    except (ValueError, TypeError, KeyError):  # not JSON, not the two tables, or refused (RulesDataError)
        return None


def _event_split(reader: DataReader, deck_size: int) -> tuple[int, int, int] | None:
    split = reader.data["event_split"]
    if split is None:
        return None
    if (
        not isinstance(split, tuple | list)
        or len(split) != 3
        or any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in split)
    ):
        raise reader.fail(
            "event_split", f"must be three counts >= 0 (green, orange, red) or None, not {shown(split, 60)}"
        )
    if sum(split) != deck_size:
        raise reader.fail("event_split", f"{list(split)} must add up to {deck_size} (event_deck_size)")
    return (split[0], split[1], split[2])


def _seat_names(reader: DataReader, key: str) -> tuple[str, ...]:
    names = reader.data[key]
    if not isinstance(names, tuple | list) or not all(isinstance(name, str) for name in names):
        raise reader.fail(key, f"must be a list of names (one per seat, or one for every seat), not {shown(names, 60)}")
    if len(names) > MAX_SEATS:
        raise reader.fail(key, f"names {len(names)} entries; a game has at most {MAX_SEATS} seats")
    return tuple(names)


@functools.cache
def _standard_rules() -> Rules:
    return Rules()


@functools.cache
def standard_components() -> Components:
    base, deck = load_toml(DATA / "standard.toml"), load_toml(DATA / "cards.toml")
    return components_from_files(base, deck, ("standard.toml", "cards.toml"))


# -- reading the data ---------------------------------------------------------------------------------------
STANDARD_KEYS = (
    "terrain_pairs", "exterior", "interior", "tiles_per_stack", "shapes", "planet", "corporation", "civ", "scoring",
)  # fmt: skip
CARDS_KEYS = ("objectives", "objective_numbers", "reconstructed", "events")


def components_from_files(base: Mapping[str, Any], deck: Mapping[str, Any], names: tuple[str, str]) -> Components:
    """Components from the two data files' tables (``standard``: tiles, planet, corporation, civ cards,
    scoring; ``cards``: objectives and events); every error names its file and key."""
    reader = DataReader(names[0], base)
    reader.check_keys(STANDARD_KEYS)
    cards = DataReader(names[1], deck)
    cards.check_keys(CARDS_KEYS)
    from .card_data import _civ, _event, _objective, _pair, _scoring, _shape
    from .tuning import check_implemented

    pairs = tuple(_pair(reader, i, pair) for i, pair in enumerate(reader.get("terrain_pairs", list)))
    exterior = tuple(str(name) for name in reader.get("exterior", list))
    interior = tuple(str(name) for name in reader.get("interior", list))
    shapes = tuple(_shape(reader.child("shapes").child(name), name) for name in sorted(reader.get("shapes", dict)))
    shape_names = {shape.name for shape in shapes}
    for name in exterior + interior:
        if name not in shape_names:
            raise reader.fail("exterior", f"names a shape {name!r} that [shapes] does not define")
    if len(exterior) != 6 or len(interior) != 6 or len(pairs) != 6:
        raise reader.fail("exterior", "there must be 6 exterior and 6 interior stacks and 6 terrain pairs")
    for data_reader, key in ((reader, "civ"), (cards, "objectives"), (cards, "events")):
        rows = data_reader.get(key, list)
        ids = [
            row.get("id") if isinstance(row, dict) else (row[0] if isinstance(row, list) and row else None)
            for row in rows
        ]
        if len(set(map(str, ids))) != len(ids):
            raise data_reader.fail(key, "has a card id twice")
    planet, corporation = _planet(reader.child("planet")), _corporation(reader.child("corporation"))
    check_implemented(reader, planet, corporation)
    numbers = cards.get("objective_numbers", dict)
    for key, value in numbers.items():
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 144:
            raise cards.fail(f"objective_numbers.{key}", f"must be an int 0-144, not {value!r}")
    return Components(
        terrain_pairs=pairs,
        exterior=exterior,
        interior=interior,
        tiles_per_stack=reader.int_in("tiles_per_stack", 1, 12),
        shapes=shapes,
        planet=planet,
        corporation=corporation,
        civ=tuple(_civ(row) for row in reader.items("civ")),
        objectives=tuple(_objective(cards, i, row) for i, row in enumerate(cards.get("objectives", list))),
        objective_numbers=tuple(sorted((str(k), int(v)) for k, v in numbers.items())),
        events=tuple(_event(cards, i, row) for i, row in enumerate(cards.get("events", list))),
        scoring=_scoring(reader.child("scoring")),
        source=json.dumps({"standard": base, "cards": deck}, sort_keys=True),
    )


def _planet(reader: DataReader) -> Planet:
    reader.check_keys(["name", "rows", "row_medals", "column_medals", "edge"])
    rows = tuple(str(row) for row in reader.get("rows", list))
    if len(rows) != 12 or any(len(row) != 12 or set(row) - set(".LIP") for row in rows):
        raise reader.fail("rows", "must be 12 rows of 12 characters from . L I P")
    medals = []
    for key in ("row_medals", "column_medals"):
        values = _ints(reader, key)
        if len(values) != 12 or any(not 0 <= m <= 99 for m in values):
            raise reader.fail(key, "must be 12 medals of 0-99")
        medals.append(values)
    return Planet(reader.get("name", str), rows, medals[0], medals[1], reader.get("edge", str))


def _space(reader: DataReader, key: str, text: str) -> Space:
    values: dict[str, Any] = {}
    for token in filter(None, text.split("+")):
        if token[0] == "M" and token[1:].isdigit():
            values["medal"] = int(token[1:])
        elif token[0] == "m" and token[1:].isdigit():
            values["movement"] = int(token[1:])
        elif token in ("SYN", "CIV", "BIO", "TECH", "ROV"):
            flag = {"SYN": "synergy", "CIV": "civ", "BIO": "biomass", "TECH": "tech", "ROV": "rover"}[token]
            if flag in values:  # Flux's upgraded "SYN+SYN" is that benefit twice: not implemented, not halved
                raise reader.fail(key, f"repeats {token!r}; a benefit twice on one space is not implemented")
            values[flag] = True
        else:
            raise reader.fail(key, f"has an unknown token {token!r}")
    return Space(**values)


def _corporation(reader: DataReader) -> Corporation:
    reader.check_keys(["name", *TERRAIN_NAMES[:5], "techs", "meteorite_supply", "biomass_supply"])
    tracks = []
    for name in TERRAIN_NAMES[:5]:
        spaces = reader.get(name, list)
        if not 2 <= len(spaces) <= MAX_TRACK_POSITIONS:
            raise reader.fail(name, f"must have 2 to {MAX_TRACK_POSITIONS} positions, not {len(spaces)}")
        tracks.append(tuple(_space(reader, f"{name}[{i}]", str(text)) for i, text in enumerate(spaces)))
    rovers = sum(space.rover for space in tracks[Track.ROVER])
    techs = reader.get("techs", list)
    if len(techs) > MAX_TECHS or not all(isinstance(tech, str) for tech in techs):
        raise reader.fail("techs", f"must be a list of at most {MAX_TECHS} tech names")
    return Corporation(
        reader.get("name", str),
        tuple(tracks),
        tuple(techs),
        rovers,
        reader.int_in("meteorite_supply", 0, 1000),
        reader.int_in("biomass_supply", 0, 1000),
    )


def _ints(reader: DataReader, key: str) -> tuple[int, ...]:
    values = reader.get(key, list)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise reader.fail(key, "must be a list of ints")
    return tuple(values)


def terrain_mask_names(mask: int) -> list[str]:
    return [TERRAIN_NAMES[t] for t in range(6) if mask >> t & 1]


def tracks_named(text: str) -> tuple[int, ...]:
    return tuple(TERRAIN_NAMES.index(name) for name in text.split(",") if name)
