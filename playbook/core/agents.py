"""Agents: small classes that pick an action from what their seat can see.

Following Axelrod, an agent carries metadata a teacher can read in a table (is it stochastic, what does it
look at) and a one-sentence ``description``. Agents are handed only ``observation(seat)`` and the legal
actions, plus an RNG handed down from the match seed, so a tournament is reproducible. Being handed only
these is not the same as being unable to reach more: code in the same process can reach the interpreter's
objects. A student's ``@playbook.strategy`` (and any agent a harness is asked to isolate) therefore runs in
a process of its own where nothing else exists (``playbook.core.sandbox``; ``docs/isolation.md`` says what
is and is not protected).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

from .protocol import Action, Json


@runtime_checkable
class AgentLike(Protocol):
    """Anything with a ``name`` and a ``choose`` method plays a seat (a class attribute name will do)."""

    @property
    def name(self) -> str: ...

    def choose(
        self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random
    ) -> Action: ...


class Agent:
    """Base class: override ``choose``. Class attributes are the metadata shown in tournaments."""

    name: ClassVar[str] = "agent"
    description: ClassVar[str] = ""
    stochastic: ClassVar[bool] = False
    looks_at: ClassVar[tuple[str, ...]] = ()
    #: False when ``choose`` ignores the observation: fast loops then skip building it.
    uses_observation: ClassVar[bool] = True

    def choose(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    @classmethod
    def metadata(cls) -> dict[str, Any]:
        return {
            "name": cls.name,
            "description": cls.description,
            "stochastic": cls.stochastic,
            "looks_at": ", ".join(cls.looks_at),
        }

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and vars(self) == vars(other)

    def __hash__(self) -> int:
        return hash(type(self))


class RandomAgent(Agent):
    """Picks uniformly among the legal actions: the baseline every strategy should beat."""

    name = "random"
    description = "Picks any legal action with equal chance."
    stochastic = True
    looks_at = ("legal actions",)
    uses_observation = False

    def choose(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return legal_actions[int(rng.random() * len(legal_actions))]


class PhaseAgent(Agent):
    """An agent whose decision depends on the phase: ``choose`` calls ``on_<phase>`` when it exists.

    The phase is read from ``observation["phase"]`` (every game's observation names its phase in words,
    e.g. ``"sell"``); a phase with no handler falls back to ``default``, which takes the first legal
    action. Strategies then read as one short method per decision, as Axelrod's do.
    """

    def choose(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        phase = str(observation.get("phase", "")).replace(" ", "_").replace("-", "_")
        handler = getattr(self, f"on_{phase}", None)
        if handler is None:
            return self.default(observation, legal_actions, rng)
        action: Action = handler(observation, legal_actions, rng)
        return action

    def default(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return legal_actions[0]


def chance_rng(seed: int, step: int | None = None) -> random.Random:
    """The stream chance draws from: derived from the seed alone, so agents can never steer the dice."""
    from .engine import derived_seed

    return random.Random(derived_seed(seed, "chance") if step is None else derived_seed(seed, "chance", step))


def agent_rng(seed: int, seat: int, step: int | None = None) -> random.Random:
    """A seat's own stream: whatever an agent draws from it, the chance stream is untouched."""
    from .engine import derived_seed

    keys: tuple[int | str, ...] = ("agent", seat) if step is None else ("agent", seat, step)
    return random.Random(derived_seed(seed, *keys))
