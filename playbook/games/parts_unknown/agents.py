"""Parts Unknown strategies: small shopkeepers a class can set against each other.

Each sees only ``observation(seat)`` and the legal actions. They share one skeleton (``Shopkeeper``): at
set-up stock the dearest cards; in Step 1 draw a few cards; in Step 2 fill the empty shelves and (maybe)
reprice or use Parts Unknown; bid in an auction up to half the pool's going value. They differ in the one
decision the game is about: the price.

Every choice depends only on the observation and the order of the legal actions (never on the order of a
set), so a seeded game is the same in every process whatever Python's hash seed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import ClassVar

from playbook.core.agents import Agent, RandomAgent
from playbook.core.protocol import Action, Json
from playbook.core.strategy import Knob, ParametricAgent

from .actions import (
    PASS,
    ROLL_FOR_VIKTOR,
    BuyCard,
    BuyShelf,
    ChooseStock,
    Draw,
    DumpFromHand,
    Raise,
    Reprice,
    Stock,
)
from .components import STEPS

__all__ = [
    "PARAMETRIC",
    "STRATEGIES",
    "Cornerer",
    "Liquidator",
    "MarkupShopkeeper",
    "RandomAgent",
    "ShelfBuilder",
    "Shopkeeper",
    "TopShelf",
    "Undercutter",
]

Obs = Mapping[str, Json]


def _prices(obs: Obs, card: str) -> list[int]:
    prices: list[int] = obs["cards"][card]["prices"]
    return prices


def rivals_lowest(obs: Obs, card: str) -> int:
    """The lowest price another store shows ``card`` at (0: nobody else shows it)."""
    seat = obs["seat"]
    best = 0
    for other, shelf in enumerate(obs["displays"]):
        if other == seat:
            continue
        for name, price in shelf:
            if name == card and (best == 0 or price < best):
                best = price
    return best


def undercut_step(obs: Obs, card: str, default: int = 1) -> int:
    """The dearest step strictly under the rivals' lowest price (the bottom step if none is lower)."""
    lowest = rivals_lowest(obs, card)
    if not lowest:
        return default
    prices = _prices(obs, card)
    for step, price in enumerate(prices):
        if price < lowest:
            return step
    return STEPS - 1


class Shopkeeper(Agent):
    """The shared skeleton; subclasses set the class numbers and override ``price_step`` and ``extra``."""

    name = "shopkeeper"
    description = "Stocks its dearest cards at the second step and draws three cards a turn."
    stochastic = False
    looks_at: ClassVar[tuple[str, ...]] = ("own hand", "shelves", "going rates", "money")
    draws: ClassVar[int] = 3
    reserve: ClassVar[int] = 8
    keep_in_hand: ClassVar[int] = 3
    reprices: ClassVar[bool] = False
    #: how much it raises a standing bid by (a person may type any amount; bots pick a few)
    raise_step: ClassVar[int] = 5

    # -- the decisions subclasses change ---------------------------------------------------------------
    def price_step(self, obs: Obs, card: str) -> int:
        return 1

    def buy_extra(self, obs: Obs, legal: Sequence[Action]) -> Action | None:
        """A Step 1 move beyond drawing (buying shelves or rivals' cards); None for none."""
        return None

    # -- the skeleton -----------------------------------------------------------------------------------
    def choose(self, observation: Obs, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        phase = observation["phase"]
        if phase == "choose":
            return self.choose_stock(observation, legal_actions)
        if phase == "price":
            return self.price_chosen(observation, legal_actions)
        if phase == "auction":
            return self.bid(observation, legal_actions)
        legal = frozenset(legal_actions)
        if phase == "buy":
            action = self.buy(observation, legal_actions, legal)
            if action is not None:
                return action
        action = self.stock(observation)
        if action is not None and action in legal:
            return action
        return ROLL_FOR_VIKTOR if ROLL_FOR_VIKTOR in legal else legal_actions[0]

    def value(self, obs: Obs, card: str) -> int:
        return _prices(obs, card)[self.price_step(obs, card)]

    def price(self, obs: Obs, card: str) -> int:
        """The price this strategy marks ``card`` at: the step ``price_step`` picks of its column."""
        return self.value(obs, card)

    def choose_stock(self, obs: Obs, legal_actions: Sequence[Action]) -> Action:
        def score(action: Action) -> tuple[int, int]:
            assert isinstance(action, ChooseStock)
            return len(action.cards), sum(_prices(obs, c)[0] for c in action.cards)

        return max(legal_actions, key=score)

    def price_chosen(self, obs: Obs, legal_actions: Sequence[Action]) -> Action:
        card = max(
            obs["chosen"] or [a.card for a in legal_actions if isinstance(a, Stock)], key=lambda c: _prices(obs, c)[0]
        )
        wanted = Stock(card, self.price(obs, card))
        return wanted if wanted in legal_actions else legal_actions[0]

    def buy(self, obs: Obs, legal_actions: Sequence[Action], legal: frozenset[Action]) -> Action | None:
        extra = self.buy_extra(obs, legal_actions)
        if extra is not None:
            return extra
        if obs["drawn"] == 0:
            money = obs["money"][obs["seat"]]
            costs = obs["draw_prices"]
            for count in range(min(self.draws, len(costs)), 0, -1):
                action = Draw(count)
                if (count == 1 or costs[count - 1] <= money - self.reserve) and action in legal:
                    return action
        return None

    def stock(self, obs: Obs) -> Action | None:
        seat = obs["seat"]
        hand: dict[str, int] = obs["hand"]
        shelf = obs["displays"][seat]
        if hand and len(shelf) < obs["shelves"][seat]:
            card = max(hand, key=lambda c: self.value(obs, c))
            return Stock(card, self.price(obs, card))
        if self.reprices:
            for name, price in shelf:
                wanted = self.price(obs, name)
                if wanted != price:
                    return Reprice(name, price, wanted)
        if sum(hand.values()) > self.keep_in_hand:
            card = min(hand, key=lambda c: _prices(obs, c)[-1])
            return DumpFromHand(card)
        return None

    def bid(self, obs: Obs, legal_actions: Sequence[Action]) -> Action:
        auction = obs["auction"]
        rates: dict[str, int] = obs["going_rates"]
        worth = sum(n * (rates.get(c) or _prices(obs, c)[2]) for c, n in auction["cards"].items()) // 2
        money = obs["money"][obs["seat"]]
        limit = min(worth, money - self.reserve)
        bid = auction["bid"]
        if bid < limit and auction["leader"] != obs["seat"]:
            wanted = Raise(min(limit, bid + self.raise_step))
            if wanted in legal_actions:
                return wanted
        return PASS


class Undercutter(Shopkeeper):
    name = "undercutter"
    description = "Prices every card one step under the cheapest rival, so it sets the going rate."
    looks_at = ("own hand", "rivals' prices", "money")
    reprices = True

    def price_step(self, obs: Obs, card: str) -> int:
        return undercut_step(obs, card)


class TopShelf(Shopkeeper):
    name = "top shelf"
    description = "Prices everything at the top of its column and waits for a shortage to sell it."
    looks_at = ("own hand", "money")
    draws = 2

    def price_step(self, obs: Obs, card: str) -> int:
        return 0


class Liquidator(Shopkeeper):
    name = "liquidator"
    description = "Draws many cards, shows a few cheaply and dumps the rest into Parts Unknown at half the rate."
    looks_at = ("own hand", "money")
    draws = 4
    keep_in_hand = 0

    def price_step(self, obs: Obs, card: str) -> int:
        return 2


class Cornerer(Shopkeeper):
    name = "cornerer"
    description = "Picks the category it holds most of, buys out rivals' cheaper cards in it and prices high."
    looks_at = ("own hand", "own shelves", "rivals' shelves", "money")
    reserve = 12

    def target(self, obs: Obs) -> str:
        seat = obs["seat"]
        held: dict[str, int] = {}
        cards = obs["cards"]
        for name, count in obs["hand"].items():
            held[cards[name]["category"]] = held.get(cards[name]["category"], 0) + count
        for name, _ in obs["displays"][seat]:
            held[cards[name]["category"]] = held.get(cards[name]["category"], 0) + 1
        if not held:
            return ""
        return max(sorted(held), key=lambda c: held[c])

    def price_step(self, obs: Obs, card: str) -> int:
        return 1

    def buy_extra(self, obs: Obs, legal: Sequence[Action]) -> Action | None:
        category = self.target(obs)
        money = obs["money"][obs["seat"]]
        cards = obs["cards"]
        best: BuyCard | None = None
        for action in legal:  # in legal_actions() order, so ties go the same way in every process
            if isinstance(action, BuyCard) and cards[action.card]["category"] == category:
                price = action.price
                if (
                    price < cards[action.card]["prices"][1]
                    and money - price >= self.reserve + 4
                    and (best is None or price < best.price)
                ):
                    best = action
        return best


class ShelfBuilder(Shopkeeper):
    name = "shelf builder"
    description = "Buys extra shelves early (each worth $15 at the end) and undercuts to keep them moving."
    looks_at = ("own hand", "rivals' prices", "money", "turn")
    reprices = True
    max_shelves: ClassVar[int] = 7
    build_until: ClassVar[int] = 24

    def price_step(self, obs: Obs, card: str) -> int:
        return undercut_step(obs, card)

    def buy_extra(self, obs: Obs, legal: Sequence[Action]) -> Action | None:
        seat = obs["seat"]
        if (
            obs["round"] <= self.build_until
            and obs["shelves"][seat] < self.max_shelves
            and obs["money"][seat] >= obs["shelf_cost"] + self.reserve
        ):
            for action in legal:
                if isinstance(action, BuyShelf):
                    return action
        return None


STRATEGIES: tuple[type[Shopkeeper], ...] = (Undercutter, TopShelf, Liquidator, Cornerer, ShelfBuilder)


def step_of(obs: Obs, card: str, price: int) -> int:
    """The step of ``card``'s column a price sits at: the dearest step not above it (the bottom if all are)."""
    for step, printed in enumerate(_prices(obs, card)):
        if printed <= price:
            return step
    return STEPS - 1


class MarkupShopkeeper(ParametricAgent, Shopkeeper):
    """The Shopkeeper with its three pricing and timing choices on knobs (see ``knobs``).

    The going rate it marks up is the rivals' (their lowest price for the card), never its own, so a markup
    does not feed on itself; a card no rival shows is priced from the second step of its column.
    """

    name = "markup"
    description = (
        "Prices each card a set number of steps above the rivals' going rate, reprices when far off "
        "and buys shelves when rich."
    )
    looks_at = ("own hand", "rivals' prices", "money", "turn")
    knobs: ClassVar[dict[str, Knob]] = {
        "markup": Knob(-2, 2, 0, 1, "price steps above the rivals' lowest price (negative: under it)"),
        "reprice_gap": Knob(1, 4, 2, 1, "reprice a shown card this many steps off the wanted price (4: never)"),
        "shelf_reserve": Knob(0, 300, 60, 10, "buy a shelf (up to 7, until round 24) if this much money is left after"),
    }
    max_shelves: ClassVar[int] = 7
    build_until: ClassVar[int] = 24

    def price_step(self, obs: Obs, card: str) -> int:
        lowest = rivals_lowest(obs, card)
        base = step_of(obs, card, lowest) if lowest else 1
        return min(STEPS - 1, max(0, base - int(self.settings["markup"])))

    def buy_extra(self, obs: Obs, legal: Sequence[Action]) -> Action | None:
        seat = obs["seat"]
        if (
            obs["round"] <= self.build_until
            and obs["shelves"][seat] < self.max_shelves
            and obs["money"][seat] - obs["shelf_cost"] >= self.settings["shelf_reserve"]
        ):
            for action in legal:
                if isinstance(action, BuyShelf):
                    return action
        return None

    def stock(self, obs: Obs) -> Action | None:
        seat = obs["seat"]
        hand: dict[str, int] = obs["hand"]
        shelf = obs["displays"][seat]
        if hand and len(shelf) < obs["shelves"][seat]:
            card = max(hand, key=lambda c: self.value(obs, c))
            return Stock(card, self.price(obs, card))
        gap = int(self.settings["reprice_gap"])
        if gap < STEPS:
            for name, price in shelf:
                wanted = self.price(obs, name)
                if abs(step_of(obs, name, price) - step_of(obs, name, wanted)) >= gap:
                    return Reprice(name, price, wanted)
        if sum(hand.values()) > self.keep_in_hand:
            card = min(hand, key=lambda c: _prices(obs, c)[-1])
            return DumpFromHand(card)
        return None


#: The strategy with knobs for the strategy lab (kept out of ``STRATEGIES`` so the lesson's tournaments stand).
PARAMETRIC = MarkupShopkeeper
