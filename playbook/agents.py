"""Agents usable in every game; each game's own strategies live in ``playbook.games.<game>.agents``."""

from .core.agents import Agent, AgentLike, RandomAgent

__all__ = ["Agent", "AgentLike", "RandomAgent"]
