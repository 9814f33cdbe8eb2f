"""The reconstructed numbers are calibrated: a seeded sweep of the strategy agents, solo and two-player.

Over 200 seeded games (100 solo, 100 two-player) the median game lasts 8-25 turns and each ending (The
Clog full; all customers served) happens in at least 20% of games, in each mode.
"""

from __future__ import annotations

import statistics
from collections import Counter

from playbook.core import play_match
from playbook.games.offal_game import End
from playbook.games.offal_game.agents import STRATEGIES


def sweep(players: int, games: int = 100) -> tuple[float, Counter[str]]:
    turns = []
    ends: Counter[str] = Counter()
    n = len(STRATEGIES)
    for i in range(games):
        lineup = [STRATEGIES[(i + seat * (1 + i // n)) % n]() for seat in range(players)]
        result = play_match("offal_game", lineup, seed=1000 + i)
        turns.append(result.rounds)
        ends[End(result.final_state.end).key] += 1
    return statistics.median(turns), ends


def test_calibration_solo_and_two_player() -> None:
    total: Counter[str] = Counter()
    for players in (1, 2):
        median, ends = sweep(players)
        total += ends
        assert 8 <= median <= 25, (players, median)
        assert ends["clog_full"] >= 20 and ends["all_served"] >= 20, (players, ends)
        assert ends["turn_limit"] == 0
    assert total["clog_full"] >= 40 and total["all_served"] >= 40
