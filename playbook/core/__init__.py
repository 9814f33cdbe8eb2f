"""The engine protocol, errors, sessions, agents and tournaments shared by every game."""

from .agents import Agent, AgentLike, PhaseAgent, RandomAgent
from .data import DataReader, load_toml
from .engine import EngineState, Move
from .errors import (
    IllegalActionError,
    InvalidActionError,
    InvalidArgumentError,
    InvalidStateError,
    PlaybookError,
    RulesDataError,
)
from .match import EventRecord, Match
from .protocol import CHANCE, Action, ActionCodec, Event, GameInfo, GameState
from .strategy import FunctionAgent, Knob, ParametricAgent, StrategyError, strategy
from .tournament import (
    MatchResult,
    numeric_rules_fields,
    parameter_sweep,
    play_match,
    rules_with,
    sweep,
    tournament,
)

__all__ = [
    "CHANCE",
    "Action",
    "ActionCodec",
    "Agent",
    "AgentLike",
    "DataReader",
    "EngineState",
    "Event",
    "EventRecord",
    "FunctionAgent",
    "GameInfo",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidStateError",
    "Knob",
    "Match",
    "MatchResult",
    "Move",
    "ParametricAgent",
    "PhaseAgent",
    "PlaybookError",
    "RandomAgent",
    "RulesDataError",
    "StrategyError",
    "load_toml",
    "numeric_rules_fields",
    "parameter_sweep",
    "play_match",
    "rules_with",
    "strategy",
    "sweep",
    "tournament",
]
