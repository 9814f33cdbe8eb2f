"""Every action a seat may be offered, built once per rules and reused: ``legal_actions()`` runs every step,
and building the same frozen dataclasses again each time was most of its cost."""

from __future__ import annotations

from typing import TYPE_CHECKING

from playbook.core.engine import uniform_outcomes
from playbook.core.protocol import Action

from ..actions import BuyCard, ChooseStock, Draw, DumpFromHand, DumpFromShelf, PickSeat, Raise, Reprice, Roll, Stock

if TYPE_CHECKING:
    from ..components import Rules


#: What a shelf offers: its Reprices, its Dumps from Shelf, and the two joined.
ShelfActions = tuple[tuple[Reprice, ...], tuple[DumpFromShelf, ...], tuple[Action, ...]]
RAISES_KEPT = 5000
#: At most this many hands (and shelves) keep their Stock (and Reprice) lists; then the table starts afresh.
LISTS_KEPT = 50_000


class ActionCache:
    """Actions by what they are about: ``stock[card]``, ``reprice[card][step]``, ``dump_shelf[card][step]``,
    ``dump_hand[card]``; ``buy(seller, card, step)`` and ``raises(low, high)`` fill in as they are asked."""

    __slots__ = (
        "_buy",
        "_buys",
        "_by_hand",
        "_by_shelf",
        "_choices",
        "_raise",
        "chance_rolls",
        "chance_seats",
        "draws",
        "dump_hand",
        "dump_shelf",
        "names",
        "prices",
        "reprice",
        "rolls",
        "seats",
        "stock",
    )

    def __init__(self, rules: Rules) -> None:
        tables = rules.tables
        self.names = tables.names
        self.prices = tables.prices
        self.stock = tuple(
            tuple(Stock(name, price) for price in prices) for name, prices in zip(self.names, self.prices, strict=True)
        )
        self.reprice = tuple(
            tuple(
                tuple(Reprice(name, prices[step], price) for other, price in enumerate(prices) if other != step)
                for step in range(len(prices))
            )
            for name, prices in zip(self.names, self.prices, strict=True)
        )
        self.dump_shelf = tuple(
            tuple(DumpFromShelf(name, price) for price in prices)
            for name, prices in zip(self.names, self.prices, strict=True)
        )
        self.dump_hand = tuple(DumpFromHand(name) for name in self.names)
        self.draws = tuple(Draw(count) for count in range(len(rules.draw_prices) + 1))
        self.rolls = tuple(Roll(value) for value in range(1, rules.die_sides + 1))
        self.seats = tuple(PickSeat(seat) for seat in range(rules.max_players))
        self._buy: dict[tuple[int, int, int], BuyCard] = {}
        self._buys: dict[tuple[int, tuple[tuple[int, int], ...]], tuple[tuple[int, BuyCard], ...]] = {}
        self._choices: dict[tuple[int, ...], ChooseStock] = {}
        #: the chance steps' outcomes: the die, and a fair pick of a seat per player count
        self.chance_rolls = uniform_outcomes(self.rolls)
        self.chance_seats = tuple(uniform_outcomes(self.seats[:n]) for n in range(rules.max_players + 1))
        self._raise: list[Raise] = [Raise(0)]
        self._by_hand: dict[tuple[int, ...], tuple[tuple[Stock, ...], tuple[DumpFromHand, ...]]] = {}
        self._by_shelf: dict[tuple[tuple[int, int], ...], ShelfActions] = {}

    def for_hand(self, hand: tuple[int, ...]) -> tuple[tuple[Stock, ...], tuple[DumpFromHand, ...]]:
        """Every Stock of a card in ``hand`` (card counts) and every Dump from Hand of one, cards in order:
        hands repeat within and across games, so each hand's lists are built once (``legal_actions`` asks
        them on every Step 1 and 2 state)."""
        found = self._by_hand.get(hand)
        if found is None:
            stock, dump = self.stock, self.dump_hand
            held = [card for card, n in enumerate(hand) if n]
            found = (tuple(action for card in held for action in stock[card]), tuple(dump[card] for card in held))
            if len(self._by_hand) >= LISTS_KEPT:
                self._by_hand.clear()
            self._by_hand[hand] = found
        return found

    def for_shelf(self, shelf: tuple[tuple[int, int], ...]) -> ShelfActions:
        """Every Reprice and every Dump from Shelf of what ``shelf`` (sorted ``(card, step)`` pairs) shows, one
        list per item shown once however many copies, and the two joined (Step 2 lists them so): built once
        per shelf, like ``for_hand``."""
        found = self._by_shelf.get(shelf)
        if found is None:
            reprice, dump = self.reprice, self.dump_shelf
            # a shelf is a sorted tuple, so dict.fromkeys keeps one of each (card, step) in order
            shown = dict.fromkeys(shelf)
            reprices = tuple(action for card, step in shown for action in reprice[card][step])
            dumps = tuple(dump[card][step] for card, step in shown)
            found = (reprices, dumps, reprices + dumps)
            if len(self._by_shelf) >= LISTS_KEPT:
                self._by_shelf.clear()
            self._by_shelf[shelf] = found
        return found

    def buys_from(self, seller: int, shelf: tuple[tuple[int, int], ...]) -> tuple[tuple[int, BuyCard], ...]:
        """``(price, BuyCard)`` for each item ``seller``'s shelf shows, one per item however many copies, in shelf
        order: built once per seller and shelf (``BuyCardMove.legal`` keeps those the buyer can pay for)."""
        key = (seller, shelf)
        found = self._buys.get(key)
        if found is None:
            prices = self.prices
            found = tuple((prices[card][step], self.buy(seller, card, step)) for card, step in dict.fromkeys(shelf))
            if len(self._buys) >= LISTS_KEPT:
                self._buys.clear()
            self._buys[key] = found
        return found

    def buy(self, seller: int, card: int, step: int) -> BuyCard:
        key = (seller, card, step)
        action = self._buy.get(key)
        if action is None:
            action = self._buy[key] = BuyCard(seller, self.names[card], self.prices[card][step])
        return action

    def choose(self, combo: tuple[int, ...]) -> ChooseStock:
        """The set-up choice of these card types (in card order)."""
        action = self._choices.get(combo)
        if action is None:
            names = self.names
            action = self._choices[combo] = ChooseStock(tuple(names[c] for c in combo))
        return action

    def chance(self, die: bool, players: int) -> tuple[tuple[Action, float], ...]:
        """The outcomes of a chance step: Viktor's die, or a fair pick of one of ``players`` seats."""
        return self.chance_rolls if die else self.chance_seats[players]

    def raises(self, low: int, high: int) -> list[Raise]:
        """``Raise(amount)`` for every amount from ``low`` to ``high`` (amounts above ``RAISES_KEPT`` are built
        each time, so a variant with huge purses does not keep them all)."""
        if low > high:
            return []
        made = self._raise
        if high >= len(made) and len(made) <= RAISES_KEPT:
            made.extend(Raise(amount) for amount in range(len(made), min(high, RAISES_KEPT) + 1))
        kept = made[low : high + 1]
        top = low + len(kept)
        return kept if top > high else [*kept, *(Raise(amount) for amount in range(top, high + 1))]
