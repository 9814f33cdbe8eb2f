"""Bitboards of a 12x12 planet: square ``r * 12 + c`` is bit ``r * 12 + c`` of a Python int.

Every shape x orientation x offset is turned into masks once per (planet, shape) and cached at module
level, so legality of a placement is a handful of integer operations.

Orientation ``o`` in 0..7: mirror (x -> -x) when ``o >= 4``, then ``o % 4`` quarter turns clockwise; the
oriented squares are shifted so the smallest x and y are 0, and ``(row, col)`` is where that corner goes.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Generic, NamedTuple, TypeVar

from .components import Planet, Shape
from .memo import per_object, per_pair
from .planet_plugin import FIXED_RULES

W = 12
H = 12
N = W * H
T = TypeVar("T")
FULL = (1 << N) - 1
COL0 = sum(1 << (r * W) for r in range(H))
COL_LAST = COL0 << (W - 1)
NOT_COL0 = FULL & ~COL0
NOT_COL_LAST = FULL & ~COL_LAST
ROWS = tuple(((1 << W) - 1) << (r * W) for r in range(H))
COLS = tuple(COL0 << c for c in range(W))


def sq(row: int, col: int) -> int:
    return row * W + col


def rc(square: int) -> tuple[int, int]:
    return divmod(square, W)


def neighbours(mask: int) -> int:
    """Squares orthogonally next to ``mask`` (not ``mask`` itself unless adjacent to itself)."""
    return (((mask << 1) & NOT_COL0) | ((mask >> 1) & NOT_COL_LAST) | (mask << W) | (mask >> W)) & FULL


def squares(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def square_list(mask: int) -> list[int]:
    return list(squares(mask))


def flood(seed: int, within: int) -> int:
    """The connected part of ``within`` that contains ``seed``."""
    area = seed & within
    while True:
        grown = (area | neighbours(area)) & within
        if grown == area:
            return area
        area = grown


def areas(mask: int) -> list[int]:
    """The orthogonally connected areas of ``mask``."""
    found = []
    while mask:
        area = flood(mask & -mask, mask)
        found.append(area)
        mask &= ~area
    return found


ROW_SHIFTS = tuple(r * W for r in range(H))
ROW_BITS = (1 << W) - 1
_ROWS_SEEN: dict[int, tuple[int, ...]] = {}


def row_masks(mask: int) -> list[int]:
    """``mask`` as 12 row bit-masks (bit c = column c): compact and JSON-safe. Every observation shows every
    board's layers this way and most layers are the same as in the last one, so each mask's rows are
    remembered (a new list each call: the caller owns it)."""
    found = _ROWS_SEEN.get(mask)
    if found is None:
        if len(_ROWS_SEEN) >= 1 << 16:
            _ROWS_SEEN.clear()
        found = _ROWS_SEEN[mask] = tuple([mask >> shift & ROW_BITS for shift in ROW_SHIFTS])
    return list(found)


def from_row_masks(rows: list[int]) -> int:
    return sum((row & ((1 << W) - 1)) << (r * W) for r, row in enumerate(rows))


class PlanetMasks(NamedTuple):
    playable: int
    ice: int
    land: int
    edge: int
    lifepods: int
    rows: tuple[int, ...]  # playable squares of each row
    cols: tuple[int, ...]
    first: int  # squares the first tile must cover (the edge, or Charybdis's centre)
    planet: Planet


def edge_squares(planet: Planet, playable: int) -> int:
    """The planet edge (section 3.3): squares with fewer than 4 square neighbours; Lacuna counts its holes as
    neighbours; Oblivion's edge is the outer frame (rows and columns 0 and 11)."""
    if planet.edge == "outer_frame":
        return playable & (ROWS[0] | ROWS[H - 1] | COLS[0] | COLS[W - 1])
    around = playable | (planet.mask("holes") if planet.edge == "holes_are_neighbours" else 0)
    edge = 0
    for square in squares(playable):
        if (neighbours(1 << square) & around).bit_count() < 4:
            edge |= 1 << square
    return edge


@per_object
def planet_masks(planet: Planet) -> PlanetMasks:
    playable = ice = lifepods = 0
    for r, row in enumerate(planet.rows):
        for c, char in enumerate(row):
            if char == ".":
                continue
            playable |= 1 << sq(r, c)
            if char == "I":
                ice |= 1 << sq(r, c)
            if char == "P":
                lifepods |= 1 << sq(r, c)
    edge = edge_squares(planet, playable)
    return PlanetMasks(
        playable,
        ice,
        playable & ~ice,
        edge,
        lifepods,
        tuple(row & playable for row in ROWS),
        tuple(col & playable for col in COLS),
        planet.mask("first") if planet.first_tile == "centre_squares" else edge,
        planet,
    )


class Oriented(NamedTuple):
    """A shape in one orientation: cells ``(dx, dy, part, symbol)`` and the meteor square."""

    orientation: int
    cells: tuple[tuple[int, int, int, bool], ...]
    meteor: tuple[int, int]
    width: int
    height: int


def turn(x: int, y: int, orientation: int) -> tuple[int, int]:
    """A shape cell in orientation 0-7: mirrored when 4 or more, then quarter turns (views draw tiles with it)."""
    if orientation >= 4:
        x = -x
    for _ in range(orientation % 4):
        x, y = -y, x
    return x, y


@per_object
def orientations(shape: Shape) -> tuple[Oriented, ...]:
    """The distinct orientations of ``shape`` (same squares, parts, symbols and meteor square are one)."""
    seen: set[frozenset[tuple[int, int, int, bool]]] = set()
    result = []
    for o in range(8):
        turned = [(*turn(x, y, o), part, symbol) for x, y, part, symbol in shape.cells]
        meteor = turn(*shape.meteor, o)
        min_x = min(x for x, *_ in turned)
        min_y = min(y for _, y, *_ in turned)
        cells = tuple((x - min_x, y - min_y, part, symbol) for x, y, part, symbol in turned)
        key = frozenset(cells) | {(meteor[0] - min_x, meteor[1] - min_y, 9, False)}
        if key in seen:
            continue
        seen.add(key)
        width = max(x for x, *_ in cells) + 1
        height = max(y for _, y, *_ in cells) + 1
        result.append(Oriented(o, cells, (meteor[0] - min_x, meteor[1] - min_y), width, height))
    return tuple(result)


class Placement(NamedTuple):
    """One orientation of a shape at one offset, as masks."""

    orientation: int
    row: int
    col: int
    mask: int
    part_a: int
    part_b: int
    symbol_a: int  # a one-bit mask
    symbol_b: int
    meteor: int


@per_pair
def placements(planet: Planet, shape: Shape) -> tuple[Placement, ...]:
    """Every placement of ``shape`` that lies on planet squares, whatever is already there."""
    playable = planet_masks(planet).playable
    found = []
    for oriented in orientations(shape):
        for row in range(H - oriented.height + 1):
            for col in range(W - oriented.width + 1):
                parts = [0, 0]
                symbols = [0, 0]
                for dx, dy, part, symbol in oriented.cells:
                    bit = 1 << sq(row + dy, col + dx)
                    parts[part] |= bit
                    if symbol:
                        symbols[part] |= bit
                mask = parts[0] | parts[1]
                if mask & ~playable:
                    continue
                meteor = 1 << sq(row + oriented.meteor[1], col + oriented.meteor[0])
                found.append(
                    Placement(oriented.orientation, row, col, mask, parts[0], parts[1], symbols[0], symbols[1], meteor)
                )
    return tuple(found)


#: Bytes of a bitboard of the grid (144 bits).
GRID_BYTES = (N + 7) // 8
#: Masks a ``PlacementTable`` remembers ``covering`` for before it forgets them all (a few games' boards).
COVERING_LIMIT = 512
#: Per byte value, its set bits in order.
BYTE_BITS = tuple(tuple(k for k in range(8) if byte >> k & 1) for byte in range(256))


class Picker(Generic[T]):
    """Picks the items of a tuple named by the bits of an int (bit ``i``: item ``i``), in order, a byte at a
    time: each byte's items are gathered once, when a byte value is first seen at that place, so listing ~100
    placements costs a dozen dict lookups instead of a loop over every bit."""

    __slots__ = ("chunks", "items")

    def __init__(self, items: tuple[T, ...]) -> None:
        self.items = items
        self.chunks: list[dict[int, tuple[T, ...]]] = [{} for _ in range((len(items) + 7) // 8)]

    def pick(self, bits: int) -> list[T]:
        """The items of ``bits``, in order. Only the bytes from the lowest set bit to the highest are read: the
        legal placements of a board lie around its tiles, so most bytes of a listing are empty at either end."""
        found: list[T] = []
        if not bits:
            return found
        chunks = self.chunks
        low = ((bits & -bits).bit_length() - 1) >> 3
        for j, byte in enumerate((bits >> 8 * low).to_bytes(len(chunks) - low, "little"), low):
            if byte:
                part = chunks[j].get(byte)
                if part is None:
                    items, base = self.items, 8 * j
                    part = chunks[j][byte] = tuple([items[base + k] for k in BYTE_BITS[byte]])
                found += part
        return found


class PlacementTable(NamedTuple):
    """The placements of a shape, their masks in a parallel tuple, and per square the set of placements
    covering it (bit ``i`` of ``by_square[s]``: placement ``i`` covers square ``s``).

    A set of placements is an int (bit ``i``: placement ``i``): legality is a few big-int ORs and ANDs, and the
    set is turned into a list only at the end (``indices``, or a ``Picker`` of actions)."""

    placements: tuple[Placement, ...]
    masks: tuple[int, ...]
    by_square: tuple[int, ...]
    #: per byte of a bitboard, per byte value: the placements covering a square of it (filled on first use)
    by_byte: tuple[dict[int, int], ...]
    #: per mask of squares to avoid: the placements covering none of them (an event's "no edge", "no ice")
    avoiding_cache: dict[int, int]
    index_picker: Picker[int]
    #: per whole mask: ``covering(mask)``, for the masks asked about lately (a board's covered squares and
    #: frontier are asked about for every seat when placement begins, again when its placements are listed)
    covering_cache: dict[int, int]

    def covering(self, mask: int) -> int:
        """The placements covering a square of ``mask``: one OR per non-empty byte of it."""
        cache = self.covering_cache
        found = cache.get(mask)
        if found is not None:
            return found
        found = 0
        by_byte = self.by_byte
        for j, byte in enumerate(mask.to_bytes(GRID_BYTES, "little")):
            if byte:
                part = by_byte[j].get(byte)
                if part is None:
                    part = by_byte[j][byte] = self._covering_byte(j, byte)
                found |= part
        if len(cache) >= COVERING_LIMIT:
            cache.clear()
        cache[mask] = found
        return found

    def _covering_byte(self, j: int, byte: int) -> int:
        found = 0
        for k in BYTE_BITS[byte]:
            found |= self.by_square[8 * j + k]
        return found

    def legal_bits(self, covered: int, frontier: int) -> int:
        """The placements that avoid ``covered`` and touch ``frontier``."""
        touching = frontier & ~covered
        return self.covering(touching) & ~self.covering(covered) if touching else 0

    def legal(self, covered: int, frontier: int) -> list[int]:
        """Indices of the placements that avoid ``covered`` and touch ``frontier``, in order."""
        return self.indices(self.legal_bits(covered, frontier))

    def avoiding(self, mask: int) -> int:
        """The placements covering no square of ``mask``, worked out once per mask."""
        found = self.avoiding_cache.get(mask)
        if found is None:
            found = self.avoiding_cache[mask] = bits_of([i for i, m in enumerate(self.masks) if not m & mask])
        return found

    def indices(self, bits: int) -> list[int]:
        return self.index_picker.pick(bits)


def bits_of(indices: list[int]) -> int:
    """A set of indices as an int (bit ``i``: index ``i``)."""
    found = 0
    for i in indices:
        found |= 1 << i
    return found


@per_pair
def placement_masks(planet: Planet, shape: Shape) -> PlacementTable:
    """The placements a planet's own fixed rule allows (a planet plug-in's ``fixed_rule``, ``planet_plugin.py``;
    every placement for a planet without one), as a ``PlacementTable``."""
    rule = FIXED_RULES.get(planet.placement)
    found = tuple(p for p in placements(planet, shape) if rule is None or rule(planet, p))
    by_square = [0] * N
    for i, p in enumerate(found):
        for s in squares(p.mask):
            by_square[s] |= 1 << i
    by_byte: tuple[dict[int, int], ...] = tuple({} for _ in range(GRID_BYTES))
    indices = Picker(tuple(range(len(found))))
    return PlacementTable(found, tuple(p.mask for p in found), tuple(by_square), by_byte, {}, indices, {})


@per_pair
def placement_index(planet: Planet, shape: Shape) -> dict[tuple[int, int, int], Placement]:
    return {(p.orientation, p.row, p.col): p for p in placements(planet, shape)}


@functools.cache
def rectangles(width: int, height: int) -> tuple[int, ...]:
    """Every ``width`` x ``height`` window of the grid as a mask."""
    found = []
    for row in range(H - height + 1):
        for col in range(W - width + 1):
            found.append(sum(1 << sq(row + dy, col + dx) for dy in range(height) for dx in range(width)))
    return tuple(found)
