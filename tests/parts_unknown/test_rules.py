"""One test per rulebook clause; each docstring quotes the clause it pins."""

from __future__ import annotations

import dataclasses

import pytest

from playbook.core import CHANCE, IllegalActionError
from playbook.core.errors import InvalidArgumentError
from playbook.games.parts_unknown import (
    BuyCard,
    BuyShelf,
    ChooseStock,
    Converted,
    Draw,
    DumpFromHand,
    DumpFromShelf,
    End,
    GameEnded,
    Pass,
    Phase,
    PickSeat,
    Raise,
    Reprice,
    Roll,
    RollForViktor,
    Rules,
    Stock,
    new_game,
)

from .helpers import (
    BRAINS,
    CALENDAR_CORNER,
    EXT_2X,
    EXT_BUYOUT,
    EXTREMITIES,
    GIZ_AUCTION,
    GIZ_ROLL_AGAIN,
    GIZMOS,
    GROWTH_CORNER,
    LEFT_2X,
    LEFTOVERS,
    MONSTER_SPACE,
    RIOT_SPACE,
    RULES,
    T,
    card,
    counts,
    land,
    roll_from,
    scenario,
    shelf,
    skip_setup,
    step_of,
    total_cards,
)

P_AUCTION, P_BUY, P_CHOOSE, P_OVER = Phase.AUCTION, Phase.BUY, Phase.CHOOSE, Phase.OVER
P_PRICE, P_STOCK, P_VIKTOR = Phase.PRICE, Phase.STOCK, Phase.VIKTOR


# --- Setting up ----------------------------------------------------------------------------------------


def test_first_game_layout() -> None:
    """ "The suggested first-game layout, going around the loop, has the Extremities, Gizmos, Brains and
    Leftovers houses, with the Town in the middle." """
    state = new_game(3, seed=1)
    assert [RULES.houses[h].name for h in state.layout] == ["Extremities", "Gizmos", "Brains", "Leftovers"]


def test_shuffled_layout_is_a_rules_option() -> None:
    """ "Once you have played the game a few times, you can shuffle the sections and arrange them in any order." """
    rules = dataclasses.replace(RULES, shuffle_houses=True)
    layouts = {new_game(2, seed=seed, rules=rules).layout for seed in range(20)}
    assert len(layouts) > 1
    assert all(sorted(layout) == [0, 1, 2, 3] for layout in layouts)


def test_town_money_shelves() -> None:
    """ "Put 4 Townesfolk counters in the Town." "Give each player $40 ... give each player four Shelf Space
    counters." """
    state = new_game(5, seed=2)
    assert state.town == 4
    assert state.money == (40,) * 5
    assert state.shelves == (4,) * 5
    assert state.bank == RULES.bank_money - 200


def test_pawns_start() -> None:
    """ "Start Viktor on the Monster space, and put the Calendar Pawn on the Start space." """
    state = new_game(2, seed=3)
    assert state.board[state.viktor][0] == 7  # MONSTER
    assert state.calendar == 0
    assert not state.monster  # placed, not landed on


def test_deal_six_cards() -> None:
    """ "Shuffle the deck, and deal six cards to each player." """
    state = new_game(6, seed=4)
    assert [sum(h) for h in state.hands] == [6] * 6
    assert len(state.deck) == 96 - 36
    assert total_cards(state) == 96


def test_choose_up_to_four_secretly_seat_by_seat() -> None:
    """ "Simultaneously, each player chooses up to four cards which he wishes to put on display." """
    state = new_game(3, seed=5)
    assert state.phase == P_CHOOSE and state.current_player == 0
    assert max(len(a.cards) for a in state.legal_actions() if isinstance(a, ChooseStock)) == 4
    hand = [T.names[c] for c, n in enumerate(state.hands[0]) for _ in range(n)]
    with pytest.raises(IllegalActionError, match="up to 4"):
        state.apply(ChooseStock(tuple(sorted(hand[:5], key=card))))
    state = state.apply(ChooseStock(tuple(sorted(hand[:3], key=card))))[0]
    assert state.current_player == 1 and len(state.chosen[0]) == 3 and sum(state.hands[0]) == 3


def test_reveal_and_price_from_a_random_player_to_the_left() -> None:
    """ "Then, starting with a random player and proceeding to the left, each player reveals the cards he wishes
    to stock, and prices them with his Shelf Space counters." """
    state = new_game(3, seed=6)
    for seat in range(3):
        first = next(c for c, n in enumerate(state.hands[seat]) if n)
        state = state.apply(ChooseStock((T.names[first],)))[0]
    assert state.current_player == CHANCE
    assert {a.seat for a, _ in state.chance_outcomes()} == {0, 1, 2}  # type: ignore[attr-defined]
    state = state.apply(PickSeat(2))[0]
    order = []
    while state.phase == P_PRICE:
        order.append(state.current_player)
        state = state.apply(state.legal_actions()[0])[0]
    assert order == [2, 0, 1]
    assert all(len(s) == 1 for s in state.displays)


def test_no_parts_unknown_at_setup() -> None:
    """ "On this starting turn, no one can put anything into their Parts Unknown." """
    state = new_game(2, seed=7)
    assert not any(isinstance(a, DumpFromHand | DumpFromShelf) for a in state.legal_actions())
    with pytest.raises(IllegalActionError):
        state.apply(DumpFromHand(T.names[next(c for c, n in enumerate(state.hands[0]) if n)]))


def test_random_first_player_then_left() -> None:
    """ "Determine a random player to take the first turn of the game. Thereafter, play proceeds to the left." """
    state = skip_setup(4, first=2)
    assert state.turn_seat == 2 and state.round == 1
    state = state._with(viktor=EXT_2X - 1)
    state, _ = roll_from(state, 1)
    assert state.turn_seat == 3 and state.round == 2 and state.phase == P_BUY


def test_player_count_bounds() -> None:
    """Player count: 2-6 by default, the bounds in Rules."""
    with pytest.raises(InvalidArgumentError):
        new_game(1, seed=0)
    with pytest.raises(InvalidArgumentError):
        new_game(7, seed=0)
    with pytest.raises(InvalidArgumentError):
        new_game(6, seed=0, rules=dataclasses.replace(RULES, max_players=5))


# --- Step 1: Buy Stuff -----------------------------------------------------------------------------------


def test_draw_chart() -> None:
    """ "You may draw up to seven cards ... The first card is free ... the money you pay goes to the Bank."
    Chart: 1 $0, 2 $4, 3 $12, 4 $24, 5 $40, 6 $60, 7 $85."""
    for count, price in zip(range(1, 8), (0, 4, 12, 24, 40, 60, 85), strict=True):
        state = scenario(money=(100, 40))
        after = state.apply(Draw(count))[0]
        assert state.money[0] - after.money[0] == price
        assert after.bank - state.bank == price
        assert sum(after.hands[0]) == sum(state.hands[0]) + count


def test_draw_in_pieces_costs_the_chart() -> None:
    """The chart prices a turn's draws: one card, then two more, costs what three at once do ($12)."""
    state = scenario(money=(100, 40))
    state = state.apply(Draw(1))[0].apply(Draw(2))[0]
    assert state.money[0] == 88


def test_no_more_than_seven() -> None:
    """ "You can't draw more than seven cards each turn." """
    state = scenario(money=(500, 40)).apply(Draw(7))[0]
    assert not any(isinstance(a, Draw) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="more than 7"):
        state.apply(Draw(1))


def test_no_hand_limit() -> None:
    """ "There is no upper limit to the size of your hand." """
    state = scenario(money=(500, 40), hands=(counts(Feet=6, Cheese=6, Zwik=6), counts()))
    state = state.apply(Draw(7))[0]
    assert sum(state.hands[0]) == 25


def test_buy_from_another_players_shelf() -> None:
    """ "You can buy cards from the other players' shelves. Pay the players their marked price, and put these
    cards in your hand. Other players can't refuse." """
    state = scenario(displays=((), shelf(("Cheese", 1))))
    state, _ = state.apply(BuyCard(1, "Cheese", 24))
    assert state.money == (40 - 24, 40 + 24)
    assert state.hands[0][card("Cheese")] == 1 and state.displays[1] == ()


def test_cannot_buy_own_card() -> None:
    """Buying is from "the other players' shelves"."""
    state = scenario(displays=(shelf(("Cheese", 3)), ()))
    with pytest.raises(IllegalActionError, match="other players"):
        state.apply(BuyCard(0, "Cheese", 10))


def test_buy_shelf() -> None:
    """ "For $40, you can add another shelf to your store. Pay the money to the Bank." """
    state = scenario(money=(80, 40))
    state = state.apply(BuyShelf())[0].apply(BuyShelf())[0]
    assert state.shelves[0] == 6 and state.money[0] == 0
    with pytest.raises(IllegalActionError, match=r"costs \$40"):
        state.apply(BuyShelf())


# --- Step 2: Stock and Price ---------------------------------------------------------------------------------


def test_stock_only_into_empty_shelves() -> None:
    """ "You can play any card from your hand into an empty shelf." "You cannot display more items than you
    have shelves." """
    state = scenario(hands=(counts(Feet=5), counts()))
    for _ in range(4):
        state = state.apply(Stock("Feet", 20))[0]
    assert not any(isinstance(a, Stock) for a in state.legal_actions())
    with pytest.raises(IllegalActionError, match="more items than you have shelves"):
        state.apply(Stock("Feet", 20))


def test_reprice() -> None:
    """ "And you can adjust the prices on anything you have on display." """
    state = scenario(displays=(shelf(("Cheese", 0)), ()))
    state, events = state.apply(Reprice("Cheese", 28, 10))
    assert state.displays[0] == shelf(("Cheese", 3))
    assert "from $28 to $10" in str(events[0])


def test_parts_unknown_from_shelf_or_hand() -> None:
    """ "On step 2, you can also move stuff from your shelves (or directly from your hand) into your Parts
    Unknown ... it can be as big as you want." """
    state = scenario(hands=(counts(Feet=9), counts()), displays=(shelf(("Cheese", 1)), ()))
    state = state.apply(DumpFromShelf("Cheese", 24))[0]
    for _ in range(9):
        state = state.apply(DumpFromHand("Feet"))[0]
    assert state.parts_unknown[0] == counts(Cheese=1, Feet=9) and state.displays[0] == ()


def test_never_back_out_of_parts_unknown_nor_shelf_to_hand() -> None:
    """ "You can never pull cards back out of your Parts Unknown, and you can never pull cards from your
    Shelves back into your hand." """
    state = scenario(
        hands=(counts(Feet=1), counts()), displays=(shelf(("Cheese", 1)), ()), parts_unknown=(counts(Zwik=1), counts())
    )
    state = state.apply(Stock("Feet", 20))[0]
    for action in state.legal_actions():
        after = state.apply(action)[0]
        assert after.parts_unknown[0][card("Zwik")] == 1
        assert after.hands[0][card("Cheese")] == 0 and after.hands[0][card("Feet")] == 0


def test_steps_in_order() -> None:
    """ "You do these three steps in the following order": once stocking starts, Step 1 is over."""
    state = scenario(hands=(counts(Feet=1), counts()))
    state = state.apply(Stock("Feet", 20))[0]
    assert state.phase == P_STOCK
    with pytest.raises(IllegalActionError, match="draw is not open now"):
        state.apply(Draw(1))


# --- Step 3: Move Viktor -----------------------------------------------------------------------------------


def test_roll_is_a_chance_step() -> None:
    """ "Roll the die, and move the Frankenstein pawn counterclockwise around the board." """
    state = scenario().apply(RollForViktor())[0]
    assert state.phase == P_VIKTOR and state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [Roll(v) for v in range(1, 7)]
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    before = state.viktor
    state = state.apply(Roll(2))[0]
    assert state.viktor == before + 2


def test_demand_is_a_plus_x() -> None:
    """ "The X in a Demand space means the number of counters currently in the Town." """
    state = scenario(town=3)
    _, events = land(state, EXT_2X)
    demand = next(e for e in events if type(e).__name__ == "DemandResolved")
    assert demand.demand == 5 and demand.shortage == 5


def test_surplus_subtracts_from_demand() -> None:
    """ "When there is a Surplus in a particular category, and Viktor lands on another Demand space in that house,
    the Surplus counters are immediately removed, and that amount is subtracted from whatever demand he
    creates." """
    state = scenario(town=4, surplus=(2, 0, 0, 0), displays=(shelf(("Feet", 2), ("Feet", 2), ("Feet", 2)), ()))
    state, _ = land(state, EXT_2X)  # 6 - 2 = 4 wanted, 3 Feet sell, Shortage 1
    assert state.surplus[EXTREMITIES] == 0 and state.shortage[EXTREMITIES] == 1
    assert state.money[0] == 40 + 33


def test_shortage_adds_to_demand() -> None:
    """ "Like Surpluses, large Shortages may convert ... Otherwise, they will be added to the next Demand." """
    state = scenario(town=1, shortage=(3, 0, 0, 0), displays=(shelf(*[("Feet", 2)] * 4), ()))
    state, _ = land(state, EXT_2X)  # 3 + 3 = 6 wanted, 4 sell, Shortage 2
    assert state.shortage[EXTREMITIES] == 2 and state.displays[0] == ()


def test_only_the_going_rate_sells() -> None:
    """ "Only cards at the Going Rate can sell. More expensive ones will not, regardless of the demand." """
    state = scenario(displays=(shelf(("Feet", 2)), shelf(("Feet", 1), ("Feet", 0))))
    state, _ = land(state, EXT_2X)
    assert state.displays[1] == shelf(("Feet", 1), ("Feet", 0))
    assert state.shortage[EXTREMITIES] == 5


def test_going_rate_fixed_for_the_turn() -> None:
    """ "The lowest marked price for a particular card type is called the Going Rate. This can change each turn,
    but stays fixed during a particular turn." The rates fixed when the die is rolled hold through Roll Again."""
    state = scenario(displays=(shelf(("Feet", 2)), shelf(("Feet", 1))))
    state = state.apply(RollForViktor())[0]
    # the $11 Feet sell at a Buyout; a later demand the same turn still wants Feet at $11 only
    state = state._with(going=state.going, displays=((), shelf(("Feet", 1))))
    state = state._with(viktor=EXT_2X - 1)
    state, _ = state.apply(Roll(1))
    assert state.displays[1] == shelf(("Feet", 1))


def test_buy_everything_at_a_price() -> None:
    """ "If the Scientists buy one item, they will buy everything in that category at that price, even if it
    means exceeding the demand. This is how Surpluses arise." """
    state = scenario(town=1, displays=(shelf(*[("Feet", 2)] * 4), shelf(("Arms", 2))))  # Arms $15
    state, _ = land(state, EXT_2X)  # demand 3: all four $11 Feet sell
    assert state.displays[0] == () and state.displays[1] == shelf(("Arms", 2))
    assert state.surplus[EXTREMITIES] == 1


def test_never_both_surplus_and_shortage() -> None:
    """ "It's impossible to have both a Shortage and a Surplus in the same category at the same time." """
    state = scenario(town=4, shortage=(1, 0, 0, 0), displays=(shelf(*[("Feet", 2)] * 4), shelf(*[("Feet", 2)] * 4)))
    state, _ = land(state, EXT_2X)
    assert state.surplus[EXTREMITIES] == 1 and state.shortage[EXTREMITIES] == 0


def test_counters_may_exceed_the_dots() -> None:
    """ "It's possible to momentarily have more Shortage or Surplus than a particular house has dots. That's okay,
    remember the extras, because the rest are about to be converted." """
    state = scenario(town=4, shortage=(9, 0, 0, 0))
    state, events = land(state, EXT_2X)  # 6 + 9 = 15 short, 12 dots: converts at the end of the turn
    assert [(e.counters, e.change) for e in events if isinstance(e, Converted)] == [(15, -1)]
    assert state.shortage[EXTREMITIES] == 3 and state.town == 3  # the three extras are remembered


def test_surplus_converts_into_townesfolk() -> None:
    """ "If all of the Surplus dots in a particular house are covered, then those counters go away, and one counter
    is added to the Town." """
    state = scenario(town=1, surplus=(0, 0, 2, 0), displays=(shelf(*[("Cheese", 3)] * 4), ()))
    brains_2x = 15
    state, _ = land(state, brains_2x)  # demand 3 - 2 = 1, four Cheese sell: Surplus 3 = the dots
    assert state.surplus[BRAINS] == 0 and state.town == 2


def test_shortage_converts_into_a_loss() -> None:
    """ "If all the Shortage dots in a house are covered, then those counters go away, and one person is removed
    from the Town. (Yikes!)" """
    state = scenario(town=4, shortage=(0, 0, 0, 6))
    state, _ = land(state, LEFT_2X)  # 6 + 6 = 12 = the dots
    assert state.shortage[LEFTOVERS] == 0 and state.town == 3


def test_gizmos_never_convert() -> None:
    """ "Shortages and Surpluses in the Gizmos house do not convert into Townesfolk. That house can retain a
    Surplus or Shortage of any size." """
    state = scenario(town=4, shortage=(0, 30, 0, 0))
    state, _ = land(state, 10)  # Gizmos 2+X
    assert state.shortage[GIZMOS] == 36 and state.town == 4


@pytest.mark.parametrize(("mode", "left", "town"), [("clear", 0, 3), ("carry", 3, 3), ("repeat", 3, 3)])
def test_excess_conversion_option(mode: str, left: int, town: int) -> None:
    """Ruling: the extras beyond the dots are remembered by default (``carry``; options ``clear``, ``repeat``)."""
    rules = dataclasses.replace(RULES, excess_conversion=mode)
    state = scenario(town=4, shortage=(9, 0, 0, 0), rules=rules)
    state, _ = land(state, EXT_2X)  # 15 counters, 12 dots
    assert state.shortage[EXTREMITIES] == left and state.town == town


def test_repeat_conversion_counts_full_sets() -> None:
    """Ruling option ``excess_conversion = "repeat"``: one Townesfolk per full set of dots."""
    rules = dataclasses.replace(RULES, excess_conversion="repeat")
    state = scenario(town=4, shortage=(20, 0, 0, 0), rules=rules)
    state, _ = land(state, EXT_2X)  # 26 counters: two full sets of 12
    assert state.shortage[EXTREMITIES] == 2 and state.town == 2


# --- Other board squares ---------------------------------------------------------------------------------


def test_calendar_corners_fire_when_passed() -> None:
    """ "These two black corner spaces are activated whenever Viktor passes them, or stops on them." """
    state = scenario(viktor=GROWTH_CORNER - 2)
    state, _ = roll_from(state, 3)  # passes the growth corner, lands on 3+X Gizmos (which never converts)
    assert state.calendar == 1 and state.town == 5
    state2 = scenario(viktor=CALENDAR_CORNER - 1)
    state2, _ = roll_from(state2, 1)  # lands on the plain corner
    assert state2.calendar == 1 and state2.town == 4


def test_growth_corner_grows_the_town() -> None:
    """ "Both spaces advance the Calendar Pawn. One of them also grows the Town by one." """
    state = scenario(viktor=GROWTH_CORNER - 1)
    state, events = roll_from(state, 1)
    assert state.calendar == 1 and state.town == 5
    assert any("grows to 5" in str(e) for e in events)


def test_parts_unknown_sells_at_half_the_going_rate() -> None:
    """ "Cards in Parts Unknown sell for half the Going Rate, rounding down." (at the corner that grows the Town)"""
    state = scenario(
        viktor=GROWTH_CORNER - 1, parts_unknown=(counts(Feet=2), counts(Hearts=1)), displays=((), shelf(("Feet", 2)))
    )  # Feet going rate $11
    state, _ = roll_from(state, 1)
    assert state.money == (40 + 2 * 5, 40 + 3)  # Hearts: no going rate, half of $6
    assert state.parts_unknown == (counts(), counts())


def test_parts_unknown_without_going_rate_sells_at_half_the_minimum() -> None:
    """ "If there are no cards on the board to establish a Going Rate, then these cards sell for half their
    minimum price." """
    state = scenario(viktor=GROWTH_CORNER - 1, parts_unknown=(counts(Genius_Brain=1), counts()))
    state, _ = roll_from(state, 1)
    assert state.money[0] == 40 + 14 // 2


def test_plain_corner_does_not_sell_parts_unknown_by_default() -> None:
    """Ruling: the Town-growing corner sells Parts Unknown; option ``parts_unknown_corner`` changes it."""
    state = scenario(viktor=CALENDAR_CORNER - 1, parts_unknown=(counts(Feet=2), counts()))
    after, _ = roll_from(state, 1)
    assert after.parts_unknown[0] == counts(Feet=2)
    both = state._with(rules=dataclasses.replace(RULES, parts_unknown_corner="both"))
    after, _ = roll_from(both, 1)
    assert after.parts_unknown[0] == counts() and after.money[0] == 40 + 6


def test_buyout_sells_every_match_at_marked_price() -> None:
    """ "Buyout: When Viktor stops here, reveal the top card of the deck. All the cards on display which match
    that card sell immediately, at their marked price." """
    state = scenario(displays=(shelf(("Zwik", 0), ("Feet", 0)), shelf(("Zwik", 3))))
    state = state._with(deck=(card("Zwik"), *state.deck[1:]))
    discards = sum(state.discard)
    state, _ = land(state, EXT_BUYOUT)
    assert state.money == (40 + 18, 40 + 5)
    assert state.displays == (shelf(("Feet", 0)), ())
    assert sum(state.discard) == discards + 3  # two sold Zwiks and the revealed one (ruling)


def test_buyout_card_option_bottom() -> None:
    """Ruling option ``buyout_card = "bottom"``: the revealed card goes under the deck."""
    rules = dataclasses.replace(RULES, buyout_card="bottom")
    state = scenario(rules=rules)
    top = state.deck[0]
    state, _ = land(state, EXT_BUYOUT)
    assert state.deck[-1] == top


def test_auction_pool_and_bidding() -> None:
    """ "Auction: ... Every matching card which is currently on display is taken away and thrown into a pool, along
    with the card itself. Players then bid in an open auction ... Whoever offers the most money pays the Bank,
    and takes the cards." """
    state = scenario(3, displays=(shelf(("Zwik", 0)), shelf(("Zwik", 3)), ()))
    state = state._with(deck=(card("Zwik"), *state.deck[1:]))
    state, _ = land(state, GIZ_AUCTION)
    assert state.phase == P_AUCTION and state.pool == (card("Zwik"),) * 3 and state.displays == ((), (), ())
    assert state.current_player == 0
    state = state.apply(Raise(5))[0]  # seat 0: $5
    state = state.apply(Raise(15))[0]  # seat 1: $15
    state = state.apply(Pass())[0]  # seat 2
    assert state.current_player == 0
    bank = state.bank
    state = state.apply(Pass())[0]  # seat 0: every other seat has passed on $15, seat 1 wins
    assert state.money == (40, 25, 40) and state.bank == bank + 15
    assert state.hands[1][card("Zwik")] == 3 and state.phase == P_BUY and state.turn_seat == 1


def test_anyone_may_increase_the_bid_at_any_time() -> None:
    """ "Anyone may increase the bid at any time": a seat that passed comes back in after a later raise, and
    the auction ends only when every other seat passes on the standing bid."""
    state = scenario(3, money=(40, 40, 40))
    state = state._with(deck=(card("Zwik"), *state.deck[1:]))
    state, _ = land(state, GIZ_AUCTION)
    state = state.apply(Pass())[0]  # seat 0 passes on no bid
    state = state.apply(Raise(7))[0]  # seat 1
    assert state.current_player == 2
    state = state.apply(Pass())[0]  # seat 2 passes on $7
    assert state.current_player == 0  # seat 0 passed before the raise: it may come back in
    state = state.apply(Raise(33))[0]  # seat 0 types any amount above the bid
    assert state.observation(0)["auction"]["waiting"] == [1, 2]  # type: ignore[index]
    state = state.apply(Pass())[0]  # seat 1
    state = state.apply(Raise(34))[0]  # seat 2, who passed at $7, comes back
    state = state.apply(Pass())[0].apply(Pass())[0]  # seats 0 and 1 pass on $34
    assert state.phase == P_BUY and state.money == (40, 40, 6) and state.hands[2][card("Zwik")] == 1


def test_auction_nobody_bids() -> None:
    """Ruling: a pool nobody bids on goes to the discards (option ``unclaimed_auction = "owners"``)."""
    base = scenario(displays=(shelf(("Zwik", 0)), ()))
    base = base._with(deck=(card("Zwik"), *base.deck[1:]))
    state, _ = land(base, GIZ_AUCTION)
    state = state.apply(Pass())[0].apply(Pass())[0]
    assert state.discard[card("Zwik")] == 2
    owners = base._with(rules=dataclasses.replace(RULES, unclaimed_auction="owners"))
    state, _ = land(owners, GIZ_AUCTION)
    state = state.apply(Pass())[0].apply(Pass())[0]
    assert state.hands[0][card("Zwik")] == 1 and state.discard[card("Zwik")] == 1


def test_auction_bid_cannot_exceed_money() -> None:
    """Bids are money offered: any whole amount above the standing bid, up to what the bidder has."""
    state = scenario(money=(3, 40), displays=((), ()))
    state, _ = land(state, GIZ_AUCTION)
    assert state.legal_actions() == (Raise(1), Raise(2), Raise(3), Pass())
    with pytest.raises(IllegalActionError, match="more money"):
        state.apply(Raise(5))
    state = state.apply(Raise(2))[0]
    with pytest.raises(IllegalActionError, match=r"more than the standing bid of \$2"):
        state.apply(Raise(2))


def test_roll_again() -> None:
    """ "Roll Again: If Viktor lands here, move him again. Duh." """
    state = scenario(viktor=GIZ_ROLL_AGAIN - 1)
    state, _ = roll_from(state, 1)
    assert state.phase == P_VIKTOR and state.current_player == CHANCE and state.turn_seat == 0


def test_riot_lasts_one_lap() -> None:
    """ "If Viktor lands on one of these spaces, mark it ... the effect is on until Viktor lands there again, or
    passes over it again." """
    state = scenario(viktor=RIOT_SPACE - 1)
    state, _ = roll_from(state, 1)
    assert state.riot
    state = state._with(viktor=RIOT_SPACE - 2)
    state, _ = roll_from(state, 3)  # passes it
    assert not state.riot
    state = state._with(viktor=RIOT_SPACE - 1)
    state, _ = roll_from(state, 1)
    state = state._with(viktor=RIOT_SPACE - 1)
    state, _ = roll_from(state, 1)  # lands again: off (ruling)
    assert not state.riot


def test_riot_draws_one_card_fewer() -> None:
    """ "During a Riot, cards are more expensive: you draw one less than you pay for. In other words, if you pay
    $4, you only draw one card." """
    state = scenario(riot=True, money=(200, 40))
    after = state.apply(Draw(1))[0]
    assert state.money[0] - after.money[0] == 4
    assert max(a.count for a in state.legal_actions() if isinstance(a, Draw)) == 6
    assert state.money[0] - state.apply(Draw(6))[0].money[0] == 85


def test_monster_cheapest_card_sets_category_rate() -> None:
    """ "While Monster is on ... the single cheapest item in a particular category sets the Going Rate for the
    entire category." """
    state = scenario(monster=True, displays=(shelf(("Giblets", 3)), shelf(("Eyeballs", 3), ("Hearts", 3))))
    state, _ = land(state, LEFT_2X)
    assert state.displays[0] == () and state.displays[1] == shelf(("Eyeballs", 3), ("Hearts", 3))


def test_monster_lights_on_landing() -> None:
    """ "If either Monster or Riot is hit, it will stay activated for exactly one lap." """
    state = scenario(viktor=MONSTER_SPACE - 1 + 28)
    state, _ = roll_from(state, 1)
    assert state.monster


def test_reshuffle_from_the_stored_seed() -> None:
    """ "When the cards run out, reshuffle the discards and replace the deck." (order from the state's seed)"""
    state = scenario(money=(100, 40), deck=(card("Feet"),), discard=counts(Zwik=3, Cheese=3))
    after, events = state.apply(Draw(3))
    again, _ = state.apply(Draw(3))
    assert after == again and after.reshuffles == 1 and len(after.deck) == 4 and sum(after.discard) == 0
    assert any("shuffled" in str(e) for e in events)


# --- Winning ---------------------------------------------------------------------------------------------------


def test_town_at_zero_ends_at_once() -> None:
    """ "If the Town's population reaches zero, the game ends immediately and the player with the most money
    wins." """
    state = scenario(town=1, shortage=(0, 0, 0, 9), money=(50, 60), shelves=(9, 4))
    state, events = land(state, LEFT_2X)
    assert state.phase == P_OVER and state.end == End.TOWN and state.current_player is None
    assert state.scores() == (50, 60) and state.winners() == (1,)
    assert isinstance(events[-1], GameEnded) and "reached zero" in str(events[-1])


def test_town_at_zero_ends_whatever_order_houses_convert() -> None:
    """Town 1 with two full Shortages and a full Surplus: the first Shortage takes it to zero and the game ends
    there; the later Surplus does not save it (it went 1, 0, 0, 1 and play continued before)."""
    full = RULES.houses[0].shortage_dots
    state = scenario(town=1, shortage=(full, 0, full, 0), surplus=(0, 0, 0, 3))
    state = state._with(viktor=GROWTH_CORNER + 2)  # land on Gizmos 2+X: nothing else happens
    state, events = roll_from(state, 1)
    towns = [e.population for e in events if isinstance(e, Converted)]
    assert towns == [0]
    assert state.is_terminal and state.end == End.TOWN and state.town == 0
    assert state.surplus[LEFTOVERS] == 3  # never converted: the game had ended


def test_calendar_back_at_start_ends_after_the_turn() -> None:
    """ "When it returns to Start, the game is over. (Finish the current turn.)" "Each Shelf Space counts as $15
    towards your score." """
    state = scenario(calendar=RULES.calendar_length - 1, viktor=CALENDAR_CORNER - 1, money=(50, 60), shelves=(5, 4))
    state, _ = roll_from(state, 1)
    assert state.end == End.CALENDAR and state.is_terminal
    assert state.scores() == (50 + 75, 60 + 60) and state.winners() == (0,)


def test_shared_win_on_a_tie() -> None:
    """Ruling: seats tied for the most money all win."""
    state = scenario(town=1, shortage=(0, 0, 0, 9), money=(50, 50))
    state, _ = land(state, LEFT_2X)
    assert state.winners() == (0, 1)


def test_standard_rules_data() -> None:
    """ "A deck of 96 cards (Brains, Gizmos, etc.)" in four categories; every price column has four descending
    steps; the data is marked reconstructed."""
    assert sum(c.count for c in RULES.cards) == 96
    assert RULES.categories == ("Extremities", "Gizmos", "Brains", "Leftovers")
    assert all(len(c.prices) == 4 and list(c.prices) == sorted(c.prices, reverse=True) for c in RULES.cards)
    assert RULES.cards[card("Cheese")].prices == (28, 24, 20, 10)
    assert RULES.categories[RULES.cards[card("Zwik")].category] == "Gizmos"
    assert step_of("Feet", 11) == 2 and step_of("Hands", 18) == 1 and step_of("Giblets", 3) == 3
    assert Rules.from_dict(RULES.to_dict()) == RULES
