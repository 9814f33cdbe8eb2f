"""One test per rulebook clause; each docstring quotes the clause it pins."""

from __future__ import annotations

import pytest

from playbook.core import CHANCE
from playbook.games.offal_game import (
    INFO,
    BlindDraw,
    DieRoll,
    EndTurn,
    Roll,
    RollReserve,
    Rules,
    ShiftedOff,
    Take,
    UseCrowbar,
    UseDrainAuger,
    UseFireHose,
    UseMeatHook,
    UseRatTrap,
    new_game,
)
from playbook.games.offal_game.rulebook import fill_orders, meets_age, shift_toward_the_clog

from .helpers import (
    ALL_SERVED,
    BONE_COLLECTOR,
    BONES,
    BRAINS,
    CLASSIC,
    CLOG,
    CLOG_FULL,
    CORTEX,
    CROWBAR,
    DAY_1,
    DAY_2,
    DAY_3,
    DRAIN_AUGER,
    EMBALMING_FLUID,
    EMPTY,
    FIRE_HOSE,
    GRAVES,
    GRISTLE,
    HEARTS,
    JED,
    MARROW,
    MEAT_HOOK,
    ORDERS,
    ORGANS,
    OVER,
    RAT,
    RAT_TRAP,
    RESERVE,
    RESERVE_DIE,
    ROLL_DIE,
    SALLY,
    START,
    SUTURE,
    TURN_LIMIT,
    VENTRICLE,
    VISCERA,
    at_orders,
    balanced,
    base,
    crowbar,
    draw,
    embalm,
    hook,
    pipe,
    replace,
    run_phase1,
    take,
    trap,
)


# -- set-up --------------------------------------------------------------------------------------------------
def test_info() -> None:
    """Rulebook: "An Offal Game for 1 or 2 players" ... "1 four-sided die" ... customers face down in The Queue."""
    assert (INFO.name, INFO.min_players, INFO.max_players) == ("offal_game", 1, 2)
    assert INFO.has_chance and INFO.has_hidden_information


def test_setup_sewer_pipe_cards() -> None:
    """Rulebook: "Place the 4 Sewer Pipe cards, Gore Track, and the score markers between the Plungers": Day 1, Day 2,
    Day 3 and The Clog, all empty; both markers at $0."""
    state = new_game(2, seed=1)
    assert state.pipe == (EMPTY,) * 18 and state.clog == () and state.reserve == ()
    assert state.rules.space_cards == (0,) * 6 + (1,) * 6 + (2,) * 6
    assert state.money == (0, 0)
    assert state.rules.gore_track >= sum(c.money for c in state.rules.customers)


def test_setup_customers() -> None:
    """Rulebook: "Shuffle the customer deck and deal 2 customers to each Plunger, placing the rest in a face down draw
    pile known as 'The Queue'"."""
    state = new_game(2, seed=1)
    assert [len(c) for c in state.customers] == [2, 2]
    assert len(state.queue) == 6
    assert sorted((*state.customers[0], *state.customers[1], *state.queue)) == list(range(10))
    deals = {new_game(2, seed=s).customers for s in range(20)}
    assert len(deals) > 10  # shuffled by the seed
    solo = new_game(1, seed=1)  # the solo Plunger keeps 3 customers waiting (reconstructed solo rule)
    assert len(solo.customers) == 1 and len(solo.customers[0]) == 3 and len(solo.queue) == 7
    classic = new_game(1, seed=1, rules=CLASSIC)
    assert len(classic.customers[0]) == 2 and len(classic.queue) == 8


def test_setup_tools() -> None:
    """Rulebook: "Shuffle the tool deck and deal 3 tools to each Plunger ... The remaining tool cards will be
    placed in a tool card draw deck next to The Queue"."""
    state = new_game(2, seed=2)
    assert [len(h) for h in state.hands] == [3, 3]
    assert len(state.tool_deck) == 6 and state.tool_discard == ()
    assert sorted((*state.hands[0], *state.hands[1], *state.tool_deck)) == sorted(state.rules.tool_cards)
    assert len(state.rules.tool_cards) == 12


def test_setup_body_bags_and_bag() -> None:
    """Rulebook: "Each Plunger should take 1 body bag for each customer ... Lastly place all the body parts and rats in
    the Bag O' Parts" (10 cubes in each of 4 colours and 9 black rats)."""
    state = new_game(2, seed=3)
    assert state.bag == (10, 10, 10, 10, 9)
    assert state.filled == (0,) * 10
    assert state.cube_total() == 49


def test_deck_is_27_cards() -> None:
    """Rulebook: "The deck of 27 cards": 4 Sewer Pipe cards + Gore Track + 10 customers + 12 tools."""
    rules = Rules.standard()
    assert 4 + 1 + len(rules.customers) + len(rules.tool_cards) == 27 == rules.deck_cards


# -- phase 1 -------------------------------------------------------------------------------------------------
def test_roll_1d4_plus_waiting_customers() -> None:
    """Rulebook: "Roll 1d4 and add that value to the number of waiting customers in front of them. The Plunger will then
    blind draw that number of body parts"."""
    state = new_game(2, seed=4)
    assert state.current_player == 0 and state.legal_actions()[0] == Roll()
    state, _ = state.apply(Roll())
    assert state.phase == ROLL_DIE and state.current_player == CHANCE
    assert state.chance_outcomes() == tuple((DieRoll(v), 0.25) for v in (1, 2, 3, 4))
    state, events = state.apply(DieRoll(3))
    assert state.draws_left == 5
    assert str(events[0]) == "Turn 1: the d4 shows 3 + 2 waiting customers: 5 blind draws"
    one_customer = base(customers=((GRAVES,), (SALLY, VISCERA)), phase=ROLL_DIE)
    assert one_customer.apply(DieRoll(2))[0].draws_left == 3


def test_blind_draw_odds_follow_the_bag() -> None:
    """Rulebook: "blind draw that number of body parts from the Bag O' Parts": each draw is a chance step, each cube in
    the bag equally likely."""
    state = base(phase=ROLL_DIE).apply(DieRoll(1))[0]
    outcomes = dict(state.chance_outcomes())
    assert outcomes[BlindDraw(BONES)] == pytest.approx(10 / 49)
    assert outcomes[BlindDraw(RAT)] == pytest.approx(9 / 49)
    assert sum(outcomes.values()) == pytest.approx(1)
    after, _ = state.apply(BlindDraw(RAT))
    assert dict(after.chance_outcomes())[BlindDraw(RAT)] == pytest.approx(8 / 48)


def test_shift_existing_parts_toward_the_clog() -> None:
    """Rulebook: "Shift all existing body parts towards The Clog to make room for the incoming body parts": every part
    moves on as many spaces as parts were drawn (ruling: conveyor)."""
    state = base(pipe=pipe({0: BONES, 3: HEARTS, 6: ORGANS}))
    state, events = draw(balanced(state), [BRAINS, BRAINS])
    assert state.pipe[2] == BONES and state.pipe[5] == HEARTS and state.pipe[8] == ORGANS
    assert state.pipe[0] == BRAINS and state.pipe[1] == BRAINS
    assert "3 parts shifted toward The Clog to make room for 2" in [str(e).removeprefix("Turn 1: ") for e in events]


def test_rats_never_move() -> None:
    """Rulebook: "Rats will never move.": parts shift past a rat, skipping its space (ruling)."""
    state = balanced(base(pipe=pipe({6: RAT, 5: BONES, 4: HEARTS})))
    state, _ = draw(state, [ORGANS, ORGANS])
    assert state.pipe[6] == RAT
    # the Heart on 4 moves two free spaces: 5, (6 is the rat's) 7; the Bone on 5 moves to 8
    assert state.pipe[7] == HEARTS and state.pipe[8] == BONES
    assert state.pipe[:2] == (ORGANS, ORGANS) and state.pipe[5] == EMPTY


def test_parts_shifted_off_day_3_go_to_the_reserve() -> None:
    """Rulebook: "Set aside any body parts that are shifted off of the Day 3 card into a reserve pile." """
    state = balanced(base(pipe=pipe({14: HEARTS, 13: BONES, 12: ORGANS, 10: BRAINS})))
    state, events = draw(state, [BONES, BONES, BONES])
    assert state.phase == RESERVE and state.current_player == 0  # a tool may be played before the reserve's d4
    assert state.reserve == (HEARTS, BONES, ORGANS)  # nearest The Clog first
    assert state.apply(RollReserve())[0].phase == RESERVE_DIE
    assert state.pipe[13] == BRAINS
    shifted = [e for e in events if isinstance(e, ShiftedOff)]
    assert str(shifted[0]) == "Turn 1: 3 parts shifted off Day 3 into the reserve (Heart, Bone, Organ)"


def test_new_parts_enter_from_the_rightmost_space_of_day_1() -> None:
    """Rulebook: "Place the new body parts in the order they are drawn on the Sewer Pipe cards beginning from the
    rightmost space on the Day 1 card." (the first drawn on the rightmost space, position 0)"""
    state, _ = draw(base(), [HEARTS, BONES, BRAINS])
    assert state.pipe[:4] == (HEARTS, BONES, BRAINS, EMPTY)
    assert state.drawn == ()


def test_rats_go_on_rat_spaces_from_the_far_left_of_day_3() -> None:
    """Rulebook: "If any rats are drawn they will be placed on the Rat spaces beginning from the far left of the Day 3
    card."
    """
    state, _ = draw(base(), [RAT, BONES, RAT])
    rat_spaces = state.rules.rat_spaces
    assert rat_spaces[0] == 14  # the far left of Day 3
    assert state.pipe[14] == RAT and state.pipe[12] == RAT
    assert state.pipe[0] == BONES
    assert sum(1 for c in state.pipe if c == RAT) == 2


def test_rat_on_a_part_tosses_the_part_back() -> None:
    """Rulebook: "Any body part occupying a Rat space where a Rat will be placed, during this phase, will be removed
    and tossed back into the Bag O' Parts."
    """
    state = balanced(base(pipe=pipe({14: HEARTS})))
    hearts_in_bag = state.bag[HEARTS]
    state, events = draw(state, [RAT])
    assert state.pipe[14] == RAT
    assert state.bag[HEARTS] == hearts_in_bag + 1
    assert "the Heart there goes back in the bag" in str(events[-1])


def test_the_standard_sewer_has_room_for_every_rat() -> None:
    """Reconstructed data: the bag holds 9 rats and the Day cards 9 Rat spaces, so every rat can reach the board
    (and with all 9 down, half the pipe is still free)."""
    rules = Rules.standard()
    assert len(rules.rat_spaces) == rules.bag[RAT] == 9
    assert rules.pipe_length - len(rules.rat_spaces) == 9
    state = balanced(base(rules=rules))
    state, _ = draw(state, [RAT] * 9)
    assert sum(1 for cube in state.pipe if cube == RAT) == 9 and state.bag[RAT] == 0


def test_rat_with_every_rat_space_taken_goes_back() -> None:
    """Ruling: a rat drawn when every Rat space holds a rat goes back in the Bag O' Parts."""
    rats = {p: RAT for p in CLASSIC.rat_spaces}
    state = balanced(base(pipe=pipe(rats), bag=(10, 10, 10, 10, 3)))
    state, events = draw(state, [RAT])
    assert state.bag[RAT] == 3 and state.cube_total() == 49
    assert "every Rat space holds a rat" in str(events[-1])


def test_reserve_roll_places_parts_on_the_clog() -> None:
    """Rulebook: "Roll 1d4 and place that many reserved Day 3 parts on The Clog card spaces, tossing the rest
    back in the Bag O' Parts."
    """
    state = balanced(base(pipe=pipe({14: HEARTS, 13: BONES, 11: ORGANS})))
    state, _ = draw(state, [BRAINS] * 4)
    state = state.apply(RollReserve())[0]
    assert state.reserve == (HEARTS, BONES, ORGANS)
    bag = state.bag
    assert state.chance_outcomes() == tuple((DieRoll(v), 0.25) for v in (1, 2, 3, 4))
    after, events = state.apply(DieRoll(2))
    assert after.clog == (HEARTS, BONES) and after.reserve == ()
    assert after.bag[ORGANS] == bag[ORGANS] + 1
    assert after.phase == ORDERS
    assert str(events[0]) == "Turn 1: the d4 shows 2: 2 reserved parts onto The Clog, 1 back in the bag"


def test_tools_at_any_point_of_the_turn_even_before_the_reserves_d4() -> None:
    """Rulebook: "Each Plunger may use one of their tool cards at any point during their turn": after the blind
    draws and before the reserve's d4 too, the moment the Drain Auger and the Fire Hose matter most."""
    clog = (HEARTS, HEARTS, BONES, BONES, ORGANS, ORGANS)
    setup = pipe({14: HEARTS, 13: BONES, 12: ORGANS})
    state = balanced(base(pipe=setup, clog=clog, hands=((DRAIN_AUGER, FIRE_HOSE, MEAT_HOOK), (0, 1, 2))))
    state, _ = draw(state, [BRAINS] * 3)
    assert state.phase == RESERVE and state.reserve == (HEARTS, BONES, ORGANS)
    legal = state.legal_actions()
    assert RollReserve() in legal and UseFireHose() in legal and UseDrainAuger(HEARTS) in legal
    assert not any(isinstance(a, UseMeatHook) for a in legal)  # Phase 2 tools wait for Phase 2
    # Drain Auger first: two Hearts off The Clog, then the d4 (4) puts all three reserved parts on it
    augered, _ = state.apply(UseDrainAuger(HEARTS))
    assert augered.phase == RESERVE_DIE and augered.clog == (BONES, BONES, ORGANS, ORGANS)
    after, _ = augered.apply(DieRoll(4))
    assert after.clog == (BONES, BONES, ORGANS, ORGANS, HEARTS, BONES, ORGANS) and after.phase == ORDERS
    # Fire Hose instead: the reserve washes back into the bag and The Clog stays at 6 of 7
    hosed, events = state.apply(UseFireHose())
    assert hosed.phase == ORDERS and hosed.clog == clog and hosed.reserve == () and not hosed.clog_full
    assert "washes the reserve away" in str(events[-1])
    # without a tool that could be played now, no pause: the d4 is rolled at once
    no_tool, _ = draw(replace(balanced(base(pipe=setup)), hands=((MEAT_HOOK,) * 3, (0, 1, 2))), [BRAINS] * 3)
    assert no_tool.phase == RESERVE_DIE


def test_no_reserve_no_second_roll() -> None:
    """Ruling: with nothing in the reserve the second d4 is not rolled; Phase 2 begins."""
    state, _ = draw(base(), [BONES])
    assert state.phase == ORDERS and state.current_player == 0


def test_empty_bag_loses_the_remaining_draws() -> None:
    """Ruling: when the Bag O' Parts is empty, the remaining blind draws of the turn are lost. (The standard
    bag cannot run dry: pipe 15 + Clog 7 + partial orders 20 + one turn's 6 draws < 49; a variant can.)"""
    state = replace(base(phase=ROLL_DIE), bag=(1, 0, 0, 0, 0))  # the bag run down in play, not a variant's rules
    state, _ = state.apply(DieRoll(1))  # 1 + 2 customers = 3 draws, one cube in the bag
    state, events = state.apply(BlindDraw(BONES))
    assert "the Bag O' Parts is empty; 2 draws are lost" in [str(e).removeprefix("Turn 1: ") for e in events]
    assert state.phase == ORDERS and state.pipe[0] == BONES and state.cube_total() == 1


# -- phase 2 -------------------------------------------------------------------------------------------------
def test_take_all_of_one_type_on_one_card() -> None:
    """Rulebook: "To fill an order a Plunger must choose all of any of 1 type of body parts on any one Sewer card
    (meeting the desired aging requirement) placing those parts in the customer's body bag."
    """
    state = at_orders(
        customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)),
        pipe=pipe({5: HEARTS, 7: HEARTS, 8: BONES, 11: HEARTS}),
    )
    after, _ = state.apply(take(DAY_2, HEARTS, VENTRICLE))
    assert after.pipe[5] == after.pipe[7] == EMPTY and after.pipe[8] == BONES and after.pipe[11] == HEARTS
    assert after.filled[VENTRICLE] == 2


def test_age_requirement_at_least() -> None:
    """Rulebook: "meeting the desired aging requirement": a part on Day N is N days old; an order for Day 2 takes parts
    on Day 2, Day 3 or The Clog, not Day 1 (ruling ``age_match="at_least"``)."""
    assert [meets_age(card, 2) for card in range(4)] == [False, True, True, True]
    state = at_orders(
        customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)),
        pipe=pipe({0: HEARTS, 12: HEARTS}),
        clog=(HEARTS,),
    )
    legal = state.legal_actions()
    assert take(DAY_1, HEARTS, VENTRICLE) not in legal
    assert take(DAY_1, HEARTS, SALLY) in legal
    assert take(DAY_3, HEARTS, VENTRICLE) in legal
    assert take(CLOG, HEARTS, VENTRICLE) in legal


def test_age_requirement_exact_variant() -> None:
    """Rules option ``age_match="exact"``: "aged to the right amount of time" read as exactly that Day card."""
    rules = replace(Rules.standard(), age_match="exact")
    assert [meets_age(card, 2, "exact") for card in range(4)] == [False, True, False, False]
    state = at_orders(
        rules=rules, customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)), pipe=pipe({6: HEARTS, 12: HEARTS})
    )
    legal = state.legal_actions()
    assert take(DAY_2, HEARTS, VENTRICLE) in legal
    assert take(DAY_3, HEARTS, VENTRICLE) not in legal


def test_clog_not_takeable_variant() -> None:
    """Rules option ``clog_takeable=False``: The Clog's parts cannot fill orders."""
    rules = replace(Rules.standard(), clog_takeable=False)
    state = at_orders(rules=rules, customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)), clog=(HEARTS,))
    assert not any(isinstance(a, Take) for a in state.legal_actions())


def test_extra_parts_go_back_in_the_bag() -> None:
    """Rulebook: "Any extra body parts not needed for the orders go back in the Bag O' Parts." """
    assert fill_orders(5, (2, 1)) == ((2, 1), 2)
    state = at_orders(
        customers=((MARROW, SALLY), (GRAVES, VISCERA)), pipe=pipe({10: BONES, 11: BONES, 12: BONES, 13: BONES})
    )
    bones = state.bag[BONES]
    after, events = state.apply(take(DAY_3, BONES, MARROW))
    # Marrow wants 2: filled, scores, and his 2 parts plus the 2 extra go back in the bag
    assert after.bag[BONES] == bones + 4
    assert "2 back in the bag" in str(events[0])


def test_one_take_fills_several_orders_and_several_takes_a_turn() -> None:
    """Rulebook: "Plungers may use the body parts to attempt to fill 1, 2 or more customer orders as long as the body
    parts are of the desired type and aging."
    """
    state = at_orders(
        customers=((SUTURE, VENTRICLE), (GRAVES, VISCERA)),
        pipe=pipe({10: HEARTS, 11: HEARTS, 13: HEARTS, 0: BONES}),
        clog=(HEARTS, HEARTS),
    )
    after, _ = state.apply(take(DAY_3, HEARTS, SUTURE, VENTRICLE))
    assert after.money[0] == 7  # Suture (3 Hearts, Day 3) filled
    assert after.filled[VENTRICLE] == 0
    after2, _ = after.apply(take(CLOG, HEARTS, VENTRICLE))  # a second take in the same turn
    assert after2.filled[VENTRICLE] == 2 and after2.clog == ()


def test_partial_orders_wait_in_their_body_bag() -> None:
    """Ruling: a partly filled order keeps its parts in the body bag across turns."""
    state = at_orders(customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)), pipe=pipe({6: HEARTS}))
    state, _ = state.apply(take(DAY_2, HEARTS, VENTRICLE))
    state, _ = state.apply(EndTurn())
    assert state.filled[VENTRICLE] == 1 and state.seat == 1


def test_complete_order_scores_its_money() -> None:
    """Rulebook: "If a customer's complete order is filled the Plunger scores the money value, indicated in the lower
    right corner of the customer card, on the Gore Track."
    """
    state = at_orders(customers=((CORTEX, SALLY), (GRAVES, VISCERA)), pipe=pipe({1: BRAINS, 2: BRAINS}))
    after, events = state.apply(take(DAY_1, BRAINS, CORTEX))
    assert after.money == (2, 0) and after.served[0] == (CORTEX,)
    assert "fills Professor Cortex's order: +$2 on the Gore Track (now $2)" in str(events[1])


def test_complete_order_parts_go_back_in_the_bag() -> None:
    """Rulebook: "All body parts from this order are then tossed back in the Bag O' Parts." """
    state = at_orders(
        customers=((CORTEX, SALLY), (GRAVES, VISCERA)), pipe=pipe({1: BRAINS}), filled=(0,) * 5 + (1,) + (0,) * 4
    )
    brains = state.bag[BRAINS]
    after, _ = state.apply(take(DAY_1, BRAINS, CORTEX))
    assert after.filled[CORTEX] == 0 and after.bag[BRAINS] == brains + 2
    assert after.cube_total() == 49


def test_new_customer_from_the_queue() -> None:
    """Rulebook: "A new customer is then drawn from The Queue." """
    state = at_orders(customers=((CORTEX, SALLY), (GRAVES, VISCERA)), pipe=pipe({1: BRAINS, 2: BRAINS}))
    top = state.queue[0]
    after, events = state.apply(take(DAY_1, BRAINS, CORTEX))
    assert after.customers[0] == (top, SALLY) and after.queue == state.queue[1:]
    assert "comes from The Queue to Plunger 1" in str(events[2])


def test_turns_alternate_and_end_turn_ends_phase_2() -> None:
    """Turns alternate between the Plungers; an explicit EndTurn ends Phase 2 (and the turn)."""
    state = at_orders()
    assert EndTurn() in state.legal_actions()
    state, _events = state.apply(EndTurn())
    assert (state.round, state.seat, state.phase) == (2, 1, START)
    state = replace(state, phase=ORDERS).apply(EndTurn())[0]
    assert (state.round, state.seat) == (3, 0)
    solo = at_orders(1).apply(EndTurn())[0]
    assert (solo.round, solo.seat) == (2, 0)


# -- tools ---------------------------------------------------------------------------------------------------
def test_one_tool_at_any_point_of_the_turn() -> None:
    """Rulebook: "Each Plunger may use one of their tool cards at any point during their turn.": before the roll or in
    Phase 2, one per turn."""
    state = balanced(base(hands=((RAT_TRAP, RAT_TRAP, CROWBAR), (0, 1, 2)), pipe=pipe({14: RAT, 12: RAT})))
    before_roll = [a for a in state.legal_actions() if isinstance(a, UseRatTrap)]
    assert before_roll == [trap(12), trap(14)]
    after, _ = state.apply(trap(14))
    assert after.tool_used and not any(isinstance(a, UseRatTrap | UseCrowbar) for a in after.legal_actions())
    in_phase_2 = replace(state, phase=ORDERS)
    assert trap(12) in in_phase_2.legal_actions()


def test_played_tool_is_discarded_and_replaced() -> None:
    """Rulebook: "Once played, the card will be placed on a discard pile next to the tool card draw pile and a new card
    is drawn."
    """
    state = balanced(base(hands=((RAT_TRAP, DRAIN_AUGER, CROWBAR), (0, 1, 2)), pipe=pipe({14: RAT})))
    top = state.tool_deck[0]
    after, events = state.apply(trap(14))
    assert after.tool_discard == (RAT_TRAP,)
    assert after.hands[0] == tuple(sorted((DRAIN_AUGER, CROWBAR, top)))
    assert after.tool_deck == state.tool_deck[1:]
    assert "draws a new tool" in str(events[1])


def test_empty_tool_deck_reshuffles_the_discards() -> None:
    """Ruling: an empty tool deck is made again by shuffling the discard pile (with the tool just played),
    the order coming from the seed stored in the state."""
    state = balanced(
        base(
            hands=((RAT_TRAP, DRAIN_AUGER, CROWBAR), (0, 1, 2)), pipe=pipe({14: RAT}), tool_deck=(), tool_discard=(4, 5)
        )
    )
    after, events = state.apply(trap(14))
    assert after.reshuffles == 1 and after.tool_discard == ()
    assert len(after.hands[0]) == 3 and len(after.tool_deck) == 2
    assert sorted((*after.tool_deck, *after.hands[0])) == sorted((4, 5, RAT_TRAP, DRAIN_AUGER, CROWBAR))
    assert after == state.apply(trap(14))[0]  # deterministic
    assert "shuffled into a new deck" in str(events[1])


def test_tool_rat_trap() -> None:
    """Tool Rat Trap: "Take one rat off its Rat space and toss it back in the Bag O' Parts." """
    state = balanced(base(hands=((RAT_TRAP, 1, 2), (0, 1, 2)), pipe=pipe({12: RAT})))
    after, _ = state.apply(trap(12))
    assert after.pipe[12] == EMPTY and after.bag[RAT] == state.bag[RAT] + 1


def test_tool_drain_auger() -> None:
    """Tool Drain Auger: "Toss every part of one type on The Clog back in the Bag O' Parts." """
    state = balanced(base(hands=((DRAIN_AUGER, 0, 2), (0, 1, 2)), clog=(HEARTS, BONES, HEARTS)))
    assert [a for a in state.legal_actions() if isinstance(a, UseDrainAuger)] == [
        UseDrainAuger(BONES),
        UseDrainAuger(HEARTS),
    ]
    after, _ = state.apply(UseDrainAuger(HEARTS))
    assert after.clog == (BONES,) and after.bag[HEARTS] == state.bag[HEARTS] + 2


def test_tool_fire_hose() -> None:
    """Tool Fire Hose: "Before Phase 1 only: this turn every reserved Day 3 part goes back in the bag; none
    reaches The Clog."
    """
    state = balanced(base(hands=((FIRE_HOSE, 0, 1), (0, 1, 2)), pipe=pipe({14: HEARTS, 13: BONES})))
    assert UseFireHose() in state.legal_actions()
    assert UseFireHose() not in replace(state, phase=ORDERS).legal_actions()
    hosed, _ = state.apply(UseFireHose())
    after, events = draw(hosed, [ORGANS, ORGANS])
    assert after.phase == ORDERS and after.clog == () and after.reserve == ()
    assert after.cube_total() == 49
    assert "the Fire Hose washes the reserve away: 0 reserved parts onto The Clog, 2 back in the bag" in str(events[-1])


def test_tool_meat_hook() -> None:
    """Tool Meat Hook: "Phase 2: hook a single part (not all of its type) off one card into a body bag; age
    still counts."
    """
    state = at_orders(
        hands=((MEAT_HOOK, 0, 1), (0, 1, 2)),
        customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)),
        pipe=pipe({6: HEARTS, 7: HEARTS, 0: HEARTS}),
    )
    assert hook(DAY_1, HEARTS, VENTRICLE) not in state.legal_actions()  # too young
    assert hook(DAY_2, HEARTS, VENTRICLE) not in replace(state, phase=START).legal_actions()
    after, _ = state.apply(hook(DAY_2, HEARTS, VENTRICLE))
    assert after.filled[VENTRICLE] == 1
    assert sum(1 for c in after.pipe[5:10] if c == HEARTS) == 1


def test_tool_embalming_fluid() -> None:
    """Tool Embalming Fluid: "Phase 2: fill orders as usual from one card, ignoring the age requirement." """
    state = at_orders(
        hands=((EMBALMING_FLUID, 0, 1), (0, 1, 2)),
        customers=((SUTURE, SALLY), (GRAVES, VISCERA)),
        pipe=pipe({0: HEARTS, 1: HEARTS, 2: HEARTS}),
    )
    assert take(DAY_1, HEARTS, SUTURE) not in state.legal_actions()
    after, _ = state.apply(embalm(DAY_1, HEARTS, SUTURE))
    assert after.money[0] == 7 and after.served[0] == (SUTURE,)


def test_tool_crowbar() -> None:
    """Tool Crowbar: "Send one of your customers to the bottom of The Queue (its body bag empties into the
    bag); take the top customer."
    """
    state = at_orders(
        hands=((CROWBAR, 0, 1), (0, 1, 2)),
        customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)),
        queue=(JED, BONE_COLLECTOR, GRISTLE, MARROW, SUTURE, CORTEX),
        filled=(0,) * 6 + (2,) + (0,) * 3,
    )
    after, _ = state.apply(crowbar(VENTRICLE))
    assert after.customers[0] == (JED, SALLY)
    assert after.queue == (BONE_COLLECTOR, GRISTLE, MARROW, SUTURE, CORTEX, VENTRICLE)
    assert after.filled[VENTRICLE] == 0 and after.bag[HEARTS] == state.bag[HEARTS] + 2
    assert not any(isinstance(a, UseCrowbar) for a in replace(state, queue=()).legal_actions())


# -- game end ------------------------------------------------------------------------------------------------
def test_game_ends_when_the_clog_is_full_after_the_turn() -> None:
    """Rulebook: "a. The Clog card has become full of body parts. In this case, the current Plunger finishes their turn
    and any final scoring is marked."
    """
    state = balanced(
        base(
            clog=(BONES,) * 5,
            pipe=pipe({14: ORGANS, 13: ORGANS, 12: BRAINS}),
            customers=((CORTEX, SALLY), (GRAVES, VISCERA)),
        )
    )
    state, events = run_phase1(state, [BRAINS, BRAINS, BRAINS], reserve_die=4)
    assert state.clog_full and len(state.clog) == 7 and not state.is_terminal
    assert "The Clog is full; Plunger 1 finishes this turn, then the game ends" in str(events[-1])
    state, _ = state.apply(take(DAY_1, BRAINS, CORTEX))  # still this Plunger's turn: final scoring
    assert state.money[0] == 2 and not state.is_terminal
    state, events = state.apply(EndTurn())
    assert state.is_terminal and state.end == CLOG_FULL and state.current_player is None
    assert state.winners() == (0,)
    assert str(events[-1]) == "Turn 1: game over because The Clog is full: Plunger 1 $2, Plunger 2 $0; Plunger 1 wins"


def test_clog_end_stands_when_cleared() -> None:
    """Ruling: once The Clog has become full the end stands, even if Phase 2 clears it."""
    state = at_orders(clog=(HEARTS,) * 7, clog_full=True, customers=((VENTRICLE, SALLY), (GRAVES, VISCERA)))
    state, _ = state.apply(take(CLOG, HEARTS, VENTRICLE, SALLY))
    assert state.clog == ()
    assert state.apply(EndTurn())[0].end == CLOG_FULL


def test_game_ends_when_all_customers_are_served() -> None:
    """Rulebook: "b. All 10 customers have had their orders filled.": at once, with the order that served the last."""
    state = at_orders(
        customers=((CORTEX,), ()),
        queue=(),
        served=((0, 1, 2, 3, 4), (6, 7, 8, 9)),
        money=(28, 24),
        pipe=pipe({1: BRAINS, 2: BRAINS}),
    )
    state, _events = state.apply(take(DAY_1, BRAINS, CORTEX))
    assert state.is_terminal and state.end == ALL_SERVED and state.phase == OVER
    assert state.money == (30, 24) and state.winners() == (0,)
    assert state.legal_actions() == ()


def test_most_money_wins_and_ties_share() -> None:
    """Rulebook: "The Plunger who has earned the most money is declared the winner" (ruling: ties share the
    promotion)."""
    over = replace(new_game(2, seed=1), phase=OVER, end=CLOG_FULL, money=(5, 9))
    assert over.winners() == (1,) and over.scores() == (5.0, 9.0)
    assert replace(over, money=(7, 7)).winners() == (0, 1)
    assert replace(over, phase=ORDERS).winners() == ()


def test_solo_mode_target() -> None:
    """Rulebook: "This game can be played solo as well." Solo (not printed, designed): a race against The Clog; the
    Plunger wins if the game ends with at least ``solo_target`` dollars."""
    rules = Rules.standard()
    over = replace(new_game(1, seed=1), phase=OVER, end=CLOG_FULL, money=(rules.solo_target,))
    assert over.winners() == (0,)
    assert replace(over, money=(rules.solo_target - 1,)).winners() == ()


def test_turn_limit_safety_stop() -> None:
    """Ruling: a safety stop ends the game after ``max_turns`` turns."""
    state = at_orders(turn=60)
    state, _ = state.apply(EndTurn())
    assert state.is_terminal and state.end == TURN_LIMIT


# -- rules options -------------------------------------------------------------------------------------------
def test_shift_compact_variant() -> None:
    """Rules option ``shift="compact"``: gaps close first; parts move only as far as needed to make room."""
    cells = pipe({0: BONES, 5: HEARTS})
    conveyor, _ = shift_toward_the_clog(cells, 2, "conveyor")
    compact, _ = shift_toward_the_clog(cells, 2, "compact")
    assert conveyor[2] == BONES and conveyor[7] == HEARTS
    assert compact[2] == BONES and compact[5] == HEARTS
    full = pipe({p: BONES for p in range(15)})
    assert shift_toward_the_clog(full, 3, "compact")[1] == (BONES,) * 3


def test_more_parts_than_free_spaces_pass_into_the_reserve() -> None:
    """Ruling: parts drawn beyond the pipe's free spaces pass straight into the reserve (last drawn)."""
    rules = replace(Rules.standard(), day_spaces=(1, 1, 1), rat_spaces=(2,))
    state = balanced(base(rules=rules, pipe=(EMPTY,) * 3))
    state, _ = draw(state, [BONES, ORGANS, BRAINS, HEARTS])
    assert state.pipe == (BONES, ORGANS, BRAINS) and state.reserve == (HEARTS,)
