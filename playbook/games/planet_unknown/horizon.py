"""Horizon Group (reference 1.3; rulebook "Horizon Group"): its anytime powers, as a plug-in (``plugin.py``).

Techs 2 (movement per rover carrying a meteorite, at round start: before placing) and 5 (a free rover advance),
once per round each. Horizon's other rules are data-driven base rules in ``powers.py``: rovers carry meteorites
until they reach a rover symbol (hook ``meteorites = "carry_and_deliver"``), tech 1's free placement, tech 3's
patch per meteorite and tech 4's destroying a carried meteorite on water.
"""

from __future__ import annotations

from .components import Phase, Track
from .plugin import AnytimePower, CorporationPlugin
from .tracks import advance
from .work import Work, add_movement


def _carrying(w: Work, seat: int) -> int:
    board = w.boards[seat]
    return sum(board.meteorites >> r & 1 for r in board.rovers)


def _offer_carrying(w: Work, seat: int) -> bool:
    """Tech 2 ("at round start"): before placing, counting the rovers carrying then."""
    return w.phase == Phase.PLACE and not w.placed and _carrying(w, seat) > 0


def _use_movement_per_carrying_rover(w: Work, seat: int) -> None:
    add_movement(w, seat, _carrying(w, seat))


def _offer_always(w: Work, seat: int) -> bool:
    return w.phase == Phase.PLACE


def _use_advance_rover(w: Work, seat: int) -> None:
    advance(w, seat, Track.ROVER, "Horizon tech 5")


#: The plug-in, registered in ``corporations.py``.
PLUGIN = CorporationPlugin(
    "horizon",
    anytime={
        "movement_per_carrying_rover": AnytimePower("per_round", _offer_carrying, _use_movement_per_carrying_rover),
        "advance_rover": AnytimePower("per_round", _offer_always, _use_advance_rover),
    },
)
