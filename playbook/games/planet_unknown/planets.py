"""The planets' rules as the base rules ask them: each answer is the standard planet's (KSB-4156) unless a planet
plug-in codes the planet's hook value (``planet_plugin.py``; data in ``data/planets.toml``, read by
``variants.py``). Every planet with a rule of its own is a module registered in ``planet_registry.py``: Arashi,
K-273, Tartarus, Persephone, Pajitnov, K'Aax, Petra, Cerberus and Gaia. This module imports none of them.

Where the engine asks each:

- ``fixed_rule_allows``: a rule that depends only on the squares a tile covers (Arashi's ring, K-273's no mixing,
  Tartarus's one side) filters ``geometry.placement_masks`` once per (planet, shape), through
  ``planet_plugin.FIXED_RULES``; ``FIXED_REASONS`` and ``TILE_REASONS`` say why (``moves``);
- ``tile_rule_bits``: a rule that depends on the tile's terrains or on the board (Persephone's quadrants,
  Pajitnov's slide) filters each turn's legal placements;
- ``patch_squares_allowed``: where a biomass patch may go (section 3.3 item 5: the planet rule, not the slide);
- ``rover_targets`` / ``step_allowed``: K'Aax's toxic squares and Tartarus's chasm filter rover steps;
- ``energy_layer``, ``completion_layer``, ``planet_points``: Petra's currents, Cerberus's sub-planets, Gaia's
  cities at scoring.

Two rules read only a planet's data and stay here: Lacuna's holes (``hole_under``: the refusal naming the hole a
tile would cover) and Persephone's verdict on one placement (``quadrant_allows``, on ``Planet.quadrants``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import Planet, Shape, Terrain
from .geometry import H, Placement, PlacementTable, W, orientations, planet_masks
from .planet_plugin import (
    COMPLETION_LAYERS,
    ENERGY_LAYERS,
    FIXED_REASONS,
    FIXED_RULES,
    PATCH_SQUARES,
    PLANET_POINTS,
    ROVER_TARGETS,
    STEP_RULES,
    TILE_REASONS,
    TILE_RULES,
)

if TYPE_CHECKING:
    from .board import Board

__all__ = ["FIXED_REASONS", "TILE_REASONS"]  # the plug-ins' refusals, by hook value (``moves`` reads them)


# -- placement ------------------------------------------------------------------------------------------------
def fixed_rule_allows(planet: Planet, p: Placement) -> bool:
    """The planet's rule on the squares alone (Arashi, K-273, Tartarus; every other planet: always)."""
    rule = FIXED_RULES.get(planet.placement)
    return rule is None or rule(planet, p)


def quadrant_allows(planet: Planet, p: Placement, pair: tuple[int, int]) -> bool:
    """Persephone: no symbol square of a quadrant's forbidden resource inside that quadrant."""
    for box, forbidden in planet.quadrants:
        for symbol, terrain in ((p.symbol_a, pair[0]), (p.symbol_b, pair[1])):
            if terrain == forbidden and symbol & box:
                return False
    return True


def tile_rule_bits(
    planet: Planet, shape: Shape, table: PlacementTable, found: int, pair: tuple[int, int] | None, covered: int
) -> int:
    """Filter a set of legal placements (bit ``i``: placement ``i`` of ``table``) by the planet's rule on the
    tile's terrains or on the board."""
    rule = TILE_RULES.get(planet.placement)
    return found if rule is None else rule(planet, shape, table, found, pair, covered)


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
    rule = PATCH_SQUARES.get(planet.placement)
    return playable if rule is None else rule(planet, playable)


# -- rovers ---------------------------------------------------------------------------------------------------
def rover_targets(planet: Planet, board: Board) -> int:
    """Squares a rover step may end on, by the planet's rule (K'Aax: not an uncovered toxic square)."""
    playable = planet_masks(planet).playable
    rule = ROVER_TARGETS.get(planet.rovers)
    return playable if rule is None else rule(planet, board, playable)


def step_allowed(planet: Planet, start: int, end: int) -> bool:
    """Tartarus: no orthogonal step across the chasm (the two crossings are diagonal, for diagonal rovers)."""
    rule = STEP_RULES.get(planet.rovers)
    return rule is None or rule(planet, start, end)


# -- scoring --------------------------------------------------------------------------------------------------
def energy_layer(planet: Planet, board: Board) -> int:
    """Energy terrain for energy areas and the energy rectangles: tiles, and on Petra uncovered currents."""
    energy = board.terrain[Terrain.ENERGY]
    rule = ENERGY_LAYERS.get(planet.energy_terrain)
    return energy if rule is None else rule(planet, board, energy)


def completion_layer(planet: Planet, board: Board) -> int:
    """Squares that count as covered for row and column completion (Petra: uncovered currents too)."""
    rule = COMPLETION_LAYERS.get(planet.completion)
    return board.covered if rule is None else rule(planet, board, board.covered)


def planet_points(planet: Planet, board: Board) -> int:
    """Cerberus: a bonus per sub-planet whose squares are all covered; Gaia: a bonus per uncovered city."""
    rule = PLANET_POINTS.get(planet.scoring)
    return 0 if rule is None else rule(planet, board)
