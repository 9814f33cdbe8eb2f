"""Set Up: a new competition from the players, a seed and the rules."""

from __future__ import annotations

import random

from playbook.core.engine import check_players, check_rules, check_seed
from playbook.core.errors import InvalidArgumentError

from .components import INFO, NUM_TYPES, Phase, Rules
from .state import State


def new_game(players: int, *, seed: int, rules: Rules | None = None) -> State:
    """Set Up: 2 Scrap and 30 cogs each, tokens in random order, values at 5, 3 secret cards each, a
    market of 8 and a first player. Every random choice comes from ``seed``."""
    players = check_players(INFO, players)
    seed = check_seed(seed)
    checked: Rules = check_rules(rules, Rules)
    rng = random.Random(seed)
    deck = [c for c in range(NUM_TYPES) for _ in range(checked.copies[c])]
    rng.shuffle(deck)
    order = list(range(NUM_TYPES))
    rng.shuffle(order)
    hands = []
    for _ in range(players):
        hand = [0] * NUM_TYPES
        for card in deck[: checked.hand_size]:
            hand[card] += 1
        del deck[: checked.hand_size]
        hands.append(tuple(hand))
    market = tuple(deck[: checked.market_size])
    del deck[: checked.market_size]
    first = checked.first_player if checked.first_player is not None else rng.randrange(players)
    if not 0 <= first < players:
        raise InvalidArgumentError(f"rules: first_player {first} is not a seat of a {players}-player game")
    return State(
        rules=checked,
        num_players=players,
        round=1,
        phase=Phase.PLAY,
        seat=first,
        first_player=first,
        cogs=(checked.starting_cogs,) * players,
        hands=tuple(hands),
        scrap=(checked.scrap_per_player,) * players,
        built=((),) * players,
        deck=tuple(deck),
        market=market,
        discard=0,
        values=(checked.starting_value,) * NUM_TYPES,
        order=tuple(order),
    )
