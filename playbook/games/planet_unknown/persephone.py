"""Persephone (rulebook "Persephone"; ``data/planets.toml``): each quadrant forbids one resource's symbol.

A plug-in (``planet_plugin.py``) for the hook value ``placement = "quadrant_symbols"``: each turn's legal placements
lose those that put a forbidden symbol in its quadrant (``planets.tile_rule_bits``); a tile may cross quadrants if
it obeys each one's restriction. The verdict of one placement is ``planets.quadrant_allows`` (on the planet's
``quadrants`` data); the symbols never move on a placement, so the verdicts are worked out once per shape and
terrain pair here.
"""

from __future__ import annotations

from .components import Planet, Shape
from .geometry import PlacementTable, bits_of, placement_masks
from .memo import per_pair
from .planet_plugin import PlanetPlugin
from .planets import quadrant_allows


def _quadrant_allowed(planet: Planet, shape: Shape, pair: tuple[int, int]) -> int:
    """The verdict on every placement of a tile (bit ``i``: placement ``i`` of ``placement_masks`` is allowed)."""
    per_pair_of_terrains = _quadrant_tables(planet, shape)
    found = per_pair_of_terrains.get(pair)
    if found is None:
        placements = placement_masks(planet, shape).placements
        allowed = [i for i, p in enumerate(placements) if quadrant_allows(planet, p, pair)]
        found = per_pair_of_terrains[pair] = bits_of(allowed)
    return found


@per_pair
def _quadrant_tables(planet: Planet, shape: Shape) -> dict[tuple[int, int], int]:
    """Per terrain pair, the verdicts of a planet and shape (filled by ``_quadrant_allowed``)."""
    return {}


def quadrant_symbols(
    planet: Planet, shape: Shape, table: PlacementTable, found: int, pair: tuple[int, int] | None, covered: int
) -> int:
    return found & _quadrant_allowed(planet, shape, pair) if pair is not None else found


#: The plug-in, registered in ``planet_registry.py``.
PLUGIN = PlanetPlugin(
    "persephone",
    placement="quadrant_symbols",
    tile_rule=quadrant_symbols,
    tile_reason="Persephone: that quadrant forbids that resource symbol",
)
