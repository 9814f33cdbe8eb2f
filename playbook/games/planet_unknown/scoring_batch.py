"""Every placement of a decision scored at once, for the greedy bots (``agents._Greedy.place_value``).

A bot's decision scores about 140 placements of one board; scoring them one by one (``economy.placement_yield``
on a board rebuilt per placement) was four fifths of a bot game. Here each planet's placements of every depot
stack are read once per process into one table (per placement, one row: the squares it covers and touches, the
squares next to each part, the lines it touches, its parts' ice), the board once per decision into one vector
over the squares (its covered, occupied, lifepod, rover, biomass and energy-area facts packed in bit fields) and
the terms its lines add, and the scores of all the placements of a decision come out of a few dozen numpy
operations: one gather of the table's rows, one gather of the board vector at their squares, sums and ORs.

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
  area. A square's entry holds its own terrain's track bit, its area's tracks and its area's bit, so one OR over
  the squares next to a part gives the tracks and the areas it joins.
- Wormhole's biomass symbol advances unless the tile makes a new biomass area (``wormhole.biomass_symbol_advances``):
  the part merges the areas next to it into one, so it advances exactly when the part touches biomass.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from .actions import PlaceTile
from .board import Board
from .components import Components, Corporation, Planet, Terrain
from .geometry import N, Placement, W, areas, flood, neighbours, placements, planet_masks, squares
from .planet import tile_pair
from .wormhole import NOT_BIOMASS, ONLY_IF_NO_NEW_AREA

__all__ = ["BoardArrays", "PlanetArrays", "Techs", "board_arrays", "by_identity", "place_scores", "planet_arrays"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
T = TypeVar("T")

#: The terrains as plain ints (an IntEnum member read in a hot path costs a lookup through the enum class).
WATER, BIOMASS, ENERGY = int(Terrain.WATER), int(Terrain.BIOMASS), int(Terrain.ENERGY)
#: The square every padded list of squares is filled with: off the planet, so the board vector holds 0 there.
PAD = N
#: The line every padded list of lines is filled with (after the 12 rows and 12 columns): its term is 0.0.
NO_LINE = 24
#: A tile covers at most 5 squares of a line; ``BoardArrays.terms`` has a row of 0..5 per line.
MOST_CELLS = 5
TERMS = (NO_LINE + 1) * (MOST_CELLS + 1)

#: The board vector's bit fields. Counts (summed over a placement's squares, at most 13) take a byte each; the
#: OR fields (taken over the squares next to a part) are above them, where a sum's carries do no harm.
OCCUPIED, LIFEPODS, ROVERS, COVERED = 0, 8, 16, 24
BYTE = 255
ENERGY_TRACKS, BIOMASS_BIT, AREAS = 32, 37, 38
MOST_AREAS = 63 - AREAS  # energy areas with a bit each (more: energy tiles are scored one by one)
FIVE = 31
#: The weights that pack a board's 0/1 rows (occupied, lifepods, covered, biomass, the five tracks' own squares)
#: into its vector's fields.
FIELDS = np.array(
    [1 << OCCUPIED, 1 << LIFEPODS, 1 << COVERED, 1 << BIOMASS_BIT, *(1 << (ENERGY_TRACKS + t) for t in range(5))]
)
#: The bit of track ``t`` at ``t + 1`` (none for energy or -1, no terrain).
TRACK_BIT = np.array([0, 1, 2, 4, 8, 16, 0], np.int64)
_ROW_OF = operator.itemgetter(1)
_KEY_OF = operator.attrgetter("stack", "orientation", "row", "col")


def by_identity(cache: dict[int, tuple[Any, T]], key: Any, make: Callable[[], T], limit: int = 64) -> T:
    """``make()`` remembered for the object ``key`` itself: a lookup by ``id``, no hash of a big record such as a
    ``Corporation`` or a ``Planet``; the entry keeps ``key`` alive, so its id is not reused while it is there."""
    found = cache.get(id(key))
    if found is not None and found[0] is key:
        return found[1]
    if len(cache) >= limit:
        cache.clear()
    value = make()
    cache[id(key)] = (key, value)
    return value


def vectors(masks: Sequence[int]) -> IntArray:
    """Bitboards as rows of 0/1 per square, one row per mask, ``PAD`` (and above) 0."""
    data = b"".join(mask.to_bytes(19, "little") for mask in masks)
    bits = np.unpackbits(np.frombuffer(data, np.uint8).reshape(len(masks), 19), axis=1, bitorder="little")
    found: IntArray = bits[:, : PAD + 1].astype(np.int64)
    return found


def _padded(bits: IntArray, width: int = 0) -> IntArray:
    """Per row of 0/1 squares, the squares that are 1, in order, padded with ``PAD`` (to ``width`` if larger)."""
    rows, found = np.nonzero(bits)
    counts = bits.sum(axis=1)
    starts = np.cumsum(counts) - counts
    table = np.full((len(bits), max(width, int(counts.max(initial=1)))), PAD, dtype=np.int64)
    table[rows, np.arange(len(rows)) - starts[rows]] = found
    return table


def _line_counts(bits: IntArray) -> IntArray:
    """Squares per row then per column of rows of 0/1 squares."""
    grid = bits[:, :N].reshape(-1, W, W)
    return np.concatenate([grid.sum(axis=2), grid.sum(axis=1)], axis=1)


# -- per planet: every stack's placements, built once ----------------------------------------------------------
class Layout(NamedTuple):
    """Where each fact of a placement lies in its row of ``PlanetArrays.table`` (``start:stop``), and so in the
    rows of ``_Read.columns``."""

    cells: slice  # the squares covered, padded with PAD
    around: slice  # the squares of neighbours(mask)
    around_a: slice  # the squares of neighbours(part A)
    around_b: slice
    squares: slice  # all of the above: the rows the board vector is read at
    lines: slice  # the lines touched in order (rows 0-11, columns 12-23), padded with NO_LINE
    terms: slice  # line * 6 + squares covered on it (``BoardArrays.terms`` is read there)
    meteor: slice  # 1 where the line holds the meteor square
    stack: int  # the stack whose shape it is
    on_ice: int  # 1 when the tile covers ice
    simple_a: int  # 1 when part A is connected and holds its symbol (the shortcuts hold)
    simple_b: int
    touch: int  # 1 when a square of part A is next to one of part B
    ice_a: int  # squares of part A on ice
    ice_b: int


class PlanetArrays(NamedTuple):
    """Per placement of every depot stack on a planet (each stack's ``geometry.placements``, the table
    ``placement_index`` reads, one after another), what does not depend on the board: one row each of ``table``
    (its fields: ``layout``), so one ``take`` reads all of it."""

    row_of: dict[tuple[int, int, int, int], int]  # (stack, orientation, row, col) -> row
    seen: dict[int, int]  # id(action) -> its row * 4 + skip + 1: engines hand the same actions again
    kept: list[PlaceTile]  # the actions ``seen`` names, kept alive so that their ids are not reused
    table: npt.NDArray[np.int16]
    layout: Layout


_PLANETS: dict[int, tuple[Any, dict[int, tuple[Any, PlanetArrays]]]] = {}


def planet_arrays(planet: Planet, c: Components) -> PlanetArrays:
    """The ``PlanetArrays`` of ``planet`` for the stacks of ``c``, built once per pair of objects."""
    per_components: dict[int, tuple[Any, PlanetArrays]] = by_identity(_PLANETS, planet, dict)
    return by_identity(per_components, c, lambda: _build(planet, c))


def _simple(part: int, symbol: int) -> bool:
    return bool(symbol & part) and flood(symbol, part) == part


def _touched(covers: IntArray, meteors: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """Per placement, the lines it touches in order (padded), ``line * 6 + squares on it``, and 1 where the line
    holds the meteor square."""
    counts = _line_counts(covers)
    per_row = (counts > 0).sum(axis=1)
    lines = np.full((len(counts), int(per_row.max(initial=1))), NO_LINE, np.int64)
    rows, found = np.nonzero(counts)
    starts = np.cumsum(per_row) - per_row
    lines[rows, np.arange(len(rows)) - starts[rows]] = found
    extra = np.zeros((len(counts), 1), np.int64)
    on = np.take_along_axis(np.concatenate([counts, extra], axis=1), lines, 1)
    meteor = np.take_along_axis(np.concatenate([meteors, extra], axis=1), lines, 1)
    return lines, lines * (MOST_CELLS + 1) + on, (meteor > 0).astype(np.int64)


def _build(planet: Planet, c: Components) -> PlanetArrays:
    masks = planet_masks(planet)
    found = [(stack, p) for stack, name in enumerate(c.stack_shapes) for p in placements(planet, c.shape(name))]
    ps = [p for _, p in found]
    ice = vectors([masks.ice])[0]
    covers = vectors([p.mask for p in ps])
    around_a, around_b = vectors([neighbours(p.part_a) for p in ps]), vectors([neighbours(p.part_b) for p in ps])
    width = int(max(around_a.sum(axis=1).max(initial=1), around_b.sum(axis=1).max(initial=1)))
    lines, terms, meteor = _touched(covers, _line_counts(vectors([p.meteor & masks.playable for p in ps])))
    blocks = [
        _padded(covers),
        _padded(vectors([neighbours(p.mask) for p in ps])),
        _padded(around_a, width),
        _padded(around_b, width),
        lines,
        terms,
        meteor,
        _flags(ps, [stack for stack, _ in found], covers @ ice, vectors([p.part_a for p in ps]) @ ice),
    ]
    table = np.concatenate(blocks, axis=1).astype(np.int16)  # a placement's facts side by side: few cache lines
    return PlanetArrays(
        {(stack, p.orientation, p.row, p.col): i for i, (stack, p) in enumerate(found)}, {}, [], table, _layout(blocks)
    )


def _flags(ps: list[Placement], stacks: list[int], on_ice: IntArray, ice_a: IntArray) -> IntArray:
    """The one-number facts of ``Layout`` (stack to ice_b), one row per placement (``on_ice``, ``ice_a``: squares
    of the tile, of part A on ice)."""
    return np.stack(
        [
            np.array(stacks, np.int64),
            (on_ice > 0).astype(np.int64),
            np.array([_simple(p.part_a, p.symbol_a) for p in ps], np.int64),
            np.array([_simple(p.part_b, p.symbol_b) for p in ps], np.int64),
            np.array([bool(neighbours(p.part_a) & p.part_b) for p in ps], np.int64),
            ice_a,
            on_ice - ice_a,  # the parts cover the tile's squares between them
        ],
        axis=1,
    )


def _layout(blocks: list[IntArray]) -> Layout:
    ends = np.cumsum([block.shape[1] for block in blocks]).tolist()
    starts = [0, *ends[:-1]]
    cells, around, around_a, around_b, lines, terms, meteor = (
        slice(a, b) for a, b in zip(starts[:7], ends[:7], strict=True)
    )
    flag = ends[-2]
    return Layout(
        cells, around, around_a, around_b, slice(0, around_b.stop), lines, terms, meteor, *range(flag, flag + 7)
    )


# -- per board: built once per decision ------------------------------------------------------------------------
class _Lines(NamedTuple):
    """A planet's lines (12 rows, 12 columns, then NO_LINE) against 0..5 more squares covered: the term
    ``lines_value`` adds for a line already holding ``filled`` covered squares (``good[line, filled, more]``:
    ``medal * ratio * ratio`` with ``ratio = (filled + more) / squares``, its very operations) and for a line with
    a meteorite (``rock``: ``-0.3 * medal``); 0.0 for no square and for NO_LINE. ``lines`` says which squares
    are on each line (a column each)."""

    good: FloatArray  # (25, 13, 6)
    rock: FloatArray  # (25, 6)
    lines: FloatArray  # (145, 24) 1.0 where the square is on the planet and the line
    line_ids: IntArray  # (25,) 0..24


_LINES: dict[int, tuple[Any, _Lines]] = {}


def _planet_lines(planet: Planet) -> _Lines:
    def build() -> _Lines:
        masks = planet_masks(planet)
        medals = np.array([*planet.row_medals, *planet.column_medals, 0], np.float64)[:, None, None]
        sizes = np.array([line.bit_count() or 1 for line in masks.rows + masks.cols] + [1], np.float64)
        filled = np.arange(W + 1, dtype=np.int64)[:, None] + np.arange(MOST_CELLS + 1, dtype=np.int64)
        ratio = filled[None, :, :] / sizes[:, None, None]
        good = medals * ratio * ratio
        rock = np.repeat(-(0.3 * medals[:, :, 0]), MOST_CELLS + 1, axis=1)
        good[:, :, 0] = rock[:, 0] = 0.0
        good[NO_LINE] = rock[NO_LINE] = 0.0
        lines = vectors(list(masks.rows + masks.cols)).T.astype(np.float64)
        return _Lines(good, rock, lines, np.arange(NO_LINE + 1, dtype=np.int64))

    return by_identity(_LINES, planet, build)


class BoardArrays:
    """A board as one vector over the squares (``PAD`` holds 0; bit fields ``OCCUPIED`` to ``AREAS``), and the
    terms ``lines_value`` adds per line and squares covered on it. The energy fields are filled when a tile with
    energy is scored (``with_energy``)."""

    def __init__(
        self, covered: int, terrain: Sequence[int], lifepods: int, meteorites: int, rovers: Sequence[int],
        planet: Planet,
    ) -> None:  # fmt: skip
        """The board's layers (``Board.covered``, ``terrain``, ``lifepods``, ``meteorites``, ``rovers``)."""
        lines = _planet_lines(planet)
        occupied = covered
        for layer in terrain:
            occupied |= layer
        self.energy = terrain[ENERGY]
        #: a covered square's own terrain, as the tracks an energy area next to it may advance (not energy's)
        self.others = [covered & ~self.energy & terrain[t] for t in range(5)]
        found = vectors([occupied, lifepods, covered, terrain[BIOMASS], *self.others, meteorites])
        counted = np.bincount(np.array(rovers, np.int64), minlength=PAD + 1)  # two on a square count twice
        self.vector = FIELDS @ found[:9] + (counted << ROVERS)  # the fields' bits do not overlap: + is |
        #: per line and squares the tile covers on it (0..5), the term ``lines_value`` adds, and then
        #: ``-0.3 * medal`` for a line with the tile's own meteorite
        counts = (found[[2, 9]] @ lines.lines).astype(np.int64)  # covered squares, meteorites per line
        filled = np.zeros(NO_LINE + 1, np.int64)
        filled[:NO_LINE] = counts[0]
        good = lines.good[lines.line_ids, filled]
        rocky = np.flatnonzero(counts[1])
        good[rocky] = lines.rock[rocky]
        self.terms = np.concatenate([good.reshape(-1), lines.rock.reshape(-1)])
        self._energy: IntArray | None = None

    def with_energy(self) -> IntArray | None:
        """The vector with each energy area's tracks and bit on its squares; ``None`` with too many areas."""
        if self._energy is None:
            found = areas(self.energy)
            if len(found) > MOST_AREAS:
                return None
            vector = self.vector.copy()
            for k, mask in enumerate(found):
                touching = neighbours(mask)
                tracks = sum(1 << t for t, layer in enumerate(self.others) if touching & layer)
                vector[list(squares(mask))] |= tracks << ENERGY_TRACKS | 1 << (AREAS + k)
            self._energy = vector
        return self._energy


def board_arrays(ctx: Any) -> BoardArrays:
    """The ``BoardArrays`` of the decision's board, made once per decision (kept on ``ctx``)."""
    found: BoardArrays | None = ctx.board_arrays
    if found is None:
        found = BoardArrays(ctx.covered, ctx.terrain, ctx.lifepods, ctx.meteorites, ctx.rovers, ctx.planet)
        ctx.board_arrays = found
    return found


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
    """Per depot stack (12 columns): the terrains of its top tile and facts of them, and whether its
    placements may be scored here (not empty, two terrains, not Petra's energy)."""

    table: IntArray  # rows: a, b, ok, water in A, water in B, energy part (-1: none), biomass part, meteorite,
    # and the tile's part of a ``_track_sums`` key
    energy: bool  # some top tile has energy
    biomass: bool


A, B, OK, WATER_A, WATER_B, ENERGY_PART, BIOMASS_PART, METEORITE, KEY = range(9)
_TILES: dict[tuple[int, bool, bool], tuple[Any, IntArray]] = {}


def _stacks(ctx: Any) -> _Stacks:
    """The ``_Stacks`` of the depot tops, read from a table of the facts of each tile (and of no tile)."""
    c = ctx.rules.c
    petra, shield = ctx.planet.energy_terrain != "tiles", ctx.techs.meteor_shield
    found = _TILES.get((id(c), petra, shield))
    if found is None or found[0] is not c:
        found = _TILES[(id(c), petra, shield)] = (c, _tile_facts(c, petra, shield))
    facts = found[1]
    empty = facts.shape[1] - 1
    table = facts.take([empty if tile is None else int(tile) for tile in ctx.obs["stack_tops"]], axis=1)
    return _Stacks(table, bool((table[ENERGY_PART] >= 0).any()), bool((table[BIOMASS_PART] >= 0).any()))


def _tile_facts(c: Components, petra: bool, shield: bool) -> IntArray:
    """One column per tile type, then one for no tile (rows: ``_Stacks.table``). ``petra``: uncovered currents
    join energy areas (energy tiles are scored one by one); ``shield``: no meteorites."""
    rows = []
    for tile in [*range(2 * len(c.terrain_pairs)), None]:
        a, b = tile_pair(c, tile) if tile is not None else (-1, -1)
        ok = tile is not None and a != b and not (petra and ENERGY in (a, b))
        rows.append([
            a, b, ok, a == WATER, b == WATER, (a, b).index(ENERGY) if ENERGY in (a, b) else -1,
            (a, b).index(BIOMASS) if BIOMASS in (a, b) else -1, tile is not None and tile % 2 == 1 and not shield,
            ((a + 1) * 8 + b + 1) * 8,
        ])  # fmt: skip
    return np.array(rows, np.int64).T.copy()


# -- the scores ------------------------------------------------------------------------------------------------
def _codes(table: PlanetArrays, actions: Sequence[PlaceTile]) -> IntArray | None:
    """Each action's column * 4 + skip + 1, remembered by the action object when the engine hands the same ones
    again (they cannot change once built; ``kept`` holds them, so a live action's id is its own); ``None`` when
    one is not a placement of this planet."""
    seen = table.seen
    codes = list(map(seen.get, map(id, actions)))
    if None in codes:
        if len(seen) > 100_000:
            seen.clear()
            table.kept.clear()
        for i, action in enumerate(actions):
            if codes[i] is None:
                column = table.row_of.get(_KEY_OF(action))
                if column is None:
                    return None
                codes[i] = seen[id(action)] = column * 4 + action.skip + 1
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
    for i in np.flatnonzero(~exact).tolist():
        found[i] = bot.place_value(ctx, actions[i])
    return found


class _Read(NamedTuple):
    """The placements of a decision read from the tables: their columns, their stacks' facts, the board at
    their squares summed (cells, around) and ORed (next to part A, B), and the skipped terrain."""

    columns: IntArray
    stack: IntArray
    cells: IntArray
    around: IntArray
    next_a: IntArray
    next_b: IntArray
    skipped: IntArray


def _read(table: PlanetArrays, board: IntArray, info: _Stacks, codes: IntArray) -> _Read:
    layout = table.layout
    columns = np.ascontiguousarray(table.table.take(codes >> 2, axis=0).T, dtype=np.int64)
    stack = info.table.take(columns[layout.stack], axis=1)
    at = board[columns[layout.squares]]
    skip = codes & 3
    skipped = np.where(skip == 0, -1, np.where(skip == 1, stack[A], stack[B])) if skip.any() else skip - 1
    return _Read(
        columns,
        stack,
        at[layout.cells].sum(axis=0),
        at[layout.around].sum(axis=0),
        np.bitwise_or.reduce(at[layout.around_a], axis=0),
        np.bitwise_or.reduce(at[layout.around_b], axis=0),
        skipped,
    )


def _values(bot: Any, ctx: Any, table: PlanetArrays, codes: IntArray) -> tuple[FloatArray, IntArray]:
    """The scores of the placements ``codes`` (``_codes``), and which are exact (the others: one by one)."""
    tech: Techs = ctx.techs
    layout = table.layout
    arrays = board_arrays(ctx)
    info = _stacks(ctx)
    board = arrays.with_energy() if info.energy else arrays.vector
    if board is None:  # too many energy areas for the bits
        board, info = arrays.vector, info._replace(table=_no_energy(info.table))
    r = _read(table, board, info, codes)
    exact = (r.cells >> OCCUPIED & BYTE == 0) & (r.stack[OK] > 0)
    water = _water(r.columns, layout, r.stack, tech)
    grown = 0
    if tech.biomass_needs_no_new_area and info.biomass:
        part = r.stack[BIOMASS_PART]
        next_to = np.where(part == 0, r.next_a, r.next_b)
        grown = (part >= 0) & (next_to >> BIOMASS_BIT & 1 > 0)
        exact &= (part < 0) | (np.where(part == 0, r.columns[layout.simple_a], r.columns[layout.simple_b]) > 0)
    value = _track_sums(bot, ctx, r, water * 2 + grown)
    if info.energy:
        tracks, simple = _energy_tracks(r, layout, tech.not_biomass)
        exact &= simple
        value = value + _energy_values(bot, ctx, tracks, r.skipped)
    value = value - (1.5 * (r.cells >> LIFEPODS & BYTE) + 2.0 * (r.cells >> ROVERS & BYTE))
    value = value + bot.lines_weight * _lines_values(r, layout, arrays.terms)
    value = value + 0.15 * (r.around >> COVERED & BYTE)
    return value, exact


def _no_energy(table: IntArray) -> IntArray:
    """Stack facts with every energy tile marked for one-by-one scoring."""
    found = table.copy()
    found[OK] &= found[ENERGY_PART] < 0
    return found


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
    keys = (r.stack[KEY] + r.skipped + 1) * 32 + extra
    distinct = sorted(set(keys.tolist()))
    plain = (WATER, ENERGY, BIOMASS) if ctx.techs.biomass_needs_no_new_area else (WATER, ENERGY)
    sums = []
    for key in distinct:
        a, b, gone, waters, grown = (key >> 11) - 1, (key >> 8 & 7) - 1, (key >> 5 & 7) - 1, key >> 1 & 15, key & 1
        advances = [0, 0, 0, 0, 0]
        for t in (a, b):
            if 0 <= t < 5 and t not in plain:
                advances[t] += 1
        advances[WATER] += waters
        advances[BIOMASS] += grown
        sums.append(float(sum(bot.track_value(ctx, t, n) for t, n in enumerate(advances) if n and t != gone)))
    if len(sums) == 1:
        return np.full(len(keys), sums[0])
    found: FloatArray = np.array(sums).take(np.searchsorted(np.array(distinct), keys))
    return found


def _energy_tracks(r: _Read, layout: Layout, not_biomass: bool) -> tuple[IntArray, IntArray]:
    """Per placement, the tracks its energy symbol may advance as bits (``planet.energy_tracks`` of the board after
    it; 0 without energy), and where the shortcut holds."""
    part = r.stack[ENERGY_PART]
    in_a = part == 0
    own, other = np.where(in_a, r.next_a, r.next_b), np.where(in_a, r.next_b, r.next_a)
    touches = (r.columns[layout.touch] > 0) | ((own >> AREAS & other >> AREAS) != 0)
    tracks = own >> ENERGY_TRACKS & FIVE | np.where(
        touches, TRACK_BIT.take(np.where(in_a, r.stack[B], r.stack[A]) + 1), 0
    )
    if not_biomass:  # Wormhole: energy never advances biomass
        tracks &= ~(1 << BIOMASS)
    simple = np.where(in_a, r.columns[layout.simple_a], r.columns[layout.simple_b]) > 0
    return np.where(part >= 0, tracks, 0), (part < 0) | simple


#: Row ``code``: the tracks in the bit set ``code``.
CODE_TRACKS = (np.arange(32)[:, None] >> np.arange(5) & 1) > 0


def _energy_values(bot: Any, ctx: Any, tracks: IntArray, skipped: IntArray) -> FloatArray:
    """The best single advance among each placement's energy tracks (a ``max`` of the same floats: the same
    float); 0.0 (adds nothing) when there is none or the energy symbol is given up."""
    advance = np.array([bot.track_value(ctx, t) for t in range(5)], np.float64)
    best = np.where(CODE_TRACKS, advance, -np.inf).max(axis=1)
    best[0] = 0.0
    found: FloatArray = np.where(skipped == ENERGY, 0.0, best.take(tracks))
    return found


def _lines_values(r: _Read, layout: Layout, terms: FloatArray) -> FloatArray:
    """``lines_value`` of each placement: the lines it touches, in order, each ``-0.3 * medal`` when a meteorite
    is on it (the tile's own too) else ``medal * filled * filled``, added one after another."""
    index = r.columns[layout.terms] + TERMS * (r.columns[layout.meteor] & r.stack[METEORITE])
    found: FloatArray = terms[index[0]]
    for row in index[1:]:
        found = found + terms[row]
    return found
