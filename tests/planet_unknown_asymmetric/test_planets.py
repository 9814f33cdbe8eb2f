"""The 12 asymmetric planets in the engine: one test per special rule, each quoting the reference
(``../shared/reference/planet_unknown_asymmetric_and_mechanics.md`` section 2) or the rulebook ("Asymmetric
Planets"), plus choosing planets per seat."""

from __future__ import annotations

import json

import pytest

from playbook.core import RulesDataError
from playbook.games.planet_unknown import (
    ChooseSquare,
    Gain,
    MoveRover,
    PlaceTile,
    Rules,
    State,
    TeleportRover,
    new_game,
)
from playbook.games.planet_unknown.components import Objective
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.objectives import private_met
from playbook.games.planet_unknown.planet import energy_tracks, patch_squares
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.variants import planet_keys
from playbook.games.planet_unknown.work import Pending, Work

from .helpers import (
    CIV,
    CIV_ENERGY,
    ENERGY,
    ENERGY_WATER,
    WATER_ROVER,
    at,
    bit,
    bits,
    cells_of,
    legal,
    placement,
    planet,
    sq,
    with_board,
)

ALL = planet_keys()


def _stack(shape: str) -> int:
    return Rules.standard().c.stack_shapes.index(shape)


def _depot(state: State, shape: str, tile: int) -> State:
    """Put ``tile`` on top of the acting seat's stack of ``shape`` and turn the station so the seat faces it."""
    from tests.planet_unknown.helpers import set_depot

    c = Rules.standard().c
    if shape in c.exterior:
        return set_depot(state, shape, "i2", ext_tile=tile)
    return set_depot(state, "I4", shape, int_tile=tile)


def _rover_state(key: str, rover: tuple[int, int], covered: int = 0, movement: int = 1) -> State:
    state = with_board(at(key), rovers=(sq(*rover),), covered=covered, tiles_placed=1 if covered else 0)
    return state._with(movement=movement, placed=True)


# -- choosing planets ---------------------------------------------------------------------------------------------
def test_every_planet_is_playable_and_chosen_per_seat() -> None:
    """Issue 14: "chosen per seat at set-up (`Rules` or new_game options; the standard pair stays the default)"."""
    assert len(ALL) == 12
    state = new_game(2, seed=1, rules=Rules(planets=("gaia", "standard")))
    assert [Work(state).planets[s].name for s in range(2)] == ["Gaia", "KSB-4156"]
    assert state.observation(1)["planets"] == ["gaia", "standard"]
    assert Rules().planet(0).name == "KSB-4156"
    back = Rules.from_dict(json.loads(json.dumps(Rules(planets=("petra",)).to_dict())))
    assert back == Rules(planets=("petra",)) and back.planet(3).name == "Petra"


def test_unknown_planet_and_wrong_seat_count_are_refused_by_name() -> None:
    with pytest.raises(RulesDataError, match="planet 'vulcan' is unknown"):
        Rules(planets=("vulcan",))
    with pytest.raises(RulesDataError, match="planets names 2 entries"):
        new_game(3, seed=1, rules=Rules(planets=("gaia", "petra")))


# -- Arashi ---------------------------------------------------------------------------------------------------------
def test_arashi_a_tile_on_the_ring_must_also_cover_a_square_outside_it() -> None:
    """Ref 2.1: "A tile that covers any ring square must also cover at least one square outside the ring"."""
    arashi = planet("arashi")
    found = {frozenset(cells_of(p)) for p in legal(arashi, "I4")}
    ring = {(r, c) for r in (5, 6) for c in range(12)}
    assert frozenset({(5, 0), (5, 1), (5, 2), (5, 3)}) not in found  # wholly on the ring
    assert all(not cells <= ring for cells in found)
    crossing = legal(arashi, "I4", covered=bit(3, 1))
    assert frozenset({(4, 1), (5, 1), (6, 1), (7, 1)}) in {frozenset(cells_of(p)) for p in crossing}
    state = _depot(at("arashi"), "I4", CIV_ENERGY)
    words = state.why_illegal(PlaceTile(_stack("I4"), 0, 5, 0))
    assert words is not None and "Arashi" in words


def test_arashi_biomass_patches_never_cover_the_ring() -> None:
    """Rulebook: "Biomass patches may not be placed covering the ring"."""
    state = with_board(at("arashi"), covered=bits((4, 3), (7, 3)), tiles_placed=1)
    squares = patch_squares(Work(state), 0)
    assert squares and not squares & (planet("arashi").mask("ring"))
    assert squares & bit(3, 3)


# -- Cerberus -------------------------------------------------------------------------------------------------------
def test_cerberus_two_points_per_fully_covered_sub_planet_and_a_maximum_of_45() -> None:
    """Ref 2.2: "+2 for each of the 3 sub-planets whose squares are all covered by tiles. Maximum 45 = 18 (rows) +
    21 (columns) + 6"."""
    cerberus = planet("cerberus")
    masks = planet_masks(cerberus)
    board = at("cerberus").boards[0]
    sizes = [cerberus.mask(f"region_{x}").bit_count() for x in "ABC"]
    assert sizes == [28, 47, 21] and sum(sizes) == masks.playable.bit_count()
    assert breakdown(board._replace(covered=cerberus.mask("region_A")), Rules().c, masks)["planet"] == 2
    almost = cerberus.mask("region_A") | cerberus.mask("region_B") & ~bit(11, 2)
    assert breakdown(board._replace(covered=almost), Rules().c, masks)["planet"] == 2
    full = breakdown(board._replace(covered=masks.playable), Rules().c, masks)
    assert full["rows"] + full["columns"] + full["planet"] == 45


# -- Charybdis ------------------------------------------------------------------------------------------------------
def test_charybdis_first_tile_covers_a_centre_square_then_normal_rules() -> None:
    """Ref 2.3: "The first tile must cover one of the 4 central squares ... this replaces the edge rule"; rulebook:
    "Obey tile placement rules as normal after your 1st tile placement"."""
    charybdis = planet("charybdis")
    centre = {(5, 5), (5, 6), (6, 5), (6, 6)}
    first = legal(charybdis, "i2")
    assert first and all(cells_of(p) & centre for p in first)
    state = _depot(at("charybdis"), "i2", CIV_ENERGY)
    words = state.why_illegal(PlaceTile(_stack("i2"), 0, 5, 0))
    assert words is not None and "centre squares" in words
    later = legal(charybdis, "i2", covered=bits((5, 5), (6, 5)))
    assert later and all(not cells_of(p) & {(5, 5), (6, 5)} for p in later)
    assert any(cells_of(p) == {(4, 5), (3, 5)} for p in later)  # touches the first tile, not a centre square
    assert planet_masks(charybdis).edge.bit_count() == 28  # the edge still serves events and objectives


# -- Gaia -----------------------------------------------------------------------------------------------------------
def test_gaia_two_points_per_uncovered_city_and_covering_one_is_legal() -> None:
    """Ref 2.4: "Each city not covered by a tile at game end scores 2, for up to 16. Covering a city is legal"."""
    gaia = planet("gaia")
    masks = planet_masks(gaia)
    board = at("gaia").boards[0]
    assert breakdown(board, Rules().c, masks)["planet"] == 16
    assert breakdown(board._replace(covered=bits((0, 5), (2, 2))), Rules().c, masks)["planet"] == 12
    assert any((0, 5) in cells_of(p) for p in legal(gaia, "i2"))


# -- K-273 ----------------------------------------------------------------------------------------------------------
def test_k273_a_tile_may_not_mix_ice_and_land() -> None:
    """Ref 2.5: "A tile may not cover both ice and non-ice squares: it must lie entirely on ice or entirely on
    land/lifepod squares"."""
    k273 = planet("k273")
    ice = planet_masks(k273).ice
    found = legal(k273, "i2", covered=bits((4, 2), (4, 1)))
    assert found and all(not p.mask & ice or not p.mask & ~ice for p in found)
    assert any(cells_of(p) == {(5, 2), (5, 3)} for p in found)  # both land
    assert not any(cells_of(p) == {(5, 1), (5, 2)} for p in found)  # ice + land
    state = _depot(with_board(at("k273"), covered=bits((4, 2), (4, 1)), tiles_placed=1), "i2", CIV_ENERGY)
    words = state.why_illegal(PlaceTile(_stack("i2"), 1, 5, 1))
    assert words is not None and "K-273" in words


# -- K'Aax ----------------------------------------------------------------------------------------------------------
def test_kaax_rovers_may_not_step_onto_uncovered_toxic() -> None:
    """Ref 2.6: "Rovers may not step onto an uncovered toxic square. A tile covering a toxic square neutralises
    it"."""
    state = _rover_state("kaax", (4, 5))
    targets = {(a.to_row, a.to_col) for a in state.legal_actions() if isinstance(a, MoveRover)}
    assert targets == {(5, 5)}  # (4,4), (4,6) and (3,5) are toxic
    covered = _rover_state("kaax", (4, 5), covered=bit(4, 4))
    targets = {(a.to_row, a.to_col) for a in covered.legal_actions() if isinstance(a, MoveRover)}
    assert (4, 4) in targets and (4, 6) not in targets


def test_kaax_tiles_cover_toxic_squares_freely() -> None:
    """Ref 2.6: "Tiles may be placed on toxic squares freely"."""
    toxic = planet("kaax").mask("toxic")
    assert any(p.mask & toxic for p in legal(planet("kaax"), "I4"))


# -- Lacuna ---------------------------------------------------------------------------------------------------------
def test_lacuna_holes_are_not_squares_and_rows_ignore_them() -> None:
    """Ref 2.7: "Tiles may not cover holes. Holes are simply not squares"; rulebook: "Treat holes as if they did
    not exist when determining if a row or column is complete"."""
    lacuna = planet("lacuna")
    masks = planet_masks(lacuna)
    holes = lacuna.mask("holes")
    assert holes.bit_count() == 15 and not holes & masks.playable and masks.playable.bit_count() == 94
    assert all(not p.mask & holes for p in legal(lacuna, "I4", covered=bit(2, 4) | bit(4, 6), tiles=1))
    board = at("lacuna").boards[0]._replace(covered=masks.rows[2])
    assert breakdown(board, Rules().c, masks)["rows"] == lacuna.row_medals[2] == 2
    state = _depot(at("lacuna"), "I4", CIV_ENERGY)
    row, col = next(divmod(s, 12) for s in range(144) if holes >> s & 1)
    on_hole = PlaceTile(_stack("I4"), 0, row, max(0, col - 1))  # a straight tile of 4 across the first hole
    words = state.why_illegal(on_hole) or ""
    assert f"row {row}, column {col}, a hole: holes are not squares" in words and on_hole not in state.legal_actions()


def test_lacuna_a_hole_does_not_make_an_edge() -> None:
    """Ref 2.7: "a square next to a hole is an edge square only if it is also next to the outside ... This gives
    32 edge squares"."""
    edge = planet_masks(planet("lacuna")).edge
    assert edge.bit_count() == 32
    assert not edge & bit(2, 4)  # beside the holes (2,5) and (3,4), inside the planet
    assert edge & bit(0, 4)
    assert all(p.mask & edge for p in legal(planet("lacuna"), "i2"))


# -- Oblivion -------------------------------------------------------------------------------------------------------
def test_oblivion_the_edge_is_the_outer_frame_only() -> None:
    """Ref 2.8: "Only the outer frame (row 0, row 11, col 0, col 11; 44 squares) counts as the edge. The inner rim
    of the void does not"."""
    oblivion = planet("oblivion")
    edge = planet_masks(oblivion).edge
    assert edge.bit_count() == 44 and not edge & bit(2, 3)
    first = legal(oblivion, "i2")
    assert first and not any(cells_of(p) == {(2, 3), (3, 3)} for p in first)
    state = _depot(at("oblivion"), "i2", CIV_ENERGY)
    words = state.why_illegal(PlaceTile(_stack("i2"), 0, 2, 3))
    assert words is not None and "outside edge" in words


def test_oblivion_rows_ignore_the_void() -> None:
    """Rulebook: "Treat areas without grid squares as if they did not exist when determining if a row or column is
    complete"; ref 2.8 medals rows 3,3,1,..."""
    masks = planet_masks(planet("oblivion"))
    board = at("oblivion").boards[0]._replace(covered=masks.rows[2] | masks.rows[0])
    assert breakdown(board, Rules().c, masks)["rows"] == 3 + 1


# -- Pajitnov -------------------------------------------------------------------------------------------------------
POCKET_WALL = bits((4, 4), (4, 5), (4, 6), (6, 4), (6, 5), (6, 6), (5, 3), (5, 7))


def test_pajitnov_a_tile_must_slide_in_from_outside() -> None:
    """Ref 2.9, FAQ A7: "you must be able to slide the tile on the board surface into its final position without
    lifting it and without moving other tiles"."""
    pajitnov = planet("pajitnov")
    found = {frozenset(cells_of(p)) for p in legal(pajitnov, "i2", covered=POCKET_WALL)}
    assert frozenset({(5, 4), (5, 5)}) not in found  # a pocket walled in on every side
    assert frozenset({(3, 4), (3, 5)}) in found  # open from above
    state = _depot(with_board(at("pajitnov"), covered=POCKET_WALL, tiles_placed=1), "i2", CIV_ENERGY)
    words = state.why_illegal(PlaceTile(_stack("i2"), 1, 5, 4))
    assert words is not None and "Pajitnov" in words


def test_pajitnov_bga_one_step_test_is_an_option() -> None:
    """Ref 2.9: "BGA approximates this: the placement is allowed if the same tile ... shifted by one square in some
    orthogonal direction, would overlap no already-placed tile"."""
    one_step = planet("pajitnov")._replace(slide="one_step")
    found = {frozenset(cells_of(p)) for p in legal(one_step, "i2", covered=POCKET_WALL)}
    assert frozenset({(5, 4), (5, 5)}) in found  # it can shift one square right inside the pocket


def test_pajitnov_biomass_patches_are_exempt() -> None:
    """Ref 2.9: "Biomass patches are exempt"; rulebook: "Biomass patches may be placed even if they cannot slide
    into place"."""
    state = with_board(at("pajitnov"), covered=POCKET_WALL, tiles_placed=1)
    assert patch_squares(Work(state), 0) & bit(5, 5)


# -- Persephone -----------------------------------------------------------------------------------------------------
def test_persephone_a_quadrant_forbids_one_resource_symbol() -> None:
    """Ref 2.10: "A tile may not put that resource's symbol square inside the quadrant. Its terrain squares without
    a symbol are allowed there, and a tile may cross quadrants"."""
    persephone = planet("persephone")
    covered = bit(4, 3)
    found = {(p.orientation, p.row, p.col) for p in legal(persephone, "I4", covered=covered, tile=CIV_ENERGY)}
    assert (0, 5, 0) not in found  # civ symbol on (5,0), top-left forbids civ
    assert (2, 5, 3) in found  # civ symbol on (5,6) top-right, bare civ on (5,5) top-left, energy symbol (5,4)
    assert placement(persephone, "I4", 2, 5, 3).symbol_a == bit(5, 6)
    other = {(p.orientation, p.row, p.col) for p in legal(persephone, "I4", covered=covered, tile=ENERGY_WATER)}
    assert (0, 5, 0) in other  # an energy symbol is fine top-left
    state = _depot(with_board(at("persephone"), covered=covered, tiles_placed=1), "I4", CIV_ENERGY)
    words = state.why_illegal(PlaceTile(_stack("I4"), 0, 5, 0))
    assert words is not None and "Persephone" in words


# -- Petra ----------------------------------------------------------------------------------------------------------
def test_petra_uncovered_currents_count_as_covered_for_rows_and_columns() -> None:
    """Ref 2.11: "an uncovered current counts as covered for row and column completion"; rulebook: "Electrical
    currents count as energy terrain if uncovered at the end of the game"."""
    petra = planet("petra")
    masks = planet_masks(petra)
    row = masks.rows[1] & ~petra.mask("currents")
    board = at("petra").boards[0]._replace(covered=row)
    assert row != masks.rows[1] and breakdown(board, Rules().c, masks)["rows"] == 1
    standard = breakdown(board, Rules().c, planet_masks(Rules().c.planet))["rows"]
    assert standard == 0


def test_petra_uncovered_currents_join_energy_areas_and_rectangles() -> None:
    """Ref 2.11: "it extends energy areas when working out energy advances; it counts for the 3x3 and 2x5
    energy-area private objectives"."""
    petra = planet("petra")
    board = at("petra").boards[0]
    terrain = list(board.terrain)
    terrain[ENERGY] = bit(5, 1)
    terrain[CIV] = bit(4, 3)
    near = board._replace(covered=bits((5, 1), (4, 3)), terrain=tuple(terrain))
    assert energy_tracks(near, bit(5, 1), petra) == 1 << CIV  # through the currents (5,2), (5,3)
    assert energy_tracks(near, bit(5, 1)) == 0
    terrain[ENERGY] = bits((5, 6), (6, 4), (6, 6))
    square = board._replace(covered=bits((5, 6), (6, 4), (6, 6)), terrain=tuple(terrain))
    card = Objective(0, "areas", "civ", "square3", "energy")
    assert private_met(card, square, Rules().c, planet_masks(petra))
    assert not private_met(card, square, Rules().c, planet_masks(planet("k273")))


def test_petra_has_no_ice_so_water_symbols_never_advance() -> None:
    """Ref 2.11: "With no ice, a water symbol can never advance the water track through tile placement"."""
    assert planet_masks(planet("petra")).ice == 0
    state = _depot(at("petra"), "i2", WATER_ROVER)
    action = next(a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.stack == _stack("i2"))
    after, events = state.apply(action)
    assert after.boards[0].trackers[1] == 0
    assert any("water advance" in str(e) for e in events)


# -- Tartarus -------------------------------------------------------------------------------------------------------
def test_tartarus_a_tile_lies_on_one_side() -> None:
    """Ref 2.12: "A tile must lie entirely on one side"."""
    tartarus = planet("tartarus")
    west, east = tartarus.mask("west"), tartarus.mask("east")
    found = legal(tartarus, "I4", covered=bits((3, 4), (3, 5)))
    assert found and all(not p.mask & west or not p.mask & east for p in found)
    state = _depot(with_board(at("tartarus"), covered=bits((3, 4), (3, 5)), tiles_placed=1), "i2", CIV_ENERGY)
    words = state.why_illegal(PlaceTile(_stack("i2"), 1, 4, 4))  # (4,4) W and (4,5) E
    assert words is not None and "Tartarus" in words


def test_tartarus_rovers_do_not_cross_the_chasm_but_teleports_do() -> None:
    """Ref 2.12: "They may not step orthogonally across the chasm"; "Teleports ... ignore the chasm (BGA
    behaviour)"."""
    state = _rover_state("tartarus", (4, 4))
    targets = {(a.to_row, a.to_col) for a in state.legal_actions() if isinstance(a, MoveRover)}
    assert (4, 5) not in targets and (4, 3) in targets
    teleport = state._with(movement=0, pending=(Pending(Gain.TELEPORT),))
    jumps = {(a.to_row, a.to_col) for a in teleport.legal_actions() if isinstance(a, TeleportRover)}
    assert (4, 5) in jumps


def test_tartarus_patches_are_one_square_and_always_pass() -> None:
    """planets.toml: "a one-square patch always passes" (ref 3.3 item 5: patches follow the planet rule)."""
    state = with_board(at("tartarus"), covered=bits((4, 4)), tiles_placed=1)
    state = state._with(placed=True, pending=(Pending(Gain.BIOMASS),))
    targets = {(a.row, a.col) for a in state.legal_actions() if isinstance(a, ChooseSquare)}
    assert (4, 5) in targets and (4, 3) in targets


def test_a_saved_game_with_the_wrong_number_of_planets_is_refused() -> None:
    """A loaded state's planets must fit its seats (one per seat, one, or none)."""
    from playbook.core import InvalidStateError

    state = new_game(3, seed=2, rules=Rules(planets=("gaia", "petra", "k273")))
    data = json.loads(json.dumps(state.to_dict()))
    assert State.from_dict(data) == state
    data["rules"]["planets"] = ["gaia", "petra"]
    with pytest.raises((InvalidStateError, RulesDataError), match="planets names 2 entries"):
        State.from_dict(data)
    with pytest.raises(RulesDataError, match="planets must be a list of names"):
        Rules.from_dict({"planets": [1]})
