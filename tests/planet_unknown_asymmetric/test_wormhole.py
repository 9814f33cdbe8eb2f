"""Wormhole Corp. (reference 1.8; rulebook "Asymmetric Corporations"): one test per special rule, each quoting the
reference, plus random legal play and the bots with Wormhole at the table."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import playbook
from playbook.core import RandomAgent
from playbook.games.planet_unknown import Gain, Phase, Rules, State, StorePatch, UsePower, new_game
from playbook.games.planet_unknown import agents as pu_agents
from playbook.games.planet_unknown.actions import CODEC, ChooseBiomassSpace, ChooseSquare, ChooseTrack
from playbook.games.planet_unknown.board import track_tables
from playbook.games.planet_unknown.components import Terrain, Track
from playbook.games.planet_unknown.events import GainLost, TokenMoved, TrackerMoved
from playbook.games.planet_unknown.geometry import Placement, neighbours, placement_index
from playbook.games.planet_unknown.objectives import private_met
from playbook.games.planet_unknown.planet import energy_gain, patch_squares, place_tile, take_without_placing
from playbook.games.planet_unknown.scoring import breakdown
from playbook.games.planet_unknown.tracks import advance, can_advance, regress, unionization
from playbook.games.planet_unknown.variants import corporation_entry, missing_rules
from playbook.games.planet_unknown.work import Pending, Work
from playbook.games.planet_unknown.wormhole import NO_SYNERGY

from .helpers import BIOMASS_CIV, TECH_BIOMASS, C, bit, bits, with_board
from .test_play import play_randomly

WORMHOLE = Rules(corporations=("wormhole", "standard"))
TECH_AT = {1: 3, 2: 5, 3: 7, 4: 10, 5: 14}
CORP = corporation_entry("wormhole")


def _start(**board: object) -> State:
    """Seat 0 (Wormhole) about to place its first tile of round 1, with ``board`` changes."""
    state = new_game(2, seed=5, rules=WORMHOLE)
    while not (state.phase == Phase.PLACE and not state.placed and state.seat == 0):
        state = state.apply(state.legal_actions()[0])[0]
    return with_board(state, 0, **board) if board else state


def _trackers(biomass: int = 0, tech: int = 0) -> tuple[int, int, int, int, int]:
    return (0, 0, biomass, 0, tech)


def _advance(state: State, track: int = Track.BIOMASS, **options: bool) -> tuple[State, Work]:
    w = Work(state)
    advance(w, 0, track, "test", **options)
    return w.finish()[0]._with(placed=True), w


def _choices(state: State) -> set[int]:
    return {a.position for a in state.legal_actions() if isinstance(a, ChooseBiomassSpace)}


def test_wormhole_plays() -> None:
    """Issue 14: every corporation plays once its hooks and techs are implemented (nothing missing)."""
    assert missing_rules("wormhole") == []
    assert Rules(corporations=("wormhole",)).corporation(0).name == "Wormhole Corp."


# -- the biomass track -------------------------------------------------------------------------------------------
def test_each_advance_moves_up_one_row_and_the_player_chooses_the_space() -> None:
    """Ref 1.8: "The track is 5 rows of 2 spaces. Each advance moves up one row, and you **choose** which space of
    the new row to land on: the synergy or the biomass patch"."""
    state, _ = _advance(_start(trackers=_trackers(0)))
    assert state.pending == (Pending(Gain.BIOMASS_SPACE, 0),)
    assert _choices(state) == {2, 3}
    after = state.apply(ChooseBiomassSpace(3))[0]
    assert after.boards[0].trackers[Track.BIOMASS] == 3
    assert [p.gain for p in after.pending] == [Gain.BIOMASS]  # space 3 is Bio: a patch to place
    synergy = state.apply(ChooseBiomassSpace(2))[0]
    assert synergy.boards[0].trackers[Track.BIOMASS] == 2 and [p.gain for p in synergy.pending] == [Gain.SYNERGY]


def test_medal_spaces_are_passed_and_scored_when_the_row_above_is_reached() -> None:
    """Ref 1.8: "Medal spaces (1, 2, 3, 5) lie between rows and are passed, never landed on. Reaching a row scores
    the medal passed below it"."""
    for start, row in ((3, (5, 6)), (6, (8, 9)), (9, (11, 12)), (12, (14, 15))):
        state, _ = _advance(_start(trackers=_trackers(start)))
        assert state.boards[0].trackers[Track.BIOMASS] in row and _choices(state) == set(row)
    medals = track_tables(CORP).best_medal[Track.BIOMASS]
    assert [medals[p] for p in (0, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15)] == [0, 0, 0, 1, 1, 2, 2, 3, 3, 5, 5]
    masks = Work(_start()).masks_of(0)
    board = _start(trackers=_trackers(6)).boards[0]
    assert breakdown(board, C, masks, corporation=CORP)["biomass"] == 1


def test_the_tracker_is_at_the_top_on_14_or_15() -> None:
    """Ref 1.8: "The tracker is at the top on position 14 or 15 (scores 5)"; ref 3.7: "At the top: civ, water,
    biomass and tech trackers cannot advance further. The advance is simply lost, and a choice (synergy, energy)
    cannot pick that track"."""
    for top in (14, 15):
        state = _start(trackers=_trackers(top))
        after, _ = _advance(state)
        assert after.boards[0].trackers[Track.BIOMASS] == top and not after.pending
        assert not can_advance(Work(state), 0, Track.BIOMASS)
        synergy = state._with(placed=True, pending=(Pending(Gain.SYNERGY),))
        assert Track.BIOMASS not in {a.track for a in synergy.legal_actions() if isinstance(a, ChooseTrack)}
        masks = Work(state).masks_of(0)
        biomass_top = C.objective(57)  # private side: "biomass track at maximum"
        assert private_met(biomass_top, state.boards[0], C, masks, track_tables(CORP).at_top)
        assert breakdown(state.boards[0], C, masks, corporation=CORP)["biomass"] == 5


def test_regressing_moves_down_a_row() -> None:
    """Ref 1.8: "Regressing by 1 moves down one row, with the same choice of space" (ruling: a regression gains
    nothing, so the tracker keeps its side of the row)."""
    for start, times, end in ((6, 1, 3), (5, 1, 2), (2, 1, 0), (15, 2, 9), (11, 9, 0)):
        w = Work(_start(trackers=_trackers(start)))
        regress(w, 0, Track.BIOMASS, times, "test")
        assert w.boards[0].trackers[Track.BIOMASS] == end and not w.pending


def test_an_advance_without_benefits_has_no_choice() -> None:
    """Ref 3.7: "Event 68 moves 3 with no benefits": the rows are climbed, nothing is gained, nothing chosen."""
    state, _ = _advance(_start(trackers=_trackers(0)), benefits=False)
    assert state.boards[0].trackers[Track.BIOMASS] == 2 and not state.pending


def test_targeted_synergies_advance_the_named_tracker_once_with_benefits() -> None:
    """Ref 1.8: "The targeted synergies (Syn→X) advance that named tracker once, with its benefits" (5 civ,
    8 water, 11 tech, 14 rover)."""
    for start, space, track in ((3, 5, Track.CIV), (6, 8, Track.WATER), (9, 11, Track.TECH), (12, 14, Track.ROVER)):
        state, _ = _advance(_start(trackers=(1, 1, start, 1, 3)))  # the named trackers' next spaces: no synergy
        after = state.apply(ChooseBiomassSpace(space))[0]
        assert after.boards[0].trackers[track] == state.boards[0].trackers[track] + 1, (space, track)
        assert Gain.SYNERGY not in [p.gain for p in after.pending]


def test_targeted_synergies_still_work_under_event_122() -> None:
    """Ref 3.8: "Event 122: no synergy this round ... Wormhole's targeted Syn→X spaces are also unaffected in BGA
    (BGA behaviour)" (ruling in corporations.toml: kept); the plain synergy of space 2 gives nothing."""
    no_synergy = _start(trackers=(1, 1, 3, 1, 1))._with(event=122)
    state, _ = _advance(no_synergy)
    assert state.apply(ChooseBiomassSpace(5))[0].boards[0].trackers[Track.CIV] == 2
    first, _ = _advance(_start(trackers=_trackers(0))._with(event=122))
    assert not first.apply(ChooseBiomassSpace(2))[0].pending


def test_unionization_raises_the_tracker_row_by_row_without_plain_synergy() -> None:
    """Standard reference, civ 21: "raise every tracker below position 5 to position 5; no synergy"; ref 3.8: "Civ 21
    (Unionization) suppresses only synergy" (a targeted synergy still advances its track: ruling)."""
    w = Work(_start(trackers=(5, 5, 0, 5, 5))._with(placed=True))
    unionization(w, 0, 5)
    assert w.boards[0].trackers[Track.BIOMASS] == 5
    assert w.pending == [Pending(Gain.BIOMASS_SPACE, 0 | NO_SYNERGY), Pending(Gain.BIOMASS_SPACE, 1 | NO_SYNERGY)]
    state = w.finish()[0]
    plain = state.apply(ChooseBiomassSpace(2))[0]
    assert Gain.SYNERGY not in [p.gain for p in plain.pending]
    assert plain.apply(ChooseBiomassSpace(5))[0].boards[0].trackers[Track.CIV] == 6


def test_event_68_does_not_offer_the_biomass_track_at_the_top_row() -> None:
    """Ref 3.7: at the top "the advance is simply lost, and a choice ... cannot pick that track" (event 68 moves 3
    with no benefits)."""
    state = _start(trackers=(0, 0, 14, 0, 0))._with(placed=True, pending=(Pending(Gain.THREE_NO_BENEFIT, 0b111),))
    assert {a.track for a in state.legal_actions() if isinstance(a, ChooseTrack)} == {Track.CIV, Track.WATER}


def test_a_tile_taken_without_placing_advances_biomass() -> None:
    """Ref 3.9: the player takes a tile, "does not place it, and advances for both of its symbols with benefits"
    (ruling: no biomass area is created, so Wormhole's biomass symbol advances)."""
    w = Work(_start())
    stack = w.depot_stacks(0)[0]
    w.stacks[stack] = (TECH_BIOMASS, *w.stacks[stack])
    take_without_placing(w, 0, stack)
    assert w.boards[0].trackers[Track.BIOMASS] == 2


def _tile(state: State, tile: int, pick: object) -> tuple[Work, Placement]:
    """Place ``tile`` (an i2 domino) at the first placement ``pick(p)`` accepts, advancing for its symbols."""
    w = Work(state)
    stack = C.stack_shapes.index("i2")
    w.stacks[stack] = (tile, *w.stacks[stack])
    p = next(p for p in placement_index(Rules().c.planet, C.shape("i2")).values() if pick(p))  # type: ignore[operator]
    place_tile(w, 0, stack, p, advances=True)
    return w, p


def test_a_biomass_symbol_advances_only_if_no_new_biomass_area_appears() -> None:
    """Ref 1.8: "A placed tile's biomass symbol advances the biomass tracker only if the tile did not create a new
    separate biomass area. In BGA the number of biomass areas must not increase, so joining two areas counts as
    expanding. The first biomass tile ever placed therefore gives no advance"."""
    masks = Work(_start()).masks_of(0)
    first, _ = _tile(_start(), TECH_BIOMASS, lambda p: p.mask & masks.edge)
    board = first.boards[0]
    biomass = board.terrain[Terrain.BIOMASS]
    assert board.trackers[Track.BIOMASS] == 0
    assert any(isinstance(e, GainLost) and "new biomass area" in e.gain for e in first.events)
    state = first.finish()[0]
    grown, _ = _tile(state, BIOMASS_CIV, lambda p: not p.mask & board.covered and p.part_a & neighbours(biomass))
    assert grown.boards[0].trackers[Track.BIOMASS] == 2  # the area grew: one row up
    away, _ = _tile(state, BIOMASS_CIV, lambda p: not (p.mask | neighbours(p.mask)) & board.covered)
    assert away.boards[0].trackers[Track.BIOMASS] == 0  # a second, separate area


def test_joining_two_biomass_areas_advances() -> None:
    """Ref 1.8: "joining two areas counts as expanding" (the number of areas falls from 2 to 1)."""
    two = bit(5, 3) | bit(5, 5)
    state = _start(covered=two, terrain=(0, 0, two, 0, 0, 0), patches=two, tiles_placed=1)
    joined, _ = _tile(state, BIOMASS_CIV, lambda p: p.part_a == bit(5, 4) and not p.mask & two)
    assert joined.boards[0].trackers[Track.BIOMASS] == 2


def test_energy_never_advances_biomass() -> None:
    """Ref 1.8: "Energy can never advance biomass for Wormhole (PlaceTile.php)"."""
    energy, biomass = bit(5, 5), bit(5, 6)
    board = dict(covered=energy | biomass, terrain=(0, 0, biomass, 0, 0, energy), tiles_placed=1)
    w = Work(_start(**board))
    energy_gain(w, 0, energy)
    assert not w.pending and any(isinstance(e, GainLost) and "energy" in e.gain for e in w.events)
    uc = new_game(2, seed=5)
    while not (uc.phase == Phase.PLACE and not uc.placed and uc.seat == 0):
        uc = uc.apply(uc.legal_actions()[0])[0]
    w = Work(with_board(uc, 0, **board))
    energy_gain(w, 0, energy)
    assert w.pending == [Pending(Gain.ENERGY, 1 << Track.BIOMASS)]


# -- techs --------------------------------------------------------------------------------------------------------
def test_tech_1_resets_the_tracker_at_the_top_to_0_any_number_of_times() -> None:
    """Ref 1.8 tech 1: "when the biomass tracker is at the top you may reset it to 0" (use limit: any time)."""
    state = _start(trackers=_trackers(15, TECH_AT[1]))
    assert UsePower(1) in state.legal_actions()
    reset = state.apply(UsePower(1))[0]
    assert reset.boards[0].trackers[Track.BIOMASS] == 0 and "reset_biomass" not in reset.boards[0].powers_used
    again = with_board(reset, 0, trackers=_trackers(14, TECH_AT[1]))
    assert UsePower(1) in again.legal_actions()
    assert UsePower(1) not in _start(trackers=_trackers(12, TECH_AT[1])).legal_actions()  # not at the top


def test_tech_1_an_advance_from_the_top_restarts_on_the_first_row() -> None:
    """Ref 1.8 tech 1: "While tech 1 is active, an advance from the top instead restarts on the first row"."""
    state, w = _advance(_start(trackers=_trackers(14, TECH_AT[1])))
    assert state.boards[0].trackers[Track.BIOMASS] == 2 and _choices(state) == {2, 3}
    assert any(isinstance(e, TrackerMoved) and e.start == 14 and e.end == 2 for e in w.events)
    assert can_advance(Work(_start(trackers=_trackers(15, TECH_AT[1]))), 0, Track.BIOMASS)


def test_tech_2_patches_may_go_on_top_of_tiles_but_not_on_a_meteorite() -> None:
    """Ref 1.8 tech 2: "biomass patches may be placed on top of tiles, but not on a meteorite unless tech 5
    applies"; seed: "Tech lvl 2 may be used to achieve biomass terrain connections"."""
    tile, rock = bits((5, 4), (5, 5)), bit(5, 5)
    board = dict(covered=tile, terrain=(tile, 0, 0, 0, 0, 0), symbols=(bit(5, 4), 0, 0, 0, 0, 0), tiles_placed=1)
    assert not patch_squares(Work(_start(trackers=_trackers(0, TECH_AT[1]), **board)), 0) & tile
    state = _start(trackers=_trackers(0, TECH_AT[2]), meteorites=rock, **board)
    assert patch_squares(Work(state), 0) & tile == bit(5, 4)
    pending = state._with(placed=True, pending=(Pending(Gain.BIOMASS),))
    after = pending.apply(ChooseSquare(Gain.BIOMASS, 5, 4))[0].boards[0]
    assert after.terrain[Terrain.BIOMASS] == bit(5, 4) and after.terrain[Terrain.CIV] == bit(5, 5)
    assert after.patches == bit(5, 4) and not after.symbols[Terrain.CIV] and after.covered == tile


def test_tech_3_a_gained_patch_becomes_two_once_per_round() -> None:
    """Ref 1.8 tech 3: "when you gain a biomass patch, gain 2 instead" (once per round)."""
    state = _start(trackers=_trackers(0, TECH_AT[3]), covered=bit(0, 4), tiles_placed=1)._with(
        placed=True, pending=(Pending(Gain.BIOMASS),)
    )
    assert UsePower(3) in state.legal_actions()
    doubled = state.apply(UsePower(3))[0]
    assert [p.gain for p in doubled.pending] == [Gain.BIOMASS, Gain.BIOMASS]
    assert UsePower(3) not in doubled.legal_actions()  # used this round
    assert UsePower(3) not in state._with(pending=()).legal_actions()  # nothing gained to double


def test_tech_4_gained_patches_may_be_kept_for_the_end() -> None:
    """Ref 1.8 tech 4: "you may keep gained patches and place them at game end" (Universal Coalition's store)."""
    state = _start(trackers=_trackers(0, TECH_AT[4]))._with(placed=True, pending=(Pending(Gain.BIOMASS),))
    stored = state.apply(StorePatch())[0]
    assert stored.boards[0].stored_biomass == 1


def test_tech_5_a_patch_onto_a_meteorite_destroys_it() -> None:
    """Ref 1.8 tech 5: "a biomass patch may be placed onto a meteorite, destroying it"; seed: "Tech lvl 5 allows
    you to place a biomass patch onto a meteorite at game end, destroying the meteorite"."""
    tile, rock = bits((5, 4), (5, 5)), bit(5, 5)
    board = dict(covered=tile, terrain=(tile, 0, 0, 0, 0, 0), tiles_placed=1, meteorites=rock, meteor_marks=rock)
    state = _start(trackers=_trackers(0, TECH_AT[5]), **board)
    assert patch_squares(Work(state), 0) & rock
    pending = state._with(placed=True, pending=(Pending(Gain.BIOMASS),))
    after, events = pending.apply(ChooseSquare(Gain.BIOMASS, 5, 5))
    board_after = after.boards[0]
    assert not board_after.meteorites and board_after.meteorites_collected == 0 and not board_after.meteor_marks
    assert any(isinstance(e, TokenMoved) and e.token == "meteorite" and e.verb == "destroyed" for e in events)
    end = state._with(placed=True, pending=(Pending(Gain.STORED_BIOMASS),))
    assert ChooseSquare(Gain.STORED_BIOMASS, 5, 5) in end.legal_actions()  # at game end too


def test_the_space_choice_is_an_action_with_json_and_words() -> None:
    """Issue 14: "the table and explorer work with any of them": the table's button says what the space gives."""
    from playbook.widgets.planet_unknown import _action_words

    action = ChooseBiomassSpace(5)
    assert CODEC.from_dict(json.loads(json.dumps(action.to_dict()))) == action
    assert str(action) == "biomass row: land on space 5"
    state, _ = _advance(_start(trackers=_trackers(3)))
    assert _action_words(action, WORMHOLE, state) == "biomass tracker to space 5: synergy to civ"
    assert _action_words(ChooseBiomassSpace(6), WORMHOLE, state) == "biomass tracker to space 6: biomass patch"


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([1, 2, 3]), events=st.booleans())
def test_random_play_with_wormhole_keeps_the_invariants(seed: int, players: int, events: bool) -> None:
    """Issue 14: random legal play, invariants, JSON round trip; the tracker never stands on a passed space."""
    corporations = ("wormhole",) if players == 1 else ("wormhole", *(("oasis",) * (players - 1)))
    state = play_randomly(Rules(corporations=corporations, planets=("lacuna",), events=events), players, seed)
    assert state.boards[0].trackers[Track.BIOMASS] not in (1, 4, 7, 10, 13)


def test_the_bots_play_wormhole() -> None:
    """Issue 14: "The bots play every corporation and planet without error"."""
    bots = [cls() for cls in pu_agents.STRATEGIES if cls is not RandomAgent]
    rules = Rules(corporations=("wormhole", "standard", "wormhole", "republic"), events=True)
    result = playbook.play_match("planet_unknown", bots, seed=3, rules=rules)
    assert result.final_state.is_terminal
