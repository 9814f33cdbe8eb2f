"""Makeshift (reference 1.5; rulebook "Makeshift"): one test per special rule, each quoting the reference or the
rulebook, plus the saved-game and observation checks of the trackers' tracks (``Board.columns``)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playbook.core.errors import InvalidStateError
from playbook.games.planet_unknown import (
    ChooseTrack,
    Gain,
    Phase,
    Rules,
    State,
    StepTracker,
    TrackerMoved,
    UsePower,
    new_game,
    state_from_dict,
)
from playbook.games.planet_unknown.board import Board, has_tech, tech_level
from playbook.games.planet_unknown.makeshift import columns_error, regress_end, step, targets
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.tracks import advance, regress, unionization
from playbook.games.planet_unknown.variants import corporation_entry, missing_rules
from playbook.games.planet_unknown.work import Pending, Work

from .helpers import C, with_board

MAKESHIFT = Rules(corporations=("makeshift", "standard"))
CIV, WATER, BIOMASS, ROVER, TECH = range(5)
TECH_AT = {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}  # Makeshift's tech milestones (reference 1.5 table)


def _start(trackers: tuple[int, ...] = (0, 0, 0, 0, 0), columns: tuple[int, ...] = (0, 1, 2, 3, 4)) -> State:
    """Seat 0 (Makeshift) about to place in round 1, its trackers at ``trackers`` on the tracks ``columns``."""
    state = new_game(2, seed=5, rules=MAKESHIFT)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return with_board(state, 0, trackers=trackers, columns=columns)


def _steps(state: State, tracker: int) -> set[tuple[int, int]]:
    """Where one advance of ``tracker`` may land, as offered to the player."""
    choosing = state._with(placed=True, pending=(Pending(Gain.TRACKER_STEP, tracker),))
    return {(a.column, a.position) for a in choosing.legal_actions() if isinstance(a, StepTracker)}


def _step(state: State, tracker: int, column: int, position: int) -> Work:
    """The step resolved inside the engine's working copy (its gains and movement still pending there)."""
    w = Work(state)
    step(w, 0, tracker, (column, position), benefits=True, synergy=True)
    return w


def _tech(level: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Trackers and columns with ``level`` techs live (the tech tracker on its own track at that milestone)."""
    return (0, 0, 0, 0, TECH_AT[level]), (0, 1, 2, 3, 4)


def test_makeshift_plays() -> None:
    """Brief: a corporation plays once ``missing_rules`` is empty (every hook value and tech power coded)."""
    assert missing_rules("makeshift") == []
    assert Rules(corporations=("makeshift",)).corporation(0).name == "Makeshift"


def test_an_advance_goes_straight_up_or_diagonally_up_as_the_player_chooses() -> None:
    """Ref 1.5: "Any tracker may advance straight up or diagonally up onto an adjacent track"; "Each step has 3
    options (up, up-left, up-right)" (track order civ, water, biomass, rover, tech)."""
    state = _start(trackers=(0, 0, 3, 0, 0))
    assert _steps(state, BIOMASS) == {(BIOMASS, 4), (WATER, 4), (ROVER, 4)}
    assert _steps(state, CIV) == {(CIV, 1), (WATER, 1)}  # civ is at the edge: no up-left
    w = Work(state)
    advance(w, 0, BIOMASS, "tile symbol")
    assert w.pending == [Pending(Gain.TRACKER_STEP, BIOMASS)]  # a decision, not a move
    assert w.boards[0].trackers == (0, 0, 3, 0, 0)
    choosing = state._with(placed=True, pending=(Pending(Gain.TRACKER_STEP, BIOMASS),))
    moved = choosing.apply(StepTracker(BIOMASS, WATER, 4))[0].boards[0]
    assert moved.trackers[BIOMASS] == 4 and moved.columns[BIOMASS] == WATER


def test_a_resource_advances_its_own_tracker_wherever_it_stands() -> None:
    """Ref 1.5: "A resource advances its own coloured tracker wherever that tracker is"."""
    state = _start(trackers=(0, 0, 3, 0, 0), columns=(0, 1, 3, 2, 4))  # biomass tracker on the rover track
    assert _steps(state, BIOMASS) == {(ROVER, 4), (BIOMASS, 4), (TECH, 4)}


def test_the_tracker_gains_the_benefit_of_the_space_it_lands_on() -> None:
    """Ref 1.5: "A tracker gains the benefit of whatever space it lands on, whichever track that is" (biomass 3 is
    Bio; water 3 is Syn)."""
    w = _step(_start(trackers=(0, 2, 0, 0, 0)), WATER, BIOMASS, 3)
    assert w.boards[0].trackers[WATER] == 3 and w.boards[0].columns[WATER] == BIOMASS
    assert any(p.gain == Gain.BIOMASS for p in w.pending)
    moved = _step(_start(trackers=(0, 0, 2, 0, 0)), BIOMASS, WATER, 3)
    assert any(p.gain == Gain.SYNERGY for p in moved.pending)


def test_trackers_block_each_other() -> None:
    """Ref 1.5: "The target space must be free of other trackers. Trackers block each other (seed)"; rulebook: "A
    resource tracker may block another resource tracker from advancing"."""
    state = _start(trackers=(0, 1, 0, 0, 0))
    assert _steps(state, CIV) == {(CIV, 1)}  # water 1 holds the water tracker
    boxed = _start(trackers=(0, 1, 1, 0, 0), columns=(0, 0, 1, 3, 4))  # civ 1 and water 1 are taken
    assert _steps(boxed, CIV) == set()
    synergy = boxed._with(placed=True, pending=(Pending(Gain.SYNERGY),))
    offered = {a.track for a in synergy.legal_actions() if isinstance(a, ChooseTrack)}
    assert CIV not in offered and WATER in offered


def test_regression_is_straight_down_and_cannot_pass_another_piece() -> None:
    """Ref 1.5: "Regression is straight down only, and cannot pass another piece"."""
    board = _start(trackers=(5, 2, 0, 0, 0), columns=(0, 0, 2, 3, 4)).boards[0]  # civ 5 over the water tracker
    assert regress_end(board, CIV, 4) == 3
    w = Work(_start(trackers=(5, 2, 0, 0, 0), columns=(0, 0, 2, 3, 4)))
    regress(w, 0, CIV, 4, "event: regress")
    assert w.boards[0].trackers[CIV] == 3 and w.boards[0].columns[CIV] == CIV
    stuck = _start(trackers=(3, 2, 0, 0, 0), columns=(0, 0, 2, 3, 4))
    event = stuck._with(placed=True, pending=(Pending(Gain.REGRESS, 0b11 | 1 << 8),))
    assert {a.track for a in event.legal_actions() if isinstance(a, ChooseTrack)} == {WATER}


def test_each_tracker_scores_the_medals_of_the_track_it_occupies_at_the_end() -> None:
    """Ref 1.5: "Each tracker scores the best medal at or below its own position on the track it occupies at game
    end"; rulebook: "Resource trackers score medals based on the track they occupy at the end of the game" (civ 9
    is M3, water 11 is M4)."""
    makeshift = corporation_entry("makeshift")
    board = _start(trackers=(11, 9, 0, 0, 0), columns=(1, 0, 2, 3, 4)).boards[0]
    parts = breakdown(board, C, Work(_start()).masks_of(0), corporation=makeshift)
    assert parts["civ"] == 4 and parts["water"] == 3


def test_tech_levels_count_only_while_a_tracker_stands_on_the_tech_track() -> None:
    """Ref 1.5: "Tech n is active while some tracker on the tech track is at or above the n-th tech milestone"."""
    makeshift = corporation_entry("makeshift")
    gone = _start(trackers=(0, 0, 0, 0, 6), columns=(0, 1, 2, 4, 3)).boards[0]  # tech tracker on rover 6
    assert tech_level(gone, makeshift) == 0
    other = _start(trackers=(0, 0, 0, 7, 6), columns=(0, 1, 2, 4, 3)).boards[0]  # rover tracker on tech 7
    assert tech_level(other, makeshift) == 3 and has_tech(other, makeshift, "lateral_shift")


def test_a_civ_card_rank_counts_the_civ_milestones_at_or_below_the_space_landed_on() -> None:
    """Ref 1.5: "A civ card's rank is the number of civ milestones at or below the space landed on" (civ 6 is the
    second civ milestone)."""
    w = _step(_start(trackers=(0, 5, 0, 0, 0)), WATER, CIV, 6)
    assert w.boards[0].columns[WATER] == CIV and w.civ_queue[0] == (2,)


def test_the_rover_top_is_reached_only_if_space_15_is_free() -> None:
    """Ref 1.5: "The virtual rover index 16 is accepted only if space 15 is free or holds the moving tracker
    itself" (ruling: stepping onto it stands on rover 15 and gains its movement again)."""
    at_top = _start(trackers=(0, 0, 0, 15, 0))
    assert (ROVER, 15) in _steps(at_top, ROVER)
    assert _step(at_top, ROVER, ROVER, 15).movement == 3  # m3 again
    beside = _start(trackers=(0, 0, 15, 15, 0))
    assert (ROVER, 15) not in _steps(beside, BIOMASS)  # rover 15 holds the rover tracker
    free = _start(trackers=(0, 0, 15, 3, 0))
    assert _steps(free, BIOMASS) == {(ROVER, 15)}  # biomass 15 is its top; rover's virtual 16 is open


def test_tech_1_civ_and_tech_are_adjacent() -> None:
    """Ref 1.5 tech 1: "the civ and tech tracks count as adjacent (diagonal moves wrap around)"; rulebook: "Trackers
    may advance diagonally from civ to tech and vice versa"."""
    trackers, columns = _tech(1)
    assert (TECH, 1) in _steps(_start(trackers, columns), CIV)
    assert (CIV, TECH_AT[1] + 1) in _steps(_start(trackers, columns), TECH)
    assert (TECH, 1) not in _steps(_start(), CIV)


def test_tech_2_one_more_movement_while_two_trackers_are_on_the_rover_track() -> None:
    """Ref 1.5 tech 2: "+1 to each movement gain while 2 or more trackers stand on the rover track" (rover 4: m2)."""
    on_rover = _start(trackers=(0, 0, 0, 3, TECH_AT[2]), columns=(0, 1, 3, 3, 4))  # biomass tracker on rover 0
    assert _step(on_rover, ROVER, ROVER, 4).movement == 3
    alone = _start(trackers=(0, 0, 0, 3, TECH_AT[2]))
    assert _step(alone, ROVER, ROVER, 4).movement == 2


def test_tech_3_a_lateral_shift_instead_of_an_advance() -> None:
    """Ref 1.5 tech 3: "instead of advancing, a tracker may step sideways onto an adjacent track (same height) and
    gain that space's benefit"; rulebook: "moves a tracker horizontally to an adjacent resource track and claims the
    benefit" (biomass 3 is Bio)."""
    trackers, columns = (0, 3, 0, 0, TECH_AT[3]), (0, 1, 2, 3, 4)
    assert (BIOMASS, 3) in _steps(_start(trackers, columns), WATER)
    choosing = _start(trackers, columns)._with(placed=True, pending=(Pending(Gain.TRACKER_STEP, WATER),))
    shifted = choosing.apply(StepTracker(WATER, BIOMASS, 3))[0].boards[0]
    assert shifted.trackers[WATER] == 3 and shifted.columns[WATER] == BIOMASS
    assert any(p.gain == Gain.BIOMASS for p in _step(_start(trackers, columns), WATER, BIOMASS, 3).pending)
    assert (BIOMASS, 3) not in _steps(_start((0, 3, 0, 0, TECH_AT[2]), columns), WATER)


def test_tech_4_regress_any_one_tracker_once_per_round() -> None:
    """Ref 1.5 tech 4: "regress any one tracker (no benefits)", once per round; rulebook: "Move a resource tracker 1
    position down on the resource track. Do not claim benefits"."""
    state = _start(trackers=(4, 0, 0, 0, TECH_AT[4]))
    assert UsePower(4) in state.legal_actions()
    chose = state.apply(UsePower(4))[0]
    options = {a.track for a in chose.legal_actions() if isinstance(a, ChooseTrack)}
    assert options == {CIV, TECH} and all(a.gain == Gain.TRACKER_REGRESS for a in chose.legal_actions()
                                          if isinstance(a, ChooseTrack))  # fmt: skip
    after, events = chose.apply(ChooseTrack(CIV, Gain.TRACKER_REGRESS))
    assert after.boards[0].trackers[CIV] == 3 and not after.pending
    assert any(isinstance(e, TrackerMoved) and e.reason == "Makeshift tech 4" for e in events)
    assert UsePower(4) not in after.legal_actions()


def test_tech_5_each_tracker_scores_as_the_highest_on_its_track() -> None:
    """Ref 1.5 tech 5: "at game end each tracker scores as the highest tracker on the track it occupies"."""
    makeshift = corporation_entry("makeshift")
    masks = Work(_start()).masks_of(0)
    board = _start(trackers=(11, 2, 0, 0, TECH_AT[5]), columns=(1, 1, 2, 3, 4)).boards[0]
    assert breakdown(board, C, masks, corporation=makeshift)["water"] == 4  # water 11's M4, not water 2's M1
    without = _start(trackers=(11, 2, 0, 0, TECH_AT[4]), columns=(1, 1, 2, 3, 4)).boards[0]
    assert breakdown(without, C, masks, corporation=makeshift)["water"] == 1


def test_unionization_lifts_trackers_straight_up_their_track() -> None:
    """Ruling (civ 21 names a height, not a direction): each tracker goes straight up the track it stands on,
    stopping under another tracker."""
    w = Work(_start(trackers=(0, 2, 0, 0, 0), columns=(1, 1, 2, 3, 4)))
    unionization(w, 0, 4)
    board = w.boards[0]
    assert board.trackers == (1, 4, 4, 4, 4) and board.columns == (1, 1, 2, 3, 4)


def test_a_step_that_is_not_offered_is_explained() -> None:
    """Project rule: ``why_illegal`` explains refusals."""
    state = _start(trackers=(0, 1, 0, 0, 0))._with(placed=True, pending=(Pending(Gain.TRACKER_STEP, CIV),))
    assert "holds another tracker" in (state.why_illegal(StepTracker(CIV, WATER, 1)) or "")
    assert "no advance of the water tracker" in (state.why_illegal(StepTracker(WATER, WATER, 1)) or "")


def test_the_tracks_stood_on_are_observed_and_saved() -> None:
    """Brief: per-seat state in the board with a default, exposed in ``observation(seat)``; JSON round trip equal,
    and games saved before it still load."""
    state = _start(trackers=(0, 2, 0, 0, 0), columns=(1, 0, 2, 3, 4))
    assert state.observation(1)["boards"][0]["columns"] == [1, 0, 2, 3, 4]
    assert state_from_dict(json.loads(json.dumps(state.to_dict()))) == state
    data = state.boards[1].to_dict()
    del data["columns"]
    assert Board.from_dict(data).columns == (0, 1, 2, 3, 4)
    twice = with_board(state, 0, columns=(0, 0, 2, 3, 4), trackers=(0, 0, 0, 0, 0)).to_dict()
    with pytest.raises(InvalidStateError, match="two trackers stand on one space"):
        state_from_dict(json.loads(json.dumps(twice)))
    moved_standard = with_board(state, 1, columns=(1, 0, 2, 3, 4)).to_dict()
    with pytest.raises(InvalidStateError, match="stay on their own tracks"):
        state_from_dict(json.loads(json.dumps(moved_standard)))


def test_targets_list_straight_first() -> None:
    """A seat with no pool (never today) and the bots' first choice: straight up is listed first."""
    assert targets(Work(_start()), 0, BIOMASS)[0] == (BIOMASS, 1)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_never_puts_two_trackers_on_one_space(seed: int, players: int, events: bool) -> None:
    """Ref 1.5: "Trackers block each other": through random legal play no two trackers ever share a space, each
    stands on a track, and every offered step is one space up (or sideways) onto the same or a neighbouring track."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=Rules(corporations=("makeshift",), events=events))
    makeshift = corporation_entry("makeshift")
    while not state.is_terminal:
        for board in state.boards:
            assert columns_error(board, makeshift) == ""
        legal = state.legal_actions()
        for action in legal:
            if isinstance(action, StepTracker):
                board = state.boards[state.seat]
                rise = action.position - board.trackers[action.tracker]
                apart = abs(action.column - board.columns[action.tracker])
                assert rise in (0, 1) or (action.column == ROVER and action.position == 15)
                assert apart in (0, 1, 4)
        state = state.apply(legal[rng.randrange(len(legal))])[0]
