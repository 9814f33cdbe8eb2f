"""Pajitnov (rulebook "Pajitnov"; ``data/planets.toml``, FAQ A7): a tile must slide into place from outside.

A plug-in (``planet_plugin.py``) for the hook value ``placement = "slide_in"``: each turn's legal placements keep
those the tile reaches by sliding square by square from wholly outside the 12 x 12 grid without crossing a placed
tile (``planets.tile_rule_bits``), or with ``slide = "one_step"`` BGA's test (the tile shifted one square
orthogonally overlaps no placed tile). Patches are exempt (``patches = "exempt"``: ``planets.patch_squares_allowed``
gives every playable square).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from .components import Planet, Shape
from .geometry import H, Placement, PlacementTable, W, bits_of, orientations, squares
from .planet_plugin import PlanetPlugin


def slide_in(
    planet: Planet, shape: Shape, table: PlacementTable, found: int, pair: tuple[int, int] | None, covered: int
) -> int:
    placements = table.placements
    if planet.slide == "one_step":
        return bits_of([i for i in table.indices(found) if _one_step(shape, placements[i], covered)])
    reachable = slide_reachable(shape, covered)
    return bits_of([i for i in table.indices(found) if _slides_in(reachable, placements[i])])


def _slides_in(reachable: dict[int, Slide], p: Placement) -> bool:
    return reachable[p.orientation].reaches(p.row, p.col)


def _cells(shape: Shape, orientation: int) -> tuple[tuple[int, int], ...]:
    oriented = next(o for o in orientations(shape) if o.orientation == orientation)
    return tuple((dx, dy) for dx, dy, *_ in oriented.cells)


def _free(cells: tuple[tuple[int, int], ...], row: int, col: int, covered: int) -> bool:
    """No square of the tile at (row, col) lies on a covered square (cells off the grid are the table: free)."""
    for dx, dy in cells:
        r, c = row + dy, col + dx
        if 0 <= r < H and 0 <= c < W and covered >> (r * W + c) & 1:
            return False
    return True


def _one_step(shape: Shape, p: Placement, covered: int) -> bool:
    """BGA's test: the same tile shifted one square orthogonally overlaps no placed tile."""
    cells = _cells(shape, p.orientation)
    return any(_free(cells, p.row + dr, p.col + dc, covered) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))


class Slide(NamedTuple):
    """Where one orientation of a tile slides in (Pajitnov), as a bitboard over the grid widened by the tile's size
    on every side: bit ``(row + height) * stride + col + width`` is set when the tile at (row, col) is reached."""

    reach: int
    stride: int
    height: int
    width: int

    def reaches(self, row: int, col: int) -> bool:
        return bool(self.reach >> ((row + self.height) * self.stride + col + self.width) & 1)


@functools.cache
def _widened(height: int, width: int) -> tuple[int, int, int, int]:
    """The widened grid for a tile of this size: (every position, its left column, its right column, its border)."""
    stride, rows = W + width + 1, H + height + 1
    line = (1 << stride) - 1
    left = sum(1 << (r * stride) for r in range(rows))
    right = left << (stride - 1)
    return (1 << (stride * rows)) - 1, left, right, left | right | line | line << (stride * (rows - 1))


@functools.lru_cache(maxsize=2048)
def slide_reachable(shape: Shape, covered: int) -> dict[int, Slide]:
    """Pajitnov (FAQ A7): per orientation, every (row, col) the tile reaches by sliding square by square from wholly
    outside the 12 x 12 grid without ever overlapping a covered square (a flood fill over bitboards)."""
    found: dict[int, Slide] = {}
    for oriented in orientations(shape):
        height, width = oriented.height, oriented.width
        stride = W + width + 1
        every, left, right, border = _widened(height, width)
        widened = 0
        for square in squares(covered):
            row, col = divmod(square, W)
            widened |= 1 << ((row + height) * stride + col + width)
        blocked = 0
        for dx, dy, *_ in oriented.cells:  # the tile at p overlaps a covered square under one of its cells
            blocked |= widened >> (dy * stride + dx)
        free = every & ~blocked
        reach = border  # wholly outside the grid: always free
        while True:
            grown = (reach | (reach << 1 & ~left) | (reach >> 1 & ~right) | reach << stride | reach >> stride) & free
            if grown == reach:
                break
            reach = grown
        found[oriented.orientation] = Slide(reach, stride, height, width)
    return found


#: The plug-in, registered in ``planet_registry.py``.
PLUGIN = PlanetPlugin(
    "pajitnov",
    placement="slide_in",
    tile_rule=slide_in,
    tile_reason="Pajitnov: the tile cannot slide into place from outside the planet without crossing a tile",
)
