"""Strategies: metadata, legal choices from the observation alone, a Match through the registry."""

from __future__ import annotations

import random

import pytest

import playbook
from playbook.core import Agent, RandomAgent, play_match
from playbook.games import available, load
from playbook.games.offal_game import Phase, new_game
from playbook.games.offal_game import agents as offal_agents

from .helpers import random_play


def test_strategies_have_metadata() -> None:
    assert len(offal_agents.STRATEGIES) >= 3
    assert offal_agents.RandomAgent is RandomAgent
    names = set()
    for cls in offal_agents.STRATEGIES:
        assert issubclass(cls, Agent)
        meta = cls.metadata()
        assert meta["name"] and meta["description"].endswith(".") and meta["looks_at"]
        assert isinstance(cls.stochastic, bool)
        names.add(cls.name)
    assert {"quickest", "richest", "clog clearer"} <= names


@pytest.mark.parametrize("cls", offal_agents.STRATEGIES)
def test_strategies_choose_legal_actions_from_the_observation(cls: type[Agent]) -> None:
    agent = cls()
    rng = random.Random(0)
    for players in (1, 2):
        for before, _ in random_play(new_game(players, seed=11), random.Random(4)):
            if before.current_player is None or before.current_player < 0:
                continue
            legal = before.legal_actions()
            assert agent.choose(before.observation(before.current_player), legal, rng) in legal


@pytest.mark.parametrize("cls", offal_agents.STRATEGIES)
def test_strategies_finish_games(cls: type[Agent]) -> None:
    for players in (1, 2):
        result = play_match("offal_game", [cls() for _ in range(players)], seed=3)
        assert result.final_state.is_terminal


def test_strategies_beat_random_in_two_player_games() -> None:
    quick = rand = 0.0
    for seed in range(30):
        lineup = [offal_agents.QuickestOrder(), RandomAgent()]
        if seed % 2:
            lineup.reverse()
        scores = play_match("offal_game", lineup, seed=seed).scores
        quick += scores[seed % 2]
        rand += scores[1 - seed % 2]
    assert quick > rand


def test_match_through_the_registry() -> None:
    assert "offal_game" in available()
    assert load("offal_game").INFO.name == "offal_game"
    match = playbook.Match(
        "offal_game", players=2, seed=8, agents={0: offal_agents.ClogClearer(), 1: offal_agents.RichestOrder()}
    )
    match.advance()
    assert match.is_over
    frame = match.events_frame()
    assert {"step", "round", "seat", "kind", "text"} <= set(frame.columns)
    assert (frame["kind"] == "game_ended").sum() == 1
    again = playbook.Match.from_json(match.to_json())
    assert again.state == match.state


def test_match_with_a_person_and_undo() -> None:
    match = playbook.Match("offal_game", players=1, seed=2)
    assert match.waiting_for() == 0
    match.play(match.legal_actions()[0])  # Roll
    match.advance()  # chance steps
    assert match.waiting_for() == 0 and match.state.phase in (Phase.RESERVE, Phase.ORDERS)
    match.undo()
    assert match.state == new_game(1, seed=2)
