"""How strong the search bot is: per registered game, 2-player games of ``playbook.search`` against the game's best
built-in bot, seats alternating, seeded.

Run: ``.venv/bin/python benchmarks/search_strength.py [--games N] [--game NAME] [--iterations K] [--seed S]``.
Prints per game the search bot's win rate with its 95% Wilson interval (``playbook.analysis.wilson_interval``,
a game counted won only when the search bot is the sole winner: a shared win counts against it, and the ties
are printed beside), the games played, the CPU seconds per searched decision (``time.process_time`` inside the
bot: a decision with one legal action is not searched and not counted), and how many of the same deals the best
bot itself wins from the search bot's seats. Why that last figure: the deal and the seat weigh heavily (in An
Offal Game the second seat wins 8 of the 12 mirror games from seed 24,000, some by 15 to 20 dollars), so a
short run's win rate says as much about its deals as about the search. The budget is each game's
``SEARCH_DEFAULTS`` (``playbook/games/<game>/determinize.py``) unless ``--iterations`` overrides it; the goal
of issue 24 is a lower interval end above 50% at under 1 s a decision.

Which built-in bot is best was measured by a round robin of ``agents.STRATEGIES`` (40 games a pair for the three
quick engines, 6 for Planet Unknown; ``--find-best`` reruns it): ``BEST_BOTS`` names the winner of each.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import time
from typing import Any

import playbook
from playbook.analysis import wilson_interval
from playbook.core import Agent, RandomAgent
from playbook.games import available
from playbook.search import SEARCH_AGENTS, SearchAgent

#: The strongest of each game's ``agents.STRATEGIES`` in 2-player games (round robin, see the docstring).
BEST_BOTS = {
    "mars_needs_mechanics": "hoarder",
    "parts_unknown": "shelf builder",
    "offal_game": "clog clearer",
    "planet_unknown": "track racer",
}


def strategies(game: str) -> list[type[Agent]]:
    module = importlib.import_module(f"playbook.games.{game}.agents")
    return [cls for cls in module.STRATEGIES if cls is not RandomAgent]


def best_bot(game: str) -> type[Agent]:
    """The class of ``BEST_BOTS[game]`` (the first strategy for a game not measured yet)."""
    bots = strategies(game)
    return next((cls for cls in bots if cls.name == BEST_BOTS.get(game)), bots[0])


def find_best(game: str, games: int, seed: int) -> str:
    """The strategy with most wins in a 2-player round robin, ``games`` per pair, seats alternating."""
    wins = {cls.name: 0.0 for cls in strategies(game)}
    for first, second in itertools.combinations(strategies(game), 2):
        for index in range(games):
            lineup = [first(), second()] if index % 2 == 0 else [second(), first()]
            result = playbook.play_match(game, lineup, seed=seed + index, time_limit=None)
            for winner in result.winners:
                wins[lineup[winner].name] += 1 / len(result.winners)
    return max(wins, key=lambda name: wins[name])


def strength(game: str, games: int, seed: int, settings: dict[str, Any], progress: bool = False) -> dict[str, Any]:
    """Seeded games of the search bot against the best bot (the search bot in seat 0 on even seeds)."""
    search: SearchAgent = SEARCH_AGENTS[game](**settings)
    opponent = best_bot(game)()
    won = tied = mirror = 0
    start = time.perf_counter()
    for index in range(games):
        seat = (seed + index) % 2  # the search bot in seat 0 on even seeds (the strength test does the same)
        lineup: list[Any] = [search, opponent] if seat == 0 else [opponent, search]
        result = playbook.play_match(game, lineup, seed=seed + index, time_limit=None)
        won += result.winners == (seat,)
        tied += seat in result.winners and len(result.winners) > 1
        # The same deal with the best bot in the search bot's seat: how often that seat wins without the search.
        same_deal = playbook.play_match(game, [best_bot(game)(), best_bot(game)()], seed=seed + index, time_limit=None)
        mirror += same_deal.winners == (seat,)
        if progress:
            print(f"  {game} game {index + 1}/{games}: search in seat {seat}, winners {result.winners}", flush=True)
    low, high = wilson_interval(won, games)
    return {
        "game": game,
        "opponent": opponent.name,
        "budget": search.label(),
        "games": games,
        "wins": won,
        "ties": tied,
        "mirror_wins": mirror,
        "win_rate": won / games,
        "ci_low": low,
        "ci_high": high,
        "seconds_per_decision": search.cpu_seconds / max(1, search.decisions),
        "wall_seconds": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--game", choices=available(), action="append")
    parser.add_argument("--iterations", type=int, default=None)
    parser.add_argument("--rollout-depth", type=int, default=None)
    parser.add_argument("--seed", type=int, default=24_000)
    parser.add_argument("--find-best", action="store_true", help="rerun the round robin of the built-in bots")
    parser.add_argument("--progress", action="store_true", help="a line per game played")
    args = parser.parse_args()
    settings: dict[str, Any] = {} if args.iterations is None else {"iterations": args.iterations}
    if args.rollout_depth is not None:
        settings["rollout_depth"] = args.rollout_depth
    for game in args.game or available():
        if args.find_best:
            print(f"{game}: best built-in bot {find_best(game, 40, args.seed)!r}", flush=True)
        row = strength(game, args.games, args.seed, settings, args.progress)
        print(
            f"{row['game']:22} {row['budget']} vs {row['opponent']}: win rate {row['win_rate']:.0%} "
            f"[{row['ci_low']:.0%}, {row['ci_high']:.0%}] over {row['games']} games ({row['ties']} tied; the best bot "
            f"in the same seats won {row['mirror_wins']}); "
            f"{row['seconds_per_decision']:.3f} CPU s per decision ({row['wall_seconds']:.0f} s in all)",
            flush=True,
        )


if __name__ == "__main__":
    main()
