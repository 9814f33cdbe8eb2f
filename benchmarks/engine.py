"""Random-agent throughput of the Mars Needs Mechanics engine: games/s, actions/s and µs per action.

A script, not a timed test: run `python benchmarks/engine.py [--games N] [--game NAME] [--repeat R]`. It
uses the same loop as tournaments (``playbook.play_match``), so what it measures is what a sweep pays.

On a machine shared with other work, wall-clock time swings by tens of percent from run to run; the CPU time
of this process (``time.process_time``) swings far less, and the best of ``--repeat`` runs is the figure to
compare before and after a change.
"""

from __future__ import annotations

import argparse
import time

import playbook
from playbook.agents import RandomAgent
from playbook.games import load


def measure(game: str, players: int, games: int, repeat: int = 1) -> tuple[float, float, float]:
    """Games/s, actions/s and µs per action, from the best (least CPU time) of ``repeat`` runs."""
    agents = [RandomAgent() for _ in range(players)]
    best = float("inf")
    steps = 0
    for _ in range(repeat):
        steps = 0
        start = time.process_time()
        for seed in range(games):
            steps += playbook.play_match(game, agents, seed=seed).steps
        best = min(best, time.process_time() - start)
    return games / best, steps / best, best / steps * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--game", default="mars_needs_mechanics")
    parser.add_argument("--repeat", type=int, default=3, help="runs per player count; the best is reported")
    args = parser.parse_args()
    info = load(args.game).INFO
    for players in sorted({info.min_players, info.max_players}):
        games_per_s, actions_per_s, micros = measure(args.game, players, args.games, args.repeat)
        print(
            f"{args.game} {players}p random agents: {games_per_s:8.0f} games/s  "
            f"{actions_per_s:9.0f} actions/s  {micros:5.1f} µs/action (CPU time, best of {args.repeat})"
        )


if __name__ == "__main__":
    main()
