"""Seeded matches, tournaments and rule sweeps that return pandas DataFrames.

The work unit is a batch of games, played by a module-level function so it pickles: any
``concurrent.futures.Executor`` can run it (a process pool on a laptop, Dask's ``get_executor`` for a
class cluster). Each game's seed is drawn from the tournament seed before anything is submitted, and rows
are put back in game order, so a parallel run equals the serial one row for row.
"""

from __future__ import annotations

import importlib
import itertools
import random
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .agents import AgentLike, agent_rng, chance_rng
from .engine import check_int, check_seed
from .errors import InvalidActionError, InvalidArgumentError
from .match import resolve_game, sample_chance
from .protocol import CHANCE, GameState

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished game. Printing it shows the result; the final state is kept but left out of the printout
    (a Planet Unknown state runs to pages)."""

    seed: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    rounds: int
    steps: int
    final_state: GameState = field(repr=False)


def play_match(
    game: str | ModuleType,
    agents: Sequence[AgentLike],
    *,
    seed: int,
    rules: Any = None,
    max_steps: int = 1_000_000,
) -> MatchResult:
    """Play one game, one agent per seat, and return the scores, winners, rounds and steps."""
    module = resolve_game(game)
    check_agents(agents)
    state: GameState = module.new_game(len(agents), seed=seed, rules=rules)
    dice = chance_rng(seed)
    rngs = [agent_rng(seed, seat) for seat in range(len(agents))]
    steps = 0
    blind = [not getattr(agent, "uses_observation", True) for agent in agents]
    empty: dict[str, Any] = {}
    while not state.is_terminal:
        if steps >= max_steps:
            raise RuntimeError(f"{module.INFO.name}: no end after {max_steps} steps (seed {seed})")
        seat = state.current_player
        if seat == CHANCE:
            action = sample_chance(state, dice)
        elif seat is None:
            raise RuntimeError(f"{module.INFO.name}: no seat to move in a game that is not over (seed {seed})")
        else:
            observation = empty if blind[seat] else state.observation(seat)
            action = agents[seat].choose(observation, state.legal_actions(), rngs[seat])
        state = state.apply(action)[0]
        steps += 1
    return MatchResult(seed, tuple(state.scores()), tuple(state.winners()), state.round, steps, state)


def check_agents(agents: object) -> None:
    """Agents must be a sequence of objects with a ``name`` and a ``choose`` method."""
    if isinstance(agents, str | bytes) or not isinstance(agents, Sequence):
        raise InvalidArgumentError(f"agents must be a list of agents, not {type(agents).__name__}")
    for index, agent in enumerate(agents):
        if not callable(getattr(agent, "choose", None)) or not isinstance(getattr(agent, "name", None), str):
            raise InvalidArgumentError(f"agents[{index}] ({agent!r}) is not an agent: it needs a name and choose()")


def game_seeds(seed: int, games: int) -> list[int]:
    rng = random.Random(seed)
    return [rng.getrandbits(32) for _ in range(games)]


def _labels(agents: Sequence[AgentLike]) -> list[str]:
    names = [agent.name for agent in agents]
    labels = []
    for index, name in enumerate(names):
        labels.append(f"{name} #{names[:index].count(name) + 1}" if names.count(name) > 1 else name)
    return labels


def game_metrics(module: ModuleType) -> Any:
    """The game's ``metrics(state) -> dict`` of economy measures (on the module or its ``economy``), or None."""
    found = getattr(module, "metrics", None)
    if found is None:
        try:
            found = getattr(importlib.import_module(f"{module.__name__}.economy"), "metrics", None)
        except ImportError:
            found = None
    return found


def play_games(
    game_name: str,
    agents: Sequence[AgentLike],
    jobs: Sequence[tuple[int, int]],
    rules: Any = None,
    players: int | None = None,
    metrics: bool = False,
) -> list[dict[str, Any]]:
    """Play ``(game index, seed)`` jobs; game ``i`` uses lineup ``i`` of ``lineups`` (cycling).

    Every agent meets every other and sits in every seat: with ``players`` equal to the number of agents the
    seats rotate; with fewer, every group of ``players`` agents plays in every rotation.
    """
    labels = _labels(agents)
    measure = game_metrics(resolve_game(game_name)) if metrics else None
    if metrics and measure is None:
        raise InvalidArgumentError(f"{game_name} has no metrics(state) to add as columns")
    n = len(agents)
    seats = players or n
    order = lineups(n, seats)
    rows: list[dict[str, Any]] = []
    for index, seed in jobs:
        lineup = order[index % len(order)]
        result = play_match(game_name, [agents[i] for i in lineup], seed=seed, rules=rules)
        kpis = {f"kpi_{key}": value for key, value in measure(result.final_state).items()} if measure else {}
        for seat, agent_index in enumerate(lineup):
            rows.append(
                kpis
                | {
                    "game": index,
                    "seed": seed,
                    "seat": seat,
                    "agent": labels[agent_index],
                    "score": result.scores[seat],
                    "rank": 1 + sum(1 for other in range(seats) if result.scores[other] > result.scores[seat]),
                    "won": seat in result.winners,
                    "rounds": result.rounds,
                    "steps": result.steps,
                    "players": seats,
                }
            )
    return rows


def lineups(agents: int, players: int) -> list[tuple[int, ...]]:
    """The seatings a tournament cycles through: each group of ``players`` agents, in each rotation.

    With fewer agents than seats, the agents fill the seats in turn (agent ``i`` in seats ``i``,
    ``i + agents``, ...), each rotation once, so a lone strategy can play against itself.
    """
    if agents < players:
        return [tuple((seat + turn) % agents for seat in range(players)) for turn in range(agents)]
    return [
        group[turn:] + group[:turn]
        for group in itertools.combinations(range(agents), players)
        for turn in range(players)
    ]


def _batches(jobs: list[tuple[int, int]], size: int) -> Iterable[list[tuple[int, int]]]:
    for start in range(0, len(jobs), size):
        yield jobs[start : start + size]


def tournament(
    game: str | ModuleType,
    agents: Sequence[AgentLike],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    rules: Any = None,
    executor: Executor | None = None,
    batch_size: int | None = None,
    progress: bool = False,
    metrics: bool = False,
) -> pd.DataFrame:
    """Seeded games between ``agents``: one row per seat per game (game, seed, seat, agent, score, ...).

    With ``metrics=True`` each row also carries the game's end-of-game economy measures as ``kpi_*`` columns.
    """
    import pandas as pd

    module = resolve_game(game)
    name = module.INFO.name
    check_agents(agents)
    check_int(games, "games", 1, 10_000_000)
    check_seed(seed)
    seats = players or len(agents)
    if not module.INFO.min_players <= seats <= module.INFO.max_players:
        raise InvalidActionError(
            f"{name} takes {module.INFO.min_players}-{module.INFO.max_players} players, not {seats}"
        )
    jobs = list(enumerate(game_seeds(seed, games)))
    size = batch_size or max(1, min(50, games // 8 or 1))
    batches = list(_batches(jobs, size))
    bar = _progress_bar(games, name) if progress else None
    rows: list[dict[str, Any]] = []
    if executor is None:
        for batch in batches:
            rows.extend(play_games(name, agents, batch, rules, seats, metrics))
            if bar is not None:
                bar.update(len(batch))
    else:
        futures = [
            (executor.submit(play_games, name, agents, batch, rules, seats, metrics), len(batch)) for batch in batches
        ]
        for future, count in futures:
            rows.extend(future.result())
            if bar is not None:
                bar.update(count)
    if bar is not None:
        bar.close()
    return pd.DataFrame(rows)


def sweep(
    game: str | ModuleType,
    agents: Sequence[AgentLike],
    variants: Mapping[str, Any],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    executor: Executor | None = None,
    metrics: bool = False,
    progress: bool = False,
) -> pd.DataFrame:
    """The same seeded tournament under several ``Rules`` variants; a ``variant`` column names each."""
    import pandas as pd

    frames = []
    for label, rules in variants.items():
        frame = tournament(
            game,
            agents,
            games=games,
            seed=seed,
            players=players,
            rules=rules,
            executor=executor,
            metrics=metrics,
            progress=progress,
        )
        frame.insert(0, "variant", label)
        frames.append(frame)
    return pd.concat(frames, ignore_index=True)


def numeric_rules_fields(game: str | ModuleType) -> dict[str, float]:
    """The numbers of a game's standard ``Rules.to_dict()`` that a one-rule sweep may vary.

    Top-level numbers keep their name (``starting_cogs``); numbers one table down are named with a dot
    (``play.customers_each``), so games whose data nests its tables can be swept too.
    """
    module = resolve_game(game)
    fields: dict[str, float] = {}
    for key, value in sorted(module.Rules.standard().to_dict().items()):
        if _is_number(value):
            fields[key] = value
        elif isinstance(value, Mapping):
            fields.update({f"{key}.{inner}": v for inner, v in sorted(value.items()) if _is_number(v)})
    return fields


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def rules_with(game: str | ModuleType, field: str, value: float) -> Any:
    """The standard rules with one number changed, checked by the game's own ``Rules.from_dict``."""
    module = resolve_game(game)
    fields = numeric_rules_fields(module)
    if field not in fields:
        raise InvalidArgumentError(f"{module.INFO.name}: {field!r} is not a numeric rule; numeric: {sorted(fields)}")
    if isinstance(fields[field], int):
        if isinstance(value, float) and not value.is_integer():
            raise InvalidArgumentError(f"{module.INFO.name}: {field} takes whole numbers, not {value}")
        value = int(value)
    data = module.Rules.standard().to_dict()
    table, _, inner = field.partition(".")
    if inner:
        data[table] = {**data[table], inner: value}
    else:
        data[field] = value
    return module.Rules.from_dict(data)


def parameter_sweep(
    game: str | ModuleType,
    agents: Sequence[AgentLike],
    field: str,
    values: Sequence[float],
    *,
    games: int,
    seed: int,
    players: int | None = None,
    executor: Executor | None = None,
    metrics: bool = True,
    progress: bool = False,
) -> pd.DataFrame:
    """A seeded tournament for each value of one numeric rule; the ``value`` column holds it.

    The same game seeds are used for every value, so differences come from the rule, not the deal.
    """
    module = resolve_game(game)
    variants = {str(value): rules_with(module, field, value) for value in values}
    use_metrics = metrics and game_metrics(module) is not None
    frame = sweep(
        module,
        agents,
        variants,
        games=games,
        seed=seed,
        players=players,
        executor=executor,
        metrics=use_metrics,
        progress=progress,
    )
    frame.insert(1, "value", frame["variant"].map({str(v): v for v in values}))
    frame.insert(1, "parameter", field)
    return frame


def _progress_bar(total: int, name: str) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=f"{name} games", unit="game")
