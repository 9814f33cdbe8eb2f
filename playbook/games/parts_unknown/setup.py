"""Setting up: ``new_game`` and reading saved games and variant rules.

"Assemble the board ... Put 4 Townesfolk ... Give each player $40 ... four Shelf Space counters ... Start
Viktor on the Monster space ... Shuffle the deck, and deal six cards to each player."
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from playbook.core.engine import check_players, check_rules, check_seed
from playbook.core.errors import InvalidArgumentError

from .components import INFO, End, Phase, Rules, Space
from .state import State


def new_game(players: int, *, seed: int, rules: Rules | None = None) -> State:
    """A new game at set-up: each seat in turn secretly chooses up to four cards to stock."""
    check_players(INFO, players)
    seed = check_seed(seed)
    rules = check_rules(rules, Rules)
    if not rules.min_players <= players <= rules.max_players:
        raise InvalidArgumentError(f"these rules take {rules.min_players}-{rules.max_players} players, not {players}")
    rng = random.Random(seed)
    tables = rules.tables
    layout = list(range(len(rules.houses)))
    if rules.shuffle_houses:
        rng.shuffle(layout)
    deck = [c for c, card in enumerate(rules.cards) for _ in range(card.count)]
    rng.shuffle(deck)
    hands = []
    for seat in range(players):
        counts = [0] * tables.num_types
        for card in deck[seat * rules.hand_size : (seat + 1) * rules.hand_size]:
            counts[card] += 1
        hands.append(tuple(counts))
    board = tables.board(tuple(layout))
    monster = next(i for i, space in enumerate(board) if space[0] == Space.MONSTER)
    houses = len(rules.houses)
    return State(
        rules=rules,
        num_players=players,
        phase=Phase.CHOOSE,
        turn_seat=0,
        seat=0,
        round=0,
        money=(rules.starting_money,) * players,
        bank=rules.bank_money - rules.starting_money * players,
        shelves=(rules.starting_shelves,) * players,
        displays=((),) * players,
        hands=tuple(hands),
        parts_unknown=((0,) * tables.num_types,) * players,
        deck=tuple(deck[players * rules.hand_size :]),
        discard=(0,) * tables.num_types,
        seed=rng.getrandbits(32),
        reshuffles=0,
        layout=tuple(layout),
        viktor=monster,
        calendar=0,
        town=rules.starting_town,
        surplus=(0,) * houses,
        shortage=(0,) * houses,
        riot=False,
        monster=False,
        drawn=0,
        going=(0,) * tables.num_types,
        chosen=((),) * players,
        choosers=0,
        first_pricer=0,
        priced=0,
        pool=(),
        pool_owners=(),
        bid=0,
        leader=-1,
        passed=0,
        calendar_done=False,
        end=End.NONE,
    )


def state_from_dict(data: Mapping[str, Any]) -> State:
    """A state from ``State.to_dict()``; every field checked (``InvalidStateError`` naming it)."""
    return State.from_dict(data)


def rules_from_dict(data: Mapping[str, Any]) -> Rules:
    return Rules.from_dict(data)


def rules_from_toml(path: str | Path) -> Rules:
    return Rules.from_toml(path)
