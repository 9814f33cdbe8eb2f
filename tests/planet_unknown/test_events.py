"""Every event card (standard reference section 1.8), grouped by effect; docstrings paraphrase the cards."""

from __future__ import annotations

import pytest

from playbook.games.planet_unknown import (
    ChooseSquare,
    ChooseStack,
    ChooseTrack,
    DiscardObjective,
    Gain,
    MoveRover,
    Peek,
    Phase,
    PlaceTile,
    Rotate,
    Rules,
    Track,
    event_cards,
    new_game,
)
from playbook.games.planet_unknown.components import tracks_named
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.tracks import advance
from playbook.games.planet_unknown.work import Pending

from .helpers import (
    BIOMASS_CIV,
    ENERGY_WATER,
    ROVER_TECH,
    C,
    at_placement,
    bit,
    bits,
    board,
    put,
    run,
    set_depot,
    stack_of,
    with_board,
    with_gains,
)

MASKS = planet_masks(C.planet)


def ids(effect: str) -> list[int]:
    return [e.id for e in C.events if e.effect == effect]


@pytest.fixture
def base():
    """Solo at placement, a biomass/civ I4 on (6,6)-(6,9)."""
    return put(at_placement(1, seed=3), "I4", BIOMASS_CIV, 0, 6, 6)


def for_seat(state, card, settle=False):
    """The card's effect on the acting seat (as the event phase runs it; ``settle``: and what follows)."""
    state = state._with(event=card, phase=Phase.EVENT)
    return run(state, event_cards.for_seat, state.seat, settle_after=settle)[0]


def test_sixty_cards_twenty_per_colour_six_solo():
    """60 cards, ids 65-84 green, 85-104 orange, 105-124 red; solo-only 65, 66, 67, 79, 110, 116."""
    assert len(C.events) == 60
    assert [sum(e.colour == c for e in C.events) for c in ("green", "orange", "red")] == [20, 20, 20]
    assert {e.id for e in C.events if e.solo_only} == {65, 66, 67, 79, 110, 116}


def test_multiplayer_deck_has_no_solo_cards_and_twenty_cards():
    """ "Remove any solo mode cards. Create a deck of 20 cards".\""""
    for seed in range(5):
        state = new_game(3, seed=seed, rules=Rules(events=True, event_split=(7, 7, 6)))
        deck = (*state.event_deck, *([state.event] if state.event else []))
        assert len(deck) == 20 and not {65, 66, 67, 79, 110, 116} & set(deck)


@pytest.mark.parametrize("card", ids("advance_one_of"))
def test_advance_one_of_two(base, card):
    """69-78: "advance X or Y"."""
    state = for_seat(base, card)
    options = {a.track for a in state.legal_actions() if isinstance(a, ChooseTrack)}
    assert options == set(tracks_named(C.event(card).arg))


def test_advance_three_without_benefits(base):
    """68: advance civ, biomass or water 3 positions with no benefits."""
    state = for_seat(base, 68)
    assert {a.track for a in state.legal_actions()} == {Track.CIV, Track.BIOMASS, Track.WATER}
    state = state.apply(ChooseTrack(Track.CIV, Gain.THREE_NO_BENEFIT))[0]
    assert board(state).trackers[Track.CIV] == 3 and state.civ_queue[0] == ()


@pytest.mark.parametrize("card", ids("regress_one_of"))
def test_regress_one_of_two(base, card):
    """85-94: "regress X or Y"."""
    state = for_seat(with_board(base, trackers=(2, 2, 2, 2, 2)), card)
    options = [a for a in state.legal_actions() if isinstance(a, ChooseTrack)]
    assert {a.track for a in options} == set(tracks_named(C.event(card).arg))
    state = state.apply(options[0])[0]
    assert sum(board(state).trackers) == 9


@pytest.mark.parametrize(("card", "times"), [(96, 1), (105, 2), (106, 3)])
def test_regress_any(base, card, times):
    """96: regress any one tracker; 105: one tracker twice; 106: three times."""
    state = for_seat(with_board(base, trackers=(5, 0, 0, 0, 0)), card, settle=True)
    assert board(state).trackers[Track.CIV] == 5 - times  # the only tracker that can go down


def test_biomass_event(base):
    """80: gain 1 biomass patch."""
    assert Gain.BIOMASS in [p.gain for p in for_seat(base, 80).pending]


@pytest.mark.parametrize("card", ids("synergy"))
def test_synergy_event(base, card):
    """81, 84: gain 1 synergy."""
    assert for_seat(base, card).pending == (Pending(Gain.SYNERGY),)


def test_collect_lifepod_and_meteorite(base):
    """82: collect 1 lifepod from the planet; 83: collect 1 meteorite from the planet."""
    state = for_seat(base, 82)
    assert len(state.legal_actions()) == 6  # which lifepod is the player's choice
    assert board(state.apply(ChooseSquare(Gain.COLLECT_LIFEPOD, 2, 7))[0]).lifepods_collected == 1
    state = for_seat(with_board(base, meteorites=bits((6, 9), (6, 6))), 83)
    state = state.apply(ChooseSquare(Gain.COLLECT_METEORITE, 6, 6))[0]
    assert board(state).meteorites_collected == 1 and board(state).meteorites == bit(6, 9)


@pytest.mark.parametrize("card", ids("add_meteorite"))
def test_add_meteorite_on_an_empty_symbol(base, card):
    """95, 107: add 1 meteorite on an empty meteorite symbol of your tiles."""
    state = with_board(base, meteor_marks=bits((6, 9), (6, 8)), meteorites=bit(6, 9))
    state = for_seat(state, card, settle=True)
    assert board(state).meteorites == bits((6, 9), (6, 8))  # the only empty symbol, taken at once


@pytest.mark.parametrize("card", ids("rovers_avoid"))
def test_rovers_avoid_a_terrain(base, card):
    """97-102: rovers may not enter that terrain this round."""
    terrain = C.event(card).arg
    state = with_board(base, rovers=(7 * 12 + 6,))
    state = with_gains(state._with(event=card), movement=1)
    up = MoveRover(7, 6, 6, 6) in state.legal_actions()  # (6,6) is biomass
    assert up == (terrain != "biomass")
    assert MoveRover(7, 6, 8, 6) in state.legal_actions()  # bare planet squares are fine


@pytest.mark.parametrize("card", ids("no_edge"))
def test_no_edge_placement(card):
    """103, 124: no tile placement on the planet edge this round (the first tile then ignores it)."""
    state = set_depot(at_placement(1, seed=3), "I4", "i2")
    state = put(state, "I4", BIOMASS_CIV, 0, 5, 1)  # on the edge (5,0)? no: (5,1)-(5,4)
    state = set_depot(state, "I4", "i2")._with(event=card)
    legal = [a for a in state.legal_actions() if isinstance(a, PlaceTile)]
    cells = [p for p in legal if p.stack == stack_of("i2") and p.orientation == 0]
    assert cells and all(not (bit(p.row, p.col) | bit(p.row + 1, p.col)) & MASKS.edge for p in cells)


@pytest.mark.parametrize("card", ids("one_resource"))
def test_one_resource(base, card):
    """104, 108: advance only one of the two resources of the placed tile."""
    state = set_depot(base, "I4", "i2", int_tile=ROVER_TECH)._with(event=card)
    legal = [a for a in state.legal_actions() if isinstance(a, PlaceTile)]
    assert {a.skip for a in legal} == {0, 1}
    state = state.apply(PlaceTile(stack_of("i2"), 0, 7, 6, 0))[0]  # give up rover (A)
    assert board(state).trackers[Track.ROVER] == 0 and board(state).trackers[Track.TECH] == 1


@pytest.mark.parametrize("card", ids("no_milestones"))
def test_no_milestone_benefits(base, card):
    """109, 123: no milestone benefits this round."""
    state = with_board(base, trackers=(2, 0, 0, 0, 0))._with(event=card)
    state, _ = run(state, advance, 0, Track.CIV, "test")
    assert board(state).trackers[Track.CIV] == 3 and state.civ_queue[0] == ()


def test_destroy_a_rover_only_with_two(base):
    """111: destroy a rover if you have more than one on the planet."""
    assert not for_seat(with_board(base, rovers=(7 * 12 + 6,)), 111).pending
    state = for_seat(with_board(base, rovers=(7 * 12 + 6, 7 * 12 + 7)), 111)
    state = state.apply(ChooseSquare(Gain.DESTROY_ROVER, 7, 7))[0]
    assert board(state).rovers == (7 * 12 + 6,)


def test_remove_one_civ_card_per_rank(base):
    """112: remove 1 random civ card from each rank."""
    state = base._with(event_deck=(112,))
    before = [len(p) for p in state.civ_piles]
    state = run(state, event_cards.reveal)[0]
    assert [len(p) for p in state.civ_piles] == [n - 1 for n in before]


def test_destroy_lifepod_on_planet(base):
    """113: destroy 1 lifepod on the planet."""
    state = for_seat(base, 113)
    state = state.apply(next(a for a in state.legal_actions() if isinstance(a, ChooseSquare)))[0]
    assert board(state).lifepods.bit_count() == 5 and board(state).lifepods_collected == 0


def test_destroy_collected_tokens(base):
    """114: destroy 1 collected lifepod; 115: destroy 1 collected meteorite."""
    state = with_board(base, lifepods_collected=2, meteorites_collected=2)
    assert board(for_seat(state, 114)).lifepods_collected == 1
    assert board(for_seat(state, 115)).meteorites_collected == 1
    assert board(for_seat(base, 114)).lifepods_collected == 0


@pytest.mark.parametrize("card", ids("synergy_or_peek"))
def test_synergy_or_peek(base, card):
    """117, 118: gain 1 synergy or peek at the next event."""
    state = for_seat(base._with(event_deck=(80, 81)), card)
    assert Peek() in state.legal_actions() and ChooseTrack(Track.CIV, Gain.SYNERGY_OR_PEEK) in state.legal_actions()
    state = state.apply(Peek())[0]
    assert state.peeks[0] == 80 and state.observation(0)["peeked_event"] == 80


def test_no_matching_neighbours(base):
    """119: tiles may not be placed next to matching terrain."""
    state = set_depot(base, "I4", "i2", int_tile=BIOMASS_CIV)._with(event=119)
    legal = [a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.stack == stack_of("i2")]
    # (7,6)-(8,6) would put biomass under biomass (6,6)
    assert PlaceTile(stack_of("i2"), 0, 7, 6) not in legal and legal


@pytest.mark.parametrize("card", ids("no_ice"))
def test_no_placement_on_ice(base, card):
    """120, 121: tiles may not be placed on planetary ice."""
    state = set_depot(base, "I4", "i2", int_tile=ENERGY_WATER)._with(event=card)
    legal = [a for a in state.legal_actions() if isinstance(a, PlaceTile) and a.stack == stack_of("i2")]
    assert legal and all(
        not (bit(a.row, a.col) | bit(a.row + 1, a.col)) & MASKS.ice for a in legal if a.orientation == 0
    )


def test_no_synergy(base):
    """122: no synergy this round."""
    state = with_board(base, trackers=(0, 0, 0, 0, 1))._with(event=122)
    state, _ = run(state, advance, 0, Track.TECH, "test")
    assert not state.pending


def test_restriction_ignored_when_it_alone_would_end_the_game(base):
    """Reference "Do Not" rule: restrictions "should be ignored if they become solely responsible for triggering
    the end of the game"."""
    everything_but_edge = MASKS.playable & ~MASKS.edge
    state = with_board(base, covered=everything_but_edge)
    state = set_depot(state, "I4", "i2")._with(event=103)
    assert PlaceTile(stack_of("i2"), 0, 5, 0) in state.legal_actions()


# -- solo-only cards -----------------------------------------------------------------------------------------
def test_solo_extra_rover(base):
    """65 (solo): gain an extra rover; place it on the tile you place this round."""
    state = set_depot(base, "I4", "i2", int_tile=BIOMASS_CIV)._with(event=65)
    state = state.apply(PlaceTile(stack_of("i2"), 0, 7, 6))[0]
    assert Gain.ROVER in [p.gain for p in state.pending] and board(state).rover_supply == 3


def test_solo_extra_civ_cards(base):
    """66 (solo): add 1 extra civ card to each rank (from those set aside)."""
    state = run(base._with(event_deck=(66,)), event_cards.reveal)[0]
    assert [len(p) for p in state.civ_piles] == [3, 3, 3, 3]


def test_solo_extra_objective(base):
    """67 (solo): draw 1 extra objective card."""
    before = len(board(base).objectives)
    state = run(base._with(event_deck=(67,)), event_cards.reveal)[0]
    assert len(board(state).objectives) == before + 1


def test_solo_rotate(base):
    """79 (solo): rotate the station to any depot."""
    state = for_seat(base, 79)
    assert {a for a in state.legal_actions() if isinstance(a, Rotate)} == {Rotate(r) for r in range(6)}
    assert state.apply(Rotate(2))[0].rotation == 2


def test_solo_destroy_objective(base):
    """110 (solo): destroy one of your objective cards."""
    card = board(base).objectives[0]
    state = for_seat(base, 110).apply(DiscardObjective(card))[0]
    assert card not in board(state).objectives


def test_solo_remove_shape(base):
    """116 (solo): remove all tiles of one shape of the current depot from the station."""
    state = for_seat(set_depot(base, "I4", "i2"), 116)
    state = state.apply(ChooseStack(stack_of("i2")))[0]
    assert state.stacks[stack_of("i2")] == ()


def test_every_event_effect_is_tested():
    """Each of the 60 cards has an effect the engine implements (none is silently ignored)."""
    implemented = set(event_cards.SEAT_EFFECTS) | set(event_cards.TABLE_EFFECTS) | set(event_cards.ROUND_RULES)
    assert {e.effect for e in C.events} <= implemented
