"""Strategies a student writes by hand: a function in a cell, or a built-in with knobs to turn.

``@playbook.strategy(name=..., description=...)`` turns ``def choose(observation, legal_actions, rng)``
into an agent that plays in tables, tournaments and sweeps like the built-ins. Two things make that safe
in a classroom:

- A wrong answer is caught where it happens: if the function returns something that is not one of the
  legal actions, a ``StrategyError`` names the function and the value, instead of the engine refusing an
  action three calls later with a message about the game.
- It pickles by value (with cloudpickle), so a function defined in a notebook cell runs on a process pool
  or a Dask cluster whose workers never saw the notebook.

A :class:`ParametricAgent` declares its knobs (plain numbers with a range and a default), so a
``StrategyLab`` can draw a slider per knob and a sweep can vary one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .agents import Agent
from .errors import InvalidArgumentError, PlaybookError
from .protocol import Action, Json

ChooseFunction = Callable[[Mapping[str, Json], Sequence[Action], random.Random], Action]


class StrategyError(PlaybookError):
    """A hand-written strategy returned something that is not one of the legal actions."""


class FunctionAgent(Agent):
    """An agent made from a plain ``choose`` function (see :func:`strategy`)."""

    stochastic = True
    looks_at = ("observation", "legal actions")

    def __init__(self, choose: ChooseFunction, *, name: str, description: str = "") -> None:
        if not callable(choose):
            raise InvalidArgumentError(f"strategy {name!r}: {choose!r} is not a function")
        self.function = choose
        self.name = name  # type: ignore[misc]  # an instance's own name, shown in tournaments
        self.description = description or (choose.__doc__ or "").strip().split("\n")[0]  # type: ignore[misc]

    def choose(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        try:
            action = self.function(observation, legal_actions, rng)
        except PlaybookError:
            raise
        except Exception as exc:
            raise StrategyError(
                f"strategy {self.name!r} (function {self._where()}) raised {type(exc).__name__}: {exc}"
            ) from exc
        if action not in legal_actions:
            shown = repr(action)
            if len(shown) > 80:
                shown = shown[:77] + "..."
            raise StrategyError(
                f"strategy {self.name!r} (function {self._where()}) returned {shown}, which is not one of the "
                f"{len(legal_actions)} legal actions (return an item of legal_actions)"
            )
        return action

    def _where(self) -> str:
        return getattr(self.function, "__qualname__", repr(self.function))

    def metadata(self) -> dict[str, Any]:  # type: ignore[override]
        return {"name": self.name, "description": self.description, "stochastic": True, "looks_at": "observation"}

    def __reduce__(self) -> tuple[Any, ...]:
        try:
            import cloudpickle
        except ImportError:  # pragma: no cover - cloudpickle is a dependency; by reference is the fallback
            return (FunctionAgent, (self.function,), {"name": self.name, "description": self.description})
        return (_rebuild, (cloudpickle.dumps(self.function), self.name, self.description))

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    def __repr__(self) -> str:
        return f"strategy({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FunctionAgent) and (other.function, other.name) == (self.function, self.name)

    def __hash__(self) -> int:
        return hash((FunctionAgent, self.name))


def _rebuild(payload: bytes, name: str, description: str) -> FunctionAgent:
    import cloudpickle

    return FunctionAgent(cloudpickle.loads(payload), name=name, description=description)


def strategy(*, name: str, description: str = "") -> Callable[[ChooseFunction], FunctionAgent]:
    """Decorator: ``@strategy(name="undercut", description="...")`` on ``def choose(observation, legal, rng)``.

    The decorated name is the agent: pass it to ``tournament``, ``Match(agents=...)`` or a table.
    """
    if not isinstance(name, str) or not name.strip():
        raise InvalidArgumentError(f"a strategy needs a name (a non-empty string), not {name!r}")

    def wrap(choose: ChooseFunction) -> FunctionAgent:
        return FunctionAgent(choose, name=name, description=description)

    return wrap


@dataclass(frozen=True, slots=True)
class Knob:
    """One number a student may turn: its range, step, default and what it means."""

    low: float
    high: float
    default: float
    step: float = 1
    description: str = ""

    @property
    def is_int(self) -> bool:
        return all(float(v).is_integer() for v in (self.low, self.high, self.default, self.step))


class ParametricAgent(Agent):
    """A strategy whose behaviour is set by knobs (plain numbers), e.g. a markup or a selling threshold.

    Subclasses declare ``knobs = {"markup": Knob(0, 10, 2, description="...")}`` and read
    ``self.settings["markup"]``. Settings are checked against each knob's range when the agent is made.
    """

    knobs: ClassVar[dict[str, Knob]] = {}

    def __init__(self, **settings: float) -> None:
        unknown = sorted(set(settings) - set(self.knobs))
        if unknown:
            raise InvalidArgumentError(f"{type(self).__name__} has no knob {unknown[0]!r}; knobs: {sorted(self.knobs)}")
        values: dict[str, float] = {}
        for key, knob in self.knobs.items():
            value = settings.get(key, knob.default)
            if isinstance(value, bool) or not isinstance(value, int | float) or not knob.low <= value <= knob.high:
                raise InvalidArgumentError(
                    f"{type(self).__name__}: {key} must be a number from {knob.low} to {knob.high}, not {value!r}"
                )
            values[key] = int(value) if knob.is_int else float(value)
        self.settings = values

    def label(self) -> str:
        """The agent's name with its settings, for a leaderboard: ``threshold seller (sell_at=7)``."""
        changed = ", ".join(f"{k}={v}" for k, v in self.settings.items())
        return f"{self.name} ({changed})" if changed else self.name

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.settings.items())})"
