"""The tables the batch placement scorer (``scoring_batch``) reads: per planet once, per board once a decision.

Per planet and set of stacks (``PlanetArrays``), one row per placement of every depot stack: its facts as small
ints (the lines it touches, its parts' ice, whether its parts hold their symbols) and its bitboards as words
(``bit_words``: its squares, the squares next to it and next to each part). A decision gathers its ~170
placements' rows with two ``take``s; rows, not columns, so a placement's facts share a cache line or two (the
tables are read cold: the engine's steps run between two decisions).

Per board (``BoardWords``), the handful of layers those bitboards are tested against, as words, and the terms
the lines add: built in a few microseconds, so nothing has to be kept from one decision to the next.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from .actions import PlaceTile
from .bit_words import WordArray, words
from .components import Components, Planet, Terrain
from .geometry import N, Placement, W, areas, flood, neighbours, placements, planet_masks

__all__ = ["BoardWords", "Layout", "PlanetArrays", "board_words", "by_identity", "line_terms", "planet_arrays"]

IntArray = npt.NDArray[np.int64]
SmallArray = npt.NDArray[np.int16]
FloatArray = npt.NDArray[np.float64]
T = TypeVar("T")

#: The terrains as plain ints (an IntEnum member read in a hot path costs a lookup through the enum class).
BIOMASS, ENERGY = int(Terrain.BIOMASS), int(Terrain.ENERGY)
#: Squares 0 to N - 1 are the grid's; ``vectors`` keeps one more, off the planet, always 0.
PAD = N
#: The line every padded list of lines is filled with (after the 12 rows and 12 columns): its term is 0.0.
NO_LINE = 24
#: A tile covers at most 5 squares of a line; ``line_terms`` has a row of 0..5 per line.
MOST_CELLS = 5
TERMS = (NO_LINE + 1) * (MOST_CELLS + 1)
#: The bitboards of a placement in ``PlanetArrays.words``: its squares, the squares next to it, next to part A, B.
CELLS, AROUND, AROUND_A, AROUND_B = range(4)
#: Rows of ``BoardWords.near``: per track, the squares that advance it when next to a tile's energy (its covered
#: terrain, or an energy area that advances it), then biomass, then each energy area.
BIOMASS_ROW, AREA_ROWS = 5, 6


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


def _line_counts(bits: IntArray) -> IntArray:
    """Squares per row then per column of rows of 0/1 squares."""
    grid = bits[:, :N].reshape(-1, W, W)
    return np.concatenate([grid.sum(axis=2), grid.sum(axis=1)], axis=1)


# -- per planet: every stack's placements, built once ----------------------------------------------------------
class Layout(NamedTuple):
    """Where each fact of a placement lies in its row of ``PlanetArrays.table`` (``start:stop``), and so in the
    rows of ``scoring_batch._Read.columns``."""

    terms: slice  # line * 6 + squares covered on it, per line touched in order (``line_terms`` is read there)
    meteor: slice  # TERMS where the line holds the meteor square (its meteorite term is TERMS further on), else 0
    stack: int  # the stack whose shape it is
    on_ice: int  # 1 when the tile covers ice
    simple: int  # bit 0: part A is connected and holds its symbol (the shortcuts hold); bit 1: part B
    touch: int  # 1 when a square of part A is next to one of part B
    ice_a: int  # squares of part A on ice
    ice_b: int


class PlanetArrays(NamedTuple):
    """Per placement of every depot stack on a planet (each stack's ``geometry.placements``, the table
    ``placement_index`` reads, one after another), what does not depend on the board: a row each of ``table``
    (its facts: ``layout``) and of ``words`` (its bitboards: ``CELLS`` to ``AROUND_B``)."""

    row_of: dict[tuple[int, int, int, int], int]  # (stack, orientation, row, col) -> row
    seen: dict[int, int]  # id(action) -> its row * 4 + skip + 1: engines hand the same actions again
    kept: list[PlaceTile]  # the actions ``seen`` names, kept alive so that their ids are not reused
    table: SmallArray  # (placements, facts)
    words: WordArray  # (placements, 4, WORDS)
    layout: Layout


_PLANETS: dict[int, tuple[Any, dict[int, tuple[Any, PlanetArrays]]]] = {}
#: The attributes that name a placement of a stack (``PlanetArrays.row_of``'s key) on a ``PlaceTile``.
KEY_OF = operator.attrgetter("stack", "orientation", "row", "col")


def planet_arrays(planet: Planet, c: Components) -> PlanetArrays:
    """The ``PlanetArrays`` of ``planet`` for the stacks of ``c``, built once per pair of objects."""
    per_components: dict[int, tuple[Any, PlanetArrays]] = by_identity(_PLANETS, planet, dict)
    return by_identity(per_components, c, lambda: _build(planet, c))


def _simple(part: int, symbol: int) -> bool:
    return bool(symbol & part) and flood(symbol, part) == part


def _touched(covers: IntArray, meteors: IntArray) -> tuple[IntArray, IntArray]:
    """Per placement, ``line * 6 + squares on it`` for the lines it touches in order (padded with NO_LINE's), and
    ``TERMS`` where the line holds the meteor square."""
    counts = _line_counts(covers)
    per_row = (counts > 0).sum(axis=1)
    lines = np.full((len(counts), int(per_row.max(initial=1))), NO_LINE, np.int64)
    rows, found = np.nonzero(counts)
    starts = np.cumsum(per_row) - per_row
    lines[rows, np.arange(len(rows)) - starts[rows]] = found
    extra = np.zeros((len(counts), 1), np.int64)
    on = np.take_along_axis(np.concatenate([counts, extra], axis=1), lines, 1)
    meteor = np.take_along_axis(np.concatenate([meteors, extra], axis=1), lines, 1)
    return lines * (MOST_CELLS + 1) + on, (meteor > 0) * TERMS


def _build(planet: Planet, c: Components) -> PlanetArrays:
    masks = planet_masks(planet)
    found = [(stack, p) for stack, name in enumerate(c.stack_shapes) for p in placements(planet, c.shape(name))]
    ps = [p for _, p in found]
    ice = vectors([masks.ice])[0]
    covers = vectors([p.mask for p in ps])
    terms, meteor = _touched(covers, _line_counts(vectors([p.meteor & masks.playable for p in ps])))
    flags = _flags(ps, [stack for stack, _ in found], covers @ ice, vectors([p.part_a for p in ps]) @ ice)
    blocks = [terms, meteor, flags]
    bitboards = [
        words([p.mask for p in ps]),
        words([neighbours(p.mask) for p in ps]),
        words([neighbours(p.part_a) for p in ps]),
        words([neighbours(p.part_b) for p in ps]),
    ]
    return PlanetArrays(
        {(stack, p.orientation, p.row, p.col): i for i, (stack, p) in enumerate(found)},
        {},
        [],
        np.concatenate(blocks, axis=1).astype(np.int16),  # every fact is below 300
        np.ascontiguousarray(np.stack(bitboards, axis=1)),
        _layout(blocks),
    )


def _flags(ps: list[Placement], stacks: list[int], on_ice: IntArray, ice_a: IntArray) -> IntArray:
    """The one-number facts of ``Layout`` (stack to ice_b), one row per placement (``on_ice``, ``ice_a``: squares
    of the tile, of part A on ice)."""
    return np.stack(
        [
            np.array(stacks, np.int64),
            (on_ice > 0).astype(np.int64),
            np.array([_simple(p.part_a, p.symbol_a) + 2 * _simple(p.part_b, p.symbol_b) for p in ps], np.int64),
            np.array([bool(neighbours(p.part_a) & p.part_b) for p in ps], np.int64),
            ice_a,
            on_ice - ice_a,  # the parts cover the tile's squares between them
        ],
        axis=1,
    )


def _layout(blocks: list[IntArray]) -> Layout:
    terms, meteor, _ = (block.shape[1] for block in blocks)
    flag = terms + meteor
    return Layout(slice(0, terms), slice(terms, flag), *range(flag, flag + 6))


# -- per board: built once per decision ------------------------------------------------------------------------
class _Lines(NamedTuple):
    """A planet's lines (12 rows, 12 columns, then NO_LINE) against 0..5 more squares covered, as rows of 6:
    row ``line * 13 + filled`` the term ``lines_value`` adds for a line already holding ``filled`` covered
    squares (``medal * ratio * ratio`` with ``ratio = (filled + more) / squares``, its very operations), row
    ``ROCK + line`` the term for a line with a meteorite (``-0.3 * medal``); 0.0 for no square and for NO_LINE.
    ``masks``: each line's squares."""

    rows: FloatArray  # (25 * 13 + 25, 6)
    masks: tuple[int, ...]  # the 24 lines' playable squares


#: Rows of ``_Lines.rows`` per line before its meteorite row, and the first meteorite row.
FILLED = W + 1
ROCK = (NO_LINE + 1) * FILLED
#: The meteorite rows, read after the 25 lines' own rows (``line_terms``).
ROCK_ROWS = list(range(ROCK, ROCK + NO_LINE + 1))
_LINES: dict[int, tuple[Any, _Lines]] = {}


def _planet_lines(planet: Planet) -> _Lines:
    def build() -> _Lines:
        masks = planet_masks(planet)
        medals = np.array([*planet.row_medals, *planet.column_medals, 0], np.float64)[:, None, None]
        sizes = np.array([line.bit_count() or 1 for line in masks.rows + masks.cols] + [1], np.float64)
        filled = np.arange(FILLED, dtype=np.int64)[:, None] + np.arange(MOST_CELLS + 1, dtype=np.int64)
        ratio = filled[None, :, :] / sizes[:, None, None]
        good = medals * ratio * ratio
        rock = np.repeat(-(0.3 * medals[:, :, 0]), MOST_CELLS + 1, axis=1)
        good[:, :, 0] = rock[:, 0] = 0.0
        good[NO_LINE] = rock[NO_LINE] = 0.0
        return _Lines(np.concatenate([good.reshape(-1, MOST_CELLS + 1), rock]), masks.rows + masks.cols)

    return by_identity(_LINES, planet, build)


def line_terms(planet: Planet, covered: int, meteorites: int) -> FloatArray:
    """Per line and squares a tile covers on it (0..5), the term ``lines_value`` adds on this board, then the
    ``-0.3 * medal`` of each line (for a line with the tile's own meteorite): ``scoring_batch._lines_values``
    reads it at ``line * 6 + squares``, plus ``TERMS`` for the tile's meteorite."""
    lines = _planet_lines(planet)
    found = [
        ROCK + i if line & meteorites else i * FILLED + (line & covered).bit_count()
        for i, line in enumerate(lines.masks)
    ]
    terms: FloatArray = lines.rows[[*found, NO_LINE * FILLED, *ROCK_ROWS]].reshape(-1)
    return terms


_AREAS: dict[int, list[int]] = {}


def energy_areas(energy: int) -> list[int]:
    """``geometry.areas`` of an energy layer, remembered: it changes only when energy is placed."""
    found = _AREAS.get(energy)
    if found is None:
        if len(_AREAS) >= 4096:
            _AREAS.clear()
        found = _AREAS[energy] = areas(energy)
    return found


def rover_layers(rovers: Sequence[int]) -> list[int]:
    """The rovers' squares as layers, the first holding one rover per square it has, the next a second one: a
    square with two rovers counts twice (``placement_yield`` counts rovers, not squares)."""
    layers: list[int] = []
    for square in rovers:
        bit = 1 << square
        for i, layer in enumerate(layers):
            if not layer & bit:
                layers[i] = layer | bit
                break
        else:
            layers.append(bit)
    return layers


class BoardWords:
    """A decision's board as bitboard words: the layers a tile's squares are counted against (``counted``:
    occupied, lifepods, then ``rover_layers``), the covered squares the squares next to it are counted against,
    the layers the squares next to its parts are tested against (``near``), and the terms its lines add
    (``line_terms``)."""

    def __init__(
        self, covered: int, terrain: Sequence[int], lifepods: int, meteorites: int, rovers: Sequence[int],
        planet: Planet,
    ) -> None:  # fmt: skip
        """The board's layers (``Board.covered``, ``terrain``, ``lifepods``, ``meteorites``, ``rovers``)."""
        occupied = covered
        for layer in terrain:
            occupied |= layer
        energy = terrain[ENERGY]
        #: a covered square's own terrain: the track an energy area next to it advances (not energy's own)
        others = [covered & ~energy & terrain[t] for t in range(5)]
        found = energy_areas(energy)
        advancing = list(others)  # per track, the squares that advance it next to a tile's energy part
        for area in found:  # an area advances the tracks of the covered terrains next to it
            touching = neighbours(area)
            for t, layer in enumerate(others):
                if touching & layer:
                    advancing[t] |= area
        counted = [occupied, lifepods, *rover_layers(rovers)]
        layers = words([covered, *counted, *advancing, terrain[BIOMASS], *found])[:, :, None]  # (rows, WORDS, 1)
        self.covered, self.counted, self.near = layers[0], layers[1 : 1 + len(counted)], layers[1 + len(counted) :]
        self.areas = len(found)
        self.terms = line_terms(planet, covered, meteorites)


def board_words(ctx: Any) -> BoardWords:
    """The ``BoardWords`` of the decision's board, made once per decision (kept on ``ctx``)."""
    found: BoardWords | None = ctx.board_words
    if found is None:
        found = BoardWords(ctx.covered, ctx.terrain, ctx.lifepods, ctx.meteorites, ctx.rovers, ctx.planet)
        ctx.board_words = found
    return found
