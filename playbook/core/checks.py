"""Range checks that every game's ``State.check_consistent()`` shares.

A saved state is data from outside. ``serialize`` has checked each field's type; these helpers check that
each number lies in the range the game's rules allow, so a count of -1, a deck of 99,000 cards or a round
of 2**62 is refused at load with ``InvalidStateError`` naming the field, instead of crashing later or
making a legal-action list too long to build. Each helper takes the field's full name (``State.scrap[2]``)
and raises on the first value out of range; none changes anything.

They run at load only (``EngineState.from_dict``), never per step.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sized

from .errors import InvalidStateError


def refuse(where: str, problem: str) -> InvalidStateError:
    """The error for the field ``where``: ``State.round: must be between 1 and 60, not 61``."""
    return InvalidStateError(f"{where}: {problem}")


def check_range(where: str, value: int, low: int, high: int) -> None:
    """``low <= value <= high``, or ``InvalidStateError`` naming the field, the range and the value."""
    if not low <= value <= high:
        raise refuse(where, f"must be between {low} and {high}, not {value}")


def check_each(where: str, values: Iterable[int], low: int, high: int) -> None:
    """Every item of a sequence field in ``[low, high]``; the message names the item (``State.cogs[1]``)."""
    for index, value in enumerate(values):
        if not low <= value <= high:
            raise refuse(f"{where}[{index}]", f"must be between {low} and {high}, not {value}")


def check_length(where: str, values: Sized, length: int, what: str = "entries") -> None:
    """A sequence field of exactly ``length`` items (one per seat, one per component type ...)."""
    if len(values) != length:
        raise refuse(where, f"must have {length} {what}, not {len(values)}")


def check_at_most(where: str, count: int, most: int, what: str) -> None:
    """A pile of at most ``most`` items (a deck cannot hold more cards than the game has)."""
    if count > most:
        raise refuse(where, f"holds {count} {what}, more than the {most} the rules allow")


def check_ids(where: str, ids: Iterable[int], known: Collection[int], what: str) -> None:
    """Every id in the field names a card (a tile, a seat ...) the rules hold; ``what`` says which kind."""
    for index, ident in enumerate(ids):
        if ident not in known:
            raise refuse(f"{where}[{index}]", f"{ident} is not {what}")


def check_distinct(where: str, ids: Iterable[int], what: str) -> None:
    """No id twice in the field (a card is in one place at a time)."""
    seen: set[int] = set()
    for index, ident in enumerate(ids):
        if ident in seen:
            raise refuse(f"{where}[{index}]", f"{what} {ident} is in play twice")
        seen.add(ident)


def check_supply(where: str, in_play: int, supply: int, what: str) -> None:
    """Conservation: what is in play adds up to what the game holds (the strongest range check there is)."""
    if in_play != supply:
        raise refuse(where, f"the {what} in play add up to {in_play}, not the {supply} the game has")
