"""The mutable work copy one ``apply`` changes and then freezes, with the steps that touch many fields.

``Table(state)`` copies a state's fields into a plain object; the moves change it through the methods
below (paying, drawing, a turn's end, Viktor's walk and the spaces he lands on, the auction), and
``freeze()`` returns the new immutable ``State``. Nothing outside one ``apply`` ever sees a ``Table``.

Why a second, mutable copy of the fields is a sanctioned form here (issue 23) and not a second state: a Roll
is a chain of rules that each change a few fields and read what the one before changed (Viktor's walk passes
corners that sell Parts Unknown at the rates in force, lands on a demand that sells from the displays, and the
turn's end converts the counters those sales moved, then starts the next turn). Written on the immutable
state, each link would copy the 37 fields again (``_with``); on a ``Table`` the chain writes attributes and
the fields are copied twice per ``apply`` in all (in, then ``freeze``), whatever the chain's length. The
moves that change a few fields once (buying, stocking, repricing, dumping) use ``State._with`` instead: one
copy. The rules it runs are the rulebook's, quoted in each method, and its only output is the frozen
``State`` and the events: the ``State`` stays the one definition of a position.
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from playbook.core.engine import derived_seed, winners_with_ties
from playbook.core.protocol import Event

from .components import End, Phase, Rules, Space, Tables
from .events import (
    AuctionOpened,
    AuctionUnclaimed,
    AuctionWon,
    CalendarAdvanced,
    CardRevealed,
    CardSold,
    Converted,
    DeckReshuffled,
    DemandResolved,
    DieRolled,
    GameEnded,
    PartsUnknownSold,
    SpaceSwitched,
    TownChanged,
    TurnStarted,
    ViktorMoved,
)
from .rulebook import convert, end_scores, parts_unknown_value, rates_in_force, resolve_demand, town_after

if TYPE_CHECKING:
    from .state import Shelf, State


def put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with one item replaced."""
    return (*values[:index], value, *values[index + 1 :])


def add(counts: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return (*counts[:index], counts[index] + delta, *counts[index + 1 :])


def shelf_remove(shelf: Shelf, item: tuple[int, int]) -> Shelf:
    index = shelf.index(item)
    return shelf[:index] + shelf[index + 1 :]


def shelf_add(shelf: Shelf, item: tuple[int, int]) -> Shelf:
    return tuple(sorted((*shelf, item)))


#: Per state class's field names, the ``itemgetter`` that reads them off a ``Table`` in order (in C).
_GETTERS: dict[tuple[str, ...], Any] = {}


def _fills(counters: int, dots: int) -> bool:
    """Whether ``convert`` would turn these counters into Townsfolk (every dot covered)."""
    return 0 < dots <= counters


class Table:
    """A ``State``'s fields as plain attributes, changed in place during one ``apply``."""

    rules: Rules
    num_players: int
    phase: Phase
    turn_seat: int
    seat: int
    round: int
    money: tuple[int, ...]
    bank: int
    shelves: tuple[int, ...]
    displays: tuple[Shelf, ...]
    hands: tuple[tuple[int, ...], ...]
    parts_unknown: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    seed: int
    reshuffles: int
    layout: tuple[int, ...]
    viktor: int
    calendar: int
    town: int
    surplus: tuple[int, ...]
    shortage: tuple[int, ...]
    riot: bool
    monster: bool
    drawn: int
    going: tuple[int, ...]
    chosen: tuple[tuple[int, ...], ...]
    choosers: int
    first_pricer: int
    priced: int
    pool: tuple[int, ...]
    pool_owners: tuple[int, ...]
    bid: int
    leader: int
    passed: int
    calendar_done: bool
    end: End

    def __init__(self, state: State) -> None:
        names = state._fields
        self.__dict__.update(zip(names, state))  # noqa: B905 (the state's own fields: one length)
        self._cls = type(state)
        self._names = names
        self.events: list[Event] = []
        self.tables: Tables = self.rules.tables

    def freeze(self) -> State:
        getter = _GETTERS.get(self._names)
        if getter is None:
            getter = _GETTERS[self._names] = itemgetter(*self._names)
        state: State = tuple.__new__(self._cls, getter(self.__dict__))
        return state

    def done(self) -> tuple[State, tuple[Event, ...]]:
        return self.freeze(), tuple(self.events)

    # -- money and cards ------------------------------------------------------------------------------------
    def pay_bank(self, seat: int, amount: int) -> None:
        self.money = put(self.money, seat, self.money[seat] - amount)
        self.bank += amount

    def bank_pays(self, seat: int, amount: int) -> None:
        self.money = put(self.money, seat, self.money[seat] + amount)
        self.bank -= amount

    def to_hand(self, seat: int, card: int, count: int = 1) -> None:
        self.hands = put(self.hands, seat, add(self.hands[seat], card, count))

    def to_discard(self, card: int, count: int = 1) -> None:
        self.discard = add(self.discard, card, count)

    def top_card(self) -> int:
        """Take the top card of the deck, reshuffling the discards when it has run out; -1 if none are left."""
        if not self.deck and not self.reshuffle():
            return -1
        card = self.deck[0]
        self.deck = self.deck[1:]
        return card

    def reshuffle(self) -> bool:
        """Shuffle the discards into a new deck (False: there are none). The order comes from the seed and the
        reshuffle's number (``derived_seed``): hidden from every seat, the same in every replay."""
        total = sum(self.discard)
        if not total:
            return False
        cards = [c for c, n in enumerate(self.discard) for _ in range(n)]
        random.Random(derived_seed(self.seed, "reshuffle", self.reshuffles)).shuffle(cards)
        self.deck = tuple(cards)
        self.discard = (0,) * self.tables.num_types
        self.reshuffles += 1
        self.events.append(DeckReshuffled(total))
        return True

    def draw_to_hand(self, seat: int, count: int) -> None:
        """``count`` cards from the top of the deck into ``seat``'s hand, one ``top_card`` at a time in effect
        (a reshuffle when the deck runs out on the way), with the deck and the hand rebuilt once."""
        hand = list(self.hands[seat])
        while count:
            if not self.deck and not self.reshuffle():
                break
            taken = self.deck[:count]
            self.deck = self.deck[len(taken) :]
            for card in taken:
                hand[card] += 1
            count -= len(taken)
        self.hands = put(self.hands, seat, tuple(hand))

    # -- set-up and turns ------------------------------------------------------------------------------------
    def next_pricer(self) -> None:
        n = self.num_players
        while self.priced < n:
            seat = (self.first_pricer + self.priced) % n
            if self.chosen[seat]:
                self.phase = Phase.PRICE
                self.seat = seat
                return
            self.priced += 1
        self.phase = Phase.FIRST_PLAYER
        self.seat = 0

    def start_turn(self, seat: int, number: int) -> None:
        self.turn_seat = seat
        self.seat = seat
        self.round = number
        self.phase = Phase.BUY
        self.drawn = 0
        self.going = (0,) * self.tables.num_types
        self.events.append(TurnStarted(seat, number))

    def convert_house(self, house_index: int, counter: str) -> bool:
        """Convert one house's full Surplus or Shortage dots; True when the Town has reached zero."""
        house = self.rules.houses[house_index]
        field = "surplus" if counter == "Surplus" else "shortage"
        counters: tuple[int, ...] = getattr(self, field)
        dots = house.surplus_dots if counter == "Surplus" else house.shortage_dots
        changed, left = convert(counters[house_index], dots, self.rules.excess_conversion)
        if changed:
            setattr(self, field, put(counters, house_index, left))
            change = changed if counter == "Surplus" else -changed
            self.town = town_after(self.town, change)
            self.events.append(Converted(house.name, counter, counters[house_index], change, self.town))
        return self.town <= 0

    def end_turn(self) -> None:
        """ "Converting Surplus and Shortage: This will happen at the end of every turn." Then the ends: "If the
        Town's population reaches zero, the game ends immediately", so no later house converts."""
        houses = self.rules.houses
        for house_index in self.layout:
            house = houses[house_index]
            if not house.converts:
                continue
            if self.town > 0 and not (
                _fills(self.surplus[house_index], house.surplus_dots)
                or _fills(self.shortage[house_index], house.shortage_dots)
            ):
                continue  # neither counter fills its dots: nothing converts (what ``convert`` would say)
            if self.convert_house(house_index, "Surplus") or self.convert_house(house_index, "Shortage"):
                self.finish(End.TOWN)
                return
        if self.calendar_done:
            self.finish(End.CALENDAR)
        else:
            self.start_turn((self.turn_seat + 1) % self.num_players, self.round + 1)

    def finish(self, end: End) -> None:
        self.end = end
        self.phase = Phase.OVER
        scores = end_scores(self.money, self.shelves, end, self.rules.shelf_value)
        self.events.append(GameEnded(end.word, scores, winners_with_ties(scores)))

    # -- Step 3: Viktor -------------------------------------------------------------------------------------
    def rates(self) -> tuple[int, ...]:
        return rates_in_force(self.going, self.tables.category, self.monster)

    def roll(self, value: int) -> None:
        tables = self.tables
        board = tables.board(self.layout)
        self.events.append(DieRolled(self.turn_seat, value))
        start = self.viktor
        length = len(board)
        end = (start + value) % length
        kind, house, amount = board[end]
        word, house_name, _, label = tables.board_view(self.layout)[end]  # the space's words, built once
        self.events.append(ViktorMoved(start, end, word, label, house_name))
        for step in range(1, value + 1):
            here = board[(start + step) % length][0]
            if here in (Space.CALENDAR, Space.CALENDAR_GROWTH):
                self.corner(here)
            elif here in (Space.RIOT, Space.MONSTER):
                self.persistent(here, landing=step == value)
        self.viktor = end
        if kind == Space.DEMAND:
            self.demand(house, amount)
        elif kind == Space.BUYOUT:
            self.buyout()
        elif kind == Space.AUCTION:
            if self.open_auction():
                return
        elif kind == Space.ROLL_AGAIN:
            return  # the phase stays VIKTOR: chance rolls again
        self.end_turn()

    def corner(self, kind: Space) -> None:
        """ "Both spaces advance the Calendar Pawn. One of them also grows the Town by one." """
        rules = self.rules
        self.calendar += 1
        finished = self.calendar >= rules.calendar_length and not self.calendar_done
        if finished:
            self.calendar_done = True
        self.events.append(CalendarAdvanced(self.calendar % rules.calendar_length, rules.calendar_length, finished))
        if kind == Space.CALENDAR_GROWTH:
            self.town += 1
            self.events.append(TownChanged(self.town, 1, "Advance the Calendar grows the Town"))
        where = rules.parts_unknown_corner
        if where == "both" or (where == "growth") == (kind == Space.CALENDAR_GROWTH):
            self.sell_parts_unknown()

    def sell_parts_unknown(self) -> None:
        """ "All Parts Unknown sell immediately ... for half the Going Rate, rounding down." """
        rates = self.rates()
        lowest = self.tables.lowest
        for seat, pile in enumerate(self.parts_unknown):
            cards = sum(pile)
            if not cards:
                continue
            amount = sum(n * parts_unknown_value(rates[c], lowest[c]) for c, n in enumerate(pile) if n)
            self.bank_pays(seat, amount)
            self.discard = tuple(d + p for d, p in zip(self.discard, pile, strict=True))
            self.parts_unknown = put(self.parts_unknown, seat, (0,) * len(pile))
            self.events.append(PartsUnknownSold(seat, cards, amount))

    def persistent(self, kind: Space, landing: bool) -> None:
        """ "If Viktor lands on one of these spaces, mark it ... the effect is on until Viktor lands there again,
        or passes over it again." """
        on = self.riot if kind == Space.RIOT else self.monster
        if not landing and not on:
            return
        new = (not on or self.rules.relanding_restarts) if landing else False
        if kind == Space.RIOT:
            self.riot = new
        else:
            self.monster = new
        self.events.append(SpaceSwitched(kind.word, new))

    def sell(self, seat: int, card: int, step: int) -> int:
        price = self.tables.prices[card][step]
        self.displays = put(self.displays, seat, shelf_remove(self.displays[seat], (card, step)))
        self.bank_pays(seat, price)
        self.to_discard(card)
        return price

    def demand(self, house: int, amount: int) -> None:
        rules = self.rules
        tables = self.tables
        category = rules.houses[house].category
        prices = tables.prices
        items = [
            (seat, card, step)
            for seat, shelf in enumerate(self.displays)
            for card, step in shelf
            if tables.category[card] == category
        ]
        offers = [(seat, card, prices[card][step]) for seat, card, step in items]
        outcome = resolve_demand(amount, self.town, self.surplus[house], self.shortage[house], offers, self.rates())
        sales: dict[tuple[int, int, int], int] = {}
        for index in outcome.sold:
            seat, card, step = items[index]
            price = self.sell(seat, card, step)
            sales[(seat, card, price)] = sales.get((seat, card, price), 0) + 1
        self.surplus = put(self.surplus, house, outcome.surplus)
        self.shortage = put(self.shortage, house, outcome.shortage)
        self.events.append(
            DemandResolved(
                rules.houses[house].name,
                outcome.demand,
                outcome.net,
                len(outcome.sold),
                outcome.surplus,
                outcome.shortage,
            )
        )
        for (seat, card, price), count in sales.items():
            self.events.append(CardSold(seat, tables.names[card], count, price, "demand"))

    def buyout(self) -> None:
        """ "Reveal the top card of the deck. All the cards on display which match that card sell immediately,
        at their marked price." """
        card = self.top_card()
        if card < 0:
            return
        self.events.append(CardRevealed(self.tables.names[card], "buyout"))
        for seat, shelf in enumerate(self.displays):
            for shown, step in shelf:
                if shown == card:
                    price = self.sell(seat, card, step)
                    self.events.append(CardSold(seat, self.tables.names[card], 1, price, "buyout"))
        if self.rules.buyout_card == "bottom":
            self.deck = (*self.deck, card)
        else:
            self.to_discard(card)

    # -- the auction ------------------------------------------------------------------------------------------
    def open_auction(self) -> bool:
        """ "Turn over the top card ... Every matching card which is currently on display is taken away and
        thrown into a pool, along with the card itself. Players then bid in an open auction." """
        card = self.top_card()
        if card < 0:
            return False
        names = self.tables.names
        self.events.append(CardRevealed(names[card], "auction"))
        pool = [card]
        owners = [-1]
        for seat, shelf in enumerate(self.displays):
            matching = [item for item in shelf if item[0] == card]
            if matching:
                self.displays = put(self.displays, seat, tuple(item for item in shelf if item[0] != card))
                pool.extend(card for _ in matching)
                owners.extend(seat for _ in matching)
        self.pool = tuple(pool)
        self.pool_owners = tuple(owners)
        self.events.append(AuctionOpened(tuple(names[c] for c in pool), tuple(owners)))
        self.phase = Phase.AUCTION
        self.bid = 0
        self.leader = -1
        self.passed = 0
        self.seat = self.turn_seat
        return True

    def next_bidder(self) -> None:
        """The next seat to the left that has not passed on the standing bid; when every seat but the high
        bidder has passed on it, the auction closes."""
        n = self.num_players
        seat = self.seat
        for _ in range(n):
            seat = (seat + 1) % n
            if seat != self.leader and not self.passed >> seat & 1:
                self.seat = seat
                return
        self.close_auction()

    def close_auction(self) -> None:
        pool = self.pool
        if self.leader >= 0:
            self.pay_bank(self.leader, self.bid)
            for card in pool:
                self.to_hand(self.leader, card, 1)
            self.events.append(AuctionWon(self.leader, self.bid, len(pool)))
        elif self.rules.unclaimed_auction == "owners":
            for card, owner in zip(pool, self.pool_owners, strict=True):
                if owner >= 0:
                    self.to_hand(owner, card, 1)
                else:
                    self.to_discard(card)
            self.events.append(AuctionUnclaimed(len(pool), "owners' hands"))
        else:
            for card in pool:
                self.to_discard(card)
            self.events.append(AuctionUnclaimed(len(pool), "discards"))
        self.pool = ()
        self.pool_owners = ()
        self.bid = 0
        self.leader = -1
        self.passed = 0
        self.seat = self.turn_seat
        self.end_turn()
