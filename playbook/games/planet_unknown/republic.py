"""Republic (reference 1.7; rulebook "Republic"): its anytime power, as a plug-in (``plugin.py``).

Tech 1 (FAQ A12): before placing, with a civ-terrain tile placeable in the depot, the rover tracker's movement
once more; the tile placed that round must then have civ terrain (``powers.committed_to_civ_tile``, read by
``moves``). Republic's other rules are data-driven base rules in ``powers.py``: the regression after each civ
milestone (hook ``on_civ_milestone = "regress_other"``) and techs 2 to 5 (the next rank's card, the jump between
civ squares, a synergy per milestone, two civ cards at the end).
"""

from __future__ import annotations

from .components import Phase, Terrain, Track
from .planet import option_bits, tile_pair
from .plugin import AnytimePower, CorporationPlugin
from .work import Work, add_movement


def _civ_tile_movement(w: Work, seat: int) -> int:
    board = w.boards[seat]
    return w.corporations[seat].tracks[Track.ROVER][board.trackers[Track.ROVER]].movement


def _offer_movement_on_civ_tile(w: Work, seat: int) -> bool:
    """Tech 1 (FAQ A12): before placing, with a civ-terrain tile placeable in the depot, and only if the rover
    tracker's space shows movement and a rover is on the planet to spend it."""
    board = w.boards[seat]
    if w.phase != Phase.PLACE or w.placed or board.blocked or not board.rovers or not _civ_tile_movement(w, seat):
        return False
    return any(
        w.stacks[stack] and Terrain.CIV in tile_pair(w.c, w.stacks[stack][0]) and option_bits(w, seat, stack)
        for stack in w.depot_stacks(seat)
    )


def _use_movement_on_civ_tile(w: Work, seat: int) -> None:
    add_movement(w, seat, _civ_tile_movement(w, seat))


#: The plug-in, registered in ``corporations.py``.
PLUGIN = CorporationPlugin(
    "republic",
    anytime={"movement_on_civ_tile": AnytimePower("per_round", _offer_movement_on_civ_tile, _use_movement_on_civ_tile)},
)
