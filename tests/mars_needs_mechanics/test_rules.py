"""One test per clause of the Mars Needs Mechanics rulebook; each docstring quotes its clause verbatim.

Every situation is built exactly with ``State._replace`` on ``new_game`` output (see ``helpers.base``), then
``apply`` is called and both the new state and the events are checked.
"""

from __future__ import annotations

import dataclasses

import pytest

from playbook.core.errors import IllegalActionError
from playbook.games.mars_needs_mechanics import (
    NUM_TYPES,
    BreakDown,
    Build,
    Built,
    Buy,
    DoneSelling,
    EndTurn,
    Pass,
    Phase,
    Rules,
    SellSet,
    adjust_values,
    new_game,
    tie_break_order,
)

from .helpers import (
    AETHER,
    BOILER,
    COIL,
    EMPTY,
    GEAR,
    IN_ORDER,
    LENS,
    PISTON,
    WIRE,
    base,
    cost,
    end_round_by_passing,
    hand,
    kinds,
    mech,
    of_kind,
    rules_with,
    with_hand,
)

PLAY, SELL, OVER = Phase.PLAY, Phase.SELL, Phase.OVER

STANDARD = Rules.standard()
XRAY = mech(STANDARD, "x_ray_goggles")
ENGINE = mech(STANDARD, "difference_engine")
BOOSTER = mech(STANDARD, "rocket_booster")
DRIVE = mech(STANDARD, "aether_drive")


# --- Set Up -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_two_scrap_each(players: int) -> None:
    """1. Each contestant receives two Scrap Metal cards. Additional Scrap Metal will not be used and should be
    returned to the box."""
    state = new_game(players, seed=1)
    assert state.scrap == (2,) * players
    assert sum(state.scrap) == 2 * players <= 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_thirty_public_cogs_each(players: int) -> None:
    """2. Give 30 cogs to each contestant and place the remaining supply next to the board. These cogs will be
    used during the competition as currency. A contestant's cogs are public information and as such may be seen
    by all."""
    state = new_game(players, seed=2)
    assert state.cogs == (30,) * players
    for seat in range(players):
        assert state.observation(seat)["cogs"] == [30] * players


def test_setup_starter_mechanisms() -> None:
    """3. ... If this is your first contest, use the Starter Mechanisms (X-Ray Goggles, Difference Engine, Rocket
    Booster, Aether Drive)."""
    state = new_game(2, seed=3)
    names = {state.rules.mechanism(key).name for key in state.rules.in_play}
    assert names == {"X-Ray Goggles", "Difference Engine", "Rocket Booster", "Aether Drive"}
    assert sorted(state.observation(0)["mechanisms"]) == sorted(state.rules.in_play)


def test_setup_tokens_in_random_order() -> None:
    """4. Randomly place the 7 Component Tokens on the 7 spaces of the Order Line that have numbers."""
    orders = {new_game(2, seed=seed).order for seed in range(30)}
    for order in orders:
        assert sorted(order) == list(range(7))
    assert len(orders) > 20  # random, not a fixed arrangement
    assert new_game(2, seed=5).order == new_game(2, seed=5).order  # ... but reproducible from the seed


def test_setup_values_at_five() -> None:
    """5. Place the Value Markers on their corresponding rows on the board, each on a value of 5."""
    state = new_game(3, seed=4)
    assert state.values == (5,) * 7
    assert state.observation(1)["values"] == [5] * 7


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_three_secret_cards_each(players: int) -> None:
    """6. Shuffle the Components Deck and hand out three Component cards to each contestant. These cards may be
    viewed by their owners, but are to be kept secret during the contest. Place the rest of the deck face down
    next to the board."""
    state = new_game(players, seed=6)
    assert [sum(h) for h in state.hands] == [3] * players
    assert len(state.deck) == 56 - 3 * players - 8
    for seat in range(players):
        obs = state.observation(seat)
        assert obs["hand"] == list(state.hands[seat])
        assert "hands" not in obs and "deck" not in obs


def test_setup_market_of_eight() -> None:
    """7. Draw 8 Components from the top of the Component Deck and place them face up in a line. These cards
    represent the components the Academy has made available during the first round. From here on out, this line
    of cards will be know as "the market." """
    state = new_game(2, seed=8)
    assert len(state.market) == 8
    counts = [0] * NUM_TYPES
    for card in (*state.deck, *state.market):
        counts[card] += 1
    for h in state.hands:
        counts = [c + n for c, n in zip(counts, h, strict=True)]
    assert counts == [8] * NUM_TYPES  # 56 component cards: nothing lost or invented
    assert state.observation(0)["market"] == list(state.market)


def test_setup_first_player_marker() -> None:
    """8. The First Player Marker is given to the contestant with the best English accent."""
    firsts = {new_game(4, seed=seed).first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}  # a seeded random seat (the ruling for "best English accent")
    for seed in range(10):
        state = new_game(3, seed=seed)
        assert state.seat == state.first_player
    chosen = dataclasses.replace(Rules.standard(), first_player=2)
    assert new_game(3, seed=1, rules=chosen).first_player == 2


# --- The Rules: playing a turn ------------------------------------------------------------------------------


def test_play_passes_to_the_left() -> None:
    """During the round, players will take turns, with play passing to the left."""
    state = base(3, seat=1, first_player=1)
    state, events = state.apply(Pass())
    assert state.seat == 2 and kinds(events) == ["passed"]
    state = state._replace(passes_in_row=0)
    state, _ = state.apply(Pass())
    assert state.seat == 0  # from the last seat, play passes around to seat 0


def test_turn_must_take_a_primary_action() -> None:
    """On your turn, you must take a Primary Action and may take Optional Actions."""
    state = with_hand(base(2), 0, cost(STANDARD, "x_ray_goggles"))
    legal = state.legal_actions()
    assert Pass() in legal and EndTurn() not in legal
    with pytest.raises(IllegalActionError, match="Primary Action"):
        state.apply(EndTurn())
    built, _ = state.apply(Build(XRAY))  # an Optional Action first ...
    assert built.seat == 0 and not built.primary_done  # ... and the turn still waits for the Primary Action
    assert EndTurn() not in built.legal_actions()


def test_primary_action_is_purchase_or_pass_once() -> None:
    """Primary Action (must be taken): either Purchase a component, or Pass."""
    state = with_hand(base(2, market=(GEAR, LENS)), 0, cost(STANDARD, "x_ray_goggles"))
    assert {a for a in state.legal_actions() if isinstance(a, Buy | Pass)} == {Buy(GEAR), Buy(LENS), Pass()}
    after, _ = state.apply(Buy(GEAR))
    assert after.seat == 0 and after.primary_done  # a Build is still possible
    assert not any(isinstance(a, Buy | Pass) for a in after.legal_actions())
    with pytest.raises(IllegalActionError, match="once"):
        after.apply(Buy(LENS))


def test_purchase_pays_current_value_and_takes_card() -> None:
    """Select a component card from the market and pay its current value in cogs. Then place the card into your
    hand."""
    values = (5, 5, 7, 5, 5, 5, 5)
    state = base(2, market=(LENS, LENS, BOILER), values=values)
    after, events = state.apply(Buy(LENS))
    assert after.cogs == (23, 30)
    assert after.hands[0][LENS] == 1
    assert sorted(after.market) == sorted((LENS, BOILER))
    purchased = of_kind(events, "purchased")[0]
    assert (purchased.seat, purchased.component, purchased.price) == (0, "Lens", 7)
    assert after.purchases_this_round == 1


def test_purchase_never_on_debt() -> None:
    """You may not go into debt or borrow cogs from other contestants in order to pay for a component."""
    state = base(2, market=(GEAR,), cogs=(4, 30))
    assert Buy(GEAR) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="You may not go into debt"):
        state.apply(Buy(GEAR))
    exact, _ = state._replace(cogs=(5, 30)).apply(Buy(GEAR))
    assert exact.cogs == (0, 30)  # paying every last cog is allowed, going below zero is not


def test_purchase_moves_token_to_front() -> None:
    """Immediately after purchasing the component, you must move its corresponding Component Token to the front
    of the Order Line."""
    state = base(2, market=(BOILER,), order=IN_ORDER)
    after, events = state.apply(Buy(BOILER))
    assert after.order == (BOILER, AETHER, WIRE, LENS, GEAR, COIL, PISTON)
    assert of_kind(events, "purchased")[0].token_moved


def test_purchase_token_already_at_front_stays() -> None:
    """Note: If the token for the component you purchased is already at the front of the line, it does not
    move."""
    state = base(2, market=(AETHER, WIRE), order=IN_ORDER)
    after, _ = state.apply(Buy(AETHER))
    assert after.order == IN_ORDER


def test_passing_still_allows_optional_actions() -> None:
    """Announce that you are passing, which means you will not be purchasing a component this turn. You may
    still take Optional Actions."""
    state = with_hand(base(2), 0, cost(STANDARD, "x_ray_goggles"))
    passed, events = state.apply(Pass())
    assert kinds(events) == ["passed"]
    assert passed.seat == 0 and passed.primary_done and passed.passes_in_row == 1
    assert Build(XRAY) in passed.legal_actions() and EndTurn() in passed.legal_actions()
    built, events = passed.apply(Build(XRAY))
    assert kinds(events) == ["mechanism_built"]
    assert built.seat == 1  # nothing optional is left: the turn closes by itself
    assert built.passes_in_row == 1  # building does not break the run of passes


def test_passing_then_resume_play_normally() -> None:
    """When it is your turn again, you may resume play normally, purchasing a component or passing again as you
    like."""
    state = base(2, market=(GEAR, GEAR, LENS))
    state, _ = state.apply(Pass())
    state, _ = state.apply(Buy(LENS))
    assert state.seat == 0
    assert Buy(GEAR) in state.legal_actions() and Pass() in state.legal_actions()
    state, events = state.apply(Buy(GEAR))
    assert of_kind(events, "purchased")[0].seat == 0


# --- Building and breaking down --------------------------------------------------------------------------------


def test_build_lays_the_cost_from_hand() -> None:
    """Announce which mechanism you are building and lay the required components from your hand on the table face
    up in front of you. The mechanism is now built and is functional."""
    state = with_hand(base(2), 0, hand(boiler=3, piston=1, gear=1))
    built, events = state.apply(Build(BOOSTER))
    assert built.hands[0] == hand(boiler=1, gear=1)
    assert built.built[0] == (Built(BOOSTER, cost(STANDARD, "rocket_booster")),)
    event = of_kind(events, "mechanism_built")[0]
    assert (event.seat, event.mechanism, event.cards) == (0, "Rocket Booster", 3)
    assert built.price(0, GEAR) == 4  # functional at once: the Rocket Booster's discount applies
    assert built.observation(1)["built"] == [["rocket_booster"], []]  # face up: every seat sees it


def test_build_only_mechanisms_chosen_at_setup() -> None:
    """Only mechanisms made available during Set Up may be built (see Set Up)."""
    governor = mech(STANDARD, "governor")
    state = with_hand(base(2), 0, cost(STANDARD, "governor"))
    assert Build(governor) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Only mechanisms made available during Set Up may be built"):
        state.apply(Build(governor))
    allowed = with_hand(base(2, rules=rules_with("governor")), 0, cost(STANDARD, "governor"))
    assert Build(governor) in allowed.legal_actions()


def test_break_down_returns_components_to_hand() -> None:
    """Announce that you are breaking down a mechanism. Then return its components to your hand. That mechanism is
    now broken down and ceases to function."""
    booster_cost = cost(STANDARD, "rocket_booster")
    state = base(2, built=((Built(BOOSTER, booster_cost),), ()), hands=(hand(gear=1), EMPTY))
    assert state.price(0, GEAR) == 4
    broken, events = state.apply(BreakDown(BOOSTER))
    assert broken.hands[0] == hand(gear=1, boiler=2, piston=1)
    assert broken.built[0] == ()
    assert kinds(events) == ["mechanism_broken_down"]
    assert broken.price(0, GEAR) == 5  # it ceases to function


def test_build_once_on_a_turn() -> None:
    """You may build a mechanism once on a turn."""
    rules = rules_with("x_ray_goggles", "automaton")
    automaton = mech(rules, "automaton")
    state = with_hand(base(2, rules=rules), 0, hand(lens=3, wire=2, gear=2))
    assert {Build(XRAY), Build(automaton)} <= set(state.legal_actions())
    once, _ = state.apply(Build(XRAY))
    assert Build(automaton) not in once.legal_actions()  # the Automaton could stand beside it, but not this turn
    with pytest.raises(IllegalActionError, match="You may build a mechanism once on a turn"):
        once.apply(Build(automaton))


def test_break_down_once_on_a_turn() -> None:
    """You may break down a mechanism once on a turn."""
    built = (Built(XRAY, cost(STANDARD, "x_ray_goggles")), Built(ENGINE, cost(STANDARD, "difference_engine")))
    state = base(2, built=(built, ()))
    once, _ = state.apply(BreakDown(XRAY))
    assert BreakDown(ENGINE) not in once.legal_actions()
    with pytest.raises(IllegalActionError, match="You may break down a mechanism once on a turn"):
        once.apply(BreakDown(ENGINE))


def test_several_players_may_build_the_same_mechanism() -> None:
    """More than one player can have the same mechanism built at the same time."""
    goggles = Built(XRAY, cost(STANDARD, "x_ray_goggles"))
    state = base(3, built=((), (goggles,), (goggles,)), hands=(cost(STANDARD, "x_ray_goggles"), EMPTY, EMPTY))
    after, _ = state.apply(Build(XRAY))
    assert [[b.mechanism for b in seat] for seat in after.built] == [[XRAY], [XRAY], [XRAY]]


def test_build_at_any_point_of_the_turn() -> None:
    """You may build and/or break down a mechanism at any point during your turn."""
    start = with_hand(base(2, market=(GEAR, LENS)), 0, cost(STANDARD, "x_ray_goggles"))
    before, _ = start.apply(Build(XRAY))  # before the Primary Action
    before, _ = before.apply(Buy(GEAR))
    after, _ = start.apply(Buy(GEAR))  # after the Primary Action
    after, _ = after.apply(Build(XRAY))
    for state in (before, after):
        assert state.built[0] == (Built(XRAY, cost(STANDARD, "x_ray_goggles")),)
        assert state.hands[0] == hand(gear=1)
        assert state.seat == 1


def test_not_build_and_break_down_same_mechanism_in_a_turn() -> None:
    """You may not build and break down the same mechanism on the same turn."""
    state = with_hand(base(2), 0, cost(STANDARD, "x_ray_goggles"))
    built, _ = state.apply(Build(XRAY))
    built = built._replace(seat=0)  # still seat 0's turn (the built_this_turn mark is kept)
    assert built.built_this_turn == XRAY
    with pytest.raises(IllegalActionError, match="You may not build and break down the same mechanism"):
        built.apply(BreakDown(XRAY))
    goggles = Built(XRAY, cost(STANDARD, "x_ray_goggles"))
    broken, _ = base(2, built=((goggles,), ())).apply(BreakDown(XRAY))
    assert Build(XRAY) not in broken.legal_actions()
    with pytest.raises(IllegalActionError, match="You may not build and break down the same mechanism"):
        broken.apply(Build(XRAY))


def test_one_mechanism_built_at_a_time() -> None:
    """You can only have one mechanism built at a time unless otherwise noted on a mechanism card."""
    goggles = Built(XRAY, cost(STANDARD, "x_ray_goggles"))
    state = base(2, built=((goggles,), ()), hands=(cost(STANDARD, "rocket_booster"), EMPTY))
    assert Build(BOOSTER) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="You can only have one mechanism built at a time"):
        state.apply(Build(BOOSTER))
    swapped, _ = state.apply(BreakDown(XRAY))  # break the one down, then the other may be built
    swapped, _ = swapped.apply(Build(BOOSTER))
    assert [b.mechanism for b in swapped.built[0]] == [BOOSTER]
    # "unless otherwise noted": the Automaton's card says it is built beside another mechanism
    rules = rules_with("x_ray_goggles", "automaton")
    automaton = mech(rules, "automaton")
    beside = base(2, rules=rules, built=((goggles,), ()), hands=(hand(gear=5), EMPTY))
    beside, _ = beside.apply(Build(automaton))
    assert sorted(b.mechanism for b in beside.built[0]) == sorted([XRAY, automaton])


def test_no_building_between_rounds() -> None:
    """You can build and break down mechanisms only on your turn during a round, never between rounds."""
    goggles = Built(XRAY, cost(STANDARD, "x_ray_goggles"))
    selling, _ = end_round_by_passing(base(2, hands=(hand(gear=3, boiler=2, piston=1), EMPTY)))
    selling = selling._replace(built=((goggles,), ()))
    assert selling.phase == SELL and selling.seat == 0
    assert not any(isinstance(a, Build | BreakDown) for a in selling.legal_actions())
    for action in (Build(BOOSTER), BreakDown(XRAY)):
        with pytest.raises(IllegalActionError, match="never between rounds"):
            selling.apply(action)


def test_scrap_never_substitutes_in_a_mechanism() -> None:
    """Scrap cannot be used as a substitute for other components when building a mechanism."""
    state = base(2, hands=(hand(lens=2), EMPTY), scrap=(2, 2))  # X-Ray Goggles need 2 Lens and 1 Wire
    assert Build(XRAY) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Scrap cannot be used as a substitute"):
        state.apply(Build(XRAY))


# --- Round ends -------------------------------------------------------------------------------------------------


def test_round_ends_when_market_is_bought_out_after_the_turn() -> None:
    """All component cards in the market are purchased. The active player finishes his turn."""
    state = base(2, market=(WIRE,), hands=(hand(lens=2), EMPTY), passes_in_row=1)
    bought, events = state.apply(Buy(WIRE))
    assert bought.market == () and bought.phase == PLAY and bought.seat == 0  # the turn goes on
    assert "round_ended" not in kinds(events)
    assert Build(XRAY) in bought.legal_actions()
    finished, events = bought.apply(Build(XRAY))
    assert kinds(events)[:2] == ["mechanism_built", "round_ended"]
    assert of_kind(events, "round_ended")[0].reason == "all components in the market were purchased"
    assert finished.round == 2 and len(finished.market) == 8
    # with nothing optional left, buying the last card ends the round at once
    plain, events = base(2, market=(WIRE,), scrap=(0, 0)).apply(Buy(WIRE))
    assert kinds(events)[:2] == ["purchased", "round_ended"] and plain.round == 2


def test_round_ends_when_all_pass_and_market_stays() -> None:
    """All contestants consecutively pass. Remaining components stay in the market to begin the next round."""
    market = (GEAR, GEAR, LENS, WIRE, AETHER, BOILER, COIL, PISTON)
    state = base(3, market=market)
    deck = state.deck
    state, _ = state.apply(Pass())
    state, _ = state.apply(Pass())
    assert state.round == 1 and state.seat == 2
    state, events = state.apply(Pass())
    assert of_kind(events, "round_ended")[0].reason == "all contestants passed in a row"
    assert state.round == 2 and state.market == market and state.deck == deck  # nothing to restock


def test_round_ends_only_on_consecutive_passes() -> None:
    """A round ends when either all of the components in the market are purchased or when all players
    consecutively pass."""
    state = base(3, market=(GEAR, LENS, WIRE), scrap=(0, 0, 0))
    for action in (Pass(), Buy(GEAR), Pass(), Pass()):
        state, _ = state.apply(action)
    assert state.round == 1 and state.passes_in_row == 2  # the purchase broke the run
    state, events = state.apply(Pass())
    assert state.round == 2 and "round_ended" in kinds(events)


# --- Round end step 1: Adjust Values ------------------------------------------------------------------------


def test_adjust_values_first_three_rise_last_three_fall() -> None:
    """Decrease the value of the last three components in the Order Line by 1 cog. Increase the value of the
    first three components in the Order Line by 1 cog. This means that one cog, the fourth in the Order Line,
    will not change in value."""
    order = (PISTON, LENS, AETHER, GEAR, WIRE, COIL, BOILER)
    after, events = end_round_by_passing(base(2, order=order))
    assert [after.values[c] for c in order] == [6, 6, 6, 5, 4, 4, 4]
    adjusted = of_kind(events, "value_adjusted")
    assert [(e.component, e.position, e.old, e.new) for e in adjusted] == [
        (STANDARD.components[c], place, 5, new)
        for place, (c, new) in enumerate(zip(order, [6, 6, 6, 5, 4, 4, 4], strict=True))
    ]


def test_adjust_values_tokens_keep_their_order() -> None:
    """As you adjust each component's value, slide the corresponding Component Token back, maintaining the order
    of the tokens."""
    order = (COIL, WIRE, GEAR, PISTON, AETHER, LENS, BOILER)
    after, _ = end_round_by_passing(base(2, order=order, values=(6, 4, 2, 7, 1, 10, 3)))
    assert after.order == order
    # a value on a bound of the track stays there (10 cannot rise, 1 cannot fall); its token keeps its place
    assert after.values == (5, 5, 1, 8, 1, 10, 3)


def test_final_adjustment_only_bought_components_rise() -> None:
    """Exception for Final Price Adjustments: For the final price adjustments after the last round of the game,
    components can only increase in value if they were bought during the last round. The three components at
    the back of the line will decrease in value as normal."""
    state = base(2, market=(WIRE,), deck=(), scrap=(0, 0), passes_in_row=1)
    over, events = state.apply(Buy(WIRE))  # the last card: the deck is empty, so this is the last round
    assert over.phase == OVER
    assert over.order == (WIRE, AETHER, LENS, GEAR, BOILER, COIL, PISTON)
    assert over.values == (5, 6, 5, 5, 4, 4, 4)  # only the Wire (bought) rises; the back three fall
    assert kinds(events)[-1] == "competition_ended"
    # the pure function agrees, and outside the last round the first three rise
    assert adjust_values((5,) * 7, over.order, final=True, bought=frozenset({WIRE})) == over.values
    assert adjust_values((5,) * 7, over.order) == (6, 6, 6, 5, 4, 4, 4)


# --- Round end step 2: Sell Sets ------------------------------------------------------------------------------


def test_sell_sets_in_play_order_from_first_player() -> None:
    """Starting with the First Player for the round and continuing in play order, contestants may sell any number
    of sets of components for their combined value."""
    sets = (hand(gear=3),) * 3
    state = base(3, first_player=1, seat=0, hands=sets)
    selling, events = end_round_by_passing(state)  # seat 0 made the last pass; seat 1 is First Player
    assert selling.phase == SELL and selling.seat == 1
    assert kinds(events)[-1] == "value_adjusted"
    selling, events = selling.apply(SellSet(GEAR, 3))
    assert of_kind(events, "set_sold")[0].seat == 1 and selling.seat == 2
    selling, _ = selling.apply(DoneSelling())
    assert selling.seat == 0 and selling.phase == SELL
    after, events = selling.apply(SellSet(GEAR, 3))
    assert after.phase == PLAY and after.cogs == (45, 45, 30)  # the Gear was fourth: still 5
    assert kinds(events) == ["set_sold", "restocked", "first_player_passed"]


def test_sell_any_number_of_sets() -> None:
    """... contestants may sell any number of sets of components for their combined value."""
    state = base(2, hands=(hand(gear=6, lens=3), EMPTY), scrap=(0, 2))
    selling, _ = end_round_by_passing(state)
    values = selling.values
    selling, _ = selling.apply(SellSet(GEAR, 3))
    selling, _ = selling.apply(SellSet(GEAR, 3))
    after, _ = selling.apply(SellSet(LENS, 3))
    assert after.phase == PLAY  # nothing left to sell: seat 0 is done, seat 1 cannot sell
    assert after.cogs[0] == 30 + 6 * values[GEAR] + 3 * values[LENS]
    assert SellSet(GEAR, 6) in selling._replace(hands=(hand(gear=6), EMPTY)).legal_actions()


def test_a_set_is_three_or_more_of_a_type() -> None:
    """A set is defined as 3 or more of a component type."""
    state = base(2, hands=(hand(gear=2, lens=4), EMPTY), scrap=(0, 0))
    selling, _ = end_round_by_passing(state)
    legal = selling.legal_actions()
    assert SellSet(GEAR, 2) not in legal
    assert {SellSet(LENS, 3), SellSet(LENS, 4)} <= set(legal)
    with pytest.raises(IllegalActionError, match="A set is defined as 3 or more of a component type"):
        selling.apply(SellSet(GEAR, 2))


def test_scrap_replaces_one_card_and_is_worth_zero() -> None:
    """A single Scrap Metal card may be used to replace 1 other card in a set, but Scrap Metal cards always have a
    value of zero."""
    state = base(2, hands=(hand(gear=2), EMPTY), scrap=(1, 0))
    selling, _ = end_round_by_passing(state)
    assert SellSet(GEAR, 2, 1) in selling.legal_actions()
    after, events = selling.apply(SellSet(GEAR, 2, 1))
    sold = of_kind(events, "set_sold")[0]
    assert (sold.cards, sold.scrap, sold.cogs) == (2, 1, 2 * selling.values[GEAR])
    assert after.scrap[0] == 0 and after.hands[0][GEAR] == 0


def test_both_scraps_may_go_into_one_set() -> None:
    """A few notes: You may use both of your scrap as part of the same set."""
    state = base(2, hands=(hand(wire=1), EMPTY), scrap=(2, 2))
    selling, _ = end_round_by_passing(state)
    assert SellSet(WIRE, 1, 2) in selling.legal_actions()
    after, events = selling.apply(SellSet(WIRE, 1, 2))
    assert of_kind(events, "set_sold")[0].cogs == selling.values[WIRE]
    assert after.scrap == (0, 2)
    # but a set is of a component type: Scrap alone is no set (ruling)
    assert not any(isinstance(a, SellSet) and a.cards == 0 for a in selling.legal_actions())


def test_sold_cards_go_to_a_discard_pile_no_one_sees() -> None:
    """Sold component cards are discarded from the game, creating a discard pile. Players may not look through
    the discard pile."""
    state = base(2, hands=(hand(gear=3), EMPTY), scrap=(2, 2), discard=4)
    selling, _ = end_round_by_passing(state)
    after, _ = selling.apply(SellSet(GEAR, 2, 1))
    assert after.discard == 4 + 3  # two Gears and the Scrap
    for seat in (0, 1):
        obs = after.observation(seat)
        assert obs["discard_size"] == 7
        assert not any(isinstance(v, list) and "discard" in k for k, v in obs.items())


def test_a_contestant_without_a_set_is_skipped() -> None:
    """Contestants are also given the opportunity to sell sets of components for cogs."""
    state = base(3, first_player=0, seat=2, hands=(hand(gear=1), EMPTY, hand(lens=3)), scrap=(0, 2, 0))
    selling, _ = end_round_by_passing(state)
    assert selling.phase == SELL and selling.seat == 2  # seats 0 and 1 can form no set (ruling: skipped)


# --- Round end steps 3 and 4 ------------------------------------------------------------------------------------


def test_restock_to_eight_from_the_top_of_the_deck() -> None:
    """Component cards are added to the market from the Component Deck until there are 8 cards total or until
    the Component deck runs out."""
    deck = (GEAR, LENS, WIRE, AETHER, BOILER, COIL, PISTON, GEAR, LENS)
    state = base(2, market=(GEAR, GEAR, LENS), deck=deck)
    after, events = end_round_by_passing(state)
    assert after.market == (GEAR, GEAR, LENS, *deck[:5]) and after.deck == deck[5:]
    restocked = of_kind(events, "restocked")[0]
    assert (restocked.cards, restocked.deck_left) == (5, 4)
    short, _ = end_round_by_passing(state._replace(deck=(PISTON, COIL)))
    assert short.market == (GEAR, GEAR, LENS, PISTON, COIL) and short.deck == ()


def test_new_round_while_a_card_is_left_to_restock() -> None:
    """A new round is played while there is at least one Component card in the deck to be placed in the market.
    If there are no cards in the deck, the competition ends (see Competition Ends)."""
    state = base(2, market=(GEAR,), deck=(LENS,))
    next_round, _ = end_round_by_passing(state)
    assert next_round.phase == PLAY and next_round.round == 2 and next_round.deck == ()
    over, events = end_round_by_passing(next_round)
    assert over.phase == OVER
    assert of_kind(events, "competition_ended")[0].reason == "no component cards left in the deck to restock the market"


def test_first_player_marker_passes_left() -> None:
    """The contestant with the First Player Marker passes it to his left. A new round begins."""
    state = base(3, first_player=2, seat=1)
    after, events = end_round_by_passing(state)
    assert after.first_player == 0 and after.seat == 0 and after.round == 2 and after.phase == PLAY
    assert of_kind(events, "first_player_passed")[0].seat == 0
    assert after.passes_in_row == 0 and after.purchases_this_round == 0


# --- Competition ends ------------------------------------------------------------------------------------------


def test_competition_ends_with_no_card_left_to_restock() -> None:
    """There are no Component cards left in the deck when you begin to restock the market OR"""
    state = base(2, deck=(), market=(GEAR, LENS))
    over, events = end_round_by_passing(state)
    assert over.is_terminal and over.current_player is None and over.legal_actions() == ()
    assert over.end_reason.words == "no component cards left in the deck to restock the market"
    assert "restocked" not in kinds(events) and kinds(events)[-1] == "competition_ended"
    with pytest.raises(IllegalActionError, match="the game is over"):
        over.apply(Pass())


def test_competition_ends_after_two_rounds_without_purchase() -> None:
    """No contestants purchase components from the market for two consecutive rounds."""
    state = base(2)
    for _ in range(2):
        state, _ = state.apply(Pass())
    assert state.round == 2 and state.rounds_without_purchase == 1 and not state.is_terminal
    state, _ = state.apply(Pass())
    state, _ = state.apply(Pass())
    assert state.is_terminal and state.end_reason.words == "no purchases for two consecutive rounds"
    # a purchase in between starts the count again
    again = base(2, rounds_without_purchase=1, market=(GEAR, LENS), scrap=(0, 0))
    again, _ = again.apply(Buy(GEAR))
    again, _ = again.apply(Pass())
    again, _ = again.apply(Pass())
    assert again.round == 2 and again.rounds_without_purchase == 0 and not again.is_terminal


def test_last_round_still_adjusts_and_sells() -> None:
    """Note: In either case, make sure to adjust prices and sell sets after the last round."""
    state = base(2, deck=(), hands=(hand(aether=3), hand(gear=3)), rounds_without_purchase=1)
    selling, events = end_round_by_passing(state)
    assert selling.phase == SELL and selling.final_round
    assert len(of_kind(events, "value_adjusted")) == 7
    assert selling.values[AETHER] == 5 and selling.values[PISTON] == 4  # nothing bought: nothing rises
    selling, _ = selling.apply(SellSet(AETHER, 3))
    over, events = selling.apply(SellSet(GEAR, 3))
    assert over.is_terminal and over.cogs == (45, 45)
    assert kinds(events) == ["set_sold", "competition_ended"]


def test_most_cogs_wins() -> None:
    """At the end of the competition, the contestant with the most cogs is victorious."""
    state = base(3, deck=(), cogs=(31, 40, 35), first_player=0, seat=2)
    over, events = end_round_by_passing(state)
    assert over.winners() == (1,) and over.scores() == (31, 40, 35)
    assert of_kind(events, "competition_ended")[0].winner == 1
    assert over.ranking() == [1, 2, 0]


def test_unsold_components_and_mechanisms_are_worthless() -> None:
    """Any unsold components remaining in a contestant's hand or mechanisms still assembled on the table are
    worthless (unless otherwise stated on a mechanism)."""
    goggles = Built(XRAY, cost(STANDARD, "x_ray_goggles"))
    state = base(2, deck=(), hands=(hand(gear=2, lens=2), EMPTY), built=((goggles,), ()), scrap=(0, 0))
    over, _ = end_round_by_passing(state)
    assert over.is_terminal and over.scores() == (30, 30)
    assert over.hands[0] == hand(gear=2, lens=2)  # still in hand, worth nothing


def test_tie_goes_to_fewest_components_in_hand() -> None:
    """If there is a tie, the contestant with the fewest remaining components in hand wins."""
    state = base(3, deck=(), cogs=(33, 33, 20), hands=(hand(gear=2), hand(lens=1), EMPTY), scrap=(0, 2, 2))
    selling, _ = end_round_by_passing(state)
    assert selling.winners() == ()  # empty until the game is over
    over, _ = selling.apply(DoneSelling())
    assert over.winners() == (1,)  # Scrap is no component (ruling): seat 1's two Scrap do not count
    assert tie_break_order([33, 33, 20], [2, 1, 0], 0) == [1, 0, 2]


def test_tie_goes_to_closest_to_last_first_player_clockwise() -> None:
    """If there is still a tie, the contestant closest to the first player of the last round (in a clockwise
    fashion) is the winner."""
    state = base(4, deck=(), cogs=(30, 25, 25, 30), first_player=2, seat=1)
    over, _ = end_round_by_passing(state)
    assert over.first_player == 2  # the marker does not pass after the last round
    assert over.winners() == (3,)  # seat 3 is one to the left of seat 2, seat 0 two
    assert over.ranking() == [3, 0, 2, 1]
    assert tie_break_order([10, 10, 10, 10], [0, 0, 0, 0], 3) == [3, 0, 1, 2]
