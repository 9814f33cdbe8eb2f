"""Random-agent speed of the Planet Unknown engine: full games/s for 1, 2 and 4 players, the
microseconds to list the legal placements of a mid-game position, and 2-player games/s for each asymmetric
corporation (against Universal Coalition) and each asymmetric planet (both seats), so a corporation's or planet's
hooks that slow the engine show up by name.

Run: ``.venv/bin/python benchmarks/planet_unknown.py [seconds]``. A loop like ``play_match`` without
building observations (the random agent does not look). The game has no chance steps: every hidden order
is drawn from the seed at setup. Rates are per second of this process's CPU time (``time.process_time``),
so other work on a shared machine does not lower them; wall-clock rates are printed beside them.
"""

from __future__ import annotations

import random
import sys
import time

from playbook.games.planet_unknown import PlaceTile, Rules, State, new_game
from playbook.games.planet_unknown.variants import corporation_keys, planet_keys


def play(players: int, seed: int, rules: Rules | None = None) -> int:
    rng = random.Random(seed)
    state = new_game(players, seed=seed, rules=rules)
    steps = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])[0]
        steps += 1
    return steps


def mid_game(players: int = 4, seed: int = 11, placements: int = 8) -> State:
    """A position where the acting seat is about to place, after ``placements`` rounds of random play."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    while state.round <= placements or not any(isinstance(a, PlaceTile) for a in state.legal_actions()):
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])[0]
    return state


def placement_listing(budget: float) -> tuple[float, int]:
    state = mid_game()
    moves = state.open_moves()
    count = 0
    runs = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        count = sum(1 for move in moves for _ in move.legal(state))
        runs += 1
    return 1e6 * (time.process_time() - start) / runs, count


def main(budget: float = 2.0) -> None:
    for players in (1, 2, 4):
        games = steps = 0
        start, wall = time.process_time(), time.perf_counter()
        while time.process_time() - start < budget:
            steps += play(players, games)
            games += 1
        elapsed = time.process_time() - start
        wall = time.perf_counter() - wall
        print(
            f"planet_unknown {players}p random: {games / elapsed:8.1f} games/s  {steps / elapsed:9.0f} actions/s  "
            f"{1e6 * elapsed / steps:6.1f} µs/action  ({steps / games:.0f} actions/game; "
            f"wall clock {games / wall:.1f} games/s)"
        )
    micros, count = placement_listing(budget / 2)
    print(f"planet_unknown legal placements of a mid-game position: {micros:8.1f} µs ({count} placements)")
    variants = [(f"corporation {k}", Rules(corporations=(k, "standard"))) for k in corporation_keys()]
    variants += [(f"planet {k}", Rules(planets=(k,))) for k in planet_keys()]
    for label, rules in variants:
        games = steps = 0
        start = time.process_time()
        while time.process_time() - start < budget / 4:
            steps += play(2, games, rules)
            games += 1
        elapsed = time.process_time() - start
        print(f"planet_unknown 2p {label:24} {games / elapsed:8.1f} games/s  {1e6 * elapsed / steps:6.1f} µs/action")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
