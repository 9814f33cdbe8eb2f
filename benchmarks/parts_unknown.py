"""Parts Unknown speed: random-agent games per second and microseconds per action, and strategy-agent games.

.venv/bin/python benchmarks/parts_unknown.py [games] [players]

Times are CPU time of this process (``time.process_time``), so a machine busy with other work changes them
less than wall-clock time would. The strategy line plays the four-seat rotations of ``agents.STRATEGIES``,
each agent reading ``observation(seat)`` every decision, as tournaments and notebooks do.
"""

from __future__ import annotations

import random
import sys
import time

import playbook
from playbook.core import CHANCE, RandomAgent
from playbook.core.match import sample_chance
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown.agents import STRATEGIES


def random_games(games: int, players: int) -> None:
    agent = RandomAgent()
    actions = 0
    turns = 0
    start = time.process_time()
    for seed in range(games):
        state = pu.new_game(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.current_player
            action = sample_chance(state, rng) if seat == CHANCE else agent.choose({}, state.legal_actions(), rng)
            state = state.apply(action)[0]
            actions += 1
        turns += state.round
    elapsed = time.process_time() - start
    print(f"parts_unknown, {players} random agents, {games} games: {elapsed:.2f} s CPU")
    rate = actions / elapsed
    print(f"  {games / elapsed:,.1f} games/s, {rate:,.0f} actions/s, {1e6 / rate:.1f} µs/action")
    print(f"  {actions / games:.0f} actions and {turns / games:.1f} turns per game")


def strategy_games(games: int, players: int) -> None:
    steps = 0
    start = time.process_time()
    for seed in range(games):
        lineup = [STRATEGIES[(seed + k) % len(STRATEGIES)]() for k in range(players)]
        steps += playbook.play_match("parts_unknown", lineup, seed=seed).steps
    elapsed = time.process_time() - start
    print(f"parts_unknown, {players} strategy agents, {games} games: {elapsed:.2f} s CPU")
    per_game, per_step = 1000 * elapsed / games, 1e6 * elapsed / steps
    print(f"  {per_game:.1f} ms/game, {per_step:.1f} µs/step, {steps / games:.0f} steps/game")


def main(games: int = 200, players: int = 4) -> None:
    random_games(games, players)
    strategy_games(max(1, games // 5), players)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
