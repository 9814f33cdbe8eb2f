"""The rulebook's clarifications for the asymmetric planets (``../shared/rules/planet_unknown.txt``, "Asymmetric
Planets"), one test per bullet sentence that states a rule, each quoting it verbatim, plus the Reference phrase
"Ignore tile adjacency placement restrictions", which says which restrictions survive that tech.

K'aax and K-273 read "No clarifications.": nothing to test. The planets' own rules, quoted from the reference
(section 2), are tested in ``test_planets.py``; this file reads the rulebook's wording against the engine's public
surface (``legal_actions``, ``why_illegal``, ``apply``, ``scores``) where a position can show it, and end-of-game
points through ``scoring.breakdown`` (the parts ``scores`` sums), as ``test_planets.py`` does."""

from __future__ import annotations

from typing import Any

from playbook.games.planet_unknown import ChooseSquare, Gain, MoveRover, Phase, PlaceTile, Rules, State, new_game
from playbook.games.planet_unknown.components import Objective, Planet
from playbook.games.planet_unknown.geometry import Placement, placement_index, planet_masks
from playbook.games.planet_unknown.objectives import private_met
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.work import Pending

from .helpers import CIV, CIV_ENERGY, ENERGY, at, bit, bits, cells_of, legal, placement, planet, sq, with_board
from .test_planets import POCKET_WALL, _depot, _stack

C = Rules.standard().c
TECH_1 = 3  # the tech tracker position of tech level 1 (Universal Coalition and Cosmos alike)


def _place(p: Placement, shape: str) -> PlaceTile:
    return PlaceTile(_stack(shape), p.orientation, p.row, p.col)


def _on(board: Planet, shape: str, *cells: tuple[int, int]) -> Placement:
    """The placement of ``shape`` covering exactly ``cells`` (the lowest orientation that does)."""
    table = placement_index(board, C.shape(shape))
    return next(p for _, p in sorted(table.items()) if cells_of(p) == set(cells))


def _tile_state(key: str, shape: str, covered: int, **board: Any) -> State:
    """Seat 0 on ``key``, ``covered`` already tiled (1 tile placed), a civ/energy tile of ``shape`` in reach."""
    return _depot(with_board(at(key), covered=covered, tiles_placed=1, **board), shape, CIV_ENERGY)


def _patch_targets(state: State) -> set[tuple[int, int]]:
    """Squares offered for a pending biomass patch."""
    state = state._with(placed=True, pending=(Pending(Gain.BIOMASS),))
    return {(a.row, a.col) for a in state.legal_actions() if isinstance(a, ChooseSquare)}


def _points(key: str, covered: int, part: str) -> int:
    masks = planet_masks(planet(key))
    return breakdown(at(key).boards[0]._replace(covered=covered), C, masks)[part]


# -- Gaia ---------------------------------------------------------------------------------------------------------
def test_gaia_covering_a_city_is_legal_but_costs_points() -> None:
    """Rulebook, Asymmetric Planets, Gaia: "It is legal to cover a city with your tile placement, but it will impact
    your score."."""
    gaia = planet("gaia")
    state = _depot(at("gaia"), "i2", CIV_ENERGY)
    on_city = next(p for p in legal(gaia, "i2") if (0, 5) in cells_of(p))
    action = _place(on_city, "i2")
    assert action in state.legal_actions() and state.why_illegal(action) is None
    masks = planet_masks(gaia)
    before = breakdown(state.boards[0], C, masks)["planet"]
    after = state.apply(action)[0]
    assert after.boards[0].covered & bit(0, 5)
    assert (before, breakdown(after.boards[0], C, masks)["planet"]) == (16, 14)


# -- Persephone ---------------------------------------------------------------------------------------------------
def test_persephone_a_tile_may_cross_quadrants_if_it_obeys_their_restrictions() -> None:
    """Rulebook, Asymmetric Planets, Persephone: "It is legal to play a tile that crosses quadrants, provided it
    obeys restrictions."."""
    persephone = planet("persephone")
    state = _tile_state("persephone", "I4", bit(4, 3))
    # (5,3)-(5,6) crosses from top-left into top-right; the civ symbol lands top-right (which forbids energy only)
    crossing = placement(persephone, "I4", 2, 5, 3)
    assert cells_of(crossing) == {(5, 3), (5, 4), (5, 5), (5, 6)} and crossing.symbol_a == bit(5, 6)
    assert _place(crossing, "I4") in state.legal_actions()
    # the same squares with the civ symbol top-left (which forbids civ): crossing does not excuse it
    wrong = next(
        p
        for p in (placement(persephone, "I4", o, 5, 3) for o in (0, 1))
        if cells_of(p) == cells_of(crossing) and p.symbol_a & bit(5, 3)
    )
    assert _place(wrong, "I4") not in state.legal_actions()
    words = state.why_illegal(_place(wrong, "I4"))
    assert words is not None and "Persephone" in words


# -- Arashi -------------------------------------------------------------------------------------------------------
def test_arashi_the_ring_is_the_two_largest_rows() -> None:
    """Rulebook, Asymmetric Planets, Arashi: "The planet's ring occupies the 2 largest horizontal rows."."""
    arashi = planet("arashi")
    rows = planet_masks(arashi).rows
    sizes = [row.bit_count() for row in rows]
    largest = sorted(range(12), key=lambda r: -sizes[r])[:2]
    assert sorted(largest) == [5, 6] and sizes[5] == sizes[6] == 12 > max(sizes[:5] + sizes[7:])
    assert arashi.mask("ring") == rows[5] | rows[6]


def test_arashi_biomass_patches_may_not_cover_the_ring() -> None:
    """Rulebook, Asymmetric Planets, Arashi: "Biomass patches may not be placed covering the ring."."""
    state = with_board(at("arashi"), covered=bits((4, 3), (7, 3)), tiles_placed=1)
    targets = _patch_targets(state)
    assert (3, 3) in targets and (8, 3) in targets  # beside the tile, off the ring
    assert not targets & {(5, 3), (6, 3)}  # beside the tile, on the ring
    choosing = state._with(placed=True, pending=(Pending(Gain.BIOMASS),))
    assert choosing.why_illegal(ChooseSquare(Gain.BIOMASS, 5, 3)) is not None


# -- Petra --------------------------------------------------------------------------------------------------------
def test_petra_uncovered_currents_are_energy_terrain_at_game_end() -> None:
    """Rulebook, Asymmetric Planets, Petra: "Electrical currents count as energy terrain if uncovered at the end of
    the game."; the 3x3 energy private objective is scored at the end of the game."""
    petra = planet("petra")
    masks = planet_masks(petra)
    board = at("petra").boards[0]
    tiles = bits((5, 6), (6, 4), (6, 6))  # energy tiles; the other 6 squares of rows 5-7, cols 4-6 are currents
    window = bits(*((r, c) for r in (5, 6, 7) for c in (4, 5, 6)))
    currents = petra.mask("currents")
    assert not tiles & currents and not window & ~tiles & ~currents
    assert (CIV, ENERGY) == (0, 5)
    square = board._replace(covered=tiles, terrain=(0, 0, 0, 0, 0, tiles))
    card = Objective(0, "areas", "civ", "square3", "energy")
    assert private_met(card, square, C, masks)
    # a civ tile covers one current: it is no longer energy terrain
    covered = square._replace(covered=tiles | bit(7, 5), terrain=(bit(7, 5), 0, 0, 0, 0, tiles))
    assert not private_met(card, covered, C, masks)


# -- Tartarus -----------------------------------------------------------------------------------------------------
def _tartarus_rover(square: tuple[int, int], tech: int) -> State:
    state = new_game(2, seed=5, rules=Rules(corporations=("cosmos", "standard"), planets=("tartarus",)))
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    state = with_board(state, 0, rovers=(sq(*square),), trackers=(0, 0, 0, 0, tech))
    return state._with(movement=1, placed=True)


def _rover_moves(state: State) -> set[tuple[int, int]]:
    return {(a.to_row, a.to_col) for a in state.legal_actions() if isinstance(a, MoveRover)}


def test_tartarus_the_two_chasm_crossings_need_diagonal_movement() -> None:
    """Rulebook, Asymmetric Planets, Tartarus: "There are 2 points of the chasm that may be crossed if your rovers
    have diagonal movement tech." (Cosmos tech 1; planets.toml ``diagonal_crossings``)."""
    east, west = planet("tartarus").mask("east"), planet("tartarus").mask("west")
    for start, across in (((3, 5), (4, 6)), ((9, 5), (8, 6)), ((4, 6), (3, 5)), ((8, 6), (9, 5))):
        assert bool(west & bit(*start)) != bool(west & bit(*across))  # a real crossing of the chasm
        assert across in _rover_moves(_tartarus_rover(start, TECH_1))
        assert across not in _rover_moves(_tartarus_rover(start, 0))
    # (4,4) is west and diagonal to (5,5) east: not one of the 2 points, so a diagonal rover stays west
    assert east & bit(5, 5) and west & bit(4, 4)
    assert _rover_moves(_tartarus_rover((4, 4), TECH_1)) == {(3, 3), (3, 4), (3, 5), (4, 3), (5, 3), (5, 4)}


# -- Charybdis ----------------------------------------------------------------------------------------------------
def test_charybdis_normal_placement_rules_after_the_first_tile() -> None:
    """Rulebook, Asymmetric Planets, Charybdis: "Obey tile placement rules as normal after your 1st tile
    placement." (the 1st tile's centre-square rule is planets.toml ``first_tile = "centre_squares"``)."""
    charybdis = planet("charybdis")
    first = bits((5, 5), (6, 5))
    state = _tile_state("charybdis", "i2", first)
    offered = {frozenset(cells_of(p)): p for p in legal(charybdis, "i2", covered=first)}
    touching = offered[frozenset({(3, 5), (4, 5)})]  # touches the 1st tile, covers no centre square
    assert _place(touching, "i2") in state.legal_actions()
    assert all(p.mask & (first << 1 | first >> 1 | first << 12 | first >> 12) for p in offered.values())
    edge = _on(charybdis, "i2", (5, 0), (5, 1))  # on the edge, apart from the 1st tile
    assert cells_of(edge) == {(5, 0), (5, 1)} and _place(edge, "i2") not in state.legal_actions()
    words = state.why_illegal(_place(edge, "i2"))
    assert words is not None and "orthogonally adjacent" in words


# -- Pajitnov -----------------------------------------------------------------------------------------------------
def test_pajitnov_a_tile_may_slide_in_from_any_direction() -> None:
    """Rulebook, Asymmetric Planets, Pajitnov: "The tile must be able to slide into places from any direction."
    (read as: from whichever direction it can; planets.toml Pajitnov ``ruling``, FAQ A7)."""
    pajitnov = planet("pajitnov")
    pocket = next(p for p in legal(pajitnov, "i2", covered=bits((4, 4))) if cells_of(p) == {(5, 4), (5, 5)})
    closed = _tile_state("pajitnov", "i2", POCKET_WALL)
    assert _place(pocket, "i2") not in closed.legal_actions()
    words = closed.why_illegal(_place(pocket, "i2"))
    assert words is not None and "slide" in words
    openings = {
        "from above": bits((4, 4), (4, 5)),
        "from below": bits((6, 4), (6, 5)),
        "from the left": bit(5, 3),
        "from the right": bit(5, 7),
    }
    for side, gap in openings.items():
        state = _tile_state("pajitnov", "i2", POCKET_WALL & ~gap)
        assert _place(pocket, "i2") in state.legal_actions(), side


def test_pajitnov_biomass_patches_need_not_slide_in() -> None:
    """Rulebook, Asymmetric Planets, Pajitnov: "Biomass patches may be placed even if they cannot slide into
    place."."""
    state = with_board(at("pajitnov"), covered=POCKET_WALL, tiles_placed=1)
    assert (5, 5) in _patch_targets(state)  # walled in on every side
    choosing = state._with(placed=True, pending=(Pending(Gain.BIOMASS),))
    after = choosing.apply(ChooseSquare(Gain.BIOMASS, 5, 5))[0]
    assert after.boards[0].patches & bit(5, 5)


# -- Oblivion -----------------------------------------------------------------------------------------------------
def test_oblivion_a_row_split_by_the_void_scores_once() -> None:
    """Rulebook, Asymmetric Planets, Oblivion: "Score each row and column only once as normal."."""
    oblivion = planet("oblivion")
    masks = planet_masks(oblivion)
    left = masks.rows[2] & bits(*((2, c) for c in range(6)))
    assert left and masks.rows[2] & ~left  # row 2 is two separate stretches of squares
    assert _points("oblivion", left, "rows") == 0
    assert _points("oblivion", masks.rows[2], "rows") == oblivion.row_medals[2] == 1
    column = masks.cols[4]
    assert _points("oblivion", column, "columns") == oblivion.column_medals[4] == 1


def test_oblivion_the_void_is_ignored_for_completion() -> None:
    """Rulebook, Asymmetric Planets, Oblivion: "Treat areas without grid squares as if they did not exist when
    determining if a row or column is complete."."""
    masks = planet_masks(planet("oblivion"))
    assert masks.rows[5].bit_count() == 2  # (5,0) and (5,11): the void between them is no square
    assert _points("oblivion", masks.rows[5], "rows") == 1
    assert _points("oblivion", masks.rows[5] & ~bit(5, 11), "rows") == 0


# -- Cerberus -----------------------------------------------------------------------------------------------------
def test_cerberus_indicator_brackets_make_the_three_sub_planets() -> None:
    """Rulebook, Asymmetric Planets, Cerberus: "Indicator brackets determine the grid area of each planet." (the
    inclusive boxes: planets.toml Cerberus ``ruling``)."""
    cerberus = planet("cerberus")
    playable = planet_masks(cerberus).playable
    regions = [cerberus.mask(f"region_{x}") for x in "ABC"]
    assert sum(regions) == playable and all(not a & b for a in regions for b in regions if a is not b)
    assert _points("cerberus", regions[2], "planet") == 2
    assert _points("cerberus", regions[2] & ~bit(11, 9), "planet") == 0
    assert _points("cerberus", regions[0] | regions[2], "planet") == 4


def test_cerberus_missing_squares_do_not_block_a_row_or_column() -> None:
    """Rulebook, Asymmetric Planets, Cerberus: "Treat areas without grid squares as if they did not exist when
    determining if a row or column is complete."."""
    cerberus = planet("cerberus")
    masks = planet_masks(cerberus)
    assert masks.rows[6] == bits(*((6, c) for c in range(7)))  # cols 7-11 of row 6 have no squares
    assert _points("cerberus", masks.rows[6], "rows") == cerberus.row_medals[6] == 2
    assert _points("cerberus", masks.rows[6] & ~bit(6, 0), "rows") == 0
    assert _points("cerberus", masks.cols[7], "columns") == cerberus.column_medals[7]


def test_cerberus_maximum_score_is_45() -> None:
    """Rulebook, Asymmetric Planets, Cerberus: "Maximum possible score is 45 medals." (rows, columns and the
    sub-planet bonus: every part grows with the covered squares, so the full planet gives the maximum)."""
    masks = planet_masks(planet("cerberus"))
    parts = [_points("cerberus", masks.playable, part) for part in ("rows", "columns", "planet")]
    assert sum(parts) == 45 and parts == [18, 21, 6]


# -- Lacuna -------------------------------------------------------------------------------------------------------
def test_lacuna_holes_are_ignored_for_completion() -> None:
    """Rulebook, Asymmetric Planets, Lacuna: "Treat holes as if they did not exist when determining if a row or
    column is complete."."""
    lacuna = planet("lacuna")
    masks = planet_masks(lacuna)
    holes = lacuna.mask("holes")
    assert holes & bits(*((2, c) for c in range(12))) == bits((2, 5), (2, 6)) and not masks.rows[2] & holes
    assert _points("lacuna", masks.rows[2], "rows") == lacuna.row_medals[2] == 2
    assert _points("lacuna", masks.rows[2] & ~bit(2, 4), "rows") == 0
    assert holes & bits(*((r, 4) for r in range(12))) == bits((3, 4), (4, 4)) and not masks.cols[4] & holes
    assert _points("lacuna", masks.cols[4], "columns") == lacuna.column_medals[4] == 2


# -- Reference: "Ignore tile adjacency placement restrictions" (Universal Coalition tech 1) ------------------------
def _free_state(key: str, covered: int, tech: int = TECH_1) -> State:
    """An i2 civ/energy tile to place on ``key``, with tech 1 ("ignore_adjacency") unlocked unless ``tech`` is 0."""
    return _tile_state(key, "i2", covered, trackers=(0, 0, 0, 0, tech))


def test_ignore_adjacency_removes_the_adjacency_rule_only() -> None:
    """Rulebook, Reference, Tech and Corporation Phrases, "Ignore tile adjacency placement restrictions": "Remove
    the restriction for othogonally adjacent tile placement. Rules for placement on the planet grid squares and
    inside planet perimeter must still be followed."."""
    state = _free_state("standard", bit(0, 5))
    apart = _on(C.planet, "i2", (6, 4), (6, 5))
    assert _place(apart, "i2") in state.legal_actions()
    assert _place(apart, "i2") not in _free_state("standard", bit(0, 5), tech=0).legal_actions()
    on_tile = _on(C.planet, "i2", (0, 5), (1, 5))
    assert _place(on_tile, "i2") not in state.legal_actions() and state.why_illegal(_place(on_tile, "i2"))
    tiles = {a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.stack == _stack("i2")}
    playable = planet_masks(C.planet).playable
    table = placement_index(C.planet, C.shape("i2"))
    assert tiles and all(not table[(a.orientation, a.row, a.col)].mask & ~playable for a in tiles)
    off = PlaceTile(_stack("i2"), 0, 0, 0)  # (0,0) lies outside the round planet's perimeter
    assert not playable & bit(0, 0) and off not in tiles and state.why_illegal(off)


def test_ignore_adjacency_still_obeys_the_planets_restrictions() -> None:
    """Rulebook, Reference, Tech and Corporation Phrases, "Ignore tile adjacency placement restrictions": "Any
    other placement restrictions put in place by asymmetric planets, corps., or events must be followed." (the
    planets: Tartarus's one side, Arashi's ring)."""
    tartarus = planet("tartarus")
    state = _free_state("tartarus", bit(0, 5))
    one_side = _on(tartarus, "i2", (7, 1), (7, 2))
    assert _place(one_side, "i2") in state.legal_actions()
    across = _on(tartarus, "i2", (7, 5), (7, 6))  # (7,5) west, (7,6) east
    assert west_and_east(tartarus, across)
    assert _place(across, "i2") not in state.legal_actions()
    words = state.why_illegal(_place(across, "i2"))
    assert words is not None and "Tartarus" in words
    ring_only = _on(planet("arashi"), "i2", (5, 2), (5, 3))
    assert _place(ring_only, "i2") not in _free_state("arashi", bit(0, 5)).legal_actions()


def west_and_east(tartarus: Planet, p: Placement) -> bool:
    return bool(p.mask & tartarus.mask("west") and p.mask & tartarus.mask("east"))


def test_ignore_adjacency_still_obeys_the_events_restriction() -> None:
    """Rulebook, Reference, Tech and Corporation Phrases, "Ignore tile adjacency placement restrictions": "Any
    other placement restrictions put in place by asymmetric planets, corps., or events must be followed." (the
    events: 103 forbids edge squares)."""
    state = _free_state("standard", bit(0, 5))._with(event=103)
    edge = _on(C.planet, "i2", (5, 0), (5, 1))
    assert _place(edge, "i2") not in state.legal_actions()
    assert _place(edge, "i2") in _free_state("standard", bit(0, 5)).legal_actions()  # the event is the reason
    assert _place(_on(C.planet, "i2", (6, 4), (6, 5)), "i2") in state.legal_actions()
