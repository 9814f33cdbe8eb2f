"""Cosmos Inc. (reference 1.1; rulebook "Cosmos Inc."): one test per special rule, each quoting the reference or
the rulebook, plus random legal play and the bots with Cosmos at the table."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playbook
from playbook.core import RandomAgent
from playbook.core.errors import InvalidStateError
from playbook.games.planet_unknown import ChooseTrack, Gain, MoveRover, Phase, Rules, State, UsePower, new_game
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.actions import SCORING_AREA, ChooseLifepod, PlaceLifepod, StopLifepods
from playbook.games.planet_unknown.board import Board
from playbook.games.planet_unknown.bot_powers import lifepod_value
from playbook.games.planet_unknown.economy import board_from_view
from playbook.games.planet_unknown.event_cards import SEAT_EFFECTS
from playbook.games.planet_unknown.geometry import placement_index, planet_masks
from playbook.games.planet_unknown.planet import collect_at, place_tile, rover_steps
from playbook.games.planet_unknown.powers import reset_round_powers
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.tracks import advance, regress
from playbook.games.planet_unknown.variants import corporation_entry
from playbook.games.planet_unknown.work import Pending, Work

from .helpers import CIV_ENERGY, C, bit, bits, sq, with_board
from .test_play import play_randomly

COSMOS = Rules(corporations=("cosmos", "standard"))
TECH_AT = {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}
CIV, WATER, BIOMASS, ROVER, TECH = range(5)


def _start(**board: object) -> State:
    state = new_game(2, seed=5, rules=COSMOS)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return with_board(state, 0, **board) if board else state


def _pods(**tracks: int) -> tuple[int, int, int, int, int]:
    """Lifepods by track name and positions as a bitmask, e.g. ``_pods(civ=bits_of(4, 5))``."""
    names = ("civ", "water", "biomass", "rover", "tech")
    return tuple(tracks.get(name, 0) for name in names)  # type: ignore[return-value]


def _at(*positions: int) -> int:
    return sum(1 << p for p in positions)


def _advance(state: State, track: int, times: int = 1) -> tuple[State, Work]:
    w = Work(state)
    for _ in range(times):
        advance(w, 0, track, "test")
    return w.finish()[0], w


def _choosing(state: State, *pending: Pending) -> State:
    return state._with(placed=True, pending=pending)


def test_a_collected_lifepod_goes_on_an_empty_track_space_or_the_scoring_area() -> None:
    """Ref 1.1: "Each time you collect a lifepod you may put it on any empty space of any of your 5 tracks, or in
    your scoring area"; "A space holding a tracker is not empty. The top space of the civ, water, biomass and tech
    tracks cannot be covered. On the rover track index 15 can be covered" (BGA behaviour, the data's ruling)."""
    state = _start(trackers=(2, 0, 0, 0, 0), lifepods=bit(5, 5))
    w = Work(state)
    collect_at(w, 0, sq(5, 5), by_rover=False)
    state = w.finish()[0]._with(placed=True)
    assert state.pending == (Pending(Gain.PLACE_LIFEPOD),) and state.boards[0].lifepods_collected == 1
    offered = state.legal_actions()
    assert offered[0] == PlaceLifepod(SCORING_AREA)
    spaces = {(a.track, a.position) for a in offered if isinstance(a, PlaceLifepod) and a.track != SCORING_AREA}
    assert (CIV, 2) not in spaces and (WATER, 0) not in spaces  # trackers stand there
    assert (CIV, 0) in spaces and (CIV, 14) in spaces and (ROVER, 15) in spaces
    assert not {(CIV, 15), (WATER, 15), (BIOMASS, 15), (TECH, 15)} & spaces
    placed = state.apply(PlaceLifepod(WATER, 4))[0]
    assert placed.boards[0].track_lifepods == _pods(water=_at(4)) and placed.boards[0].lifepods_collected == 0
    assert placed.observation(0)["boards"][0]["track_lifepods"] == [0, 1 << 4, 0, 0, 0]


def test_a_refused_lifepod_placement_is_explained() -> None:
    """Ref 1.1: "A space holding a tracker is not empty. The top space of the civ, water, biomass and tech tracks
    cannot be covered" (``why_illegal`` names the rule)."""
    state = _choosing(_start(trackers=(2, 0, 0, 0, 0), lifepods_collected=1), Pending(Gain.PLACE_LIFEPOD))
    assert "tracker is not empty" in (state.why_illegal(PlaceLifepod(CIV, 2)) or "")
    assert "0 to top - 1" in (state.why_illegal(PlaceLifepod(CIV, 15)) or "")
    assert state.why_illegal(PlaceLifepod(ROVER, 15)) is None
    assert "no lifepod move" in (state.why_illegal(ChooseLifepod(Gain.MOVE_LIFEPODS, CIV, 1)) or "")


def test_a_tracker_jumps_over_covered_spaces_several_at_once() -> None:
    """Ref 1.1: "A move of 1 lands on the next space that has no lifepod"; rulebook: "You may position lifepods
    such that a tracker skips over more than 1 lifepod at a time"."""
    state, _ = _advance(_start(track_lifepods=_pods(civ=_at(1, 2, 3))), CIV)
    assert state.boards[0].trackers[CIV] == 4


def test_past_a_covered_rover_15_the_tracker_stands_on_the_virtual_16_and_gains_nothing() -> None:
    """Ref 1.1: "On the rover track index 15 can be covered, because the top index there is 16 (the virtual one)"
    (BGA behaviour; the data's ruling: a covered 15 pays neither its movement nor its medal; our tracker on a
    covered 15 stands for BGA's 16, at the top)."""
    state = _start(trackers=(0, 0, 0, 14, 0), track_lifepods=_pods(rover=_at(15)))
    moved, w = _advance(state, ROVER)
    assert moved.boards[0].trackers[ROVER] == 15 and w.movement == 0
    again, w = _advance(moved, ROVER)
    assert again.boards[0].trackers[ROVER] == 15 and w.movement == 0
    masks = planet_masks(C.planet)
    assert breakdown(again.boards[0], C, masks, corporation=corporation_entry("cosmos"))["rover"] == 2  # 12's M2
    back = Work(again)
    regress(back, 0, ROVER, 1, "test")
    assert back.boards[0].trackers[ROVER] == 14


def test_regression_jumps_down_over_lifepods() -> None:
    """Ref 1.1: "Regression also jumps downward over lifepods"."""
    state = _start(trackers=(0, 6, 0, 0, 0), track_lifepods=_pods(water=_at(4, 5)))
    w = Work(state)
    regress(w, 0, WATER, 1, "test")
    assert w.boards[0].trackers[WATER] == 3
    stuck = _start(trackers=(0, 2, 0, 0, 0), track_lifepods=_pods(water=_at(0, 1)))
    offered = _choosing(stuck, Pending(Gain.REGRESS, 0b11111 | 1 << 8)).legal_actions()
    assert ChooseTrack(WATER, Gain.REGRESS) not in offered  # nothing uncovered below


def test_a_covered_space_gives_no_benefit() -> None:
    """Ref 1.1: "A space covered by a lifepod gives neither its benefit nor its medal" (biomass 2 is a synergy, 3
    a biomass patch)."""
    state, w = _advance(_start(track_lifepods=_pods(biomass=_at(1, 2))), BIOMASS)
    assert state.boards[0].trackers[BIOMASS] == 3
    assert [p.gain for p in w.pending] == [Gain.BIOMASS]


def test_a_covered_medal_does_not_count() -> None:
    """Ref 1.1: "A medal under a lifepod does not count, so the tracker scores the best uncovered medal at or below
    it" (water: M3 on 6, M2 on 4)."""
    masks = planet_masks(C.planet)
    cosmos = corporation_entry("cosmos")
    board = _start(trackers=(0, 7, 0, 0, 0)).boards[0]
    assert breakdown(board, C, masks, corporation=cosmos)["water"] == 3
    covered = board._replace(track_lifepods=_pods(water=_at(6)))
    assert breakdown(covered, C, masks, corporation=cosmos)["water"] == 2


def test_a_covered_tech_milestone_locks_that_level_only() -> None:
    """Ref 1.1: "Tech level n is active only while the tracker has reached the n-th tech milestone and that space
    is not covered. Covering tech 2 locks tech 2 only; tech 3 stays active"."""
    state = _start(trackers=(0, 0, 0, 0, TECH_AT[3]), track_lifepods=_pods(tech=_at(TECH_AT[2])))
    w = Work(state)
    assert w.tech(0, "diagonal_rovers") and w.tech(0, "reposition_lifepod_per_energy")
    assert not w.tech(0, "reposition_lifepods")


def test_a_covered_civ_milestone_still_counts_for_the_rank() -> None:
    """Ref 1.1: "A covered civ milestone still counts when working out the rank of the next civ card. The rank is
    the number of civ milestones at or below the tracker, covered or not" (civ milestones on 3, 6 and 10)."""
    state = _start(trackers=(9, 0, 0, 0, 0), track_lifepods=_pods(civ=_at(3, 6)))
    moved, w = _advance(state, CIV)
    assert moved.boards[0].trackers[CIV] == 10 and w.civ_queue[0] == (3,)


def test_only_the_scoring_area_lifepods_score() -> None:
    """Ref 1.1: "Only lifepods in the scoring area score (1 each). Lifepods on tracks score nothing"; rulebook:
    "You may use your tech to reposition them onto a scoring area later in the game"."""
    masks = planet_masks(C.planet)
    cosmos = corporation_entry("cosmos")
    board = _start(lifepods_collected=2, track_lifepods=_pods(civ=_at(1), water=_at(5))).boards[0]
    assert breakdown(board, C, masks, corporation=cosmos)["lifepods"] == 2
    state = _start(lifepods_collected=2, track_lifepods=_pods(civ=_at(1)), trackers=(0, 0, 0, 0, TECH_AT[5]))
    state = state.apply(UsePower(5))[0]
    state = state.apply(ChooseLifepod(Gain.MOVE_LIFEPODS, CIV, 1))[0]
    state = state.apply(PlaceLifepod(SCORING_AREA))[0]
    assert state.boards[0].track_lifepods == _pods() and state.boards[0].lifepods_collected == 3


def test_tech_1_rovers_step_diagonally() -> None:
    """Ref 1.1 tech 1: "rovers may also step diagonally (8 directions)"."""
    row = bits(*((r, c) for r in (4, 5, 6) for c in range(12)))
    board = {"covered": row, "terrain": (row, 0, 0, 0, 0, 0), "tiles_placed": 3, "rovers": (sq(5, 5),)}
    plain = {end for _, end in rover_steps(Work(_start(**board)), 0)}
    assert plain == {sq(4, 5), sq(6, 5), sq(5, 4), sq(5, 6)}
    diagonal = {end for _, end in rover_steps(Work(_start(trackers=(0, 0, 0, 0, TECH_AT[1]), **board)), 0)}
    assert diagonal == plain | {sq(4, 4), sq(4, 6), sq(6, 4), sq(6, 6)}


def test_tech_1_crosses_the_tartarus_chasm_at_its_two_gaps() -> None:
    """Ref 2.12 (Tartarus): "With diagonal movement (Cosmos tech 1) they may cross at the 2 points where the chasm
    is absent: (3,5) <-> (4,6) and (9,5) <-> (8,6) (FAQ A8)"; orthogonal steps still may not cross."""
    state = new_game(2, seed=5, rules=Rules(corporations=("cosmos", "standard"), planets=("tartarus",)))
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    state = with_board(state, 0, rovers=(sq(3, 5),), trackers=(0, 0, 0, 0, TECH_AT[1]))
    steps = {end for _, end in rover_steps(Work(state), 0)}
    assert steps == {sq(2, 4), sq(2, 5), sq(3, 4), sq(4, 4), sq(4, 6)}  # not (2,6), (3,6), (4,5): across


def test_tech_2_moves_up_to_three_lifepods_once_per_game() -> None:
    """Ref 1.1 tech 2: "move up to 3 of your collected lifepods to new spaces (any track space or the scoring
    area)", "once per game; BGA lets you choose when" (section 3.12: "Per game: Cosmos 2")."""
    state = _start(lifepods_collected=1, track_lifepods=_pods(civ=_at(1, 2)), trackers=(0, 0, 0, 0, TECH_AT[2]))
    assert UsePower(2) in state.legal_actions()
    state = state.apply(UsePower(2))[0]
    assert state.pending == (Pending(Gain.MOVE_LIFEPODS, 3),)
    assert StopLifepods() in state.legal_actions() and ChooseLifepod(Gain.MOVE_LIFEPODS, SCORING_AREA) in (
        state.legal_actions()
    )
    state = state.apply(ChooseLifepod(Gain.MOVE_LIFEPODS, CIV, 1))[0]
    assert PlaceLifepod(CIV, 1) not in state.legal_actions()  # to another place
    state = state.apply(PlaceLifepod(TECH, 4))[0]
    state = state.apply(ChooseLifepod(Gain.MOVE_LIFEPODS, CIV, 2))[0]
    state = state.apply(PlaceLifepod(SCORING_AREA))[0]
    state = state.apply(ChooseLifepod(Gain.MOVE_LIFEPODS, SCORING_AREA))[0]
    state = state.apply(PlaceLifepod(WATER, 3))[0]
    board = state.boards[0]
    assert board.track_lifepods == _pods(tech=_at(4), water=_at(3)) and board.lifepods_collected == 1
    assert not state.pending and UsePower(2) not in state.legal_actions()
    later = state._with(round=state.round + 1)
    w = Work(later)
    reset_round_powers(w)
    assert UsePower(2) not in w.finish()[0].legal_actions()


def test_tech_3_a_tile_with_an_energy_symbol_moves_one_lifepod() -> None:
    """Ref 1.1 tech 3: "each time you place a tile with an energy symbol, you may move 1 collected lifepod"."""
    state = _start(lifepods_collected=1, trackers=(0, 0, 0, 0, TECH_AT[3]))
    masks = planet_masks(C.planet)
    w = Work(state)
    stack = C.stack_shapes.index("i2")
    w.stacks[stack] = (CIV_ENERGY, *w.stacks[stack])
    p = next(p for p in placement_index(C.planet, C.shape("i2")).values() if p.mask & masks.edge)
    place_tile(w, 0, stack, p, advances=True)
    assert Pending(Gain.MOVE_LIFEPODS, 1) in w.pending


def test_tech_4_a_step_onto_energy_costs_no_movement() -> None:
    """Ref 1.1 tech 4: "a rover step onto energy terrain (or a Petra electrical current) costs no movement";
    section 3.5: "A step costs 1 point (0 onto energy or electrical current with Cosmos tech 4)"."""
    row = bits(*((5, c) for c in range(12)))
    energy = bit(5, 6)
    board = {
        "covered": row, "terrain": (row & ~energy, 0, 0, 0, 0, energy), "tiles_placed": 3, "rovers": (sq(5, 5),),
        "trackers": (0, 0, 0, 0, TECH_AT[4]),
    }  # fmt: skip
    state = _start(**board)._with(movement=2, placed=True)
    onto_energy = state.apply(MoveRover(5, 5, 5, 6))[0]
    assert onto_energy.movement == 2 and onto_energy.boards[0].free_steps == 1
    assert onto_energy.apply(MoveRover(5, 6, 5, 7))[0].movement == 1
    capped = with_board(state, 0, free_steps=12).apply(MoveRover(5, 5, 5, 6))[0]
    assert capped.movement == 1  # the free steps of a round are capped (the data's ruling)


def test_tech_5_moves_one_lifepod_once_per_round() -> None:
    """Ref 1.1 tech 5: "move 1 collected lifepod", "once per round" (section 3.12: "Per round: Cosmos 5")."""
    state = _start(lifepods_collected=1, trackers=(0, 0, 0, 0, TECH_AT[5]))
    used = state.apply(UsePower(5))[0]
    assert used.pending == (Pending(Gain.MOVE_LIFEPODS, 1),) and UsePower(5) not in used.legal_actions()
    done = used.apply(ChooseLifepod(Gain.MOVE_LIFEPODS, SCORING_AREA))[0].apply(PlaceLifepod(CIV, 1))[0]
    assert not done.pending and done.boards[0].track_lifepods == _pods(civ=_at(1))
    w = Work(done)
    w.boards[0] = w.boards[0]._replace(lifepods_collected=1)
    reset_round_powers(w)
    assert UsePower(5) in w.finish()[0].legal_actions()


def test_losing_a_lifepod_lets_the_player_choose_which() -> None:
    """Event 114 ("lose a collected lifepod") with lifepods on tracks: the player chooses which collected lifepod
    (a track's or the scoring area's; the data's ruling)."""
    state = _start(lifepods_collected=1, track_lifepods=_pods(tech=_at(5)))
    w = Work(state)
    SEAT_EFFECTS["lose_lifepod"](w, 0, "")
    choosing = w.finish()[0]._with(placed=True)
    offered = set(choosing.legal_actions())
    assert offered == {ChooseLifepod(Gain.LOSE_LIFEPOD, SCORING_AREA), ChooseLifepod(Gain.LOSE_LIFEPOD, TECH, 5)}
    lost = choosing.apply(ChooseLifepod(Gain.LOSE_LIFEPOD, TECH, 5))[0].boards[0]
    assert lost.track_lifepods == _pods() and lost.lifepods_collected == 1


def test_lifepods_on_tracks_survive_the_json_round_trip_and_old_saves_load() -> None:
    """Issue 14: "JSON round trip equal"; games saved before the new fields still load (defaults)."""
    state = _start(lifepods_collected=1, track_lifepods=_pods(civ=_at(1), rover=_at(15)), free_steps=3)
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    data = state.boards[0].to_dict()
    del data["track_lifepods"], data["free_steps"]
    assert Board.from_dict(data).track_lifepods == (0, 0, 0, 0, 0)


def test_a_loaded_state_with_impossible_track_lifepods_is_refused() -> None:
    """Every input is checked at the door: lifepods on spaces of the tracks, and only on a Cosmos board."""
    past_the_top = with_board(_start(), 0, track_lifepods=_pods(civ=1 << 40))
    not_cosmos = with_board(_start(), 1, track_lifepods=_pods(civ=_at(1)))
    for wrong, words in ((past_the_top, "5 masks of spaces"), (not_cosmos, "other than Cosmos")):
        with pytest.raises(InvalidStateError, match=words):
            State.from_dict(json.loads(json.dumps(wrong.to_dict())))


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_with_cosmos_keeps_the_invariants(seed: int, players: int, events: bool) -> None:
    corporations = ("cosmos",) if players == 1 else ("cosmos", *(("oasis",) * (players - 1)))
    state = play_randomly(Rules(corporations=corporations, planets=("petra",), events=events), players, seed)
    board = state.boards[0]
    for track, pods in enumerate(board.track_lifepods):  # never a tracker on a lifepod (but the virtual 16)
        assert not pods >> board.trackers[track] & 1 or (track, board.trackers[track]) == (ROVER, 15)


def test_the_bots_cover_a_blank_space_just_ahead_and_keep_benefits() -> None:
    """Rulebook: "Advantage: Advancement engine"; "Weaknesses: ... Lifepods cover benefits": a bot puts a lifepod
    on a blank space just ahead of a tracker (one advance saved) before the scoring area, and never on a benefit,
    a medal or a space already passed; it moves back a lifepod left behind."""
    state = _choosing(_start(trackers=(3, 0, 0, 0, 0), lifepods_collected=1), Pending(Gain.PLACE_LIFEPOD))
    seen, cosmos = board_from_view(state.observation(0)["boards"][0]), corporation_entry("cosmos")
    values = {a: lifepod_value(seen, cosmos, a) for a in state.legal_actions() if isinstance(a, PlaceLifepod)}
    assert max(values, key=values.__getitem__) == PlaceLifepod(CIV, 4)  # civ 4 is blank
    assert values[PlaceLifepod(SCORING_AREA)] > max(values[PlaceLifepod(CIV, 5)], values[PlaceLifepod(CIV, 1)])
    behind = ChooseLifepod(Gain.MOVE_LIFEPODS, CIV, 1)
    assert lifepod_value(seen, cosmos, behind) > lifepod_value(seen, cosmos, StopLifepods())


def test_the_bots_play_cosmos() -> None:
    """Issue 14: "The bots play every corporation and planet without error"."""
    bots = [cls() for cls in pu_agents.STRATEGIES if cls is not RandomAgent]
    rules = Rules(corporations=("cosmos", "standard", "cosmos", "horizon"), events=True)
    result = playbook.play_match("planet_unknown", bots, seed=4, rules=rules)
    assert result.final_state.is_terminal
