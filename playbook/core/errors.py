"""Error classes shared by every game.

Each is a ``ValueError`` so that code which only knows "bad input" can still catch it, while views and
tests can tell the kinds apart: an action the rules forbid now, an action that is malformed or belongs to
another game, and a data file that breaks the rulebook's constraints.

A message quotes the input it refuses through ``shown(value)`` (or ``clipped(text)`` for a text built from
one): inputs come from outside, and a 50 MB game name must not make a 50 MB message.
"""

from __future__ import annotations

import reprlib


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


class StrategyError(PlaybookError):
    """An agent failed to decide: it raised, answered too late, or returned something that is not a legal action.

    The message names the strategy (and, from a harness, the seat) so a teacher can tell whose code it was.
    """


class StrategyTimeoutError(StrategyError):
    """A strategy gave no answer within its time limit (it was stopped; an isolated one starts afresh)."""


#: How deep ``shown`` looks into nested lists, tuples and dicts, and how many items of each it quotes.
_SHORT_REPR = reprlib.Repr()
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxstring = _SHORT_REPR.maxother = 60


def clipped(text: str, limit: int = 300) -> str:
    """``text`` cut to about ``limit`` characters, saying how long it was.

    For messages built from game texts (a rule's why-not, an action's ``str``) that may quote an input.
    """
    if len(text) <= limit:
        return text
    return f"{text[: max(limit - 3, 1)]}... ({len(text):,} characters)"


def shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` cut to about ``limit`` characters, saying how long it was.

    Error messages quote the input they refuse, and the input comes from outside: a 50 MB string must not
    make a 50 MB message, a list nested 100,000 deep must not raise ``RecursionError`` while the error that
    names it is being built, and a value whose ``repr`` itself fails must not hide the error being reported.
    """
    if isinstance(value, str | bytes) and len(value) > limit:  # cut before quoting: no 50 MB repr is built
        return f"{repr(value[:limit])[: max(limit - 3, 1)]}... ({len(value):,} characters)"
    if isinstance(value, int) and value.bit_length() > 256:  # Python refuses to print an int over 4,300 digits
        return f"<an int of about {value.bit_length() * 30103 // 100000 + 1:,} digits>"
    try:
        if isinstance(value, list | tuple | dict | set | frozenset):
            text = clipped(_SHORT_REPR.repr(value), limit)  # a few items of a few levels, however long or deep
            return text if len(value) <= _SHORT_REPR.maxlist else f"{text} ({len(value):,} items)"
        return clipped(repr(value), limit)
    except Exception:  # a record nested too deep (RecursionError), a __repr__ that raises: say what it is
        return f"<{type(value).__name__} that cannot be shown>"
