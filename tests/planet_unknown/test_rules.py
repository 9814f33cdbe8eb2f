"""One test per rule clause; each docstring quotes the clause (rulebook, or the reference's section 3)."""

from __future__ import annotations

import pytest

from playbook.games.planet_unknown import (
    ChooseCivCard,
    ChooseSquare,
    ChooseTrack,
    Gain,
    MoveRover,
    Phase,
    PlaceTile,
    Rules,
    StopRovers,
    StorePatch,
    TakeTile,
    Track,
    new_game,
)
from playbook.games.planet_unknown.components import EndReason, Terrain
from playbook.games.planet_unknown.flow import settle
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.scoring import breakdown, solo_message, winners_of
from playbook.games.planet_unknown.tracks import advance, regress, unionization
from playbook.games.planet_unknown.work import Pending, Work

from .helpers import (
    BIOMASS_CIV,
    CIV_ENERGY,
    ENERGY_WATER,
    ROVER_TECH,
    TECH_BIOMASS,
    WATER_ROVER,
    C,
    at_placement,
    bit,
    bits,
    board,
    first_legal_until,
    put,
    run,
    set_depot,
    stack_of,
    with_board,
    with_gains,
)

MASKS = planet_masks(C.planet)


@pytest.fixture
def solo():
    """A solo game at its first placement with an empty planet, events off."""
    return at_placement(1, seed=3)


def placements_of(state, shape):
    return [a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.stack == stack_of(shape)]


# -- placement ---------------------------------------------------------------------------------------------
def test_first_tile_touches_the_edge(solo):
    """ "The 1st tile placed on your planet must be touching the outside edge of your planet." (§3.3: it must
    include an edge square; being next to the edge is not enough)."""
    state = set_depot(solo, "I4", "i2")
    legal = placements_of(state, "i2")
    assert legal
    for action in legal:
        squares = {(action.row, action.col), (action.row + 1, action.col)} if action.orientation == 0 else None
        if squares:
            assert any(MASKS.edge & bit(*sq) for sq in squares)
    assert PlaceTile(stack_of("i2"), 0, 5, 6) not in legal  # inland
    assert PlaceTile(stack_of("i2"), 0, 4, 1) in legal  # (4,1) is an edge square


def test_later_tiles_are_orthogonally_adjacent(solo):
    """ "All tiles must be placed orthogonally adjacent to another tile (after the 1st tile)." Touching the edge
    no longer suffices (§3.3)."""
    state = set_depot(put(solo, "I4", BIOMASS_CIV, 0, 6, 6), "I4", "i2")
    legal = placements_of(state, "i2")
    assert PlaceTile(stack_of("i2"), 0, 7, 6) in legal  # below (6,6)
    assert PlaceTile(stack_of("i2"), 0, 4, 1) not in legal  # edge, but not adjacent
    assert PlaceTile(stack_of("i2"), 0, 8, 7) not in legal  # diagonal only


def test_tiles_cannot_overlap(solo):
    """ "Tiles cannot be placed on top of other tiles." / "Tiles cannot overlap other tiles"."""
    state = set_depot(put(solo, "I4", BIOMASS_CIV, 0, 6, 6), "I4", "i2")
    assert PlaceTile(stack_of("i2"), 0, 5, 6) not in placements_of(state, "i2")


def test_tiles_stay_on_the_printed_grid(solo):
    """ "Tiles cannot ... extend off the planet's printed grid." (0,0) is off the round planet."""
    state = set_depot(solo, "I4", "i2")
    assert PlaceTile(stack_of("i2"), 0, 0, 0) not in placements_of(state, "i2")
    assert PlaceTile(stack_of("i2"), 0, 0, 5) in placements_of(state, "i2")  # (0,5),(1,5) are planet squares


def test_lifepods_and_rovers_under_a_tile_are_destroyed(solo):
    """ "If a tile is placed onto a lifepod or rover, the lifepod/rover is destroyed and removed from the game.\""""
    state = with_board(solo, rovers=(5 * 12 + 1,))
    state = put(state, "i2", BIOMASS_CIV, 0, 4, 1)  # covers the lifepod on (4,1) and the rover on (5,1)
    assert not board(state).lifepods & bit(4, 1)
    assert board(state).rovers == ()
    assert board(state).lifepods_collected == 0


def test_meteorite_goes_on_its_square(solo):
    """ "If a tile with a meteorite symbol is placed, immediately cover the square with the symbol with a
    meteorite token." The I4's meteorite square is (3,0)."""
    state = put(solo, "I4", BIOMASS_CIV + 1, 0, 6, 6)
    assert board(state).meteorites == bit(6, 9)
    assert board(state).meteor_marks == bit(6, 9)
    plain = put(solo, "I4", BIOMASS_CIV, 0, 6, 6)
    assert board(plain).meteorites == 0


def test_i2_domino_meteorite_sits_on_its_symbol(solo):
    """Correction 3: the i2 domino's meteorite square (0,1) is also its B symbol square."""
    state = put(solo, "i2", ENERGY_WATER + 1, 0, 4, 5)
    assert board(state).meteorites == bit(5, 5)
    assert board(state).symbols[Terrain.WATER] == bit(5, 5)


# -- advancing from a tile ---------------------------------------------------------------------------------
def older_row(state):
    """An older biomass/civ I4 on (6,2)-(6,5): biomass (6,2),(6,3), civ (6,4),(6,5)."""
    return put(state, "I4", BIOMASS_CIV, 0, 6, 2)


def test_water_advances_when_its_terrain_covers_ice(solo):
    """ "If a tile with a water resource does not have its water terrain covering at least 1 ice space, you
    cannot advance on the water resource track." Here the water square (5,5) is ice: water advances, and the
    energy symbol's only neighbour is that water, so energy gives water too (no ice needed for it)."""
    state = set_depot(older_row(solo), "I4", "i2", int_tile=ENERGY_WATER)
    state = state.apply(PlaceTile(stack_of("i2"), 0, 4, 5))[0]
    assert board(state).trackers[Track.WATER] == 2


def test_water_without_ice_does_not_advance(solo):
    """ "Water terrain is not required to be placed over ice" but then the water symbol gives nothing; the
    energy choice is water or the older biomass next to the energy square."""
    state = put(solo, "I4", BIOMASS_CIV, 0, 6, 6)
    state = set_depot(state, "I4", "i2", int_tile=ENERGY_WATER)
    state = state.apply(PlaceTile(stack_of("i2"), 0, 7, 6))[0]
    assert board(state).trackers[Track.WATER] == 0
    assert state.pending == (Pending(Gain.ENERGY, 1 << Track.WATER | 1 << Track.BIOMASS),)
    assert set(state.legal_actions()) == {
        ChooseTrack(Track.WATER, Gain.ENERGY),
        ChooseTrack(Track.BIOMASS, Gain.ENERGY),
    }


def test_energy_reaches_through_older_tiles(solo):
    """ "you can access the resource through other adjacent energy tiles, not just the one you placed": the new
    energy square joins an older energy area, whose neighbours (civ, and biomass of another older tile) count."""
    state = put(solo, "I4", CIV_ENERGY, 0, 6, 6)  # civ (6,6),(6,7); energy (6,8),(6,9)
    state = put(state, "i2", TECH_BIOMASS, 0, 4, 9)  # tech (4,9), biomass (5,9) next to energy (6,9)
    state = set_depot(state, "I4", "i2", int_tile=ENERGY_WATER)
    state = state.apply(PlaceTile(stack_of("i2"), 1, 7, 7))[0]  # energy (7,8) under (6,8); water (7,7)
    options = {a.track for a in state.legal_actions() if isinstance(a, ChooseTrack)}
    assert options == {Track.CIV, Track.BIOMASS, Track.WATER}


def test_other_symbols_advance_their_track(solo):
    """ "advance 1 space on each resource track matching the resources shown on the placed tile.\""""
    state = set_depot(solo, "I4", "i2", int_tile=ROVER_TECH)
    state = state.apply(PlaceTile(stack_of("i2"), 0, 4, 1))[0]
    assert board(state).trackers[Track.TECH] == 1
    assert board(state).trackers[Track.ROVER] == 1


# -- tracks ------------------------------------------------------------------------------------------------
def test_synergy_advances_any_tracker(solo):
    """ "Synergy boosts: You claim these immediately -- advance any single tracker once." Tech position 2 is a
    synergy space; trackers at the top are not offered (§3.8)."""
    state = with_board(solo, trackers=(15, 0, 0, 0, 1))
    state, _ = run(state, advance, 0, Track.TECH, "test")
    assert state.pending == (Pending(Gain.SYNERGY),)
    choices = {a.track for a in state.pool_actions()}
    assert Track.CIV not in choices and Track.WATER in choices


def test_tracker_at_top_gains_nothing_more(solo):
    """ "If a tracker reaches the top of its track, it does not gain additional benefits.\""""
    state = with_board(solo, trackers=(15, 15, 15, 0, 15))
    for track in (Track.CIV, Track.WATER, Track.BIOMASS, Track.TECH):
        after, events = run(state, advance, 0, track, "test")
        assert board(after).trackers == board(state).trackers and not after.pending and not events


def test_rover_at_top_still_moves(solo):
    """ "If the rover tracker is at the top of the track and would advance, you do still move your rovers the
    indicated number of spaces." (correction 2: the top space's movement again, no second medal)."""
    state = with_board(solo, trackers=(0, 0, 0, 15, 0))
    after, _ = run(state, advance, 0, Track.ROVER, "test")
    assert board(after).trackers[Track.ROVER] == 15
    assert after.movement == 4


def test_regress_gains_nothing_and_stops_at_zero(solo):
    """ "Regress: Move a resource tracker 1 position down ... DO NOT claim any benefit" and not below 0."""
    state = with_board(solo, trackers=(0, 0, 4, 0, 0))
    after, _ = run(state, regress, 0, Track.BIOMASS, 9, "test")
    assert board(after).trackers[Track.BIOMASS] == 0 and not after.pending


def test_techs_live_only_while_reached(solo):
    """FAQ A10 (§3.7): a tech is active only while the tracker is at or above its milestone."""
    state = with_board(solo, trackers=(0, 0, 0, 0, 3))  # tech 1: ignore adjacency
    state = put(state, "I4", BIOMASS_CIV, 0, 6, 6)
    state = set_depot(state, "I4", "i2")
    assert PlaceTile(stack_of("i2"), 0, 2, 5) in placements_of(state, "i2")  # far from the tile
    lost, _ = run(state, regress, 0, Track.TECH, 1, "test")
    lost = set_depot(lost, "I4", "i2")
    assert PlaceTile(stack_of("i2"), 0, 2, 5) not in placements_of(lost, "i2")


def test_tech_4_doubles_water_from_a_placed_tile(solo):
    """Universal Coalition tech 4: "Water advancement from placing a water tile is doubled.\""""
    state = with_board(older_row(solo), trackers=(0, 0, 0, 0, 10))
    state = set_depot(state, "I4", "i2", int_tile=WATER_ROVER)
    state = state.apply(PlaceTile(stack_of("i2"), 0, 4, 5))[0]  # water (4,5) on ice, rover (5,5)
    assert board(state).trackers[Track.WATER] == 2


def test_tech_3_adds_one_movement(solo):
    """Tech 3: "+1 each time you gain rover movement" (from rover-track spaces)."""
    state = with_board(solo, trackers=(0, 0, 0, 1, 7))
    after, _ = run(state, advance, 0, Track.ROVER, "test")
    assert after.movement == 2


def test_tech_5_no_meteorites(solo):
    """Tech 5: "Meteor strikes do not affect you; you place no meteorites.\""""
    state = with_board(solo, trackers=(0, 0, 0, 0, 14))
    state = set_depot(state, "I4", "i2", int_tile=ROVER_TECH + 1)
    state = state.apply(PlaceTile(stack_of("i2"), 0, 4, 1))[0]
    assert board(state).meteorites == 0


# -- rovers ------------------------------------------------------------------------------------------------
def test_rover_milestone_places_a_rover_on_the_last_tile(solo):
    """ "When a player advances onto a rover milestone, they place a rover on any space of the last placed
    tile. If the rover is placed on a meteorite, immediately collect it.\""""
    state = set_depot(solo, "I4", "i2", int_tile=WATER_ROVER + 1)  # meteorite on the rover square (4,1)+1 row
    state = state.apply(PlaceTile(stack_of("i2"), 0, 4, 1))[0]
    assert set(state.legal_actions()) == {ChooseSquare(Gain.ROVER, 4, 1), ChooseSquare(Gain.ROVER, 5, 1)}
    state = state.apply(ChooseSquare(Gain.ROVER, 5, 1))[0]
    assert board(state).rovers == (5 * 12 + 1,)
    assert board(state).meteorites_collected == 1 and board(state).meteorites == 0


def test_rovers_move_orthogonally_and_collect(solo):
    """ "Rovers only move orthogonally" ... "If you move your rover onto a lifepod/meteorite, collect it"; "Rover
    movement may be split"; "Rovers may move both on tiles and on the planet grid"."""
    state = with_board(solo, rovers=(3 * 12 + 1,), rover_supply=1)
    state = with_gains(state, movement=2)
    legal = set(state.legal_actions())
    assert MoveRover(3, 1, 4, 1) in legal and MoveRover(3, 1, 4, 2) not in legal
    assert MoveRover(3, 1, 3, 0) not in legal  # off the planet
    assert StopRovers() in legal
    state = state.apply(MoveRover(3, 1, 4, 1))[0]
    assert board(state).lifepods_collected == 1 and state.movement == 1


def test_rover_cannot_step_onto_another_rover(solo):
    """§3.5: "A step onto a square holding another of your rovers is not allowed.\""""
    state = with_gains(with_board(solo, rovers=(5 * 12 + 3, 5 * 12 + 4)), movement=1)
    assert MoveRover(5, 3, 5, 4) not in state.legal_actions()


def test_no_rover_left_means_no_rover(solo):
    """ "If all your rovers have been destroyed, they do not place a rover when reaching a rover milestone.\""""
    state = with_board(solo, rover_supply=0)
    after, _ = run(state, advance, 0, Track.ROVER, "test")
    assert not after.pending


# -- biomass -----------------------------------------------------------------------------------------------
def test_biomass_patch_placed_by_placement_rules(solo):
    """ "collect a biomass patch and immediately place it on their planet following normal placement rules.
    Placing biomass patches does not advance you on the biomass track.\""""
    state = put(solo, "I4", BIOMASS_CIV, 0, 6, 6)
    state = with_gains(state, Pending(Gain.BIOMASS))
    legal = state.legal_actions()
    assert ChooseSquare(Gain.BIOMASS, 7, 6) in legal and ChooseSquare(Gain.BIOMASS, 2, 2) not in legal
    assert StorePatch() not in legal
    state = state.apply(ChooseSquare(Gain.BIOMASS, 7, 6))[0]
    assert board(state).patches == bit(7, 6) and board(state).trackers[Track.BIOMASS] == 0
    assert board(state).terrain[Terrain.BIOMASS] & bit(7, 6)


def test_biomass_stored_with_tech_2_and_placed_at_the_end(solo):
    """Tech 2: "May store biomass patches and place them at game end.\""""
    state = with_board(put(solo, "I4", BIOMASS_CIV, 0, 6, 6), trackers=(0, 0, 0, 0, 5))
    state = with_gains(state, Pending(Gain.BIOMASS)).apply(StorePatch())[0]
    assert board(state).stored_biomass == 1


# -- civ milestones ----------------------------------------------------------------------------------------
def test_civ_rank_counts_milestones_reached(solo):
    """§3.7: "The civ card's rank is the number of civ milestones at or below the tracker.\""""
    state = with_board(solo, trackers=(5, 0, 0, 0, 0))
    after, _ = run(state, advance, 0, Track.CIV, "test")
    assert after.civ_queue[0] == (2,)


def test_civ_cards_chosen_after_placements_in_clockwise_order_from_the_commander():
    """ "If 2+ players reach the same milestone during the same round, cards are selected in clockwise order
    (starting with the commander)." Both seats reach rank 1 in one round; the commander picks from 3 cards,
    the other from the 2 left."""
    state = at_placement(2, seed=5)
    state = state._with(civ_queue=((1,), (1,)))
    state = first_legal_until(state, lambda s: s.phase == Phase.CIV)
    assert state.current_player == state.commander
    first = state.legal_actions()
    assert len(first) == 3 and all(isinstance(a, ChooseCivCard) for a in first)
    state = state.apply(first[0])[0]
    state = first_legal_until(state, lambda s: s.current_player != s.commander or s.phase != Phase.CIV)
    assert state.current_player == 1 - state.commander
    second = [a for a in state.legal_actions() if isinstance(a, ChooseCivCard)]
    assert len(second) == 2 and first[0] not in second


def test_empty_civ_pile_gives_no_card(solo):
    """ "If there are no cards left in the civ pile, you cannot claim a card.\""""
    state = solo._with(phase=Phase.CIV, placed=True, civ_queue=((1,),), civ_piles=((), (8,), (15,), (22,)))
    w = Work(state)
    settle(w)
    assert w.civ_queue[0] == () and w.boards[0].civ_cards == ()


def test_unionization_steps_each_tracker_to_five_without_synergy(solo):
    """Correction 1: every tracker below 5 steps up one space at a time to 5 and gains every milestone it lands
    on; only synergy spaces are suppressed."""
    state, _ = run(solo, unionization, 0, 5)
    assert board(state).trackers == (5, 5, 5, 5, 5)
    kinds = [p.gain for p in state.pending]
    assert Gain.SYNERGY not in kinds
    assert kinds.count(Gain.BIOMASS) == 1 and kinds.count(Gain.ROVER) == 1
    assert state.civ_queue[0] == (1,)
    assert state.movement == 1 + 1 + 2 + 2


def test_movement_waits_for_the_rover_placed_by_the_same_advance(solo):
    """Rover space 6 is "m2 + Rov": with no rover on the planet yet, the new rover can spend the movement."""
    state = put(solo, "I4", BIOMASS_CIV, 0, 6, 6)
    state = with_board(state, trackers=(0, 0, 0, 5, 0), rover_supply=1)
    state, _ = run(state, advance, 0, Track.ROVER, "test", settle_after=True)
    assert state.movement == 2 and any(isinstance(a, ChooseSquare) for a in state.legal_actions())
    state = state.apply(ChooseSquare(Gain.ROVER, 6, 6))[0]
    assert any(isinstance(a, MoveRover) for a in state.legal_actions()) and state.movement == 2


# -- the end -----------------------------------------------------------------------------------------------
def full_planet_but(state, free):
    playable = MASKS.playable
    return with_board(state, covered=playable & ~free)


def test_cannot_place_ends_the_game_and_takes_a_tile(solo):
    """ "A player cannot legally place a tile from their depot. ... Any player that cannot legally place a tile
    still chooses 1 and advances on the tracks for both resources on the tile, but does not place it." (§3.9:
    energy counts as a second copy of the other symbol; water needs no ice)."""
    state = set_depot(full_planet_but(solo, bit(5, 6)), "I4", "i2", ext_tile=CIV_ENERGY, int_tile=ENERGY_WATER)
    w = Work(state._with(phase=Phase.EVENT, step=0))
    from playbook.games.planet_unknown.flow import begin_placement

    begin_placement(w)
    settle(w)
    state = w.finish()[0]
    assert state.last_round and state.end_reason == EndReason.CANNOT_PLACE
    assert set(state.legal_actions()) == {TakeTile(stack_of("I4")), TakeTile(stack_of("i2"))}
    state = state.apply(TakeTile(stack_of("i2")))[0]
    assert board(state).trackers[Track.WATER] == 2


def test_empty_depot_ends_the_game(solo):
    """ "A depot is completely emptied of tiles. The game ends at the end of the round where a depot was
    emptied." All 6 depots are checked."""
    stacks = list(solo.stacks)
    depot = (solo.rotation + 2) % 6  # not the one the solo player faces this round
    stacks[depot] = ()
    stacks[6 + (depot + solo.shift) % 6] = ()
    state = solo._with(stacks=tuple(stacks))
    state = first_legal_until(state, lambda s: s.phase in (Phase.END, Phase.OVER))
    assert state.end_reason == EndReason.DEPOT_EMPTY and state.is_terminal


def test_last_event_card_ends_the_game():
    """ "When the last card of the event deck is drawn, complete the current round.\""""
    rules = Rules(events=True, event_split=(20, 0, 0))
    state = new_game(2, seed=4, rules=rules)
    state = state._with(event_deck=state.event_deck[:1])  # round 1's card is out: one card left
    state = first_legal_until(state, lambda s: s.round > 2 or s.is_terminal)
    assert state.is_terminal and state.end_reason == EndReason.LAST_EVENT and state.round == 2


# -- scoring -----------------------------------------------------------------------------------------------
def test_complete_rows_and_columns_without_meteorites_score_their_medal(solo):
    """ "Score points for every complete row and column ... The row/column cannot have a meteorite or empty grid
    square. Each row/column scores 1-3 points based on the medal.\""""
    row5 = MASKS.rows[5]
    b = board(with_board(solo, covered=row5))
    assert breakdown(b, C, MASKS)["rows"] == 3
    b = b._replace(meteorites=bit(5, 6))
    assert breakdown(b, C, MASKS)["rows"] == 0
    b = b._replace(covered=MASKS.playable, meteorites=0)
    assert breakdown(b, C, MASKS)["rows"] == breakdown(b, C, MASKS)["columns"] == 20


def test_each_tracker_scores_its_highest_medal(solo):
    """ "Score the highest value medal that each tracker has reached/passed.\""""
    b = board(solo)._replace(trackers=(9, 13, 5, 15, 13))
    parts = breakdown(b, C, MASKS)
    assert (parts["civ"], parts["water"], parts["biomass"], parts["rover"], parts["tech"]) == (3, 7, 1, 5, 2)


def test_lifepods_and_meteorites_score(solo):
    """ "1 point per lifepod; 1 point per 3 meteorites (rounded down)".\""""
    b = board(solo)._replace(lifepods_collected=4, meteorites_collected=8)
    parts = breakdown(b, C, MASKS)
    assert parts["lifepods"] == 4 and parts["meteorites"] == 2


def test_tie_breaks(solo):
    """ "In case of a tie: fewest uncovered grid squares, then fewest meteorites remaining, then shared.\""""
    a = board(solo)._replace(covered=bits((5, 5), (5, 6)))
    b = board(solo)._replace(covered=bit(5, 5))
    assert winners_of((10, 10), (a, b), MASKS) == (0,)
    c = a._replace(meteorites=bit(5, 5))
    assert winners_of((10, 10), (a, c), MASKS) == (0,)
    assert winners_of((10, 10), (a, a), MASKS) == (0, 1)


def test_solo_target_from_the_deck_colours():
    """§1.9: the target is 60 adjusted by the deck's colour counts (green +, orange and red -)."""
    for split, target in (
        ((10, 5, 5), 60 + 6 - 1 - 5),
        ((20, 0, 0), 72),
        ((0, 0, 20), 49),
        ((7, 7, 6), 60 + 6 - 2 - 5),
    ):
        state = new_game(1, seed=1, rules=Rules(events=True, event_split=split))
        assert state.solo_target == target, split
    assert new_game(1, seed=1).solo_target == 0


def test_solo_score_is_total_minus_target_with_a_message():
    """§3.11: "The final score is the normal total minus the target", with a result message."""
    assert solo_message(-11) == "critical failure"
    assert solo_message(0) == "mission complete"
    assert solo_message(15) == "all the stars aligned"
    state = new_game(1, seed=2, rules=Rules(events=True, event_split=(10, 5, 5)))
    state = first_legal_until(state, lambda s: s.is_terminal)
    raw = sum(breakdown(board(state), C, MASKS).values())
    assert state.scores() == (raw - 60,)
    assert state.observation(0)["result"] == solo_message(raw - 60)


# -- rounds and station --------------------------------------------------------------------------------------
def test_two_player_station_turns_one_depot_each_round():
    """ "2 Player Variant: Each round, the depot is rotated clockwise by 1 depot instead of the commander
    choosing." (§3.10: rotation = rotation + 5 mod 6, every round)."""
    state = new_game(2, seed=9)
    start = state.rotation
    state = first_legal_until(state, lambda s: s.round == 2 and s.phase == Phase.PLACE)
    assert state.rotation == (start + 5) % 6


def test_commander_rotates_with_three_players_and_passes_clockwise():
    """ "The station commander may rotate the space station as much or as little as they like" and "Pass the
    station commander token to the next player in clockwise order.\""""
    state = new_game(3, seed=2)
    assert state.phase == Phase.ROTATE and state.current_player == state.commander
    assert len(state.legal_actions()) == 6
    commander = state.commander
    state = first_legal_until(state, lambda s: s.round == 2)
    assert state.commander == (commander + 1) % 3


def test_placement_in_clockwise_order_from_the_commander():
    """§3.1: "placement by every player in clockwise order from the commander" (our sequencing ruling)."""
    state = at_placement(4, seed=6)
    commander = state.commander
    order = []
    while state.phase == Phase.PLACE:
        if state.current_player not in order:
            order.append(state.current_player)
        state = state.apply(state.legal_actions()[0])[0]
    assert order == [(commander + k) % 4 for k in range(4)]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup(players):
    """Setup: 12 stacks of 12, each the 6 pairs twice (with and without meteorite); civ cards players + 1 per
    rank; objectives by player count; lifepods on the planet, trackers at 0."""
    state = new_game(players, seed=players)
    assert all(sorted(stack) == list(range(12)) for stack in state.stacks)
    assert all(len(pile) == players + 1 for pile in state.civ_piles)
    assert len(state.neighbour_objectives) == {1: 0, 2: 3}.get(players, players)
    if players == 1:
        assert len(state.dealt[0]) == 4
    for b in state.boards:
        assert b.trackers == (0, 0, 0, 0, 0) and b.lifepods == MASKS.lifepods and b.rover_supply == 2


def test_private_objective_module_deals_two_keep_one():
    """ "deal 2 private objectives to each player. They choose 1 to keep and return the other to the box.\""""
    state = new_game(3, seed=1, rules=Rules(private_objectives=True))
    assert state.phase == Phase.OBJECTIVES and all(len(d) == 2 for d in state.dealt)
    assert len(state.legal_actions()) == 2
    state = first_legal_until(state, lambda s: s.phase != Phase.OBJECTIVES)
    assert all(len(b.objectives) == 1 for b in state.boards)


def test_solo_keeps_three_of_four():
    """Solo: "4 cards, choose 3 to play with".\""""
    state = new_game(1, seed=1)
    assert len(state.legal_actions()) == 4
    state = state.apply(state.legal_actions()[0])[0]
    assert len(board(state).objectives) == 3


def test_rovers_may_split_movement_and_backtrack(solo):
    """ "Rover movement may be split between multiple rovers." "Rovers may backtrack.\""""
    state = with_gains(with_board(solo, rovers=(7 * 12 + 6, 9 * 12 + 6), rover_supply=0), movement=3)
    state = state.apply(MoveRover(7, 6, 7, 7))[0]
    state = state.apply(MoveRover(7, 7, 7, 6))[0]  # back where it came from
    assert MoveRover(9, 6, 9, 7) in state.legal_actions()
    state = state.apply(MoveRover(9, 6, 9, 7))[0]
    assert board(state).rovers == (7 * 12 + 6, 9 * 12 + 7) and state.movement == 0


def test_anything_placed_on_a_rover_destroys_it(solo):
    """ "Anything (tile, biomass patch, meteorite) placed onto a rover destroys it and it is removed from the game.\""""
    from playbook.games.planet_unknown.planet import add_meteorite

    state = put(solo, "I4", BIOMASS_CIV, 0, 6, 6)
    state = with_board(state, rovers=(7 * 12 + 6, 6 * 12 + 9), rover_supply=0)
    state = with_gains(state, Pending(Gain.BIOMASS)).apply(ChooseSquare(Gain.BIOMASS, 7, 6))[0]
    assert board(state).rovers == (6 * 12 + 9,)
    state, _ = run(state, add_meteorite, 0, bit(6, 9))
    assert board(state).rovers == () and board(state).meteorites == bit(6, 9)


def test_tech_1_also_drops_the_first_tile_edge_rule(solo):
    """§3.3: "Universal Coalition tech 1 drops this condition, including the edge rule for the first tile".\""""
    state = set_depot(with_board(solo, trackers=(0, 0, 0, 0, 3)), "I4", "i2")
    assert PlaceTile(stack_of("i2"), 0, 5, 6) in placements_of(state, "i2")


def test_event_civ_milestones_are_resolved_in_the_event_phase():
    """§3.1 step 2: "Any civ milestones it caused are resolved now (civ-card sub-phase).\""""
    state = new_game(1, seed=8, rules=Rules(events=True, event_split=(20, 0, 0)))
    state = first_legal_until(state, lambda s: s.phase != Phase.OBJECTIVES)
    state = with_board(state, trackers=(2, 0, 0, 0, 0))._with(
        event=69, phase=Phase.EVENT, step=0, placed=False, pending=()
    )
    from playbook.games.planet_unknown import event_cards

    state, _ = run(state, event_cards.for_seat, 0)
    state = state.apply(ChooseTrack(Track.CIV, Gain.ONE_OF))[0]
    assert state.phase == Phase.EVENT and all(isinstance(a, ChooseCivCard) for a in state.legal_actions())


def test_a_forced_take_still_resolves_its_gains(solo):
    """A player who cannot place and has one stack left takes it without a choice; the tile's advances and
    their choices (here a synergy at water 3) are still theirs to resolve before the game moves on."""
    from playbook.games.planet_unknown.flow import begin_placement

    state = set_depot(full_planet_but(solo, bit(5, 6)), "I4", "i2", int_tile=ENERGY_WATER)
    stacks = list(state.stacks)
    stacks[stack_of("I4")] = ()
    state = with_board(state._with(stacks=tuple(stacks), phase=Phase.EVENT, step=0), trackers=(0, 1, 0, 0, 0))
    w = Work(state)
    begin_placement(w)
    settle(w)
    state = w.finish()[0]
    assert board(state).trackers[Track.WATER] == 3
    assert state.pending == (Pending(Gain.SYNERGY),) and state.phase == Phase.PLACE


def test_first_tile_after_a_patch_still_needs_the_edge(solo):
    """§3.3: ""First" means the player has no tile on the planet yet" - a biomass patch gained from an event
    before any tile does not make the next tile a later one."""
    state = with_board(solo, covered=bit(5, 6), patches=bit(5, 6), terrain=(0, 0, bit(5, 6), 0, 0, 0))
    state = set_depot(state, "I4", "i2")
    legal = placements_of(state, "i2")
    assert PlaceTile(stack_of("i2"), 0, 6, 6) not in legal  # next to the patch, not on the edge
    assert PlaceTile(stack_of("i2"), 0, 4, 1) in legal


def test_stored_patches_are_placed_at_the_end(solo):
    """Rulebook "Before scoring, all players should place any biomass patches they have" (§3.9 step 2: stored
    patches must be placed now if possible)."""
    state = with_board(put(solo, "I4", BIOMASS_CIV, 0, 6, 6), stored_biomass=1, trackers=(0, 0, 0, 0, 5))
    state = state._with(phase=Phase.CIV, placed=True, last_round=True)
    state, _ = run(state, lambda w: None, settle_after=True)
    assert state.phase == Phase.END
    legal = state.legal_actions()
    assert legal and all(isinstance(a, ChooseSquare) and a.gain == Gain.STORED_BIOMASS for a in legal)
    state = state.apply(legal[0])[0]
    assert state.is_terminal and board(state).patches.bit_count() == 1 and board(state).stored_biomass == 0


def test_energy_choice_drops_tracks_at_the_top(solo):
    """§3.4: "Choices whose tracker cannot advance are removed; if none remain, the advance is lost.\""""
    state = put(solo, "I4", BIOMASS_CIV, 0, 6, 6)
    state = with_board(state, trackers=(0, 0, 15, 0, 0))
    state = set_depot(state, "I4", "i2", int_tile=ENERGY_WATER)
    state = state.apply(PlaceTile(stack_of("i2"), 0, 7, 6))[0]  # energy next to biomass (top) and water
    assert board(state).trackers[Track.WATER] == 1 and not state.pending  # only water was left: taken at once


def test_synergy_chains(solo):
    """§3.8: "The chain can continue": a synergy onto another synergy space gives another synergy."""
    state = with_board(solo, trackers=(0, 2, 0, 0, 1))  # water 3 and tech 2 are synergy spaces
    state = with_gains(state, Pending(Gain.SYNERGY))
    state = state.apply(ChooseTrack(Track.WATER, Gain.SYNERGY))[0]
    assert state.pending == (Pending(Gain.SYNERGY),)
    state = state.apply(ChooseTrack(Track.TECH, Gain.SYNERGY))[0]
    assert board(state).trackers[Track.TECH] == 2 and state.pending == (Pending(Gain.SYNERGY),)


def test_energy_chosen_water_is_not_doubled(solo):
    """§3.4: "An energy-chosen water advance needs no ice and is not doubled by Universal Coalition tech 4".\""""
    state = put(solo, "I4", BIOMASS_CIV, 0, 6, 6)
    state = with_board(state, trackers=(0, 0, 0, 0, 10))
    state = set_depot(state, "I4", "i2", int_tile=ENERGY_WATER)
    state = state.apply(PlaceTile(stack_of("i2"), 0, 7, 6))[0]  # water (8,6) not on ice
    state = state.apply(ChooseTrack(Track.WATER, Gain.ENERGY))[0]
    assert board(state).trackers[Track.WATER] == 1
