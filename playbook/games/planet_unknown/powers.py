"""Corporation powers beyond Universal Coalition's, keyed by the hook values and tech keys of
``data/corporations.toml`` (read by ``variants.py``). The engine calls these at fixed points:

- ``on_civ_milestone`` (``tracks._benefits``): Republic's mandatory regression and tech 4's synergy;
- ``civ_options`` / ``civ_pile_of`` (civ card choice): Republic tech 2 (the next rank's top card) and tech 5
  (rank 0 in the civ queue: any card left in any pile, at the end of the game);
- ``end_of_game`` (``flow._enter_seat`` in the END phase): Republic tech 5;
- ``civ_jumps`` (rover movement): Republic tech 3, a teleport between civ-terrain squares for 1 movement;
- ``carried`` / ``carry_along`` / ``after_step`` / ``meteorite_collected`` (``planet.collect_at``, ``move_rover``):
  Horizon's carry and deliver, techs 3 and 4; ``free_placement`` (``planet.tile_planet``): Horizon tech 1;
- ``space_of`` / ``next_position`` (``tracks.advance``, ``can_advance``, ``_benefits``): Oasis's winding water
  path and any-piece blocking (tech 1 hops); Oasis techs 3-5 and the water symbol once per water square on ice
  are base rules of ``planet.py`` (``after_tile``, ``_symbol_advance``);
- anytime powers (``UsePower``): ``power_levels`` offers, ``use_power`` uses and ``reset_round_powers`` frees
  every registered plug-in's (``plugin.ANYTIME`` / ``OFFER`` / ``USE``), once per round or once per game
  (``Board.powers_used``; per-round flags cleared at round start). Republic's, Horizon's and Oasis's own are in
  ``republic.py``, ``horizon.py`` and ``oasis.py``.

The corporations' anytime powers, tile hooks and rover jumps reach this module only through ``plugin.py``'s
tables (each corporation module's ``PLUGIN``, registered in ``corporations.py``), so it imports no corporation
module and no rule above it (``tracks``, ``planet``).
"""

from __future__ import annotations

from .actions import Gain
from .board import Board
from .components import Corporation, Phase, Terrain, Track
from .events import GainLost, TokenMoved
from .geometry import squares
from .plugin import ANYTIME, OFFER, ROVER_JUMPS, USE
from .rulebook import advance_position
from .work import Work, gain

#: Republic regresses one of these after each civ milestone (reference 1.7: "not civ").
REGRESS_OTHER = sum(1 << t for t in (Track.WATER, Track.BIOMASS, Track.ROVER, Track.TECH))
#: ``ANYTIME`` (imported from ``plugin.py``): the anytime powers the engine offers as ``UsePower(level)``, with
#: their use limit (section 3.12), merged from every registered corporation plug-in (``corporations.py``).
__all__ = ["ANYTIME", "OFFER", "USE"]


def on_civ_milestone(w: Work, seat: int) -> None:
    """After a civ milestone: Republic regresses another tracker (mandatory if it can) and, with tech 4, gains a
    synergy."""
    corporation = w.corporations[seat]
    if corporation.hook("on_civ_milestone") == "regress_other":
        if any(w.boards[seat].trackers[t] > 0 for t in range(5) if REGRESS_OTHER >> t & 1):
            gain(w, seat, Gain.REGRESS, REGRESS_OTHER | 1 << 8)
        else:
            w.add(GainLost(w.round, seat, "regression after the civ milestone (no tracker can regress)"))
    if w.tech(seat, "synergy_per_civ_milestone"):
        gain(w, seat, Gain.SYNERGY)


def civ_options(w: Work, seat: int) -> tuple[int, ...]:
    """The civ cards the seat may take for its next milestone: its rank's pile (rank 0: every pile, Republic tech
    5), plus the top card of the next rank's pile with Republic tech 2."""
    rank = w.civ_queue[seat][0]
    if rank == 0:
        return tuple(card for pile in w.civ_piles for card in pile)
    found = w.civ_piles[rank - 1]
    if w.tech(seat, "civ_next_rank_card") and rank < 4 and w.civ_piles[rank]:
        found = (*found, w.civ_piles[rank][0])
    return found


def civ_pile_of(w: Work, card: int) -> int:
    """The index of the pile that holds ``card``."""
    return next(index for index, pile in enumerate(w.civ_piles) if card in pile)


def end_of_game(w: Work, seat: int) -> None:
    """Republic tech 5: look through every civ card left and keep 2 (two rank-0 entries in the civ queue)."""
    if w.tech(seat, "keep_two_civ_cards"):
        w.civ_queue[seat] = (*w.civ_queue[seat], 0, 0)


def civ_jumps(w: Work, seat: int) -> list[tuple[int, int]]:
    """Republic tech 3: for 1 movement, a rover on civ terrain jumps to another civ-terrain square (a teleport:
    the planet's step rules do not apply)."""
    for tech, jumps in ROVER_JUMPS.items():  # plug-ins: Jump Drive tech 2, to matching terrain, once per round
        if w.tech(seat, tech):
            return jumps(w, seat)
    if not w.tech(seat, "rover_jump_civ"):
        return []
    board = w.boards[seat]
    civ = board.terrain[Terrain.CIV]
    occupied = sum(1 << r for r in board.rovers)
    targets = list(squares(civ & ~occupied))
    return [(r, t) for r in board.rovers if civ >> r & 1 for t in targets]


# -- Oasis: the winding water path, blocking, water from tiles ----------------------------------------------------
def space_of(corporation: Corporation, track: int, position: int) -> tuple[int, int]:
    """The (track, position) a tracker stands on: Oasis's water tracker at path step ``position``."""
    if track == Track.WATER and corporation.water_path:
        return corporation.water_path[position]
    return track, position


def next_position(w: Work, seat: int, track: int, position: int) -> int | None:
    """Where one advance takes the tracker (``None``: at the top, or blocked). Oasis: a space holding any other
    tracker stops the move; with tech 1 the tracker hops over it (to the next free space of its own track or
    path)."""
    corporation = w.corporations[seat]
    top = w.tables_of(seat).top[track]
    covered = w.boards[seat].track_lifepods[track]
    if not covered and corporation.hook("blocking") != "any_piece":
        return advance_position(position, top)  # the rulebook's advance: no lifepod to jump, no piece to block
    target = position + 1
    while covered >> target & 1:  # Cosmos: a tracker jumps over spaces holding a lifepod, several at once
        target += 1
    if target > top and covered >> top & 1:  # Cosmos: past a covered rover 15 is the virtual 16, kept as 15
        target = top
    if corporation.hook("blocking") != "any_piece":
        return target if target <= top else None
    trackers = w.boards[seat].trackers
    others = {space_of(corporation, t, trackers[t]) for t in range(5) if t != track}
    while target <= top and space_of(corporation, track, target) in others:
        if not w.tech(seat, "jump_blocking_tracker"):
            return None
        target += 1
    return target if target <= top else None


# -- Horizon: carry and deliver ---------------------------------------------------------------------------------
def carried_mask(board: Board, corporation: Corporation) -> int:
    """Horizon: the squares where a rover carries a meteorite (a meteorite sharing a square with a rover, unless
    the square shows a rover symbol: it is delivered, collected). Views draw them from a rebuilt board."""
    if corporation.hook("meteorites") != "carry_and_deliver":
        return 0
    return board.meteorites & sum(1 << r for r in board.rovers) & ~board.symbols[Terrain.ROVER]


def carried(w: Work, seat: int, square: int) -> bool:
    return bool(carried_mask(w.boards[seat], w.corporations[seat]) >> square & 1)


def carry_along(w: Work, seat: int, start: int, end: int) -> None:
    """Horizon: a stepping rover takes its meteorite along, unless the destination holds one (it stays behind)."""
    board = w.boards[seat]
    if w.corporations[seat].hook("meteorites") != "carry_and_deliver" or not board.meteorites >> start & 1:
        return
    if board.meteorites >> end & 1:
        return
    w.set_board(seat, meteorites=board.meteorites & ~(1 << start) | 1 << end)
    w.add(TokenMoved(w.round, seat, "meteorite", "carried", start, end))


def after_step(w: Work, seat: int, end: int) -> None:
    """Horizon tech 4: a carrying rover that steps onto water terrain may destroy its meteorite."""
    board = w.boards[seat]
    if carried(w, seat, end) and board.terrain[Terrain.WATER] >> end & 1 and w.tech(seat, "destroy_carried_on_water"):
        gain(w, seat, Gain.DESTROY_CARRIED, end)


def meteorite_collected(w: Work, seat: int) -> None:
    """Horizon tech 3: every meteorite collected also gives a biomass patch."""
    if w.tech(seat, "biomass_per_meteorite"):
        if w.boards[seat].biomass_supply > 0:
            gain(w, seat, Gain.BIOMASS)
        else:
            w.add(GainLost(w.round, seat, "biomass patch (none left in supply)"))


def free_placement(w: Work, seat: int, pair: tuple[int, int]) -> bool:
    """Horizon tech 1: a tile with rover terrain ignores adjacency, the planet's rule and the event restriction."""
    return Terrain.ROVER in pair and w.tech(seat, "rover_tile_ignores_restrictions")


# -- anytime powers ---------------------------------------------------------------------------------------------
def power_levels(w: Work, seat: int) -> list[int]:
    """The tech levels whose anytime power the seat may use now."""
    corporation = w.corporations[seat]
    used = w.boards[seat].powers_used
    return [
        level
        for level, power in enumerate(corporation.techs, start=1)
        if power in OFFER and power not in used and w.tech(seat, power) and OFFER[power](w, seat)
    ]


def use_power(w: Work, seat: int, level: int) -> None:
    power = w.corporations[seat].techs[level - 1]
    if power in ANYTIME:  # Wormhole tech 1 (offered, not in ANYTIME) has no use limit
        w.set_board(seat, powers_used=(*w.boards[seat].powers_used, power))
    USE[power](w, seat)


def reset_round_powers(w: Work) -> None:
    """Round start: per-round powers may be used again (per-game ones stay used)."""
    for seat, board in enumerate(w.boards):
        if board.powers_used or board.free_steps:  # Cosmos tech 4's free steps count per round
            kept = tuple(p for p in board.powers_used if ANYTIME.get(p) != "per_round")
            w.set_board(seat, powers_used=kept, free_steps=0)


def committed_to_civ_tile(w: Work, seat: int) -> bool:
    """Republic tech 1 used this round before placing: the tile placed must have civ terrain."""
    return "movement_on_civ_tile" in w.boards[seat].powers_used and w.phase == Phase.PLACE and not w.placed
