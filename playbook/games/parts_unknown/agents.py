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
    Pass,
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


class _Decision(dict[str, Json]):
    """One decision's observation (a copy of it), carrying what the decision derives from it more than once.

    A shopkeeper prices every card of its hand and its shelf against the rivals' lowest prices; scanning
    every rival shelf once per card was most of a decision's cost, so the table of the rivals' lowest prices
    is built once, on first use (``_lowest``), and kept here. It lives as long as the decision, so a later
    observation (or this one changed in place and asked about again) is never read through an old table.
    """

    # No __init__ of its own: copying the observation then costs half as much (measured 0.8 µs, not 1.4 µs).
    lowest: dict[str, int] | None = None


def rivals_lowest_prices(obs: Obs) -> dict[str, int]:
    """The lowest price another store shows each card at, in one pass over the rivals' shelves (a card no
    rival shows is absent)."""
    seat = obs["seat"]
    lowest: dict[str, int] = {}
    for other, shelf in enumerate(obs["displays"]):
        if other != seat:
            for name, price in shelf:
                best = lowest.get(name, 0)
                if best == 0 or price < best:
                    lowest[name] = price
    return lowest


def _lowest(obs: Obs) -> dict[str, int]:
    """``rivals_lowest_prices(obs)``, built once per decision."""
    if not isinstance(obs, _Decision):
        return rivals_lowest_prices(obs)
    table = obs.lowest
    if table is None:
        table = obs.lowest = rivals_lowest_prices(obs)
    return table


def rivals_lowest(obs: Obs, card: str) -> int:
    """The lowest price another store shows ``card`` at (0: nobody else shows it)."""
    return _lowest(obs).get(card, 0)


def undercut_step(obs: Obs, card: str, default: int = 1) -> int:
    """The dearest step strictly under the rivals' lowest price (the bottom step if none is lower)."""
    lowest = _lowest(obs).get(card, 0)
    if not lowest:
        return default
    for step, price in enumerate(_prices(obs, card)):
        if price < lowest:
            return step
    return STEPS - 1


# -- the legal action a decision settled on, as listed ------------------------------------------------------------
# The engine checks a listed object by identity, its cheap test; an equal copy costs it a set of every legal
# action, hashed, and a check of each field's type. So the bots return the listed object: the same choice.


def listed(legal: Sequence[Action], wanted: Action) -> Action | None:
    """The legal action equal to ``wanted`` as listed (None: it is not legal).

    Only actions of ``wanted``'s own class are compared (a dataclass equals no other class), so the answer
    is ``wanted in legal``'s without comparing the others field by field.
    """
    kind = type(wanted)
    for action in legal:
        if type(action) is kind and action == wanted:
            return action
    return None


def _stock(legal: Sequence[Action], card: str, price: int) -> Action | None:
    """The listed ``Stock(card, price)`` (None: not legal), found by its fields without building one."""
    for action in legal:
        if type(action) is Stock and action.card == card and action.price == price:
            return action
    return None


def _draw(legal: Sequence[Action], count: int) -> Action | None:
    """The listed ``Draw(count)`` (None: not legal). The engine lists the draws first, one card more each, so
    that place is looked at first; the list is scanned otherwise."""
    if count <= len(legal):
        action = legal[count - 1]
        if type(action) is Draw and action.count == count:
            return action
    for action in legal:
        if type(action) is Draw and action.count == count:
            return action
    return None


def _raise(legal: Sequence[Action], amount: int, bid: int) -> Action | None:
    """The listed ``Raise(amount)`` (None: not legal). The engine lists the amounts up from the standing bid,
    so that place is looked at first (a long list when the purse is full); the list is scanned otherwise."""
    place = amount - bid - 1
    if 0 <= place < len(legal):
        action = legal[place]
        if type(action) is Raise and action.amount == amount:
            return action
    return listed(legal, Raise(amount))


class Shopkeeper(Agent):
    """The shared skeleton; subclasses set the class numbers and override ``price_step``, ``buy_extra`` and
    ``reprice``. Every decision returns the legal action as listed (see ``listed``)."""

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

    def reprice(self, obs: Obs) -> Action | None:
        """A Step 2 reprice of a shown card (None for none): with ``reprices``, the first one off its price."""
        if self.reprices:
            for name, price in obs["displays"][obs["seat"]]:
                wanted = self.price(obs, name)
                if wanted != price:
                    return Reprice(name, price, wanted)
        return None

    # -- the skeleton -----------------------------------------------------------------------------------
    def choose(self, observation: Obs, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        phase = observation["phase"]
        if phase == "choose":
            return self.choose_stock(observation, legal_actions)
        if phase == "auction":
            return self.bid(observation, legal_actions)
        obs = _Decision(observation)
        if phase == "price":
            return self.price_chosen(obs, legal_actions)
        if phase == "buy":
            action = self.buy(obs, legal_actions)
            if action is not None:
                return action
        action = self.stock(obs, legal_actions)
        if action is None:
            action = listed(legal_actions, ROLL_FOR_VIKTOR)
        return legal_actions[0] if action is None else action

    def value(self, obs: Obs, card: str) -> int:
        return _prices(obs, card)[self.price_step(obs, card)]

    def price(self, obs: Obs, card: str) -> int:
        """The price this strategy marks ``card`` at: the step ``price_step`` picks of its column."""
        return self.value(obs, card)

    def choose_stock(self, obs: Obs, legal_actions: Sequence[Action]) -> Action:
        tops = {name: card["prices"][0] for name, card in obs["cards"].items()}

        def score(action: Action) -> tuple[int, int]:
            assert isinstance(action, ChooseStock)
            return len(action.cards), sum(tops[c] for c in action.cards)

        return max(legal_actions, key=score)

    def price_chosen(self, obs: Obs, legal_actions: Sequence[Action]) -> Action:
        card = max(
            obs["chosen"] or [a.card for a in legal_actions if isinstance(a, Stock)], key=lambda c: _prices(obs, c)[0]
        )
        action = _stock(legal_actions, card, self.price(obs, card))
        return legal_actions[0] if action is None else action

    def buy(self, obs: Obs, legal_actions: Sequence[Action]) -> Action | None:
        extra = self.buy_extra(obs, legal_actions)
        if extra is not None:
            return extra
        if obs["drawn"] == 0:
            money = obs["money"][obs["seat"]]
            costs = obs["draw_prices"]
            for count in range(min(self.draws, len(costs)), 0, -1):
                if count == 1 or costs[count - 1] <= money - self.reserve:
                    action = _draw(legal_actions, count)
                    if action is not None:
                        return action
        return None

    def stock(self, obs: Obs, legal_actions: Sequence[Action]) -> Action | None:
        """The Step 2 move, as listed: fill an empty shelf with the dearest card, else ``reprice``, else dump the
        cheapest card when the hand holds more than ``keep_in_hand``. None for none, or for one not legal."""
        seat = obs["seat"]
        hand: dict[str, int] = obs["hand"]
        if hand and len(obs["displays"][seat]) < obs["shelves"][seat]:
            card = max(hand, key=lambda c: self.value(obs, c))
            return _stock(legal_actions, card, self.price(obs, card))
        wanted = self.reprice(obs)
        if wanted is None and sum(hand.values()) > self.keep_in_hand:
            wanted = DumpFromHand(min(hand, key=lambda c: _prices(obs, c)[-1]))
        return None if wanted is None else listed(legal_actions, wanted)

    def bid(self, obs: Obs, legal_actions: Sequence[Action]) -> Action:
        auction = obs["auction"]
        rates: dict[str, int] = obs["going_rates"]
        worth = sum(n * (rates.get(c) or _prices(obs, c)[2]) for c, n in auction["cards"].items()) // 2
        money = obs["money"][obs["seat"]]
        limit = min(worth, money - self.reserve)
        bid = auction["bid"]
        if bid < limit and auction["leader"] != obs["seat"]:
            action = _raise(legal_actions, min(limit, bid + self.raise_step), bid)
            if action is not None:
                return action
        last = legal_actions[-1]  # the engine lists Pass after the raises
        return last if type(last) is Pass else listed(legal_actions, PASS) or PASS


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
        limit = obs["money"][obs["seat"]] - self.reserve - 4  # the most it pays and keeps its reserve and $4
        cards = obs["cards"]
        best: BuyCard | None = None
        best_price = 0
        for action in legal:  # in legal_actions() order, so ties go the same way in every process
            if isinstance(action, BuyCard):
                card = cards[action.card]
                if card["category"] == category:
                    price = action.price
                    if price < card["prices"][1] and price <= limit and (best is None or price < best_price):
                        best, best_price = action, price
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

    def reprice(self, obs: Obs) -> Action | None:
        """Reprice the first shown card ``reprice_gap`` or more steps off the wanted price (4: never)."""
        gap = int(self.settings["reprice_gap"])
        if gap < STEPS:
            for name, price in obs["displays"][obs["seat"]]:
                wanted = self.price(obs, name)
                if abs(step_of(obs, name, price) - step_of(obs, name, wanted)) >= gap:
                    return Reprice(name, price, wanted)
        return None


#: The strategy with knobs for the strategy lab (kept out of ``STRATEGIES`` so the lesson's tournaments stand).
PARAMETRIC = MarkupShopkeeper
