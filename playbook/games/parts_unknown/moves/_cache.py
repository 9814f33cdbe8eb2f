"""Every action a seat may be offered, built once per rules and reused: ``legal_actions()`` runs every step,
and building the same frozen dataclasses again each time was most of its cost."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import BuyCard, Draw, DumpFromHand, DumpFromShelf, PickSeat, Raise, Reprice, Roll, Stock

if TYPE_CHECKING:
    from ..components import Rules


RAISES_KEPT = 5000


class ActionCache:
    """Actions by what they are about: ``stock[card]``, ``reprice[card][step]``, ``dump_shelf[card][step]``,
    ``dump_hand[card]``; ``buy(seller, card, step)`` and ``raises(low, high)`` fill in as they are asked."""

    __slots__ = (
        "_buy",
        "_raise",
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
        self._raise: list[Raise] = [Raise(0)]

    def buy(self, seller: int, card: int, step: int) -> BuyCard:
        key = (seller, card, step)
        action = self._buy.get(key)
        if action is None:
            action = self._buy[key] = BuyCard(seller, self.names[card], self.prices[card][step])
        return action

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
