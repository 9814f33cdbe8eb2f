"""JSON in and out of states and actions, derived from their type annotations, with every value checked.

A saved game is data from outside: a teacher's file, a student's edit, a browser. ``from_json_value`` walks
the annotation of each field and refuses anything that does not fit, naming the field
(``State.hands[2][1]: must be int, not str``), so nothing fails later with ``KeyError``, ``TypeError`` or
``IndexError`` deep in an engine. A bool or a float is never accepted as an int.

Supported annotations: ``int``, ``bool``, ``str``, ``float``, ``None`` and unions of them, ``IntEnum`` and
``StrEnum`` subclasses, ``tuple[X, ...]``, ``tuple[X, Y]``, ``frozenset[X]``, nested ``NamedTuple`` and
dataclasses, and any class with ``to_dict()`` and a ``from_dict(data)`` classmethod (a game's ``Rules``).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Mapping
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from .errors import InvalidStateError, PlaybookError
from .protocol import Json

T = TypeVar("T")

#: The largest integer a saved game may hold: far above any real count, far below a memory-sized number.
MAX_INT = 2**63 - 1
#: The longest sequence a saved game may hold.
MAX_LENGTH = 100_000


def field_types(cls: Any) -> tuple[tuple[str, Any], ...]:
    """``(name, annotation)`` of each field of a NamedTuple or dataclass, in order (computed once a class)."""
    return _field_types(cls)


@functools.cache
def _field_types(cls: Any) -> tuple[tuple[str, Any], ...]:
    hints = get_type_hints(cls)
    record: Any = cls
    names = [f.name for f in dataclasses.fields(record)] if dataclasses.is_dataclass(record) else list(record._fields)
    return tuple((name, hints[name]) for name in names)


def _is_record(tp: Any) -> bool:
    return isinstance(tp, type) and (dataclasses.is_dataclass(tp) or hasattr(tp, "_fields"))


def _has_codec(tp: Any) -> bool:
    return isinstance(tp, type) and callable(getattr(tp, "from_dict", None)) and hasattr(tp, "to_dict")


def to_json_value(value: Any) -> Json:
    """A JSON-able copy of ``value``: records become dicts, tuples and sets lists, enums their value."""
    if value is None or isinstance(value, bool | str | float):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return record_to_dict(value)
    if isinstance(value, tuple | list):
        return [to_json_value(item) for item in value]
    if isinstance(value, frozenset | set):
        return sorted((to_json_value(item) for item in value), key=repr)
    if hasattr(value, "to_dict"):
        data: Json = value.to_dict()
        return data
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return record_to_dict(value)
    if isinstance(value, Mapping):
        return {str(key): to_json_value(item) for key, item in value.items()}
    raise TypeError(f"cannot turn {type(value).__name__} into JSON")


def record_to_dict(record: Any) -> dict[str, Json]:
    return {name: to_json_value(getattr(record, name)) for name, _ in field_types(type(record))}


def state_to_dict(state: Any) -> dict[str, Json]:
    """Every field of a state as JSON-able data (the ``Rules`` through its own ``to_dict``)."""
    return record_to_dict(state)


def state_from_dict(cls: type[T], data: object) -> T:
    """A ``cls`` built from ``data``, each field checked against its annotation; ``InvalidStateError``."""
    return record_from_dict(cls, data, cls.__name__)


def record_from_dict(cls: type[T], data: object, where: str) -> T:
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"{where}: must be an object (a dict), not {type(data).__name__}")
    fields = field_types(cls)
    names = {name for name, _ in fields}
    unknown = sorted(str(key) for key in data if key not in names)
    if unknown:
        raise InvalidStateError(f"{where}: unknown field {unknown[0]!r}")
    values = []
    for name, annotation in fields:
        if name not in data:
            raise InvalidStateError(f"{where}.{name}: missing")
        values.append(from_json_value(annotation, data[name], f"{where}.{name}"))
    if hasattr(cls, "_fields") and issubclass(cls, tuple):
        record: T = tuple.__new__(cls, values)
        return record
    try:
        return cls(*values)
    except PlaybookError as exc:
        raise InvalidStateError(f"{where}: {exc}") from exc


def _fail(where: str, expected: str, value: object) -> InvalidStateError:
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return InvalidStateError(f"{where}: must be {expected}, not {type(value).__name__} {shown}")


def from_json_value(annotation: Any, value: object, where: str) -> Any:
    """``value`` checked against ``annotation`` and converted (lists to tuples, ints to enums)."""
    if annotation is Any:
        return value
    scalar = _SCALARS.get(annotation)
    if scalar is not None:
        return scalar(value, where)
    origin = get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return _union(annotation, value, where)
    if origin is typing.Literal:
        if value not in get_args(annotation):
            raise _fail(where, f"one of {get_args(annotation)}", value)
        return value
    if origin in (tuple, frozenset):
        return _sequence(annotation, origin, value, where)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return _enum(annotation, value, where)
    if _has_codec(annotation):
        return _codec(annotation, value, where)
    if _is_record(annotation):
        return record_from_dict(annotation, value, where)
    raise InvalidStateError(f"{where}: cannot read a {annotation!r} (unsupported annotation)")


def _none(value: object, where: str) -> None:
    if value is not None:
        raise _fail(where, "null", value)


def _bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(where, "true or false", value)
    return value


def _int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, "an int", value)
    if not -MAX_INT <= value <= MAX_INT:
        raise _fail(where, f"an int within +-{MAX_INT}", value)
    return value


def _float(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise _fail(where, "a number", value)
    return float(value)


def _str(value: object, where: str) -> str:
    if not isinstance(value, str):
        raise _fail(where, "a string", value)
    return value


_SCALARS: dict[Any, Any] = {None: _none, type(None): _none, bool: _bool, int: _int, float: _float, str: _str}


def _union(annotation: Any, value: object, where: str) -> Any:
    options = get_args(annotation)
    if value is None and type(None) in options:
        return None
    errors = []
    for option in options:
        if option is type(None):
            continue
        try:
            return from_json_value(option, value, where)
        except InvalidStateError as exc:
            errors.append(str(exc))
    raise InvalidStateError(errors[0] if len(errors) == 1 else f"{where}: fits none of {annotation}")


def _enum(annotation: type[enum.Enum], value: object, where: str) -> Any:
    try:
        return annotation(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in annotation)
        raise _fail(where, f"one of {choices}", value) from None


def _codec(annotation: Any, value: object, where: str) -> Any:
    if not isinstance(value, Mapping):
        raise _fail(where, "an object", value)
    try:
        return annotation.from_dict(value)
    except PlaybookError as exc:
        raise InvalidStateError(f"{where}: {exc}") from exc


def _sequence(annotation: Any, origin: Any, value: object, where: str) -> Any:
    if not isinstance(value, list | tuple):
        raise _fail(where, "a list", value)
    if len(value) > MAX_LENGTH:
        raise InvalidStateError(f"{where}: longer than {MAX_LENGTH} items")
    args = get_args(annotation)
    if origin is frozenset:
        return frozenset(from_json_value(args[0], item, f"{where}[{i}]") for i, item in enumerate(value))
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_json_value(args[0], item, f"{where}[{i}]") for i, item in enumerate(value))
    if len(value) != len(args):
        raise InvalidStateError(f"{where}: must have {len(args)} items, not {len(value)}")
    return tuple(
        from_json_value(arg, item, f"{where}[{i}]") for i, (arg, item) in enumerate(zip(args, value, strict=True))
    )
