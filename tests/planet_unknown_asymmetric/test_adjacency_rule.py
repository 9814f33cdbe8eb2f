"""Placement rule 4 for every corporation (issue 18, "Rules").

Rulebook, "Placement Rules": "All tiles must be placed orthogonally adjacent to another tile (after the 1st
tile)." Only Universal Coalition's tech 1 lifts it: "Ignore tile adjacency placement restrictions: Remove the
restriction for orthogonally adjacent tile placement." Each seat is asked about its own corporation's techs, so no
other corporation loses the rule by bringing its tech tracker to Universal Coalition's tech-1 milestone (Horizon's
tech 1 frees only a tile with rover terrain, ``test_horizon.py``). The corporations come from the registry
(``variants.corporation_keys``), so a new corporation is covered without editing this file.
"""

from __future__ import annotations

import pytest

from playbook.games.planet_unknown import Phase, PlaceTile, Rotate, Rules, State, TakeTile, new_game
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.components import Corporation, EndReason, Track
from playbook.games.planet_unknown.economy import placements_with_yield
from playbook.games.planet_unknown.geometry import neighbours, placement_index, placement_masks, planet_masks
from playbook.games.planet_unknown.variants import corporation_keys, planet_entry
from playbook.games.planet_unknown.work import Work, depot_stacks

from .helpers import CIV_ENERGY, ROVER_TECH, bits, with_board

CORPORATIONS = ("standard", *corporation_keys())
ADJACENCY = "all tiles must be placed orthogonally adjacent to another tile (after the 1st tile)"
STANDARD = Rules.standard().c.corporation


def _corporation(key: str) -> Corporation:
    return Rules(corporations=(key,)).corporation(0)


def _frees_adjacency(key: str) -> bool:
    """The corporation's own tech 1 is the power that lifts rule 4 (read from its data, not a list of names)."""
    return _corporation(key).techs[0] == "ignore_adjacency"


def _tech_one_milestone(corporation: Corporation) -> int:
    """The lowest tech-track position whose tech level is 1 (0 when the track has no milestone: Jump Drive)."""
    levels = track_tables(corporation).tech_level
    return levels.index(1) if 1 in levels else 0


def _tech_one_reached(state: State, seat: int, corporation: Corporation) -> State:
    """The seat's tech tracker on Universal Coalition's tech-1 milestone and its own (Jump Drive: a lifepod on
    tech slot 1 instead, its way of unlocking tech 1)."""
    trackers = list(state.boards[seat].trackers)
    trackers[Track.TECH] = max(_tech_one_milestone(STANDARD), _tech_one_milestone(corporation))
    slots = 1 if corporation.hook("tech_unlock") == "lifepod_slots" else 0
    return with_board(state, seat, trackers=tuple(trackers), tech_slots=slots)


def _tops(state: State, seat: int, tile: int) -> State:
    """Both stacks of the seat's depot topped with ``tile``."""
    stacks = list(state.stacks)
    for stack in Work(state).depot_stacks(seat):
        stacks[stack] = (tile, *stacks[stack][1:])
    return state._with(stacks=tuple(stacks))


def _after_first_tile(key: str, tile: int = CIV_ENERGY) -> State:
    """Solo on KSB-4156: the 1st tile placed (first legal actions), the next round's placement, tech 1 reached,
    both depot tiles of type ``tile``."""
    state = new_game(1, seed=3, rules=Rules(corporations=(key,)))
    placing = lambda s: s.phase == Phase.PLACE and not s.placed  # noqa: E731
    while not placing(state):
        state = state.apply(state.legal_actions()[0])[0]
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, PlaceTile)))[0]
    while not placing(state):
        state = state.apply(state.legal_actions()[0])[0]
    assert state.boards[0].tiles_placed == 1
    return _tops(_tech_one_reached(state, 0, _corporation(key)), 0, tile)


def _mask(state: State, action: PlaceTile) -> int:
    c = state.rules.c
    shape = c.shape(c.stack_shapes[action.stack])
    return placement_index(state.rules.planet(0), shape)[(action.orientation, action.row, action.col)].mask


def _far(state: State, stacks: tuple[int, ...] = tuple(range(12))) -> list[PlaceTile]:
    """Listed placements (from ``stacks``) touching no covered square."""
    frontier = neighbours(state.boards[0].covered)
    return [
        a
        for a in state.legal_actions()
        if isinstance(a, PlaceTile) and a.stack in stacks and not _mask(state, a) & frontier
    ]


@pytest.mark.parametrize("key", CORPORATIONS)
def test_only_the_ignore_adjacency_tech_lists_a_placement_touching_no_tile(key: str) -> None:
    """Rulebook: "All tiles must be placed orthogonally adjacent to another tile (after the 1st tile)"; tech 1
    of Universal Coalition: "Ignore tile adjacency placement restrictions". With the tech tracker past the
    tech-1 milestone, only that corporation is offered a tile touching no other; the others are told the rule."""
    state = _after_first_tile(key)
    assert bool(_far(state)) == _frees_adjacency(key)
    if _frees_adjacency(key):
        return
    covered = state.boards[0].covered
    c = state.rules.c
    stack = Work(state).depot_stacks(0)[0]
    table = placement_masks(state.rules.planet(0), c.shape(c.stack_shapes[stack])).placements
    p = next(p for p in table if not p.mask & (covered | neighbours(covered)))
    far = PlaceTile(stack, p.orientation, p.row, p.col)
    assert not state.is_legal(far)
    assert state.why_illegal(far) == ADJACENCY


def test_horizon_tech_1_still_frees_a_tile_with_rover_terrain() -> None:
    """Reference 1.3, Horizon tech 1: "a tile with rover terrain may be placed ignoring all placement
    restrictions: adjacency ..." (kept by the per-seat fix): its rover tile goes anywhere, its other tile not."""
    state = _after_first_tile("horizon")
    exterior, interior = Work(state).depot_stacks(0)
    stacks = list(state.stacks)
    stacks[interior] = (ROVER_TECH, *stacks[interior][1:])
    state = state._with(stacks=tuple(stacks))
    assert _far(state, (interior,)) and not _far(state, (exterior,))


# Lacuna: the planet's edge and the holes at (6,2), (7,3) and (8,3) wall off a 2x2 pocket at rows 7-8, columns 1-2,
# entered only through the single squares (6,1) and (7,0). With every other square covered, an O tile fits only in
# the pocket, where it touches no covered square.
POCKET = bits((7, 1), (7, 2), (8, 1), (8, 2))
ENTRANCES = bits((6, 1), (7, 0))
O_STACK = Rules.standard().c.stack_shapes.index("O")


def _before_placement_with_only_the_pocket(key: str) -> tuple[State, int]:
    """Three seats on Lacuna, the commander about to turn the station; seat 0 has covered all but the pocket and
    its entrances, has tech 1, and will face an empty exterior stack and the O stack (a non-rover tile on top)."""
    state = new_game(3, seed=4, rules=Rules(corporations=(key,), planets=("lacuna",)))
    while state.phase != Phase.ROTATE:  # set-up choices (Flux's flux track)
        state = state.apply(state.legal_actions()[0])[0]
    playable = planet_masks(planet_entry("lacuna")).playable
    state = with_board(state, 0, covered=playable & ~(POCKET | ENTRANCES), tiles_placed=20)
    state = _tech_one_reached(state, 0, _corporation(key))
    rotation = next(r for r in range(6) if depot_stacks(3, 0, r, state.shift)[1] == O_STACK)
    exterior = depot_stacks(3, 0, rotation, state.shift)[0]
    stacks = list(state.stacks)
    stacks[exterior] = ()
    stacks[O_STACK] = (CIV_ENERGY, *stacks[O_STACK][1:])
    return state._with(stacks=tuple(stacks)), rotation


@pytest.mark.parametrize("key", CORPORATIONS)
def test_the_cannot_place_end_check_keeps_the_adjacency_rule(key: str) -> None:
    """Rulebook, Game End: "A player cannot legally place a tile from their depot" triggers the end. The check
    uses the same rule 4 as the placements offered: a seat whose only fitting placement touches no tile cannot
    place, unless its own tech 1 ignores adjacency."""
    state, rotation = _before_placement_with_only_the_pocket(key)
    state = state.apply(Rotate(rotation))[0]
    blocked = state.boards[0].blocked
    assert blocked == (not _frees_adjacency(key))
    assert (state.end_reason == EndReason.CANNOT_PLACE) == blocked
    if state.phase == Phase.PLACE and state.seat == 0 and not state.placed:
        offered = state.legal_actions()
        assert all(isinstance(a, TakeTile) for a in offered) == blocked


@pytest.mark.parametrize("key", CORPORATIONS)
def test_the_explorer_table_of_placements_keeps_rule_4_for_the_corporation_it_is_asked_about(key: str) -> None:
    """``economy.placements_with_yield`` (the explorer's table) asks the same rule about the corporation it is
    given: a placement touching no tile is listed only for the one whose tech 1 lifts rule 4."""
    state = _after_first_tile(key)
    board = state.boards[0]
    c = state.rules.c
    shape = c.stack_shapes[Work(state).depot_stacks(0)[0]]
    rows = placements_with_yield(board, CIV_ENERGY, shape, state.rules, state.rules.planet(0), _corporation(key))
    table = placement_index(state.rules.planet(0), c.shape(shape))
    loose = [
        row for row in rows if not table[(row["orientation"], row["row"], row["col"])].mask & neighbours(board.covered)
    ]
    assert bool(loose) == _frees_adjacency(key)
