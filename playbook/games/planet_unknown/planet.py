"""The planet: legal placements, placing tiles and patches, advancing from a tile, rovers and tokens."""

from __future__ import annotations

from playbook.core import Action

from . import lifepods
from .actions import Gain, PlaceTile
from .board import NOT_BIOMASS, Board, has_tech
from .components import TERRAIN_NAMES, Components, Corporation, Phase, Planet, Shape, Terrain, Track
from .events import GainLost, TilePlaced, TokenMoved
from .geometry import Picker, Placement, PlanetMasks, bits_of, flood, neighbours, placement_masks, squares
from .memo import per_object, per_pair
from .planets import energy_layer, patch_squares_allowed, rover_targets, step_allowed, tile_rule_bits
from .plugin import AFTER_TILE, PATCH_SQUARES, ROVER_DIRECTIONS, SYMBOL_INSTEAD, TILE_PLACED, rules_of
from .powers import after_step, carried, carry_along, free_placement, meteorite_collected
from .rulebook import placement_frontier
from .tracks import advance, advanceable
from .work import Work, gain

RESTRICTIONS = ("no_edge", "no_ice", "no_matching_neighbours")


def anchored(board: Board, masks: PlanetMasks, mask: int, free: bool) -> bool:
    """Placement rule 4: the first tile covers an edge square (Charybdis: a centre square); later ones touch a
    covered square."""
    return bool(mask & placement_frontier(board.covered, board.tiles_placed == 0, masks.first, masks.playable, free))


def legal_bits(
    board: Board, corporation: Corporation, c: Components, masks: PlanetMasks, shape_name: str,
    restriction: str = "", pair: tuple[int, int] | None = None,
) -> int:  # fmt: skip
    """The set (bit ``i``: index ``i`` in ``placement_masks``) of every legal placement of the shape on the planet
    of ``masks``: the planet's rules (those on the tile's terrains only when ``pair`` is given) and the event
    restriction if any.

    ``corporation`` is the one whose board ``board`` is (``Work.corporations[seat]``): placement rule 4
    (adjacency) is lifted only by that corporation's own "ignore_adjacency" tech (Universal Coalition's tech 1),
    never by reaching the same tech level on another corporation's board."""
    covered = board.covered
    free = has_tech(board, corporation, "ignore_adjacency")
    first = board.tiles_placed == 0  # §3.3: "first" means no tile yet (a biomass patch is not a tile)
    frontier = placement_frontier(covered, first, masks.first, masks.playable, free)
    shape = c.shape(shape_name)
    placement_table = placement_masks(masks.planet, shape)
    found = placement_table.legal_bits(covered, frontier)
    found = tile_rule_bits(masks.planet, shape, placement_table, found, pair, covered)
    if restriction in ("no_edge", "no_ice"):
        found &= placement_table.avoiding(masks.edge if restriction == "no_edge" else masks.ice)
    return found


def legal_indices(
    board: Board, corporation: Corporation, c: Components, masks: PlanetMasks, shape_name: str,
    restriction: str = "", pair: tuple[int, int] | None = None,
) -> list[int]:  # fmt: skip
    """Indices (in ``placement_masks``) of every legal placement, in order (``legal_bits``)."""
    found = legal_bits(board, corporation, c, masks, shape_name, restriction, pair)
    return placement_masks(masks.planet, c.shape(shape_name)).indices(found)


def legal_placements(
    board: Board, c: Components, masks: PlanetMasks, shape_name: str, restriction: str = "",
    pair: tuple[int, int] | None = None, corporation: Corporation | None = None,
) -> list[Placement]:  # fmt: skip
    """Every legal placement of the shape on this board (event restriction applied if given), for the board's
    ``corporation`` (default the standard one, Universal Coalition, as the economy helpers default)."""
    table = placement_masks(masks.planet, c.shape(shape_name)).placements
    found = legal_indices(board, corporation or c.corporation, c, masks, shape_name, restriction, pair)
    return [table[i] for i in found]


def _same_terrain_touch(board: Board, p: Placement, pair: tuple[int, int]) -> bool:
    """Event 119: a part of the tile would touch placed terrain of its own kind."""
    return any(neighbours(part) & board.terrain[t] for part, t in zip((p.part_a, p.part_b), pair, strict=False))


def tile_pair(c: Components, tile: int) -> tuple[int, int]:
    return c.terrain_pairs[tile // 2]


def tile_planet(w: Work, seat: int, stack: int) -> Planet:
    """The planet whose placement table lists the top tile of ``stack``: the seat's own, or with Horizon tech 1
    and rover terrain on the tile, the same planet without its placement rule (``powers.free_placement``)."""
    planet = w.planets[seat]
    if free_placement(w, seat, tile_pair(w.c, w.stacks[stack][0])):
        return without_placement_rule(planet)
    return planet


@per_object
def without_placement_rule(planet: Planet) -> Planet:
    """``planet`` without its placement rule, one object per planet (so its tables are found by identity)."""
    return planet._replace(placement="none")


def option_bits(w: Work, seat: int, stack: int) -> int:
    """Legal placements (a set of indices in ``placement_masks(tile_planet(...))``, bit ``i``: index ``i``) of the
    top tile of ``stack``, with the round's restriction unless it blocks all of them (the "Do Not" rule)."""
    board = w.boards[seat]
    masks = w.masks_of(seat)
    shape = w.c.stack_shapes[stack]
    pair = tile_pair(w.c, w.stacks[stack][0])
    if free_placement(w, seat, pair):  # Horizon tech 1: only empty planet squares
        free = placement_masks(tile_planet(w, seat, stack), w.c.shape(shape))
        return free.legal_bits(board.covered, masks.playable)
    corporation = w.corporations[seat]
    base = legal_bits(board, corporation, w.c, masks, shape, pair=pair)
    effect = w.event_effect()
    if effect not in RESTRICTIONS or not base:
        return base
    if effect == "no_matching_neighbours":
        table = placement_masks(masks.planet, w.c.shape(shape))
        placements = table.placements
        limited = bits_of(
            [i for i in table.indices(base) if not (board.covered and _same_terrain_touch(board, placements[i], pair))]
        )
    else:
        limited = legal_bits(board, corporation, w.c, masks, shape, effect, pair)
    return limited or base


def option_indices(w: Work, seat: int, stack: int) -> list[int]:
    """Legal placements (indices in ``placement_masks(tile_planet(...))``) of the top tile of ``stack``, in order
    (``option_bits``)."""
    table = placement_masks(tile_planet(w, seat, stack), w.c.shape(w.c.stack_shapes[stack]))
    return table.indices(option_bits(w, seat, stack))


def placement_options(w: Work, seat: int, stack: int) -> list[Placement]:
    """Legal placements of the top tile of ``stack`` (see ``option_indices``)."""
    table = placement_masks(tile_planet(w, seat, stack), w.c.shape(w.c.stack_shapes[stack])).placements
    return [table[i] for i in option_indices(w, seat, stack)]


def tile_actions(planet: Planet, shape: Shape, stack: int, skip: int) -> tuple[PlaceTile, ...]:
    """The ``PlaceTile`` of every placement of a stack's shape, built once (parallel to ``placement_masks``)."""
    return tile_action_picker(planet, shape, stack, skip).items


def tile_action_picker(planet: Planet, shape: Shape, stack: int, skip: int) -> Picker[PlaceTile]:
    """``tile_actions`` as a ``Picker``: a set of placement indices (``option_bits``) to its actions."""
    per_stack = _tile_actions(planet, shape)
    found = per_stack.get((stack, skip))
    if found is None:
        placements = placement_masks(planet, shape).placements
        actions = tuple(PlaceTile(stack, p.orientation, p.row, p.col, skip) for p in placements)
        found = per_stack[(stack, skip)] = Picker(actions)
    return found


@per_pair
def _tile_actions(planet: Planet, shape: Shape) -> dict[tuple[int, int], Picker[PlaceTile]]:
    """Per (stack, skip), the ``PlaceTile`` actions of a planet and shape (filled by ``tile_action_picker``)."""
    return {}


def placement_actions(w: Work, seat: int, skips: tuple[int, ...] = (-1,)) -> list[Action]:
    """The legal ``PlaceTile`` actions of a seat's depot (``skips``: the symbols it may give up). Here, with the
    placements they list, so ``moves`` (the turn's tile) and ``gains`` (civ 5 and 16's extra tile) share them."""
    c = w.c
    found: list[Action] = []
    for stack in w.depot_stacks(seat):
        if not w.stacks[stack]:
            continue
        shape = c.shape(c.stack_shapes[stack])
        bits = option_bits(w, seat, stack)
        planet = tile_planet(w, seat, stack)
        for skip in skips:
            found += tile_action_picker(planet, shape, stack, skip).pick(bits)
    return found


def depot_options(w: Work, seat: int) -> list[tuple[int, list[Placement]]]:
    """For each non-empty stack of the seat's depot, its legal placements."""
    return [(stack, placement_options(w, seat, stack)) for stack in w.depot_stacks(seat) if w.stacks[stack]]


def place_tile(w: Work, seat: int, stack: int, p: Placement, *, advances: bool, skip: int = -1) -> None:
    """Take the top tile of ``stack`` and put it on the planet; advance for its symbols if ``advances``."""
    tile = w.stacks[stack][0]
    w.stacks[stack] = w.stacks[stack][1:]
    w.taken = w.taken | {stack}
    pair = tile_pair(w.c, tile)
    board = w.boards[seat]
    water_on_ice = _water_on_ice(w, seat, p, pair)
    covered_ice = bool(p.mask & w.masks_of(seat).ice)
    double_water = w.tech(seat, "double_water")
    terrain = list(board.terrain)
    symbols = list(board.symbols)
    for part, symbol, t in ((p.part_a, p.symbol_a, pair[0]), (p.part_b, p.symbol_b, pair[1])):
        terrain[t] |= part
        symbols[t] |= symbol
    meteor = tile % 2 == 1
    marks = board.meteor_marks | (p.meteor if meteor else 0)
    w.set_board(
        seat, covered=board.covered | p.mask, terrain=tuple(terrain), symbols=tuple(symbols), meteor_marks=marks,
        tiles_placed=board.tiles_placed + 1, last_tile=p.mask,
    )  # fmt: skip
    cover(w, seat, p.mask)
    landed = -1
    if meteor and not w.tech(seat, "meteor_shield"):
        landed = p.meteor.bit_length() - 1
        add_meteorite(w, seat, p.meteor)
    w.add(TilePlaced(
        w.round, seat, stack, tile, w.c.stack_shapes[stack], p.orientation, p.row, p.col,
        *tile_squares(p, pair), landed,
    ))  # fmt: skip
    if w.event_effect() == "solo_extra_rover" and w.phase == Phase.PLACE:  # the round's own tile, once
        w.set_board(seat, rover_supply=w.boards[seat].rover_supply + 1)
        gain(w, seat, Gain.ROVER)
    for tech, placed in TILE_PLACED.items():  # plug-ins: Cosmos tech 3, a tile with an energy symbol moves a lifepod
        if w.tech(seat, tech):
            placed(w, seat, pair)
    if not advances:
        return
    for index, (t, symbol) in enumerate(((pair[0], p.symbol_a), (pair[1], p.symbol_b))):
        if index == skip:
            continue
        _symbol_advance(w, seat, t, symbol, water_on_ice, double_water)
    after_tile(w, seat, pair, covered_ice)


def after_tile(w: Work, seat: int, pair: tuple[int, int], covered_ice: bool) -> None:
    """After a placed tile's own advances: the plug-ins' tech powers (Flux tech 4), then Oasis techs 3-5, water for a
    tile covering no ice, a biomass patch and a synergy for a tile with a water symbol (ice or not). Here, with
    the tile placed, rather than in ``powers.py``: it advances tracks, and ``powers`` imports no rule above it."""
    for tech, hook in AFTER_TILE.items():  # plug-ins: Flux tech 4, a meteorite per flux-type symbol
        if w.tech(seat, tech):
            hook(w, seat, pair)
    if not covered_ice and w.tech(seat, "water_without_ice"):
        advance(w, seat, Track.WATER, "Oasis tech 3: a tile on no ice")
    if Terrain.WATER in pair:
        if w.tech(seat, "biomass_per_water_symbol"):
            if w.boards[seat].biomass_supply > 0:
                gain(w, seat, Gain.BIOMASS)
            else:
                w.add(GainLost(w.round, seat, "biomass patch (none left in supply)"))
        if w.tech(seat, "synergy_per_water_symbol"):
            gain(w, seat, Gain.SYNERGY)


#: ``tile_squares`` remembered per (placement, terrain pair): a few thousand of each per planet.
_TILE_SQUARES: dict[tuple[Placement, tuple[int, int]], tuple[tuple[int, ...], tuple[int, ...]]] = {}
_TILE_SQUARES_KEPT = 1 << 16


def tile_squares(p: Placement, pair: tuple[int, int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The squares a placed tile covers, in order, and the terrain of each (``TilePlaced``), worked out once per
    placement and pair: every placement asks, and the squares of a mask are a Python loop."""
    key = (p, pair)
    found = _TILE_SQUARES.get(key)
    if found is None:
        if len(_TILE_SQUARES) >= _TILE_SQUARES_KEPT:
            _TILE_SQUARES.clear()
        covered = tuple(squares(p.mask))
        terrains = tuple(pair[0] if p.part_a >> s & 1 else pair[1] for s in covered)
        found = _TILE_SQUARES[key] = (covered, terrains)
    return found


def _water_on_ice(w: Work, seat: int, p: Placement, pair: tuple[int, int]) -> int:
    """How many water-terrain squares of the tile lie on ice."""
    water = (p.part_a if pair[0] == Terrain.WATER else 0) | (p.part_b if pair[1] == Terrain.WATER else 0)
    return (water & w.masks_of(seat).ice).bit_count()


def _symbol_advance(w: Work, seat: int, t: int, symbol: int, on_ice: int, double: bool) -> None:
    if t == Terrain.WATER:
        if not on_ice:
            w.add(GainLost(w.round, seat, "water advance (no water terrain on ice)"))
            return
        per_square = w.corporations[seat].hook("water_symbol") == "per_ice_square"  # Oasis: once per square
        for _ in range(on_ice if per_square else 2 if double else 1):
            advance(w, seat, Track.WATER, "water on ice" + (", doubled" if double else ""))
    elif t == Terrain.ENERGY:
        energy_gain(w, seat, symbol)
    elif not _symbol_instead(w, seat, t, symbol):
        if t == Terrain.BIOMASS and not _biomass_symbol_advances(w, seat):
            w.add(GainLost(w.round, seat, "biomass advance (Wormhole: the tile made a new biomass area)"))
        else:
            advance(w, seat, t, "tile symbol")


def _symbol_instead(w: Work, seat: int, t: int, symbol: int) -> bool:
    """A tech power that makes a placed symbol of terrain ``t`` do something else (plug-ins: Jump Drive tech 4, a
    tech symbol may act as energy); ``True`` when one did."""
    for tech, (terrain, instead) in SYMBOL_INSTEAD.items():
        if terrain == t and w.tech(seat, tech):
            instead(w, seat, symbol)
            return True
    return False


def _biomass_symbol_advances(w: Work, seat: int) -> bool:
    """The corporation's own rule for a placed biomass symbol (Wormhole: not if the tile made a new biomass area)."""
    own = rules_of(w.corporations[seat]).biomass_symbol
    return own is None or own(w.boards[seat])


def energy_tracks(board: Board, symbol: int, planet: Planet | None = None) -> int:
    """The mask of tracks whose terrain is next to the energy area holding ``symbol`` (covered squares; on Petra
    uncovered currents join the area)."""
    energy = board.terrain[Terrain.ENERGY] if planet is None else energy_layer(planet, board)
    area = flood(symbol, energy)
    touching = neighbours(area) & board.covered & ~energy
    return sum(1 << t for t in range(5) if touching & board.terrain[t])


def energy_gain(w: Work, seat: int, symbol: int) -> None:
    mask = energy_tracks(w.boards[seat], symbol, w.planets[seat])
    if NOT_BIOMASS in w.corporations[seat].hooks:  # Wormhole: energy never advances biomass
        mask &= ~(1 << Track.BIOMASS)
    choices = advanceable(w, seat, mask)
    if not choices:
        w.add(GainLost(w.round, seat, "energy advance (no track can advance)"))
    else:
        gain(w, seat, Gain.ENERGY, mask)


def take_without_placing(w: Work, seat: int, stack: int) -> None:
    """Section 3.9: take a tile, place nothing, advance both symbols (energy copies the other; no ice)."""
    tile = w.stacks[stack][0]
    w.stacks[stack] = w.stacks[stack][1:]
    w.taken = w.taken | {stack}
    a, b = tile_pair(w.c, tile)
    other = b if a == Terrain.ENERGY else a
    for t in (a, b):
        advance(w, seat, other if t == Terrain.ENERGY else t, "tile taken, not placed")


# -- tokens ------------------------------------------------------------------------------------------------
def cover(w: Work, seat: int, mask: int) -> None:
    """Lifepods and rovers under a new tile or patch are destroyed."""
    board = w.boards[seat]
    for s in squares(board.lifepods & mask):
        w.add(TokenMoved(w.round, seat, "lifepod", "destroyed", s, -1))
    rovers = tuple(r for r in board.rovers if not mask >> r & 1)
    for r in board.rovers:
        if mask >> r & 1:
            w.add(TokenMoved(w.round, seat, "rover", "destroyed", r, -1))
    w.set_board(seat, lifepods=board.lifepods & ~mask, rovers=rovers)


def add_meteorite(w: Work, seat: int, bit: int) -> None:
    board = w.boards[seat]
    if board.meteorite_supply <= 0:
        w.add(GainLost(w.round, seat, "meteorite (supply empty)"))
        return
    square = bit.bit_length() - 1
    rovers = tuple(r for r in board.rovers if r != square)
    if len(rovers) != len(board.rovers):
        w.add(TokenMoved(w.round, seat, "rover", "destroyed", square, -1))
    w.set_board(seat, meteorites=board.meteorites | bit, meteorite_supply=board.meteorite_supply - 1, rovers=rovers)
    w.add(TokenMoved(w.round, seat, "meteorite", "placed", -1, square))


def collect_at(w: Work, seat: int, square: int, *, by_rover: bool = True) -> None:
    """A rover entering or placed on ``square`` (or a card or event, ``by_rover=False``) collects the lifepod or
    meteorite there; Horizon's rovers carry a meteorite until they reach a rover symbol."""
    board = w.boards[seat]
    bit = 1 << square
    if board.lifepods & bit:
        w.set_board(seat, lifepods=board.lifepods & ~bit, lifepods_collected=board.lifepods_collected + 1)
        w.add(TokenMoved(w.round, seat, "lifepod", "collected", square, -1))
        lifepods.on_collected(w, seat)  # where it goes: the corporation's lifepods hook
        board = w.boards[seat]
    if board.meteorites & bit and not (by_rover and carried(w, seat, square)):
        w.set_board(seat, meteorites=board.meteorites & ~bit, meteorites_collected=board.meteorites_collected + 1)
        w.add(TokenMoved(w.round, seat, "meteorite", "collected", square, -1))
        meteorite_collected(w, seat)


def place_rover(w: Work, seat: int, square: int) -> None:
    board = w.boards[seat]
    w.set_board(seat, rovers=tuple(sorted((*board.rovers, square))), rover_supply=board.rover_supply - 1)
    w.add(TokenMoved(w.round, seat, "rover", "placed", -1, square))
    collect_at(w, seat, square)


def move_rover(w: Work, seat: int, start: int, end: int, verb: str = "moved") -> None:
    """A step (``verb`` "moved": Horizon's carried meteorite comes along) or a teleport from ``start`` to ``end``."""
    if verb == "moved":
        carry_along(w, seat, start, end)
    board = w.boards[seat]
    rovers = tuple(sorted(end if r == start else r for r in board.rovers))
    w.set_board(seat, rovers=rovers)
    w.add(TokenMoved(w.round, seat, "rover", verb, start, end))
    collect_at(w, seat, end)
    if verb == "moved":
        after_step(w, seat, end)


def rover_steps(w: Work, seat: int) -> list[tuple[int, int]]:
    """Legal single steps ``(from, to)``: orthogonal, onto a planet square without a rover, by the planet's rover
    rule (K'Aax, Tartarus) and the round's event."""
    board = w.boards[seat]
    planet = w.planets[seat]
    occupied = sum(1 << r for r in board.rovers)
    allowed = rover_targets(planet, board) & ~occupied
    if w.event_effect() == "rovers_avoid":
        allowed &= ~board.terrain[_terrain_index(w.event_arg())]
    steps = []
    directions = [more for tech, more in ROVER_DIRECTIONS.items() if w.tech(seat, tech)]  # Cosmos tech 1: diagonals
    for r in board.rovers:
        around = neighbours(1 << r)
        for more in directions:
            around |= more(1 << r)
        for s in squares(around & allowed):
            if step_allowed(planet, r, s):
                steps.append((r, s))
    return steps


def _terrain_index(name: str) -> int:
    return TERRAIN_NAMES.index(name)


def patch_squares(w: Work, seat: int) -> int:
    """Squares where a biomass patch may go (normal placement rules; no event restriction)."""
    board = w.boards[seat]
    masks = w.masks_of(seat)
    free = patch_squares_allowed(masks.planet) & ~board.covered
    for tech, more in PATCH_SQUARES.items():  # plug-ins: Wormhole techs 2 and 5, on top of tiles, onto meteorites
        if w.tech(seat, tech):
            free |= more(w, seat, patch_squares_allowed(masks.planet))
    # a patch is placed "following normal placement rules": the first square covered touches the edge
    return free & placement_frontier(
        board.covered, board.covered == 0, masks.first, masks.playable, w.tech(seat, "ignore_adjacency")
    )


def place_patch(w: Work, seat: int, square: int) -> None:
    bit = 1 << square
    board = w.boards[seat]
    if board.covered & bit:  # Wormhole techs 2 and 5: the patch hides the tile square (a meteorite is destroyed)
        on_tile = rules_of(w.corporations[seat]).patch_on_tile
        if on_tile is not None:
            on_tile(w, seat, bit)
            board = w.boards[seat]
    terrain = list(board.terrain)
    terrain[Terrain.BIOMASS] |= bit
    w.set_board(
        seat, covered=board.covered | bit, terrain=tuple(terrain), patches=board.patches | bit,
        biomass_supply=board.biomass_supply - 1,
    )  # fmt: skip
    cover(w, seat, bit)
    w.add(TokenMoved(w.round, seat, "patch", "placed", -1, square))
