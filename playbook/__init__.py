"""playbook: teach and explore game-economy design in Jupyter.

Four board games as fast, faithful rule engines, bots with distinct strategies, playable ipywidgets
tables and plotly charts built from pandas DataFrames. Start with ``playbook.Match`` or
``playbook.tournament``.
"""

from . import agents
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
    play_match,
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
    "agents",
    "play_match",
    "sweep",
    "tournament",
]
