"""The engine's per-component tables (issue 20): found by the component object, never rebuilt or re-hashed.

A ``Corporation`` is five tracks of ``Space`` records and a ``Planet`` a grid of strings: hashing one costs more
than a rover step, and the engine asks for their tables many times per step. These tests count the hashes, and
check that the faster placement listing (a set of placements as an int, read a byte at a time) lists exactly the
placements the rules allow.
"""

from __future__ import annotations

import random
from typing import ClassVar

from playbook.games.planet_unknown import Rules, new_game
from playbook.games.planet_unknown.actions import ChooseSquare, Gain, MoveRover, shared
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.components import Corporation, Planet
from playbook.games.planet_unknown.geometry import neighbours, placement_masks, planet_masks

C = Rules.standard().c


class CountedCorporation(Corporation):
    """Universal Coalition, counting how often it is hashed."""

    hashes: ClassVar[int] = 0

    def __hash__(self) -> int:
        CountedCorporation.hashes += 1
        return super().__hash__()


class CountedPlanet(Planet):
    """KSB-4156, counting how often it is hashed."""

    hashes: ClassVar[int] = 0

    def __hash__(self) -> int:
        CountedPlanet.hashes += 1
        return super().__hash__()


def test_track_tables_of_the_same_corporation_do_not_hash_it_again() -> None:
    corporation = CountedCorporation(*C.corporation)
    first = track_tables(corporation)
    CountedCorporation.hashes = 0
    for _ in range(50):
        assert track_tables(corporation) is first
    assert CountedCorporation.hashes == 0
    assert track_tables(C.corporation) == first  # an equal corporation built apart: the same tables


def test_planet_tables_of_the_same_planet_do_not_hash_it_again() -> None:
    planet = CountedPlanet(*C.planet)
    shape = C.shape(C.stack_shapes[0])
    masks, table = planet_masks(planet), placement_masks(planet, shape)
    CountedPlanet.hashes = 0
    for _ in range(50):
        assert planet_masks(planet) is masks
        assert placement_masks(planet, shape) is table
    assert CountedPlanet.hashes == 0
    assert placement_masks(C.planet, shape).placements == table.placements


def test_listed_placements_are_exactly_the_free_ones_touching_the_frontier() -> None:
    """``PlacementTable.legal`` against the rule read plainly: no covered square, a square of the frontier."""
    rng = random.Random(5)
    masks = planet_masks(C.planet)
    for name in dict.fromkeys(C.stack_shapes):
        table = placement_masks(C.planet, C.shape(name))
        for _ in range(20):
            covered = sum(1 << s for s in range(144) if masks.playable >> s & 1 and rng.random() < 0.4)
            frontier = neighbours(covered) & masks.playable
            expected = [i for i, m in enumerate(table.masks) if not m & covered and m & frontier]
            assert table.legal(covered, frontier) == expected


def test_shared_actions_are_one_object_per_value() -> None:
    square = shared(ChooseSquare, Gain.BIOMASS, 3, 4)
    assert square is shared(ChooseSquare, Gain.BIOMASS, 3, 4)
    assert square == ChooseSquare(Gain.BIOMASS, 3, 4) and type(square.gain) is Gain
    assert shared(MoveRover, 1, 2, 1, 3) == MoveRover(1, 2, 1, 3)


def test_states_list_the_same_action_objects() -> None:
    """Two games at the same position list the very same placement objects (built once per process)."""
    first, second = new_game(2, seed=4), new_game(2, seed=4)
    while not any(type(a).__name__ == "PlaceTile" for a in first.legal_actions()):
        first = first.apply(first.legal_actions()[0])[0]
        second = second.apply(second.legal_actions()[0])[0]
    listed = first.legal_actions()
    assert all(a is b for a, b in zip(listed, second.legal_actions(), strict=True))
