"""Agents usable in every game; each game's own strategies live in ``playbook.games.<game>.agents``."""

from .core.agents import Agent, AgentLike, PhaseAgent, RandomAgent
from .core.strategy import FunctionAgent, Knob, ParametricAgent, strategy

__all__ = ["Agent", "AgentLike", "FunctionAgent", "Knob", "ParametricAgent", "PhaseAgent", "RandomAgent", "strategy"]
