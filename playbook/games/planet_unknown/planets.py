"""The code only some planets need, keyed by their hook values (``Planet.placement``, ``rovers``, ``scoring``,
``completion``, ``energy_terrain``, ``patches``; data in ``data/planets.toml``, read by ``variants.py``).

Where the engine calls each hook:

- ``fixed_rule_allows``: a rule that depends only on the squares a tile covers (Arashi's ring, K-273's no mixing,
  Tartarus's one side) filters ``geometry.placement_masks`` once per (planet, shape);
- ``tile_rule_bits``: a rule that depends on the tile's terrains or on the board (Persephone's quadrants,
  Pajitnov's slide) filters each turn's legal placements;
- ``patch_squares_allowed``: where a biomass patch may go (section 3.3 item 5: the planet rule, not the slide);
- ``rover_targets`` / ``step_allowed``: K'Aax's toxic squares and Tartarus's chasm filter rover steps;
- ``energy_layer``, ``completion_layer``, ``planet_points``: Petra's currents, Cerberus's sub-planets, Gaia's
  cities at scoring.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from .components import Planet, Shape, Terrain
from .geometry import (
    H,
    Placement,
    PlacementTable,
    W,
    bits_of,
    orientations,
    placement_masks,
    planet_masks,
    squares,
)
from .memo import per_pair

if TYPE_CHECKING:
    from .board import Board


# -- placement ------------------------------------------------------------------------------------------------
def fixed_rule_allows(planet: Planet, p: Placement) -> bool:
    """The planet's rule on the squares alone (Arashi, K-273, Tartarus; every other planet: always)."""
    rule = planet.placement
    if rule == "ring_needs_outside":
        return not p.mask & planet.mask("ring") or bool(p.mask & ~planet.mask("ring"))
    if rule == "no_mixing":
        ice = planet_masks(planet).ice
        return not p.mask & ice or not p.mask & ~ice
    if rule == "one_side":
        return not p.mask & ~planet.mask("west") or not p.mask & ~planet.mask("east")
    return True


FIXED_REASONS = {
    "ring_needs_outside": "Arashi: a tile on the ring must also cover a square outside the ring",
    "no_mixing": "K-273: a tile may not cover both ice and non-ice squares",
    "one_side": "Tartarus: a tile must lie entirely on one side of the chasm",
}
TILE_REASONS = {
    "quadrant_symbols": "Persephone: that quadrant forbids that resource symbol",
    "slide_in": "Pajitnov: the tile cannot slide into place from outside the planet without crossing a tile",
}


def quadrant_allows(planet: Planet, p: Placement, pair: tuple[int, int]) -> bool:
    """Persephone: no symbol square of a quadrant's forbidden resource inside that quadrant."""
    for box, forbidden in planet.quadrants:
        for symbol, terrain in ((p.symbol_a, pair[0]), (p.symbol_b, pair[1])):
            if terrain == forbidden and symbol & box:
                return False
    return True


def _quadrant_allowed(planet: Planet, shape: Shape, pair: tuple[int, int]) -> int:
    """Persephone's verdict on every placement of a tile (bit ``i``: placement ``i`` of ``placement_masks`` is
    allowed): the symbols never move on a placement, so it is worked out once per shape and terrain pair."""
    per_pair_of_terrains = _quadrant_tables(planet, shape)
    found = per_pair_of_terrains.get(pair)
    if found is None:
        placements = placement_masks(planet, shape).placements
        allowed = [i for i, p in enumerate(placements) if quadrant_allows(planet, p, pair)]
        found = per_pair_of_terrains[pair] = bits_of(allowed)
    return found


@per_pair
def _quadrant_tables(planet: Planet, shape: Shape) -> dict[tuple[int, int], int]:
    """Per terrain pair, Persephone's verdicts of a planet and shape (filled by ``_quadrant_allowed``)."""
    return {}


def tile_rule_bits(
    planet: Planet, shape: Shape, table: PlacementTable, found: int, pair: tuple[int, int] | None, covered: int
) -> int:
    """Filter a set of legal placements (bit ``i``: placement ``i`` of ``table``) by the planet's rule on the
    tile's terrains or on the board."""
    rule = planet.placement
    if rule == "quadrant_symbols" and pair is not None:
        return found & _quadrant_allowed(planet, shape, pair)
    if rule == "slide_in":
        placements = table.placements
        if planet.slide == "one_step":
            return bits_of([i for i in table.indices(found) if _one_step(shape, placements[i], covered)])
        reachable = slide_reachable(shape, covered)
        kept = [i for i in table.indices(found) if _slides_in(reachable, placements[i])]
        return bits_of(kept)
    return found


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


def hole_under(planet: Planet, shape: Shape, orientation: int, row: int, col: int) -> str:
    """Lacuna: the refusal of a tile placed so that it covers a hole, naming the hole ("" if it covers none)."""
    holes = planet.mask("holes")
    for oriented in orientations(shape) if holes else ():
        if oriented.orientation == orientation:
            for dx, dy, *_ in oriented.cells:
                r, c = row + dy, col + dx
                if 0 <= r < H and 0 <= c < W and holes >> (r * W + c) & 1:
                    return f"the tile would cover row {r}, column {c}, a hole: holes are not squares (Lacuna)"
    return ""


def patch_squares_allowed(planet: Planet) -> int:
    """Squares a biomass patch may cover under the planet's rule (a one-square patch passes K-273, Tartarus and
    Persephone; on Arashi it cannot satisfy the ring rule; Pajitnov's patches are exempt from the slide)."""
    playable = planet_masks(planet).playable
    if planet.placement == "ring_needs_outside" and planet.patches == "follow_placement":
        return playable & ~planet.mask("ring")
    return playable


# -- rovers ---------------------------------------------------------------------------------------------------
def rover_targets(planet: Planet, board: Board) -> int:
    """Squares a rover step may end on, by the planet's rule (K'Aax: not an uncovered toxic square)."""
    playable = planet_masks(planet).playable
    if planet.rovers == "no_uncovered_toxic":
        return playable & ~(planet.mask("toxic") & ~board.covered)
    return playable


def step_allowed(planet: Planet, start: int, end: int) -> bool:
    """Tartarus: no orthogonal step across the chasm (the two crossings are diagonal, for diagonal rovers)."""
    if planet.rovers != "no_chasm_crossing":
        return True
    west = planet.mask("west")
    if bool(west >> start & 1) == bool(west >> end & 1):
        return True
    crossings = planet.mask("crossings")  # Cosmos tech 1's diagonal steps cross at the 2 gaps (FAQ A8)
    return bool(crossings >> start & 1 and crossings >> end & 1)


# -- scoring --------------------------------------------------------------------------------------------------
def energy_layer(planet: Planet, board: Board) -> int:
    """Energy terrain for energy areas and the energy rectangles: tiles, and on Petra uncovered currents."""
    energy = board.terrain[Terrain.ENERGY]
    if planet.energy_terrain == "tiles_and_uncovered_currents":
        energy |= planet.mask("currents") & ~board.covered
    return energy


def completion_layer(planet: Planet, board: Board) -> int:
    """Squares that count as covered for row and column completion (Petra: uncovered currents too)."""
    if planet.completion == "uncovered_currents_count":
        return board.covered | planet.mask("currents")
    return board.covered


def planet_points(planet: Planet, board: Board) -> int:
    """Cerberus: a bonus per sub-planet whose squares are all covered; Gaia: a bonus per uncovered city."""
    if planet.scoring == "sub_planets":
        regions = (planet.mask(f"region_{letter}") for letter in "ABC")
        return planet.scoring_value * sum(1 for region in regions if region and not region & ~board.covered)
    if planet.scoring == "uncovered_cities":
        return planet.scoring_value * (planet.mask("cities") & ~board.covered).bit_count()
    return 0
