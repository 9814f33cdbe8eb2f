"""Shared builders: exact situations made with ``State._replace`` on ``new_game`` output."""

from __future__ import annotations

from typing import Any

from playbook.games.mars_needs_mechanics import NUM_TYPES, EndTurn, Pass, Rules, State, new_game

AETHER, WIRE, LENS, GEAR, BOILER, COIL, PISTON = range(NUM_TYPES)
EMPTY = (0,) * NUM_TYPES
IN_ORDER = tuple(range(NUM_TYPES))
ALL_MECHANISMS = (
    "x_ray_goggles",
    "difference_engine",
    "rocket_booster",
    "aether_drive",
    "automaton",
    "governor",
    "smelting_furnace",
    "pneumatic_claw",
    "analytical_almanac",
    "brass_balancer",
)


def hand(**counts: int) -> tuple[int, ...]:
    """A hand by component: ``hand(lens=2, wire=1)``."""
    names = ("aether", "wire", "lens", "gear", "boiler", "coil", "piston")
    cards = [0] * NUM_TYPES
    for name, count in counts.items():
        cards[names.index(name)] = count
    return tuple(cards)


def rules_with(*keys: str) -> Rules:
    return Rules.standard().with_mechanisms(list(keys))


def mech(rules: Rules, key: str) -> str:
    """The key of a mechanism (what ``Build`` and ``BreakDown`` name), checked to be in the rules."""
    return rules.mechanism(key).key


def cost(rules: Rules, key: str) -> tuple[int, ...]:
    return rules.mechanism(key).cost


def base(players: int = 2, *, rules: Rules | None = None, seed: int = 7, **changes: Any) -> State:
    """A fresh game with seat 0 first and to move, empty hands and the tokens in order 0..6."""
    state = new_game(players, seed=seed, rules=rules)
    fields: dict[str, Any] = {
        "seat": 0,
        "first_player": 0,
        "hands": (EMPTY,) * players,
        "order": IN_ORDER,
    }
    fields.update(changes)
    return state._replace(**fields)


def with_hand(state: State, seat: int, cards: tuple[int, ...]) -> State:
    return state._replace(hands=(*state.hands[:seat], cards, *state.hands[seat + 1 :]))


def end_round_by_passing(state: State) -> tuple[State, tuple[Any, ...]]:
    """The current seat makes the last of "all contestants consecutively pass" (and ends its turn)."""
    state, events = state._replace(passes_in_row=state.num_players - 1).apply(Pass())
    if state.primary_done:  # an optional action was still possible: close the turn
        state, more = state.apply(EndTurn())
        events = events + more
    return state, events


def kinds(events: tuple[Any, ...]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: tuple[Any, ...], kind: str) -> list[Any]:
    return [e for e in events if e.kind == kind]


def card_total(state: State) -> int:
    """Every component card and Scrap: deck + market + hands + Scrap in hand + built mechanisms + discard."""
    built = sum(sum(b.cards) for seat in state.built for b in seat)
    return len(state.deck) + len(state.market) + sum(map(sum, state.hands)) + sum(state.scrap) + built + state.discard
