"""Gaia (rulebook "Gaia"; ``data/planets.toml``): a bonus per city no tile covers at the end.

A plug-in (``planet_plugin.py``) for the hook value ``scoring = "uncovered_cities"`` (``planets.planet_points``);
covering a city is legal, and an uncovered city leaves its row and column incomplete.
"""

from __future__ import annotations

from .board import Board
from .components import Planet
from .planet_plugin import PlanetPlugin


def uncovered_cities(planet: Planet, board: Board) -> int:
    return planet.scoring_value * (planet.mask("cities") & ~board.covered).bit_count()


#: The plug-in, registered in ``planet_registry.py``.
PLUGIN = PlanetPlugin("gaia", scoring="uncovered_cities", points=uncovered_cities)
