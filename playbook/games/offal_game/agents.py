"""Strategies for An Offal Game. Each looks only at ``observation(seat)`` and the legal actions.

- ``QuickestOrder``: fill whatever order is closest to done, as soon as parts allow.
- ``RichestOrder``: hold out for the richest waiting customer; fill others only when a take completes them.
- ``ClogClearer``: keep The Clog clear (take its parts first, Drain Auger, Fire Hose, Rat Trap), then fill.
- ``TunedPlunger`` (``PARAMETRIC``): two knobs for the strategy lab: which customers to favour (rich or nearly
  done) and how long to let parts age on the pipe before taking them for an order a take does not complete.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from playbook.core import Action, PhaseAgent, RandomAgent
from playbook.core.protocol import Json
from playbook.core.strategy import Knob, ParametricAgent

from .actions import (
    EndTurn,
    Roll,
    RollReserve,
    Take,
    UseCrowbar,
    UseDrainAuger,
    UseEmbalmingFluid,
    UseFireHose,
    UseMeatHook,
    UseRatTrap,
)
from .components import Card

THE_CLOG = Card.THE_CLOG

__all__ = ["PARAMETRIC", "STRATEGIES", "ClogClearer", "QuickestOrder", "RandomAgent", "RichestOrder", "TunedPlunger"]

Obs = Mapping[str, Json]


def _my_customers(observation: Obs) -> dict[str, dict[str, Any]]:
    return {c["name"]: c for c in observation["customers"][observation["seat"]]}


def _take_outcome(observation: Obs, action: Take | UseEmbalmingFluid) -> tuple[int, int, int]:
    """(money of the orders it completes, parts into body bags, parts wasted back to the bag)."""
    mine = _my_customers(observation)
    left = observation["card_counts"][action.card][action.part]
    money = used = 0
    for c in action.customers:
        need = mine[c]["need"]
        n = min(need, left)
        left -= n
        used += n
        if n == need:
            money += mine[c]["money"]
    return money, used, left


def _default(legal: Sequence[Action]) -> Action:
    for action in legal:
        if isinstance(action, Roll | EndTurn | RollReserve):
            return action
    return legal[0]


class _Strategy(PhaseAgent):
    """Shared plumbing, one method per decision: before the roll (``before_roll``), and in the reserve moment and
    Phase 2 the best-scoring action (``score``); else roll, roll the reserve's d4 or end the turn."""

    stochastic = False

    def on_start(self, observation: Obs, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return self.before_roll(observation, legal_actions) or _default(legal_actions)

    def on_reserve(self, observation: Obs, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return self.best(observation, legal_actions)

    def on_orders(self, observation: Obs, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return self.best(observation, legal_actions)

    def default(self, observation: Obs, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return _default(legal_actions)

    def best(self, observation: Obs, legal_actions: Sequence[Action]) -> Action:
        best: Action | None = None
        best_score: tuple[float, ...] = ()
        for action in legal_actions:
            score = self.score(observation, action)
            if score is not None and (best is None or score > best_score):
                best, best_score = action, score
        return best or _default(legal_actions)

    def before_roll(self, observation: Obs, legal: Sequence[Action]) -> Action | None:
        return None

    def score(self, observation: Obs, action: Action) -> tuple[float, ...] | None:
        """A sortable score for a worthwhile action, ``None`` for one not worth playing."""
        raise NotImplementedError


class QuickestOrder(_Strategy):
    name = "quickest"
    description = "Fills whichever order is closest to done, taking any parts that help right away."
    looks_at = ("own customers", "parts on each card", "own tools")

    def score(self, observation: Obs, action: Action) -> tuple[float, ...] | None:
        if isinstance(action, Take):
            money, used, waste = _take_outcome(observation, action)
            if not used:
                return None
            return (2, money > 0, used, -waste)
        if isinstance(action, UseEmbalmingFluid | UseMeatHook):
            mine = _my_customers(observation)
            if isinstance(action, UseMeatHook):
                completes = mine[action.customer]["need"] == 1
            else:
                completes = _take_outcome(observation, action)[0] > 0
            return (1, 1, 0, 0) if completes else None
        if isinstance(action, UseCrowbar):
            customer = _my_customers(observation)[action.customer]
            slow = customer["filled"] == 0 and customer["age"] == 3 and customer["count"] >= 3
            return (0, 0, 0, 0) if slow else None
        return None


class RichestOrder(_Strategy):
    name = "richest"
    description = "Holds out for its richest customer, filling others only when one take completes them."
    looks_at = ("own customers", "parts on each card", "own tools", "The Queue's size")

    def score(self, observation: Obs, action: Action) -> tuple[float, ...] | None:
        mine = _my_customers(observation)
        if not mine:
            return None
        richest = max(mine.values(), key=lambda c: (c["money"], -c["need"]))["name"]
        if isinstance(action, Take | UseEmbalmingFluid):
            money, used, waste = _take_outcome(observation, action)
            if not used:
                return None
            helps_richest = action.customers[0] == richest
            if not (money or helps_richest):
                return None
            tool = isinstance(action, UseEmbalmingFluid)
            if tool and not money:
                return None
            return (0 if tool else 2, money, used, -waste)
        if isinstance(action, UseMeatHook):
            completes = mine[action.customer]["need"] == 1
            return (1, mine[action.customer]["money"], 1, 0) if completes else None
        if isinstance(action, UseCrowbar):
            customer = mine[action.customer]
            cheap = customer["money"] <= 4 and customer["filled"] == 0 and len(mine) > 1
            return (0, 0, 0, 0) if cheap and action.customer != richest else None
        return None


class ClogClearer(_Strategy):
    name = "clog clearer"
    description = "Keeps The Clog clear (its parts first, Drain Auger, Fire Hose, Rat Trap), then fills any order."
    looks_at = ("The Clog", "rats in the pipe", "own customers", "parts on each card", "own tools")

    def before_roll(self, observation: Obs, legal: Sequence[Action]) -> Action | None:
        clog = len(observation["clog"])
        rats = sum(1 for space in observation["spaces"] if space["cube"] == "rats")
        for action in legal:
            if isinstance(action, UseFireHose) and clog >= 2:
                return action
        for action in legal:
            if isinstance(action, UseDrainAuger) and clog >= observation["clog_spaces"] - 3:
                return action
        for action in legal:
            if isinstance(action, UseRatTrap) and rats >= 3:
                return action
        return None

    def score(self, observation: Obs, action: Action) -> tuple[float, ...] | None:
        if isinstance(action, Take | UseEmbalmingFluid):
            money, used, _waste = _take_outcome(observation, action)
            if not used:
                return None
            from_clog = action.card == THE_CLOG
            tool = isinstance(action, UseEmbalmingFluid)
            if tool and not (from_clog or money):
                return None
            return (0 if tool else 2, from_clog, action.card, money, used)
        if isinstance(action, UseDrainAuger):
            counts = observation["card_counts"][THE_CLOG]
            return (1, 1, 0, counts[action.part], 0) if counts[action.part] >= 2 else None
        return None


STRATEGIES: tuple[type[PhaseAgent], ...] = (QuickestOrder, RichestOrder, ClogClearer)


class TunedPlunger(ParametricAgent, _Strategy):
    """Fills orders by a weighted score of its customers and lets parts age until a chosen card.

    A take (or Embalming Fluid) that completes an order is always worth playing; one that only part-fills an
    order is played only from the card ``age_until`` or older (1: Day 1, ..., 4: The Clog), so a higher knob
    leaves parts on the pipe longer, for a later take that completes the order. Between worthwhile moves the
    first customer a move serves is weighed by ``favour_rich`` x its money - (1 - ``favour_rich``) x the parts
    it still needs.
    """

    name = "tuned plunger"
    description = (
        "Favours rich or nearly-done customers by a knob and leaves parts to age until a chosen card "
        "unless a take completes an order."
    )
    looks_at = ("own customers", "parts on each card", "own tools")
    knobs: ClassVar[dict[str, Knob]] = {
        "favour_rich": Knob(0.0, 1.0, 0.5, 0.1, "0: serve the customer nearest done first; 1: the richest first"),
        "age_until": Knob(1, 4, 1, 1, "part-fill orders only from this card or older (1 Day 1 ... 4 The Clog)"),
    }

    def weight(self, customer: Mapping[str, Any]) -> float:
        rich = float(self.settings["favour_rich"])
        return rich * float(customer["money"]) - (1 - rich) * float(customer["need"])

    def score(self, observation: Obs, action: Action) -> tuple[float, ...] | None:
        mine = _my_customers(observation)
        if isinstance(action, Take | UseEmbalmingFluid):
            money, used, waste = _take_outcome(observation, action)
            if not used:
                return None
            if not money and int(action.card) + 1 < self.settings["age_until"]:
                return None
            tool = isinstance(action, UseEmbalmingFluid)
            if tool and not money:
                return None
            return (0 if tool else 2, money > 0, self.weight(mine[action.customers[0]]), used, -waste)
        if isinstance(action, UseMeatHook):
            customer = mine[action.customer]
            return (1, 1, self.weight(customer), 1, 0) if customer["need"] == 1 else None
        return None


#: The strategy with knobs for the strategy lab (kept out of ``STRATEGIES`` so the lesson's tournaments stand).
PARAMETRIC = TunedPlunger
