"""Tables remembered per component object: found by the object's identity, never by hashing it.

The engine asks for the tables of a seat's planet, corporation and tile shapes (masks, placements, track tables)
many times per step. ``functools.cache`` hashes its key on every call, and a ``Corporation`` is a tuple of five
tracks of ``Space`` records: hashing one costs about 12 µs, more than a whole rover step. The same objects come
back every step (``Rules.seats`` builds them once per ``Rules``), so these caches look the object up by ``id``
first (a dict lookup and an ``is``), and hash it only the first time an object is seen, so equal objects built
apart (a ``Rules`` read back from JSON) still share one table. An entry keeps its key alive, so a live key's id
is never another object's; the identity index is emptied when it grows past ``LIMIT`` (objects made per call).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

__all__ = ["LIMIT", "lazy", "per_object", "per_pair"]

K = TypeVar("K", bound=Hashable)
L = TypeVar("L", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")

#: Entries of an identity index before it is emptied (the tables stay in the value index).
LIMIT = 1024


def per_object(make: Callable[[K], V]) -> Callable[[K], V]:
    """``make(key)`` remembered for the object ``key`` (by identity, then by value)."""
    by_id: dict[int, tuple[Any, V]] = {}
    by_value: dict[K, V] = {}

    @functools.wraps(make)
    def cached(key: K) -> V:
        found = by_id.get(id(key))
        if found is not None and found[0] is key:
            return found[1]
        value = by_value.get(key)
        if value is None:
            value = by_value[key] = make(key)
        if len(by_id) >= LIMIT:
            by_id.clear()
        by_id[id(key)] = (key, value)
        return value

    return cached


def per_pair(make: Callable[[K, L], V]) -> Callable[[K, L], V]:
    """``make(first, second)`` remembered for the two objects (by identity, then by value)."""
    by_id: dict[tuple[int, int], tuple[Any, Any, V]] = {}
    by_value: dict[tuple[K, L], V] = {}

    @functools.wraps(make)
    def cached(first: K, second: L) -> V:
        found = by_id.get((id(first), id(second)))
        if found is not None and found[0] is first and found[1] is second:
            return found[2]
        value = by_value.get((first, second))
        if value is None:
            value = by_value[(first, second)] = make(first, second)
        if len(by_id) >= LIMIT:
            by_id.clear()
        by_id[(id(first), id(second))] = (first, second, value)
        return value

    return cached


class lazy(Generic[T]):
    """``functools.cached_property`` without its lock: Python 3.11's takes an ``RLock`` on every first read, about
    a microsecond, and a bot's decision context (``agents._Context``) reads a dozen such values once each. The
    value is computed at the first read and stored in the instance's ``__dict__``, which later reads find first
    (this is a non-data descriptor), so an object read by one thread at a time needs no lock."""

    def __init__(self, make: Callable[[Any], T]) -> None:
        self.make = make
        self.name = make.__name__
        self.__doc__ = make.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, instance: Any, owner: type | None = None) -> T:
        value = self.make(instance)
        instance.__dict__[self.name] = value
        return value
