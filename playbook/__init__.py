"""playbook: teach and explore game-economy design in Jupyter.

Four board games as fast, faithful rule engines, bots with distinct strategies, playable ipywidgets
tables and plotly charts built from pandas DataFrames. Start with ``playbook.Match`` or
``playbook.tournament``; ``playbook.games.available()`` names the games (importing the registry loads no
game and no display library).
"""

from . import agents, analysis, games
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

__version__ = "0.1.0"

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
    "games",
    "parameter_sweep",
    "play_match",
    "strategy",
    "sweep",
    "tournament",
]
