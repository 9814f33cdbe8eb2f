"""Cerberus (rulebook "Cerberus"; ``data/planets.toml``): three sub-planets, each a bonus once wholly covered.

A plug-in (``planet_plugin.py``) for the hook value ``scoring = "sub_planets"`` (``planets.planet_points``).
"""

from __future__ import annotations

from .board import Board
from .components import Planet
from .planet_plugin import PlanetPlugin


def sub_planets(planet: Planet, board: Board) -> int:
    regions = (planet.mask(f"region_{letter}") for letter in "ABC")
    return planet.scoring_value * sum(1 for region in regions if region and not region & ~board.covered)


#: The plug-in, registered in ``planet_registry.py``.
PLUGIN = PlanetPlugin("cerberus", scoring="sub_planets", points=sub_planets)
