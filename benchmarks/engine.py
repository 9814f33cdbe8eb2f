"""Random-agent throughput of the Mars Needs Mechanics engine: games/s, actions/s and µs per action.

A script, not a timed test: run `python benchmarks/engine.py [--games N] [--game NAME]`. It uses the
same loop as tournaments (``playbook.play_match``), so what it measures is what a sweep pays.
"""

from __future__ import annotations

import argparse
import time

import playbook
from playbook.agents import RandomAgent
from playbook.games import load


def measure(game: str, players: int, games: int) -> tuple[float, float, float]:
    agents = [RandomAgent() for _ in range(players)]
    steps = 0
    start = time.perf_counter()
    for seed in range(games):
        steps += playbook.play_match(game, agents, seed=seed).steps
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / elapsed, elapsed / steps * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--game", default="mars_needs_mechanics")
    args = parser.parse_args()
    info = load(args.game).INFO
    for players in sorted({info.min_players, info.max_players}):
        games_per_s, actions_per_s, micros = measure(args.game, players, args.games)
        print(
            f"{args.game} {players}p random agents: {games_per_s:8.0f} games/s  "
            f"{actions_per_s:9.0f} actions/s  {micros:5.1f} µs/action"
        )


if __name__ == "__main__":
    main()
