"""``SearchAgent``: an agent like any other (observation and legal actions in, an action out) that searches.

It never sees the true state: each iteration of the search rebuilds a full state from the observation with the
game's determinizer (``playbook.games.<game>.determinize``), sampling what the seat cannot see with the
agent's own RNG, so it plays the same from ``observation(seat)``, from the observation's JSON, or in a sandbox.

Reproducible: the search's RNG is seeded from the agent's ``seed`` and one draw from the RNG the harness hands
in (which ``Match`` and the tournaments derive from the match seed, the seat and the step), so the same match
seed gives the same choices. A ``seconds`` budget is the one exception: how many iterations fit in a second
depends on the machine, so use ``iterations`` wherever a result must repeat.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from playbook.core.agents import Agent
from playbook.core.errors import InvalidArgumentError
from playbook.core.protocol import Action, GameState, Json

from .mcts import Evaluation, RolloutPolicy, Search, SearchSettings, random_rollout, scores

#: A game's determinizer: a full state consistent with ``observation`` (unseen parts drawn from ``rng``).
Determinize = Callable[[Mapping[str, Json], Any, random.Random], GameState]


def check_budget(iterations: object, seconds: object) -> tuple[int | None, float | None]:
    """At least one budget, each in range; else ``InvalidArgumentError`` naming the argument."""
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= 10_000_000
    ):
        raise InvalidArgumentError(
            f"iterations must be a whole number from 1 to 10,000,000 or None, not {iterations!r}"
        )
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds <= 3600
    ):
        raise InvalidArgumentError(
            f"seconds must be a number of seconds above 0 and at most 3600 or None, not {seconds!r}"
        )
    if iterations is None and seconds is None:
        raise InvalidArgumentError("iterations and seconds: give at least one budget (both are None)")
    return iterations, None if seconds is None else float(seconds)


def check_positive(value: object, name: str, *, whole: bool) -> float:
    """A positive number (a whole one when ``whole``), else ``InvalidArgumentError`` naming ``name``."""
    kinds: tuple[type, ...] = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not 0 < value <= 1e9:  # type: ignore[operator]
        kind = "a whole number" if whole else "a number"
        raise InvalidArgumentError(f"{name} must be {kind} above 0, not {value!r}")
    return float(value)  # type: ignore[arg-type]


class SearchAgent(Agent):
    """Information-set Monte Carlo tree search from the seat's observation (``playbook.search.mcts``)."""

    name: ClassVar[str] = "search"
    description: ClassVar[str] = (
        "Searches ahead by Monte Carlo tree search, sampling the cards it cannot see from what it has seen."
    )
    stochastic: ClassVar[bool] = True
    looks_at: ClassVar[tuple[str, ...]] = ("observation", "legal actions", "simulated futures")

    def __init__(
        self,
        determinize: Determinize,
        *,
        rules: Any = None,
        iterations: int | None = 200,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_depth: int = 60,
        score_scale: float = 10.0,
        rollout_policy: RolloutPolicy = random_rollout,
        evaluation: Evaluation = scores,
        proposers: Sequence[Agent] = (),
        extra_candidates: int = 0,
        anchor: Agent | None = None,
        anchor_margin: float = 0.0,
        margin_at_end: bool = False,
        seed: int = 0,
    ) -> None:
        if not callable(determinize):
            raise InvalidArgumentError(f"determinize must be a function, not {type(determinize).__name__}")
        iterations, seconds = check_budget(iterations, seconds)
        check_positive(exploration, "exploration", whole=False)
        check_positive(rollout_depth, "rollout_depth", whole=True)
        check_positive(score_scale, "score_scale", whole=False)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidArgumentError(f"seed must be a whole number, not {seed!r}")
        if not callable(rollout_policy) or not callable(evaluation):
            raise InvalidArgumentError("rollout_policy and evaluation must be functions")
        if any(not callable(getattr(p, "choose", None)) for p in proposers):
            raise InvalidArgumentError("proposers must be agents (each with a choose method)")
        if isinstance(extra_candidates, bool) or not isinstance(extra_candidates, int) or extra_candidates < 0:
            raise InvalidArgumentError(f"extra_candidates must be a whole number from 0 up, not {extra_candidates!r}")
        if not isinstance(margin_at_end, bool):
            raise InvalidArgumentError(f"margin_at_end must be True or False, not {margin_at_end!r}")
        if anchor is not None and not callable(getattr(anchor, "choose", None)):
            raise InvalidArgumentError("anchor must be an agent (with a choose method) or None")
        if isinstance(anchor_margin, bool) or not isinstance(anchor_margin, int | float) or not 0 <= anchor_margin <= 1:
            raise InvalidArgumentError(f"anchor_margin must be a number from 0 to 1, not {anchor_margin!r}")
        self.determinize = determinize
        self.rules = rules
        #: Agents whose choices are the root's candidates (with ``extra_candidates`` random others); none: all.
        self.proposers = tuple(proposers)
        self.extra_candidates = extra_candidates
        #: A built-in bot whose choice is the default: the search plays another action only when its mean value
        #: beats the anchor's by ``anchor_margin`` (a value in [0, 1]). Why: a few noisy rollouts of a long game
        #: often rank a worse move first; anchored, it leaves the bot's move only on evidence against it.
        self.anchor = anchor
        self.anchor_margin = float(anchor_margin)
        self.seed = seed
        self.settings = SearchSettings(
            iterations=iterations,
            seconds=seconds,
            exploration=float(exploration),
            rollout_depth=rollout_depth,
            score_scale=float(score_scale),
            rollout_policy=rollout_policy,
            evaluation=evaluation,
            margin_at_end=margin_at_end,
        )
        #: How many iterations the last decision ran (a table can show how hard the bot thought).
        self.last_iterations = 0
        #: Searched decisions so far and the CPU seconds they took (``benchmarks/search_strength.py`` reads them).
        self.decisions = 0
        self.cpu_seconds = 0.0

    def choose(self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """The most visited root action after the budget; a lone legal action is returned without a search."""
        if len(legal_actions) == 1:
            self.last_iterations = 0
            return legal_actions[0]
        start = time.process_time()
        own = random.Random(f"search:{self.seed}:{rng.getrandbits(64)}")
        rules = self.rules
        candidates = list(self.candidates(observation, legal_actions, own))
        anchored = None if self.anchor is None else self.anchor.choose(observation, legal_actions, own)
        if anchored is not None and anchored not in candidates:
            candidates.insert(0, anchored)
        if len(candidates) == 1:
            self.last_iterations = 0
            return candidates[0]

        def sample(world_rng: random.Random) -> GameState:
            return self.determinize(observation, rules, world_rng)

        search = Search(sample, candidates, self.settings)
        search.run(own)
        self.last_iterations = search.iterations
        self.decisions += 1
        self.cpu_seconds += time.process_time() - start
        best = search.best()
        if anchored is not None and best != anchored:
            best_value, _ = search.mean(best)
            anchored_value, anchored_visits = search.mean(anchored)
            if not anchored_visits or best_value < anchored_value + self.anchor_margin:
                return anchored  # no evidence against the anchor's move, or not enough
        return best

    def candidates(
        self, observation: Mapping[str, Json], legal_actions: Sequence[Action], rng: random.Random
    ) -> Sequence[Action]:
        """The root actions to search: every legal one, or (with proposers) what each proposer would play plus
        ``extra_candidates`` others drawn at random. Why: a game with hundreds of placements a turn cannot give
        each a visit within a second, so the search chooses among the moves the good heuristics suggest and
        looks ahead to judge them (with few legal actions it searches them all)."""
        if not self.proposers or len(legal_actions) <= len(self.proposers) + self.extra_candidates:
            return legal_actions
        chosen: list[Action] = []
        for proposer in self.proposers:
            action = proposer.choose(observation, legal_actions, rng)
            if action not in chosen:
                chosen.append(action)
        others = [a for a in legal_actions if a not in chosen]
        chosen += rng.sample(others, min(self.extra_candidates, len(others)))
        return chosen

    def label(self) -> str:
        """The name a table shows: the budget in it, so two budgets are told apart."""
        settings = self.settings
        budget = f"{settings.iterations} iterations" if settings.iterations is not None else f"{settings.seconds:g} s"
        return f"{self.name} ({budget})"

    def __repr__(self) -> str:
        settings = self.settings
        return f"SearchAgent(iterations={settings.iterations}, seconds={settings.seconds}, seed={self.seed})"

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and isinstance(other, SearchAgent)
            and (self.determinize, self.rules, self.settings, self.seed, self.proposers, self.extra_candidates)
            == (other.determinize, other.rules, other.settings, other.seed, other.proposers, other.extra_candidates)
            and (self.anchor, self.anchor_margin) == (other.anchor, other.anchor_margin)
        )

    def __hash__(self) -> int:
        return hash((type(self), self.seed, self.settings.iterations))
