"""Jump Drive (reference 1.4; rulebook "Jump Drive"): one test per special rule, each quoting the reference, plus
random legal play and the bots with Jump Drive at the table.

Rulings recorded here and in ``data/corporations.toml``:
- a lifepod put on a tech slot leaves ``lifepods_collected`` (``lifepods.py``): that count is the scoring area, so
  only it scores, and objectives that count lifepods, civ 28 and event 114 read the scoring area;
- tech 1 and tech 3 are offered as extra choices of the pending biomass patch or synergy (``SynergyInstead``,
  ``ChooseTrack(track, Gain.DOUBLE_SYNERGY)``), so they are usable wherever those gains arise;
- tech 2's jump is a teleport (like Republic tech 3): patches count as biomass terrain, the planet's step rules and
  the round's rover event do not apply;
- tech 4's conversion is the player's choice (the tech track is always among the choices);
- tech 5 and tech 6 are anytime powers of the placement phase (reference 3.12); tech 5's row is the height of one
  of the player's trackers (rulebook: "as designated by the current tracker position"); medals are not benefits.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import playbook
from playbook.core import RandomAgent
from playbook.core.errors import InvalidStateError
from playbook.games.planet_unknown import (
    ChooseSquare,
    ChooseTrack,
    Gain,
    MoveRover,
    Phase,
    Rules,
    State,
    TeleportRover,
    UsePower,
    new_game,
)
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.actions import ShareObjective, SlotLifepod, SynergyInstead
from playbook.games.planet_unknown.board import has_tech, track_tables
from playbook.games.planet_unknown.components import Terrain, Track
from playbook.games.planet_unknown.flow import start_round
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.jump_drive import drawn_cards
from playbook.games.planet_unknown.planet import _symbol_advance
from playbook.games.planet_unknown.scoring import all_breakdowns, breakdown
from playbook.games.planet_unknown.work import Pending, Work

from .helpers import C, bit, bits, sq, with_board
from .test_play import play_randomly

JUMP = Rules(corporations=("jump_drive", "standard"))
CORPORATION = JUMP.corporation(0)
TECHS = CORPORATION.techs
ROW = bits(*((5, c) for c in range(12)))  # a covered row of plain land
WATER = bits((5, 0), (5, 1), (5, 2))
TERRAIN = (ROW & ~WATER, WATER, 0, 0, 0, 0)


def _start(**board: object) -> State:
    state = new_game(2, seed=5, rules=JUMP)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return with_board(state, 0, **board) if board else state


def _slots(*levels: int) -> int:
    return sum(1 << (level - 1) for level in levels)


def _pool(state: State, *pending: Pending, movement: int = 0) -> State:
    return state._with(pending=pending, movement=movement, placed=True)


def _trackers(civ: int = 0, water: int = 0, biomass: int = 0, rover: int = 0, tech: int = 0) -> tuple[int, ...]:
    return (civ, water, biomass, rover, tech)


# -- lifepods on tech slots ---------------------------------------------------------------------------------------
def test_a_collected_lifepod_goes_on_a_tech_slot_or_in_the_scoring_area() -> None:
    """Ref 1.4: "Each time you collect a lifepod you may put it on one of your 6 tech slots or in your scoring
    area"; "A lifepod on slot n unlocks tech n, in any order"."""
    state = _pool(
        _start(covered=ROW, terrain=TERRAIN, tiles_placed=3, rovers=(sq(5, 4),), lifepods=bit(5, 5)), movement=1
    )
    after = state.apply(MoveRover(5, 4, 5, 5))[0]
    assert Pending(Gain.LIFEPOD_SLOT) in after.pending and after.boards[0].lifepods_collected == 1
    choices = {a for a in after.legal_actions() if isinstance(a, SlotLifepod)}
    assert choices == {SlotLifepod(level) for level in range(7)}
    slotted = after.apply(SlotLifepod(3))[0]
    assert slotted.boards[0].tech_slots == _slots(3) and slotted.boards[0].lifepods_collected == 0
    assert has_tech(slotted.boards[0], CORPORATION, TECHS[2]) and not has_tech(slotted.boards[0], CORPORATION, TECHS[0])
    kept = after.apply(SlotLifepod(0))[0]
    assert kept.boards[0].tech_slots == 0 and kept.boards[0].lifepods_collected == 1
    assert str(SlotLifepod(3)) == "lifepod to tech slot 3 (unlocks tech 3)"


def test_only_slots_not_yet_unlocked_can_be_chosen() -> None:
    """Ref 1.4: "Only slots that are not yet unlocked can be chosen"; with all 6 unlocked the lifepod simply stays
    in the scoring area."""
    state = _pool(_start(tech_slots=_slots(1, 3), lifepods_collected=1), Pending(Gain.LIFEPOD_SLOT))
    assert {a.slot for a in state.legal_actions() if isinstance(a, SlotLifepod)} == {0, 2, 4, 5, 6}
    full = _pool(
        _start(covered=ROW, terrain=TERRAIN, tiles_placed=3, rovers=(sq(5, 4),), lifepods=bit(5, 5),
               tech_slots=_slots(1, 2, 3, 4, 5, 6)),
        movement=1,
    )  # fmt: skip
    after = full.apply(MoveRover(5, 4, 5, 5))[0]
    assert not any(p.gain == Gain.LIFEPOD_SLOT for p in after.pending) and after.boards[0].lifepods_collected == 1


def test_the_tech_track_has_no_tech_milestones() -> None:
    """Ref 1.4: "This is the only way to unlock techs: the tech track has no Tech milestones"."""
    assert set(track_tables(CORPORATION).tech_level) == {0}
    board = _start(trackers=_trackers(tech=15)).boards[0]
    assert not any(has_tech(board, CORPORATION, tech) for tech in TECHS)


def test_a_lifepod_from_a_civ_card_may_unlock_a_tech() -> None:
    """Ref 1.4, FAQ A14: "any collected lifepod may be used, including those collected through a civ card"."""
    state = _pool(_start(lifepods=bit(2, 9)), Pending(Gain.COLLECT_LIFEPOD, 1))
    after = state.apply(ChooseSquare(Gain.COLLECT_LIFEPOD, 2, 9))[0]
    assert Pending(Gain.LIFEPOD_SLOT) in after.pending
    assert after.apply(SlotLifepod(6))[0].boards[0].tech_slots == _slots(6)


def test_a_tech_is_usable_at_once_when_unlocked() -> None:
    """Ref 1.4 (seed): "A tech is usable at once when unlocked": a synergy pending with the lifepod offers tech 3's
    double advance as soon as slot 3 is filled."""
    state = _pool(_start(lifepods_collected=1), Pending(Gain.LIFEPOD_SLOT), Pending(Gain.SYNERGY))
    assert not any(isinstance(a, ChooseTrack) and a.gain == Gain.DOUBLE_SYNERGY for a in state.legal_actions())
    after = state.apply(SlotLifepod(3))[0]
    assert ChooseTrack(Track.CIV, Gain.DOUBLE_SYNERGY) in after.legal_actions()


def test_only_lifepods_in_the_scoring_area_score() -> None:
    """Ref 1.4: "Lifepods on tech slots do not score; only lifepods in the scoring area score 1 each"."""
    board = _start(lifepods_collected=2, tech_slots=_slots(1, 2, 5)).boards[0]
    assert breakdown(board, C, planet_masks(C.planet), 0, CORPORATION)["lifepods"] == 2


def test_the_tech_tracker_scores_the_nearest_medal_so_advancing_tech_lowers_it() -> None:
    """Ref 1.4: "Because the nearest medal at or below the tracker is scored ... Medals scored 0, 5, 3, 2, 1" for
    positions 0, 1-5, 6-7, 8-10, 11-15: "So advancing tech lowers your score"."""
    medals = track_tables(CORPORATION).best_medal[Track.TECH]
    assert [medals[p] for p in (0, 1, 5, 6, 7, 8, 10, 11, 15)] == [0, 5, 5, 3, 3, 2, 2, 1, 1]


# -- techs ---------------------------------------------------------------------------------------------------------
def test_tech_1_a_synergy_instead_of_a_biomass_patch_once_per_round() -> None:
    """Ref 1.4 tech 1: "when you would gain a biomass patch, take a synergy instead", once per round."""
    state = _pool(_start(tech_slots=_slots(1)), Pending(Gain.BIOMASS), Pending(Gain.BIOMASS))
    assert SynergyInstead() in state.legal_actions()
    after = state.apply(SynergyInstead())[0]
    assert after.pending == (Pending(Gain.SYNERGY), Pending(Gain.BIOMASS))
    assert SynergyInstead() not in after.legal_actions()
    w = Work(after)
    start_round(w)
    assert "synergy_for_biomass" not in w.boards[0].powers_used
    locked = _pool(_start(), Pending(Gain.BIOMASS), Pending(Gain.BIOMASS))
    assert SynergyInstead() not in locked.legal_actions()


def test_tech_2_a_rover_jumps_to_matching_terrain_for_1_movement_once_per_round() -> None:
    """Ref 1.4 tech 2: "a rover may jump from the square it is on to any square whose tile terrain matches the tile
    terrain under it; costs 1 movement", once per round."""
    base = _start(covered=ROW, terrain=TERRAIN, tiles_placed=3, rovers=(sq(5, 0),), tech_slots=_slots(2))
    state = _pool(base, movement=2)
    jumps = {(a.to_row, a.to_col) for a in state.legal_actions() if isinstance(a, TeleportRover)}
    assert jumps == {(5, 1), (5, 2)}  # the other water squares, not the land ones
    after = state.apply(TeleportRover(5, 0, 5, 2))[0]
    assert after.boards[0].rovers == (sq(5, 2),) and after.movement == 1
    assert not any(isinstance(a, TeleportRover) for a in after.legal_actions())
    locked = _pool(with_board(base, tech_slots=0), movement=2)
    assert not any(isinstance(a, TeleportRover) for a in locked.legal_actions())


def test_tech_3_a_synergy_may_advance_its_tracker_twice_once_per_round() -> None:
    """Ref 1.4 tech 3: "when you use a synergy, you may advance that tracker twice", once per round."""
    state = _pool(_start(tech_slots=_slots(3), trackers=_trackers(water=3)), Pending(Gain.SYNERGY))
    assert ChooseTrack(Track.WATER, Gain.SYNERGY) in state.legal_actions()
    after = state.apply(ChooseTrack(Track.WATER, Gain.DOUBLE_SYNERGY))[0]
    assert after.boards[0].trackers[Track.WATER] == 5 and "double_synergy" in after.boards[0].powers_used
    again = _pool(after, Pending(Gain.SYNERGY))
    assert not any(isinstance(a, ChooseTrack) and a.gain == Gain.DOUBLE_SYNERGY for a in again.legal_actions())


def test_tech_4_a_tech_symbol_may_act_as_an_energy_symbol() -> None:
    """Ref 1.4 tech 4: "during tile placement you may treat a tech symbol as an energy symbol: choose among the
    terrains next to that tech square (and next to any energy area joined to it), instead of advancing tech"; the
    data's ruling: the tech track stays a choice (the card says may)."""
    tech, civ, energy, water = bit(5, 5), bit(5, 4), bit(5, 6), bit(5, 7)
    terrain = (civ, water, 0, 0, tech, energy)
    state = _pool(_start(covered=tech | civ | energy | water, terrain=terrain, tiles_placed=2, tech_slots=_slots(4)))
    w = Work(state)
    _symbol_advance(w, 0, Terrain.TECH, tech, 0, False)
    assert w.pending == [Pending(Gain.TECH_AS_ENERGY, 1 << Track.CIV | 1 << Track.WATER | 1 << Track.TECH)]
    after = w.finish()[0]
    assert {a.track for a in after.legal_actions() if isinstance(a, ChooseTrack)} == {
        Track.CIV,
        Track.WATER,
        Track.TECH,
    }
    done = after.apply(ChooseTrack(Track.WATER, Gain.TECH_AS_ENERGY))[0]
    assert done.boards[0].trackers[Track.WATER] == 1 and done.boards[0].trackers[Track.TECH] == 0
    plain = Work(with_board(state, tech_slots=0))
    _symbol_advance(plain, 0, Terrain.TECH, tech, 0, False)
    assert plain.boards[0].trackers[Track.TECH] == 1 and not plain.pending


def test_tech_5_every_benefit_of_a_trackers_row_once_per_game() -> None:
    """Ref 1.4 tech 5: "choose a row (a position reached by any of your trackers) and gain every benefit in that row
    across all 5 tracks"; rulebook: "as designated by the current tracker position"; once per game."""
    state = _start(tech_slots=_slots(5), trackers=_trackers(civ=3, biomass=1))
    assert UsePower(5) in state.legal_actions()
    used = state.apply(UsePower(5))[0]
    rows = {a for a in used.legal_actions() if isinstance(a, ChooseTrack)}
    assert rows == {ChooseTrack(Track.CIV, Gain.ROW), ChooseTrack(Track.BIOMASS, Gain.ROW)}
    w = Work(used)
    from playbook.games.planet_unknown.gains import resolve

    resolve(w, ChooseTrack(Track.CIV, Gain.ROW))  # row 3: civ milestone, water synergy, biomass patch, m1, nothing
    assert w.civ_queue[0] == (1,) and w.movement == 1
    assert Pending(Gain.SYNERGY) in w.pending and Pending(Gain.BIOMASS) in w.pending
    assert "row_benefits" in w.boards[0].powers_used
    start_round(w)
    assert "row_benefits" in w.boards[0].powers_used  # once per game: not freed at round start


def test_tech_6_an_objective_every_player_competes_for() -> None:
    """Ref 1.4 tech 6: "draw 3 objective cards and keep 1 that all players compete for: 5 to the only leader, 2 to
    each tied leader. The other 2 are discarded"."""
    state = _start(tech_slots=_slots(6))
    deck = state.objective_deck
    used = state.apply(UsePower(6))[0]
    drawn = drawn_cards(used.pending[0].value)
    assert drawn == list(deck[:3]) and used.objective_deck == deck[3:]
    assert {a for a in used.legal_actions() if isinstance(a, ShareObjective)} == {ShareObjective(c) for c in drawn}
    card = 62  # neighbour side: most lifepods
    kept = used.apply(ShareObjective(drawn[0]))[0]
    assert kept.boards[0].shared_objectives == (drawn[0],) and UsePower(6) not in kept.legal_actions()
    boards = with_board(with_board(kept, 0, shared_objectives=(card,), lifepods_collected=1), 1, lifepods_collected=3)
    masks = [C.planet, C.planet]
    corporations = [CORPORATION, C.corporation]
    lead = all_breakdowns(boards.boards, (), C, masks, corporations)
    assert [p["neighbour"] for p in lead] == [0, 5]
    tied = with_board(boards, 1, lifepods_collected=1)
    assert [p["neighbour"] for p in all_breakdowns(tied.boards, (), C, masks, corporations)] == [2, 2]


def test_refused_jump_drive_actions_are_explained() -> None:
    """Project rule: ``why_illegal`` names the rule a refused action breaks (ref 1.4: "Only slots that are not yet
    unlocked can be chosen"; tech 1 once per round)."""
    state = _pool(_start(tech_slots=_slots(2), lifepods_collected=1), Pending(Gain.LIFEPOD_SLOT))
    assert "only slots not yet unlocked" in (state.why_illegal(SlotLifepod(2)) or "")
    assert state.why_illegal(SlotLifepod(3)) is None
    assert "needs tech 1 unlocked" in (state.why_illegal(SynergyInstead()) or "")
    used = with_board(_pool(_start(), Pending(Gain.BIOMASS)), powers_used=("synergy_for_biomass",), tech_slots=1)
    assert "once per round" in (used.why_illegal(SynergyInstead()) or "")
    assert "no objective cards were drawn" in (state.why_illegal(ShareObjective(5)) or "")


# -- saved games, random play and the bots ---------------------------------------------------------------------------
def test_tech_slots_and_shared_objectives_survive_the_json_round_trip_and_old_saves_load() -> None:
    start = _start()
    card = start.objective_deck[0]  # an objective that exists, taken from the deck as sharing one does
    state = with_board(
        start._with(objective_deck=start.objective_deck[1:]), 0, tech_slots=_slots(2, 4), shared_objectives=(card,)
    )
    assert State.from_dict(json.loads(json.dumps(state.to_dict()))) == state
    view = state.observation(1)["boards"][0]
    assert view["tech_slots"] == [2, 4] and view["shared_objectives"] == [card]
    data = state.to_dict()
    for board in data["boards"]:
        del board["tech_slots"], board["shared_objectives"]
    assert State.from_dict(data).boards[0].tech_slots == 0


def test_a_loaded_state_with_impossible_tech_slots_is_refused() -> None:
    """Every input is checked at the door: 6 slot bits, and only on a Jump Drive board."""
    for wrong in (with_board(_start(), 0, tech_slots=1 << 6), with_board(_start(), 1, tech_slots=1)):
        with pytest.raises(InvalidStateError, match=r"tech_slots must be Jump Drive's 6 slot bits"):
            State.from_dict(json.loads(json.dumps(wrong.to_dict())))


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_with_jump_drive_keeps_the_invariants(seed: int, players: int, events: bool) -> None:
    rules = Rules(corporations=("jump_drive",) * players, events=events, private_objectives=True)
    state = play_randomly(rules, players, seed)
    for board in state.boards:
        assert 0 <= board.tech_slots < 64 and board.lifepods.bit_count() + board.lifepods_collected <= 6


def test_the_bots_unlock_a_tech_and_take_a_synergy_twice() -> None:
    """The greedy bots rank a tech used every round above a point in the scoring area, and two steps above one."""
    import random

    bot = pu_agents.TrackRacer()
    state = _pool(_start(lifepods_collected=1), Pending(Gain.LIFEPOD_SLOT))
    assert bot.choose(state.observation(0), state.legal_actions(), random.Random(0)) == SlotLifepod(3)
    synergy = _pool(_start(tech_slots=_slots(3), trackers=_trackers(civ=1)), Pending(Gain.SYNERGY))
    choice = bot.choose(synergy.observation(0), synergy.legal_actions(), random.Random(0))
    assert isinstance(choice, ChooseTrack) and choice.gain == Gain.DOUBLE_SYNERGY


def test_the_bots_play_jump_drive() -> None:
    strategies = [cls() for cls in pu_agents.STRATEGIES if cls is not RandomAgent]
    rules = Rules(corporations=("jump_drive", "standard", "jump_drive", "jump_drive"), events=True)
    result = playbook.play_match("planet_unknown", strategies, seed=4, rules=rules)
    assert result.final_state.is_terminal
