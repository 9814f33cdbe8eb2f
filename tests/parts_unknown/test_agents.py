"""The strategies: metadata, observation only, and whole games."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from playbook.core import CHANCE, Action, Agent, RandomAgent, play_match, tournament
from playbook.core.match import sample_chance
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


Decision = tuple[Agent, Mapping[str, Any], tuple[Action, ...], Action]


def bot_decisions(players: int, seed: int) -> list[Decision]:
    """Every (agent, observation, legal actions, choice) of a seeded game of all the strategies and the knobbed one."""
    lineup: list[Agent] = [*(cls() for cls in agents.STRATEGIES), agents.PARAMETRIC(markup=1, reprice_gap=1)]
    seats = [lineup[(seed + k) % len(lineup)] for k in range(players)]
    state = pu.new_game(players, seed=seed)
    rng = random.Random(seed)
    seen: list[Decision] = []
    while not state.is_terminal:
        seat = state.current_player
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            assert seat is not None
            observation, legal = state.observation(seat), state.legal_actions()
            action = seats[seat].choose(observation, legal, rng)
            seen.append((seats[seat], observation, legal, action))
        state = state.apply(action)[0]
    return seen


@pytest.mark.parametrize("players", [2, 4])
def test_bots_return_the_listed_action(players: int) -> None:
    """A bot answers with the very object ``legal_actions()`` lists: the engine then checks legality by identity,
    its cheap test (an equal copy costs it a set of every legal action)."""
    for agent, _, legal, action in bot_decisions(players, seed=players):
        assert any(listed is action for listed in legal), (agent.name, action)


def test_bots_choose_the_same_from_json_copies() -> None:
    """An isolated bot gets the observation and the legal actions as JSON, rebuilt: equal, never the same
    objects. It chooses what it chooses in process (its shortcuts never lean on identity)."""
    for agent, observation, legal, action in bot_decisions(4, seed=7)[::3]:
        copied = json.loads(json.dumps(observation))
        rebuilt = [pu.action_from_dict(a.to_dict()) for a in legal]
        choice = agent.choose(copied, rebuilt, random.Random(0))
        assert choice == action and any(listed is choice for listed in rebuilt), (agent.name, action)


def test_an_observation_changed_in_place_is_read_afresh() -> None:
    """What a decision derives from the observation (the rivals' lowest prices) lives for that decision only: ask
    again about the same dict, changed, and the bot reads the change."""
    undercutter = agents.Undercutter()
    asked = differs = 0
    for agent, observation, legal, _ in bot_decisions(2, seed=5):
        rival = 1 - observation["seat"]
        if agent.name != "undercutter" or observation["phase"] != "stock" or not observation["displays"][rival]:
            continue
        first = undercutter.choose(observation, legal, random.Random(0))
        changed = dict(observation)
        changed["displays"] = [list(shelf) for shelf in observation["displays"]]
        assert undercutter.choose(changed, legal, random.Random(0)) == first
        cards = observation["cards"]  # the rival now shows each of its cards at the bottom of the column
        changed["displays"][rival] = [[name, cards[name]["prices"][-1]] for name, _ in changed["displays"][1 - rival]]
        again = undercutter.choose(changed, legal, random.Random(0))
        assert again == undercutter.choose(json.loads(json.dumps(changed)), legal, random.Random(0))
        assert undercutter.choose(observation, legal, random.Random(0)) == first
        asked += 1
        differs += again != first
    assert asked > 10 and differs > 0
