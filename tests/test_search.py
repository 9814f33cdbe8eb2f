"""The search bot (``playbook.search``): an agent like any other that searches from the seat's observation only.

Every test runs over the game registry (``playbook.games.available()``), so a newly registered game with a
determinizer is covered without a hand-kept list. Budgets are tiny: these tests check the plumbing (the seat's
information only, reproducible, refusals, whole games); ``tests/search/test_strength.py`` checks strength.
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

import pytest
from search.positions import positions

import playbook
from playbook.core import Agent, PlaybookError, RandomAgent
from playbook.games import available, load
from playbook.search import SEARCH_AGENTS, SearchAgent, search_agent, value_of

GAMES = available()
#: The cheapest budget that still searches (two worlds, two-step rollouts): plumbing, not strength.
TINY: dict[str, Any] = {"iterations": 2, "rollout_depth": 2}


def test_every_registered_game_has_a_search_bot() -> None:
    assert sorted(SEARCH_AGENTS) == sorted(GAMES)
    for game in GAMES:
        agent = SEARCH_AGENTS[game](**TINY)
        assert isinstance(agent, SearchAgent)
        assert isinstance(agent, Agent)
        assert agent.metadata()["name"] == "search"
        assert agent.metadata()["description"]


@pytest.mark.parametrize("game", GAMES)
def test_the_search_bot_is_not_one_of_the_games_strategies(game: str) -> None:
    """The lessons' tournaments and a benchmark iterate ``agents.STRATEGIES``: the search bot stays out of it."""
    strategies = importlib.import_module(f"playbook.games.{game}.agents").STRATEGIES
    assert SearchAgent not in strategies
    assert all(not issubclass(cls, SearchAgent) for cls in strategies)


@pytest.mark.parametrize("game", GAMES)
def test_it_plays_a_full_game_of_every_registered_game(game: str) -> None:
    """Through ``play_match`` with the default decision time limit, against the random agent."""
    result = playbook.play_match(game, [search_agent(game, **TINY), RandomAgent()], seed=3)
    assert result.error is None
    assert result.final_state.is_terminal


@pytest.mark.parametrize("game", GAMES)
def test_it_decides_from_the_observation_json_and_rebuilt_actions_alone(game: str) -> None:
    """What a sandboxed agent gets: the observation as JSON and actions rebuilt from their dicts, no state. The
    choice is one of the offered actions, and the same as from the live observation (it reads nothing else)."""
    module = load(game)
    for state in _decisions(game, 3):
        seat = state.current_player
        observation = json.loads(json.dumps(state.observation(seat)))
        rebuilt = [module.action_from_dict(json.loads(json.dumps(a.to_dict()))) for a in state.legal_actions()]
        chosen = search_agent(game, **TINY).choose(observation, rebuilt, random.Random(5))
        assert chosen in rebuilt
        live = search_agent(game, **TINY).choose(state.observation(seat), state.legal_actions(), random.Random(5))
        assert live == chosen


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_gives_the_same_choices(game: str) -> None:
    """Same agent seed and same harness RNG: same action at every position; a whole seeded match repeats."""
    for state in _decisions(game, 4):
        seat, legal = state.current_player, state.legal_actions()
        first = search_agent(game, iterations=6, seed=1).choose(state.observation(seat), legal, random.Random(2))
        again = search_agent(game, iterations=6, seed=1).choose(state.observation(seat), legal, random.Random(2))
        assert first == again
    if game != "planet_unknown":  # a whole Planet Unknown game is the slow full-game test above already
        results = [playbook.play_match(game, [search_agent(game, **TINY), RandomAgent()], seed=9) for _ in range(2)]
        assert results[0].scores == results[1].scores
        assert results[0].steps == results[1].steps


def test_a_seconds_budget_stops_the_search() -> None:
    state = next(_decisions("offal_game", 1))
    agent = search_agent("offal_game", iterations=None, seconds=0.05)
    agent.choose(state.observation(state.current_player), state.legal_actions(), random.Random(0))
    assert agent.last_iterations >= 1
    assert agent.label() == "search (0.05 s)"


@pytest.mark.parametrize(
    ("settings", "named"),
    [
        ({"iterations": 0}, "iterations"),
        ({"iterations": True}, "iterations"),
        ({"iterations": 2.5}, "iterations"),
        ({"iterations": None, "seconds": 0}, "seconds"),
        ({"iterations": None, "seconds": -1.0}, "seconds"),
        ({"iterations": None, "seconds": "1"}, "seconds"),
        ({"iterations": None, "seconds": None}, "iterations and seconds"),
        ({"rollout_depth": 0}, "rollout_depth"),
        ({"exploration": -0.5}, "exploration"),
        ({"score_scale": 0}, "score_scale"),
        ({"seed": "one"}, "seed"),
        ({"extra_candidates": -1}, "extra_candidates"),
        ({"proposers": [object()]}, "proposers"),
        ({"anchor": object()}, "anchor"),
        ({"anchor_margin": 1.5}, "anchor_margin"),
        ({"anchor_margin": -0.1}, "anchor_margin"),
        ({"margin_at_end": 1}, "margin_at_end"),
    ],
)
def test_bad_settings_are_refused_naming_the_argument(settings: dict[str, Any], named: str) -> None:
    with pytest.raises(PlaybookError, match=named):
        search_agent("mars_needs_mechanics", **settings)


def test_an_unknown_game_is_refused_naming_it() -> None:
    with pytest.raises(PlaybookError, match="chess"):
        search_agent("chess")


def test_a_lone_legal_action_is_played_without_searching() -> None:
    state = next(_decisions("mars_needs_mechanics", 1))
    only = state.legal_actions()[:1]
    agent = search_agent("mars_needs_mechanics", iterations=50)
    assert agent.choose(state.observation(state.current_player), only, random.Random(0)) is only[0]
    assert agent.last_iterations == 0


@pytest.mark.parametrize("game", GAMES)
def test_an_anchored_search_keeps_the_anchor_unless_another_move_is_clearly_better(game: str) -> None:
    """With the widest margin (1, more than any two values in [0, 1] differ) the anchor's choice is always
    played, even a poor one (the last legal action); with no margin the search may overrule it."""
    for state in _decisions(game, 3):
        seat, legal = state.current_player, state.legal_actions()
        observation = state.observation(seat)
        kept = search_agent(game, **TINY, anchor=_LastAction(), anchor_margin=1.0)
        assert kept.choose(observation, legal, random.Random(7)) == legal[-1]
        free = search_agent(game, **TINY, anchor=_LastAction(), anchor_margin=0.0)
        assert free.choose(observation, legal, random.Random(7)) in legal


def test_a_finished_game_is_valued_by_its_winner_or_by_its_margin() -> None:
    """By default a finished rollout is worth 1 to its sole winner and 0 to the other; with ``margin_at_end`` the
    winner still values it above a half and the loser below, by more the wider the margin."""
    final = playbook.play_match("offal_game", [RandomAgent(), RandomAgent()], seed=4).final_state
    (winner,) = final.winners()
    loser = 1 - winner
    assert value_of(final, 6.0) == tuple(1.0 if seat == winner else 0.0 for seat in range(2))
    narrow = value_of(final, 1000.0, margin_at_end=True)
    wide = value_of(final, 1.0, margin_at_end=True)
    assert 0.5 < narrow[winner] < wide[winner] <= 1.0
    assert 0.0 <= wide[loser] < narrow[loser] < 0.5


class _LastAction(Agent):
    """An anchor that always plays the last legal action: easy to recognise in the search's choice."""

    name = "last action"

    def choose(self, observation: Any, legal_actions: Any, rng: random.Random) -> Any:
        return legal_actions[-1]


def _decisions(game: str, count: int) -> Any:
    """``count`` positions where a seat has at least two actions to choose from."""
    found = 0
    for state in positions(game, 5, every=0.2):
        if len(state.legal_actions()) >= 2:
            yield state
            found += 1
            if found == count:
                return
