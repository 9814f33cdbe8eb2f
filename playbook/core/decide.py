"""Asking an agent for a decision, guarded: the one way ``play_match``, ``tournament`` and ``Match`` do it.

A decision can fail in four ways: the agent raises (``SystemExit`` included), it takes longer than the time
limit, its process dies, or it returns something that is not a legal action. Each is raised as one error,
:class:`AgentFailure`, naming the seat, the agent and the reason, so a tournament can record the game as
lost by that agent and go on, and a table can show whose bot failed.

How the time limit is kept depends on where the agent runs:

- agents with ``choose_within`` (a ``@playbook.strategy`` function, an ``IsolatedAgent``) run in a process
  of their own, which is killed at the limit: nothing they do can outlast it;
- other agents from outside the package (a class written in a notebook) run here; in the main thread a
  ``SIGALRM`` timer interrupts them at the limit (a ``sleep`` or a Python loop stops), elsewhere the time is
  measured and a late answer is refused after the fact;
- the package's own bots are trusted: they are asked directly, with no timer, because a timer per
  decision would cost more than a random agent's whole move.
"""

from __future__ import annotations

import contextlib
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from types import FrameType
from typing import Any

from .agents import AgentLike
from .errors import InvalidArgumentError, StrategyError, StrategyTimeoutError
from .protocol import Action, Json

Chooser = Callable[[Mapping[str, Json], Sequence[Action], random.Random], Action]

#: Seconds a decision may take when the harness names no limit (a student's loop must not hang a class).
DEFAULT_TIME_LIMIT = 10.0


class AgentFailure(StrategyError):
    """An agent failed to decide; ``seat``, ``agent`` and ``reason`` say who and why."""

    def __init__(self, seat: int, agent: str, reason: str, *, timed_out: bool = False) -> None:
        self.seat = seat
        self.agent = agent
        self.reason = reason
        #: True when the agent ran out of time (a tournament withdraws an agent that keeps doing so).
        self.timed_out = timed_out
        super().__init__(f"seat {seat} ({agent}): {reason}")


class _DecisionTimeout(BaseException):
    """Raised into an in-process agent by the timer (a BaseException, so ``except Exception`` cannot keep it)."""


def check_time_limit(time_limit: object) -> float | None:
    """Seconds per decision (a positive number) or ``None`` for no limit."""
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or not 0 < time_limit < 1e6:
        raise InvalidArgumentError(f"time_limit must be a positive number of seconds or None, not {time_limit!r}")
    return float(time_limit)


def agent_label(agent: AgentLike) -> str:
    label = getattr(agent, "label", None)
    return str(label()) if callable(label) else agent.name


def is_trusted(agent: object) -> bool:
    """One of the package's own bots (asked directly, with no timer)."""
    return type(agent).__module__.startswith("playbook.") and not hasattr(agent, "choose_within")


def chooser(agent: AgentLike, time_limit: float | None) -> Chooser:
    """The function a harness calls for this agent's decisions; failures leave it as ordinary exceptions
    (``StrategyError`` for a timeout), which :func:`failure` turns into an ``AgentFailure``."""
    within = getattr(agent, "choose_within", None)
    if callable(within):
        limit = time_limit

        def isolated(observation: Mapping[str, Json], legal: Sequence[Action], rng: random.Random) -> Action:
            action: Action = within(observation, legal, rng, limit)
            return action

        return isolated
    if time_limit is None or is_trusted(agent):
        return agent.choose
    if _can_interrupt():
        return _interrupting(agent, time_limit)
    return _timed(agent, time_limit)


def failure(seat: int, agent: AgentLike, exc: BaseException) -> AgentFailure:
    """The ``AgentFailure`` for an exception raised while ``agent`` decided for ``seat``."""
    if isinstance(exc, AgentFailure):
        return exc
    if isinstance(exc, StrategyError):
        return AgentFailure(seat, agent_label(agent), str(exc), timed_out=isinstance(exc, StrategyTimeoutError))
    return AgentFailure(seat, agent_label(agent), f"raised {type(exc).__name__}: {str(exc)[:300]}")


def decide(
    agent: AgentLike,
    seat: int,
    observation: Mapping[str, Json],
    legal: Sequence[Action],
    rng: random.Random,
    time_limit: float | None,
) -> Action:
    """One guarded decision: the action, or ``AgentFailure`` naming the seat, the agent and why."""
    try:
        return chooser(agent, time_limit)(observation, legal, rng)
    except (Exception, SystemExit) as exc:
        raise failure(seat, agent, exc) from exc


def _can_interrupt() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _interrupting(agent: AgentLike, time_limit: float) -> Chooser:
    def choose(observation: Mapping[str, Json], legal: Sequence[Action], rng: random.Random) -> Action:
        try:
            with _alarm(time_limit):
                return agent.choose(observation, legal, rng)
        except _DecisionTimeout:
            raise StrategyTimeoutError(f"no answer within {time_limit:g} s (stopped)") from None

    return choose


def _timed(agent: AgentLike, time_limit: float) -> Chooser:
    def choose(observation: Mapping[str, Json], legal: Sequence[Action], rng: random.Random) -> Action:
        start = time.perf_counter()
        action = agent.choose(observation, legal, rng)
        took = time.perf_counter() - start
        if took > time_limit:
            raise StrategyTimeoutError(f"took {took:.1f} s, over the {time_limit:g} s limit")
        return action

    return choose


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise _DecisionTimeout


@contextlib.contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    previous: Any = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
