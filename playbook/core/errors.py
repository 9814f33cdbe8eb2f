"""Error classes shared by every game.

Each is a ``ValueError`` so that code which only knows "bad input" can still catch it, while views and
tests can tell the kinds apart: an action the rules forbid now, an action that is malformed or belongs to
another game, and a data file that breaks the rulebook's constraints.
"""

from __future__ import annotations


class PlaybookError(ValueError):
    """Base class of every error playbook raises on purpose."""


class InvalidActionError(PlaybookError):
    """The action is not a move of this game at all (wrong type, malformed, another game's action)."""


class IllegalActionError(PlaybookError):
    """The action is a move of this game, but a rule forbids it in this state.

    The message names the action, the seat and the rule broken, so a view can show it as it is.
    """


class RulesDataError(PlaybookError):
    """A component data file or a ``Rules`` variant breaks a constraint; the message names file and key."""


class InvalidStateError(PlaybookError):
    """A saved state or match (``State.from_dict``, ``Match.from_json``) is malformed; the message names the field."""


class InvalidArgumentError(PlaybookError):
    """An argument is of the wrong type or out of range (players, seed, seat, rules); the message names it."""
