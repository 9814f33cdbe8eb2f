"""Issue 20's figures for one engine beside their goals, and what limits the engine now.

Run: ``.venv/bin/python benchmarks/engine.py [--game NAME] [--budget S] [--bot-games N] [--no-tournament]``
(default: Mars Needs Mechanics, Parts Unknown and An Offal Game in turn). A script, not a timed test. Per game:

- engine: CPU µs per random action beside OpenSpiel's ``python_liars_poker``, the loops interleaved in one run
  (``compare_openspiel.measure_side_by_side``): goal at most 1.0x, events still emitted;
- bots: each built-in strategy in every seat, CPU time of its games over a random game's on the same seeds
  (``bots.measure``): goal at most 3x;
- tournament: 1,000 games of the built-in bots at 4 seats (2 for An Offal Game) on a 2-worker process pool,
  wall-clock seconds: goal under 10 s;
- the top of a pyinstrument profile of random play, each sample charged to the playbook function that made it.

Ratios are the figures to compare before and after a change: the machine is shared, and a burst of other work
slows both loops of a ratio alike, while it moves an absolute rate (or the tournament's wall clock) freely.
"""

from __future__ import annotations

import argparse
import importlib
import resource
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import bots
import compare_openspiel as cos
from goals import BOT_PLAYERS, REFERENCE_GAME, TOURNAMENT_GAMES, TOURNAMENT_PLAYERS, TOURNAMENT_WORKERS, goal

import playbook
from playbook.games import load

GAMES = ("mars_needs_mechanics", "parts_unknown", "offal_game")
#: Seats of the engine figure: the table sizes issue 20 measured.
ENGINE_PLAYERS = {"mars_needs_mechanics": 4, "parts_unknown": 6, "offal_game": 2}


def verdict(key: str, value: float) -> str:
    """``<= 1x PASS``: the figure's goal and whether it holds."""
    found = goal(key)
    return f"goal {found.target}  {found.verdict(value)}"


def engine_figure(game: str, players: int, budget: float) -> None:
    plays: dict[str, cos.Play] = {}
    try:
        plays[REFERENCE_GAME] = cos.openspiel_game(REFERENCE_GAME)
    except cos.OpenSpielMissing as err:
        print(f"  engine: {err}; the playbook figure alone")
    plays[game] = cos.playbook_game(game, players)
    rates = cos.measure_side_by_side(plays, budget)
    mine = rates[game]
    line = (
        f"  engine {players}p: {mine.micros_per_action:6.2f} µs/random action, {mine.games_per_second:7.1f} games/CPU-s"
    )
    reference = rates.get(REFERENCE_GAME)
    if reference is not None:
        ratio = mine.micros_per_action / reference.micros_per_action
        line += f"; {ratio:4.2f}x {REFERENCE_GAME} ({reference.micros_per_action:.2f} µs)  "
        line += verdict(f"engine_ratio/{game}/{players}p", ratio)
    print(line)


def bot_figures(game: str, players: int, games: int, repeat: int) -> None:
    for cls in bots.strategies(load(game)):
        bot, rand = bots.measure(game, cls, players, games, repeat)
        ratio = bot / rand
        print(
            f"  bots {players}p {cls.name:16s}: {games / bot:7.1f} bot games/CPU-s beside {games / rand:7.1f} random; "
            f"{ratio:4.2f}x  {verdict(f'bot_cost/{game}', ratio)}"
        )


def tournament_figure(game: str) -> None:
    module = load(game)
    strategies = importlib.import_module(f"{module.__name__}.agents").STRATEGIES
    players = min(TOURNAMENT_PLAYERS, module.INFO.max_players)
    lineup = [cls() for cls in strategies[: max(players, min(len(strategies), TOURNAMENT_PLAYERS))]]
    workers_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with ProcessPoolExecutor(TOURNAMENT_WORKERS) as pool:
        frame = playbook.tournament(game, lineup, games=TOURNAMENT_GAMES, seed=20, players=players, executor=pool)
    seconds = time.perf_counter() - start
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = workers.ru_utime + workers.ru_stime - workers_before.ru_utime - workers_before.ru_stime
    failed = int(frame.groupby("game")["error"].first().notna().sum())
    print(
        f"  tournament: {TOURNAMENT_GAMES:,} games, {players} seats, {len(lineup)} bots, {TOURNAMENT_WORKERS} workers: "
        f"{seconds:5.2f} s wall clock ({failed} failed)  {verdict(f'tournament/{game}', seconds)}"
    )
    # On a loaded machine the wall clock waits for other people's work; the workers' CPU time shared by the
    # workers is what the same tournament takes on idle cores.
    print(f"    workers' CPU time {cpu:5.2f} s: {cpu / TOURNAMENT_WORKERS:5.2f} s on {TOURNAMENT_WORKERS} idle cores")


def profile_figure(game: str, players: int, seconds: float, top: int) -> None:
    """The playbook functions random play spends its time in (``compare_openspiel.profile``'s ``ours``)."""
    play = cos.playbook_game(game, players)

    def work() -> None:
        start = time.process_time()
        seed = 0
        while time.process_time() - start < seconds:
            play(seed)
            seed += 1

    found = cos.profile(f"{game} {players}p random play", work, top=top)
    print(f"  what limits it now (random play, {found.milliseconds:.0f} ms profiled, by playbook function):")
    for hotspot in found.ours:
        print(f"    {hotspot}")


def report(names: Sequence[str], budget: float, bot_games: int, repeat: int, tournament: bool) -> None:
    for game in names:
        players = ENGINE_PLAYERS.get(game, load(game).INFO.min_players)
        print(game)
        engine_figure(game, players, budget)
        bot_figures(game, BOT_PLAYERS.get(game, players), bot_games, repeat)
        if tournament:
            tournament_figure(game)
        profile_figure(game, players, min(2.0, budget), top=6)


def main(default_games: Sequence[str] = GAMES) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--budget", type=float, default=2.0, help="CPU seconds per engine loop")
    parser.add_argument("--bot-games", type=int, default=10, help="seeded games per bot figure")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the bot figure's seeds; the best is kept")
    parser.add_argument("--no-tournament", action="store_true", help="skip the 1,000-game tournaments")
    args = parser.parse_args()
    report(args.game or default_games, args.budget, args.bot_games, args.repeat, not args.no_tournament)


if __name__ == "__main__":
    main()
