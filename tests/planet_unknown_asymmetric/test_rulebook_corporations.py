"""The rulebook's clarifications, "• Asymmetric Corporations" (../shared/rules/planet_unknown.txt): one test per
bullet, each quoting it verbatim and checking it through the engine (``legal_actions``, ``apply``, ``why_illegal``,
the observation and the scoring). The corporation test modules quote the reference; this file is the rulebook's
side of the rule "every rulebook clause maps to code and to a test quoting it"."""

from __future__ import annotations

from playbook.games.planet_unknown import (
    ChooseCivCard,
    ChooseSquare,
    ChooseTrack,
    Decline,
    Gain,
    MoveRover,
    Phase,
    Rules,
    State,
    StepTracker,
    UsePower,
)
from playbook.games.planet_unknown.actions import SCORING_AREA, ChooseLifepod, PlaceLifepod, SlotLifepod
from playbook.games.planet_unknown.components import Terrain, Track
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.objectives import neighbour_value
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.variants import corporation_entry
from playbook.games.planet_unknown.work import Pending, Work

from . import test_cosmos as cosmos
from . import test_flux as flux
from . import test_horizon as horizon
from . import test_jump_drive as jump
from . import test_makeshift as makeshift
from . import test_oasis as oasis
from . import test_republic as republic
from . import test_wormhole as wormhole
from .helpers import BIOMASS_CIV, ROVER_TECH, C, bit, bits, sq, with_board

TECH_AT = {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}  # the tech tracker's position of each level (every 5-tech board)
CIV, WATER, BIOMASS, ROVER, TECH = range(5)
MASKS = planet_masks(C.planet)


def _choices(state: State, gain: Gain) -> set[int]:
    return {a.track for a in state.legal_actions() if isinstance(a, ChooseTrack) and a.gain == gain}


# -- Advantage / Weaknesses lines that state a checkable fact ----------------------------------------------------
def test_the_advantage_and_weakness_counts() -> None:
    """Rulebook, Asymmetric Corporations: Republic "Advantage: 7 x Civ milestones", "Weaknesses: 1 x Rover,
    Regression"; Cosmos Inc. "Weaknesses: Lifepod scoring, 1 x Rover, Lifepods cover benefits"; Horizon Group
    "Advantage: 4 x Rovers"; Jump Drive "Advantage: Flexibility, 6 x Techs", "Weaknesses: Lifepod scoring, 1 x
    Rover". (The other lines name qualities, not counts.) The seat's rovers are those it starts with."""
    counts = {}
    for key in ("republic", "cosmos", "horizon", "jump_drive", "standard"):
        rules = Rules(corporations=(key,))
        corporation = rules.corporation(0)
        counts[key] = (corporation.rovers, len(corporation.techs), sum(s.civ for s in corporation.tracks[CIV]))
    assert counts["republic"] == (1, 5, 7)
    assert counts["cosmos"][0] == 1 and counts["jump_drive"][:2] == (1, 6) and counts["horizon"][0] == 4
    assert counts["standard"] == (2, 5, 4)  # Universal Coalition, the yardstick the counts are told against


# -- Republic ----------------------------------------------------------------------------------------------------
def _republic_tech_1(rover: int) -> State:
    from tests.planet_unknown.helpers import set_depot

    state = republic._start(trackers=republic._trackers(rover=rover, tech=TECH_AT[1]), rovers=(sq(5, 5),))
    return set_depot(state, "I4", "i2", BIOMASS_CIV, ROVER_TECH)


def test_republic_tech_1_gains_movement_before_the_tile_is_placed() -> None:
    """Rulebook, Asymmetric Corporations, Republic: "Tech lvl 1 is an immediate gain of movement even before you
    place your tile." """
    state = _republic_tech_1(rover=5)
    assert state.phase == Phase.PLACE and not state.placed and state.movement == 0
    after = state.apply(UsePower(1))[0]
    assert after.movement == 2 and not after.placed  # rover space 5 shows m2; no tile placed yet


def test_republic_tech_1_gains_nothing_off_a_movement_space() -> None:
    """Rulebook, Asymmetric Corporations, Republic: "If your rover tracker is not at a position with rover
    movement, do not gain any movement." (rover space 1 shows a new rover, no movement: the power is not
    offered, so no movement can be gained.)"""
    corporation = Rules(corporations=("republic",)).corporation(0)
    assert corporation.tracks[ROVER][1].movement == 0 and corporation.tracks[ROVER][2].movement == 1
    state = _republic_tech_1(rover=1)
    assert UsePower(1) not in state.legal_actions()
    assert state.why_illegal(UsePower(1)) is not None
    assert UsePower(1) in _republic_tech_1(rover=2).legal_actions()


def test_republic_tech_2_example_rank_3_plus_one_rank_4_card() -> None:
    """Rulebook, Asymmetric Corporations, Republic: "Tech lvl 2 example:", sub-bullet "With tech lvl 2 unlocked, the
    player claims a rank 3 civ milestone. The player picks up all cards from rand 3 plus 1 card at random from rank
    4 and chooses 1 to keep. Then, return all unchosen cards to their respective piles." (The rank 4 pile is
    shuffled, so its top card is the random one: powers.civ_options.)"""
    rank3 = tuple(c.id for c in C.civ if c.rank == 3)[:3]
    rank4 = tuple(c.id for c in C.civ if c.rank == 4)[:3]
    base = republic._start(trackers=republic._trackers(tech=TECH_AT[2]))
    piles = (base.civ_piles[0], base.civ_piles[1], rank3, rank4)
    state = base._with(phase=Phase.CIV, placed=True, seat=0, civ_queue=((3,), ()), civ_piles=piles)
    offered = {a.card for a in state.legal_actions() if isinstance(a, ChooseCivCard)}
    assert offered == {*rank3, rank4[0]}
    after = state.apply(ChooseCivCard(rank4[0]))[0]
    assert rank4[0] in after.boards[0].civ_cards
    assert after.civ_piles[2] == rank3 and after.civ_piles[3] == rank4[1:]  # the unchosen go back to their piles
    kept3 = state.apply(ChooseCivCard(rank3[1]))[0]
    assert kept3.civ_piles[2] == (rank3[0], rank3[2]) and kept3.civ_piles[3] == rank4
    below = state._with(boards=(with_board(state, 0, trackers=republic._trackers(tech=TECH_AT[1])).boards[0],
                                state.boards[1]))  # fmt: skip
    assert {a.card for a in below.legal_actions() if isinstance(a, ChooseCivCard)} == set(rank3)


def test_republic_regress_another_tracker_one_down_without_benefits() -> None:
    """Rulebook, Asymmetric Corporations, Republic: "Regress another tracker: Move any non-civ resource tracker 1
    position downward on the resource track. Do not claim benefits." (rover 5 -> 4 shows m2, biomass 4 -> 3 a
    patch: neither is gained.)"""
    state = republic._start(trackers=republic._trackers(civ=1, water=3, biomass=4, rover=5))
    state, _ = republic._advance(state, Track.CIV)
    state = state._with(placed=True, movement=0)
    assert _choices(state, Gain.REGRESS) == {WATER, BIOMASS, ROVER}  # never civ, never a tracker on 0 (tech)
    for track in (ROVER, BIOMASS):
        after = state.apply(ChooseTrack(track, Gain.REGRESS))[0]
        assert after.boards[0].trackers[track] == state.boards[0].trackers[track] - 1
        assert after.movement == 0 and not after.pending


# -- Wormhole Corp. ----------------------------------------------------------------------------------------------
def test_wormhole_tech_2_patches_connect_biomass_areas_but_not_on_a_meteorite() -> None:
    """Rulebook, Asymmetric Corporations, Wormhole Corp.: "Tech lvl 2 may be used to achieve biomass terrain
    connections, but you cannot place a biomass patch onto a meteorite." (a patch on the civ square between two
    biomass squares joins them; the square with a meteorite is refused.)"""
    left, middle, right, rock = bit(5, 3), bit(5, 4), bit(5, 5), bit(6, 4)
    civ = middle | rock
    board = dict(
        covered=left | civ | right, terrain=(civ, 0, left | right, 0, 0, 0), patches=left | right,
        meteorites=rock, tiles_placed=2,
    )  # fmt: skip
    state = wormhole._start(trackers=wormhole._trackers(0, TECH_AT[2]), **board)
    state = state._with(placed=True, pending=(Pending(Gain.BIOMASS),))
    joined = state.apply(ChooseSquare(Gain.BIOMASS, 5, 4))[0].boards[0]
    assert joined.terrain[Terrain.BIOMASS] == left | middle | right  # one connected biomass area
    assert ChooseSquare(Gain.BIOMASS, 6, 4) not in state.legal_actions()
    assert state.why_illegal(ChooseSquare(Gain.BIOMASS, 6, 4)) is not None
    tech_1 = with_board(state, 0, trackers=wormhole._trackers(0, TECH_AT[1]))
    assert ChooseSquare(Gain.BIOMASS, 5, 4) not in tech_1.legal_actions()  # on a tile only with tech 2


def test_wormhole_tech_5_a_patch_at_game_end_destroys_a_meteorite() -> None:
    """Rulebook, Asymmetric Corporations, Wormhole Corp.: "Tech lvl 5 allows you to place a biomass patch onto a
    meteorite at game end, destroying the meteorite." (a stored patch placed at the end.)"""
    tile, rock = bits((5, 4), (5, 5)), bit(5, 5)
    board = dict(covered=tile, terrain=(tile, 0, 0, 0, 0, 0), tiles_placed=1, meteorites=rock, meteor_marks=rock)
    state = wormhole._start(trackers=wormhole._trackers(0, TECH_AT[5]), stored_biomass=1, **board)
    end = state._with(placed=True, pending=(Pending(Gain.STORED_BIOMASS),))
    assert ChooseSquare(Gain.STORED_BIOMASS, 5, 5) in end.legal_actions()
    after = end.apply(ChooseSquare(Gain.STORED_BIOMASS, 5, 5))[0].boards[0]
    assert not after.meteorites & rock and after.meteorites_collected == 0 and after.patches & rock
    tech_4 = with_board(end, 0, trackers=wormhole._trackers(0, TECH_AT[4]))
    assert ChooseSquare(Gain.STORED_BIOMASS, 5, 5) not in tech_4.legal_actions()


# -- Cosmos Inc. -------------------------------------------------------------------------------------------------
def test_cosmos_lifepods_may_make_a_tracker_skip_several() -> None:
    """Rulebook, Asymmetric Corporations, Cosmos Inc.: "You may position lifepods such that a tracker skips over
    more than 1 lifepod at a time." (a lifepod put on civ 3 beside those on 1 and 2; a synergy on civ then moves
    the tracker from 0 to 4.)"""
    state = cosmos._start(track_lifepods=cosmos._pods(civ=cosmos._at(1, 2)), lifepods_collected=1)
    state = state._with(placed=True, pending=(Pending(Gain.PLACE_LIFEPOD), Pending(Gain.SYNERGY)))
    assert PlaceLifepod(CIV, 3) in state.legal_actions()
    placed = state.apply(PlaceLifepod(CIV, 3))[0]
    assert placed.boards[0].track_lifepods[CIV] == cosmos._at(1, 2, 3)
    advanced = placed.apply(ChooseTrack(CIV, Gain.SYNERGY))[0]
    assert advanced.boards[0].trackers[CIV] == 4


def test_cosmos_only_scoring_area_lifepods_score_and_tech_moves_them_there() -> None:
    """Rulebook, Asymmetric Corporations, Cosmos Inc.: "Lifepods only score medals if they are on your scoring area
    at game end. You may use your tech to reposition them onto a scoring area later in the game." (tech 5 lifts
    a track's lifepod to the scoring area.)"""
    cosmos_corp = corporation_entry("cosmos")
    state = cosmos._start(
        lifepods_collected=1, track_lifepods=cosmos._pods(civ=cosmos._at(1), water=cosmos._at(5)),
        trackers=(0, 0, 0, 0, TECH_AT[5]),
    )  # fmt: skip
    assert breakdown(state.boards[0], C, MASKS, corporation=cosmos_corp)["lifepods"] == 1
    lifted = state.apply(UsePower(5))[0].apply(ChooseLifepod(Gain.MOVE_LIFEPODS, CIV, 1))[0]
    moved = lifted.apply(PlaceLifepod(SCORING_AREA))[0]
    assert breakdown(moved.boards[0], C, MASKS, corporation=cosmos_corp)["lifepods"] == 2
    assert moved.boards[0].track_lifepods == cosmos._pods(water=cosmos._at(5))


# -- Horizon Group -----------------------------------------------------------------------------------------------
def test_horizon_each_rover_holds_one_meteorite() -> None:
    """Rulebook, Asymmetric Corporations, Horizon Group: "Each rover may hold 1 meteorite on top of it." (a carrying
    rover stepping onto a second meteorite takes that one on and leaves the first behind.)"""
    state = horizon._moving((sq(5, 2),), bits((5, 2), (5, 3)))
    after = state.apply(MoveRover(5, 2, 5, 3))[0].apply(MoveRover(5, 3, 5, 4))[0]
    assert after.boards[0].meteorites == bits((5, 2), (5, 4))  # only one came along


def test_horizon_a_rover_picks_up_placed_onto_moving_onto_or_through() -> None:
    """Rulebook, Asymmetric Corporations, Horizon Group: "A rover picks up a meteorite when it is placed onto, moves
    onto, or moves through a meteorite." (through: it steps onto the square and on, taking the meteorite along.)"""
    state = horizon._moving((sq(5, 1),), bit(5, 2))
    onto = state.apply(MoveRover(5, 1, 5, 2))[0]
    through = onto.apply(MoveRover(5, 2, 5, 3))[0]
    assert through.boards[0].meteorites == bit(5, 3) and through.boards[0].rovers == (sq(5, 3),)
    placed = horizon._start(
        last_tile=bit(5, 2), covered=horizon.ROW, terrain=horizon.TERRAIN, meteorites=bit(5, 2), tiles_placed=1
    )._with(placed=True, movement=1, pending=(Pending(Gain.ROVER), Pending(Gain.SYNERGY)))
    new = placed.apply(ChooseSquare(Gain.ROVER, 5, 2))[0].apply(MoveRover(5, 2, 5, 3))[0]
    assert bit(5, 3) & new.boards[0].meteorites and not bit(5, 2) & new.boards[0].meteorites


def test_horizon_a_carried_meteorite_is_delivered_on_a_rover_resource() -> None:
    """Rulebook, Asymmetric Corporations, Horizon Group: "A rover delivers a meteorite it's carrying when it moves
    onto or through a rover resource." """
    state = horizon._moving((sq(5, 2),), bit(5, 2), symbols=bit(5, 3))
    onto = state.apply(MoveRover(5, 2, 5, 3))[0]
    assert onto.boards[0].meteorites == 0 and onto.boards[0].meteorites_collected == 1
    through = onto.apply(MoveRover(5, 3, 5, 4))[0]
    assert through.boards[0].meteorites == 0 and through.boards[0].meteorites_collected == 1
    empty = horizon._moving((sq(5, 2),), 0, symbols=bit(5, 3)).apply(MoveRover(5, 2, 5, 3))[0]
    assert empty.boards[0].meteorites_collected == 0  # nothing carried, nothing delivered


def test_horizon_a_carried_meteorite_is_destroyed_on_water() -> None:
    """Rulebook, Asymmetric Corporations, Horizon Group: "A rover destroys a meteorite it carries when it moves onto
    water terrain." This clarifies tech lvl 4 (corporations.toml, horizon tech 4: "A carrying rover that steps onto
    water terrain may destroy the meteorite it carries"): with tech 4 the destruction is offered on the water
    square and removes the meteorite (not collected); without tech 4 the meteorite stays carried."""
    state = horizon._moving((sq(5, 3),), bit(5, 3), water=bit(5, 4), tech=TECH_AT[4])
    on_water = state.apply(MoveRover(5, 3, 5, 4))[0]
    assert ChooseSquare(Gain.DESTROY_CARRIED, 5, 4) in on_water.legal_actions()
    destroyed = on_water.apply(ChooseSquare(Gain.DESTROY_CARRIED, 5, 4))[0].boards[0]
    assert destroyed.meteorites == 0 and destroyed.meteorites_collected == 0
    assert Decline() in on_water.legal_actions()  # "may" (the tech's card text)
    plain = horizon._moving((sq(5, 3),), bit(5, 3), water=bit(5, 4), tech=TECH_AT[3])
    assert plain.apply(MoveRover(5, 3, 5, 4))[0].boards[0].meteorites == bit(5, 4)


# -- Jump Drive --------------------------------------------------------------------------------------------------
def test_jump_drive_a_tech_may_be_used_when_unlocked() -> None:
    """Rulebook, Asymmetric Corporations, Jump Drive: "A tech may be used immediately when unlocked." (a lifepod on
    slot 5 unlocks tech 5, offered at once in the same turn.)"""
    start = jump._start(lifepods_collected=1, trackers=jump._trackers(civ=3))
    state = jump._pool(start, Pending(Gain.LIFEPOD_SLOT), Pending(Gain.SYNERGY))  # the turn goes on after the slot
    assert UsePower(5) not in state.legal_actions()
    unlocked = state.apply(SlotLifepod(5))[0]
    assert unlocked.pending == (Pending(Gain.SYNERGY),) and UsePower(5) in unlocked.legal_actions()


def test_jump_drive_advancing_tech_scores_fewer_medals() -> None:
    """Rulebook, Asymmetric Corporations, Jump Drive: "Be aware that Jump Drive has little incentive to advance
    their tech resource tracker, as they score fewer medals the further they advance tech." (advice, but it states
    a checkable fact: the tech medal falls as the tracker rises.)"""
    corporation = corporation_entry("jump_drive")
    board = jump._start().boards[0]
    medals = [
        breakdown(board._replace(trackers=(0, 0, 0, 0, p)), C, MASKS, corporation=corporation)["tech"]
        for p in (1, 6, 8, 15)
    ]
    assert medals == [5, 3, 2, 1]


def test_jump_drive_tech_d_tech_as_energy_only_when_placing() -> None:
    """Rulebook, Asymmetric Corporations, Jump Drive: "Tech D: Treating tech resource as an energy resource during
    tile placement only applies to tile placement and not end of game resources." (tech 4; the tile's tech symbol
    offers an energy-style choice, while an end-of-game count of energy symbols ignores tech symbols.)"""
    from playbook.games.planet_unknown.planet import _symbol_advance

    tech, civ, water = bit(5, 5), bit(5, 4), bit(5, 6)
    board = dict(covered=tech | civ | water, terrain=(civ, water, 0, 0, tech, 0), tiles_placed=2)
    state = jump._pool(jump._start(tech_slots=jump._slots(4), **board))
    w = Work(state)
    _symbol_advance(w, 0, Terrain.TECH, tech, 0, False)
    assert w.pending == [Pending(Gain.TECH_AS_ENERGY, 1 << Track.CIV | 1 << Track.WATER | 1 << Track.TECH)]
    symbols = (0, 0, 0, 0, tech, 0)
    with_d = with_board(state, 0, symbols=symbols).boards[0]
    without = with_board(state, 0, symbols=symbols, tech_slots=0).boards[0]
    edge_energy = C.objective(38)  # neighbour side: energy symbols on the edge
    assert neighbour_value(edge_energy, with_d, C, MASKS) == neighbour_value(edge_energy, without, C, MASKS) == 0
    corporation = corporation_entry("jump_drive")
    assert breakdown(with_d, C, MASKS, corporation=corporation) == breakdown(without, C, MASKS, corporation=corporation)


def test_jump_drive_tech_e_a_row_spans_all_five_tracks_at_a_trackers_height() -> None:
    """Rulebook, Asymmetric Corporations, Jump Drive: "Tech E: A row consists of 5 resource track positions that
    span across all resource tracks of the corp. board. as designated by the current tracker position." (tech 5;
    row 3 holds civ's milestone, water's synergy, biomass's patch and rover's m1.)"""
    state = jump._start(tech_slots=jump._slots(5), trackers=jump._trackers(civ=3, biomass=1))
    used = state.apply(UsePower(5))[0]
    assert _choices(used, Gain.ROW) == {CIV, BIOMASS}  # the heights of the trackers off 0: 3 and 1
    row, events = used.apply(ChooseTrack(CIV, Gain.ROW))
    kinds = [p.gain for p in row.pending]
    assert Gain.SYNERGY in kinds and Gain.BIOMASS in kinds
    assert any("1 rover movement" in str(e) for e in events)  # rover 3's m1 (no rover on the planet to use it)
    assert row.civ_queue[0] == (1,)
    assert row.boards[0].trackers == state.boards[0].trackers  # the row pays; no tracker moves


# -- Oasis Ultd. -------------------------------------------------------------------------------------------------
def test_oasis_the_water_tracker_follows_the_irregular_path() -> None:
    """Rulebook, Asymmetric Corporations, Oasis Ultd.: "Instead of just advancing upward, your water tracker
    advances toward the end of the resource track, always following the irregular path." (path step 2 is biomass
    2, a synergy; the water track's own space 2 has none.)"""
    path = corporation_entry("oasis").water_path
    assert path[:5] == ((WATER, 0), (WATER, 1), (BIOMASS, 2), (ROVER, 3), (TECH, 4))
    assert not Rules(corporations=("oasis",)).corporation(0).tracks[WATER][2].synergy
    state = oasis._start(trackers=(0, 0, 0, 0, 0))
    seen = []
    for _ in range(3):
        state, w = oasis._advance(state, Track.WATER)
        seen.append((state.boards[0].trackers[Track.WATER], [p.gain for p in w.pending]))
        state = state._with(pending=(), movement=0)
    assert seen == [(1, []), (2, [Gain.SYNERGY]), (3, [])]  # one path step each, gaining the space landed on
    assert state.boards[0].trackers[Track.WATER] == 3 and len(path) == 24  # ... toward step 23, the end


def test_oasis_each_tracker_scores_its_own_track_once() -> None:
    """Rulebook, Asymmetric Corporations, Oasis Ultd.: "Each resource tracker only scores medals once based on its
    corresponding resource track." (the water tracker on path step 14 stands on biomass 8, an M2: it scores water
    medals only, 6, and the biomass tracker alone scores the biomass track.)"""
    corporation = corporation_entry("oasis")
    assert corporation.water_path[14][0] == Track.BIOMASS
    board = oasis._start(trackers=(0, 14, 0, 0, 0)).boards[0]
    parts = breakdown(board, C, MASKS, corporation=corporation)
    assert parts["water"] == 6 and parts["biomass"] == 0


def test_oasis_tech_1_a_hopping_tracker_stays_on_its_track() -> None:
    """Rulebook, Asymmetric Corporations, Oasis Ultd.: "Tech lvl 1: A tracker must stay on its corresponding track."
    (the biomass tracker hops over the water tracker parked on biomass 2 and lands on biomass 3; the water
    tracker hops along its own path.)"""
    path = corporation_entry("oasis").water_path
    hop, _ = oasis._advance(oasis._start(trackers=(0, 2, 1, 0, TECH_AT[1])), Track.BIOMASS)
    assert hop.boards[0].trackers[Track.BIOMASS] == 3
    water, _ = oasis._advance(oasis._start(trackers=(0, 1, 2, 0, TECH_AT[1])), Track.WATER)
    assert water.boards[0].trackers[Track.WATER] == 3 and path[3][0] == Track.ROVER  # step 3 of its path


# -- Makeshift ---------------------------------------------------------------------------------------------------
def test_makeshift_a_tracker_may_block_another() -> None:
    """Rulebook, Asymmetric Corporations, Makeshift: "A resource tracker may block another resource tracker from
    advancing." """
    boxed = makeshift._start(trackers=(0, 1, 1, 0, 0), columns=(0, 0, 1, 3, 4))  # civ 1 and water 1 are taken
    assert makeshift._steps(boxed, CIV) == set()
    synergy = boxed._with(placed=True, pending=(Pending(Gain.SYNERGY),))
    assert CIV not in _choices(synergy, Gain.SYNERGY) and WATER in _choices(synergy, Gain.SYNERGY)
    assert makeshift._steps(makeshift._start(), CIV) == {(CIV, 1), (WATER, 1)}


def test_makeshift_trackers_score_the_track_they_stand_on() -> None:
    """Rulebook, Asymmetric Corporations, Makeshift: "Resource trackers score medals based on the track they occupy
    at the end of the game." (the civ tracker on water 11 scores water's M4 as its civ medal.)"""
    corporation = corporation_entry("makeshift")
    board = makeshift._start(trackers=(11, 0, 0, 0, 0), columns=(1, 0, 2, 3, 4)).boards[0]
    own = makeshift._start(trackers=(11, 0, 0, 0, 0)).boards[0]
    assert breakdown(board, C, MASKS, corporation=corporation)["civ"] == 4
    assert breakdown(own, C, MASKS, corporation=corporation)["civ"] == 3  # on its own track: civ 9's M3


def test_makeshift_tech_1_diagonal_between_civ_and_tech() -> None:
    """Rulebook, Asymmetric Corporations, Makeshift: "Tech lvl 1: Trackers may advance diagonally from civ to tech
    and vice versa." """
    trackers, columns = makeshift._tech(1)
    state = makeshift._start(trackers, columns)
    assert (TECH, 1) in makeshift._steps(state, CIV) and (CIV, TECH_AT[1] + 1) in makeshift._steps(state, TECH)
    choosing = state._with(placed=True, pending=(Pending(Gain.TRACKER_STEP, CIV),))
    moved = choosing.apply(StepTracker(CIV, TECH, 1))[0].boards[0]
    assert moved.columns[CIV] == TECH and moved.trackers[CIV] == 1
    assert (TECH, 1) not in makeshift._steps(makeshift._start(), CIV)


def test_makeshift_tech_3_a_lateral_shift_claims_the_benefit() -> None:
    """Rulebook, Asymmetric Corporations, Makeshift: "Tech lvl 3: A lateral shift is when a player moves a tracker
    horizontally to an adjacent resource track and claims the benefit." (water 3 -> biomass 3, a patch.)"""
    trackers, columns = (0, 3, 0, 0, TECH_AT[3]), (0, 1, 2, 3, 4)
    choosing = makeshift._start(trackers, columns)._with(placed=True, pending=(Pending(Gain.TRACKER_STEP, WATER),))
    after = choosing.apply(StepTracker(WATER, BIOMASS, 3))[0]
    assert after.boards[0].columns[WATER] == BIOMASS and after.boards[0].trackers[WATER] == 3
    assert Pending(Gain.BIOMASS) in after.pending
    assert (BIOMASS, 3) not in makeshift._steps(makeshift._start((0, 3, 0, 0, TECH_AT[2]), columns), WATER)


def test_makeshift_tech_4_regress_one_without_benefits() -> None:
    """Rulebook, Asymmetric Corporations, Makeshift: "Tech lvl 4: Regress -- Move a resource tracker 1 position down
    on the resource track. Do not claim benefits." (rover 5 -> 4 shows m2: not gained.)"""
    state = makeshift._start((0, 0, 0, 5, TECH_AT[4]))
    chose = state.apply(UsePower(4))[0]
    after = chose.apply(ChooseTrack(ROVER, Gain.TRACKER_REGRESS))[0]
    assert after.boards[0].trackers[ROVER] == 4 and after.boards[0].columns[ROVER] == ROVER
    assert after.movement == 0 and not after.pending


# -- Flux Industries ---------------------------------------------------------------------------------------------
def test_flux_tech_2_choose_the_track_then_advance_before_tech_3() -> None:
    """Rulebook, Asymmetric Corporations, Flux Industries: "Tech lvl 2: When you unlock this, choose the flux track as
    normal. You may advance your tracker to the next milestone on the flux track any time before you unlock tech
    lvl 3." """
    reached, _ = flux._advance(flux._start(trackers=flux._trackers(tech=TECH_AT[2] - 1), flux_track=WATER), TECH)
    assert Pending(Gain.FLUX_TRACK) in reached.pending
    chosen = reached._with(placed=False).apply(ChooseTrack(BIOMASS, Gain.FLUX_TRACK))[0]
    assert chosen.boards[0].flux_track == BIOMASS and UsePower(2) in chosen.legal_actions()
    used = chosen.apply(UsePower(2))[0]
    assert used.boards[0].trackers[BIOMASS] == 3  # biomass 3 is the next Bio milestone
    late, _ = flux._advance(chosen._with(pending=()), TECH, 2)
    back = with_board(late._with(pending=()), 0, trackers=flux._trackers(tech=TECH_AT[2]))
    assert UsePower(2) not in back.legal_actions()  # tech 3 was unlocked: the chance is gone


def test_flux_tech_3_improves_only_the_flux_track() -> None:
    """Rulebook, Asymmetric Corporations, Flux Industries: "Tech lvl 3: Only the benefits of the flux track are
    improved. Disregard all other improvements that do not correspond to the flux track." (water 3 is Syn + Syn
    on the upgraded track.)"""
    _, on_flux = flux._advance(flux._start(trackers=flux._trackers(water=2, tech=TECH_AT[3]), flux_track=WATER), WATER)
    _, off_flux = flux._advance(flux._start(trackers=flux._trackers(water=2, tech=TECH_AT[3]), flux_track=CIV), WATER)
    assert flux._gains(on_flux, Gain.SYNERGY) == 2 and flux._gains(off_flux, Gain.SYNERGY) == 1
    _, patch = flux._advance(flux._start(trackers=flux._trackers(biomass=2, tech=TECH_AT[3]), flux_track=CIV), BIOMASS)
    assert flux._gains(patch, Gain.BIOMASS) == 1  # biomass's Bio + Bio is not the flux track's


def test_flux_tech_4_collects_a_meteorite_if_possible() -> None:
    """Rulebook, Asymmetric Corporations, Flux Industries: "Tech lvl 4: Collect a meteorite from your planet, if
    possible." (a rover-symbol tile with rover as the flux track; with none on the planet nothing happens.)"""
    rocks = bit(6, 6) | bit(7, 7)
    tech_4 = flux._trackers(tech=TECH_AT[4])
    w = flux._placed(flux._start(trackers=tech_4, flux_track=ROVER, meteorites=rocks), ROVER_TECH)
    state = w.finish()[0]._with(placed=True)
    assert Pending(Gain.COLLECT_METEORITE, 1) in state.pending
    assert ChooseSquare(Gain.COLLECT_METEORITE, 6, 6) in state.legal_actions()
    after = state.apply(ChooseSquare(Gain.COLLECT_METEORITE, 6, 6))[0].boards[0]
    assert after.meteorites_collected == 1 and (after.meteorites & rocks).bit_count() == 1
    none_left = flux._placed(flux._start(trackers=tech_4, flux_track=ROVER, meteorites=0), ROVER_TECH)
    assert not any(p.gain == Gain.COLLECT_METEORITE for p in none_left.pending)
