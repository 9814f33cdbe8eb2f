"""The greedy bots and the corporations' anytime powers (``bot_powers.py``), and tile yield for the seat's own
corporation (``economy.placement_yield``).

Reference 3.12: "Once-per-round and once-per-game corporation powers are offered as "anytime" actions during the
player's turn". A bot uses one when it helps (a pure gain is worth what it gives), waits with a once-per-game
power until it is worth most or the game is late, and uses a power that can hurt only when the choice it opens is
worth it. Each position is built from a real game (first legal actions to seat 0's placement), then its board set.
"""

from __future__ import annotations

import random

from playbook.core import Action
from playbook.games.planet_unknown import (
    ChooseTrack,
    Gain,
    MoveRover,
    Phase,
    Rules,
    State,
    UsePower,
    new_game,
)
from playbook.games.planet_unknown.actions import ShareObjective, SynergyInstead
from playbook.games.planet_unknown.agents import STRATEGIES, CivRacer, RoverHunter, TrackRacer
from playbook.games.planet_unknown.components import Track
from playbook.games.planet_unknown.economy import placement_yield
from playbook.games.planet_unknown.geometry import placement_index, planet_masks
from playbook.games.planet_unknown.planet import tile_pair
from playbook.games.planet_unknown.variants import corporation_entry
from playbook.games.planet_unknown.work import Pending
from tests.planet_unknown.helpers import set_depot

from .helpers import BIOMASS_CIV, CIV_ENERGY, ENERGY_WATER, TECH_BIOMASS, C, bit, bits, sq, with_board

TECH_AT = {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}  # every corporation with tech milestones has them here
ROW = bits(*((5, c) for c in range(12)))  # a covered row of civ terrain (plain land) for rovers to drive on
CIV_ROW = (ROW, 0, 0, 0, 0, 0)


def _at(key: str, **board: object) -> State:
    """Seat 0 plays ``key`` against Universal Coalition, at its placement (nothing placed yet)."""
    state = new_game(2, seed=5, rules=Rules(corporations=(key, "standard")))
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return with_board(state, 0, **board) if board else state


def _trackers(civ: int = 0, water: int = 0, biomass: int = 0, rover: int = 0, tech: int = 0) -> tuple[int, ...]:
    return (civ, water, biomass, rover, tech)


def _choice(state: State, bot: type = TrackRacer) -> Action:
    legal = state.legal_actions()
    return bot().choose(state.observation(state.current_player), legal, random.Random(0))


def _finish_turn(state: State, bot: type = TrackRacer) -> tuple[State, list[Action]]:
    """The bot plays seat 0's turn to its end (the power, its follow-up choices, the placement): no loop."""
    taken: list[Action] = []
    for _ in range(60):
        if state.is_terminal or state.current_player != 0 or state.phase != Phase.PLACE:
            return state, taken
        action = _choice(state, bot)
        taken.append(action)
        state = state.apply(action)[0]
    raise AssertionError(f"seat 0's turn did not end: {taken[-10:]}")


def _rovers(*, rover: int = 2, tech: int = 0, lifepods: int = 0, **board: object) -> dict[str, object]:
    """A rover on (5,1) of a covered row, the rover tracker on a space with movement."""
    found: dict[str, object] = dict(
        covered=ROW, terrain=CIV_ROW, tiles_placed=3, rovers=(sq(5, 1),), lifepods=lifepods,
        trackers=_trackers(rover=rover, tech=tech),
    )  # fmt: skip
    return found | board


# -- movement powers: worth a rover's steps toward a lifepod or meteorite ------------------------------------------
def test_republic_tech_1_moves_a_rover_to_a_lifepod_and_places_a_civ_tile() -> None:
    """Ref 1.7 tech 1: "Gain movement equal to your rover tracker's current movement value; you must place a tile
    with civ terrain". Both depot tiles have civ terrain, so the commitment costs nothing."""
    state = set_depot(
        _at("republic", **_rovers(tech=TECH_AT[1], lifepods=bit(4, 1))), "I4", "i2", CIV_ENERGY, BIOMASS_CIV
    )
    assert _choice(state) == UsePower(1)
    after, taken = _finish_turn(state)
    assert MoveRover(5, 1, 4, 1) in taken and after.boards[0].lifepods_collected == 1


def test_republic_tech_1_waits_without_a_lifepod_or_meteorite_in_reach() -> None:
    state = set_depot(_at("republic", **_rovers(tech=TECH_AT[1])), "I4", "i2", CIV_ENERGY, BIOMASS_CIV)
    assert UsePower(1) in state.legal_actions() and _choice(state) != UsePower(1)


def test_horizon_tech_2_movement_for_a_carrying_rover_used_only_with_a_target() -> None:
    """Ref 1.3 tech 2: "gain 1 movement for each rover that is carrying a meteorite"."""
    state = _at("horizon", **_rovers(tech=TECH_AT[2], lifepods=bit(5, 2), meteorites=bit(5, 1)))
    assert _choice(state) == UsePower(2)
    assert MoveRover(5, 1, 5, 2) in _finish_turn(state)[1]
    nothing = _at("horizon", **_rovers(tech=TECH_AT[2], meteorites=bit(5, 1)))
    assert UsePower(2) in nothing.legal_actions() and _choice(nothing) != UsePower(2)


def test_horizon_tech_5_a_free_rover_advance_is_always_taken() -> None:
    """Ref 1.3 tech 5: "advance your rover tracker once (with benefits)" (once per round)."""
    state = _at("horizon", trackers=_trackers(rover=3, tech=TECH_AT[5]))
    assert _choice(state) == UsePower(5)
    after, taken = _finish_turn(state)
    assert after.boards[0].trackers[Track.ROVER] >= 4 and taken.count(UsePower(5)) == 1


def test_oasis_tech_2_movement_per_rover_on_water_used_only_with_a_target() -> None:
    """Ref 1.6 tech 2: "gain 1 movement for each of your rovers on water terrain"."""
    water = (ROW & ~bit(5, 1), bit(5, 1), 0, 0, 0, 0)
    state = _at("oasis", **_rovers(tech=TECH_AT[2], lifepods=bit(4, 1), terrain=water))
    assert _choice(state) == UsePower(2)
    assert _finish_turn(state)[0].boards[0].lifepods_collected == 1
    nothing = _at("oasis", **_rovers(tech=TECH_AT[2], terrain=water))
    assert _choice(nothing) != UsePower(2)


def test_flux_tech_1_movement_for_rovers_on_flux_terrain() -> None:
    """Ref 1.2 tech 1: movement for each rover on terrain of the flux track's type (the data's value per rover)."""
    state = _at("flux", **_rovers(tech=TECH_AT[1], lifepods=bit(4, 1)), flux_track=0, flux_rovers=1)
    assert _choice(state) == UsePower(1)
    nothing = _at("flux", **_rovers(tech=TECH_AT[1]), flux_track=0, flux_rovers=1)
    assert _choice(nothing) != UsePower(1)


# -- advances --------------------------------------------------------------------------------------------------------
def test_flux_tech_2_goes_to_a_far_milestone_and_waits_when_it_is_one_step_away() -> None:
    """Ref 1.2 tech 2 (once per game): the flux tracker advances to the next milestone of its track. Three steps
    (civ 3 to civ 6) are worth it now; one step (civ 5 to 6) waits for the late game."""
    far = _at("flux", trackers=_trackers(civ=3, tech=TECH_AT[2]), flux_track=0)
    assert _choice(far) == UsePower(2)
    assert _finish_turn(far)[0].boards[0].trackers[Track.CIV] >= 6
    near = _at("flux", trackers=_trackers(civ=5, tech=TECH_AT[2]), flux_track=0)
    assert UsePower(2) in near.legal_actions() and _choice(near) != UsePower(2)
    assert _choice(near._with(last_round=True)) == UsePower(2)


def test_flux_tech_5_a_free_flux_advance_is_taken() -> None:
    state = _at("flux", trackers=_trackers(water=2, tech=TECH_AT[5]), flux_track=1)
    assert _choice(state) == UsePower(5)
    assert _finish_turn(state)[0].boards[0].trackers[Track.WATER] >= 3


def test_jump_drive_tech_5_waits_for_a_rich_row_or_the_last_round() -> None:
    """Ref 1.4 tech 5 (once per game): "gain every benefit of one row". Height 1 holds only a new rover: the bot
    waits, and takes it in the last round; it then chooses the row by its benefits."""
    state = _at(
        "jump_drive",
        tech_slots=1 << 4,
        trackers=_trackers(civ=1),
        covered=ROW,
        terrain=CIV_ROW,
        tiles_placed=3,
        last_tile=ROW,
    )
    assert UsePower(5) in state.legal_actions() and _choice(state) != UsePower(5)
    last = state._with(last_round=True)
    assert _choice(last) == UsePower(5)
    after = _finish_turn(last)[0]
    assert len(after.boards[0].rovers) == len(state.boards[0].rovers) + 1  # height 1's new rover


def test_jump_drive_tech_1_a_synergy_instead_of_a_patch_when_the_synergy_is_worth_more() -> None:
    """Ref 1.4 tech 1 (once per round): "you may gain a synergy instead of a biomass patch". On an empty planet a
    patch completes nothing; a synergy onto water 1 reaches its medal (water 2)."""
    state = _at("jump_drive", tech_slots=1, trackers=_trackers(water=1), covered=ROW, terrain=CIV_ROW, tiles_placed=3)
    state = state._with(pending=(Pending(Gain.BIOMASS),), placed=True)
    assert _choice(state) == SynergyInstead()


def test_jump_drive_tech_6_is_kept_for_the_last_round_and_picks_an_objective() -> None:
    """Ref 1.4 tech 6 (once per game): draw objectives, keep one every player competes for."""
    state = _at("jump_drive", tech_slots=1 << 5)
    assert UsePower(6) in state.legal_actions() and _choice(state) != UsePower(6)
    last = state._with(last_round=True)
    assert _choice(last) == UsePower(6)
    after, taken = _finish_turn(last)
    assert any(isinstance(a, ShareObjective) for a in taken) and len(after.boards[0].shared_objectives) == 1


# -- powers that can hurt: only with a follow-up worth it ----------------------------------------------------------
def test_makeshift_tech_4_regresses_off_a_civ_milestone_to_claim_it_again() -> None:
    """Ref 1.5 tech 4: "regress any one tracker 1 space" (once per round). From civ 6 (a civ milestone, the same
    medal as civ 5) the next civ advance claims a civ card again; from a blank space it only loses ground."""
    state = _at("makeshift", trackers=_trackers(civ=6, tech=TECH_AT[4]))
    assert _choice(state) == UsePower(4)
    taken = _finish_turn(state)[1]
    assert ChooseTrack(Track.CIV, Gain.TRACKER_REGRESS) in taken
    blank = _at("makeshift", trackers=_trackers(civ=7, tech=TECH_AT[4]))
    assert UsePower(4) in blank.legal_actions() and _choice(blank) != UsePower(4)
    assert _choice(state._with(last_round=True)) != UsePower(4)  # no advance left to claim it again


def test_wormhole_tech_1_resets_the_biomass_top_early_not_late() -> None:
    """Ref 1.8 tech 1: reset the biomass tracker at the top to 0. Early there are rounds to climb the five rows
    again (their benefits and the top medal back); in the last round the medal would be lost."""
    state = _at("wormhole", trackers=_trackers(biomass=14, tech=TECH_AT[1]))
    assert _choice(state) == UsePower(1)
    after, taken = _finish_turn(state)
    assert taken.count(UsePower(1)) == 1 and after.boards[0].trackers[Track.BIOMASS] < 14
    assert _choice(state._with(last_round=True)) != UsePower(1)


def test_wormhole_tech_3_doubles_a_waiting_patch() -> None:
    """Ref 1.8 tech 3: "a biomass patch you gain becomes 2" (once per round)."""
    state = _at("wormhole", trackers=_trackers(tech=TECH_AT[3]), covered=ROW, terrain=CIV_ROW, tiles_placed=3)
    state = state._with(pending=(Pending(Gain.BIOMASS),), placed=True)
    assert _choice(state) == UsePower(3)
    after = state.apply(UsePower(3))[0]
    assert sum(p.gain == Gain.BIOMASS for p in after.pending) == 2 and _choice(after) != UsePower(3)


def test_cosmos_tech_2_waits_for_three_lifepods_behind_tech_5_moves_one() -> None:
    """Ref 1.1 tech 2 (once per game): move up to 3 collected lifepods; tech 5 (once per round): move 1. A lifepod
    left behind its tracker is worth its point back in the scoring area."""
    one = (0b10, 0, 0, 0, 0)  # civ space 1, behind the civ tracker on 4
    three = (0b10, 0b10, 0b10, 0, 0)
    trackers = _trackers(civ=4, water=4, biomass=4, tech=TECH_AT[2])
    early = _at("cosmos", trackers=trackers, track_lifepods=one)
    assert UsePower(2) in early.legal_actions() and _choice(early) != UsePower(2)
    assert _choice(early._with(last_round=True)) == UsePower(2)
    full = _at("cosmos", trackers=trackers, track_lifepods=three)
    assert _choice(full) == UsePower(2)
    after = _finish_turn(full)[0].boards[0]  # each lifepod lifted, put in the scoring area or ahead of a tracker
    assert all(not pods & ((1 << after.trackers[t]) - 1) for t, pods in enumerate(after.track_lifepods))
    tech5 = _trackers(civ=4, tech=TECH_AT[5])
    assert _choice(_at("cosmos", trackers=tech5, track_lifepods=one)) == UsePower(5)
    scoring_area = _at("cosmos", trackers=tech5, lifepods_collected=1)
    assert UsePower(5) in scoring_area.legal_actions() and _choice(scoring_area) != UsePower(5)


def test_every_bot_uses_powers_and_finishes_games_for_every_corporation() -> None:
    """A bot never loops on a power or the choice it opens: 2-player games to the end, each corporation."""
    import playbook
    from playbook.games.planet_unknown.variants import corporation_keys, missing_rules

    bots = [cls for cls in STRATEGIES if cls not in (CivRacer, RoverHunter)] + [CivRacer, RoverHunter]
    for key in [k for k in corporation_keys() if not missing_rules(k)]:
        for seed, bot in enumerate(bots[1:]):
            rules = Rules(corporations=(key, "standard"), events=seed % 2 == 0)
            result = playbook.play_match("planet_unknown", [bot(), TrackRacer()], seed=seed, rules=rules)
            assert result.final_state.is_terminal


# -- tile yield for the seat's corporation ------------------------------------------------------------------------
def _placement(shape: str, test: object) -> object:
    return next(p for p in placement_index(C.planet, C.shape(shape)).values() if test(p))  # type: ignore[operator]


def test_yield_oasis_water_per_ice_square_and_tech_3() -> None:
    """Ref 1.6: the water symbol advances once per water square on ice (Universal Coalition: once); tech 3 "a
    tile covering no ice square gives 1 water"."""
    ice = planet_masks(C.planet).ice
    water_part = "part_b" if tile_pair(C, ENERGY_WATER)[1] == 1 else "part_a"
    p = _placement("I4", lambda p: (getattr(p, water_part) & ice).bit_count() == 2)
    board = _at("oasis").boards[0]
    oasis = corporation_entry("oasis")
    assert placement_yield(board, ENERGY_WATER, p, None, None).advances[1] == 1  # Universal Coalition
    assert placement_yield(board, ENERGY_WATER, p, None, None, oasis).advances[1] == 2
    dry = _placement("I4", lambda p: not p.mask & ice)
    tech3 = board._replace(trackers=_trackers(tech=TECH_AT[3]))
    assert placement_yield(tech3, CIV_ENERGY, dry, None, None, oasis).advances[1] == 1
    assert placement_yield(tech3, CIV_ENERGY, dry, None, None).advances[1] == 0


def test_yield_wormhole_biomass_symbol_and_energy() -> None:
    """Ref 1.8: "a biomass symbol advances only if the number of separate biomass areas did not increase"; "energy
    never advances biomass"."""
    wormhole = corporation_entry("wormhole")
    board = _at("wormhole").boards[0]
    p = _placement("i2", lambda p: p.row == 4 and p.col == 4 and p.orientation == 0)
    assert placement_yield(board, TECH_BIOMASS, p).advances[2] == 1
    assert placement_yield(board, TECH_BIOMASS, p, None, None, wormhole).advances[2] == 0  # a new area
    next_to = board._replace(
        covered=p.mask, terrain=(0, 0, p.mask, 0, 0, 0), tiles_placed=1, last_tile=p.mask
    )  # a biomass area the new energy touches
    q = _placement("i2", lambda q: q.row == 5 and q.col == 4 and q.orientation == 0)
    assert 2 in placement_yield(next_to, ENERGY_WATER, q).energy_options
    assert 2 not in placement_yield(next_to, ENERGY_WATER, q, None, None, wormhole).energy_options
