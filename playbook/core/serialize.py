"""JSON in and out of states and actions, derived from their type annotations, with every value checked.

A saved game is data from outside: a teacher's file, a student's edit, a browser. ``from_json_value`` walks
the annotation of each field and refuses anything that does not fit, naming the field
(``State.hands[2][1]: must be int, not str``), so nothing fails later with ``KeyError``, ``TypeError`` or
``IndexError`` deep in an engine. A bool or a float is never accepted as an int.

Supported annotations: ``int``, ``bool``, ``str``, ``float``, ``None`` and unions of them, ``IntEnum`` and
``StrEnum`` subclasses, ``tuple[X, ...]``, ``tuple[X, Y]``, ``frozenset[X]``, nested ``NamedTuple`` and
dataclasses, and any class with ``to_dict()`` and a ``from_dict(data)`` classmethod (a game's ``Rules``).

``record_misfit`` makes the same check on a record already in memory (an action an agent built): a
``Draw(count=1.0)`` or ``Buy(component=True)`` equals a legal action, and only its types tell it apart.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar, get_args, get_origin, get_type_hints

from .errors import InvalidStateError, PlaybookError, shown

T = TypeVar("T")

Json = Any  # a JSON-able value: dict, list, str, int, float, bool or None (protocol re-exports it)

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
    """A ``cls`` built from ``data`` (a saved state, an action's JSON), or ``InvalidStateError`` naming the field.

    The walk follows the annotations, so it goes only as deep as they do; a key or value nested thousands
    deep (whose hash or ``repr`` recurses) is still refused as bad data, never a ``RecursionError``.
    """
    try:
        return _record(cls, data, where)
    except RecursionError:
        raise InvalidStateError(f"{where}: nested too deeply to read") from None


def _record(cls: type[T], data: object, where: str) -> T:
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"{where}: must be an object (a dict), not {type(data).__name__}")
    fields = field_types(cls)
    names = {name for name, _ in fields}
    unknown = sorted(str(key) for key in data if key not in names)
    if unknown:
        raise InvalidStateError(f"{where}: unknown field {shown(unknown[0])}")
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
    return InvalidStateError(f"{where}: must be {expected}, not {type(value).__name__} {shown(value, 60)}")


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
        return _record(annotation, value, where)
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
    member = _enum_member(annotation, value)
    if member is None:
        raise _fail(where, _enum_choices(annotation), value)
    return member


def _enum_member(annotation: type[enum.Enum], value: object) -> enum.Enum | None:
    """The member ``value`` stands for, or ``None``. Python reads ``Cube(True)`` and ``Cube(1.0)`` as
    ``Cube(1)``; here, as for a plain int, a bool or a float is never an ``IntEnum``."""
    if isinstance(value, annotation):
        return value
    if issubclass(annotation, int) and (isinstance(value, bool) or not isinstance(value, int)):
        return None
    if issubclass(annotation, str) and not isinstance(value, str):
        return None
    try:
        return annotation(value)
    except (ValueError, TypeError):
        return None


def _enum_choices(annotation: type[enum.Enum]) -> str:
    return "one of " + ", ".join(repr(member.value) for member in annotation)


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


# -- the same rules for a record already in memory ---------------------------------------------------------
#: Where a value does not fit: the path below the field (``"[2]"``), what it must be, and the value.
Misfit = tuple[str, str, object]


def record_misfit(record: object) -> str | None:
    """The first field of ``record`` whose value its annotation does not allow, in words; ``None`` when all fit.

    Why: equality cannot tell ``Draw(count=1.0)`` or ``Buy(component=True)`` from the legal ``Draw(1)`` and
    ``Buy(1)`` (``1.0 == True == 1``, same hash), so such a twin would be played, saved, and its save then
    refused when loaded. The rules are ``from_json_value``'s, so whatever passes here reloads: a bool or a
    float is never an int, an ``IntEnum`` field takes its members or their ints, a tuple field takes a
    tuple (a list would also make the record unhashable).
    """
    misfit = _fields_misfit(record)
    if misfit is None:
        return None
    where, expected, value = misfit
    return f"{type(record).__name__}{where}: must be {expected}, not {type(value).__name__} {shown(value, 60)}"


def _fields_misfit(record: object) -> Misfit | None:
    if not _is_record(type(record)):
        return None
    for name, annotation in field_types(type(record)):
        misfit = value_misfit(annotation, getattr(record, name))
        if misfit is not None:
            return f".{name}{misfit[0]}", misfit[1], misfit[2]
    return None


def value_misfit(annotation: Any, value: object) -> Misfit | None:
    """``None`` when the in-memory ``value`` fits ``annotation`` by ``from_json_value``'s rules; else where, what."""
    scalar = _SCALAR_MISFITS.get(annotation)
    if scalar is not None:
        return scalar(value)
    if annotation is Any:
        return None
    origin = get_origin(annotation)
    if origin is not None:
        return _generic_misfit(annotation, origin, value)
    if isinstance(annotation, type) and issubclass(annotation, enum.Enum):
        return None if _enum_member(annotation, value) is not None else ("", _enum_choices(annotation), value)
    if isinstance(annotation, type) and not isinstance(value, annotation):
        return "", f"a {annotation.__name__}", value
    if _is_record(annotation) and not _has_codec(annotation):
        return _fields_misfit(value)
    return None  # a ``Rules`` (checked when it was read) or what the loader cannot read either


def _generic_misfit(annotation: Any, origin: Any, value: object) -> Misfit | None:
    """Unions, ``Literal``, ``tuple[...]`` and ``frozenset[...]``."""
    args = get_args(annotation)
    if origin in (typing.Union, types.UnionType):
        return None if any(value_misfit(option, value) is None for option in args) else ("", f"a {annotation}", value)
    if origin is typing.Literal:
        fits = any(value == choice and type(value) is type(choice) for choice in args)
        return None if fits else ("", f"one of {args}", value)
    if origin is tuple:
        return _tuple_misfit(args, value)
    if origin is frozenset:
        return _items_misfit(args[0], value) if isinstance(value, frozenset) else ("", "a frozenset", value)
    return None


def _tuple_misfit(args: tuple[Any, ...], value: object) -> Misfit | None:
    if not isinstance(value, tuple):
        return "", "a tuple", value
    if len(value) > MAX_LENGTH:
        return "", f"a tuple of at most {MAX_LENGTH} items", value
    if len(args) == 2 and args[1] is Ellipsis:
        return _items_misfit(args[0], value)
    if len(value) != len(args):
        return "", f"a tuple of {len(args)} items", value
    for index, (arg, item) in enumerate(zip(args, value, strict=True)):
        misfit = value_misfit(arg, item)
        if misfit is not None:
            return f"[{index}]{misfit[0]}", misfit[1], misfit[2]
    return None


def _items_misfit(annotation: Any, items: tuple[object, ...] | frozenset[object]) -> Misfit | None:
    for index, item in enumerate(items):
        misfit = value_misfit(annotation, item)
        if misfit is not None:
            return f"[{index}]{misfit[0]}", misfit[1], misfit[2]
    return None


def _int_misfit(value: object) -> Misfit | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return "", "an int", value
    if not -MAX_INT <= value <= MAX_INT:
        return "", f"an int within +-{MAX_INT}", value
    return None


def _bool_misfit(value: object) -> Misfit | None:
    return None if isinstance(value, bool) else ("", "true or false", value)


def _float_misfit(value: object) -> Misfit | None:
    return None if isinstance(value, int | float) and not isinstance(value, bool) else ("", "a number", value)


def _str_misfit(value: object) -> Misfit | None:
    return None if isinstance(value, str) else ("", "a string", value)


def _none_misfit(value: object) -> Misfit | None:
    return None if value is None else ("", "null", value)


_SCALAR_MISFITS: dict[Any, Callable[[object], Misfit | None]] = {
    None: _none_misfit,
    type(None): _none_misfit,
    bool: _bool_misfit,
    int: _int_misfit,
    float: _float_misfit,
    str: _str_misfit,
}
