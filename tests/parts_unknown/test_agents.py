"""The strategies: metadata, observation only, and whole games."""

from __future__ import annotations

import pytest

from playbook.core import Agent, RandomAgent, play_match, tournament
from playbook.games import parts_unknown as pu
from playbook.games.parts_unknown import agents


def test_strategies_metadata() -> None:
    assert len(agents.STRATEGIES) >= 5
    assert agents.RandomAgent is RandomAgent
    names = set()
    for cls in agents.STRATEGIES:
        assert issubclass(cls, Agent)
        meta = cls.metadata()
        assert meta["name"] and meta["description"].endswith(".") and meta["looks_at"]
        assert isinstance(cls.stochastic, bool)
        names.add(cls.name)
    assert len(names) == len(agents.STRATEGIES)


@pytest.mark.parametrize("cls", agents.STRATEGIES)
def test_strategy_plays_whole_games(cls: type[Agent]) -> None:
    for players in (2, 6):
        lineup = [cls()] + [RandomAgent() for _ in range(players - 1)]
        result = play_match(pu, lineup, seed=players, max_steps=50_000)
        assert result.final_state.is_terminal


def test_agents_see_only_the_observation() -> None:
    """Agents get ``observation(seat)`` and the legal actions; they never touch the state."""

    class Spy(agents.Undercutter):
        def choose(self, observation, legal_actions, rng):  # type: ignore[no-untyped-def]
            assert isinstance(observation, dict) and "deck" not in observation
            return super().choose(observation, legal_actions, rng)

    assert play_match(pu, [Spy(), agents.TopShelf()], seed=3).final_state.is_terminal


def test_tournament_runs() -> None:
    frame = tournament("parts_unknown", [cls() for cls in agents.STRATEGIES], games=5, seed=1, players=4)
    assert len(frame) == 20 and frame["rounds"].min() > 0
