"""Speed of the Planet Unknown engine and its bots, each figure beside its issue-20 goal, and what limits it now.

Run: ``.venv/bin/python benchmarks/planet_unknown.py [--budget SECONDS] [--games N] [--no-profile]``. Sections:

1. Random games per CPU-second and microseconds per action for 1, 2 and 4 players (a ``play_match``-like loop
   without observations: the random agent does not look), and, when OpenSpiel can be imported, its pure-Python
   liar's poker per action measured in the same run (the issue's yardstick: as low a ratio as we can get).
2. The microseconds to list the legal placements of a mid-game position.
3. Bot games: every built-in strategy in every seat, 2 and 4 players, played by ``playbook.play_match`` (what
   tournaments pay: an observation per decision, the guarded decision, the engine) beside random agents on the
   same seeds, interleaved, best of ``--repeat``. Goals: 2-player bot games at 50 or more per CPU-second, and
   every strategy's game at most 3x a random game.
4. The 1,000-game 4-player tournament of the built-in bots on 2 cores, projected from one core's rate of the
   mixed lineup (every built-in bot at the table): goal under 60 s.
5. The top functions by own time in a pyinstrument profile of a random and of a bot game: what limits the
   engine now.

The game has no chance steps: every hidden order is drawn from the seed at setup. Rates are per second of this
process's CPU time (``time.process_time``): on a shared machine compare figures of one run (ratios), not runs.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence

from pyinstrument import Profiler
from pyinstrument.frame import Frame

import playbook
from playbook.core import Agent, RandomAgent
from playbook.games.planet_unknown import PlaceTile, Rules, State, new_game
from playbook.games.planet_unknown.agents import STRATEGIES
from playbook.games.planet_unknown.variants import corporation_keys, planet_keys

#: Issue 20's goals for this engine.
BOT_RATE_GOAL = 50.0  # 2-player bot games per CPU-second
RATIO_GOAL = 3.0  # a bot game's cost over a random game's
TOURNAMENT_GOAL = 60.0  # seconds for 1,000 4-player games of the built-in bots on 2 cores
TOURNAMENT_GAMES, TOURNAMENT_WORKERS = 1_000, 2
REFERENCE = "python_liars_poker"
BOTS: tuple[type[Agent], ...] = tuple(cls for cls in STRATEGIES if cls is not RandomAgent)


def play(players: int, seed: int, rules: Rules | None = None) -> int:
    """One seeded random game to the end; the number of actions."""
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
    """Microseconds to list a mid-game position's placements (a fresh copy of the state each time, so no cache
    of the state itself answers), and how many there are."""
    state = mid_game()
    count = runs = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        fresh = tuple.__new__(State, list(state))
        count = sum(1 for move in fresh.open_moves() for _ in move.legal(fresh))
        runs += 1
    return 1e6 * (time.process_time() - start) / runs, count


def random_rate(players: int, budget: float, rules: Rules | None = None) -> tuple[float, float, int]:
    """Random games per CPU-second, microseconds per action and actions per game, for ``budget`` CPU seconds."""
    play(players, 10**6, rules)  # the tables made once per process are not the loop's
    games = steps = 0
    start = time.process_time()
    while games == 0 or time.process_time() - start < budget:
        steps += play(players, games, rules)
        games += 1
    elapsed = time.process_time() - start
    return games / elapsed, 1e6 * elapsed / steps, steps // games


def reference_micros(budget: float) -> float | None:
    """OpenSpiel's pure-Python liar's poker, microseconds per random action (``None``: OpenSpiel not installed)."""
    try:
        from compare_openspiel import measure, openspiel_game  # optional: needs the openspiel extra
    except ImportError:
        return None
    try:
        game = openspiel_game(REFERENCE)
    except ImportError:
        return None
    game(0)
    rate = measure(game, budget)
    return float(rate.micros_per_action)


def match_seconds(lineup: Sequence[type[Agent]], seeds: range) -> float:
    start = time.process_time()
    for seed in seeds:
        playbook.play_match("planet_unknown", [cls() for cls in lineup], seed=seed)
    return time.process_time() - start


def bot_and_random(lineup: Sequence[type[Agent]], games: int, repeat: int) -> tuple[float, float]:
    """Best CPU seconds of ``games`` seeded games with ``lineup`` and with random agents, runs interleaved."""
    seeds = range(1000, 1000 + games)
    match_seconds(lineup, range(1))  # warm-up: per-process tables
    bot = rand = float("inf")
    for _ in range(repeat):
        bot = min(bot, match_seconds(lineup, seeds))
        rand = min(rand, match_seconds([RandomAgent] * len(lineup), seeds))
    return bot, rand


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def engine_section(budget: float) -> float:
    """Section 1 and 2; returns the 2-player microseconds per action."""
    micros_2p = 0.0
    for players in (1, 2, 4):
        rate, micros, per_game = random_rate(players, budget)
        micros_2p = micros if players == 2 else micros_2p
        print(f"random {players}p: {rate:8.1f} games/s  {micros:6.1f} µs/action  ({per_game} actions/game)")
    reference = reference_micros(budget)
    if reference is None:
        print(f"per action vs {REFERENCE}: not measured (OpenSpiel not installed: pip install -e .[openspiel])")
    else:
        print(
            f"per action vs {REFERENCE} ({reference:.1f} µs): {micros_2p / reference:.2f}x at 2 players"
            "  (goal: <= 1.0x, as low as we can get it)"
        )
    micros, count = placement_listing(budget / 2)
    print(f"legal placements of a mid-game position: {micros:8.1f} µs ({count} placements)")
    return micros_2p


def variant_section(budget: float) -> None:
    """2-player random games per asymmetric corporation and planet: a hook that slows the engine shows by name."""
    variants = [(f"corporation {k}", Rules(corporations=(k, "standard"))) for k in corporation_keys()]
    variants += [(f"planet {k}", Rules(planets=(k,))) for k in planet_keys()]
    for label, rules in variants:
        rate, micros, _ = random_rate(2, budget / 4, rules)
        print(f"2p {label:24} {rate:8.1f} games/s  {micros:6.1f} µs/action")


def bot_section(games: int, repeat: int) -> None:
    print(f"\n{'strategy':20} {'players':>7} {'bot games/s':>12} {'random games/s':>15} {'ratio':>7}  goals")
    for cls in BOTS:
        for players in (2, 4):
            n = games if players == 2 else max(1, games // 2)
            bot, rand = bot_and_random([cls] * players, n, repeat)
            ratio = bot / rand
            goals = f"<= {RATIO_GOAL:g}x {verdict(ratio <= RATIO_GOAL)}"
            if players == 2:
                goals += f"; >= {BOT_RATE_GOAL:g} games/s {verdict(n / bot >= BOT_RATE_GOAL)}"
            print(f"{cls.name:20} {players:>7} {n / bot:12.1f} {n / rand:15.1f} {ratio:6.2f}x  {goals}")


def tournament_section(games: int) -> None:
    """The 4-player tournament, projected: 1,000 games at one core's rate, shared by two workers."""
    lineup = [BOTS[seat % len(BOTS)] for seat in range(4)]
    seconds = match_seconds(lineup, range(2000, 2000 + games)) / games
    projected = TOURNAMENT_GAMES * seconds / TOURNAMENT_WORKERS
    print(
        f"\n{TOURNAMENT_GAMES}-game 4p tournament of the built-in bots on {TOURNAMENT_WORKERS} cores: "
        f"{projected:6.1f} s projected ({1 / seconds:.1f} games per CPU-second)  "
        f"< {TOURNAMENT_GOAL:g} s {verdict(projected < TOURNAMENT_GOAL)}"
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


def profile(title: str, work: Callable[[], object], top: int = 6) -> None:
    """The top functions by own time of ``work``: where the next step of speed is."""
    profiler = Profiler(interval=0.0002)
    profiler.start()
    work()
    root = profiler.stop().root_frame()
    if root is None:
        return
    print(f"\n{title}: top {top} functions by own time ({root.time * 1000:.0f} ms profiled)")
    for where, seconds in sorted(own_times(root).items(), key=lambda item: -item[1])[:top]:
        print(f"  {100 * seconds / root.time:5.1f}%  {1000 * seconds:7.1f} ms  {where}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--budget", type=float, default=2.0, help="CPU seconds per random-game figure")
    parser.add_argument("--games", type=int, default=10, help="seeded 2-player games per bot figure (4p: half)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of the same seeds; the best is reported")
    parser.add_argument("--no-variants", action="store_true", help="skip the per-corporation and planet rates")
    parser.add_argument("--no-profile", action="store_true", help="skip the profiles")
    args = parser.parse_args()
    engine_section(args.budget)
    if not args.no_variants:
        variant_section(args.budget)
    bot_section(args.games, args.repeat)
    tournament_section(max(2, args.games // 2))
    if not args.no_profile:
        profile("random 2p games (the engine alone)", lambda: [play(2, seed) for seed in range(20)])
        bots = [BOTS[0](), BOTS[0]()]

        def bot_games() -> None:
            for seed in (2, 3):
                playbook.play_match("planet_unknown", bots, seed=seed)

        profile(f"{BOTS[0].name} 2p games", bot_games)


if __name__ == "__main__":
    main()
