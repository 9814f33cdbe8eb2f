"""K'Aax (rulebook "K'Aax"; ``data/planets.toml``): toxic squares no rover may end a step on while uncovered.

A plug-in (``planet_plugin.py``) for the hook value ``rovers = "no_uncovered_toxic"``: the squares a rover step may
end on (``planets.rover_targets``). Tiles may cover toxic squares freely; a covered toxic square is neutral.
"""

from __future__ import annotations

from .board import Board
from .components import Planet
from .planet_plugin import PlanetPlugin


def no_uncovered_toxic(planet: Planet, board: Board, playable: int) -> int:
    return playable & ~(planet.mask("toxic") & ~board.covered)


#: The plug-in, registered in ``planet_registry.py``.
PLUGIN = PlanetPlugin("kaax", rovers="no_uncovered_toxic", rover_targets=no_uncovered_toxic)
