"""Every civ card (standard reference section 1.6), grouped by effect; each docstring paraphrases the card."""

from __future__ import annotations

import pytest

from playbook.games.planet_unknown import (
    ChooseCivCard,
    ChooseSquare,
    ChooseTrack,
    ClearLine,
    Gain,
    Phase,
    PlaceTile,
    TeleportRover,
    Track,
)
from playbook.games.planet_unknown.geometry import planet_masks
from playbook.games.planet_unknown.scoring import breakdown

from .helpers import BIOMASS_CIV, C, at_placement, bit, bits, board, put, run, set_depot, with_board

MASKS = planet_masks(C.planet)


def cards_with(effect: str) -> list[int]:
    return [card.id for card in C.civ if card.effect == effect]


@pytest.fixture
def base():
    """Solo, a biomass/civ I4 on (6,6)-(6,9), in the civ phase with nothing pending."""
    state = at_placement(1, seed=3)
    state = put(state, "I4", BIOMASS_CIV, 0, 6, 6)
    return state._with(phase=Phase.CIV, placed=True)


def take(state, card):
    """Reach the card's rank and take it from a pile that also holds another card."""
    rank = C.civ_card(card).rank
    other = next(c.id for c in C.civ if c.rank == rank and c.id != card)
    piles = list(state.civ_piles)
    piles[rank - 1] = (card, other)
    state = state._with(civ_queue=((rank,),), civ_piles=tuple(piles))
    assert ChooseCivCard(card) in state.legal_actions()
    return state.apply(ChooseCivCard(card))[0]


def test_all_36_cards_are_covered():
    """36 civ cards: 7 per rank plus the two 4-card sets (Meteorite Repo, Commerce Agreement)."""
    assert len(C.civ) == 36
    assert [sum(c.rank == r for c in C.civ) for r in range(1, 5)] == [9, 9, 9, 9]
    handled = {"advance_different", "advance_twice", "biomass", "movement", "extra_tile", "medals",
               "collect_lifepods", "teleport", "clear_line", "unionization", "medal_per_patch",
               "medals_and_advance", "destroy_meteorites", "lifepods_double", "meteorite_repo", "commerce"}  # fmt: skip
    assert {c.effect for c in C.civ} == handled


@pytest.mark.parametrize("card", cards_with("advance_different"))
def test_advance_different_trackers(base, card):
    """1, 10, 11, 19: advance 2 or 3 different trackers once each."""
    count = C.civ_card(card).value
    state = take(base, card)
    chosen = []
    for _ in range(count):
        options = [a for a in state.legal_actions() if isinstance(a, ChooseTrack)]
        assert {a.gain for a in options} == {Gain.DIFFERENT}
        assert not {a.track for a in options} & set(chosen)
        pick = next(a for a in options if a.track not in (Track.ROVER,))
        chosen.append(pick.track)
        state = state.apply(pick)[0]
    assert sum(board(state).trackers) >= count and Gain.DIFFERENT not in [p.gain for p in state.pending]


def test_dept_of_operations_advances_one_tracker_twice(base):
    """2: advance one tracker twice."""
    state = take(base, 2).apply(ChooseTrack(Track.WATER, Gain.TWICE))[0]
    assert board(state).trackers[Track.WATER] == 2


@pytest.mark.parametrize("card", cards_with("biomass"))
def test_biomass_cards(base, card):
    """3, 12, 26: gain 1, 2 or 3 biomass patches (placed at once)."""
    state = take(base, card)
    for _ in range(C.civ_card(card).value):
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, ChooseSquare)))[0]
    assert board(state).patches.bit_count() == C.civ_card(card).value


def test_dept_of_engineering_gives_four_movement_without_tech_bonus(base):
    """4: 4 rover movement (correction 4: tech 3's +1 does not apply)."""
    state = with_board(base, rovers=(7 * 12 + 6,), trackers=(0, 0, 0, 0, 7))
    state = take(state, 4)
    assert state.movement == 4


@pytest.mark.parametrize(("card", "advances"), [(5, False), (16, True)])
def test_extra_tile_cards(base, card, advances):
    """5 Salvage Yard: place an extra tile from your depot without advancing; 16 Depot Repair Online: with."""
    state = set_depot(base, "I4", "i2", ext_tile=BIOMASS_CIV, int_tile=BIOMASS_CIV)
    state = take(state, card)
    extra = [a for a in state.legal_actions() if isinstance(a, PlaceTile)]
    assert extra
    lifted = state._with(taken=frozenset({10}))  # as if the round's tile came from this stack
    assert lifted.observation(0)["stack_tops"][10] == state.stacks[10][0]  # the placer sees what it places
    state = state.apply(next(a for a in extra if a.stack == 10))[0]
    assert board(state).tiles_placed == 2
    assert (sum(board(state).trackers) > 0) == advances


@pytest.mark.parametrize("card", cards_with("medals"))
def test_medal_cards(base, card):
    """6-9, 15, 20, 27: end of game, that many medals."""
    state = with_board(base, civ_cards=(card,))
    assert breakdown(board(state), C, MASKS)["civ_cards"] == C.civ_card(card).value


@pytest.mark.parametrize(("card", "count"), [(13, 2), (18, 3)])
def test_collect_lifepods_cards(base, card, count):
    """13 Approved Overtime: collect 2 lifepods; 18 Search and Rescue Team: collect 3 (the player picks which)."""
    state = take(base, card)
    for _ in range(count):
        options = [a for a in state.legal_actions() if isinstance(a, ChooseSquare)]
        assert {a.gain for a in options} == {Gain.COLLECT_LIFEPOD} and len(options) == 6 - _
        state = state.apply(options[-1])[0]
    assert board(state).lifepods_collected == count
    assert board(state).lifepods.bit_count() == 6 - count


def test_relocation_bonus_teleports_a_rover(base):
    """14: teleport a rover to any square (collecting there)."""
    state = take(with_board(base, rovers=(7 * 12 + 6,), rover_supply=1), 14)
    assert TeleportRover(7, 6, 2, 7) in state.legal_actions()
    state = state.apply(TeleportRover(7, 6, 2, 7))[0]
    assert board(state).rovers == (2 * 12 + 7,) and board(state).lifepods_collected == 1


def test_landing_zone_clears_a_row(base):
    """17: destroy all meteorites in one row or one column."""
    state = take(with_board(base, meteorites=bits((6, 9), (6, 6), (2, 7))), 17)
    state = state.apply(ClearLine(0, 6))[0]
    assert board(state).meteorites == bit(2, 7) and board(state).meteorites_collected == 0


def test_unionization_card(base):
    """21 Unionization: every tracker below 5 rises to 5 (correction 1)."""
    state = take(with_board(base, trackers=(7, 0, 0, 0, 0)), 21)
    assert all(t >= 5 for t in board(state).trackers)


def test_sustainable_living_scores_patches(base):
    """22: 1 medal per biomass patch on the planet."""
    state = with_board(base, civ_cards=(22,), patches=bits((7, 6), (7, 7)))
    assert breakdown(board(state), C, MASKS)["civ_cards"] == 2


@pytest.mark.parametrize("card", cards_with("medals_and_advance"))
def test_gaming_commission_and_planet_lottery(base, card):
    """23, 24: 2 or 3 medals and, at game end, advance any tracker once."""
    state = with_board(base, civ_cards=(card,))
    assert breakdown(board(state), C, MASKS)["civ_cards"] == C.civ_card(card).value
    state, _ = run(state._with(last_round=True), lambda w: None, settle_after=True)  # the round ends
    assert {a.gain for a in state.legal_actions() if isinstance(a, ChooseTrack)} == {Gain.ANY_TRACK}


def test_meteor_defense_destroys_three(base):
    """25: destroy any 3 meteorites."""
    state = take(with_board(base, meteorites=bits((6, 9), (6, 6), (2, 7), (5, 5))), 25)
    for _ in range(3):
        state = state.apply(next(a for a in state.legal_actions() if isinstance(a, ChooseSquare)))[0]
    assert board(state).meteorites.bit_count() == 1 and not state.pending


def test_space_citizen_decree_doubles_lifepods(base):
    """28: collected lifepods score 2 each."""
    state = with_board(base, civ_cards=(28,), lifepods_collected=3)
    assert breakdown(board(state), C, MASKS)["lifepods"] == 6


@pytest.mark.parametrize("held", [0, 1, 2, 3, 4])
def test_meteorite_repo_multiplies(base, held):
    """29-32: meteorites score floor(n/3) x (1 + Meteorite Repo cards held)."""
    state = with_board(base, civ_cards=tuple(range(29, 29 + held)), meteorites_collected=7)
    assert breakdown(board(state), C, MASKS)["meteorites"] == 2 * (1 + held)


@pytest.mark.parametrize(("held", "points"), [(1, 1), (2, 3), (3, 6), (4, 10)])
def test_commerce_agreement_set(base, held, points):
    """33-36: 1, 2, 3 or 4 Commerce Agreements score 1 / 3 / 6 / 10."""
    state = with_board(base, civ_cards=tuple(range(33, 33 + held)))
    assert breakdown(board(state), C, MASKS)["civ_cards"] == points


def test_a_card_of_a_rank_not_reached_is_refused(base):
    """ "take all civ cards of the corresponding rank": a rank-2 card is not a choice at rank 1."""
    state = base._with(civ_queue=((1,),), civ_piles=((1, 2), (8, 9), (15, 16), (22, 23)))
    from playbook.core import IllegalActionError

    with pytest.raises(IllegalActionError, match="rank 1"):
        state.apply(ChooseCivCard(8))
