"""Building (an optional action): lay a blueprint's components from hand and place a player marker on it.

"You can only have one mechanism built at a time" (the Automaton excepted, by its card), once per turn,
never the mechanism broken down this turn, and at most three at once (three player markers each).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import Build
from ..components import MARKERS_PER_PLAYER, Built, cost_text
from ..events import MechanismBuilt
from .common import replaced

if TYPE_CHECKING:
    from ..state import State

_BUILD: dict[str, Build] = {}


def build_action(key: str) -> Build:
    """The one shared ``Build(key)`` instance (legal-action lists reuse it)."""
    action = _BUILD.get(key)
    if action is None:
        action = _BUILD[key] = Build(key)
    return action


class BuildMove(Move["State", Build]):
    action = Build

    def legal(self, state: State) -> Iterator[Build]:
        built = state.built[state.seat]
        if state.built_this_turn or len(built) >= MARKERS_PER_PLAYER:
            return
        hand = state.hands[state.seat]
        has_regular = False
        taken = {state.broke_this_turn}
        for b in built:
            taken.add(b.mechanism)
            if b.mechanism != "automaton":
                has_regular = True
        for key, needs in state.rules.build_costs:
            if key in taken:
                continue
            if key == "automaton":
                if sum(hand) >= needs[0][1]:
                    yield build_action(key)
            elif not has_regular and all(hand[component] >= count for component, count in needs):
                yield build_action(key)

    def why_not(self, state: State, action: Build) -> str:
        rules = state.rules
        mechanism = rules.by_key[action.mechanism]
        built = state.built[state.seat]
        if mechanism.key not in rules.in_play:
            return "Only mechanisms made available during Set Up may be built"
        if state.built_this_turn:
            return "You may build a mechanism once on a turn"
        if action.mechanism == state.broke_this_turn:
            return "You may not build and break down the same mechanism on the same turn"
        if any(b.mechanism == action.mechanism for b in built):
            return f"you already have the {mechanism.name} built"
        if len(built) >= MARKERS_PER_PLAYER:
            return "you have no player marker left to place on a mechanism"
        if mechanism.key == "automaton":
            need = mechanism.param("min_cards", 5)
            return f"the Automaton takes every component card in your hand, at least {need} (Scrap cannot be used)"
        if any(b.mechanism != "automaton" for b in built):
            return "You can only have one mechanism built at a time"
        return (
            f"the {mechanism.name} needs {cost_text(rules, mechanism.cost)} from your hand; "
            "Scrap cannot be used as a substitute for other components"
        )

    def apply(self, state: State, action: Build) -> tuple[State, tuple[Event, ...]]:
        seat = state.seat
        mechanism = state.rules.by_key[action.mechanism]
        hand = state.hands[seat]
        cards = hand if mechanism.key == "automaton" else mechanism.cost
        new_hand = tuple(h - c for h, c in zip(hand, cards, strict=True))
        after = state._with(
            hands=replaced(state.hands, seat, new_hand),
            built=replaced(state.built, seat, (*state.built[seat], Built(mechanism.key, tuple(cards)))),
            built_this_turn=mechanism.key,
        )
        return after.maybe_end_turn((MechanismBuilt(seat, mechanism.name, sum(cards), mechanism.key),))


BUILD_MOVE = BuildMove()
