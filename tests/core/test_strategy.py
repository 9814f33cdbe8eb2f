"""Hand-written strategies: a function in a cell becomes an agent; knobs are checked; errors name the function."""

from __future__ import annotations

import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor
from typing import Any, ClassVar

import pytest

import playbook
from playbook.core import InvalidArgumentError, Knob, ParametricAgent, RandomAgent, StrategyError

from .toy_game import Phase, Take, new_game


@playbook.strategy(name="take most", description="Takes as many sticks as it may.")
def take_most(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    return legal_actions[-1]


def test_a_decorated_function_is_an_agent_with_its_name_and_description() -> None:
    assert take_most.name == "take most" and take_most.description == "Takes as many sticks as it may."
    state = new_game(2, seed=1)._with(phase=Phase.TAKE, pile=5)
    assert take_most.choose(state.observation(0), state.legal_actions(), random.Random(1)) == Take(3)


def test_a_strategy_that_returns_an_illegal_value_is_named_with_the_value() -> None:
    @playbook.strategy(name="greedy")
    def greedy(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        return "all of them"

    state = new_game(2, seed=1)._with(phase=Phase.TAKE, pile=5)
    with pytest.raises(StrategyError, match=r"strategy 'greedy' \(function .*greedy\) returned 'all of them'"):
        greedy.choose(state.observation(0), state.legal_actions(), random.Random(1))


def test_a_strategy_that_crashes_is_named() -> None:
    @playbook.strategy(name="broken")
    def broken(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        return observation["no such key"]

    with pytest.raises(StrategyError, match=r"strategy 'broken' .* raised KeyError"):
        broken.choose({}, [Take(1)], random.Random(1))


def test_a_strategy_needs_a_name() -> None:
    with pytest.raises(InvalidArgumentError):
        playbook.strategy(name="")


def _play_with(agent: Any) -> float:
    return playbook.play_match("mars_needs_mechanics", [agent, RandomAgent()], seed=5).scores[0]


def test_a_notebook_function_pickles_by_value_for_a_fresh_process() -> None:
    namespace: dict[str, Any] = {"playbook": playbook}
    exec(  # a function whose module no worker can import, as in a notebook cell
        "@playbook.strategy(name='first')\ndef first(observation, legal_actions, rng):\n    return legal_actions[0]\n",
        namespace,
    )
    agent = namespace["first"]
    assert pickle.loads(pickle.dumps(agent)).name == "first"
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=1, mp_context=context) as pool:
        remote = pool.submit(_play_with, agent).result(timeout=120)
    assert remote == _play_with(agent)


def test_a_strategy_enters_a_tournament_like_a_built_in() -> None:
    results = playbook.tournament("mars_needs_mechanics", [take_first, RandomAgent()], games=4, seed=3)
    assert set(results["agent"]) == {"first legal", "random"} and len(results) == 8


@playbook.strategy(name="first legal")
def take_first(observation: Any, legal_actions: Any, rng: random.Random) -> Any:
    return legal_actions[0]


class Threshold(ParametricAgent):
    name = "threshold"
    knobs: ClassVar[dict[str, Knob]] = {
        "sell_at": Knob(1, 10, 7, description="sell when a value reaches this"),
        "share": Knob(0, 1, 0.5, 0.1),
    }

    def choose(self, observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        return legal_actions[0]


def test_knobs_take_defaults_and_refuse_values_out_of_range() -> None:
    agent = Threshold(sell_at=9)
    assert agent.settings == {"sell_at": 9, "share": 0.5}
    assert isinstance(agent.settings["sell_at"], int) and agent.label() == "threshold (sell_at=9, share=0.5)"
    with pytest.raises(InvalidArgumentError, match="sell_at must be a number from 1 to 10"):
        Threshold(sell_at=11)
    with pytest.raises(InvalidArgumentError, match="no knob 'sell'"):
        Threshold(sell=3)
    with pytest.raises(InvalidArgumentError):
        Threshold(sell_at=True)
