"""The digest of a seeded random game, step by step: what every game's test_event_digest.py pins.

Speeding an engine up must not change a single step. A seeded random agent (``random.Random(seed)`` picks among
``legal_actions()``; chance is sampled from ``chance_outcomes()``) plays the game while this hashes the legal
actions in their order, the chance odds, the chosen action, every event's kind, fields and sentence, and every
seat's observation; then the final state's ``to_dict``, scores and winners.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable
from typing import Any

from playbook.core import CHANCE, Event
from playbook.core.match import sample_chance


def game_digest(game: Any, players: int, seed: int, rules: Any, event_text: Callable[[Event], str] = str) -> str:
    """The sha256 of everything a seeded random game of ``game`` (a game module) shows, step by step."""
    state = game.new_game(players, seed=seed, rules=rules)
    rng = random.Random(seed)
    digest = hashlib.sha256()

    def add(value: object) -> None:
        digest.update(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())

    while not state.is_terminal:
        legal = state.legal_actions()
        add([action.to_dict() for action in legal])
        if state.current_player == CHANCE:
            add([[action.to_dict(), repr(p)] for action, p in state.chance_outcomes()])
            action = sample_chance(state, rng)
        else:
            action = legal[rng.randrange(len(legal))]
        add([action.to_dict(), str(action), state.current_player])
        state, events = state.apply(action)
        add([[event.kind, event.fields(), event_text(event)] for event in events])
        add([state.observation(seat) for seat in range(players)])
    add([state.to_dict(), list(state.scores()), list(state.winners())])
    return digest.hexdigest()
