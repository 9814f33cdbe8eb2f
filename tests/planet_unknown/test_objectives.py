"""Every objective card (standard reference section 1.7): both sides, with a planet that meets or wins it and one
that does not; neighbour scoring 5 / 2 each on a tie / 0."""

from __future__ import annotations

import pytest

from playbook.games.planet_unknown.board import new_board
from playbook.games.planet_unknown.components import TERRAIN_NAMES
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.objectives import neighbour_pairs, neighbour_value, private_met
from playbook.games.planet_unknown.scoring import neighbour_points

from .helpers import C, bit, bits

MASKS = planet_masks(C.planet)
EMPTY = new_board(MASKS, C.corporation)


def layer_board(kind: str, terrain: int, mask: int, symbols: int = 0):
    """A board with ``mask`` of one terrain (and ``symbols`` of its symbols) covered."""
    layers = [0] * 6
    layers[terrain] = mask
    syms = [0] * 6
    syms[terrain] = symbols
    return EMPTY._replace(covered=mask, terrain=tuple(layers), symbols=tuple(syms))


EDGE_TWO = bits((5, 0), (6, 0))  # two edge squares
INLAND_ONE = bit(5, 6)


def neighbour_boards(kind: str, t: int):
    """(a board that beats the other on this card, the other)."""
    if kind == "edge_symbols":
        return layer_board(kind, t, EDGE_TWO, EDGE_TWO), layer_board(kind, t, EDGE_TWO, bit(5, 0))
    if kind == "largest_area":
        return layer_board(kind, t, bits((5, 6), (5, 7), (5, 8))), layer_board(kind, t, bits((5, 6), (7, 6)))
    if kind == "areas":
        return layer_board(kind, t, bits((5, 6), (7, 6))), layer_board(kind, t, bits((5, 6), (5, 7)))
    if kind == "fewest_symbols":
        return layer_board(kind, t, EDGE_TWO, bit(5, 0)), layer_board(kind, t, EDGE_TWO, EDGE_TWO)
    if kind == "tracks_at_top":
        return EMPTY._replace(trackers=(15, 15, 0, 0, 0)), EMPTY._replace(trackers=(15, 14, 0, 0, 0))
    if kind in ("most_meteorites", "fewest_meteorites"):
        more, less = EMPTY._replace(meteorites_collected=4), EMPTY._replace(meteorites_collected=1)
        return (more, less) if kind.startswith("most") else (less, more)
    more, less = EMPTY._replace(lifepods_collected=4), EMPTY._replace(lifepods_collected=1)
    return (more, less) if kind.startswith("most") else (less, more)


def private_boards(kind: str, t: int):
    """(a board that meets the private side, one that does not)."""
    if kind == "square3":
        square = sum(bit(r, c) for r in range(4, 7) for c in range(6, 9))
        return layer_board(kind, t, square), layer_board(kind, t, square & ~bit(5, 7))
    if kind == "rect2x5":
        rect = sum(bit(r, c) for r in range(3, 8) for c in range(6, 8))  # 5 rows x 2 columns
        return layer_board(kind, t, rect), layer_board(kind, t, rect & ~bit(7, 7))
    if kind == "area_symbols":
        area = sum(bit(5, c) for c in range(2, 11))
        six = sum(bit(5, c) for c in range(2, 8))
        return layer_board(kind, t, area, six), layer_board(kind, t, area, six & ~bit(5, 2))
    if kind == "track_top":
        top = [0] * 5
        top[t] = 15
        near = list(top)
        near[t] = 14
        return EMPTY._replace(trackers=tuple(top)), EMPTY._replace(trackers=tuple(near))
    if kind == "max_energy_symbols":
        five = bits((5, 2), (5, 3), (5, 4), (5, 6), (5, 7))
        return layer_board(kind, 5, five, five), layer_board(kind, 5, five | bit(5, 8), five | bit(5, 8))
    if kind == "meteorites":
        return EMPTY._replace(meteorites_collected=9), EMPTY._replace(meteorites_collected=8)
    if kind == "lifepods_over_meteorites":
        return (
            EMPTY._replace(lifepods_collected=3, meteorites_collected=2),
            EMPTY._replace(lifepods_collected=2, meteorites_collected=2),
        )
    if kind == "ice_covered":
        return EMPTY._replace(covered=MASKS.ice), EMPTY._replace(covered=MASKS.ice & ~bit(5, 0))
    return EMPTY._replace(covered=MASKS.land), EMPTY._replace(covered=MASKS.land & ~bit(5, 6))


def terrain_of(what: str) -> int:
    return TERRAIN_NAMES.index(what) if what else 0


@pytest.mark.parametrize("card", [o.id for o in C.objectives])
def test_neighbour_side(card):
    """Neighbour side: the planet with the most (or fewest) of the card's measure wins it."""
    info = C.objective(card)
    winner, loser = neighbour_boards(info.neighbour, terrain_of(info.neighbour_what))
    assert neighbour_value(info, winner, C, MASKS) > neighbour_value(info, loser, C, MASKS)
    assert neighbour_points([winner, loser, winner], (card, card, card), C) == [
        5 + 2,
        0,
        5 + 2,
    ]  # seat 1 loses both of its cards; 2 and 0 tie


@pytest.mark.parametrize("card", [o.id for o in C.objectives])
def test_private_side(card):
    """Private side: 5 points if the card's condition is met at the end."""
    info = C.objective(card)
    met, unmet = private_boards(info.private, terrain_of(info.private_what))
    assert private_met(info, met, C, MASKS)
    assert not private_met(info, unmet, C, MASKS)


def test_28_cards_and_their_placement_by_player_count():
    """ "3-6 players: 1 card between each player; 2 players: 3 cards between both players".\""""
    assert len(C.objectives) == 28
    assert neighbour_pairs(4, (37, 38, 39, 40)) == [(37, 0, 1), (38, 1, 2), (39, 2, 3), (40, 3, 0)]
    assert neighbour_pairs(2, (37, 38, 39)) == [(37, 0, 1), (38, 0, 1), (39, 0, 1)]
    assert neighbour_pairs(1, ()) == []


def test_neighbour_tie_scores_two_each():
    """Standard §1.5: "5 to the winner; 2 each on a tie; 0 otherwise".\""""
    assert neighbour_points([EMPTY, EMPTY], (61,), C) == [2, 2]
