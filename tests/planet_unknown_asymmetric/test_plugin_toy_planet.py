"""A new planet through the plug-in API alone (issue 23, point 2; ``planet_plugin.py``): a toy planet with two
rules of its own, new hook values registered with ``register_planet`` and played through the ordinary rules, without
touching a base-rules module: no tile may cover the top row (a placement rule on the squares,
``geometry.placement_masks``) and each biomass patch on the planet scores a point at the end (``planet_points``)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from playbook.core.errors import RulesDataError
from playbook.games.planet_unknown import PLANET_PLUGINS, PlaceTile, Rules, new_game
from playbook.games.planet_unknown.board import Board
from playbook.games.planet_unknown.components import Planet
from playbook.games.planet_unknown.geometry import ROWS, Placement, placement_index, placement_masks, planet_masks
from playbook.games.planet_unknown.planet_plugin import (
    FIXED_RULES,
    PLANET_POINTS,
    PlanetPlugin,
    register_planet,
    unregister_planet,
)
from playbook.games.planet_unknown.planets import planet_points
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.variants import _planets_file, planet_entry

TOP_ROW = ROWS[0]


def _not_on_the_top_row(planet: Planet, p: Placement) -> bool:
    return not p.mask & TOP_ROW


def _point_per_patch(planet: Planet, board: Board) -> int:
    return planet.scoring_value * board.patches.bit_count()


def _entry() -> dict[str, Any]:
    """Oblivion's squares and medals with the toy's two hook values, as a contributor would add to planets.toml."""
    entry: dict[str, Any] = copy.deepcopy(_planets_file()["planets"]["oblivion"])
    entry["planet"]["name"] = "Toy Top"
    entry["placement"], entry["scoring"], entry["scoring_value"] = "toy_no_top_row", "toy_per_patch", 1
    return entry


TOY = PlanetPlugin(
    "toy_top",
    placement="toy_no_top_row",
    fixed_rule=_not_on_the_top_row,
    fixed_reason="Toy Top: no tile covers the top row",
    scoring="toy_per_patch",
    points=_point_per_patch,
    entry=_entry(),
)


@pytest.fixture
def toy() -> Iterator[Planet]:
    """The toy registered for one test, then removed, so no other test sees it."""
    planet_entry.cache_clear()
    register_planet(TOY)
    try:
        yield planet_entry("toy_top")
    finally:
        unregister_planet(TOY.name)
        planet_entry.cache_clear()


def test_the_toy_planet_is_refused_until_it_is_registered() -> None:
    with pytest.raises(RulesDataError, match="toy_top"):
        Rules(planets=("toy_top",))


def test_no_placement_of_the_toy_covers_its_top_row(toy: Planet) -> None:
    assert PLANET_PLUGINS["toy_top"] is TOY and FIXED_RULES["toy_no_top_row"] is _not_on_the_top_row
    rules = Rules(planets=("toy_top",))
    oblivion = planet_entry("oblivion")
    for shape in rules.c.shapes:
        kept = placement_masks(toy, shape).placements
        every = placement_masks(oblivion, shape).placements
        assert kept == tuple(p for p in every if not p.mask & TOP_ROW)
        assert len(kept) < len(every)
    state = new_game(2, seed=5, rules=rules)
    tiles = [action for action in state.legal_actions() if isinstance(action, PlaceTile)]
    shapes = [rules.c.shape(rules.c.stack_shapes[action.stack]) for action in tiles]
    covered = [
        placement_index(toy, shape)[(a.orientation, a.row, a.col)].mask for a, shape in zip(tiles, shapes, strict=True)
    ]
    assert tiles and not any(mask & TOP_ROW for mask in covered)


def test_the_toy_scores_a_point_per_patch_and_unregistering_puts_the_tables_back(toy: Planet) -> None:
    board = new_game(1, seed=5, rules=Rules(planets=("toy_top",))).boards[0]
    patched = board._replace(patches=0b111 << 40)
    assert planet_points(toy, patched) == 3
    assert breakdown(patched, Rules.standard().c, planet_masks(toy))["planet"] == 3
    unregister_planet(TOY.name)
    assert "toy_no_top_row" not in FIXED_RULES and "toy_per_patch" not in PLANET_POINTS
    assert planet_points(toy, patched) == 0  # the hook value is no rule any more: the standard planet's answer
    register_planet(TOY)
