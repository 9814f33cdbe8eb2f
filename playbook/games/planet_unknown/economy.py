"""Small pure functions a notebook calls to explain Planet Unknown's resource tracks.

- ``placement_yield``: what placing a tile would give, per track (the ice and energy rules included);
- ``track_schedule`` / ``medal_curve``: each track's milestones and its best medal by position;
- ``placements_with_yield``: every legal placement of a tile and what each would give;
- ``track_positions``: the trackers of every seat after each round of a ``Match``;
- ``points_breakdown``: a finished (or running) game's points by source;
- ``board_from_view``: rebuild a planet from an observation (what agents use).
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any, NamedTuple

from playbook.core import Match
from playbook.core.protocol import Json

from .board import NOT_BIOMASS, Board, has_tech, track_tables
from .components import TERRAIN_NAMES, Corporation, Planet, Rules, Terrain
from .geometry import Placement, W, neighbours, placement_index, planet_masks
from .planet import energy_tracks, legal_placements, tile_pair
from .plugin import rules_of
from .scoring import points_breakdown as points_breakdown
from .state import State

#: The 12 bits of one row of a planet; a view's rows are cut to them and shifted to their place (``_layer``).
ROW_BITS = (1 << W) - 1
ROW_CUTS = (ROW_BITS,) * 16
ROW_SHIFTS = tuple(W * r for r in range(16))


class Yield(NamedTuple):
    """Advances a placement gives per track (energy: the best single choice among ``energy_options``)."""

    advances: tuple[int, int, int, int, int]
    energy_options: tuple[int, ...]
    water_lost: bool  # a water symbol that gives nothing (no water terrain on ice)
    meteorite: int  # square the meteorite lands on, or -1
    lifepods_destroyed: int
    rovers_destroyed: int


def placement_yield(
    board: Board,
    tile: int,
    p: Placement,
    rules: Rules | None = None,
    planet: Planet | None = None,
    corporation: Corporation | None = None,
) -> Yield:
    """What placing tile type ``tile`` as ``p`` on ``board`` (on ``planet``, default KSB-4156; for
    ``corporation``, default Universal Coalition) gives, before any choice is made.

    The corporation's techs and tile hooks apply as ``planet._symbol_advance`` applies them: Oasis's water once
    per water square on ice and its tech 3 (a tile on no ice: a water advance), Wormhole's biomass symbol only
    without a new biomass area and its energy never to biomass. Not shown: Jump Drive tech 4 (the tech symbol
    may act as energy: the tech advance stands for that choice) and the patches, synergies and meteorites some
    techs add after the tile (Oasis 4 and 5, Flux 4).
    """
    rules = rules or Rules.standard()
    c = rules.c
    corp = corporation or c.corporation
    masks = planet_masks(planet or c.planet)
    a, b = tile_pair(c, tile)
    advances = [0, 0, 0, 0, 0]
    water = (p.part_a if a == Terrain.WATER else 0) | (p.part_b if b == Terrain.WATER else 0)
    on_ice = (water & masks.ice).bit_count()
    if corp.hook("water_symbol") == "per_ice_square":  # Oasis: once per water square on ice
        water_advances = on_ice
    else:
        water_advances = (2 if has_tech(board, corp, "double_water") else 1) if on_ice else 0
    energy: tuple[int, ...] = ()
    # the board as it would be after placing (energy looks through older tiles and the new one)
    terrain = list(board.terrain)
    terrain[a] |= p.part_a
    terrain[b] |= p.part_b
    t6 = (terrain[0], terrain[1], terrain[2], terrain[3], terrain[4], terrain[5])
    after = board._replace(covered=board.covered | p.mask, terrain=t6, last_tile=p.mask)
    for t, symbol in ((a, p.symbol_a), (b, p.symbol_b)):
        if t == Terrain.WATER:
            advances[Terrain.WATER] += water_advances
        elif t == Terrain.ENERGY:
            mask = energy_tracks(after, symbol, masks.planet)
            if NOT_BIOMASS in corp.hooks:  # Wormhole: energy never advances biomass (planet.energy_gain)
                mask &= ~(1 << Terrain.BIOMASS)
            energy = tuple(x for x in range(5) if mask >> x & 1)
        elif t != Terrain.BIOMASS or (biomass_rule := rules_of(corp).biomass_symbol) is None or biomass_rule(after):
            advances[t] += 1  # the corporation's own biomass rule (Wormhole: only if the tile made no new area)
    if not p.mask & masks.ice and has_tech(board, corp, "water_without_ice"):  # Oasis tech 3 (planet.after_tile)
        advances[Terrain.WATER] += 1
    meteor = tile % 2 == 1 and not has_tech(board, corp, "meteor_shield")
    return Yield(
        (advances[0], advances[1], advances[2], advances[3], advances[4]),
        energy,
        Terrain.WATER in (a, b) and not on_ice,
        p.meteor.bit_length() - 1 if meteor else -1,
        (board.lifepods & p.mask).bit_count(),
        sum(p.mask >> r & 1 for r in board.rovers),
    )


def placements_with_yield(
    board: Board,
    tile: int,
    shape: str,
    rules: Rules | None = None,
    planet: Planet | None = None,
    corporation: Corporation | None = None,
) -> list[dict[str, Any]]:
    """Every legal placement of a tile (no event) and what each would give (for ``corporation``, default
    Universal Coalition), as rows for a table."""
    rules = rules or Rules.standard()
    masks = planet_masks(planet or rules.c.planet)
    rows = []
    for p in legal_placements(board, rules.c, masks, shape, pair=tile_pair(rules.c, tile), corporation=corporation):
        y = placement_yield(board, tile, p, rules, masks.planet, corporation)
        row: dict[str, Any] = {"orientation": p.orientation, "row": p.row, "col": p.col}
        row.update({TERRAIN_NAMES[t]: y.advances[t] for t in range(5)})
        row["energy_options"] = ", ".join(TERRAIN_NAMES[t] for t in y.energy_options)
        row.update(water_lost=y.water_lost, meteorite=y.meteorite, lifepods_destroyed=y.lifepods_destroyed)
        rows.append(row)
    return rows


def track_schedule(rules: Rules | None = None) -> list[dict[str, Any]]:
    """One row per track and position: medal, synergy, civ rank, biomass, tech level, rover, movement."""
    rules = rules or Rules.standard()
    rows = []
    for t, track in enumerate(rules.c.corporation.tracks):
        for position, space in enumerate(track):
            rows.append({"track": TERRAIN_NAMES[t], "position": position, **space._asdict()})
    return rows


def medal_curve(track: int, rules: Rules | None = None) -> tuple[int, ...]:
    """The medal a tracker scores at each position of ``track`` (best medal at or below it)."""
    rules = rules or Rules.standard()
    return track_tables(rules.c.corporation).best_medal[track]


def track_positions(match: Match) -> list[dict[str, int]]:
    """Every seat's trackers at the end of each round of a ``Match`` (and at the end of the game)."""
    rows: list[dict[str, int]] = []
    previous = None
    for state in match:
        if not isinstance(state, State):
            continue
        if previous is not None and (state.round != previous.round or state.is_terminal):
            rows.extend(_positions(previous if not state.is_terminal else state))
        previous = state
    return rows


def _positions(state: State) -> list[dict[str, int]]:
    return [
        {"round": state.round, "seat": seat, **{TERRAIN_NAMES[t]: board.trackers[t] for t in range(5)}}
        for seat, board in enumerate(state.boards)
    ]


def board_from_view(view: Mapping[str, Json]) -> Board:
    """A ``Board`` rebuilt from one entry of ``observation(seat)["boards"]`` (objectives left empty). Bots rebuild
    one every decision, so the layers are read by ``_layer`` (``geometry.from_row_masks`` in one pass)."""
    t = [_layer(view["terrain"][name]) for name in TERRAIN_NAMES]
    s = [_layer(view["symbols"][name]) for name in TERRAIN_NAMES]
    trackers = tuple(map(int, view["trackers"]))
    return Board(
        covered=_layer(view["covered"]),
        terrain=(t[0], t[1], t[2], t[3], t[4], t[5]),
        symbols=(s[0], s[1], s[2], s[3], s[4], s[5]),
        meteor_marks=_layer(view["meteor_marks"]),
        meteorites=_layer(view["meteorites"]),
        lifepods=_layer(view["lifepods"]),
        patches=_layer(view["patches"]),
        rovers=tuple(int(r) for r in view["rovers"]),
        rover_supply=int(view["rover_supply"]),
        trackers=(trackers[0], trackers[1], trackers[2], trackers[3], trackers[4]),
        lifepods_collected=int(view["lifepods_collected"]),
        meteorites_collected=int(view["meteorites_collected"]),
        stored_biomass=int(view["stored_biomass"]),
        civ_cards=tuple(int(c) for c in view["civ_cards"]),
        objectives=(),
        tiles_placed=int(view["tiles_placed"]),
        last_tile=_layer(view["last_tile"]),
        meteorite_supply=50,
        biomass_supply=50,
        blocked=False,
        tech_slots=sum(1 << (int(level) - 1) for level in view.get("tech_slots", [])),
        shared_objectives=tuple(int(card) for card in view.get("shared_objectives", [])),
        track_lifepods=_five(view.get("track_lifepods")),
        columns=_columns(view),
        flux_track=TERRAIN_NAMES.index(str(view["flux_track"])) if view.get("flux_track") else -1,
        flux_rovers=int(view.get("flux_rovers", 0)),
    )


def view_layer(rows: Json) -> int:
    """One layer of a board view (``board_from_view``'s reading of it)."""
    return _layer(rows)


def _layer(rows: Json) -> int:
    """``from_row_masks(list(rows))``: row ``r``'s 12 bits at bit ``12 * r``, each row cut to 12 bits (the shifts
    and cuts run in C: ``map``)."""
    listed = list(rows)
    if len(listed) > len(ROW_SHIFTS):
        return sum((row & ROW_BITS) << (r * W) for r, row in enumerate(listed))
    return sum(map(operator.lshift, map(operator.and_, listed, ROW_CUTS), ROW_SHIFTS))


def _five(values: Json) -> tuple[int, int, int, int, int]:
    """Five per-track ints of a board view (Cosmos's lifepods on tracks), zeros when the view has none."""
    found = [int(v) for v in values] if isinstance(values, list) and len(values) == 5 else [0] * 5
    return (found[0], found[1], found[2], found[3], found[4])


def tracker_columns(view: Mapping[str, Json]) -> tuple[int, int, int, int, int]:
    """Makeshift: the track each tracker of a board view stands on (``Board.columns``)."""
    return _columns(view)


def _columns(view: Mapping[str, Json]) -> tuple[int, int, int, int, int]:
    """Makeshift: the track each tracker stands on (views saved before it: each on its own)."""
    c = tuple(map(int, view.get("columns", [0, 1, 2, 3, 4])))
    return (c[0], c[1], c[2], c[3], c[4])


def placement_of(
    rules: Rules, stack: int, orientation: int, row: int, col: int, planet: Planet | None = None
) -> Placement:
    c = rules.c
    return placement_index(planet or c.planet, c.shape(c.stack_shapes[stack]))[(orientation, row, col)]


def frontier(board: Board) -> int:
    return neighbours(board.covered)


from .kpis import economy_frame, metrics  # noqa: E402,F401  (issue 13 KPIs)
