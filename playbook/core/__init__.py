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
from .tournament import MatchResult, play_match, sweep, tournament

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
    "GameInfo",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidStateError",
    "Match",
    "MatchResult",
    "Move",
    "PhaseAgent",
    "PlaybookError",
    "RandomAgent",
    "RulesDataError",
    "load_toml",
    "play_match",
    "sweep",
    "tournament",
]
