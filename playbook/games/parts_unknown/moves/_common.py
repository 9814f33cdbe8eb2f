"""What several moves share: reading a card name or a price off an action, and the seat's money."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..state import State


def card_index(state: State, name: object) -> int | None:
    """The card type named ``name``, or None when no card is called that."""
    return state.rules.tables.index.get(name) if isinstance(name, str) else None


def step_of(state: State, card: int, price: object) -> int | None:
    """The step of ``card``'s price column printed ``price``, or None when the column has no such price."""
    if isinstance(price, bool) or not isinstance(price, int):
        return None
    return state.rules.tables.step_of[card].get(price)


def column(state: State, card: int) -> str:
    return ", ".join(f"${p}" for p in state.rules.tables.prices[card])


def whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def no_card(name: object) -> str:
    return f"there is no card called {name!r} in Parts Unknown"
