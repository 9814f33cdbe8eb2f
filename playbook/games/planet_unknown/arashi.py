"""Arashi (rulebook "Arashi"; ``data/planets.toml``): a tile on the ring must also cover a square outside it.

A plug-in (``planet_plugin.py``) for the hook value ``placement = "ring_needs_outside"``: the rule on the squares a
tile covers (``geometry.placement_masks``), its refusal, and where a patch may go (a one-square patch cannot
satisfy the ring rule, so none goes on the ring while patches follow the placement rule).
"""

from __future__ import annotations

from .components import Planet
from .geometry import Placement
from .planet_plugin import PlanetPlugin


def ring_needs_outside(planet: Planet, p: Placement) -> bool:
    return not p.mask & planet.mask("ring") or bool(p.mask & ~planet.mask("ring"))


def patch_squares(planet: Planet, playable: int) -> int:
    return playable & ~planet.mask("ring") if planet.patches == "follow_placement" else playable


#: The plug-in, registered in ``planet_registry.py``.
PLUGIN = PlanetPlugin(
    "arashi",
    placement="ring_needs_outside",
    fixed_rule=ring_needs_outside,
    fixed_reason="Arashi: a tile on the ring must also cover a square outside the ring",
    patch_squares=patch_squares,
)
