"""Strategies: metadata, legal choices from the observation alone, a clear margin over random, one-line matches."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import playbook
from playbook.core import Agent, RandomAgent
from playbook.games.planet_unknown import agents as pu_agents

from .helpers import random_play

STRATEGIES = [cls for cls in pu_agents.STRATEGIES if cls is not RandomAgent]


def test_strategies_have_metadata() -> None:
    assert len(STRATEGIES) >= 4 and RandomAgent in pu_agents.STRATEGIES
    for cls in STRATEGIES:
        assert issubclass(cls, Agent)
        meta = cls.metadata()
        assert meta["name"] and meta["description"].endswith(".") and meta["looks_at"]
    assert {"track racer", "rows and columns", "civ racer", "rover hunter"} <= {c.name for c in STRATEGIES}


@pytest.mark.parametrize("cls", STRATEGIES)
def test_strategies_choose_legal_actions_from_the_observation(cls: type[Agent]) -> None:
    agent = cls()
    rng = random.Random(0)
    states = random_play(2, seed=4)
    for state in states[::7]:
        if state.is_terminal:
            continue
        legal = state.legal_actions()
        assert agent.choose(state.observation(state.current_player), legal, rng) in legal


def test_seeded_four_player_match_in_one_line() -> None:
    result = playbook.play_match("planet_unknown", [cls() for cls in STRATEGIES], seed=7)
    assert result.final_state.is_terminal and len(result.scores) == 4
    again = playbook.play_match("planet_unknown", [cls() for cls in STRATEGIES], seed=7)
    assert again.scores == result.scores


def margin_over_random(cls: type[Agent], games: int) -> tuple[float, float]:
    wins = 0
    diff = 0.0
    for seed in range(games):
        seat = seed % 2
        lineup: list[Agent] = [RandomAgent(), RandomAgent()]
        lineup[seat] = cls()
        result = playbook.play_match("planet_unknown", lineup, seed=1000 + seed)
        wins += seat in result.winners
        diff += result.scores[seat] - result.scores[1 - seat]
    return wins / games, diff / games


@pytest.mark.parametrize("cls", STRATEGIES)
def test_each_strategy_beats_random_clearly(cls: type[Agent]) -> None:
    """Two-player games against random, seats alternating (20 games here; 200 in the slow test)."""
    rate, diff = margin_over_random(cls, 20)
    assert rate >= 0.8 and diff >= 8, (cls.name, rate, diff)


@pytest.mark.slow
@pytest.mark.parametrize("cls", STRATEGIES)
def test_each_strategy_beats_random_over_200_games(cls: type[Agent]) -> None:
    rate, diff = margin_over_random(cls, 200)
    assert rate >= 0.8 and diff >= 8, (cls.name, rate, diff)


def test_importing_the_game_loads_no_display_library() -> None:
    probe = "import json, sys, playbook.games.planet_unknown.agents, playbook.games.planet_unknown.economy\n"
    probe += "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'plotly'))))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []
