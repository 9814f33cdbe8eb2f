"""Random-agent speed of the An Offal Game engine: full games/s and actions/s (µs/action), 1 and 2 players.

Run: ``.venv/bin/python benchmarks/offal_game.py [seconds]``. A loop like ``play_match`` without building
observations (the random agent does not look): chance by ``chance_outcomes``, moves from ``legal_actions``.
"""

from __future__ import annotations

import random
import sys
import time

from playbook.core import CHANCE
from playbook.games.offal_game import new_game


def play(players: int, seed: int) -> int:
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    steps = 0
    while not state.is_terminal:
        if state.current_player == CHANCE:
            pick = rng.random()
            outcomes = state.chance_outcomes()
            action = outcomes[-1][0]
            total = 0.0
            for outcome, p in outcomes:
                total += p
                if pick < total:
                    action = outcome
                    break
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)[0]
        steps += 1
    return steps


def main(budget: float = 2.0) -> None:
    for players in (1, 2):
        games = steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < budget:
            steps += play(players, games)
            games += 1
        elapsed = time.perf_counter() - start
        print(
            f"offal_game {players}p random: {games / elapsed:8.1f} games/s  {steps / elapsed:9.0f} actions/s  "
            f"{1e6 * elapsed / steps:6.1f} µs/action  ({steps / games:.0f} actions/game)"
        )


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
