"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling, Powley and Whitehouse 2012).

Why this variant and not determinized MCTS (one tree per sampled world, votes at the end): a determinized tree
searches a world in which every hidden card is known, so it "sees" the other hands and over-values moves that
only pay off with that knowledge (strategy fusion), and it splits the budget across trees that each get only a
few visits. SO-ISMCTS keeps one tree whose nodes are the searching seat's *information*: the actions taken
since the decision (its own and the other seats', as it would see them), and samples a fresh world from the
observation on every iteration, so each action's statistics average over the worlds the seat cannot tell
apart. An action that is legal only in some worlds is judged by how often it was available
(``available``) in UCB's exploration term, the "subset-armed bandit" of the paper.

Chance steps (a die, a blind draw) are not tree nodes: they are sampled from ``chance_outcomes()`` with the
search's own RNG and the tree goes on from the same node, which is what an information set does with an
outcome the seat does not choose. A rollout plays ``rollout_policy`` (random by default) for at most
``rollout_depth`` steps and values the position it reaches with ``value_of``: 1 for a win (shared on a tie) at
the end, otherwise a squashed score lead, so a depth-cut rollout of a long game still says who is ahead.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from playbook.core.match import sample_chance  # drawn from the search's own RNG, never the match's dice
from playbook.core.protocol import CHANCE, Action, GameState

#: A world sampled from the observation (``determinize(rng)``): a full state the seat could be in.
Sampler = Callable[[random.Random], GameState]
#: An action for a rollout step, from the state's legal actions and the search's RNG.
RolloutPolicy = Callable[[GameState, Sequence[Action], random.Random], Action]
#: Each seat's standing in a position a rollout was cut at (the score, or the score plus what assets are worth).
Evaluation = Callable[[GameState], Sequence[float]]


def scores(state: GameState) -> Sequence[float]:
    """The game's own ``scores()``: the default evaluation of a cut rollout."""
    return state.scores()


def random_rollout(state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action with equal chance: the cheapest policy, and unbiased."""
    return legal[int(rng.random() * len(legal))]


class AgentRollout:
    """A rollout policy that plays ``agent`` from each simulated seat's observation, and a random legal action with
    chance ``explore``. Why: random rollouts of a long trading game are mostly noise (random play neither builds
    a shop nor fills an order), while a cheap built-in bot plays the rest of the game the way a player might; the
    observation is of the sampled world, never the real one."""

    __slots__ = ("agent", "explore")

    def __init__(self, agent: Any, explore: float = 0.1) -> None:
        self.agent = agent
        self.explore = explore

    def __call__(self, state: GameState, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if rng.random() < self.explore:
            return legal[int(rng.random() * len(legal))]
        seat = state.current_player
        observation = state.observation(seat) if seat is not None else {}
        action: Action = self.agent.choose(observation, legal, rng)
        return action

    def __eq__(self, other: object) -> bool:
        return isinstance(other, AgentRollout) and (self.agent, self.explore) == (other.agent, other.explore)

    def __hash__(self) -> int:
        return hash((type(self.agent), self.explore))


def value_of(
    state: GameState, score_scale: float, evaluation: Evaluation = scores, *, margin_at_end: bool = False
) -> tuple[float, ...]:
    """Each seat's value in [0, 1]: at the end 1 for a winner (split on a tie), 0 otherwise; before the end
    (and at the end too with ``margin_at_end``) 0.5 plus half of ``tanh(lead / score_scale)``, the lead being
    the seat's ``evaluation`` less the best other seat's. Why the margin at the end: a win or a loss is the
    noisiest signal a rollout gives, while a margin also says by how much a move helped."""
    players = state.num_players
    if state.is_terminal and not margin_at_end:
        winners = state.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return tuple(share if seat in winners else 0.0 for seat in range(players))
    standing = evaluation(state)
    values = []
    for seat in range(players):
        best_other = max((standing[s] for s in range(players) if s != seat), default=0.0)
        values.append(0.5 + 0.5 * math.tanh((standing[seat] - best_other) / score_scale))
    return tuple(values)


class Node:
    """The statistics of one action from its parent's information set, and its own children."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0  # summed value for the seat that took the action leading here
        self.available = 1  # iterations in which the action was legal when its parent was reached


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How hard to search: ``iterations`` and/or ``seconds`` per decision (whichever ends first)."""

    iterations: int | None
    seconds: float | None
    exploration: float
    rollout_depth: int
    score_scale: float
    rollout_policy: RolloutPolicy = random_rollout
    evaluation: Evaluation = scores
    margin_at_end: bool = False


class Search:
    """One decision's tree: ``run`` grows it from sampled worlds, ``best`` names the most visited root action."""

    def __init__(self, sample: Sampler, root_actions: Sequence[Action], settings: SearchSettings) -> None:
        self.sample = sample
        self.root_actions = tuple(root_actions)
        self.root_set = frozenset(root_actions)
        self.settings = settings
        self.root = Node()
        self.iterations = 0

    def run(self, rng: random.Random) -> None:
        """Iterate until the budget is spent (at least one iteration, so a root action always has a visit)."""
        settings = self.settings
        deadline = None if settings.seconds is None else time.perf_counter() + settings.seconds
        while True:
            self.iterate(rng)
            self.iterations += 1
            if settings.iterations is not None and self.iterations >= settings.iterations:
                return
            if deadline is not None and time.perf_counter() >= deadline:
                return

    def best(self) -> Action:
        """The root action visited most (ties: the one listed first), as the object the caller listed."""
        children = self.root.children
        best_action, best_visits = self.root_actions[0], -1
        for action in self.root_actions:
            child = children.get(action)
            visits = child.visits if child is not None else 0
            if visits > best_visits:
                best_action, best_visits = action, visits
        return best_action

    def mean(self, action: Action) -> tuple[float, int]:
        """A root action's mean value for the searching seat and its visits (0.0 and 0 if never tried)."""
        child = self.root.children.get(action)
        if child is None or child.visits == 0:
            return 0.0, 0
        return child.total / child.visits, child.visits

    def iterate(self, rng: random.Random) -> None:
        """One world: select and expand in the tree, roll out, back the values up the path."""
        state = self.sample(rng)
        node = self.root
        path: list[tuple[Node, int]] = []
        at_root = True
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state = state.apply(sample_chance(state, rng))[0]
                continue
            legal = state.legal_actions()
            if at_root:
                legal = tuple(a for a in legal if a in self.root_set) or legal
                at_root = False
            if not legal:  # a sampled world the engine cannot go on from: value it as it stands
                break
            mover = state.current_player
            assert mover is not None  # a state that is not over has a player to move
            action, child, expanded = self.select(node, legal, rng)
            state = state.apply(action)[0]
            path.append((child, mover))
            node = child
            if expanded:
                break
        values = self.rollout(state, rng)
        for child, mover in path:
            child.visits += 1
            child.total += values[mover]

    def select(self, node: Node, legal: Sequence[Action], rng: random.Random) -> tuple[Action, Node, bool]:
        """An untried action if any (expanded now), else the best by UCB over the children available here."""
        children = node.children
        untried = [a for a in legal if a not in children]
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.available += 1
        if untried:
            action = untried[int(rng.random() * len(untried))]
            child = children[action] = Node()
            return action, child, True
        exploration = self.settings.exploration
        best_action, best_child, best_score = legal[0], children[legal[0]], -math.inf
        for action in legal:
            child = children[action]
            score = child.total / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best_action, best_child, best_score = action, child, score
        return best_action, best_child, False

    def rollout(self, state: GameState, rng: random.Random) -> tuple[float, ...]:
        """Play the policy for at most ``rollout_depth`` steps, then value the position reached."""
        settings = self.settings
        policy = settings.rollout_policy
        for _ in range(settings.rollout_depth):
            if state.is_terminal:
                break
            if state.current_player == CHANCE:
                state = state.apply(sample_chance(state, rng))[0]
                continue
            legal = state.legal_actions()
            if not legal:
                break
            state = state.apply(policy(state, legal, rng))[0]
        return value_of(state, settings.score_scale, settings.evaluation, margin_at_end=settings.margin_at_end)
