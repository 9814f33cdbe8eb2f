"""A search bot for every game: information-set Monte Carlo tree search from the seat's observation.

``search_agent(game, iterations=..., seconds=...)`` builds one (``SEARCH_AGENTS[game]`` is the same factory
per game); it plays in tables, ``play_match`` and tournaments like any agent. It is kept out of every game's
``agents.STRATEGIES`` (the lessons' tournaments and a benchmark iterate those). ``docs/search.md`` says how
it works and how strong it is.
"""

from __future__ import annotations

from .agent import SearchAgent, check_budget
from .mcts import AgentRollout, Search, SearchSettings, random_rollout, value_of
from .registry import SEARCH_AGENTS, determinizer, search_agent

__all__ = [
    "SEARCH_AGENTS",
    "AgentRollout",
    "Search",
    "SearchAgent",
    "SearchSettings",
    "check_budget",
    "determinizer",
    "random_rollout",
    "search_agent",
    "value_of",
]
