"""Oasis Ultd. (reference 1.6; rulebook "Asymmetric Corporations"): one test per special rule, each quoting the
reference, plus random legal play and the bots with Oasis at the table."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import playbook
from playbook.core import RandomAgent
from playbook.games.planet_unknown import ChooseTrack, Gain, Phase, Rules, State, UsePower, new_game
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.components import Track
from playbook.games.planet_unknown.geometry import placement_index
from playbook.games.planet_unknown.planet import place_tile
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.tracks import advance
from playbook.games.planet_unknown.variants import corporation_entry
from playbook.games.planet_unknown.work import Pending, Work

from .helpers import WATER_ROVER, C, bit, sq, with_board
from .test_play import play_randomly

OASIS = Rules(corporations=("oasis", "standard"))
TECH_AT = {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}


def _start(**board: object) -> State:
    state = new_game(2, seed=5, rules=OASIS)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return with_board(state, 0, **board) if board else state


def _advance(state: State, track: int) -> tuple[State, Work]:
    w = Work(state)
    advance(w, 0, track, "test")
    return w.finish()[0], w


def test_the_water_tracker_walks_a_24_step_path_gaining_each_space() -> None:
    """Ref 1.6: "It follows a long winding path through the other tracks and gains the benefits of the spaces it
    lands on" (step 2 is biomass 2, Syn; step 3 rover 3, m1; step 23 the top)."""
    oasis = corporation_entry("oasis")
    assert len(oasis.water_path) == 24 and track_tables(oasis).top[Track.WATER] == 23
    state, _ = _advance(_start(trackers=(0, 1, 0, 0, 0)), Track.WATER)
    assert state.boards[0].trackers[Track.WATER] == 2 and Pending(Gain.SYNERGY) in state.pending


def test_the_water_tracker_scores_only_water_track_medals_on_its_path() -> None:
    """Ref 1.6: "Water medals by path step: 10 -> 3, 13 -> 6, 19 -> 8, 21 -> 12, 23 -> 15" (step 14, biomass 8's M2,
    does not count for water)."""
    medals = track_tables(corporation_entry("oasis")).best_medal[Track.WATER]
    assert [medals[i] for i in (9, 10, 13, 14, 19, 21, 23)] == [0, 3, 6, 6, 8, 12, 15]
    board = _start(trackers=(0, 13, 0, 0, 0)).boards[0]
    masks = Work(_start()).masks_of(0)
    assert breakdown(board, C, masks, corporation=corporation_entry("oasis"))["water"] == 6


def test_a_space_holding_another_tracker_blocks_the_move() -> None:
    """Ref 1.6: "Every tracker is blocked by a space holding any other piece, including the water tracker parked on
    another track. Without tech 1 the move is impossible"."""
    blocked, w = _advance(_start(trackers=(0, 1, 2, 0, 0)), Track.WATER)  # step 2 is biomass 2
    assert blocked.boards[0].trackers[Track.WATER] == 1 and any("holds another tracker" in str(e) for e in w.events)
    parked, _ = _advance(_start(trackers=(0, 2, 1, 0, 0)), Track.BIOMASS)  # the water tracker sits on biomass 2
    assert parked.boards[0].trackers[Track.BIOMASS] == 1
    choosing = _start(trackers=(0, 2, 1, 0, 0))._with(placed=True, pending=(Pending(Gain.SYNERGY),))
    offered = {a.track for a in choosing.legal_actions() if isinstance(a, ChooseTrack)}
    assert Track.BIOMASS not in offered and Track.CIV in offered


def test_tech_1_a_tracker_hops_over_the_one_in_its_way() -> None:
    """Ref 1.6 tech 1: "a tracker may jump over another tracker that blocks it (but stays on its own track or
    path)"."""
    state, _ = _advance(_start(trackers=(0, 1, 2, 0, TECH_AT[1])), Track.WATER)
    assert state.boards[0].trackers[Track.WATER] == 3  # over biomass 2, onto rover 3


def test_water_advances_once_per_water_square_on_ice() -> None:
    """Ref 1.6: "The water tracker advances once per water-terrain square that covers planet ice, not once per
    tile"."""
    state = _start(trackers=(0, 0, 0, 0, 0))
    masks = Work(state).masks_of(0)
    w = Work(state)
    stack = C.stack_shapes.index("I4")
    w.stacks[stack] = (WATER_ROVER, *w.stacks[stack])
    index = placement_index(Rules().c.planet, C.shape("I4"))
    p = next(p for (o, r, c), p in index.items() if o == 0 and (p.part_a & masks.ice).bit_count() == 2)
    place_tile(w, 0, stack, p, advances=True)
    assert w.boards[0].trackers[Track.WATER] >= 2


def test_tech_2_movement_for_each_rover_on_water() -> None:
    """Ref 1.6 tech 2: "1 extra movement for each rover on water terrain (BGA counts when the power is used)"."""
    water = bit(5, 1) | bit(5, 2)
    state = _start(
        trackers=(0, 0, 0, 0, TECH_AT[2]), covered=water, terrain=(0, water, 0, 0, 0, 0), tiles_placed=1,
        rovers=(sq(5, 1), sq(5, 2)),
    )  # fmt: skip
    assert state.apply(UsePower(2))[0].movement == 2


def _placed(state: State, tile: int, on_ice: bool) -> Work:
    masks = Work(state).masks_of(0)
    w = Work(state)
    stack = C.stack_shapes.index("i2")
    w.stacks[stack] = (tile, *w.stacks[stack])
    index = placement_index(Rules().c.planet, C.shape("i2"))
    p = next(p for p in index.values() if bool(p.mask & masks.ice) == on_ice and p.mask & masks.edge)
    place_tile(w, 0, stack, p, advances=True)
    return w


def test_tech_3_a_tile_on_no_ice_advances_water() -> None:
    """Ref 1.6 tech 3: "if the tile you place covers no ice at all, advance water once"."""
    w = _placed(_start(trackers=(0, 0, 0, 0, TECH_AT[3])), 4, on_ice=False)  # rover / tech
    assert w.boards[0].trackers[Track.WATER] == 1


def test_techs_4_and_5_a_water_symbol_gives_a_patch_and_a_synergy() -> None:
    """Ref 1.6 techs 4 and 5: "gain a biomass patch whenever you place a tile with a water symbol (ice or not)";
    "gain a synergy whenever you place a tile with a water symbol (ice or not)"."""
    w = _placed(_start(trackers=(0, 0, 0, 0, TECH_AT[5])), WATER_ROVER, on_ice=False)
    kinds = [p.gain for p in w.pending]
    assert Gain.BIOMASS in kinds and Gain.SYNERGY in kinds


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_with_oasis_keeps_the_invariants(seed: int, players: int, events: bool) -> None:
    corporations = ("oasis",) if players == 1 else ("oasis", *(("horizon",) * (players - 1)))
    play_randomly(Rules(corporations=corporations, planets=("persephone",), events=events), players, seed)


def test_the_bots_play_oasis() -> None:
    """Issue 14: "The bots play every corporation and planet without error"."""
    bots = [cls() for cls in pu_agents.STRATEGIES if cls is not RandomAgent]
    rules = Rules(corporations=("oasis", "standard", "oasis", "republic"), events=True)
    result = playbook.play_match("planet_unknown", bots, seed=3, rules=rules)
    assert result.final_state.is_terminal
