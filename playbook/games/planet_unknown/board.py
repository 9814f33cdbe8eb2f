"""One player's planet and corporation board as an immutable record of bitboards and counters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple, get_type_hints

from playbook.core.errors import InvalidStateError
from playbook.core.protocol import Json
from playbook.core.serialize import from_json_value, record_to_dict

from .components import Corporation, Track
from .geometry import PlanetMasks
from .memo import per_object
from .plugin import rules_of
from .rulebook import medals_reached, milestones_reached


class Board(NamedTuple):
    covered: int  # squares under a tile or patch
    terrain: tuple[int, int, int, int, int, int]  # one bitboard per Terrain (patches are biomass)
    symbols: tuple[int, int, int, int, int, int]  # the squares that carry each resource symbol
    meteor_marks: int  # meteorite-symbol squares of placed meteor tiles
    meteorites: int  # meteorites on the planet
    lifepods: int  # lifepods on the planet
    patches: int  # biomass patches on the planet
    rovers: tuple[int, ...]  # squares of the rovers on the planet, sorted
    rover_supply: int
    trackers: tuple[int, int, int, int, int]
    lifepods_collected: int
    meteorites_collected: int
    stored_biomass: int
    civ_cards: tuple[int, ...]
    objectives: tuple[int, ...]  # private objectives kept
    tiles_placed: int
    last_tile: int  # mask of the last tile placed (rovers are placed on it)
    meteorite_supply: int
    biomass_supply: int
    blocked: bool  # could not place this round (the end is triggered)
    powers_used: tuple[str, ...] = ()  # anytime powers used (per-round ones cleared at round start)
    tech_slots: int = 0  # Jump Drive: bit n-1 set while tech slot n holds a lifepod (tech n unlocked)
    shared_objectives: tuple[int, ...] = ()  # Jump Drive tech 6: objectives every player competes for
    track_lifepods: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)  # Cosmos: per track, a bit per covered space
    free_steps: int = 0  # Cosmos tech 4: free rover steps taken this round (bounded by its plug-in)
    columns: tuple[int, int, int, int, int] = (0, 1, 2, 3, 4)  # Makeshift: the track each tracker stands on
    flux_track: int = -1  # Flux: the flux track (-1 until chosen at set-up)
    flux_rovers: int = 0  # Flux tech 1: rovers on flux-type terrain at the start of the round
    #: per track, the highest position its tracker has reached by the base advance, kept only for a table that pays
    #: each space once (``Rules.reclaim_benefits_after_regression`` False; the rulings table in ``components.py``)
    reached: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)

    def to_dict(self) -> dict[str, Json]:
        return record_to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Json]) -> Board:
        """A board from JSON; bitboards are 144-bit ints, so they are checked here, not by the core reader."""
        return board_from_dict(data)


def new_board(masks: PlanetMasks, corporation: Corporation) -> Board:
    return Board(
        covered=0,
        terrain=(0, 0, 0, 0, 0, 0),
        symbols=(0, 0, 0, 0, 0, 0),
        meteor_marks=0,
        meteorites=0,
        lifepods=masks.lifepods,
        patches=0,
        rovers=(),
        rover_supply=corporation.rovers,
        trackers=(0, 0, 0, 0, 0),
        lifepods_collected=0,
        meteorites_collected=0,
        stored_biomass=0,
        civ_cards=(),
        objectives=(),
        tiles_placed=0,
        last_tile=0,
        meteorite_supply=corporation.meteorite_supply,
        biomass_supply=corporation.biomass_supply,
        blocked=False,
    )


class TrackTables(NamedTuple):
    """Per track and position: the tech level, civ rank and best medal reached there."""

    top: tuple[int, ...]
    tech_level: tuple[int, ...]  # on the tech track
    civ_rank: tuple[int, ...]  # on the civ track
    best_medal: tuple[tuple[int, ...], ...]
    at_top: tuple[int, ...] = ()  # the lowest position that is the top (Wormhole's biomass: 14 or 15 is the top)


@per_object
def track_tables(corporation: Corporation) -> TrackTables:
    """Per position: the tech level reached, the civ card rank (``civ_ranks`` of the number of CIV spaces at or
    below), and the medal scored: the nearest medal at or below the tracker (reference 1.4; on a track whose
    medals only rise, as Universal Coalition's, that is also the highest)."""
    tops = tuple(len(track) - 1 for track in corporation.tracks)
    tech = corporation.tracks[Track.TECH]
    civ = corporation.tracks[Track.CIV]
    ranks = corporation.civ_ranks
    medals = [medals_reached([space.medal for space in track]) for track in corporation.tracks]
    if corporation.water_path:  # Oasis: the water tracker walks the path; only water-track medals count for it
        tops = (*tops[:1], len(corporation.water_path) - 1, *tops[2:])
        medals[Track.WATER] = medals_reached(
            [corporation.tracks[on_track][position].medal if on_track == Track.WATER else 0
             for on_track, position in corporation.water_path]
        )  # fmt: skip
    return TrackTables(
        tops,
        milestones_reached([space.tech for space in tech]),
        tuple(ranks[min(reached, len(ranks) - 1)] for reached in milestones_reached([space.civ for space in civ])),
        tuple(medals),
        (*tops[:2], corporation.biomass_rows[-1][0], *tops[3:]) if corporation.biomass_rows else tops,
    )


#: Hook pairs of ``data/corporations.toml`` the base rules test (``in corporation.hooks``: no dict built on the
#: hot path): only the most recently unlocked tech works (Flux); energy never advances biomass, and a biomass
#: symbol advances only if the tile made no new biomass area (Wormhole).
FLUX = ("tech_active", "latest_only")
NOT_BIOMASS = ("energy_choices", "not_biomass")
ONLY_IF_NO_NEW_AREA = ("biomass_symbol", "only_if_no_new_area")
#: Each tracker on its own track (every corporation but Makeshift keeps this).
STANDARD_COLUMNS = (0, 1, 2, 3, 4)


def tech_level(board: Board, corporation: Corporation) -> int:
    if board.columns != STANDARD_COLUMNS:  # Makeshift: the highest tracker standing on the tech track
        return track_tables(corporation).tech_level[highest_on(board, Track.TECH)]
    return track_tables(corporation).tech_level[board.trackers[Track.TECH]]


def highest_on(board: Board, column: int) -> int:
    """Makeshift: the height of the highest tracker standing on track ``column`` (0 when none does)."""
    return max((h for h, c in zip(board.trackers, board.columns, strict=True) if c == column), default=0)


def has_tech(board: Board, corporation: Corporation, effect: str) -> bool:
    """Is the tech with this effect live (its milestone at or below the tech tracker)?"""
    if effect not in corporation.techs:
        return False
    index = corporation.techs.index(effect)
    if board.tech_slots:  # Jump Drive: a lifepod on slot n unlocks tech n (its tech track has no milestones)
        return bool(board.tech_slots >> index & 1)
    level = tech_level(board, corporation)
    if level <= index or (level > index + 1 and FLUX in corporation.hooks):  # Flux: the latest tech only
        return False
    covered = board.track_lifepods[Track.TECH]
    if covered:  # a corporation's own lock (Cosmos: a tech milestone under a lifepod locks that level only)
        locked = rules_of(corporation).tech_locked
        return locked is None or not locked(corporation, index, covered)
    return True


_ACTIVE: dict[tuple[Any, ...], tuple[Corporation, tuple[int, ...]]] = {}


def active_techs(board: Board, corporation: Corporation) -> tuple[int, ...]:
    """The tech levels (1-based) whose power works now: ``has_tech`` of each, remembered by what it reads of the
    board (every observation shows them for every board, and they change only when a tracker moves)."""
    key = (id(corporation), board.trackers, board.columns, board.tech_slots, board.track_lifepods)
    found = _ACTIVE.get(key)
    if found is None or found[0] is not corporation:
        if len(_ACTIVE) >= 1 << 14:
            _ACTIVE.clear()
        levels = tuple(n for n, tech in enumerate(corporation.techs, 1) if has_tech(board, corporation, tech))
        found = _ACTIVE[key] = (corporation, levels)
    return found[1]


BITBOARDS = frozenset({"covered", "meteor_marks", "meteorites", "lifepods", "patches", "last_tile"})
BITBOARD_LIMIT = 1 << 144


def _bitboard(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < BITBOARD_LIMIT:
        raise InvalidStateError(f"{where}: must be a bitboard (an int in [0, 2**144)), not {value!r:.60}")
    return value


def board_from_dict(data: Mapping[str, Json]) -> Board:
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"Board: must be an object, not {type(data).__name__}")
    unknown = sorted(str(key) for key in data if key not in Board._fields)
    if unknown:
        raise InvalidStateError(f"Board: unknown field {unknown[0]!r}")
    hints = get_type_hints(Board)
    values: list[Any] = []
    for name in Board._fields:
        if name not in data and name in Board._field_defaults:  # saved before the asymmetric corporations
            values.append(Board._field_defaults[name])
            continue
        if name not in data:
            raise InvalidStateError(f"Board.{name}: missing")
        value = data[name]
        if name in BITBOARDS:
            values.append(_bitboard(value, f"Board.{name}"))
        elif name in ("terrain", "symbols"):
            if not isinstance(value, list | tuple) or len(value) != 6:
                raise InvalidStateError(f"Board.{name}: must be 6 bitboards")
            values.append(tuple(_bitboard(v, f"Board.{name}[{i}]") for i, v in enumerate(value)))
        else:
            values.append(from_json_value(hints[name], value, f"Board.{name}"))
    return Board(*values)
