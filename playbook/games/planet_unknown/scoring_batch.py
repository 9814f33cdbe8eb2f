"""Every placement of a decision scored at once, for the greedy bots (``agents._Greedy.place_value``).

A bot's decision scores about 170 placements of one board; scoring them one by one (``economy.placement_yield``
on a board rebuilt per placement) was four fifths of a bot game. Here each planet's placements of every depot
stack are read once per process into a table (``batch_tables.PlanetArrays``: per placement its facts as small
ints and its bitboards as 64-bit words: its squares, the squares next to it and next to each part), the board
once per decision into a few layers of words (``batch_tables.BoardWords``), and the scores of all the placements
of a decision come out of a few dozen numpy operations over arrays of about 170: two gathers of the table's
rows, ANDs of their words with the board's layers, population counts and sums. A numpy call costs a microsecond
or two whatever its size, so the count of calls, not their size, is what a decision pays.

The scores are the one-by-one scores bit for bit, so the bots choose exactly as before
(``tests/planet_unknown/test_bot_choices_pinned.py``): every float is made by the same IEEE operations in the
same order (the lines a placement touches are added one after another, never summed pairwise; the padding adds
0.0, which changes no sum), and what is a Python ``sum`` or ``max`` in the one-by-one scorer (the track
advances, the best energy track) is still made by it, once per distinct yield. The shortcuts below hold for a
placement on free squares whose energy (and Wormhole's biomass) part is connected and holds its symbol; any
other placement, a tile of two equal terrains and Petra's energy (its uncovered currents, which a tile splits,
join energy areas) are scored one by one by the bot's own ``place_value``.

- Energy: the area of the part's symbol after placing is the part joined with the existing energy areas next to
  it, so the tracks it touches (``planet.energy_tracks``) are those of the covered squares next to the part,
  those next to each joined area, and the tile's other terrain if its other part touches the part or a joined
  area. ``BoardWords.near`` holds per track the squares that advance it (its covered terrain, and the energy
  areas next to that), so five ANDs with the squares next to the part give the tracks, and one per area the
  areas both parts join.
- Wormhole's biomass symbol advances unless the tile makes a new biomass area (its plug-in's ``biomass_symbol``):
  the part merges the areas next to it into one, so it advances exactly when the part touches biomass.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .actions import PlaceTile
from .batch_tables import (
    AREA_ROWS,
    AROUND,
    AROUND_A,
    BIOMASS_ROW,
    CELLS,
    KEY_OF,
    BoardWords,
    Layout,
    PlanetArrays,
    board_words,
    by_identity,
    planet_arrays,
)
from .bit_words import WORDS, WordArray, bit_counts
from .board import NOT_BIOMASS, ONLY_IF_NO_NEW_AREA, Board
from .components import Components, Corporation, Terrain
from .planet import tile_pair

__all__ = ["BoardWords", "Techs", "board_words", "by_identity", "place_scores", "planet_arrays"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]

#: The terrains as plain ints (an IntEnum member read in a hot path costs a lookup through the enum class).
WATER, BIOMASS, ENERGY = int(Terrain.WATER), int(Terrain.BIOMASS), int(Terrain.ENERGY)
#: The bit of track ``t`` at ``t + 1`` (none for energy or -1, no terrain).
TRACK_BIT = np.array([0, 1, 2, 4, 8, 16, 0], np.int64)
#: The weights that turn the yes/no of the ``BoardWords.near`` rows before ``AREA_ROWS`` into one int per part:
#: the tracks in bits 0-4, biomass in bit 5.
LOW_BITS = 1 << np.arange(AREA_ROWS, dtype=np.int64)
FIVE = 31


class Techs(NamedTuple):
    """What the corporation's techs and hooks change in a yield (read once per decision)."""

    per_ice_square: bool  # Oasis: a water advance per water square on ice
    double_water: bool
    water_without_ice: bool  # Oasis tech 3
    meteor_shield: bool
    not_biomass: bool  # Wormhole: energy never advances biomass
    biomass_needs_no_new_area: bool  # Wormhole's biomass symbol

    @classmethod
    def of(
        cls, read: tuple[Any, ...], board: Callable[[], Board], corporation: Corporation,
        has_tech: Callable[[Board, Corporation, str], bool],
    ) -> Techs:  # fmt: skip
        """Remembered per corporation object and ``read``, what ``board.has_tech`` reads of the board (the
        trackers, the tracks they stand on, Jump Drive's slots, Cosmos's lifepods on the tech track): asking it
        hashes the whole corporation (``track_tables``'s cache), more than the rest of a decision's bookkeeping."""
        key = (id(corporation), *read)
        found = _TECHS.get(key)
        if found is None or found[0] is not corporation:
            if len(_TECHS) > 4096:
                _TECHS.clear()
            seen = board()
            techs = cls(
                corporation.hook("water_symbol") == "per_ice_square",
                has_tech(seen, corporation, "double_water"),
                has_tech(seen, corporation, "water_without_ice"),
                has_tech(seen, corporation, "meteor_shield"),
                NOT_BIOMASS in corporation.hooks,
                ONLY_IF_NO_NEW_AREA in corporation.hooks,
            )
            found = _TECHS[key] = (corporation, techs)
        return found[1]


_TECHS: dict[tuple[Any, ...], tuple[Corporation, Techs]] = {}


# -- per depot tops: the tiles' terrains ----------------------------------------------------------------------
class _Stacks(NamedTuple):
    """Per depot stack (12 columns): the terrains of its top tile and facts of them (rows ``A`` to
    ``OTHER_BIT``), and whether any top tile holds energy or biomass."""

    table: IntArray
    energy: bool
    biomass: bool


#: The rows of ``_Stacks.table``: the tile's terrains; 1 when its placements are scored one by one (no tile, two
#: equal terrains, Petra's energy); water in part A, in B; the part holding energy (1: A, 2: B, 0: none) and
#: biomass; 1 when the tile brings a meteorite; its terrains as a ``_track_sums`` key (times 32); the track bit
#: of the terrain beside its energy (``TRACK_BIT``; 0 without energy).
A, B, NOT_OK, WATER_A, WATER_B, ENERGY_SIDE, BIOMASS_SIDE, METEORITE, KEY, OTHER_BIT = range(10)
_TILES: dict[tuple[int, bool, bool], tuple[Any, IntArray]] = {}
_TOPS: dict[tuple[Any, ...], tuple[Any, _Stacks]] = {}


def _stacks(ctx: Any) -> _Stacks:
    """The ``_Stacks`` of the depot tops, read from a table of the facts of each tile (and of no tile), and
    remembered by the tops (the other seats' decisions of a round see the same)."""
    c = ctx.rules.c
    petra, shield = ctx.planet.energy_terrain != "tiles", ctx.techs.meteor_shield
    tops = tuple(ctx.obs["stack_tops"])
    key = (id(c), petra, shield, tops)
    known = _TOPS.get(key)
    if known is not None and known[0] is c:
        return known[1]
    found = _TILES.get((id(c), petra, shield))
    if found is None or found[0] is not c:
        found = _TILES[(id(c), petra, shield)] = (c, _tile_facts(c, petra, shield))
    facts = found[1]
    empty = facts.shape[1] - 1
    table = facts.take([empty if tile is None else int(tile) for tile in tops], axis=1)
    stacks = _Stacks(table, bool(table[ENERGY_SIDE].any()), bool(table[BIOMASS_SIDE].any()))
    if len(_TOPS) >= 4096:
        _TOPS.clear()
    _TOPS[key] = (c, stacks)
    return stacks


def _side(pair: tuple[int, int], terrain: int) -> int:
    """1 when part A of a tile of ``pair`` holds ``terrain``, 2 when part B does, 0 when neither."""
    return pair.index(terrain) + 1 if terrain in pair else 0


def _tile_facts(c: Components, petra: bool, shield: bool) -> IntArray:
    """One column per tile type, then one for no tile (rows: ``_Stacks.table``). ``petra``: uncovered currents
    join energy areas (energy tiles are scored one by one); ``shield``: no meteorites."""
    rows = []
    for tile in [*range(2 * len(c.terrain_pairs)), None]:
        a, b = tile_pair(c, tile) if tile is not None else (-1, -1)
        ok = tile is not None and a != b and not (petra and ENERGY in (a, b))
        energy = _side((a, b), ENERGY)
        rows.append([
            a, b, not ok, a == WATER, b == WATER, energy, _side((a, b), BIOMASS),
            tile is not None and tile % 2 == 1 and not shield, ((a + 1) * 8 + b + 1) * 8 * 32,
            TRACK_BIT[(b if energy == 1 else a) + 1] if energy else 0,
        ])  # fmt: skip
    return np.array(rows, np.int64).T.copy()


# -- the scores ------------------------------------------------------------------------------------------------
def _codes(table: PlanetArrays, actions: Sequence[PlaceTile]) -> IntArray | None:
    """Each action's row * 4 + skip + 1, remembered by the action object when the engine hands the same ones
    again (they cannot change once built; ``kept`` holds them, so a live action's id is its own); ``None`` when
    one is not a placement of this planet."""
    seen = table.seen
    try:  # every action seen before (most decisions): their codes straight into an array
        return np.fromiter(map(seen.__getitem__, map(id, actions)), np.int64, len(actions))
    except KeyError:
        pass
    codes = list(map(seen.get, map(id, actions)))
    if None in codes:
        if len(seen) > 100_000:
            seen.clear()
            table.kept.clear()
        for i, action in enumerate(actions):
            if codes[i] is None:
                row = table.row_of.get(KEY_OF(action))
                if row is None:
                    return None
                codes[i] = seen[id(action)] = row * 4 + action.skip + 1
                table.kept.append(action)
    return np.array(codes, np.int64)


def place_scores(bot: Any, ctx: Any, actions: Sequence[PlaceTile]) -> list[float]:
    """``bot.place_value(ctx, a)`` for each of ``actions``, equal bit for bit."""
    table = planet_arrays(ctx.planet, ctx.rules.c)
    codes = _codes(table, actions)
    if codes is None:  # not a placement of this planet: place_value says why
        return [bot.place_value(ctx, action) for action in actions]
    values, exact = _values(bot, ctx, table, codes)
    found: list[float] = values.tolist()
    if not exact.all():
        for i in np.flatnonzero(~exact).tolist():
            found[i] = bot.place_value(ctx, actions[i])
    return found


class _Read(NamedTuple):
    """The placements of a decision read from the tables: their facts (a row each: ``Layout``), their stacks'
    facts, the squares of each ``BoardWords.counted`` layer under them, the covered squares next to them, the
    bitboards next to their parts (A, B) and the skipped terrain (``None``: no placement gives a symbol up)."""

    columns: IntArray
    stack: IntArray
    counts: IntArray  # (counted layers, n)
    around: IntArray
    parts: WordArray  # (2, WORDS, n)
    skipped: IntArray | None


def _read(table: PlanetArrays, board: BoardWords, info: _Stacks, codes: IntArray) -> _Read:
    rows = codes >> 2
    columns = np.ascontiguousarray(table.table.take(rows, axis=0).T, dtype=np.int64)
    taken = table.words.take(rows, axis=0)  # rows: a placement's words share two cache lines
    bitboards = np.ascontiguousarray(taken.reshape(len(rows), -1).T).reshape(4, WORDS, len(rows))
    stack = info.table.take(columns[table.layout.stack], axis=1)
    skip = codes & 3
    skipped = np.where(skip == 0, -1, np.where(skip == 1, stack[A], stack[B])) if skip.any() else None
    return _Read(
        columns,
        stack,
        bit_counts(bitboards[CELLS] & board.counted).sum(axis=1, dtype=np.int64),
        bit_counts(bitboards[AROUND] & board.covered).sum(axis=0, dtype=np.int64),
        bitboards[AROUND_A:],
        skipped,
    )


class _Near(NamedTuple):
    """Per part (A, B) and placement: the tracks its squares' neighbours advance next to energy (bits 0-4) and
    biomass (bit 5); and whether both parts are next to one energy area."""

    low: IntArray  # (2, n)
    shared: BoolArray | bool


def _near(r: _Read, board: BoardWords) -> _Near:
    hits = ((r.parts[:, None] & board.near) != 0).any(axis=2)  # (2, near rows, n)
    low: IntArray = LOW_BITS @ hits[:, :AREA_ROWS]
    if not board.areas:
        return _Near(low, False)
    joined = hits[:, AREA_ROWS:]
    return _Near(low, (joined[0] & joined[1]).any(axis=0))


def _values(bot: Any, ctx: Any, table: PlanetArrays, codes: IntArray) -> tuple[FloatArray, BoolArray]:
    """The scores of the placements ``codes`` (``_codes``), and which are exact (the others: one by one)."""
    tech: Techs = ctx.techs
    layout = table.layout
    board = board_words(ctx)
    info = _stacks(ctx)
    r = _read(table, board, info, codes)
    stack, columns = r.stack, r.columns
    exact = (r.counts[0] | stack[NOT_OK]) == 0
    energy = info.energy and bool(stack[ENERGY_SIDE].any())
    biomass = tech.biomass_needs_no_new_area and info.biomass and bool(stack[BIOMASS_SIDE].any())
    near = _near(r, board) if energy or biomass else None
    extra = _water(columns, layout, stack, tech) * 2
    if biomass and near is not None:
        side = stack[BIOMASS_SIDE]
        extra = extra + (np.choose(side, (0, near.low[0], near.low[1])) >> BIOMASS_ROW & 1)
        exact &= (columns[layout.simple] & side) == side
    value = _track_sums(bot, ctx, r, extra)
    if energy and near is not None:
        tracks, simple = _energy_tracks(r, layout, near, tech.not_biomass)
        exact &= simple
        value = value + _energy_values(bot, ctx, tracks, r.skipped)
    if r.counts[1:].any():  # tiles on lifepods or rovers (subtracting 0.0 changes no score)
        value = value - LOSSES[: len(r.counts)] @ r.counts * 0.5  # 1.5 per lifepod + 2.0 per rover, exactly
    value = value + bot.lines_weight * _lines_values(r, layout, board.terms)
    value = value + 0.15 * r.around
    return value, exact


#: Per ``BoardWords.counted`` layer, twice what a tile on it loses (an occupied square none: it is never scored
#: here): 1.5 per lifepod and 2.0 per rover, halved after an integer sum, which is exact for counts this small.
LOSSES = np.array([0, 3, *[4] * 30], np.int64)


def _water(columns: IntArray, layout: Layout, stack: IntArray, tech: Techs) -> IntArray:
    """The water advances of each placement (``placement_yield``: per water square on ice, or 1 or 2 when one
    is; Oasis tech 3: 1 more off the ice)."""
    on_ice = columns[layout.ice_a] * stack[WATER_A] + columns[layout.ice_b] * stack[WATER_B]
    water: IntArray = on_ice if tech.per_ice_square else (on_ice > 0) * (2 if tech.double_water else 1)
    if tech.water_without_ice:
        water = water + (1 - columns[layout.on_ice])
    return water


def _track_sums(bot: Any, ctx: Any, r: _Read, extra: IntArray) -> FloatArray:
    """``sum(track_value(t, n) ...)`` of each placement's advances (not the skipped terrain's), made by that very
    sum once per distinct (tile terrains, skipped terrain, water and biomass advances: ``extra`` is water * 2 +
    biomass)."""
    keys = r.stack[KEY] + extra if r.skipped is None else r.stack[KEY] + (r.skipped + 1) * 32 + extra
    distinct = sorted(set(keys.tolist()))
    plain = ctx.techs.biomass_needs_no_new_area
    sums = [float(sum(bot.track_value(ctx, t, n) for t, n in _advances(key, plain))) for key in distinct]
    if len(sums) == 1:
        return np.full(len(keys), sums[0])
    found: FloatArray = np.array(sums).take(np.array(distinct).searchsorted(keys))
    return found


_ADVANCES: dict[tuple[int, bool], tuple[tuple[int, int], ...]] = {}


def _advances(key: int, biomass_plain: bool) -> tuple[tuple[int, int], ...]:
    """The (track, advances) a ``_track_sums`` key yields, in track order, none of the skipped terrain's (the
    terms ``place_value`` sums); water, energy and (Wormhole) biomass symbols are counted apart."""
    found = _ADVANCES.get((key, biomass_plain))
    if found is None:
        a, b, gone, waters, grown = (key >> 11) - 1, (key >> 8 & 7) - 1, (key >> 5 & 7) - 1, key >> 1 & 15, key & 1
        plain = (WATER, ENERGY, BIOMASS) if biomass_plain else (WATER, ENERGY)
        advances = [0, 0, 0, 0, 0]
        for t in (a, b):
            if 0 <= t < 5 and t not in plain:
                advances[t] += 1
        advances[WATER] += waters
        advances[BIOMASS] += grown
        found = tuple((t, n) for t, n in enumerate(advances) if n and t != gone)
        if len(_ADVANCES) >= 1 << 14:
            _ADVANCES.clear()
        _ADVANCES[(key, biomass_plain)] = found
    return found


def _energy_tracks(r: _Read, layout: Layout, near: _Near, not_biomass: bool) -> tuple[IntArray, BoolArray]:
    """Per placement, the tracks its energy symbol may advance as bits (``planet.energy_tracks`` of the board after
    it; 0 without energy), and where the shortcut holds."""
    side = r.stack[ENERGY_SIDE]
    own = np.choose(side, (0, near.low[0], near.low[1])) & FIVE
    touches = r.columns[layout.touch] | near.shared
    tracks = own | r.stack[OTHER_BIT] * touches
    if not_biomass:  # Wormhole: energy never advances biomass
        tracks &= ~(1 << BIOMASS)
    return tracks, (r.columns[layout.simple] & side) == side


#: Row ``code``: the tracks in the bit set ``code``.
CODE_TRACKS = (np.arange(32)[:, None] >> np.arange(5) & 1) > 0


def _energy_values(bot: Any, ctx: Any, tracks: IntArray, skipped: IntArray | None) -> FloatArray:
    """The best single advance among each placement's energy tracks (a ``max`` of the same floats: the same
    float); 0.0 (adds nothing) when there is none or the energy symbol is given up."""
    advance = np.array([bot.track_value(ctx, t) for t in range(5)], np.float64)
    best = np.where(CODE_TRACKS, advance, -np.inf).max(axis=1)
    best[0] = 0.0
    found: FloatArray = best.take(tracks)
    return found if skipped is None else np.where(skipped == ENERGY, 0.0, found)


def _lines_values(r: _Read, layout: Layout, terms: FloatArray) -> FloatArray:
    """``lines_value`` of each placement: the lines it touches, in order, each ``-0.3 * medal`` when a meteorite
    is on it (the tile's own too) else ``medal * filled * filled``, added one after another: ``add.reduce`` down
    the first axis adds row after row (numpy sums pairwise only along a contiguous last axis), and a tile touches
    at most 6 lines (a connected 5-square shape spans at most 6 rows and columns)."""
    index = r.columns[layout.terms] + r.columns[layout.meteor] * r.stack[METEORITE]
    found: FloatArray = np.add.reduce(terms[index], axis=0)
    return found
