"""Strategies a student writes by hand: a function in a cell, or a built-in with knobs to turn.

``@playbook.strategy(name=..., description=...)`` turns ``def choose(observation, legal_actions, rng)``
into an agent that plays in tables, tournaments and sweeps like the built-ins. Three things make that safe
in a classroom:

- It runs in a process of its own (:mod:`playbook.core.sandbox`) that receives the seat's observation and
  the legal actions as data and answers with the index of its choice: it cannot reach the game's state or
  its dice, and a decision that takes longer than the time limit is stopped (the harness records the game
  as lost by that strategy and goes on). ``isolate=False`` runs it in the notebook's own process instead
  (faster, for a teacher's trusted code; then nothing is protected).
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

import cloudpickle

from .agents import Agent, AgentLike
from .decide import DEFAULT_TIME_LIMIT
from .errors import InvalidArgumentError, PlaybookError, StrategyError, shown
from .protocol import Action, Json
from .sandbox import Sandbox
from .serialize import record_misfit

ChooseFunction = Callable[[Mapping[str, Json], Sequence[Action], random.Random], Action]

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "FunctionAgent",
    "IsolatedAgent",
    "Knob",
    "ParametricAgent",
    "StrategyError",
    "isolated",
    "strategy",
]


class _InItsOwnProcess:
    """What an agent that decides in a process of its own shares: ``choose`` under the default limit, the
    sandbox made on first use from ``_payload()``, and ``close``."""

    name: str
    _sandbox: Sandbox | None

    def _payload(self) -> bytes:
        raise NotImplementedError

    def choose(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return self.choose_within(observation, legal_actions, rng, DEFAULT_TIME_LIMIT)

    def choose_within(
        self,
        observation: Mapping[str, Json],
        legal_actions: Sequence[Action],
        rng: random.Random,
        time_limit: float | None,
    ) -> Action:
        """``choose`` with a limit in seconds (``None``: none), in the agent's own process."""
        if self._sandbox is None:
            self._sandbox = Sandbox(self._payload(), repr(self.name))
        return self._sandbox.decide(observation, legal_actions, rng, time_limit)

    def close(self) -> None:
        """Stop the agent's process (a later decision starts a new one)."""
        if self._sandbox is not None:
            self._sandbox.close()


class FunctionAgent(_InItsOwnProcess, Agent):
    """An agent made from a plain ``choose`` function (see :func:`strategy`).

    With ``isolate=True`` (the default) the function runs in its own process: :meth:`choose` and
    :meth:`choose_within` hand it the observation and legal actions as data and stop it after the time limit.
    """

    stochastic = True
    looks_at = ("observation", "legal actions")

    def __init__(self, choose: ChooseFunction, *, name: str, description: str = "", isolate: bool = True) -> None:
        if not callable(choose):
            raise InvalidArgumentError(f"strategy {name!r}: {shown(choose)} is not a function")
        if not isinstance(isolate, bool):
            raise InvalidArgumentError(f"strategy {name!r}: isolate must be True or False, not {shown(isolate)}")
        self.function = choose
        self.name = name  # an instance's own name, shown in tournaments
        self.description = description or (choose.__doc__ or "").strip().split("\n")[0]  # type: ignore[misc]
        self.isolate = isolate
        self._sandbox: Sandbox | None = None

    def choose_within(
        self,
        observation: Mapping[str, Json],
        legal_actions: Sequence[Action],
        rng: random.Random,
        time_limit: float | None,
    ) -> Action:
        """In its own process when isolated, else here (no limit)."""
        if not self.isolate:
            return self.choose_here(observation, legal_actions, rng)
        return super().choose_within(observation, legal_actions, rng, time_limit)

    def _payload(self) -> bytes:
        here = FunctionAgent(self.function, name=self.name, description=self.description, isolate=False)
        payload: bytes = cloudpickle.dumps(here)
        return payload

    def choose_here(
        self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """Call the function in this process, naming it in any error (what the isolated process runs)."""
        try:
            action = self.function(observation, legal_actions, rng)
        except PlaybookError:
            raise
        except Exception as exc:
            raise StrategyError(
                f"strategy {self.name!r} (function {self._where()}) raised {type(exc).__name__}: {str(exc)[:300]}"
            ) from exc
        if not _is_listed(action, legal_actions):
            raise StrategyError(
                f"strategy {self.name!r} (function {self._where()}) returned {shown(action)}, which is not one of "
                f"the {len(legal_actions)} legal actions (return an item of legal_actions)"
            )
        return action

    def _where(self) -> str:
        return getattr(self.function, "__qualname__", repr(self.function))

    def metadata(self) -> dict[str, Any]:  # type: ignore[override]
        return {"name": self.name, "description": self.description, "stochastic": True, "looks_at": "observation"}

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (cloudpickle.dumps(self.function), self.name, self.description, self.isolate))

    def __repr__(self) -> str:
        return f"strategy({self.name!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FunctionAgent) and (other.function, other.name) == (self.function, self.name)

    def __hash__(self) -> int:
        return hash((FunctionAgent, self.name))


def _is_listed(action: object, legal_actions: Sequence[Action]) -> bool:
    """One of the listed actions: the same object, or an equal one whose fields have the listed types
    (``Draw(count=1.0)`` equals ``Draw(count=1)``, but is a different move to save and reload)."""
    if any(listed is action for listed in legal_actions):
        return True
    return action in legal_actions and record_misfit(action) is None


def _rebuild(payload: bytes, name: str, description: str, isolate: bool = True) -> FunctionAgent:
    return FunctionAgent(cloudpickle.loads(payload), name=name, description=description, isolate=isolate)


def strategy(*, name: str, description: str = "", isolate: bool = True) -> Callable[[ChooseFunction], FunctionAgent]:
    """Decorator: ``@strategy(name="undercut", description="...")`` on ``def choose(observation, legal, rng)``.

    The decorated name is the agent: pass it to ``tournament``, ``Match(agents=...)`` or a table. It runs in
    a process of its own unless ``isolate=False``.
    """
    if not isinstance(name, str) or not name.strip():
        raise InvalidArgumentError(f"a strategy needs a name (a non-empty string), not {shown(name)}")

    def wrap(choose: ChooseFunction) -> FunctionAgent:
        return FunctionAgent(choose, name=name, description=description, isolate=isolate)

    return wrap


class IsolatedAgent(_InItsOwnProcess, Agent):
    """Any agent, played in a process of its own under a time limit (``tournament(..., isolate=True)``).

    It shows the wrapped agent's name, description and metadata, so a leaderboard reads the same.
    """

    def __init__(self, agent: AgentLike) -> None:
        inner: AgentLike = agent.agent if isinstance(agent, IsolatedAgent) else agent
        self.agent: AgentLike = inner
        self.name = inner.name
        self.description = getattr(inner, "description", "")  # type: ignore[misc]
        self.uses_observation = getattr(inner, "uses_observation", True)  # type: ignore[misc]
        self._sandbox: Sandbox | None = None

    def _payload(self) -> bytes:
        payload: bytes = cloudpickle.dumps(self.agent)
        return payload

    def metadata(self) -> dict[str, Any]:  # type: ignore[override]
        found = getattr(self.agent, "metadata", None)
        return dict(found()) if callable(found) else {"name": self.name, "description": self.description}

    def label(self) -> str:
        found = getattr(self.agent, "label", None)
        return str(found()) if callable(found) else self.name

    def __reduce__(self) -> tuple[Any, ...]:
        return (IsolatedAgent, (self.agent,))

    def __repr__(self) -> str:
        return f"isolated({self.agent!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IsolatedAgent) and other.agent == self.agent

    def __hash__(self) -> int:
        return hash((IsolatedAgent, self.name))


def isolated(agent: AgentLike) -> AgentLike:
    """``agent`` in a process of its own: a ``FunctionAgent`` already is (unless made with ``isolate=False``)."""
    if isinstance(agent, IsolatedAgent) or (isinstance(agent, FunctionAgent) and agent.isolate):
        return agent
    if isinstance(agent, FunctionAgent):
        return FunctionAgent(agent.function, name=agent.name, description=agent.description, isolate=True)
    return IsolatedAgent(agent)


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
