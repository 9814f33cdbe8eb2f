"""Strategies for Mars Needs Mechanics a teacher can contrast.

Each agent reads only its observation (values, Order Line, market, its own hand) and the legal actions.
The contrasts are the designer's tips: *when* you buy moves a value, and *when* you sell decides what a
set is worth. ``ThresholdSeller`` (``PARAMETRIC``) turns both tips into knobs for the strategy lab (the value at
which to sell, how many passes to wait before buying, the most to pay); it is kept out of ``STRATEGIES`` so the
lesson's tournaments keep their numbers.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from playbook.core.agents import Agent, RandomAgent
from playbook.core.protocol import Action
from playbook.core.strategy import Knob, ParametricAgent

from .actions import PASS, Build, Buy, DoneSelling, EndTurn, SellSet

__all__ = [
    "PARAMETRIC",
    "STRATEGIES",
    "Hoarder",
    "LateBuyer",
    "Mechanic",
    "QuickSeller",
    "RandomAgent",
    "ThresholdSeller",
]


def _best_set(legal: Sequence[Action], component: int) -> SellSet | None:
    """The biggest sale of ``component`` that uses the fewest Scrap."""
    options = [a for a in legal if isinstance(a, SellSet) and a.component == component]
    if not options:
        return None
    return max(options, key=lambda a: (a.cards, -a.scrap))


def _focus(observation: Mapping[str, Any], legal: Sequence[Action]) -> Buy | None:
    """The purchase that grows the type held most (ties: the cheaper one)."""
    hand = observation["hand"]
    prices = observation["prices"]
    buys = [a for a in legal if isinstance(a, Buy) and not a.hold_token]
    if not buys:
        return None
    return max(buys, key=lambda a: (hand[a.component], -prices[a.component]))


def _finish_turn(legal: Sequence[Action]) -> Action:
    for action in legal:
        if isinstance(action, EndTurn):
            return action
    return PASS if PASS in legal else legal[-1]


class QuickSeller(Agent):
    """Buys the cheapest card of the type it holds most of, and sells every set the moment it can."""

    name = "quick seller"
    description = "Sells a set as soon as it can: cogs now beat cogs later."
    looks_at: ClassVar[tuple[str, ...]] = ("own hand", "prices")

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if observation["phase"] == "sell":
            sales = [a for a in legal_actions if isinstance(a, SellSet)]
            if sales:
                return max(sales, key=lambda a: (a.cards * observation["values"][a.component], -a.scrap))
            return legal_actions[-1]
        if observation["primary_done"]:
            return _finish_turn(legal_actions)
        buy = _focus(observation, legal_actions)
        return buy if buy is not None else PASS


class LateBuyer(Agent):
    """Passes while others buy and buys only when its purchase will be the last: that value then rises."""

    name = "late buyer"
    description = "Buys late in the round so its component ends at the front of the Order Line and rises."
    looks_at = ("passes in a row", "market size", "Order Line", "own hand")

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        values = observation["values"]
        if observation["phase"] == "sell":
            start = 5
            for action in legal_actions:
                if isinstance(action, SellSet) and values[action.component] > start:
                    best = _best_set(legal_actions, action.component)
                    if best is not None:
                        return best
            final_soon = observation["deck_size"] == 0
            if final_soon:
                sales = [a for a in legal_actions if isinstance(a, SellSet)]
                if sales:
                    return max(sales, key=lambda a: (a.cards, -a.scrap))
            return next(a for a in legal_actions if isinstance(a, DoneSelling))
        if observation["primary_done"]:
            return _finish_turn(legal_actions)
        players = len(observation["cogs"])
        late = observation["passes_in_row"] >= players - 1 or len(observation["market"]) <= 2
        if late:
            buy = _focus(observation, legal_actions)
            if buy is not None:
                return buy
        return PASS


class Hoarder(Agent):
    """Collects a few types and sells only at a value peak, or when the deck says the end is near."""

    name = "hoarder"
    description = "Hoards components and sells a set only when its value peaks (7 or more) or at the end."
    looks_at = ("values", "own hand", "deck size")

    def __init__(self, peak: int = 7, sell_at_end: bool = True) -> None:
        self.peak = peak
        self.sell_at_end = sell_at_end

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        values = observation["values"]
        if observation["phase"] == "sell":
            ending = self.sell_at_end and observation["deck_size"] == 0
            sales = [a for a in legal_actions if isinstance(a, SellSet)]
            for sale in sorted(sales, key=lambda a: -values[a.component]):
                if ending or values[sale.component] >= self.peak:
                    best = _best_set(legal_actions, sale.component)
                    if best is not None:
                        return best
            return next(a for a in legal_actions if isinstance(a, DoneSelling))
        if observation["primary_done"]:
            return _finish_turn(legal_actions)
        buys = [a for a in legal_actions if isinstance(a, Buy) and not a.hold_token]
        cheap = [a for a in buys if observation["prices"][a.component] <= 5]
        if cheap:
            hand = observation["hand"]
            return max(cheap, key=lambda a: (hand[a.component], -values[a.component]))
        return PASS


#: The Mechanic's order of preference: the mechanisms whose effect it knows how to use first.
MECHANIC_PREFERENCE = (
    "governor",
    "analytical_almanac",
    "x_ray_goggles",
    "difference_engine",
    "smelting_furnace",
    "rocket_booster",
    "aether_drive",
    "brass_balancer",
    "pneumatic_claw",
    "automaton",
)


def coming_from_deck(observation: Mapping[str, Any]) -> list[int] | None:
    """Cards of each type a seat knows are still to come: the Analytical Almanac's counts of the whole deck,
    else what the X-Ray Goggles show of its top; ``None`` when the seat sees neither."""
    if "deck_counts" in observation:
        return list(observation["deck_counts"])
    if "deck_top" in observation:
        counts = [0] * len(observation["hand"])
        for card in observation["deck_top"]:
            counts[card] += 1
        return counts
    return None


class Mechanic(QuickSeller):
    """Builds mechanisms and uses them: the Governor's choice, what the Goggles and the Almanac reveal.

    - Builds the first mechanism it can, in ``MECHANIC_PREFERENCE`` order; the Automaton only when the end is
      near (the deck holds no more than one restock), after the designer's tip "don't build the Automaton too
      early!".
    - With the Governor built, leaves a token where it is when that token already sits in the rising places
      of the Order Line (moving it to the front would only expose it to being pushed back).
    - With the X-Ray Goggles or the Analytical Almanac, holds a set while more of its type are known to be
      coming and its value is below ``peak`` ("Sometimes it's worth holding onto a component for awhile if
      there are a few more in the deck"); otherwise sells like the quick seller.
    """

    name = "mechanic"
    description = "Builds mechanisms and uses them (Governor, X-Ray Goggles, Almanac); the Automaton only late."
    looks_at = ("own hand", "mechanisms", "prices", "Order Line", "deck size", "what its mechanisms reveal")

    def __init__(self, peak: int = 7) -> None:
        self.peak = peak

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if observation["phase"] == "play":
            build = self._build(observation, legal_actions)
            if build is not None:
                return build
            if not observation["primary_done"]:
                buy = self._buy(observation, legal_actions)
                if buy is not None:
                    return buy
        elif observation["phase"] == "sell":
            return self._sell(observation, legal_actions)
        return super().choose(observation, legal_actions, rng)

    def _build(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Build | None:
        builds = {a.mechanism: a for a in legal if isinstance(a, Build)}
        late = observation["deck_size"] <= len(observation["market"]) or observation["final_round"]
        for key in MECHANIC_PREFERENCE:
            if key in builds and (key != "automaton" or late):
                return builds[key]
        return None

    def _buy(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Buy | None:
        buy = _focus(observation, legal)
        if buy is None:
            return None
        place = list(observation["order_line"]).index(buy.component)
        hold = Buy(buy.component, True)
        if 0 < place < observation["order_line_rise"] and hold in legal:
            return hold
        return buy

    def _sell(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        sales = [a for a in legal if isinstance(a, SellSet)]
        coming = coming_from_deck(observation)
        if coming is not None and observation["deck_size"] > 0:
            values = observation["values"]
            sales = [a for a in sales if not (coming[a.component] > 0 and values[a.component] < self.peak)]
        if sales:
            return max(sales, key=lambda a: (a.cards * observation["values"][a.component], -a.scrap))
        return next(a for a in legal if isinstance(a, DoneSelling))


STRATEGIES: tuple[type[Agent], ...] = (QuickSeller, LateBuyer, Hoarder, Mechanic)


class ThresholdSeller(ParametricAgent):
    """The designer's two tips as knobs: sell a set only at a value of ``sell_at`` or more (or when the deck is
    empty and the end is near); buy only after ``wait_passes`` passes in a row (or when the market is nearly
    empty), and never pay more than ``max_price``.

    Buys the card of the type it holds most of (ties: the cheaper); sells the most valuable set it may.
    """

    name = "threshold seller"
    description = "Sells a set only at a chosen value and buys only after a chosen number of passes in a row."
    looks_at = ("values", "own hand", "prices", "passes in a row", "market size", "deck size")
    knobs: ClassVar[dict[str, Knob]] = {
        "sell_at": Knob(1, 10, 6, description="sell a set only when its value is at least this (1 = at once)"),
        "wait_passes": Knob(0, 3, 1, description="buy only after this many passes in a row (later in the round)"),
        "max_price": Knob(1, 12, 8, description="never pay more than this many cogs for a card"),
    }

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if observation["phase"] == "sell":
            return self.sell(observation, legal_actions)
        if observation["primary_done"]:
            return _finish_turn(legal_actions)
        buy = self.buy(observation, legal_actions)
        if buy is not None:
            return buy
        return PASS if PASS in legal_actions else _finish_turn(legal_actions)

    def sell(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """The most valuable sale of a type whose value reached ``sell_at``; any sale once the deck is empty."""
        values = observation["values"]
        ending = observation["deck_size"] == 0
        sales = [
            a for a in legal if isinstance(a, SellSet) and (ending or values[a.component] >= self.settings["sell_at"])
        ]
        if sales:
            return max(sales, key=lambda a: (a.cards * values[a.component], -a.scrap))
        return next(a for a in legal if isinstance(a, DoneSelling))

    def buy(self, observation: Mapping[str, Any], legal: Sequence[Action]) -> Buy | None:
        """The focus purchase at ``max_price`` or less, once ``wait_passes`` seats have passed in a row."""
        late = observation["passes_in_row"] >= self.settings["wait_passes"] or len(observation["market"]) <= 2
        if not late:
            return None
        prices = observation["prices"]
        affordable = [
            a
            for a in legal
            if isinstance(a, Buy) and not a.hold_token and prices[a.component] <= self.settings["max_price"]
        ]
        return _focus(observation, affordable)


#: The knobbed strategy of the strategy lab (kept out of ``STRATEGIES`` so the lesson's tournaments keep their
#: numbers).
PARAMETRIC = ThresholdSeller
