"""The strategies of ``agents.STRATEGIES``: complete legal games, metadata, and behaviour that differs."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from playbook.core import Agent, play_match, tournament
from playbook.core.protocol import Action
from playbook.games.mars_needs_mechanics import Build, Buy, Rules, SellSet
from playbook.games.mars_needs_mechanics.agents import STRATEGIES, Hoarder, LateBuyer, Mechanic, QuickSeller

from .helpers import ALL_MECHANISMS

ALL_RULES = Rules.standard().with_mechanisms(list(ALL_MECHANISMS))


class Recorder(Agent):
    """Plays like ``inner`` and keeps every (observation, legal actions, choice); checks each choice is legal."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name  # type: ignore[misc]
        self.seen: list[tuple[Mapping[str, Any], tuple[Action, ...], Action]] = []

    def choose(self, observation: Mapping[str, Any], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        action = self.inner.choose(observation, legal_actions, rng)
        assert action in legal_actions, f"{self.inner.name} chose the illegal {action}"
        self.seen.append((observation, tuple(legal_actions), action))
        return action


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("strategy", STRATEGIES, ids=lambda s: s.name)
@pytest.mark.parametrize("rules", [None, ALL_RULES], ids=["starter", "all ten"])
def test_strategy_plays_complete_legal_games(strategy: type[Agent], players: int, rules: Rules | None) -> None:
    for seed in range(3):
        agents = [Recorder(strategy()) for _ in range(players)]
        result = play_match("mars_needs_mechanics", agents, seed=seed, rules=rules)
        assert result.final_state.is_terminal
        assert len(result.scores) == players and result.steps > 0 and result.rounds >= 1
        assert sum(len(a.seen) for a in agents) == result.steps


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mixed_lineups_play_complete_games(players: int) -> None:
    for seed in range(4):
        lineup = [Recorder(STRATEGIES[(seed + i) % len(STRATEGIES)]()) for i in range(players)]
        result = play_match("mars_needs_mechanics", lineup, seed=seed, rules=ALL_RULES)
        assert result.final_state.is_terminal and len(result.winners) == 1


@pytest.mark.parametrize("strategy", STRATEGIES, ids=lambda s: s.name)
def test_strategy_metadata(strategy: type[Agent]) -> None:
    meta = strategy.metadata()
    assert set(meta) >= {"name", "description", "stochastic", "looks_at"}
    assert meta["name"] == strategy.name and strategy.name not in ("", "agent")
    assert meta["description"] == strategy.description and len(strategy.description) > 10
    assert meta["looks_at"] and meta["stochastic"] is False


def test_strategy_names_are_distinct() -> None:
    assert len({s.name for s in STRATEGIES}) == len(STRATEGIES) == 4


def test_strategies_score_differently_in_a_seeded_tournament() -> None:
    frame = tournament("mars_needs_mechanics", [s() for s in STRATEGIES], games=24, seed=2024, players=4)
    means = frame.groupby("agent")["score"].mean()
    assert len(means) == 4
    assert means.round(3).nunique() == 4, means


def test_late_buyer_buys_only_late() -> None:
    bought = 0
    for seed in range(6):
        for players in (2, 3, 4):
            agents = [Recorder(LateBuyer()), *(QuickSeller() for _ in range(players - 1))]
            play_match("mars_needs_mechanics", agents, seed=seed)
            for obs, _legal, action in agents[0].seen:
                if isinstance(action, Buy):
                    bought += 1
                    assert obs["passes_in_row"] >= players - 1 or len(obs["market"]) <= 2
    assert bought > 0


def test_quick_seller_sells_whenever_it_can() -> None:
    sold = 0
    agents = [Recorder(QuickSeller()), Hoarder()]
    for seed in range(5):
        play_match("mars_needs_mechanics", agents, seed=seed)
    for obs, legal, action in agents[0].seen:
        if obs["phase"] == "sell" and any(isinstance(a, SellSet) for a in legal):
            assert isinstance(action, SellSet)
            sold += 1
    assert sold > 0


def test_hoarder_sells_only_at_a_peak_or_at_the_end() -> None:
    agents = [Recorder(Hoarder()), QuickSeller(), QuickSeller()]
    sales = 0
    for seed in range(6):
        play_match("mars_needs_mechanics", agents, seed=seed)
    for obs, _legal, action in agents[0].seen:
        if isinstance(action, SellSet):
            sales += 1
            assert obs["values"][action.component] >= 7 or obs["deck_size"] == 0
        if isinstance(action, Buy):
            assert obs["prices"][action.component] <= 5
    assert sales > 0


def test_mechanic_builds_mechanisms() -> None:
    agents = [Recorder(Mechanic()), Recorder(QuickSeller())]
    for seed in range(6):
        play_match("mars_needs_mechanics", agents, seed=seed, rules=ALL_RULES)
    assert any(isinstance(action, Build) for _, _, action in agents[0].seen)
    assert not any(isinstance(action, Build) for _, _, action in agents[1].seen)
