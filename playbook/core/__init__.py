"""The engine protocol, errors, sessions, agents and tournaments shared by every game."""

from .agents import Agent, AgentLike, RandomAgent
from .data import DataReader, load_toml
from .errors import IllegalActionError, InvalidActionError, PlaybookError, RulesDataError
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
    "Event",
    "EventRecord",
    "GameInfo",
    "GameState",
    "IllegalActionError",
    "InvalidActionError",
    "Match",
    "MatchResult",
    "PlaybookError",
    "RandomAgent",
    "RulesDataError",
    "load_toml",
    "play_match",
    "sweep",
    "tournament",
]
