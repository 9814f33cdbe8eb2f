"""Seeded matches, tournaments and rule sweeps that return pandas DataFrames.

The work unit is a batch of games, played by a module-level function so it pickles: any
``concurrent.futures.Executor`` can run it (a process pool on a laptop, Dask's ``get_executor`` for a
class cluster). Each game's seed is drawn from the tournament seed before anything is submitted, and rows
are put back in game order, so a parallel run equals the serial one row for row.

A class's tournament must survive a student's strategy. Every decision goes through
:mod:`playbook.core.decide` with a time limit; a strategy that is too slow, raises, returns something
illegal or kills its process loses that game (a forfeit): the game's rows carry the reason in the ``error``
column, naming the strategy and the seat, and the tournament goes on. A batch whose worker process dies is
recorded the same way. Interrupting a tournament (the stop button) returns the games already finished.
"""

from __future__ import annotations

import importlib
import itertools
import math
import random
import warnings
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any

from .agents import AgentLike, agent_rng, chance_rng
from .decide import DEFAULT_TIME_LIMIT, AgentFailure, agent_label, check_time_limit, chooser, failure
from .engine import check_int, check_seed
from .errors import InvalidArgumentError, PlaybookError, shown
from .match import resolve_game, sample_chance
from .protocol import CHANCE, GameState
from .strategy import isolated

if TYPE_CHECKING:
    import pandas as pd

#: Timeouts after which a tournament withdraws an agent for the rest of a batch: its remaining games there are
#: forfeits, not played (a strategy that sleeps would otherwise cost its time limit in every game).
MAX_TIMEOUTS = 3

#: What a blind agent (``uses_observation = False``) is handed instead of an observation: read-only, so two
#: seats can never pass notes through it.
NO_OBSERVATION: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished game. Printing it shows the result; the final state is kept but left out of the printout
    (a Planet Unknown state runs to pages).

    A game an agent forfeited (it failed to decide) has ``error`` saying who and why, ``culprit`` its seat,
    ``nan`` scores and the other seats as ``winners``.
    """

    seed: int
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    rounds: int
    steps: int
    final_state: GameState = field(repr=False)
    error: str | None = None
    culprit: int | None = None
    timed_out: bool = False


def play_match(
    game: str | ModuleType,
    agents: Sequence[AgentLike],
    *,
    seed: int,
    rules: Any = None,
    max_steps: int = 1_000_000,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    isolate: bool | Sequence[int] = False,
) -> MatchResult:
    """Play one game, one agent per seat, and return the scores, winners, rounds and steps.

    ``time_limit`` is seconds per decision (``None``: no limit). An agent that fails to decide forfeits the
    game (see :class:`MatchResult`). ``isolate=True`` (or a list of seats) runs those agents in processes of
    their own; ``@playbook.strategy`` functions always are.
    """
    module = resolve_game(game)
    check_agents(agents)
    check_int(max_steps, "max_steps", 1, 10**9)
    limit = check_time_limit(time_limit)
    players = list(isolating(agents, isolate))
    state: GameState = module.new_game(len(players), seed=seed, rules=rules)
    dice = chance_rng(seed)
    rngs = [agent_rng(seed, seat) for seat in range(len(players))]
    choosers = [chooser(agent, limit) for agent in players]
    blind = [not getattr(agent, "uses_observation", True) for agent in players]
    steps = 0
    while not state.is_terminal:
        if steps >= max_steps:
            raise RuntimeError(f"{module.INFO.name}: no end after {max_steps} steps (seed {seed})")
        seat = state.current_player
        if seat == CHANCE:
            state = state.apply(sample_chance(state, dice))[0]
        elif seat is None:
            raise RuntimeError(f"{module.INFO.name}: no seat to move in a game that is not over (seed {seed})")
        else:
            observation = NO_OBSERVATION if blind[seat] else state.observation(seat)
            try:
                action = choosers[seat](observation, state.legal_actions(), rngs[seat])
            except (Exception, SystemExit) as exc:
                return forfeit(seed, state, steps, failure(seat, players[seat], exc))
            try:
                state = state.apply(action)[0]
            except PlaybookError as exc:  # an illegal answer is the agent's failure, like a crash
                problem = AgentFailure(seat, agent_label(players[seat]), f"returned an illegal action: {exc}")
                return forfeit(seed, state, steps, problem)
        steps += 1
    return MatchResult(seed, tuple(state.scores()), tuple(state.winners()), state.round, steps, state)


def forfeit(seed: int, state: GameState, steps: int, problem: AgentFailure) -> MatchResult:
    """The result of a game stopped because the agent in ``problem.seat`` failed: it loses, the others win."""
    seats = state.num_players
    winners = tuple(seat for seat in range(seats) if seat != problem.seat)
    nan = (math.nan,) * seats
    return MatchResult(seed, nan, winners, state.round, steps, state, str(problem), problem.seat, problem.timed_out)


def isolating(agents: Sequence[AgentLike], isolate: object) -> Sequence[AgentLike]:
    """``agents`` with those ``isolate`` names (True: all; a list: those seats or indices) in their own process."""
    if isinstance(isolate, bool):
        return [isolated(agent) for agent in agents] if isolate else agents
    if isinstance(isolate, str) or not isinstance(isolate, Sequence):
        raise InvalidArgumentError(f"isolate must be True, False or a list of agent indices, not {shown(isolate)}")
    chosen = {check_int(index, "isolate[...]", 0, len(agents) - 1) for index in isolate}
    return [isolated(agent) if index in chosen else agent for index, agent in enumerate(agents)]


def check_agents(agents: object) -> None:
    """Agents must be a non-empty sequence of objects with a ``name`` and a ``choose`` method."""
    if isinstance(agents, str | bytes) or not isinstance(agents, Sequence):
        raise InvalidArgumentError(f"agents must be a list of agents, not {type(agents).__name__}")
    if not agents:
        raise InvalidArgumentError("agents must name at least one agent")
    for index, agent in enumerate(agents):
        if not callable(getattr(agent, "choose", None)) or not isinstance(getattr(agent, "name", None), str):
            raise InvalidArgumentError(
                f"agents[{index}] ({shown(agent)}) is not an agent: it needs a name and choose()"
            )


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
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> list[dict[str, Any]]:
    """Play ``(game index, seed)`` jobs; game ``i`` uses lineup ``i`` of ``lineups`` (cycling).

    Every agent meets every other and sits in every seat: with ``players`` equal to the number of agents the
    seats rotate; with fewer, every group of ``players`` agents plays in every rotation. A game that fails
    (an agent's forfeit, or an error in the engine) still gives its rows, with the reason in ``error``.
    """
    labels = _labels(agents)
    measure = game_metrics(resolve_game(game_name)) if metrics else None
    if metrics and measure is None:
        raise InvalidArgumentError(f"{game_name} has no metrics(state) to add as columns")
    seats = players or len(agents)
    order = lineups(len(agents), seats)
    timeouts = [0] * len(agents)
    rows: list[dict[str, Any]] = []
    for index, seed in jobs:
        lineup = order[index % len(order)]
        seat_labels = [labels[i] for i in lineup]
        out = [seat for seat, agent in enumerate(lineup) if timeouts[agent] >= MAX_TIMEOUTS]
        if out:
            reason = (
                f"seat {out[0]} ({seat_labels[out[0]]}): withdrawn after {MAX_TIMEOUTS} games without an answer in time"
            )
            rows.extend(withdrawn_rows(index, seed, seat_labels, out[0], reason))
            continue
        try:
            result = play_match(game_name, [agents[i] for i in lineup], seed=seed, rules=rules, time_limit=time_limit)
        except Exception as exc:  # a game that breaks is recorded, and the rest still play
            rows.extend(failed_rows(index, seed, seat_labels, f"{type(exc).__name__}: {exc}"))
            continue
        if result.timed_out and result.culprit is not None:
            timeouts[lineup[result.culprit]] += 1
        kpis: dict[str, Any] = {}
        if measure is not None and result.error is None:
            kpis = {f"kpi_{key}": value for key, value in measure(result.final_state).items()}
        rows.extend(kpis | row for row in result_rows(index, result, seat_labels))
    return rows


def withdrawn_rows(index: int, seed: int, labels: Sequence[str], culprit: int, reason: str) -> list[dict[str, Any]]:
    """The rows of a game not played because the agent in seat ``culprit`` was withdrawn: it loses, the others win."""
    rows = failed_rows(index, seed, labels, reason)
    for seat, row in enumerate(rows):
        row["won"] = seat != culprit
        row["rank"] = len(labels) if seat == culprit else 1
    return rows


def result_rows(index: int, result: MatchResult, labels: Sequence[str]) -> list[dict[str, Any]]:
    """One row per seat of a played (or forfeited) game."""
    seats = len(labels)
    rows = []
    for seat, label in enumerate(labels):
        if result.culprit is None:
            rank: float = 1 + sum(1 for other in range(seats) if result.scores[other] > result.scores[seat])
        else:
            rank = seats if seat == result.culprit else 1
        rows.append(
            {
                "game": index,
                "seed": result.seed,
                "seat": seat,
                "agent": label,
                "score": result.scores[seat],
                "rank": rank,
                "won": seat in result.winners,
                "rounds": result.rounds,
                "steps": result.steps,
                "players": seats,
                "error": result.error,
            }
        )
    return rows


def failed_rows(index: int, seed: int, labels: Sequence[str], reason: str) -> list[dict[str, Any]]:
    """The rows of a game that could not be played to a result: nobody wins, and ``error`` says why."""
    seats = len(labels)
    return [
        {
            "game": index,
            "seed": seed,
            "seat": seat,
            "agent": label,
            "score": math.nan,
            "rank": math.nan,
            "won": False,
            "rounds": 0,
            "steps": 0,
            "players": seats,
            "error": reason[:1_000],
        }
        for seat, label in enumerate(labels)
    ]


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
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    isolate: bool | Sequence[int] = False,
) -> pd.DataFrame:
    """Seeded games between ``agents``: one row per seat per game (game, seed, seat, agent, score, ...).

    With ``metrics=True`` each row also carries the game's end-of-game economy measures as ``kpi_*`` columns.
    ``time_limit`` is seconds per decision; ``isolate=True`` (or a list of agent indices) runs those agents
    in processes of their own (``@playbook.strategy`` functions always run so). A game an agent forfeits, or
    that fails, keeps its rows with the reason in ``error`` (``None`` for a clean game); the progress bar
    counts games done and failed; a stopped tournament returns the games it finished, with a warning.
    """
    import pandas as pd

    module = resolve_game(game)
    name = module.INFO.name
    check_agents(agents)
    check_int(games, "games", 1, 10_000_000)
    check_seed(seed)
    seats = check_players_argument(module, players, len(agents))
    limit = check_time_limit(time_limit)
    if batch_size is not None:
        check_int(batch_size, "batch_size", 1, 10_000_000)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise InvalidArgumentError(f"executor must be a concurrent.futures.Executor, not {shown(executor)}")
    entrants = list(isolating(agents, isolate))
    jobs = list(enumerate(game_seeds(seed, games)))
    size = batch_size or max(1, min(50, games // 8 or 1))
    batches = list(_batches(jobs, size))
    bar = _progress_bar(games, name) if progress else None
    play = (name, entrants, rules, seats, metrics, limit)
    rows = _run_batches(play, batches, executor, bar)
    if bar is not None:
        bar.close()
    frame = pd.DataFrame(rows)
    failed = int(frame.groupby("game")["error"].first().notna().sum()) if len(frame) else 0
    if failed:
        warnings.warn(f"{name}: {failed} of {games} games failed; their rows say why in the 'error' column",
                      stacklevel=2)  # fmt: skip
    return frame


def check_players_argument(module: ModuleType, players: object, agents: int) -> int:
    """Seats per game: ``players`` (an int the game takes) or, when ``None``, one seat per agent."""
    info = module.INFO
    if players is None:
        if not info.min_players <= agents <= info.max_players:
            raise InvalidArgumentError(
                f"{info.name} takes {info.min_players}-{info.max_players} players, not {agents} agents; "
                "pass players=... to play smaller tables"
            )
        return agents
    return check_int(players, "players", info.min_players, info.max_players)


Play = tuple[str, Sequence[AgentLike], Any, int, bool, float | None]


def _run_batches(
    play: Play, batches: list[list[tuple[int, int]]], executor: Executor | None, bar: Any
) -> list[dict[str, Any]]:
    """Every batch's rows in game order; a batch that fails as a whole (its worker died) is recorded
    as failed games; an interrupt keeps what finished."""
    name, agents, rules, seats, metrics, limit = play
    labels = _labels(agents)
    order = lineups(len(agents), seats)
    rows: list[dict[str, Any]] = []
    futures: list[Future[list[dict[str, Any]]]] = []
    try:
        if executor is not None:
            futures = [
                executor.submit(play_games, name, agents, batch, rules, seats, metrics, limit) for batch in batches
            ]
        for number, batch in enumerate(batches):
            if executor is None:
                done = play_games(name, agents, batch, rules, seats, metrics, limit)
            else:
                try:
                    done = futures[number].result()
                except Exception as exc:  # the worker died or could not run the batch
                    reason = (
                        f"the process playing games {batch[0][0]}-{batch[-1][0]} failed: {type(exc).__name__}: {exc}"
                    )
                    done = [
                        row
                        for index, seed in batch
                        for row in failed_rows(index, seed, [labels[i] for i in order[index % len(order)]], reason)
                    ]
            rows.extend(done)
            _advance(bar, done, len(batch))
    except KeyboardInterrupt:
        for future in futures:
            future.cancel()
        finished = len({row["game"] for row in rows})
        warnings.warn(f"{name}: stopped after {finished} games; returning the games that finished", stacklevel=3)
    return rows


def _advance(bar: Any, rows: list[dict[str, Any]], count: int) -> None:
    if bar is None:
        return
    failed = len({row["game"] for row in rows if row["error"] is not None})
    bar.failed = getattr(bar, "failed", 0) + failed
    bar.set_postfix(failed=bar.failed, refresh=False)
    bar.update(count)


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
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    isolate: bool | Sequence[int] = False,
) -> pd.DataFrame:
    """The same seeded tournament under several ``Rules`` variants; a ``variant`` column names each."""
    import pandas as pd

    if not isinstance(variants, Mapping) or not variants:
        raise InvalidArgumentError(f"variants must map labels to Rules (at least one), not {shown(variants)}")
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
            time_limit=time_limit,
            isolate=isolate,
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
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    isolate: bool | Sequence[int] = False,
) -> pd.DataFrame:
    """A seeded tournament for each value of one numeric rule; the ``value`` column holds it.

    The same game seeds are used for every value, so differences come from the rule, not the deal.
    """
    module = resolve_game(game)
    if isinstance(values, str | bytes) or not isinstance(values, Sequence) or not values:
        raise InvalidArgumentError(f"values must be a non-empty list of numbers, not {shown(values)}")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidArgumentError(f"values must be numbers, not {shown(value)}")
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
        time_limit=time_limit,
        isolate=isolate,
    )
    frame.insert(1, "value", frame["variant"].map({str(v): v for v in values}))
    frame.insert(1, "parameter", field)
    return frame


def _progress_bar(total: int, name: str) -> Any:
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=f"{name} games", unit="game", postfix={"failed": 0})
