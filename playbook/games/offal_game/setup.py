"""Set-up (rulebook: "Setup"): shuffle the customers (2 face up per Plunger, the rest as The Queue) and the
tools (3 per hand, the rest the tool deck); every cube in the Bag O' Parts; the pipe and The Clog empty."""

from __future__ import annotations

import random

from playbook.core import RulesDataError
from playbook.core.engine import check_players, check_rules, check_seed

from . import moves  # noqa: F401  (registers the moves on State)
from .components import EMPTY, INFO, End, Phase, Rules
from .state import State


def new_game(players: int, *, seed: int, rules: Rules | None = None) -> State:
    """A new game for ``players`` Plungers (1 = solo), shuffled by ``seed``, with ``rules`` (standard if None)."""
    players = check_players(INFO, players)
    seed = check_seed(seed)
    rules = check_rules(rules, Rules)
    each = rules.solo_customers if players == 1 else rules.customers_each
    if players * each > len(rules.customers):
        raise RulesDataError(f"{rules.source}: customers.cards: too few customers for {players} Plungers")
    rng = random.Random(seed)
    order = list(range(len(rules.customers)))
    rng.shuffle(order)
    tools = list(rules.tool_cards)
    rng.shuffle(tools)
    customers = tuple(tuple(order[s * each : (s + 1) * each]) for s in range(players))
    hands = []
    for _ in range(players):
        hands.append(tuple(sorted(tools[: rules.tools_each])))
        tools = tools[rules.tools_each :]
    return State(
        rules=rules,
        num_players=players,
        seed=seed,
        round=1,
        seat=0,
        phase=Phase.START,
        bag=rules.bag,
        pipe=(EMPTY,) * rules.pipe_length,
        clog=(),
        reserve=(),
        drawn=(),
        draws_left=0,
        customers=customers,
        filled=(0,) * len(rules.customers),
        queue=tuple(order[players * each :]),
        served=((),) * players,
        money=(0,) * players,
        hands=tuple(hands),
        tool_deck=tuple(tools),
        tool_discard=(),
        reshuffles=0,
        tool_used=False,
        flushed=False,
        clog_full=False,
        end=End.NOT_OVER,
    )
