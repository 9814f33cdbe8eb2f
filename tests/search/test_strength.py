"""The search bot beats each game's best built-in bot: a seeded 2-player test with a win-rate interval.

A game is won only when the search bot is the sole winner; the search bot sits in seat 0 on even seeds, as in
``benchmarks/search_strength.py``. How the sizes were chosen: on this shared machine (2 cores, load 10-20 while
this was written) a game at the full budget costs tens of CPU seconds, so a game gets 8 games at the smallest
budget measured whose 95% Wilson interval has its lower end above 50% (7 or 8 sole wins of 8): Mars Needs
Mechanics at 60 iterations from seed 24,000 (the first budget tried above the 20 iterations that won 5 of 8;
the seeds were not picked: 24,000 is the benchmark's default start, and the hoarder itself wins 4 of these 8
deals from the same seats).
The test fails if a change to the search, a determinizer or an engine makes the bot lose more of these games.

The other games are in ``NOT_YET_STRONG`` with the figures that keep them there: the search bot does not yet
beat their best bot clearly (issue 24 stays open for them). The mirror figures there say how many of the same
deals the best bot wins from the search bot's seats playing itself (the deal and the seat decide most games
between equal players in An Offal Game and Parts Unknown, so 8 games cannot show a gain of a few points).
They are listed, not skipped: the first test fails for a registered game in neither table or in both.
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

import playbook
from playbook.analysis import wilson_interval
from playbook.games import available
from playbook.search import search_agent

#: Per game: the first seed, the search settings, and the best built-in bot (``BEST_BOTS`` of the benchmark).
STRENGTH: dict[str, tuple[int, dict[str, Any], str]] = {
    "mars_needs_mechanics": (24_000, {"iterations": 60, "rollout_depth": 15}, "hoarder"),
}
GAMES = 8
#: Games where the search bot does not yet beat the best built-in bot clearly, with the measurements saying so.
NOT_YET_STRONG: dict[str, str] = {
    "planet_unknown": "vs track racer at the full budget: 8 sole wins of 12 in the benchmark (Wilson 39%-86%), 6 of 8 "
    "on seeds 24,003-24,010 (41%-93%); anchored on the track racer (margin 0.02), 0 of the 2 games run",
    "offal_game": "vs clog clearer at the default budget: 8 sole wins of 12 (Wilson 39%-86%), 6 of 12 at 100 "
    "iterations; anchored with clog-clearer rollouts to the end valued by the money margin, 11 of 16 (44%-86%) where "
    "the clog clearer itself wins 10 of the same deals and seats; anchored with random rollouts, 3 of 8",
    "parts_unknown": "vs shelf builder at the new default (anchored on it: 12 iterations, shelf-builder rollouts of "
    "80 steps, the five bots' moves as candidates): 5 sole wins of 12 (Wilson 19%-68%) at 0.08 CPU s a decision, "
    "where the shelf builder itself wins 6 of the same 12 deals and seats: about level, not ahead; unanchored, 0 of 8",
}


def test_every_registered_game_has_a_strength_test_or_says_why_not() -> None:
    assert sorted([*STRENGTH, *NOT_YET_STRONG]) == sorted(available())


@pytest.mark.parametrize("game", sorted(STRENGTH))
def test_the_search_bot_beats_the_best_built_in_bot(game: str) -> None:
    first_seed, settings, best = STRENGTH[game]
    agents = importlib.import_module(f"playbook.games.{game}.agents")
    opponent = next(cls for cls in agents.STRATEGIES if cls.name == best)()
    won = 0
    for index in range(GAMES):
        seat = (first_seed + index) % 2  # the benchmark's seats: the search bot in seat 0 on even seeds
        search = search_agent(game, **settings)
        lineup: list[Any] = [search, opponent] if seat == 0 else [opponent, search]
        result = playbook.play_match(game, lineup, seed=first_seed + index, time_limit=None)
        won += result.winners == (seat,)  # a shared win is not a win here: the bot must beat it clearly
    low, _high = wilson_interval(won, GAMES)
    assert low > 0.5, f"{game}: the search bot won {won} of {GAMES} against {best} (interval from {low:.0%})"
