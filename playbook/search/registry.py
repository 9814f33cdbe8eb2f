"""One search-bot factory per registered game, found by convention: ``playbook.games.<game>.determinize``.

Each game's ``determinize`` module gives ``determinize(observation, rules, rng)`` (a full state consistent
with the observation) and ``SEARCH_DEFAULTS`` (the budget and rollout settings tuned for that engine's speed:
see ``docs/search.md``). The registry follows ``playbook.games.available()``, so a newly registered game with a
determinizer gets a search bot without a hand-kept list.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from types import ModuleType
from typing import Any

from playbook.core.errors import InvalidArgumentError, shown
from playbook.games import available

from .agent import SearchAgent


def determinizer(game: str) -> ModuleType:
    """The ``determinize`` module of a registered game (``InvalidArgumentError`` for an unknown game)."""
    if game not in available():
        raise InvalidArgumentError(f"game: no registered game named {shown(game)}; available: {', '.join(available())}")
    return importlib.import_module(f"playbook.games.{game}.determinize")


def search_agent(game: str, *, rules: Any = None, **settings: Any) -> SearchAgent:
    """A ``SearchAgent`` for ``game``: its defaults, overridden by ``settings`` (``iterations``, ``seconds``,
    ``rollout_depth``, ``exploration``, ``score_scale``, ``rollout_policy``, ``evaluation``, ``proposers``,
    ``extra_candidates``, ``anchor``, ``anchor_margin``, ``margin_at_end``, ``seed``)."""
    module = determinizer(game)
    chosen = {**module.SEARCH_DEFAULTS, **settings}
    return SearchAgent(module.determinize, rules=rules, **chosen)


#: ``{game: factory}``: ``SEARCH_AGENTS["parts_unknown"](iterations=100)`` is a search bot for that game.
SEARCH_AGENTS: dict[str, Callable[..., SearchAgent]] = {
    game: functools.partial(search_agent, game) for game in available()
}
