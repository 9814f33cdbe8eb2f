"""Planet Unknown's squares and tiles for the views: terrains, orientations, a seat's planet rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from playbook.charts import planet_unknown as pu_charts
from playbook.games import planet_unknown as pu
from playbook.games.planet_unknown.geometry import turn

STATIC = Path(__file__).parent.parent / "static"
TERRAINS = pu_charts.TERRAINS
TRACKS = pu_charts.TRACKS
COLOURS = pu_charts.TERRAIN_COLOURS
SIDE = 12


# -- reading an observation ---------------------------------------------------------------------------------
def mask_has(rows: Sequence[int], square: int) -> bool:
    """Is ``square`` set in a layer given as 12 row masks (as observations give them)?"""
    return bool(int(rows[square // SIDE]) >> (square % SIDE) & 1)


def planet_rows(rules: pu.Rules, seat: int = 0) -> tuple[str, ...]:
    """The squares of ``seat``'s planet (each seat may play another planet, issue 14)."""
    return rules.planet(seat).rows


def seat_view(observation: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    view: Mapping[str, Any] = observation["boards"][seat]
    return view


def _terrain_at(view: Mapping[str, Any], square: int) -> int:
    for index, name in enumerate(TERRAINS):
        if mask_has(view["terrain"][name], square):
            return index
    return -1


# -- tiles and orientations ---------------------------------------------------------------------------------
def oriented(shape: Any, orientation: int) -> tuple[list[list[int]], list[int]]:
    """A shape's cells ``[dx, dy, part, symbol]`` in an orientation (sorted by row) and its meteor square."""
    turned = [(*turn(x, y, orientation), part, symbol) for x, y, part, symbol in shape.cells]
    meteor = turn(shape.meteor[0], shape.meteor[1], orientation)
    min_x = min(t[0] for t in turned)
    min_y = min(t[1] for t in turned)
    cells = sorted(
        [[x - min_x, y - min_y, part, int(symbol)] for x, y, part, symbol in turned], key=lambda c: (c[1], c[0])
    )
    return cells, [meteor[0] - min_x, meteor[1] - min_y]


def canonical_orientations(shape: Any) -> list[int]:
    """For each orientation 0-7, the first orientation that looks the same (the one the engine lists)."""
    seen: dict[tuple[Any, ...], int] = {}
    result = []
    for o in range(8):
        cells, meteor = oriented(shape, o)
        key = (tuple(map(tuple, sorted(cells))), tuple(meteor))
        result.append(seen.setdefault(key, o))
    return result


def tile_terrains(rules: pu.Rules, tile: int) -> tuple[int, int]:
    """A tile type's two terrains (the data's rule: tile type t has pair t // 2)."""
    pair = rules.c.terrain_pairs[tile // 2]
    return int(pair[0]), int(pair[1])


def tile_label(rules: pu.Rules, stack: int, tile: int) -> str:
    a, b = tile_terrains(rules, tile)
    shape = rules.c.stack_shapes[stack]
    rock = ", meteorite" if tile % 2 == 1 else ""
    return f"{shape} tile: {TERRAINS[a]} and {TERRAINS[b]}{rock}"


def tile_info(rules: pu.Rules, stack: int, tile: int) -> dict[str, Any]:
    """One tile as the page draws it: its terrains and its cells in every orientation."""
    shape = rules.c.shape(rules.c.stack_shapes[stack])
    canon = canonical_orientations(shape)
    orientations = {}
    for o in range(8):
        cells, meteor = oriented(shape, o)
        orientations[str(o)] = {"cells": cells, "meteor": meteor if tile % 2 == 1 else None, "canon": canon[o]}
    return {
        "stack": stack,
        "tile": tile,
        "label": tile_label(rules, stack, tile),
        "terrains": list(tile_terrains(rules, tile)),
        "orientations": orientations,
    }


def rotate_orientation(o: int) -> int:
    return (o // 4) * 4 + (o % 4 + 1) % 4


def flip_orientation(o: int) -> int:
    return (-(o % 4)) % 4 + 4 * (1 - o // 4)


def rotation_depot(observation: Mapping[str, Any], action: pu.Rotate) -> int:
    """The depot the commander faces after ``action`` (from where they face now and the rotation now)."""
    commander = int(observation["commander"])
    now = int(observation["boards"][commander]["depot"][0])
    return (now - int(observation["rotation"]) + action.rotation) % 6
