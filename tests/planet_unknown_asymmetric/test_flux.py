"""Flux Industries (reference 1.2; rulebook "Asymmetric Corporations"): one test per special rule, each quoting the
reference, plus random legal play and the bots with Flux at the table."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playbook
from playbook.core import RandomAgent
from playbook.core.errors import InvalidStateError
from playbook.games.planet_unknown import (
    ChooseTrack,
    Gain,
    KeepObjectives,
    Phase,
    Rules,
    State,
    TakeTile,
    UsePower,
    new_game,
)
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.board import Board, has_tech, track_tables
from playbook.games.planet_unknown.components import Track
from playbook.games.planet_unknown.flux import round_start, upgraded
from playbook.games.planet_unknown.geometry import placement_index
from playbook.games.planet_unknown.planet import place_tile
from playbook.games.planet_unknown.tracks import advance
from playbook.games.planet_unknown.variants import corporation_entry, corporation_table
from playbook.games.planet_unknown.work import Pending, Work

from .helpers import CIV_ENERGY, ROVER_TECH, C, bit, sq, with_board
from .test_play import play_randomly

FLUX = Rules(corporations=("flux", "standard"))
TECH_AT = {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}  # tech tracker position of each level (the TECH spaces)
CIV, WATER, BIOMASS, ROVER, TECH = range(5)


def _start(rules: Rules = FLUX, **board: object) -> State:
    state = new_game(2, seed=5, rules=rules)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return with_board(state, 0, **board) if board else state


def _trackers(civ: int = 0, water: int = 0, biomass: int = 0, rover: int = 0, tech: int = 0) -> tuple[int, ...]:
    return (civ, water, biomass, rover, tech)


def _advance(state: State, track: int, times: int = 1) -> tuple[State, Work]:
    w = Work(state)
    for _ in range(times):
        advance(w, 0, track, "test")
    return w.finish()[0], w


def _gains(w: Work, kind: Gain) -> int:
    return sum(p.gain == kind for p in w.pending)


# -- the flux track -----------------------------------------------------------------------------------------------
def test_the_flux_track_is_chosen_at_set_up() -> None:
    """Ref 1.2: "A flux token marks one of your 5 tracks as the flux track. You choose it at setup"."""
    state = new_game(2, seed=5, rules=FLUX)
    assert state.phase == Phase.OBJECTIVES and state.current_player == 0
    assert list(state.legal_actions()) == [ChooseTrack(t, Gain.FLUX_TRACK) for t in range(5)]
    after = state.apply(ChooseTrack(WATER, Gain.FLUX_TRACK))[0]
    assert after.boards[0].flux_track == WATER and after.phase != Phase.OBJECTIVES
    assert after.boards[1].flux_track == -1  # Universal Coalition has no flux track and no choice


def test_the_set_up_choice_comes_with_the_private_objectives() -> None:
    """Ref 1.2: chosen at set-up (BGA's set-up step rejects a Flux choice without a track): before keeping the
    private objectives."""
    state = new_game(2, seed=5, rules=Rules(corporations=("flux", "flux"), private_objectives=True))
    state = state.apply(ChooseTrack(BIOMASS, Gain.FLUX_TRACK))[0]
    assert state.phase == Phase.OBJECTIVES and all(isinstance(a, KeepObjectives) for a in state.legal_actions())


def test_each_tech_milestone_chooses_the_flux_track_again_and_may_keep_it() -> None:
    """Ref 1.2: "Each time you reach a tech milestone you choose the flux track again; you may keep the same
    track"."""
    state, _ = _advance(_start(trackers=_trackers(tech=2), flux_track=WATER), Track.TECH)
    assert Pending(Gain.FLUX_TRACK) in state.pending
    offered = [a for a in state.legal_actions() if isinstance(a, ChooseTrack) and a.gain == Gain.FLUX_TRACK]
    assert {a.track for a in offered} == {CIV, WATER, BIOMASS, ROVER, TECH}
    assert state.apply(ChooseTrack(WATER, Gain.FLUX_TRACK))[0].boards[0].flux_track == WATER
    assert state.apply(ChooseTrack(ROVER, Gain.FLUX_TRACK))[0].boards[0].flux_track == ROVER
    plain, _ = _advance(_start(trackers=_trackers(tech=3), flux_track=WATER), Track.TECH)
    assert Pending(Gain.FLUX_TRACK) not in plain.pending  # tech 4 is no milestone


# -- one tech at a time -------------------------------------------------------------------------------------------
def test_only_the_most_recently_unlocked_tech_works_and_regressing_restores_the_previous() -> None:
    """Ref 1.2: "Only your most recently unlocked tech works. Tech n is active only while your tech level is
    exactly n ... Regressing makes the previous tech active again"."""
    flux = corporation_entry("flux")
    board = _start().boards[0]
    for level, position in TECH_AT.items():
        live = [has_tech(board._replace(trackers=_trackers(tech=position)), flux, t) for t in flux.techs]
        assert live == [n == level for n in range(1, 6)]
    assert not any(has_tech(board, flux, t) for t in flux.techs)  # no tech before the first milestone
    observed = _start(trackers=_trackers(tech=TECH_AT[3]), flux_track=WATER).observation(0)["boards"][0]
    assert observed["flux_track"] == "water" and observed["active_techs"] == [3]


def test_a_refused_power_names_the_one_active_tech() -> None:
    """Ref 1.2: "Only your most recently unlocked tech works"; ``why_illegal`` says so (and why tech 2 cannot
    move the water tracker: "water has none")."""
    state = _start(trackers=_trackers(tech=TECH_AT[3]), flux_track=WATER)
    assert "only the most recently unlocked tech works (tech 3" in str(state.why_illegal(UsePower(1)))
    water = _start(trackers=_trackers(tech=TECH_AT[2]), flux_track=WATER)
    assert "water track has no milestone" in str(water.why_illegal(UsePower(2)))


# -- tech 3: the upgraded flux track ------------------------------------------------------------------------------
def test_tech_3_doubles_the_flux_tracks_synergies_only_on_the_flux_track() -> None:
    """Ref 1.2: the upgraded tracks "apply only to the flux track, and only while tech 3 is the active tech" (water 3
    is "Syn + Syn"); rulebook: "Only the benefits of the flux track are improved"."""
    _, upgraded_water = _advance(_start(trackers=_trackers(water=2, tech=TECH_AT[3]), flux_track=WATER), WATER)
    assert _gains(upgraded_water, Gain.SYNERGY) == 2
    _, other_track = _advance(_start(trackers=_trackers(water=2, tech=TECH_AT[3]), flux_track=CIV), WATER)
    assert _gains(other_track, Gain.SYNERGY) == 1
    _, tech_4 = _advance(_start(trackers=_trackers(water=2, tech=TECH_AT[4]), flux_track=WATER), WATER)
    assert _gains(tech_4, Gain.SYNERGY) == 1


def test_tech_3_doubles_the_biomass_patches() -> None:
    """Ref 1.2 upgraded table: biomass 3, 6, 9, 11 and 13 are "Bio + Bio"."""
    _, w = _advance(_start(trackers=_trackers(biomass=2, tech=TECH_AT[3]), flux_track=BIOMASS), BIOMASS)
    assert _gains(w, Gain.BIOMASS) == 2


def test_tech_3_raises_the_rover_movement_and_the_top_repeats_m4() -> None:
    """Ref 1.2 upgraded table: rover 2 is "m2" (printed m1) and 15 is "m4 + M5"; at the top each further advance
    gives the top movement again (ref 3.5)."""
    _, w = _advance(_start(trackers=_trackers(rover=1, tech=TECH_AT[3]), flux_track=ROVER), ROVER)
    assert w.movement == 2
    _, printed = _advance(_start(trackers=_trackers(rover=1, tech=TECH_AT[3]), flux_track=CIV), ROVER)
    assert printed.movement == 1
    _, top = _advance(_start(trackers=_trackers(rover=15, tech=TECH_AT[3]), flux_track=ROVER), ROVER)
    assert top.movement == 4


def test_tech_3_raises_the_civ_card_ranks_to_2_3_4_4() -> None:
    """Ref 1.2: "The 1st, 2nd, 3rd and 4th civ milestones give rank 2, 3, 4 and 4 cards instead of 1, 2, 3 and 4"."""
    state, w = _start(trackers=_trackers(civ=1, tech=TECH_AT[3]), flux_track=CIV), None
    for _ in range(13):
        state, w = _advance(state, CIV)
        state = state._with(pending=(), movement=0)
    assert w is not None and list(w.civ_queue[0]) == [2, 3, 4, 4]
    _, printed = _advance(_start(trackers=_trackers(civ=2, tech=TECH_AT[3]), flux_track=WATER), CIV)
    assert list(printed.civ_queue[0]) == [1]


def test_the_upgraded_tracks_keep_the_printed_medals_and_the_tech_track() -> None:
    """Ref 1.2: "The upgraded tech track is unchanged"; the upgraded table changes benefits, never medals (so the
    score reads the printed track)."""
    flux = corporation_table("flux")
    table = upgraded(flux)
    for t in range(5):
        assert [s.medal for s, _ in table.tracks[t]] == [s.medal for s in flux.tracks[t]]
    assert [s for s, _ in table.tracks[TECH]] == list(flux.tracks[TECH])
    assert track_tables(flux).civ_rank[3] == 1 and table.civ_rank[3] == 2


# -- techs 1, 2, 4, 5 ---------------------------------------------------------------------------------------------
def test_tech_1_two_movement_per_rover_that_started_the_round_on_flux_terrain() -> None:
    """Ref 1.2 tech 1: "2 extra movement for each rover that starts the round on terrain of the flux track's type
    (BGA counts at round start) | once per round"."""
    civ = bit(5, 1) | bit(5, 2)
    state = _start(
        trackers=_trackers(tech=TECH_AT[1]), covered=civ | bit(5, 3), terrain=(civ, bit(5, 3), 0, 0, 0, 0),
        tiles_placed=1, rovers=(sq(5, 1), sq(5, 2), sq(5, 3)), flux_track=CIV,
    )  # fmt: skip
    w = Work(state)
    round_start(w)
    state = w.finish()[0]
    assert state.boards[0].flux_rovers == 2  # the rover on water does not count
    assert state.observation(0)["boards"][0]["flux_rovers"] == 2  # shown: what tech 1 will give
    after = state.apply(UsePower(1))[0]
    assert after.movement == 4 and UsePower(1) not in after.legal_actions()
    moved = with_board(state, 0, rovers=(sq(5, 3), sq(6, 1), sq(6, 2)))  # as they stood at round start
    assert moved.apply(UsePower(1))[0].movement == 4


def test_tech_2_moves_to_the_next_milestone_gaining_every_space_passed() -> None:
    """Ref 1.2 tech 2: "move the flux-track tracker to the next milestone space of that track (the track's own
    symbol: Civ, Bio, Rov or Tech; water has none), gaining that milestone | once per game. FAQ A9-A10: benefits
    along the way are also gained" (the data's ruling follows FAQ A9, not BGA)."""
    state = _start(trackers=_trackers(tech=TECH_AT[2]), flux_track=BIOMASS)
    after = state.apply(UsePower(2))[0]
    assert after.boards[0].trackers[BIOMASS] == 3  # biomass 3 is Bio
    kinds = [p.gain for p in after.pending]
    assert Gain.SYNERGY in kinds and Gain.BIOMASS in kinds  # biomass 2's synergy, passed, is gained
    assert UsePower(2) not in after.legal_actions() and "flux_to_next_milestone" in after.boards[0].powers_used


def test_tech_2_as_bga_plays_it_pays_the_milestone_only() -> None:
    """Ref 1.2 tech 2: "BGA skips the benefits of the spaces passed (BGA behaviour, differs from FAQ A9)". The
    rulings table makes it ``Rules(flux_pays_passed_spaces=False)`` for a table that plays as BGA does."""
    bga = Rules(corporations=("flux", "standard"), flux_pays_passed_spaces=False)
    state = _start(bga, trackers=_trackers(tech=TECH_AT[2]), flux_track=BIOMASS)
    after = state.apply(UsePower(2))[0]
    assert after.boards[0].trackers[BIOMASS] == 3
    kinds = [p.gain for p in after.pending]
    assert Gain.SYNERGY not in kinds and Gain.BIOMASS in kinds  # biomass 2's synergy, passed, is not gained
    assert Rules.from_dict(json.loads(json.dumps(bga.to_dict()))) == bga
    water = _start(trackers=_trackers(tech=TECH_AT[2]), flux_track=WATER)
    assert UsePower(2) not in water.legal_actions()  # the water track has no milestone
    rover_done = _start(trackers=_trackers(rover=6, tech=TECH_AT[2]), flux_track=ROVER)
    assert UsePower(2) not in rover_done.legal_actions()  # no Rov space above 6


def test_tech_2_is_lost_once_tech_3_is_reached() -> None:
    """Ref 1.2 tech 2: "the power is lost if tech 3 is reached before it is used" (FAQ A10); rulebook: "any time
    before you unlock tech lvl 3"."""
    state = _start(trackers=_trackers(tech=TECH_AT[2]), flux_track=CIV)
    assert UsePower(2) in state.legal_actions()
    reached, _ = _advance(state, TECH, 2)
    assert "flux_to_next_milestone" in reached.boards[0].powers_used
    back = with_board(reached._with(pending=()), 0, trackers=_trackers(tech=TECH_AT[2]))
    assert UsePower(2) not in back.legal_actions()


def test_tech_2_on_the_tech_track_reaches_tech_3_and_chooses_again() -> None:
    """Ref 1.2 tech 2 (the tech track's own symbol is Tech) with "Each time you reach a tech milestone you choose the
    flux track again": the jump lands on tech 3, which becomes the one active tech."""
    after = _start(trackers=_trackers(tech=TECH_AT[2]), flux_track=TECH).apply(UsePower(2))[0]
    assert after.boards[0].trackers[TECH] == TECH_AT[3] and Pending(Gain.FLUX_TRACK) in after.pending
    assert after.observation(0)["boards"][0]["active_techs"] == [3]


def test_a_milestone_reached_without_benefits_chooses_nothing_but_tech_2_is_still_lost() -> None:
    """Data ruling (inference; ref 3.7: "Event 68 moves 3 with no benefits"): the re-choice is the milestone's
    benefit, so none without benefits; tech 2 is lost on reaching tech 3 all the same (FAQ A10)."""
    w = Work(_start(trackers=_trackers(tech=TECH_AT[2]), flux_track=CIV))
    for _ in range(2):
        advance(w, 0, TECH, "event 68", benefits=False)
    after = w.finish()[0]
    assert after.boards[0].trackers[TECH] == TECH_AT[3] and Pending(Gain.FLUX_TRACK) not in after.pending
    assert "flux_to_next_milestone" in after.boards[0].powers_used


def _placed(state: State, tile: int) -> Work:
    masks = Work(state).masks_of(0)
    w = Work(state)
    stack = C.stack_shapes.index("i2")
    w.stacks[stack] = (tile, *w.stacks[stack])
    index = placement_index(Rules().c.planet, C.shape("i2"))
    p = next(p for p in index.values() if p.mask & masks.edge and not p.mask & state.boards[0].meteorites)
    place_tile(w, 0, stack, p, advances=True)
    return w


def test_tech_4_a_tile_collects_a_meteorite_per_symbol_of_the_flux_type() -> None:
    """Ref 1.2 tech 4: "when you place a tile, collect 1 meteorite from your planet for each of its symbols that
    matches the flux track (not for biomass patches)"; rulebook: "Collect a meteorite from your planet, if
    possible"."""
    rocks = bit(6, 6) | bit(7, 7)
    board = {"trackers": _trackers(tech=TECH_AT[4]), "flux_track": ROVER, "meteorites": rocks}
    w = _placed(_start(**board), ROVER_TECH)
    assert Pending(Gain.COLLECT_METEORITE, 1) in w.pending
    assert not any(p.gain == Gain.COLLECT_METEORITE for p in _placed(_start(**board), CIV_ENERGY).pending)
    none_left = _placed(_start(**{**board, "meteorites": 0}), ROVER_TECH)
    assert any("none on the planet" in str(e) for e in none_left.events)


def test_tech_5_advances_the_flux_tracker_once_per_round() -> None:
    """Ref 1.2 tech 5: "advance the flux-track tracker once (with benefits) | once per round"."""
    state = _start(trackers=_trackers(water=2, tech=TECH_AT[5]), flux_track=WATER)
    after = state.apply(UsePower(5))[0]
    assert after.boards[0].trackers[WATER] == 3 and Pending(Gain.SYNERGY) in after.pending  # water 3 is Syn
    assert UsePower(5) not in after.legal_actions()


def test_a_power_that_leaves_no_placement_before_placing_takes_a_tile_without_placing() -> None:
    """Rulebook section 3.9 ("if a player cannot place a tile, take one without placing and the game ends") for a
    seat whose anytime power, used before placing, covered squares (Flux tech 2 or 5 gaining a biomass patch):
    found by random play, where the seat was left with no legal action."""
    state = _start(trackers=_trackers(tech=TECH_AT[5]), flux_track=WATER)
    full = Work(state).masks_of(0).playable & ~bit(0, 5)  # one free square: no tile fits
    state = with_board(state, 0, covered=full, tiles_placed=40)
    after = state.apply(UsePower(5))[0]
    assert after.boards[0].blocked and after.last_round
    assert after.legal_actions() and all(isinstance(a, TakeTile) for a in after.legal_actions())


# -- saved games, consistency, random play, bots ------------------------------------------------------------------
def test_boards_saved_before_flux_load_and_a_flux_track_needs_a_flux_seat() -> None:
    """Standard saved games stay valid: a board without the Flux fields loads with no flux track."""
    board = _start().boards[1]
    data = {k: v for k, v in board.to_dict().items() if k not in ("flux_track", "flux_rovers")}
    assert Board.from_dict(json.loads(json.dumps(data))).flux_track == -1
    wrong = with_board(_start(), 1, flux_track=WATER)
    with pytest.raises(InvalidStateError, match="flux_track"):
        State.from_dict(json.loads(json.dumps(wrong.to_dict())))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_with_flux_keeps_the_invariants(seed: int, players: int, events: bool) -> None:
    corporations = ("flux",) if players == 1 else ("flux", *(("oasis",) * (players - 1)))
    state = play_randomly(Rules(corporations=corporations, planets=("lacuna",), events=events), players, seed)
    assert 0 <= state.boards[0].flux_track <= 4


def test_the_bots_play_flux() -> None:
    """Issue 14: "The bots play every corporation and planet without error"."""
    bots = [cls() for cls in pu_agents.STRATEGIES if cls is not RandomAgent]
    rules = Rules(corporations=("flux", "standard", "flux", "horizon"), events=True)
    result = playbook.play_match("planet_unknown", bots, seed=3, rules=rules)
    assert result.final_state.is_terminal
