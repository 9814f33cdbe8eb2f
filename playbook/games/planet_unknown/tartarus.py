"""Tartarus (rulebook "Tartarus"; ``data/planets.toml``): a chasm splits the planet in two.

A plug-in (``planet_plugin.py``) for the hook values ``placement = "one_side"`` (a tile lies wholly on one side:
``geometry.placement_masks``) and ``rovers = "no_chasm_crossing"`` (no orthogonal rover step across the chasm;
the two crossings are diagonal, for Cosmos tech 1's diagonal steps, FAQ A8).
"""

from __future__ import annotations

from .components import Planet
from .geometry import Placement
from .planet_plugin import PlanetPlugin


def one_side(planet: Planet, p: Placement) -> bool:
    return not p.mask & ~planet.mask("west") or not p.mask & ~planet.mask("east")


def no_chasm_crossing(planet: Planet, start: int, end: int) -> bool:
    west = planet.mask("west")
    if bool(west >> start & 1) == bool(west >> end & 1):
        return True
    crossings = planet.mask("crossings")  # Cosmos tech 1's diagonal steps cross at the 2 gaps (FAQ A8)
    return bool(crossings >> start & 1 and crossings >> end & 1)


#: The plug-in, registered in ``planet_registry.py``.
PLUGIN = PlanetPlugin(
    "tartarus",
    placement="one_side",
    fixed_rule=one_side,
    fixed_reason="Tartarus: a tile must lie entirely on one side of the chasm",
    rovers="no_chasm_crossing",
    step_allowed=no_chasm_crossing,
)
