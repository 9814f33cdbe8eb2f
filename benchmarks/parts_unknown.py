"""Parts Unknown speed: random-agent games per second and microseconds per action.

.venv/bin/python benchmarks/parts_unknown.py [games] [players]
"""

from __future__ import annotations

import random
import sys
import time

from playbook.core import CHANCE, RandomAgent
from playbook.core.match import sample_chance
from playbook.games import parts_unknown as pu


def main(games: int = 200, players: int = 4) -> None:
    agent = RandomAgent()
    actions = 0
    turns = 0
    start = time.perf_counter()
    for seed in range(games):
        state = pu.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.current_player
            action = sample_chance(state, rng) if seat == CHANCE else agent.choose({}, state.legal_actions(), rng)
            state = state.apply(action)[0]
            actions += 1
        turns += state.round
    elapsed = time.perf_counter() - start
    print(f"parts_unknown, {players} random agents, {games} games: {elapsed:.2f} s")
    rate = actions / elapsed
    print(f"  {games / elapsed:,.1f} games/s, {rate:,.0f} actions/s, {1e6 / rate:.1f} µs/action")
    print(f"  {actions / games:.0f} actions and {turns / games:.1f} turns per game")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
