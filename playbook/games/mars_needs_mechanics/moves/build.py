"""Building (an optional action): lay a blueprint's components from hand and place a player marker on it.

"You can only have one mechanism built at a time" (the Automaton excepted, by its card), once per turn,
never the mechanism broken down this turn, and at most three at once (three player markers each).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from playbook.core.engine import Move
from playbook.core.protocol import Event

from ..actions import Build
from ..components import MARKERS_PER_PLAYER, Built, Rules, cost_text
from ..events import MechanismBuilt
from ..fields import BUILT, BUILT_THIS_TURN, HANDS
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


#: The blueprints a hand can pay for, per hand: ``[build_costs it is for, {hand: (Build, ...)}]``. Hands
#: repeat a lot in play, so the cost check runs once per distinct hand (a dict look-up after that).
_AFFORD: list[Any] = [None, {}]
_AFFORD_LIMIT = 200_000


def _pays(hand: tuple[int, ...], needs: tuple[tuple[int, int], ...]) -> bool:
    for component, count in needs:  # noqa: SIM110 (a loop: no generator per blueprint)
        if hand[component] < count:
            return False
    return True


def affordable(rules: Rules, hand: tuple[int, ...]) -> tuple[Build, ...]:
    """The blueprints in play that ``hand`` pays for, in data order (the Automaton: enough cards)."""
    costs = rules.build_costs
    if _AFFORD[0] is not costs:
        _AFFORD[0], _AFFORD[1] = costs, {}
    table: dict[tuple[int, ...], tuple[Build, ...]] = _AFFORD[1]
    found = table.get(hand)
    if found is None:
        cards = sum(hand)
        found = tuple(
            build_action(key)
            for key, needs in costs
            if (cards >= needs[0][1] if key == "automaton" else _pays(hand, needs))
        )
        if len(table) < _AFFORD_LIMIT:
            table[hand] = found
    return found


class BuildMove(Move["State", Build]):
    action = Build

    def legal(self, state: State) -> Sequence[Build]:
        built = state.built[state.seat]
        if state.built_this_turn or len(built) >= MARKERS_PER_PLAYER:
            return ()
        hand = state.hands[state.seat]
        found = _AFFORD[1].get(hand) if _AFFORD[0] is state.rules.build_costs else None
        if found is None:
            found = affordable(state.rules, hand)
        if not found or not (built or state.broke_this_turn):
            return found
        taken = {b.mechanism for b in built}
        regular_built = bool(taken - {"automaton"})
        taken.add(state.broke_this_turn)
        return [a for a in found if a.mechanism not in taken and (a.mechanism == "automaton" or not regular_built)]

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
        new_hand = tuple([h - c for h, c in zip(hand, cards, strict=True)])
        fields = list(state)
        fields[HANDS] = replaced(state.hands, seat, new_hand)
        fields[BUILT] = replaced(state.built, seat, (*state.built[seat], Built(mechanism.key, tuple(cards))))
        fields[BUILT_THIS_TURN] = mechanism.key
        after = tuple.__new__(type(state), fields)
        return after.maybe_end_turn((MechanismBuilt(seat, mechanism.name, sum(cards), mechanism.key),))


BUILD_MOVE = BuildMove()
