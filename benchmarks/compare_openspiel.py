"""Per-action speed of every playbook engine beside OpenSpiel's pure-Python games, measured in one run.

Run: ``.venv/bin/python benchmarks/compare_openspiel.py [seconds per game]``. With the ``openspiel`` extra
installed (``pip install -e .[openspiel]``) it also plays OpenSpiel's ``python_liars_poker``,
``python_kuhn_poker`` and ``python_tic_tac_toe`` and prints each playbook game's microseconds per action as
a ratio of ``python_liars_poker``'s; without it, the playbook numbers alone.

Both sides run the same loop: random legal actions, chance sampled from ``chance_outcomes``, to the end of
the game. The difference is in what a step does: OpenSpiel's states mutate in place and return nothing,
while a playbook ``apply`` builds a new immutable state and the events that explain the step.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from playbook.core import CHANCE
from playbook.games import available, load

OPENSPIEL_GAMES = ("python_liars_poker", "python_kuhn_poker", "python_tic_tac_toe")
PLAYERS = {"mars_needs_mechanics": 4, "parts_unknown": 4, "offal_game": 2, "planet_unknown": 4}


def _sample(outcomes: list[tuple[object, float]], rng: random.Random) -> object:
    pick = rng.random()
    total = 0.0
    for outcome, probability in outcomes:
        total += probability
        if pick < total:
            return outcome
    return outcomes[-1][0]


def playbook_game(name: str, players: int) -> Callable[[int], int]:
    module = load(name)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = module.new_game(players, seed=seed)
        steps = 0
        while not state.is_terminal:
            if state.current_player == CHANCE:
                action = _sample(list(state.chance_outcomes()), rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state = state.apply(action)[0]
            steps += 1
        return steps

    return play


def openspiel_game(name: str) -> Callable[[int], int]:
    import pyspiel  # type: ignore[import-not-found]
    from open_spiel.python import games  # type: ignore[import-not-found]  # noqa: F401  (registers python_*)

    game = pyspiel.load_game(name)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = _sample(state.chance_outcomes(), rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        return steps

    return play


def measure(play: Callable[[int], int], budget: float) -> tuple[float, float]:
    """(games per second, microseconds per action) over ``budget`` seconds of whole games."""
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < budget or games == 0:
        steps += play(games)
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, 1e6 * elapsed / steps


def main(budget: float = 2.0) -> None:
    reference: float | None = None
    try:
        rows = [(name, *measure(openspiel_game(name), budget)) for name in OPENSPIEL_GAMES]
    except ImportError:
        rows = []
        print("open_spiel is not installed (pip install -e .[openspiel]): playbook numbers only")
    for name, games_per_s, us in rows:
        print(f"{'openspiel ' + name:42s} {games_per_s:9.1f} games/s {us:7.2f} µs/action")
        if name == "python_liars_poker":
            reference = us
    for name in available():
        players = PLAYERS.get(name, load(name).INFO.min_players)
        games_per_s, us = measure(playbook_game(name, players), budget)
        ratio = f"  {us / reference:4.2f}x python_liars_poker" if reference else ""
        print(f"{f'playbook {name} ({players}p)':42s} {games_per_s:9.1f} games/s {us:7.2f} µs/action{ratio}")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else 2.0)
