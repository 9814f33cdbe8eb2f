"""Petra (rulebook "Petra"; ``data/planets.toml``): uncovered energy currents count as energy and as covered.

A plug-in (``planet_plugin.py``) for the hook values ``energy_terrain = "tiles_and_uncovered_currents"`` (energy
areas and the energy rectangles: ``planets.energy_layer``) and ``completion = "uncovered_currents_count"`` (rows
and columns: ``planets.completion_layer``).
"""

from __future__ import annotations

from .board import Board
from .components import Planet
from .planet_plugin import PlanetPlugin


def energy_with_currents(planet: Planet, board: Board, energy: int) -> int:
    return energy | planet.mask("currents") & ~board.covered


def covered_with_currents(planet: Planet, board: Board, covered: int) -> int:
    return covered | planet.mask("currents")


#: The plug-in, registered in ``planet_registry.py``.
PLUGIN = PlanetPlugin(
    "petra",
    energy_terrain="tiles_and_uncovered_currents",
    energy_layer=energy_with_currents,
    completion="uncovered_currents_count",
    completion_layer=covered_with_currents,
)
