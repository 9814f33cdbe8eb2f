"""What a bot game costs: for every registered game and every strategy in its ``agents.STRATEGIES``, games per
CPU-second of a game with that strategy in every seat, beside a random game of the same engine on the same seeds.

Run: ``.venv/bin/python benchmarks/bots.py [--games N] [--repeat R] [--game NAME] [--no-profile]``. A script, not
a timed test. Games are played by ``playbook.play_match`` (what tournaments and sweeps pay: the observation each
decision, the guarded decision, the engine's steps); the random game's agents are blind, so it is the engine
alone. Rates are per second of this process's CPU time (``time.process_time``): on a shared machine the best of
``--repeat`` runs of the same seeds is the figure to compare, and the bot and random runs are interleaved so a
burst of other work slows both.

Goals (issue 20): every strategy's game costs at most 3x a random game (2 players, and 4 where the game allows
them), and a 2-player Planet Unknown bot game runs at 50 or more games per CPU-second. Then, per Planet Unknown
strategy, a bot game split into the bots' thinking (``choose``), the observations ``play_match`` builds for them
and the engine's steps, beside a random game: what a bot game could cost if its bots thought for free. Last, the
top 5 functions by own time in a pyinstrument profile of one Planet Unknown bot game: where the next step of
speed is.
"""

from __future__ import annotations

import argparse
import importlib
import time
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from pyinstrument import Profiler
from pyinstrument.frame import Frame

import playbook
from playbook.core import Agent, RandomAgent
from playbook.games import available, load

RATIO_GOAL = 3.0
PU_RATE_GOAL = 50.0  # 2-player Planet Unknown bot games per CPU-second


def strategies(module: ModuleType) -> tuple[type[Agent], ...]:
    """The game's ``agents.STRATEGIES`` without the random agent (the baseline every line is compared with)."""
    agents = importlib.import_module(f"{module.__name__}.agents")
    return tuple(cls for cls in agents.STRATEGIES if cls is not RandomAgent)


def cpu_seconds(game: str, lineup: Sequence[type[Agent]], seeds: range) -> float:
    start = time.process_time()
    for seed in seeds:
        playbook.play_match(game, [cls() for cls in lineup], seed=seed)
    return time.process_time() - start


def measure(game: str, cls: type[Agent], players: int, games: int, repeat: int) -> tuple[float, float]:
    """Best CPU seconds of ``games`` seeded games (the same seeds) with ``cls`` in every seat, and with random
    agents, runs interleaved."""
    seeds = range(1000, 1000 + games)
    cpu_seconds(game, [cls] * players, range(1))  # tables a strategy builds once per process are not the game's
    bot = rand = float("inf")
    for _ in range(repeat):
        bot = min(bot, cpu_seconds(game, [cls] * players, seeds))
        rand = min(rand, cpu_seconds(game, [RandomAgent] * players, seeds))
    return bot, rand


def report(names: Sequence[str], games: int, repeat: int) -> None:
    print(f"{'game':22} {'strategy':22} {'players':>7} {'bot games/s':>12} {'random games/s':>15} {'ratio':>7}  goal")
    for name in names:
        module = load(name)
        counts = [n for n in (2, 4) if module.INFO.min_players <= n <= module.INFO.max_players]
        for cls in strategies(module):
            for players in counts:
                bot, rand = measure(name, cls, players, games, repeat)
                ratio = bot / rand
                verdict = f"<= {RATIO_GOAL:g}x {'ok' if ratio <= RATIO_GOAL else 'MISSED'}"
                if name == "planet_unknown" and players == 2:
                    rate = games / bot
                    verdict += f"; >= {PU_RATE_GOAL:g} games/s {'ok' if rate >= PU_RATE_GOAL else 'MISSED'}"
                print(
                    f"{name:22} {cls.name:22} {players:>7} {games / bot:12.1f} {games / rand:15.1f} {ratio:6.2f}x"
                    f"  {verdict}"
                )


def timed(owner: type, name: str, spent: list[float]) -> Callable[[], None]:
    """``owner.name`` wrapped to add its CPU seconds to ``spent[0]``; returns what puts the original back."""
    original = getattr(owner, name)
    own = vars(owner).get(name)

    def wrapper(*args: Any) -> Any:
        start = time.process_time()
        try:
            return original(*args)
        finally:
            spent[0] += time.process_time() - start

    def restore() -> None:
        if own is None:
            delattr(owner, name)  # it was inherited
        else:
            setattr(owner, name, own)

    setattr(owner, name, wrapper)
    return restore


def split_planet_unknown(games: int) -> None:
    """Per strategy, milliseconds per 2-player game in the bots' ``choose``, in ``State.observation`` and in the
    rest (the engine and ``play_match``), beside a random game of the same seeds."""
    module = load("planet_unknown")
    state_class = module.State
    seeds = range(1000, 1000 + games)
    rand = cpu_seconds("planet_unknown", [RandomAgent] * 2, seeds) / games
    print(f"\nplanet_unknown 2p, ms per game: thinking + observations + engine (random game {1000 * rand:.1f} ms)")
    for cls in strategies(module):
        cpu_seconds("planet_unknown", [cls] * 2, range(1))
        thinking, observing = [0.0], [0.0]
        restores = [timed(cls, "choose", thinking), timed(state_class, "observation", observing)]
        try:
            total = cpu_seconds("planet_unknown", [cls] * 2, seeds) / games
        finally:
            for restore in restores:
                restore()
        think, obs = thinking[0] / games, observing[0] / games
        engine = total - think - obs
        print(
            f"  {cls.name:18} {1000 * total:6.1f} = {1000 * think:5.1f} thinking + {1000 * obs:5.1f} observations"
            f" + {1000 * engine:5.1f} engine; free thinking: {(total - think) / rand:.2f}x a random game"
        )


def own_times(root: Frame) -> dict[str, float]:
    """Seconds of own time per function (the frame's time less its real children's), over the whole tree."""
    found: dict[str, float] = {}
    stack = [root]
    while stack:
        frame = stack.pop()
        stack.extend(frame.children)
        if frame.is_synthetic:
            continue
        where = f"{frame.function}  {frame.file_path_short}:{frame.line_no}"
        found[where] = found.get(where, 0.0) + frame.total_self_time
    return found


def profile_planet_unknown(top: int = 5) -> None:
    """The top functions by own time of one 2-player Planet Unknown game of each strategy (after a warm-up
    game, so the once-per-process tables are not counted)."""
    module = load("planet_unknown")
    for cls in strategies(module):
        playbook.play_match("planet_unknown", [cls(), cls()], seed=1)
        profiler = Profiler(interval=0.0002)
        profiler.start()
        playbook.play_match("planet_unknown", [cls(), cls()], seed=2)
        session = profiler.stop()
        root = session.root_frame()
        if root is None:
            continue
        total = root.time
        print(f"\nplanet_unknown 2p {cls.name}: top {top} functions by own time ({total * 1000:.0f} ms profiled)")
        ranked = sorted(own_times(root).items(), key=lambda item: -item[1])[:top]
        for where, seconds in ranked:
            print(f"  {100 * seconds / total:5.1f}%  {1000 * seconds:7.1f} ms  {where}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="seeded games per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the same seeds; the best is reported")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: every game")
    parser.add_argument("--no-profile", action="store_true", help="skip the Planet Unknown profile")
    args = parser.parse_args()
    report(args.game or available(), args.games, args.repeat)
    if "planet_unknown" in (args.game or available()):
        split_planet_unknown(args.games)
    if not args.no_profile:
        profile_planet_unknown()


if __name__ == "__main__":
    main()
