"""Oasis Ultd. (reference 1.6; rulebook "Oasis Ultd."): its anytime power, as a plug-in (``plugin.py``).

Tech 2: 1 movement per rover standing on water terrain when the power is used (BGA, the data's ruling), once
per round. Oasis's other rules are data-driven base rules: the winding water path and any-piece blocking
(``powers.next_position``, hooks ``track_paths.water = "winding"``, ``blocking = "any_piece"``), a water advance
per water square on ice (``planet._symbol_advance``, hook ``water_symbol = "per_ice_square"``) and techs 3-5
after a tile (``planet.after_tile``).
"""

from __future__ import annotations

from .components import Phase, Terrain
from .plugin import AnytimePower, CorporationPlugin
from .work import Work, add_movement


def _on_water(w: Work, seat: int) -> int:
    board = w.boards[seat]
    return sum(board.terrain[Terrain.WATER] >> r & 1 for r in board.rovers)


def _offer_on_water(w: Work, seat: int) -> bool:
    """Tech 2: rovers on water terrain counted when the power is used (BGA, the data's ruling)."""
    return w.phase == Phase.PLACE and _on_water(w, seat) > 0


def _use_movement_per_rover_on_water(w: Work, seat: int) -> None:
    add_movement(w, seat, _on_water(w, seat))


#: The plug-in, registered in ``corporations.py``.
PLUGIN = CorporationPlugin(
    "oasis",
    anytime={
        "movement_per_rover_on_water": AnytimePower("per_round", _offer_on_water, _use_movement_per_rover_on_water)
    },
)
