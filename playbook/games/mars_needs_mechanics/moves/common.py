"""What the moves share: a tuple with one entry replaced, and the check that an action is well formed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..actions import BreakDown, Build, Buy, Claw, SellSet
from ..components import NUM_TYPES

if TYPE_CHECKING:
    from ..state import State


def replaced(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced: how a seat's entry changes."""
    return (*values[:index], value, *values[index + 1 :])


def _whole(value: object) -> bool:
    return type(value) is int


def malformed(state: State, action: object) -> str | None:
    """Why ``action`` names no component, mechanism or count of this game (``None`` if well formed).

    The text says "malformed", so the core refuses it as an ``InvalidActionError``, not an illegal move.
    """
    if isinstance(action, Buy | Claw | SellSet):
        if not _whole(action.component) or not 0 <= action.component < NUM_TYPES:
            return f"{action!r} is malformed: there is no component {action.component!r} (ids are 0-{NUM_TYPES - 1})"
        if isinstance(action, Buy) and type(action.hold_token) is not bool:
            return f"{action!r} is malformed: hold_token must be true or false"
        if isinstance(action, SellSet) and not (
            _whole(action.cards) and _whole(action.scrap) and action.cards >= 0 and action.scrap >= 0
        ):
            return f"{action!r} is malformed: card and Scrap counts must be whole numbers, not negative"
    if isinstance(action, Build | BreakDown) and (
        not isinstance(action.mechanism, str) or action.mechanism not in state.rules.by_key
    ):
        return f"{action!r} is malformed: there is no mechanism {action.mechanism!r} in these rules"
    return None
