"""The one engine protocol every game follows.

A game is a module ``playbook.games.<name>`` exposing ``INFO``, ``Rules``, ``State``, ``new_game`` and
``action_from_dict``. ``State`` is immutable: ``apply`` returns a new state and the events it caused, so
undo, replay, tree search and parallel sweeps need no copying discipline. The ``Protocol`` classes below
are what ``Match``, the agents and the tournaments rely on, and what ``mypy`` checks the games against.
"""

from __future__ import annotations

import dataclasses
import re
import types
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Protocol, Self, TypeVar, runtime_checkable

from .errors import InvalidActionError, InvalidStateError, shown
from .serialize import Json as Json
from .serialize import record_from_dict, record_to_dict

#: ``current_player`` at a chance step (a die roll, a blind draw). Seats are 0, 1, 2, ...
CHANCE: int = -1


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, for menus, tournaments and docs."""

    name: str
    title: str
    min_players: int
    max_players: int
    has_chance: bool
    has_hidden_information: bool
    summary: str = ""


_CAMEL = re.compile(r"(?<!^)(?=[A-Z])")


def snake_case(name: str) -> str:
    """``ValueAdjusted`` -> ``value_adjusted``: the ``kind`` column of the events frame."""
    return _CAMEL.sub("_", name).lower()


class Action:
    """Base class of every game's actions: frozen dataclasses with a readable ``str()``.

    Subclasses set ``game`` so that an action from another game is refused as invalid, not silently
    misread. ``to_dict`` gives ``{"type": ClassName, **fields}`` for JSON; tuples become lists.

    An action never changes once built, not even through ``object.__setattr__``: games build their actions
    once and list the very same objects in every state of every game (agents pick by identity, so ``apply``
    checks legality with an identity scan), so one action changed in place would change what every other
    game lists and plays. ``frozen=True`` alone stops only ``action.count = 2``; here each slot of a
    subclass is wrapped so that it can be written once (by ``__init__``, or unpickling) and never again, and
    ``__class__`` cannot be reassigned (``Stock`` into a ``DumpFromShelf`` of the same layout). Measured:
    random games of all four engines run at the same speed (a field read costs ~70 ns more, a build ~1 us).
    """

    __slots__ = ()
    game: ClassVar[str] = ""
    __class__ = property(type)  # read-only: no object.__setattr__(a, "__class__")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Wrap each slot of the new class (``@dataclass(slots=True)`` makes them) so it is written only once."""
        super().__init_subclass__(**kwargs)
        for name, member in list(vars(cls).items()):
            if isinstance(member, types.MemberDescriptorType):
                type.__setattr__(cls, name, _write_once(name, member))

    def to_dict(self) -> dict[str, Json]:
        return {"type": type(self).__name__, **record_to_dict(self)}


def _write_once(name: str, slot: types.MemberDescriptorType) -> property:
    """A field that reads the slot and may be written only while the slot is still empty."""
    read, write = slot.__get__, slot.__set__

    def write_once(action: Action, value: object) -> None:
        try:
            read(action)
        except AttributeError:  # still empty: the dataclass __init__ or unpickling is filling it
            write(action, value)
            return
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}: an action never changes")

    return property(read, write_once, None, f"the action's {name} (written once, when it is built)")


class Event:
    """Base class of every game's events: frozen dataclasses that say what a step changed, in words.

    A frozen dataclass's ``__init__`` writes each field through ``object.__setattr__`` (its way round its own
    frozen ``__setattr__``), which costs about twice a plain assignment: measured 1.4 us for seven fields,
    against 0.65 us for the slots' own setters. Every step of every game builds one or two events, so a
    slotted frozen dataclass subclass gets an ``__init__`` that calls those setters (``_quick_init``): the
    same parameters, defaults and fields; frozen all the same (the class's ``__setattr__`` still refuses).
    """

    __slots__ = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        quick = _quick_init(cls)
        if quick is not None:
            type.__setattr__(cls, "__init__", quick)

    @property
    def kind(self) -> str:
        return snake_case(type(self).__name__)

    def fields(self) -> dict[str, Json]:
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}  # type: ignore[arg-type]


def _quick_init(cls: type) -> Any:
    """An ``__init__`` for ``cls`` writing its fields through the slots' setters, or ``None`` to keep the
    dataclass's own: ``cls`` is not (yet) a slotted frozen dataclass (``@dataclass(slots=True)`` builds the
    class a second time, and that class is the one with fields), or a field needs what only the dataclass's
    code does (a default factory, a keyword-only or non-init field, a ``__post_init__``)."""
    own = vars(cls)
    params = own.get("__dataclass_params__")
    if params is None or not params.frozen or "__slots__" not in own or hasattr(cls, "__post_init__"):
        return None
    fields = dataclasses.fields(cls)
    if any(f.default_factory is not dataclasses.MISSING or f.kw_only or not f.init for f in fields):
        return None
    namespace: dict[str, Any] = {}
    params_text, body = ["self"], []
    for index, f in enumerate(fields):
        slot = next((vars(base)[f.name] for base in cls.__mro__ if f.name in vars(base)), None)
        if not isinstance(slot, types.MemberDescriptorType):
            return None
        namespace[f"_set{index}"] = slot.__set__
        if f.default is dataclasses.MISSING:
            params_text.append(f.name)
        else:
            namespace[f"_default{index}"] = f.default
            params_text.append(f"{f.name}=_default{index}")
        body.append(f"    _set{index}(self, {f.name})")
    source = f"def __init__({', '.join(params_text)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, namespace)  # how dataclasses itself writes __init__: one function with these parameters
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init


def _jsonable(value: Any) -> Json:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(_jsonable(v) for v in value)
    return value


A = TypeVar("A", bound=Action)


class ActionCodec:
    """Turns a game's actions into JSON dicts and back; built from the game's action classes."""

    def __init__(self, game: str, classes: Sequence[type[Action]]) -> None:
        self.game = game
        self._classes = {cls.__name__: cls for cls in classes}

    def from_dict(self, data: object) -> Action:
        """The action ``data`` describes, every field checked against its annotation; else InvalidActionError."""
        if not isinstance(data, Mapping):
            raise InvalidActionError(f"an action of {self.game} must be an object, not {type(data).__name__}")
        name = data.get("type")
        cls = self._classes.get(name) if isinstance(name, str) else None
        if cls is None:
            raise InvalidActionError(f"{shown(name)} is not an action of {self.game}")
        fields = {key: value for key, value in data.items() if key != "type"}
        try:
            action: Action = record_from_dict(cls, fields, cls.__name__)
        except InvalidStateError as exc:
            raise InvalidActionError(f"{self.game}: {exc}") from exc
        return action


@runtime_checkable
class GameState(Protocol):
    """What ``Match``, agents and tournaments need from a state."""

    @property
    def current_player(self) -> int | None: ...

    @property
    def num_players(self) -> int: ...

    @property
    def round(self) -> int: ...

    @property
    def is_terminal(self) -> bool: ...

    def legal_actions(self) -> Sequence[Action]: ...

    def why_illegal(self, action: Action) -> str | None: ...

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]: ...

    def apply(self, action: Action) -> tuple[Self, tuple[Event, ...]]: ...

    def scores(self) -> tuple[float, ...]: ...

    def winners(self) -> tuple[int, ...]: ...

    def observation(self, seat: int) -> Mapping[str, Any]: ...

    def to_dict(self) -> dict[str, Json]: ...


class GameRules(Protocol):
    """A frozen dataclass of every tunable number and the component data of one game."""

    def to_dict(self) -> dict[str, Json]: ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Json]) -> Self: ...

    @classmethod
    def standard(cls) -> Self: ...


class GameModule(Protocol):
    """The shape of ``playbook.games.<name>``; checked by ``playbook.games.load``."""

    INFO: GameInfo
    Rules: type[GameRules]

    def describe(self, action: Action) -> str: ...

    def new_game(self, players: int, *, seed: int, rules: Any = None) -> GameState: ...

    def state_from_dict(self, data: Mapping[str, Json]) -> GameState: ...

    def action_from_dict(self, data: Mapping[str, Json]) -> Action: ...

    def rules_from_dict(self, data: Mapping[str, Json]) -> Any: ...

    def rules_from_toml(self, path: str | Path) -> Any: ...
