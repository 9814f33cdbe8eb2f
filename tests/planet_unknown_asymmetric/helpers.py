"""Builders for the asymmetric planet tests: a seat on a chosen planet, placements by squares."""

from __future__ import annotations

from typing import Any

from playbook.games.planet_unknown import Phase, Rules, State, new_game
from playbook.games.planet_unknown.components import Planet
from playbook.games.planet_unknown.geometry import Placement, placement_index, planet_masks, squares
from playbook.games.planet_unknown.planet import legal_placements
from playbook.games.planet_unknown.variants import planet_entry

C = Rules.standard().c
CIV_ENERGY, ENERGY_WATER, ROVER_TECH, TECH_BIOMASS, WATER_ROVER, BIOMASS_CIV = 0, 2, 4, 6, 8, 10
CIV, WATER, BIOMASS, ROVER, TECH, ENERGY = range(6)


def bit(row: int, col: int) -> int:
    return 1 << (row * 12 + col)


def bits(*cells: tuple[int, int]) -> int:
    return sum(bit(r, c) for r, c in cells)


def sq(row: int, col: int) -> int:
    return row * 12 + col


def placement(planet: Planet, shape: str, orientation: int, row: int, col: int) -> Placement:
    return placement_index(planet, C.shape(shape))[(orientation, row, col)]


def legal(
    planet: Planet, shape: str, *, covered: int = 0, tile: int = CIV_ENERGY, tiles: int | None = None
) -> list[Placement]:
    """Legal placements of ``shape`` (tile type ``tile``) on a board of ``planet`` with ``covered`` squares."""
    board = (
        at(planet.key)
        .boards[0]
        ._replace(covered=covered, tiles_placed=(1 if covered else 0) if tiles is None else tiles)
    )
    pair = C.terrain_pairs[tile // 2]
    return legal_placements(board, C, planet_masks(planet), shape, pair=pair)


def cells_of(p: Placement) -> set[tuple[int, int]]:
    return {divmod(s, 12) for s in squares(p.mask)}


def at(key: str, players: int = 1, seed: int = 1, **options: Any) -> State:
    """A game on planet ``key`` (every seat), advanced by first legal actions to the first placement."""
    state = new_game(players, seed=seed, rules=Rules(planets=(key,), **options))
    while not (state.phase == Phase.PLACE and not state.placed):
        state = state.apply(state.legal_actions()[0])[0]
    return state


def with_board(state: State, seat: int = 0, **changes: Any) -> State:
    boards = list(state.boards)
    boards[seat] = boards[seat]._replace(**changes)
    return state._with(boards=tuple(boards))


def planet(key: str) -> Planet:
    return planet_entry(key)
