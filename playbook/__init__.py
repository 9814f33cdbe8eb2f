"""playbook: teach and explore game-economy design in Jupyter.

Four board games as fast, faithful rule engines, bots with distinct strategies, playable ipywidgets
tables and plotly charts built from pandas DataFrames. Start with ``playbook.Match`` or
``playbook.tournament``; ``playbook.games.available()`` names the games (importing the registry loads no
game and no display library).

``playbook.analysis`` (measures) and ``playbook.findings`` (claims with their intervals and verdicts) load
on first use: they bring pandas and scipy, which a strategy's sandbox process or an engine benchmark that
imports ``playbook`` should not pay for. ``playbook.tune(game, parameters, target)``, the designer's tuner
(``playbook.tuning``, docs/tune.md), loads on first use too: it brings Optuna.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from . import agents, games
from .core import (
    CHANCE,
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidStateError,
    Match,
    MatchResult,
    PlaybookError,
    RulesDataError,
    StrategyError,
    parameter_sweep,
    play_match,
    strategy,
    sweep,
    tournament,
)

if TYPE_CHECKING:
    from . import analysis, findings, search, tuning
    from .tuning import tune

__version__ = "0.1.0"

#: Submodules loaded when first named (``playbook.findings``), not when ``playbook`` is imported.
LAZY_MODULES = ("analysis", "findings", "search", "tuning")


def __getattr__(name: str) -> object:
    """Load a lazy submodule (or the tuner, ``tune``) the first time ``playbook.<name>`` is read."""
    if name in LAZY_MODULES:
        return importlib.import_module(f".{name}", __name__)
    if name == "tune":
        return importlib.import_module(".tuning", __name__).tune
    raise AttributeError(f"module 'playbook' has no attribute {name!r}")


__all__ = [
    "CHANCE",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidStateError",
    "Match",
    "MatchResult",
    "PlaybookError",
    "RulesDataError",
    "StrategyError",
    "agents",
    "analysis",
    "findings",
    "games",
    "parameter_sweep",
    "play_match",
    "search",
    "strategy",
    "sweep",
    "tournament",
    "tune",
    "tuning",
]
