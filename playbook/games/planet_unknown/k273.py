"""K-273 (rulebook "K-273"; ``data/planets.toml``): a tile covers only ice squares or only other squares.

A plug-in (``planet_plugin.py``) for the hook value ``placement = "no_mixing"``: the rule on the squares a tile
covers (``geometry.placement_masks``) and its refusal; a one-square patch always passes.
"""

from __future__ import annotations

from .components import Planet
from .geometry import Placement, planet_masks
from .planet_plugin import PlanetPlugin


def no_mixing(planet: Planet, p: Placement) -> bool:
    ice = planet_masks(planet).ice
    return not p.mask & ice or not p.mask & ~ice


#: The plug-in, registered in ``planet_registry.py``.
PLUGIN = PlanetPlugin(
    "k273",
    placement="no_mixing",
    fixed_rule=no_mixing,
    fixed_reason="K-273: a tile may not cover both ice and non-ice squares",
)
