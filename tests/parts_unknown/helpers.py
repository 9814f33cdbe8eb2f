"""Scenario builders for the Parts Unknown tests."""

from __future__ import annotations

from typing import Any

from playbook.games.parts_unknown import ChooseStock, Phase, PickSeat, Roll, RollForViktor, Rules, State, new_game

RULES = Rules.standard()
T = RULES.tables
# The standard board (first-game layout), 28 spaces, one Buyout, one Auction and one Roll Again:
# Extremities 0-6: monster, 3+X, 4+X, buyout, 2+X, 4+X, 3+X
# Gizmos 7-13: calendar_growth, 3+X, auction, 2+X, 4+X, roll_again, 3+X
# Brains 14-20: riot, 2+X, 3+X, 4+X, 4+X, 3+X, 2+X
# Leftovers 21-27: calendar, 3+X, 4+X, 3+X, 2+X, 4+X, 3+X
MONSTER_SPACE, EXT_2X, EXT_BUYOUT = 0, 4, 3
GROWTH_CORNER, GIZ_AUCTION, GIZ_ROLL_AGAIN = 7, 9, 12
RIOT_SPACE, BRAINS_2X = 14, 15
CALENDAR_CORNER, LEFT_2X, LEFT_3X = 21, 25, 22
EXTREMITIES, GIZMOS, BRAINS, LEFTOVERS = 0, 1, 2, 3


def card(name: str) -> int:
    return RULES.card(name)


def counts(**named: int) -> tuple[int, ...]:
    """Counts per card type from keyword names (underscores for spaces): counts(Feet=2, Lightning_Rod=1)."""
    values = [0] * T.num_types
    for name, n in named.items():
        values[card(name.replace("_", " "))] += n
    return tuple(values)


def shelf(*items: tuple[str, int]) -> tuple[tuple[int, int], ...]:
    """A store's shelf from (card name, step) pairs."""
    return tuple(sorted((card(name), step) for name, step in items))


def step_of(name: str, price: int) -> int:
    return T.prices[card(name)].index(price)


def price_of(name: str, step: int) -> int:
    return T.prices[card(name)][step]


def skip_setup(players: int = 2, seed: int = 0, rules: Rules | None = None, first: int = 0) -> State:
    """A game past set-up with nothing stocked: seat ``first`` to play, Step 1 of turn 1."""
    state = new_game(players, seed=seed, rules=rules)
    for _ in range(players):
        state = state.apply(ChooseStock(()))[0]
    state = state.apply(PickSeat(0))[0]
    state = state.apply(PickSeat(first))[0]
    assert state.phase == Phase.BUY
    return state


def scenario(players: int = 2, rules: Rules | None = None, **changes: Any) -> State:
    """A game past set-up with fields replaced (hands, displays, money, viktor, town, ...); hands empty unless
    given."""
    changes.setdefault("hands", ((0,) * T.num_types,) * players)
    return skip_setup(players, rules=rules)._with(**changes)


def roll_from(state: State, value: int) -> tuple[State, tuple[Any, ...]]:
    """End Steps 1-2 (snapshotting the going rates) and roll ``value`` for Viktor; returns all events."""
    if state.phase != Phase.VIKTOR:
        state, first = state.apply(RollForViktor())
    else:
        first = ()
    state, events = state.apply(Roll(value))
    return state, first + events


def land(state: State, target: int, value: int = 1) -> tuple[State, tuple[Any, ...]]:
    """Put Viktor ``value`` spaces before ``target`` and roll ``value``."""
    length = len(state.board)
    return roll_from(state._with(viktor=(target - value) % length), value)


def total_cards(state: State) -> int:
    return (
        sum(sum(h) for h in state.hands)
        + sum(len(s) for s in state.displays)
        + sum(sum(u) for u in state.parts_unknown)
        + len(state.deck)
        + sum(state.discard)
        + len(state.pool)
        + sum(len(c) for c in state.chosen)
    )


def total_money(state: State) -> int:
    return sum(state.money) + state.bank
