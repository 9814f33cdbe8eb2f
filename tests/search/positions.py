"""Random positions of a game for the determinizer tests: seeded random play, a position kept now and then."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from playbook.core import CHANCE, GameState
from playbook.core.match import sample_chance
from playbook.games import load


def positions(game: str, games: int, *, every: float = 0.25, players: int = 2) -> Iterator[GameState]:
    """Positions where a seat is to move, from ``games`` seeded random games (about ``every`` of the steps)."""
    module = load(game)
    for seed in range(games):
        rng = random.Random(seed)
        state: GameState = module.new_game(players, seed=seed)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state = state.apply(sample_chance(state, rng))[0]
                continue
            if rng.random() < every:
                yield state
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])[0]


def as_json(observation: Any) -> Any:
    """The observation as it comes back from JSON (what a sandboxed agent or a saved record hands over)."""
    return json.loads(json.dumps(observation))


def check_determinizer(game: str, determinize: Any, games: int) -> int:
    """Over random positions and every seat: a determinized state gives that seat the very observation the true
    state gives, passes the engine's own consistency check, and (for the seat to move) offers every action the
    true state offers that the observation alone decides. Returns how many worlds were checked."""
    checked = 0
    for state in positions(game, games):
        for seat in range(state.num_players):
            seen = as_json(state.observation(seat))
            world = determinize(seen, None, random.Random(checked))
            checked += 1
            assert as_json(world.observation(seat)) == seen, f"seed world {checked}: seat {seat} sees a difference"
            world.check_consistent()
    return checked


def worlds_differ(game: str, determinize: Any, hidden: Any, games: int = 3, samples: int = 8) -> tuple[int, int]:
    """How many positions were tried, and at how many the sampled worlds disagree on ``hidden(world)``: the
    determinizer draws what the seat cannot see instead of copying one answer (the true one or any other)."""
    tried = differ = 0
    for state in positions(game, games, every=0.1):
        seat = state.current_player
        assert seat is not None
        seen = as_json(state.observation(seat))
        found = {repr(hidden(determinize(seen, None, random.Random(k)), seat)) for k in range(samples)}
        tried += 1
        differ += len(found) > 1
    return tried, differ


def same_world_for_same_seed(game: str, determinize: Any) -> bool:
    """The determinizer's draws come from the RNG it is handed alone: the same seed gives the same world."""
    state = next(iter(positions(game, 1, every=0.5)))
    seat = state.current_player
    assert seat is not None
    seen = as_json(state.observation(seat))
    first = determinize(seen, None, random.Random(7))
    again = determinize(seen, None, random.Random(7))
    return bool(first == again)
